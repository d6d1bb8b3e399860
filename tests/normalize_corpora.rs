//! `../shared/corpora/*normalize*.jsonl` against `uridfa::normalize`, with
//! a pass figure per file (`cargo test -p uridfa --test normalize_corpora
//! -- --nocapture`). Where a library departs from the RFC text on purpose,
//! the record is counted under that deviation, recognised by a condition
//! on the input; anything else fails the test.

mod common;

use std::collections::BTreeMap;

use common::{read_jsonl, Json};
use uridfa::normalize::{NormalizeError, Steps, Syntax};

/// Syntax-based normalization only (RFC 3986 §6.2.2): what uriparser's
/// `uriNormalizeSyntax` and 4Suite's comparisons do.
const SYNTAX_BASED: Steps = Steps::CASE.union(Steps::PCT).union(Steps::PATH);

fn has_scheme(s: &str) -> bool {
    let end = s.find([':', '/', '?', '#']).unwrap_or(0);
    end > 0 && s.as_bytes()[end] == b':'
}

/// A relative-path reference, or a rootless path after a scheme: paths
/// whose dot segments `uridfa::normalize` keeps (module docs, "Which paths
/// lose dot segments").
fn relative_or_rootless_path(s: &str) -> bool {
    let rest = if has_scheme(s) {
        &s[s.find(':').unwrap() + 1..]
    } else {
        s
    };
    !rest.starts_with('/') && !rest.is_empty() && !rest.starts_with(['?', '#'])
}

struct Tally {
    pass: usize,
    total: usize,
    skipped: BTreeMap<&'static str, usize>,
    deviations: BTreeMap<&'static str, usize>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            pass: 0,
            total: 0,
            skipped: BTreeMap::new(),
            deviations: BTreeMap::new(),
        }
    }
}

#[test]
fn normalization_corpora() {
    if common::corpora_dir().is_none() {
        eprintln!("SKIP: ../shared/corpora not found");
        return;
    }
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    for file in [
        "fluent-uri-normalize.jsonl",
        "iri-string-normalize.jsonl",
        "uriparser-normalize.jsonl",
        "uriparser-foursuite-normalize.jsonl",
    ] {
        let Some(records) = read_jsonl(file) else {
            panic!("{file} missing from ../shared/corpora");
        };
        let mut t = Tally::new();
        for (line, rec) in &records {
            let Some(input) = rec.get("input").and_then(Json::as_str) else {
                continue;
            };
            let outcome = match file {
                "fluent-uri-normalize.jsonl" => fluent(rec, input),
                "iri-string-normalize.jsonl" => iri_string(rec, input),
                "uriparser-normalize.jsonl" => uriparser(rec, input),
                _ => foursuite(rec, input),
            };
            match outcome {
                Outcome::Skip(why) => *t.skipped.entry(why).or_default() += 1,
                Outcome::Pass => {
                    t.total += 1;
                    t.pass += 1;
                }
                Outcome::Deviation(name) => {
                    t.total += 1;
                    *t.deviations.entry(name).or_default() += 1;
                }
                Outcome::Fail(msg) => {
                    t.total += 1;
                    failures.push(format!("{file}:{line}: {input:?}: {msg}"));
                }
            }
        }
        summary.push(format!("{file}: {}/{} agree", t.pass, t.total));
        for (name, n) in &t.deviations {
            summary.push(format!("    {n} x deviation: {name}"));
        }
        for (name, n) in &t.skipped {
            summary.push(format!("    {n} x not applicable: {name}"));
        }
    }
    eprintln!("{}", summary.join("\n"));
    assert!(
        failures.is_empty(),
        "{} unexplained:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `Syntax::normalize` without the `alloc` feature (so that
/// `cargo test -p uridfa` runs these tests with the crate's defaults).
fn owned(syntax: Syntax, input: &str, steps: Steps) -> Result<String, NormalizeError> {
    let mut buf = vec![0u8; input.len() + 8];
    let n = match syntax.normalize_into(input, steps, &mut buf) {
        Err(NormalizeError::BufferTooSmall { needed }) => {
            buf.resize(needed, 0);
            syntax.normalize_into(input, steps, &mut buf)?
        }
        other => other?,
    };
    buf.truncate(n);
    Ok(String::from_utf8(buf).expect("normal forms are UTF-8"))
}

enum Outcome {
    Pass,
    Deviation(&'static str),
    Skip(&'static str),
    Fail(String),
}

fn compare(
    syntax: Syntax,
    input: &str,
    steps: Steps,
    expected: &str,
    deviation: impl Fn(&str) -> Option<&'static str>,
) -> Outcome {
    match owned(syntax, input, steps) {
        Ok(ours) if ours == expected => {
            // The normal form is also equivalent, without being built.
            match syntax.equivalent(input, expected, steps) {
                Ok(true) => Outcome::Pass,
                other => Outcome::Fail(format!(
                    "normal form agrees but equivalent() says {other:?}"
                )),
            }
        }
        Ok(ours) => match deviation(&ours) {
            Some(name) => Outcome::Deviation(name),
            None => Outcome::Fail(format!(
                "expected {expected:?}, {syntax} {steps} gives {ours:?}"
            )),
        },
        Err(e) => Outcome::Fail(format!("expected {expected:?}, {syntax} rejects: {e}")),
    }
}

/// fluent-uri 0.4.1 `normalize()`: RFC 3986 §6.2.2 and §6.2.3 (ports),
/// plus RFC 5952 IPv6 text, per its note.
fn fluent(rec: &Json, input: &str) -> Outcome {
    let expected = rec
        .get("expected")
        .and_then(Json::as_str)
        .unwrap_or_default();
    let syntax = match rec.get("type").and_then(Json::as_str) {
        Some("IriRef") => Syntax::Rfc3987,
        _ => Syntax::Rfc3986,
    };
    compare(syntax, input, Steps::ALL, expected, |ours| {
        if ours.strip_suffix('/') == Some(expected)
            && (input.starts_with("http") || input.starts_with("HTTP"))
        {
            Some("fluent-uri keeps an empty http path (RFC 3986 §6.2.3: it \"should be normalized to a path of \"/\"\")")
        } else if input.contains('[') && expected.contains('[') {
            Some("fluent-uri rewrites IPv6 addresses in RFC 5952 text (not an RFC 3986 §6.2 step)")
        } else if !has_scheme(input)
            && input.starts_with('/')
            && !input.starts_with("//")
            && expected == input
        {
            Some("fluent-uri removes no dot segments from a relative reference with an absolute path")
        } else if syntax == Syntax::Rfc3987 && ours.contains('%') && !expected.is_ascii() {
            Some("fluent-uri decodes %XX of non-ASCII characters in IRIs (RFC 3987 §5.3.2.3 decodes unreserved only)")
        } else {
            None
        }
    })
}

/// iri-string 0.7.14 `normalize()`: RFC 3986 §6.2.2 syntax-based
/// normalization (no scheme-based step). ASCII inputs are URIs
/// (`expected_uri`); others are IRIs (`expected_iri`; `expected_uri` is
/// their conversion to a URI, RFC 3987 §3.1, not a normalization).
fn iri_string(rec: &Json, input: &str) -> Outcome {
    let (syntax, key) = if input.is_ascii() {
        (Syntax::Rfc3986, "expected_uri")
    } else {
        (Syntax::Rfc3987, "expected_iri")
    };
    let Some(expected) = rec.get(key).and_then(Json::as_str) else {
        return Outcome::Skip("no expected value");
    };
    if owned(syntax, input, Steps::NONE).is_err() {
        return Outcome::Skip("input outside the grammar (iri-string accepts it)");
    }
    compare(syntax, input, SYNTAX_BASED, expected, |ours| {
        let with_scheme_step = owned(syntax, input, SYNTAX_BASED | Steps::SCHEME);
        if with_scheme_step.as_deref() == Ok(expected) {
            Some("iri-string removes an empty port (a scheme-based step, RFC 3986 §6.2.3) in its syntax-based normalization")
        } else if has_scheme(input) && relative_or_rootless_path(input) {
            Some("iri-string removes dot segments from rootless paths (remove_dot_segments turns a/../b into /b)")
        } else if input.is_ascii()
            && ours.eq_ignore_ascii_case(expected)
            && expected.contains("%CE")
        {
            Some("iri-string keeps the case of a URI host with percent-encoded non-ASCII octets (RFC 3986 §6.2.2.1: the host is case-insensitive)")
        } else if !input.is_ascii() && ours.contains('%') && !expected.is_ascii() {
            Some("iri-string decodes %XX of non-ASCII characters in IRIs (RFC 3987 §5.3.2.3 decodes unreserved only)")
        } else {
            None
        }
    })
}

/// uriparser `uriNormalizeSyntax[Ex]`: RFC 3986 §6.2.2; with a mask, only
/// some components.
fn uriparser(rec: &Json, input: &str) -> Outcome {
    let expected = rec
        .get("expected")
        .and_then(Json::as_str)
        .unwrap_or_default();
    let steps = match rec.get("mask").and_then(Json::as_str) {
        None => SYNTAX_BASED,
        Some("URI_NORMALIZE_PATH") => Steps::PATH,
        Some(_) => return Outcome::Skip("uriparser's per-component mask (scheme, user info, host, port, query or fragment alone) is no set of ladder steps"),
    };
    compare(Syntax::Rfc3986, input, steps, expected, |_| {
        if relative_or_rootless_path(input) {
            Some("uriparser removes dot segments from relative and rootless paths")
        } else {
            None
        }
    })
}

/// 4Suite's `uriEqualsUri` cases, through uriparser: equivalence under
/// syntax-based normalization.
fn foursuite(rec: &Json, input: &str) -> Outcome {
    let expected = rec
        .get("expected")
        .and_then(Json::as_str)
        .unwrap_or_default();
    match Syntax::Rfc3986.equivalent(input, expected, SYNTAX_BASED) {
        Ok(true) => Outcome::Pass,
        Ok(false) if relative_or_rootless_path(input) => {
            Outcome::Deviation("uriparser removes dot segments from relative and rootless paths")
        }
        other => Outcome::Fail(format!("{expected:?}: equivalent() says {other:?}")),
    }
}
