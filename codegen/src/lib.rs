//! uridfa-codegen: compiles ABNF grammars into tagged DFA tables.
//!
//! The pipeline, one module per stage, in `src/pipeline/` (see
//! [`pipeline`] and `docs/ARCHITECTURE.md`):
//! [`abnf`] → [`lower`] → [`nfa`] → [`tdfa`] → [`minimize`] → [`tables`] → [`emit`].
//! [`driver`] runs them in order and [`compiled`] holds what they make;
//! [`split`] says what splitting an input with any tables gives (the
//! fields, and the captures of every list item).
//! Beside them, [`encode_set`] derives the percent-encoding sets of
//! `;@ encode-set` pragmas. What the stages use lives apart, in
//! `src/support/` ([`support`]: [`diag`] for messages, [`sample`] for
//! seeded random inputs), and views of the stages for people and tests in
//! `src/inspect/` ([`inspect`]: [`dump`] for text and DOT forms, [`oracle`]
//! for regex-automata's automata). Every module stays reachable at the
//! crate root (`uridfa_codegen::tables`, `uridfa_codegen::diag`, ...).
//!
//! # Bounds
//!
//! Grammars are input, sometimes someone else's (a dependency's derive, a
//! file handed to the CLI), so the generator is bounded on every grammar:
//! each file up to 1 MB, valid or not, gets its tables or located errors in
//! well under 5 s and 512 MB (release build; `codegen/tests/bounded.rs`
//! holds the adversarial cases). The bounds, and why each is needed:
//!
//! - **Files.** An `;@ import` reads only a `*.abnf` file under the
//!   importing file's directory, at most [`abnf::MAX_FILE_LEN`] (1 MiB) of
//!   UTF-8 text, so an error excerpt never quotes a file that is not a
//!   grammar (Note [what an import may read] in [`abnf`]).
//! - **Syntax.** Groups and options nest at most 64 deep (the parser is
//!   recursive descent); rules are found through a name index, and the
//!   passes over the rule graph are iterative, so 38,000 chained rules cost
//!   what their text does.
//! - **Inlining.** Rules nest at most 256 deep below an entry, an
//!   expression at most [`lower::MAX_NESTING`] levels once inlined (later
//!   stages recurse on it), and an entry expands to at most
//!   [`lower::MAX_EXPANSION`] nodes, checked on sizes computed bottom-up
//!   before anything is copied: `r0 = r1 r1`, ..., `r40 = "a"` fails at once
//!   instead of exhausting memory (Note [expansion limit] in [`lower`]).
//!   Only the rules an entry reaches are inlined into its machine; the
//!   expected-byte sets of error messages lower each small rule once per
//!   grammar, within a total budget.
//! - **Automata.** The NFA is capped at 64 MiB by regex-automata while it
//!   grows; the tagged DFA at [`driver::Options::state_budget`] states, and
//!   an expression whose shortest (or finite longest) match alone needs more
//!   states than that is refused before any automaton is built.
//!   Minimization is Hopcroft's O(m log n) ([`minimize`]), not Moore's
//!   rounds, which cost a round per state on chain-shaped machines.
//!   Runs of optional elements (`4000["a"]`, `n("a" / "")`, thousands of
//!   `["a"]` in a row) are folded into bounded repetitions before the NFA
//!   is built, exactly (Note [runs of optional elements] in [`nfa`]), so
//!   they compile in memory linear in the grammar (`8000["a"]`: 11 MB,
//!   against 1.6 GB before). What no rewrite reaches is bounded by the
//!   determinization's own limits, [`tdfa::MAX_CLOSURE_WORK`] steps and
//!   [`tdfa::MAX_DETERMINIZATION_BYTES`] of kernels and transitions (Note
//!   [work limits] in [`tdfa`]); `cli/tests/adversarial.rs` runs such
//!   grammars under `ulimit -v 524288 -t 5`. A budget error points at the
//!   rule that spent the budget (Note [where a budget error points] in
//!   [`driver`]).
//! - **Many entries.** All the entries of one grammar share two budgets,
//!   [`driver::MAX_GRAMMAR_EXPANSION`] inlined nodes and
//!   [`driver::Options::grammar_state_budget`] states, so 400 entries of
//!   `4000"a"` stop after 0.3 s instead of taking 7.6 s and 830 MB (Note [a
//!   budget per grammar] in [`driver`]). `;@ encode-set` pragmas derive each
//!   rule once and share [`driver::MAX_ENCODE_SET_EXPANSION`] nodes.
//! - **Statistics.** regex-automata's minimal plain DFA, shown for
//!   comparison, is computed only where it is shown
//!   ([`oracle::plain_dfa_state_len`]), never while compiling.
#![deny(missing_docs)]

pub mod c;
pub mod compiled;
pub mod driver;
pub mod inspect;
pub mod pipeline;
pub mod split;
pub mod support;

pub use inspect::{ambiguity, dump, oracle, picture};
pub use pipeline::{abnf, emit, encode_set, lower, minimize, nfa, tables, tdfa};
pub use support::{diag, sample};
