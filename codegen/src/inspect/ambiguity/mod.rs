//! Ambiguity found at build time: an input with two parses whose captures
//! differ, found before it bites, with a shortest witness and both
//! readings.
//!
//! Principal functions: [`lint`] (every entry of a [`Compiled`](crate::compiled::Compiled) grammar,
//! as diagnostics), [`check_captures`] and [`check_overlap`] (one
//! automaton); principal types: [`Verdict`], [`Witness`], [`Budget`],
//! [`Lint`].
//!
//! Note [the ambiguity search]
//! uridfa reads an input the way a leftmost-first backtracking matcher
//! would: alternatives in the file's order, repetitions greedy, the first
//! parse of the whole input wins (`docs/derive.md`). A grammar is
//! *ambiguous* here when some input has two parses whose captures differ:
//! the machine then silently picks one, and the grammar author should know
//! which. Two parses that differ only in rules nobody captures are not
//! reported; nor are two that set the same spans by different paths (RFC
//! 3986's empty `path` is `path-abempty` or `path-empty`, one component).
//!
//! The search is the self-product of the entry's Thompson NFA
//! ([`crate::pipeline::nfa`]). Each NFA state's ε-closure is listed as
//! pairs (byte-consuming state or `Match`, set of tags crossed on the way);
//! tag `2k`/`2k+1` is component `k`'s start/end, as in the tagged DFA. A
//! product state is `(q1, q2, D)`: two parses that have read the same
//! bytes, and `D`, the tags whose *last* values differ between them (a
//! capture reports its last value). When both cross tag `t` at the same
//! position, `t` leaves `D`; when one does and the other does not, `t`
//! enters `D`. So `D` is exact: a state with both sides at `Match` and `D`
//! non-empty is an input with two parses whose reported spans differ, and
//! one with `D` empty is not. A capture inside a list reports every
//! occurrence, not its last (Note [repeated captures]): its tags are
//! *sticky*, they stay in `D` once they differ, so two parses that differ
//! in an earlier item and agree in the last are found too; the witness
//! shows the first occurrence in which they differ (`m #1 = ...`).
//! Occurrences are compared as sets of spans: an empty capture crossed
//! twice at one place by one parse and once by the other is not told
//! apart. A breadth-first search from the start
//! closure's pairs, one byte class at a time, finds a shortest such input;
//! parent pointers rebuild both parses and their spans. States are kept up
//! to the order of the pair (`(q1, q2, D)` and `(q2, q1, D)` have the same
//! future), a state whose `D` is inside the `D` of a kept state with the
//! same pair is dropped (Note [dominated states]), and the search goes
//! layer by layer in the order of the inputs read, bytes compared from
//! letters to digits to the rest, so the witness is the first of the
//! shortest in that order and reads as text where it can. uridfa's own
//! reading of the witness comes from the compiled tables
//! (`uridfa_runtime::split_regs`), not from the search.
//!
//! The search is bounded by a number of product states and of steps
//! ([`Budget`]), never by time; past either it reports
//! [`Verdict::Unfinished`], which the lint words as "did not finish",
//! never as "unambiguous".
//!
//! Kinds decided after the match (`;@ kind-after host = IPv4address /
//! reg-name`) are ambiguous by design: the first listed kind whose machine
//! accepts the span wins. Their overlaps are found the same way, on the
//! product of two kinds' plain NFAs ([`check_overlap`]), and reported as
//! notes, not warnings.
//!
//! Cost: the check runs in `uridfa lint`, in the derive and in
//! `uridfa-generate`, not in every [`crate::driver::compile_grammar`]; see
//! `docs/derive.md` for its time on the built-in grammars.

//!
//! One job per file: `search.rs` (the product search, [`check_captures`],
//! [`check_overlap`]), `lint.rs` (the findings of a grammar, [`lint`]).

mod lint;
mod search;

pub use lint::{check_machine, lint, quote, Finding, Lint, LintOptions, Severity};
pub use search::{
    check_captures, check_overlap, check_repeated_captures, Budget, Spans, Verdict, Witness,
};
