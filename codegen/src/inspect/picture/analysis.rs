//! The data-flow passes behind the pictures ([`Analysis`]): which tags
//! each register's value may become, where each capture's start and end
//! get their values from, which registers hold a value, and so the place
//! of every state (Note [the component a state is in]); and a state's
//! [`moves`], its transitions grouped by target; [`walk`], the states one
//! input passes through.

use crate::inspect::dump::{edge_ops, final_ops};
use uridfa_runtime::{Op, Tables};

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
    pub(super) t: &'t Tables<'a>,
    /// Per state, its [`moves`].
    pub(super) moves: Vec<Moves>,
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
