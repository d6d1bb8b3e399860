//! The forms of a C transition table (Notes [small tables] and [classes
//! before transitions]): the one-byte state indices the C tables hold by
//! default where the premultiplied IDs need two bytes or more.

use crate::pipeline::tables::{AfterKindsBuf, TablesBuf, TransBuf};

// Note [classes before transitions]
//
// A one-byte transition table (the default form, and tables whose IDs fit
// a byte) is written right after the byte classes, in one array, so that
// the driver reaches both from one pointer (`classes + 256` is the
// transitions): the hot loop keeps one register fewer live, which kept
// gcc from spilling the classes' pointer to the stack and reloading it at
// every byte (docs/c.md has the figures).

// Note [small tables]
//
// The transition table holds premultiplied state IDs (Rust: `Tables`
// invariant 2), so the hot loop adds a byte's class to the ID it read
// without a multiply. For RFC 3986's `URI-reference` (189 states, 21
// classes, 66 edges) those IDs need 16 bits: 7,938 bytes, most of a
// firmware image. State indices, with the dead state and the edges above
// them, need 189 + 1 + 66 = 256 values: one byte each, half the table. So
// where the indices fit a byte and the IDs do not, `NAME.c` holds both
// forms: by default the indices (`URIDFA_INDEXED8`), for which the driver
// multiplies each state by the stride, and with `-DURIDFA_FAST` the IDs.
// On the x86-64 here the multiply costs nothing measurable (docs/c.md);
// `URIDFA_FAST` is for cores whose multiply is slow (a Cortex-M0 with
// the small multiplier takes 32 cycles).

/// The transitions as one byte each, state indices rather than IDs (Note
/// [small tables]), if they fit.
pub(super) fn small_trans(t: &TablesBuf) -> Option<Vec<u8>> {
    let stride = t.stride.max(1);
    let state_len = t.state_len() as u32;
    (0..t.trans.len())
        .map(|i| {
            let v = match &t.trans {
                TransBuf::U8(v) => u32::from(v[i]),
                TransBuf::U16(v) => u32::from(v[i]),
                TransBuf::U32(v) => v[i],
            };
            let small = if v < t.special {
                v / stride
            } else {
                v - t.special + state_len
            };
            u8::try_from(small).ok()
        })
        .collect()
}

// Note [kind cells by index]
//
// The Rust tables' cells of the kinds decided after the match are `u16`:
// the next state's premultiplied ID shifted left by one, plus its accept
// bit (Rust: Note [kind DFA cells]). The C tables hold the state's index
// instead of its ID (`index << 1 | accept`), one byte each where the
// indices fit seven bits (RFC 3986's `IPv4address` and `reg-name`: 28
// rows of 11 cells, 308 bytes instead of 616), else two; the driver
// multiplies the index by the stride once per state it enters, not per
// byte (a run of one state reads one row).

/// A kind cell (or start cell) of `after` in the C tables' index form
/// (Note [kind cells by index]).
pub(super) fn kind_cell(after: &AfterKindsBuf, cell: u16) -> u16 {
    let stride = after.stride.max(1);
    ((u32::from(cell >> 1) / stride) as u16) << 1 | (cell & 1)
}

/// The bytes per kind cell in the C tables: 1 where every index fits seven
/// bits, else 2 (Note [kind cells by index]).
pub(super) fn kind_width(after: &AfterKindsBuf) -> u8 {
    let rows = after.trans.len() / (after.stride.max(1) as usize);
    if rows <= 128 {
        1
    } else {
        2
    }
}

// Note [kind classes through the machine's]
//
// The kinds' DFAs read bytes through a byte-class table of their own (256
// bytes, `after_classes`). Where the machine's own byte classes refine the
// kinds' (every byte of one machine class is in one kind class, as for
// RFC 3986's `URI-reference`: 21 classes, IPv6address's `ls32` already
// tells the digits of a `dec-octet` apart, against the kinds' 11), the C
// tables hold instead the kinds' class of each machine class (21 bytes,
// `after_classes` with `after_mapped` set), and the driver reads a byte's
// kind class as `after_classes[classes[b]]`: one more load per byte a
// kind's DFA reads (on the kasztp URLs only hosts that start with a
// digit). The first-byte rows (Note [kinds decided by the first byte])
// are indexed by the machine's classes in either form. A
// program links the table of the machine it calls only (the kinds'
// cells stay shared between machines with the same kinds). Elsewhere the
// kinds' own 256 classes are followed by the identity over the kinds'
// classes, so that the driver reads both forms as `cls[pre[b]]` (the
// first form's code without a test per byte: with one, gcc -Os wrote the
// kinds' loops twice, 113 bytes more).

/// The kinds' class of each of `t`'s byte classes when `t`'s classes
/// refine the kinds' (Note [kind classes through the machine's]), else
/// `None` (or without kinds decided after the match).
pub(super) fn kind_class_map(t: &TablesBuf) -> Option<Vec<u8>> {
    let kinds = t.after.classes.as_ref()?;
    let mut map: Vec<Option<u8>> = vec![None; t.stride as usize];
    for (b, &c) in t.classes.iter().enumerate() {
        let slot = map.get_mut(usize::from(c))?;
        match *slot {
            None => *slot = Some(kinds[b]),
            Some(k) if k == kinds[b] => {}
            Some(_) => return None,
        }
    }
    // A class no byte has (none is written) reads as the kinds' dead
    // class 0; every class has a byte, as the classes are the bytes'.
    Some(map.into_iter().map(|k| k.unwrap_or(0)).collect())
}
