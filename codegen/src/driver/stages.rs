//! Stages 3–6 for one expression ([`compile_lowered`]): Thompson NFA,
//! tagged DFA, minimization, tables, each with its error in
//! [`CompileError`] (Note [stage errors]), under the knobs of [`Options`].

use crate::compiled::{ListMachine, Machine};
use crate::pipeline::lower::Lowered;
use crate::pipeline::nfa::NfaError;
use crate::pipeline::tdfa::TdfaError;
use crate::pipeline::{minimize, nfa, tables, tdfa};
use crate::support::diag::{Diagnostic, Span};
use uridfa_runtime::CheckError;

// Note [stage errors]
//
// Each stage that can fail returns an error enum of its own, not a
// `String`: nfa::NfaError, tdfa::TdfaError, CompileError (stages 3-6
// together, wrapping the first two and the table check's
// uridfa_runtime::CheckError), encode_set::EncodeSetError and
// emit::EmitError; FingerprintError for reading `grammar/`. Each is
// `#[non_exhaustive]`, carries the data its message is made of (lengths,
// budgets, example prefixes, byte sets), implements std::error::Error with
// `source()` pointing at the error it wraps, and has a `Display` that is
// exactly the message the stage gave as text before the enums existed, so
// diagnostics, the CLI's output and the tests that assert them did not
// change. A stage does not know where in the grammar its input came from;
// the driver does, so each enum (but FingerprintError, which is about a
// directory, not a place in a grammar) has `at(span)`, which makes the
// Diagnostic, and the driver adds what the error is about with
// Diagnostic::context ("entry 'x'"). The oracles (`crate::inspect::oracle`) are
// test and statistics support and keep regex-automata's errors as text.

/// Why stages 3–6 ([`compile_lowered`]) failed for one expression (Note
/// [stage errors]).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum CompileError {
    /// The expression's shortest match, or its finite longest match, is at
    /// least the state budget long, so no DFA within the budget matches it;
    /// found before any automaton is built.
    TooLong {
        /// The match's length in bytes.
        len: usize,
        /// Whether `len` is the longest match's length (otherwise the
        /// shortest's).
        longest: bool,
        /// The state budget.
        budget: usize,
    },
    /// The Thompson compiler's error (stage 3).
    Nfa(NfaError),
    /// The determinizer's error (stage 4).
    Tdfa(TdfaError),
    /// The generated tables fail the runtime's check of its invariants
    /// (stage 6): a generator bug.
    TablesCheck(CheckError),
    /// The DFAs of the kinds decided after the match do not fit their
    /// cells (stage 6).
    AfterKinds(tables::AfterKindsTooLarge),
    /// A list region's items cannot be found again after the match (Note
    /// [repeated captures] in [`crate::pipeline::lists`]).
    List {
        /// The repetition in the grammar.
        span: Span,
        /// The region's name (`*to`).
        region: String,
        /// Why.
        error: crate::pipeline::lists::ProofError,
    },
    /// An entry too large to inline, built with its rules built once
    /// (Note [rules built once] in [`crate::pipeline::lower`]), still did
    /// not fit.
    Expansion {
        /// The rule whose expansion is too large.
        span: Span,
        /// What [`crate::pipeline::lower`] says of it.
        message: String,
        /// Why the machine built from minimal rules did not fit either.
        error: TdfaError,
    },
}

impl CompileError {
    /// This error as a diagnostic at `span`, its message this error's
    /// `Display`.
    pub fn at(&self, span: Span) -> Diagnostic {
        Diagnostic::new(span, self.to_string())
    }

    /// Where the error lies in the grammar, when it is not at the entry:
    /// a list's repetition.
    pub fn span(&self) -> Option<Span> {
        match self {
            CompileError::List { span, .. } | CompileError::Expansion { span, .. } => Some(*span),
            _ => None,
        }
    }
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::TooLong {
                len,
                longest,
                budget,
            } => write!(
                f,
                "its {} match is {len} bytes long, so any DFA for it needs more than the state \
                 budget of {budget} states; shorten the repetition or raise the budget",
                if *longest { "longest" } else { "shortest" }
            ),
            CompileError::Nfa(e) => e.fmt(f),
            CompileError::Tdfa(e) => e.fmt(f),
            CompileError::TablesCheck(e) => {
                write!(f, "internal error: generated tables fail their check: {e}")
            }
            CompileError::AfterKinds(e) => e.fmt(f),
            CompileError::List { region, error, .. } => write!(
                f,
                "this repetition holds captures, so each item is found again after the match \
                 (list '{region}'); but {error}"
            ),
            CompileError::Expansion { message, error, .. } => write!(
                f,
                "{message} (built from each rule's minimal DFA instead, it still does not fit: \
                 {error})"
            ),
        }
    }
}

impl std::error::Error for CompileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CompileError::TooLong { .. } => None,
            CompileError::Nfa(e) => Some(e),
            CompileError::Tdfa(e) => Some(e),
            CompileError::TablesCheck(e) => Some(e),
            CompileError::AfterKinds(e) => Some(e),
            CompileError::List { .. } => None,
            CompileError::Expansion { error, .. } => Some(error),
        }
    }
}

impl From<NfaError> for CompileError {
    fn from(e: NfaError) -> CompileError {
        CompileError::Nfa(e)
    }
}

impl From<TdfaError> for CompileError {
    fn from(e: TdfaError) -> CompileError {
        CompileError::Tdfa(e)
    }
}

impl From<CheckError> for CompileError {
    fn from(e: CheckError) -> CompileError {
        CompileError::TablesCheck(e)
    }
}

/// Knobs of the pipeline.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The most states determinization may create for one entry rule.
    pub state_budget: usize,
    /// The most states determinization may create for all the entry rules
    /// of one grammar together, counting an entry that failed on its own
    /// budget as having used it (see Note [a budget per grammar]).
    pub grammar_state_budget: usize,
    /// Whether to minimize (off only to test minimization itself).
    pub minimize: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            state_budget: 20_000,
            grammar_state_budget: 100_000,
            minimize: true,
        }
    }
}

/// Runs stages 3–6 on a lowered expression.
///
/// # Errors
///
/// [`CompileError::TooLong`] when a shortest or finite longest match needs
/// more states than [`Options::state_budget`]; the NFA compiler's
/// ([`CompileError::Nfa`]) or the determinizer's ([`CompileError::Tdfa`])
/// error; [`CompileError::TablesCheck`] on a generator bug.
pub fn compile_lowered(lowered: Lowered, opts: Options) -> Result<Machine, CompileError> {
    check_lengths(&lowered, opts.state_budget)?;
    let (nfa, tdfa) = match &lowered.shared {
        None => {
            let nfa = nfa::compile(&lowered)?;
            let tdfa = determinize(&nfa, &lowered, opts.state_budget)?;
            (nfa, tdfa)
        }
        Some(shared) => {
            // Note [rules built once] (in `lower.rs`): the NFA from the
            // DFA; past a budget, the expansion is what to fix.
            let tdfa =
                determinize(&nfa::empty(), &lowered, opts.state_budget).map_err(|error| {
                    CompileError::Expansion {
                        span: shared.expansion.0,
                        message: shared.expansion.1.clone(),
                        error,
                    }
                })?;
            (nfa::of_plain_dfa(&tdfa, false)?, tdfa)
        }
    };
    let unminimized_state_len = tdfa.states.len();
    let tdfa = if opts.minimize {
        minimize::minimize(&tdfa)
    } else {
        tdfa
    };
    let mut tables = match &lowered.nesting {
        None => tables::build(&tdfa, &lowered),
        Some(probe) => {
            let noted = nesting_notes(&tdfa, probe, opts.state_budget);
            tables::build_noted(&tdfa, &lowered, &noted, &probe.note)
        }
    };
    // Note [kinds after the match] (in `lower.rs`): one plain DFA per kind,
    // each within the state budget, its states counted as the entry's.
    let mut subs = Vec::new();
    let mut sub_states = 0usize;
    for (component, hir) in &lowered.after {
        let plain = Lowered {
            rule: lowered
                .components
                .get(*component)
                .map_or_else(String::new, |c| c.name.clone()),
            span: lowered.span,
            hir: hir.clone(),
            components: Vec::new(),
            group_component: Vec::new(),
            named_sets: lowered.named_sets.clone(),
            utf8: lowered.utf8,
            after: Vec::new(),
            lists: Vec::new(),
            whole: None,
            shared: None,
            nesting: None,
        };
        let budget = opts
            .state_budget
            .saturating_sub(unminimized_state_len + sub_states);
        check_lengths(&plain, budget)?;
        let nfa = nfa::compile(&plain)?;
        let sub = tdfa::determinize(&nfa, &[], 0, budget)?;
        sub_states = sub_states.saturating_add(sub.states.len());
        let sub = minimize::minimize(&sub);
        subs.push((*component, tables::build(&sub, &plain)));
    }
    tables.after = tables::after_kinds(&subs).map_err(CompileError::AfterKinds)?;
    uridfa_runtime::check(&tables.as_tables())?;
    let mut unminimized_state_len = unminimized_state_len.saturating_add(sub_states);
    // Note [repeated captures]: each list's item machine, within what is
    // left of the budget, and the proof that its items are found again.
    let mut lists = Vec::new();
    for list in &lowered.lists {
        let budget = opts.state_budget.saturating_sub(unminimized_state_len);
        let item = compile_lowered(
            list.item.clone(),
            Options {
                state_budget: budget,
                ..opts
            },
        )?;
        unminimized_state_len = unminimized_state_len.saturating_add(item.unminimized_state_len);
        let budget = opts.state_budget.saturating_sub(unminimized_state_len);
        crate::pipeline::lists::prove(
            &list.item.hir,
            list.min,
            list.max,
            &item.tdfa,
            &list.item,
            budget,
        )
        .map_err(|error| CompileError::List {
            span: list.span,
            region: list.item.rule.clone(),
            error,
        })?;
        lists.push(ListMachine {
            region: list.region,
            machine: item,
        });
    }
    Ok(Machine {
        lowered,
        nfa,
        unminimized_state_len,
        tdfa,
        tables,
        lists,
    })
}

/// The states of `tdfa` where a nesting that `;@ depth` cut off could have
/// begun (Note [the nesting limit in messages] in
/// [`crate::pipeline::lower`]): those where the probe's DFA, run in step,
/// goes on with a byte that `tdfa` refuses. None when the probe does not
/// fit `budget` states.
fn nesting_notes(
    tdfa: &tdfa::Tdfa,
    probe: &crate::pipeline::lowered::NestingProbe,
    budget: usize,
) -> Vec<bool> {
    let mut noted = vec![false; tdfa.states.len()];
    let rules: Vec<_> = probe.rules.iter().map(nfa::fold_optional_runs).collect();
    let Ok(p) = tdfa::determinize_plain(&nfa::fold_optional_runs(&probe.hir), &rules, budget)
    else {
        return noted;
    };
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![(tdfa.start, p.start)];
    seen.insert((tdfa.start, p.start));
    while let Some((a, b)) = stack.pop() {
        for byte in 0..=255u8 {
            let na = &tdfa.states[a].next[usize::from(tdfa.classes.map[usize::from(byte)])];
            let nb = &p.states[b].next[usize::from(p.classes.map[usize::from(byte)])];
            match (na, nb) {
                (Some(x), Some(y)) if seen.insert((x.target, y.target)) => {
                    stack.push((x.target, y.target));
                }
                (None, Some(_)) => noted[a] = true,
                _ => {}
            }
        }
    }
    noted
}

/// Stage 4: the tagged DFA of `lowered` (whose NFA is `nfa`); without captures,
/// its plain DFA built from minimal parts (Note [minimal parts first] in
/// [`crate::pipeline::tdfa`]), which is the same machine once minimized.
pub fn determinize(
    nfa: &regex_automata::nfa::thompson::NFA,
    lowered: &Lowered,
    budget: usize,
) -> Result<tdfa::Tdfa, TdfaError> {
    if lowered.components.is_empty() {
        let shared: Vec<_> = lowered
            .shared
            .iter()
            .flat_map(|s| s.rules.iter().map(nfa::fold_optional_runs))
            .collect();
        return tdfa::determinize_plain(&nfa::fold_optional_runs(&lowered.hir), &shared, budget);
    }
    tdfa::determinize(
        nfa,
        &lowered.group_component,
        lowered.components.len(),
        budget,
    )
}

/// Refuses, before any automaton is built, an expression that no DFA within
/// `budget` states can match: along the path of a shortest match, or of a
/// longest one when there is a longest, no state repeats, so a match of `n`
/// bytes needs `n + 1` states. `x = 19000"a"` is built; `x = 30000"a"`
/// fails here at once instead of after 20,000 states.
pub(crate) fn check_lengths(lowered: &Lowered, budget: usize) -> Result<(), CompileError> {
    let props = lowered.hir.properties();
    let (len, longest) = match (props.minimum_len(), props.maximum_len()) {
        (Some(min), _) if min >= budget => (min, false),
        (_, Some(max)) if max >= budget => (max, true),
        _ => return Ok(()),
    };
    Err(CompileError::TooLong {
        len,
        longest,
        budget,
    })
}
