//! The typed views move every error with `Error::at_char_start`, which is
//! only right for tables whose bytes ≥ 0x80 are UTF-8. Every built-in
//! grammar without `;@ charset utf-8` must therefore reject every byte
//! ≥ 0x80 in every state (then the move is a no-op: such tables already
//! fail at the lead byte), and the `utf8` flag must follow the pragma.

use uridfa::runtime::Trans;

#[test]
fn ascii_grammars_reject_every_non_ascii_byte() {
    let mut checked = 0;
    for g in uridfa::GRAMMARS.iter().filter(|g| !g.utf8) {
        for t in g.entries {
            for state in 0..t.state_len() {
                for b in 0x80..=0xFFu8 {
                    let i = state * t.stride as usize + usize::from(t.classes[usize::from(b)]);
                    let next = match t.trans {
                        Trans::U8(tr) => u32::from(tr[i]),
                        Trans::U16(tr) => u32::from(tr[i]),
                        Trans::U32(tr) => tr[i],
                    };
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
    }
    assert!(uridfa::grammar("rfc3987").unwrap().utf8);
}
