//! Independent oracles built from the same lowered expression: regex-automata's
//! dense DFA decides acceptance, its PikeVM gives capture spans.
//!
//! Both run on the NFA of `expression \z` with an anchored leftmost-first
//! search, which finds the highest-priority parse of the whole input, the
//! one our tables report. The PikeVM reports one span per capture *group*;
//! a component over several groups (`path`) gets the latest start and the
//! latest end among its groups, which is what the tagged DFA's registers
//! hold ("a repeated capture reports its last occurrence").
//!
//! Principal type: [`Oracle`]; [`plain_dfa_state_len`] gives the size of
//! regex-automata's minimal plain DFA for the language of a table set, the
//! comparison `uridfa stats` shows. It is computed only where shown, never
//! while compiling (see Note [the plain-DFA statistic]).
//!
//! Note [the plain-DFA statistic]
//! The statistic is the number of states of regex-automata's minimized
//! dense DFA (anchored, for the expression followed by `\z`), reachable from
//! the start state, not counting dead and quit states. It depends only on
//! the language, so it is computed from the tables themselves: an NFA with
//! one state per table state (regex-automata's builder), determinized
//! without minimization (linear, the NFA being deterministic already), then
//! partitioned by [`crate::pipeline::minimize::refine`] exactly as regex-automata's
//! minimizer partitions (match states apart from the rest, dead merged with
//! every state that cannot match, the end-of-input class counted as a
//! class). regex-automata's own minimizer gives the same number but took
//! 8 s on `*("a" / "b") "a" 13("a" / "b")`; this takes milliseconds. The
//! built-in grammars need no compiler at run time for it, since their
//! tables are at hand.

use crate::pipeline::lower::Lowered;
use regex_automata::dfa::{dense, Automaton, StartKind};
use regex_automata::nfa::thompson::pikevm::{Cache, PikeVM};
use regex_automata::nfa::thompson::{self, Transition};
use regex_automata::util::look::Look;
use regex_automata::util::primitives::StateID;
use regex_automata::{Anchored, Input};
use std::collections::HashMap;
use uridfa_runtime::Tables;

/// The dense DFA and PikeVM for one entry rule.
#[derive(Clone, Debug)]
pub struct Oracle {
    dfa: dense::DFA<Vec<u32>>,
    vm: PikeVM,
    group_component: Vec<usize>,
    component_len: usize,
    /// The kinds decided after the match: component, parent and a dense
    /// DFA of the kind's rule.
    after: Vec<(usize, usize, dense::DFA<Vec<u32>>)>,
}

/// regex-automata's dense DFA (anchored, not minimized) for `nfa`.
fn dense_dfa(nfa: &thompson::NFA) -> Result<dense::DFA<Vec<u32>>, String> {
    dense::Builder::new()
        .configure(
            dense::Config::new()
                .minimize(false)
                .start_kind(StartKind::Anchored),
        )
        .build_from_nfa(nfa)
        .map_err(|e| e.to_string())
}

/// regex-automata's dense DFA for `lowered`'s expression followed by `\z`,
/// and its NFA.
fn anchored_dfa(lowered: &Lowered) -> Result<(dense::DFA<Vec<u32>>, thompson::NFA), String> {
    let nfa = crate::pipeline::nfa::compile_anchored_end(lowered).map_err(|e| e.to_string())?;
    Ok((dense_dfa(&nfa)?, nfa))
}

impl Oracle {
    /// Builds both oracles for `lowered`.
    ///
    /// # Errors
    ///
    /// regex-automata's build error, as text: the oracles are test and
    /// statistics support, so they keep `String` (Note [stage errors] in
    /// [`crate::driver`]).
    pub fn new(lowered: &Lowered) -> Result<Oracle, String> {
        let (dfa, nfa) = anchored_dfa(lowered)?;
        let vm = PikeVM::new_from_nfa(nfa).map_err(|e| e.to_string())?;
        let mut after = Vec::new();
        for (c, hir) in &lowered.after {
            let Some(parent) = lowered.components.get(*c).and_then(|k| k.kind_of) else {
                return Err(format!("kind-after component {c} has no parent"));
            };
            let plain = Lowered {
                hir: hir.clone(),
                components: Vec::new(),
                group_component: Vec::new(),
                after: Vec::new(),
                ..lowered.clone()
            };
            after.push((*c, parent, anchored_dfa(&plain)?.0));
        }
        Ok(Oracle {
            dfa,
            vm,
            group_component: lowered.group_component.clone(),
            component_len: lowered.components.len(),
            after,
        })
    }

    /// Whether the dense DFA accepts the whole of `input`.
    pub fn accepts(&self, input: &[u8]) -> bool {
        let input = Input::new(input).anchored(Anchored::Yes);
        matches!(self.dfa.try_search_fwd(&input), Ok(Some(_)))
    }

    /// A PikeVM cache for [`Oracle::spans`].
    pub fn cache(&self) -> Cache {
        self.vm.create_cache()
    }

    /// The PikeVM's component spans, or `None` if it finds no match; then
    /// each kind decided after the match (in order) that a dense DFA of its
    /// rule accepts over its parent's whole span, unless an earlier one
    /// took that parent (`uridfa_runtime`'s Note \[kinds after the
    /// match\], decided here independently of the tables).
    pub fn spans(&self, cache: &mut Cache, input: &[u8]) -> Option<Vec<Option<(usize, usize)>>> {
        let mut caps = self.vm.create_captures();
        self.vm
            .search(cache, &Input::new(input).anchored(Anchored::Yes), &mut caps);
        if !caps.is_match() {
            return None;
        }
        let mut starts = vec![None; self.component_len];
        let mut ends = vec![None; self.component_len];
        for (g, &c) in self.group_component.iter().enumerate() {
            if let Some(span) = caps.get_group(g + 1) {
                starts[c] = starts[c].max(Some(span.start));
                ends[c] = ends[c].max(Some(span.end));
            }
        }
        let mut spans: Vec<Option<(usize, usize)>> = starts
            .into_iter()
            .zip(ends)
            .map(|(s, e)| Some((s?, e?)))
            .collect();
        let mut taken = Vec::new();
        for (c, parent, dfa) in &self.after {
            let Some((s, e)) = spans[*parent] else {
                continue;
            };
            if taken.contains(parent) {
                continue;
            }
            let bytes = Input::new(&input[s..e]).anchored(Anchored::Yes);
            if matches!(dfa.try_search_fwd(&bytes), Ok(Some(_))) {
                spans[*c] = Some((s, e));
                taken.push(*parent);
            }
        }
        Some(spans)
    }
}

/// The number of states of the minimal plain DFA (no tags) that
/// regex-automata builds for the language of `t`, not counting its dead and
/// quit states (see Note [the plain-DFA statistic]).
///
/// # Errors
///
/// regex-automata's build error, as text.
pub fn plain_dfa_state_len(t: &Tables<'_>) -> Result<usize, String> {
    let nfa = tables_nfa(t).map_err(|e| e.to_string())?;
    let dfa = dense_dfa(&nfa)?;
    let start = dfa
        .start_state_forward(&Input::new("").anchored(Anchored::Yes))
        .map_err(|e| e.to_string())?;
    // Every state reachable from the start.
    let classes: Vec<u8> = dfa
        .byte_classes()
        .representatives(0..=255)
        .filter_map(|u| u.as_u8())
        .collect();
    let mut index: HashMap<StateID, usize> = HashMap::new();
    let mut states = vec![start];
    index.insert(start, 0);
    let mut next: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let s = states[i];
        i += 1;
        let mut row = Vec::with_capacity(classes.len() + 1);
        let targets = classes
            .iter()
            .map(|&b| dfa.next_state(s, b))
            .chain([dfa.next_eoi_state(s)]);
        for n in targets {
            let k = *index.entry(n).or_insert_with(|| {
                states.push(n);
                states.len() - 1
            });
            row.push(k);
        }
        next.push(row);
    }
    let initial: Vec<usize> = states
        .iter()
        .map(|&s| {
            if dfa.is_match_state(s) {
                0
            } else if dfa.is_quit_state(s) {
                2
            } else {
                1
            }
        })
        .collect();
    // Block numbers need not be dense for `refine`, only small.
    let block =
        crate::pipeline::minimize::refine(&initial, classes.len() + 1, |s, c| Some(next[s][c]));
    // A block holding the dead state is dead: its states cannot match.
    let dead: std::collections::HashSet<usize> = states
        .iter()
        .zip(&block)
        .filter(|(&s, _)| dfa.is_dead_state(s))
        .map(|(_, &b)| b)
        .collect();
    let mut counted: Vec<usize> = states
        .iter()
        .zip(&block)
        .filter(|(&s, b)| !dfa.is_quit_state(s) && !dead.contains(b))
        .map(|(_, &b)| b)
        .collect();
    counted.sort_unstable();
    counted.dedup();
    Ok(counted.len())
}

/// An NFA for the language of `t`: one union state per table state, holding
/// its byte transitions and, if it accepts, an end-of-input assertion before
/// the match.
fn tables_nfa(t: &Tables<'_>) -> Result<thompson::NFA, Box<thompson::BuildError>> {
    let stride = t.stride.max(1) as usize;
    let n = t.state_len();
    // The target state index of a transition ID, `None` for the dead state.
    let target = |id: u32| -> Option<usize> {
        if id < t.special {
            Some(id as usize / stride)
        } else {
            let e = t.edges.get(((id - t.special) as usize).checked_sub(1)?)?;
            Some(e.target as usize / stride)
        }
    };
    let mut b = thompson::Builder::new();
    b.start_pattern()?;
    let matched = b.add_match()?;
    let end = b.add_capture_end(matched, 0)?;
    let at_end = b.add_look(end, Look::End)?;
    let unions: Vec<StateID> = (0..n)
        .map(|_| b.add_union(Vec::new()).map_err(Box::new))
        .collect::<Result<_, _>>()?;
    for s in 0..n {
        let mut ranges: Vec<Transition> = Vec::new();
        for byte in 0..=255u8 {
            let class = usize::from(t.classes[usize::from(byte)]);
            let Some(to) = t.trans.get(s * stride + class).and_then(target) else {
                continue;
            };
            match ranges.last_mut() {
                Some(r) if r.next == unions[to] && r.end + 1 == byte => r.end = byte,
                _ => ranges.push(Transition {
                    start: byte,
                    end: byte,
                    next: unions[to],
                }),
            }
        }
        if !ranges.is_empty() {
            let sparse = b.add_sparse(ranges)?;
            b.patch(unions[s], sparse)?;
        }
        if t.final_of(s).is_some_and(|f| f.accept) {
            b.patch(unions[s], at_end)?;
        }
    }
    let start = b.add_capture_start(unions[t.start as usize / stride], 0, None)?;
    b.finish_pattern(start)?;
    Ok(b.build(start, start)?)
}
