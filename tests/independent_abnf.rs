//! An acceptance oracle that shares no code with `uridfa-codegen`: a small
//! ABNF reader and a set-of-end-positions recognizer written for this test
//! only, run on every grammar file in `grammar/` and every `;@ entry` rule,
//! and compared with the generated tables (`uridfa::GRAMMARS`,
//! `uridfa_runtime::validate`).
//!
//! `codegen/src/oracle.rs` builds regex-automata's DFA and PikeVM from our
//! own lowered expression, and draws its inputs from it, so a bug in the
//! ABNF front end (parsing, imports, `=/`, case rules, repetition bounds,
//! numeric values) cannot show there. Here the `.abnf` text is read a
//! second time, by different code, and the question is only "does the
//! whole input match the rule?".
//!
//! The recognizer: `ends(node, at)` is the set of positions where a match
//! of `node` starting at `at` can end. Alternation is the union of its
//! alternatives (ABNF alternation is not ordered for acceptance),
//! concatenation threads the sets, repetition iterates them, and rule
//! references are memoized per (rule, position). The input matches when
//! its length is in `ends(rule, 0)`. The grammars have no recursion (the
//! generator rejects it), so the memo never sees a cycle; a cycle would
//! panic here.
//!
//! Inputs: the inputs of `../shared/corpora/*validity*.jsonl`, a sample of
//! `../shared/corpora/urls/kasztp.txt`, the resolution corpora's bases and
//! references, a few spec examples written below, and mutations of all of
//! them. Per grammar and entry, the test prints how many inputs each side
//! accepts and how many agree, and asserts full agreement.
//!
//! `cargo test -p uridfa --test independent_abnf -- --nocapture`

mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use std::path::{Path, PathBuf};

use common::{read_jsonl, Json};

// ---------------------------------------------------------------------------
// The grammar

#[derive(Clone, Debug)]
enum Node {
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
struct Grammar {
    rules: HashMap<String, Node>,
    entries: Vec<String>,
    /// `;@ charset utf-8`: numeric values are code points.
    utf8: bool,
}

/// Removes a `;` comment outside quoted strings and prose.
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    let mut prose = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' if !prose => quoted = !quoted,
            '<' if !quoted => prose = true,
            '>' if !quoted => prose = false,
            ';' if !quoted && !prose => return &line[..i],
            _ => {}
        }
    }
    line
}

impl Grammar {
    /// Reads `path` and, through `;@ import`, the files it imports.
    fn read(path: &Path, g: &mut Grammar, seen: &mut BTreeSet<PathBuf>) {
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
                        Grammar::read(&path.parent().unwrap().join(file), g, seen);
                    }
                    Some("entry") => g.entries.extend(words.map(str::to_ascii_lowercase)),
                    Some("charset") => {
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

    fn load(path: &Path) -> Grammar {
        let mut g = Grammar::default();
        Grammar::read(path, &mut g, &mut BTreeSet::new());
        g
    }
}

/// A recursive-descent reader of one right-hand side (RFC 5234 §4, with
/// RFC 7405's `%s` and `%i`).
struct Parser<'a> {
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
enum Compiled {
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
fn single_set(n: &Node, g: &Grammar) -> Option<Vec<(u32, u32)>> {
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
struct Rules {
    names: Vec<String>,
    bodies: Vec<Compiled>,
    utf8: bool,
}

impl Rules {
    fn new(g: &Grammar) -> Rules {
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

    fn index(&self, name: &str) -> usize {
        self.names
            .binary_search_by(|x| x.as_str().cmp(name))
            .unwrap_or_else(|_| panic!("unknown rule {name}"))
    }
}

/// A set of input positions: sorted, without duplicates.
type Ends = Vec<usize>;

struct Recognizer<'g> {
    rules: &'g Rules,
    input: Vec<u32>,
    /// By `rule * (len + 1) + at`.
    memo: HashMap<usize, std::rc::Rc<Ends>>,
    active: BTreeSet<usize>,
}

impl Recognizer<'_> {
    /// A recognizer of `input`; `None` if the grammar reads code points
    /// and `input` is not UTF-8 (no code point sequence encodes it).
    fn new<'r>(rules: &'r Rules, input: &[u8]) -> Option<Recognizer<'r>> {
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
    fn accepts(&mut self, rule: usize) -> bool {
        let n = self.input.len();
        self.rule(rule, 0).contains(&n)
    }

    /// Whether all of `input` matches rule `rule`.
    fn matches(rules: &Rules, rule: usize, input: &[u8]) -> bool {
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

// ---------------------------------------------------------------------------
// Inputs

/// Examples quoted from the documents in `../shared/specs`, so that every
/// grammar sees inputs of its own kind even without the corpora.
const SPEC_EXAMPLES: &[&str] = &[
    // RFC 3986 §1.1.2
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    // RFC 3986 §3
    "foo://example.com:8042/over/there?name=ferret#nose",
    "urn:example:animal:ferret:nose",
    // RFC 3986 §5.4
    "http://a/b/c/d;p?q",
    "g:h",
    "../../../g",
    "./g",
    "//g",
    "?y",
    "g;x?y#s",
    "",
    // RFC 1738 §3
    "ftp://@host.com/",
    "ftp://foo:@host.com/",
    "ftp://myname@host.dom/%2Fetc/motd",
    "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
    "wais://quake.think.com/directory-of-servers?earthquake",
    "file://vms.host.edu/disk$user/my/notes/note12345.txt",
    "prospero://host.dom//pros/name;field=value",
    "news:*",
    "nntp://news.example/alt.test/12",
    // RFC 3987 §3.1, RFC 6874 §2, RFC 8141 §2
    "http://r\u{e9}sum\u{e9}.example.org",
    "http://www.example.org/D\u{fc}rst",
    "http://[fe80::a%25en1]",
    "urn:example:a123,z456",
    "URN:example:a123,z456?+abc",
    "urn:example:weather?=op=map&lat=39.56&lon=-104.85",
];

/// Distinct inputs from the corpora (when present) and [`SPEC_EXAMPLES`],
/// with mutations; about 2,000.
fn inputs() -> Vec<Vec<u8>> {
    let mut base: BTreeSet<Vec<u8>> = SPEC_EXAMPLES
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    if let Some(dir) = common::corpora_dir() {
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".jsonl"))
            .collect();
        names.sort();
        for name in &names {
            for (_, rec) in read_jsonl(name).unwrap() {
                for key in ["input", "base", "ref"] {
                    if let Some(s) = rec.get(key).and_then(Json::as_str) {
                        if s.len() <= 200 {
                            base.insert(s.as_bytes().to_vec());
                        }
                    }
                }
            }
        }
        if let Ok(text) = std::fs::read_to_string(dir.join("urls/kasztp.txt")) {
            let lines: Vec<&str> = text.lines().collect();
            for l in lines.iter().step_by(lines.len() / 150 + 1) {
                base.insert(l.trim_start_matches('\u{feff}').as_bytes().to_vec());
            }
        }
    }
    let mut rng = uridfa_codegen::sample::Rng::new(0x1a2b_3c4d);
    let interesting = b"%:/?#[]@!$&'()*+,;=-._~ \"<>\\^`{|}aZ09\x7f\xc3\xa9\xff";
    let mut out: BTreeSet<Vec<u8>> = base.clone();
    for s in &base {
        for _ in 0..2 {
            let mut m = s.clone();
            let at = rng.below(m.len() as u64 + 1) as usize;
            let b = interesting[rng.below(interesting.len() as u64) as usize];
            match rng.below(4) {
                0 if at < m.len() => {
                    m.remove(at);
                }
                1 if at < m.len() => m[at] = b,
                2 => m.truncate(at),
                _ => m.insert(at, b),
            }
            out.insert(m);
        }
    }
    out.into_iter().collect()
}

// ---------------------------------------------------------------------------
// The comparison

#[test]
fn every_grammar_and_entry_agrees_with_an_independent_abnf_recognizer() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar");
    let inputs = inputs();
    eprintln!("{} inputs", inputs.len());
    // Every grammar file with entries is built in.
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".abnf").map(String::from))
        .collect();
    files.sort();
    let mut built: Vec<&str> = uridfa::GRAMMARS.iter().map(|g| g.name).collect();
    built.sort();
    let with_entries: Vec<&str> = files
        .iter()
        .map(String::as_str)
        .filter(|f| {
            !Grammar::load(&dir.join(format!("{f}.abnf")))
                .entries
                .is_empty()
        })
        .collect();
    assert_eq!(
        with_entries, built,
        "grammar files with entries vs uridfa::GRAMMARS"
    );

    let mut report = Vec::new();
    let mut failures = Vec::new();
    let mut compared: BTreeMap<&str, usize> = BTreeMap::new();
    for g in uridfa::GRAMMARS {
        let grammar = Grammar::load(&dir.join(format!("{}.abnf", g.name)));
        let rules = Rules::new(&grammar);
        let entries: Vec<String> = g
            .entries
            .iter()
            .map(|t| t.rule.to_ascii_lowercase())
            .collect();
        assert_eq!(entries, grammar.entries, "{}: entry rules", g.name);
        // One recognizer per input serves every entry (they share rules).
        let entry_rules: Vec<usize> = entries.iter().map(|e| rules.index(e)).collect();
        let answers: Vec<Vec<bool>> = inputs
            .iter()
            .map(|input| match Recognizer::new(&rules, input) {
                Some(mut r) => entry_rules.iter().map(|&e| r.accepts(e)).collect(),
                None => vec![false; entry_rules.len()],
            })
            .collect();
        for (k, t) in g.entries.iter().enumerate() {
            let (mut ours, mut theirs, mut agree) = (0, 0, 0);
            let mut shown = 0;
            for (input, answer) in inputs.iter().zip(&answers) {
                let a = uridfa_runtime::validate(t, input).is_ok();
                let b = answer[k];
                ours += usize::from(a);
                theirs += usize::from(b);
                if a == b {
                    agree += 1;
                } else if shown < 5 {
                    shown += 1;
                    failures.push(format!(
                        "{} {}: {:?}: tables {}, recognizer {}",
                        g.name,
                        t.rule,
                        String::from_utf8_lossy(input),
                        if a { "accept" } else { "reject" },
                        if b { "accepts" } else { "rejects" },
                    ));
                }
            }
            report.push(format!(
                "{:>38} {:<24} {agree}/{} agree; tables accept {ours}, recognizer {theirs}",
                g.name,
                t.rule,
                inputs.len()
            ));
            *compared.entry(g.name).or_default() += agree;
            // Each entry must see both answers, or the comparison says little.
            assert!(theirs > 0, "{} {}: no input accepted", g.name, t.rule);
            assert!(
                theirs < inputs.len(),
                "{} {}: every input accepted",
                g.name,
                t.rule
            );
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(
        failures.is_empty(),
        "tables and the independent recognizer disagree:\n{}",
        failures.join("\n")
    );
    if common::corpora_dir().is_some() {
        assert!(inputs.len() >= 1500, "{} inputs", inputs.len());
    }
}

/// The recognizer itself, on hand-written grammars: it can say no, and it
/// reads every construct the grammar files use.
#[test]
fn recognizer_reads_each_construct() {
    let dir = std::env::temp_dir().join(format!("independent-abnf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("core.abnf"),
        "DIGIT = %x30-39\nALPHA = %x41-5A / %x61-7A\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("t.abnf"),
        ";@ import core.abnf\n;@ entry a\n\
         a = 2*3DIGIT \"x\" [ b ] ; comment / \"no\"\n\
         a =/ %s\"Q\" c\n\
         b = *( ALPHA / \"-\" )\n\
         c = %x41.42 2ALPHA / %i\"z\" 0<nothing>\n",
    )
    .unwrap();
    let g = Rules::new(&Grammar::load(&dir.join("t.abnf")));
    let a = g.index("a");
    let yes = ["12x", "123X", "12xab-c", "QABcd", "Qz", "QZ"];
    let no = ["1x", "1234x", "12", "qz", "QAB", "QABcde", "12x1", ""];
    for s in yes {
        assert!(Recognizer::matches(&g, a, s.as_bytes()), "{s}");
    }
    for s in no {
        assert!(!Recognizer::matches(&g, a, s.as_bytes()), "{s}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
