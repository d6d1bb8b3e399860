//! The C arrays of the kinds decided after the match of one machine: their
//! classes (Note [kind classes through the machine's] in `forms.rs`),
//! cells (Note [kind cells by index]), kinds and first-byte rows (Note
//! [kinds decided by the first byte] in `decide.rs`).

use super::decide::UNDECIDED;
use super::forms;
use super::text::array;
use crate::pipeline::tables::TablesBuf;
use std::fmt::Write as _;

/// What [`arrays`] wrote: the name of the kinds' classes array, whether
/// it is a 256-byte table this machine wrote, whether it wrote first-byte
/// rows, and whether the classes go through the machine's.
pub(super) struct KindArrays {
    pub(super) classes: String,
    pub(super) wrote_classes: bool,
    pub(super) has_rows: bool,
    pub(super) mapped: bool,
}

/// Writes the kinds' arrays of `t` (C name `base`) into `out`: the cells
/// unless `after_of` (an earlier machine with the same kinds) wrote them,
/// the 256-byte classes unless they go through the machine's or
/// `classes_of` wrote them. `first`: [`super::decide::first_decisions`].
pub(super) fn arrays(
    out: &mut String,
    t: &TablesBuf,
    base: &str,
    after_of: Option<&str>,
    classes_of: Option<&str>,
    first: &[(bool, Option<Vec<u8>>)],
) -> KindArrays {
    // Note [kind classes through the machine's].
    let map = forms::kind_class_map(t);
    let mut wrote_classes = false;
    let mut has_rows = false;
    let after_classes = match (&map, classes_of) {
        (Some(map), _) => {
            let _ = writeln!(
                out,
                "static const uint8_t {base}_after_map[] = {};",
                array(map, 32)
            );
            format!("{base}_after_map")
        }
        (None, Some(of)) => format!("{of}_after_classes"),
        (None, None) => {
            if let Some(ac) = &t.after.classes {
                // The kinds' class of each byte, then the identity over
                // them, so that the driver reads both forms alike.
                let _ = writeln!(
                    out,
                    "static const uint8_t {base}_after_classes[{}] = {};",
                    256 + t.after.stride,
                    array(
                        ac.iter()
                            .copied()
                            .chain((0..t.after.stride).map(|k| k as u8)),
                        32
                    )
                );
                wrote_classes = true;
            }
            format!("{base}_after_classes")
        }
    };
    if t.after.classes.is_some() {
        if after_of.is_none() {
            // Note [kind cells by index].
            let cells = t.after.trans.iter().map(|&c| forms::kind_cell(&t.after, c));
            let _ = writeln!(
                out,
                "static const {} {base}_after_trans[] = {};",
                if forms::kind_width(&t.after) == 1 {
                    "uint8_t"
                } else {
                    "uint16_t"
                },
                array(cells, 20)
            );
        }
        // Note [kinds decided by the first byte]: each parent's first
        // kind names its row of answers (0xFFFE none, 0xFFFF not first).
        let mut rows: Vec<u8> = Vec::new();
        let kinds = t.after.kinds.iter().zip(first).map(|(k, (is_first, row))| {
            let parent = t
                .captures
                .get(usize::from(k.capture))
                .map_or(u16::MAX, |c| c.kind_of);
            // Indexed by the machine's classes (Note [kind classes through
            // the machine's]): a class whose bytes the row answers
            // differently (the kinds' classes are not coarser) is
            // undecided, and runs the kinds' DFAs.
            let row = row.as_ref().and_then(|row| {
                let ac = t.after.classes.as_ref()?;
                let mut by_class: Vec<Option<u8>> = vec![None; t.stride as usize];
                for (b, &c) in t.classes.iter().enumerate() {
                    let answer = row[usize::from(ac[b])];
                    let slot = by_class.get_mut(usize::from(c))?;
                    *slot = match *slot {
                        None => Some(answer),
                        Some(a) if a == answer => Some(a),
                        Some(_) => Some(UNDECIDED),
                    };
                }
                let row: Vec<u8> = by_class
                    .into_iter()
                    .map(|a| a.unwrap_or(UNDECIDED))
                    .collect();
                row.iter().any(|&a| a != UNDECIDED).then_some(row)
            });
            let at = match row {
                _ if !is_first => 0xFFFF,
                Some(row) if rows.len() + row.len() < 0xFFFE => {
                    rows.extend(&row);
                    rows.len() - row.len()
                }
                _ => 0xFFFE,
            };
            let start = forms::kind_cell(&t.after, k.start);
            format!("{{ {}, {start}, {parent}, {at} }}", k.capture)
        });
        let kinds = array(kinds, 4);
        let _ = writeln!(
            out,
            "static const uridfa_after_kind {base}_after_kinds[] = {kinds};"
        );
        has_rows = !rows.is_empty();
        if has_rows {
            let _ = writeln!(
                out,
                "static const uint8_t {base}_after_first[] = {};",
                array(rows, 32)
            );
        }
    }
    KindArrays {
        classes: after_classes,
        wrote_classes,
        has_rows,
        mapped: map.is_some(),
    }
}
