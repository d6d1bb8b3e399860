//! Pictures of a machine that a person can read: registers named by the
//! tags they feed, the states collapsed to one node per component, and the
//! path one input takes. Like [`dump`](super::dump), not a stage: it reads
//! finished [`Tables`] (built-in `'static` ones or
//! [`TablesBuf::as_tables`](crate::tables::TablesBuf::as_tables)), so the
//! CLI draws every grammar the same way.
//!
//! - [`Analysis::of`] runs data-flow passes over the tables: backward,
//!   which tags each register's value may become (its *name*) and where
//!   each capture's start and end get their values from; forward, which
//!   registers hold a value. From them it finds, for every state, the
//!   captures that hold the byte just read (Note [the component a state
//!   is in]).
//! - [`overview_dot`]: one node per component, at most [`MAX_NODES`];
//!   [`states_dot`]: every state (or those of one component) with named
//!   register operations;
//! - [`walk`] and [`explain_text`]: the states one input passes through,
//!   for `uridfa explain`.
//!
//! Principal types: [`Analysis`], [`Place`], [`Walk`].
//!
//! Nothing here panics on tables that break the invariants of
//! [`Tables`]: an ID, register or operation outside them is skipped.

use super::dump::{byte_ranges, edge_ops, final_ops};
use std::collections::BTreeMap;
use std::fmt::Write;
use uridfa_runtime::{Op, Span, Tables};

/// The most nodes [`overview_dot`] draws.
pub const MAX_NODES: usize = 40;

/// A machine of more states than this is drawn by [`overview_dot`] by
/// default (`uridfa dot`); a smaller one state by state.
pub const OVERVIEW_ABOVE: usize = 40;

// Note [the component a state is in]
// A state is *in* capture `c` when the byte just read to reach it lies
// inside `c`'s span, as `split` reports it, on every input that passes
// through the state and is accepted. This is a property of the input
// language, not of how the generator got there, and it can be tested:
// run any valid input, and after every byte the state's components must
// hold that byte (cli/tests/pictures.rs checks it on random accepted
// inputs of every built-in entry).
//
// It can be decided from the tables alone. A transition that reads the
// byte at offset `i` writes `i` (`pos`) into registers; final operations
// write the input's length. Say the input has reached state `s` with byte
// `i` read last. The byte lies in `c` (tags `2c`, `2c+1`) when
// `start <= i < end`. Every value already in a register at `s` is `<= i`
// (or NIL), every `pos` written later is `> i`. So byte `i` lies in `c` on
// every accepted continuation exactly when
// - the end tag's final value always comes from a `pos` written later,
//   never from a register at `s` and never from an `r = nil`, and
// - the start tag's final value always comes from a register at `s`
//   (never from a later `pos` or `nil`), and each such register holds a
//   value (not NIL) on every path from the start state to `s`.
// The first pass ([`span_origins`], backward) finds for each state and
// capture the pairs (where the start's final value comes from, where the
// end's does) along each path to an accepting state: a register at the
// state, a later `pos` or a later `nil`. The second (forward) finds which
// registers hold a value on every path into the state, and on some path.
// In a DFA whose states are all reachable and live every path is some
// input, and what came before a state is independent of what follows, so
// the test is exact: a state is in `c` if and only if every pair is (a
// register set on every path in, a later `pos`). It *may* be in `c` (on
// some accepted input) if and only if some pair is (a register set on
// some path in, a later `pos`). The start state is in no capture.
// Registers are named by a third pass ([`Flow`], backward): the tags each
// register's value may become.
//
// The captures a state is in nest (they all hold one byte), so the state's
// *component* is the innermost: the one with the fewest states (ties: the
// later capture, as kinds follow the component they classify). A state in
// no capture may still *maybe* be in some: `a` at the start of an RFC 3986
// `URI-reference` is the scheme's first byte or a path's, which only a
// later `:` or `/` decides. Such states are drawn as "maybe scheme | path".
// This is not the component `Tables::state_component` names for error
// messages (that one is about the next byte, and takes the first reading
// when readings disagree): a picture shows what is known.

/// Sets of tags, `words` 64-bit words each, stored in one vector.
#[derive(Clone, Debug)]
struct TagSets {
    /// Words per set.
    words: usize,
    /// The sets, `words` words each.
    bits: Vec<u64>,
}

impl TagSets {
    fn new(len: usize, tag_len: usize) -> TagSets {
        let words = tag_len.div_ceil(64).max(1);
        TagSets {
            words,
            bits: vec![0; len * words],
        }
    }
    fn set(&self, i: usize) -> &[u64] {
        self.bits
            .get(i * self.words..(i + 1) * self.words)
            .unwrap_or(&[])
    }
    fn insert(&mut self, i: usize, tag: usize) {
        if let Some(w) = self.bits.get_mut(i * self.words + tag / 64) {
            *w |= 1 << (tag % 64);
        }
    }
    fn take(&mut self, i: usize) -> Vec<u64> {
        let w = self.words;
        self.bits
            .get_mut(i * w..(i + 1) * w)
            .map(|s| {
                let v = s.to_vec();
                s.fill(0);
                v
            })
            .unwrap_or_default()
    }
    fn union(&mut self, i: usize, other: &[u64]) -> bool {
        let w = self.words;
        let mut changed = false;
        if let Some(s) = self.bits.get_mut(i * w..(i + 1) * w) {
            for (a, b) in s.iter_mut().zip(other) {
                changed |= *a | b != *a;
                *a |= b;
            }
        }
        changed
    }
}

/// For one program point: for each register, the tags its value may
/// become; then the tags a later `pos` and a later `nil` may become (rows
/// `reg_len` and `reg_len + 1`).
#[derive(Clone, Debug)]
struct Flow {
    /// Registers.
    reg_len: usize,
    /// `reg_len + 2` rows.
    rows: TagSets,
}

impl Flow {
    fn new(reg_len: usize, tag_len: usize) -> Flow {
        Flow {
            reg_len,
            rows: TagSets::new(reg_len + 2, tag_len),
        }
    }

    /// The row of an operation's source: a register, `pos` or `nil`.
    fn src_row(&self, src: u16) -> Option<usize> {
        match src {
            Op::POS => Some(self.reg_len),
            Op::NIL => Some(self.reg_len + 1),
            r if usize::from(r) < self.reg_len => Some(usize::from(r)),
            _ => None,
        }
    }

    /// The flow before `op`, given the flow after it: the value `op`
    /// writes becomes what its destination becomes. Returns that set.
    fn back(&mut self, op: Op) -> Vec<u64> {
        if usize::from(op.dst) >= self.reg_len {
            return vec![0; self.rows.words];
        }
        let fed = self.rows.take(usize::from(op.dst));
        if let Some(row) = self.src_row(op.src) {
            self.rows.union(row, &fed);
        }
        fed
    }

    /// The flow before `ops` run, given the flow after; also, per
    /// operation, the tags its destination may become.
    fn back_ops(&self, ops: &[Op]) -> (Flow, Vec<Vec<u64>>) {
        let mut f = self.clone();
        let mut fed: Vec<Vec<u64>> = ops.iter().rev().map(|&op| f.back(op)).collect();
        fed.reverse();
        (f, fed)
    }

    fn union(&mut self, o: &Flow) -> bool {
        let mut changed = false;
        for (a, b) in self.rows.bits.iter_mut().zip(&o.rows.bits) {
            changed |= *a | b != *a;
            *a |= b;
        }
        changed
    }
}

/// Where a state is, for pictures: see Note [the component a state is in].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// The start state: nothing read yet.
    Start,
    /// The byte just read lies in this capture (the innermost such) on
    /// every accepted input through the state.
    In(usize),
    /// In no capture for sure, but in one of these (capture indices, in
    /// order) on some accepted input.
    Maybe(Vec<usize>),
    /// In no capture on any accepted input (separators such as `:` or
    /// `?`), or not on the way to any accepting state.
    Outside,
}

/// A state's transitions grouped by (target, operations), each with the
/// bytes that take it.
pub type Moves = Vec<(usize, Vec<Op>, Vec<u8>)>;

/// A state's transitions, grouped by (target state index, operations) with
/// the bytes that take each, in byte order of their first byte. The dead
/// state and IDs outside the tables are left out.
pub fn moves(t: &Tables<'_>, s: usize) -> Moves {
    let mut groups: Moves = Vec::new();
    for b in 0..=255u8 {
        let Some((target, ops)) = step(t, s, b) else {
            continue;
        };
        match groups.iter_mut().find(|g| g.0 == target && g.1 == ops) {
            Some(g) => g.2.push(b),
            None => groups.push((target, ops, vec![b])),
        }
    }
    groups
}

/// The transition of state `s` (an index) on `byte`: the target's index and
/// the operations; `None` into the dead state or outside the tables.
pub fn step(t: &Tables<'_>, s: usize, byte: u8) -> Option<(usize, Vec<Op>)> {
    let stride = t.stride as usize;
    let class = usize::from(*t.classes.get(usize::from(byte))?);
    let id = t
        .trans
        .get(s.checked_mul(stride)?.checked_add(class)?)
        .filter(|&id| id != t.special)?;
    let (target, ops) = if id < t.special {
        (id as usize / stride.max(1), Vec::new())
    } else {
        let e = t.edges.get(((id - t.special) as usize).checked_sub(1)?)?;
        (e.target as usize / stride.max(1), edge_ops(t, e))
    };
    (target < t.state_len()).then_some((target, ops))
}

/// The data-flow facts of one machine (Note [the component a state is
/// in]), from which registers get names and states their [`Place`].
#[derive(Clone, Debug)]
pub struct Analysis<'t, 'a> {
    /// The tables.
    t: &'t Tables<'a>,
    /// Per state, its [`moves`].
    moves: Vec<Moves>,
    /// Per state, the flow at its entry.
    flow: Vec<Flow>,
    /// Per state and capture, where its start and end tags may get their
    /// final values from, together ([`span_origins`]).
    origins: Vec<Vec<Vec<(u32, u32)>>>,
    /// Per state, for each register, whether it holds a value on every
    /// path from the start.
    surely_set: Vec<Vec<bool>>,
    /// Per state, for each register, whether it holds a value on some
    /// path from the start.
    maybe_set: Vec<Vec<bool>>,
    /// Per state, the captures it is in, in capture order.
    inside: Vec<Vec<usize>>,
    /// Per state, its place.
    place: Vec<Place>,
}

impl<'t, 'a> Analysis<'t, 'a> {
    /// Runs the passes of Note [the component a state is in] over `t`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa_codegen::driver::{compile_str, Options};
    /// use uridfa_codegen::picture::{Analysis, Place};
    /// let g = ";@ entry r\n;@ capture a b\nr = a \"/\" b\na = 1*\"x\"\nb = 1*\"y\"\n";
    /// let compiled = compile_str("g.abnf", g, Options::default())?;
    /// let t = compiled.machines[0].tables.as_tables();
    /// let an = Analysis::of(&t);
    /// let places: Vec<Place> = an.path(b"xx/y").iter().map(|&s| an.place(s).clone()).collect();
    /// assert_eq!(places, [Place::Start, Place::In(0), Place::In(0), Place::Outside, Place::In(1)]);
    /// assert_eq!(an.tag_name(2), "b.start");
    /// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
    /// ```
    pub fn of(t: &'t Tables<'a>) -> Analysis<'t, 'a> {
        let n = t.state_len();
        let reg_len = t.reg_len as usize;
        let tag_len = (2 * t.capture_len()).min(reg_len);
        let moves: Vec<Moves> = (0..n).map(|s| moves(t, s)).collect();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (s, m) in moves.iter().enumerate() {
            for (target, _, _) in m {
                if !preds[*target].contains(&s) {
                    preds[*target].push(s);
                }
            }
        }
        // Backward: the flow into each state, to a fixed point.
        let mut flow = vec![Flow::new(reg_len, tag_len); n];
        let mut queue: Vec<usize> = (0..n).collect();
        let mut queued = vec![true; n];
        while let Some(s) = queue.pop() {
            queued[s] = false;
            let mut f = Flow::new(reg_len, tag_len);
            if let Some(fin) = t.final_of(s).filter(|f| f.accept) {
                let mut end = Flow::new(reg_len, tag_len);
                for tag in 0..tag_len {
                    end.rows.insert(tag, tag);
                }
                f.union(&end.back_ops(&final_ops(t, &fin)).0);
            }
            for (target, ops, _) in &moves[s] {
                f.union(&flow[*target].back_ops(ops).0);
            }
            if flow[s].union(&f) {
                for &p in &preds[s] {
                    if !queued[p] {
                        queued[p] = true;
                        queue.push(p);
                    }
                }
            }
        }
        // Forward: registers holding a value on every path (NIL at start),
        // and on some path.
        let start = t.state_index(t.start);
        let (surely_set, reached) = forward(t, &moves, start, true);
        let (maybe_set, _) = forward(t, &moves, start, false);
        let origins = span_origins(t, &moves, &preds);
        let mut an = Analysis {
            t,
            moves,
            flow,
            origins,
            surely_set,
            maybe_set,
            inside: Vec::new(),
            place: Vec::new(),
        };
        an.inside = (0..n)
            .map(|s| {
                (0..t.capture_len())
                    .filter(|&c| s != start && reached[s] && an.surely_in(s, c))
                    .collect()
            })
            .collect();
        let mut size = vec![0usize; t.capture_len()];
        for caps in &an.inside {
            for &c in caps {
                size[c] += 1;
            }
        }
        an.place = (0..n)
            .map(|s| {
                if s == start {
                    return Place::Start;
                }
                if let Some(&c) = an.inside[s]
                    .iter()
                    .min_by_key(|&&c| (size[c], usize::MAX - c))
                {
                    return Place::In(c);
                }
                let maybe: Vec<usize> = (0..t.capture_len())
                    .filter(|&c| reached[s] && an.maybe_in(s, c))
                    .collect();
                if maybe.is_empty() {
                    Place::Outside
                } else {
                    Place::Maybe(maybe)
                }
            })
            .collect();
        an
    }

    /// Whether state `s` is in capture `c` (Note [the component a state is
    /// in]): on every way to acceptance, the end comes from a later `pos`
    /// and the start from a register that holds a value on every way in.
    fn surely_in(&self, s: usize, c: usize) -> bool {
        let pos = self.t.reg_len;
        let set = |r: u32| self.surely_set[s].get(r as usize).copied().unwrap_or(false);
        let o = self
            .origins
            .get(s)
            .and_then(|o| o.get(c))
            .map_or(&[][..], Vec::as_slice);
        !o.is_empty() && o.iter().all(|&(a, b)| b == pos && a < pos && set(a))
    }

    /// Whether state `s` may be in capture `c`: on some way to acceptance
    /// the end comes from a later `pos` and the start from a register that
    /// holds a value on some way in.
    fn maybe_in(&self, s: usize, c: usize) -> bool {
        let pos = self.t.reg_len;
        let set = |r: u32| self.maybe_set[s].get(r as usize).copied().unwrap_or(false);
        let o = self
            .origins
            .get(s)
            .and_then(|o| o.get(c))
            .map_or(&[][..], Vec::as_slice);
        o.iter().any(|&(a, b)| b == pos && a < pos && set(a))
    }

    /// Whether capture `c` lies inside capture `p` in this machine: every
    /// state in `c` is in `p`. `None` when no state is in `c`.
    pub fn nested_in(&self, c: usize, p: usize) -> Option<bool> {
        let mut any = false;
        for caps in &self.inside {
            if caps.contains(&c) {
                any = true;
                if !caps.contains(&p) {
                    return Some(false);
                }
            }
        }
        any.then_some(true)
    }

    /// The tables analysed.
    pub fn tables(&self) -> &'t Tables<'a> {
        self.t
    }

    /// The place of state `s` (an index); [`Place::Outside`] past the last
    /// state.
    pub fn place(&self, s: usize) -> &Place {
        self.place.get(s).unwrap_or(&Place::Outside)
    }

    /// The captures state `s` is in, in capture order.
    pub fn inside(&self, s: usize) -> &[usize] {
        self.inside.get(s).map_or(&[], Vec::as_slice)
    }

    /// The name of a capture (`?` if the tables do not have it).
    pub fn capture_name(&self, c: usize) -> &'a str {
        self.t.capture_name(c).unwrap_or("?")
    }

    /// A place as text: a capture's name, `maybe a | b` for [`Place::Maybe`],
    /// `start` or `outside`.
    pub fn place_name(&self, p: &Place) -> String {
        match p {
            Place::Start => "start".to_string(),
            Place::In(c) => self.capture_name(*c).to_string(),
            Place::Maybe(cs) => format!(
                "maybe {}",
                cs.iter()
                    .map(|&c| self.capture_name(c))
                    .collect::<Vec<_>>()
                    .join(" | ")
            ),
            Place::Outside => "outside".to_string(),
        }
    }

    /// The name of tag `tag`: `host.start` for tag `2k` of capture `host`,
    /// `host.end` for tag `2k + 1`.
    pub fn tag_name(&self, tag: usize) -> String {
        let end = if tag % 2 == 0 { "start" } else { "end" };
        format!("{}.{end}", self.capture_name(tag / 2))
    }

    /// Register `r` named by the tags its value may become (`fed`, a tag
    /// set): `host.start` when that is tag `r` itself (the register tag
    /// `r` ends in), else `r14:host.start`, `r14:host.start|path.start`
    /// when it may become either, `r14` when none.
    fn reg_name(&self, r: u16, fed: &[u64]) -> String {
        let tags: Vec<usize> = (0..fed.len() * 64)
            .filter(|&t| fed.get(t / 64).is_some_and(|w| w & (1 << (t % 64)) != 0))
            .collect();
        match tags.as_slice() {
            [t] if *t == usize::from(r) => self.tag_name(*t),
            [] => format!("r{r}"),
            ts => {
                let mut names: Vec<String> = ts.iter().take(3).map(|&t| self.tag_name(t)).collect();
                if ts.len() > 3 {
                    names.push(format!("+{}", ts.len() - 3));
                }
                format!("r{r}:{}", names.join("|"))
            }
        }
    }

    /// Operations run with `after` the flow once they have run, each with
    /// its registers named ([`Analysis::reg_name`]): `host.start=pos
    /// r14:path.end=r3:path.end`.
    fn named_ops(&self, ops: &[Op], after: &Flow) -> Vec<String> {
        let (_, fed) = after.back_ops(ops);
        // The flow before each op, to name its source.
        let mut before = Vec::with_capacity(ops.len());
        let mut f = after.clone();
        for &op in ops.iter().rev() {
            f.back(op);
            before.push(f.clone());
        }
        before.reverse();
        ops.iter()
            .zip(&fed)
            .zip(&before)
            .map(|((op, fed), before)| {
                let src = match op.src {
                    Op::POS => "pos".to_string(),
                    Op::NIL => "nil".to_string(),
                    r => self.reg_name(r, before.rows.set(usize::from(r))),
                };
                format!("{}={src}", self.reg_name(op.dst, fed))
            })
            .collect()
    }

    /// The operations of the transition into state `target` (an index),
    /// named.
    pub fn edge_ops_text(&self, ops: &[Op], target: usize) -> Vec<String> {
        match self.flow.get(target) {
            Some(after) => self.named_ops(ops, after),
            None => Vec::new(),
        }
    }

    /// The final operations of state `s`, named; `None` if it does not
    /// accept.
    pub fn final_ops_text(&self, s: usize) -> Option<Vec<String>> {
        let fin = self.t.final_of(s).filter(|f| f.accept)?;
        let reg_len = self.t.reg_len as usize;
        let tag_len = (2 * self.t.capture_len()).min(reg_len);
        let mut end = Flow::new(reg_len, tag_len);
        for tag in 0..tag_len {
            end.rows.insert(tag, tag);
        }
        Some(self.named_ops(&final_ops(self.t, &fin), &end))
    }

    /// The state indices `input` passes through, from the start state, up
    /// to the last byte it can read (see [`walk`]).
    pub fn path(&self, input: &[u8]) -> Vec<usize> {
        walk(self.t, input).states
    }
}

/// The backward pass of Note [the component a state is in]: per state and
/// capture `c`, the pairs (where `c`'s start gets its final value from,
/// where its end does) over every path to acceptance, each a register `r`
/// at the state (`r`), a later `pos` (`reg_len`) or a later `nil`
/// (`reg_len + 1`). Sorted, without repeats.
fn span_origins(
    t: &Tables<'_>,
    moves: &[Moves],
    preds: &[Vec<usize>],
) -> Vec<Vec<Vec<(u32, u32)>>> {
    let n = moves.len();
    let reg_len = t.reg_len;
    let caps = t.capture_len();
    let back = |pairs: &[(u32, u32)], ops: &[Op]| -> Vec<(u32, u32)> {
        let mut v = pairs.to_vec();
        for op in ops.iter().rev() {
            let dst = u32::from(op.dst);
            if dst >= reg_len {
                continue;
            }
            let src = match op.src {
                Op::POS => reg_len,
                r if u32::from(r) < reg_len => u32::from(r),
                _ => reg_len + 1,
            };
            for p in &mut v {
                if p.0 == dst {
                    p.0 = src;
                }
                if p.1 == dst {
                    p.1 = src;
                }
            }
        }
        v.sort_unstable();
        v.dedup();
        v
    };
    let merge = |into: &mut Vec<(u32, u32)>, more: Vec<(u32, u32)>| -> bool {
        let len = into.len();
        into.extend(more);
        into.sort_unstable();
        into.dedup();
        into.len() != len
    };
    let mut origins: Vec<Vec<Vec<(u32, u32)>>> = vec![vec![Vec::new(); caps]; n];
    let mut queue: Vec<usize> = (0..n).collect();
    let mut queued = vec![true; n];
    while let Some(s) = queue.pop() {
        queued[s] = false;
        let fin = t.final_of(s).filter(|f| f.accept).map(|f| final_ops(t, &f));
        let fresh: Vec<Vec<(u32, u32)>> = (0..caps)
            .map(|c| {
                let tag = 2 * c as u32;
                let mut o = match &fin {
                    Some(ops) if tag + 1 < reg_len => back(&[(tag, tag + 1)], ops),
                    _ => Vec::new(),
                };
                for (target, ops, _) in &moves[s] {
                    let more = back(&origins[*target][c], ops);
                    merge(&mut o, more);
                }
                o
            })
            .collect();
        let mut changed = false;
        for (into, o) in origins[s].iter_mut().zip(fresh) {
            changed |= merge(into, o);
        }
        if changed {
            for &p in &preds[s] {
                if !queued[p] {
                    queued[p] = true;
                    queue.push(p);
                }
            }
        }
    }
    origins
}

/// The forward pass: per state, for each register, whether it holds a
/// value (not NIL) on every path from the start (`every`), or on some path
/// (`!every`); and which states are reached.
fn forward(
    t: &Tables<'_>,
    moves: &[Moves],
    start: usize,
    every: bool,
) -> (Vec<Vec<bool>>, Vec<bool>) {
    let n = moves.len();
    let reg_len = t.reg_len as usize;
    let mut set = vec![vec![every; reg_len]; n];
    let mut reached = vec![false; n];
    if start >= n {
        return (set, reached);
    }
    set[start].fill(false);
    reached[start] = true;
    let mut queue = vec![start];
    while let Some(s) = queue.pop() {
        let before = set[s].clone();
        for (target, ops, _) in &moves[s] {
            let mut v = before.clone();
            for op in ops {
                let val = match op.src {
                    Op::POS => true,
                    Op::NIL => false,
                    r => v.get(usize::from(r)).copied().unwrap_or(false),
                };
                if let Some(d) = v.get_mut(usize::from(op.dst)) {
                    *d = val;
                }
            }
            let into = &mut set[*target];
            let mut changed = !reached[*target];
            reached[*target] = true;
            if changed {
                *into = v;
            } else {
                for (a, b) in into.iter_mut().zip(&v) {
                    let m = if every { *a && *b } else { *a || *b };
                    changed |= m != *a;
                    *a = m;
                }
            }
            if changed {
                queue.push(*target);
            }
        }
    }
    (set, reached)
}

/// The states an input passes through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The start state, then the state after each byte read.
    pub states: Vec<usize>,
    /// Per byte read, the operations of its transition.
    pub ops: Vec<Vec<Op>>,
    /// The offset of the first byte no transition reads (the input stops
    /// there), or `None` if every byte was read.
    pub stuck_at: Option<usize>,
}

/// Runs `input` through `t` one byte at a time, keeping every state.
pub fn walk(t: &Tables<'_>, input: &[u8]) -> Walk {
    let mut s = t.state_index(t.start);
    let mut w = Walk {
        states: vec![s],
        ops: Vec::new(),
        stuck_at: None,
    };
    for (i, &b) in input.iter().enumerate() {
        match step(t, s, b) {
            Some((next, ops)) => {
                s = next;
                w.states.push(s);
                w.ops.push(ops);
            }
            None => {
                w.stuck_at = Some(i);
                break;
            }
        }
    }
    w
}

/// The bytes of an overview edge or separator node: one printable byte as
/// ABNF quotes it (`"/"`), else as ranges (`[0-9A-Fa-f]`).
fn bytes_label(bytes: &[u8]) -> String {
    match bytes {
        [b] if (0x21..0x7f).contains(b) && *b != b'"' => format!("\"{}\"", char::from(*b)),
        _ => byte_ranges(bytes),
    }
}

/// Escapes `"` and `\` for a DOT string.
fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// What a node of the overview stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum NodeKind {
    /// States in one capture (or, merged, several).
    Capture,
    /// States that may be in some captures ([`Place::Maybe`]).
    Maybe,
    /// States in no capture.
    Outside,
}

/// A node of the overview: its name and states.
struct Node {
    /// Shown in the node.
    label: String,
    /// What it stands for.
    kind: NodeKind,
    /// The states it stands for, in order.
    states: Vec<usize>,
}

/// A state's node key in [`overview_nodes`] at one level of merging.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    /// A capture's states.
    Capture(usize),
    /// Captures merged into one node (level 4).
    OtherCaptures,
    /// States that may be in these captures.
    Maybe(Vec<usize>),
    /// One state in no capture (level 0), or a connected group of them
    /// named by its least state (levels 1 and 2).
    Outside(usize),
    /// Every state in no capture (level 3 and up).
    AllOutside,
}

/// Union-find root of `x`, with path halving.
fn root(g: &mut [usize], mut x: usize) -> usize {
    while g[x] != x {
        g[x] = g[g[x]];
        x = g[x];
    }
    x
}

/// The nodes of the overview, and each state's node. Level 0 has one node
/// per capture some state is in, one per distinct [`Place::Maybe`] and one
/// per state in no capture (a separator, labelled with the bytes that
/// lead into it); while there are more than [`MAX_NODES`], each level
/// merges more: 1, the states in no capture by connected groups; 2, the
/// maybes too; 3, all of them into one node; 4, the smallest captures
/// into one.
fn overview_nodes(an: &Analysis<'_, '_>) -> (Vec<Node>, Vec<usize>) {
    let n = an.t.state_len();
    let start = an.t.state_index(an.t.start);
    let mut size = vec![0usize; an.t.capture_len()];
    for s in 0..n {
        if let Place::In(c) = an.place(s) {
            size[*c] += 1;
        }
    }
    // Captures by size, largest first: the first MAX_NODES - 2 keep their
    // node at level 4.
    let mut by_size: Vec<usize> = (0..size.len()).filter(|&c| size[c] > 0).collect();
    by_size.sort_by_key(|&c| (usize::MAX - size[c], c));
    let kept: Vec<usize> = by_size.iter().copied().take(MAX_NODES - 2).collect();
    let mut into: Vec<Vec<u8>> = vec![Vec::new(); n];
    for s in 0..n {
        for (target, _, bytes) in &an.moves[s] {
            if *target != s {
                into[*target].extend(bytes);
            }
        }
    }
    for level in 0..5 {
        let outside = |s: usize| match an.place(s) {
            Place::In(_) => false,
            Place::Maybe(_) => level >= 2,
            Place::Start | Place::Outside => true,
        };
        let mut group: Vec<usize> = (0..n).collect();
        if level >= 1 {
            for s in (0..n).filter(|&s| outside(s)) {
                for (target, _, _) in &an.moves[s] {
                    if outside(*target) {
                        let (a, b) = (root(&mut group, s), root(&mut group, *target));
                        group[a.max(b)] = a.min(b);
                    }
                }
            }
        }
        let keys: Vec<Key> = (0..n)
            .map(|s| match an.place(s) {
                Place::In(c) if level < 4 || kept.contains(c) => Key::Capture(*c),
                Place::In(_) => Key::OtherCaptures,
                Place::Maybe(cs) if level < 2 => Key::Maybe(cs.clone()),
                _ if level >= 3 => Key::AllOutside,
                _ => Key::Outside(root(&mut group, s)),
            })
            .collect();
        let mut distinct: BTreeMap<&Key, Vec<usize>> = BTreeMap::new();
        for (s, k) in keys.iter().enumerate() {
            distinct.entry(k).or_default().push(s);
        }
        let done = distinct.len() <= MAX_NODES || level == 4;
        let mut nodes: Vec<Node> = distinct
            .into_iter()
            .map(|(k, states)| {
                let (kind, label) = match k {
                    Key::Capture(c) => (NodeKind::Capture, an.capture_name(*c).to_string()),
                    Key::OtherCaptures => (NodeKind::Capture, "other captures".to_string()),
                    Key::Maybe(cs) => (NodeKind::Maybe, an.place_name(&Place::Maybe(cs.clone()))),
                    _ if states.contains(&start) => (NodeKind::Outside, "start".to_string()),
                    Key::Outside(_) if level == 0 => {
                        let mut b = into[states[0]].clone();
                        b.sort_unstable();
                        b.dedup();
                        (NodeKind::Outside, bytes_label(&b))
                    }
                    _ => (NodeKind::Outside, "outside".to_string()),
                };
                Node {
                    label,
                    kind,
                    states,
                }
            })
            .collect();
        // Deterministic order: by least state.
        nodes.sort_by_key(|nd| nd.states.first().copied().unwrap_or(usize::MAX));
        if done {
            let mut node_of = vec![0; n];
            for (i, nd) in nodes.iter().enumerate() {
                for &s in &nd.states {
                    node_of[s] = i;
                }
            }
            return (nodes, node_of);
        }
    }
    (Vec::new(), vec![0; n])
}

/// The overview of a machine as a Graphviz digraph: one node per
/// component, at most [`MAX_NODES`].
///
/// A node stands for the states whose [`Place`] is one capture (a box,
/// labelled with the capture's name and its state count), for the states
/// that may be in some ("maybe scheme | path", dashed), or for a connected
/// group of states in no capture ("start", "outside": the separators). A
/// double outline marks a node with an accepting state. An edge joins two
/// nodes when some state of the first has a transition into a state of
/// the second, labelled with the bytes of all such transitions; moves
/// inside a node are not drawn. Each node's tooltip lists its states
/// (`tooltip="states 3 7 8"`, shown on hover in SVG). See Note [the
/// component a state is in].
///
/// # Example
///
/// ```
/// use uridfa_codegen::driver::{compile_str, Options};
/// let g = ";@ entry r\n;@ capture a b\nr = a \"/\" b\na = 1*\"x\"\nb = 1*\"y\"\n";
/// let compiled = compile_str("g.abnf", g, Options::default())?;
/// let dot = uridfa_codegen::picture::overview_dot(&compiled.machines[0].tables.as_tables());
/// assert!(dot.contains("label=\"a\\n"));
/// assert!(dot.contains("label=\"\\\"/\\\"\""), "{dot}");
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn overview_dot(t: &Tables<'_>) -> String {
    let an = Analysis::of(t);
    let (nodes, node_of) = overview_nodes(&an);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "digraph \"{}\" {{\n  rankdir=TB;\n  nodesep=0.3;\n  ranksep=0.5;\n  node [fontname=\"Helvetica\", fontsize=14];\n  edge [fontname=\"Helvetica\", fontsize=11];",
        esc(t.rule)
    );
    let start = t.state_index(t.start);
    if let Some(&n0) = node_of.get(start) {
        let _ = writeln!(out, "  start [shape=point, width=0.15];\n  start -> n{n0};");
    }
    for (i, nd) in nodes.iter().enumerate() {
        let accepting = nd
            .states
            .iter()
            .any(|&s| t.final_of(s).is_some_and(|f| f.accept));
        let count = match nd.states.len() {
            1 => "1 state".to_string(),
            k => format!("{k} states"),
        };
        let style = match nd.kind {
            NodeKind::Capture => "shape=box, style=\"rounded,filled\", fillcolor=\"#e8f0fe\"",
            NodeKind::Maybe => "shape=box, style=\"rounded,dashed\"",
            NodeKind::Outside => "shape=ellipse",
        };
        let states: Vec<String> = nd.states.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(
            out,
            "  n{i} [{style}{}, label=\"{}\\n{count}\", tooltip=\"states {}\"];",
            if accepting { ", peripheries=2" } else { "" },
            esc(&nd.label),
            states.join(" ")
        );
    }
    let mut edges: BTreeMap<(usize, usize), Vec<u8>> = BTreeMap::new();
    for s in 0..t.state_len() {
        for (target, _, bytes) in &an.moves[s] {
            let (a, b) = (node_of[s], node_of[*target]);
            if a != b {
                edges.entry((a, b)).or_default().extend(bytes);
            }
        }
    }
    for ((a, b), mut bytes) in edges {
        bytes.sort_unstable();
        bytes.dedup();
        let _ = writeln!(
            out,
            "  n{a} -> n{b} [label=\"{}\"];",
            esc(&bytes_label(&bytes))
        );
    }
    out.push_str("}\n");
    out
}

/// The states of a machine as a Graphviz digraph, with registers named by
/// the tags they feed; with `only = Some(c)`, the states in capture `c`
/// (Note [the component a state is in]) and, as plain text nodes named as
/// in [`overview_dot`], where their transitions come from and go to.
///
/// A state is labelled with its index and its [`Place`]; an accepting one
/// is a double circle with its final operations. An edge carries the
/// bytes that take it and its register operations, one a line:
/// `host.start=pos` writes the position into the register where tag
/// `host.start` ends, `r14:path.end=pos` into register 14, whose value
/// may become `path.end`.
///
/// # Example
///
/// ```
/// use uridfa_codegen::driver::{compile_str, Options};
/// let g = ";@ entry r\n;@ capture a b\nr = a \"/\" b\na = 1*\"x\"\nb = 1*\"y\"\n";
/// let compiled = compile_str("g.abnf", g, Options::default())?;
/// let dot = uridfa_codegen::picture::states_dot(&compiled.machines[0].tables.as_tables(), None);
/// assert!(dot.contains("a.start=pos"), "{dot}");
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn states_dot(t: &Tables<'_>, only: Option<usize>) -> String {
    let an = Analysis::of(t);
    let shown = |s: usize| only.is_none_or(|c| an.inside(s).contains(&c));
    let mut out = String::new();
    let title = match only {
        Some(c) => format!("{} {}", t.rule, an.capture_name(c)),
        None => t.rule.to_string(),
    };
    let _ = writeln!(
        out,
        "digraph \"{}\" {{\n  rankdir=LR;\n  node [shape=circle, fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];",
        esc(&title)
    );
    let start = t.state_index(t.start);
    if shown(start) {
        let _ = writeln!(out, "  start [shape=point];\n  start -> s{start};");
    }
    // Places outside the shown states, as text nodes.
    let mut others: BTreeMap<String, String> = BTreeMap::new();
    // Named as in the overview: the component, or the separator.
    let (nodes, node_of) = if only.is_some() {
        overview_nodes(&an)
    } else {
        (Vec::new(), Vec::new())
    };
    let mut other = |s: usize| -> String {
        let name = node_of
            .get(s)
            .and_then(|&i| nodes.get(i))
            .map_or_else(|| an.place_name(an.place(s)), |nd| nd.label.clone());
        let k = others.len();
        others
            .entry(name)
            .or_insert_with(|| format!("x{k}"))
            .clone()
    };
    let mut lines = Vec::new();
    for s in 0..t.state_len() {
        for (target, ops, bytes) in &an.moves[s] {
            let (from, to) = (shown(s), shown(*target));
            if !from && !to {
                continue;
            }
            let mut label = vec![byte_ranges(bytes)];
            label.extend(an.edge_ops_text(ops, *target));
            let a = if from { format!("s{s}") } else { other(s) };
            let b = if to {
                format!("s{target}")
            } else {
                other(*target)
            };
            lines.push(format!(
                "  {a} -> {b} [label=\"{}\"];",
                esc(&label.join("\n")).replace('\n', "\\n")
            ));
        }
    }
    for s in (0..t.state_len()).filter(|&s| shown(s)) {
        let (shape, fin) = match an.final_ops_text(s) {
            Some(ops) => (
                "doublecircle",
                ops.iter().map(|o| format!("\n{o}")).collect::<String>(),
            ),
            None => ("circle", String::new()),
        };
        let label = format!("{s}\n{}{fin}", an.place_name(an.place(s)));
        let _ = writeln!(
            out,
            "  s{s} [shape={shape}, label=\"{}\"];",
            esc(&label).replace('\n', "\\n")
        );
    }
    for (name, id) in &others {
        let _ = writeln!(
            out,
            "  {id} [shape=plaintext, label=\"{}\"];",
            esc(&format!("({name})"))
        );
    }
    // Edges from several states to one text node, or back, once.
    let mut seen = std::collections::BTreeSet::new();
    for l in lines {
        if seen.insert(l.clone()) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out.push_str("}\n");
    out
}

/// Bytes as they are shown by [`explain_text`]: printable ASCII as itself,
/// every other byte as `\xHH`; with each byte's column.
fn shown_bytes(input: &[u8]) -> (String, Vec<usize>) {
    let mut text = String::new();
    let mut cols = Vec::with_capacity(input.len() + 1);
    for &b in input {
        cols.push(text.len());
        if (0x20..0x7f).contains(&b) {
            text.push(char::from(b));
        } else {
            let _ = write!(text, "\\x{b:02X}");
        }
    }
    cols.push(text.len());
    (text, cols)
}

/// One byte as shown in the path of [`explain_text`].
fn byte_text(b: u8) -> String {
    if (0x21..0x7f).contains(&b) {
        char::from(b).to_string()
    } else {
        format!("\\x{b:02X}")
    }
}

/// The text of `uridfa explain` for one input: the input, under it one
/// line per captured component (`^^^` under its bytes, nested components
/// named after their parent, `authority > host`; `|` where an empty one
/// sits), then the path: the start state and, per byte read, the state
/// reached with its [`Place`] and its named register operations.
///
/// `runs` are the components' spans as `split` gives them, or `None` for
/// an input that does not match: first the whole machine's, then those of
/// each item of its list regions (Note [repeated captures]), each indexed
/// by capture, so that every occurrence of a repeated capture is marked;
/// a kind's span is shown on its component's line. `error` is the offset
/// and message of the error to show.
pub fn explain_text(
    t: &Tables<'_>,
    input: &[u8],
    runs: Option<&[Vec<Option<Span>>]>,
    error: Option<(usize, &str)>,
) -> String {
    let an = Analysis::of(t);
    let (text, cols) = shown_bytes(input);
    let col = |i: usize| cols.get(i).copied().unwrap_or(text.len());
    let mut out = String::new();
    let _ = writeln!(out, "{text}");
    if let Some(runs) = runs {
        // Components (not kinds) of every run: (capture, span, run).
        let shown: Vec<(usize, Span, usize)> = runs
            .iter()
            .enumerate()
            .flat_map(|(r, spans)| {
                (0..t.capture_len())
                    .filter(|&c| !t.captures[c].is_kind())
                    .filter_map(move |c| Some((c, spans.get(c).copied().flatten()?, r)))
            })
            .collect();
        // Mark `p` holds mark `m` when its span holds `m`'s and, in one run,
        // the machine nests them so (every state in `m`'s capture is in
        // `p`'s: Note [the component a state is in]); spans alone cannot
        // tell where an empty one sits, nor which of two equal spans is the
        // outer. A list region holds the items inside it.
        let holds = |p: usize, m: usize| {
            let ((pc, (pa, pb), pr), (c, (a, b), r)) = (shown[p], shown[m]);
            let inside = p != m && pa <= a && b <= pb;
            let strictly = a < b && (pa, pb) != (a, b);
            inside
                && if t.captures.get(pc).is_some_and(|x| x.region) {
                    pc != c
                } else if pr != r {
                    strictly
                } else {
                    an.nested_in(c, pc).unwrap_or(strictly)
                }
        };
        let parents_of =
            |m: usize| -> Vec<usize> { (0..shown.len()).filter(|&p| holds(p, m)).collect() };
        let depth: Vec<usize> = (0..shown.len()).map(|m| parents_of(m).len()).collect();
        let mut order: Vec<usize> = (0..shown.len()).collect();
        order.sort_by_key(|&m| {
            let (c, (a, b), r) = shown[m];
            (a, usize::MAX - b, depth[m], r, c)
        });
        for m in order {
            let (c, (a, b), r) = shown[m];
            let mut parents = parents_of(m);
            parents.sort_by_key(|&p| depth[p]);
            let mut name = String::new();
            for &p in &parents {
                name.push_str(an.capture_name(shown[p].0));
                name.push_str(" > ");
            }
            name.push_str(an.capture_name(c));
            let kind = (0..t.capture_len())
                .find(|&k| {
                    t.captures[k].is_kind()
                        && usize::from(t.captures[k].kind_of) == c
                        && runs[r].get(k).copied().flatten().is_some()
                })
                .map(|k| format!(" ({})", an.capture_name(k)))
                .unwrap_or_default();
            let (ca, cb) = (col(a), col(b));
            let marks = if cb > ca {
                "^".repeat(cb - ca)
            } else {
                "|".to_string()
            };
            let empty = if b == a { " (empty)" } else { "" };
            let _ = writeln!(out, "{}{marks} {name}{kind}{empty}", " ".repeat(ca));
        }
    }
    if let Some((offset, message)) = error {
        let _ = writeln!(out, "{}^ error: {message}", " ".repeat(col(offset)));
    }
    let w = walk(t, input);
    let _ = writeln!(out, "path:");
    if let Some(&s0) = w.states.first() {
        let _ = writeln!(out, "  {:>6}  {:<5} {s0:>5}", "start", "");
    }
    for (i, (&s, ops)) in w.states.iter().skip(1).zip(&w.ops).enumerate() {
        let byte = input.get(i).copied().map(byte_text).unwrap_or_default();
        let ops = an.edge_ops_text(ops, s).join(" ");
        let place = an.place_name(an.place(s));
        let row = format!("  {i:>6}  {byte:<5} {s:>5}  {place:<16} {ops}");
        let _ = writeln!(out, "{}", row.trim_end());
    }
    match (w.stuck_at, w.states.last()) {
        (Some(i), _) => {
            let byte = input.get(i).copied().map(byte_text).unwrap_or_default();
            let _ = writeln!(out, "  {i:>6}  {byte:<5}     -  (no transition)");
        }
        (None, Some(&s)) => match an.final_ops_text(s) {
            Some(ops) => {
                let _ = writeln!(
                    out,
                    "  {:>6}  {:<5} {s:>5}  accepts {}",
                    "end",
                    "",
                    ops.join(" ")
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "  {:>6}  {:<5} {s:>5}  does not accept here",
                    "end", ""
                );
            }
        },
        (None, None) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let t = compile(";@ entry r\n;@ capture a b\nr = a \"/\" a2\na = \"<\" b \">\"\nb = 1*\"x\"\na2 = \"y\"\n");
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
                        e.ops = rng.next_u64();
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
}
