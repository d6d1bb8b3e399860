//! The search itself: a breadth-first walk of the product of two copies
//! of a machine's NFA (or of two NFAs) that finds an input read two ways
//! ([`check_captures`], [`check_overlap`]), within a [`Budget`], and
//! reports a [`Verdict`] (Note [the ambiguity search] in `mod.rs`).

use regex_automata::nfa::thompson::{State as NState, NFA};
use regex_automata::util::primitives::StateID;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// How far the search may go: it stops, unfinished, past either bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most product states kept (each about 40 bytes, plus its index).
    pub states: usize,
    /// The most steps: ε-closure states visited plus product transitions
    /// tried.
    pub steps: usize,
}

impl Default for Budget {
    /// 1,000,000 states and 25,000,000 steps: at most about 150 MB and
    /// 3 s in a release build (a step costs up to about 100 ns), while no
    /// entry of the built-in grammars needs more than 50,000 states and
    /// 1,000,000 steps (`URIDFA_AMBIGUITY_STATS=1` prints them).
    fn default() -> Budget {
        Budget {
            states: 1_000_000,
            steps: 25_000_000,
        }
    }
}

/// A component's span in one reading, `None` if absent.
pub type Spans = Vec<Option<(usize, usize)>>;

/// An input with two parses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// The input, a shortest one.
    pub input: Vec<u8>,
    /// The two readings' component spans (empty for [`check_overlap`]).
    /// A repeated capture (one in a list) shows the first of its
    /// occurrences in which the readings differ, its index in
    /// [`Witness::occurrence`]; any other capture shows its last value.
    pub readings: [Spans; 2],
    /// For each component, the occurrence (0-based, in input order) its
    /// spans in `readings` are: `Some` for a repeated capture whose
    /// occurrences differ, `None` for the last one.
    pub occurrence: Vec<Option<usize>>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No input has two parses that differ (in the watched captures).
    Unambiguous,
    /// A shortest input with two parses that differ.
    Ambiguous(Witness),
    /// The search passed its [`Budget`].
    Unfinished {
        /// Product states kept when it stopped.
        states: usize,
        /// Which bound it passed: `"states"` or `"steps"`.
        bound: &'static str,
    },
}

// Note [dominated states]
//
// `D` after a byte is f(D) = (D \ (T1 ∩ T2)) ∪ (T1 Δ T2) for the tag sets
// T1, T2 the two parses cross there, and f is monotone: D ⊆ D' gives
// f(D) ⊆ f(D'). So from (q1, q2, D') every continuation ends with a
// superset of what it ends with from (q1, q2, D): if (q1, q2, D) leads to
// a witness, (q1, q2, D') leads to one as short. Breadth-first, a state
// kept earlier is no deeper, so a new state whose `D` is contained in the
// `D` of a kept state with the same pair is dropped; the shortest witness
// is still found. Without it, `r = c0 c1 ... c29` with each `ci = 1*"a"`
// (witness: 31 "a"s) passed 2,000,000 states in 7 s.

/// A fast hasher for small keys (FxHash's multiply-rotate): the search's
/// maps are keyed by integers it makes itself, so no flooding defence is
/// needed.
#[derive(Clone, Copy, Default)]
struct Fx;

impl std::hash::BuildHasher for Fx {
    type Hasher = FxHasher;
    fn build_hasher(&self) -> FxHasher {
        FxHasher(0)
    }
}

/// The hasher of [`Fx`].
struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A set of tags, interned: index into `Search::sets`.
type SetId = u32;

const EMPTY: SetId = 0;

/// One side of the product: an NFA and its tags.
struct Side<'n> {
    nfa: &'n NFA,
    /// NFA slot → tag.
    slot_tag: Vec<Option<u32>>,
    /// State → its closure, a range of `Search::entries`.
    closure: Vec<Option<(u32, u32)>>,
}

impl<'n> Side<'n> {
    fn new(nfa: &'n NFA, group_component: &[usize]) -> Side<'n> {
        let mut slot_tag = Vec::new();
        let group_len = nfa.group_info().group_len(regex_automata::PatternID::ZERO);
        for g in 0..group_len {
            for end in 0..2 {
                let tag = g
                    .checked_sub(1)
                    .and_then(|g| group_component.get(g))
                    .and_then(|&c| u32::try_from(2 * c + end).ok());
                slot_tag.push(tag);
            }
        }
        Side {
            nfa,
            slot_tag,
            closure: vec![None; nfa.states().len()],
        }
    }

    fn step(&self, q: StateID, byte: u8) -> Option<StateID> {
        match self.nfa.state(q) {
            NState::ByteRange { trans } => trans.matches_byte(byte).then_some(trans.next),
            NState::Sparse(s) => s.matches_byte(byte),
            NState::Dense(d) => d.matches_byte(byte),
            _ => None,
        }
    }

    fn is_match(&self, q: StateID) -> bool {
        matches!(self.nfa.state(q), NState::Match { .. })
    }
}

/// A product state and how it was reached.
#[derive(Clone, Copy, Debug)]
struct Node {
    q: [StateID; 2],
    d: SetId,
    /// `u32::MAX` for a start pair.
    parent: u32,
    byte: u8,
    /// The closure entries taken on each side, in the parent's order.
    e: [u32; 2],
    /// Whether `q` is the parent's sides swapped.
    swapped: bool,
}

struct Search<'n> {
    sides: [Side<'n>; 2],
    /// One NFA on both sides: keep pairs up to order.
    symmetric: bool,
    /// Whether a witness needs `D` non-empty (captures) or just both
    /// sides at `Match` (overlap of two languages).
    need_differ: bool,
    /// Tags whose differences count.
    watched: Vec<u64>,
    /// Tags of repeated captures: once their occurrences differ, a later
    /// occurrence at the same place on both sides does not make them equal
    /// again.
    sticky: Vec<u64>,
    /// Each set once, shared by `set_ids`.
    sets: Vec<Rc<[u64]>>,
    set_ids: HashMap<Rc<[u64]>, SetId, Fx>,
    words: usize,
    /// (D, T1, T2) → D'.
    next_d: HashMap<(SetId, SetId, SetId), SetId, Fx>,
    entries: Vec<(StateID, SetId)>,
    nodes: Vec<Node>,
    /// For each pair of NFA states, the sets `D` kept with it: a new `D`
    /// that one of them contains is not kept (Note [dominated states]).
    index: HashMap<(StateID, StateID), Vec<SetId>, Fx>,
    steps: usize,
    budget: Budget,
    /// Byte class representatives, nicest first.
    bytes: Vec<u8>,
}

/// Why the search stopped early.
struct Stop(&'static str);

impl<'n> Search<'n> {
    fn new(sides: [Side<'n>; 2], tag_len: usize, watched: &[bool], budget: Budget) -> Search<'n> {
        let words = tag_len.div_ceil(64).max(1);
        let mut w = vec![0u64; words];
        for (t, &on) in watched.iter().enumerate().take(tag_len) {
            if on {
                w[t / 64] |= 1 << (t % 64);
            }
        }
        let empty: Rc<[u64]> = Rc::from(vec![0u64; words]);
        let symmetric = std::ptr::eq(sides[0].nfa, sides[1].nfa);
        let bytes = class_reps(&[sides[0].nfa, sides[1].nfa]);
        Search {
            sides,
            symmetric,
            need_differ: true,
            sticky: vec![0u64; words],
            watched: w,
            sets: vec![Rc::clone(&empty)],
            set_ids: [(empty, EMPTY)].into_iter().collect(),
            words,
            next_d: HashMap::default(),
            entries: Vec::new(),
            nodes: Vec::new(),
            index: HashMap::default(),
            steps: 0,
            budget,
            bytes,
        }
    }

    /// The id of `set`. A new set's words count as steps (four per word),
    /// so the budget bounds their memory too; the next [`Search::tick`]
    /// stops the search once they pass it.
    fn intern(&mut self, set: Box<[u64]>) -> SetId {
        if let Some(&id) = self.set_ids.get(&*set) {
            return id;
        }
        self.steps = self.steps.saturating_add(4 * self.words);
        let id = self.sets.len() as SetId;
        let set: Rc<[u64]> = Rc::from(set);
        self.sets.push(Rc::clone(&set));
        self.set_ids.insert(set, id);
        id
    }

    fn tick(&mut self, n: usize) -> Result<(), Stop> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.budget.steps {
            return Err(Stop("steps"));
        }
        Ok(())
    }

    /// The closure of `q` on side `s`: a range of `self.entries`.
    fn closure(&mut self, s: usize, q: StateID) -> Result<(u32, u32), Stop> {
        if let Some(r) = self.sides[s].closure[q.as_usize()] {
            return Ok(r);
        }
        let start = self.entries.len() as u32;
        let mut seen: HashSet<(StateID, SetId), Fx> = HashSet::default();
        let mut stack = vec![(q, EMPTY)];
        while let Some((q, set)) = stack.pop() {
            if !seen.insert((q, set)) {
                continue;
            }
            self.tick(1)?;
            match self.sides[s].nfa.state(q) {
                NState::ByteRange { .. }
                | NState::Sparse(_)
                | NState::Dense(_)
                | NState::Match { .. } => self.entries.push((q, set)),
                NState::Union { alternates } => {
                    stack.extend(alternates.iter().rev().map(|&a| (a, set)));
                }
                NState::BinaryUnion { alt1, alt2 } => {
                    stack.push((*alt2, set));
                    stack.push((*alt1, set));
                }
                NState::Capture { next, slot, .. } => {
                    let next = *next;
                    let set = match self.sides[s].slot_tag.get(slot.as_usize()) {
                        Some(&Some(t)) => {
                            let mut bits: Box<[u64]> = Box::from(&*self.sets[set as usize]);
                            let t = t as usize;
                            bits[t / 64] |= 1 << (t % 64);
                            self.intern(bits)
                        }
                        _ => set,
                    };
                    stack.push((next, set));
                }
                // Lowered expressions have no look-around (the tagged DFA
                // refuses it), and `Fail` goes nowhere.
                NState::Look { .. } | NState::Fail => {}
            }
        }
        let r = (start, self.entries.len() as u32 - start);
        self.sides[s].closure[q.as_usize()] = Some(r);
        Ok(r)
    }

    /// `D` after crossing `t1` on side 1 and `t2` on side 2 at one position.
    fn next_d(&mut self, d: SetId, t1: SetId, t2: SetId) -> SetId {
        if t1 == EMPTY && t2 == EMPTY {
            return d;
        }
        if let Some(&n) = self.next_d.get(&(d, t1, t2)) {
            return n;
        }
        let (a, b, old) = (
            &self.sets[t1 as usize],
            &self.sets[t2 as usize],
            &self.sets[d as usize],
        );
        let bits: Box<[u64]> = (0..self.words)
            .map(|i| {
                ((old[i] & !(a[i] & b[i] & !self.sticky[i])) | (a[i] ^ b[i])) & self.watched[i]
            })
            .collect();
        let n = self.intern(bits);
        self.next_d.insert((d, t1, t2), n);
        n
    }

    /// Whether `(q, d)` need not be kept: a state with the same NFA pair
    /// and a superset of `d` is kept already (Note [dominated states]).
    fn dominated(&mut self, q: [StateID; 2], d: SetId) -> Result<bool, Stop> {
        let Some(kept) = self.index.get(&(q[0], q[1])) else {
            return Ok(false);
        };
        let n = kept.len();
        let sub = &self.sets[d as usize];
        let found = kept.iter().any(|&k| {
            k == d
                || self.sets[k as usize]
                    .iter()
                    .zip(sub.iter())
                    .all(|(big, small)| small & !big == 0)
        });
        self.tick(n)?;
        Ok(found)
    }

    /// Adds the pairs of closure ranges `c0` × `c1` reached from `parent`
    /// by `byte`; returns a witness node if one is among them.
    fn expand(
        &mut self,
        parent: u32,
        byte: u8,
        d: SetId,
        c0: (u32, u32),
        c1: (u32, u32),
    ) -> Result<Option<u32>, Stop> {
        self.tick((c0.1 as usize).saturating_mul(c1.1 as usize))?;
        for i in 0..c0.1 {
            let (q0, t0) = self.entries[(c0.0 + i) as usize];
            for j in 0..c1.1 {
                let (q1, t1) = self.entries[(c1.0 + j) as usize];
                let nd = self.next_d(d, t0, t1);
                let swapped = self.symmetric && q1 < q0;
                let q = if swapped { [q1, q0] } else { [q0, q1] };
                if self.dominated(q, nd)? {
                    continue;
                }
                if self.nodes.len() >= self.budget.states {
                    return Err(Stop("states"));
                }
                let id = self.nodes.len() as u32;
                self.nodes.push(Node {
                    q,
                    d: nd,
                    parent,
                    byte,
                    e: [i, j],
                    swapped,
                });
                self.index.entry((q[0], q[1])).or_default().push(nd);
                let done = self.sides[0].is_match(q[0])
                    && self.sides[1].is_match(q[1])
                    && (!self.need_differ || nd != EMPTY);
                if done {
                    return Ok(Some(id));
                }
            }
        }
        Ok(None)
    }

    fn run(&mut self) -> Result<Option<u32>, Stop> {
        let s0 = self.sides[0].nfa.start_anchored();
        let s1 = self.sides[1].nfa.start_anchored();
        let c0 = self.closure(0, s0)?;
        let c1 = self.closure(1, s1)?;
        if let Some(w) = self.expand(u32::MAX, 0, EMPTY, c0, c1)? {
            return Ok(Some(w));
        }
        // Layer by layer; within a layer, nodes that read the same input
        // are contiguous (`group`), and the groups are in the order of
        // their inputs (bytes compared by `nice`): expanding group by
        // group, byte by byte, keeps both true for the next layer, so the
        // first witness is the nicest of the shortest.
        let mut group = vec![0u32; self.nodes.len()];
        let mut next_group = 1u32;
        let mut start = 0usize;
        while start < self.nodes.len() {
            let end = self.nodes.len();
            let mut i = start;
            while i < end {
                let mut j = i + 1;
                while j < end && group[j] == group[i] {
                    j += 1;
                }
                for bi in 0..self.bytes.len() {
                    let byte = self.bytes[bi];
                    let before = self.nodes.len();
                    for k in i..j {
                        let node = self.nodes[k];
                        let (Some(n0), Some(n1)) = (
                            self.sides[0].step(node.q[0], byte),
                            self.sides[1].step(node.q[1], byte),
                        ) else {
                            continue;
                        };
                        let c0 = self.closure(0, n0)?;
                        let c1 = self.closure(1, n1)?;
                        if let Some(w) = self.expand(k as u32, byte, node.d, c0, c1)? {
                            return Ok(Some(w));
                        }
                    }
                    if self.nodes.len() > before {
                        group.resize(self.nodes.len(), next_group);
                        next_group += 1;
                    }
                }
                i = j;
            }
            start = end;
        }
        Ok(None)
    }

    /// The input and, for side `o` of node `w`, the tag set crossed at
    /// each position (0 to the input's length).
    fn path(&mut self, w: u32, o: usize) -> (Vec<u8>, Vec<SetId>) {
        let mut chain = Vec::new();
        let mut k = w;
        while k != u32::MAX {
            chain.push(k);
            k = self.nodes[k as usize].parent;
        }
        chain.reverse();
        // Which side of each node the parse follows, from the end back.
        let mut sides = vec![0usize; chain.len()];
        let mut side = o;
        for (pos, &k) in chain.iter().enumerate().rev() {
            sides[pos] = side;
            let n = self.nodes[k as usize];
            side = if n.swapped { 1 - side } else { side };
        }
        let mut input = Vec::new();
        let mut sets = Vec::new();
        for (pos, &k) in chain.iter().enumerate() {
            let n = self.nodes[k as usize];
            // The raw side (before any swap) this parse took at `k`.
            let raw = if n.swapped {
                1 - sides[pos]
            } else {
                sides[pos]
            };
            let from = if n.parent == u32::MAX {
                self.sides[raw].nfa.start_anchored()
            } else {
                input.push(n.byte);
                let p = self.nodes[n.parent as usize];
                // The parent's side `raw` stepped on the byte.
                match self.sides[raw].step(p.q[raw], n.byte) {
                    Some(s) => s,
                    None => break,
                }
            };
            // Cached during the search, so no budget is spent.
            let Ok(c) = self.closure(raw, from) else {
                break;
            };
            let (_, set) = self.entries[(c.0 + n.e[raw]) as usize];
            sets.push(set);
        }
        (input, sets)
    }

    /// The spans of `component_len` components that `sets` (one per
    /// position) give: each tag's last value.
    /// Each component's occurrences along one parse (the tags crossed at
    /// each position, `sets`), in input order: the i-th start with the i-th
    /// end.
    fn occurrences(&self, sets: &[SetId], component_len: usize) -> Vec<Vec<(usize, usize)>> {
        let mut tags = vec![Vec::new(); 2 * component_len];
        for (pos, &s) in sets.iter().enumerate() {
            let bits = &self.sets[s as usize];
            for (t, v) in tags.iter_mut().enumerate() {
                if bits[t / 64] >> (t % 64) & 1 == 1 {
                    v.push(pos);
                }
            }
        }
        (0..component_len)
            .map(|k| {
                let (s, e) = (&tags[2 * k], &tags[2 * k + 1]);
                s.iter().copied().zip(e.iter().copied()).collect()
            })
            .collect()
    }
}

/// One representative byte per class of bytes that no transition of
/// `nfas` tells apart, the nicest in each class, nicest classes first
/// ([`nice`]).
fn class_reps(nfas: &[&NFA]) -> Vec<u8> {
    let mut boundary = [false; 257];
    boundary[0] = true;
    let mut mark = |start: u8, end: u8| {
        boundary[usize::from(start)] = true;
        boundary[usize::from(end) + 1] = true;
    };
    for nfa in nfas {
        for state in nfa.states() {
            match state {
                NState::ByteRange { trans } => mark(trans.start, trans.end),
                NState::Sparse(s) => s.transitions.iter().for_each(|t| mark(t.start, t.end)),
                NState::Dense(d) => {
                    for b in 1..=255u8 {
                        if d.transitions[usize::from(b)] != d.transitions[usize::from(b) - 1] {
                            mark(b, b);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let mut reps = Vec::new();
    let mut best: Option<u8> = None;
    for b in 0..=255u8 {
        if boundary[usize::from(b)] {
            reps.extend(best);
            best = None;
        }
        if best.is_none_or(|x| nice(b) < nice(x)) {
            best = Some(b);
        }
    }
    reps.extend(best);
    reps.sort_by_key(|&b| nice(b));
    reps
}

/// How readable a byte is in a witness, lower first: letters, digits,
/// URI punctuation, other printable ASCII, the rest.
pub(super) fn nice(b: u8) -> u16 {
    const PUNCT: &[u8] = b".-_~:/?#[]@!$&'()*+,;=%";
    let b16 = u16::from(b);
    match b {
        b'a'..=b'z' => b16 - u16::from(b'a'),
        b'0'..=b'9' => 26 + b16 - u16::from(b'0'),
        b'A'..=b'Z' => 36 + b16 - u16::from(b'A'),
        _ => match PUNCT.iter().position(|&p| p == b) {
            Some(i) => 62 + i as u16,
            None if (0x20..0x7F).contains(&b) => 100 + b16,
            None => 300 + b16,
        },
    }
}

/// Whether one input has two parses of `nfa` whose spans differ in the
/// watched components. `group_component` maps the NFA's capture groups to
/// components, as in [`Lowered::group_component`](crate::pipeline::lower::Lowered::group_component); `watched[k]` says
/// whether component `k` counts (an `;@ allow ambiguity` one does not).
/// See Note [the ambiguity search].
pub fn check_captures(
    nfa: &NFA,
    group_component: &[usize],
    watched: &[bool],
    budget: Budget,
) -> Verdict {
    check_repeated_captures(nfa, group_component, watched, &[], budget)
}

/// [`check_captures`] where the components `repeated` marks are captures
/// in lists (Note [repeated captures] in `pipeline::lists`): two parses
/// differ in one when any of its occurrences differ, not only the last.
pub fn check_repeated_captures(
    nfa: &NFA,
    group_component: &[usize],
    watched: &[bool],
    repeated: &[bool],
    budget: Budget,
) -> Verdict {
    let component_len = watched.len();
    if !watched.contains(&true) {
        // Nothing watched can differ.
        return Verdict::Unambiguous;
    }
    let tags: Vec<bool> = watched.iter().flat_map(|&w| [w, w]).collect();
    let sides = [
        Side::new(nfa, group_component),
        Side::new(nfa, group_component),
    ];
    let mut s = Search::new(sides, 2 * component_len, &tags, budget);
    for (k, _) in repeated.iter().enumerate().filter(|(_, &r)| r) {
        for t in [2 * k, 2 * k + 1] {
            if let Some(w) = s.sticky.get_mut(t / 64) {
                *w |= 1 << (t % 64);
            }
        }
    }
    let r = s.run();
    // For measuring the budget (docs/derive.md), not an interface.
    if std::env::var_os("URIDFA_AMBIGUITY_STATS").is_some() {
        eprintln!("ambiguity: {} states, {} steps", s.nodes.len(), s.steps);
    }
    match r {
        Ok(None) => Verdict::Unambiguous,
        Ok(Some(w)) => {
            let (input, a) = s.path(w, 0);
            let (_, b) = s.path(w, 1);
            let (oa, ob) = (
                s.occurrences(&a, component_len),
                s.occurrences(&b, component_len),
            );
            let mut readings: [Spans; 2] = [Vec::new(), Vec::new()];
            let mut occurrence = Vec::new();
            for k in 0..component_len {
                let (x, y) = (&oa[k], &ob[k]);
                let first_differing = (0..x.len().max(y.len())).find(|&i| x.get(i) != y.get(i));
                let at = first_differing.filter(|_| repeated.get(k) == Some(&true));
                let pick = |o: &Vec<(usize, usize)>| match at {
                    Some(i) => o.get(i).copied(),
                    None => o.last().copied(),
                };
                readings[0].push(pick(x));
                readings[1].push(pick(y));
                occurrence.push(at);
            }
            Verdict::Ambiguous(Witness {
                input,
                readings,
                occurrence,
            })
        }
        Err(Stop(bound)) => Verdict::Unfinished {
            states: s.nodes.len(),
            bound,
        },
    }
}

/// A shortest input that both `a` and `b` accept (their captures
/// ignored): the overlap of two kinds decided after the match.
pub fn check_overlap(a: &NFA, b: &NFA, budget: Budget) -> Verdict {
    let sides = [Side::new(a, &[]), Side::new(b, &[])];
    let mut s = Search::new(sides, 0, &[], budget);
    s.symmetric = false;
    s.need_differ = false;
    match s.run() {
        Ok(None) => Verdict::Unambiguous,
        Ok(Some(w)) => Verdict::Ambiguous(Witness {
            input: s.path(w, 0).0,
            readings: [Vec::new(), Vec::new()],
            occurrence: Vec::new(),
        }),
        Err(Stop(bound)) => Verdict::Unfinished {
            states: s.nodes.len(),
            bound,
        },
    }
}

#[cfg(test)]
mod tests {
    //! The bookkeeping of `D` (Note [the ambiguity search]), which the grammars of
    //! `tests/ambiguity.rs` cannot isolate: while a capture is reached
    //! from one place, two parses can seldom set a tag differently and
    //! then equal again.

    use super::*;

    fn bits(search: &mut Search<'_>, tags: &[usize]) -> SetId {
        let mut b = vec![0u64; search.words].into_boxed_slice();
        for &t in tags {
            b[t / 64] |= 1 << (t % 64);
        }
        search.intern(b)
    }

    #[test]
    fn d_holds_the_tags_whose_last_values_differ() {
        let nfa = NFA::new("a").unwrap();
        let sides = [Side::new(&nfa, &[]), Side::new(&nfa, &[])];
        // 70 tags (two words); tag 69 not watched.
        let mut watched = vec![true; 70];
        watched[69] = false;
        let mut s = Search::new(sides, 70, &watched, Budget::default());
        let t3 = bits(&mut s, &[3]);
        let t3_65 = bits(&mut s, &[3, 65]);
        let t65 = bits(&mut s, &[65]);
        let t69 = bits(&mut s, &[69]);
        // One side sets tag 3, the other not: it differs.
        assert_eq!(s.next_d(EMPTY, t3, EMPTY), t3);
        assert_eq!(s.next_d(EMPTY, EMPTY, t3), t3);
        // Both set it at the same position: equal again.
        assert_eq!(s.next_d(t3, t3, t3), EMPTY);
        assert_eq!(s.next_d(t3_65, t3, t3), t65);
        // Neither sets it: it stays as it was.
        assert_eq!(s.next_d(t3, t65, t65), t3);
        assert_eq!(s.next_d(t3, EMPTY, EMPTY), t3);
        // A tag set on one side only, while another differs already.
        assert_eq!(s.next_d(t3, t65, EMPTY), t3_65);
        // Unwatched tags never count.
        assert_eq!(s.next_d(EMPTY, t69, EMPTY), EMPTY);
    }

    #[test]
    fn witnesses_read_as_text() {
        assert!(nice(b'a') < nice(b'z') && nice(b'z') < nice(b'0'));
        assert!(nice(b'9') < nice(b'A') && nice(b'Z') < nice(b'.'));
        assert!(nice(b'%') < nice(b'"') && nice(b'~' + 1) > nice(b'"'));
    }
}
