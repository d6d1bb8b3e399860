//! The third-party resolution corpora (`../shared/corpora/*resolve*.jsonl`,
//! plus the two RFC example files) under our resolver, with a pass figure
//! per file and floors on those figures.
//!
//! Each record is checked three ways: our output against the record's
//! expected value, and both against [`common::literal`], the RFC's steps
//! written out with `String` buffers (RFC 3986 §5.2.2-5.2.4, or RFC 2396
//! §5.2 for the RFC 2396 file). Where the record differs from us, the
//! difference must be one *named* deviation of the library that wrote it:
//! a condition on the input as narrow as the behaviour, under which the
//! record equals the literal steps run on inputs rewritten by that
//! library's documented rule, while our output equals the literal steps
//! on the raw inputs. Deviations are counted, and the counts are asserted
//! (see [`FLOORS`]), so a change that turns agreements into deviations
//! fails.
//!
//! A condition reads the record's own words where it has them: its `note`
//! (iri-string's "treats %2E/%2e as \".\"", fluent-uri's "opaque-base
//! errors"), `expected_error`, `strict` and
//! `expected_is_relative_to_current_document`. fluent-uri's `%2E` and
//! base-dot rules, which its note does not name, cite its source
//! (fluent-uri 0.4.1 `src/resolve.rs`), and uriparser's rootless rule (its
//! records have no note) is named from the 4Suite cases it runs.
//!
//! Records with `"strict": false` (the RFC example files' "for backward
//! compatibility" rows) or `backward_compatible_mode: true` (uriparser's
//! `URI_RESOLVE_IDENTICAL_SCHEME_COMPAT`) run under the non-strict form of
//! RFC 3986 §5.2.2 (`rfc3986-nonstrict`); the RFC 2396 file's non-strict
//! row is a deviation of its own (our `rfc2396` algorithm is the validating
//! reading). Records marked `expected_is_relative_to_current_document`
//! write the RFC's "(current document)" as the reference itself.

use crate::common;
use common::skip;

use std::collections::BTreeMap;

use common::literal::{self, Parts};
use common::{read_jsonl, Json};
use uridfa::resolve::{resolve_into, Algorithm, Options, ResolveError};

fn res(base: &str, r: &str, o: Options) -> Result<String, ResolveError> {
    let mut buf = vec![0u8; base.len() + r.len() + 8];
    let n = match resolve_into(base, r, o, &mut buf) {
        Err(ResolveError::BufferTooSmall(uridfa::BufferTooSmall { needed })) => {
            buf = vec![0u8; needed];
            resolve_into(base, r, o, &mut buf)?
        }
        other => other?,
    };
    Ok(String::from_utf8(buf[..n].to_vec()).expect("UTF-8"))
}

/// (file, records, agree, unread, deviations by name).
type Floor = (
    &'static str,
    usize,
    usize,
    usize,
    &'static [(&'static str, usize)],
);

/// Per file: (records read, records that agree with us, records whose
/// base or reference is not a string, deviations by name). Exact: a
/// change in any figure must be looked at (and this table updated).
const FLOORS: &[Floor] = &[
    (
        "fluent-uri-resolve.jsonl",
        53,
        47,
        0,
        &[
            (PCT_DOTS, 1),
            (BASE_FRAGMENT, 1),
            (OPAQUE_BASE, 3),
            (BASE_DOTS, 1),
        ],
    ),
    ("iri-string-resolve.jsonl", 105, 94, 0, &[(PCT_DOTS, 11)]),
    (
        "rfc2396-appendixC-examples.jsonl",
        43,
        40,
        0,
        &[(C2_COMPAT, 1), (CURRENT_DOC, 2)],
    ),
    ("rfc3986-5.4-examples.jsonl", 43, 43, 0, &[]),
    (
        "uriparser-foursuite-resolve.jsonl",
        186,
        183,
        0,
        &[(ROOTLESS, 3)],
    ),
    ("uriparser-resolve.jsonl", 56, 56, 0, &[]),
];

// The deviations, by name.
const PCT_DOTS: &str =
    "%2E taken as \".\" in dot segments (RFC 3986 §5.2.4 works on the raw string)";
const BASE_FRAGMENT: &str =
    "fluent-uri: a base with a fragment is an error (RFC 3986 §5.1 strips it)";
const OPAQUE_BASE: &str =
    "fluent-uri: a relative reference against an opaque base is an error (RFC 3986 §5.2.2 merges)";
const BASE_DOTS: &str = "fluent-uri: dot segments of the base path removed before merging (optional per RFC 3986 §5.2.1)";
const ROOTLESS: &str = "uriparser: a rootless base path keeps the merged path rootless (RFC 3986 §5.2.4 step C leaves \"/\")";
const C2_COMPAT: &str = "RFC 2396 C.2: the \"for backwards compatibility\" answer of http:g";
const CURRENT_DOC: &str = "the file writes \"(current document)\" as the reference itself";

/// Whether `seg`, with every `%2E`/`%2e` read as `.`, is `.` or `..`, and
/// holds a `%2E`.
fn encoded_dot_segment(seg: &str) -> bool {
    let decoded = seg.replace("%2E", ".").replace("%2e", ".");
    decoded != seg && (decoded == "." || decoded == "..")
}

/// `path` with its `%2E`-spelt dot segments decoded to dots.
fn decode_dot_segments(path: &str) -> String {
    path.split('/')
        .map(|seg| {
            if encoded_dot_segment(seg) {
                seg.replace("%2E", ".").replace("%2e", ".")
            } else {
                seg.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn with_path(u: &str, f: impl Fn(&str) -> String) -> String {
    let p = literal::split(u);
    literal::recompose(&Parts {
        path: f(&p.path),
        ..p
    })
}

fn is_dot_segment(seg: &str) -> bool {
    seg == "." || seg == ".."
}

/// A reference that §5.2.2 resolves through `merge` (a relative-path
/// reference: no scheme, no authority, a path not starting with "/").
fn merges(r: &Parts) -> bool {
    r.scheme.is_none() && r.authority.is_none() && !r.path.is_empty() && !r.path.starts_with('/')
}

/// What the record should be: the literal steps on the raw inputs.
fn literal_of(file: &str, base: &str, r: &str, strict: bool) -> String {
    if file.starts_with("rfc2396") {
        literal::rfc2396(base, r)
    } else {
        literal::rfc3986(base, r, strict)
    }
}

/// The named deviation that explains a record we differ from, checked:
/// the record equals the library's rule (the literal steps on rewritten
/// inputs) and our output equals the literal steps on the raw inputs.
/// `Err` says why no deviation fits.
fn deviation(
    file: &str,
    rec: &Json,
    strict: bool,
    ours: &Result<String, ResolveError>,
) -> Result<&'static str, String> {
    let base = rec.get("base").and_then(Json::as_str).unwrap();
    let r = rec.get("ref").and_then(Json::as_str).unwrap();
    let expected = rec.get("expected").and_then(Json::as_str);
    let error = rec.get("expected_error").and_then(Json::as_str);
    let note = rec.get("note").and_then(Json::as_str).unwrap_or("");
    let (bp, rp) = (literal::split(base), literal::split(r));
    let rfc = literal_of(file, base, r, strict);
    if ours.as_deref() != Ok(rfc.as_str()) {
        return Err(format!("ours is not the RFC's steps either ({rfc:?})"));
    }
    let fluent = file.starts_with("fluent-uri");
    // fluent-uri 0.4.1 src/resolve.rs: `if base.has_fragment() { return
    // Err(ResolveError::BaseWithFragment) }`; RFC 3986 §5.1 uses the base
    // "stripped of any fragment component".
    if fluent && error == Some("BaseWithFragment") && bp.fragment.is_some() {
        return Ok(BASE_FRAGMENT);
    }
    // The note's "opaque-base errors": a reference other than "" or
    // "#..." without a scheme, against a base with no authority and a
    // rootless path; RFC 3986 §5.2.2/5.2.3 merge anyway.
    if fluent
        && note.contains("opaque-base errors")
        && error == Some("InvalidReferenceAgainstOpaqueBase")
        && bp.authority.is_none()
        && !bp.path.starts_with('/')
        && rp.scheme.is_none()
        && !(r.is_empty() || r.starts_with('#'))
    {
        return Ok(OPAQUE_BASE);
    }
    let Some(e) = expected else {
        return Err("the record expects an error".into());
    };
    // iri-string's note ("treats %2E/%2e as \".\" during resolution"), and
    // fluent-uri 0.4.1 src/resolve.rs `classify_segment` (a segment of
    // "." or "%2E", optionally twice, is a dot segment): a dot segment
    // spelt with %2E in the base or reference path. RFC 3986 §5.2.4 works
    // on the raw string, and §6.2.2.2 decodes only when normalizing.
    let encoded = bp
        .path
        .split('/')
        .chain(rp.path.split('/'))
        .any(encoded_dot_segment);
    if encoded && (note.contains("%2E") || fluent) {
        let b2 = with_path(base, decode_dot_segments);
        let r2 = with_path(r, decode_dot_segments);
        if literal_of(file, &b2, &r2, strict) == e {
            return Ok(PCT_DOTS);
        }
    }
    // fluent-uri 0.4.1 src/resolve.rs removes dot segments "incrementally"
    // over the base path and the reference ("Make sure that swapping the
    // order of resolution and normalization does not change the result"):
    // the base's own dot segments go before merging. RFC 3986 §5.2.1 makes
    // normalizing the base optional; §5.2.3 merges the raw path.
    if fluent && merges(&rp) && bp.path.split('/').any(is_dot_segment) {
        let b2 = with_path(base, literal::remove_dot_segments);
        if literal_of(file, &b2, r, strict) == e {
            return Ok(BASE_DOTS);
        }
    }
    // uriparser (the 4Suite cases as it runs them) keeps a merged path
    // rootless when the base path is rootless: "a/../c" becomes "c".
    // RFC 3986 §5.2.4 step C leaves the "/" ("a/../c" -> "/c").
    if file.starts_with("uriparser")
        && merges(&rp)
        && bp.authority.is_none()
        && !bp.path.is_empty()
        && !bp.path.starts_with('/')
    {
        let t = literal::split(&rfc);
        if let Some(rootless) = t.path.strip_prefix('/') {
            let want = literal::recompose(&Parts {
                path: rootless.to_string(),
                ..t
            });
            if want == e {
                return Ok(ROOTLESS);
            }
        }
    }
    // RFC 2396 Appendix C.2: `http:g = http:g (for validating parsers) |
    // http://a/b/c/g (for backwards compatibility)`; the file's
    // `"strict": false` row is the second answer, which our rfc2396
    // algorithm (the validating reading) does not give.
    if let (Some(scheme), true) = (&rp.scheme, file.starts_with("rfc2396") && !strict) {
        let scheme_len = scheme.len() + 1;
        if rp.scheme == bp.scheme && literal::rfc2396(base, &r[scheme_len..]) == e {
            return Ok(C2_COMPAT);
        }
    }
    // The RFC files' "(current document)": `expected` is the reference.
    if rec
        .get("expected_is_relative_to_current_document")
        .and_then(Json::as_bool)
        == Some(true)
        && e == r
    {
        return Ok(CURRENT_DOC);
    }
    Err("no named deviation fits".into())
}

#[test]
fn literal_steps_give_the_rfc_examples() {
    literal::self_check();
}

#[test]
fn resolution_corpora() {
    let Some(dir) = common::corpora_dir() else {
        skip::note(format_args!("SKIP: ../shared/corpora not found"));
        return;
    };
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("read corpora dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".jsonl") && (n.contains("resolve") || n.contains("examples")))
        .collect();
    files.sort();
    assert_eq!(files.len(), 6, "{files:?}");
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    let mut figures = Vec::new();
    for file in &files {
        let records = read_jsonl(file).expect("readable");
        let (mut pass, mut literal_pass, mut unread) = (0, 0, 0);
        let mut deviations: BTreeMap<&str, usize> = BTreeMap::new();
        for (line, rec) in &records {
            let (Some(base), Some(r)) = (
                rec.get("base").and_then(Json::as_str),
                rec.get("ref").and_then(Json::as_str),
            ) else {
                unread += 1;
                failures.push(format!("{file}:{line}: no string base/ref"));
                continue;
            };
            let strict = rec.get("strict").and_then(Json::as_bool) != Some(false)
                && rec.get("backward_compatible_mode").and_then(Json::as_bool) != Some(true);
            let a = match (file.starts_with("rfc2396"), strict) {
                (true, _) => Algorithm::Rfc2396,
                (false, true) => Algorithm::Rfc3986,
                (false, false) => Algorithm::Rfc3986NonStrict,
            };
            let ours = res(base, r, Options::new(a));
            let expected = rec.get("expected").and_then(Json::as_str);
            let agree = match (&ours, expected) {
                (Ok(o), Some(e)) => o == e,
                (Err(_), None) => true,
                _ => false,
            };
            if agree {
                pass += 1;
                if ours.as_deref() == Ok(literal_of(file, base, r, strict).as_str()) {
                    literal_pass += 1;
                }
                continue;
            }
            match deviation(file, rec, strict, &ours) {
                Ok(name) => *deviations.entry(name).or_default() += 1,
                Err(why) => failures.push(format!(
                    "{file}:{line}: {base:?} + {r:?}: expected {expected:?}, {a} gives {ours:?}: {why}"
                )),
            }
        }
        summary.push(format!(
            "{file}: {pass}/{} agree ({literal_pass} of them also equal the literal RFC steps); {unread} unread",
            records.len()
        ));
        for (name, n) in &deviations {
            summary.push(format!("    {n} x deviation: {name}"));
        }
        figures.push((file.clone(), records.len(), pass, unread, deviations));
    }
    eprintln!("{}", summary.join("\n"));
    assert!(
        failures.is_empty(),
        "{} unexplained:\n{}",
        failures.len(),
        failures.join("\n")
    );
    for (file, len, pass, unread, deviations) in &figures {
        let Some((_, want_len, want_pass, want_unread, want_dev)) =
            FLOORS.iter().find(|f| f.0 == file)
        else {
            panic!("{file}: no FLOORS entry");
        };
        assert_eq!(
            (len, pass, unread),
            (want_len, want_pass, want_unread),
            "{file}"
        );
        let got: Vec<(&str, usize)> = deviations.iter().map(|(k, v)| (*k, *v)).collect();
        assert_eq!(&got[..], *want_dev, "{file}: deviations");
    }
}
