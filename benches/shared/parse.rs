//! The checks of `benches/parse.rs`, shared with `tests/bench_checks.rs`
//! (both include this file with `#[path]`), so that what the bench asserts
//! before timing also runs in CI on a sample.
//!
//! [`Corpus`] is a named list of inputs; [`validate`] and [`split`] hold one
//! function per parser; [`check`] runs every parser once over a corpus and
//! asserts that uridfa (both entry points) and fluent-uri, the strict RFC
//! 3986 peer, accept the same inputs and return the same component lengths,
//! and that each peer's split accepts what its validation accepts.

#![allow(dead_code)]

use std::hint::black_box;
use std::str::FromStr;

use uridfa::rfc3986::tables::{self, CAPTURE_LEN};
use uridfa::rfc3986::UriRef;

/// The real-URL corpus, relative to this crate.
pub const KASZTP: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpora/urls/kasztp.txt"
);
/// Our own fallback corpus, used when [`KASZTP`] is absent.
pub const SYNTHETIC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/synthetic.txt");

/// Our own query-heavy corpus (`benches/data/gen_queries.py`, which
/// documents its distributions): 2,000 URLs, each with a query, about 240
/// bytes and 15 escapes each.
pub const QUERIES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/queries.txt");

/// A named input: lines, and their total length in bytes.
pub struct Corpus {
    pub name: &'static str,
    pub lines: Vec<&'static str>,
    pub bytes: u64,
}

impl Corpus {
    pub fn new(name: &'static str, lines: Vec<&'static str>) -> Corpus {
        let bytes = lines.iter().map(|l| l.len() as u64).sum();
        Corpus { name, lines, bytes }
    }

    /// `kasztp`, or the synthetic fallback with a visible message.
    pub fn load() -> Corpus {
        let (name, text) = match std::fs::read_to_string(KASZTP) {
            Ok(text) => ("kasztp", text),
            Err(e) => {
                eprintln!(
                    "\n*** benches/parse.rs: cannot read {KASZTP} ({e});\n\
                     *** falling back to {SYNTHETIC} (groups are named */synthetic)\n"
                );
                let text = std::fs::read_to_string(SYNTHETIC)
                    .unwrap_or_else(|e| panic!("cannot read {SYNTHETIC}: {e}"));
                ("synthetic", text)
            }
        };
        let text: &'static str = Box::leak(text.into_boxed_str());
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines = text.lines().filter(|l| !l.is_empty()).collect();
        Corpus::new(name, lines)
    }

    /// The query-heavy corpus ([`QUERIES`], committed).
    pub fn queries() -> Corpus {
        let text = std::fs::read_to_string(QUERIES)
            .unwrap_or_else(|e| panic!("cannot read {QUERIES}: {e}"));
        let text: &'static str = Box::leak(text.into_boxed_str());
        Corpus::new("queries", text.lines().filter(|l| !l.is_empty()).collect())
    }

    /// One URI with a 4 KiB query of `a=b&` pairs.
    pub fn query4k() -> Corpus {
        let mut uri = String::from("http://example.com/path?");
        uri.push_str(&"a=b&".repeat(1024));
        Corpus::new("query4k", vec![Box::leak(uri.into_boxed_str())])
    }

    /// One URI with a 4 KiB percent-encoded query: `key=value&x=%41b`
    /// repeated, one escape in every sixteen bytes.
    pub fn query4k_pct() -> Corpus {
        let mut uri = String::from("http://example.com/path?");
        uri.push_str(&"key=value&x=%41b".repeat(256));
        Corpus::new("query4k_pct", vec![Box::leak(uri.into_boxed_str())])
    }
}

/// Validation only: accept or reject.
pub mod validate {
    use super::*;

    pub fn uridfa(s: &str) -> bool {
        UriRef::is_valid(s.as_bytes())
    }

    pub fn uridfa_runtime(s: &str) -> bool {
        uridfa::runtime::validate(&tables::URI_REFERENCE, s.as_bytes()).is_ok()
    }

    pub fn fluent_uri(s: &str) -> bool {
        fluent_uri::UriRef::parse(s).is_ok()
    }

    pub fn iri_string(s: &str) -> bool {
        iri_string::types::UriReferenceStr::new(s).is_ok()
    }

    pub fn oxiri(s: &str) -> bool {
        oxiri::IriRef::parse(s).is_ok()
    }

    pub fn uriparse(s: &str) -> bool {
        uriparse::URIReference::try_from(s).is_ok()
    }

    pub fn http(s: &str) -> bool {
        http::Uri::try_from(s).is_ok()
    }

    pub fn url(s: &str) -> bool {
        url::Url::parse(s).is_ok()
    }
}

/// Parse, then read every component the parser offers: `Some(sum of the
/// component lengths)`, or `None` if rejected.
pub mod split {
    use super::*;

    fn len(s: Option<&str>) -> usize {
        s.map_or(0, str::len)
    }

    pub fn uridfa(s: &str) -> Option<usize> {
        let r = UriRef::parse(s).ok()?;
        Some(
            len(r.scheme())
                + len(r.authority())
                + len(r.userinfo())
                + len(r.host())
                + len(r.port())
                + r.path().len()
                + len(r.query())
                + len(r.fragment()),
        )
    }

    pub fn uridfa_runtime(s: &str) -> Option<usize> {
        let caps =
            uridfa::runtime::split::<CAPTURE_LEN>(&tables::URI_REFERENCE, s.as_bytes()).ok()?;
        let len = |i: usize| caps.get(i).map_or(0, |(s, e)| e - s);
        Some(
            len(tables::SCHEME)
                + len(tables::AUTHORITY)
                + len(tables::USERINFO)
                + len(tables::HOST)
                + len(tables::PORT)
                + len(tables::PATH)
                + len(tables::QUERY)
                + len(tables::FRAGMENT),
        )
    }

    pub fn fluent_uri(s: &str) -> Option<usize> {
        let r = fluent_uri::UriRef::parse(s).ok()?;
        let mut n = r.scheme().map_or(0, |s| s.as_str().len());
        if let Some(a) = r.authority() {
            n += a.as_str().len()
                + a.userinfo().map_or(0, |u| u.as_str().len())
                + a.host().len()
                + a.port().map_or(0, |p| p.as_str().len());
        }
        Some(
            n + r.path().as_str().len()
                + r.query().map_or(0, |q| q.as_str().len())
                + r.fragment().map_or(0, |f| f.as_str().len()),
        )
    }

    pub fn iri_string(s: &str) -> Option<usize> {
        let r = iri_string::types::UriReferenceStr::new(s).ok()?;
        let mut n = len(r.scheme_str()) + len(r.authority_str());
        if let Some(a) = r.authority_components() {
            n += len(a.userinfo()) + a.host().len() + len(a.port());
        }
        Some(n + r.path_str().len() + len(r.query_str()) + len(r.fragment_str()))
    }

    pub fn oxiri(s: &str) -> Option<usize> {
        let r = oxiri::IriRef::parse(s).ok()?;
        Some(
            len(r.scheme())
                + len(r.authority())
                + r.path().len()
                + len(r.query())
                + len(r.fragment()),
        )
    }

    pub fn uriparse(s: &str) -> Option<usize> {
        use uriparse::Host;
        let r = uriparse::URIReference::try_from(s).ok()?;
        let mut n = r.scheme().map_or(0, |s| s.as_str().len());
        if let Some(a) = r.authority() {
            n += a.username().map_or(0, |u| u.as_str().len())
                + a.password().map_or(0, |p| p.as_str().len())
                + match a.host() {
                    Host::RegisteredName(name) => name.as_str().len(),
                    Host::IPv4Address(_) | Host::IPv6Address(_) => 1,
                }
                + usize::from(a.port().is_some());
        }
        n += r
            .path()
            .segments()
            .iter()
            .map(|s| s.as_str().len())
            .sum::<usize>();
        Some(
            n + r.query().map_or(0, |q| q.as_str().len())
                + r.fragment().map_or(0, |f| f.as_str().len()),
        )
    }

    pub fn http(s: &str) -> Option<usize> {
        let r = http::Uri::from_str(s).ok()?;
        let mut n = len(r.scheme_str());
        if let Some(a) = r.authority() {
            n += a.as_str().len() + a.host().len() + a.port().map_or(0, |p| p.as_str().len());
        }
        Some(n + r.path().len() + len(r.query()))
    }

    pub fn url(s: &str) -> Option<usize> {
        let r = url::Url::parse(s).ok()?;
        Some(
            r.scheme().len()
                + r.authority().len()
                + r.username().len()
                + len(r.password())
                + len(r.host_str())
                + usize::from(r.port().is_some())
                + r.path().len()
                + len(r.query())
                + len(r.fragment()),
        )
    }
}

/// How many of `lines` `f` accepts. Every input goes through
/// [`black_box`], so nothing is hoisted out of the timed loop.
#[inline(always)]
pub fn count_valid(lines: &[&str], f: impl Fn(&str) -> bool) -> usize {
    let mut n = 0;
    for &s in lines {
        n += usize::from(f(black_box(s)));
    }
    n
}

/// How many of `lines` `f` accepts, and the sum of its component lengths.
#[inline(always)]
pub fn count_split(lines: &[&str], f: impl Fn(&str) -> Option<usize>) -> (usize, usize) {
    let (mut n, mut total) = (0, 0);
    for &s in lines {
        if let Some(len) = f(black_box(s)) {
            n += 1;
            total += len;
        }
    }
    (n, total)
}

/// The reference result of a corpus: fluent-uri's, the strict RFC 3986
/// peer, which uridfa must match exactly.
pub struct Expected {
    pub valid: usize,
    pub split: (usize, usize),
}

impl Expected {
    pub fn of(corpus: &Corpus) -> Expected {
        Expected {
            valid: count_valid(&corpus.lines, validate::fluent_uri),
            split: count_split(&corpus.lines, split::fluent_uri),
        }
    }
}

/// If uridfa disagrees with fluent-uri, show the first differing inputs.
pub fn explain(corpus: &Corpus, ours: impl Fn(&str) -> bool) {
    for (i, &s) in corpus.lines.iter().enumerate() {
        let theirs = validate::fluent_uri(s);
        if ours(s) != theirs {
            eprintln!(
                "  line {}: uridfa {}, fluent-uri {}: {s:?}",
                i + 1,
                if ours(s) { "accepts" } else { "rejects" },
                if theirs { "accepts" } else { "rejects" },
            );
        }
    }
}

/// Every parser's figures on one corpus: what [`check`] asserted.
pub struct Report {
    /// (parser, accepted by its validation, accepted by its split,
    /// component bytes of its split).
    pub rows: Vec<(&'static str, usize, usize, usize)>,
}

/// One parser: its name, its validation and its split.
pub type Parser = (&'static str, fn(&str) -> bool, fn(&str) -> Option<usize>);

/// Every parser of the bench, uridfa's first, fluent-uri third.
pub const PARSERS: [Parser; 8] = [
    ("uridfa", validate::uridfa, split::uridfa),
    (
        "uridfa-runtime",
        validate::uridfa_runtime,
        split::uridfa_runtime,
    ),
    ("fluent-uri", validate::fluent_uri, split::fluent_uri),
    ("iri-string", validate::iri_string, split::iri_string),
    ("oxiri", validate::oxiri, split::oxiri),
    ("uriparse", validate::uriparse, split::uriparse),
    ("http", validate::http, split::http),
    ("url", validate::url, split::url),
];

/// Runs every parser over `corpus` once and asserts the bench's claims:
/// uridfa, uridfa-runtime and fluent-uri accept the same number of
/// inputs (by validation and by split) and return the same component
/// bytes; every peer's split accepts what its validation accepts. Prints
/// each parser's figures to stderr.
///
/// # Panics
///
/// If a claim fails (after printing the first differing inputs).
pub fn check(corpus: &Corpus) -> Report {
    let want = Expected::of(corpus);
    let mut rows = Vec::new();
    for (name, v, s) in PARSERS {
        let valid = count_valid(&corpus.lines, v);
        let (n, total) = count_split(&corpus.lines, s);
        eprintln!(
            "{:>32}: validate accepts {valid} of {}; split accepts {n}, component bytes {total}",
            format!("{}/{name}", corpus.name),
            corpus.lines.len()
        );
        if name.starts_with("uridfa") || name == "fluent-uri" {
            if valid != want.valid || n != want.split.0 {
                explain(corpus, v);
            }
            assert_eq!(
                valid, want.valid,
                "{name} on {}: accepted count",
                corpus.name
            );
            assert_eq!(
                (n, total),
                want.split,
                "{name} on {}: split accepted count and component bytes",
                corpus.name
            );
        }
        assert_eq!(
            n, valid,
            "{name} on {}: split accepts what validation accepts",
            corpus.name
        );
        rows.push((name, valid, n, total));
    }
    Report { rows }
}
