//! The syntax tree of a grammar: [`Grammar`], [`Rule`], [`Node`],
//! [`NodeKind`], and what the pragmas declare.

#[allow(unused_imports)]
use super::*;
use crate::support::diag::{FileId, Sources, Span};
use std::collections::HashMap;

/// An ABNF element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// What the element is.
    pub kind: NodeKind,
    /// Where it stands in its file.
    pub span: Span,
}

/// The kinds of ABNF element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// `a / b / c`, in file order (the order is the priority).
    Alt(Vec<Node>),
    /// `a b c`.
    Concat(Vec<Node>),
    /// `n*m element`, `*element`, `n element`; `[ x ]` is `min 0, max 1`.
    Repeat {
        /// Minimum count.
        min: u32,
        /// Maximum count; `None` is unbounded.
        max: Option<u32>,
        /// The repeated element.
        node: Box<Node>,
    },
    /// A reference to a rule, by name as written (rule names are
    /// case-insensitive).
    Rule(String),
    /// A quoted string. `"abc"` and `%i"abc"` are case-insensitive,
    /// `%s"abc"` is case-sensitive (RFC 7405).
    Str {
        /// The characters between the quotes.
        text: Vec<u8>,
        /// `true` only for `%s"..."`.
        case_sensitive: bool,
    },
    /// `%x41-5A`: one character in an inclusive range of code points.
    Range(u32, u32),
    /// `%x41` or `%x41.42.43`: a sequence of code points.
    Seq(Vec<u32>),
}

/// One rule: `name = elements`, with any `=/` alternatives merged in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The name as first defined.
    pub name: String,
    /// The span of the name in its first definition.
    pub span: Span,
    /// The right-hand side (an `Alt` when `=/` added alternatives).
    pub node: Node,
}

/// A `;@ capture` pragma: one component name over one or more rules.
///
/// `;@ capture scheme host` gives two captures, each named after its rule;
/// `;@ capture path = path-abempty / path-absolute` gives one capture named
/// `path` over both rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    /// The component name.
    pub name: String,
    /// The rules whose spans it reports, with their spans in the pragma.
    pub rules: Vec<(String, Span)>,
    /// For `;@ kind host = IPv6address / IPv4address ...`: the component this
    /// capture classifies. Each rule listed is then its own capture, named
    /// after the rule, with `kind_of = Some("host")`.
    pub kind_of: Option<String>,
    /// For `;@ kind-after`: the kind is decided after the match, by a
    /// machine of its own run over the span of the capture it classifies
    /// (Note [kinds after the match] in `lower.rs`); its rule is not tagged
    /// in the entry's machine.
    pub after: bool,
}

/// A `;@ encode-set NAME = rule` pragma: the bytes a percent-encoder may
/// write literally in `rule`, computed by [`crate::pipeline::encode_set`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeSetPragma {
    /// The set's name (`query`); the generated static is `QUERY_SET`.
    pub name: String,
    /// The rule it is derived from.
    pub rule: String,
    /// The rule name's span in the pragma.
    pub rule_span: Span,
    /// The whole pragma (`;@ encode-set`), where derivation errors point.
    pub pragma: Span,
}

/// A `;@ view RULE = Type ["example"]` pragma: the typed view that
/// `uridfa-generate` emits for the entry `RULE` (see
/// [`crate::pipeline::emit::view`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewPragma {
    /// The entry rule.
    pub rule: String,
    /// The rule name's span in the pragma.
    pub rule_span: Span,
    /// The view type's name (`UriRef`).
    pub name: String,
    /// The type name's span in the pragma.
    pub name_span: Span,
    /// An input the rule accepts, for the generated doc examples.
    pub example: Option<String>,
}

/// An `;@ accessor NAME = CAPTURE` pragma: the views' accessor for
/// `CAPTURE` is `NAME()` rather than the capture's name in snake case
/// (RFC 3987's `iauthority` is read by `authority()`); `_` gives it no
/// accessor (the grammar's module reads it with a method of its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessorPragma {
    /// The accessor's name, a Rust identifier in snake case.
    pub name: String,
    /// The accessor name's span in the pragma.
    pub name_span: Span,
    /// The capture it reads.
    pub capture: String,
    /// The capture name's span in the pragma.
    pub capture_span: Span,
}

/// A parsed and checked grammar file, with its imports.
#[derive(Clone, Debug)]
pub struct Grammar {
    /// The grammar's name: the file stem (`rfc3986`).
    pub name: String,
    /// The file and every file it imports.
    pub sources: Sources,
    /// The main file.
    pub file: FileId,
    /// Every rule, imported ones included, in definition order.
    pub rules: Vec<Rule>,
    /// `;@ entry` rules, in pragma order: the machines to build.
    pub entries: Vec<(String, Span)>,
    /// `;@ component` rules, in pragma order: machines built like entries
    /// for one component's own rule (`scheme`, `host`, `path-abempty`),
    /// so that a builder validates each component with the grammar's own
    /// tables. They are emitted apart from the entries (`COMPONENT_RULES`)
    /// and never change the entries' tables.
    pub components: Vec<(String, Span)>,
    /// `;@ capture` and `;@ kind` pragmas, in pragma order.
    pub captures: Vec<Capture>,
    /// `;@ encode-set` pragmas, in pragma order.
    pub encode_sets: Vec<EncodeSetPragma>,
    /// `;@ view` pragmas, in pragma order.
    pub views: Vec<ViewPragma>,
    /// `;@ accessor` pragmas, in pragma order.
    pub accessors: Vec<AccessorPragma>,
    /// `;@ views separate`: each view has the accessors of the captures
    /// its own entry reaches, shaped by that entry alone (RFC 1738's
    /// per-scheme views); otherwise (`;@ views shared`, the default) every
    /// view has every capture's accessor, of one shape for all views.
    pub views_separate: bool,
    /// `;@ title "..."`: what the grammar is, in a few words (the doc of
    /// its `uridfa::GrammarId` variant for a built-in grammar).
    pub title: Option<String>,
    /// `;@ marker NAME`: the name of the grammar's marker type (the type
    /// that carries its facts, `uridfa::Facts`); `None`: the grammar's name
    /// in upper camel case (`rfc3986` is `Rfc3986`).
    pub marker: Option<String>,
    /// `;@ family NAME`: the family of grammars whose methods the views
    /// get as their own (`generic`: RFC 3986's, `uridfa::family`); `None`
    /// when the grammar names none.
    pub family: Option<Family>,
    /// `true` when the main file says `;@ charset utf-8`: numeric values are
    /// Unicode code points, matched as their UTF-8 encoding. `false` (the
    /// default): every value is one byte, `%x00-FF`.
    pub utf8: bool,
    /// `;@ deny ambiguity`: an ambiguity that
    /// [`crate::inspect::ambiguity::lint`] finds (or cannot rule out) is an
    /// error rather than a warning. The pragma's span.
    pub deny_ambiguity: Option<Span>,
    /// `;@ allow ambiguity NAME ...`: captures whose differing values do
    /// not count as an ambiguity, each with its span in the pragma.
    pub allow_ambiguity: Vec<(String, Span)>,
    /// What keeps a rule from compiling as written (a reference to an
    /// undefined rule, a prose value, recursion the generator cannot
    /// rewrite), in file order. Each is an error only for what reaches its
    /// rule (Note [what an entry must reach]): [`Grammar::problems_reached`].
    pub problems: Vec<RuleProblem>,
    /// Where `;@ depth` cut a nesting off (Note [bounded nesting]): the
    /// references that the deepest level's copies no longer follow.
    pub nesting_cuts: Vec<NestingCut>,
    /// Lower-cased rule name to index in `rules`, so a lookup is O(1)
    /// whatever the grammar's size.
    pub(super) by_name: HashMap<String, usize>,
}

/// A reference to a `;@ depth` rule inside its deepest level, which
/// matches nothing (Note [bounded nesting]; Note [the nesting limit in
/// messages] in `lower.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestingCut {
    /// The reference's span (the same in every level's copy).
    pub span: Span,
    /// The rule, as the grammar names it (`comment`).
    pub rule: String,
    /// The pragma's depth.
    pub depth: u32,
}

/// Why one rule cannot be compiled as written, located where it is
/// (Note [what an entry must reach]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleProblem {
    /// The rule it is in (an index into [`Grammar::rules`]).
    pub rule: usize,
    /// Where in that rule.
    pub span: Span,
    /// What is wrong, as the error says it.
    pub message: String,
}

// Note [what an entry must reach]
//
// A grammar file is what its RFC publishes, whole: RFC 9110's collected
// ABNF has the nested `comment` beside `Content-Length = 1*DIGIT`, and
// prose values and references to other documents' rules beside rules
// that use neither. So the loader does not refuse a file for an undefined
// rule, a prose value or recursion it cannot rewrite: each is a
// `RuleProblem` of the rule it is in, and it is an error only where
// something compiled (an entry, a `;@ component`, an `;@ encode-set`)
// reaches that rule, when `lower` starts on it. `uridfa lint` lists the
// others as notes, and `uridfa lint --all-rules` reports them all as
// errors, the whole-file check. A problem in a pragma (an entry or
// capture naming no rule) is still an error of the file.

impl Grammar {
    /// The problems of the rules `root` reaches, itself included, in file
    /// order, as diagnostics (Note [what an entry must reach]).
    pub fn problems_reached(&self, root: usize) -> Vec<crate::support::diag::Diagnostic> {
        if self.problems.is_empty() {
            return Vec::new();
        }
        let mut seen = vec![false; self.rules.len()];
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            if v >= seen.len() || std::mem::replace(&mut seen[v], true) {
                continue;
            }
            visit_refs(&self.rules[v].node, &mut |name, _| {
                if let Some(w) = self.rule_index(name) {
                    stack.push(w);
                }
            });
        }
        self.problems
            .iter()
            .filter(|p| seen.get(p.rule).copied().unwrap_or(false))
            .map(|p| crate::support::diag::Diagnostic::new(p.span, p.message.clone()))
            .collect()
    }

    /// The whole-file check: every rule's problem as an error, reached from
    /// an entry or not (`uridfa lint --all-rules`; Note [what an entry must
    /// reach]).
    ///
    /// # Errors
    ///
    /// Every problem, in file order, located where it is.
    ///
    /// # Example
    ///
    /// ```
    /// let g = uridfa_codegen::abnf::parse("g.abnf", "c = \"y\"\nr = \"x\" s\n")?;
    /// let e = g.check_all_rules().unwrap_err().to_string();
    /// assert!(e.contains("unknown rule 's'"), "{e}");
    /// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
    /// ```
    pub fn check_all_rules(&self) -> Result<(), crate::support::diag::Diagnostics> {
        if self.problems.is_empty() {
            return Ok(());
        }
        Err(crate::support::diag::Diagnostics {
            sources: self.sources.clone(),
            errors: self
                .problems
                .iter()
                .map(|p| crate::support::diag::Diagnostic::new(p.span, p.message.clone()))
                .collect(),
        })
    }

    /// Finds a rule by name, ignoring ASCII case as ABNF does.
    pub fn rule(&self, name: &str) -> Option<&Rule> {
        self.rule_index(name).map(|i| &self.rules[i])
    }

    /// The ABNF text of `rule`'s definition as written in its file, name
    /// included, white space collapsed (`time-hour = 2DIGIT`); empty for an
    /// unknown rule.
    pub fn rule_text(&self, rule: &str) -> String {
        let Some(r) = self.rule(rule) else {
            return String::new();
        };
        let Some(file) = self.sources.files.get(r.span.file) else {
            return String::new();
        };
        // A `( ... )` group's node spans its contents only: take the closing
        // parentheses that follow the last node too.
        let mut end = r.node.span.end;
        let bytes = file.text.as_bytes();
        loop {
            let mut j = end;
            while matches!(bytes.get(j), Some(b' ' | b'\t' | b'\r' | b'\n')) {
                j += 1;
            }
            if bytes.get(j) == Some(&b')') {
                end = j + 1;
            } else {
                break;
            }
        }
        file.text
            .get(r.span.start..end)
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The index in [`Grammar::rules`] of the rule `name` (ASCII case
    /// ignored).
    pub fn rule_index(&self, name: &str) -> Option<usize> {
        match self.by_name.get(name) {
            Some(&i) => Some(i),
            None if name.bytes().any(|b| b.is_ascii_uppercase()) => {
                self.by_name.get(&name.to_ascii_lowercase()).copied()
            }
            None => None,
        }
    }
}

/// Calls `f` with every rule reference under `node`, in order.
pub(super) fn visit_refs(node: &Node, f: &mut impl FnMut(&str, Span)) {
    match &node.kind {
        NodeKind::Rule(name) => f(name, node.span),
        NodeKind::Alt(nodes) | NodeKind::Concat(nodes) => {
            for n in nodes {
                visit_refs(n, f);
            }
        }
        NodeKind::Repeat { node, .. } => visit_refs(node, f),
        NodeKind::Str { .. } | NodeKind::Range(..) | NodeKind::Seq(_) => {}
    }
}

/// A family of grammars named by `;@ family NAME`: what its views get as
/// inherent methods (Note [family methods on the views] in
/// `emit::view::family`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `generic`: RFC 3986's generic syntax and the grammars built on it
    /// (RFC 3987, RFC 6874, RFC 8089); `uridfa::family::GenericRef`.
    Generic,
    /// `url`: RFC 1738 and its draft, one view per scheme of §3;
    /// `uridfa::family::url::UrlRef` and the scheme traits beside it.
    Url,
    /// `older`: the generic syntaxes before RFC 3986 (RFC 2396 and its
    /// drafts); `uridfa::family::older::OlderRef`. Its marker trait is
    /// sealed, so only the built-in views get the methods.
    Older,
}

impl Family {
    /// Every family, as the pragma names it.
    pub const ALL: &'static [(&'static str, Family)] = &[
        ("generic", Family::Generic),
        ("url", Family::Url),
        ("older", Family::Older),
    ];

    /// The family the pragma calls `name`.
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, f)| f)
    }
}
