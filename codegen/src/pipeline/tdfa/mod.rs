//! Stage 4: tagged determinization, TDFA(1) with leftmost-first
//! disambiguation (Trofimovich 2017, as in re2c), followed by register
//! allocation.
//!
//! Principal types: [`Tdfa`], [`State`], [`Transition`], [`ByteClasses`];
//! principal function: [`determinize`].
//!
//! Note [tags and registers]
//! Every capture group of the NFA maps to a component `k`, whose start and
//! end are tags `2k` and `2k+1`. A DFA state is an ordered list of *items*
//! `(nfa_state, regs, lookahead)`: `nfa_state` is a byte-consuming NFA state
//! (or Match), `regs[t]` is the register holding tag `t` on the best path to
//! it, and `lookahead` lists the tags met on the ε-path into it at the
//! current position. The lookahead tags are set when the next byte is
//! consumed — on the transition, knowing the byte (the "(1)" in TDFA(1)) —
//! so a transition sets only the tags of the items that survive that byte.
//!
//! Items are kept in priority order: the ε-closure is a depth-first walk in
//! `Union` order and the first path to reach an NFA state wins, exactly as
//! in regex-automata's PikeVM. Nothing is cut after a `Match` item, because
//! a match counts only at the end of input; there, the first `Match` item
//! supplies the tags (the highest-priority parse of the whole input).
//!
//! Tags are never reset to "absent" on a path (no negative tags): like the
//! PikeVM, a capture keeps its last value, so a repeated capture reports its
//! last occurrence and an absent one keeps the initial NIL.
//!
//! Two kernels that differ only by a bijective renaming of registers are the
//! same state; the transition then carries copy operations, ordered so that
//! each register is read before it is overwritten (a cyclic renaming is
//! refused, giving a new state instead). New tag values are written straight
//! into the target state's registers. Afterwards, liveness analysis and
//! interference-graph colouring with copy coalescing shrink the register
//! file, and copies that become `r = r` vanish.

mod machine;
mod plain;
mod registers;

pub use plain::determinize_plain;

pub use machine::{
    ByteClasses, State, Tag, Tdfa, TdfaError, Transition, MAX_CLOSURE_WORK,
    MAX_DETERMINIZATION_BYTES, MAX_REGISTER_VERSIONS,
};

use regex_automata::nfa::thompson::{State as NState, NFA};
use regex_automata::util::primitives::StateID;
use registers::allocate_registers;
use std::collections::HashMap;
use uridfa_runtime::Op;

// Note [one closure per successor set]
// Many byte classes of a state lead its items to the same successors with
// the same registers (every letter inside a token, say). Such classes give
// the same closure, kernel, target and operations, so the first one's
// transition is reused for the others: the same machine, without walking
// the closure again.

/// The items a byte leads to, with their registers, before the closure.
type Seeds = Vec<(StateID, Box<[u32]>)>;

/// A fresh register placeholder for tag `t`, set to the current position
/// on the transition being built.
const FRESH: u32 = 1 << 31;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Item {
    q: StateID,
    regs: Box<[u32]>,
    la: Box<[Tag]>,
}

/// The hash of a kernel's key: its NFA states and lookahead tags, in
/// order (two kernels with the same key may be one state, up to a renaming
/// of registers).
fn key_hash(kernel: &[Item]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    kernel.len().hash(&mut h);
    for i in kernel {
        i.q.hash(&mut h);
        i.la.hash(&mut h);
    }
    h.finish()
}

/// Whether two kernels have the same key (see [`key_hash`]).
fn same_key(x: &[Item], y: &[Item]) -> bool {
    x.len() == y.len()
        && x.iter().zip(y).all(|(a, b)| {
            a.q == b.q
                && a.la.len() == b.la.len()
                && a.la.iter().zip(b.la.iter()).all(|(s, t)| s == t)
        })
}

/// The bytes a heap block of `n` bytes takes (none for `n == 0`; the
/// allocator's header and rounding counted as 16 bytes).
fn heap_bytes(n: usize) -> usize {
    if n == 0 {
        0
    } else {
        n + 16
    }
}

struct Builder<'n> {
    nfa: &'n NFA,
    /// slot index -> tag
    slot_tag: Vec<Option<Tag>>,
    tag_len: usize,
    kernels: Vec<Vec<Item>>,
    /// Kernels by [`key_hash`].
    index: HashMap<u64, Vec<usize>>,
    reg_len: u32,
    visited: Vec<u32>,
    epoch: u32,
    nondet: Vec<usize>,
    /// NFA states visited by every closure so far.
    work: usize,
    /// Bytes held by the kernels and transitions so far (Note [work
    /// limits]).
    bytes: usize,
}

/// The bytes one kernel holds, as Note [work limits] counts them.
fn kernel_bytes(kernel: &[Item], tag_len: usize) -> usize {
    kernel
        .iter()
        .map(|i| {
            std::mem::size_of::<Item>()
                + heap_bytes(4 * tag_len)
                + heap_bytes(2 * i.la.len())
                + std::mem::size_of::<usize>()
        })
        .sum::<usize>()
        + heap_bytes(0)
}

impl Builder<'_> {
    fn closure(&mut self, seeds: Vec<(StateID, Box<[u32]>)>) -> Result<Vec<Item>, TdfaError> {
        self.epoch += 1;
        let mut out = Vec::new();
        let mut stack: Vec<(StateID, Vec<Tag>)> = Vec::new();
        for (q0, regs) in seeds {
            stack.push((q0, Vec::new()));
            while let Some((q, la)) = stack.pop() {
                let v = &mut self.visited[q.as_usize()];
                if *v == self.epoch {
                    continue;
                }
                *v = self.epoch;
                self.count_work(1)?;
                match self.nfa.state(q) {
                    NState::ByteRange { .. }
                    | NState::Sparse(_)
                    | NState::Dense(_)
                    | NState::Match { .. } => {
                        out.push(Item {
                            q,
                            regs: regs.clone(),
                            la: la.into_boxed_slice(),
                        });
                    }
                    NState::Union { alternates } => {
                        for &a in alternates.iter().rev() {
                            stack.push((a, la.clone()));
                        }
                    }
                    NState::BinaryUnion { alt1, alt2 } => {
                        stack.push((*alt2, la.clone()));
                        stack.push((*alt1, la));
                    }
                    NState::Capture { next, slot, .. } => {
                        let mut la = la;
                        if let Some(&Some(t)) = self.slot_tag.get(slot.as_usize()) {
                            if let Err(pos) = la.binary_search(&t) {
                                la.insert(pos, t);
                            }
                        }
                        stack.push((*next, la));
                    }
                    NState::Fail => {}
                    NState::Look { .. } => return Err(TdfaError::LookAround),
                }
            }
        }
        Ok(out)
    }

    /// Counts `steps` more work; fails past [`MAX_CLOSURE_WORK`].
    fn count_work(&mut self, steps: usize) -> Result<(), TdfaError> {
        self.work = self.work.saturating_add(steps);
        if self.work > MAX_CLOSURE_WORK {
            return Err(TdfaError::WorkBudget {
                what: "steps (NFA states visited by closures, kernel items scanned)",
                limit: MAX_CLOSURE_WORK,
            });
        }
        Ok(())
    }

    /// Counts `bytes` more held; fails past [`MAX_DETERMINIZATION_BYTES`].
    fn spend(&mut self, bytes: usize) -> Result<(), TdfaError> {
        self.bytes = self.bytes.saturating_add(bytes);
        if self.bytes > MAX_DETERMINIZATION_BYTES {
            return Err(TdfaError::WorkBudget {
                what: "bytes of kernels and transitions",
                limit: MAX_DETERMINIZATION_BYTES,
            });
        }
        Ok(())
    }

    fn step(&self, q: StateID, byte: u8) -> Option<StateID> {
        match self.nfa.state(q) {
            NState::ByteRange { trans } => trans.matches_byte(byte).then_some(trans.next),
            NState::Sparse(s) => s.matches_byte(byte),
            NState::Dense(d) => d.matches_byte(byte),
            _ => None,
        }
    }

    /// Tries to rename `x`'s registers into `y`'s; returns the ordered ops.
    fn map(&self, x: &[Item], y: &[Item]) -> Option<Vec<Op>> {
        let mut x2y: HashMap<u32, u32> = HashMap::new();
        let mut y2x: HashMap<u32, u32> = HashMap::new();
        for (ix, iy) in x.iter().zip(y) {
            for (&a, &b) in ix.regs.iter().zip(iy.regs.iter()) {
                if *x2y.entry(a).or_insert(b) != b || *y2x.entry(b).or_insert(a) != a {
                    return None;
                }
            }
        }
        let mut copies: Vec<(u32, u32)> = Vec::new(); // (dst, src)
        let mut sets: Vec<u32> = Vec::new();
        let mut pairs: Vec<_> = x2y.into_iter().collect();
        pairs.sort_unstable();
        for (a, b) in pairs {
            if a & FRESH != 0 {
                sets.push(b);
            } else if a != b {
                copies.push((b, a));
            }
        }
        let mut ops = Vec::with_capacity(copies.len() + sets.len());
        // A copy may run once no remaining copy still reads its target.
        while !copies.is_empty() {
            let ready = copies
                .iter()
                .position(|&(d, _)| !copies.iter().any(|&(_, s)| s == d))?;
            let (d, s) = copies.remove(ready);
            ops.push(Op {
                dst: d as u16,
                src: s as u16,
            });
        }
        sets.sort_unstable();
        ops.extend(sets.into_iter().map(|d| Op {
            dst: d as u16,
            src: Op::POS,
        }));
        Some(ops)
    }

    fn add_or_find(
        &mut self,
        mut kernel: Vec<Item>,
        budget: usize,
    ) -> Result<(usize, Vec<Op>), TdfaError> {
        let key = key_hash(&kernel);
        if let Some(cands) = self.index.get(&key) {
            for &c in cands {
                if !same_key(&kernel, &self.kernels[c]) {
                    continue;
                }
                if let Some(ops) = self.map(&kernel, &self.kernels[c]) {
                    return Ok((c, ops));
                }
            }
        }
        if self.kernels.len() >= budget {
            return Err(TdfaError::StateBudget { budget });
        }
        // A new state: fresh values get new registers, one per tag.
        let mut fresh: HashMap<u32, u32> = HashMap::new();
        let mut ops = Vec::new();
        for item in &mut kernel {
            for r in item.regs.iter_mut() {
                if *r & FRESH != 0 {
                    let reg_len = &mut self.reg_len;
                    *r = *fresh.entry(*r).or_insert_with(|| {
                        *reg_len += 1;
                        *reg_len - 1
                    });
                }
            }
        }
        if self.reg_len >= MAX_REGISTER_VERSIONS {
            return Err(TdfaError::RegisterBudget);
        }
        let mut news: Vec<u32> = fresh.into_values().collect();
        news.sort_unstable();
        ops.extend(news.into_iter().map(|d| Op {
            dst: d as u16,
            src: Op::POS,
        }));
        for t in 0..self.tag_len {
            let mut regs: Vec<u32> = kernel.iter().map(|i| i.regs[t]).collect();
            regs.sort_unstable();
            regs.dedup();
            self.nondet[t] = self.nondet[t].max(regs.len());
        }
        self.spend(kernel_bytes(&kernel, self.tag_len))?;
        let id = self.kernels.len();
        self.index.entry(key).or_default().push(id);
        self.kernels.push(kernel);
        Ok((id, ops))
    }
}

// Note [settled tags go home]
// Tag `t` starts in register `t`, its home, and a register only ever holds
// versions of one tag. While a tag is ambiguous (the items of a state
// disagree on its value) its versions live in registers of their own;
// once every item of a new kernel agrees on one value, that value is
// moved home on the transition (`t = x`, or `t = position` for a value
// set by this very byte), and the kernel names the home. The old home is
// dead there (no item refers to it), so the move is safe. Without it, a
// tag decided early keeps its speculative register to the end: in
// RFC 3986 `URI-reference` the scheme's start stayed in a temporary
// register through the whole `URI` half, copied home only by the final
// operations, so no state after the `:` could merge with its twin of the
// `relative-ref` half (476 states, against 183 for the plain DFA). With
// both halves naming the same registers, minimization merges them.

/// Moves every tag on whose value all items of `kernel` agree into its
/// home register (Note [settled tags go home]); returns the operations
/// that do it, to run before the transition's other operations.
fn home_settled_tags(kernel: &mut [Item], tag_len: usize) -> Vec<Op> {
    let mut ops = Vec::new();
    for t in 0..tag_len {
        let Some(v) = kernel.first().map(|item| item.regs[t]) else {
            return ops;
        };
        let home = t as u32;
        if v == home || kernel.iter().any(|item| item.regs[t] != v) {
            continue;
        }
        let src = if v & FRESH != 0 { Op::POS } else { v as u16 };
        ops.push(Op {
            dst: home as u16,
            src,
        });
        for item in kernel.iter_mut() {
            item.regs[t] = home;
        }
    }
    ops
}

/// For every NFA state, the capture groups open there, outermost first.
fn open_groups(nfa: &NFA) -> Vec<Option<Vec<usize>>> {
    let mut open: Vec<Option<Vec<usize>>> = vec![None; nfa.states().len()];
    let mut stack = vec![(nfa.start_anchored(), Vec::new())];
    while let Some((q, groups)) = stack.pop() {
        if open[q.as_usize()].is_some() {
            continue;
        }
        open[q.as_usize()] = Some(groups.clone());
        let mut push = |next: StateID, g: &Vec<usize>| stack.push((next, g.clone()));
        match nfa.state(q) {
            NState::ByteRange { trans } => push(trans.next, &groups),
            NState::Sparse(s) => s.transitions.iter().for_each(|t| push(t.next, &groups)),
            NState::Dense(d) => d.transitions.iter().for_each(|&n| push(n, &groups)),
            NState::Union { alternates } => alternates.iter().for_each(|&a| push(a, &groups)),
            NState::BinaryUnion { alt1, alt2 } => {
                push(*alt1, &groups);
                push(*alt2, &groups);
            }
            NState::Look { next, .. } => push(*next, &groups),
            NState::Capture {
                next,
                group_index,
                slot,
                ..
            } => {
                let mut g = groups.clone();
                let gi = group_index.as_usize();
                if gi > 0 {
                    if slot.as_usize() % 2 == 0 {
                        g.push(gi);
                    } else if let Some(p) = g.iter().rposition(|&x| x == gi) {
                        g.truncate(p);
                    }
                }
                push(*next, &g);
            }
            NState::Fail | NState::Match { .. } => {}
        }
    }
    open
}

/// Builds the tagged DFA of `nfa`, whose capture group `g` (1-based) belongs
/// to component `group_component[g - 1]`, and allocates its registers.
///
/// # Errors
///
/// [`TdfaError::StateBudget`] past `budget` states, and the other
/// [`TdfaError`]s.
pub fn determinize(
    nfa: &NFA,
    group_component: &[usize],
    component_len: usize,
    budget: usize,
) -> Result<Tdfa, TdfaError> {
    let tag_len = 2 * component_len;
    let mut slot_tag = Vec::new();
    let group_len = nfa.group_info().group_len(regex_automata::PatternID::ZERO);
    for g in 0..group_len {
        for end in 0..2 {
            let tag = g
                .checked_sub(1)
                .and_then(|g| group_component.get(g))
                .map(|&c| (2 * c + end) as Tag);
            slot_tag.push(tag);
        }
    }
    let classes = ByteClasses::from_nfa(nfa);
    let mut b = Builder {
        nfa,
        slot_tag,
        tag_len,
        kernels: Vec::new(),
        index: HashMap::new(),
        reg_len: tag_len as u32,
        visited: vec![0; nfa.states().len()],
        epoch: 0,
        nondet: vec![1; tag_len],
        work: 0,
        bytes: 0,
    };
    let init_regs: Box<[u32]> = (0..tag_len as u32).collect();
    let kernel = b.closure(vec![(nfa.start_anchored(), init_regs)])?;
    let (start, _) = b.add_or_find(kernel, budget)?;
    let mut states: Vec<State> = Vec::new();
    let mut i = 0;
    while i < b.kernels.len() {
        let mut next: Vec<Option<Transition>> = Vec::with_capacity(classes.len());
        // Note [one closure per successor set]: classes whose bytes lead
        // the items to the same seeds share one closure and one target.
        let mut seen: HashMap<Seeds, usize> = HashMap::new();
        for c in 0..classes.len() {
            let byte = classes.reps[c];
            b.count_work(b.kernels[i].len())?;
            let mut seeds = Vec::new();
            for item in &b.kernels[i] {
                if let Some(q2) = b.step(item.q, byte) {
                    let mut regs = item.regs.clone();
                    for &t in item.la.iter() {
                        regs[usize::from(t)] = FRESH | u32::from(t);
                    }
                    seeds.push((q2, regs));
                }
            }
            if seeds.is_empty() {
                next.push(None);
                continue;
            }
            if let Some(&same) = seen.get(&seeds) {
                let t = next[same].clone();
                next.push(t);
                continue;
            }
            seen.insert(seeds.clone(), c);
            let mut kernel = b.closure(seeds)?;
            let mut ops = home_settled_tags(&mut kernel, tag_len);
            let (target, more) = b.add_or_find(kernel, budget)?;
            ops.extend(more);
            next.push(Some(Transition { target, ops }));
        }
        let ops_len: usize = next.iter().flatten().map(|t| t.ops.len()).sum();
        b.spend(
            std::mem::size_of::<State>()
                + heap_bytes(next.len() * std::mem::size_of::<Option<Transition>>())
                + ops_len * std::mem::size_of::<Op>()
                + next.iter().flatten().filter(|t| !t.ops.is_empty()).count() * 16,
        )?;
        states.push(State {
            next,
            fin: None,
            items: Vec::new(),
            component: None,
            components: Vec::new(),
        });
        i += 1;
    }
    // Finals: the first Match item supplies every tag.
    let final_regs: Vec<u16> = (0..tag_len)
        .map(|t| (b.reg_len as usize + t) as u16)
        .collect();
    let reg_len = b.reg_len + tag_len as u32;
    if reg_len >= MAX_REGISTER_VERSIONS {
        return Err(TdfaError::RegisterBudget);
    }
    let open = open_groups(nfa);
    for (s, kernel) in b.kernels.iter().enumerate() {
        let st = &mut states[s];
        st.items = kernel.iter().map(|i| i.q.as_usize()).collect();
        if let Some(m) = kernel
            .iter()
            .find(|i| matches!(nfa.state(i.q), NState::Match { .. }))
        {
            let ops = (0..tag_len)
                .map(|t| {
                    let src = if m.la.contains(&(t as Tag)) {
                        Op::POS
                    } else {
                        m.regs[t] as u16
                    };
                    Op {
                        dst: final_regs[t],
                        src,
                    }
                })
                .collect();
            st.fin = Some(ops);
        }
        // The component being read (Note [the components an error may be
        // in]): the items inside a component, grouped by their outermost
        // component in priority order; in each group, the innermost
        // component open in all of its items. (Items between components,
        // such as the `?` before a query, a Match, or the start of a path
        // that begins at the lookahead, do not count.)
        let comps_of = |item: &Item| -> Vec<usize> {
            open[item.q.as_usize()]
                .iter()
                .flatten()
                .filter_map(|&g| group_component.get(g - 1).copied())
                .collect()
        };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for item in kernel {
            let comps = comps_of(item);
            let Some(&outer) = comps.first() else {
                continue;
            };
            // A further group only for a component the input is already
            // in: not one that opens at this very position.
            let opens_here = !groups.is_empty() && item.la.contains(&((2 * outer) as Tag));
            match groups.iter_mut().find(|c| c.first() == Some(&outer)) {
                None if opens_here => {}
                None => groups.push(comps),
                Some(c) => {
                    let common = c.iter().zip(&comps).take_while(|(a, b)| a == b).count();
                    c.truncate(common);
                }
            }
        }
        st.components = Vec::new();
        for c in groups.iter().filter_map(|c| c.last().copied()) {
            if !st.components.contains(&c) {
                st.components.push(c);
            }
        }
        st.component = st.components.first().copied();
    }
    let mut tdfa = Tdfa {
        classes,
        states,
        start,
        reg_len,
        final_regs,
        nondeterminism: b.nondet,
        reg_len_before_alloc: reg_len,
        work: b.work,
        bytes: b.bytes,
    };
    allocate_registers(&mut tdfa);
    Ok(tdfa)
}

// Note [the components an error may be in]
//
// An error message names the component being read (`unexpected ' ' at 1
// in path`), from the state the input stopped in. A state's items are the
// parses still alive; each sits inside some components. Items are grouped
// by their outermost component; within a group the component named is the
// innermost one open in all its items (so `//a b` is "in authority": `a`
// may be userinfo or host, both inside authority). When the groups differ,
// the input may be in any of them, and the message names them all, in
// priority order (a further group only if its component opened before the
// current position: the start of a path that may begin at the next byte,
// after a port, does not count): after `a` in RFC 3986 `URI-reference`, `a` may start a
// scheme (`a:`) or a relative path (`a/b`), so `a b` is "in scheme or
// path" (it was "in scheme", the first group only). The tables keep each
// distinct set of two or more as a text of its own
// (`uridfa_runtime::Tables::component_sets`).
