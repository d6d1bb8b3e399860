//! The driver: runs the stages in order, one line each.
//!
//! `build.rs`, the CLI and the tests are thin front ends over
//! [`compile_file`], [`compile_str`] and [`compile_lowered`].
//!
//! Principal types: [`Options`], [`Machine`], [`Compiled`], and the errors
//! [`CompileError`] and [`FingerprintError`] (Note [stage errors]).

pub use crate::compiled::{Compiled, ListMachine, Machine};
use crate::pipeline::abnf::{self, Grammar};
use crate::pipeline::lower::{self, Lowered};
use crate::pipeline::nfa::NfaError;
use crate::pipeline::tdfa::TdfaError;
use crate::pipeline::{minimize, nfa, tables, tdfa};
use crate::support::diag::{Diagnostic, Diagnostics, Span};
use std::path::{Path, PathBuf};
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
            CompileError::List { span, .. } => Some(*span),
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
    let nfa = nfa::compile(&lowered)?;
    let tdfa = tdfa::determinize(
        &nfa,
        &lowered.group_component,
        lowered.components.len(),
        opts.state_budget,
    )?;
    let unminimized_state_len = tdfa.states.len();
    let tdfa = if opts.minimize {
        minimize::minimize(&tdfa)
    } else {
        tdfa
    };
    let mut tables = tables::build(&tdfa, &lowered);
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

/// Refuses, before any automaton is built, an expression that no DFA within
/// `budget` states can match: along the path of a shortest match, or of a
/// longest one when there is a longest, no state repeats, so a match of `n`
/// bytes needs `n + 1` states. `x = 19000"a"` is built; `x = 30000"a"`
/// fails here at once instead of after 20,000 states.
fn check_lengths(lowered: &Lowered, budget: usize) -> Result<(), CompileError> {
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

// Note [where a budget error points]
//
// An entry refused by a stage (its match too long for the state budget, or
// the determinization past its state or work budget) is reported at the
// definition of the rule that spent the budget, not at the `;@ entry`
// pragma, which says nothing about why: for a longest match past the
// budget, the innermost rule below the entry whose own longest match is
// past it (`RuleSizes::max_len`, as `RuleSizes::too_large` finds the rule
// past the expansion limit); otherwise the entry rule's own definition.
// The message still names the entry.

/// Where `e`, an error of the entry `rule`, points: the definition of the
/// rule that spent the budget, and, when it is not the entry, that rule's
/// name and longest match (Note [where a budget error points]); `None` if
/// the rule is not found.
fn budget_rule(
    grammar: &Grammar,
    sizes: &lower::RuleSizes,
    rule: &str,
    e: &CompileError,
) -> Option<(Span, Option<(String, u64)>)> {
    let root = grammar.rule_index(rule)?;
    let mut v = root;
    if let CompileError::TooLong {
        longest: true,
        budget,
        ..
    } = e
    {
        let past = |w: usize| sizes.max_len.get(w).copied().flatten() >= Some(*budget as u64);
        for _ in 0..sizes.refs.len() {
            match sizes.refs[v].iter().find(|&&w| past(w)) {
                Some(&w) => v = w,
                None => break,
            }
        }
    }
    let r = grammar.rules.get(v)?;
    let inner = match sizes.max_len.get(v).copied().flatten() {
        Some(len) if v != root => Some((r.name.clone(), len)),
        _ => None,
    };
    Some((r.span, inner))
}

// Note [a budget per grammar]
//
// Every limit of the stages is per entry rule (lower::MAX_EXPANSION nodes,
// Options::state_budget states), so a grammar with many entries could
// still take unbounded time and memory: 400 entries of `4000"a"` took
// 7.6 s and 830 MB, 2,000 entries of a 2,048-state machine 44 s and
// 1.7 GB. Two budgets are therefore shared by all the entries of a
// grammar, spent in pragma order: MAX_GRAMMAR_EXPANSION inlined nodes
// (the size of what is lowered and compiled to an NFA), and
// Options::grammar_state_budget determinized states (an entry that failed
// on its own state budget counts as having spent it; each entry may use at
// most what is left). The first entry that would overspend either is
// reported, with the entries after it, and nothing after it is compiled.
// `;@ encode-set` pragmas likewise: each rule is derived once however many
// pragmas name it, and the rules together lower to at most
// MAX_ENCODE_SET_EXPANSION nodes (5,000 pragmas over a rule of 2,000
// alternatives took 22 s).
// The built-in grammars use under 2 % of the first and under 10 % of the
// second (2396bis-01: 7,333 states; codegen/tests/bounded.rs).

/// The most inlined expression nodes that all the entry rules of one
/// grammar may lower to together (Note [a budget per grammar]).
pub const MAX_GRAMMAR_EXPANSION: u64 = 1 << 22;

/// The most inlined expression nodes that the rules of all the
/// `;@ encode-set` pragmas of one grammar may lower to together, each rule
/// counted once (Note [a budget per grammar]).
pub const MAX_ENCODE_SET_EXPANSION: u64 = 1 << 20;

/// [`compile_lowered`] with at most `budget` states, adding what it spent
/// to `states_used`: the states it created, or the whole budget when it
/// failed (the determinizer may have built up to the budget before it
/// stopped). See Note [a budget per grammar].
fn compile_within(
    lowered: Lowered,
    opts: Options,
    budget: usize,
    states_used: &mut usize,
) -> Result<Machine, CompileError> {
    let r = compile_lowered(
        lowered,
        Options {
            state_budget: budget,
            ..opts
        },
    );
    let spent = r.as_ref().map_or(budget, |m| m.unminimized_state_len);
    *states_used = states_used.saturating_add(spent);
    r
}

/// Compiles every entry rule of a checked grammar.
///
/// # Errors
///
/// Every entry's failure, located at its `;@ entry` pragma.
pub fn compile_grammar(grammar: Grammar, opts: Options) -> Result<Compiled, Diagnostics> {
    let mut machines = Vec::new();
    let mut errors = Vec::new();
    let sizes = lower::RuleSizes::new(&grammar);
    let (mut nodes_used, mut states_used) = (0u64, 0usize);
    for (k, (rule, span)) in grammar.entries.iter().enumerate() {
        // An entry over the per-entry limit is refused by `lower_with`
        // before anything is copied, so it spends nothing.
        let nodes = grammar
            .rule_index(rule)
            .and_then(|i| sizes.nodes.get(i).copied())
            .filter(|&n| n <= lower::MAX_EXPANSION)
            .unwrap_or(0);
        let states_left = opts.grammar_state_budget.saturating_sub(states_used);
        let over = if nodes_used.saturating_add(nodes) > MAX_GRAMMAR_EXPANSION {
            Some(format!(
                "the entries up to this one expand to more than {MAX_GRAMMAR_EXPANSION} \
                 expression nodes together (the grammar's budget)"
            ))
        } else if states_left == 0 {
            Some(format!(
                "the entries before this one used the grammar's budget of {} DFA states",
                opts.grammar_state_budget
            ))
        } else {
            None
        };
        if let Some(why) = over {
            let after = grammar.entries.len() - k - 1;
            errors.push(Diagnostic {
                span: *span,
                message: format!(
                    "entry '{rule}': {why}; not compiled: '{rule}' and the {after} entries after it"
                ),
            });
            break;
        }
        nodes_used = nodes_used.saturating_add(nodes);
        let lowered = match lower::lower_with(&grammar, &sizes, rule, *span) {
            Ok(l) => l,
            Err(d) => {
                errors.extend(d.errors);
                continue;
            }
        };
        let budget = opts.state_budget.min(states_left);
        // When what is left of the grammar's budget is what stopped the
        // entry, nothing after it is compiled either.
        let shared = (budget < opts.state_budget).then(|| {
            let after = grammar.entries.len() - k - 1;
            format!(
                " (what the entries before it left of the grammar's budget of {} states); \
                 not compiled: the {after} entries after it",
                opts.grammar_state_budget
            )
        });
        // A stage's error, located at the rule that spent the budget and
        // naming the entry (Note [stage errors], Note [where a budget
        // error points]).
        let entry_error = |e: CompileError| {
            // A list's proof is located at its repetition; a budget at the
            // rule that spent it.
            let (at, inner) = match e.span() {
                Some(at) => (at, None),
                None => budget_rule(&grammar, &sizes, rule, &e).unwrap_or((*span, None)),
            };
            let mut d = match (inner, &e) {
                (Some((inner, len)), CompileError::TooLong { budget, .. }) => {
                    let e = CompileError::TooLong {
                        len: usize::try_from(len).unwrap_or(usize::MAX),
                        longest: true,
                        budget: *budget,
                    };
                    e.at(at)
                        .context(format_args!("rule '{inner}' (in entry '{rule}')"))
                }
                _ => e.at(at).context(format_args!("entry '{rule}'")),
            };
            d.message.push_str(shared.as_deref().unwrap_or(""));
            d
        };
        // Refused before any automaton is built: spends nothing.
        if let Err(e) = check_lengths(&lowered, budget) {
            errors.push(entry_error(e));
            if shared.is_some() {
                break;
            }
            continue;
        }
        match compile_within(lowered, opts, budget, &mut states_used) {
            Ok(m) => machines.push(m),
            Err(e) => {
                errors.push(entry_error(e));
                if shared.is_some() {
                    break;
                }
            }
        }
    }
    // `;@ component` machines, after the entries, within what the entries
    // left of the grammar's budgets (Note [a budget per grammar]); they
    // never change the entries' machines.
    let mut components = Vec::new();
    for (rule, span) in &grammar.components {
        let nodes = grammar
            .rule_index(rule)
            .and_then(|i| sizes.nodes.get(i).copied())
            .filter(|&n| n <= lower::MAX_EXPANSION)
            .unwrap_or(0);
        let states_left = opts.grammar_state_budget.saturating_sub(states_used);
        if nodes_used.saturating_add(nodes) > MAX_GRAMMAR_EXPANSION || states_left == 0 {
            errors.push(Diagnostic {
                span: *span,
                message: format!(
                    "component '{rule}': the entries and components before it used the \
                     grammar's budget ({MAX_GRAMMAR_EXPANSION} expression nodes, {} DFA states)",
                    opts.grammar_state_budget
                ),
            });
            break;
        }
        nodes_used = nodes_used.saturating_add(nodes);
        let lowered = match lower::lower_with(&grammar, &sizes, rule, *span) {
            Ok(l) => l,
            Err(d) => {
                errors.extend(d.errors);
                continue;
            }
        };
        let budget = opts.state_budget.min(states_left);
        match compile_within(lowered, opts, budget, &mut states_used) {
            Ok(m) => components.push(m),
            Err(e) => errors.push(e.at(*span).context(format_args!("component '{rule}'"))),
        }
    }
    // Encode sets: one derivation per rule, however many pragmas name it,
    // within a budget of their own shared by all (Note [a budget per
    // grammar]).
    let mut encode_sets = Vec::new();
    let mut derived: std::collections::BTreeMap<
        usize,
        Option<crate::pipeline::encode_set::EncodeSetBuf>,
    > = std::collections::BTreeMap::new();
    let mut set_nodes_used = 0u64;
    for (k, p) in grammar.encode_sets.iter().enumerate() {
        let Some(rule) = grammar.rule_index(&p.rule) else {
            // derive_with reports the unknown rule.
            if let Err(e) = crate::pipeline::encode_set::derive_with(&grammar, &sizes, p) {
                errors.push(e.at(p.pragma));
            }
            continue;
        };
        if let std::collections::btree_map::Entry::Vacant(slot) = derived.entry(rule) {
            let nodes = sizes
                .nodes
                .get(rule)
                .copied()
                .unwrap_or(0)
                .min(lower::MAX_EXPANSION);
            set_nodes_used = set_nodes_used.saturating_add(nodes);
            if set_nodes_used > MAX_ENCODE_SET_EXPANSION {
                let after = grammar.encode_sets.len() - k - 1;
                errors.push(Diagnostic {
                    span: p.pragma,
                    message: format!(
                        "encode-set '{}': the rules of the encode sets up to this one expand to \
                         more than {MAX_ENCODE_SET_EXPANSION} expression nodes together (the \
                         grammar's budget); not derived: '{}' and the {after} encode sets after it",
                        p.name, p.name
                    ),
                });
                break;
            }
            let set = crate::pipeline::encode_set::derive_with(&grammar, &sizes, p)
                .map_err(|e| errors.push(e.at(p.pragma)))
                .ok();
            if let Some(set) = &set {
                encode_sets.push(set.clone());
            }
            slot.insert(set);
            continue;
        }
        match derived.get(&rule) {
            Some(Some(set)) => encode_sets.push(crate::pipeline::encode_set::EncodeSetBuf {
                name: p.name.clone(),
                ..set.clone()
            }),
            _ => errors.push(Diagnostic {
                span: p.pragma,
                message: format!(
                    "encode-set '{}': rule '{}' gives no encode set (see the first encode-set \
                     naming it)",
                    p.name, p.rule
                ),
            }),
        }
    }
    if !errors.is_empty() {
        return Err(Diagnostics {
            sources: grammar.sources.clone(),
            errors,
        });
    }
    Ok(Compiled {
        grammar,
        machines,
        components,
        encode_sets,
    })
}

/// Reads, checks and compiles the grammar file at `path`.
///
/// # Errors
///
/// Every problem found, located by file, line and column.
pub fn compile_file(path: &std::path::Path, opts: Options) -> Result<Compiled, Diagnostics> {
    compile_grammar(abnf::load(path)?, opts)
}

/// [`compile_file`], with `extra` rules compiled as entries too, after the
/// file's own `;@ entry` rules, as if the file named them in one more
/// pragma (the CLI's `--rule R` on a file without `;@ entry r`). A name
/// that is already an entry (ASCII case ignored) or that names no rule of
/// the grammar is skipped: the caller, which knows where the name came
/// from, reports an unknown one. An extra entry's errors point at its
/// rule's definition.
///
/// # Errors
///
/// As [`compile_file`].
///
/// # Example
///
/// ```no_run
/// use uridfa_codegen::driver::{compile_file_with_entries, Options};
/// // `date.abnf` has no `;@ entry` pragma.
/// let c = compile_file_with_entries("date.abnf".as_ref(), Options::default(), &["date"])?;
/// assert_eq!(c.machines[0].lowered.rule, "date");
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn compile_file_with_entries(
    path: &std::path::Path,
    opts: Options,
    extra: &[&str],
) -> Result<Compiled, Diagnostics> {
    let mut grammar = abnf::load(path)?;
    add_entries(&mut grammar, extra);
    compile_grammar(grammar, opts)
}

/// [`compile_str`], with `extra` rules compiled as entries too (see
/// [`compile_file_with_entries`]).
///
/// # Errors
///
/// As [`compile_str`].
///
/// # Example
///
/// ```
/// use uridfa_codegen::driver::{compile_str_with_entries, Options};
/// let c = compile_str_with_entries("g.abnf", "r = \"a\"\n", Options::default(), &["R"])?;
/// assert_eq!(c.machines.len(), 1);
/// assert_eq!(c.machines[0].lowered.rule, "r");
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn compile_str_with_entries(
    path: &str,
    text: &str,
    opts: Options,
    extra: &[&str],
) -> Result<Compiled, Diagnostics> {
    let mut grammar = abnf::parse(path, text)?;
    add_entries(&mut grammar, extra);
    compile_grammar(grammar, opts)
}

/// Adds each rule of `extra` that the grammar defines and does not already
/// list to its entries, named as its definition names it and located at
/// its definition.
fn add_entries(grammar: &mut Grammar, extra: &[&str]) {
    for name in extra {
        let listed = grammar
            .entries
            .iter()
            .any(|(e, _)| e.eq_ignore_ascii_case(name));
        if listed {
            continue;
        }
        if let Some(rule) = grammar.rule(name) {
            let entry = (rule.name.clone(), rule.span);
            grammar.entries.push(entry);
        }
    }
}

/// Checks and compiles grammar text; `path` names it in messages and
/// resolves its imports.
///
/// # Errors
///
/// Every problem found, located by file, line and column.
pub fn compile_str(path: &str, text: &str, opts: Options) -> Result<Compiled, Diagnostics> {
    compile_grammar(abnf::parse(path, text)?, opts)
}

/// Compiles every `*.abnf` in `grammar_dir` that has `;@ entry` pragmas
/// and writes `<name>.rs` into `out_dir`, with `<name>_views.rs` beside it
/// when the grammar has `;@ view` pragmas (`src/generated/` through the
/// `uridfa-generate` binary; `OUT_DIR` through `build.rs` with the
/// `regenerate` feature), and the list of those grammars, `grammars.rs`
/// ([`grammar_list`]). Each file's second line records the
/// [`grammar_dir_fingerprint`] that `build.rs` compares (Note [committed
/// tables]). Returns the grammars' names.
///
/// # Errors
///
/// Every grammar's rendered diagnostics (`path:line:col: error: ...`),
/// including the ambiguities of a grammar that says `;@ deny ambiguity`
/// ([`crate::inspect::ambiguity::lint`]), or an I/O error.
pub fn generate_dir(
    grammar_dir: &std::path::Path,
    out_dir: &std::path::Path,
) -> Result<Vec<String>, String> {
    generate_dir_only(grammar_dir, out_dir, &|_| true)
}

/// [`generate_dir`], compiling only the grammars whose name `wanted`
/// accepts (`build.rs` with the `regenerate` feature compiles those whose
/// cargo feature is on). The list `grammars.rs` still names every grammar
/// of the directory: a grammar left out is still recognized by name.
///
/// # Errors
///
/// As [`generate_dir`].
pub fn generate_dir_only(
    grammar_dir: &std::path::Path,
    out_dir: &std::path::Path,
    wanted: &dyn Fn(&str) -> bool,
) -> Result<Vec<String>, String> {
    let fingerprint = grammar_dir_fingerprint(grammar_dir).map_err(|e| e.to_string())?;
    let mut paths = grammar_files(grammar_dir).map_err(|e| e.to_string())?;
    paths.sort();
    let write = |file: &str, src: &str| -> Result<(), String> {
        let (first, rest) = src.split_once('\n').unwrap_or((src, ""));
        let src = format!(
            "{first}\n{FINGERPRINT_PREFIX}{fingerprint:016x} (checked by build.rs)\n{rest}"
        );
        let out = out_dir.join(file);
        std::fs::write(&out, src).map_err(|e| format!("{}: {e}", out.display()))
    };
    let mut listed = Vec::new();
    let mut generated = Vec::new();
    let mut failures = Vec::new();
    for path in paths {
        let shown = format!(
            "grammar/{}",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("?")
        );
        let grammar = match abnf::load(&path) {
            Ok(g) if g.entries.is_empty() => continue,
            Ok(g) => g,
            Err(d) => {
                failures.push(d.to_string());
                continue;
            }
        };
        let name = grammar.name.clone();
        listed.push((name.clone(), grammar.title.clone()));
        if !wanted(&name) {
            continue;
        }
        let source = compile_grammar(grammar, Options::default())
            .map_err(|d| d.to_string())
            .and_then(|c| {
                // `;@ deny ambiguity` holds here too (Note [the ambiguity search] in
                // `crate::inspect::ambiguity`); warnings are for `uridfa lint`.
                let lint = crate::inspect::ambiguity::lint(&c, &Default::default());
                if lint.has_errors() {
                    return Err(lint.to_string());
                }
                let tables = crate::pipeline::emit::emit(&c, &shown).map_err(|e| e.to_string())?;
                let views = crate::pipeline::emit::view::views_file(&c, &shown)
                    .map_err(|e| e.to_string())?;
                Ok((tables, views))
            });
        match source {
            Ok((tables, views)) => {
                let stem = name.replace('-', "_");
                write(&format!("{stem}.rs"), &tables)?;
                if let Some(views) = views {
                    write(&format!("{stem}_views.rs"), &views)?;
                }
                generated.push(name);
            }
            Err(e) => failures.push(e),
        }
    }
    if failures.is_empty() {
        write("grammars.rs", &grammar_list(&listed))?;
        Ok(generated)
    } else {
        Err(failures.join("\n"))
    }
}

// Note [the list of grammars]
//
// The root crate's `Grammar` enum, `Grammar::ALL`, `GRAMMARS` and the
// names it recognizes come from one invocation of its `builtin_grammars!`
// macro, one row per grammar: name (the file stem, also the cargo feature),
// module (the stem with `_`), variant (the stem in upper camel case:
// `draft-ietf-uri-url-06` is `DraftIetfUriUrl06`) and doc (from the
// grammar's `;@ title`). `uridfa-generate` writes that invocation into
// `src/generated/grammars.rs` from the files in `grammar/`, in file-name
// order, so a grammar is listed by existing; what stays by hand is its
// module in `src/grammars/` and its feature in `Cargo.toml`, which
// `tests/features.rs` checks against this list.

/// The text of `grammars.rs`: one `builtin_grammars!` row per grammar
/// `(name, title)`, in the given order (Note [the list of grammars]).
pub fn grammar_list(grammars: &[(String, Option<String>)]) -> String {
    let mut out = format!(
        "// @generated by uridfa-codegen {} from the files in grammar/ — do not edit\n\
         builtin_grammars! {{\n",
        env!("CARGO_PKG_VERSION")
    );
    for (name, title) in grammars {
        let module = name.replace('-', "_");
        let variant: String = name
            .split('-')
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            })
            .collect();
        let doc = match title {
            Some(t) => format!("`{name}`: {t}"),
            None => format!("`{name}`: `grammar/{name}.abnf`."),
        };
        out.push_str(&format!("    {name:?} => {module}, {variant}, {doc:?};\n"));
    }
    out.push_str("}\n");
    out
}

/// A per-entry report of every stage: NFA states, tagged-DFA states before
/// and after minimization, byte classes, registers before and after
/// allocation, edges, accelerated loops, table bytes, the plain DFA's state
/// count, and each tag's degree of nondeterminism (the most registers it
/// needed in one state). `;@ component` machines follow the entries,
/// marked `(component)`.
pub fn report(c: &Compiled) -> String {
    let mut out = String::new();
    let components = c.components.iter().map(|m| (m, " (component)"));
    for (m, what) in c.machines.iter().map(|m| (m, "")).chain(components) {
        let t = m.tables.as_tables();
        let plain = crate::inspect::oracle::plain_dfa_state_len(&t)
            .map_or_else(|e| format!("? ({e})"), |n| n.to_string());
        out.push_str(&format!(
            "{} {}{}: nfa {} states; tdfa {} -> {} states (minimized), {} byte classes, {} -> {} registers, \
             {} edges, {} accelerated loops, {} table bytes; plain DFA {} states\n",
            c.grammar.name,
            m.lowered.rule,
            what,
            m.nfa.states().len(),
            m.unminimized_state_len,
            t.state_len(),
            t.stride,
            m.tdfa.reg_len_before_alloc,
            t.reg_len,
            t.edges.len(),
            // The sets that edges name (`accels` also holds the escapes'
            // digits).
            (0..t.accels.len())
                .filter(|&k| t.edges.iter().any(|e| usize::from(e.accel) == k))
                .count(),
            t.table_bytes(),
            plain,
        ));
        let degrees: Vec<String> = m
            .lowered
            .components
            .iter()
            .enumerate()
            .map(|(k, comp)| {
                let d = |tag: usize| m.tdfa.nondeterminism.get(tag).copied().unwrap_or(0);
                format!("{} {}/{}", comp.name, d(2 * k), d(2 * k + 1))
            })
            .collect();
        out.push_str(&format!(
            "  tag nondeterminism (start/end): {}\n",
            degrees.join(", ")
        ));
    }
    out
}

// Note [committed tables]
//
// The generated tables are committed under `src/generated/`, so a crate
// that depends on uridfa compiles the runtime and the tables and nothing
// of the generator (regex-automata, syn, quote, prettyplease): the build
// of a dependent costs about what fluent-uri's does (docs/ARCHITECTURE.md
// has the figures). Editing a grammar must still change the tables, so:
//
// - `cargo run -p uridfa-codegen --bin uridfa-generate` rewrites
//   `src/generated/` from `grammar/`;
// - every generated file records, on its second line, a fingerprint of
//   all the `*.abnf` files of `grammar/` (names and contents, FNV-1a 64);
//   `build.rs` recomputes it on every build and fails, naming the command
//   above, when a grammar file changed since the tables were generated;
// - `--features regenerate` compiles the grammars in `build.rs` into
//   `OUT_DIR` instead, as before (for working on a grammar);
// - tests/generated.rs compares the committed files with the generator's
//   output, byte for byte.
//
// FNV-1a is not a cryptographic hash: it only has to notice an edit. It is
// written out here and in `build.rs` (ten lines each) so that `build.rs`
// needs no dependency at all; if the two disagreed, every build would fail
// on the committed tables, and .ci/regen-check would say so.

/// How a generated file's second line starts.
pub const FINGERPRINT_PREFIX: &str = "// grammar/ fingerprint fnv1a64 ";

/// Why [`grammar_dir_fingerprint`] failed (Note [stage errors]).
#[derive(Debug)]
#[non_exhaustive]
pub enum FingerprintError {
    /// The directory or one of its grammar files could not be read.
    Read {
        /// The directory or the file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

impl std::fmt::Display for FingerprintError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FingerprintError::Read { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for FingerprintError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FingerprintError::Read { source, .. } => Some(source),
        }
    }
}

/// The `*.abnf` files directly in `dir`.
fn grammar_files(dir: &Path) -> Result<Vec<PathBuf>, FingerprintError> {
    files_ending(dir, "abnf")
}

/// The files of `dir` whose extension is `ext`.
fn files_ending(dir: &Path, ext: &str) -> Result<Vec<PathBuf>, FingerprintError> {
    Ok(std::fs::read_dir(dir)
        .map_err(|source| FingerprintError::Read {
            path: dir.to_owned(),
            source,
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some(ext))
        .collect())
}

/// FNV-1a 64 over every `*.abnf` file of `dir`, in name order, then every
/// `*.rs` file of `dir/methods/` (Note [methods files]), in name order,
/// named `methods/NAME.rs`: the name, a NUL, the contents, a NUL (Note
/// [committed tables]).
///
/// # Errors
///
/// [`FingerprintError::Read`] when `dir` or one of its grammar files cannot
/// be read; its message starts with the path.
pub fn grammar_dir_fingerprint(dir: &Path) -> Result<u64, FingerprintError> {
    let mut paths = grammar_files(dir)?;
    paths.sort();
    let methods = dir.join("methods");
    if methods.is_dir() {
        let mut rs = files_ending(&methods, "rs")?;
        rs.sort();
        paths.extend(rs);
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for path in paths {
        let file = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let name = if path.parent() == Some(methods.as_path()) {
            format!("methods/{file}")
        } else {
            file.to_owned()
        };
        let text = std::fs::read(&path).map_err(|source| FingerprintError::Read {
            path: path.clone(),
            source,
        })?;
        for &b in name.as_bytes().iter().chain(&[0]).chain(&text).chain(&[0]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    Ok(h)
}
