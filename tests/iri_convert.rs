//! `uridfa::iri`: the IRI → URI mapping of RFC 3987 §3.1 and the URI → IRI
//! conversion of §3.2.
//!
//! - The examples of §3.1 and §3.2.1, transcribed with their section.
//! - Each clause of §3.2 steps 2 to 4 on its own, with the octets and
//!   characters the text names.
//! - §3.2 against [`literal_to_iri`], the five steps written out on a
//!   vector of octets with `ucschar`/`iprivate` ranges copied from §2.2
//!   (no code shared with `uridfa::iri`, whose step 4 asks the generated
//!   tables), on the corpora, on IRIs mapped to URIs, and on URIs with
//!   random triplets.
//! - Properties stated by the RFC: §3.1 "produces URIs fully conforming to
//!   [RFC3986]", "an identity transformation for URIs and is idempotent";
//!   §3.2 "will always result in an IRI that maps back to the URI used as
//!   an input ... (except for potential case differences in
//!   percent-encoding and for potential percent-encoded unreserved
//!   characters)"; and IRI → URI → IRI gives the IRI back when the IRI
//!   has no triplet that §3.2 would decode and no character §4.1 forbids.
//! - §3.1 against iri-string 0.7 (`IriReferenceStr::encode_to_uri`) and
//!   fluent-uri 0.4 (`IriRef::to_uri_ref`) on the rfc3987 corpora of
//!   `tests/rfc3987_oracle.rs` (every corpus string, non-ASCII mutants)
//!   and on generated IRIs. Neither peer has a URI → IRI conversion.
//!
//! Reproduce the figures: `cargo test -p uridfa --test integration -- iri_convert:: --nocapture`.

use crate::common;
use common::skip;
use uridfa::prelude::*;

use std::collections::BTreeSet;

use uridfa::iri::{self, IriChunk};
use uridfa::rfc3986::UriRef;
use uridfa::rfc3987::IriRef;
use uridfa::BufferTooSmall;
use uridfa_codegen::sample::Rng;

fn to_uri(s: &str) -> String {
    iri::to_uri(s).to_string()
}

fn to_iri(s: &str) -> String {
    iri::to_iri(s).to_string()
}

// ---------------------------------------------------------------------------
// The examples of §3.1, §3.2 and §3.2.1: tests/data/iri.jsonl

/// Writes the characters outside ASCII as the RFC prints them, in XML
/// notation (`&#xE9;`), to find a row in the RFC's text.
fn xml_notation(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                format!("&#x{:X};", u32::from(c))
            }
        })
        .collect()
}

/// Every row of `tests/data/iri.jsonl` (`direction` `to_uri` or `to_iri`,
/// `input`, `expected`): the mapping gives `expected`; a `to_iri` row also
/// through [`literal_to_iri`], the five steps of §3.2 written out
/// literally; and a text marked as printed in RFC 3987 (`input_in_doc`,
/// `expected_in_doc`, in XML notation there) is found in its text.
#[test]
fn spec_rows() {
    let rows: Vec<(usize, common::Json)> = include_str!("data/iri.jsonl")
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let row =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("iri.jsonl:{}: {e}", i + 1));
            (i + 1, row)
        })
        .collect();
    let doc = common::spec::SpecText::read("rfc3987");
    let mut failures = Vec::new();
    for (line, row) in &rows {
        let text = |k: &str| {
            row[k]
                .as_str()
                .unwrap_or_else(|| panic!("iri.jsonl:{line}: no {k}"))
        };
        let (input, expected) = (text("input"), text("expected"));
        let got = match text("direction") {
            "to_uri" => to_uri(input),
            "to_iri" => {
                let oracle = literal_to_iri(input);
                if oracle != expected {
                    failures.push(format!(
                        "iri.jsonl:{line}: the literal steps give {oracle:?}"
                    ));
                }
                to_iri(input)
            }
            d => panic!("iri.jsonl:{line}: direction {d:?}"),
        };
        if got != expected {
            failures.push(format!(
                "iri.jsonl:{line}: {input:?} gives {got:?}, want {expected:?}"
            ));
        }
        if let Some(doc) = &doc {
            for (k, t) in [("input_in_doc", input), ("expected_in_doc", expected)] {
                if row[k] == true && !doc.contains(&xml_notation(t)) {
                    failures.push(format!("iri.jsonl:{line}: {t:?} is not in RFC 3987's text"));
                }
            }
        }
    }
    // The five §3.1/§3.2 URIs and the six §3.2.1/§3.2 conversions back.
    assert_eq!(rows.len(), 11, "rows of iri.jsonl");
    common::assert_rows_pass(&failures, rows.len());
}

// ---------------------------------------------------------------------------
// §3.1 examples

#[test]
fn s3_1_step_2_iprivate_and_delimiters() {
    // §3.1 step 2: "For each character in 'ucschar' or 'iprivate'"; 2.2:
    // "hexadecimal notation SHOULD use uppercase letters". U+E000 is
    // iprivate (UTF-8 EE 80 80), allowed in iquery (§2.2).
    let i = IriRef::parse("?\u{E000}#\u{A0}").unwrap();
    assert_eq!(i.to_uri().to_string(), "?%EE%80%80#%C2%A0");
    // §3.1: "the number sign ("#"), the percent sign ("%"), and the square
    // bracket characters ("[", "]") ... MUST NOT be converted".
    let s = "http://[::1]/a%25b?c#d";
    assert_eq!(to_uri(s), s);
    // "The mapping is also an identity transformation for URIs and is
    // idempotent".
    let u = to_uri("http://\u{7D0D}\u{8C46}.example.org/\u{10FFFD}?\u{10FFFD}");
    assert_eq!(
        u,
        "http://%E7%B4%8D%E8%B1%86.example.org/%F4%8F%BF%BD?%F4%8F%BF%BD"
    );
    assert_eq!(to_uri(&u), u);
}

#[test]
fn s3_1_buffers_and_chunks() {
    let s = "/\u{E9}t\u{E9}";
    assert_eq!(iri::to_uri_len(s), "/%C3%A9t%C3%A9".len());
    let mut small = [0xAAu8; 13];
    assert_eq!(
        iri::to_uri_into(s, &mut small),
        Err(BufferTooSmall { needed: 14 })
    );
    assert!(small.iter().all(|&b| b == 0xAA), "nothing written");
    let mut buf = [0u8; 14];
    assert_eq!(iri::to_uri_into(s, &mut buf), Ok(14));
    assert_eq!(&buf, b"/%C3%A9t%C3%A9");
    let chunks: Vec<&str> = iri::to_uri(s).collect();
    assert_eq!(chunks, ["/", "%C3", "%A9", "t", "%C3", "%A9"]);
    assert_eq!(iri::to_uri("").count(), 0);
    assert_eq!(iri::to_uri_len(""), 0);
}

// ---------------------------------------------------------------------------
// §3.2.1 examples

#[test]
fn s3_2_step_2_exceptions() {
    // Step 2: "except those corresponding to "%", characters in
    // "reserved", and characters in US-ASCII not allowed in URIs". These
    // stay as written, lower-case hex included.
    let reserved = ":/?#[]@!$&'()*+,;=";
    for c in reserved.chars().chain(['%']) {
        for t in [format!("%{:02X}", c as u8), format!("%{:02x}", c as u8)] {
            let s = format!("/a{t}b");
            assert_eq!(to_iri(&s), s, "{c:?}");
        }
    }
    // Not allowed in URIs: controls, space, '"', "<", ">", "\", "^", "`",
    // "{", "|", "}", DEL.
    for b in (0u8..0x20).chain(*b" \"<>\\^`{|}\x7F") {
        let s = format!("/a%{b:02x}b?%{b:02X}");
        assert_eq!(to_iri(&s), s, "{b:#04x}");
    }
    // The rest of US-ASCII is `unreserved` (RFC 3986 §2.3), decoded: the
    // §3.2 caveat "except ... for potential percent-encoded unreserved
    // characters".
    assert_eq!(to_iri("/%41%7a%30%2D%2e%5F%7E"), "/Az0-._~");
    assert_eq!(to_iri("/a/%2E%2E/b"), "/a/../b");
    // A "%" that starts no triplet is text, copied.
    assert_eq!(to_iri("%%41%4"), "%A%4");
}

#[test]
fn s3_2_step_3_strictly_legal_utf8() {
    // "Re-percent-encode any octet produced in step 2 that is not part of a
    // strictly legal UTF-8 octet sequence" (RFC 3629): in upper case.
    for (uri, iri) in [
        ("/%c0%af", "/%C0%AF"),                   // overlong "/"
        ("/%e0%80%af", "/%E0%80%AF"),             // overlong, three octets
        ("/%ed%a0%80", "/%ED%A0%80"),             // surrogate U+D800
        ("/%f4%90%80%80", "/%F4%90%80%80"),       // above U+10FFFF
        ("/%f8%88%80%80%80", "/%F8%88%80%80%80"), // five-octet form
        ("/%e2%82", "/%E2%82"),                   // cut short
        ("/%e2%82x", "/%E2%82x"),                 // cut by a literal
        ("/%e2%82%2F%ac", "/%E2%82%2F%AC"),       // cut by a kept triplet
        ("/%80%bf", "/%80%BF"),                   // continuation octets alone
        ("/%fe%ff", "/%FE%FF"),
        ("/%C3%BC%BC", "/\u{FC}%BC"), // one legal, one extra
        ("/%E2%82%AC", "/\u{20AC}"),
        ("/%F0%9F%98%80", "/\u{1F600}"),
    ] {
        assert_eq!(to_iri(uri), iri, "{uri}");
    }
}

#[test]
fn s3_2_step_4_inappropriate_characters() {
    // §2.2: ucschar excludes U+0080-U+009F, U+FDD0-U+FDEF,
    // U+FFF0-U+FFFF, the last two code points of each plane and
    // U+E0000-U+E0FFF; they stay encoded everywhere.
    for (t, c) in [
        ("%C2%85", '\u{85}'),
        ("%EF%B7%90", '\u{FDD0}'),
        ("%EF%BF%BE", '\u{FFFE}'),
        ("%EF%BF%BD", '\u{FFFD}'),
        ("%F0%9F%BF%BF", '\u{1FFFF}'),
        ("%F3%A0%80%81", '\u{E0001}'),
    ] {
        let mut buf = [0u8; 4];
        assert_eq!(pct_upper(c.encode_utf8(&mut buf).as_bytes()), t);
        let s = format!("http://a/{t}?{t}#{t}");
        assert_eq!(to_iri(&s), s, "{c:?}");
        assert_eq!(to_iri(&s.to_lowercase()), s, "{c:?} in lower case");
    }
    // §2.2: "private UCS characters can occur only in query parts":
    // U+E000, U+F8FF, U+F0000, U+10FFFD are decoded in the query only.
    for c in ['\u{E000}', '\u{F8FF}', '\u{F0000}', '\u{10FFFD}'] {
        let mut buf = [0u8; 4];
        let t = pct_upper(c.encode_utf8(&mut buf).as_bytes());
        let s = format!("//{t}@{t}/{t}?{t}#{t}");
        assert_eq!(to_iri(&s), format!("//{t}@{t}/{t}?{c}#{t}"), "{c:?}");
        // A "?" inside the fragment starts no query.
        let s = format!("#?{t}");
        assert_eq!(to_iri(&s), s);
        // The query ends at "#", and "%3F" does not start one.
        let s = format!("/%3F{t}");
        assert_eq!(to_iri(&s), s);
    }
    // §4.1: "IRIs MUST NOT contain bidirectional formatting characters
    // (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)", in any component.
    for c in [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    ] {
        let mut buf = [0u8; 4];
        let t = pct_upper(c.encode_utf8(&mut buf).as_bytes());
        let s = format!("http://a{t}/{t}?{t}#{t}");
        assert_eq!(to_iri(&s), s, "{c:?}");
    }
    // Their neighbours U+200D (ZWJ), U+2010, U+2029 and U+202F are ucschar
    // and not named by §4.1: decoded (our §6.1 choice re-encodes none).
    for c in ['\u{200D}', '\u{2010}', '\u{2029}', '\u{202F}'] {
        let mut buf = [0u8; 4];
        let t = pct_upper(c.encode_utf8(&mut buf).as_bytes());
        assert_eq!(to_iri(&format!("/{t}")), format!("/{c}"), "{c:?}");
    }
}

#[test]
fn s3_2_ucschar_boundaries() {
    // Every end of a ucschar/iprivate range and its neighbours
    // (`common::boundary_chars`), in the path and in the query; the
    // verdict is RFC 3987 §2.2 typed from the text ([`ucschar`],
    // [`iprivate`]).
    for c in common::boundary_chars() {
        let mut buf = [0u8; 4];
        let t = pct_upper(c.encode_utf8(&mut buf).as_bytes());
        let cp = c as u32;
        let path = if ucschar(cp) {
            c.to_string()
        } else {
            t.clone()
        };
        let query = if ucschar(cp) || iprivate(cp) {
            c.to_string()
        } else {
            t.clone()
        };
        assert_eq!(
            to_iri(&format!("/{t}?{t}")),
            format!("/{path}?{query}"),
            "U+{cp:04X}"
        );
    }
}

#[test]
fn s3_2_buffers_and_chunks() {
    let s = "/%7Ea%2Fb%C3%A9%FC";
    let want = "/~a%2Fb\u{E9}%FC";
    assert_eq!(iri::to_iri_len(s), want.len());
    let mut small = [0xAAu8; 11];
    assert_eq!(
        iri::to_iri_into(s, &mut small),
        Err(BufferTooSmall { needed: 12 })
    );
    assert!(small.iter().all(|&b| b == 0xAA), "nothing written");
    let mut buf = [0u8; 12];
    assert_eq!(iri::to_iri_into(s, &mut buf), Ok(12));
    assert_eq!(&buf, want.as_bytes());
    let chunks: Vec<IriChunk> = iri::to_iri(s).collect();
    assert_eq!(
        chunks,
        [
            IriChunk::Str("/"),
            IriChunk::Char('~'),
            IriChunk::Str("a%2Fb"),
            IriChunk::Char('\u{E9}'),
            IriChunk::Str("%FC"),
        ]
    );
    assert_eq!(iri::to_iri("").count(), 0);
    // Literal non-ASCII text (the input is then not a URI) is copied.
    assert_eq!(to_iri("/\u{E9}%C3%A9\u{202E}"), "/\u{E9}\u{E9}\u{202E}");
    // The views.
    let u = UriRef::parse("?%EE%80%80#%EE%80%80").unwrap();
    assert_eq!(u.to_iri().to_string(), "?\u{E000}#%EE%80%80");
    let mut out = [0u8; 32];
    let n = u.to_iri_into(&mut out).unwrap();
    assert_eq!(&out[..n], "?\u{E000}#%EE%80%80".as_bytes());
}

// ---------------------------------------------------------------------------
// The literal oracle for §3.2

/// `ucschar` of RFC 3987 §2.2, copied from the text.
fn ucschar(cp: u32) -> bool {
    const R: &[(u32, u32)] = &[
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
    ];
    R.iter().any(|&(lo, hi)| (lo..=hi).contains(&cp))
}

/// `iprivate` of RFC 3987 §2.2, copied from the text.
fn iprivate(cp: u32) -> bool {
    [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)]
        .iter()
        .any(|&(lo, hi)| (lo..=hi).contains(&cp))
}

fn pct_upper(octets: &[u8]) -> String {
    octets.iter().map(|o| format!("%{o:02X}")).collect()
}

/// One octet after §3.2 step 2.
#[derive(Clone, Copy, PartialEq)]
enum Octet {
    /// Copied (literal, or part of a triplet step 2 keeps).
    Text(u8),
    /// Produced by step 2 from a triplet; `true` inside the query.
    Decoded(u8, bool),
    /// Re-encoded in step 3 or 4.
    Again(u8),
}

/// RFC 3987 §3.2 steps 1 to 5, literally, for a valid URI-reference (the
/// query is the span the RFC 3986 tables report).
fn literal_to_iri(uri: &str) -> String {
    let parsed = UriRef::parse(uri).expect("a URI-reference");
    let q = parsed.query().map(|q| {
        let start = q.as_ptr() as usize - uri.as_ptr() as usize;
        start..start + q.len()
    });
    // Step 1: octets. Step 2: decode all but "%", reserved and "US-ASCII
    // not allowed in URIs".
    let reserved = b":/?#[]@!$&'()*+,;=";
    let allowed_ascii = |b: u8| {
        b.is_ascii_alphanumeric() || b"-._~".contains(&b) || reserved.contains(&b) || b == b'%'
    };
    let b = uri.as_bytes();
    let mut v = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let hex = |k: usize| b.get(k).and_then(|&c| (c as char).to_digit(16));
        if b[i] == b'%' {
            if let (Some(h), Some(l)) = (hex(i + 1), hex(i + 2)) {
                let o = (h * 16 + l) as u8;
                let keep = o == b'%' || reserved.contains(&o) || (o < 0x80 && !allowed_ascii(o));
                if !keep {
                    let in_q = q.as_ref().is_some_and(|q| q.contains(&i));
                    v.push(Octet::Decoded(o, in_q));
                    i += 3;
                    continue;
                }
            }
        }
        v.push(Octet::Text(b[i]));
        i += 1;
    }
    // Step 3: the strictly legal UTF-8 sequences of decoded octets.
    let mut k = 0;
    while k < v.len() {
        let Octet::Decoded(_, in_q) = v[k] else {
            k += 1;
            continue;
        };
        let mut found = None;
        for len in 1..=4 {
            let seq: Option<Vec<u8>> = v
                .get(k..k + len)
                .map(|s| {
                    s.iter()
                        .map(|o| match o {
                            Octet::Decoded(o, _) => Some(*o),
                            _ => None,
                        })
                        .collect()
                })
                .and_then(|s: Option<Vec<u8>>| s);
            if let Some(seq) = seq {
                if let Ok(s) = std::str::from_utf8(&seq) {
                    found = Some((len, s.chars().next().unwrap()));
                    break;
                }
            }
        }
        match found {
            Some((len, c)) => {
                // Step 4: §2.2, §4.1 (no §6.1 class).
                let cp = c as u32;
                let bidi = [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E].contains(&cp);
                let ok = cp < 0x80 || (!bidi && (ucschar(cp) || (in_q && iprivate(cp))));
                if !ok {
                    for o in &mut v[k..k + len] {
                        if let Octet::Decoded(x, _) = *o {
                            *o = Octet::Again(x);
                        }
                    }
                }
                k += len;
            }
            None => {
                if let Octet::Decoded(x, _) = v[k] {
                    v[k] = Octet::Again(x);
                }
                k += 1;
            }
        }
    }
    // Step 5.
    let mut out = Vec::new();
    for o in v {
        match o {
            Octet::Text(x) | Octet::Decoded(x, _) => out.push(x),
            Octet::Again(x) => out.extend(format!("%{x:02X}").bytes()),
        }
    }
    String::from_utf8(out).expect("step 5: UTF-8")
}

/// A URI with the case of every triplet's hex digits raised and every
/// percent-encoded unreserved character decoded: what §3.2 allows a
/// round trip to change.
fn normalize_for_round_trip(uri: &str) -> String {
    let b = uri.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        if b[i] == b'%' && hex.is_some_and(|h| h.bytes().all(|c| c.is_ascii_hexdigit())) {
            if let Ok(o) = u8::from_str_radix(hex.unwrap_or(""), 16) {
                if o.is_ascii_alphanumeric() || b"-._~".contains(&o) {
                    out.push(o as char);
                } else {
                    out.push_str(&format!("%{o:02X}"));
                }
                i += 3;
                continue;
            }
        }
        out.push(b[i] as char);
        i += 1;
    }
    out
}

/// Checks one URI-reference: the literal oracle, validity of the IRI,
/// the round trip and idempotence. Returns whether anything was decoded.
fn check_uri(uri: &str, failures: &mut Vec<String>) -> bool {
    let ours = to_iri(uri);
    let lit = literal_to_iri(uri);
    if ours != lit {
        failures.push(format!("{uri:?}: ours {ours:?}, literal §3.2 {lit:?}"));
    }
    let mut buf = vec![0u8; iri::to_iri_len(uri)];
    if buf.len() != ours.len()
        || iri::to_iri_into(uri, &mut buf) != Ok(ours.len())
        || buf != ours.as_bytes()
    {
        failures.push(format!(
            "{uri:?}: to_iri_len or to_iri_into differ from Display"
        ));
    }
    if !IriRef::is_valid(ours.as_bytes()) {
        failures.push(format!("{uri:?}: {ours:?} is not an IRI-reference"));
    }
    let back = to_uri(&ours);
    if normalize_for_round_trip(&back) != normalize_for_round_trip(uri) {
        failures.push(format!("{uri:?}: maps back to {back:?}"));
    }
    if to_iri(&ours) != ours {
        failures.push(format!("{uri:?}: converting {ours:?} again changes it"));
    }
    ours != uri
}

/// Checks one IRI-reference: §3.1 properties and the round trip.
fn check_iri(s: &str, failures: &mut Vec<String>) {
    let u = to_uri(s);
    if !u.is_ascii() || !UriRef::is_valid(u.as_bytes()) {
        failures.push(format!("{s:?}: {u:?} is not a URI-reference"));
    }
    if to_uri(&u) != u || iri::to_uri_len(s) != u.len() {
        failures.push(format!("{s:?}: not idempotent or wrong length"));
    }
    let mut buf = vec![0u8; u.len()];
    if iri::to_uri_into(s, &mut buf) != Ok(u.len()) || buf != u.as_bytes() {
        failures.push(format!("{s:?}: to_uri_into differs from Display"));
    }
    if s.is_ascii() && u != s {
        failures.push(format!("{s:?}: not the identity on a URI"));
    }
    // IRI -> URI -> IRI gives the IRI back when it has no triplet §3.2
    // step 2 would decode and no §4.1 character.
    let decodable = s.as_bytes().windows(3).any(|w| {
        w[0] == b'%'
            && u8::from_str_radix(std::str::from_utf8(&w[1..]).unwrap_or("zz"), 16)
                .is_ok_and(|o| o >= 0x80 || o.is_ascii_alphanumeric() || b"-._~".contains(&o))
    });
    let bidi = s
        .chars()
        .any(|c| matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}'));
    if !decodable && !bidi && to_iri(&u) != s {
        failures.push(format!("{s:?}: IRI -> {u:?} -> {:?}", to_iri(&u)));
    }
}

fn report(set: &str, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{set}: {} failures, first 20:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

/// The corpora's strings (every `../shared/corpora` string, as in
/// `tests/rfc3987_oracle.rs`): §3.2 on each valid URI-reference, §3.1 on
/// each valid IRI-reference.
#[test]
fn corpora_both_directions() {
    let Some(inputs) = common::corpora_inputs() else {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    };
    let mut failures = Vec::new();
    let (mut uris, mut changed, mut iris) = (0, 0, 0);
    for s in &inputs {
        if UriRef::is_valid(s.as_bytes()) {
            uris += 1;
            changed += check_uri(s, &mut failures) as usize;
        }
        if IriRef::is_valid(s.as_bytes()) {
            iris += 1;
            check_iri(s, &mut failures);
        }
    }
    eprintln!(
        "corpora: {} strings; {uris} URI-references ({changed} changed by §3.2), {iris} IRI-references",
        inputs.len()
    );
    assert!(uris > 40_000 && changed > 100 && iris >= uris);
    report("corpora", &failures);
}

/// IRIs with boundary characters inserted (the mutants of
/// `tests/rfc3987_oracle.rs`), mapped to URIs and converted back.
#[test]
fn non_ascii_mutants_both_directions() {
    let mut failures = Vec::new();
    let mutants = non_ascii_mutants();
    // The mutants are made from the corpora's strings.
    if mutants.is_empty() {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    }
    let (mut iris, mut changed) = (0, 0);
    for m in &mutants {
        if IriRef::is_valid(m.as_bytes()) {
            iris += 1;
            check_iri(m, &mut failures);
            let u = to_uri(m);
            changed += check_uri(&u, &mut failures) as usize;
        }
    }
    eprintln!(
        "non-ASCII mutants: {} strings, {iris} IRI-references, {changed} of their URIs changed by §3.2",
        mutants.len()
    );
    assert!(iris > 1_000 && changed > 1_000);
    report("non-ASCII mutants", &failures);
}

/// Every short JSON Lines corpus string with one boundary character
/// inserted at each position (4 per position, in rotation).
fn non_ascii_mutants() -> Vec<String> {
    let chars = common::boundary_chars();
    let mut set = BTreeSet::new();
    let mut k = 0;
    for s in common::jsonl_inputs().iter().filter(|s| s.len() <= 40) {
        for (i, _) in s.char_indices().chain([(s.len(), ' ')]) {
            for _ in 0..4 {
                let mut m = s.clone();
                m.insert(i, chars[k % chars.len()]);
                k += 1;
                set.insert(m);
            }
        }
    }
    set.into_iter().collect()
}

/// URI-references with random triplets: octets biased to UTF-8 lead and
/// continuation bytes, the UTF-8 of boundary and §4.1 characters, and
/// unreserved and reserved ASCII, in random case, in every component.
#[test]
fn random_triplets_against_the_literal_steps() {
    let mut rng = Rng::new(0x3987_0302);
    let chars: Vec<char> = common::boundary_chars()
        .into_iter()
        .chain(['\u{200E}', '\u{202E}', '\u{FC}', '\u{20AC}', '\u{1F600}'])
        .collect();
    let skeletons = [
        "http://{}@{}:80/{}/{}?{}&{}#{}",
        "{}/{}?{}#{}",
        "//{}/{}",
        "urn:{}:{}?{}",
        "?{}#?{}",
        "#{}?{}",
    ];
    let mut failures = Vec::new();
    let (mut n, mut changed) = (0, 0);
    for _ in 0..20_000 {
        let skel = skeletons[rng.below(skeletons.len() as u64) as usize];
        let mut s = String::new();
        let mut parts = skel.split("{}").peekable();
        while let Some(p) = parts.next() {
            s.push_str(p);
            if parts.peek().is_none() {
                break;
            }
            for _ in 0..rng.below(4) {
                let octets: Vec<u8> = match rng.below(5) {
                    0 => vec![rng.below(256) as u8],
                    1 => vec![0xC0 + rng.below(0x40) as u8, 0x80 + rng.below(0x40) as u8],
                    2 => {
                        let c = chars[rng.below(chars.len() as u64) as usize];
                        let mut buf = [0u8; 4];
                        c.encode_utf8(&mut buf).as_bytes().to_vec()
                    }
                    3 => {
                        let pool = b"aZ9-._~:/?#[]@!$&'()*+,;=% ";
                        vec![pool[rng.below(pool.len() as u64) as usize]]
                    }
                    _ => {
                        let lead = [0xE0u8, 0xED, 0xF0, 0xF4, 0xE2][rng.below(5) as usize];
                        (0..rng.below(4))
                            .map(|_| 0x80 + rng.below(0x40) as u8)
                            .chain([lead])
                            .rev()
                            .collect()
                    }
                };
                for o in octets {
                    if rng.below(2) == 0 {
                        s.push_str(&format!("%{o:02X}"));
                    } else {
                        s.push_str(&format!("%{o:02x}"));
                    }
                }
            }
        }
        if !UriRef::is_valid(s.as_bytes()) {
            continue;
        }
        n += 1;
        changed += check_uri(&s, &mut failures) as usize;
    }
    eprintln!("random triplets: {n} URI-references, {changed} changed by §3.2");
    assert!(n > 10_000 && changed > n / 2);
    report("random triplets", &failures);
}

// ---------------------------------------------------------------------------
// §3.1 against iri-string and fluent-uri

fn iri_string_to_uri(s: &str) -> Option<String> {
    Some(
        iri_string::types::IriReferenceStr::new(s)
            .ok()?
            .encode_to_uri()
            .to_string(),
    )
}

fn fluent_to_uri(s: &str) -> Option<String> {
    Some(
        fluent_uri::IriRef::parse(s)
            .ok()?
            .to_uri_ref()
            .as_str()
            .to_owned(),
    )
}

/// (strings, valid IRI-references, compared with the peer, agreeing).
type Figures = [usize; 4];

/// Compares our mapping of every valid IRI-reference with both peers'.
/// A peer that does not accept the input is not compared (acceptance is
/// `tests/rfc3987_oracle.rs`'s subject); every compared mapping must be
/// equal.
fn against_peers<'a>(set: &str, inputs: impl IntoIterator<Item = &'a str>) -> [Figures; 2] {
    let mut figs = [[0; 4]; 2];
    let mut failures = Vec::new();
    for s in inputs {
        let ours = IriRef::parse(s).ok().map(|i| i.to_uri().to_string());
        for (k, (peer, theirs)) in [
            ("iri-string", iri_string_to_uri(s)),
            ("fluent-uri", fluent_to_uri(s)),
        ]
        .into_iter()
        .enumerate()
        {
            figs[k][0] += 1;
            let Some(ours) = &ours else { continue };
            figs[k][1] += 1;
            let Some(theirs) = theirs else { continue };
            figs[k][2] += 1;
            if *ours == theirs {
                figs[k][3] += 1;
            } else {
                failures.push(format!("{s:?}: ours {ours:?}, {peer} {theirs:?}"));
            }
        }
    }
    for (k, peer) in ["iri-string", "fluent-uri"].iter().enumerate() {
        let [n, ours, compared, agree] = figs[k];
        eprintln!(
            "§3.1 {set} vs {peer}: {n} strings, {ours} IRI-references, {compared} accepted by {peer}, {agree} mapped alike"
        );
    }
    report(set, &failures);
    figs
}

#[test]
fn s3_1_against_peers_on_corpora() {
    let Some(inputs) = common::corpora_inputs() else {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    };
    let figs = against_peers("corpora", inputs.iter().map(String::as_str));
    assert!(figs.iter().all(|f| f[2] > 40_000));
    let non_ascii: Vec<&str> = inputs
        .iter()
        .map(String::as_str)
        .filter(|s| !s.is_ascii())
        .collect();
    let figs = against_peers("corpora (non-ASCII only)", non_ascii);
    assert!(figs.iter().all(|f| f[2] > 0));
    let mutants = non_ascii_mutants();
    let figs = against_peers("non-ASCII mutants", mutants.iter().map(String::as_str));
    assert!(figs.iter().all(|f| f[2] > 1_000));
}

#[test]
fn s3_1_against_peers_on_generated_iris() {
    use uridfa_codegen::driver::{compile_file, Options};
    use uridfa_codegen::sample::generate;

    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/rfc3987.abnf");
    let c = compile_file(path.as_ref(), Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let m = c.machine("IRI-reference").expect("IRI-reference entry");
    let mut rng = Rng::new(0x3987_0301);
    let mut inputs = Vec::new();
    let mut buf = Vec::new();
    for _ in 0..10_000 {
        buf.clear();
        generate(&m.lowered.hir, &mut rng, &mut buf);
        inputs.push(String::from_utf8(buf.clone()).expect("generated from IRI-reference"));
    }
    let mut failures = Vec::new();
    for s in &inputs {
        assert!(IriRef::is_valid(s.as_bytes()), "{s:?}");
        check_iri(s, &mut failures);
    }
    report("generated", &failures);
    let figs = against_peers("generated", inputs.iter().map(String::as_str));
    assert!(figs.iter().all(|f| f[2] > 5_000));
}
