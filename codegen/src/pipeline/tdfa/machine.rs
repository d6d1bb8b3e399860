//! What determinization produces: a [`Tdfa`] of [`State`]s and
//! [`Transition`]s over [`ByteClasses`], with tag registers (Note [tags and
//! registers] in `tdfa/mod.rs`), and the [`TdfaError`] it may fail with.

use regex_automata::nfa::thompson::{State as NState, NFA};
use uridfa_runtime::Op;

/// A tag number: `2k` is component `k`'s start, `2k+1` its end.
pub type Tag = u16;

// Note [work limits]
// The state budget alone bounds neither time nor memory: a state's kernel
// holds one item per NFA state reached, each with a register per tag, and
// each transition scans the kernel and walks an ε-closure of the NFA. 2,000 captures under one
// repetition took 11 s and 400 MB within the state budget; 4,000 distinct
// optional elements in a row (`["a"] ["b"] ...`, which no rewrite folds,
// Note [runs of optional elements] in `crate::pipeline::nfa`) keep 8
// million items in 4,001 states, 590 MB. So the determinization also
// counts the NFA states its closures visit (and the kernel items it scans
// for each byte class) and the bytes its kernels and
// transitions hold (each item's own size, its registers and lookahead
// tags, and its entry in the dumps' item list; each state's transition
// row and operations), checked as each state is added, before the next
// one is built, and stops past these limits: about a second of work and
// [`MAX_DETERMINIZATION_BYTES`] of memory, so that the stages after it
// (each proportional to the states and transitions) stay well within
// 512 MB. The built-in grammars use at most 5 % and 13 %
// (codegen/tests/bounded.rs).
// Register versions are capped too ([`MAX_REGISTER_VERSIONS`]): register
// allocation builds an interference matrix, quadratic in them (the
// built-in grammars need at most 565).

/// The most registers (tag versions) a determinization may create, before
/// allocation merges them.
pub const MAX_REGISTER_VERSIONS: u32 = 16_384;

/// The most steps one determinization may take: NFA states visited by its
/// closures, and kernel items scanned for each byte class.
pub const MAX_CLOSURE_WORK: usize = 100_000_000;

/// The most bytes the kernels and transitions of one determinization may
/// hold (Note [work limits]).
pub const MAX_DETERMINIZATION_BYTES: usize = 128 << 20;

/// The byte classes of a machine: bytes no NFA transition tells apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByteClasses {
    /// Each byte's class.
    pub map: [u8; 256],
    /// One representative byte per class.
    pub reps: Vec<u8>,
}

impl ByteClasses {
    /// The number of classes.
    pub fn len(&self) -> usize {
        self.reps.len()
    }

    /// Whether there are no classes (never: there is at least one).
    pub fn is_empty(&self) -> bool {
        self.reps.is_empty()
    }

    /// The bytes of class `c`.
    pub fn bytes(&self, c: usize) -> impl Iterator<Item = u8> + '_ {
        (0..=255u8).filter(move |&b| usize::from(self.map[usize::from(b)]) == c)
    }

    /// Classes split at every boundary of every NFA transition range.
    pub fn from_nfa(nfa: &NFA) -> ByteClasses {
        let mut boundary = [false; 257];
        let mut mark = |start: u8, end: u8| {
            boundary[usize::from(start)] = true;
            boundary[usize::from(end) + 1] = true;
        };
        for state in nfa.states() {
            match state {
                NState::ByteRange { trans } => mark(trans.start, trans.end),
                NState::Sparse(s) => s.transitions.iter().for_each(|t| mark(t.start, t.end)),
                NState::Dense(d) => {
                    for b in 0..=255u8 {
                        if b == 0
                            || d.transitions[usize::from(b)] != d.transitions[usize::from(b) - 1]
                        {
                            mark(b, b);
                        }
                    }
                }
                _ => {}
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
}

/// A transition of the tagged DFA.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transition {
    /// The target state's index.
    pub target: usize,
    /// Register operations, run in order with the consumed byte's offset as
    /// the position.
    pub ops: Vec<Op>,
}

/// A state of the tagged DFA.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// One entry per byte class; `None` is the dead state.
    pub next: Vec<Option<Transition>>,
    /// `Some(ops)` if the input may end here: the operations that put each
    /// tag into its final register ([`Tdfa::final_regs`]).
    pub fin: Option<Vec<Op>>,
    /// The NFA states of the items, in priority order (for dumps).
    pub items: Vec<usize>,
    /// The component being read here: the innermost one open in every item.
    pub component: Option<usize>,
    /// Every component the input may be in here, in priority order, the
    /// first being [`State::component`] (Note [the components an error may
    /// be in]); empty when it is `None`.
    pub components: Vec<usize>,
}

/// A tagged DFA.
#[derive(Clone, Debug)]
pub struct Tdfa {
    /// Byte classes; `State::next` is indexed by class.
    pub classes: ByteClasses,
    /// The states. Index [`Tdfa::start`] is the start state.
    pub states: Vec<State>,
    /// The start state's index.
    pub start: usize,
    /// The number of registers.
    pub reg_len: u32,
    /// For each tag, the register holding its value after a final's ops.
    /// After register allocation, tag `t` is in register `t`.
    pub final_regs: Vec<u16>,
    /// For each tag, the most registers it needed in one state during
    /// determinization (its degree of nondeterminism).
    pub nondeterminism: Vec<usize>,
    /// Registers before allocation (one per tag version).
    pub reg_len_before_alloc: u32,
    /// The determinization's work, as Note [work limits] counts it
    /// (at most [`MAX_CLOSURE_WORK`]).
    pub work: usize,
    /// The bytes its kernels and transitions held, as Note [work limits]
    /// counts them (at most [`MAX_DETERMINIZATION_BYTES`]).
    pub bytes: usize,
    /// The fixed tags, computed after the match instead of by register
    /// operations (Note [fixed tags] in `tdfa/fixed.rs`); empty until
    /// [`fix_tags`](super::fix_tags) finds some.
    pub fixed: Vec<uridfa_runtime::FixedTag>,
}

/// Why determinization failed (see Note [stage errors] in
/// [`crate::driver`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TdfaError {
    /// More states than the budget allows.
    StateBudget {
        /// The budget.
        budget: usize,
    },
    /// More register versions than [`MAX_REGISTER_VERSIONS`].
    RegisterBudget,
    /// The determinization's work or memory limit (see Note [work limits]).
    WorkBudget {
        /// What ran out.
        what: &'static str,
        /// Its limit.
        limit: usize,
    },
    /// The NFA has look-around, which grammars never produce.
    LookAround,
}

impl std::fmt::Display for TdfaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TdfaError::StateBudget { budget } => write!(
                f,
                "tagged DFA exceeds the state budget of {budget} states; \
                 restructure the rule (e.g. fewer captures inside repetitions) or raise the budget"
            ),
            TdfaError::RegisterBudget => write!(
                f,
                "tagged DFA needs more than {MAX_REGISTER_VERSIONS} register versions; \
                 restructure the rule (e.g. fewer captures inside repetitions)"
            ),
            TdfaError::WorkBudget { what, limit } => write!(
                f,
                "tagged DFA construction exceeds its limit of {limit} {what}; \
                 restructure the rule (e.g. fewer captures, fewer alternatives inside a \
                 repetition, or fewer optional elements in a row)"
            ),
            TdfaError::LookAround => write!(f, "look-around assertions are not supported"),
        }
    }
}

impl std::error::Error for TdfaError {}

impl TdfaError {
    /// This error as a diagnostic at `span`, its message this error's
    /// `Display`.
    pub fn at(&self, span: crate::support::diag::Span) -> crate::support::diag::Diagnostic {
        crate::support::diag::Diagnostic::new(span, self.to_string())
    }
}
