//! The pictures on small grammars: places, names, the overview and the
//! explanation of one input.

use super::analysis::*;
use super::dot::*;
use super::explain::*;
use crate::driver::{compile_str, Options};
use crate::tables::{TablesBuf, TransBuf};

fn compile(g: &str) -> TablesBuf {
    let mut c = compile_str("g.abnf", g, Options::default()).expect("compiles");
    c.machines.remove(0).tables
}

/// The places of the states `input` passes through, as names.
fn places(t: &TablesBuf, input: &[u8]) -> Vec<String> {
    let t = t.as_tables();
    let an = Analysis::of(&t);
    an.path(input)
        .iter()
        .map(|&s| an.place_name(an.place(s)))
        .collect()
}

#[test]
fn nested_captures_and_separators() {
    let t = compile(
        ";@ entry r\n;@ capture a b\nr = a \"/\" a2\na = \"<\" b \">\"\nb = 1*\"x\"\na2 = \"y\"\n",
    );
    // "<" and ">" are a's bytes; the x's are b's, inside a; "/" and "y"
    // are in no capture.
    assert_eq!(
        places(&t, b"<xx>/y"),
        ["start", "a", "b", "b", "a", "outside", "outside"]
    );
}

#[test]
fn a_list_is_read_as_its_region() {
    // A capture in a list is found by the list's item tables (Note
    // [repeated captures]); the machine reads the list region `*r`,
    // which spans the whole repetition, separators included.
    let t = compile(";@ entry r\n;@ capture a\nr = 1*(a \",\")\na = 1*\"x\"\n");
    assert_eq!(places(&t, b"x,x,"), ["start", "*r", "*r", "*r", "*r"]);
}

#[test]
fn undecided_readings_are_maybe() {
    // x's are a's if a ":" follows, else b's (RFC 3986's scheme or path).
    let t = compile(";@ entry r\n;@ capture a b\nr = a \":\" / b\na = 1*\"x\"\nb = 1*\"x\"\n");
    assert_eq!(
        places(&t, b"xx:"),
        ["start", "maybe a | b", "maybe a | b", "outside"]
    );
}

#[test]
fn registers_are_named_by_their_tags() {
    let t = compile(";@ entry r\n;@ capture a b\nr = a \"/\" b\na = 1*\"x\"\nb = 1*\"y\"\n");
    let dot = states_dot(&t.as_tables(), None);
    for want in ["a.start=pos", "a.end=pos", "b.start=pos", "\\nb.end=pos"] {
        assert!(dot.contains(want), "{want} in {dot}");
    }
    let only_b = states_dot(&t.as_tables(), Some(1));
    assert!(only_b.contains("label=\"(\\\"/\\\")\""), "{only_b}");
    assert!(!only_b.contains("\\na\\n"), "{only_b}");
}

/// Tables that break every invariant still draw, never panic.
#[test]
fn corrupt_tables_do_not_panic() {
    let good = compile(
        ";@ entry r\n;@ capture a b\nr = a \"/\" 1*(b \",\")\na = 1*\"x\"\nb = 1*(\"y\" / \"z\")\n",
    );
    let mut rng = crate::sample::Rng::new(1);
    for round in 0..300 {
        let mut t = good.clone();
        match round % 6 {
            0 => t.start = rng.below(64) as u32,
            1 => t.reg_len = rng.below(8) as u32,
            2 => {
                for e in &mut t.edges {
                    e.target = rng.below(64) as u32;
                    e.ops = rng.next_u64().to_le_bytes();
                    e.ops_len = rng.below(9) as u16;
                }
            }
            3 => {
                if let TransBuf::U8(v) = &mut t.trans {
                    for x in v.iter_mut() {
                        if rng.below(4) == 0 {
                            *x = rng.below(256) as u8;
                        }
                    }
                }
            }
            4 => t.stride = rng.below(4) as u32,
            _ => {
                for op in &mut t.ops {
                    op.dst = rng.below(70) as u16;
                    op.src = rng.below(70) as u16;
                }
                t.captures.truncate(rng.below(3) as usize);
            }
        }
        let tables = t.as_tables();
        let _ = overview_dot(&tables);
        let _ = states_dot(&tables, Some(rng.below(3) as usize));
        let input: Vec<u8> = (0..rng.below(10))
            .map(|_| b"xy/,z\0"[rng.below(6) as usize])
            .collect();
        let runs = [vec![Some((0, 1)), None, Some((5, 2))], vec![Some((9, 9))]];
        let _ = explain_text(&tables, &input, Some(&runs), Some((99, "e")));
    }
}
