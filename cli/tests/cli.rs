//! End-to-end tests of the `uridfa` binary.
//!
//! Expected components come from the text of RFC 3986 (the section is named
//! in each test), not from the tool's own output. JSON output is parsed
//! (serde_json) and compared as values, member by member or whole.

use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `uridfa ARGS` with `stdin` on its standard input.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_os(args.iter().map(|a| a.as_ref()), stdin)
}

/// [`run`] with arguments that need not be UTF-8.
fn run_os<'a>(args: impl IntoIterator<Item = &'a std::ffi::OsStr>, stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn uridfa");
    let mut pipe = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    // Write from another thread so a large input cannot deadlock against a
    // full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait uridfa");
    writer.join().expect("writer thread");
    out
}

/// Standard output, which must be UTF-8.
fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error, lossily decoded.
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The exit status.
fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

/// A fresh directory for this test's files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// The built-in RFC 3986 grammar.
const G: [&str; 2] = ["--grammar", "rfc3986"];

/// The output lines of `uridfa split --grammar rfc3986 ARGS`.
fn split(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["split", G[0], G[1]];
    all.extend_from_slice(args);
    let o = run(&all, b"");
    json_lines(&stdout(&o))
}

/// Each line of `out` parsed as one JSON value (JSON Lines).
fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// Every member of the object `want` is in `v` with the same value.
fn assert_members(v: &Value, want: &Value) {
    for (k, w) in want.as_object().expect("an object") {
        assert_eq!(&v[k], w, "member {k:?} of {v}");
    }
}

/// `(input, ok, offset)` of a `split` record, and whether it has a string
/// `message`.
fn record_head(v: &Value) -> (Value, Value, Value, bool) {
    let m = v["message"].is_string();
    (v["input"].clone(), v["ok"].clone(), v["offset"].clone(), m)
}

/// What [`record_head`] gives for a rejected input.
fn rejected(input: &str, offset: u64) -> (Value, Value, Value, bool) {
    (json!(input), json!(false), json!(offset), true)
}

#[test]
fn check_exit_status_0_when_all_valid() {
    // RFC 3986 §1.1.2 examples.
    let input = b"ftp://ftp.is.co.za/rfc/rfc1808.txt\nhttp://www.ietf.org/rfc/rfc2396.txt\n\
ldap://[2001:db8::7]/c=GB?objectClass?one\nmailto:John.Doe@example.com\n\
news:comp.infosystems.www.servers.unix\ntel:+1-816-555-1212\ntelnet://192.0.2.16:80/\n\
urn:oasis:names:specification:docbook:dtd:xml:4.1.2\n";
    let o = run(&["check", "--grammar", "rfc3986"], input);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "ok\n".repeat(8));
}

#[test]
fn check_exit_status_1_with_one_line_per_input() {
    // §2: a space is not allowed anywhere in a URI.
    let o = run(
        &["check", "--grammar", "rfc3986"],
        b"http://a/b\nhttp://a/b c\n",
    );
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "ok");
    assert!(
        lines[1].starts_with("err 10 unexpected ' ' at 10"),
        "{}",
        lines[1]
    );
    assert!(lines[1].contains("expected"), "{}", lines[1]);
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["check", "--grammar"],
        &["check", "--grammar", "no-such-grammar"],
        &["check", "--grammar", "rfc3986", "--rule", "no-such-rule"],
        &["check", "--grammar", "rfc3986", "--bogus"],
        &["check", "--grammar", "rfc3986", "--rule"],
        &["split", "--grammar", "rfc3986", "--grammar", "rfc3986"],
        &["stats", "--grammar", "no-such-grammar"],
        &["dot", "--grammar", "rfc3986", "--rule", "no-such-rule"],
        &["grammars", "extra"],
        &["check", "--strip-cr=yes"],
        &["dot", "--strip-cr"],
        &["extract", "--strip-cr"],
        &["equiv", "--strip-cr", "a", "b"],
        &["check", "--grammar", "rfc3986", "--grammar-file", "x.abnf"],
    ] {
        let o = run(args, b"http://a/\n");
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(stderr(&o).contains("error"), "{args:?}: {}", stderr(&o));
    }
    let o = run(
        &["check", "--grammar", "rfc3986", "--rule", "no-such-rule"],
        b"",
    );
    // The message names the entries to choose from.
    assert!(stderr(&o).contains("URI-reference"), "{}", stderr(&o));
}

#[test]
fn carriage_return_is_part_of_the_input() {
    // Lines split on \n only: `http://a/\r` is the input, and \r is not a
    // pchar (§3.3), so the error is at offset 9.
    let o = run(&["check", "--grammar", "rfc3986"], b"http://a/\r\n");
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).starts_with("err 9 "), "{}", stdout(&o));
    assert_eq!(stdout(&o).lines().count(), 1);
}

#[test]
fn final_newline_does_not_start_an_input() {
    let o = run(&["check", "--grammar", "rfc3986"], b"a\n");
    assert_eq!(stdout(&o), "ok\n");
    // No final newline: still one input.
    let o = run(&["check", "--grammar", "rfc3986"], b"a");
    assert_eq!(stdout(&o), "ok\n");
    // An empty line is an input: the empty relative reference (§4.1).
    let o = run(&["check", "--grammar", "rfc3986"], b"a\n\n");
    assert_eq!(stdout(&o), "ok\nok\n");
    let o = run(&["check", "--grammar", "rfc3986"], b"");
    assert_eq!((code(&o), stdout(&o).as_str()), (0, ""));
}

#[test]
fn arguments_replace_stdin() {
    let o = run(
        &["check", "--grammar", "rfc3986", "http://a/", "http://a b/"],
        b"not read\x01\n",
    );
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "ok");
    assert!(lines[1].starts_with("err 8 "), "{}", lines[1]);
    // `--` makes an argument that starts with '-' an input: `-a` is a
    // relative-path reference (§4.2).
    let o = run(&["check", "--grammar=rfc3986", "--", "-a"], b"");
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "ok\n"));
}

#[cfg(unix)]
#[test]
fn invalid_utf8_argument_is_an_input() {
    use std::os::unix::ffi::OsStrExt;
    // (A NUL cannot be passed in an argument at all.)
    let args = ["check", "--grammar", "rfc3986", "a", ""].map(std::ffi::OsStr::new);
    let bad = std::ffi::OsStr::from_bytes(b"http://a/\xff");
    let o = run_os(args.iter().copied().chain([bad]), b"");
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    // An empty argument is an input too: the empty relative reference.
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["ok", "ok"]);
    assert!(lines[2].starts_with("err 9 "), "{out}");
}

#[test]
fn invalid_utf8_and_nul_inputs_are_errors_not_panics() {
    let input = b"http://a/\xff\nhttp://a/\x00b\n\xc3\x28\n\x00\n";
    let o = run(&["check", "--grammar", "rfc3986"], input);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("err 9 "), "{}", lines[0]);
    assert!(lines[1].starts_with("err 9 "), "{}", lines[1]);
    assert!(lines[2].starts_with("err 0 "), "{}", lines[2]);
    assert!(lines[3].starts_with("err 0 "), "{}", lines[3]);

    let o = run(&["split", "--grammar", "rfc3986"], input);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let lines = json_lines(&stdout(&o));
    assert_eq!(lines.len(), 4);
    assert_eq!(record_head(&lines[0]), rejected("http://a/\u{FFFD}", 9));
    assert_eq!(record_head(&lines[1]), rejected("http://a/\u{0}b", 9));
    assert_eq!(record_head(&lines[2]), rejected("\u{FFFD}(", 0));
}

#[test]
fn huge_input() {
    let mut input = b"http://example.com/".to_vec();
    input.extend(std::iter::repeat_n(b'a', 4 << 20));
    input.extend_from_slice(b"\n");
    let o = run(&["check", "--grammar", "rfc3986"], &input);
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "ok\n"));
    input.pop();
    input.extend_from_slice(b" \n");
    let o = run(&["check", "--grammar", "rfc3986"], &input);
    assert!(stdout(&o).starts_with(&format!("err {} ", input.len() - 2)));
}

#[test]
fn split_section_3_example() {
    // RFC 3986 §3: the example URI and its component parts.
    let l = split(&["foo://example.com:8042/over/there?name=ferret#nose"]);
    assert_eq!(l.len(), 1);
    // Every component exactly once, with the values of §3's figure; §3.2.2:
    // a registered name.
    assert_eq!(
        l[0],
        json!({
            "input": "foo://example.com:8042/over/there?name=ferret#nose",
            "ok": true,
            "components": {
                "scheme": "foo",
                "authority": "example.com:8042",
                "userinfo": null,
                "host": "example.com",
                "port": "8042",
                "path": "/over/there",
                "query": "name=ferret",
                "fragment": "nose",
            },
            "host_kind": "reg-name",
        })
    );
}

#[test]
fn split_host_kinds() {
    // §3.2.2: "192.168.0.300" does not match IPv4address, so it is a
    // reg-name (first match wins); brackets hold an IPv6 literal.
    let l = split(&[
        "http://192.168.0.300/",
        "http://192.168.0.1/",
        "http://[::1]/",
        "http://[v7.fe]/",
        "mailto:John.Doe@example.com",
    ]);
    let host = |v: &Value| (v["components"]["host"].clone(), v["host_kind"].clone());
    assert_eq!(host(&l[0]), (json!("192.168.0.300"), json!("reg-name")));
    assert_eq!(host(&l[1]), (json!("192.168.0.1"), json!("IPv4address")));
    assert_eq!(host(&l[2]), (json!("[::1]"), json!("IPv6address")));
    assert_eq!(host(&l[3]), (json!("[v7.fe]"), json!("IPvFuture")));
    // §1.1.2: mailto has no authority; the path is the address.
    let c = &l[4]["components"];
    assert_eq!(
        (
            &c["scheme"],
            &c["authority"],
            &c["host"],
            &c["path"],
            &l[4]["host_kind"]
        ),
        (
            &json!("mailto"),
            &json!(null),
            &json!(null),
            &json!("John.Doe@example.com"),
            &json!(null)
        ),
        "{}",
        l[4]
    );
}

#[test]
fn split_empty_is_not_absent() {
    // §5.2.2 / §6.2.3: an empty query or fragment is present.
    let l = split(&["http://a?#", "http://a"]);
    let parts = |v: &Value| {
        let c = &v["components"];
        [&c["query"], &c["fragment"], &c["path"], &c["port"]].map(Value::clone)
    };
    assert_eq!(parts(&l[0]), [json!(""), json!(""), json!(""), json!(null)]);
    assert_eq!(
        parts(&l[1]),
        [json!(null), json!(null), json!(""), json!(null)]
    );
    // §3.2.3: an empty port after ':' is allowed.
    let l = split(&["http://a:/"]);
    assert_eq!(l[0]["components"]["port"], json!(""), "{}", l[0]);
}

#[test]
fn split_escapes_json() {
    let o = run(&["split", "--grammar", "rfc3986"], b"a\"b\\c\x01\t\n");
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    // One line of valid JSON whose strings decode back to the input's bytes.
    assert_eq!(out.lines().count(), 1, "{out}");
    let v = &json_lines(&out)[0];
    assert_eq!(record_head(v), rejected("a\"b\\c\u{1}\t", 1), "{out}");
    // The message quotes the expected strings.
    assert!(v["message"].as_str().unwrap().contains("\"#\""), "{out}");
}

#[test]
fn rule_uri_rejects_a_relative_reference() {
    // §4.1: "//g" and "../x" are relative references, not URIs (§3).
    let o = run(
        &[
            "check",
            "--grammar",
            "rfc3986",
            "--rule",
            "URI",
            "//g",
            "../x",
        ],
        b"",
    );
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).lines().all(|l| l.starts_with("err ")),
        "{}",
        stdout(&o)
    );
    // The default rule is the first entry, URI-reference, which accepts them.
    let o = run(&["check", "--grammar", "rfc3986", "//g", "../x"], b"");
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "ok\nok\n"));
    // ASCII case is ignored in rule names.
    let o = run(
        &["split", "--grammar", "rfc3986", "--rule", "uri", "//g"],
        b"",
    );
    assert_eq!(code(&o), 1);
    let v = &json_lines(&stdout(&o))[0];
    assert_eq!((&v["ok"], &v["offset"]), (&json!(false), &json!(0)), "{v}");
}

#[test]
fn grammar_file_is_compiled_at_run_time() {
    let dir = temp_dir("grammar_file");
    let path = dir.join("digits.abnf");
    std::fs::write(
        &path,
        ";@ entry r\n;@ capture a b\nr = a \"-\" b\na = 1*%x30-39\nb = 1*%x30-39\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let o = run(
        &["check", "--grammar-file", path, "12-34", "12-", "--", "-1"],
        b"",
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok");
    assert!(
        lines[1].starts_with("err 3 unexpected end of input at 3"),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with("err 0 "), "{}", lines[2]);
    // No kinds, no _kind key.
    let o = run(&["split", "--grammar-file", path, "--", "12-34"], b"");
    assert_eq!(
        json_lines(&stdout(&o)),
        [json!({"input": "12-34", "ok": true, "components": {"a": "12", "b": "34"}})]
    );
    let o = run(&["stats", "--grammar-file", path], b"");
    assert_eq!(code(&o), 0);
    assert!(
        stdout(&o)
            .lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .take(2)
            .eq(["digits", "r"]),
        "{}",
        stdout(&o)
    );
    let o = run(&["dot", "--grammar-file", path], b"");
    assert!(stdout(&o).starts_with("digraph \"r\" {"), "{}", stdout(&o));
    // `--rule` builds any rule of the file, `;@ entry` or not.
    let o = run(&["check", "--grammar-file", path, "--rule", "a", "1"], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = run(&["check", "--grammar-file", path, "--rule", "c", "1"], b"");
    assert_eq!(code(&o), 2);
    // One capture in two places (`r = a "-" a`) is refused: it would
    // report only the last (Note [one place per capture] in the generator).
    let twice = dir.join("twice.abnf");
    std::fs::write(
        &twice,
        ";@ entry r\n;@ capture a\nr = a \"-\" a\na = 1*%x30-39\n",
    )
    .unwrap();
    let twice = twice.to_str().unwrap();
    let o = run(&["split", "--grammar-file", twice, "--", "12-34"], b"");
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains(&format!(
            "{twice}:3:11: error: capture 'a' is reached from two places of 'r'"
        )),
        "{}",
        stderr(&o)
    );
}

#[test]
fn broken_grammar_file_prints_located_diagnostics() {
    let dir = temp_dir("broken_grammar");
    let path = dir.join("broken.abnf");
    std::fs::write(&path, ";@ entry r\nr = \"x\" undefined-rule\n").unwrap();
    let p = path.to_str().unwrap();
    let o = run(&["check", "--grammar-file", p, "x"], b"");
    assert_eq!(code(&o), 2);
    assert!(o.stdout.is_empty());
    let err = stderr(&o);
    assert!(err.contains(&format!("{p}:2:9: error: ")), "{err}");
    assert!(err.contains("undefined-rule"), "{err}");
    // A missing file is reported the same way.
    let missing = dir.join("missing.abnf");
    let o = run(
        &["split", "--grammar-file", missing.to_str().unwrap(), "x"],
        b"",
    );
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains(missing.to_str().unwrap()),
        "{}",
        stderr(&o)
    );
    // A file without entries has nothing to run.
    let none = dir.join("none.abnf");
    std::fs::write(&none, "r = \"x\"\n").unwrap();
    let o = run(
        &["check", "--grammar-file", none.to_str().unwrap(), "x"],
        b"",
    );
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("entry"), "{}", stderr(&o));
}

#[test]
fn stats_lists_every_entry() {
    let o = run(&["stats"], b"");
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("grammar"), "{out}");
    // RFC 3986 Appendix A's four top-level rules.
    for rule in ["URI-reference", "URI", "absolute-URI", "relative-ref"] {
        let row = lines
            .iter()
            .find(|l| l.split_whitespace().take(2).eq(["rfc3986", rule]))
            .unwrap_or_else(|| panic!("{rule} in {out}"));
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells.len(), 7, "{row}");
        let t = uridfa::grammar("rfc3986").unwrap().entry(rule).unwrap();
        assert_eq!(cells[2], t.state_len().to_string());
        assert_eq!(cells[3], t.stride.to_string());
        assert_eq!(cells[4], t.reg_len.to_string());
        assert_eq!(cells[5], t.table_bytes().to_string());
        assert!(cells[6].parse::<usize>().is_ok(), "{row}");
    }
    // Fixed width: every row is as long as the header.
    assert!(lines.iter().all(|l| l.len() == lines[0].len()), "{out}");
    // `--grammar` keeps the header and that grammar's rows (the column
    // widths follow the rows shown, so compare the cells).
    let o = run(&["stats", "--grammar", "rfc3986"], b"");
    let cells = |s: &str| -> Vec<Vec<String>> {
        s.lines()
            .map(|l| l.split_whitespace().map(str::to_string).collect())
            .collect()
    };
    let want: Vec<_> = cells(&out)
        .into_iter()
        .filter(|row| row[0] == "grammar" || row[0] == "rfc3986")
        .collect();
    assert_eq!(cells(&stdout(&o)), want);
    // One row per entry of every built-in grammar, in order.
    let rows: Vec<(String, String)> = lines[1..]
        .iter()
        .map(|l| {
            let mut w = l.split_whitespace();
            (w.next().unwrap().to_owned(), w.next().unwrap().to_owned())
        })
        .collect();
    let want: Vec<(String, String)> = uridfa::GRAMMARS
        .iter()
        .flat_map(|g| {
            g.entries
                .iter()
                .map(|t| (g.name.to_owned(), t.rule.to_owned()))
        })
        .collect();
    assert_eq!(rows, want, "{out}");
    // `--grammar` keeps that grammar's rows.
    let o = run(&["stats", "--grammar", "rfc3986"], b"");
    let one = stdout(&o);
    let mine: Vec<&str> = one.lines().skip(1).collect();
    assert_eq!(mine.len(), 4, "{one}");
    assert!(mine.iter().all(|l| l.starts_with("rfc3986 ")), "{one}");
}

#[test]
fn dot_is_a_digraph() {
    let o = run(
        &["dot", "--grammar", "rfc3986", "--rule", "URI", "--states"],
        b"",
    );
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    assert!(out.starts_with("digraph \"URI\" {"), "{out}");
    assert!(
        out.contains("doublecircle") && out.contains(" -> s"),
        "{out}"
    );
    // Without --states, a machine of more than 40 states is drawn by
    // component (cli/tests/pictures.rs).
    let o = run(&["dot", "--grammar", "rfc3986", "--rule", "URI"], b"");
    assert!(stdout(&o).contains("label=\"host\\n"), "{}", stdout(&o));
    assert!(out.ends_with("}\n"));
    // The default rule is the first entry.
    let o = run(&["dot", "--grammar", "rfc3986"], b"");
    assert!(stdout(&o).starts_with("digraph \"URI-reference\" {"));
}

#[test]
fn dot_of_builtin_tables_equals_dot_of_the_compiled_file() {
    // build.rs and the run-time compiler run the same library on the same
    // file, so their tables and drawings must agree.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/rfc3986.abnf");
    let built = run(
        &["dot", "--grammar", "rfc3986", "--rule", "absolute-URI"],
        b"",
    );
    let compiled = run(
        &["dot", "--grammar-file", file, "--rule", "absolute-URI"],
        b"",
    );
    assert_eq!(code(&compiled), 0, "{}", stderr(&compiled));
    assert_eq!(stdout(&built), stdout(&compiled));
}

#[test]
fn tables_dot_on_owned_tables() {
    // The example of `uridfa_codegen::dump::tables_dot`.
    let compiled = uridfa_codegen::driver::compile_str(
        "g.abnf",
        ";@ entry r\nr = \"a\" \"b\"\n",
        uridfa_codegen::driver::Options::default(),
    )
    .unwrap();
    let dot = uridfa_codegen::dump::tables_dot(&compiled.machines[0].tables.as_tables());
    assert!(dot.starts_with("digraph \"r\" {"), "{dot}");
    assert!(dot.contains("doublecircle"), "{dot}");
    // "a" is case-insensitive in ABNF: both cases take the first edge.
    assert!(dot.contains("[Aa]"), "{dot}");
}

#[test]
fn grammars_lists_entries_default_first() {
    let o = run(&["grammars"], b"");
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), uridfa::GRAMMARS.len());
    assert!(
        out.lines()
            .any(|l| l == "rfc3986 URI-reference URI absolute-URI relative-ref"),
        "{out}"
    );
}

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

/// `uridfa resolve`: one target per reference read from stdin; values from
/// RFC 3986 §5.4.1/§5.4.2 and draft-fielding-url-syntax-05 Appendix C.
#[test]
fn resolve_reads_references_from_stdin() {
    let base = "http://a/b/c/d;p?q";
    let o = run(
        &["resolve", "--base", base],
        b"g\n?y\n../../../g\n/./g\n#s\n",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        // §5.4.1 "g", "?y", "#s"; §5.4.2 "../../../g", "/./g".
        "http://a/b/c/g\nhttp://a/b/c/d;p?y\nhttp://a/g\nhttp://a/g\nhttp://a/b/c/d;p?q#s\n"
    );
    // draft 05 Appendix C.1 "?y", C.2 "g?y/./x", "../../../g".
    let o = run(
        &[
            "resolve",
            "--base",
            base,
            "--algorithm",
            "draft-fielding-url-syntax-05",
        ],
        b"?y\ng?y/./x\n../../../g\n",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "http://a/b/c/?y\nhttp://a/b/c/g?y/x\nhttp://a/../g\n"
    );
}

/// Failures print `err <message>` on their line and exit 1; usage errors
/// exit 2.
#[test]
fn resolve_errors() {
    let base = "http://a/b/c/d;p?q";
    // RFC 2396 §5.2 step 6g: "the reference is considered to be in error"
    // when the caller asks for errors.
    let o = run(
        &[
            "resolve",
            "--base",
            base,
            "--algorithm",
            "rfc2396",
            "--dots",
            "error",
        ],
        b"../g\n../../../g\n",
    );
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "http://a/b/g");
    assert!(lines[1].starts_with("err "), "{out}");
    assert_eq!(lines.len(), 2);
    // A space is not allowed in a URI-reference (RFC 3986 Appendix A).
    let o = run(&["resolve", "--base", base, "a b"], b"");
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).starts_with("err invalid reference"),
        "{}",
        stdout(&o)
    );
    // RFC 3986 §5.2.1: the base must be a URI.
    let o = run(&["resolve", "--base", "/x"], b"g\n");
    assert!(stdout(&o).starts_with("err invalid base"), "{}", stdout(&o));
    // 2396bis-01 Appendix C.2: "http:g = http:g ; for validating parsers
    // / http://a/b/c/g ; for backwards compatibility".
    let bis = "draft-fielding-uri-rfc2396bis-01";
    let o = run(
        &["resolve", "--base", base, "--algorithm", bis, "http:g"],
        b"",
    );
    assert_eq!(stdout(&o), "http:g\n");
    let o = run(
        &[
            "resolve",
            "--base",
            base,
            "--algorithm",
            bis,
            "--validating",
            "no",
            "http:g",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "http://a/b/c/g\n");
    for args in [
        &["resolve"][..],
        &["resolve", "--base", base, "--algorithm", "rfc1808"],
        &["resolve", "--base", base, "--dots", "keep"],
        &["resolve", "--base", base, "--validating", "no"],
        &[
            "resolve",
            "--base",
            base,
            "--algorithm",
            bis,
            "--validating",
            "maybe",
        ],
    ] {
        assert_eq!(code(&run(args, b"")), 2, "{args:?}");
    }
}

/// `uridfa resolve --grammar rfc3987`: IRI base and IRI references (RFC
/// 3987 §6.5: "the algorithms of [RFC3986] can be applied directly").
/// Expected targets are the RFC 3986 §5.4.1 rows ("g" = "http://a/b/c/g",
/// "../g" = "http://a/b/g", "?y" = "http://a/b/c/d;p?y", "#s") with
/// the base's and reference's ASCII letters b, c, g, y, s replaced by
/// non-ASCII ones (é for b, ç for c, ü for g, ÿ for y, ß for s): the
/// algorithm never looks inside a segment.
#[test]
fn resolve_iri_grammar() {
    let base = "http://a/\u{E9}/\u{E7}/d;p?q";
    let o = run(
        &["resolve", "--grammar", "rfc3987", "--base", base],
        "\u{FC}\n../\u{FC}\n?\u{FF}\n#\u{DF}\n?\u{E000}\n".as_bytes(),
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "http://a/\u{E9}/\u{E7}/\u{FC}\nhttp://a/\u{E9}/\u{FC}\nhttp://a/\u{E9}/\u{E7}/d;p?\u{FF}\n\
         http://a/\u{E9}/\u{E7}/d;p?q#\u{DF}\nhttp://a/\u{E9}/\u{E7}/d;p?\u{E000}\n"
    );
    // The default grammar is rfc3986: the same base is not a URI.
    let o = run(&["resolve", "--base", base, "g"], b"");
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).starts_with("err invalid base"), "{}", stdout(&o));
    let o = run(
        &[
            "resolve",
            "--grammar",
            "rfc3987",
            "--base",
            "http://a/\u{FFFE}",
            "g",
        ],
        b"",
    );
    assert!(
        stdout(&o).starts_with("err invalid base IRI: "),
        "{}",
        stdout(&o)
    );
    // RFC 3987 §2.2: iprivate (U+E000) only in iquery.
    let o = run(
        &[
            "resolve",
            "--grammar",
            "rfc3987",
            "--base",
            base,
            "\u{E000}",
        ],
        b"",
    );
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).starts_with("err invalid reference"),
        "{}",
        stdout(&o)
    );
    // --grammar rfc3986 is the default, spelled out.
    let o = run(
        &[
            "resolve",
            "--grammar",
            "rfc3986",
            "--base",
            "http://a/b/c/d;p?q",
            "../g",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "http://a/b/g\n");
    for args in [
        &["resolve", "--grammar", "rfc2396", "--base", "http://a/"][..],
        &[
            "resolve",
            "--grammar",
            "rfc3987",
            "--algorithm",
            "rfc2396",
            "--base",
            "http://a/",
        ],
        &["resolve", "--grammar-file", "x.abnf", "--base", "http://a/"],
    ] {
        assert_eq!(code(&run(args, b"")), 2, "{args:?}");
    }
}

/// `uridfa normalize`: one normal form per input; values from RFC 3986
/// §6.2.2 ("example://a/b/c/%7Bfoo%7D" for its second URI), §6.2.2.1
/// and §6.2.3 ("the second URI above is the normal form").
#[test]
fn normalize_prints_normal_forms() {
    let o = run(
        &["normalize"],
        b"eXAMPLE://a/./b/../b/%63/%7bfoo%7d\nHTTP://www.EXAMPLE.com/\nhttp://example.com:80\na b\n",
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "example://a/b/c/%7Bfoo%7D",
            "http://www.example.com/",
            "http://example.com/"
        ]
    );
    assert!(lines[3].starts_with("err invalid reference"), "{out}");
    // Chosen steps: only the case step.
    let o = run(
        &["normalize", "--steps", "case", "HTTP://A:80/%7e/./x"],
        b"",
    );
    assert_eq!(stdout(&o), "http://a:80/%7E/./x\n");
    // 2396bis-01 keeps ".." above the root (its Appendix C).
    let o = run(
        &[
            "normalize",
            "--grammar",
            "draft-fielding-uri-rfc2396bis-01",
            "--steps=path",
            "http://a/b/../../g",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "http://a/../g\n");
    // URN draft 03 §5: "urn" and the NID lower-cased, percent-encoding
    // hex digits case-normalized (never decoded), fragment removed, and
    // the query removed (5a) or its directives reordered (5b).
    let urn03 = "draft-ietf-urnbis-rfc2141bis-urn-03";
    let o = run(
        &["normalize", "--grammar", urn03],
        b"URN:FOO:a123%2c456?x=y#xyz\n",
    );
    assert_eq!(stdout(&o), "urn:foo:a123%2C456\n");
    let o = run(
        &[
            "normalize",
            "--grammar",
            urn03,
            "--step5",
            "b",
            "urn:foo:x?s=I2L&c=ToC",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "urn:foo:x?c=ToC&s=I2L\n");
    // RFC 8141 §3: the assigned-name only.
    let o = run(
        &[
            "normalize",
            "--grammar",
            "rfc8141",
            "URN:EXAMPLE:a123,z456?+abc#789",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "urn:example:a123,z456\n");
    for args in [
        &["normalize", "--steps", "dots"][..],
        &["normalize", "--grammar", "rfc1738"],
        &["normalize", "--grammar", "rfc3986", "--step5", "b"],
        &["normalize", "--grammar", "rfc8141", "--steps", "case"],
        &["normalize", "--rule", "URI"],
    ] {
        let o = run(args, b"");
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(stderr(&o).contains("error"), "{args:?}");
    }
}

/// `uridfa equiv A B`: RFC 3986 §6.2.3's four equivalent URIs, and its
/// "http://example.com/?" that "cannot be assumed to be equivalent".
#[test]
fn equiv_compares_two_references() {
    for other in [
        "http://example.com",
        "http://example.com:/",
        "http://example.com:80/",
    ] {
        let o = run(&["equiv", "http://example.com/", other], b"");
        assert_eq!(
            (code(&o), stdout(&o).as_str()),
            (0, "equivalent\n"),
            "{other}"
        );
    }
    let o = run(
        &["equiv", "http://example.com/", "http://example.com/?"],
        b"",
    );
    assert_eq!((code(&o), stdout(&o).as_str()), (1, "different\n"));
    let o = run(
        &["equiv", "--steps", "case", "http://a/%7e", "HTTP://A/%7E"],
        b"",
    );
    assert_eq!(stdout(&o), "equivalent\n");
    // Invalid input is not "different": exit status 2, as issue 10 asks.
    let o = run(&["equiv", "http://a/", "a b"], b"");
    assert_eq!(code(&o), 2);
    assert!(
        stdout(&o).starts_with("err invalid reference"),
        "{}",
        stdout(&o)
    );
    // URN draft 03 §5.1: "URN 7 is also lexically equivalent to these if
    // step 5a is applied, but this does not hold if step 5b".
    let urn03 = "draft-ietf-urnbis-rfc2141bis-urn-03";
    let (one, seven) = ("URN:foo:a123,456", "urn:foo:a123,456?x=y");
    let o = run(&["equiv", "--grammar", urn03, one, seven], b"");
    assert_eq!(stdout(&o), "equivalent\n");
    let o = run(
        &["equiv", "--grammar", urn03, "--step5", "b", one, seven],
        b"",
    );
    assert_eq!(stdout(&o), "different\n");
    let o = run(
        &[
            "equiv",
            "--grammar",
            "rfc8141",
            "urn:example:a123,z456",
            "URN:EXAMPLE:a123,z456?+abc",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "equivalent\n");
    for args in [&["equiv", "a"][..], &["equiv", "a", "b", "c"]] {
        assert_eq!(code(&run(args, b"")), 2, "{args:?}");
    }
}

/// `extract`: draft-ietf-uri-url-06's APPENDIX example (three `<URL:...>`
/// broken across lines), a quoted URI with a hyphen at a line end, and
/// an abbreviated one (2396bis-01 App. F), with their positions.
#[test]
fn extract_urls_in_context() {
    let text = b"Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc\n   ;type=d> but you can probably pick it up from <URL:ftp://ds.inter\n   nic.net/rfc>.  Note the warning in <URL:http://ds.internic.net/\n   instructions/overview.html#WARNING>.\n\"http://a/long-\n  name\" or www.w3.org/Addressing/.\n";
    let o = run(&["extract"], text);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let lines = json_lines(&stdout(&o));
    assert_eq!(lines.len(), 4, "{lines:?}");
    for (line, want) in lines.iter().zip([
        json!({"uri": "ftp://info.cern.ch/pub/www/doc;type=d", "offset": 32, "end": 73, "line": 1, "column": 33, "delimiter": "url-prefix", "whitespace_removed": true}),
        json!({"uri": "ftp://ds.internic.net/rfc", "offset": 117, "end": 146, "line": 2, "column": 55}),
        json!({"uri": "http://ds.internic.net/instructions/overview.html#WARNING"}),
        json!({"uri": "http://a/long-name", "offset": 240, "end": 261, "line": 5, "column": 2, "delimiter": "quote", "whitespace_removed": true, "ambiguous_hyphen": "http://a/longname", "abbreviated": null}),
    ]) {
        assert_members(line, &want);
    }
    let o = run(&["extract", "--abbreviated"], text);
    let lines = json_lines(&stdout(&o));
    assert_members(
        lines.last().unwrap(),
        &json!({"uri": "www.w3.org/Addressing/", "delimiter": "bare", "abbreviated": "http://"}),
    );
    // RFC 1738's url has no fragment: the wrapper's is reported as such.
    let o = run(&["extract", "--grammar", "rfc1738"], text);
    let lines = json_lines(&stdout(&o));
    let warning = lines
        .iter()
        .find(|v| v["uri"].as_str().is_some_and(|u| u.ends_with("#WARNING")))
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert_eq!(
        warning["fragment_outside_grammar"],
        json!(true),
        "{warning}"
    );
    // No URI: exit status 1.
    let o = run(&["extract"], b"Note: no URI here.\n");
    assert_eq!((code(&o), stdout(&o).as_str()), (1, ""));
    // Files, named in the output.
    let dir = temp_dir("extract");
    let file = dir.join("a.txt");
    std::fs::write(&file, "see <http://a/>\n").unwrap();
    let o = run(&["extract", file.to_str().unwrap()], b"");
    let lines = json_lines(&stdout(&o));
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["file"], json!(file.display().to_string()));
}
