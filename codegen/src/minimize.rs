//! Stage 5: Moore minimization of a tagged DFA.
//!
//! Two states are equivalent when they agree on acceptance and final
//! operations, and on every byte class lead to equivalent states *with the
//! same register operations*. The operations are part of each transition's
//! label, so tags are never attached to an already minimized plain DFA
//! (see Note [tags and registers] in [`crate::tdfa`]).
//!
//! Principal function: [`minimize`].

use crate::tdfa::{State, Tdfa, Transition};
use std::collections::HashMap;
use uridfa_runtime::Op;

type Signature = (
    usize,
    Option<usize>,
    Option<Vec<Op>>,
    Vec<Option<(usize, Vec<Op>)>>,
);

/// Merges equivalent states. The result has the same behaviour (acceptance,
/// error offsets and every register value) on every input.
pub fn minimize(t: &Tdfa) -> Tdfa {
    let n = t.states.len();
    // Start from one block; the first round splits by finals and labels.
    let mut block = vec![0usize; n];
    let mut blocks = 1;
    loop {
        let mut ids: HashMap<Signature, usize> = HashMap::new();
        let mut next_block = vec![0usize; n];
        for (s, st) in t.states.iter().enumerate() {
            let sig: Signature = (
                block[s],
                st.component,
                st.fin.clone(),
                st.next
                    .iter()
                    .map(|tr| tr.as_ref().map(|tr| (block[tr.target], tr.ops.clone())))
                    .collect(),
            );
            let len = ids.len();
            next_block[s] = *ids.entry(sig).or_insert(len);
        }
        let count = ids.len();
        block = next_block;
        if count == blocks {
            break;
        }
        blocks = count;
    }
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
            }
        })
        .collect();
    Tdfa {
        states,
        start: 0,
        ..t.clone()
    }
}
