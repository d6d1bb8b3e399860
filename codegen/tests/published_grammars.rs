//! Whole published grammars, as a new user brings them: the ABNF that the
//! PyPI `abnf` package ships for about thirty RFCs (HTTP, mail, IMAP,
//! cookies, structured fields, language tags, DMARC, security.txt, ...),
//! each module's rule list written out as one file
//! (`tests/oracles/published_grammars.py`, at test time from the
//! installed package; nothing of it is in this repository), and every rule
//! of each file compiled as the one entry of that file, unchanged.
//!
//! The test prints, per grammar, how many rules it has, how many compile,
//! and why the others are refused (the first error's kind), the table of
//! `docs/GRAMMARS.md` ("Published grammars"). It fails if a compile
//! panics or passes its time guard, if fewer rules compile than the floor
//! below, or if a rule named in [`MUST_COMPILE`] is refused. Without
//! python3 and the package it is skipped, visibly; under `CI` it fails.
//!
//! `PUBLISHED_GRAMMARS_OUT=FILE` also writes the table to `FILE`.
//!
//! A second test runs a few entries (language tags, IMAP sequence sets,
//! transfer codings, content ranges, structured-field lists, cookies,
//! timestamps) against the `abnf` engine, which reads the same files and
//! keeps every parse, on the RFCs' examples and every one-byte mutation of
//! them.

use crate::skip;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use uridfa_codegen::driver::{compile_file_with_entries, Options};

/// Rules that compile from their whole file (`grammar`, `rule`): the
/// regular recursion of RFC 1034's `ldh-str` (through RFC 6265) and RFC
/// 9051's `sequence-set` and `uid-set`, and rules beside recursive or
/// undefined rules they do not reach.
const MUST_COMPILE: &[(&str, &str)] = &[
    ("rfc9051", "sequence-set"),
    ("rfc9051", "uid-set"),
    ("rfc9110", "Content-Length"),
    ("rfc7230", "Transfer-Encoding"),
];

/// The fewest rules of all the files that must compile.
const FLOOR: usize = 798;

/// The most one rule's compile may take (the generator's own budgets stop
/// far sooner; this catches a hang).
const GUARD: Duration = Duration::from_secs(20);

/// Writes the package's grammars into a fresh directory, once for the
/// tests that read them (they run at the same time); `None` (after a
/// visible skip) without python3 and the package, a failure under `CI`.
fn published() -> Option<PathBuf> {
    static DIR: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    DIR.get_or_init(write_published).clone()
}

fn write_published() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("published-grammars");
    let _ = std::fs::remove_dir_all(&dir);
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/oracles/published_grammars.py");
    let out = Command::new("python3").arg(&script).arg(&dir).output();
    match out {
        Ok(out) if out.status.success() => Some(dir),
        other => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must install python3 and the `abnf` package (pip install abnf): {other:?}"
            );
            skip::note(format_args!(
                "SKIP: python3 with the `abnf` package not found (pip install abnf): the \
                 published grammars are not compiled"
            ));
            None
        }
    }
}

/// The kind of a refusal, from its first error message.
fn reason(message: &str) -> &'static str {
    let first = message
        .lines()
        .find(|l| l.contains("error:"))
        .unwrap_or(message);
    if first.contains("is recursive") {
        "recursion"
    } else if first.contains("unknown rule") {
        "undefined rule"
    } else if first.contains("prose value") {
        "prose"
    } else if first.contains("budget") || first.contains("states") {
        "size budget"
    } else if first.contains("capture") {
        "captures"
    } else {
        "other"
    }
}

#[derive(Default)]
struct Row {
    rules: usize,
    compiled: usize,
    refused: BTreeMap<&'static str, usize>,
}

#[test]
fn every_rule_of_every_published_grammar() {
    let Some(dir) = published() else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the grammars' directory")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "abnf"))
        .collect();
    files.sort();
    assert!(files.len() >= 30, "{} grammars written", files.len());
    let mut table = BTreeMap::new();
    let mut compiled_rules: Vec<(String, String)> = Vec::new();
    let mut slowest = (Duration::ZERO, String::new());
    // Two threads (CI has two cores), each taking the next rule.
    let items: Vec<(&PathBuf, String)> = files
        .iter()
        .flat_map(|f| rule_names(f).into_iter().map(move |r| (f, r)))
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((file, rule)) = items.get(k) else {
                    break;
                };
                let out = compile_rule(file, rule);
                results.lock().unwrap().push((k, out));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    for (k, (outcome, took)) in results {
        let (file, rule) = &items[k];
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let row: &mut Row = table.entry(name.clone()).or_default();
        row.rules += 1;
        if took > slowest.0 {
            slowest = (took, format!("{name} {rule}"));
        }
        match outcome {
            Ok(()) => {
                row.compiled += 1;
                compiled_rules.push((name, rule.to_ascii_lowercase()));
            }
            Err(message) => {
                let why = reason(&message);
                if !row.refused.contains_key(why) {
                    let first = message.lines().find(|l| l.contains("error:")).unwrap_or("");
                    eprintln!("{name} {rule}: {first}");
                }
                *row.refused.entry(why).or_default() += 1;
            }
        }
    }
    let mut text =
        String::from("| grammar | rules | compiled | refused (why) |\n|---|---:|---:|---|\n");
    let (mut rules, mut compiled) = (0, 0);
    for (name, row) in &table {
        rules += row.rules;
        compiled += row.compiled;
        let why: Vec<String> = row
            .refused
            .iter()
            .map(|(k, n)| format!("{n} {k}"))
            .collect();
        text.push_str(&format!(
            "| {name} | {} | {} | {} |\n",
            row.rules,
            row.compiled,
            why.join(", ")
        ));
    }
    text.push_str(&format!(
        "| all {} | {rules} | {compiled} | {} |\n",
        table.len(),
        rules - compiled
    ));
    println!("{text}");
    eprintln!("slowest compile: {} in {:?}", slowest.1, slowest.0);
    if let Some(out) = std::env::var_os("PUBLISHED_GRAMMARS_OUT") {
        std::fs::write(out, &text).expect("write the table");
    }
    assert!(
        compiled >= FLOOR,
        "{compiled} of {rules} rules compile, fewer than {FLOOR}"
    );
    for (grammar, rule) in MUST_COMPILE {
        assert!(
            compiled_rules
                .iter()
                .any(|(g, r)| g == grammar && r.eq_ignore_ascii_case(rule)),
            "{grammar} {rule} is refused"
        );
    }
}

/// Compiles `rule` of the grammar `file` as its one entry: `Ok` or the
/// error's text, and the time it took.
fn compile_rule(file: &Path, rule: &str) -> (Result<(), String>, Duration) {
    let start = Instant::now();
    let result = compile_file_with_entries(file, Options::default(), &[rule]);
    let took = start.elapsed();
    assert!(took < GUARD, "{} {rule}: {took:?}", file.display());
    (result.map(|_| ()).map_err(|d| d.to_string()), took)
}

/// The rules the module of `file` defines itself, in order (its
/// `.rules` file beside it).
fn rule_names(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file.with_extension("rules"))
        .expect("the rule list")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Entries of the published grammars and inputs they accept (from the
/// RFCs' examples), mutated below.
const DIFFERENTIAL: &[(&str, &str, &[&str])] = &[
    (
        "rfc5646",
        "Language-Tag",
        &[
            "en-US",
            "zh-Hant-CN",
            "x-private",
            "i-klingon",
            "de-CH-1996",
            "sl-rozaj-biske",
        ],
    ),
    (
        "rfc9051",
        "sequence-set",
        &["1:3,5,*", "$", "2,4:7,9,12:*", "$,1"],
    ),
    ("rfc9051", "uid-set", &["1,2:5", "7", "3:4,8:9,10"]),
    (
        "rfc7230",
        "Transfer-Encoding",
        &["chunked", "gzip, chunked", "a;b=\"c\""],
    ),
    (
        "rfc9110",
        "Content-Range",
        &["bytes 0-499/1234", "bytes */47022"],
    ),
    (
        "rfc9651",
        "sf-list",
        &["a, b;q=1, (c d);e", "?1, 1.5, \"s\""],
    ),
    ("rfc6265", "cookie-pair", &["a=b", "SID=\"31d4\"", "x="]),
    (
        "rfc3339",
        "date-time",
        &["1985-04-12T23:20:50.52Z", "1996-12-19T16:39:57-08:00"],
    ),
];

/// Each seed, and each seed with one byte deleted, doubled or replaced
/// (by bytes that matter to these grammars), in order, without repeats.
fn mutated(seeds: &[&str]) -> Vec<String> {
    const BYTES: &[u8] = b" ,;=-:\"()a0/*.$Z";
    let mut out: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut add = |s: Vec<u8>| {
        if let Ok(s) = String::from_utf8(s) {
            if seen.insert(s.clone()) {
                out.push(s);
            }
        }
    };
    for seed in seeds {
        let b = seed.as_bytes();
        add(b.to_vec());
        for i in 0..=b.len() {
            if i < b.len() {
                add([&b[..i], &b[i + 1..]].concat());
                add([&b[..=i], &b[i..]].concat());
            }
            for &x in BYTES {
                if i < b.len() {
                    add([&b[..i], &[x], &b[i + 1..]].concat());
                }
                add([&b[..i], &[x], &b[i..]].concat());
            }
        }
    }
    out
}

/// Entries of the published grammars against the `abnf` engine, which
/// reads the same files and keeps every parse: the same answer on every
/// seed and mutation.
#[test]
fn published_entries_agree_with_the_abnf_engine() {
    let Some(dir) = published() else { return };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/oracles/abnf_captures.py");
    for (grammar, rule, seeds) in DIFFERENTIAL {
        let file = dir.join(format!("{grammar}.abnf"));
        let c = compile_file_with_entries(&file, Options::default(), &[rule])
            .unwrap_or_else(|e| panic!("{grammar} {rule}: {e}"));
        let m = c
            .machine(rule)
            .unwrap_or_else(|| panic!("{grammar} {rule}: no machine"));
        let inputs = mutated(seeds);
        let mut child = Command::new("python3")
            .arg(&script)
            .arg(&file)
            .arg(rule)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let mut stdin = child.stdin.take().unwrap();
        let text: String = inputs.iter().map(|s| format!("{s}\n")).collect();
        let writer = std::thread::spawn(move || {
            use std::io::Write;
            stdin.write_all(text.as_bytes())
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap().unwrap();
        assert!(out.status.success(), "{grammar} {rule}: the oracle failed");
        let answers: Vec<bool> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| l.contains("\"ok\": true"))
            .collect();
        assert_eq!(answers.len(), inputs.len(), "{grammar} {rule}");
        let mut accepted = 0;
        for (input, want) in inputs.iter().zip(answers) {
            let got = uridfa_runtime::validate(&m.tables.as_tables(), input.as_bytes()).is_ok();
            assert_eq!(got, want, "{grammar} {rule} on {input:?}");
            accepted += usize::from(got);
        }
        assert!(
            accepted >= seeds.len(),
            "{grammar} {rule}: {accepted} accepted"
        );
        eprintln!(
            "{grammar} {rule}: {} inputs, {accepted} accepted",
            inputs.len()
        );
    }
}
