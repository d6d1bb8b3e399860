//! End-to-end tests of the `uridfa` binary: help, version, names, defaults, line handling, output, error texts.
//!
//! Expected components come from the text of RFC 3986 (the section is named
//! in each test), not from the tool's own output. JSON is checked by exact
//! `"key": value` fragments: keys are unique in each object, so a fragment
//! pins a member.

use crate::common;

use common::*;
use serde_json::json;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn help() {
    for args in [&["help"][..], &["--help"], &["-h"]] {
        let o = run(args, b"");
        assert_eq!(code(&o), 0, "{args:?}");
        assert!(o.stderr.is_empty(), "{args:?}");
        let out = stdout(&o);
        assert!(out.contains("Usage: uridfa <COMMAND>"), "{args:?}: {out}");
        assert!(out.contains("Exit status"), "{args:?}: {out}");
        for sub in ["check", "split", "stats", "dot", "resolve", "normalize"] {
            assert!(out.contains(&format!("\n  {sub} ")), "{sub} in {out}");
        }
    }
}

/// Each subcommand has its own help, listing its own options only.
#[test]
fn per_subcommand_help() {
    for args in [
        &["check", "--help"][..],
        &["help", "check"],
        &["check", "-h"],
    ] {
        let o = run(args, b"");
        assert_eq!(code(&o), 0, "{args:?}");
        let out = stdout(&o);
        assert!(out.contains("Usage: uridfa check"), "{args:?}: {out}");
        for option in [
            "--grammar <NAME>",
            "--grammar-file <PATH>",
            "--rule <RULE>",
            "--strip-cr",
        ] {
            assert!(out.contains(option), "{option} in {out}");
        }
        assert!(!out.contains("--base"), "{out}");
    }
    let o = run(&["help", "split"], b"");
    assert!(
        stdout(&o).contains(r#""component": C, "expected": E"#),
        "{}",
        stdout(&o)
    );
    let o = run(&["resolve", "--help"], b"");
    let out = stdout(&o);
    assert!(
        out.contains("Usage: uridfa resolve") && out.contains("--base <URI>"),
        "{out}"
    );
    // The default grammar, as each subcommand has it.
    let o = run(&["check", "--help"], b"");
    assert!(stdout(&o).contains("[default: rfc3986]"), "{}", stdout(&o));
    let o = run(&["stats", "--help"], b"");
    assert!(
        stdout(&o).contains("[default: every built-in grammar]"),
        "{}",
        stdout(&o)
    );
    let o = run(&["dot", "--help"], b"");
    assert!(!stdout(&o).contains("--strip-cr"), "{}", stdout(&o));
}

#[test]
fn version() {
    for flag in ["--version", "-V"] {
        let o = run(&[flag], b"");
        assert_eq!(code(&o), 0);
        assert_eq!(
            stdout(&o),
            format!("uridfa {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

/// clap's suggestions for a misspelt subcommand, option or grammar name.
#[test]
fn misspelt_names_get_suggestions() {
    for (args, tip) in [
        (&["chek", "x"][..], "a similar subcommand exists: 'check'"),
        (
            &["check", "--gramar", "rfc3986"],
            "a similar argument exists: '--grammar'",
        ),
        (
            &["check", "--strip-rc"],
            "a similar argument exists: '--strip-cr'",
        ),
        (
            &["check", "--grammar", "rfc3968"],
            "a similar value exists: 'rfc3986'",
        ),
        (
            &["split", "--grammar", "RFC-3987"],
            "a similar value exists: 'rfc3987'",
        ),
        (
            &["normalize", "--grammar", "rfc814"],
            "a similar value exists: 'rfc8141'",
        ),
        (
            &["resolve", "--base", "http://a/", "--dots", "remov"],
            "a similar value exists: 'remove'",
        ),
    ] {
        let o = run(args, b"");
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(stderr(&o).contains(tip), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn grammar_names_ignore_ascii_case() {
    // RFC 3987 §2.2: "r\u{E9}sum\u{E9}" is an ireg-name, not a reg-name.
    for name in ["rfc3987", "RFC3987", "Rfc3987"] {
        let o = run(
            &[
                "check",
                "--grammar",
                name,
                "http://r\u{E9}sum\u{E9}.example.org",
            ],
            b"",
        );
        assert_eq!((code(&o), stdout(&o).as_str()), (0, "ok\n"), "{name}");
    }
}

/// Without `--grammar`, every subcommand reads RFC 3986 (stats: every
/// built-in grammar).
#[test]
fn rfc3986_is_the_default_grammar() {
    // §4.1: "//g" is a relative reference, so the default rule
    // URI-reference accepts it; §2: a space is allowed nowhere.
    let o = run(&["check", "//g", "http://a/b c"], b"");
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok");
    assert!(lines[1].starts_with("err 10 "), "{out}");
    // §3's example, split into its components.
    let o = run(
        &[
            "split",
            "foo://example.com:8042/over/there?name=ferret#nose",
        ],
        b"",
    );
    assert_eq!(code(&o), 0);
    assert_eq!(
        json_lines(&stdout(&o))[0]["components"]["authority"],
        json!("example.com:8042")
    );
    let o = run(&["dot"], b"");
    assert!(stdout(&o).starts_with("digraph \"URI-reference\" {"));
    let o = run(&["dot", "--rule", "URI"], b"");
    assert!(stdout(&o).starts_with("digraph \"URI\" {"));
}

/// `--strip-cr` removes one `\r` at the end of each line read (a CRLF
/// file); without it the `\r` is part of the input, which is not a pchar
/// (RFC 3986 §3.3).
#[test]
fn strip_cr_reads_crlf_lines() {
    let crlf = b"http://a/b\r\nhttp://a/c\r\n";
    let o = run(&["check", "--strip-cr"], crlf);
    assert_eq!(
        (code(&o), stdout(&o).as_str()),
        (0, "ok\nok\n"),
        "{}",
        stderr(&o)
    );
    let o = run(&["check"], crlf);
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).starts_with("err 10 "), "{}", stdout(&o));
    // Only one \r, only at the end, and a last line without \n too.
    let o = run(&["check", "--strip-cr"], b"http://a/\r\r\nhttp://a/\r");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("err 9 "), "{out}");
    assert_eq!(lines[1], "ok");
    let o = run(&["split", "--strip-cr"], b"http://a/b?q\r\n");
    assert_eq!(
        json_lines(&stdout(&o))[0]["components"]["query"],
        json!("q")
    );
    // resolve and normalize read lines too (RFC 3986 §5.4.1, §6.2.2.1).
    let o = run(
        &["resolve", "--strip-cr", "--base", "http://a/b/c/d;p?q"],
        b"g\r\n",
    );
    assert_eq!(stdout(&o), "http://a/b/c/g\n");
    let o = run(&["normalize", "--strip-cr"], b"HTTP://A/\r\n");
    assert_eq!(stdout(&o), "http://a/\n");
    // Arguments are not lines: their \r stays.
    let o = run(&["check", "--strip-cr", "http://a/\r"], b"");
    assert!(stdout(&o).starts_with("err 9 "), "{}", stdout(&o));
}

/// When standard output is a pipe, each result is written as soon as its
/// input line is read: a co-process gets its answer before the next
/// question.
#[test]
fn output_is_flushed_per_line_on_a_pipe() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn uridfa");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout);
        loop {
            let mut line = String::new();
            if lines.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let mut answer = |question: &[u8]| {
        stdin.write_all(question).expect("write");
        stdin.flush().expect("flush");
        rx.recv_timeout(Duration::from_secs(20))
    };
    // §1.1.2's first example, then a space (§2), with stdin still open.
    let first = answer(b"ftp://ftp.is.co.za/rfc/rfc1808.txt\n");
    let second = answer(b"http://a/b c\n");
    let _ = child.kill();
    drop(stdin);
    let _ = child.wait();
    let _ = reader.join();
    assert_eq!(
        first.as_deref(),
        Ok("ok\n"),
        "no answer before stdin closed"
    );
    let second = second.expect("second answer before stdin closed");
    assert!(second.starts_with("err 10 "), "{second}");
}

/// When standard output is a regular file, the output is the same (and
/// written in large blocks).
#[test]
fn output_to_a_file_is_complete() {
    let dir = temp_dir("output_file");
    let path = dir.join("out.txt");
    let file = std::fs::File::create(&path).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(file)
        .spawn()
        .expect("spawn uridfa");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&b"http://a/\n".repeat(10_000)).unwrap();
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert_eq!(std::fs::read(&path).unwrap(), b"ok\n".repeat(10_000));
}

/// JSON errors name the component being read and what the grammar would
/// have accepted there.
#[test]
fn split_errors_carry_component_and_expected() {
    // RFC 3986 §3.3: after "/b" in a path-abempty come more pchar, another
    // "/" segment, "?" query, "#" fragment (§3), or the end.
    let l = split(&["http://a/b c"]);
    let l = &l[0];
    assert_eq!(
        (&l["ok"], &l["offset"], &l["component"]),
        (&json!(false), &json!(10), &json!("path")),
        "{l}"
    );
    let expected = l["expected"].as_str().unwrap_or_else(|| panic!("{l}"));
    for want in ["pchar", r#""/""#, r#""?""#, r##""#""##, "end of input"] {
        assert!(expected.contains(want), "{want} in {expected}");
    }
    // The message ends with the same list.
    let message = l["message"].as_str().unwrap_or_else(|| panic!("{l}"));
    assert!(message.ends_with(&format!("expected {expected}")), "{l}");
    // §3.1: a URI starts with the scheme, whose first character is ALPHA.
    let l = split(&["--rule", "URI", "1:x"]);
    assert_eq!(
        l[0],
        json!({
            "input": "1:x",
            "ok": false,
            "offset": 0,
            "message": "unexpected '1' at 0 in scheme; expected ALPHA",
            "component": "scheme",
            "expected": "ALPHA",
        })
    );
    // A grammar without captures has no component to name: null.
    let dir = temp_dir("json_component");
    let path = dir.join("x.abnf");
    std::fs::write(&path, ";@ entry r\nr = \"x\"\n").unwrap();
    let o = run(
        &["split", "--grammar-file", path.to_str().unwrap(), "y"],
        b"",
    );
    let v = &json_lines(&stdout(&o))[0];
    assert_eq!(v["component"], json!(null), "{v}");
    assert!(v["expected"].is_string(), "{v}");
}
