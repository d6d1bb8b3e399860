//! Determinization of an expression without captures
//! ([`determinize_plain`]): no tags, so no registers and no priorities, and
//! every large part of the expression is made a minimal DFA before the
//! parts are put together (Note [minimal parts first]).

use super::machine::{ByteClasses, State, Tdfa, TdfaError, Transition};
use super::machine::{MAX_CLOSURE_WORK, MAX_DETERMINIZATION_BYTES};
use crate::pipeline::lowered::shared_index;
use regex_syntax::hir::{Class, Hir, HirKind};
use std::collections::HashMap;

// Note [minimal parts first]
//
// Without captures a machine answers only "does the input match", and the
// minimal DFA of a language is unique: any way of building it gives the
// same tables (states numbered breadth-first from the start, classes
// merged by their columns). So an expression without captures need not go
// through the tagged determinizer, whose subset construction over the
// whole inlined NFA can build far more states than the minimal DFA has:
// RFC 9116's `unsigned` (`*line (contact-field eol) *line (expires-field
// eol) *line [lang-field eol] *line`, each `line` a copy of seven fields
// with a URI in most) is a 29,934-state NFA whose subsets ran past the
// step budget, though its minimal DFA has about 708 states; the subsets
// tell apart positions in the copies of one field that accept the same
// rest.
//
// Instead the expression is built bottom-up into an NFA of its own
// (Thompson's construction), and each part of more than
// MIN_PART_STATES states is replaced, as soon as it is built, by its
// minimal DFA (each DFA state an NFA state, its accepting states joined
// to the part's end by an ε-transition), when that is smaller. The
// containing part is then built over the minimal parts, so its subsets
// are sets of minimal states, one per copy alive, and equivalent
// positions are one state. Parts are tried within a budget of their own
// (a quarter of MAX_CLOSURE_WORK steps in all, and at most twice the
// part's NFA states each); a part past it stays an NFA. The whole expression is
// then determinized as before, within the state budget and the limits of
// Note [work limits], and minimized by the caller.

/// The most steps all the parts' subset constructions may take together
/// (Note [minimal parts first]); the whole has MAX_CLOSURE_WORK of its own.
const MAX_PART_WORK: usize = MAX_CLOSURE_WORK / 4;

/// The fewest NFA states a part must have to be made a minimal DFA.
const MIN_PART_STATES: usize = 24;

/// An NFA state: ε-transitions and byte ranges.
#[derive(Clone, Default)]
struct NState {
    eps: Vec<u32>,
    ranges: Vec<(u8, u8, u32)>,
}

/// A part: its start and end states; its states are `first..last`, and
/// no state outside them refers into them until it is put in its place.
#[derive(Clone, Copy)]
struct Part {
    first: u32,
    last: u32,
    start: u32,
    end: u32,
}

struct Builder {
    states: Vec<NState>,
    /// The minimal parts of the shared rules built so far, each before
    /// every other part (Note [rules built once] in `lower.rs`).
    shared: Vec<Part>,
    /// Steps spent on parts (Note [minimal parts first]).
    part_work: usize,
    /// Steps spent on the whole.
    work: usize,
    bytes: usize,
}

/// A DFA over the states of one NFA, before minimization.
struct Subsets {
    classes: ByteClasses,
    /// Per state, per class: the target.
    next: Vec<Vec<Option<u32>>>,
    accept: Vec<bool>,
}

/// Why a subset construction stopped.
enum Stop {
    /// Past a limit of the part (the part stays an NFA).
    Part,
    /// Past a limit of the whole.
    Whole(TdfaError),
}

impl Builder {
    fn new_state(&mut self) -> u32 {
        self.states.push(NState::default());
        (self.states.len() - 1) as u32
    }

    fn eps(&mut self, from: u32, to: u32) {
        self.states[from as usize].eps.push(to);
    }

    fn range(&mut self, from: u32, lo: u8, hi: u8, to: u32) {
        self.states[from as usize].ranges.push((lo, hi, to));
    }

    fn part(&mut self, h: &Hir) -> Result<Part, TdfaError> {
        let first = self.states.len() as u32;
        let (start, end) = match h.kind() {
            HirKind::Empty => {
                let s = self.new_state();
                (s, s)
            }
            HirKind::Literal(lit) => {
                let start = self.new_state();
                let mut at = start;
                for &b in lit.0.iter() {
                    let next = self.new_state();
                    self.range(at, b, b, next);
                    at = next;
                }
                (start, at)
            }
            HirKind::Class(Class::Bytes(c)) => {
                let (start, end) = (self.new_state(), self.new_state());
                for r in c.ranges() {
                    self.range(start, r.start(), r.end(), end);
                }
                (start, end)
            }
            HirKind::Class(Class::Unicode(c)) => {
                let (start, end) = (self.new_state(), self.new_state());
                for r in c.ranges() {
                    for seq in regex_syntax::utf8::Utf8Sequences::new(r.start(), r.end()) {
                        let seq = seq.as_slice();
                        let mut at = start;
                        for (k, br) in seq.iter().enumerate() {
                            let to = if k + 1 == seq.len() {
                                end
                            } else {
                                self.new_state()
                            };
                            self.range(at, br.start, br.end, to);
                            at = to;
                        }
                    }
                }
                (start, end)
            }
            HirKind::Look(_) => return Err(TdfaError::LookAround),
            HirKind::Capture(_) if shared_index(h).is_some() => {
                // Note [rules built once]: a copy of the rule's part.
                let master = shared_index(h)
                    .and_then(|k| self.shared.get(k).copied())
                    .ok_or(TdfaError::LookAround)?;
                return self.copy(master);
            }
            HirKind::Capture(c) => return self.part(&c.sub),
            HirKind::Concat(xs) => {
                let start = self.new_state();
                let mut at = start;
                for x in xs {
                    let p = self.part(x)?;
                    self.eps(at, p.start);
                    at = p.end;
                }
                (start, at)
            }
            HirKind::Alternation(xs) => {
                let start = self.new_state();
                let mut ends = Vec::with_capacity(xs.len());
                for x in xs {
                    let p = self.part(x)?;
                    self.eps(start, p.start);
                    ends.push(p.end);
                }
                let end = self.new_state();
                for e in ends {
                    self.eps(e, end);
                }
                (start, end)
            }
            HirKind::Repetition(r) => {
                let start = self.new_state();
                let sub = self.part(&r.sub)?;
                let mut at = start;
                let copies = r.max.unwrap_or(r.min).max(r.min);
                // The sub-part once, then copied (Note [minimal parts
                // first]: a copy of a minimal part is minimal too).
                let mut made = Vec::new();
                for k in 0..copies.max(1) {
                    let p = if k == 0 { sub } else { self.copy(sub)? };
                    made.push(p);
                }
                for p in made.iter().take(r.min as usize) {
                    self.eps(at, p.start);
                    at = p.end;
                }
                let end = self.new_state();
                match r.max {
                    None => {
                        // `x{min,}`: one more copy in a loop.
                        let lp = match made.get(r.min as usize) {
                            Some(&p) => p,
                            None => self.copy(sub)?,
                        };
                        let hub = self.new_state();
                        self.eps(at, hub);
                        self.eps(hub, lp.start);
                        self.eps(lp.end, hub);
                        self.eps(hub, end);
                    }
                    Some(max) => {
                        // `x{0,n}` as nested options, each skipping to the
                        // one end (Note [runs of optional elements]).
                        for p in made.iter().take(max as usize).skip(r.min as usize) {
                            self.eps(at, p.start);
                            self.eps(at, end);
                            at = p.end;
                        }
                        // (`x{0}`: the copy made above is never entered.)
                        self.eps(at, end);
                    }
                }
                (start, end)
            }
        };
        let last = self.states.len() as u32;
        self.minimal(Part {
            first,
            last,
            start,
            end,
        })
    }

    /// A copy of `p`'s states, after the NFA's last.
    fn copy(&mut self, p: Part) -> Result<Part, TdfaError> {
        let base = self.states.len() as u32;
        let shift = |q: u32| q - p.first + base;
        let len = p.last - p.first;
        if self.states.len().saturating_add(len as usize) > MAX_NFA_STATES {
            return Err(TdfaError::WorkBudget {
                what: "NFA states (of the expression without captures)",
                limit: MAX_NFA_STATES,
            });
        }
        for q in p.first..p.last {
            let s = &self.states[q as usize];
            let copy = NState {
                eps: s.eps.iter().map(|&t| shift(t)).collect(),
                ranges: s.ranges.iter().map(|&(a, b, t)| (a, b, shift(t))).collect(),
            };
            self.states.push(copy);
        }
        Ok(Part {
            first: base,
            last: base + len,
            start: shift(p.start),
            end: shift(p.end),
        })
    }

    /// `p`, or its minimal DFA when that is smaller (Note [minimal parts
    /// first]).
    fn minimal(&mut self, p: Part) -> Result<Part, TdfaError> {
        if self.states.len() > MAX_NFA_STATES {
            return Err(TdfaError::WorkBudget {
                what: "NFA states (of the expression without captures)",
                limit: MAX_NFA_STATES,
            });
        }
        let len = (p.last - p.first) as usize;
        if len < MIN_PART_STATES || self.part_work >= MAX_PART_WORK {
            return Ok(p);
        }
        let cap = 2 * len;
        let d = match self.subsets(p.first, p.start, p.end, cap, true) {
            Ok(d) => d,
            Err(Stop::Part) => return Ok(p),
            Err(Stop::Whole(e)) => return Err(e),
        };
        let (block, blocks) = minimal_blocks(&d);
        if blocks + 1 >= len {
            return Ok(p);
        }
        // Replace the part's states by the minimal DFA's, then an end.
        self.states.truncate(p.first as usize);
        let base = p.first;
        for _ in 0..blocks {
            self.states.push(NState::default());
        }
        let end = self.new_state();
        let mut done = vec![false; blocks];
        for (s, &b) in block.iter().enumerate() {
            if std::mem::replace(&mut done[b], true) {
                continue;
            }
            let q = base + b as u32;
            for (c, t) in d.next[s].iter().enumerate() {
                if let Some(t) = t {
                    let to = base + block[*t as usize] as u32;
                    for (lo, hi) in class_ranges(&d.classes, c) {
                        self.range(q, lo, hi, to);
                    }
                }
            }
            if d.accept[s] {
                self.eps(q, end);
            }
        }
        Ok(Part {
            first: base,
            last: self.states.len() as u32,
            start: base + block[0] as u32,
            end,
        })
    }

    /// The ε-closure of `seeds`: the states reached, sorted, those with
    /// ranges and `end` only; `mark` is indexed from `first`.
    fn closure(
        &mut self,
        seeds: &[u32],
        (first, end): (u32, u32),
        mark: &mut [u32],
        epoch: u32,
        part: bool,
    ) -> Result<Vec<u32>, Stop> {
        let mut out = Vec::new();
        let mut stack: Vec<u32> = seeds.to_vec();
        let mut steps = 0usize;
        while let Some(q) = stack.pop() {
            let m = &mut mark[(q - first) as usize];
            if *m == epoch {
                continue;
            }
            *m = epoch;
            steps += 1;
            let s = &self.states[q as usize];
            if !s.ranges.is_empty() || q == end {
                out.push(q);
            }
            stack.extend(s.eps.iter().copied());
        }
        self.count(steps, part)?;
        out.sort_unstable();
        Ok(out)
    }

    fn count(&mut self, steps: usize, part: bool) -> Result<(), Stop> {
        if part {
            self.part_work = self.part_work.saturating_add(steps);
            if self.part_work > MAX_PART_WORK {
                return Err(Stop::Part);
            }
        } else {
            self.work = self.work.saturating_add(steps);
            if self.work > MAX_CLOSURE_WORK {
                return Err(Stop::Whole(TdfaError::WorkBudget {
                    what: "steps (NFA states visited by closures, kernel items scanned)",
                    limit: MAX_CLOSURE_WORK,
                }));
            }
        }
        Ok(())
    }

    /// The subset construction over the states `first..` from `start`,
    /// accepting where `end` is reached; at most `cap` states.
    fn subsets(
        &mut self,
        first: u32,
        start: u32,
        end: u32,
        cap: usize,
        part: bool,
    ) -> Result<Subsets, Stop> {
        let classes = classes_of(&self.states[first as usize..]);
        let mut mark = vec![0u32; self.states.len() - first as usize];
        let mut epoch = 1u32;
        let mut sets: Vec<Vec<u32>> = Vec::new();
        let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
        let s0 = self.closure(&[start], (first, end), &mut mark, epoch, part)?;
        index.insert(s0.clone(), 0);
        sets.push(s0);
        let mut next = Vec::new();
        let mut accept = Vec::new();
        let mut i = 0;
        while i < sets.len() {
            let set = sets[i].clone();
            accept.push(set.binary_search(&end).is_ok());
            let mut row = Vec::with_capacity(classes.len());
            let mut seen: HashMap<Vec<u32>, Option<u32>> = HashMap::new();
            for &byte in &classes.reps {
                self.count(set.len(), part)?;
                let mut seeds = Vec::new();
                for &q in &set {
                    for &(lo, hi, t) in &self.states[q as usize].ranges {
                        if lo <= byte && byte <= hi {
                            seeds.push(t);
                        }
                    }
                }
                if seeds.is_empty() {
                    row.push(None);
                    continue;
                }
                seeds.sort_unstable();
                seeds.dedup();
                if let Some(&t) = seen.get(&seeds) {
                    row.push(t);
                    continue;
                }
                epoch += 1;
                let target = self.closure(&seeds, (first, end), &mut mark, epoch, part)?;
                // No state to go on from and no match: the dead state.
                let t = match index.get(&target) {
                    _ if target.is_empty() => {
                        seen.insert(seeds, None);
                        row.push(None);
                        continue;
                    }
                    Some(&t) => t,
                    None => {
                        if sets.len() >= cap {
                            return Err(if part {
                                Stop::Part
                            } else {
                                Stop::Whole(TdfaError::StateBudget { budget: cap })
                            });
                        }
                        if !part {
                            self.bytes = self
                                .bytes
                                .saturating_add(4 * target.len() + 64 + 16 * classes.len());
                            if self.bytes > MAX_DETERMINIZATION_BYTES {
                                return Err(Stop::Whole(TdfaError::WorkBudget {
                                    what: "bytes of kernels and transitions",
                                    limit: MAX_DETERMINIZATION_BYTES,
                                }));
                            }
                        }
                        let t = sets.len() as u32;
                        index.insert(target.clone(), t);
                        sets.push(target);
                        t
                    }
                };
                seen.insert(seeds, Some(t));
                row.push(Some(t));
            }
            next.push(row);
            i += 1;
        }
        Ok(Subsets {
            classes,
            next,
            accept,
        })
    }
}

/// The most NFA states the expression may be built into (regex-automata's
/// Thompson NFA of the same expression, built first, is at most 64 MiB).
const MAX_NFA_STATES: usize = 1 << 20;

/// The byte ranges of class `c`.
fn class_ranges(classes: &ByteClasses, c: usize) -> Vec<(u8, u8)> {
    let mut out: Vec<(u8, u8)> = Vec::new();
    for b in classes.bytes(c) {
        match out.last_mut() {
            Some((_, hi)) if usize::from(*hi) + 1 == usize::from(b) => *hi = b,
            _ => out.push((b, b)),
        }
    }
    out
}

/// Byte classes split at every boundary of every range of `states`.
fn classes_of(states: &[NState]) -> ByteClasses {
    let mut boundary = [false; 257];
    for s in states {
        for &(lo, hi, _) in &s.ranges {
            boundary[usize::from(lo)] = true;
            boundary[usize::from(hi) + 1] = true;
        }
    }
    let mut map = [0u8; 256];
    let mut reps = vec![0u8];
    for b in 1..256usize {
        if boundary[b] {
            reps.push(b as u8);
        }
        map[b] = (reps.len() - 1) as u8;
    }
    ByteClasses { map, reps }
}

/// The blocks of the minimal DFA of `d`: a block per state, and their
/// number; the start's block is that of state 0.
fn minimal_blocks(d: &Subsets) -> (Vec<usize>, usize) {
    let mut ids: HashMap<(bool, Vec<bool>), usize> = HashMap::new();
    let initial: Vec<usize> = (0..d.next.len())
        .map(|s| {
            let key = (d.accept[s], d.next[s].iter().map(Option::is_some).collect());
            let len = ids.len();
            *ids.entry(key).or_insert(len)
        })
        .collect();
    let block = crate::pipeline::minimize::refine(&initial, d.classes.len(), |s, c| {
        d.next[s][c].map(|t| t as usize)
    });
    let blocks = block.iter().max().map_or(0, |&b| b + 1);
    (block, blocks)
}

/// The DFA of `hir`, an expression without captures, as a [`Tdfa`] with
/// no tags, not minimized (Note [minimal parts first]). `shared` are the
/// rules `hir`'s placeholders stand for, each referring only to earlier
/// ones (Note [rules built once] in `lower.rs`); empty for an expression
/// lowered whole.
///
/// # Errors
///
/// [`TdfaError::StateBudget`] past `budget` states; [`TdfaError::WorkBudget`]
/// past the limits of Note [work limits].
pub fn determinize_plain(hir: &Hir, shared: &[Hir], budget: usize) -> Result<Tdfa, TdfaError> {
    let mut b = Builder {
        states: Vec::new(),
        shared: Vec::new(),
        part_work: 0,
        work: 0,
        bytes: 0,
    };
    // Each shared rule once, before the parts that copy it, so that no
    // part's minimization replaces its states.
    for h in shared {
        let p = b.part(h)?;
        b.shared.push(p);
    }
    let p = b.part(hir)?;
    let d = match b.subsets(p.first, p.start, p.end, budget, false) {
        Ok(d) => d,
        Err(Stop::Whole(e)) => return Err(e),
        // Only a part stops so.
        Err(Stop::Part) => {
            return Err(TdfaError::WorkBudget {
                what: "steps (NFA states visited by closures, kernel items scanned)",
                limit: MAX_CLOSURE_WORK,
            })
        }
    };
    let states = d
        .next
        .iter()
        .zip(&d.accept)
        .map(|(row, &accept)| State {
            next: row
                .iter()
                .map(|t| {
                    t.map(|t| Transition {
                        target: t as usize,
                        ops: Vec::new(),
                    })
                })
                .collect(),
            fin: accept.then(Vec::new),
            items: Vec::new(),
            component: None,
            components: Vec::new(),
        })
        .collect();
    Ok(Tdfa {
        classes: d.classes,
        states,
        start: 0,
        reg_len: 0,
        final_regs: Vec::new(),
        nondeterminism: Vec::new(),
        reg_len_before_alloc: 0,
        work: b.work.saturating_add(b.part_work),
        bytes: b.bytes,
    })
}
