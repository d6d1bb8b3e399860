//! RFC 5234 ABNF (plus RFC 7405 `%s`/`%i`) into [`Node`]s: the recursive
//! descent [`Parser`] of one file.

#[allow(unused_imports)]
use super::*;
use crate::support::diag::{Diagnostic, FileId, Span};

// Note [nesting limit]
// The parser is recursive descent, so `((((...` would grow the stack with
// the input. Groups and options nest at most this deep; deeper is an error.
pub(super) const MAX_NESTING: usize = 64;

/// What one file says, in file order; the [`Loader`] acts on it.
pub(super) enum Item {
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
        /// `kind-after`: decided after the match (Note [kinds after the
        /// match] in `lower.rs`).
        after: bool,
        pragma: Span,
    },
    Charset {
        pragma: Span,
    },
    EncodeSet(EncodeSetPragma),
    View(ViewPragma, Span),
    Views(bool, Span),
    Accessor(AccessorPragma, Span),
    /// `title "..."`: what the grammar is, in a few words.
    Title(String, Span),
    /// `;@ marker NAME`: the name of the grammar's marker type.
    Marker(String, Span),
    /// `;@ family NAME`: the grammar's family.
    Family(super::ast::Family, Span),
    /// `;@ depth RULE N` (Note [bounded nesting]).
    Depth {
        rule: (String, Span),
        depth: u32,
        pragma: Span,
    },
    /// `deny ambiguity` (`deny`, no names) or `allow ambiguity NAME ...`.
    Ambiguity {
        deny: bool,
        names: Vec<(String, Span)>,
        pragma: Span,
    },
}

/// A numeric value above 0xFF, checked once the charset is known.
pub(super) struct WideValue {
    pub(super) span: Span,
    /// As written, e.g. `%x100`.
    pub(super) text: String,
    pub(super) value: u32,
    /// A surrogate code point is allowed as a range bound only.
    pub(super) single: bool,
}

/// Parses the text of one file into [`Item`]s. Never panics: every index
/// is checked, and positions only ever advance over whole characters.
pub(super) struct Parser<'t> {
    pub(super) text: &'t str,
    pub(super) b: &'t [u8],
    pub(super) file: FileId,
    pub(super) pos: usize,
    pub(super) items: Vec<Item>,
    pub(super) errors: Vec<Diagnostic>,
    pub(super) wide: Vec<WideValue>,
    /// Open `(` and `[`, innermost last.
    pub(super) open: Vec<(char, Span)>,
    /// How many `0<...>`-style repetitions (maximum 0) enclose the parser.
    pub(super) zero_depth: usize,
    /// Whether a prose value was seen inside the innermost such repetition.
    pub(super) zero_prose: bool,
    /// The rule being parsed, lower-cased.
    pub(super) rule_key: String,
    /// Prose values that count: the rule (lower-cased) each is in, its
    /// span and its message. A prose value is an error only in a rule that
    /// something compiled reaches (Note [what an entry must reach]).
    pub(super) prose: Vec<(String, Span, String)>,
}

/// Syntax error already recorded; the caller recovers at the next rule.
pub(super) struct Failed;

pub(super) type PResult<T> = Result<T, Failed>;

pub(super) fn is_rulename_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

pub(super) fn is_rulename(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && b[0].is_ascii_alphabetic() && b.iter().all(|&c| is_rulename_char(c))
}

pub(super) fn is_element_start(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'*' | b'(' | b'[' | b'"' | b'%' | b'<')
}

impl<'t> Parser<'t> {
    pub(super) fn new(text: &'t str, file: FileId) -> Parser<'t> {
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
            rule_key: String::new(),
            prose: Vec::new(),
        }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    pub(super) fn peek_at(&self, i: usize) -> Option<u8> {
        self.b.get(i).copied()
    }

    /// Length of the line break at `i`: 1 for LF, 2 for CRLF, else 0.
    pub(super) fn newline_len(&self, i: usize) -> usize {
        match (self.peek_at(i), self.peek_at(i + 1)) {
            (Some(b'\n'), _) => 1,
            (Some(b'\r'), Some(b'\n')) => 2,
            _ => 0,
        }
    }

    /// At the end of the current rule: end of file or a line break that
    /// [`Parser::skip_cwsp`] did not cross.
    pub(super) fn at_rule_end(&self) -> bool {
        self.pos >= self.b.len() || self.newline_len(self.pos) > 0
    }

    /// The text of `start..end`; `""` if that is not a range of whole
    /// characters (which the parser never asks for).
    pub(super) fn slice(&self, start: usize, end: usize) -> &'t str {
        self.text.get(start..end).unwrap_or_default()
    }

    pub(super) fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end)
    }

    pub(super) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::new(span, message));
    }

    /// The character at `i`, if `i` is in the text and on a boundary.
    pub(super) fn char_at(&self, i: usize) -> Option<char> {
        self.text.get(i..).and_then(|s| s.chars().next())
    }

    pub(super) fn char_len(&self, i: usize) -> usize {
        self.char_at(i).map_or(1, char::len_utf8)
    }

    /// A span over the character at `i` (empty at a line break or the end).
    pub(super) fn found_span(&self, i: usize) -> Span {
        if i >= self.b.len() || self.newline_len(i) > 0 {
            self.span(i, i)
        } else {
            self.span(i, i + self.char_len(i))
        }
    }

    /// Describes what stands at `i`, for "expected X, found Y".
    pub(super) fn describe(&self, i: usize) -> String {
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
    pub(super) fn skip_line(&mut self) {
        self.pos = self.line_end(self.pos);
        self.pos += self.newline_len(self.pos);
    }

    /// The position of the line break (LF or CRLF) that ends the line
    /// holding `i`, or the end of the text.
    pub(super) fn line_end(&self, i: usize) -> usize {
        let rest = self.b.get(i..).unwrap_or_default();
        match rest.iter().position(|&c| c == b'\n') {
            Some(n) if n > 0 && rest[n - 1] == b'\r' => i + n - 1,
            Some(n) => i + n,
            None => self.b.len(),
        }
    }

    /// Moves to the start of the next line that starts a rule: past the
    /// current line and every continuation line after it.
    pub(super) fn skip_to_next_rule(&mut self) {
        self.skip_line();
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.skip_line();
        }
    }

    /// Skips `*c-wsp`: blanks, comments, and line breaks followed by white
    /// space (continuation lines). Stops before a line break that ends the
    /// rule.
    pub(super) fn skip_cwsp(&mut self) {
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

    pub(super) fn run(mut self) -> Parser<'t> {
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

    pub(super) fn rulename(&mut self) -> (String, Span) {
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
    pub(super) fn rule(&mut self) -> PResult<()> {
        self.open.clear();
        self.zero_depth = 0;
        self.zero_prose = false;
        let (name, span) = self.rulename();
        self.rule_key = name.to_ascii_lowercase();
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

    pub(super) fn rule_rhs(&mut self, after: &str) -> PResult<Node> {
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
    pub(super) fn alternation(&mut self) -> PResult<Node> {
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
    pub(super) fn concatenation(&mut self) -> PResult<Node> {
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

    pub(super) fn count(&mut self) -> PResult<Option<u32>> {
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
    pub(super) fn repetition(&mut self) -> PResult<Node> {
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
    pub(super) fn element(&mut self) -> PResult<Node> {
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
    pub(super) fn group(&mut self, open: char, close: char) -> PResult<Node> {
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
    pub(super) fn char_val(&mut self, start: usize, case_sensitive: bool) -> PResult<Node> {
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
    pub(super) fn num_val(&mut self) -> PResult<Node> {
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

    pub(super) fn number(
        &mut self,
        base: u32,
        base_name: &str,
        prefix: &str,
        after: &str,
    ) -> PResult<Number> {
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

    pub(super) fn check_value(&mut self, n: &Number, single: bool) {
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
    pub(super) fn prose(&mut self) -> PResult<Node> {
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
            self.prose.push((self.rule_key.clone(), span, msg));
        }
        Ok(Node {
            kind: NodeKind::Concat(Vec::new()),
            span,
        })
    }
}

/// A number in a numeric value, with its span and its text as written.
pub(super) struct Number {
    pub(super) span: Span,
    pub(super) text: String,
    pub(super) value: u32,
}

/// Splits pragma words at `=` and `/`, so `path=a/b` reads like
/// `path = a / b`.
pub(super) fn split_tokens(words: &[(String, Span)]) -> Vec<(String, Span)> {
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
pub(super) fn join(mut nodes: Vec<Node>, kind: fn(Vec<Node>) -> NodeKind) -> Node {
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
