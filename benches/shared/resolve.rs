//! The checks of `benches/resolve.rs`, shared with `tests/bench_checks.rs`
//! (both include this file with `#[path]`), so that what the bench asserts
//! before timing also runs in CI.
//!
//! [`check`] takes the corpus pairs that uridfa, iri-string and fluent-uri
//! all resolve, and asserts that the three give the same output, except on
//! a pair in one of the named, counted classes of [`Difference`] (each a
//! narrow condition on the input, from `tests/resolve_corpora.rs`);
//! [`check_normalize`] does the same for normalization of the bases and
//! targets.

#![allow(dead_code)]

use iri_string::resolve::FixedBaseResolver;
use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
use uridfa::normalize::{normalize_into, Steps};
use uridfa::resolve::{resolve_into, Options};

/// The pairs of the resolution corpora: each JSON Lines record with
/// string members `base` and `ref` (read with serde_json; other records,
/// such as those without a `ref`, are left out).
pub fn corpus_pairs() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpora");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("resolve bench: {dir} not found; nothing to measure");
        return Vec::new();
    };
    let mut names: Vec<_> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".jsonl") && n.contains("resolve"))
        .collect();
    names.sort();
    let mut pairs = Vec::new();
    for name in names {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap_or_default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let record: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{dir}/{name}: not a JSON record ({e}): {line}"));
            if let (Some(b), Some(r)) = (record["base"].as_str(), record["ref"].as_str()) {
                pairs.push((b.to_owned(), r.to_owned()));
            }
        }
    }
    pairs
}

pub fn ours(b: &str, r: &str, buf: &mut [u8]) -> Option<usize> {
    resolve_into(b, r, Options::default(), buf).ok()
}

pub fn iri(b: &str, r: &str, buf: &mut [u8]) -> Option<usize> {
    let base = UriAbsoluteStr::new(b).ok()?;
    let reference = UriReferenceStr::new(r).ok()?;
    let resolved = FixedBaseResolver::new(base).resolve(reference);
    iri_string::format::write_to_slice(buf, &resolved)
        .ok()
        .map(str::len)
}

pub fn fluent(b: &str, r: &str) -> Option<usize> {
    let base = fluent_uri::Uri::parse(b).ok()?;
    let reference = fluent_uri::UriRef::parse(r).ok()?;
    reference
        .resolve_against(&base)
        .ok()
        .map(|u| u.as_str().len())
}

pub fn ours_normalize(s: &str, buf: &mut [u8]) -> Option<usize> {
    normalize_into(s, Steps::ALL, buf).ok()
}

pub fn iri_normalize(s: &str, buf: &mut [u8]) -> Option<usize> {
    let u = iri_string::types::UriStr::new(s).ok()?;
    iri_string::format::write_to_slice(buf, &u.normalize())
        .ok()
        .map(str::len)
}

pub fn fluent_normalize(s: &str) -> Option<usize> {
    Some(fluent_uri::Uri::parse(s).ok()?.normalize().as_str().len())
}

/// `f`'s output as a string (`f` writes into a buffer and returns the
/// length).
fn into_string(f: impl FnOnce(&mut [u8]) -> Option<usize>) -> Option<String> {
    let mut buf = vec![0u8; 4096];
    let n = f(&mut buf)?;
    Some(String::from_utf8_lossy(&buf[..n]).into_owned())
}

/// fluent-uri's resolution, as a string.
pub fn fluent_string(b: &str, r: &str) -> Option<String> {
    let base = fluent_uri::Uri::parse(b).ok()?;
    let reference = fluent_uri::UriRef::parse(r).ok()?;
    Some(reference.resolve_against(&base).ok()?.as_str().to_string())
}

/// fluent-uri's normalization, as a string.
pub fn fluent_normalize_string(s: &str) -> Option<String> {
    Some(
        fluent_uri::Uri::parse(s)
            .ok()?
            .normalize()
            .as_str()
            .to_string(),
    )
}

/// The path of `u` (RFC 3986 Appendix B).
fn path_of(u: &str) -> &str {
    let mut rest = u;
    if let Some(i) = rest.find([':', '/', '?', '#']) {
        if i > 0 && rest.as_bytes()[i] == b':' {
            rest = &rest[i + 1..];
        }
    }
    if let Some(r) = rest.strip_prefix("//") {
        rest = &r[r.find(['/', '?', '#']).unwrap_or(r.len())..];
    }
    &rest[..rest.find(['?', '#']).unwrap_or(rest.len())]
}

/// A path segment that is "." or ".." once `%2E` is read as ".", spelt with
/// a `%2E`.
fn encoded_dot_segment(path: &str) -> bool {
    path.split('/').any(|seg| {
        let d = seg.replace("%2E", ".").replace("%2e", ".");
        d != seg && (d == "." || d == "..")
    })
}

fn dot_segment(path: &str) -> bool {
    path.split('/').any(|seg| seg == "." || seg == "..")
}

/// Why a peer's resolution may differ from ours: the named deviations of
/// `tests/resolve_corpora.rs`, by input condition.
fn resolve_difference(b: &str, r: &str, peer: &str) -> Option<&'static str> {
    if encoded_dot_segment(path_of(b)) || encoded_dot_segment(path_of(r)) {
        return Some(if peer == "iri-string" {
            "iri-string: %2E taken as \".\" in dot segments"
        } else {
            "fluent-uri: %2E taken as \".\" in dot segments"
        });
    }
    let scheme = r
        .find([':', '/', '?', '#'])
        .is_some_and(|i| i > 0 && r.as_bytes()[i] == b':');
    // The target's path comes from the base path (merged, or taken as is
    // for "", "?q" and "#f"): fluent-uri removes the base's dot segments
    // (src/resolve.rs: "Make sure that swapping the order of resolution
    // and normalization does not change the result"); RFC 3986 §5.2.2
    // takes Base.path as is when R.path is empty.
    let from_base = !scheme && !r.starts_with('/');
    if peer == "fluent-uri" && from_base && dot_segment(path_of(b)) {
        return Some(
            "fluent-uri: dot segments of the base path removed when the path comes from the base",
        );
    }
    // A reference with a scheme and a rootless path: fluent-uri keeps its
    // dot segments; RFC 3986 §5.2.2 applies remove_dot_segments
    // (`foo:.` -> `foo:`).
    let rootless = !path_of(r).starts_with('/') && !r.contains("://");
    if peer == "fluent-uri" && scheme && rootless && dot_segment(path_of(r)) {
        return Some("fluent-uri: no dot segments removed from a rootless path with a scheme");
    }
    None
}

/// What [`check`] found: the pairs all three resolve, how many give one
/// output, and the differences by class.
pub struct Checked {
    pub pairs: Vec<(String, String)>,
    pub same: usize,
    pub differences: std::collections::BTreeMap<&'static str, usize>,
}

/// Resolves every pair of `all` with the three libraries; keeps the pairs
/// all three resolve; asserts that their outputs are equal except for the
/// named classes, which are counted.
///
/// # Panics
///
/// On an output difference outside the named classes.
pub fn check(all: &[(String, String)]) -> Checked {
    let mut buf = vec![0u8; 4096];
    let mut out = Checked {
        pairs: Vec::new(),
        same: 0,
        differences: Default::default(),
    };
    let mut unexplained = Vec::new();
    for (b, r) in all {
        let o = into_string(|buf| ours(b, r, buf));
        let i = into_string(|buf| iri(b, r, buf));
        let f = fluent_string(b, r);
        let (Some(o), Some(i), Some(f)) = (o, i, f) else {
            continue;
        };
        assert!(ours(b, r, &mut buf).is_some());
        out.pairs.push((b.clone(), r.clone()));
        if o == i && o == f {
            out.same += 1;
            continue;
        }
        for (peer, theirs) in [("iri-string", &i), ("fluent-uri", &f)] {
            if *theirs == o {
                continue;
            }
            match resolve_difference(b, r, peer) {
                Some(class) => *out.differences.entry(class).or_default() += 1,
                None => unexplained.push(format!("{b:?} + {r:?}: uridfa {o:?}, {peer} {theirs:?}")),
            }
        }
    }
    eprintln!(
        "resolve check: {} of {} corpus pairs resolved by all three; {} give one output",
        out.pairs.len(),
        all.len(),
        out.same
    );
    for (class, n) in &out.differences {
        eprintln!("    {n} x {class}");
    }
    assert!(
        unexplained.is_empty(),
        "resolution outputs differ:\n{}",
        unexplained.join("\n")
    );
    out
}

/// uridfa's normalization with `steps`, as a string.
pub fn ours_normalize_string(s: &str, steps: Steps) -> Option<String> {
    into_string(|buf| normalize_into(s, steps, buf).ok())
}

/// iri-string's normalization, as a string.
pub fn iri_normalize_string(s: &str) -> Option<String> {
    into_string(|buf| iri_normalize(s, buf))
}

/// Why a peer's normal form may differ from ours (the named deviations of
/// `tests/normalize_corpora.rs`, by input condition). iri-string is
/// compared with our syntax-based steps (what it does), fluent-uri with
/// all of them.
fn normalize_difference(s: &str, peer: &str) -> Option<&'static str> {
    let authority = {
        let rest = &s[s.find(':').map_or(0, |i| i + 1)..];
        rest.strip_prefix("//")
            .map(|r| &r[..r.find(['/', '?', '#']).unwrap_or(r.len())])
    };
    let host_port = authority.map(|a| &a[a.rfind('@').map_or(0, |i| i + 1)..]);
    if peer == "iri-string" && host_port.is_some_and(|h| h.ends_with(':')) {
        return Some("iri-string: an empty port removed by its syntax-based normalization");
    }
    if peer == "iri-string" && host_port.is_some_and(|h| !h.starts_with('[') && h.contains('%')) {
        return Some("iri-string: the case of a host with percent-encoded octets kept");
    }
    let path = path_of(s);
    if peer == "iri-string"
        && authority.is_none()
        && !path.is_empty()
        && !path.starts_with('/')
        && dot_segment(path)
    {
        return Some("iri-string: dot segments removed from a rootless path (a/.. becomes /)");
    }
    if peer == "fluent-uri" && host_port.is_some_and(|h| h.starts_with('[')) {
        return Some("fluent-uri: IPv6 addresses in RFC 5952 text");
    }
    if peer == "fluent-uri"
        && authority.is_some()
        && path_of(s).is_empty()
        && (s.starts_with("http:") || s.starts_with("https:"))
    {
        return Some("fluent-uri: an empty http path kept");
    }
    None
}

/// What [`check_normalize`] found.
pub struct CheckedNormalize {
    pub inputs: Vec<String>,
    pub same: usize,
    pub differences: std::collections::BTreeMap<&'static str, usize>,
}

/// Normalizes every base and every target of `pairs` that all three
/// accept; asserts that iri-string equals our syntax-based steps and
/// fluent-uri equals all our steps, except for the named classes, which
/// are counted.
///
/// # Panics
///
/// On a difference outside the named classes.
pub fn check_normalize(pairs: &[(String, String)]) -> CheckedNormalize {
    let mut inputs: Vec<String> = Vec::new();
    for (b, r) in pairs {
        inputs.push(b.clone());
        if let Some(t) = into_string(|buf| ours(b, r, buf)) {
            inputs.push(t);
        }
    }
    inputs.sort();
    inputs.dedup();
    let mut out = CheckedNormalize {
        inputs: Vec::new(),
        same: 0,
        differences: Default::default(),
    };
    let mut unexplained = Vec::new();
    let syntax = Steps::CASE | Steps::PCT | Steps::PATH;
    for s in inputs {
        let (Some(all), Some(syn), Some(i), Some(f)) = (
            ours_normalize_string(&s, Steps::ALL),
            ours_normalize_string(&s, syntax),
            iri_normalize_string(&s),
            fluent_normalize_string(&s),
        ) else {
            continue;
        };
        if syn == i && all == f {
            out.same += 1;
        }
        for (peer, o, theirs) in [("iri-string", &syn, &i), ("fluent-uri", &all, &f)] {
            if o == theirs {
                continue;
            }
            match normalize_difference(&s, peer) {
                Some(class) => *out.differences.entry(class).or_default() += 1,
                None => unexplained.push(format!("{s:?}: uridfa {o:?}, {peer} {theirs:?}")),
            }
        }
        out.inputs.push(s);
    }
    eprintln!(
        "normalize check: {} distinct bases and targets normalized by all three; {} give one output",
        out.inputs.len(),
        out.same
    );
    for (class, n) in &out.differences {
        eprintln!("    {n} x {class}");
    }
    assert!(
        unexplained.is_empty(),
        "normalization outputs differ:\n{}",
        unexplained.join("\n")
    );
    out
}
