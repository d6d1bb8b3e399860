//! End-to-end tests of the `uridfa` binary: `resolve`, `normalize`, `equiv`, `extract`.
//!
//! Expected components come from the text of RFC 3986 (the section is named
//! in each test), not from the tool's own output. JSON is checked by exact
//! `"key": value` fragments: keys are unique in each object, so a fragment
//! pins a member.

use crate::common;

use common::*;
use serde_json::json;

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
    // Invalid input is not "different" (1): exit status 2, as a usage error.
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
