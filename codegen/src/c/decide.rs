//! The kinds decided after the match that a span's first byte decides
//! (Note [kinds decided by the first byte]): the C `split`'s shortcut
//! past the kinds' DFAs.

use crate::compiled::Compiled;
use crate::pipeline::tables::{TablesBuf, TransBuf};
use std::collections::HashMap;

// Note [kinds decided by the first byte]
//
// `split` decides the kinds decided after the match (`;@ kind-after host =
// IPv4address / reg-name`) by running each kind's DFA over the parent's
// span until one accepts: on the kasztp URLs, RFC 3986's `reg-name` DFA
// read every host again, a tenth of `split`'s instructions. But the
// span is not any string: the match put it there, so it is in the
// language of the parent's rule (`host`). Where the parent is a capture
// of one rule that is also a `;@ component` rule, the generator has that
// rule's DFA, and it walks the product of it with the kinds' DFAs from
// each first byte: the set of answers (the first kind that accepts, or
// none) over every string of the parent's language that starts with that
// byte. Where that set has one answer, the byte decides the kind: for
// RFC 3986's host a letter is a `reg-name`, a `[` neither kind (an
// IP-literal), and only a digit leaves both open. The table holds that
// answer per byte class of the machine (`after_first`: a row for
// each parent's first kind, at the offset that kind's `first` names;
// `0xFF` undecided, `0xFE` none, else the kind's index), and `split`
// reads it before the DFAs. (`first_decisions` gives a row per class of
// the kinds' DFAs; the emitter re-indexes it by the machine's classes, a
// class whose bytes differ being undecided: Note [kind classes through
// the machine's].) Only `split` (after a match) uses it: `uridfa_kind_after` and
// `uridfa_decide_kinds` take spans from the caller, which need not be
// in the parent's language, and run the DFAs. The same answers as the
// Rust runtime's (which runs the DFAs) by construction; the differential
// test (`cli/tests/c_driver.rs`) compares them on every input.

/// `after_first`'s value for a class that does not decide the kind.
pub const UNDECIDED: u8 = 0xFF;
/// `after_first`'s value for a class whose spans are of no kind.
pub const NO_KIND: u8 = 0xFE;

/// The most product states walked for one parent; past it, no shortcut.
const MAX_STATES: usize = 1 << 16;

/// Per kind of `t.after.kinds` (tables `t` of grammar `c`): whether it is
/// its parent's first kind, and then its row of `after_first` (Note
/// [kinds decided by the first byte]), `t.after.stride` answers, one per
/// byte class of the kinds' DFAs, if any class decides the kind.
pub fn first_decisions(c: &Compiled, t: &TablesBuf) -> Vec<(bool, Option<Vec<u8>>)> {
    let kinds = &t.after.kinds;
    let parent_of = |k: usize| {
        t.captures
            .get(usize::from(kinds[k].capture))
            .map(|c| c.kind_of)
    };
    (0..kinds.len())
        .map(|k| {
            let first = parent_of(k).filter(|&p| (0..k).all(|j| parent_of(j) != Some(p)));
            let row = first.and_then(|parent| {
                // The parent's kinds, in the order they are tried.
                let same: Vec<usize> = (k..kinds.len())
                    .filter(|&j| parent_of(j) == Some(parent))
                    .collect();
                row(c, t, usize::from(parent), &same)
            });
            (first.is_some(), row)
        })
        .collect()
}

/// The row of answers per byte class for the kinds `same` of `parent`,
/// if some class decides.
fn row(c: &Compiled, t: &TablesBuf, parent: usize, same: &[usize]) -> Option<Vec<u8>> {
    let classes = t.after.classes.as_ref()?;
    let p = parent_rule_tables(c, t, parent)?;
    let by_byte = answers(p, t, same)?;
    let row: Vec<u8> = (0..t.after.stride as usize)
        .map(|cl| {
            let mut answer = None;
            for b in 0..256 {
                if usize::from(classes[b]) != cl {
                    continue;
                }
                match (answer, by_byte[b]) {
                    // A byte no span starts with decides nothing.
                    (_, None) => {}
                    (None, Some(a)) => answer = Some(a),
                    (Some(x), Some(a)) if x != a => answer = Some(UNDECIDED),
                    _ => {}
                }
            }
            answer.unwrap_or(UNDECIDED)
        })
        .collect();
    row.iter().any(|&a| a != UNDECIDED).then_some(row)
}

/// The DFA of the rule whose matches capture `parent` of `t` reports: the
/// capture must be of one rule (`;@ capture host`, not `;@ capture path =
/// a / b`) that is also an entry or a `;@ component` rule of `c`.
fn parent_rule_tables<'c>(c: &'c Compiled, t: &TablesBuf, parent: usize) -> Option<&'c TablesBuf> {
    let name = t.as_tables().capture_name(parent)?;
    let cap = c
        .grammar
        .captures
        .iter()
        .find(|cap| cap.name == name && cap.kind_of.is_none())?;
    let [(rule, _)] = cap.rules.as_slice() else {
        return None;
    };
    c.components
        .iter()
        .chain(&c.machines)
        .find(|m| m.tables.rule == *rule)
        .map(|m| &m.tables)
}

/// The next state of the parent's DFA `p` after byte `b` from the state
/// with ID `id`; `None` for the dead state.
fn step(p: &TablesBuf, id: u32, b: u8) -> Option<u32> {
    let i = id as usize + usize::from(p.classes[usize::from(b)]);
    let v = match &p.trans {
        TransBuf::U8(v) => u32::from(*v.get(i)?),
        TransBuf::U16(v) => u32::from(*v.get(i)?),
        TransBuf::U32(v) => *v.get(i)?,
    };
    if v < p.special {
        Some(v)
    } else if v == p.special {
        None
    } else {
        p.edges.get((v - p.special - 1) as usize).map(|e| e.target)
    }
}

/// Whether the parent's DFA `p` accepts in the state with ID `id`.
fn accepts(p: &TablesBuf, id: u32) -> bool {
    let index = id as usize / (p.stride.max(1) as usize);
    let f = match &p.state_final {
        TransBuf::U8(v) => v.get(index).map(|&x| usize::from(x)),
        TransBuf::U16(v) => v.get(index).map(|&x| usize::from(x)),
        TransBuf::U32(v) => v.get(index).map(|&x| x as usize),
    };
    f.and_then(|f| p.finals.get(f)).is_some_and(|f| f.accept)
}

/// For each first byte: `None` if no string of the parent's language
/// starts with it, else the answer of every such string if they share
/// one (the index of the first kind of `kinds` that accepts, or
/// [`NO_KIND`]), else [`UNDECIDED`]. `None` when the product is too large.
fn answers(p: &TablesBuf, t: &TablesBuf, kinds: &[usize]) -> Option<Vec<Option<u8>>> {
    let classes = t.after.classes.as_ref()?;
    let cell_step = |cell: u16, b: u8| -> u16 {
        if cell == 0 {
            return 0;
        }
        let i = usize::from(cell >> 1) + usize::from(classes[usize::from(b)]);
        t.after.trans.get(i).copied().unwrap_or(0)
    };
    if kinds.len() > 62 || kinds.iter().any(|&k| k > usize::from(u8::MAX) - 2) {
        return None;
    }
    // Product states: the parent's state and each kind's cell.
    type State = (u32, Vec<u16>);
    let mut id_of: HashMap<State, usize> = HashMap::new();
    let mut states: Vec<State> = Vec::new();
    let mut succ: Vec<Vec<usize>> = Vec::new();
    let mut intern = |s: State, states: &mut Vec<State>, succ: &mut Vec<Vec<usize>>| {
        *id_of.entry(s.clone()).or_insert_with(|| {
            states.push(s);
            succ.push(Vec::new());
            states.len() - 1
        })
    };
    let start_cells: Vec<u16> = kinds.iter().map(|&k| t.after.kinds[k].start).collect();
    let mut first: Vec<Option<usize>> = vec![None; 256];
    for b in 0..=255u8 {
        if let Some(q) = step(p, p.start, b) {
            let cells = start_cells.iter().map(|&c| cell_step(c, b)).collect();
            first[usize::from(b)] = Some(intern((q, cells), &mut states, &mut succ));
        }
    }
    let mut i = 0;
    while i < states.len() {
        if states.len() > MAX_STATES {
            return None;
        }
        let (q, cells) = states[i].clone();
        let mut next = Vec::new();
        for b in 0..=255u8 {
            if let Some(q2) = step(p, q, b) {
                let cells2 = cells.iter().map(|&c| cell_step(c, b)).collect();
                next.push(intern((q2, cells2), &mut states, &mut succ));
            }
        }
        next.sort_unstable();
        next.dedup();
        succ[i] = next;
        i += 1;
    }
    // Each state's answers as bits: bit j for kind `kinds[j]`, bit 63 for
    // none; a state's own where the parent accepts, and its successors'.
    let own = |(q, cells): &State| -> u64 {
        if !accepts(p, *q) {
            return 0;
        }
        cells
            .iter()
            .position(|&c| c & 1 == 1)
            .map_or(1 << 63, |j| 1 << j)
    };
    let mut out: Vec<u64> = states.iter().map(own).collect();
    loop {
        let mut changed = false;
        for i in (0..states.len()).rev() {
            let v = succ[i].iter().fold(out[i], |v, &j| v | out[j]);
            if v != out[i] {
                out[i] = v;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Some(
        first
            .iter()
            .map(|q| {
                let bits = out[(*q)?];
                (bits != 0).then_some(())?;
                Some(match bits.count_ones() {
                    1 if bits == 1 << 63 => NO_KIND,
                    1 => kinds[bits.trailing_zeros() as usize] as u8,
                    _ => UNDECIDED,
                })
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{compile_str, Options};

    /// A host of three forms, as RFC 3986's: a bracketed literal, a
    /// number `num` and a name `name`, the last two kinds after the match.
    fn host_grammar(capture: &str, component: bool) -> Compiled {
        let text = format!(
            ";@ entry r\n{};@ capture {capture}\n;@ kind-after host = num / name\n\
             r = \"//\" host \"/\"\nhost = lit / num / name\nlit = \"[\" 1*DIGIT \"]\"\n\
             num = 1*3DIGIT \".\" 1*3DIGIT\nname = *( ALPHA / DIGIT / \".\" )\n\
             ALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\n",
            if component { ";@ component host\n" } else { "" }
        );
        compile_str("g.abnf", &text, Options::default()).unwrap()
    }

    /// The answer for a span starting with `b`, read from the rows.
    fn answer(c: &Compiled, rows: &[u8], b: u8) -> u8 {
        let t = &c.machines[0].tables;
        let classes = t.after.classes.unwrap();
        rows[usize::from(classes[usize::from(b)])]
    }

    #[test]
    fn the_first_byte_decides_where_the_rule_says_so() {
        let c = host_grammar("host", true);
        let t = &c.machines[0].tables;
        let rows = first_decisions(&c, t);
        assert_eq!(rows.len(), 2);
        // The second kind is not its parent's first: no row.
        assert_eq!(rows[1], (false, None));
        let rows = rows[0].1.clone().unwrap();
        // The kinds in pragma order: num (0), then name (1).
        let name = t
            .after
            .kinds
            .iter()
            .position(|k| t.as_tables().capture_name(usize::from(k.capture)) == Some("name"));
        assert_eq!(name, Some(1));
        // A letter or "." starts no num: a name.
        for b in [b'a', b'Z', b'.'] {
            assert_eq!(answer(&c, &rows, b), 1, "{}", char::from(b));
        }
        // "[" starts a lit, neither kind.
        assert_eq!(answer(&c, &rows, b'['), NO_KIND);
        // A digit starts both a num ("1.2") and a name ("12a").
        assert_eq!(answer(&c, &rows, b'7'), UNDECIDED);
    }

    #[test]
    fn no_shortcut_without_the_parent_rule_s_machine() {
        // No `;@ component host`: no DFA of the parent's rule.
        let c = host_grammar("host", false);
        assert_eq!(
            first_decisions(&c, &c.machines[0].tables),
            [(true, None), (false, None)]
        );
        // A capture of several rules: not one rule's language.
        let c = host_grammar("host = lit / num / name", true);
        assert_eq!(
            first_decisions(&c, &c.machines[0].tables),
            [(true, None), (false, None)]
        );
    }
}
