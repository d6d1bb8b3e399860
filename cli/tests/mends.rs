//! Small mends, the command line's side: `--rule` stands in for a
//! missing `;@ entry`, a missing grammar file says so, `help` suggests a
//! subcommand, and `=/` extends a core rule.
//!
//! Run: `cargo test -p uridfa-cli --test cli -- mends::`.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// The one JSON record `split` printed for one input.
fn json(stdout: &[u8]) -> serde_json::Value {
    serde_json::from_slice(stdout).expect("one JSON value")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A grammar file of this test's own.
fn grammar(test: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uridfa-cli-mends-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.abnf");
    std::fs::write(&path, body).unwrap();
    path
}

#[test]
fn rule_stands_in_for_a_missing_entry_pragma() {
    let path = grammar(
        "rule",
        ";@ capture year\ndate = year \"-\" 2DIGIT\nyear = 4DIGIT\n",
    );
    let p = path.to_str().unwrap();
    let o = run(&[
        "check",
        "--grammar-file",
        p,
        "--rule",
        "date",
        "2024-05",
        "2024",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok");
    assert!(lines[1].starts_with("err 4 "), "{out}");
    let o = run(&["split", "--grammar-file", p, "--rule", "DATE", "2024-05"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(json(&o.stdout)["components"]["year"], "2024");
    // dot and explain take --rule too.
    let o = run(&["dot", "--grammar-file", p, "--rule", "date"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).starts_with("digraph"),
        "{}",
        text(&o.stdout)
    );
    let o = run(&["explain", "--grammar-file", p, "--rule", "date", "2024-05"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("year"), "{}", text(&o.stdout));
    // Without --rule, the file still has nothing to build, and says how to
    // name a rule.
    let o = run(&["check", "--grammar-file", p, "2024-05"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).starts_with(&format!(
            "{p}: error: no ';@ entry' pragma: nothing to build (add ';@ entry RULE' to the file, or name the rule with --rule RULE"
        )),
        "{}",
        text(&o.stderr)
    );
    // A rule the file does not define is a usage error.
    let o = run(&["check", "--grammar-file", p, "--rule", "month", "05"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains(&format!("grammar file '{p}' has no rule 'month'")),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_missing_grammar_file_says_so() {
    let path = std::env::temp_dir().join(format!(
        "uridfa-cli-mends-{}-absent.abnf",
        std::process::id()
    ));
    let p = path.to_str().unwrap();
    let o = run(&["check", "--grammar-file", p, "x"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.starts_with(&format!(
            "{p}: error: cannot read grammar file: No such file or directory"
        )),
        "{err}"
    );
    assert!(!err.contains('^'), "{err}");
}

#[test]
fn help_suggests_a_misspelt_subcommand() {
    let o = run(&["help", "splt"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("a similar subcommand exists: 'split'"),
        "{err}"
    );
    let o = run(&["help", "split"]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn incremental_alternative_on_a_core_rule() {
    let path = grammar("alpha", ";@ entry name\nALPHA =/ \"_\"\nname = 1*ALPHA\n");
    let p = path.to_str().unwrap();
    let o = run(&["check", "--grammar-file", p, "snake_case", "kebab-case"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok");
    assert!(lines[1].starts_with("err 5 "), "{out}");
}

#[test]
fn an_error_names_every_component_the_input_may_be_in() {
    // RFC 3986 §4.1: URI-reference = URI / relative-ref. After `a`, the
    // input may be a scheme (`a:b`, §3.1) or the first segment of a
    // relative path (`a/b`, path-noscheme, §4.2): the space is in either.
    let o = run(&[
        "check",
        "--grammar",
        "rfc3986",
        "--rule",
        "URI-reference",
        "a b",
    ]);
    assert_eq!(text(&o.stdout).lines().next(), Some(
        "err 1 unexpected ' ' at 1 in scheme or path; expected pchar, \"#\", \"/\", \"?\" or end of input"
    ));
    // Once the `:` is read, only the URI reading is left (§3.3: the path
    // after a scheme).
    let o = run(&[
        "check",
        "--grammar",
        "rfc3986",
        "--rule",
        "URI-reference",
        "a:b c",
    ]);
    assert!(
        text(&o.stdout).starts_with("err 3 unexpected ' ' at 3 in path;"),
        "{}",
        text(&o.stdout)
    );
    // RFC 1738 §3.1: `//<user>:<password>@<host>:<port>`; before an `@` or
    // a `:`, `a` may be the user or the host; `a:b` a password, never a
    // port (digits only).
    let o = run(&["check", "--grammar", "rfc1738", "ftp://a b", "ftp://a:b c"]);
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("err 7 unexpected ' ' at 7 in user or host;"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("err 9 unexpected ' ' at 9 in password;"),
        "{out}"
    );
    // split gives the same text as its component.
    let o = run(&[
        "split",
        "--grammar",
        "rfc3986",
        "--rule",
        "URI-reference",
        "a b",
    ]);
    assert_eq!(json(&o.stdout)["component"], "scheme or path");
}
