//! Stage 3: compile a [`Lowered`] expression with regex-automata's Thompson
//! compiler, keeping every capture.
//!
//! The NFA's states are public (`NFA::states()`), and `Union`/`BinaryUnion`
//! list their alternatives in priority order, which is what the
//! leftmost-first determinization in [`crate::pipeline::tdfa`] walks. The same NFA
//! (plus an end-of-input assertion) drives the oracles: regex-automata's
//! dense DFA for acceptance and its PikeVM for spans.
//!
//! Principal functions: [`compile`], [`compile_anchored_end`]; principal
//! type: [`NfaError`].

use crate::pipeline::lower::Lowered;
use crate::support::diag::{Diagnostic, Span};
use regex_automata::nfa::thompson::{BuildError, Compiler, Config, WhichCaptures, NFA};
use regex_syntax::hir::{Hir, Look};

/// Why the Thompson compiler refused an expression (see Note [stage errors]
/// in [`crate::driver`]).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum NfaError {
    /// regex-automata's error: in practice its size limit of 64 MiB, which
    /// [`NfaError::size_limit`] reports. (Boxed: it is 128 bytes.)
    Build(Box<BuildError>),
}

impl NfaError {
    /// The size limit that was exceeded, if that is why the build failed.
    pub fn size_limit(&self) -> Option<usize> {
        match self {
            NfaError::Build(e) => e.size_limit(),
        }
    }

    /// This error as a diagnostic at `span`, its message this error's
    /// `Display`.
    pub fn at(&self, span: Span) -> Diagnostic {
        Diagnostic::new(span, self.to_string())
    }
}

impl std::fmt::Display for NfaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // regex-automata's text, unchanged.
            NfaError::Build(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NfaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NfaError::Build(e) => Some(&**e),
        }
    }
}

impl From<BuildError> for NfaError {
    fn from(e: BuildError) -> NfaError {
        NfaError::Build(Box::new(e))
    }
}

fn config() -> Config {
    Config::new()
        .which_captures(WhichCaptures::All)
        .utf8(false)
        .shrink(false)
        .nfa_size_limit(Some(64 << 20))
}

/// The NFA for `lowered`, as [`crate::pipeline::tdfa`] consumes it: no look-around;
/// a match counts only at the end of input, which the TDFA decides.
///
/// # Errors
///
/// [`NfaError::Build`], the Thompson compiler's error: the NFA would exceed
/// 64 MiB.
pub fn compile(lowered: &Lowered) -> Result<NFA, NfaError> {
    Ok(Compiler::new()
        .configure(config())
        .build_from_hir(&lowered.hir)?)
}

/// The NFA for `lowered` followed by `\z`, for the regex-automata oracles:
/// an anchored leftmost-first search on it finds the highest-priority parse
/// of the whole input, which is what our tables report.
///
/// # Errors
///
/// As [`compile`].
pub fn compile_anchored_end(lowered: &Lowered) -> Result<NFA, NfaError> {
    let hir = Hir::concat(vec![lowered.hir.clone(), Hir::look(Look::End)]);
    Ok(Compiler::new().configure(config()).build_from_hir(&hir)?)
}
