//! Stage 3: compile a [`Lowered`] expression with regex-automata's Thompson
//! compiler, keeping every capture.
//!
//! The NFA's states are public (`NFA::states()`), and `Union`/`BinaryUnion`
//! list their alternatives in priority order, which is what the
//! leftmost-first determinization in [`crate::tdfa`] walks. The same NFA
//! (plus an end-of-input assertion) drives the oracles: regex-automata's
//! dense DFA for acceptance and its PikeVM for spans.
//!
//! Principal functions: [`compile`], [`compile_anchored_end`].

use crate::lower::Lowered;
use regex_automata::nfa::thompson::{Compiler, Config, WhichCaptures, NFA};
use regex_syntax::hir::{Hir, Look};

fn config() -> Config {
    Config::new()
        .which_captures(WhichCaptures::All)
        .utf8(false)
        .shrink(false)
        .nfa_size_limit(Some(64 << 20))
}

/// The NFA for `lowered`, as [`crate::tdfa`] consumes it: no look-around;
/// a match counts only at the end of input, which the TDFA decides.
///
/// # Errors
///
/// The Thompson compiler's error (a size limit), as text.
pub fn compile(lowered: &Lowered) -> Result<NFA, String> {
    Compiler::new()
        .configure(config())
        .build_from_hir(&lowered.hir)
        .map_err(|e| e.to_string())
}

/// The NFA for `lowered` followed by `\z`, for the regex-automata oracles:
/// an anchored leftmost-first search on it finds the highest-priority parse
/// of the whole input, which is what our tables report.
///
/// # Errors
///
/// The Thompson compiler's error, as text.
pub fn compile_anchored_end(lowered: &Lowered) -> Result<NFA, String> {
    let hir = Hir::concat(vec![lowered.hir.clone(), Hir::look(Look::End)]);
    Compiler::new()
        .configure(config())
        .build_from_hir(&hir)
        .map_err(|e| e.to_string())
}
