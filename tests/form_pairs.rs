#![cfg(feature = "rfc3986")]
//! Form-style query pairs (`query_pairs_form()`, `uridfa::pct::FormPairs`):
//! the WHATWG URL Standard's `application/x-www-form-urlencoded` parser
//! (§5.1, "application/x-www-form-urlencoded parsing": split on `&`, skip
//! empty sequences, split at the first `=`, the value empty without one,
//! replace `+` with a space, percent-decode, UTF-8 decode without BOM or
//! failure). Expected values from those steps and the standard's
//! `URLSearchParams` examples (§6.2), and, as an independent oracle, from
//! Python's `urllib.parse.parse_qsl(q, keep_blank_values=True)` on
//! generated queries (skipped, with a printed SKIP, without python3).

use crate::common::skip;

use std::io::Write;
use std::process::{Command, Stdio};

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use uridfa::pct::FormPairs;

fn pairs(query: &str) -> Vec<(String, String)> {
    FormPairs::new(query)
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn owned(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn the_standards_steps_and_examples() -> Result<(), uridfa::Error> {
    // §6.2's note on URLSearchParams: `?a=b ~` is serialized as `a=b%20~`
    // in `href`, and after `append("c", "d")` as `a=b+%7E&c=d`; both read
    // back as ("a", "b ~").
    assert_eq!(pairs("a=b%20~"), owned(&[("a", "b ~")]));
    assert_eq!(pairs("a=b+%7E&c=d"), owned(&[("a", "b ~"), ("c", "d")]));
    // §6.2's `sort()` example: `key=e1f7bc78` and the percent-encoded
    // rainbow flag `q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88`.
    assert_eq!(
        pairs("key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"),
        owned(&[
            ("key", "e1f7bc78"),
            ("q", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}")
        ])
    );
    // §5.1 step by step: empty sequences skipped (3.1); the first `=`
    // splits, `=` first gives an empty name, last an empty value (3.2);
    // no `=`: the value is empty (3.3); `+` to space before
    // percent-decoding, so `%2B` stays `+` (3.4, 3.5); UTF-8 decoded
    // without failing (3.5: U+FFFD).
    assert_eq!(pairs(""), owned(&[]));
    assert_eq!(pairs("&&"), owned(&[]));
    assert_eq!(pairs("a=b=c"), owned(&[("a", "b=c")]));
    assert_eq!(pairs("=x&y="), owned(&[("", "x"), ("y", "")]));
    assert_eq!(pairs("flag"), owned(&[("flag", "")]));
    assert_eq!(pairs("a+b=c+%2B+d"), owned(&[("a b", "c + d")]));
    assert_eq!(pairs("x=%FF+"), owned(&[("x", "\u{FFFD} ")]));
    // The bytes are there too, exact.
    let (_, v) = FormPairs::new("x=%FF+").next().unwrap();
    assert_eq!(v.to_vec(), b"\xFF ");
    assert!(v.eq_bytes(b"\xFF "));
    let mut buf = [0u8; 2];
    assert_eq!(v.write_into(&mut buf), Ok(2));
    assert_eq!(&buf, b"\xFF ");
    assert_eq!(v.decoded_len(), 2);
    // On a view: `None` without a query; the RFC 3986 reading beside it.
    let u = uridfa::rfc3986::UriRef::parse("http://h/?q=a+b&&n")?;
    let form: Vec<(String, String)> = u
        .query_pairs_form()
        .unwrap()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    assert_eq!(form, owned(&[("q", "a b"), ("n", "")]));
    assert_eq!(u.query_pairs().unwrap().count(), 3); // `a+b`, ``, `n`
    assert!(uridfa::rfc3986::UriRef::parse("http://h/")?
        .query_pairs_form()
        .is_none());
    let iri = uridfa::rfc3987::IriRef::parse("?caf\u{e9}=cr\u{e8}me+br\u{fb}l\u{e9}e")?;
    let (k, v) = iri.query_pairs_form().unwrap().next().unwrap();
    assert_eq!(
        (k.to_string(), v.to_string()),
        ("caf\u{e9}".into(), "cr\u{e8}me br\u{fb}l\u{e9}e".into())
    );
    Ok(())
}

/// Queries as RFC 3986's `query` allows them, weighted toward what a form
/// parser cares about: `&`, `=`, `+`, triplets (of `+`, `&`, `=`, space,
/// UTF-8 and non-UTF-8 bytes), other query characters.
fn query() -> impl Strategy<Value = String> {
    vec(
        select(vec![
            "&",
            "=",
            "+",
            "a",
            "b",
            "%20",
            "%2B",
            "%26",
            "%3D",
            "%C3%A9",
            "%E2%82%AC",
            "%FF",
            "%C3",
            "%e2%82",
            "~",
            "/",
            "?",
            ":",
            "@",
            "!",
            "$",
            "'",
            "(",
            ")",
            "*",
            ",",
            ";",
            "-",
            ".",
            "_",
            "%EF%BB%BF",
            "%00",
        ]),
        0..16,
    )
    .prop_map(|pieces| pieces.concat())
}

#[test]
fn agrees_with_pythons_parse_qsl() {
    let ready = Command::new("python3")
        .args(["-c", "import urllib.parse, json"])
        .status()
        .is_ok_and(|s| s.success());
    if !ready {
        skip::note(format_args!(
            "SKIP: python3 not found: form pairs not compared with urllib.parse.parse_qsl"
        ));
        return;
    }
    let mut runner = TestRunner::new(Config::with_cases(1));
    let mut queries: Vec<String> = Vec::new();
    for _ in 0..3000 {
        queries.push(query().new_tree(&mut runner).unwrap().current());
    }
    // Every generated query is a query of RFC 3986's grammar.
    for q in &queries {
        assert!(
            uridfa::rfc3986::UriRef::parse(&format!("?{q}")).is_ok(),
            "{q}"
        );
    }
    let program = "import json, sys, urllib.parse\n\
        for line in sys.stdin:\n\
        \x20   q = json.loads(line)\n\
        \x20   print(json.dumps(urllib.parse.parse_qsl(q, keep_blank_values=True, \
        encoding='utf-8', errors='replace')))\n";
    let mut child = Command::new("python3")
        .args(["-c", program])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let text: String = queries
        .iter()
        .map(|q| format!("{}\n", serde_json::to_string(q).unwrap()))
        .collect();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("oracle output");
    writer.join().expect("writer").expect("write queries");
    assert!(out.status.success(), "the oracle failed");
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout)
        .expect("UTF-8")
        .lines()
        .collect();
    assert_eq!(lines.len(), queries.len());
    let mut nonempty = 0;
    for (q, line) in queries.iter().zip(lines) {
        let theirs: Vec<(String, String)> = serde_json::from_str(line).expect("JSON");
        let ours = pairs(q);
        assert_eq!(ours, theirs, "query {q:?}");
        nonempty += usize::from(!ours.is_empty());
    }
    // The comparison is not vacuous.
    assert!(
        nonempty > 2000,
        "{nonempty} of {} queries had pairs",
        queries.len()
    );
}
