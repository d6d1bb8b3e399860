//! Register allocation after determinization: liveness, interference and
//! colouring with copy coalescing ([`allocate_registers`]; Note [tags and
//! registers] in `tdfa/mod.rs`).

use super::machine::Tdfa;
use uridfa_runtime::Op;

/// A fixed-size bit set over registers.
#[derive(Clone, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    fn union(&mut self, o: &Bits) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            let n = *a | b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.0.len() * 64).filter(|&i| self.contains(i))
    }
}

/// Registers live before `ops` run, given those live after.
fn live_before(ops: &[Op], after: &Bits) -> Bits {
    let mut live = after.clone();
    for op in ops.iter().rev() {
        live.remove(usize::from(op.dst));
        if op.src != Op::POS && op.src != Op::NIL {
            live.insert(usize::from(op.src));
        }
    }
    live
}

/// Liveness, interference and colouring with copy coalescing; rewrites every
/// op and drops the copies that become `r = r`. See Note [tags and registers].
pub(super) fn allocate_registers(t: &mut Tdfa) {
    let n = t.reg_len as usize;
    // A fixed tag's register is written after the final operations
    // (Note [fixed tags]): not live at the end.
    let is_fixed = |tag: usize| t.fixed.iter().any(|f| usize::from(f.tag) == tag);
    let mut fin_live = Bits::new(n);
    for (tag, &r) in t.final_regs.iter().enumerate() {
        if !is_fixed(tag) {
            fin_live.insert(usize::from(r));
        }
    }
    // live_in per state, to a fixpoint.
    let mut live_in = vec![Bits::new(n); t.states.len()];
    loop {
        let mut changed = false;
        for s in (0..t.states.len()).rev() {
            let mut live = Bits::new(n);
            let st = &t.states[s];
            if let Some(ops) = &st.fin {
                live.union(&live_before(ops, &fin_live));
            }
            for tr in st.next.iter().flatten() {
                live.union(&live_before(&tr.ops, &live_in[tr.target]));
            }
            changed |= live_in[s].union(&live);
        }
        if !changed {
            break;
        }
    }
    // Interference: each definition interferes with what is live after it
    // (but a copy not with its source); everything live at the start
    // (initialized to NIL together) interferes pairwise.
    let mut inter = vec![Bits::new(n); n];
    let add = |inter: &mut Vec<Bits>, a: usize, b: usize| {
        if a != b {
            inter[a].insert(b);
            inter[b].insert(a);
        }
    };
    let mut copies: Vec<(usize, usize)> = Vec::new();
    let def =
        |inter: &mut Vec<Bits>, ops: &[Op], after: &Bits, copies: &mut Vec<(usize, usize)>| {
            let mut live = after.clone();
            for op in ops.iter().rev() {
                let d = usize::from(op.dst);
                let src = (op.src != Op::POS && op.src != Op::NIL).then(|| usize::from(op.src));
                for r in live.iter().collect::<Vec<_>>() {
                    if Some(r) != src {
                        add(inter, d, r);
                    }
                }
                live.remove(d);
                if let Some(s) = src {
                    live.insert(s);
                    copies.push((d, s));
                }
            }
        };
    for s in 0..t.states.len() {
        let st = &t.states[s];
        if let Some(ops) = &st.fin {
            def(&mut inter, ops, &fin_live, &mut copies);
        }
        for tr in st.next.iter().flatten() {
            def(&mut inter, &tr.ops, &live_in[tr.target], &mut copies);
        }
    }
    let start_live: Vec<usize> = live_in[t.start].iter().collect();
    for &a in &start_live {
        for &b in &start_live {
            add(&mut inter, a, b);
        }
    }
    // Coalesce copy-related registers that do not interfere.
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut group_inter = inter.clone();
    for (d, s) in copies {
        let (a, b) = (find(&mut parent, d), find(&mut parent, s));
        if a == b || group_inter[a].iter().any(|x| find(&mut parent, x) == b) {
            continue;
        }
        let (keep, drop) = (a.min(b), a.max(b));
        parent[drop] = keep;
        let moved = group_inter[drop].clone();
        group_inter[keep].union(&moved);
        for r in moved.iter() {
            let r = find(&mut parent, r);
            group_inter[r].insert(keep);
        }
    }
    // Greedy colouring of the coalesced groups.
    let mut color = vec![usize::MAX; n];
    let mut reg_len = 0;
    for r in 0..n {
        let root = find(&mut parent, r);
        if color[root] != usize::MAX {
            color[r] = color[root];
            continue;
        }
        let mut used = Bits::new(n + 1);
        for x in group_inter[root].iter() {
            let xr = find(&mut parent, x);
            if color[xr] != usize::MAX {
                used.insert(color[xr]);
            }
        }
        let c = (0..).find(|&c| !used.contains(c)).unwrap_or(0);
        color[root] = c;
        color[r] = c;
        reg_len = reg_len.max(c + 1);
    }
    // Number the colours so that tag `t` ends in register `t`: final
    // registers are all live at the end, so their colours are distinct. The
    // run time then reads tags straight from `regs[..2 * captures]`.
    let mut order = vec![usize::MAX; reg_len];
    for (tag, &r) in t.final_regs.iter().enumerate() {
        if !is_fixed(tag) {
            order[color[usize::from(r)]] = tag;
        }
    }
    // The other colours take the fixed tags' numbers first (their
    // registers are free until the run time writes them, after the final
    // operations), then the numbers past the tags.
    let free = (0..t.final_regs.len())
        .filter(|&tag| is_fixed(tag))
        .chain(t.final_regs.len()..);
    let unfixed = order.iter_mut().filter(|o| **o == usize::MAX);
    for (next, o) in free.zip(unfixed) {
        *o = next;
    }
    let reg_len = order.iter().map(|&o| o + 1).max().unwrap_or(0);
    for c in color.iter_mut() {
        if *c != usize::MAX {
            *c = order[*c];
        }
    }
    let rename = |ops: &mut Vec<Op>| {
        for op in ops.iter_mut() {
            op.dst = color[usize::from(op.dst)] as u16;
            if op.src != Op::POS && op.src != Op::NIL {
                op.src = color[usize::from(op.src)] as u16;
            }
        }
        ops.retain(|op| op.src != op.dst);
    };
    for st in &mut t.states {
        if let Some(ops) = &mut st.fin {
            rename(ops);
        }
        for tr in st.next.iter_mut().flatten() {
            rename(&mut tr.ops);
        }
    }
    let fixed: Vec<bool> = (0..t.final_regs.len()).map(is_fixed).collect();
    for (tag, r) in t.final_regs.iter_mut().enumerate() {
        // A fixed tag keeps its number, which no colour took.
        *r = if fixed[tag] {
            tag as u16
        } else {
            color[usize::from(*r)] as u16
        };
    }
    debug_assert!(t
        .final_regs
        .iter()
        .enumerate()
        .all(|(tag, &r)| usize::from(r) == tag));
    t.reg_len = reg_len.max(t.final_regs.len()) as u32;
}
