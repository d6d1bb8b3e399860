//! Stage 1: parse RFC 5234 ABNF (plus RFC 7405 `%s`/`%i` strings) and the
//! `;@` pragmas into a [`Grammar`].
//!
//! Every node keeps its byte span, so every error prints as
//! `grammar/rfc3986.abnf:12:7: error: ...` with a caret excerpt
//! (see [`crate::diag`]). All errors are collected in one pass.
//!
//! Principal types: [`Grammar`], [`Rule`], [`Node`], [`NodeKind`];
//! entry points: [`load`] (a file and its imports) and [`parse`] (text).
//!
//! Besides syntax, the front end checks what later stages rely on: every
//! referenced rule exists, no rule is defined twice (across imports too),
//! the rule graph has no cycle (the compiler builds finite automata), no
//! prose value is left (see Note [zero repetitions of prose]), repetition
//! and range bounds are ordered, and numeric values fit the charset (bytes,
//! or code points with `;@ charset utf-8`). The pragma language and every
//! reading choice are documented in `grammar/README.md`.
//!
//! No input makes it panic: positions only advance over whole characters,
//! nesting is bounded (Note [nesting limit]), and the cycle search is
//! iterative.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Diagnostics, FileId, Sources, Span};

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

/// A `;@ encode-set NAME = rule` pragma: the bytes a percent-encoder may
/// write literally in `rule`, computed by [`crate::encode_set`].
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
    /// `true` when the main file says `;@ charset utf-8`: numeric values are
    /// Unicode code points, matched as their UTF-8 encoding. `false` (the
    /// default): every value is one byte, `%x00-FF`.
    pub utf8: bool,
    /// Lower-cased rule name to index in `rules`, so a lookup is O(1)
    /// whatever the grammar's size.
    by_name: HashMap<String, usize>,
}

impl Grammar {
    /// Finds a rule by name, ignoring ASCII case as ABNF does.
    pub fn rule(&self, name: &str) -> Option<&Rule> {
        self.rule_index(name).map(|i| &self.rules[i])
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

/// Reads and checks the grammar file at `path` and its `;@ import`s.
///
/// The file is read as bytes: invalid UTF-8 is reported as a located error
/// (and the text is kept, with U+FFFD in place of each bad sequence, so the
/// rest of the file is still checked).
///
/// # Errors
///
/// Every problem found, each located by file, line and column. A file that
/// cannot be read is one error located at its start.
///
/// # Example
///
/// ```no_run
/// let grammar = uridfa_codegen::abnf::load("grammar/rfc3986.abnf".as_ref())?;
/// assert!(grammar.rule("uri-reference").is_some());
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn load(path: &Path) -> Result<Grammar, Diagnostics> {
    let display = path.to_string_lossy().into_owned();
    match read_limited(path, MAX_MAIN_FILE_LEN) {
        Ok(bytes) => {
            let mut loader = Loader::default();
            let file = loader.add_file(display, bytes);
            loader.finish(file, canonical(path))
        }
        Err(e) => {
            let mut sources = Sources::new();
            let file = sources.add(display.clone(), "");
            Err(Diagnostics::single(
                sources,
                Span::new(file, 0, 0),
                format!("cannot read grammar file '{display}': {e}"),
            ))
        }
    }
}

/// Parses and checks grammar text. `path` is used in messages and to resolve
/// `;@ import` relative to its directory.
///
/// # Errors
///
/// Every problem found, each located by file, line and column.
///
/// # Example
///
/// ```
/// use uridfa_codegen::abnf::{parse, NodeKind};
/// let g = parse("g.abnf", ";@ entry greeting\ngreeting = %s\"Hi\" 1*3\"!\"\n")?;
/// assert_eq!(g.entries[0].0, "greeting");
/// assert!(matches!(g.rule("GREETING").unwrap().node.kind, NodeKind::Concat(_)));
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn parse(path: &str, text: &str) -> Result<Grammar, Diagnostics> {
    let mut loader = Loader::default();
    let file = loader.add_file(path.to_string(), text.as_bytes().to_vec());
    loader.finish(file, canonical(Path::new(path)))
}

/// The identity of a file for import-cycle and repeated-import checks.
fn canonical(path: &Path) -> PathBuf {
    fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The largest grammar file an import reads, in bytes (1 MiB).
///
/// Note [what an import may read]
/// A grammar may come from someone else (a dependency's `#[derive]`, a file
/// handed to the CLI), and its diagnostics quote source lines. So an import
/// reads only a `*.abnf` file under the importing file's directory (after
/// resolving `..` and symbolic links), at most `MAX_FILE_LEN` bytes of
/// UTF-8 text without NUL bytes; anything else is refused at the pragma,
/// before a byte of it is parsed or quoted.
pub const MAX_FILE_LEN: u64 = 1 << 20;

/// The largest main grammar file [`load`] reads, in bytes (16 MiB): far
/// above any grammar, low enough that `--grammar-file /dev/zero` ends.
pub const MAX_MAIN_FILE_LEN: u64 = 16 << 20;

/// The most bytes all the imports of one grammar may read together
/// (16 MiB): each file is at most [`MAX_FILE_LEN`], and there is no limit
/// on how many a directory holds.
pub const MAX_IMPORTED_LEN: u64 = 16 << 20;

/// Reads `path`, refusing more than `limit` bytes (reading at most one
/// more, so neither a huge nor an endless file is read whole).
fn read_limited(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::other(format!(
            "the file is larger than the limit of {limit} bytes"
        )));
    }
    Ok(bytes)
}

// Note [nesting limit]
// The parser is recursive descent, so `((((...` would grow the stack with
// the input. Groups and options nest at most this deep; deeper is an error.
const MAX_NESTING: usize = 64;

/// What one file says, in file order; the [`Loader`] acts on it.
enum Item {
    Rule {
        name: String,
        span: Span,
        incremental: bool,
        node: Node,
    },
    Import {
        path: String,
        span: Span,
    },
    Entry {
        names: Vec<(String, Span)>,
        pragma: Span,
    },
    Component {
        names: Vec<(String, Span)>,
        pragma: Span,
    },
    Capture {
        capture: Capture,
        pragma: Span,
    },
    Kind {
        kind: (String, Span),
        rules: Vec<(String, Span)>,
        pragma: Span,
    },
    Charset {
        pragma: Span,
    },
    EncodeSet(EncodeSetPragma),
}

/// A numeric value above 0xFF, checked once the charset is known.
struct WideValue {
    span: Span,
    /// As written, e.g. `%x100`.
    text: String,
    value: u32,
    /// A surrogate code point is allowed as a range bound only.
    single: bool,
}

/// Parses the text of one file into [`Item`]s. Never panics: every index
/// is checked, and positions only ever advance over whole characters.
struct Parser<'t> {
    text: &'t str,
    b: &'t [u8],
    file: FileId,
    pos: usize,
    items: Vec<Item>,
    errors: Vec<Diagnostic>,
    wide: Vec<WideValue>,
    /// Open `(` and `[`, innermost last.
    open: Vec<(char, Span)>,
    /// How many `0<...>`-style repetitions (maximum 0) enclose the parser.
    zero_depth: usize,
    /// Whether a prose value was seen inside the innermost such repetition.
    zero_prose: bool,
}

/// Syntax error already recorded; the caller recovers at the next rule.
struct Failed;

type PResult<T> = Result<T, Failed>;

fn is_rulename_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

fn is_rulename(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && b[0].is_ascii_alphabetic() && b.iter().all(|&c| is_rulename_char(c))
}

fn is_element_start(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'*' | b'(' | b'[' | b'"' | b'%' | b'<')
}

impl<'t> Parser<'t> {
    fn new(text: &'t str, file: FileId) -> Parser<'t> {
        Parser {
            text,
            b: text.as_bytes(),
            file,
            pos: 0,
            items: Vec::new(),
            errors: Vec::new(),
            wide: Vec::new(),
            open: Vec::new(),
            zero_depth: 0,
            zero_prose: false,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn peek_at(&self, i: usize) -> Option<u8> {
        self.b.get(i).copied()
    }

    /// Length of the line break at `i`: 1 for LF, 2 for CRLF, else 0.
    fn newline_len(&self, i: usize) -> usize {
        match (self.peek_at(i), self.peek_at(i + 1)) {
            (Some(b'\n'), _) => 1,
            (Some(b'\r'), Some(b'\n')) => 2,
            _ => 0,
        }
    }

    /// At the end of the current rule: end of file or a line break that
    /// [`Parser::skip_cwsp`] did not cross.
    fn at_rule_end(&self) -> bool {
        self.pos >= self.b.len() || self.newline_len(self.pos) > 0
    }

    /// The text of `start..end`; `""` if that is not a range of whole
    /// characters (which the parser never asks for).
    fn slice(&self, start: usize, end: usize) -> &'t str {
        self.text.get(start..end).unwrap_or_default()
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end)
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::new(span, message));
    }

    /// The character at `i`, if `i` is in the text and on a boundary.
    fn char_at(&self, i: usize) -> Option<char> {
        self.text.get(i..).and_then(|s| s.chars().next())
    }

    fn char_len(&self, i: usize) -> usize {
        self.char_at(i).map_or(1, char::len_utf8)
    }

    /// A span over the character at `i` (empty at a line break or the end).
    fn found_span(&self, i: usize) -> Span {
        if i >= self.b.len() || self.newline_len(i) > 0 {
            self.span(i, i)
        } else {
            self.span(i, i + self.char_len(i))
        }
    }

    /// Describes what stands at `i`, for "expected X, found Y".
    fn describe(&self, i: usize) -> String {
        if i >= self.b.len() {
            return "end of file".into();
        }
        if self.newline_len(i) > 0 {
            return "end of line".into();
        }
        match self.char_at(i) {
            Some(c) if c.is_ascii_graphic() || c == ' ' => format!("'{c}'"),
            Some(c) if c.is_control() => format!("U+{:04X}", c as u32),
            Some(c) => format!("'{c}' (U+{:04X})", c as u32),
            None => "an invalid character".into(),
        }
    }

    /// Moves past the end of the current line.
    fn skip_line(&mut self) {
        self.pos = self.line_end(self.pos);
        self.pos += self.newline_len(self.pos);
    }

    /// The position of the line break (LF or CRLF) that ends the line
    /// holding `i`, or the end of the text.
    fn line_end(&self, i: usize) -> usize {
        let rest = self.b.get(i..).unwrap_or_default();
        match rest.iter().position(|&c| c == b'\n') {
            Some(n) if n > 0 && rest[n - 1] == b'\r' => i + n - 1,
            Some(n) => i + n,
            None => self.b.len(),
        }
    }

    /// Moves to the start of the next line that starts a rule: past the
    /// current line and every continuation line after it.
    fn skip_to_next_rule(&mut self) {
        self.skip_line();
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.skip_line();
        }
    }

    /// Skips `*c-wsp`: blanks, comments, and line breaks followed by white
    /// space (continuation lines). Stops before a line break that ends the
    /// rule.
    fn skip_cwsp(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t') => self.pos += 1,
                Some(b';') => self.pos = self.line_end(self.pos),
                _ => {
                    let n = self.newline_len(self.pos);
                    if n > 0 && matches!(self.peek_at(self.pos + n), Some(b' ' | b'\t')) {
                        self.pos += n;
                    } else {
                        return;
                    }
                }
            }
        }
    }

    fn run(mut self) -> Parser<'t> {
        while self.pos < self.b.len() {
            let n = self.newline_len(self.pos);
            if n > 0 {
                self.pos += n;
                continue;
            }
            match self.b[self.pos] {
                b' ' | b'\t' => {
                    while matches!(self.peek(), Some(b' ' | b'\t')) {
                        self.pos += 1;
                    }
                    if self.at_rule_end() || self.peek() == Some(b';') {
                        self.skip_line();
                    } else {
                        let span = self.found_span(self.pos);
                        self.error(
                            span,
                            "indented line continues no rule; a rule must start in column 1",
                        );
                        self.skip_to_next_rule();
                    }
                }
                b';' if self.peek_at(self.pos + 1) == Some(b'@') => self.pragma(),
                b';' => self.skip_line(),
                c if c.is_ascii_alphabetic() => {
                    if self.rule().is_err() {
                        self.skip_to_next_rule();
                    }
                }
                _ => {
                    let span = self.found_span(self.pos);
                    let msg = format!("expected a rule name, found {}", self.describe(self.pos));
                    self.error(span, msg);
                    self.skip_to_next_rule();
                }
            }
        }
        self
    }

    fn rulename(&mut self) -> (String, Span) {
        let start = self.pos;
        while self.peek().is_some_and(is_rulename_char) {
            self.pos += 1;
        }
        (
            self.slice(start, self.pos).to_string(),
            self.span(start, self.pos),
        )
    }

    /// `rule = rulename defined-as elements c-nl`
    fn rule(&mut self) -> PResult<()> {
        self.open.clear();
        self.zero_depth = 0;
        self.zero_prose = false;
        let (name, span) = self.rulename();
        self.skip_cwsp();
        if self.peek() != Some(b'=') {
            let found = self.found_span(self.pos);
            let msg = format!(
                "expected '=' or '=/' after rule name, found {}",
                self.describe(self.pos)
            );
            self.error(found, msg);
            return Err(Failed);
        }
        self.pos += 1;
        let incremental = self.peek() == Some(b'/');
        if incremental {
            self.pos += 1;
        }
        self.skip_cwsp();
        let result = self.rule_rhs(if incremental { "'=/'" } else { "'='" });
        // A rule with a syntax error is still defined, so references to it
        // do not add "unknown rule" noise.
        let node = match &result {
            Ok(node) => node.clone(),
            Err(Failed) => Node {
                kind: NodeKind::Concat(Vec::new()),
                span,
            },
        };
        self.items.push(Item::Rule {
            name,
            span,
            incremental,
            node,
        });
        result.map(|_| self.skip_line())
    }

    fn rule_rhs(&mut self, after: &str) -> PResult<Node> {
        if self.at_rule_end() {
            let found = self.found_span(self.pos);
            let msg = format!(
                "expected an element after {after}, found {}",
                self.describe(self.pos)
            );
            self.error(found, msg);
            return Err(Failed);
        }
        let node = self.alternation()?;
        self.skip_cwsp();
        if !self.at_rule_end() {
            let found = self.found_span(self.pos);
            let msg = match self.peek() {
                Some(c @ (b')' | b']')) => format!("unmatched '{}'", char::from(c)),
                _ => format!(
                    "expected an element, '/' or end of rule, found {}",
                    self.describe(self.pos)
                ),
            };
            self.error(found, msg);
            return Err(Failed);
        }
        Ok(node)
    }

    /// `alternation = concatenation *(*c-wsp "/" *c-wsp concatenation)`
    fn alternation(&mut self) -> PResult<Node> {
        let mut alts = vec![self.concatenation()?];
        loop {
            self.skip_cwsp();
            if self.peek() != Some(b'/') {
                break;
            }
            self.pos += 1;
            self.skip_cwsp();
            alts.push(self.concatenation()?);
        }
        Ok(join(alts, NodeKind::Alt))
    }

    /// `concatenation = repetition *(1*c-wsp repetition)`; the white space
    /// between repetitions is not required.
    fn concatenation(&mut self) -> PResult<Node> {
        let mut items = vec![self.repetition()?];
        loop {
            self.skip_cwsp();
            match self.peek() {
                Some(c) if is_element_start(c) => items.push(self.repetition()?),
                _ => break,
            }
        }
        Ok(join(items, NodeKind::Concat))
    }

    fn count(&mut self) -> PResult<Option<u32>> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(c) = self.peek().filter(u8::is_ascii_digit) {
            value = value.saturating_mul(10).saturating_add(u64::from(c - b'0'));
            self.pos += 1;
        }
        if start == self.pos {
            return Ok(None);
        }
        match u32::try_from(value) {
            Ok(v) => Ok(Some(v)),
            Err(_) => {
                let span = self.span(start, self.pos);
                self.error(
                    span,
                    format!("repeat count too large (the maximum is {})", u32::MAX),
                );
                Err(Failed)
            }
        }
    }

    /// `repetition = [repeat] element`, `repeat = 1*DIGIT / (*DIGIT "*" *DIGIT)`
    fn repetition(&mut self) -> PResult<Node> {
        let start = self.pos;
        if !matches!(self.peek(), Some(b'0'..=b'9' | b'*')) {
            return self.element();
        }
        let first = self.count()?;
        let (min, max) = if self.peek() == Some(b'*') {
            self.pos += 1;
            (first.unwrap_or(0), self.count()?)
        } else {
            let n = first.unwrap_or(0);
            (n, Some(n))
        };
        let repeat = self.slice(start, self.pos);
        let repeat_span = self.span(start, self.pos);
        match self.peek() {
            Some(c) if is_element_start(c) && !matches!(c, b'0'..=b'9' | b'*') => {}
            _ => {
                let found = self.found_span(self.pos);
                let msg = format!(
                    "expected an element after repeat '{repeat}', found {}",
                    self.describe(self.pos)
                );
                self.error(found, msg);
                return Err(Failed);
            }
        }
        if let Some(max) = max.filter(|&max| min > max) {
            let msg = format!("repeat '{repeat}' has minimum {min} greater than maximum {max}");
            self.error(repeat_span, msg);
        }
        // Note [zero repetitions of prose]
        // RFC 3986 writes `path-empty = 0<pchar>`: zero repetitions match
        // the empty string, whatever the prose says. Inside a repetition
        // whose maximum is 0, prose is accepted, and the whole repetition
        // becomes an empty concatenation.
        let zero = max == Some(0);
        let outer_prose = self.zero_prose;
        if zero {
            self.zero_depth += 1;
            self.zero_prose = false;
        }
        let node = self.element();
        let had_prose = zero && self.zero_prose;
        if zero {
            self.zero_depth -= 1;
            self.zero_prose = outer_prose;
        }
        let node = node?;
        let span = self.span(start, node.span.end);
        let kind = if had_prose {
            NodeKind::Concat(Vec::new())
        } else {
            NodeKind::Repeat {
                min,
                max,
                node: Box::new(node),
            }
        };
        Ok(Node { kind, span })
    }

    /// `element = rulename / group / option / char-val / num-val / prose-val`
    fn element(&mut self) -> PResult<Node> {
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() => {
                let (name, span) = self.rulename();
                Ok(Node {
                    kind: NodeKind::Rule(name),
                    span,
                })
            }
            Some(b'(') => self.group('(', ')'),
            Some(b'[') => self.group('[', ']'),
            Some(b'"') => self.char_val(self.pos, false),
            Some(b'%') => self.num_val(),
            Some(b'<') => self.prose(),
            _ => {
                if self.at_rule_end() {
                    if let Some(&(open, span)) = self.open.last() {
                        self.error(span, format!("unclosed '{open}'"));
                        return Err(Failed);
                    }
                }
                let found = self.found_span(self.pos);
                let msg = format!("expected an element, found {}", self.describe(self.pos));
                self.error(found, msg);
                Err(Failed)
            }
        }
    }

    /// `group = "(" *c-wsp alternation *c-wsp ")"`, and the same with
    /// `[ ]` for an option.
    fn group(&mut self, open: char, close: char) -> PResult<Node> {
        let start = self.pos;
        let open_span = self.span(start, start + 1);
        self.pos += 1;
        if self.open.len() >= MAX_NESTING {
            self.error(
                open_span,
                format!("groups and options nest too deeply (more than {MAX_NESTING} levels)"),
            );
            return Err(Failed);
        }
        self.open.push((open, open_span));
        self.skip_cwsp();
        let node = self.alternation()?;
        self.skip_cwsp();
        if self.peek() != Some(close as u8) {
            if self.at_rule_end() {
                self.error(open_span, format!("unclosed '{open}'"));
            } else {
                let found = self.found_span(self.pos);
                let msg = format!(
                    "expected an element, '/' or '{close}', found {}",
                    self.describe(self.pos)
                );
                self.error(found, msg);
            }
            return Err(Failed);
        }
        self.pos += 1;
        self.open.pop();
        if open == '(' {
            return Ok(node);
        }
        Ok(Node {
            kind: NodeKind::Repeat {
                min: 0,
                max: Some(1),
                node: Box::new(node),
            },
            span: self.span(start, self.pos),
        })
    }

    /// `char-val = DQUOTE *(%x20-21 / %x23-7E) DQUOTE`, the opening quote
    /// at `self.pos`, the whole value (with any `%s`/`%i`) from `start`.
    fn char_val(&mut self, start: usize, case_sensitive: bool) -> PResult<Node> {
        self.pos += 1;
        let content = self.pos;
        loop {
            if self.at_rule_end() {
                let span = self.span(start, self.pos);
                self.error(span, "unterminated quoted string");
                return Err(Failed);
            }
            match self.b[self.pos] {
                b'"' => break,
                0x20..=0x7e => self.pos += 1,
                _ => {
                    let found = self.found_span(self.pos);
                    let c = self.char_at(self.pos).map_or(0, |c| c as u32);
                    let msg = format!(
                        "{} is not allowed in a quoted string; write it as %x{c:02X}",
                        self.describe(self.pos)
                    );
                    self.error(found, msg);
                    self.pos += self.char_len(self.pos);
                }
            }
        }
        let text = self.b[content..self.pos].to_vec();
        self.pos += 1;
        Ok(Node {
            kind: NodeKind::Str {
                text,
                case_sensitive,
            },
            span: self.span(start, self.pos),
        })
    }

    /// `num-val = "%" (bin-val / dec-val / hex-val)`, and RFC 7405's
    /// `%s"..."` and `%i"..."`.
    fn num_val(&mut self) -> PResult<Node> {
        let start = self.pos;
        self.pos += 1;
        let letter = self.peek().map(|c| c.to_ascii_lowercase());
        let (base, base_name) = match letter {
            Some(c @ (b's' | b'i')) if self.peek_at(self.pos + 1) == Some(b'"') => {
                self.pos += 1;
                return self.char_val(start, c == b's');
            }
            Some(c @ (b's' | b'i')) => {
                let found = self.found_span(self.pos + 1);
                let msg = format!(
                    "expected '\"' after '%{}', found {}",
                    char::from(c),
                    self.describe(self.pos + 1)
                );
                self.error(found, msg);
                return Err(Failed);
            }
            Some(b'x') => (16, "hexadecimal"),
            Some(b'd') => (10, "decimal"),
            Some(b'b') => (2, "binary"),
            _ => {
                let found = self.found_span(self.pos);
                let msg = format!(
                    "expected 'x', 'd', 'b', 's' or 'i' after '%', found {}",
                    self.describe(self.pos)
                );
                self.error(found, msg);
                return Err(Failed);
            }
        };
        let prefix = self.slice(start, self.pos + 1);
        let prefix = prefix.to_string();
        self.pos += 1;
        let after = format!("'{prefix}'");
        let lo = self.number(base, base_name, &prefix, &after)?;
        let kind = if self.peek() == Some(b'-') {
            self.pos += 1;
            let hi = self.number(base, base_name, &prefix, "'-'")?;
            if lo.value > hi.value {
                let span = self.span(start, self.pos);
                let msg = format!(
                    "empty range {}: {} is greater than {}",
                    self.slice(start, self.pos),
                    lo.text,
                    hi.text
                );
                self.error(span, msg);
            }
            self.check_value(&lo, false);
            self.check_value(&hi, false);
            NodeKind::Range(lo.value, hi.value)
        } else {
            let mut values = vec![lo];
            while self.peek() == Some(b'.') {
                self.pos += 1;
                values.push(self.number(base, base_name, &prefix, "'.'")?);
            }
            for v in &values {
                self.check_value(v, true);
            }
            NodeKind::Seq(values.iter().map(|v| v.value).collect())
        };
        Ok(Node {
            kind,
            span: self.span(start, self.pos),
        })
    }

    fn number(&mut self, base: u32, base_name: &str, prefix: &str, after: &str) -> PResult<Number> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| char::from(c).to_digit(base)) {
            value = value
                .saturating_mul(u64::from(base))
                .saturating_add(u64::from(d));
            self.pos += 1;
        }
        if start == self.pos {
            let found = self.found_span(self.pos);
            let msg = format!(
                "expected {base_name} digit after {after}, found {}",
                self.describe(self.pos)
            );
            self.error(found, msg);
            return Err(Failed);
        }
        let span = self.span(start, self.pos);
        let text = format!("{prefix}{}", self.slice(start, self.pos));
        let value = match u32::try_from(value) {
            Ok(v) if v <= 0x10_FFFF => v,
            _ => {
                self.error(
                    span,
                    format!("value {text} is above %x10FFFF, the largest code point"),
                );
                0x10_FFFF
            }
        };
        Ok(Number { span, text, value })
    }

    fn check_value(&mut self, n: &Number, single: bool) {
        if n.value > 0xFF {
            self.wide.push(WideValue {
                span: n.span,
                text: n.text.clone(),
                value: n.value,
                single,
            });
        }
    }

    /// `prose-val = "<" *(%x20-3D / %x3F-7E) ">"`
    fn prose(&mut self) -> PResult<Node> {
        let start = self.pos;
        self.pos += 1;
        loop {
            if self.at_rule_end() {
                let span = self.span(start, self.pos);
                self.error(span, "unterminated prose value (missing '>')");
                return Err(Failed);
            }
            if self.b[self.pos] == b'>' {
                self.pos += 1;
                break;
            }
            self.pos += self.char_len(self.pos);
        }
        let span = self.span(start, self.pos);
        if self.zero_depth > 0 {
            // See Note [zero repetitions of prose].
            self.zero_prose = true;
        } else {
            let msg = format!(
                "prose value {} cannot be compiled; write the rule in ABNF",
                self.slice(start, self.pos)
            );
            self.error(span, msg);
        }
        Ok(Node {
            kind: NodeKind::Concat(Vec::new()),
            span,
        })
    }

    /// A `;@` pragma line, `self.pos` at the `;`.
    fn pragma(&mut self) {
        let line = self.pos;
        let pragma_span = self.span(line, line + 2);
        self.pos += 2;
        let mut words: Vec<(String, Span)> = Vec::new();
        loop {
            while matches!(self.peek(), Some(b' ' | b'\t')) {
                self.pos += 1;
            }
            if self.at_rule_end() || self.peek() == Some(b';') {
                break;
            }
            let start = self.pos;
            while !self.at_rule_end() && !matches!(self.peek(), Some(b' ' | b'\t' | b';')) {
                self.pos += self.char_len(self.pos);
            }
            words.push((
                self.slice(start, self.pos).to_string(),
                self.span(start, self.pos),
            ));
        }
        let end_span = self.found_span(self.pos);
        self.skip_line();
        let Some((name, name_span)) = words.first().cloned() else {
            self.error(
                end_span,
                "expected a pragma name after ';@' (import, entry, component, capture, kind, charset or encode-set)",
            );
            return;
        };
        let args = &words[1..];
        let pragma = pragma_span.to(name_span);
        match name.as_str() {
            "import" => match args {
                [(path, span)] => self.items.push(Item::Import {
                    path: path.clone(),
                    span: *span,
                }),
                [] => self.error(end_span, "expected a file path after 'import'"),
                [_, (extra, span), ..] => {
                    let msg = format!("unexpected '{extra}' after the import path");
                    self.error(*span, msg);
                }
            },
            "entry" => {
                if args.is_empty() {
                    self.error(end_span, "expected a rule name after 'entry'");
                    return;
                }
                let tokens = split_tokens(args);
                if let Some(names) = self.rule_list(&tokens, false) {
                    self.items.push(Item::Entry { names, pragma });
                }
            }
            "component" => {
                if args.is_empty() {
                    self.error(end_span, "expected a rule name after 'component'");
                    return;
                }
                let tokens = split_tokens(args);
                if let Some(names) = self.rule_list(&tokens, false) {
                    self.items.push(Item::Component { names, pragma });
                }
            }
            "capture" | "kind" => self.capture(&name, args, pragma, end_span),
            "charset" => match args {
                [(cs, _)] if cs.eq_ignore_ascii_case("utf-8") => {
                    self.items.push(Item::Charset { pragma });
                }
                [(cs, span)] => {
                    let msg = format!("unknown charset '{cs}'; the only charset is 'utf-8'");
                    self.error(*span, msg);
                }
                [] => self.error(end_span, "expected 'utf-8' after 'charset'"),
                [_, (extra, span), ..] => {
                    let msg = format!("unexpected '{extra}' after the charset");
                    self.error(*span, msg);
                }
            },
            "encode-set" => self.encode_set(args, pragma, end_span),
            _ => {
                let msg = format!(
                    "unknown pragma '{name}'; expected import, entry, component, capture, kind, charset or encode-set"
                );
                self.error(name_span, msg);
            }
        }
    }

    /// `encode-set NAME = RULE`.
    fn encode_set(&mut self, args: &[(String, Span)], pragma: Span, end: Span) {
        let tokens = split_tokens(args);
        match tokens.as_slice() {
            [(name, name_span), (eq, _), (rule, rule_span)] if eq == "=" => {
                if !is_rulename(name) {
                    let msg = format!("expected an encode-set name, found '{name}'");
                    self.error(*name_span, msg);
                } else if !is_rulename(rule) {
                    let msg = format!("expected a rule name, found '{rule}'");
                    self.error(*rule_span, msg);
                } else {
                    self.items.push(Item::EncodeSet(EncodeSetPragma {
                        name: name.clone(),
                        rule: rule.clone(),
                        rule_span: *rule_span,
                        pragma: pragma.to(*rule_span),
                    }));
                }
            }
            [_, _, _, (extra, span), ..] if tokens[1].0 == "=" => {
                let msg = format!(
                    "unexpected '{extra}' after the rule name; an encode set names one rule"
                );
                self.error(*span, msg);
            }
            _ => {
                let span = tokens.get(1).or(tokens.first()).map_or(end, |t| t.1);
                self.error(span, "expected 'encode-set NAME = RULE'");
            }
        }
    }

    /// `capture R1 R2 ...`, `capture NAME = R1 / R2 ...`,
    /// `kind NAME = R1 / R2 ...`.
    fn capture(&mut self, pragma_name: &str, args: &[(String, Span)], pragma: Span, end: Span) {
        let tokens = split_tokens(args);
        let named = tokens.get(1).is_some_and(|(t, _)| t == "=");
        if !named {
            if pragma_name == "kind" {
                let span = tokens.first().map_or(end, |t| t.1);
                self.error(span, "expected 'kind NAME = RULE / RULE ...'");
                return;
            }
            if tokens.is_empty() {
                self.error(end, "expected a rule name after 'capture'");
                return;
            }
            if let Some(rules) = self.rule_list(&tokens, false) {
                for (rule, span) in rules {
                    self.items.push(Item::Capture {
                        capture: Capture {
                            name: rule.clone(),
                            rules: vec![(rule, span)],
                            kind_of: None,
                        },
                        pragma,
                    });
                }
            }
            return;
        }
        let (name, name_span) = tokens[0].clone();
        if !is_rulename(&name) {
            let msg = format!("expected a {pragma_name} name, found '{name}'");
            self.error(name_span, msg);
            return;
        }
        if tokens.len() == 2 {
            self.error(end, "expected a rule name after '='");
            return;
        }
        let Some(rules) = self.rule_list(&tokens[2..], true) else {
            return;
        };
        if pragma_name == "kind" {
            self.items.push(Item::Kind {
                kind: (name, name_span),
                rules,
                pragma,
            });
        } else {
            self.items.push(Item::Capture {
                capture: Capture {
                    name,
                    rules,
                    kind_of: None,
                },
                pragma,
            });
        }
    }

    /// Rule names, separated by `/` when `slashes`, else by white space.
    fn rule_list(
        &mut self,
        tokens: &[(String, Span)],
        slashes: bool,
    ) -> Option<Vec<(String, Span)>> {
        let mut names = Vec::new();
        for (i, (t, span)) in tokens.iter().enumerate() {
            let want_name = !slashes || i % 2 == 0;
            if want_name && is_rulename(t) {
                names.push((t.clone(), *span));
            } else if !want_name && t == "/" {
            } else {
                let msg = if want_name {
                    format!("expected a rule name, found '{t}'")
                } else {
                    format!("expected '/' between rule names, found '{t}'")
                };
                self.error(*span, msg);
                return None;
            }
        }
        if slashes && tokens.len() % 2 == 0 {
            if let Some((_, span)) = tokens.last() {
                self.error(*span, "expected a rule name after '/'");
            }
            return None;
        }
        Some(names)
    }
}

/// A number in a numeric value, with its span and its text as written.
struct Number {
    span: Span,
    text: String,
    value: u32,
}

/// Splits pragma words at `=` and `/`, so `path=a/b` reads like
/// `path = a / b`.
fn split_tokens(words: &[(String, Span)]) -> Vec<(String, Span)> {
    let mut out = Vec::new();
    for (word, span) in words {
        let mut start = 0;
        for (i, c) in word.char_indices() {
            if c == '=' || c == '/' {
                if start < i {
                    out.push((
                        word[start..i].to_string(),
                        Span::new(span.file, span.start + start, span.start + i),
                    ));
                }
                out.push((
                    c.to_string(),
                    Span::new(span.file, span.start + i, span.start + i + 1),
                ));
                start = i + 1;
            }
        }
        if start < word.len() {
            out.push((
                word[start..].to_string(),
                Span::new(span.file, span.start + start, span.end),
            ));
        }
    }
    out
}

/// One node, or an `Alt`/`Concat` of several, spanning them all.
fn join(mut nodes: Vec<Node>, kind: fn(Vec<Node>) -> NodeKind) -> Node {
    if nodes.len() == 1 {
        if let Some(node) = nodes.pop() {
            return node;
        }
    }
    let span = match (nodes.first(), nodes.last()) {
        (Some(a), Some(b)) => a.span.to(b.span),
        _ => Span::default(),
    };
    Node {
        kind: kind(nodes),
        span,
    }
}

/// Loads files, merges their rules, and runs the checks.
#[derive(Default)]
struct Loader {
    sources: Sources,
    errors: Vec<Diagnostic>,
    rules: Vec<Rule>,
    /// Lower-cased rule name to index in `rules`.
    by_name: HashMap<String, usize>,
    entries: Vec<(String, Span)>,
    components: Vec<(String, Span)>,
    captures: Vec<Capture>,
    kinds: Vec<(String, Span)>,
    encode_sets: Vec<EncodeSetPragma>,
    charset: bool,
    wide: Vec<WideValue>,
    /// Files being loaded, outermost first, for import cycles.
    stack: Vec<(PathBuf, FileId)>,
    /// Files already loaded; importing one again is a no-op.
    done: HashSet<PathBuf>,
    /// Bytes read by imports so far (at most `MAX_IMPORTED_LEN`).
    imported_len: u64,
}

impl Loader {
    /// Adds a file. Invalid UTF-8 is replaced by U+FFFD and reported.
    fn add_file(&mut self, path: String, bytes: Vec<u8>) -> FileId {
        let file = self.sources.files.len();
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let bytes = e.into_bytes();
                let mut text = String::with_capacity(bytes.len());
                for chunk in bytes.utf8_chunks() {
                    text.push_str(chunk.valid());
                    if !chunk.invalid().is_empty() {
                        let at = text.len();
                        text.push(char::REPLACEMENT_CHARACTER);
                        let hex: Vec<String> = chunk
                            .invalid()
                            .iter()
                            .map(|b| format!("0x{b:02X}"))
                            .collect();
                        self.errors.push(Diagnostic::new(
                            Span::new(file, at, text.len()),
                            format!("invalid UTF-8 (bytes {})", hex.join(" ")),
                        ));
                    }
                }
                text
            }
        };
        self.sources.add(path, text)
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::new(span, message));
    }

    fn process(&mut self, file: FileId, identity: PathBuf) {
        let is_main = self.stack.is_empty();
        self.stack.push((identity.clone(), file));
        let text = self.sources.text(file).to_string();
        let parsed = Parser::new(&text, file).run();
        self.errors.extend(parsed.errors);
        self.wide.extend(parsed.wide);
        for item in parsed.items {
            match item {
                Item::Rule {
                    name,
                    span,
                    incremental,
                    node,
                } => self.define(name, span, incremental, node),
                Item::Import { path, span } => self.import(file, &path, span),
                Item::Entry { pragma, .. }
                | Item::Component { pragma, .. }
                | Item::Capture { pragma, .. }
                | Item::Kind { pragma, .. }
                | Item::Charset { pragma }
                | Item::EncodeSet(EncodeSetPragma { pragma, .. })
                    if !is_main =>
                {
                    self.error(
                        pragma,
                        "only 'import' is allowed in an imported file; \
                         entry, component, capture, kind, charset and encode-set belong in the main file",
                    );
                }
                Item::EncodeSet(e) => self.encode_sets.push(e),
                Item::Entry { names, .. } => self.entries.extend(names),
                Item::Component { names, .. } => self.components.extend(names),
                Item::Capture { capture, .. } => self.captures.push(capture),
                Item::Kind { kind, rules, .. } => {
                    for (rule, span) in rules {
                        self.captures.push(Capture {
                            name: rule.clone(),
                            rules: vec![(rule, span)],
                            kind_of: Some(kind.0.clone()),
                        });
                    }
                    self.kinds.push(kind);
                }
                Item::Charset { .. } => self.charset = true,
            }
        }
        self.stack.pop();
        self.done.insert(identity);
    }

    fn import(&mut self, from: FileId, rel: &str, span: Span) {
        let base = Path::new(self.sources.path(from))
            .parent()
            .unwrap_or(Path::new(""));
        let path = base.join(rel);
        let display = path.to_string_lossy().into_owned();
        // See Note [what an import may read].
        if Path::new(rel).extension().and_then(|e| e.to_str()) != Some("abnf") {
            self.error(
                span,
                format!(
                    "import '{rel}' does not name a grammar file; imported files end in '.abnf'"
                ),
            );
            return;
        }
        let escape = format!(
            "import '{rel}' resolves outside the importing file's directory; \
             an import may only read files under it"
        );
        // `..` past the directory is refused before the file system is
        // asked, so the message does not tell whether such a file exists.
        let mut depth = 0usize;
        for c in Path::new(rel).components() {
            match c {
                std::path::Component::ParentDir if depth == 0 => return self.error(span, escape),
                std::path::Component::ParentDir => depth -= 1,
                std::path::Component::Normal(_) => depth += 1,
                _ => {}
            }
        }
        let meta = match fs::metadata(&path) {
            Ok(meta) => meta,
            Err(e) => return self.error(span, format!("cannot read import '{rel}': {e}")),
        };
        let identity = canonical(&path);
        let dir = canonical(if base.as_os_str().is_empty() {
            Path::new(".")
        } else {
            base
        });
        if !identity.starts_with(&dir) {
            return self.error(span, escape);
        }
        if !meta.is_file() {
            self.error(
                span,
                format!("cannot read import '{rel}': not a regular file"),
            );
            return;
        }
        if meta.len() > MAX_FILE_LEN {
            self.error(
                span,
                format!(
                    "import '{rel}' is {} bytes, more than the limit of {MAX_FILE_LEN} bytes for a grammar file",
                    meta.len()
                ),
            );
            return;
        }
        if let Some(i) = self.stack.iter().position(|(id, _)| *id == identity) {
            let mut chain: Vec<&str> = self.stack[i..]
                .iter()
                .map(|&(_, f)| self.sources.path(f))
                .collect();
            chain.push(&display);
            let msg = format!("import cycle: {}", chain.join(" -> "));
            self.error(span, msg);
            return;
        }
        if self.done.contains(&identity) {
            return;
        }
        if self.imported_len.saturating_add(meta.len()) > MAX_IMPORTED_LEN {
            self.error(
                span,
                format!(
                    "import '{rel}' would bring the files imported by this grammar past \
                     {MAX_IMPORTED_LEN} bytes in all"
                ),
            );
            return;
        }
        self.imported_len = self.imported_len.saturating_add(meta.len());
        match read_limited(&path, MAX_FILE_LEN) {
            Ok(bytes) if std::str::from_utf8(&bytes).is_err() || bytes.contains(&0) => {
                self.error(
                    span,
                    format!("import '{rel}' is not a text grammar file (it holds invalid UTF-8 or NUL bytes)"),
                );
            }
            Ok(bytes) => {
                let file = self.add_file(display, bytes);
                self.process(file, identity);
            }
            Err(e) => self.error(span, format!("cannot read import '{rel}': {e}")),
        }
    }

    fn define(&mut self, name: String, span: Span, incremental: bool, node: Node) {
        let key = name.to_ascii_lowercase();
        match (self.by_name.get(&key).copied(), incremental) {
            (Some(i), true) => {
                let rule = &mut self.rules[i];
                let old = std::mem::replace(
                    &mut rule.node,
                    Node {
                        kind: NodeKind::Alt(Vec::new()),
                        span: rule.span,
                    },
                );
                let old_span = old.span;
                let mut alts = match old.kind {
                    NodeKind::Alt(alts) => alts,
                    kind => vec![Node {
                        kind,
                        span: old_span,
                    }],
                };
                let new_span = node.span;
                match node.kind {
                    NodeKind::Alt(more) => alts.extend(more),
                    kind => alts.push(Node {
                        kind,
                        span: new_span,
                    }),
                }
                rule.node = Node {
                    kind: NodeKind::Alt(alts),
                    span: old_span.to(new_span),
                };
            }
            (Some(i), false) => {
                let first = self.sources.location(self.rules[i].span);
                self.error(
                    span,
                    format!("duplicate rule '{name}' (first defined at {first})"),
                );
            }
            (None, true) => self.error(
                span,
                format!("'=/' adds to rule '{name}', which is not defined before it"),
            ),
            (None, false) => {
                self.by_name.insert(key, self.rules.len());
                self.rules.push(Rule { name, span, node });
            }
        }
    }

    fn known(&self, name: &str) -> bool {
        self.by_name.contains_key(&name.to_ascii_lowercase())
    }

    fn finish(mut self, main: FileId, identity: PathBuf) -> Result<Grammar, Diagnostics> {
        self.process(main, identity);
        self.check_references();
        self.check_pragmas();
        self.check_values();
        self.check_recursion();
        if !self.errors.is_empty() {
            let mut errors = self.errors;
            errors.sort_by_key(|e| (e.span.file, e.span.start, e.span.end));
            return Err(Diagnostics {
                sources: self.sources,
                errors,
            });
        }
        let name = Path::new(self.sources.path(main))
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        Ok(Grammar {
            name,
            sources: self.sources,
            file: main,
            rules: self.rules,
            entries: self.entries,
            components: self.components,
            captures: self.captures,
            encode_sets: self.encode_sets,
            utf8: self.charset,
            by_name: self.by_name,
        })
    }

    fn check_references(&mut self) {
        let mut unknown = Vec::new();
        for rule in &self.rules {
            visit_refs(&rule.node, &mut |name, span| {
                if !self.known(name) {
                    unknown.push((name.to_string(), span));
                }
            });
        }
        for (name, span) in unknown {
            self.error(span, format!("unknown rule '{name}'"));
        }
    }

    fn check_pragmas(&mut self) {
        let mut problems = Vec::new();
        let mut seen: HashMap<String, Span> = HashMap::new();
        for (name, span) in &self.entries {
            if !self.known(name) {
                problems.push((*span, format!("unknown rule '{name}'")));
            }
            if let Some(first) = seen.insert(name.to_ascii_lowercase(), *span) {
                let at = self.sources.location(first);
                problems.push((*span, format!("duplicate entry '{name}' (first at {at})")));
            }
        }
        let mut seen: HashMap<String, Span> = HashMap::new();
        for (name, span) in &self.components {
            if !self.known(name) {
                problems.push((*span, format!("unknown rule '{name}'")));
            }
            if let Some(first) = seen.insert(name.to_ascii_lowercase(), *span) {
                let at = self.sources.location(first);
                problems.push((
                    *span,
                    format!("duplicate component '{name}' (first at {at})"),
                ));
            }
        }
        let mut seen: HashMap<String, Span> = HashMap::new();
        for capture in &self.captures {
            for (name, span) in &capture.rules {
                if !self.known(name) {
                    problems.push((*span, format!("unknown rule '{name}'")));
                }
            }
            let span = capture.rules.first().map_or(Span::default(), |r| r.1);
            if let Some(first) = seen.insert(capture.name.to_ascii_lowercase(), span) {
                let at = self.sources.location(first);
                let name = &capture.name;
                problems.push((span, format!("duplicate capture '{name}' (first at {at})")));
            }
        }
        let mut seen: HashMap<String, Span> = HashMap::new();
        for e in &self.encode_sets {
            if !self.known(&e.rule) {
                problems.push((e.rule_span, format!("unknown rule '{}'", e.rule)));
            }
            if let Some(first) = seen.insert(e.name.to_ascii_lowercase(), e.pragma) {
                let at = self.sources.location(first);
                let name = &e.name;
                problems.push((
                    e.pragma,
                    format!("duplicate encode-set '{name}' (first at {at})"),
                ));
            }
        }
        for (kind, span) in &self.kinds {
            let declared = self
                .captures
                .iter()
                .any(|c| c.kind_of.is_none() && c.name.eq_ignore_ascii_case(kind));
            if !declared {
                problems.push((
                    *span,
                    format!("kind '{kind}' names no capture; declare it with ';@ capture {kind}'"),
                ));
            }
        }
        for (span, message) in problems {
            self.error(span, message);
        }
    }

    fn check_values(&mut self) {
        let wide = std::mem::take(&mut self.wide);
        for v in wide {
            if !self.charset {
                self.error(
                    v.span,
                    format!(
                        "value {} is above %xFF; add ';@ charset utf-8' to use code points",
                        v.text
                    ),
                );
            } else if v.single && (0xD800..=0xDFFF).contains(&v.value) {
                self.error(
                    v.span,
                    format!("value {} is a surrogate, not a character", v.text),
                );
            }
        }
    }

    /// Reports each cycle of the rule-reference graph once, at the
    /// reference that closes it. Iterative, so a long chain of rules cannot
    /// overflow the stack.
    fn check_recursion(&mut self) {
        let edges: Vec<Vec<(usize, Span)>> = self
            .rules
            .iter()
            .map(|rule| {
                let mut out: Vec<(usize, Span)> = Vec::new();
                let mut seen = std::collections::HashSet::new();
                visit_refs(&rule.node, &mut |name, span| {
                    if let Some(&j) = self.by_name.get(&name.to_ascii_lowercase()) {
                        if seen.insert(j) {
                            out.push((j, span));
                        }
                    }
                });
                out
            })
            .collect();
        #[derive(Clone, Copy, PartialEq)]
        enum Color {
            White,
            Gray,
            Black,
        }
        let mut color = vec![Color::White; self.rules.len()];
        let mut found = Vec::new();
        for root in 0..self.rules.len() {
            if color[root] != Color::White {
                continue;
            }
            color[root] = Color::Gray;
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            while let Some(top) = stack.last_mut() {
                let (v, k) = *top;
                let Some(&(w, span)) = edges[v].get(k) else {
                    color[v] = Color::Black;
                    stack.pop();
                    continue;
                };
                top.1 += 1;
                match color[w] {
                    Color::White => {
                        color[w] = Color::Gray;
                        stack.push((w, 0));
                    }
                    Color::Gray => {
                        let i = stack.iter().position(|&(u, _)| u == w).unwrap_or(0);
                        let mut names: Vec<&str> = stack[i..]
                            .iter()
                            .map(|&(u, _)| self.rules[u].name.as_str())
                            .collect();
                        names.push(&self.rules[w].name);
                        let msg = format!(
                            "rule '{}' is recursive: {}",
                            self.rules[w].name,
                            names.join(" -> ")
                        );
                        found.push((span, msg));
                    }
                    Color::Black => {}
                }
            }
        }
        for (span, msg) in found {
            self.error(span, msg);
        }
    }
}

/// Calls `f` with every rule reference under `node`, in order.
fn visit_refs(node: &Node, f: &mut impl FnMut(&str, Span)) {
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
