//! Stage 3: compile a [`Lowered`] expression with regex-automata's Thompson
//! compiler, keeping every capture.
//!
//! The NFA's states are public (`NFA::states()`), and `Union`/`BinaryUnion`
//! list their alternatives in priority order, which is what the
//! leftmost-first determinization in [`crate::pipeline::tdfa`] walks. The same NFA
//! (plus an end-of-input assertion) drives the oracles: regex-automata's
//! dense DFA for acceptance and its PikeVM for spans.
//!
//! Before compiling, runs of optional elements are folded into bounded
//! repetitions (Note [runs of optional elements], [`fold_optional_runs`]).
//!
//! Principal functions: [`compile`], [`compile_anchored_end`]; principal
//! type: [`NfaError`].

use crate::pipeline::lowered::Lowered;
use crate::support::diag::{Diagnostic, Span};
use regex_automata::nfa::thompson::{BuildError, Compiler, Config, WhichCaptures, NFA};
use regex_syntax::hir::{Capture, Hir, HirKind, Look, Repetition};

/// Why the Thompson compiler refused an expression (see Note [stage errors]
/// in [`crate::driver`]).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum NfaError {
    /// regex-automata's error: in practice its size limit of 64 MiB, which
    /// [`NfaError::size_limit`] reports. (Boxed: it is 128 bytes.)
    Build(Box<BuildError>),
    /// The plain DFA an NFA is built from (Note [rules built once] in
    /// `lower.rs`) could not be built: the determinizer's message.
    Plain(String),
}

impl NfaError {
    /// The size limit that was exceeded, if that is why the build failed.
    pub fn size_limit(&self) -> Option<usize> {
        match self {
            NfaError::Build(e) => e.size_limit(),
            NfaError::Plain(_) => None,
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
            NfaError::Plain(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for NfaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NfaError::Build(e) => Some(&**e),
            NfaError::Plain(_) => None,
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
    if lowered.shared.is_some() {
        return of_shared(lowered, false);
    }
    let hir = fold_optional_runs(&lowered.hir);
    Ok(Compiler::new().configure(config()).build_from_hir(&hir)?)
}

// Note [runs of optional elements]
//
// A Thompson NFA of `x? x? ... x?` (n copies; ABNF `n["a"]`, `n("a" / "")`
// or n `["a"]` in a row, in one rule or spread over several) has an
// epsilon path from before each copy to before every later one, so the
// closure after the i-th byte holds about n - i states and the tagged
// determinization keeps n^2/2 items: `r = 4000["a"]` took 590 MB and 4 s,
// `8000["a"]` 1.6 GB. `x{0,n}`, the same language, is compiled as nested
// options (each copy's union skips to one shared end), with closures of
// two states: `0*4000"a"` took 7.6 MB. So before the Thompson compiler,
// [`fold_optional_runs`] rewrites, bottom-up:
//
// - adjacent concatenated elements `x{0,a}` `x{0,b}` (the same `x`, the
//   same greediness; `[x]` is `x{0,1}`, `x / ""` is a greedy and `"" / x`
//   a lazy `x{0,1}`) into `x{0,a+b}`;
// - `(x{0,k}){n}` (n copies) into `x{0,n*k}`, and `(x{0,k}){0,1}` into
//   `x{0,k}`;
//
// only when `x` holds no capture group. This is exact, captures and
// leftmost-first priority included: both sides match the same strings, and
// a parse of `x{0,a} x{0,b}` that stops the first repetition early (i < a
// copies) and then takes copies in the second (j > 0) has a twin that takes
// i + 1 copies in the first and j - 1 in the second, consuming the same
// bytes with the same choices inside each copy; the twin decides "take" where
// the other decided "stop" at the first point they differ, so for a greedy
// repetition it has the higher priority (for a lazy one, the mirror: of
// (i, j) with i > 0 and j < b and its twin (i - 1, j + 1), the twin stops
// the first repetition earlier and wins, so what remains fills the second
// before the first). With no capture inside `x`, the twins set every tag
// at the same position, so the best parse of any input has the same tags
// under both forms; and the parses that remain are exactly those of
// `x{0,a+b}`, in the same order (`runs_of_optional_elements_fold_exactly`
// in codegen/tests/bounded.rs checks this, greedy and lazy, with items of
// two lengths, against the PikeVM on the unfolded expression, on every
// input of up to 9 bytes). (The same argument covers the `n`-fold
// repetition, a concatenation of n copies, and `(x{0,k})?`, whose "skip"
// reads what "take, zero copies" reads, with lower priority.)
// What no rewrite reaches (distinct optional elements, captures inside the
// options) the determinization bounds (Note [work limits] in
// `crate::pipeline::tdfa`). codegen/tests/bounded.rs checks the folded
// machines against regex-automata's oracle on the unfolded expression.

/// `h`, with every run of optional elements folded into one bounded
/// repetition where that is exact (Note [runs of optional elements]).
pub fn fold_optional_runs(h: &Hir) -> Hir {
    fold(h).unwrap_or_else(|| h.clone())
}

/// [`fold_optional_runs`]: `None` if nothing changes (so that an
/// expression without such runs is compiled exactly as it was lowered).
/// Only what changes is rebuilt: an unchanged subtree is cloned at most
/// once, by the node that is rebuilt above it, so the work is linear in
/// the expression.
fn fold(h: &Hir) -> Option<Hir> {
    match h.kind() {
        HirKind::Concat(subs) => {
            let folded: Vec<Option<Hir>> = subs.iter().map(fold).collect();
            let cur: Vec<&Hir> = subs
                .iter()
                .zip(&folded)
                .map(|(s, f)| f.as_ref().unwrap_or(s))
                .collect();
            // Runs of two or more elements to fold: (first, end, x,
            // greediness, total).
            let mut runs: Vec<(usize, usize, Opt<'_>, bool, u32)> = Vec::new();
            let mut i = 0;
            while i < cur.len() {
                let Some((x, greedy, k)) = optional(cur[i]) else {
                    i += 1;
                    continue;
                };
                let (mut j, mut total) = (i + 1, k);
                while let Some((y, g, k2)) = cur.get(j).and_then(|h| optional(h)) {
                    match total.checked_add(k2) {
                        Some(t) if g == greedy && y == x => {
                            total = t;
                            j += 1;
                        }
                        _ => break,
                    }
                }
                if j - i >= 2 {
                    runs.push((i, j, x, greedy, total));
                }
                i = j;
            }
            if runs.is_empty() && folded.iter().all(Option::is_none) {
                return None;
            }
            let mut out: Vec<Hir> = Vec::with_capacity(cur.len());
            let mut runs = runs.into_iter().peekable();
            let mut i = 0;
            while i < cur.len() {
                match runs.peek() {
                    Some(&(first, end, x, greedy, total)) if first == i => {
                        out.push(bounded(x.to_hir(), greedy, total));
                        runs.next();
                        i = end;
                    }
                    _ => {
                        out.push(cur[i].clone());
                        i += 1;
                    }
                }
            }
            Some(Hir::concat(out))
        }
        HirKind::Alternation(subs) => {
            let folded: Vec<Option<Hir>> = subs.iter().map(fold).collect();
            if folded.iter().all(Option::is_none) {
                return None;
            }
            let subs = subs
                .iter()
                .zip(folded)
                .map(|(s, f)| f.unwrap_or_else(|| s.clone()))
                .collect();
            Some(Hir::alternation(subs))
        }
        HirKind::Capture(c) => fold(&c.sub).map(|sub| {
            Hir::capture(Capture {
                index: c.index,
                name: c.name.clone(),
                sub: Box::new(sub),
            })
        }),
        HirKind::Repetition(r) => {
            let folded = fold(&r.sub);
            let sub = folded.as_ref().unwrap_or(&r.sub);
            if let Some((x, greedy, k)) = optional(sub) {
                match (r.min, r.max) {
                    (n, Some(m)) if n == m => {
                        if let Some(total) = k.checked_mul(n) {
                            return Some(bounded(x.to_hir(), greedy, total));
                        }
                    }
                    (0, Some(1)) if r.greedy == greedy => {
                        return Some(bounded(x.to_hir(), greedy, k))
                    }
                    _ => {}
                }
            }
            folded.map(|sub| {
                Hir::repetition(Repetition {
                    min: r.min,
                    max: r.max,
                    greedy: r.greedy,
                    sub: Box::new(sub),
                })
            })
        }
        _ => None,
    }
}

/// `x{0,k}` (greedy or lazy, `k >= 1`), with `x` free of capture groups.
fn bounded(x: Hir, greedy: bool, k: u32) -> Hir {
    Hir::repetition(Repetition {
        min: 0,
        max: Some(k),
        greedy,
        sub: Box::new(x),
    })
}

/// The `x` of an optional element, borrowed: the alternatives it is made
/// of (one for `[x]`, several for `a / b / ""`).
#[derive(Clone, Copy, PartialEq)]
struct Opt<'h>(&'h [Hir]);

impl Opt<'_> {
    /// `x` itself.
    fn to_hir(self) -> Hir {
        match self.0 {
            [x] => x.clone(),
            xs => Hir::alternation(xs.to_vec()),
        }
    }
}

/// If `h` is `x{0,k}` with `k >= 1` and no capture group in `x`: `x`,
/// the greediness and `k`. `x / ""` is a greedy `x{0,1}`, `"" / x` a lazy
/// one (an alternation of several `x`s: their alternation).
fn optional(h: &Hir) -> Option<(Opt<'_>, bool, u32)> {
    if h.properties().explicit_captures_len() != 0 {
        return None;
    }
    match h.kind() {
        HirKind::Repetition(r) if r.min == 0 && r.max.is_some_and(|m| m >= 1) => Some((
            Opt(std::slice::from_ref(&*r.sub)),
            r.greedy,
            r.max.unwrap_or(1),
        )),
        HirKind::Alternation(subs) if subs.len() >= 2 => {
            let is_empty = |h: &Hir| matches!(h.kind(), HirKind::Empty);
            let last = subs.len() - 1;
            if is_empty(&subs[last]) && !subs[..last].iter().any(is_empty) {
                Some((Opt(&subs[..last]), true, 1))
            } else if is_empty(&subs[0]) && !subs[1..].iter().any(is_empty) {
                Some((Opt(&subs[1..]), false, 1))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The NFA for `lowered` followed by `\z`, for the regex-automata oracles:
/// an anchored leftmost-first search on it finds the highest-priority parse
/// of the whole input, which is what our tables report.
///
/// # Errors
///
/// As [`compile`].
pub fn compile_anchored_end(lowered: &Lowered) -> Result<NFA, NfaError> {
    if lowered.shared.is_some() {
        return of_shared(lowered, true);
    }
    let hir = Hir::concat(vec![lowered.hir.clone(), Hir::look(Look::End)]);
    Ok(Compiler::new().configure(config()).build_from_hir(&hir)?)
}

/// The most states the plain DFA of an entry with shared rules may have
/// when an NFA is built from it outside the driver (which has a budget of
/// its own).
const MAX_SHARED_DFA_STATES: usize = 1 << 16;

/// The NFA of an entry lowered with shared rules (Note [rules built once]
/// in `lower.rs`), built from its plain DFA.
fn of_shared(lowered: &Lowered, anchored_end: bool) -> Result<NFA, NfaError> {
    let rules: Vec<Hir> = lowered
        .shared
        .iter()
        .flat_map(|s| s.rules.iter().map(fold_optional_runs))
        .collect();
    let dfa = crate::pipeline::tdfa::determinize_plain(
        &fold_optional_runs(&lowered.hir),
        &rules,
        MAX_SHARED_DFA_STATES,
    )
    .map_err(|e| NfaError::Plain(e.to_string()))?;
    of_plain_dfa(&dfa, anchored_end)
}

/// An NFA that matches nothing, for calls that need one but read none.
pub fn empty() -> NFA {
    NFA::never_match()
}

/// A Thompson NFA for the tag-free DFA `dfa`: a state per DFA state with
/// its byte ranges, a match wherever the DFA accepts (after `\z` when
/// `anchored_end`), and capture group 0 around it, as the compiler builds.
///
/// # Errors
///
/// [`NfaError::Build`] past regex-automata's size limit.
pub fn of_plain_dfa(
    dfa: &crate::pipeline::tdfa::Tdfa,
    anchored_end: bool,
) -> Result<NFA, NfaError> {
    use regex_automata::nfa::thompson::{Builder, Transition};
    use regex_automata::util::primitives::StateID;
    let mut b = Builder::new();
    b.set_utf8(false);
    b.set_size_limit(Some(64 << 20))?;
    b.start_pattern()?;
    let mut entries: Vec<StateID> = Vec::with_capacity(dfa.states.len());
    for _ in 0..dfa.states.len() {
        entries.push(b.add_empty()?);
    }
    let open = b.add_capture_start(StateID::ZERO, 0, None)?;
    let close = b.add_capture_end(StateID::ZERO, 0)?;
    let done = b.add_match()?;
    b.patch(close, done)?;
    let last = if anchored_end {
        b.add_look(close, regex_automata::util::look::Look::End)?
    } else {
        close
    };
    for (s, state) in dfa.states.iter().enumerate() {
        let mut ranges: Vec<Transition> = Vec::new();
        for (c, t) in state.next.iter().enumerate() {
            let Some(t) = t else { continue };
            for byte in dfa.classes.bytes(c) {
                match ranges.last_mut() {
                    Some(r)
                        if r.next == entries[t.target]
                            && usize::from(r.end) + 1 == usize::from(byte) =>
                    {
                        r.end = byte;
                    }
                    _ => ranges.push(Transition {
                        start: byte,
                        end: byte,
                        next: entries[t.target],
                    }),
                }
            }
        }
        ranges.sort_by_key(|r| r.start);
        let mut alts = Vec::new();
        if !ranges.is_empty() {
            alts.push(b.add_sparse(ranges)?);
        }
        if state.fin.is_some() {
            alts.push(last);
        }
        let to = match alts.as_slice() {
            [] => b.add_fail()?,
            [one] => *one,
            _ => b.add_union(alts)?,
        };
        b.patch(entries[s], to)?;
    }
    b.patch(open, entries[dfa.start])?;
    b.finish_pattern(open)?;
    Ok(b.build(open, open)?)
}
