//! Percent-encoding sets derived from the grammar (`;@ encode-set NAME =
//! rule`).
//!
//! A percent-encoder writes each byte of its data either literally or as a
//! `%XX` triplet. For the output to match `rule` whatever the data, the rule
//! must be *set-like*: there are two byte sets, `first` and `rest`, such
//! that every string made of
//!
//! - a first unit: a byte of `first` or a triplet `%HH` (`H` an upper-case
//!   hex digit, as RFC 3986 §2.1 recommends) of an octet in `pct`, then
//! - any number of units: a byte of `rest` or a triplet of an octet in
//!   `pct`,
//!
//! matches the rule, and the sets are exact: after any such prefix, the
//! bytes the rule allows next (other than `%`) are exactly `rest`.
//!
//! [`derive()`] builds regex-automata's dense DFA of the rule (no tags), takes
//! `first` from the start state, walks the product of the DFA with the
//! model above, and checks every state it reaches: accepting, allowing
//! exactly the triplets of `pct` and exactly the bytes of `rest`
//! literally. `pct` is every octet except where the rule excludes some
//! everywhere (the URN draft 03 excludes `%00`). A failed check is an error at the
//! pragma, with a shortest example prefix.
//!
//! Whether the empty string matches is recorded
//! ([`EncodeSetBuf::accepts_empty`]): the encoding of empty data is then
//! valid only if it does (RFC 8141's `NSS` needs at least one character).
//!
//! Principal function: [`derive()`]; principal types: [`EncodeSetBuf`],
//! [`EncodeSetError`] and [`NotSetLike`].

use crate::pipeline::abnf::{EncodeSetPragma, Grammar};
use crate::pipeline::lower;
use crate::pipeline::nfa::NfaError;
use crate::support::diag::{Diagnostic, Diagnostics, Span};
use regex_automata::dfa::{dense, Automaton, StartKind};
use regex_automata::util::primitives::StateID;
use regex_automata::{Anchored, Input, MatchError};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;

/// Why [`derive()`] gave no encode set (see Note [stage errors] in
/// [`crate::driver`]). The caller locates it at the pragma with
/// [`EncodeSetError::at`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum EncodeSetError {
    /// The rule is not set-like (see the module docs).
    NotSetLike {
        /// The set's name from the pragma.
        name: String,
        /// The rule it names.
        rule: String,
        /// Why, with an example prefix.
        reason: NotSetLike,
    },
    /// The rule could not be lowered (an unknown rule, or one over a
    /// limit): the lowering's diagnostics, which the message joins with
    /// `"; "`.
    Lower(Diagnostics),
    /// The Thompson compiler's error.
    Nfa(NfaError),
    /// regex-automata's dense DFA could not be built (its size limits).
    /// (Boxed: it is 128 bytes.)
    Dfa(Box<dense::BuildError>),
    /// The dense DFA has no anchored start state for the empty input.
    DfaStart(MatchError),
}

/// Why a rule is not set-like, each with the shortest example prefix that
/// shows it (see the module docs). Prefixes are shown in double quotes,
/// bytes outside printable ASCII as `\xHH`; byte sets as ranges (`"0"-"9",
/// 0x80`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotSetLike {
    /// No `%XX` triplet may start a match, so `pct` is empty.
    NoPercentStart,
    /// A match may not end after `after`, a sequence of units.
    CannotEnd {
        /// The prefix.
        after: Vec<u8>,
    },
    /// The bytes allowed literally after two prefixes differ.
    RestDiffers {
        /// The first prefix found (shortest).
        first_after: Vec<u8>,
        /// The bytes allowed after it (never `%`).
        first: Box<[bool; 256]>,
        /// The prefix after which the bytes differ.
        then_after: Vec<u8>,
        /// The bytes allowed after it (never `%`).
        then: Box<[bool; 256]>,
    },
    /// An octet's triplet is allowed after `after` but not at the start, or
    /// the other way round.
    OctetDiffers {
        /// The octet.
        octet: u8,
        /// Whether its triplet is allowed at the start (and so not after
        /// `after`).
        at_start: bool,
        /// The prefix.
        after: Vec<u8>,
    },
}

impl EncodeSetError {
    /// This error as a diagnostic at `span` (the pragma's), its message
    /// this error's `Display`.
    pub fn at(&self, span: Span) -> Diagnostic {
        Diagnostic::new(span, self.to_string())
    }
}

impl fmt::Display for EncodeSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeSetError::NotSetLike { name, rule, reason } => write!(
                f,
                "encode-set '{name}': rule '{rule}' is not set-like: {reason}"
            ),
            EncodeSetError::Lower(d) => {
                for (k, e) in d.errors.iter().enumerate() {
                    if k > 0 {
                        f.write_str("; ")?;
                    }
                    f.write_str(&e.message)?;
                }
                Ok(())
            }
            EncodeSetError::Nfa(e) => e.fmt(f),
            EncodeSetError::Dfa(e) => e.fmt(f),
            EncodeSetError::DfaStart(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for NotSetLike {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotSetLike::NoPercentStart => {
                write!(f, "it cannot start with a percent-encoded octet")
            }
            NotSetLike::CannotEnd { after } => {
                write!(f, "it cannot end after {}", shown(after))
            }
            NotSetLike::RestDiffers {
                first_after,
                first,
                then_after,
                then,
            } => {
                let diff: [bool; 256] = std::array::from_fn(|b| first[b] != then[b]);
                write!(
                    f,
                    "the bytes allowed after {} ({}) differ from those allowed after {} ({}); \
                     they differ in {}",
                    shown(first_after),
                    set_text(first),
                    shown(then_after),
                    set_text(then),
                    set_text(&diff)
                )
            }
            NotSetLike::OctetDiffers {
                octet,
                at_start,
                after,
            } => write!(
                f,
                "the octet %{octet:02X} {} after {} but {} at the start",
                if *at_start {
                    "is not allowed"
                } else {
                    "is allowed"
                },
                shown(after),
                if *at_start { "is" } else { "is not" },
            ),
        }
    }
}

impl std::error::Error for EncodeSetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EncodeSetError::NotSetLike { .. } => None,
            EncodeSetError::Lower(d) => Some(d),
            EncodeSetError::Nfa(e) => Some(e),
            EncodeSetError::Dfa(e) => Some(&**e),
            EncodeSetError::DfaStart(e) => Some(e),
        }
    }
}

/// A derived encode set (owned form of `uridfa_runtime::EncodeSet`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeSetBuf {
    /// The set's name from the pragma.
    pub name: String,
    /// The rule it was derived from.
    pub rule: String,
    /// Bytes allowed literally first (never `%`).
    pub first: [bool; 256],
    /// Bytes allowed literally after the first unit (never `%`).
    pub rest: [bool; 256],
    /// Octets that may be written as a `%XX` triplet (all 256 unless the
    /// rule excludes some, as the URN draft 03 excludes `%00`).
    pub pct: [bool; 256],
    /// Whether the rule matches the empty string.
    pub accepts_empty: bool,
}

impl EncodeSetBuf {
    /// A set as the runtime's 256-bit map.
    pub fn words(set: &[bool; 256]) -> [u64; 4] {
        let mut w = [0u64; 4];
        for (b, &on) in set.iter().enumerate() {
            if on {
                w[b / 64] |= 1 << (b % 64);
            }
        }
        w
    }
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// `"a%2"`-style text of an example prefix.
fn shown(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        if (0x20..0x7F).contains(&b) && b != b'"' && b != b'\\' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02X}"));
        }
    }
    s.push('"');
    s
}

/// Byte-set text, ranges collapsed: `"0"-"9", "A"-"Z", 0x80`.
fn set_text(set: &[bool; 256]) -> String {
    let mut parts = Vec::new();
    let mut b = 0usize;
    while b < 256 {
        if !set[b] {
            b += 1;
            continue;
        }
        let lo = b;
        while b + 1 < 256 && set[b + 1] {
            b += 1;
        }
        let one = |x: usize| {
            if (0x21..0x7F).contains(&x) {
                format!("\"{}\"", x as u8 as char)
            } else {
                format!("0x{x:02X}")
            }
        };
        parts.push(if lo == b {
            one(lo)
        } else {
            format!("{}-{}", one(lo), one(b))
        });
        b += 1;
    }
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(", ")
    }
}

/// Derives the encode set of pragma `p` from its rule in `g`, checking that
/// the rule is set-like (see the module docs).
///
/// # Errors
///
/// [`EncodeSetError::NotSetLike`] with why the rule is not set-like and an
/// example prefix; or a lowering ([`EncodeSetError::Lower`], e.g. an unknown
/// rule), NFA or DFA construction error. The caller locates it at the
/// pragma ([`EncodeSetError::at`]).
pub fn derive(g: &Grammar, p: &EncodeSetPragma) -> Result<EncodeSetBuf, EncodeSetError> {
    derive_with(g, &lower::RuleSizes::new(g), p)
}

/// [`derive()`], with the grammar's [`lower::RuleSizes`] computed once by
/// the caller.
///
/// # Errors
///
/// As [`derive()`].
pub fn derive_with(
    g: &Grammar,
    sizes: &lower::RuleSizes,
    p: &EncodeSetPragma,
) -> Result<EncodeSetBuf, EncodeSetError> {
    let lowered = lower::lower_with(g, sizes, &p.rule, p.pragma).map_err(EncodeSetError::Lower)?;
    let nfa = crate::pipeline::nfa::compile_anchored_end(&lowered).map_err(EncodeSetError::Nfa)?;
    let dfa = dense::Builder::new()
        .configure(
            // Not minimized: every check below is about the language, so
            // equivalent states pass or fail alike, and regex-automata's
            // minimizer took 8 s on `*("a" / "b") "a" 13("a" / "b")`. The
            // limits keep the determinization itself bounded.
            dense::Config::new()
                .minimize(false)
                .dfa_size_limit(Some(64 << 20))
                .determinize_size_limit(Some(64 << 20))
                .start_kind(StartKind::Anchored),
        )
        .build_from_nfa(&nfa)
        .map_err(|e| EncodeSetError::Dfa(Box::new(e)))?;
    let start = dfa
        .start_state_forward(&Input::new("").anchored(Anchored::Yes))
        .map_err(EncodeSetError::DfaStart)?;

    // Every reachable state, its successors, whether the input may end
    // there, and whether an accepting state is reachable from it.
    let mut index: BTreeMap<StateID, usize> = BTreeMap::new();
    let mut states: Vec<StateID> = vec![start];
    index.insert(start, 0);
    let mut next: Vec<[usize; 256]> = Vec::new();
    let mut i = 0;
    const DEAD: usize = usize::MAX;
    while i < states.len() {
        let s = states[i];
        i += 1;
        let mut row = [DEAD; 256];
        for b in 0..=255u8 {
            let n = dfa.next_state(s, b);
            if dfa.is_dead_state(n) || dfa.is_quit_state(n) {
                continue;
            }
            let k = *index.entry(n).or_insert_with(|| {
                states.push(n);
                states.len() - 1
            });
            row[usize::from(b)] = k;
        }
        next.push(row);
    }
    let accepting: Vec<bool> = states
        .iter()
        .map(|&s| dfa.is_match_state(dfa.next_eoi_state(s)))
        .collect();
    let mut live = accepting.clone();
    loop {
        let mut changed = false;
        for k in 0..states.len() {
            if !live[k] && next[k].iter().any(|&n| n != DEAD && live[n]) {
                live[k] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let step = |k: usize, b: u8| {
        let n = next[k][usize::from(b)];
        (n != DEAD && live[n]).then_some(n)
    };
    let allowed = |k: usize| {
        let mut set = [false; 256];
        for b in 0..=255u8 {
            set[usize::from(b)] = b != b'%' && step(k, b).is_some();
        }
        set
    };

    // The octets that may be written as an upper-case `%XX` triplet from
    // state `k`, and the state after each.
    let octets = |k: usize| {
        let mut after = [None; 256];
        for v in 0..=255u8 {
            let hi = HEX_UPPER[usize::from(v >> 4)];
            let lo = HEX_UPPER[usize::from(v & 15)];
            after[usize::from(v)] = step(k, b'%')
                .and_then(|n| step(n, hi))
                .and_then(|n| step(n, lo));
        }
        after
    };
    let not_set_like = |reason| EncodeSetError::NotSetLike {
        name: p.name.clone(),
        rule: p.rule.clone(),
        reason,
    };
    let first = allowed(0);
    let pct: [bool; 256] = octets(0).map(|n| n.is_some());
    if !pct.iter().any(|&x| x) {
        return Err(not_set_like(NotSetLike::NoPercentStart));
    }
    let mut rest: Option<([bool; 256], Vec<u8>)> = None;
    // Breadth first over (state, unit boundary), so the example prefixes
    // are shortest. Only unit boundaries are visited: a triplet is taken in
    // one step.
    let mut seen: BTreeSet<(usize, bool)> = BTreeSet::new();
    let mut queue: VecDeque<(usize, bool, Vec<u8>)> = VecDeque::new();
    queue.push_back((0, false, Vec::new()));
    seen.insert((0, false));
    while let Some((k, mid, prefix)) = queue.pop_front() {
        let here = allowed(k);
        let after = octets(k);
        if mid {
            if !accepting[k] {
                return Err(not_set_like(NotSetLike::CannotEnd { after: prefix }));
            }
            match &rest {
                None => rest = Some((here, prefix.clone())),
                Some((r, at)) if *r != here => {
                    return Err(not_set_like(NotSetLike::RestDiffers {
                        first_after: at.clone(),
                        first: Box::new(*r),
                        then_after: prefix,
                        then: Box::new(here),
                    }));
                }
                Some(_) => {}
            }
        }
        for v in 0..256 {
            if after[v].is_some() != pct[v] {
                return Err(not_set_like(NotSetLike::OctetDiffers {
                    octet: v as u8,
                    at_start: pct[v],
                    after: prefix,
                }));
            }
        }
        let literal = (0..=255u8).filter_map(|b| Some((step(k, b)?, vec![b])));
        let literal = literal.filter(|(_, u)| here[usize::from(u[0])]);
        let triplets = (0..=255u8).filter_map(|v| {
            let n = after[usize::from(v)]?;
            let hi = HEX_UPPER[usize::from(v >> 4)];
            let lo = HEX_UPPER[usize::from(v & 15)];
            Some((n, vec![b'%', hi, lo]))
        });
        for (n, unit) in literal.chain(triplets) {
            if seen.insert((n, true)) {
                let mut p2 = prefix.clone();
                p2.extend_from_slice(&unit);
                queue.push_back((n, true, p2));
            }
        }
    }
    let rest = rest.map(|r| r.0).unwrap_or([false; 256]);
    Ok(EncodeSetBuf {
        name: p.name.clone(),
        rule: p.rule.clone(),
        first,
        rest,
        pct,
        accepts_empty: accepting[0],
    })
}
