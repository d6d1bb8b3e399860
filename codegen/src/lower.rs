//! Stage 2: lower one entry rule of a [`Grammar`] into a
//! `regex_syntax::hir::Hir`.
//!
//! Rules are inlined (the grammar is not recursive, [`crate::abnf`] checks
//! that). Every occurrence of a captured rule becomes its own capture group;
//! [`Lowered::group_component`] maps groups back to component names, so one
//! component (`path`) can stand over several rules. Alternation keeps the
//! file's order, repetition is greedy: with leftmost-first matching this is
//! the "first match wins" reading RFC 3986 gives `host`.
//!
//! Principal types: [`Lowered`], [`Component`], [`NamedSet`].

use crate::abnf::{Grammar, Node, NodeKind};
use crate::diag::{Diagnostics, Span};
use regex_syntax::hir::{
    Capture, Class, ClassBytes, ClassBytesRange, ClassUnicode, ClassUnicodeRange, Hir, HirKind,
    Repetition,
};
use std::collections::BTreeMap;

/// One reported component of a machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Its name (`host`, `path`, `IPv4address`...).
    pub name: String,
    /// For a kind capture, the index of the component it classifies.
    pub kind_of: Option<usize>,
}

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
    pub named_sets: Vec<NamedSet>,
    /// Whether the grammar says `;@ charset utf-8`: values above `%x7F`
    /// are characters, matched as their UTF-8 bytes.
    pub utf8: bool,
}

/// The ways lowering can fail (reported as diagnostics by [`lower`]).
struct Lowerer<'g> {
    grammar: &'g Grammar,
    /// lower-case rule name → component index
    captured: BTreeMap<String, usize>,
    group_component: Vec<usize>,
    errors: Vec<(Span, String)>,
    depth: usize,
}

/// A limit on inlining depth: the grammar is checked not to be recursive,
/// so this only guards against a bug elsewhere.
const MAX_DEPTH: usize = 256;

impl Lowerer<'_> {
    fn node(&mut self, n: &Node) -> Hir {
        match &n.kind {
            NodeKind::Alt(alts) => Hir::alternation(alts.iter().map(|a| self.node(a)).collect()),
            NodeKind::Concat(xs) => Hir::concat(xs.iter().map(|x| self.node(x)).collect()),
            NodeKind::Repeat { min, max, node } => {
                let sub = self.node(node);
                if *max == Some(0) {
                    return Hir::empty();
                }
                Hir::repetition(Repetition {
                    min: *min,
                    max: *max,
                    greedy: true,
                    sub: Box::new(sub),
                })
            }
            NodeKind::Rule(name) => self.rule_ref(name, n.span),
            NodeKind::Str {
                text,
                case_sensitive,
            } => Hir::concat(
                text.iter()
                    .map(|&b| {
                        if !case_sensitive && b.is_ascii_alphabetic() {
                            let (l, u) = (b.to_ascii_lowercase(), b.to_ascii_uppercase());
                            Hir::class(Class::Bytes(ClassBytes::new([
                                ClassBytesRange::new(u, u),
                                ClassBytesRange::new(l, l),
                            ])))
                        } else {
                            Hir::literal([b])
                        }
                    })
                    .collect(),
            ),
            NodeKind::Range(lo, hi) => self.range(*lo, *hi, n.span),
            NodeKind::Seq(vals) => {
                Hir::concat(vals.iter().map(|&v| self.range(v, v, n.span)).collect())
            }
        }
    }

    fn range(&mut self, lo: u32, hi: u32, span: Span) -> Hir {
        if hi <= 0x7F || (!self.grammar.utf8 && hi <= 0xFF) {
            // Both bounds fit a byte: checked just above.
            let (lo, hi) = (lo as u8, hi as u8);
            return Hir::class(Class::Bytes(ClassBytes::new([ClassBytesRange::new(
                lo, hi,
            )])));
        }
        if !self.grammar.utf8 {
            self.errors.push((
                span,
                format!("value %x{hi:X} does not fit a byte; add ';@ charset utf-8'"),
            ));
            return Hir::fail();
        }
        // Code points, UTF-8 encoded by the NFA compiler. Surrogates are not
        // characters, so they are left out of any range that spans them.
        let mut ranges = Vec::new();
        for (a, b) in [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi)] {
            if a <= b {
                if let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(b)) {
                    ranges.push(ClassUnicodeRange::new(a, b));
                }
            }
        }
        if ranges.is_empty() {
            self.errors.push((
                span,
                format!("%x{lo:X}-{hi:X} holds no Unicode scalar value"),
            ));
            return Hir::fail();
        }
        Hir::class(Class::Unicode(ClassUnicode::new(ranges)))
    }

    fn rule_ref(&mut self, name: &str, span: Span) -> Hir {
        let Some(rule) = self.grammar.rule(name) else {
            self.errors.push((span, format!("unknown rule '{name}'")));
            return Hir::fail();
        };
        if self.depth >= MAX_DEPTH {
            self.errors.push((
                span,
                format!("rule '{name}' nests deeper than {MAX_DEPTH} levels"),
            ));
            return Hir::fail();
        }
        let component = self.captured.get(&name.to_ascii_lowercase()).copied();
        // Capture indices are handed out in pre-order, as a regex parser
        // numbers its groups by their opening parenthesis.
        let group = component.map(|c| {
            self.group_component.push(c);
            self.group_component.len() as u32
        });
        self.depth += 1;
        let sub = self.node(&rule.node);
        self.depth -= 1;
        match group {
            Some(index) => Hir::capture(Capture {
                index,
                name: None,
                sub: Box::new(sub),
            }),
            None => sub,
        }
    }
}

/// Computes the bytes that can start a non-empty match of `hir`, and whether
/// `hir` can match the empty string.
pub fn first_bytes(hir: &Hir, out: &mut [bool; 256]) -> bool {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => true,
        HirKind::Literal(lit) => match lit.0.first() {
            Some(&b) => {
                out[usize::from(b)] = true;
                false
            }
            None => true,
        },
        HirKind::Class(Class::Bytes(c)) => {
            for r in c.iter() {
                for b in r.start()..=r.end() {
                    out[usize::from(b)] = true;
                }
            }
            c.ranges().is_empty()
        }
        HirKind::Class(Class::Unicode(c)) => {
            // UTF-8 lead bytes grow with the code point, so a range's lead
            // bytes are the contiguous run between its ends' lead bytes.
            let lead = |ch: char| {
                let mut buf = [0; 4];
                ch.encode_utf8(&mut buf);
                buf[0]
            };
            for r in c.iter() {
                for b in lead(r.start())..=lead(r.end()) {
                    out[usize::from(b)] = true;
                }
            }
            c.ranges().is_empty()
        }
        HirKind::Repetition(rep) => first_bytes(&rep.sub, out) || rep.min == 0,
        HirKind::Capture(cap) => first_bytes(&cap.sub, out),
        HirKind::Concat(xs) => {
            for x in xs {
                if !first_bytes(x, out) {
                    return false;
                }
            }
            true
        }
        HirKind::Alternation(xs) => {
            let mut nullable = false;
            for x in xs {
                nullable |= first_bytes(x, out);
            }
            nullable
        }
    }
}

/// Lowers the entry rule `entry` of `g`.
///
/// # Errors
///
/// An unknown entry or rule, or a value that does not fit the grammar's
/// charset, located by its span.
pub fn lower(g: &Grammar, entry: &str, entry_span: Span) -> Result<Lowered, Diagnostics> {
    let mut components = Vec::new();
    let mut captured = BTreeMap::new();
    let mut errors = Vec::new();
    for cap in g.captures.iter().filter(|c| c.kind_of.is_none()) {
        let index = components.len();
        components.push(Component {
            name: cap.name.clone(),
            kind_of: None,
        });
        for (rule, _) in &cap.rules {
            captured.insert(rule.to_ascii_lowercase(), index);
        }
    }
    for cap in g.captures.iter() {
        let Some(of) = &cap.kind_of else { continue };
        let parent = components
            .iter()
            .position(|c| c.kind_of.is_none() && &c.name == of);
        if parent.is_none() {
            let span = cap.rules.first().map(|r| r.1).unwrap_or(entry_span);
            errors.push((span, format!("kind of unknown capture '{of}'")));
        }
        for (rule, _) in &cap.rules {
            captured.insert(rule.to_ascii_lowercase(), components.len());
            components.push(Component {
                name: rule.clone(),
                kind_of: parent,
            });
        }
    }
    let mut l = Lowerer {
        grammar: g,
        captured,
        group_component: Vec::new(),
        errors,
        depth: 0,
    };
    let hir = l.rule_ref(entry, entry_span);
    let mut named_sets = Vec::new();
    for rule in &g.rules {
        let mut sub = Lowerer {
            grammar: g,
            captured: BTreeMap::new(),
            group_component: Vec::new(),
            errors: Vec::new(),
            depth: 0,
        };
        let h = sub.node(&rule.node);
        // Only rules that read like one "character" (at most 4 bytes, as
        // pct-encoded or h16) name a set; longer rules describe structure.
        let Some(max_len) = h.properties().maximum_len().filter(|&m| m <= 4) else {
            continue;
        };
        if !sub.errors.is_empty() {
            continue;
        }
        let mut first = [false; 256];
        first_bytes(&h, &mut first);
        if first.iter().filter(|&&b| b).count() >= 2 {
            named_sets.push(NamedSet {
                name: rule.name.clone(),
                first,
                max_len,
            });
        }
    }
    if !l.errors.is_empty() {
        let errors = l
            .errors
            .into_iter()
            .map(|(span, message)| crate::diag::Diagnostic { span, message })
            .collect();
        return Err(Diagnostics {
            sources: g.sources.clone(),
            errors,
        });
    }
    Ok(Lowered {
        rule: entry.to_string(),
        span: entry_span,
        hir,
        components,
        group_component: l.group_component,
        named_sets,
        utf8: g.utf8,
    })
}
