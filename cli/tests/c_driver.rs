//! The C output (docs/c.md) against the Rust runtime.
//!
//! For the built-in grammars, three users' grammars (`examples/`: mailto,
//! its Accept with lists inside list items, rfc3339) and four in
//! `tests/c/` (without captures, with 140, one whose transitions take four
//! bytes, and one whose kinds keep their own byte classes), every entry
//! rule and every `;@ component` rule: the generator writes the C (`uridfa_codegen::c`), a
//! harness (`tests/c/harness.c`) built with `cc` runs it over many inputs
//! in one process (fed over a pipe), and each answer is compared with
//! `uridfa_runtime` on the same compiled tables: acceptance, every span
//! (kinds decided after the match included), the error's kind, offset,
//! byte, state and message. The harness also checks, in C, that the
//! streaming machine agrees with the whole input at every two-chunk split
//! and in one-byte chunks, and that `validate` agrees with `split`; the
//! items of the entries' list regions are compared with
//! `uridfa_runtime::items` (the walk over every level: `tests/c_lists.rs`).
//! Every form of transition table is reached (the test checks which
//! drivers the tables name). Each build is C99 with `-Wall -Wextra
//! -Werror -pedantic`.
//! Inputs: the corpora in `../shared` (every entry gets every one), and
//! inputs generated from each entry's expression and mutated
//! (`uridfa_codegen::sample`), at least 10^6 in all when the corpora are
//! there. A second run builds the harness with
//! `-Os -DURIDFA_FAST` (premultiplied transitions, the size-build paths)
//! over a quarter of the jobs, a third with `-Os` (the default tables,
//! the driver out of line) over an eighth, and
//! a fourth with `-fsanitize=address,undefined` over a sample.
//!
//! Without `../shared` the corpora are skipped (recorded,
//! `tests/common/skip.rs`); without a C compiler the test is skipped, but
//! under `CI=true` a missing compiler fails it.

use crate::scale;
// The harness's wire format: jobs written, replies read.
use crate::compilers;
use crate::differential;
use crate::protocol;
use compilers::{have, have_quiet, STRICT};
use differential::{
    build, check_capture_names, corpora, drivers, grammars, jobs, machine_of, run, write_c,
};
use protocol::Job;

use std::path::Path;
use uridfa_runtime::Tables;
#[test]
fn c_driver_agrees_with_the_rust_runtime() {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    if !have(&cc) {
        return;
    }
    let gs = grammars();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-driver");
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
    let corpus = scale::sample(corpora());
    let mut jobs = jobs(&gs, &what, &tables, &corpus, scale::scaled(6_000));
    // tests/c/big.abnf's kind `exact` (130 digits): spans of 129 to 131
    // digits, which only generated inputs of that length would reach.
    let big = (0..what.len())
        .find(|&i| {
            let (gi, ei, l, comp) = what[i];
            gs[gi].grammar.name == "big" && ei == 0 && l.is_none() && !comp && !raw[i]
        })
        .expect("tests/c/big.abnf's entry");
    for len in 129..=131 {
        let mut input = b"aaa/".to_vec();
        input.extend(std::iter::repeat_n(b'7', len));
        jobs.push(Job {
            machine: big,
            input,
            items: None,
        });
    }
    // Every form of transition table is driven: one byte (IDs, and state
    // indices), two and four bytes (Note [small tables] in uridfa-codegen's
    // C emitter); the two-byte IDs of the one-byte-index tables are
    // `-DURIDFA_FAST`'s, run below.
    let forms = drivers(&dir);
    // And both widths of the kinds' cells (Note [kind cells by index]), and
    // both forms of their classes (Note [kind classes through the
    // machine's]): through the machine's classes, and a table of their own.
    for (w, array) in [
        ("uint8_t", "_after_trans[]"),
        ("uint16_t", "_after_trans[]"),
        ("uint8_t", "_after_map[] = {"),
        ("uint8_t", "_after_classes["),
    ] {
        let found = std::fs::read_dir(&dir).unwrap().any(|e| {
            let text = std::fs::read_to_string(e.unwrap().path()).unwrap_or_default();
            text.lines()
                .any(|l| l.starts_with(&format!("static const {w} ")) && l.contains(array))
        });
        assert!(found, "no kinds' {array} of {w}");
    }
    for d in [
        "uridfa_drive8",
        "uridfa_drive8i",
        "uridfa_drive16",
        "uridfa_drive32",
    ] {
        assert!(
            forms.iter().any(|f| f == d),
            "no table set uses {d}: {forms:?}"
        );
    }
    let exe = build(&cc, &dir, &[&STRICT[..], &["-O2"]].concat(), "harness");
    let (n, moved) = run(&exe, &jobs, &tables, &what, &raw);
    check_capture_names(&exe, &tables);
    eprintln!(
        "c_driver: {n} inputs over {} machines agree ({moved} errors moved to a character's \
         first byte)",
        tables.len()
    );
    // rfc3987's UTF-8 mutants reach errors inside characters.
    assert!(
        moved >= scale::scaled(1_000),
        "only {moved} errors inside a UTF-8 character"
    );
    if !corpus.is_empty() {
        assert!(
            n >= scale::scaled(1_000_000),
            "only {n} inputs: the test needs 10^6 in full"
        );
    }
    // The same, a quarter, with the premultiplied transitions of
    // URIDFA_FAST (Note [small tables] in uridfa-codegen's C emitter),
    // at -Os (the driver's size-build paths, `__OPTIMIZE_SIZE__`).
    let exe = build(
        &cc,
        &dir,
        &[&STRICT, &["-Os", "-DURIDFA_FAST"][..]].concat(),
        "harness-fast",
    );
    let quarter: Vec<&Job> = jobs
        .iter()
        .enumerate()
        .filter(|(i, j)| i % 4 == 0 || j.items.is_some())
        .map(|(_, j)| j)
        .collect();
    let quarter: Vec<Job> = quarter
        .into_iter()
        .map(|j| Job {
            machine: j.machine,
            input: j.input.clone(),
            items: j.items,
        })
        .collect();
    run(&exe, &quarter, &tables, &what, &raw);
    // And an eighth with the default one-byte tables at -Os, as firmware
    // builds them: split calls the driver out of line there (at other
    // levels it runs an inlined copy, and the functions are aligned).
    let exe = build(&cc, &dir, &[&STRICT, &["-Os"][..]].concat(), "harness-os");
    let eighth: Vec<Job> = jobs
        .iter()
        .enumerate()
        .filter(|(i, j)| i % 8 == 0 || j.items.is_some())
        .map(|(_, j)| Job {
            machine: j.machine,
            input: j.input.clone(),
            items: j.items,
        })
        .collect();
    run(&exe, &eighth, &tables, &what, &raw);
    // The same, a sample, under AddressSanitizer and UBSan.
    let san = if have_quiet("clang") {
        "clang"
    } else {
        cc.as_str()
    };
    let exe = build(
        san,
        &dir,
        &[
            &STRICT,
            &[
                "-O1",
                "-g",
                "-fsanitize=address,undefined",
                "-fno-sanitize-recover=all",
            ][..],
        ]
        .concat(),
        "harness-san",
    );
    let sample: Vec<Job> = jobs
        .into_iter()
        .enumerate()
        .filter(|(i, j)| i % 40 == 0 || j.items.is_some())
        .map(|(_, j)| j)
        .collect();
    run(&exe, &sample, &tables, &what, &raw);
}
