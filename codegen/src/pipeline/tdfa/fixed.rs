//! Fixed tags: tags at a constant distance from another tag, or from the
//! start or the end of the input, found in the tagged DFA and taken out
//! of its register operations ([`fix_tags`]; Note [fixed tags]).

use super::machine::Tdfa;
use super::registers::allocate_registers;
use uridfa_runtime::{FixedTag, Op};

// Note [fixed tags]
//
// re2c finds fixed tags in the regular expression: a tag after a
// fixed-length piece of the expression, measured from the tag before it.
// We find them in the tagged DFA instead, after register allocation, so
// that the grammar's shape (alternatives, options, rules reached twice)
// needs no case of its own: a forward data-flow analysis computes, for
// every state and every pair of registers `x`, `y` (plus three
// pseudo-registers: `Z`, the input's start, always 0; `C`, the position
// of the next byte; `N`, always NIL), two facts that hold on every path
// from the start to the state:
//
// - `imp[x][y]`: if `x` is set (not NIL), so is `y`;
// - `diff[x][y]`: `x - y`, whenever both are set: unknown (no path sets
//   both), a constant, or varying.
//
// An operation `x = y` copies `y`'s facts to `x`; consuming a byte adds
// one to `C`; where paths meet, `imp` is the conjunction and `diff`
// agrees or varies. At the end (after each accepting state's final
// operations, `C` then being the input's length), tag `t` is fixed when
// some other tag `p` (or `Z`) is set exactly when `t` is, and some base
// `b` (another tag, `Z` or `C`) is set whenever `t` is, at a constant
// distance `d`: then `t` is `NIL` if `p` is, else `b + d`
// (`uridfa_runtime::FixedTag`). Tags are taken in order; a tag used as
// a presence or base stays in registers. The final operations of a fixed
// tag are dropped, the operations left dead by that removed (liveness),
// and the registers allocated again, so a register that served only a
// fixed tag disappears.
//
// In RFC 3986 `URI-reference` the scheme's start is 0 whenever the
// scheme's end is set: the register that held a speculative scheme start
// until the `:` (the input might still be a relative path) goes, with its
// operations on the first byte and on the `:`. The same happens to the
// userinfo's start (the authority's start, when the userinfo's end is
// set), a port's start (after the host's end), a query's start (after the
// path's end) and a fragment's end (the input's end).
//
// The analysis holds two matrices of (registers + 3)² per state; a
// machine for which that passes `MAX_FIXED_CELLS` keeps its tags in
// registers.

/// The most matrix cells (states × (registers + 3)²) the analysis may
/// hold.
const MAX_FIXED_CELLS: usize = 8 << 20;

/// `diff` entry: no path sets both.
const UNSET: i64 = i64::MIN;
/// `diff` entry: the difference varies.
const VARIES: i64 = i64::MAX;

/// The facts at one state (Note [fixed tags]).
#[derive(Clone, PartialEq, Eq)]
struct Env {
    n: usize,
    imp: Vec<bool>,
    diff: Vec<i64>,
}

impl Env {
    /// Before the first byte: every register NIL, `C` = `Z` = 0.
    fn start(regs: usize) -> Env {
        let n = regs + 3;
        let (z, c) = (regs, regs + 1);
        let set = |x: usize| x == z || x == c;
        let mut e = Env {
            n,
            imp: vec![true; n * n],
            diff: vec![UNSET; n * n],
        };
        for x in 0..n {
            for y in 0..n {
                e.imp[x * n + y] = !set(x) || set(y);
                if set(x) && set(y) {
                    e.diff[x * n + y] = 0;
                }
            }
        }
        e
    }

    /// Joins `o` into `self`; whether anything changed.
    fn join(&mut self, o: &Env) -> bool {
        let mut changed = false;
        for (a, &b) in self.imp.iter_mut().zip(&o.imp) {
            if *a && !b {
                *a = false;
                changed = true;
            }
        }
        for (a, &b) in self.diff.iter_mut().zip(&o.diff) {
            let j = match (*a, b) {
                (x, UNSET) => x,
                (UNSET, y) => y,
                (x, y) if x == y => x,
                _ => VARIES,
            };
            if j != *a {
                *a = j;
                changed = true;
            }
        }
        changed
    }

    /// `dst = src`.
    fn copy(&mut self, dst: usize, src: usize) {
        if dst == src {
            return;
        }
        let n = self.n;
        for y in 0..n {
            if y != dst {
                self.imp[dst * n + y] = self.imp[src * n + y];
                self.imp[y * n + dst] = self.imp[y * n + src];
                self.diff[dst * n + y] = self.diff[src * n + y];
                self.diff[y * n + dst] = self.diff[y * n + src];
            }
        }
        self.imp[dst * n + dst] = true;
        self.diff[dst * n + dst] = self.diff[src * n + src];
    }

    /// Runs `ops` at the current position.
    fn apply(&mut self, ops: &[Op]) {
        let regs = self.n - 3;
        for op in ops {
            let src = match op.src {
                Op::POS => regs + 1,
                Op::NIL => regs + 2,
                r => usize::from(r),
            };
            self.copy(usize::from(op.dst), src);
        }
    }

    /// One byte consumed: `C += 1`.
    fn advance(&mut self) {
        let n = self.n;
        let c = n - 2;
        let shift = |v: i64, by: i64| match v {
            UNSET | VARIES => v,
            v => v.checked_add(by).unwrap_or(VARIES),
        };
        for x in 0..n {
            if x != c {
                self.diff[x * n + c] = shift(self.diff[x * n + c], -1);
                self.diff[c * n + x] = shift(self.diff[c * n + x], 1);
            }
        }
    }
}

/// Finds the fixed tags of `t` among the tags `eligible` allows (by tag),
/// records them in [`Tdfa::fixed`], drops their operations and allocates
/// the registers again (Note [fixed tags]).
pub fn fix_tags(t: &mut Tdfa, eligible: &[bool]) {
    let regs = t.reg_len as usize;
    let n = regs + 3;
    if t.states
        .len()
        .checked_mul(n * n)
        .is_none_or(|c| c > MAX_FIXED_CELLS)
    {
        return;
    }
    let Some(end) = end_facts(t) else {
        return;
    };
    let (z, c) = (regs, regs + 1);
    let tags = t.final_regs.len();
    let imp = |x: usize, y: usize| end.imp[x * n + y];
    let diff = |x: usize, y: usize| end.diff[x * n + y];
    let ok = |tag: usize| eligible.get(tag).copied().unwrap_or(false);
    let mut fixed: Vec<FixedTag> = Vec::new();
    let mut pinned = vec![false; tags];
    for tag in 0..tags {
        if !ok(tag) || pinned[tag] {
            continue;
        }
        let is_fixed = |u: usize, fixed: &[FixedTag]| fixed.iter().any(|f| usize::from(f.tag) == u);
        let free = |u: usize| u != tag && ok(u) && !is_fixed(u, &fixed);
        // Candidates, the start and the end first, then tags already
        // kept for another fixed tag.
        let mut others: Vec<usize> = (0..tags).filter(|&u| free(u)).collect();
        others.sort_by_key(|&u| !pinned[u]);
        let presence = std::iter::once(z)
            .chain(others.iter().copied())
            .find(|&p| imp(tag, p) && imp(p, tag));
        let Some(presence) = presence else { continue };
        let base = [z, c, presence]
            .into_iter()
            .chain(others.iter().copied())
            .find(|&b| imp(tag, b) && diff(tag, b) != UNSET && diff(tag, b) != VARIES);
        let Some(base) = base else { continue };
        let Ok(dist) = i32::try_from(diff(tag, base)) else {
            continue;
        };
        let name = |u: usize, at_end: u16| match u {
            u if u == z => FixedTag::START,
            u if u == c => at_end,
            u => u as u16,
        };
        fixed.push(FixedTag {
            tag: tag as u16,
            presence: name(presence, FixedTag::START),
            base: name(base, FixedTag::END),
            dist,
        });
        for u in [presence, base] {
            if u < tags {
                pinned[u] = true;
            }
        }
    }
    if fixed.is_empty() {
        return;
    }
    for st in &mut t.states {
        if let Some(ops) = &mut st.fin {
            ops.retain(|op| !fixed.iter().any(|f| f.tag == op.dst));
        }
    }
    t.fixed = fixed;
    remove_dead_ops(t);
    allocate_registers(t);
}

/// The facts at the end of every accepted input, joined over the
/// accepting states (after their final operations); `None` if no state
/// accepts.
fn end_facts(t: &Tdfa) -> Option<Env> {
    let regs = t.reg_len as usize;
    let mut at: Vec<Option<Env>> = vec![None; t.states.len()];
    at[t.start] = Some(Env::start(regs));
    let mut queue = vec![t.start];
    let mut queued = vec![false; t.states.len()];
    queued[t.start] = true;
    while let Some(s) = queue.pop() {
        queued[s] = false;
        let Some(here) = at[s].clone() else { continue };
        let mut seen: Vec<(usize, &[Op])> = Vec::new();
        for tr in t.states[s].next.iter().flatten() {
            if seen.contains(&(tr.target, &tr.ops[..])) {
                continue;
            }
            seen.push((tr.target, &tr.ops[..]));
            let mut e = here.clone();
            e.apply(&tr.ops);
            e.advance();
            let changed = match &mut at[tr.target] {
                Some(old) => old.join(&e),
                slot @ None => {
                    *slot = Some(e);
                    true
                }
            };
            if changed && !queued[tr.target] {
                queued[tr.target] = true;
                queue.push(tr.target);
            }
        }
    }
    let mut end: Option<Env> = None;
    for (st, e) in t.states.iter().zip(at) {
        let (Some(fin), Some(mut e)) = (&st.fin, e) else {
            continue;
        };
        e.apply(fin);
        match &mut end {
            Some(acc) => {
                acc.join(&e);
            }
            None => end = Some(e),
        }
    }
    end
}

/// Removes every operation whose register is not read afterwards, to a
/// fixpoint.
fn remove_dead_ops(t: &mut Tdfa) {
    let n = t.reg_len as usize;
    let is_reg = |src: u16| src != Op::POS && src != Op::NIL;
    // Live after the final operations: the tags left in registers.
    let fin_live: Vec<bool> = (0..n)
        .map(|r| {
            t.final_regs.iter().any(|&f| usize::from(f) == r)
                && !t.fixed.iter().any(|f| usize::from(f.tag) == r)
        })
        .collect();
    loop {
        // Live registers on entry to each state.
        let mut live_in = vec![vec![false; n]; t.states.len()];
        loop {
            let mut changed = false;
            for s in (0..t.states.len()).rev() {
                let mut live = vec![false; n];
                let st = &t.states[s];
                let mut add = |ops: &[Op], after: &[bool]| {
                    let mut l = after.to_vec();
                    for op in ops.iter().rev() {
                        l[usize::from(op.dst)] = false;
                        if is_reg(op.src) {
                            l[usize::from(op.src)] = true;
                        }
                    }
                    for (a, b) in live.iter_mut().zip(l) {
                        *a |= b;
                    }
                };
                if let Some(ops) = &st.fin {
                    add(ops, &fin_live);
                }
                for tr in st.next.iter().flatten() {
                    add(&tr.ops, &live_in[tr.target]);
                }
                if live != live_in[s] {
                    live_in[s] = live;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut removed = false;
        let prune = |ops: &mut Vec<Op>, after: &[bool], removed: &mut bool| {
            let mut live = after.to_vec();
            let mut keep = vec![true; ops.len()];
            for (k, op) in ops.iter().enumerate().rev() {
                let d = usize::from(op.dst);
                if !live[d] {
                    keep[k] = false;
                    *removed = true;
                    continue;
                }
                live[d] = false;
                if is_reg(op.src) {
                    live[usize::from(op.src)] = true;
                }
            }
            let mut k = 0;
            ops.retain(|_| {
                k += 1;
                keep[k - 1]
            });
        };
        for st in &mut t.states {
            if let Some(ops) = &mut st.fin {
                prune(ops, &fin_live, &mut removed);
            }
            for tr in st.next.iter_mut().flatten() {
                prune(&mut tr.ops, &live_in[tr.target], &mut removed);
            }
        }
        if !removed {
            return;
        }
    }
}
