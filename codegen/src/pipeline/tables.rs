//! Stage 6: lay a minimized [`Tdfa`] out as run-time tables.
//!
//! Byte classes that behave alike in every state are merged; state IDs are
//! premultiplied by the stride (the class count); transitions that carry
//! register operations become [`Edge`]s whose IDs sit right above the dead
//! state, so the special IDs are one range (see the `# Invariants` of
//! [`uridfa_runtime::Tables`]). The ID width is the narrowest of u8, u16 and
//! u32 that holds the largest special ID.
//!
//! Principal types: [`TablesBuf`] (the owned form; [`TablesBuf::as_tables`]
//! borrows it as the run time's [`Tables`]) and [`TransBuf`].

use crate::pipeline::lowered::{Lowered, NamedSet};
use crate::pipeline::tdfa::Tdfa;
use std::collections::HashMap;
use uridfa_runtime::{
    AfterKind, AfterKinds, ByteSet, CaptureInfo, Edge, Escape, Final, Ids, Op, StrRef, Tables,
    Trans,
};

/// The fewest looping bytes that make a state worth accelerating (see
/// Note \[acceleration\] in this file).
pub const ACCEL_MIN_BYTES: usize = 16;

/// The owned transition table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransBuf {
    /// IDs up to 255.
    U8(Vec<u8>),
    /// IDs up to 65,535.
    U16(Vec<u16>),
    /// Anything larger.
    U32(Vec<u32>),
}

/// The owned form of [`Tables`]: what codegen builds, tests and emits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablesBuf {
    /// See [`Tables::rule`].
    pub rule: String,
    /// See [`Tables::classes`].
    pub classes: [u8; 256],
    /// See [`Tables::stride`].
    pub stride: u32,
    /// See [`Tables::stride_recip`].
    pub stride_recip: u64,
    /// See [`Tables::trans`].
    pub trans: TransBuf,
    /// See [`Tables::start`].
    pub start: u32,
    /// See [`Tables::special`].
    pub special: u32,
    /// See [`Tables::edges`].
    pub edges: Vec<Edge>,
    /// See [`Tables::ops`].
    pub ops: Vec<Op>,
    /// See [`Tables::accels`].
    pub accels: Vec<ByteSet>,
    /// See [`Tables::accel_lut`].
    pub accel_lut: Option<[u8; 256]>,
    /// See [`Tables::accel_nibbles`].
    pub accel_nibbles: Vec<[u8; 32]>,
    /// See [`Tables::accel_escapes`].
    pub accel_escapes: Vec<Escape>,
    /// See [`Tables::finals`].
    pub finals: Vec<Final>,
    /// See [`Tables::state_final`].
    pub state_final: TransBuf,
    /// See [`Tables::reg_len`].
    pub reg_len: u32,
    /// See [`Tables::captures`].
    pub captures: Vec<CaptureInfo>,
    /// See [`Tables::state_component`].
    pub state_component: Vec<u16>,
    /// See [`Tables::component_sets`].
    pub component_sets: Vec<StrRef>,
    /// See [`Tables::state_expected`].
    pub state_expected: Vec<u16>,
    /// See [`Tables::expected`].
    pub expected: Vec<StrRef>,
    /// See [`Tables::strings`].
    pub strings: String,
    /// See [`Tables::utf8`].
    pub utf8: bool,
    /// See [`Tables::after`].
    pub after: AfterKindsBuf,
}

/// The owned form of [`AfterKinds`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AfterKindsBuf {
    /// See [`AfterKinds::kinds`].
    pub kinds: Vec<AfterKind>,
    /// See [`AfterKinds::classes`].
    pub classes: Option<[u8; 256]>,
    /// See [`AfterKinds::stride`].
    pub stride: u32,
    /// See [`AfterKinds::trans`].
    pub trans: Vec<u16>,
}

impl AfterKindsBuf {
    /// Borrows the buffers as the run time's type.
    pub fn as_after(&self) -> AfterKinds<'_> {
        AfterKinds {
            kinds: &self.kinds,
            classes: self.classes.as_ref(),
            stride: self.stride,
            trans: &self.trans,
        }
    }
}

/// The DFAs of kinds decided after the match are too large for their
/// `u16` cells (more than 32,767 premultiplied IDs together).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AfterKindsTooLarge {
    /// The premultiplied IDs they would need.
    pub ids: usize,
}

impl std::fmt::Display for AfterKindsTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the machines of the kinds decided after the match need {} cells, more than the \
             32,767 their u16 cells can name; declare fewer or smaller kinds with 'kind-after'",
            self.ids
        )
    }
}

impl std::error::Error for AfterKindsTooLarge {}

/// Lays out the plain DFAs of the kinds decided after the match (each a
/// capture index and the tables of its rule, built without captures) as
/// one [`AfterKinds`]: a byte-class table shared by all (the classes that
/// every DFA's classes refine), a dead row 0, then each DFA's rows
/// (`uridfa_runtime`'s Note \[kinds after the match\]). Accelerated runs
/// are unused: an edge is read as its target.
///
/// # Errors
///
/// [`AfterKindsTooLarge`] when the IDs do not fit the `u16` cells.
pub fn after_kinds(subs: &[(usize, TablesBuf)]) -> Result<AfterKindsBuf, AfterKindsTooLarge> {
    if subs.is_empty() {
        return Ok(AfterKindsBuf::default());
    }
    // Joint classes: bytes that every DFA puts in the same class.
    let mut joint: HashMap<Vec<u8>, u8> = HashMap::new();
    let mut reps: Vec<usize> = Vec::new();
    let mut classes = [0u8; 256];
    for (b, class) in classes.iter_mut().enumerate() {
        let key: Vec<u8> = subs.iter().map(|(_, t)| t.classes[b]).collect();
        let next = joint.len() as u8;
        *class = *joint.entry(key).or_insert_with(|| {
            reps.push(b);
            next
        });
    }
    let stride = reps.len();
    let rows = 1 + subs.iter().map(|(_, t)| t.state_len()).sum::<usize>();
    let ids = rows * stride;
    if ids > 1 << 15 {
        return Err(AfterKindsTooLarge { ids });
    }
    let mut trans = vec![0u16; stride];
    let mut kinds = Vec::new();
    let mut base = 1;
    for (capture, t) in subs {
        let tables = t.as_tables();
        let sub_stride = t.stride as usize;
        // The cell of a state given by its index in `t`.
        let cell = |index: usize| -> u16 {
            let accept = tables.final_of(index).is_some_and(|f| f.accept);
            ((((base + index) * stride) << 1) | usize::from(accept)) as u16
        };
        // The cell a transition ID of `t` leads to (0: dead).
        let target = |id: u32| -> u16 {
            let id = match id.cmp(&t.special) {
                std::cmp::Ordering::Less => id,
                std::cmp::Ordering::Equal => return 0,
                std::cmp::Ordering::Greater => t.edges[(id - t.special - 1) as usize].target,
            };
            cell(id as usize / sub_stride)
        };
        for s in 0..t.state_len() {
            for &rep in &reps {
                let id = tables
                    .trans
                    .get(s * sub_stride + usize::from(t.classes[rep]));
                trans.push(id.map_or(0, target));
            }
        }
        kinds.push(AfterKind {
            capture: *capture as u16,
            start: cell(t.start as usize / sub_stride),
        });
        base += t.state_len();
    }
    Ok(AfterKindsBuf {
        kinds,
        classes: Some(classes),
        stride: stride as u32,
        trans,
    })
}

impl TablesBuf {
    /// Borrows the buffers as the run time's table type.
    pub fn as_tables(&self) -> Tables<'_> {
        Tables {
            rule: &self.rule,
            classes: &self.classes,
            stride: self.stride,
            stride_recip: self.stride_recip,
            trans: self.trans.as_ids(),
            start: self.start,
            special: self.special,
            edges: &self.edges,
            ops: &self.ops,
            accels: &self.accels,
            accel_lut: self.accel_lut.as_ref(),
            accel_nibbles: &self.accel_nibbles,
            accel_escapes: &self.accel_escapes,
            finals: &self.finals,
            state_final: self.state_final.as_ids(),
            reg_len: self.reg_len,
            captures: &self.captures,
            state_component: &self.state_component,
            component_sets: &self.component_sets,
            state_expected: &self.state_expected,
            expected: &self.expected,
            strings: &self.strings,
            utf8: self.utf8,
            after: self.after.as_after(),
        }
    }

    /// The number of states.
    pub fn state_len(&self) -> usize {
        self.state_final.len()
    }

    /// The cells of the compact transition form ([`Trans::Index8`], the
    /// `size` profile, the runtime without `fast-tables`): each premultiplied ID turned back
    /// into a state index, each special ID into `state_len` plus its
    /// offset from `special`. `None` when the states, the dead state and
    /// the edges number more than 256, or when the IDs already fit one
    /// byte (the `U8` form is then as small and needs no multiply).
    pub fn index8_cells(&self) -> Option<Vec<u8>> {
        if matches!(self.trans, TransBuf::U8(_)) || self.stride == 0 {
            return None;
        }
        let states = self.state_len();
        if states + 1 + self.edges.len() > 256 {
            return None;
        }
        let t = self.trans.as_ids();
        (0..t.len())
            .map(|i| {
                let id = t.get(i)?;
                let cell = if id < self.special {
                    id / self.stride
                } else {
                    states as u32 + (id - self.special)
                };
                u8::try_from(cell).ok()
            })
            .collect()
    }

    /// [`TablesBuf::as_tables`] with the transitions in the compact form
    /// `cells` ([`TablesBuf::index8_cells`]): what the generated tables
    /// are in the `size` profile (the runtime without `fast-tables`).
    pub fn as_small_tables<'a>(&'a self, cells: &'a [u8]) -> Tables<'a> {
        Tables {
            trans: Trans::Index8 {
                cells,
                stride: self.stride,
            },
            ..self.as_tables()
        }
    }
}

impl TransBuf {
    /// `ids` in the narrowest width that holds `max` (the largest value
    /// they may take; each of them is at most `max`).
    pub fn narrowest(ids: Vec<u32>, max: usize) -> TransBuf {
        if max <= u8::MAX as usize {
            TransBuf::U8(ids.iter().map(|&x| x as u8).collect())
        } else if max <= u16::MAX as usize {
            TransBuf::U16(ids.iter().map(|&x| x as u16).collect())
        } else {
            TransBuf::U32(ids)
        }
    }

    /// Borrowed, as the run time's [`Ids`].
    pub fn as_ids(&self) -> Ids<'_> {
        match self {
            TransBuf::U8(t) => Trans::U8(t),
            TransBuf::U16(t) => Trans::U16(t),
            TransBuf::U32(t) => Trans::U32(t),
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.as_ids().len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Interns strings into one blob.
#[derive(Default)]
struct Strings {
    blob: String,
    seen: HashMap<String, StrRef>,
}

impl Strings {
    fn add(&mut self, s: &str) -> StrRef {
        if let Some(&r) = self.seen.get(s) {
            return r;
        }
        let r = StrRef {
            start: self.blob.len() as u32,
            len: s.len() as u32,
        };
        self.blob.push_str(s);
        self.seen.insert(s.to_string(), r);
        r
    }
}

fn show_byte(b: u8) -> String {
    match b {
        b'"' => "'\"'".to_string(),
        0x21..=0x7e => format!("\"{}\"", char::from(b)),
        _ => format!("byte 0x{b:02X}"),
    }
}

/// A range of three or more bytes in words, never as ABNF's `%x2D-2F`
/// (messages use the spec's vocabulary): `"2" to "5"` for
/// visible ASCII, `a byte 0x80 to 0xBF` otherwise (in RFC 3987's machines,
/// the continuation bytes of a UTF-8 character).
fn show_range(b: u8, e: u8) -> String {
    let visible = |x: u8| (0x21..=0x7e).contains(&x);
    if visible(b) && visible(e) {
        format!("{} to {}", show_byte(b), show_byte(e))
    } else {
        format!("a byte 0x{b:02X} to 0x{e:02X}")
    }
}

/// Describes the bytes accepted in a state, naming rule sets where they fit:
/// `pchar, "/", "?", "#" or end of input`.
pub fn describe_expected(bytes: &[bool; 256], accept: bool, sets: &[NamedSet]) -> String {
    let mut remaining = *bytes;
    let mut parts = Vec::new();
    loop {
        // The set covering the most remaining bytes, among those inside the
        // accepted bytes; ties go to the smaller set, then to the shorter
        // rule (`DIGIT` before `dec-octet`, `HEXDIG` before `h16`), then to
        // the rule defined first.
        let best = sets
            .iter()
            .enumerate()
            .filter(|(_, s)| (0..256).all(|b| !s.first[b] || bytes[b]))
            .map(|(i, s)| {
                let gain = (0..256).filter(|&b| s.first[b] && remaining[b]).count();
                let size = s.first.iter().filter(|&&x| x).count();
                (gain, std::cmp::Reverse((size, s.max_len, i)), s)
            })
            .filter(|(gain, _, _)| *gain >= 2)
            .max_by_key(|(gain, key, _)| (*gain, *key));
        let Some((_, _, set)) = best else { break };
        parts.push(set.name.clone());
        for (r, &f) in remaining.iter_mut().zip(&set.first) {
            *r &= !f;
        }
    }
    let mut b = 0usize;
    while b < 256 {
        if !remaining[b] {
            b += 1;
            continue;
        }
        let mut e = b;
        while e + 1 < 256 && remaining[e + 1] {
            e += 1;
        }
        if e - b >= 2 {
            parts.push(show_range(b as u8, e as u8));
        } else {
            (b..=e).for_each(|x| parts.push(show_byte(x as u8)));
        }
        b = e + 1;
    }
    if accept {
        parts.push("end of input".to_string());
    }
    match parts.len() {
        0 => "nothing".to_string(),
        1 => parts.remove(0),
        n => format!("{} or {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

/// One byte class's transitions in every state: (target, ops) or dead.
type Column = Vec<Option<(usize, Vec<Op>)>>;

/// [`Tables::accel_lut`] of `accels`: bit `k` of entry `b` for set `k < 8`.
fn accel_lut(accels: &[ByteSet]) -> [u8; 256] {
    let mut lut = [0u8; 256];
    for (k, set) in accels.iter().take(8).enumerate() {
        for (b, bits) in lut.iter_mut().enumerate() {
            *bits |= u8::from(set.contains(b as u8)) << k;
        }
    }
    lut
}

/// Note [escape-aware runs] (in the runtime's driver): the escape that a
/// run of state `s`, which loops on `set`, can step over, as its byte and
/// its digits. `s` goes on the byte to a state `p` and `p` on each digit
/// to one state `q` that goes back to `s` on it, all without operations,
/// and neither `p` nor `q` accepts (invariant 13 of [`Tables`]). Of the
/// bytes that begin such a loop, an ASCII one first (in RFC 3987 the lead
/// byte `E1` of a three-byte character, with its 64 continuation bytes,
/// is such a loop too, but `%` escapes are what queries hold), then the
/// one with the most digits, then the lowest; `None` if there is none.
fn find_escape(t: &Tdfa, s: usize, set: &ByteSet) -> Option<(u8, ByteSet)> {
    let plain = |from: usize, b: u8| {
        let c = usize::from(t.classes.map[usize::from(b)]);
        t.states[from].next[c]
            .as_ref()
            .filter(|tr| tr.ops.is_empty())
            .map(|tr| tr.target)
    };
    let accepts = |x: usize| t.states[x].fin.is_some();
    let mut best: Option<((bool, usize), u8, ByteSet)> = None;
    for byte in (0..=255u8).filter(|&b| !set.contains(b)) {
        let Some(p) = plain(s, byte) else { continue };
        if p == s || accepts(p) {
            continue;
        }
        // The digits, grouped by the state `p` goes to on them.
        let mut by_q: Vec<(usize, ByteSet, usize)> = Vec::new();
        for d in (0..=255u8).filter(|&d| d != byte) {
            let Some(q) = plain(p, d) else { continue };
            if q == s || q == p || accepts(q) || plain(q, d) != Some(s) {
                continue;
            }
            let i = match by_q.iter().position(|g| g.0 == q) {
                Some(i) => i,
                None => {
                    by_q.push((q, ByteSet([0; 4]), 0));
                    by_q.len() - 1
                }
            };
            let g = &mut by_q[i];
            g.1 .0[usize::from(d >> 6)] |= 1 << (d & 63);
            g.2 += 1;
        }
        if let Some(g) = by_q
            .into_iter()
            .max_by_key(|g| (g.2, std::cmp::Reverse(g.0)))
        {
            let rank = (byte.is_ascii(), g.2);
            if best.as_ref().is_none_or(|b| rank > b.0) {
                best = Some((rank, byte, g.1));
            }
        }
    }
    best.map(|(_, byte, digits)| (byte, digits))
}

/// Lays out `t` (built from `lowered`) as tables.
pub fn build(t: &Tdfa, lowered: &Lowered) -> TablesBuf {
    build_noted(t, lowered, &[], "")
}

/// [`build`], with `note` after the expected-text of each state `s` whose
/// `noted[s]` is set (Note [the nesting limit in messages] in
/// `crate::pipeline::lower`).
pub fn build_noted(t: &Tdfa, lowered: &Lowered, noted: &[bool], note: &str) -> TablesBuf {
    // Merge classes whose columns agree in every state.
    let mut column_ids: HashMap<Column, u8> = HashMap::new();
    let mut old_to_new = Vec::new();
    let mut new_reps: Vec<usize> = Vec::new();
    for c in 0..t.classes.len() {
        let column: Vec<_> = t
            .states
            .iter()
            .map(|s| s.next[c].as_ref().map(|tr| (tr.target, tr.ops.clone())))
            .collect();
        let len = column_ids.len() as u8;
        let id = *column_ids.entry(column).or_insert_with(|| {
            new_reps.push(c);
            len
        });
        old_to_new.push(id);
    }
    let stride = new_reps.len();
    let mut classes = [0u8; 256];
    for b in 0..256 {
        classes[b] = old_to_new[usize::from(t.classes.map[b])];
    }
    let n = t.states.len();
    let special = n * stride;
    let mut ops: Vec<Op> = Vec::new();
    let mut op_ranges: HashMap<Vec<Op>, (u32, u16)> = HashMap::new();
    // An edge or final writes each register at most once, so its length
    // fits `u16` (registers are numbered below `tdfa::MAX_REGISTER_VERSIONS`).
    let mut intern_ops = |list: &[Op]| -> (u32, u16) {
        if list.is_empty() {
            return (0, 0);
        }
        *op_ranges.entry(list.to_vec()).or_insert_with(|| {
            let start = ops.len() as u32;
            ops.extend_from_slice(list);
            (start, list.len() as u16)
        })
    };
    // Note [packed operations] (in the runtime's driver): short edges carry
    // their operations in the edge itself.
    let packs = t.reg_len <= Edge::PACKED_REGS;
    // Note [acceleration]: a state that loops on itself, without register
    // operations, on at least ACCEL_MIN_BYTES bytes is *accelerated*: every
    // transition into it from elsewhere becomes an edge that carries the
    // loop's byte set, and the run time skips the run of those bytes with a
    // bitmap test per byte instead of a dependent transition load.
    // Note [escape-aware runs] (in the runtime's driver): a run that can
    // step over an escape is another set than the same bytes without.
    let mut keys: Vec<(ByteSet, Option<(u8, ByteSet)>)> = Vec::new();
    let accel_of: Vec<Option<u16>> = t
        .states
        .iter()
        .enumerate()
        .map(|(s, st)| {
            let mut set = ByteSet([0; 4]);
            let mut count = 0;
            for b in 0..=255u8 {
                let c = usize::from(t.classes.map[usize::from(b)]);
                if st.next[c]
                    .as_ref()
                    .is_some_and(|tr| tr.target == s && tr.ops.is_empty())
                {
                    set.0[usize::from(b >> 6)] |= 1 << (b & 63);
                    count += 1;
                }
            }
            if count < ACCEL_MIN_BYTES {
                return None;
            }
            let key = (set, find_escape(t, s, &set));
            let index = match keys.iter().position(|a| *a == key) {
                Some(i) => i,
                // Past the `u16` indices (less the digits' sets), a state
                // is not accelerated (it is only an optimization; the
                // state budget keeps machines far below).
                None if keys.len() >= usize::from(Edge::NO_ACCEL) / 2 => return None,
                None => {
                    keys.push(key);
                    keys.len() - 1
                }
            };
            Some(index as u16)
        })
        .collect();
    // The loops' sets first (they get the bits of `accel_lut`), then the
    // digits' sets that are not already there as a set without escape.
    let mut accels: Vec<ByteSet> = keys.iter().map(|k| k.0).collect();
    let mut accel_escapes: Vec<Escape> = Vec::new();
    if keys.iter().any(|k| k.1.is_some()) {
        for (_, escape) in &keys {
            accel_escapes.push(match escape {
                None => Escape::NONE,
                Some((byte, digits)) => {
                    // A set without escape holding the same bytes serves.
                    let shared = (0..accels.len()).find(|&i| {
                        accels[i] == *digits && keys.get(i).is_none_or(|k| k.1.is_none())
                    });
                    let index = shared.unwrap_or_else(|| {
                        accels.push(*digits);
                        accels.len() - 1
                    });
                    Escape {
                        byte: *byte,
                        digits: index as u16,
                    }
                }
            });
        }
        accel_escapes.resize(accels.len(), Escape::NONE);
    }
    let mut edges: Vec<Edge> = Vec::new();
    let mut edge_ids: HashMap<(usize, Vec<Op>), usize> = HashMap::new();
    let mut trans: Vec<u32> = Vec::with_capacity(special);
    for (s, st) in t.states.iter().enumerate() {
        for &old in &new_reps {
            trans.push(match &st.next[old] {
                None => special as u32,
                Some(tr)
                    if tr.ops.is_empty() && (tr.target == s || accel_of[tr.target].is_none()) =>
                {
                    (tr.target * stride) as u32
                }
                Some(tr) => {
                    let len = edge_ids.len();
                    let e = *edge_ids.entry((tr.target, tr.ops.clone())).or_insert(len);
                    if e == edges.len() {
                        let packed = Edge::pack(&tr.ops).filter(|_| packs);
                        let (ops, ops_len) = match packed {
                            Some(w) => (w, tr.ops.len() as u16),
                            None => {
                                let (start, len) = intern_ops(&tr.ops);
                                (u64::from(start), len)
                            }
                        };
                        edges.push(Edge {
                            target: (tr.target * stride) as u32,
                            accel: accel_of[tr.target].unwrap_or(Edge::NO_ACCEL),
                            ops_len,
                            ops,
                        });
                    }
                    (special + 1 + e) as u32
                }
            });
        }
    }
    // Note [one final entry per kind of state]: most states share their
    // final entry (in RFC 3986's URI-reference, 171 of 238 states are
    // "not accepting", and 21 entries cover all 238), so the states index
    // a list of the distinct entries instead of holding eight bytes each.
    let mut finals: Vec<Final> = Vec::new();
    let mut final_ids: HashMap<Final, u32> = HashMap::new();
    let state_final: Vec<u32> = t
        .states
        .iter()
        .map(|st| {
            let fin = match &st.fin {
                None => Final {
                    accept: false,
                    ops_start: 0,
                    ops_len: 0,
                },
                Some(list) => {
                    let (ops_start, ops_len) = intern_ops(list);
                    Final {
                        accept: true,
                        ops_start,
                        ops_len,
                    }
                }
            };
            *final_ids.entry(fin).or_insert_with(|| {
                finals.push(fin);
                (finals.len() - 1) as u32
            })
        })
        .collect();
    let state_final = TransBuf::narrowest(state_final, finals.len());
    let trans = TransBuf::narrowest(trans, special + edges.len());
    let mut strings = Strings::default();
    let captures: Vec<CaptureInfo> = lowered
        .components
        .iter()
        .map(|c| CaptureInfo {
            name: strings.add(&c.name),
            kind_of: c.kind_of.map_or(CaptureInfo::NOT_A_KIND, |k| k as u16),
            region: c.region,
            repeated: c.repeated,
        })
        .collect();
    // Note [the components an error may be in]: one text per distinct set
    // of two or more components, numbered after the captures.
    let mut component_sets = Vec::new();
    let mut set_ids: HashMap<Vec<usize>, u16> = HashMap::new();
    let mut state_component = Vec::with_capacity(n);
    for st in &t.states {
        // A list region is no component: an error inside one names none
        // (Note [repeated captures]; its item tables do).
        let components: Vec<usize> = st
            .components
            .iter()
            .copied()
            .filter(|&c| !lowered.components.get(c).is_some_and(|c| c.region))
            .collect();
        let entry = match components.as_slice() {
            [] => 0,
            [c] => *c as u16 + 1,
            set => {
                let next = (captures.len() + 1 + set_ids.len()) as u16;
                *set_ids.entry(set.to_vec()).or_insert_with(|| {
                    let names: Vec<&str> = set
                        .iter()
                        .map(|&c| lowered.components.get(c).map_or("?", |c| c.name.as_str()))
                        .collect();
                    let text = match names.split_last() {
                        Some((last, rest)) if !rest.is_empty() => {
                            format!("{} or {last}", rest.join(", "))
                        }
                        _ => names.join(""),
                    };
                    component_sets.push(strings.add(&text));
                    next
                })
            }
        };
        state_component.push(entry);
    }
    let mut expected = Vec::new();
    let mut expected_ids: HashMap<String, u16> = HashMap::new();
    let mut state_expected = Vec::with_capacity(n);
    for st in &t.states {
        let mut bytes = [false; 256];
        for (byte, &class) in bytes.iter_mut().zip(&t.classes.map) {
            *byte = st.next[usize::from(class)].is_some();
        }
        let mut text = describe_expected(&bytes, st.fin.is_some(), &lowered.named_sets);
        if noted.get(state_expected.len()) == Some(&true) {
            text = format!("{text}; {note}");
        }
        let len = expected_ids.len() as u16;
        let id = *expected_ids.entry(text.clone()).or_insert_with(|| {
            expected.push(strings.add(&text));
            len
        });
        state_expected.push(id);
    }
    TablesBuf {
        rule: lowered.rule.clone(),
        classes,
        stride: stride as u32,
        stride_recip: Tables::stride_recip_of(stride as u32),
        trans,
        start: (t.start * stride) as u32,
        special: special as u32,
        edges,
        ops,
        accel_lut: (!accels.is_empty()).then(|| accel_lut(&accels)),
        accel_nibbles: accels.iter().map(ByteSet::nibbles).collect(),
        accels,
        accel_escapes,
        finals,
        state_final,
        reg_len: t.reg_len,
        captures,
        state_component,
        component_sets,
        state_expected,
        expected,
        strings: strings.blob,
        utf8: lowered.utf8,
        after: AfterKindsBuf::default(),
    }
}
