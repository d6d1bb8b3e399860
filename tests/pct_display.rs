//! `Display` and `Debug` of decoded pieces (`uridfa::pct::Decode`,
//! `Segment`): `Display` is the decoded text with invalid UTF-8 replaced
//! by U+FFFD per maximal subpart, `Debug` the exact decoded bytes as a
//! quoted, escaped string. Expected values from RFC 3986 §2.5 and
//! RFC 3987 §3.2's examples, the Unicode Standard's Table 3-8 (§3.9,
//! "U+FFFD Substitution of Maximal Subparts"), and as independent oracles
//! std's `String::from_utf8_lossy` and `str`'s `Debug` on arbitrary
//! inputs (proptest).

use proptest::collection::vec;
use proptest::prelude::*;
use uridfa::pct::{decode, PathSegments, QueryPairs};

/// Percent-encodes every byte of `bytes` (an input any `decode` accepts).
fn encode_all(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("%{b:02X}")).collect()
}

#[test]
fn display_prints_the_decoded_text() -> Result<(), Box<dyn std::error::Error>> {
    // RFC 3986 §2.5: "LATIN CAPITAL LETTER A WITH GRAVE would be
    // represented as "%C3%80", and ... KATAKANA LETTER A ... as "%E3%82%A2"".
    assert_eq!(decode("A%C3%80%E3%82%A2")?.to_string(), "A\u{C0}\u{30A2}");
    // RFC 3987 §3.2's example: `http://www.example.org/D%C3%BCrst` is
    // the IRI `http://www.example.org/Dürst`.
    assert_eq!(decode("D%C3%BCrst")?.to_string(), "D\u{FC}rst");
    // §3.2's `D%FCrst` (Latin-1, not UTF-8) stays unreadable: U+FFFD here.
    assert_eq!(decode("D%FCrst")?.to_string(), "D\u{FFFD}rst");
    // Unicode Standard §3.9, Table 3-8: 61 F1 80 80 E1 80 C2 62 80 63 80 BF
    // 64 is "a", three U+FFFD, "b", one, "c", two, "d".
    let table_3_8 = [
        0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64,
    ];
    assert_eq!(
        decode(&encode_all(&table_3_8))?.to_string(),
        "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d"
    );
    // A sequence cut off by the end of the input is one U+FFFD.
    assert_eq!(decode("x%E3%82")?.to_string(), "x\u{FFFD}");
    // Width and alignment are not applied (the text is written as is).
    assert_eq!(format!("[{}]", decode("a%20b")?), "[a b]");
    // The decoded pieces of a view print the same way.
    let u = uridfa::rfc3986::UriRef::parse("http://h/caf%C3%A9/x?k%20=v%2Bw")?;
    let seg = uridfa::prelude::GenericRef::path_segments(&u)
        .next()
        .unwrap();
    assert_eq!(seg.to_string(), "caf\u{E9}");
    let (k, v) = QueryPairs::new("k%20=v%2Bw").next().unwrap();
    assert_eq!(
        (k.to_string(), v.unwrap().to_string()),
        ("k ".into(), "v+w".into())
    );
    assert_eq!(
        PathSegments::new("/%E2%82%AC").next().unwrap().to_string(),
        "\u{20AC}"
    );
    Ok(())
}

#[test]
fn debug_is_readable_and_exact() -> Result<(), uridfa::pct::PctError> {
    assert_eq!(format!("{:?}", decode("a%20b")?), r#"Decode("a b")"#);
    assert_eq!(
        format!("{:?}", decode("D%C3%BCrst")?),
        "Decode(\"D\u{FC}rst\")"
    );
    // Not UTF-8: each byte shown, nothing replaced.
    assert_eq!(format!("{:?}", decode("D%FCrst")?), r#"Decode("D\xFCrst")"#);
    assert_eq!(format!("{:?}", decode("%E3%82")?), r#"Decode("\xE3\x82")"#);
    // Escapes as `str`'s Debug: quote, backslash, controls.
    assert_eq!(
        format!("{:?}", decode("%22%5C%0A'")?),
        r#"Decode("\"\\\n'")"#
    );
    // Inside the structures that hold one: no byte lists.
    let seg = PathSegments::new("/a%20b").next().unwrap();
    let d = format!("{seg:?}");
    assert!(d.contains(r#"Decode("a b")"#), "{d}");
    Ok(())
}

proptest! {
    /// std's lossy conversion is the oracle for `Display`, on any bytes
    /// (sequences split over chunks and over the 64-byte buffer).
    #[test]
    fn display_is_from_utf8_lossy(bytes in vec(any::<u8>(), 0..300), plain in vec(0x20u8..0x7F, 0..100)) {
        let mut input = encode_all(&bytes);
        // Literal runs between the triplets too (no `%` among them).
        input.insert_str(bytes.len() / 2 * 3, &String::from_utf8(plain.iter().map(|&b| if b == b'%' { b'a' } else { b }).collect()).unwrap());
        let d = decode(&input).unwrap();
        prop_assert_eq!(d.to_string(), String::from_utf8_lossy(&d.to_vec()).into_owned());
    }

    /// For UTF-8 text `Debug` is `str`'s, in `Decode(...)`.
    #[test]
    fn debug_of_text_is_strs(text in "\\PC*|[\\x00-\\x7F\u{300}'\"\\\\]*") {
        let input = encode_all(text.as_bytes());
        let d = decode(&input).unwrap();
        prop_assert_eq!(format!("{d:?}"), format!("Decode({text:?})"));
    }

    /// `Debug` round-trips the exact bytes: every byte that is not part of
    /// valid UTF-8 appears as its `\xNN` escape, and the valid text around
    /// them as `from_utf8_lossy` sees it.
    #[test]
    fn debug_keeps_invalid_bytes(bytes in vec(any::<u8>(), 0..200)) {
        let input = encode_all(&bytes);
        let d = decode(&input).unwrap();
        let shown = format!("{d:?}");
        let mut expected = String::from("Decode(\"");
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                if c == '\'' { expected.push('\''); } else { expected.extend(c.escape_debug()); }
            }
            for b in chunk.invalid() {
                expected.push_str(&format!("\\x{b:02X}"));
            }
        }
        expected.push_str("\")");
        prop_assert_eq!(shown, expected);
    }
}
