//! Shared helpers of the RFC 3986 integration tests: a tiny JSON reader for
//! the third-party corpora in `../shared/corpora` (JSON Lines), and one
//! component record ([`Comps`]) filled from any of the four RFC 3986 views.
//!
//! The JSON reader is deliberately small (no serde): objects, arrays,
//! strings with every RFC 8259 escape (surrogate pairs included), numbers,
//! booleans and null. Object member order is kept.

#![allow(dead_code)]

pub mod abnf;
pub mod literal;
pub mod skip;

use std::collections::BTreeSet;
use std::path::PathBuf;

use uridfa::rfc3986::{AbsoluteUri, HostKind, RelativeRef, Uri, UriRef};

// ---------------------------------------------------------------------------
// JSON

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// Member `key` of an object; `None` if absent or not an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// A non-negative integer.
    pub fn as_usize(&self) -> Option<usize> {
        match self {
            Json::Num(n) if *n >= 0.0 && n.fract() == 0.0 => Some(*n as usize),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    pub fn members(&self) -> &[(String, Json)] {
        match self {
            Json::Obj(m) => m,
            _ => &[],
        }
    }

    /// Parses one JSON text (surrounding whitespace allowed).
    pub fn parse(text: &str) -> Result<Json, String> {
        let mut p = JsonParser {
            s: text.as_bytes(),
            i: 0,
        };
        let v = p.value(0)?;
        p.ws();
        if p.i != p.s.len() {
            return Err(format!("trailing data at {}", p.i));
        }
        Ok(v)
    }
}

struct JsonParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl JsonParser<'_> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("JSON: {what} at byte {}", self.i))
    }

    fn eat(&mut self, lit: &str) -> Result<(), String> {
        if self.s[self.i..].starts_with(lit.as_bytes()) {
            self.i += lit.len();
            Ok(())
        } else {
            self.err(&format!("expected {lit}"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > 64 {
            return self.err("nesting too deep");
        }
        self.ws();
        match self.s.get(self.i) {
            None => self.err("unexpected end"),
            Some(b'n') => self.eat("null").map(|()| Json::Null),
            Some(b't') => self.eat("true").map(|()| Json::Bool(true)),
            Some(b'f') => self.eat("false").map(|()| Json::Bool(false)),
            Some(b'"') => self.string().map(Json::Str),
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Arr(items));
                        }
                        _ => return self.err("expected , or ]"),
                    }
                }
            }
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(Json::Obj(members));
                }
                loop {
                    self.ws();
                    if self.s.get(self.i) != Some(&b'"') {
                        return self.err("expected member name");
                    }
                    let k = self.string()?;
                    self.ws();
                    self.eat(":")?;
                    let v = self.value(depth + 1)?;
                    members.push((k, v));
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Obj(members));
                        }
                        _ => return self.err("expected , or }"),
                    }
                }
            }
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                while let Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') = self.s.get(self.i)
                {
                    self.i += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                t.parse::<f64>()
                    .map(Json::Num)
                    .map_err(|e| format!("JSON: bad number {t:?}: {e}"))
            }
            Some(_) => self.err("unexpected byte"),
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let h = self
            .s
            .get(self.i..self.i + 4)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u32::from_str_radix(h, 16).ok());
        match h {
            Some(v) => {
                self.i += 4;
                Ok(v)
            }
            None => self.err("bad \\u escape"),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1; // opening quote
        let mut out = Vec::new();
        loop {
            match self.s.get(self.i) {
                None => return self.err("unterminated string"),
                Some(b'"') => {
                    self.i += 1;
                    return String::from_utf8(out).map_err(|e| format!("JSON: {e}"));
                }
                Some(b'\\') => {
                    self.i += 1;
                    let c = self.s.get(self.i).copied();
                    self.i += 1;
                    let ch = match c {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let hi = self.hex4()?;
                            let cp = if (0xD800..0xDC00).contains(&hi) {
                                self.eat("\\u")?;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return self.err("bad low surrogate");
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            // A lone surrogate cannot be a Rust char; keep
                            // the data visible rather than fail the file.
                            char::from_u32(cp).unwrap_or('\u{FFFD}')
                        }
                        _ => return self.err("bad escape"),
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                Some(&b) => {
                    out.push(b);
                    self.i += 1;
                }
            }
        }
    }
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
                    Json::parse(l).unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1));
                (n + 1, v)
            })
            .collect(),
    )
}

/// Every string of the JSON Lines corpora.
pub fn jsonl_inputs() -> Vec<String> {
    let Some(dir) = corpora_dir() else {
        return Vec::new();
    };
    let mut set = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".jsonl") {
            for (_, rec) in read_jsonl(&name).unwrap() {
                for key in ["input", "base", "ref", "expected"] {
                    if let Some(s) = rec.get(key).and_then(Json::as_str) {
                        set.insert(s.to_string());
                    }
                }
            }
        }
    }
    set.into_iter().collect()
}

/// Every string input of the corpora, deduplicated, in a stable order.
pub fn corpora_inputs() -> Option<Vec<String>> {
    let dir = corpora_dir()?;
    let mut set = BTreeSet::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".jsonl"))
        .collect();
    names.sort();
    for name in &names {
        for (_, rec) in read_jsonl(name).unwrap() {
            for key in ["input", "base", "ref", "expected"] {
                if let Some(s) = rec.get(key).and_then(Json::as_str) {
                    set.insert(s.to_string());
                }
            }
        }
    }
    match std::fs::read_to_string(dir.join("urls/wpt-urltestdata.json")) {
        Ok(text) => {
            if let Json::Arr(items) = Json::parse(&text).expect("wpt-urltestdata.json") {
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
    match std::fs::read_to_string(dir.join("urls/kasztp.txt")) {
        Ok(text) => {
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            set.extend(
                text.lines()
                    .map(|l| l.strip_suffix('\r').unwrap_or(l))
                    .filter(|l| !l.is_empty())
                    .map(String::from),
            );
        }
        Err(_) => skip::note(format_args!("SKIPPED: urls/kasztp.txt not found")),
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

macro_rules! comps_of {
    ($r:expr) => {{
        let r = $r;
        Comps {
            scheme: r.scheme().map(String::from),
            authority: r.authority().map(String::from),
            userinfo: r.userinfo().map(String::from),
            host: r.host().map(String::from),
            host_kind: r.host_kind(),
            port: r.port().map(String::from),
            path: r.path().to_string(),
            query: r.query().map(String::from),
            fragment: r.fragment().map(String::from),
        }
    }};
}

/// Parses `input` under `rule` and collects its components.
pub fn parse(rule: Rule, input: &[u8]) -> Result<Comps, uridfa::Error> {
    Ok(match rule {
        Rule::UriRef => comps_of!(UriRef::parse_bytes(input)?),
        Rule::Uri => comps_of!(Uri::parse_bytes(input)?),
        Rule::AbsoluteUri => comps_of!(AbsoluteUri::parse_bytes(input)?),
        Rule::RelativeRef => comps_of!(RelativeRef::parse_bytes(input)?),
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

/// Removes a `;` comment outside quoted strings (ABNF, RFC 5234 §3.9), for
/// the tests that compare grammar files with the documents' text.
pub fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}
