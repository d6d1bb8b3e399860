//! The third-party resolution corpora (`../shared/corpora/*resolve*.jsonl`,
//! plus the two RFC example files) under the `rfc3986` algorithm, with a
//! pass figure per file.
//!
//! Where a record's expected value differs from ours, the difference must
//! belong to a *named* deliberate deviation of the library that wrote the
//! record (see the corpus README: "where a record's `note` field says so,
//! the RFC text decides"); each deviation is recognised by its own
//! condition, counted and printed. Any other difference fails the test.
//! Records with `backward_compatible_mode: true` (uriparser's
//! `URI_RESOLVE_IDENTICAL_SCHEME_COMPAT`) run under `rfc3986-nonstrict`,
//! the RFC 3986 §5.2.2 non-strict form they test.

mod common;

use std::collections::BTreeMap;

use common::{read_jsonl, Json};
use uridfa::resolve::{resolve_into, Algorithm, Options, ResolveError};

fn res(base: &str, r: &str, o: Options) -> Result<String, ResolveError> {
    let mut buf = vec![0u8; base.len() + r.len() + 8];
    let n = match resolve_into(base, r, o, &mut buf) {
        Err(ResolveError::BufferTooSmall { needed }) => {
            buf = vec![0u8; needed];
            resolve_into(base, r, o, &mut buf)?
        }
        other => other?,
    };
    Ok(String::from_utf8(buf[..n].to_vec()).expect("UTF-8"))
}

/// The library a corpus file comes from.
fn library(file: &str) -> &'static str {
    [
        "fluent-uri",
        "iri-string",
        "uriparser",
        "rfc2396",
        "rfc3986",
    ]
    .into_iter()
    .find(|l| file.starts_with(l))
    .unwrap_or("?")
}

/// The deliberate deviations recorded in the corpora, each with the
/// condition that recognises it. Returns its name, or `None`.
fn deviation(file: &str, rec: &Json, ours: &Result<String, ResolveError>) -> Option<String> {
    let lib = library(file);
    let base = rec.get("base")?.as_str()?;
    let r = rec.get("ref")?.as_str()?;
    let expected = rec.get("expected").and_then(Json::as_str);
    let error = rec.get("expected_error").and_then(Json::as_str);
    let named = |what: &str| Some(format!("{lib}: {what}"));
    // fluent-uri refuses a base with a fragment; RFC 3986 §5.1 says the
    // base is used "stripped of any fragment component".
    if error == Some("BaseWithFragment") && base.contains('#') && ours.is_ok() {
        return named("a base with a fragment is an error (RFC 3986 §5.1 strips the fragment)");
    }
    // fluent-uri refuses a relative reference against a base with neither
    // authority nor rooted path; §5.2.3 merges anyway.
    if error == Some("InvalidReferenceAgainstOpaqueBase") && !base.contains(":/") && ours.is_ok() {
        return named(
            "a relative reference against an opaque base is an error (RFC 3986 §5.2.3 merges)",
        );
    }
    let (Some(e), Ok(o)) = (expected, ours) else {
        return None;
    };
    let colon = o.find(':')?;
    let (scheme, path) = o.split_at(colon + 1);
    // Percent-encoded dots taken as dots.
    if format!("{base} {r}").to_ascii_lowercase().contains("%2e") {
        return named(
            "%2E taken as \".\" during resolution (RFC 3986 §5.2.4 works on the raw string)",
        );
    }
    // A rootless merged path kept rootless: §5.2.4 step C turns
    // "a/../c" into "/c" (it removes "a" and leaves the "/").
    if !base.contains(":/") && path.starts_with('/') && *e == format!("{scheme}{}", &path[1..]) {
        return named(
            "a rootless path stays rootless after \"..\" (RFC 3986 §5.2.4 step C leaves \"/\")",
        );
    }
    // The base's own dot segments removed before merging: §5.2.1 makes
    // normalizing the base optional, the literal algorithm does not.
    if let Ok(clean) = res(
        base,
        base.split('#').next().unwrap_or(base),
        Options::new(Algorithm::Rfc3986),
    ) {
        if clean != base && res(&clean, r, Options::new(Algorithm::Rfc3986)).as_deref() == Ok(e) {
            return named("dot segments of the base path removed before merging (optional per RFC 3986 §5.2.1)");
        }
    }
    // The RFC example files: the "http:g" row's second answer, and
    // "(current document)" transcribed as the reference itself.
    if lib.starts_with("rfc") && r == "http:g" && e == "http://a/b/c/g" {
        return named(
            "the file records the \"for backward compatibility\" answer of the http:g row",
        );
    }
    if lib.starts_with("rfc") && (r.is_empty() || r.starts_with('#')) && e == r {
        return named("the file writes \"(current document)\" as the reference itself");
    }
    None
}

#[test]
fn resolution_corpora_under_rfc3986() {
    let Some(dir) = common::corpora_dir() else {
        eprintln!("SKIP: ../shared/corpora not found");
        return;
    };
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("read corpora dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".jsonl") && (n.contains("resolve") || n.contains("examples")))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    for file in &files {
        let Some(records) = read_jsonl(file) else {
            continue;
        };
        // RFC 2396's own examples belong to the rfc2396 algorithm.
        let algorithm = if file.starts_with("rfc2396") {
            Algorithm::Rfc2396
        } else {
            Algorithm::Rfc3986
        };
        let (mut pass, mut total) = (0, 0);
        let mut deviations: BTreeMap<String, usize> = BTreeMap::new();
        for (line, rec) in &records {
            let (Some(base), Some(r)) = (
                rec.get("base").and_then(Json::as_str),
                rec.get("ref").and_then(Json::as_str),
            ) else {
                continue;
            };
            total += 1;
            let compat = rec.get("backward_compatible_mode").and_then(Json::as_bool) == Some(true);
            let a = if compat {
                Algorithm::Rfc3986NonStrict
            } else {
                algorithm
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
            } else if let Some(name) = deviation(file, rec, &ours) {
                *deviations.entry(name).or_default() += 1;
            } else {
                failures.push(format!(
                    "{file}:{line}: {base:?} + {r:?}: expected {expected:?}, {a} gives {ours:?}"
                ));
            }
        }
        summary.push(format!("{file}: {pass}/{total} agree under {algorithm}"));
        for (name, n) in deviations {
            summary.push(format!("    {n} x deviation: {name}"));
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
