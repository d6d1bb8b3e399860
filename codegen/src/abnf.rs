//! Stage 1: parse RFC 5234 ABNF (plus RFC 7405 `%s`/`%i` strings) and the
//! `;@` pragmas into a [`Grammar`].
//!
//! Every node keeps its byte span, so every error prints as
//! `grammar/rfc3986.abnf:12:7: error: ...` with a caret excerpt
//! (see [`crate::diag`]). All errors are collected in one pass.
//!
//! Principal types: [`Grammar`], [`Rule`], [`Node`], [`NodeKind`].

use crate::diag::{Diagnostics, FileId, Sources, Span};

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
    /// `;@ capture` and `;@ kind` pragmas, in pragma order.
    pub captures: Vec<Capture>,
    /// `;@ charset utf-8`: numeric values are code points, UTF-8 encoded.
    pub utf8: bool,
}

impl Grammar {
    /// Finds a rule by name, ignoring ASCII case as ABNF does.
    pub fn rule(&self, name: &str) -> Option<&Rule> {
        self.rules.iter().find(|r| r.name.eq_ignore_ascii_case(name))
    }
}

/// Reads and checks the grammar file at `path` and its `;@ import`s.
///
/// # Errors
///
/// Every problem found, each located by file, line and column.
pub fn load(path: &std::path::Path) -> Result<Grammar, Diagnostics> {
    let _ = path;
    unimplemented!("abnf::load")
}

/// Parses and checks grammar text. `path` is used in messages and to resolve
/// `;@ import` relative to its directory.
///
/// # Errors
///
/// Every problem found, each located by file, line and column.
pub fn parse(path: &str, text: &str) -> Result<Grammar, Diagnostics> {
    let _ = (path, text);
    unimplemented!("abnf::parse")
}
