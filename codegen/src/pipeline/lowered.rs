//! What stage 2 hands on: [`Lowered`], one entry rule as a
//! `regex_syntax::hir::Hir` with its [`Component`]s, [`List`]s and
//! expected-byte sets ([`NamedSet`]). The types live apart from the
//! lowering (`lower.rs`) so that the stages after it (`nfa`, `tables`, the
//! list proofs in `lists`) read them without depending on the lowerer.

use crate::support::diag::Span;
use regex_syntax::hir::{Hir, HirKind};
use std::sync::Arc;

/// One reported component of a machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Its name (`host`, `path`, `IPv4address`...).
    pub name: String,
    /// For a kind capture, the index of the component it classifies.
    pub kind_of: Option<usize>,
    /// Whether it is a kind decided after the match (`;@ kind-after`):
    /// its rule is not tagged, and its tags stay [`uridfa_runtime::NIL`]
    /// in the machine (Note [kinds after the match]).
    pub after: bool,
    /// Whether it is a list region: the span of a repetition whose items
    /// hold captures, no component of the grammar (Note [repeated
    /// captures]).
    pub region: bool,
    /// Whether it can occur more than once in one input: some list region
    /// of the grammar holds it (Note [repeated captures]).
    pub repeated: bool,
}

/// A list region of a lowered machine: a repetition whose items hold
/// captures, and the machine that reads one item (Note [repeated
/// captures]).
#[derive(Clone, Debug)]
pub struct List {
    /// The region's component index.
    pub region: usize,
    /// The repetition's `;` node in the grammar, for messages.
    pub span: Span,
    /// The repetition's bounds.
    pub min: u32,
    /// The repetition's bounds (`None`: unbounded).
    pub max: Option<u32>,
    /// The repeated part, with its captures, lowered as a machine of its
    /// own; its components are the outer machine's.
    pub item: Lowered,
}

// The kinds decided after the match (`Lowered::after`): Note [kinds after
// the match] in `lower.rs`.

/// A rule whose first bytes can name an expected-byte set in error messages
/// (`expected pchar, "/" or end of input`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedSet {
    /// The rule name.
    pub name: String,
    /// The bytes that can start a non-empty match of the rule.
    pub first: [bool; 256],
    /// The longest match of the rule, in bytes.
    pub max_len: usize,
}

/// One entry rule, lowered.
#[derive(Clone, Debug)]
pub struct Lowered {
    /// The entry rule's name.
    pub rule: String,
    /// Where the entry is named (its `;@ entry` pragma).
    pub span: Span,
    /// The expression, with one capture group per captured-rule occurrence.
    pub hir: Hir,
    /// The components, in pragma order. Tag `2k` is component `k`'s start,
    /// `2k+1` its end.
    pub components: Vec<Component>,
    /// For capture group `g` (1-based, as in the NFA), its component:
    /// `group_component[g - 1]`.
    pub group_component: Vec<usize>,
    /// Small single-character-like rules, for error messages.
    /// (The same for every entry of a grammar, so shared.)
    pub named_sets: Arc<[NamedSet]>,
    /// Whether the grammar says `;@ charset utf-8`: values above `%x7F`
    /// are characters, matched as their UTF-8 bytes.
    pub utf8: bool,
    /// The kinds decided after the match whose parent this entry
    /// captures: each component's index and its rule, lowered without
    /// captures (Note [kinds after the match]).
    pub after: Vec<(usize, Hir)>,
    /// The list regions this machine captures, in capture-group order
    /// (Note [repeated captures]); empty for an item machine.
    pub lists: Vec<List>,
    /// With lists: the expression before they were cut out, every
    /// capture group in place, and each group's component. The
    /// ambiguity check reads this one: two ways to cut a list into items
    /// are two parses of it.
    pub whole: Option<(Hir, Vec<usize>)>,
    /// The rules lowered once and referenced from `hir` by [`shared_ref`]
    /// placeholders; `None` unless the entry, capture-free, is too large
    /// to inline (Note [rules built once] in `lower.rs`).
    pub shared: Option<Arc<Shared>>,
    /// When the entry reaches a nesting that `;@ depth` cut off: the
    /// expression that goes on where it was cut, and what to say there
    /// (Note [the nesting limit in messages] in `lower.rs`).
    pub nesting: Option<Arc<NestingProbe>>,
}

/// The entry with every cut nesting going on to accept anything (Note
/// [the nesting limit in messages] in `lower.rs`): where its DFA goes on
/// and the entry's does not, the entry's states name the limit.
#[derive(Clone, Debug)]
pub struct NestingProbe {
    /// The expression, with rules built once as in [`Shared`].
    pub hir: Hir,
    /// The shared rules `hir` refers to.
    pub rules: Vec<Hir>,
    /// The text added to those states' expected-text: `nesting limit
    /// reached: 'comment' nests at most 3 deep (;@ depth comment 3)`.
    pub note: String,
}

/// The rules of an entry lowered with rules built once (Note [rules built
/// once] in `lower.rs`).
#[derive(Clone, Debug)]
pub struct Shared {
    /// The rules' expressions, each referring by placeholders only to
    /// earlier ones.
    pub rules: Vec<Hir>,
    /// The rule whose inlined expansion is too large, and the message that
    /// says so: the error should the machine not fit even so.
    pub expansion: (Span, String),
}

/// The name that marks a placeholder for shared rule `k`.
fn shared_name(k: usize) -> String {
    format!("\u{0}shared {k}")
}

/// The placeholder for shared rule `k` of [`Lowered::shared`]: a capture
/// group whose name says which rule stands there (Note [rules built once]
/// in `lower.rs`). What it holds, any bytes, only keeps regex-syntax's
/// constructors from simplifying around it as they would around an empty
/// or bounded expression (`(x)*` where `x` matches only "" becomes `(x)?`).
pub fn shared_ref(k: usize) -> Hir {
    use regex_syntax::hir::{ClassBytes, ClassBytesRange, Repetition};
    let any = Hir::class(regex_syntax::hir::Class::Bytes(ClassBytes::new([
        ClassBytesRange::new(0, 255),
    ])));
    Hir::capture(regex_syntax::hir::Capture {
        index: 0,
        name: Some(shared_name(k).into()),
        sub: Box::new(Hir::repetition(Repetition {
            min: 0,
            max: None,
            greedy: true,
            sub: Box::new(any),
        })),
    })
}

/// The shared rule `h` stands for, if it is a [`shared_ref`] placeholder.
pub fn shared_index(h: &Hir) -> Option<usize> {
    match h.kind() {
        HirKind::Capture(c) => c
            .name
            .as_deref()?
            .strip_prefix("\u{0}shared ")?
            .parse()
            .ok(),
        _ => None,
    }
}

impl Lowered {
    /// For each component, whether every input the entry accepts sets it:
    /// it is captured on every path through the expression (a concatenation
    /// sets what any part sets, an alternation what all alternatives set, a
    /// repetition what its body sets if it runs at least once). Typed views
    /// return such a component as `&str` rather than `Option<&str>`.
    pub fn always_captured(&self) -> Vec<bool> {
        fn must(h: &Hir, gc: &[usize], out: &mut [bool]) {
            if h.properties().explicit_captures_len() == 0 {
                return;
            }
            match h.kind() {
                HirKind::Capture(cap) => {
                    if let Some(slot) = gc.get(cap.index as usize - 1).and_then(|&c| out.get_mut(c))
                    {
                        *slot = true;
                    }
                    must(&cap.sub, gc, out);
                }
                HirKind::Concat(xs) => xs.iter().for_each(|x| must(x, gc, out)),
                HirKind::Alternation(xs) => {
                    let mut all: Option<Vec<bool>> = None;
                    for x in xs {
                        let mut one = vec![false; out.len()];
                        must(x, gc, &mut one);
                        all = Some(match all {
                            None => one,
                            Some(a) => a.iter().zip(&one).map(|(a, b)| *a && *b).collect(),
                        });
                    }
                    for (o, a) in out.iter_mut().zip(all.unwrap_or_default()) {
                        *o |= a;
                    }
                }
                HirKind::Repetition(rep) if rep.min > 0 => must(&rep.sub, gc, out),
                _ => {}
            }
        }
        let mut out = vec![false; self.components.len()];
        must(&self.hir, &self.group_component, &mut out);
        out
    }
}
