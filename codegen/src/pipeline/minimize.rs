//! Stage 5: minimization of a tagged DFA, by Hopcroft's partition
//! refinement.
//!
//! Two states are equivalent when they agree on acceptance and final
//! operations, and on every byte class lead to equivalent states *with the
//! same register operations*. The operations are part of each transition's
//! label, so tags are never attached to an already minimized plain DFA
//! (see Note [tags and registers] in [`crate::pipeline::tdfa`]).
//!
//! Note [labels and Hopcroft]
//! A transition's label is (byte class, register operations). A state has one
//! transition per class, so the operations on class `c` are a property of
//! the state, like its final operations: they go into the initial partition
//! (with the component shown in errors and whether the class is dead), and
//! refinement then only follows targets, class by class. This is Hopcroft's
//! algorithm over the byte classes: O(m log n) for m transitions, where
//! Moore's rounds cost O(m) each and a chain of n states needs n rounds
//! (`x = 19000"a"` took 99 s). Both compute the coarsest partition stable
//! under the transitions, so the result is the same machine.
//!
//! Principal functions: [`minimize`], [`refine`].

use crate::pipeline::tdfa::{State, Tdfa, Transition};
use std::collections::HashMap;
use uridfa_runtime::Op;

/// A state's label: everything that must agree before targets are compared.
type Label = (Vec<usize>, Option<Vec<Op>>, Vec<Option<Vec<Op>>>);

/// The coarsest refinement of `initial` (a block number per state) in which
/// states of one block go, on every class below `class_len`, to states of
/// one block (or all to none). `next(s, c)` is the target of state `s` on
/// class `c`. Returns a block number per state.
///
/// Hopcroft's algorithm, with a splitter being a block and all classes at
/// once; the smaller half of each split goes back on the worklist.
pub fn refine(
    initial: &[usize],
    class_len: usize,
    next: impl Fn(usize, usize) -> Option<usize>,
) -> Vec<usize> {
    let n = initial.len();
    // Incoming transitions, grouped by target: `inv[inv_start[t]..inv_start[t + 1]]`
    // holds (class, source).
    let mut inv_start = vec![0usize; n + 1];
    for s in 0..n {
        for c in 0..class_len {
            if let Some(t) = next(s, c) {
                inv_start[t + 1] += 1;
            }
        }
    }
    for t in 0..n {
        inv_start[t + 1] += inv_start[t];
    }
    let mut fill = inv_start.clone();
    let mut inv = vec![(0usize, 0usize); inv_start[n]];
    for s in 0..n {
        for c in 0..class_len {
            if let Some(t) = next(s, c) {
                inv[fill[t]] = (c, s);
                fill[t] += 1;
            }
        }
    }
    // Blocks are ranges `first[b]..end[b]` of `elems`; `loc[s]` is the
    // position of `s` in `elems`.
    let block_len = initial.iter().max().map_or(0, |&b| b + 1);
    let mut block = initial.to_vec();
    let mut elems: Vec<usize> = (0..n).collect();
    elems.sort_by_key(|&s| block[s]);
    let mut loc = vec![0usize; n];
    for (i, &s) in elems.iter().enumerate() {
        loc[s] = i;
    }
    let mut first = vec![n; block_len];
    let mut end = vec![0usize; block_len];
    for (i, &s) in elems.iter().enumerate() {
        first[block[s]] = first[block[s]].min(i);
        end[block[s]] = i + 1;
    }
    let mut marked = vec![0usize; block_len];
    let mut waiting: Vec<usize> = (0..block_len).collect();
    let mut preimage: Vec<Vec<usize>> = vec![Vec::new(); class_len];
    let mut touched: Vec<usize> = Vec::new();
    while let Some(a) = waiting.pop() {
        for p in &mut preimage {
            p.clear();
        }
        for &t in &elems[first[a]..end[a]] {
            for &(c, s) in &inv[inv_start[t]..inv_start[t + 1]] {
                preimage[c].push(s);
            }
        }
        for pre in &preimage {
            // Move the states of `pre` to the front of their blocks.
            for &s in pre {
                let b = block[s];
                let i = first[b] + marked[b];
                let j = loc[s];
                elems.swap(i, j);
                loc[elems[j]] = j;
                loc[s] = i;
                marked[b] += 1;
                if marked[b] == 1 {
                    touched.push(b);
                }
            }
            for b in touched.drain(..) {
                let m = std::mem::take(&mut marked[b]);
                let len = end[b] - first[b];
                if m == len {
                    continue;
                }
                // The new block takes the smaller part.
                let nb = first.len();
                let (lo, hi) = if m <= len - m {
                    (first[b], first[b] + m)
                } else {
                    (first[b] + m, end[b])
                };
                if lo == first[b] {
                    first[b] = hi;
                } else {
                    end[b] = lo;
                }
                first.push(lo);
                end.push(hi);
                marked.push(0);
                for &s in &elems[lo..hi] {
                    block[s] = nb;
                }
                // If `b` waits, it still does (now as the larger half) and
                // the new half must too; if not, the smaller half suffices
                // (Hopcroft's trick). Either way: push the new block.
                waiting.push(nb);
            }
        }
    }
    block
}

/// Merges equivalent states. The result has the same behaviour (acceptance,
/// error offsets and every register value) on every input.
pub fn minimize(t: &Tdfa) -> Tdfa {
    let n = t.states.len();
    let mut ids: HashMap<Label, usize> = HashMap::new();
    let initial: Vec<usize> = t
        .states
        .iter()
        .map(|st| {
            let label: Label = (
                st.components.clone(),
                st.fin.clone(),
                st.next
                    .iter()
                    .map(|tr| tr.as_ref().map(|tr| tr.ops.clone()))
                    .collect(),
            );
            let len = ids.len();
            *ids.entry(label).or_insert(len)
        })
        .collect();
    let block = refine(&initial, t.classes.len(), |s, c| {
        t.states[s].next[c].as_ref().map(|tr| tr.target)
    });
    let blocks = block.iter().max().map_or(0, |&b| b + 1);
    debug_assert_eq!(block.len(), n);
    // Number blocks in order of first appearance from the start state (a
    // breadth-first walk), so the output does not depend on hash order and
    // unreachable states disappear.
    let mut order = vec![usize::MAX; blocks];
    let mut rep = Vec::new();
    let mut queue = std::collections::VecDeque::from([t.start]);
    order[block[t.start]] = 0;
    rep.push(t.start);
    while let Some(s) = queue.pop_front() {
        for tr in t.states[s].next.iter().flatten() {
            let b = block[tr.target];
            if order[b] == usize::MAX {
                order[b] = rep.len();
                rep.push(tr.target);
                queue.push_back(tr.target);
            }
        }
    }
    let states = rep
        .iter()
        .map(|&s| {
            let st = &t.states[s];
            State {
                next: st
                    .next
                    .iter()
                    .map(|tr| {
                        tr.as_ref().map(|tr| Transition {
                            target: order[block[tr.target]],
                            ops: tr.ops.clone(),
                        })
                    })
                    .collect(),
                fin: st.fin.clone(),
                items: st.items.clone(),
                component: st.component,
                components: st.components.clone(),
            }
        })
        .collect();
    Tdfa {
        states,
        start: 0,
        ..t.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::refine;
    use crate::support::sample::Rng;
    use std::collections::HashMap;

    /// Moore's rounds, the reference: split by (block, blocks of targets)
    /// until nothing changes.
    fn moore(initial: &[usize], next: &[Vec<Option<usize>>]) -> Vec<usize> {
        let mut block = initial.to_vec();
        loop {
            let mut ids: HashMap<(usize, Vec<Option<usize>>), usize> = HashMap::new();
            let refined: Vec<usize> = (0..block.len())
                .map(|s| {
                    let key = (
                        block[s],
                        next[s].iter().map(|t| t.map(|t| block[t])).collect(),
                    );
                    let len = ids.len();
                    *ids.entry(key).or_insert(len)
                })
                .collect();
            let before = block.iter().collect::<std::collections::HashSet<_>>().len();
            block = refined;
            if ids.len() == before {
                return block;
            }
        }
    }

    /// Whether two block numberings are the same partition.
    fn same_partition(a: &[usize], b: &[usize]) -> bool {
        let mut ab = HashMap::new();
        let mut ba = HashMap::new();
        a.iter()
            .zip(b)
            .all(|(x, y)| *ab.entry(x).or_insert(y) == y && *ba.entry(y).or_insert(x) == x)
    }

    #[test]
    fn hopcroft_agrees_with_moore() {
        let mut rng = Rng::new(7);
        for _ in 0..2_000 {
            let n = 1 + rng.below(40) as usize;
            let k = 1 + rng.below(4) as usize;
            let labels = 1 + rng.below(3) as usize;
            let next: Vec<Vec<Option<usize>>> = (0..n)
                .map(|_| {
                    (0..k)
                        .map(|_| (rng.below(5) != 0).then(|| rng.below(n as u64) as usize))
                        .collect()
                })
                .collect();
            // Definedness is part of the label, as `minimize` makes it.
            let initial: Vec<usize> = {
                let mut ids = HashMap::new();
                (0..n)
                    .map(|s| {
                        let key = (
                            rng.below(labels as u64),
                            next[s].iter().map(Option::is_some).collect::<Vec<_>>(),
                        );
                        let len = ids.len();
                        *ids.entry(key).or_insert(len)
                    })
                    .collect()
            };
            let fast = refine(&initial, k, |s, c| next[s][c]);
            let slow = moore(&initial, &next);
            assert!(same_partition(&fast, &slow), "{next:?} {initial:?}");
        }
    }
}
