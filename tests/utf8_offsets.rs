//! The typed views move an error with `Error::at_char_start` for tables
//! with the `utf8` flag only (the move is only right for tables whose
//! bytes ≥ 0x80 are UTF-8; leaving it out elsewhere keeps its second run of
//! the driver out of firmware built on ASCII grammars). Every built-in
//! grammar without `;@ charset utf-8` must therefore reject every byte
//! ≥ 0x80 in every state (then the move would be a no-op: such tables
//! already fail at the lead byte), and the `utf8` flag must follow the
//! pragma.

#[test]
fn ascii_grammars_reject_every_non_ascii_byte() {
    let mut checked = 0;
    for g in uridfa::GRAMMARS.iter().filter(|g| !g.utf8) {
        for t in g.entries {
            for state in 0..t.state_len() {
                for b in 0x80..=0xFFu8 {
                    let i = state * t.stride as usize + usize::from(t.classes[usize::from(b)]);
                    let next = t.trans.get(i).unwrap_or(t.special);
                    assert_eq!(
                        next, t.special,
                        "{} {}: state {state}, byte {b:#04X}",
                        g.name, t.rule
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn utf8_flag_follows_the_pragma() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar");
    for g in uridfa::GRAMMARS {
        let text = std::fs::read_to_string(format!("{dir}/{}.abnf", g.name)).unwrap();
        let pragma = text.lines().any(|l| l.trim() == ";@ charset utf-8");
        assert_eq!(g.utf8, pragma, "{}", g.name);
        for t in g.entries {
            assert_eq!(t.utf8, pragma, "{} {}: Tables::utf8", g.name, t.rule);
        }
    }
    assert!(uridfa::grammar("rfc3987").unwrap().utf8);
}

/// The reliability review's case: `http://a/` then U+FFFE (EF BF BE), which
/// RFC 3987 does not allow. The tables fail at the third byte (11); the
/// character starts at 9 (RFC 3987 §2.2 `ucschar` excludes U+FFFE, so the
/// whole character is the unexpected one), and a streaming machine must say
/// 9 too, however the input is cut into chunks, with the same state (and so
/// the same expected text) as the whole-input error.
#[test]
fn streaming_errors_start_at_the_character_like_whole_input_errors() {
    use uridfa::runtime::{validate, Machine};
    let t = &uridfa::rfc3987::tables::IRI_REFERENCE;
    let inputs: &[&[u8]] = &[
        b"http://a/\xEF\xBF\xBE",
        b"http://a/\xC3(",
        b"http://a/\xED\xA0\x80",
        b"http://a/\xF0\x9F\xBF\xBE/x",
        b"http://\xE4\xBE\x8B/\xEF\xBF\xBE?q",
        b"http://a/\xC3\xA9\xFF",
        b"http://a/b c",
        b"\xEF\xBF\xBE",
        b"http://a/\xE2\x82",
        // A lead byte where a continuation byte should be: found by the
        // codegen differential test, with the second lead in a chunk of
        // its own.
        b"@\xCD\xC9\x80",
        b"http://a/\xF0\x9F\xE2\x82\xAC",
    ];
    let mut cuts = 0;
    for input in inputs {
        let whole = validate(t, input).map_err(|e| e.at_char_start(t, input));
        let n = input.len();
        // Every way to cut the input into up to three chunks.
        for i in 0..=n {
            for j in i..=n {
                let mut regs = [0usize; 64];
                let mut m = Machine::new(t, &mut regs).unwrap();
                let got = m
                    .feed(&input[..i])
                    .and_then(|()| m.feed(&input[i..j]))
                    .and_then(|()| m.feed(&input[j..]))
                    .and_then(|()| m.finish());
                assert_eq!(got, whole, "{input:?} cut at {i} and {j}");
                cuts += 1;
            }
        }
        // Byte by byte.
        let mut regs = [0usize; 64];
        let mut m = Machine::new(t, &mut regs).unwrap();
        let got = input
            .iter()
            .try_for_each(|b| m.feed(core::slice::from_ref(b)))
            .and_then(|()| m.finish());
        assert_eq!(got, whole, "{input:?} byte by byte");
    }
    assert_eq!(
        validate(t, inputs[0]).map_err(|e| e.at_char_start(t, inputs[0]).offset()),
        Err(9)
    );
    assert!(cuts > 500);
}
