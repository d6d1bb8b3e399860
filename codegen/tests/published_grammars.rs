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
/// 9051's `sequence-set` and `uid-set`, rules beside recursive or
/// undefined rules they do not reach, and RFC 9116's `unsigned` and
/// `body`, whose minimal DFAs are small but whose NFAs' subsets are not
/// (Note [minimal parts first]).
const MUST_COMPILE: &[(&str, &str)] = &[
    ("rfc9116", "unsigned"),
    ("rfc9116", "body"),
    ("rfc9051", "sequence-set"),
    ("rfc9051", "uid-set"),
    ("rfc9110", "Content-Length"),
    ("rfc7230", "Transfer-Encoding"),
];

/// The fewest rules of all the files that must compile.
const FLOOR: usize = 809;

/// The most one rule's compile may take: a hang detector, not a speed
/// check (the generator's own budgets stop far sooner; the slowest rule
/// takes a few seconds in a debug build, many times that on a loaded
/// machine).
const GUARD: Duration = Duration::from_secs(120);

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
                let cut = compile_cut_down(file, rule);
                results.lock().unwrap().push((k, out, cut));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let mut cut_compiled = 0;
    let mut cut_differs = Vec::new();
    for (k, (outcome, took), cut) in results {
        let (file, rule) = &items[k];
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        cut_compiled += usize::from(cut.is_ok());
        if cut.is_ok() != outcome.is_ok() {
            cut_differs.push(format!("{name} {rule}"));
        }
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
    // Note [what an entry must reach]: a rule compiles from its whole file
    // exactly when it compiles from the file cut down to what it reaches.
    println!("cut down to the rules each reaches: {cut_compiled} of {rules} compile");
    assert!(
        cut_differs.is_empty(),
        "whole file and cut-down file disagree on {cut_differs:?}"
    );
    assert_eq!(cut_compiled, compiled);
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

/// Compiles `rule` from `file` cut down to the rules it reaches: `Ok` or
/// the error's text.
fn compile_cut_down(file: &Path, rule: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(file).expect("the grammar");
    let cut = cut_down(&text, rule);
    let name = file.file_name().unwrap().to_string_lossy();
    uridfa_codegen::driver::compile_str_with_entries(&name, &cut, Options::default(), &[rule])
        .map(|_| ())
        .map_err(|d| d.to_string())
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
    mutated_with(seeds, b" ,;=-:\"()a0/*.$Z")
}

/// Each seed, and each seed with one byte deleted, doubled, replaced by
/// one of `bytes` or with one of them inserted, in order, without repeats.
pub(crate) fn mutated_with(seeds: &[&str], bytes: &[u8]) -> Vec<String> {
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
            for &x in bytes {
                if i < b.len() {
                    add([&b[..i], &[x], &b[i + 1..]].concat());
                }
                add([&b[..i], &[x], &b[i..]].concat());
            }
        }
    }
    out
}

/// `s` as a JSON string.
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// [`abnf_engine`], or `None` (after a visible skip) without python3 and
/// the package, a failure under `CI`.
pub(crate) fn abnf_engine_if_installed(
    file: &Path,
    rule: &str,
    inputs: &[String],
) -> Option<Vec<bool>> {
    let found = Command::new("python3")
        .args(["-c", "import abnf"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install python3 and the `abnf` package (pip install abnf)"
        );
        skip::note(format_args!(
            "SKIP: python3 with the `abnf` package not found (pip install abnf): {rule} is not \
             compared with it"
        ));
        return None;
    }
    Some(abnf_engine(file, rule, inputs))
}

/// Whether the `abnf` engine accepts each input as `rule` of `file`.
fn abnf_engine(file: &Path, rule: &str, inputs: &[String]) -> Vec<bool> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/oracles/abnf_captures.py");
    let mut child = Command::new("python3")
        .arg(&script)
        .arg("--json")
        .arg(file)
        .arg(rule)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().unwrap();
    let text: String = inputs
        .iter()
        .map(|s| format!("{}\n", json_string(s)))
        .collect();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        stdin.write_all(text.as_bytes())
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "{rule}: the oracle failed");
    let answers: Vec<bool> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.contains("\"ok\": true"))
        .collect();
    assert_eq!(answers.len(), inputs.len(), "{rule}");
    answers
}

/// Compiles `rule` of `grammar` and checks that it accepts exactly what
/// the `abnf` engine accepts of `inputs`; returns how many it accepts.
fn agrees_with_the_abnf_engine(dir: &Path, grammar: &str, rule: &str, inputs: &[String]) -> usize {
    let file = dir.join(format!("{grammar}.abnf"));
    let c = compile_file_with_entries(&file, Options::default(), &[rule])
        .unwrap_or_else(|e| panic!("{grammar} {rule}: {e}"));
    let m = c
        .machine(rule)
        .unwrap_or_else(|| panic!("{grammar} {rule}: no machine"));
    let answers = abnf_engine(&file, rule, inputs);
    let mut accepted = 0;
    for (input, want) in inputs.iter().zip(answers) {
        let got = uridfa_runtime::validate(&m.tables.as_tables(), input.as_bytes()).is_ok();
        assert_eq!(got, want, "{grammar} {rule} on {input:?}");
        accepted += usize::from(got);
    }
    eprintln!(
        "{grammar} {rule}: {} inputs, {accepted} accepted",
        inputs.len()
    );
    accepted
}

/// Entries of the published grammars against the `abnf` engine, which
/// reads the same files and keeps every parse: the same answer on every
/// seed and mutation.
#[test]
fn published_entries_agree_with_the_abnf_engine() {
    let Some(dir) = published() else { return };
    for (grammar, rule, seeds) in DIFFERENTIAL {
        let accepted = agrees_with_the_abnf_engine(&dir, grammar, rule, &mutated(seeds));
        assert!(
            accepted >= seeds.len(),
            "{grammar} {rule}: {accepted} accepted"
        );
    }
}

/// RFC 9116 security.txt files (§3 and its §5.3 example's fields), each
/// field on its line.
const SECURITY_TXT: &[&str] = &[
    "Contact: mailto:security@example.com\nExpires: 2025-12-31T23:59:59Z\n",
    "# Our policy\r\nContact: https://example.com/security\r\n\
     Expires: 2021-12-31T18:37:07z\r\nPreferred-Languages: en, fr\r\n",
    "Acknowledgments: https://example.com/hall\nContact: tel:+1-201-555-0123\n\
     Policy: https://example.com/p\nExpires: 2030-01-01T00:00:00+01:00\n\n",
    "Contact: https://example.com/c\nExpires: 2024-02-29T12:00:00.5-05:00\n\
     Preferred-Languages: de\nHiring: https://example.com/jobs\n",
];

/// RFC 9116's `unsigned` and `body` (the two ran past the determinizer's
/// step budget when every subset of the whole NFA was built; Note
/// [minimal parts first]) compile and accept what the `abnf` engine
/// accepts: the examples, one-byte mutations of the first, and the
/// examples with two lines swapped or one left out.
#[test]
fn rfc9116_security_txt_agrees_with_the_abnf_engine() {
    let Some(dir) = published() else { return };
    // The engine keeps every parse of these ambiguous rules (about 20
    // inputs a second), so the mutations are few: every byte of the
    // shortest example deleted, and a line break or a space inserted.
    let mut inputs: Vec<String> = SECURITY_TXT.iter().map(|s| s.to_string()).collect();
    let short = SECURITY_TXT[0].as_bytes();
    for i in 0..short.len() {
        for cut in [
            [&short[..i], &short[i + 1..]].concat(),
            [&short[..i], b"\n", &short[i..]].concat(),
            [&short[..i], b" ", &short[i..]].concat(),
        ] {
            inputs.push(String::from_utf8(cut).expect("ASCII"));
        }
    }
    for seed in SECURITY_TXT {
        let lines: Vec<&str> = seed.split_inclusive('\n').collect();
        for i in 0..lines.len() {
            let mut fewer = lines.clone();
            fewer.remove(i);
            inputs.push(fewer.concat());
            if i + 1 < lines.len() {
                let mut swapped = lines.clone();
                swapped.swap(i, i + 1);
                inputs.push(swapped.concat());
            }
        }
    }
    for rule in ["unsigned", "body"] {
        let accepted = agrees_with_the_abnf_engine(&dir, "rfc9116", rule, &inputs);
        assert!(
            accepted >= SECURITY_TXT.len(),
            "{rule}: {accepted} accepted"
        );
        assert!(accepted < inputs.len(), "{rule}: every input accepted");
    }
}

/// The rules of an ABNF text, each with the names it refers to: one entry
/// per definition (`=` or `=/`), in order, as `(name, text, references)`;
/// lines before the first rule (pragmas, comments) under the name `""`.
fn rule_blocks(text: &str) -> Vec<(String, String, Vec<String>)> {
    let mut blocks: Vec<(String, String, Vec<String>)> =
        vec![(String::new(), String::new(), vec![])];
    for line in text.lines() {
        let starts_rule = line.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
        if starts_rule {
            let name: String = line
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            blocks.push((name.to_ascii_lowercase(), String::new(), Vec::new()));
        }
        let block = blocks.last_mut().expect("a block");
        block.1.push_str(line);
        block.1.push('\n');
        if !block.0.is_empty() {
            let body = if starts_rule {
                line.split_once('=').map_or("", |(_, b)| b)
            } else {
                line
            };
            block.2.extend(references(body));
        }
    }
    blocks
}

/// The rule names one line of a rule's body refers to: its identifiers
/// outside strings, prose, numeric values and the comment.
fn references(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b';' => break,
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += 1;
                }
                i += 1;
            }
            b'<' => {
                while i < b.len() && b[i] != b'>' {
                    i += 1;
                }
                i += 1;
            }
            b'%' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b"%.-".contains(&b[i])) {
                    i += 1;
                }
                // `%s"..."`: the string is skipped by the next round.
            }
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-') {
                    i += 1;
                }
                out.push(body[start..i].to_ascii_lowercase());
            }
            _ => i += 1,
        }
    }
    out
}

/// `text` cut down to the rules `rule` reaches, itself included, with
/// the lines before its first rule (its pragmas) kept.
fn cut_down(text: &str, rule: &str) -> String {
    let blocks = rule_blocks(text);
    let mut reached = std::collections::HashSet::new();
    let mut stack = vec![rule.to_ascii_lowercase()];
    while let Some(name) = stack.pop() {
        if !reached.insert(name.clone()) {
            continue;
        }
        for (n, _, refs) in &blocks {
            if *n == name {
                stack.extend(refs.iter().cloned());
            }
        }
    }
    blocks
        .iter()
        .filter(|(n, _, _)| n.is_empty() || reached.contains(n))
        .map(|(_, t, _)| t.as_str())
        .collect()
}

/// RFC 9051's rules that reach `literal` and stay past the state budget
/// (their minimal plain DFAs are large too: docs/GRAMMARS.md) say why:
/// `*CHAR8` in `literal` (Note [what a budget error blames]).
#[test]
fn rfc9051_literal_budget_names_char8() {
    let Some(dir) = published() else { return };
    let file = dir.join("rfc9051.abnf");
    let e = match compile_file_with_entries(&file, Options::default(), &["envelope"]) {
        Ok(_) => return eprintln!("rfc9051 envelope compiles"),
        Err(d) => d.to_string(),
    };
    assert!(
        e.contains(
            "error: entry 'envelope': tagged DFA exceeds the state budget of 20000 states; the \
             rule declares no capture, so repetitions that overlap what follows them cause \
             it: `*CHAR8` in rule 'literal' takes 255 of the 256 bytes"
        ),
        "{e}"
    );
}
