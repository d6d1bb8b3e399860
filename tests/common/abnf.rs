//! A small ABNF reader and a set-of-end-positions recognizer, written for
//! the tests only and sharing no code with `uridfa-codegen`: the oracle of
//! `tests/independent_abnf.rs` (see its module docs), also used to decide
//! independently whether a corpus input lies inside a grammar.
//!
//! [`Grammar::load`] reads a `.abnf` file with its `;@ import`s,
//! [`Rules::new`] resolves rule references, and [`Recognizer`] answers
//! "does the whole input match this rule?".

use super::transcription::strip_comment;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------
// The grammar

#[derive(Clone, Debug)]
pub enum Node {
    Alt(Vec<Node>),
    Cat(Vec<Node>),
    Rep {
        min: usize,
        max: Option<usize>,
        node: Box<Node>,
    },
    /// A rule reference, by lower-case name.
    Rule(String),
    /// A quoted string (`ci`: ASCII letters match either case) or a
    /// `%x41.42` concatenation (`ci` false).
    Str {
        chars: Vec<u32>,
        ci: bool,
    },
    /// `%x41-5A`.
    Range(u32, u32),
    /// `<prose>`: RFC 5234 §4 "prose description, to be used as last
    /// resort"; it has no meaning to a recognizer, so reaching one panics.
    /// RFC 3986's `path-empty = 0<pchar>` never reaches it (zero
    /// repetitions of anything is the empty string).
    Prose(String),
}

#[derive(Default)]
pub struct Grammar {
    pub rules: HashMap<String, Node>,
    pub entries: Vec<String>,
    /// `;@ charset utf-8`: numeric values are code points.
    utf8: bool,
}

impl Grammar {
    /// Reads `path` and, through `;@ import`, the files it imports: their
    /// rules only, not their pragmas (an imported grammar's entries are its
    /// own; `main` is false for them).
    fn read(path: &Path, g: &mut Grammar, seen: &mut BTreeSet<PathBuf>, main: bool) {
        if !seen.insert(path.to_path_buf()) {
            return;
        }
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        // (name, incremental, right-hand side)
        let mut defs: Vec<(String, bool, String)> = Vec::new();
        for line in text.lines() {
            if let Some(p) = line.strip_prefix(";@") {
                let p = strip_comment(p.trim_start_matches(';'));
                let mut words = p.split_whitespace();
                match words.next() {
                    Some("import") => {
                        let file = words.next().expect("import FILE");
                        Grammar::read(&path.parent().unwrap().join(file), g, seen, false);
                    }
                    Some("entry") if main => g.entries.extend(words.map(str::to_ascii_lowercase)),
                    Some("charset") if main => {
                        assert_eq!(words.next(), Some("utf-8"));
                        g.utf8 = true;
                    }
                    _ => {} // captures, kinds, encode sets: not about acceptance
                }
                continue;
            }
            let body = strip_comment(line);
            if body.trim().is_empty() {
                continue;
            }
            if body.starts_with([' ', '\t']) {
                let last = defs
                    .last_mut()
                    .unwrap_or_else(|| panic!("{path:?}: {line}"));
                last.2.push(' ');
                last.2.push_str(body);
            } else {
                let (name, rhs) = body.split_once('=').expect("rule = ...");
                let (rhs, inc) = match rhs.strip_prefix('/') {
                    Some(r) => (r, true),
                    None => (rhs, false),
                };
                defs.push((name.trim().to_ascii_lowercase(), inc, rhs.to_string()));
            }
        }
        for (name, inc, rhs) in defs {
            let node = Parser::new(&rhs).all();
            if inc {
                let old = g.rules.remove(&name).expect("=/ extends a rule");
                let mut alts = match old {
                    Node::Alt(a) => a,
                    other => vec![other],
                };
                match node {
                    Node::Alt(a) => alts.extend(a),
                    other => alts.push(other),
                }
                g.rules.insert(name, Node::Alt(alts));
            } else {
                assert!(
                    g.rules.insert(name.clone(), node).is_none(),
                    "{path:?}: {name} defined twice"
                );
            }
        }
    }

    pub fn load(path: &Path) -> Grammar {
        let mut g = Grammar::default();
        Grammar::read(path, &mut g, &mut BTreeSet::new(), true);
        g
    }
}

/// A recursive-descent reader of one right-hand side (RFC 5234 §4, with
/// RFC 7405's `%s` and `%i`).
pub struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Parser<'a> {
    fn new(s: &'a str) -> Parser<'a> {
        Parser {
            s: s.as_bytes(),
            i: 0,
        }
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn fail(&self, what: &str) -> ! {
        panic!(
            "ABNF: {what} at {} in {:?}",
            self.i,
            String::from_utf8_lossy(self.s)
        )
    }

    fn all(mut self) -> Node {
        let n = self.alternation();
        self.ws();
        if self.i != self.s.len() {
            self.fail("trailing text");
        }
        n
    }

    fn alternation(&mut self) -> Node {
        let mut alts = vec![self.concatenation()];
        loop {
            self.ws();
            if self.peek() == Some(b'/') {
                self.i += 1;
                alts.push(self.concatenation());
            } else {
                break;
            }
        }
        if alts.len() == 1 {
            alts.pop().unwrap()
        } else {
            Node::Alt(alts)
        }
    }

    fn concatenation(&mut self) -> Node {
        let mut items = Vec::new();
        loop {
            self.ws();
            match self.peek() {
                None | Some(b'/' | b')' | b']') => break,
                _ => items.push(self.repetition()),
            }
        }
        if items.is_empty() {
            self.fail("empty concatenation");
        }
        if items.len() == 1 {
            items.pop().unwrap()
        } else {
            Node::Cat(items)
        }
    }

    fn number(&mut self, radix: u32) -> Option<u32> {
        let start = self.i;
        while self.peek().is_some_and(|b| (b as char).is_digit(radix)) {
            self.i += 1;
        }
        let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
        (!t.is_empty()).then(|| u32::from_str_radix(t, radix).unwrap())
    }

    fn repetition(&mut self) -> Node {
        let lo = self.number(10);
        let (min, max) = if self.peek() == Some(b'*') {
            self.i += 1;
            let hi = self.number(10);
            (lo.unwrap_or(0) as usize, hi.map(|h| h as usize))
        } else if let Some(n) = lo {
            (n as usize, Some(n as usize))
        } else {
            return self.element();
        };
        let node = Box::new(self.element());
        Node::Rep { min, max, node }
    }

    fn element(&mut self) -> Node {
        match self.peek() {
            Some(b'(') => {
                self.i += 1;
                let n = self.alternation();
                self.ws();
                if self.peek() != Some(b')') {
                    self.fail("expected )");
                }
                self.i += 1;
                n
            }
            Some(b'[') => {
                self.i += 1;
                let n = self.alternation();
                self.ws();
                if self.peek() != Some(b']') {
                    self.fail("expected ]");
                }
                self.i += 1;
                Node::Rep {
                    min: 0,
                    max: Some(1),
                    node: Box::new(n),
                }
            }
            Some(b'"') => self.quoted(true),
            Some(b'%') => {
                self.i += 1;
                let base = self.peek().map(|b| b.to_ascii_lowercase());
                self.i += 1;
                match base {
                    Some(b's') => self.quoted(false),
                    Some(b'i') => self.quoted(true),
                    Some(b'x') => self.numeric(16),
                    Some(b'd') => self.numeric(10),
                    Some(b'b') => self.numeric(2),
                    _ => self.fail("bad % value"),
                }
            }
            Some(b) if b.is_ascii_alphabetic() => {
                let start = self.i;
                while self
                    .peek()
                    .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'-')
                {
                    self.i += 1;
                }
                let name = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                Node::Rule(name.to_ascii_lowercase())
            }
            Some(b'<') => {
                let start = self.i + 1;
                while self.peek().is_some_and(|b| b != b'>') {
                    self.i += 1;
                }
                if self.peek().is_none() {
                    self.fail("unterminated prose value");
                }
                self.i += 1;
                Node::Prose(String::from_utf8_lossy(&self.s[start..self.i - 1]).into_owned())
            }
            _ => self.fail("expected an element"),
        }
    }

    fn quoted(&mut self, ci: bool) -> Node {
        if self.peek() != Some(b'"') {
            self.fail("expected \"");
        }
        self.i += 1;
        let start = self.i;
        while self.peek().is_some_and(|b| b != b'"') {
            self.i += 1;
        }
        if self.peek().is_none() {
            self.fail("unterminated string");
        }
        let chars = self.s[start..self.i]
            .iter()
            .map(|&b| u32::from(b))
            .collect();
        self.i += 1;
        Node::Str { chars, ci }
    }

    fn numeric(&mut self, radix: u32) -> Node {
        let first = self.number(radix).unwrap_or_else(|| self.fail("digits"));
        match self.peek() {
            Some(b'-') => {
                self.i += 1;
                let hi = self.number(radix).unwrap_or_else(|| self.fail("digits"));
                Node::Range(first, hi)
            }
            Some(b'.') => {
                let mut chars = vec![first];
                while self.peek() == Some(b'.') {
                    self.i += 1;
                    chars.push(self.number(radix).unwrap_or_else(|| self.fail("digits")));
                }
                Node::Str { chars, ci: false }
            }
            _ => Node::Range(first, first),
        }
    }
}

// ---------------------------------------------------------------------------
// The recognizer

/// A rule body with references resolved to indices, for the recognizer.
pub enum Compiled {
    Alt(Vec<Compiled>),
    Cat(Vec<Compiled>),
    Rep {
        min: usize,
        max: Option<usize>,
        node: Box<Compiled>,
    },
    Rule(usize),
    Str {
        chars: Vec<u32>,
        ci: bool,
    },
    Range(u32, u32),
    /// One symbol from a union of ranges: an alternation of single
    /// symbols, rule references included, flattened (so that `ALPHA`,
    /// `unreserved`... cost no memo entry).
    Set(Vec<(u32, u32)>),
    Prose(String),
}

/// The ranges of one-symbol matches of `n`, if every match of `n` is one
/// symbol from a fixed set.
pub fn single_set(n: &Node, g: &Grammar) -> Option<Vec<(u32, u32)>> {
    match n {
        Node::Alt(v) => {
            let mut out = Vec::new();
            for x in v {
                out.extend(single_set(x, g)?);
            }
            Some(out)
        }
        Node::Range(a, b) => Some(vec![(*a, *b)]),
        Node::Str { chars, ci } if chars.len() == 1 => {
            let c = chars[0];
            let mut out = vec![(c, c)];
            if *ci && c < 128 && (c as u8).is_ascii_alphabetic() {
                let o = u32::from((c as u8) ^ 0x20);
                out.push((o, o));
            }
            Some(out)
        }
        Node::Rule(r) => single_set(&g.rules[r], g),
        _ => None,
    }
}

/// The grammar's rules, indexed.
pub struct Rules {
    names: Vec<String>,
    bodies: Vec<Compiled>,
    utf8: bool,
}

impl Rules {
    pub fn new(g: &Grammar) -> Rules {
        let mut names: Vec<String> = g.rules.keys().cloned().collect();
        names.sort();
        let index = |n: &str| {
            names
                .binary_search_by(|x| x.as_str().cmp(n))
                .unwrap_or_else(|_| panic!("unknown rule {n}"))
        };
        fn compile(n: &Node, g: &Grammar, index: &dyn Fn(&str) -> usize) -> Compiled {
            if let Some(set) = single_set(n, g) {
                return Compiled::Set(set);
            }
            match n {
                Node::Alt(v) => Compiled::Alt(v.iter().map(|x| compile(x, g, index)).collect()),
                Node::Cat(v) => Compiled::Cat(v.iter().map(|x| compile(x, g, index)).collect()),
                Node::Rep { min, max, node } => Compiled::Rep {
                    min: *min,
                    max: *max,
                    node: Box::new(compile(node, g, index)),
                },
                Node::Rule(r) => Compiled::Rule(index(r)),
                Node::Str { chars, ci } => Compiled::Str {
                    chars: chars.clone(),
                    ci: *ci,
                },
                Node::Range(a, b) => Compiled::Range(*a, *b),
                Node::Prose(p) => Compiled::Prose(p.clone()),
            }
        }
        let bodies = names
            .iter()
            .map(|n| compile(&g.rules[n], g, &index))
            .collect();
        Rules {
            names,
            bodies,
            utf8: g.utf8,
        }
    }

    pub fn index(&self, name: &str) -> usize {
        self.names
            .binary_search_by(|x| x.as_str().cmp(name))
            .unwrap_or_else(|_| panic!("unknown rule {name}"))
    }
}

/// A set of input positions: sorted, without duplicates.
pub type Ends = Vec<usize>;

pub struct Recognizer<'g> {
    rules: &'g Rules,
    input: Vec<u32>,
    /// By `rule * (len + 1) + at`.
    memo: HashMap<usize, std::rc::Rc<Ends>>,
    active: BTreeSet<usize>,
}

impl Recognizer<'_> {
    /// A recognizer of `input`; `None` if the grammar reads code points
    /// and `input` is not UTF-8 (no code point sequence encodes it).
    pub fn new<'r>(rules: &'r Rules, input: &[u8]) -> Option<Recognizer<'r>> {
        let symbols: Vec<u32> = if rules.utf8 {
            std::str::from_utf8(input)
                .ok()?
                .chars()
                .map(u32::from)
                .collect()
        } else {
            input.iter().map(|&b| u32::from(b)).collect()
        };
        Some(Recognizer {
            rules,
            input: symbols,
            memo: HashMap::new(),
            active: BTreeSet::new(),
        })
    }

    /// Whether the whole input matches rule `rule` (the memo is shared
    /// between calls on one input).
    pub fn accepts(&mut self, rule: usize) -> bool {
        let n = self.input.len();
        self.rule(rule, 0).contains(&n)
    }

    /// Whether all of `input` matches rule `rule`.
    pub fn matches(rules: &Rules, rule: usize, input: &[u8]) -> bool {
        Recognizer::new(rules, input).is_some_and(|mut r| r.accepts(rule))
    }

    fn rule(&mut self, rule: usize, at: usize) -> std::rc::Rc<Ends> {
        let key = rule * (self.input.len() + 1) + at;
        if let Some(s) = self.memo.get(&key) {
            return s.clone();
        }
        assert!(
            self.active.insert(key),
            "left recursion through {}",
            self.rules.names[rule]
        );
        let rules = self.rules;
        let out = std::rc::Rc::new(self.ends(&rules.bodies[rule], at));
        self.active.remove(&key);
        self.memo.insert(key, out.clone());
        out
    }

    /// The set of ends of `node` from `at`.
    fn ends(&mut self, node: &Compiled, at: usize) -> Ends {
        let mut out = Vec::new();
        self.push_ends(node, at, &mut out);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Appends the ends of `node` from `at` to `out` (unsorted; duplicates
    /// allowed).
    fn push_ends(&mut self, node: &Compiled, at: usize, out: &mut Ends) {
        match node {
            Compiled::Alt(alts) => {
                for a in alts {
                    self.push_ends(a, at, out);
                }
            }
            Compiled::Cat(items) => {
                let mut cur = vec![at];
                for item in items {
                    let mut next = Vec::new();
                    for &p in &cur {
                        self.push_ends(item, p, &mut next);
                    }
                    next.sort_unstable();
                    next.dedup();
                    cur = next;
                    if cur.is_empty() {
                        return;
                    }
                }
                out.extend_from_slice(&cur);
            }
            Compiled::Rep { min, max, node } => {
                // The positions after k repetitions, k = 0, 1, ...: exact
                // sets while k <= min or the bound is finite; past `min`
                // without a bound, only positions not seen before need
                // expanding (what follows a position does not depend on
                // how many repetitions reached it).
                let mut cur = vec![at];
                let mut seen: Ends = Vec::new();
                let mut k = 0;
                loop {
                    if k >= *min {
                        out.extend_from_slice(&cur);
                    }
                    if Some(k) == *max || cur.is_empty() {
                        break;
                    }
                    let mut next = Vec::new();
                    for &p in &cur {
                        self.push_ends(node, p, &mut next);
                    }
                    next.sort_unstable();
                    next.dedup();
                    k += 1;
                    if max.is_none() && k >= *min {
                        if k > *min {
                            next.retain(|p| seen.binary_search(p).is_err());
                        }
                        seen.extend_from_slice(&next);
                        seen.sort_unstable();
                    }
                    cur = next;
                }
            }
            Compiled::Rule(r) => {
                let e = self.rule(*r, at);
                out.extend_from_slice(&e);
            }
            Compiled::Str { chars, ci } => {
                let fits = chars.len() <= self.input.len() - at
                    && chars.iter().zip(&self.input[at..]).all(|(&c, &s)| {
                        c == s
                            || (*ci
                                && c < 128
                                && s < 128
                                && (c as u8).is_ascii_alphabetic()
                                && (c as u8).eq_ignore_ascii_case(&(s as u8)))
                    });
                if fits {
                    out.push(at + chars.len());
                }
            }
            Compiled::Prose(p) => panic!("a prose value <{p}> cannot be recognized"),
            Compiled::Set(ranges) => {
                if let Some(&s) = self.input.get(at) {
                    if ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&s)) {
                        out.push(at + 1);
                    }
                }
            }
            Compiled::Range(lo, hi) => {
                if self.input.get(at).is_some_and(|s| (lo..=hi).contains(&s)) {
                    out.push(at + 1);
                }
            }
        }
    }
}

/// Whether `input` matches rule `rule` of `grammar/<file>.abnf` (a
/// convenience that reads the grammar on each call).
pub fn matches_file(file: &str, rule: &str, input: &[u8]) -> bool {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("grammar/{file}.abnf"));
    let rules = Rules::new(&Grammar::load(&path));
    Recognizer::matches(&rules, rules.index(&rule.to_ascii_lowercase()), input)
}

/// The rules of `grammar/FILE.abnf`, read by this recognizer (the builder
/// tests check every setter against them).
pub fn grammar_rules(file: &str) -> Rules {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("grammar/{file}.abnf"));
    Rules::new(&Grammar::load(&path))
}

/// Whether `rule` of `rules` (ASCII case ignored) matches all of `input`.
pub fn rule_matches(rules: &Rules, rule: &str, input: &str) -> bool {
    Recognizer::matches(
        rules,
        rules.index(&rule.to_ascii_lowercase()),
        input.as_bytes(),
    )
}
