//! `uridfa lint`: ambiguity found without input.
//!
//! Expected witnesses are worked out by hand from the grammars' text (each
//! test says how); the library's own tests (`codegen/tests/ambiguity.rs`)
//! check the search against a brute-force oracle.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(args)
        .output()
        .expect("run uridfa")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lint");
    std::fs::create_dir_all(&dir).expect("create temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write grammar");
    path
}

#[test]
fn rfc3986_has_only_its_documented_host_ambiguity() {
    // RFC 3986 §3.2.2: "The syntax rule for host is ambiguous because it
    // does not completely distinguish between an IPv4address and a
    // reg-name. [...] If host matches the rule for IPv4address, then it
    // should be considered an IPv4 address literal and not a reg-name."
    // The shortest input in both is "0.0.0.0" (four dec-octets, the
    // first digit; every dec-octet is reg-name text).
    let o = run(&["lint", "--grammar", "rfc3986"]);
    let out = stdout(&o);
    assert_eq!(code(&o), 0, "{out}");
    assert!(out.starts_with(
        "grammar/rfc3986.abnf:28:36: note: kinds 'IPv4address' and 'reg-name' of 'host' overlap, \
         by design: the input \"0.0.0.0\" is both; uridfa reads IPv4address"
    ), "{out}");
    assert!(
        out.ends_with("0 errors, 0 warnings, 1 note in grammar/rfc3986.abnf\n"),
        "{out}"
    );
}

#[test]
fn a_built_in_grammar_with_an_import_lints_outside_a_checkout() {
    // rfc8089.abnf imports rfc3986.abnf: run from a directory with no
    // `grammar/` in it, the import is resolved among the grammar files
    // the binary carries, and messages still name `grammar/...`.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lint-elsewhere");
    std::fs::create_dir_all(&dir).expect("create temp dir");
    let o = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(["lint", "--grammar", "rfc8089"])
        .current_dir(&dir)
        .output()
        .expect("run uridfa");
    let out = stdout(&o);
    assert_eq!(code(&o), 0, "{out}");
    assert!(out.ends_with(" in grammar/rfc8089.abnf\n"), "{out}");
    assert!(!out.contains("uridfa-generate-"), "{out}");
}

#[test]
fn rfc2396_net_path_or_abs_path() {
    // RFC 2396 §3: relativeURI = ( net_path | abs_path | rel_path ); "//"
    // is net_path "//" with an empty authority (server may be empty), or
    // abs_path "/" with segments "" and "". Appendix B's regular
    // expression reads it as an empty authority, as uridfa does.
    let o = run(&["lint", "--grammar", "rfc2396", "--rule", "relativeURI"]);
    let out = stdout(&o);
    assert_eq!(code(&o), 0, "{out}");
    assert!(out.starts_with("grammar/rfc2396.abnf:61:1: warning: entry 'relativeURI' (at grammar/rfc2396.abnf:24:36) is ambiguous: the input \"//\" (2 bytes, a shortest one)"), "{out}");
    assert!(
        out.contains("  = uridfa reads:    authority = \"\", no path, server = \"\"\n"),
        "{out}"
    );
    assert!(
        out.contains("  = another reading: no authority, path = \"//\", no server\n"),
        "{out}"
    );
    assert!(
        out.ends_with("0 errors, 1 warning, 0 notes in grammar/rfc2396.abnf\n"),
        "{out}"
    );
}

#[test]
fn a_grammar_file_deny_and_allow() {
    // "a" is x or y.
    let g = ";@ entry r\n;@ capture x y\nr = x / y\nx = \"a\"\ny = \"a\"\n";
    let path = temp_file("amb.abnf", g);
    let p = path.to_str().unwrap();
    let o = run(&["lint", "--grammar-file", p]);
    let out = stdout(&o);
    assert_eq!(code(&o), 0, "{out}");
    assert!(
        out.starts_with(&format!(
            "{p}:4:1: warning: entry 'r' (at {p}:1:10) is ambiguous: the input \"a\""
        )),
        "{out}"
    );
    assert!(
        out.contains(
            "  = uridfa reads:    x = \"a\", no y\n  = another reading: no x, y = \"a\"\n"
        ),
        "{out}"
    );

    let denied = temp_file("denied.abnf", &format!(";@ deny ambiguity\n{g}"));
    let o = run(&["lint", "--grammar-file", denied.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(code(&o), 1, "{out}");
    assert!(out.contains(":5:1: error: entry 'r'"), "{out}");
    let summary = format!("1 error, 0 warnings, 0 notes in {}\n", denied.display());
    assert!(out.ends_with(&summary), "{out}");

    let allowed = temp_file(
        "allowed.abnf",
        &format!(";@ deny ambiguity\n;@ allow ambiguity x y\n{g}"),
    );
    let o = run(&["lint", "--grammar-file", allowed.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(
        stdout(&o).starts_with("0 errors, 0 warnings, 0 notes in "),
        "{}",
        stdout(&o)
    );
}

#[test]
fn usage_and_grammar_errors_exit_2() {
    let o = run(&["lint", "--grammar", "rfc3986", "--rule", "nope"]);
    assert_eq!(code(&o), 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains("has no entry rule 'nope'"));
    let bad = temp_file("bad.abnf", ";@ entry r\nr = q\n");
    let o = run(&["lint", "--grammar-file", bad.to_str().unwrap()]);
    assert_eq!(code(&o), 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains(":2:5: error: unknown rule 'q'"));
}

#[test]
fn rfc1738_an_unknown_scheme_with_a_host() {
    // RFC 1738 §5: genericurl = scheme ":" schemepart, schemepart = *xchar
    // | ip-schemepart, ip-schemepart = "//" login [ "/" urlpath ]: "a://a"
    // (a one-letter scheme, the shortest host) is both. uridfa takes the
    // first alternative.
    let o = run(&["lint", "--grammar", "rfc1738", "--rule", "otherurl"]);
    let out = stdout(&o);
    assert!(out.contains("is ambiguous: the input \"a://a\" (5 bytes, a shortest one) has two parses whose captures differ in 'host'"), "{out}");
    assert!(
        out.contains("  = uridfa reads:    no host\n  = another reading: host = \"a\"\n"),
        "{out}"
    );
}

/// Only what an entry reaches must compile: beside `c`, a self-embedding
/// rule, an undefined rule and a prose value are notes for `lint`, and
/// errors for `lint --all-rules`, the whole-file check.
#[test]
fn rules_no_entry_reaches_are_notes_or_all_rules_errors() {
    let text = "r = \"x\" r \"y\"\nc = \"y\"\nu = undefined\np = <prose>\n";
    let plain = temp_file("unreached.abnf", text);
    let path = plain.to_str().unwrap();
    // `--rule c` compiles `c` (`check` reads its inputs from the command line).
    let o = run(&["check", "--grammar-file", path, "--rule", "c", "y"]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let entry = temp_file("unreached-entry.abnf", &format!(";@ entry c\n{text}"));
    let path = entry.to_str().unwrap();
    let o = run(&["lint", "--grammar-file", path]);
    let out = stdout(&o);
    assert_eq!(code(&o), 0, "{out}");
    for what in [
        ":2:9: note: rule 'r' is not compiled, and no entry reaches it: rule 'r' is recursive",
        ":4:5: note: rule 'u' is not compiled, and no entry reaches it: unknown rule 'undefined'",
        ":5:5: note: rule 'p' is not compiled, and no entry reaches it: prose value <prose>",
        "0 errors, 0 warnings, 3 notes in",
    ] {
        assert!(out.contains(what), "{what:?} in {out}");
    }
    let o = run(&["lint", "--grammar-file", path, "--all-rules"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(code(&o), 2, "{err}");
    assert!(err.contains(":2:9: error: rule 'r' is recursive"), "{err}");
    assert!(
        err.contains(":4:5: error: unknown rule 'undefined'"),
        "{err}"
    );
    assert!(
        err.contains(":5:5: error: prose value <prose> cannot be compiled"),
        "{err}"
    );
}
