//! End-to-end tests of the `uridfa` binary: inputs, `check`, `split`, grammar files, `stats`, `dot`.
//!
//! Expected components come from the text of RFC 3986 (the section is named
//! in each test), not from the tool's own output. JSON is checked by exact
//! `"key": value` fragments: keys are unique in each object, so a fragment
//! pins a member.

use crate::common;

use common::*;
use serde_json::{json, Value};

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
    // Each profile's bytes, from the generator's own two forms of the
    // machine (premultiplied IDs, and the one-byte cells where they fit).
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/rfc3986.abnf");
    let compiled = uridfa_codegen::driver::compile_file(
        path.as_ref(),
        uridfa_codegen::driver::Options::default(),
    )
    .unwrap();
    let profiles = |rule: &str| {
        let m = compiled
            .machines
            .iter()
            .find(|m| m.tables.as_tables().rule == rule)
            .unwrap();
        let speed = m.tables.as_tables().table_bytes();
        let size = m
            .tables
            .index8_cells()
            .map_or(speed, |c| m.tables.as_small_tables(&c).table_bytes());
        (speed, size)
    };
    // RFC 3986 Appendix A's four top-level rules.
    for rule in ["URI-reference", "URI", "absolute-URI", "relative-ref"] {
        let row = lines
            .iter()
            .find(|l| l.split_whitespace().take(2).eq(["rfc3986", rule]))
            .unwrap_or_else(|| panic!("{rule} in {out}"));
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells.len(), 8, "{row}");
        let t = uridfa::grammar("rfc3986").unwrap().entry(rule).unwrap();
        assert_eq!(cells[2], t.state_len().to_string());
        assert_eq!(cells[3], t.stride.to_string());
        assert_eq!(cells[4], t.reg_len.to_string());
        let (speed, size) = profiles(rule);
        assert_eq!(cells[5], speed.to_string(), "{row}");
        assert_eq!(cells[6], size.to_string(), "{row}");
        // The build's own tables are one of the two.
        assert!([speed, size].contains(&t.table_bytes()), "{row}");
        // Every one of these machines fits one-byte cells.
        assert!(size < speed, "{row}");
        assert!(cells[7].parse::<usize>().is_ok(), "{row}");
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

/// `;@ depth comment 3`: a fourth level is refused where it opens, and
/// the message says the nesting limit was reached (RFC 9110 §5.6.5).
#[test]
fn check_names_the_nesting_limit() {
    let dir = temp_dir("nesting_limit");
    let path = dir.join("ua.abnf");
    std::fs::write(
        &path,
        ";@ depth comment 3\n\
         User-Agent = token *( SP ( token / comment ) )\n\
         comment = \"(\" *( ctext / comment ) \")\"\n\
         ctext = SP / %x21-27 / %x2A-7E\n\
         token = 1*ALPHA\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let o = run(
        &[
            "check",
            "--grammar-file",
            path,
            "--rule",
            "User-Agent",
            "a (b (c (d)))",
            "a (b (c (d (e))))",
        ],
        b"",
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok");
    assert_eq!(
        lines[1],
        "err 11 unexpected '(' at 11; expected ctext or \")\"; nesting limit reached: \
         'comment' nests at most 3 deep (;@ depth comment 3)"
    );
}
