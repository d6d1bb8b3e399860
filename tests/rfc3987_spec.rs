//! Spec vectors for `uridfa::rfc3987`: every example IRI (and URI) in the
//! text of RFC 3987, typed in from the section that gives it, and invalid
//! inputs derived from its prose and from the ranges of §2.2.
//!
//! The plain vectors (an input, its rule, the components or the error
//! offset the document gives) are rows of `tests/data/parse.jsonl`, run
//! by `tests/parse_spec.rs`; what stays here checks more than one row can
//! say (error components and messages, typed accessors, several rules or
//! views at once, tables walked by a loop, generated inputs).
//!
//! The RFC writes non-ASCII characters in XML notation (§1.4: `&#xE9;`),
//! and raw octets as `<c3>`; the vectors below spell them as Rust escapes
//! (`\u{E9}`, `b"\xC3"`). Expected values come from the RFC text or are
//! derived by hand from its ABNF (§2.2); none is taken from uridfa's own
//! output. Error offsets: the start of the first character (UTF-8
//! sequence) that cannot continue any match, or the input's length.

use crate::common;
use common::skip;

use uridfa::rfc3987::{AbsoluteIri, HostKind, IrelativeRef, Iri, IriRef};

/// Parses `input` as an `IRI` and as an `IRI-reference`, which must agree.
#[track_caller]
fn iri(input: &str) -> Iri<'_> {
    let r = IriRef::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    let i = Iri::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert_eq!(
        (r.scheme(), r.authority(), r.path(), r.query(), r.fragment()),
        (
            Some(i.scheme()),
            i.authority(),
            i.path(),
            i.query(),
            i.fragment()
        ),
        "IRI-reference and IRI views of {input:?}"
    );
    assert!(Iri::is_valid(input.as_bytes()));
    assert_eq!(Iri::parse_bytes(input.as_bytes()).ok(), Some(i));
    i
}

/// `input` is not an `IRI-reference`; the error is at `offset` (checked
/// for `parse` and `parse_bytes`).
#[track_caller]
fn bad(input: &[u8], offset: usize) {
    let e = IriRef::parse_bytes(input).expect_err(&String::from_utf8_lossy(input));
    assert_eq!(e.offset(), offset, "offset for {input:?}: {e}");
    assert!(!IriRef::is_valid(input));
    if let Ok(s) = std::str::from_utf8(input) {
        assert_eq!(IriRef::parse(s).unwrap_err(), e);
        // Errors fall on character boundaries: slicing never panics.
        assert!(s.is_char_boundary(e.offset()));
    }
}

// ---------------------------------------------------------------------------
// §2.1 and §2.2: the character classes

#[test]
fn s2_1_cent_sign_is_iunreserved() {
    // §2.1: "U+00A2, CENT SIGN, is not allowed as a delimiter in IRIs,
    // because it is in the 'iunreserved' category": it may appear in any
    // component that takes iunreserved, and delimits nothing.
    let i = iri("http://a\u{A2}b:\u{A2}@h\u{A2}/p\u{A2}?q\u{A2}#f\u{A2}");
    assert_eq!(i.userinfo(), Some("a\u{A2}b:\u{A2}"));
    assert_eq!(i.host(), Some("h\u{A2}"));
    assert_eq!(i.host_kind(), Some(HostKind::RegName));
    assert_eq!(i.path(), "/p\u{A2}");
    assert_eq!(i.query(), Some("q\u{A2}"));
    assert_eq!(i.fragment(), Some("f\u{A2}"));
}

#[test]
fn s2_2_ucschar_boundaries() {
    // ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD /
    // ... / %xD0000-DFFFD / %xE1000-EFFFD: each bound is allowed in a path
    // segment; the code point just outside it is not.
    let inside = [
        0xA0, 0xD7FF, 0xF900, 0xFDCF, 0xFDF0, 0xFFEF, 0x10000, 0x1FFFD, 0x20000, 0x2FFFD, 0x30000,
        0x3FFFD, 0x40000, 0x4FFFD, 0x50000, 0x5FFFD, 0x60000, 0x6FFFD, 0x70000, 0x7FFFD, 0x80000,
        0x8FFFD, 0x90000, 0x9FFFD, 0xA0000, 0xAFFFD, 0xB0000, 0xBFFFD, 0xC0000, 0xCFFFD, 0xD0000,
        0xDFFFD, 0xE1000, 0xEFFFD,
    ];
    let outside = [
        0x80, 0x9F, // C1 controls, below %xA0
        0xE000, 0xF8FF, // iprivate, not ucschar
        0xFDD0, 0xFDEF, // between %xFDCF and %xFDF0 (noncharacters)
        0xFFF0, 0xFFFD, 0xFFFE, 0xFFFF, // above %xFFEF (specials)
        0x1FFFE, 0x1FFFF, 0x2FFFE, 0xDFFFE, 0xDFFFF, // plane ends
        0xE0000, 0xE0FFF, // below %xE1000 (tags)
        0xEFFFE, 0xF0000, 0x10FFFD, 0x10FFFF, // above %xEFFFD
    ];
    for cp in inside {
        let c = char::from_u32(cp).unwrap();
        let s = format!("http://h/a{c}b");
        assert_eq!(iri(&s).path(), format!("/a{c}b"), "U+{cp:04X}");
        // ucschar is iunreserved: allowed in ireg-name and ifragment too.
        assert_eq!(
            iri(&format!("http://{c}/#{c}")).host(),
            Some(&*c.to_string())
        );
    }
    for cp in outside {
        let c = char::from_u32(cp).unwrap();
        bad(format!("http://h/a{c}b").as_bytes(), 10);
        bad(format!("http://{c}/").as_bytes(), 7);
        bad(format!("http://h/#{c}").as_bytes(), 10);
    }
}

#[test]
fn s2_2_iprivate_only_in_iquery() {
    // §2.2: "private UCS characters can occur only in query parts";
    // iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD, and only
    // iquery lists it.
    for cp in [0xE000, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD] {
        let c = char::from_u32(cp).unwrap();
        let s = format!("http://h/p?{c}");
        assert_eq!(iri(&s).query(), Some(&*c.to_string()), "U+{cp:04X}");
        assert!(AbsoluteIri::parse(&s).is_ok());
        assert!(IrelativeRef::parse(&format!("p?{c}")).is_ok());
        bad(format!("http://h/{c}").as_bytes(), 9); // ipath
        bad(format!("http://h/#{c}").as_bytes(), 10); // ifragment
        bad(format!("http://{c}").as_bytes(), 7); // ihost
        bad(format!("http://{c}@h").as_bytes(), 7); // iuserinfo
        bad(format!("{c}").as_bytes(), 0); // irelative-ref path
    }
    // Just outside iprivate (U+DFFF, below U+E000, is a surrogate):
    // U+F900 is ucschar, allowed everywhere iunreserved is; the others
    // are neither ucschar nor iprivate, so not in iquery either.
    assert!(Iri::parse("http://h/\u{F900}?\u{F900}").is_ok());
}

#[test]
fn s2_2_scheme_and_ascii_rules_unchanged() {
    // §2.2 "The following rules are the same as those in [RFC3986]":
    // scheme, port, IP-literal, IPvFuture, IPv6address, IPv4address,
    // pct-encoded, unreserved stay ASCII. §6.1 a: "the definition of the
    // scheme component does not allow characters beyond US-ASCII".
    // As an IRI the scheme stops at U+00E9 (offset 1); as an
    // irelative-ref "h\u{E9}ttp" is a first path segment, which may not
    // hold ":" (ipath-noscheme), so IRI-reference fails at the ":" (6).
    assert_eq!(Iri::parse("h\u{E9}ttp://a").unwrap_err().offset(), 1);
    assert_eq!(iri("http://a:8\u{E9}@h/").userinfo(), Some("a:8\u{E9}"));
    // An IPv4address is still an IPv4address; ireg-name otherwise.
    let i = iri("http://192.0.2.1/");
    assert_eq!(i.host_kind(), Some(HostKind::Ipv4));
    let i = iri("http://[2001:db8::7]:8080/");
    assert_eq!(
        (i.host(), i.host_kind(), i.port_u16()),
        (Some("[2001:db8::7]"), Some(HostKind::Ipv6), Some(8080))
    );
    let i = iri("http://[v7.\u{61}b]/");
    assert_eq!(i.host_kind(), Some(HostKind::IpvFuture));
}

// ---------------------------------------------------------------------------
// §3.1: mapping IRIs to URIs

#[test]
fn s3_1_resume_example() {
    // §3.1: the IRI "http://r&#xE9;sum&#xE9;.example.org" and its two URI
    // forms "http://xn--rsum-bpad.example.org" and
    // "http://r%C3%A9sum%C3%A9.example.org". Every URI is an IRI.
    for (s, host) in [
        (
            "http://r\u{E9}sum\u{E9}.example.org",
            "r\u{E9}sum\u{E9}.example.org",
        ),
        (
            "http://xn--rsum-bpad.example.org",
            "xn--rsum-bpad.example.org",
        ),
        (
            "http://r%C3%A9sum%C3%A9.example.org",
            "r%C3%A9sum%C3%A9.example.org",
        ),
    ] {
        let i = iri(s);
        assert_eq!(i.scheme(), "http");
        assert_eq!(i.authority(), Some(host));
        assert_eq!(i.host(), Some(host));
        assert_eq!(i.host_kind(), Some(HostKind::RegName));
        assert_eq!(i.path(), "");
        assert_eq!((i.query(), i.fragment()), (None, None));
    }
}

#[test]
fn s3_1_validator_example() {
    // §3.1 note: "http://validator.w3.org/check?uri=http%3A%2F%2Fr&#xE9;
    // sum&#xE9;.example.org" (split across two lines in the RFC) and its
    // URI "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.
    // example.org".
    let i = iri("http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{E9}sum\u{E9}.example.org");
    assert_eq!(i.host(), Some("validator.w3.org"));
    assert_eq!(i.path(), "/check");
    assert_eq!(
        i.query(),
        Some("uri=http%3A%2F%2Fr\u{E9}sum\u{E9}.example.org")
    );
    let i = iri("http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org");
    assert_eq!(
        i.query(),
        Some("uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org")
    );
}

#[test]
fn s3_1_red_rose_example() {
    // §3.1 note: "http://www.example.org/red%09ros&#xE9;#red" maps to
    // "http://www.example.org/red%09ros%C3%A9#red", not to
    // "http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red".
    let i = iri("http://www.example.org/red%09ros\u{E9}#red");
    assert_eq!(i.host(), Some("www.example.org"));
    assert_eq!(i.path(), "/red%09ros\u{E9}");
    assert_eq!(i.fragment(), Some("red"));
    let i = iri("http://www.example.org/red%09ros%C3%A9#red");
    assert_eq!(i.path(), "/red%09ros%C3%A9");
    // The wrong mapping is not an IRI (no ":" after a scheme) but is a
    // relative reference: one path segment, no scheme.
    let r = IriRef::parse("http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red").unwrap();
    assert_eq!(r.scheme(), None);
    assert_eq!(
        r.path(),
        "http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red"
    );
    assert!(Iri::parse("http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red").is_err());
}

#[test]
fn s3_1_supplementary_characters() {
    // §3.1 note: "http://example.com/&#x10300;&#x10301;&#x10302" (the RFC
    // drops the last ";", a typo; U+10302 is meant) converts to
    // "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82".
    let i = iri("http://example.com/\u{10300}\u{10301}\u{10302}");
    assert_eq!(i.path(), "/\u{10300}\u{10301}\u{10302}");
    assert_eq!(i.path().len(), 1 + 3 * 4, "four UTF-8 bytes each");
    let i = iri("http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
    assert_eq!(i.path(), "/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
}

// ---------------------------------------------------------------------------
// §3.2 and §3.2.1: converting URIs to IRIs

#[test]
fn s3_2_resume_html_examples() {
    // §3.2: "http://www.example.org/r%E9sum%E9.html" and
    // "http://www.example.org/r%C3%A9sum%C3%A9.html".
    assert_eq!(
        iri("http://www.example.org/r%E9sum%E9.html").path(),
        "/r%E9sum%E9.html"
    );
    assert_eq!(
        iri("http://www.example.org/r%C3%A9sum%C3%A9.html").path(),
        "/r%C3%A9sum%C3%A9.html"
    );
}

#[test]
fn s3_2_1_durst_example() {
    // §3.2.1, first example, steps 1 to 5:
    // "http://www.example.org/D%C3%BCrst", "...D<c3><bc>rst" (octets),
    // "...D&#xFC;rst". The octets <c3><bc> are the UTF-8 of U+00FC.
    let i = iri("http://www.example.org/D%C3%BCrst");
    assert_eq!(i.path(), "/D%C3%BCrst");
    let bytes = b"http://www.example.org/D\xC3\xBCrst";
    let i = Iri::parse_bytes(bytes).unwrap();
    assert_eq!(i.path(), "/D\u{FC}rst");
    assert_eq!(
        iri("http://www.example.org/D\u{FC}rst").path(),
        "/D\u{FC}rst"
    );
}

#[test]
fn s3_2_1_latin1_octet_example() {
    // §3.2.1, second example: "http://www.example.org/D%FCrst"; step 2
    // gives the octets "D<fc>rst", and "<fc> is not part of a strictly
    // legal UTF-8 sequence", so step 3 re-encodes it. The raw octet is
    // not an IRI: the error is at the octet (offset 24).
    assert_eq!(iri("http://www.example.org/D%FCrst").path(), "/D%FCrst");
}

#[test]
fn s3_2_1_rlo_example() {
    // §3.2.1, third example: "http://xn--99zt52a.example.org/%e2%80%ae"
    // (steps 1 to 3 with octets <e2><80><ae>, U+202E RIGHT-TO-LEFT
    // OVERRIDE), then "http://xn--99zt52a.example.org/%E2%80%AE", and
    // "http://&#x7D0D;&#x8C46;.example.org/%E2%80%AE".
    assert_eq!(
        iri("http://xn--99zt52a.example.org/%e2%80%ae").path(),
        "/%e2%80%ae"
    );
    assert_eq!(
        iri("http://xn--99zt52a.example.org/%E2%80%AE").path(),
        "/%E2%80%AE"
    );
    let i = iri("http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE");
    assert_eq!(i.host(), Some("\u{7D0D}\u{8C46}.example.org"));
    // The RFC keeps U+202E percent-encoded because §4.1 says "IRIs MUST
    // NOT contain bidirectional formatting characters". That is prose:
    // U+202E is in ucschar (%xA0-D7FF), so the §2.2 grammar accepts it.
    let i = Iri::parse_bytes(b"http://xn--99zt52a.example.org/\xE2\x80\xAE").unwrap();
    assert_eq!(i.path(), "/\u{202E}");
    // The same holds for all seven characters §4.1 names (LRM, RLM, LRE,
    // RLE, PDF, LRO, RLO), as grammar/README.md records.
    for c in [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    ] {
        let s = format!("http://a{c}/{c}?{c}#{c}");
        let i = iri(&s);
        assert_eq!(i.host(), Some(&*format!("a{c}")));
        assert_eq!(i.fragment(), Some(&*c.to_string()));
    }
}

// ---------------------------------------------------------------------------
// §4.4: bidi examples (logical representations)

/// Bidi Notation (§1.4): "Lowercase letters stand for left-to-right
/// characters ..., and uppercase letters represent right-to-left
/// characters". Uppercase ASCII becomes a Hebrew letter (U+05D0 + n).
fn rtl(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'A'..='Z' => char::from_u32(0x5D0 + (c as u32 - 'A' as u32)).unwrap(),
            c => c,
        })
        .collect()
}

#[test]
fn s4_4_bidi_logical_representations() {
    // §4.4 Examples 1 to 10, logical representations. The bidi rules of
    // §4.2 are SHOULDs outside the grammar; Example 9 ("not allowed") is
    // syntactically an IRI.
    let examples = [
        (
            "http://ab.CDEFGH.ij/kl/mn/op.html",
            "ab.CDEFGH.ij",
            "/kl/mn/op.html",
            None,
            None,
        ),
        (
            "http://ab.CDE.FGH/ij/kl/mn/op.html",
            "ab.CDE.FGH",
            "/ij/kl/mn/op.html",
            None,
            None,
        ),
        (
            "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV",
            "AB.CD.EF",
            "/GH/IJ/KL",
            Some("MN=OP;QR=ST"),
            Some("UV"),
        ),
        (
            "http://AB.CD.ef/gh/IJ/KL.html",
            "AB.CD.ef",
            "/gh/IJ/KL.html",
            None,
            None,
        ),
        (
            "http://ab.cd.EF/GH/ij/kl.html",
            "ab.cd.EF",
            "/GH/ij/kl.html",
            None,
            None,
        ),
        (
            "http://ab.CD.EF/GH/IJ/kl.html",
            "ab.CD.EF",
            "/GH/IJ/kl.html",
            None,
            None,
        ),
        (
            "http://ab.CDE123FGH.ij/kl/mn/op.html",
            "ab.CDE123FGH.ij",
            "/kl/mn/op.html",
            None,
            None,
        ),
        (
            "http://ab.cd.ef/GH1/2IJ/KL.html",
            "ab.cd.ef",
            "/GH1/2IJ/KL.html",
            None,
            None,
        ),
        (
            "http://ab.cd.ef/GH%31/%32IJ/KL.html",
            "ab.cd.ef",
            "/GH%31/%32IJ/KL.html",
            None,
            None,
        ),
        (
            "http://ab.CDEFGH.123/kl/mn/op.html",
            "ab.CDEFGH.123",
            "/kl/mn/op.html",
            None,
            None,
        ),
    ];
    for (logical, host, path, query, fragment) in examples {
        for (s, host, path, query, fragment) in [
            (
                logical.to_string(),
                host.to_string(),
                path.to_string(),
                query.map(String::from),
                fragment.map(String::from),
            ),
            (
                rtl(logical),
                rtl(host),
                rtl(path),
                query.map(rtl),
                fragment.map(rtl),
            ),
        ] {
            let i = iri(&s);
            assert_eq!(i.host(), Some(&*host), "{s}");
            assert_eq!(i.host_kind(), Some(HostKind::RegName));
            assert_eq!(i.path(), path, "{s}");
            assert_eq!(i.query(), query.as_deref(), "{s}");
            assert_eq!(i.fragment(), fragment.as_deref(), "{s}");
        }
    }
}

// ---------------------------------------------------------------------------
// §5: normalization and comparison inputs

#[test]
fn s5_examples() {
    // §5.2: "http://example.org/ros&#xE9" (the RFC's ";" is outside the
    // quotes, a typo) resolves to the IRI "http://example.org/ros&#xE9;".
    assert_eq!(iri("http://example.org/ros\u{E9}").path(), "/ros\u{E9}");
    // §5.3.2: "example://a/b/c/%7Bfoo%7D/ros&#xE9;" and
    // "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9".
    let i = iri("example://a/b/c/%7Bfoo%7D/ros\u{E9}");
    assert_eq!((i.scheme(), i.host()), ("example", Some("a")));
    assert_eq!(i.path(), "/b/c/%7Bfoo%7D/ros\u{E9}");
    let i = iri("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9");
    assert_eq!(i.scheme(), "eXAMPLE");
    assert_eq!(i.path(), "/./b/../b/%63/%7bfoo%7d/ros%C3%A9");
    // §5.3.2.1: "HTTP://www.EXAMPLE.com/" and "http://www.example.com/".
    assert_eq!(
        iri("HTTP://www.EXAMPLE.com/").host(),
        Some("www.EXAMPLE.com")
    );
    assert_eq!(
        iri("http://www.example.com/").host(),
        Some("www.example.com")
    );
    // §5.3.2.2: NFC "http://www.example.org/r&#xE9;sum&#xE9;.html" and
    // the non-NFC "http://www.example.org/re&#x301;sume&#x301;.html"
    // (U+0301 COMBINING ACUTE ACCENT is in ucschar): both are IRIs.
    assert_eq!(
        iri("http://www.example.org/r\u{E9}sum\u{E9}.html").path(),
        "/r\u{E9}sum\u{E9}.html"
    );
    assert_eq!(
        iri("http://www.example.org/re\u{301}sume\u{301}.html").path(),
        "/re\u{301}sume\u{301}.html"
    );
    // §5.3.2.3: "http://example.org/~user", "http://example.org/%7euser",
    // "http://example.org/%7Euser".
    for (s, p) in [
        ("http://example.org/~user", "/~user"),
        ("http://example.org/%7euser", "/%7euser"),
        ("http://example.org/%7Euser", "/%7Euser"),
    ] {
        assert_eq!(iri(s).path(), p);
    }
    // §5.3.3: four equivalent IRIs.
    for (s, port, path) in [
        ("http://example.com", None, ""),
        ("http://example.com/", None, "/"),
        ("http://example.com:/", Some(""), "/"),
        ("http://example.com:80/", Some("80"), "/"),
    ] {
        let i = iri(s);
        assert_eq!(
            (i.host(), i.port(), i.path()),
            (Some("example.com"), port, path)
        );
    }
}

#[test]
fn s5_and_s8_remaining_examples() {
    // §5.2: the HTML/XML source forms "http://example.org/ros&eacute;",
    // "http://example.org/ros&#233" and "http://example.org/ros&#xE9"
    // (the RFC's ";" after the last two is outside the quotes). They
    // denote "http://example.org/ros&#xE9;" only after HTML/XML decoding;
    // taken as IRI text, "&" and ";" are sub-delims and "#" starts the
    // ifragment (RFC 3986 §3.5).
    let i = iri("http://example.org/ros&eacute;");
    assert_eq!((i.path(), i.fragment()), ("/ros&eacute;", None));
    let i = iri("http://example.org/ros&#233");
    assert_eq!((i.path(), i.fragment()), ("/ros&", Some("233")));
    let i = iri("http://example.org/ros&#xE9");
    assert_eq!((i.path(), i.fragment()), ("/ros&", Some("xE9")));
    // §5.3.3: "the IRI "http://example.com/?" cannot be assumed to be
    // equivalent": its query is present and empty.
    let i = iri("http://example.com/?");
    assert_eq!((i.path(), i.query()), ("/", Some("")));
    // §5.3.4: "http://example.com/data" redirecting to
    // "http://example.com/data/".
    assert_eq!(iri("http://example.com/data").path(), "/data");
    assert_eq!(iri("http://example.com/data/").path(), "/data/");
    // §8: "http://big.example.com/PopularPage.html" and its spoof
    // "http://big.example.com/popularpage.html": both IRIs, paths differ
    // by case only (the grammar keeps them apart).
    let a = iri("http://big.example.com/PopularPage.html");
    let b = iri("http://big.example.com/popularpage.html");
    assert_eq!(a.host(), Some("big.example.com"));
    assert_eq!(a.path(), "/PopularPage.html");
    assert_eq!(b.path(), "/popularpage.html");
}

#[test]
fn s6_4_and_appendix_examples() {
    // §6.4: "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9" and
    // its IRI "http://www.example.org/r%E9sum%E9.xml#r&#xE9;sum&#xE9"
    // (";" outside the quotes in the RFC).
    let i = iri("http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9");
    assert_eq!(i.fragment(), Some("r%C3%A9sum%C3%A9"));
    let i = iri("http://www.example.org/r%E9sum%E9.xml#r\u{E9}sum\u{E9}");
    assert_eq!(i.path(), "/r%E9sum%E9.xml");
    assert_eq!(i.fragment(), Some("r\u{E9}sum\u{E9}"));
    // Authors' Addresses: "http://www.w3.org/People/D%C3%BCrst/" ("the
    // percent-encoded form of an IRI") and "http://www.suignard.com".
    assert_eq!(
        iri("http://www.w3.org/People/D%C3%BCrst/").path(),
        "/People/D%C3%BCrst/"
    );
    assert_eq!(
        iri("http://www.w3.org/People/D\u{FC}rst/").path(),
        "/People/D\u{FC}rst/"
    );
    assert_eq!(
        iri("http://www.suignard.com").host(),
        Some("www.suignard.com")
    );
}

// ---------------------------------------------------------------------------
// The four entry rules

#[test]
fn entry_rules() {
    // IRI-reference = IRI / irelative-ref.
    let r = IriRef::parse("//\u{E9}x/\u{E9}?\u{E000}#\u{E9}").unwrap();
    assert_eq!(r.scheme(), None);
    assert_eq!(r.host(), Some("\u{E9}x"));
    assert_eq!(r.query(), Some("\u{E000}"));
    // irelative-ref: ipath-noscheme's first segment has no ":".
    assert!(IrelativeRef::parse("\u{E9}:x").is_err());
    assert_eq!(
        IrelativeRef::parse("./\u{E9}:x").unwrap().path(),
        "./\u{E9}:x"
    );
    // absolute-IRI has no fragment.
    assert!(AbsoluteIri::parse("http://a/\u{E9}?\u{E000}").is_ok());
    let e = AbsoluteIri::parse("http://a/\u{E9}#x").unwrap_err();
    assert_eq!(e.offset(), 11);
    // IRI needs a scheme.
    assert_eq!(Iri::parse("\u{E9}t\u{E9}").unwrap_err().offset(), 0);
}

// ---------------------------------------------------------------------------
// UTF-8: the tables match well-formed UTF-8 only (RFC 3629 §3, §4)

#[test]
fn invalid_utf8_is_rejected_at_the_sequence_start() {
    let cases: &[(&[u8], usize)] = &[
        (b"http://a/\x80", 9),                // lone continuation byte
        (b"http://a/\xC3(", 9),               // truncated 2-byte sequence
        (b"http://a/\xC0\xAF", 9),            // overlong "/"
        (b"http://a/\xC1\xBF", 9),            // overlong U+007F
        (b"http://a/\xE0\x80\xAF", 9),        // overlong 3-byte
        (b"http://a/\xED\xA0\x80", 9),        // surrogate U+D800
        (b"http://a/\xED\xBF\xBF", 9),        // surrogate U+DFFF
        (b"http://a/\xF0\x80\x80\xAF", 9),    // overlong 4-byte
        (b"http://a/\xF4\x90\x80\x80", 9),    // U+110000
        (b"http://a/\xF5\x80\x80\x80", 9),    // lead byte above F4
        (b"http://a/\xFF", 9),                // never in UTF-8
        (b"http://a/\xEF\xBF\xBE", 9),        // U+FFFE, well-formed, not ucschar
        (b"http://a/\xF0\x9F\xBF\xBExyz", 9), // U+1FFFE, not ucschar
        (b"http://a/\xE2\x82", 11),           // truncated at the end: UnexpectedEnd
    ];
    for &(input, offset) in cases {
        bad(input, offset);
    }
    // The last one is "input stops short", reported at the end.
    let e = IriRef::parse_bytes(b"http://a/\xE2\x82").unwrap_err();
    assert!(matches!(
        e.kind(),
        uridfa::runtime::ErrorKind::UnexpectedEnd { .. }
    ));
    // A moved error keeps describing its new position.
    let e = IriRef::parse_bytes(b"http://a/\xEF\xBF\xBE").unwrap_err();
    assert!(
        matches!(
            e.kind(),
            uridfa::runtime::ErrorKind::UnexpectedByte { byte: 0xEF, .. }
        ),
        "{e:?}"
    );
    assert_eq!(e.component(), Some("ipath"));
}

#[test]
fn disallowed_characters_are_reported_like_a_disallowed_ascii_byte() {
    // Every scalar value outside ucschar, in a path segment (§2.2: ipchar
    // holds ucschar only): the error is at the character's first byte, in
    // the state the machine is in before that character. The reference is
    // an ASCII byte the path does not allow ('"', RFC 3986 §3.3), which
    // fails at its own offset without being moved: same offset, component
    // and expected text.
    let ascii = IriRef::parse("http://a/\"b").unwrap_err();
    assert_eq!(ascii.offset(), 9);
    let mut checked = 0;
    for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
        if ucschar(c as u32) {
            continue;
        }
        let input = format!("http://a/{c}b");
        let e = IriRef::parse(&input).unwrap_err();
        let lead = input.as_bytes()[9];
        assert_eq!(e.offset(), 9, "U+{:04X}: {e}", c as u32);
        assert!(
            matches!(e.kind(), uridfa::runtime::ErrorKind::UnexpectedByte { byte, .. } if byte == lead),
            "U+{:04X}: {e:?}",
            c as u32
        );
        assert_eq!(e.component(), ascii.component(), "U+{:04X}", c as u32);
        assert_eq!(e.expected(), ascii.expected(), "U+{:04X}", c as u32);
        checked += 1;
    }
    assert!(checked > 100_000, "{checked}");
}

#[test]
fn long_inputs_error_at_the_character_start() {
    // A million two-byte ucschar characters (U+00E9), then a character or
    // byte the path does not allow: the error is at the first byte of that
    // character, 9 + 2,000,000, whatever the input length.
    let n = 1_000_000;
    let head = format!("http://a/{}", "\u{E9}".repeat(n));
    let at = 9 + 2 * n;
    assert_eq!(head.len(), at);
    for tail in [
        &b"\xEF\xBF\xBE"[..],
        b"\xF0\x9F\xBF\xBEx",
        b"\xC3(",
        b"\xFF",
        b" ",
    ] {
        let mut input = head.clone().into_bytes();
        input.extend_from_slice(tail);
        bad(&input, at);
    }
}

/// `cp` in `ucschar` (RFC 3987 §2.2), from the RFC's list.
fn ucschar(cp: u32) -> bool {
    matches!(cp, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD)
        || ((0x10000..=0xDFFFD).contains(&cp) && (cp & 0xFFFF) <= 0xFFFD)
}

/// `cp` in `iprivate`.
fn iprivate(cp: u32) -> bool {
    matches!(cp, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

#[test]
fn every_code_point() {
    // Each non-ASCII scalar value, in a path segment (ucschar only) and in
    // a query (ucschar or iprivate): the lowering of the code-point
    // ranges to UTF-8 byte sequences, checked against the ranges.
    let mut path_ok = 0;
    let mut query_ok = 0;
    for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
        let cp = c as u32;
        let p = format!("a/{c}");
        let q = format!("a?{c}");
        let (pv, qv) = (
            IriRef::is_valid(p.as_bytes()),
            IriRef::is_valid(q.as_bytes()),
        );
        assert_eq!(pv, ucschar(cp), "U+{cp:04X} in ipath");
        assert_eq!(qv, ucschar(cp) || iprivate(cp), "U+{cp:04X} in iquery");
        path_ok += pv as usize;
        query_ok += qv as usize;
    }
    // Sizes of the ranges: ucschar = (0xD7FF-0xA0+1) + (0xFDCF-0xF900+1)
    // + (0xFFEF-0xFDF0+1) + 13 * 0xFFFE + (0xEFFFD-0xE1000+1).
    let ucs = (0xD7FF - 0xA0 + 1)
        + (0xFDCF - 0xF900 + 1)
        + (0xFFEF - 0xFDF0 + 1)
        + 13 * 0xFFFE
        + (0xEFFFD - 0xE1000 + 1);
    let private = (0xF8FF - 0xE000 + 1) + 2 * 0xFFFE;
    assert_eq!(path_ok, ucs);
    assert_eq!(query_ok, ucs + private);
}

#[test]
fn every_two_and_three_byte_sequence() {
    // Every byte pair, and every byte triple with a lead byte E0-EF, after
    // "a/": valid exactly when it is well-formed UTF-8 of one ucschar
    // (`std::str::from_utf8` decides well-formedness).
    let mut input = b"a/".to_vec();
    for b0 in 0x80..=0xFFu8 {
        for b1 in 0..=0xFFu8 {
            input.truncate(2);
            input.extend([b0, b1]);
            let want = std::str::from_utf8(&input[2..]).ok().and_then(|s| {
                let mut cs = s.chars();
                let c = cs.next()?;
                Some(ucschar(c as u32) && cs.all(|c| c.is_ascii_alphanumeric()))
            });
            assert_eq!(
                IriRef::is_valid(&input),
                want == Some(true),
                "{:02X} {:02X}",
                b0,
                b1
            );
            if (0xE0..=0xEF).contains(&b0) {
                for b2 in 0..=0xFFu8 {
                    input.truncate(4);
                    input.push(b2);
                    let want = std::str::from_utf8(&input[2..]).ok().and_then(|s| {
                        let mut cs = s.chars();
                        let c = cs.next()?;
                        Some(ucschar(c as u32) && cs.next().is_none())
                    });
                    assert_eq!(
                        IriRef::is_valid(&input),
                        want == Some(true),
                        "{b0:02X} {b1:02X} {b2:02X}"
                    );
                }
            }
        }
    }
}

#[test]
fn four_byte_sequence_boundaries() {
    // Lead bytes F0-FF, any second byte, and third/fourth bytes at the
    // continuation-range edges.
    let edges = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0, 0xFF];
    for b0 in 0xF0..=0xFFu8 {
        for b1 in 0..=0xFFu8 {
            for b2 in edges {
                for b3 in edges {
                    let input = [b'a', b'?', b0, b1, b2, b3];
                    let want = std::str::from_utf8(&input[2..]).ok().and_then(|s| {
                        let mut cs = s.chars();
                        let c = cs.next()? as u32;
                        Some((ucschar(c) || iprivate(c)) && cs.next().is_none())
                    });
                    assert_eq!(
                        IriRef::is_valid(&input),
                        want == Some(true),
                        "{b0:02X} {b1:02X} {b2:02X} {b3:02X}"
                    );
                }
            }
        }
    }
}

#[test]
fn ascii_iris_are_rfc3986_uris() {
    // §2.2: the grammar "closely follows the URI grammar in [RFC3986],
    // except that the range of unreserved characters is expanded to
    // include UCS characters" (and iprivate in iquery), all non-ASCII. On
    // ASCII input IRI-reference and URI-reference are the same language
    // with the same components. Checked on every ASCII corpus string and
    // on every single-byte edit of the short ones.
    let Some(dir) = common::corpora_dir() else {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    };
    let mut inputs = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".jsonl") {
            for (_, rec) in common::read_jsonl(&name).unwrap() {
                for key in ["input", "base", "ref", "expected"] {
                    if let Some(s) = rec.get(key).and_then(common::Json::as_str) {
                        if s.is_ascii() {
                            inputs.insert(s.to_string());
                        }
                    }
                }
            }
        }
    }
    let mut edits = std::collections::BTreeSet::new();
    for s in inputs.iter().filter(|s| s.len() <= 32) {
        for i in 0..=s.len() {
            for c in (0x20u8..0x7F).map(char::from) {
                let mut m = s.clone();
                m.insert(i, c);
                edits.insert(m);
            }
        }
    }
    let mut accepted = 0;
    for s in inputs.iter().chain(&edits) {
        let a = IriRef::parse(s).ok().map(|r| {
            (
                r.scheme(),
                r.authority(),
                r.userinfo(),
                r.host(),
                r.host_kind(),
                r.port(),
                r.path(),
                r.query(),
                r.fragment(),
            )
        });
        let b = uridfa::rfc3986::UriRef::parse(s).ok().map(|r| {
            (
                r.scheme(),
                r.authority(),
                r.userinfo(),
                r.host(),
                r.host_kind(),
                r.port(),
                r.path(),
                r.query(),
                r.fragment(),
            )
        });
        assert_eq!(a, b, "{s:?}");
        accepted += a.is_some() as usize;
    }
    eprintln!(
        "rfc3987 = rfc3986 on {} ASCII inputs ({accepted} accepted)",
        inputs.len() + edits.len()
    );
}
