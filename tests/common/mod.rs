//! Shared helpers of the RFC 3986 integration tests: reading the
//! third-party corpora in `../shared/corpora` (JSON Lines, with
//! serde_json), and one component record ([`Comps`]) filled from any of
//! the four RFC 3986 views.

#![allow(dead_code)]

pub mod abnf;
pub mod abnf_oracle;
pub mod literal;
pub mod pieces;
pub mod scale;
pub mod skip;
pub mod spec;
pub mod transcription;

use std::collections::BTreeSet;
use std::path::PathBuf;
use uridfa::prelude::*;

use uridfa::rfc3986::{AbsoluteUri, HostKind, RelativeRef, Uri, UriRef};

// ---------------------------------------------------------------------------
// JSON

/// A JSON value: serde_json's, a well-kept crate rather than a reader of
/// our own.
pub use serde_json::Value as Json;

/// What the tests ask of a JSON value beyond serde_json's accessors.
pub trait JsonExt {
    /// A non-negative integer.
    fn as_usize(&self) -> Option<usize>;
    /// An object's members, by key (empty for anything else).
    fn members(&self) -> Vec<(&str, &Json)>;
}

impl JsonExt for Json {
    fn as_usize(&self) -> Option<usize> {
        self.as_u64().and_then(|n| usize::try_from(n).ok())
    }

    fn members(&self) -> Vec<(&str, &Json)> {
        self.as_object()
            .map(|m| m.iter().map(|(k, v)| (k.as_str(), v)).collect())
            .unwrap_or_default()
    }
}

/// Parses one JSON text.
pub fn parse_json(text: &str) -> Result<Json, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------
// Data-file runners

/// Fails listing every failing row of a `tests/data` file, if any:
/// `N of M rows fail:` and one line a row.
#[track_caller]
pub fn assert_rows_pass(failures: &[String], total: usize) {
    assert!(
        failures.is_empty(),
        "{} of {total} rows fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Corpora

/// `../shared/corpora`, if present.
pub fn corpora_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpora"));
    dir.is_dir().then_some(dir)
}

/// One JSON Lines file as (1-based line number, value). Panics on a
/// malformed line: the corpus files are fixed inputs.
pub fn read_jsonl(name: &str) -> Option<Vec<(usize, Json)>> {
    let path = corpora_dir()?.join(name);
    let text = std::fs::read_to_string(&path).ok()?;
    Some(
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(n, l)| {
                let v =
                    parse_json(l).unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1));
                (n + 1, v)
            })
            .collect(),
    )
}

/// The strings of one JSON Lines corpus record that are URI references
/// (`input`, `base`, `ref`, `expected`).
fn record_inputs(rec: &Json) -> impl Iterator<Item = String> + '_ {
    ["input", "base", "ref", "expected"]
        .into_iter()
        .filter_map(|key| rec.get(key).and_then(Json::as_str).map(String::from))
}

/// The names of the JSON Lines corpora, sorted.
fn jsonl_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".jsonl"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Every string of the JSON Lines corpora, deduplicated, in a stable
/// order (empty without `../shared/corpora`).
pub fn jsonl_inputs() -> Vec<String> {
    let Some(dir) = corpora_dir() else {
        return Vec::new();
    };
    let mut set = BTreeSet::new();
    for name in jsonl_names(&dir) {
        for (_, rec) in read_jsonl(&name).unwrap() {
            set.extend(record_inputs(&rec));
        }
    }
    set.into_iter().collect()
}

/// `urls/kasztp.txt`, one URL a line, the first with a UTF-8 BOM (which
/// is dropped), or `None` when it is absent.
pub fn kasztp() -> Option<Vec<String>> {
    let path = corpora_dir()?.join("urls/kasztp.txt");
    let text = std::fs::read_to_string(path).ok()?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let urls: Vec<String> = text
        .lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l).to_string())
        .filter(|l| !l.is_empty())
        .collect();
    assert!(!urls[0].starts_with('\u{feff}'));
    Some(urls)
}

/// Every string input of the corpus records: the JSON Lines corpora and
/// the WPT URL test data (`input`, `base`, `href`), deduplicated, in a
/// stable order; `kasztp.txt` is left out (see [`corpora_inputs`]).
pub fn record_corpora_inputs() -> Option<BTreeSet<String>> {
    let dir = corpora_dir()?;
    let mut set: BTreeSet<String> = jsonl_inputs().into_iter().collect();
    match std::fs::read_to_string(dir.join("urls/wpt-urltestdata.json")) {
        Ok(text) => {
            if let Json::Array(items) = parse_json(&text).expect("wpt-urltestdata.json") {
                for item in items {
                    for key in ["input", "base", "href"] {
                        if let Some(s) = item.get(key).and_then(Json::as_str) {
                            set.insert(s.to_string());
                        }
                    }
                }
            }
        }
        Err(_) => skip::note(format_args!("SKIPPED: urls/wpt-urltestdata.json not found")),
    }
    Some(set)
}

/// Every string input of the corpora, deduplicated, in a stable order:
/// [`record_corpora_inputs`] and the URLs of `kasztp.txt`.
pub fn corpora_inputs() -> Option<Vec<String>> {
    let mut set = record_corpora_inputs()?;
    match kasztp() {
        Some(urls) => set.extend(urls),
        None => skip::note(format_args!("SKIPPED: urls/kasztp.txt not found")),
    }
    Some(set.into_iter().collect())
}

/// The ends of each `ucschar` and `iprivate` range of RFC 3987 §2.2, and
/// the code points next to them (surrogates skipped).
pub fn boundary_chars() -> Vec<char> {
    const RANGES: &[(u32, u32)] = &[
        (0xA0, 0xD7FF),
        (0xF900, 0xFDCF),
        (0xFDF0, 0xFFEF),
        (0x10000, 0x1FFFD),
        (0x20000, 0x2FFFD),
        (0x30000, 0x3FFFD),
        (0x40000, 0x4FFFD),
        (0x50000, 0x5FFFD),
        (0x60000, 0x6FFFD),
        (0x70000, 0x7FFFD),
        (0x80000, 0x8FFFD),
        (0x90000, 0x9FFFD),
        (0xA0000, 0xAFFFD),
        (0xB0000, 0xBFFFD),
        (0xC0000, 0xCFFFD),
        (0xD0000, 0xDFFFD),
        (0xE1000, 0xEFFFD),
        (0xE000, 0xF8FF),
        (0xF0000, 0xFFFFD),
        (0x100000, 0x10FFFD),
    ];
    let mut out = BTreeSet::new();
    for &(lo, hi) in RANGES {
        for cp in [lo - 1, lo, lo + 1, hi - 1, hi, hi + 1] {
            out.extend(char::from_u32(cp));
        }
    }
    out.into_iter().collect()
}

// ---------------------------------------------------------------------------
// The four RFC 3986 entry rules

/// An entry rule of `grammar/rfc3986.abnf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// `URI-reference` (§4.1)
    UriRef,
    /// `URI` (§3)
    Uri,
    /// `absolute-URI` (§4.3)
    AbsoluteUri,
    /// `relative-ref` (§4.2)
    RelativeRef,
}

/// Every component of a parsed reference, owned, so that the four views
/// compare alike.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comps {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub host_kind: Option<HostKind>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// The components of any view of `rfc3986`, by capture name (the
/// accessors' types follow each rule's presence; `View::capture` is one
/// type for all four).
fn comps_of<'a, V: GenericRef<'a>>(r: V) -> Comps {
    let get = |name: &str| r.capture(name).map(String::from);
    Comps {
        scheme: get("scheme"),
        authority: get("authority"),
        userinfo: get("userinfo"),
        host: get("host"),
        host_kind: r.host_kind(),
        port: get("port"),
        path: get("path").unwrap_or_default(),
        query: get("query"),
        fragment: get("fragment"),
    }
}

/// Parses `input` under `rule` and collects its components.
pub fn parse(rule: Rule, input: &[u8]) -> Result<Comps, uridfa::Error> {
    Ok(match rule {
        Rule::UriRef => comps_of(UriRef::parse_bytes(input)?),
        Rule::Uri => comps_of(Uri::parse_bytes(input)?),
        Rule::AbsoluteUri => comps_of(AbsoluteUri::parse_bytes(input)?),
        Rule::RelativeRef => comps_of(RelativeRef::parse_bytes(input)?),
    })
}

/// `is_valid` of `rule`; checked against `parse` so that the validating
/// and the splitting machines never disagree silently.
pub fn is_valid(rule: Rule, input: &[u8]) -> bool {
    let v = match rule {
        Rule::UriRef => UriRef::is_valid(input),
        Rule::Uri => Uri::is_valid(input),
        Rule::AbsoluteUri => AbsoluteUri::is_valid(input),
        Rule::RelativeRef => RelativeRef::is_valid(input),
    };
    assert_eq!(
        v,
        parse(rule, input).is_ok(),
        "is_valid and parse disagree on {:?} under {rule:?}",
        String::from_utf8_lossy(input)
    );
    v
}
