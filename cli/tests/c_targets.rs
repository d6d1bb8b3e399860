//! The C output on the targets firmware runs on, against the Rust runtime
//! on the host: the differential test of `c_driver.rs` (the same harness,
//! `tests/c/harness.c`, and the same comparison: acceptance, every span,
//! the error's kind, offset, byte, state and message; in C, `validate` and
//! `split_raw` against `split` and the streaming machine whole, in two
//! chunks at every cut and one byte at a time) with the C built for
//! - QEMU's Cortex-M boards, bare metal, over ARM semihosting
//!   (`firmware/`: a startup file and a linker script per board):
//!   `microbit` (Cortex-M0; an M0+ build, rfc3986 only: 256 KB of flash,
//!   16 KB of RAM), `mps2-an385` (M3) and `mps2-an386` (M4), each at
//!   `-Os`, `-O2` and `-Os -DURIDFA_FAST`;
//! - qemu-user, statically linked: s390x (big-endian) and i686 (32-bit),
//!   at `-O2`, and at `-O1` with UBSan trapping on undefined behaviour.
//!
//! Every built-in grammar's entry and `;@ component` rules (the item
//! tables of their list regions too) get the corpora in `../shared`
//! (kasztp's URLs, the JSON Lines vectors), inputs generated from each
//! rule and mutants, as in `c_driver.rs`; each target runs a sample of
//! those jobs, scaled by `URIDFA_TEST_SCALE` (`tests/common/scale.rs`: a percent,
//! 100 in CI). Every build is C99 with `-Wall -Wextra -Werror -pedantic`.
//!
//! The test is `#[ignore]`d in a plain `cargo test`: `.ci/firmware`
//! installs the tools and runs it (`cargo test -p uridfa-cli --test
//! cli -- c_targets:: --ignored`). `URIDFA_C_TARGETS` (comma-separated names,
//! e.g. `s390x,microbit-Os`) picks targets; by default all run. A missing
//! cross compiler or QEMU is a recorded skip, and a failure under
//! `CI=true`.

use crate::compilers;
use crate::differential;
use crate::protocol;
use crate::skip;
use compilers::{have_quiet, under_ci, STRICT};
use differential::{built_in, compile, corpora, jobs, machine_of, root, run_with, write_c};
use protocol::Job;

use std::path::{Path, PathBuf};
use std::process::Command;
use uridfa_runtime::Tables;

/// Where a target's program runs.
enum Runner {
    /// A QEMU Cortex-M board (`qemu-system-arm -M NAME`), through
    /// `firmware/run-board`.
    Board(&'static str),
    /// qemu-user (`qemu-s390x`, `qemu-i386`).
    User(&'static str),
}

/// One build of the harness for one target.
struct Target {
    name: String,
    cc: &'static str,
    flags: Vec<&'static str>,
    runner: Runner,
    /// Only rfc3986 (a board too small for every grammar).
    rfc3986_only: bool,
    /// The longest input the build takes (its `HARNESS_MAX_INPUT`).
    max_input: usize,
    /// One job in `step` of the jobs the scale gives.
    step: usize,
}

fn targets() -> Vec<Target> {
    let mut out = Vec::new();
    let boards: [(&str, &[&'static str]); 3] = [
        ("microbit", &["-mcpu=cortex-m0plus"]),
        ("mps2-an385", &["-mcpu=cortex-m3"]),
        ("mps2-an386", &["-mcpu=cortex-m4", "-mfloat-abi=soft"]),
    ];
    for (board, cpu) in boards {
        for (opt, opt_flags) in [
            ("Os", &["-Os"][..]),
            ("O2", &["-O2"][..]),
            ("Os-fast", &["-Os", "-DURIDFA_FAST"][..]),
        ] {
            let small = board == "microbit";
            let mut flags = vec![
                "-mthumb",
                "-ffunction-sections",
                "-fdata-sections",
                "-DHARNESS_SEMIHOSTING",
                "-nostartfiles",
                "--specs=nano.specs",
                "--specs=nosys.specs",
                "-Wl,--gc-sections",
            ];
            flags.extend_from_slice(cpu);
            flags.extend_from_slice(opt_flags);
            if small {
                flags.extend_from_slice(&[
                    "-DHARNESS_MAX_INPUT=1024",
                    "-DHARNESS_MAX_CAPS=32",
                    "-DHARNESS_MAX_REGS=64",
                    "-DHARNESS_MAX_ITEMS=16",
                    "-DHARNESS_MESSAGE=512",
                ]);
            } else {
                flags.push("-DHARNESS_MAX_INPUT=65536");
            }
            out.push(Target {
                name: format!("{board}-{opt}"),
                cc: "arm-none-eabi-gcc",
                flags,
                runner: Runner::Board(board),
                rfc3986_only: small,
                max_input: if small { 1024 } else { 65536 },
                step: if small { 2 } else { 20 },
            });
        }
    }
    for (name, cc, qemu) in [
        ("s390x", "s390x-linux-gnu-gcc", "qemu-s390x"),
        ("i686", "i686-linux-gnu-gcc", "qemu-i386"),
    ] {
        out.push(Target {
            name: name.to_owned(),
            cc,
            flags: vec!["-O2", "-static"],
            runner: Runner::User(qemu),
            rfc3986_only: false,
            max_input: 1 << 20,
            step: 3,
        });
        // UBSan, trapping (no run-time library): undefined behaviour stops
        // the harness, and the run fails.
        out.push(Target {
            name: format!("{name}-ubsan"),
            cc,
            flags: vec![
                "-O1",
                "-static",
                "-fsanitize=undefined",
                "-fsanitize-undefined-trap-on-error",
            ],
            runner: Runner::User(qemu),
            rfc3986_only: false,
            max_input: 1 << 20,
            step: 9,
        });
    }
    out
}

/// Whether every tool of `t` runs; a missing one fails under CI, else is
/// skipped.
fn have_tools(t: &Target) -> bool {
    let emulator = match t.runner {
        Runner::Board(_) => "qemu-system-arm",
        Runner::User(q) => q,
    };
    let missing: Vec<&str> = [t.cc, emulator]
        .into_iter()
        .filter(|tool| !have_quiet(tool))
        .collect();
    if missing.is_empty() {
        return true;
    }
    assert!(
        !under_ci(),
        "CI=true but {missing:?} is missing for the C target {} (.ci/firmware installs it)",
        t.name
    );
    skip::note(format_args!(
        "SKIP: C target {}: {missing:?} not installed (.ci/firmware installs it)",
        t.name
    ));
    false
}

/// Builds the harness of `dir` (every `.c` there, and for a board
/// `firmware/`'s startup and semihosting with the board's linker script).
fn build(t: &Target, dir: &Path) -> PathBuf {
    let firmware = root().join("firmware");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    sources.sort();
    let mut cmd = Command::new(t.cc);
    cmd.args(STRICT).args(&t.flags).arg("-I").arg(dir);
    if let Runner::Board(board) = t.runner {
        sources.push(firmware.join("startup.c"));
        sources.push(firmware.join("semihost.c"));
        cmd.arg("-I")
            .arg(&firmware)
            .arg("-L")
            .arg(firmware.join("boards"))
            .arg("-T")
            .arg(format!("{board}.ld"));
    }
    let out = dir.join(format!("harness-{}", t.name));
    let status = cmd.args(&sources).arg("-o").arg(&out).status().unwrap();
    assert!(status.success(), "{}: {:?} failed", t.name, cmd);
    out
}

/// The command that runs the harness `exe` of `t`.
fn command(t: &Target, exe: &Path) -> Command {
    match t.runner {
        Runner::Board(board) => {
            let mut c = Command::new(root().join("firmware/run-board"));
            c.arg(board).arg(exe);
            c
        }
        Runner::User(qemu) => {
            let mut c = Command::new(qemu);
            c.arg(exe);
            c
        }
    }
}

#[test]
#[ignore = "needs the cross compilers and QEMU: `.ci/firmware` installs them and runs it"]
fn c_driver_agrees_with_the_rust_runtime_on_the_targets() {
    let chosen: Option<Vec<String>> = std::env::var("URIDFA_C_TARGETS")
        .ok()
        .map(|v| v.split(',').map(str::to_owned).collect());
    let targets: Vec<Target> = targets()
        .into_iter()
        .filter(|t| chosen.as_ref().is_none_or(|c| c.contains(&t.name)))
        .filter(have_tools)
        .collect();
    if let Some(c) = &chosen {
        for name in c {
            assert!(
                targets.iter().any(|t| &t.name == name) || !under_ci(),
                "URIDFA_C_TARGETS names {name:?}, which is no target that can run here"
            );
        }
    }
    if targets.is_empty() {
        return;
    }
    let corpus = corpora();
    let scale = crate::scale::percent();
    let mut failed = Vec::new();
    for rfc3986_only in [false, true] {
        let mine: Vec<&Target> = targets
            .iter()
            .filter(|t| t.rfc3986_only == rfc3986_only)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let paths: Vec<PathBuf> = built_in()
            .into_iter()
            .filter(|p| !rfc3986_only || p.ends_with("rfc3986.abnf"))
            .collect();
        let gs = compile(&paths);
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(if rfc3986_only {
            "c-targets-rfc3986"
        } else {
            "c-targets"
        });
        let (what, raw) = write_c(&dir, &gs);
        let tables: Vec<Tables<'_>> = what
            .iter()
            .map(|&w| {
                let m = machine_of(&gs, w);
                match w.2 {
                    None => m.tables.as_tables(),
                    Some(li) => m.with_items()[li + 1].tables.as_tables(),
                }
            })
            .collect();
        // At URIDFA_TEST_SCALE=100: one corpus input in 10 for every entry
        // (a thousandth for a component) and 500 generated inputs per rule
        // with their mutants; proportionally fewer below.
        let corpus_step = (1_000 / scale).max(1);
        let sampled: Vec<Vec<u8>> = corpus.iter().step_by(corpus_step).cloned().collect();
        let all = jobs(&gs, &what, &tables, &sampled, (5 * scale).max(20));
        for t in mine {
            let step = t.step;
            let sample: Vec<Job> = all
                .iter()
                .enumerate()
                .filter(|(i, j)| i % step == 0 && j.input.len() <= t.max_input)
                .map(|(_, j)| Job {
                    machine: j.machine,
                    input: j.input.clone(),
                    items: j.items,
                })
                .collect();
            let exe = build(t, &dir);
            let started = std::time::Instant::now();
            // Every target runs, so that one failure names each target
            // that differs (and those that agree).
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_with(command(t, &exe), &sample, &tables, &what, &raw).0
            }));
            match ran {
                Ok(n) if n > 0 => eprintln!(
                    "c_targets: {}: {n} inputs over {} machines agree ({:.1} s)",
                    t.name,
                    tables.len(),
                    started.elapsed().as_secs_f64()
                ),
                Ok(_) => failed.push(format!("{}: no inputs", t.name)),
                Err(_) => {
                    eprintln!("c_targets: {}: FAILED (above)", t.name);
                    failed.push(t.name.clone());
                }
            }
        }
    }
    assert!(
        failed.is_empty(),
        "the C driver differs from the Rust runtime on: {}",
        failed.join(", ")
    );
}
