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
//! Principal type: [`Oracle`].

use crate::lower::Lowered;
use regex_automata::dfa::{dense, Automaton, StartKind};
use regex_automata::nfa::thompson::pikevm::{Cache, PikeVM};
use regex_automata::util::primitives::StateID;
use regex_automata::{Anchored, Input};

/// The dense DFA and PikeVM for one entry rule.
#[derive(Clone, Debug)]
pub struct Oracle {
    dfa: dense::DFA<Vec<u32>>,
    vm: PikeVM,
    group_component: Vec<usize>,
    component_len: usize,
}

impl Oracle {
    /// Builds both oracles for `lowered`.
    ///
    /// # Errors
    ///
    /// regex-automata's build error, as text.
    pub fn new(lowered: &Lowered) -> Result<Oracle, String> {
        let nfa = crate::nfa::compile_anchored_end(lowered)?;
        let dfa = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .minimize(true)
                    .start_kind(StartKind::Anchored),
            )
            .build_from_nfa(&nfa)
            .map_err(|e| e.to_string())?;
        let vm = PikeVM::new_from_nfa(nfa).map_err(|e| e.to_string())?;
        Ok(Oracle {
            dfa,
            vm,
            group_component: lowered.group_component.clone(),
            component_len: lowered.components.len(),
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

    /// The PikeVM's component spans, or `None` if it finds no match.
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
        Some(
            starts
                .into_iter()
                .zip(ends)
                .map(|(s, e)| Some((s?, e?)))
                .collect(),
        )
    }

    /// The number of states of the minimal plain DFA (no tags) that
    /// regex-automata builds for the same language, not counting its dead
    /// and quit states.
    pub fn plain_dfa_state_len(&self) -> usize {
        let Ok(start) = self
            .dfa
            .start_state_forward(&Input::new("").anchored(Anchored::Yes))
        else {
            return 0;
        };
        let mut seen: Vec<StateID> = vec![start];
        let mut i = 0;
        while i < seen.len() {
            let s = seen[i];
            i += 1;
            let mut nexts: Vec<StateID> = (0..=255u8).map(|b| self.dfa.next_state(s, b)).collect();
            nexts.push(self.dfa.next_eoi_state(s));
            for n in nexts {
                if !self.dfa.is_dead_state(n) && !self.dfa.is_quit_state(n) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        seen.len()
    }
}
