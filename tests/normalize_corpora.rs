//! `../shared/corpora/*normalize*.jsonl` against `uridfa::normalize`, with
//! a pass figure per file and floors on those figures
//! (`cargo test -p uridfa --test integration -- normalize_corpora:: --nocapture`).
//!
//! Each record is checked against [`common::literal::normalize`], RFC 3986
//! §6.2.2 (and §6.2.3) written out on the Appendix B components: our output
//! must equal it, and the record must equal it too, or else equal it under
//! one *named* deviation of the library that wrote the record. A deviation
//! has a condition on the input as narrow as the behaviour, and its
//! expected value is the literal steps with that library's rule (a step
//! left out, a step on more paths, RFC 5952 text for an IPv6 host, UTF-8
//! percent-decoding), never our own output. Deviations and skips are
//! counted and the counts asserted exactly ([`FLOORS`]).
//!
//! An input is skipped as outside the grammar only when the independent
//! ABNF recognizer of `tests/common/abnf.rs` rejects it too (and so must
//! we); a parser regression is a failure, not a skip.

use crate::common;
use common::skip;

use std::collections::BTreeMap;
use std::net::Ipv6Addr;

use common::literal::{self, Norm};
use common::{read_jsonl, Json};
use uridfa::normalize::{NormalizeError, Steps, Syntax};

/// Syntax-based normalization only (RFC 3986 §6.2.2): what uriparser's
/// `uriNormalizeSyntax` and 4Suite's comparisons do.
const SYNTAX_BASED: Steps = Steps::CASE.union(Steps::PCT).union(Steps::PATH);

// The deviations, by name.
const HTTP_EMPTY_PATH: &str = "fluent-uri keeps an empty http path (RFC 3986 §6.2.3: it \"should be normalized to a path of \"/\"\")";
const IPV6_TEXT: &str =
    "fluent-uri rewrites IPv6 addresses in RFC 5952 text (not an RFC 3986 §6.2 step)";
const REL_ABS_DOTS: &str =
    "fluent-uri removes no dot segments from a relative reference with an absolute path";
const IRI_DECODE: &str =
    "decodes %XX of non-ASCII characters in IRIs (RFC 3987 §5.3.2.3 decodes unreserved only)";
const EMPTY_PORT: &str = "iri-string removes an empty port (a scheme-based step, RFC 3986 §6.2.3) in its syntax-based normalization";
const ROOTLESS_DOTS: &str = "removes dot segments from rootless paths after a scheme (remove_dot_segments turns a/../b into /b)";
const RELATIVE_DOTS: &str = "removes dot segments from relative-path references, keeping leading \"..\" (RFC 3986 §5.2.4 leaves relative paths to resolution)";
const HOST_PCT_CASE: &str = "iri-string keeps the case of a host with percent-encoded octets (RFC 3986 §6.2.2.1: the host is case-insensitive)";

// The skips, by name.
const MASK: &str = "uriparser's per-component mask (scheme, user info, host, port, query or fragment alone) is no set of ladder steps";
const OUTSIDE: &str =
    "input outside the grammar (the independent ABNF recognizer rejects it too; iri-string accepts it)";

/// Per file: (records, agree, deviations by name, skips by name).
type Floor = (
    &'static str,
    usize,
    usize,
    &'static [(&'static str, usize)],
    &'static [(&'static str, usize)],
);

/// Exact figures: a change in any of them must be looked at.
const FLOORS: &[Floor] = &[
    (
        "fluent-uri-normalize.jsonl",
        28,
        20,
        &[
            ("fluent-uri decodes %XX of non-ASCII characters in IRIs (RFC 3987 §5.3.2.3 decodes unreserved only)", 2),
            ("fluent-uri keeps an empty http path (RFC 3986 §6.2.3: it \"should be normalized to a path of \"/\"\")", 2),
            ("fluent-uri removes no dot segments from a relative reference with an absolute path", 1),
            ("fluent-uri rewrites IPv6 addresses in RFC 5952 text (not an RFC 3986 §6.2 step)", 3),
        ],
        &[
        ],
    ),
    (
        "iri-string-normalize.jsonl",
        138,
        134,
        &[
            ("iri-string keeps the case of a host with percent-encoded octets (RFC 3986 §6.2.2.1: the host is case-insensitive)", 1),
            ("iri-string removes an empty port (a scheme-based step, RFC 3986 §6.2.3) in its syntax-based normalization", 1),
            ("iri-string removes dot segments from rootless paths after a scheme (remove_dot_segments turns a/../b into /b)", 2),
        ],
        &[
        ],
    ),
    (
        "uriparser-normalize.jsonl",
        46,
        25,
        &[
            ("uriparser removes dot segments from relative-path references, keeping leading \"..\" (RFC 3986 §5.2.4 leaves relative paths to resolution)", 10),
            ("uriparser removes dot segments from rootless paths after a scheme (remove_dot_segments turns a/../b into /b)", 1),
        ],
        &[
            (MASK, 10),
        ],
    ),
    (
        "uriparser-foursuite-normalize.jsonl",
        10,
        7,
        &[
            ("uriparser removes dot segments from relative-path references, keeping leading \"..\" (RFC 3986 §5.2.4 leaves relative paths to resolution)", 3),
        ],
        &[
        ],
    ),
];

struct Tally {
    pass: usize,
    total: usize,
    skipped: BTreeMap<&'static str, usize>,
    deviations: BTreeMap<String, usize>,
}

#[test]
fn normalization_corpora() {
    if common::corpora_dir().is_none() {
        skip::note(format_args!("SKIP: ../shared/corpora not found"));
        return;
    }
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    let mut figures = Vec::new();
    for file in [
        "fluent-uri-normalize.jsonl",
        "iri-string-normalize.jsonl",
        "uriparser-normalize.jsonl",
        "uriparser-foursuite-normalize.jsonl",
    ] {
        let Some(records) = read_jsonl(file) else {
            panic!("{file} missing from ../shared/corpora");
        };
        let mut t = Tally {
            pass: 0,
            total: 0,
            skipped: BTreeMap::new(),
            deviations: BTreeMap::new(),
        };
        for (line, rec) in &records {
            t.total += 1;
            let Some(input) = rec.get("input").and_then(Json::as_str) else {
                failures.push(format!("{file}:{line}: no string input"));
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
                Outcome::Pass => t.pass += 1,
                Outcome::Deviation(name) => *t.deviations.entry(name).or_default() += 1,
                Outcome::Fail(msg) => failures.push(format!("{file}:{line}: {input:?}: {msg}")),
            }
        }
        summary.push(format!("{file}: {}/{} agree", t.pass, t.total));
        for (name, n) in &t.deviations {
            summary.push(format!("    {n} x deviation: {name}"));
        }
        for (name, n) in &t.skipped {
            summary.push(format!("    {n} x not applicable: {name}"));
        }
        figures.push((file, t));
    }
    eprintln!("{}", summary.join("\n"));
    assert!(
        failures.is_empty(),
        "{} unexplained:\n{}",
        failures.len(),
        failures.join("\n")
    );
    for (file, t) in &figures {
        let (_, total, pass, devs, skips) = FLOORS
            .iter()
            .find(|f| f.0 == *file)
            .unwrap_or_else(|| panic!("{file}: no FLOORS entry"));
        assert_eq!(
            (t.total, t.pass),
            (*total, *pass),
            "{file}: (records, agree)"
        );
        let got: Vec<(&str, usize)> = t.deviations.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        assert_eq!(&got[..], *devs, "{file}: deviations");
        let got: Vec<(&str, usize)> = t.skipped.iter().map(|(k, v)| (*k, *v)).collect();
        assert_eq!(&got[..], *skips, "{file}: skips");
    }
}

/// `Syntax::normalize` without the `alloc` feature (so that
/// `cargo test -p uridfa` runs these tests with the crate's defaults).
fn owned(syntax: Syntax, input: &str, steps: Steps) -> Result<String, NormalizeError> {
    let mut buf = vec![0u8; input.len() + 8];
    let n = match syntax.normalize_into(input, steps, &mut buf) {
        Err(NormalizeError::BufferTooSmall(uridfa::BufferTooSmall { needed })) => {
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
    Deviation(String),
    Skip(&'static str),
    Fail(String),
}

/// A named deviation: its condition holds, and the library's rule gives
/// this value.
type Deviation = (String, Option<String>);

/// Our normal form must be the literal steps (`norm`); the record must be
/// too, or be the value of the first deviation whose condition holds.
fn compare(
    syntax: Syntax,
    input: &str,
    steps: Steps,
    norm: Norm,
    expected: &str,
    deviations: &[Deviation],
) -> Outcome {
    let rfc = literal::normalize(input, norm);
    let ours = match owned(syntax, input, steps) {
        Ok(o) => o,
        Err(e) => return Outcome::Fail(format!("expected {expected:?}, {syntax} rejects: {e}")),
    };
    if ours != rfc {
        return Outcome::Fail(format!(
            "{syntax} {steps} gives {ours:?}, the literal RFC 3986 §6.2 steps {rfc:?} (record: {expected:?})"
        ));
    }
    if ours == expected {
        // The normal form is also equivalent, without being built.
        return match syntax.equivalent(input, expected, steps) {
            Ok(true) => Outcome::Pass,
            other => Outcome::Fail(format!(
                "normal form agrees but equivalent() says {other:?}"
            )),
        };
    }
    for (name, model) in deviations {
        if model.as_deref() == Some(expected) {
            return Outcome::Deviation(name.clone());
        }
    }
    Outcome::Fail(format!(
        "expected {expected:?}, {syntax} {steps} gives {ours:?} (= the literal steps); no deviation fits"
    ))
}

fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| {
        let d = s.replace("%2E", ".").replace("%2e", ".");
        d == "." || d == ".."
    })
}

/// `input` has a scheme, no authority, and a rootless path with a dot
/// segment.
fn rootless_with_dots(input: &str) -> bool {
    let p = literal::split(input);
    p.scheme.is_some()
        && p.authority.is_none()
        && !p.path.is_empty()
        && !p.path.starts_with('/')
        && has_dot_segment(&p.path)
}

/// `input` is a relative-path reference with a dot segment.
fn relative_with_dots(input: &str) -> bool {
    let p = literal::split(input);
    p.scheme.is_none()
        && p.authority.is_none()
        && !p.path.is_empty()
        && !p.path.starts_with('/')
        && has_dot_segment(&p.path)
}

/// `s` with every run of `%XX` triplets that spells UTF-8 of non-ASCII
/// characters decoded (what fluent-uri and iri-string do in IRIs).
fn decode_non_ascii(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        // The longest run of %XX with XX >= 80.
        let mut bytes = Vec::new();
        let mut j = i;
        while j + 3 <= b.len() && b[j] == b'%' {
            match u8::from_str_radix(&s[j + 1..j + 3], 16) {
                Ok(v) if v >= 0x80 => {
                    bytes.push(v);
                    j += 3;
                }
                _ => break,
            }
        }
        if !bytes.is_empty() {
            match String::from_utf8(bytes) {
                Ok(t) => out.push_str(&t),
                Err(_) => out.push_str(&s[i..j]),
            }
            i = j;
            continue;
        }
        let c = s[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

fn has_non_ascii_pct(s: &str) -> bool {
    s.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && matches!(w[1], b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F'))
}

fn named(library: &str, what: &str) -> String {
    if what.starts_with(library) {
        what.to_string()
    } else {
        format!("{library} {what}")
    }
}

/// fluent-uri 0.4.1 `normalize()`: RFC 3986 §6.2.2 and §6.2.3 (ports),
/// plus RFC 5952 IPv6 text, per its note.
fn fluent(rec: &Json, input: &str) -> Outcome {
    let expected = rec
        .get("expected")
        .and_then(Json::as_str)
        .unwrap_or_default();
    let iri = rec.get("type").and_then(Json::as_str) == Some("IriRef");
    let syntax = if iri {
        Syntax::Rfc3987
    } else {
        Syntax::Rfc3986
    };
    let norm = Norm { iri, ..Norm::ALL };
    let p = literal::split(input);
    let rfc = literal::normalize(input, norm);
    let mut devs: Vec<Deviation> = Vec::new();
    // The empty path of an http(s) URI with an authority.
    let http = p
        .scheme
        .as_deref()
        .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
    devs.push((
        HTTP_EMPTY_PATH.into(),
        (http && p.authority.is_some() && p.path.is_empty()).then(|| {
            literal::normalize(
                input,
                Norm {
                    http_slash: false,
                    ..norm
                },
            )
        }),
    ));
    // An IPv6 host, in RFC 5952 text (std's `Ipv6Addr` Display is RFC
    // 5952 §4: lower case, the longest run of zero groups as "::").
    let v6 = p.authority.as_deref().and_then(|a| {
        let (_, host, _) = literal::split_authority(a);
        let addr = host.strip_prefix('[')?.strip_suffix(']')?;
        addr.parse::<Ipv6Addr>()
            .ok()
            .map(|x| (host.to_ascii_lowercase(), x))
    });
    devs.push((
        IPV6_TEXT.into(),
        v6.map(|(host, addr)| rfc.replacen(&host, &format!("[{addr}]"), 1)),
    ));
    // A relative reference whose path starts with "/" and has dot segments.
    devs.push((
        REL_ABS_DOTS.into(),
        (p.scheme.is_none()
            && p.authority.is_none()
            && p.path.starts_with('/')
            && has_dot_segment(&p.path))
        .then(|| {
            literal::normalize(
                input,
                Norm {
                    path: false,
                    ..norm
                },
            )
        }),
    ));
    devs.push((
        named("fluent-uri", IRI_DECODE),
        (iri && has_non_ascii_pct(input)).then(|| decode_non_ascii(&rfc)),
    ));
    compare(syntax, input, Steps::ALL, norm, expected, &devs)
}

/// iri-string 0.7.14 `normalize()`: RFC 3986 §6.2.2 syntax-based
/// normalization (no scheme-based step). ASCII inputs are URIs
/// (`expected_uri`); others are IRIs (`expected_iri`; `expected_uri` is
/// their conversion to a URI, RFC 3987 §3.1, not a normalization).
fn iri_string(rec: &Json, input: &str) -> Outcome {
    let iri = !input.is_ascii();
    let (syntax, key, grammar, rule) = if iri {
        (Syntax::Rfc3987, "expected_iri", "rfc3987", "IRI-reference")
    } else {
        (Syntax::Rfc3986, "expected_uri", "rfc3986", "URI-reference")
    };
    let Some(expected) = rec.get(key).and_then(Json::as_str) else {
        return Outcome::Fail(format!("no {key}"));
    };
    if !common::abnf::matches_file(grammar, rule, input.as_bytes()) {
        return match owned(syntax, input, Steps::NONE) {
            Err(_) => Outcome::Skip(OUTSIDE),
            Ok(_) => Outcome::Fail(format!(
                "the independent recognizer rejects it under {grammar} {rule}, {syntax} accepts it"
            )),
        };
    }
    let norm = Norm {
        iri,
        ..Norm::SYNTAX
    };
    let p = literal::split(input);
    let rfc = literal::normalize(input, norm);
    let mut devs: Vec<Deviation> = Vec::new();
    let empty_port = p
        .authority
        .as_deref()
        .is_some_and(|a| literal::split_authority(a).2 == Some(""));
    devs.push((
        EMPTY_PORT.into(),
        empty_port.then(|| {
            literal::normalize(
                input,
                Norm {
                    empty_port: true,
                    ..norm
                },
            )
        }),
    ));
    devs.push((
        named("iri-string", ROOTLESS_DOTS),
        rootless_with_dots(input).then(|| {
            literal::normalize(
                input,
                Norm {
                    all_paths: true,
                    ..norm
                },
            )
        }),
    ));
    let host_pct = p
        .authority
        .as_deref()
        .is_some_and(|a| literal::split_authority(a).1.contains('%'));
    devs.push((
        HOST_PCT_CASE.into(),
        host_pct.then(|| {
            literal::normalize(
                input,
                Norm {
                    host_case: false,
                    ..norm
                },
            )
        }),
    ));
    devs.push((
        named("iri-string", IRI_DECODE),
        (iri && has_non_ascii_pct(input)).then(|| decode_non_ascii(&rfc)),
    ));
    compare(syntax, input, SYNTAX_BASED, norm, expected, &devs)
}

/// uriparser's rule for a relative path: segment by segment, "." goes,
/// ".." cancels the segment before it if there is one that is not "..",
/// and is kept otherwise; a path that ended in "." or ".." ends in "/".
fn relative_dots_removed(path: &str) -> String {
    let segs: Vec<&str> = path.split('/').collect();
    let mut out: Vec<&str> = Vec::new();
    let mut dir = false;
    for s in &segs {
        dir = false;
        match *s {
            "." => dir = true,
            ".." => {
                dir = true;
                if out.last().is_some_and(|l| *l != "..") {
                    out.pop();
                } else {
                    out.push("..");
                }
            }
            s => out.push(s),
        }
    }
    let mut r = out.join("/");
    if dir && !r.is_empty() {
        r.push('/');
    }
    r
}

/// `input` (a relative-path reference) normalized by `norm`, with its path
/// run through [`relative_dots_removed`].
fn uriparser_relative(input: &str, norm: Norm) -> String {
    let n = literal::normalize(input, norm);
    let p = literal::split(&n);
    literal::recompose(&literal::Parts {
        path: relative_dots_removed(&p.path),
        ..p
    })
}

/// uriparser's dot-segment rule on relative and rootless paths.
fn uriparser_devs(input: &str, norm: Norm) -> Vec<Deviation> {
    let all = literal::normalize(
        input,
        Norm {
            all_paths: true,
            ..norm
        },
    );
    vec![
        (
            named("uriparser", ROOTLESS_DOTS),
            rootless_with_dots(input).then_some(all),
        ),
        (
            named("uriparser", RELATIVE_DOTS),
            relative_with_dots(input).then(|| uriparser_relative(input, norm)),
        ),
    ]
}

/// uriparser `uriNormalizeSyntax[Ex]`: RFC 3986 §6.2.2; with a mask, only
/// some components.
fn uriparser(rec: &Json, input: &str) -> Outcome {
    let expected = rec
        .get("expected")
        .and_then(Json::as_str)
        .unwrap_or_default();
    let (steps, norm) = match rec.get("mask").and_then(Json::as_str) {
        None => (SYNTAX_BASED, Norm::SYNTAX),
        Some("URI_NORMALIZE_PATH") => (Steps::PATH, Norm::PATH),
        Some(_) => return Outcome::Skip(MASK),
    };
    let devs = uriparser_devs(input, norm);
    compare(Syntax::Rfc3986, input, steps, norm, expected, &devs)
}

/// 4Suite's `uriEqualsUri` cases, through uriparser: equivalence under
/// syntax-based normalization. Ours must say what the literal steps say
/// of the two normal forms.
fn foursuite(rec: &Json, input: &str) -> Outcome {
    let expected = rec
        .get("expected")
        .and_then(Json::as_str)
        .unwrap_or_default();
    let norm = Norm::SYNTAX;
    let rfc = literal::normalize(input, norm) == literal::normalize(expected, norm);
    let ours = Syntax::Rfc3986.equivalent(input, expected, SYNTAX_BASED);
    if ours != Ok(rfc) {
        return Outcome::Fail(format!(
            "{expected:?}: equivalent() says {ours:?}, the literal RFC 3986 §6.2.2 steps {rfc}"
        ));
    }
    if rfc {
        return Outcome::Pass;
    }
    let all = Norm {
        all_paths: true,
        ..norm
    };
    if rootless_with_dots(input)
        && literal::normalize(input, all) == literal::normalize(expected, all)
    {
        return Outcome::Deviation(named("uriparser", ROOTLESS_DOTS));
    }
    if relative_with_dots(input)
        && uriparser_relative(input, norm) == uriparser_relative(expected, norm)
    {
        return Outcome::Deviation(named("uriparser", RELATIVE_DOTS));
    }
    Outcome::Fail(format!(
        "{expected:?}: not equivalent under the literal steps, and no deviation fits"
    ))
}
