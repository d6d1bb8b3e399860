//! The machinery of the C driver's differential tests (`c_driver.rs` on the
//! host, `c_targets.rs` on Cortex-M boards and under qemu-user): the
//! grammars, the C they generate with the harness's registry, the jobs
//! (corpora, generated inputs, mutants) and the comparison of the
//! harness's replies with `uridfa_runtime`. Included with `#[path]`; the
//! including test has `mod skip`, `mod compilers` and `mod protocol`.

use crate::protocol::{encode, kind_code, span, Job, Reply};
use crate::skip;

use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use uridfa_codegen::compiled::{Compiled, Machine};
use uridfa_codegen::driver::{compile_file, Options};
use uridfa_codegen::sample::{self, Rng};
use uridfa_runtime::{ErrorKind, Tables};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The grammars: every built-in one, then three users' grammars, one
/// without captures, one with 140 (`tests/c/wide.abnf`), one whose
/// transitions take four bytes (`tests/c/big.abnf`) and one whose kinds
/// keep a class table of their own (`tests/c/kinds.abnf`).
pub fn grammars() -> Vec<Compiled> {
    let mut paths = built_in();
    paths.push(root().join("examples/mailto/grammar/mailto.abnf"));
    // Lists inside list items (RFC 9110's Accept): item tables two deep.
    paths.push(root().join("examples/mailto/grammar/accept.abnf"));
    paths.push(root().join("examples/rfc3339/grammar/date.abnf"));
    // A grammar without captures: NAME_CAPTURES 0.
    paths.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/nocap.abnf"));
    // One with 140 captures: two-byte text pairs, unpacked register ops.
    paths.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/wide.abnf"));
    // One with 256 classes and 516 states: four-byte transitions.
    paths.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/big.abnf"));
    // Kinds whose classes the machine's do not refine: their own class
    // table (and, in the entry, the mapped form).
    paths.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/kinds.abnf"));
    compile(&paths)
}

/// The built-in grammars' files (`grammar/*.abnf` but `core.abnf`), sorted.
pub fn built_in() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("grammar"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "abnf"))
        .filter(|p| !p.ends_with("core.abnf"))
        .collect();
    paths.sort();
    paths
}

/// Each grammar file compiled with the default options.
pub fn compile(paths: &[PathBuf]) -> Vec<Compiled> {
    paths
        .iter()
        .map(|p| {
            compile_file(p, Options::default()).unwrap_or_else(|d| panic!("{}: {d}", p.display()))
        })
        .collect()
}

/// A machine of the registry: (grammar, entry, item machine, component):
/// the item machine is an index into the entry's
/// `Machine::with_items()[1..]` (every level); with `component`, the
/// second index is into the `;@ component`
/// machines the C has (`uridfa_codegen::c::emit::components`).
pub type What = (usize, usize, Option<usize>, bool);

/// The compiled machine of `w` (for a list region, its entry's).
pub fn machine_of(gs: &[Compiled], w: What) -> &Machine {
    let (gi, ei, _, comp) = w;
    if comp {
        uridfa_codegen::c::emit::components(&gs[gi])[ei]
    } else {
        &gs[gi].machines[ei]
    }
}

/// Writes every grammar's C, the registry of tables and the harness into
/// `dir`; returns the registry's machines and which are raw tables
/// (`NAME_R_raw_tables`, without the kinds decided after the match,
/// compared with `split_regs`).
pub fn write_c(dir: &Path, gs: &[Compiled]) -> (Vec<What>, Vec<bool>) {
    let _ = std::fs::remove_dir_all(dir);
    let mut registry = String::from("#include \"uridfa.h\"\n");
    let mut names = Vec::new();
    let mut machines = Vec::new();
    let mut raw = Vec::new();
    for (gi, c) in gs.iter().enumerate() {
        uridfa_codegen::c::generate(c, "test.abnf", dir).unwrap();
        let mut tables = uridfa_codegen::c::emit::tables_names(c).into_iter();
        for (ei, m) in c.machines.iter().enumerate() {
            let name = tables.next().unwrap();
            if m.tables.after.classes.is_some() {
                names.push(name.replace("_tables", "_raw_tables"));
                machines.push((gi, ei, None, false));
                raw.push(true);
            }
            names.push(name);
            machines.push((gi, ei, None, false));
            raw.push(false);
            // Item tables at every level, in `Machine::with_items` order.
            for li in 0..m.with_items().len() - 1 {
                names.push(tables.next().unwrap());
                machines.push((gi, ei, Some(li), false));
                raw.push(false);
            }
        }
        // The `;@ component` rules' tables (Note [component tables]).
        let comps = uridfa_codegen::c::emit::components(c);
        let comp_names = uridfa_codegen::c::emit::component_tables_names(c);
        for (ci, (m, name)) in comps.iter().zip(comp_names).enumerate() {
            // A component's captures are the grammar's: the same indices.
            let first = &c.machines[0].lowered.components;
            assert_eq!(
                m.lowered
                    .components
                    .iter()
                    .map(|k| &k.name)
                    .collect::<Vec<_>>(),
                first.iter().map(|k| &k.name).collect::<Vec<_>>(),
                "{}: the captures of component {}",
                c.grammar.name,
                m.tables.rule
            );
            if m.tables.after.classes.is_some() {
                names.push(name.replace("_tables", "_raw_tables"));
                machines.push((gi, ci, None, true));
                raw.push(true);
            }
            names.push(name);
            machines.push((gi, ci, None, true));
            raw.push(false);
        }
    }
    // Each table set's texts (Note [texts only when asked for] in
    // uridfa-codegen's C emitter): raw tables share their entry's.
    let texts_of = |n: &str| {
        n.replace("_raw_tables", "_tables")
            .replace("_tables", "_texts")
    };
    for n in &names {
        registry.push_str(&format!(
            "extern const uridfa_tables {n};\nextern const uridfa_texts {};\n",
            texts_of(n)
        ));
    }
    registry.push_str("const uridfa_tables *const machines[] = {\n");
    for n in &names {
        registry.push_str(&format!("    &{n},\n"));
    }
    registry.push_str("};\nconst uridfa_texts *const machine_texts[] = {\n");
    for n in &names {
        registry.push_str(&format!("    &{},\n", texts_of(n)));
    }
    registry.push_str(&format!(
        "}};\nconst size_t machine_len = {};\n",
        names.len()
    ));
    std::fs::write(dir.join("registry.c"), registry).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/harness.c"),
        dir.join("harness.c"),
    )
    .unwrap();
    (machines, raw)
}

/// Compiles every `.c` of `dir` with `cc` and `flags` into `dir/exe`.
pub fn build(cc: &str, dir: &Path, flags: &[&str], exe: &str) -> PathBuf {
    let mut sources: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    sources.sort();
    let out = dir.join(exe);
    let status = Command::new(cc)
        .args(flags)
        .arg("-I")
        .arg(dir)
        .args(&sources)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success(), "{cc} {flags:?} failed");
    out
}

/// The corpora's inputs: every `"input"` of `../shared/corpora/*.jsonl`
/// and every line of kasztp. Empty (and recorded) when missing.
pub fn corpora() -> Vec<Vec<u8>> {
    let dir = root().join("../shared/corpora");
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        skip::note(format_args!(
            "SKIP: {} not found: the C driver is compared on generated inputs only",
            dir.display()
        ));
        return out;
    };
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    for f in files {
        if f.extension().is_some_and(|x| x == "jsonl") {
            for line in std::fs::read_to_string(&f).unwrap().lines() {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                if let Some(s) = v.get("input").and_then(|s| s.as_str()) {
                    out.push(s.as_bytes().to_vec());
                }
            }
        }
    }
    let kasztp = dir.join("urls/kasztp.txt");
    match std::fs::read(&kasztp) {
        Ok(text) => out.extend(
            text.split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .map(<[u8]>::to_vec),
        ),
        Err(_) => skip::note(format_args!("SKIP: {} not found", kasztp.display())),
    }
    out
}

/// For UTF-8 tables and an input with a non-ASCII byte that fails with
/// `want` (moved to its character's start): whether Rust's streaming
/// `Machine` reports the same error fed in two chunks at every cut (at 16
/// spread cuts past 64 bytes) and in one-byte chunks. The C machine is
/// compared with the C whole input at every cut by the harness; this ties
/// both to Rust's streaming.
pub fn rust_machine_differs(
    t: &Tables<'_>,
    input: &[u8],
    want: uridfa_runtime::Error,
) -> Option<String> {
    if !t.utf8 || input.is_ascii() {
        return None;
    }
    let n = input.len();
    let cuts: Vec<Vec<usize>> = (0..=n.min(16))
        .map(|k| vec![if n <= 64 { k } else { k * n / 16 }])
        .chain((n <= 64).then(|| (1..n).collect()))
        .collect();
    for cut in cuts {
        let mut regs = vec![0usize; (t.reg_len as usize).max(64)];
        let mut m = uridfa_runtime::Machine::new(t, &mut regs).unwrap();
        let mut from = 0;
        let mut got = Ok(());
        for &to in cut.iter().chain([&n]) {
            got = got.and_then(|()| m.feed(&input[from..to]));
            from = to;
        }
        let got = got.and_then(|()| m.finish());
        if got != Err(want) {
            return Some(format!(
                "Rust's Machine at cuts {cut:?}: {got:?}, whole {want:?}"
            ));
        }
    }
    None
}

/// Runs `jobs` through the harness `exe` and compares each reply with the
/// Rust runtime; returns the number of jobs compared and how many errors
/// moved to a character's first byte (`Error::at_char_start`).
pub fn run(
    exe: &Path,
    jobs: &[Job],
    tables: &[Tables<'_>],
    what: &[What],
    raw: &[bool],
) -> (usize, usize) {
    run_with(Command::new(exe), jobs, tables, what, raw)
}

/// [`run`] with the harness started by `command` (a board's emulator, or
/// qemu-user), which reads the jobs on its stdin and writes the replies
/// on its stdout.
pub fn run_with(
    mut command: Command,
    jobs: &[Job],
    tables: &[Tables<'_>],
    what: &[What],
    raw: &[bool],
) -> (usize, usize) {
    let moved_errors = std::sync::atomic::AtomicUsize::new(0);
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let mut reply = Reply(BufReader::with_capacity(
        1 << 16,
        child.stdout.take().unwrap(),
    ));
    let mut failures = Vec::new();
    std::thread::scope(|s| {
        s.spawn(move || {
            let mut w = BufWriter::with_capacity(1 << 16, stdin);
            for j in jobs {
                encode(j, &mut w);
            }
            w.flush().unwrap();
        });
        for j in jobs {
            let t = &tables[j.machine];
            let shown = || {
                format!(
                    "machine {:?} ({}) input {:?}",
                    what[j.machine],
                    t.rule,
                    String::from_utf8_lossy(&j.input)
                )
            };
            if let Some((item, start, end)) = j.items {
                let want: Vec<_> =
                    uridfa_runtime::items(&tables[item], &j.input, (start, end)).collect();
                let count = reply.u(4) as usize;
                let got: Vec<_> = (0..count)
                    .map(|_| (reply.u(8) as usize, reply.u(8) as usize))
                    .collect();
                let (rc, offset) = (reply.u(4), reply.u(8));
                let len = reply.u(2) as usize;
                let msg = String::from_utf8_lossy(&reply.bytes(len)).into_owned();
                let want_items: Vec<_> = want.iter().filter_map(|r| r.ok()).collect();
                let want_err = want.iter().find_map(|r| r.err());
                // The message with the item tables' texts (uridfa_describe).
                let same = got == want_items
                    && match want_err {
                        None => rc == 0,
                        Some(e) => {
                            rc == kind_code(e.kind())
                                && offset == e.offset() as u64
                                && msg == e.describe(&tables[item]).to_string()
                        }
                    };
                if !same && failures.len() < 20 {
                    failures.push(format!(
                        "items of {:?}: C {got:?} rc {rc} at {offset} ({msg}), Rust {want:?}; {}",
                        (start, end),
                        shown()
                    ));
                }
                continue;
            }
            let mut problem_rust = None;
            let mut regs = vec![0usize; (t.reg_len as usize).max(64)];
            let mut spans = vec![None; t.capture_len()];
            let want = if raw[j.machine] {
                // Raw tables: the tags as the machine leaves them.
                uridfa_runtime::split_regs(t, &j.input, &mut regs).map(|()| {
                    for (k, slot) in spans.iter_mut().enumerate() {
                        let (a, b) = (regs[2 * k], regs[2 * k + 1]);
                        *slot = (a <= b && b != usize::MAX).then_some((a, b));
                    }
                })
            } else {
                uridfa_runtime::split_with(t, &j.input, &mut regs, &mut spans)
            };
            // The C driver reports an error inside a UTF-8 character at its
            // first byte, as Rust's typed views and `Machine` do.
            let want = want.map_err(|e| {
                if t.utf8 {
                    let moved = e.at_char_start(t, &j.input);
                    if moved != e {
                        moved_errors.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    moved
                } else {
                    e
                }
            });
            if let Err(e) = want {
                if let Some(p) = rust_machine_differs(t, &j.input, e) {
                    problem_rust.get_or_insert(p);
                }
            }
            let rc = reply.u(4);
            let mut problem = None;
            match want {
                Ok(()) => {
                    if rc != 0 {
                        let (offset, byte, state) = (reply.u(8), reply.u(1), reply.u(4));
                        let len = reply.u(2) as usize;
                        let msg = String::from_utf8_lossy(&reply.bytes(len)).into_owned();
                        problem = Some(format!(
                            "C rejects ({rc}, {offset}, {byte}, {state}: {msg}), Rust accepts"
                        ));
                    } else {
                        let n = reply.u(2) as usize;
                        let got: Vec<_> = (0..n).map(|_| span(reply.u(8), reply.u(8))).collect();
                        if got != spans {
                            problem = Some(format!("spans: C {got:?}, Rust {spans:?}"));
                        }
                    }
                }
                Err(e) => {
                    if rc == 0 {
                        let n = reply.u(2) as usize;
                        let _ = reply.bytes(16 * n);
                        problem = Some(format!("C accepts, Rust: {e}"));
                    } else {
                        let (offset, byte, state) = (reply.u(8), reply.u(1), reply.u(4));
                        let len = reply.u(2) as usize;
                        let msg = String::from_utf8_lossy(&reply.bytes(len)).into_owned();
                        let want_msg = e.describe(t).to_string();
                        let want_byte = match e.kind() {
                            ErrorKind::UnexpectedByte { byte, .. } => u64::from(byte),
                            _ => 0,
                        };
                        let same = rc == kind_code(e.kind())
                            && offset == e.offset() as u64
                            && byte == want_byte
                            && Some(state as u32) == e.state()
                            && msg == want_msg;
                        if !same {
                            problem = Some(format!(
                                "error: C ({rc}, {offset}, {byte}, {state}: {msg}), Rust {e:?}: {want_msg}"
                            ));
                        }
                    }
                }
            }
            if let Some(p) = problem_rust.take() {
                problem.get_or_insert(p);
            }
            let validate_agrees = reply.u(1);
            let stream_differs = reply.u(4);
            if validate_agrees != 1 {
                problem.get_or_insert_with(|| {
                    "C validate or split_raw differs from C split, or split left the \
                     error's texts set before uridfa_describe"
                        .into()
                });
            }
            if stream_differs != 0 {
                problem.get_or_insert_with(|| {
                    format!("C streaming differs from the whole input at {stream_differs} splits")
                });
            }
            if let Some(p) = problem {
                if failures.len() < 20 {
                    failures.push(format!("{p}; {}", shown()));
                }
            }
        }
    });
    let status = child.wait().unwrap();
    assert!(status.success(), "the harness failed: {status}");
    assert!(
        failures.is_empty(),
        "the C driver differs from the Rust runtime:\n{}",
        failures.join("\n")
    );
    (jobs.len(), moved_errors.into_inner())
}

/// Asks the harness `exe` for every machine's capture names
/// (`uridfa_capture_name` over its `NAME_R_texts`) and compares them with
/// the Rust tables' `capture_name`.
pub fn check_capture_names(exe: &Path, tables: &[Tables<'_>]) {
    let mut jobs = Vec::new();
    for m in 0..tables.len() {
        jobs.push(2u8);
        jobs.extend_from_slice(&(m as u16).to_le_bytes());
        jobs.extend_from_slice(&0u32.to_le_bytes());
    }
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&jobs).unwrap();
    let mut reply = Reply(BufReader::new(child.stdout.take().unwrap()));
    for t in tables {
        let n = reply.u(2) as usize;
        assert_eq!(
            n,
            t.capture_len(),
            "{}: the number of capture names",
            t.rule
        );
        for k in 0..n {
            let len = reply.u(2) as usize;
            let got = (len != 0xFFFF).then(|| String::from_utf8(reply.bytes(len)).unwrap());
            assert_eq!(
                got.as_deref(),
                t.capture_name(k),
                "{}: capture {k}'s name",
                t.rule
            );
        }
    }
    assert!(child.wait().unwrap().success());
}

/// `input` with one to three UTF-8 snippets put in at random places:
/// characters RFC 3987 allows (`ucschar`, `iprivate`) and ones it does
/// not (U+FFFE, U+FFFF, a surrogate, an overlong form, a sequence cut
/// short by ASCII or by the end), or a byte of `input` swapped for a lead
/// or continuation byte; the place may cut a character of `input`.
pub fn utf8_mutant(input: &[u8], rng: &mut Rng) -> Vec<u8> {
    const SNIPPETS: &[&[u8]] = &[
        b"\xC3\xA9",         // é
        b"\xE2\x82\xAC",     // €
        b"\xF0\x9F\x98\x80", // U+1F600
        b"\xEE\x80\x80",     // U+E000, iprivate (query only)
        b"\xEF\xBF\xBE",     // U+FFFE, not allowed
        b"\xEF\xBF\xBF",     // U+FFFF
        b"\xED\xA0\x80",     // a surrogate
        b"\xC0\xAF",         // overlong '/'
        b"\xF4\x90\x80\x80", // above U+10FFFF
        b"\xC3",             // cut short
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\x80",
        b"\xEF\xBF",
    ];
    let mut v = input.to_vec();
    for _ in 0..=rng.below(2) {
        let at = rng.below(v.len() as u64 + 1) as usize;
        if rng.below(4) == 0 && at < v.len() {
            v[at] = [0xC3, 0xE2, 0xF0, 0x80, 0xBF][rng.below(5) as usize];
        } else {
            let snip = SNIPPETS[rng.below(SNIPPETS.len() as u64) as usize];
            v.splice(at..at, snip.iter().copied());
        }
    }
    v
}

/// The jobs: the corpora for every machine (entries only), then per entry
/// inputs generated from its expression and their mutants, and for list
/// regions the items of every accepted input's regions.
pub fn jobs(
    gs: &[Compiled],
    what: &[What],
    tables: &[Tables<'_>],
    corpus: &[Vec<u8>],
    generated_per_entry: usize,
) -> Vec<Job> {
    let mut jobs = Vec::new();
    let mut rng = Rng::new(0x5eed_c0de);
    for (mi, &w) in what.iter().enumerate() {
        let (gi, ei, list, comp) = w;
        if list.is_some() {
            continue;
        }
        let m = machine_of(gs, w);
        // A component (a host, a path) gets a sample of the corpora and a
        // third as many generated inputs as an entry.
        let (mut mine, generated_per_entry): (Vec<Vec<u8>>, usize) = if comp {
            let step = (corpus.len() / 1_000).max(1);
            (
                corpus.iter().step_by(step).cloned().collect(),
                generated_per_entry / 3,
            )
        } else {
            (corpus.to_vec(), generated_per_entry)
        };
        for k in 0..generated_per_entry {
            let mut v = Vec::new();
            sample::generate(&m.lowered.hir, &mut rng, &mut v);
            if k % 5 != 0 {
                let mut w = sample::mutate(&v, &mut rng);
                if k % 3 == 0 {
                    w = sample::mutate(&w, &mut rng);
                }
                mine.push(w);
            } else {
                mine.push(v);
            }
        }
        // For UTF-8 tables (rfc3987), inputs with characters, whole and
        // broken, where an error falls inside a character (Rust:
        // `Error::at_char_start`).
        if m.tables.utf8 {
            for _ in 0..generated_per_entry {
                let mut v = Vec::new();
                sample::generate(&m.lowered.hir, &mut rng, &mut v);
                mine.push(utf8_mutant(&v, &mut rng));
            }
        }
        // Corpus mutants, too: realistic inputs near the language's edges.
        for k in 0..generated_per_entry.min(corpus.len()) {
            let i = (rng.below(corpus.len() as u64) as usize + k) % corpus.len();
            mine.push(sample::mutate(&corpus[i], &mut rng));
        }
        for input in mine {
            // Items of each list region that an accepted input has.
            // (Components' list regions have no C tables.)
            // (The lists inside items: tests/c_lists.rs walks them.)
            let items = m.with_items();
            for l in m.lists.iter().filter(|_| !comp) {
                let li = items
                    .iter()
                    .position(|x| std::ptr::eq(*x, &l.machine))
                    .unwrap()
                    - 1;
                let item_mi = what
                    .iter()
                    .position(|&w| w == (gi, ei, Some(li), false))
                    .unwrap();
                if let Ok(caps) = uridfa_runtime::split::<64>(&tables[mi], &input) {
                    if let Some((s, e)) = caps.get(l.region) {
                        jobs.push(Job {
                            machine: mi,
                            input: input.clone(),
                            items: Some((item_mi, s, e)),
                        });
                    }
                }
            }
            jobs.push(Job {
                machine: mi,
                input,
                items: None,
            });
        }
    }
    jobs
}

/// The drivers the generated tables of `dir` name, in either build
/// (`NAME_R_DRIVE uridfa_drive16`), sorted, each once.
pub fn drivers(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "c") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        for line in text.lines() {
            if let Some((_, d)) = line.split_once("_DRIVE ") {
                if line.starts_with("#define ") && d.starts_with("uridfa_drive") {
                    out.push(d.trim().to_owned());
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}
