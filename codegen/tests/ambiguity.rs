//! Ambiguity found at build time (Note [the ambiguity search] in
//! `uridfa_codegen::ambiguity`).
//!
//! Expected values come from outside the checker: witnesses worked out by
//! hand from the grammars (each test says how), and, for the small
//! synthetic grammars, a brute-force oracle written here over the ABNF
//! syntax tree (not the NFA the checker walks) that enumerates every parse
//! of every input up to a length over a small alphabet and keeps each
//! parse's capture spans (last value of each tag, as the tables report;
//! every occurrence, in input order, of a capture inside a list, which the
//! views report one by one).
//! Every witness is checked to be the shortest input with two readings
//! that differ, and both readings to be parses of it.
//!
//! Run: `cargo test -p uridfa-codegen --test codegen -- ambiguity::`.

use std::collections::{BTreeSet, HashMap};
use uridfa_codegen::abnf::{Grammar, Node, NodeKind};
use uridfa_codegen::ambiguity::{
    check_machine, lint, Budget, Lint, LintOptions, Severity, Spans, Verdict,
};
use uridfa_codegen::compiled::Compiled;
use uridfa_codegen::driver::{compile_str, Options};

fn compiled(text: &str) -> Compiled {
    compile_str("t.abnf", text, Options::default()).unwrap_or_else(|d| panic!("{d}"))
}

fn linted(text: &str) -> Lint {
    lint(&compiled(text), &LintOptions::default())
}

/// The verdict on the first entry, every capture watched.
fn verdict(c: &Compiled, budget: Budget) -> Verdict {
    let m = &c.machines[0];
    let watched = vec![true; m.lowered.components.len()];
    check_machine(m, &watched, budget)
}

// ---------------------------------------------------------------------
// The brute-force oracle: every parse, on the syntax tree.

/// Each tag's last value, and each component's occurrences in input order.
type Tags = (Vec<Option<usize>>, Vec<Vec<(usize, usize)>>);

/// One parse as the checker compares parses: the last span of a capture
/// outside lists, every occurrence of one inside a list.
type Key = (Spans, Vec<Vec<(usize, usize)>>);

struct Brute<'g> {
    g: &'g Grammar,
    /// lower-case rule name → component
    captured: HashMap<String, usize>,
    components: usize,
    /// Which components are captures inside lists.
    repeated: Vec<bool>,
}

impl<'g> Brute<'g> {
    fn new(c: &'g Compiled) -> Brute<'g> {
        let mut captured = HashMap::new();
        let comps = &c.machines[0].lowered.components;
        for (k, comp) in comps.iter().enumerate() {
            for cap in c.grammar.captures.iter().filter(|x| x.name == comp.name) {
                for (rule, _) in &cap.rules {
                    captured.insert(rule.to_ascii_lowercase(), k);
                }
            }
        }
        Brute {
            g: &c.grammar,
            captured,
            components: comps.len(),
            repeated: comps.iter().map(|c| c.repeated).collect(),
        }
    }

    /// Every (end, tags) of a match of `n` at `pos`.
    fn node(&self, n: &Node, input: &[u8], pos: usize, tags: &Tags) -> Vec<(usize, Tags)> {
        match &n.kind {
            NodeKind::Alt(xs) => xs
                .iter()
                .flat_map(|x| self.node(x, input, pos, tags))
                .collect(),
            NodeKind::Concat(xs) => {
                let mut states = vec![(pos, tags.clone())];
                for x in xs {
                    states = states
                        .iter()
                        .flat_map(|(p, t)| self.node(x, input, *p, t))
                        .collect();
                }
                states
            }
            NodeKind::Repeat { min, max, node } => {
                let mut out = Vec::new();
                let mut states = vec![(pos, tags.clone())];
                let mut count = 0u32;
                loop {
                    if count >= *min {
                        out.extend(states.iter().cloned());
                    }
                    if max.is_some_and(|m| count >= m) || states.is_empty() {
                        break;
                    }
                    // Bodies here always consume, so this ends.
                    states = states
                        .iter()
                        .flat_map(|(p, t)| self.node(node, input, *p, t))
                        .filter(|(e, _)| *e <= input.len())
                        .collect();
                    count += 1;
                    if count as usize > input.len() + 1 {
                        break;
                    }
                }
                out
            }
            NodeKind::Rule(name) => {
                let rule = self.g.rule(name).expect("rule");
                match self.captured.get(&name.to_ascii_lowercase()) {
                    Some(&k) => {
                        let mut t = tags.clone();
                        t.0[2 * k] = Some(pos);
                        self.node(&rule.node, input, pos, &t)
                            .into_iter()
                            .map(|(e, mut t)| {
                                t.0[2 * k + 1] = Some(e);
                                t.1[k].push((pos, e));
                                (e, t)
                            })
                            .collect()
                    }
                    None => self.node(&rule.node, input, pos, tags),
                }
            }
            NodeKind::Str {
                text,
                case_sensitive,
            } => {
                let end = pos + text.len();
                let ok = input.get(pos..end).is_some_and(|s| {
                    if *case_sensitive {
                        s == &text[..]
                    } else {
                        s.eq_ignore_ascii_case(text)
                    }
                });
                if ok {
                    vec![(end, tags.clone())]
                } else {
                    vec![]
                }
            }
            NodeKind::Range(lo, hi) => match input.get(pos) {
                Some(&b) if (*lo..=*hi).contains(&u32::from(b)) => vec![(pos + 1, tags.clone())],
                _ => vec![],
            },
            NodeKind::Seq(vals) => {
                let ok = vals
                    .iter()
                    .enumerate()
                    .all(|(i, &v)| input.get(pos + i).is_some_and(|&b| u32::from(b) == v));
                if ok {
                    vec![(pos + vals.len(), tags.clone())]
                } else {
                    vec![]
                }
            }
        }
    }

    /// The distinct span vectors of the parses of all of `input`.
    fn readings(&self, entry: &str, input: &[u8]) -> BTreeSet<Spans> {
        self.parses(entry, input)
            .into_iter()
            .map(|(t, _)| {
                (0..self.components)
                    .map(|k| Some((t[2 * k]?, t[2 * k + 1]?)))
                    .collect()
            })
            .collect()
    }

    /// The distinct parses of all of `input`, as the checker tells them
    /// apart ([`Key`]).
    fn keys(&self, entry: &str, input: &[u8]) -> BTreeSet<Key> {
        self.parses(entry, input)
            .into_iter()
            .map(|(t, occ)| {
                let last = (0..self.components)
                    .map(|k| {
                        let span = Some((t[2 * k]?, t[2 * k + 1]?));
                        span.filter(|_| !self.repeated[k])
                    })
                    .collect();
                let occ = occ
                    .into_iter()
                    .enumerate()
                    .map(|(k, mut o)| {
                        if !self.repeated[k] {
                            o.clear();
                        }
                        // Sorted by start, as in input order (an outer
                        // occurrence is pushed after the inner ones); the
                        // checker compares occurrences as a set (one empty
                        // capture twice at one place counts once).
                        o.sort_unstable();
                        o.dedup();
                        o
                    })
                    .collect();
                (last, occ)
            })
            .collect()
    }

    /// Whether `reading` (a witness's, showing `occurrence[k]` of the
    /// repeated captures) is one of the parses of `input`.
    fn is_parse(
        &self,
        entry: &str,
        input: &[u8],
        reading: &Spans,
        occurrence: &[Option<usize>],
    ) -> bool {
        self.parses(entry, input).into_iter().any(|(t, occ)| {
            (0..self.components).all(|k| {
                let mut o = occ[k].clone();
                o.sort_unstable();
                o.dedup();
                let want = reading[k];
                match occurrence.get(k).copied().flatten() {
                    Some(i) => o.get(i).copied() == want,
                    None if self.repeated[k] => o.last().copied() == want,
                    None => (|| Some((t[2 * k]?, t[2 * k + 1]?)))() == want,
                }
            })
        })
    }

    /// Every parse of all of `input`: tags' last values and occurrences.
    fn parses(&self, entry: &str, input: &[u8]) -> Vec<Tags> {
        let rule = self.g.rule(entry).expect("entry");
        let tags = (
            vec![None; 2 * self.components],
            vec![Vec::new(); self.components],
        );
        // The entry itself may be captured.
        let root = Node {
            kind: NodeKind::Rule(rule.name.clone()),
            span: rule.span,
        };
        self.node(&root, input, 0, &tags)
            .into_iter()
            .filter(|(e, _)| *e == input.len())
            .map(|(_, t)| t)
            .collect()
    }

    /// The shortest input over `alphabet`, up to `max_len` bytes, with two
    /// distinct readings (the first in length-then-alphabet order).
    fn shortest(&self, entry: &str, alphabet: &[u8], max_len: usize) -> Option<Vec<u8>> {
        let mut layer: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..=max_len {
            for input in &layer {
                if self.keys(entry, input).len() > 1 {
                    return Some(input.clone());
                }
            }
            layer = layer
                .iter()
                .flat_map(|s| {
                    alphabet.iter().map(move |&b| {
                        let mut t = s.clone();
                        t.push(b);
                        t
                    })
                })
                .collect();
        }
        None
    }
}

/// Checks the verdict on `text`'s first entry against the brute force over
/// `alphabet` up to `max_len` bytes, and returns it.
fn agrees(text: &str, alphabet: &[u8], max_len: usize) -> Verdict {
    let c = compiled(text);
    let v = verdict(&c, Budget::default());
    let brute = Brute::new(&c);
    let entry = c.machines[0].lowered.rule.clone();
    let shortest = brute.shortest(&entry, alphabet, max_len);
    match (&v, &shortest) {
        (Verdict::Unambiguous, None) => {}
        (Verdict::Ambiguous(w), Some(s)) => {
            assert_eq!(
                w.input.len(),
                s.len(),
                "{text}: witness {:?}, brute {s:?}",
                w.input
            );
            assert_ne!(w.readings[0], w.readings[1], "{text}");
            for r in &w.readings {
                assert!(
                    brute.is_parse(&entry, &w.input, r, &w.occurrence),
                    "{text}: {r:?} (occurrences {:?}) is not a parse of {:?}: {:?}",
                    w.occurrence,
                    w.input,
                    brute.keys(&entry, &w.input)
                );
            }
        }
        (Verdict::Ambiguous(w), None) => {
            // Longer than the brute force looked, or outside its alphabet.
            assert!(w.input.len() > max_len || w.input.iter().any(|b| !alphabet.contains(b)));
        }
        _ => panic!("{text}: checker {v:?}, brute force {shortest:?}"),
    }
    v
}

fn witness(v: &Verdict) -> (String, [Spans; 2]) {
    match v {
        Verdict::Ambiguous(w) => (
            String::from_utf8(w.input.clone()).unwrap(),
            w.readings.clone(),
        ),
        other => panic!("not ambiguous: {other:?}"),
    }
}

// ---------------------------------------------------------------------
// Synthetic grammars, witnesses worked out by hand.

#[test]
fn two_alternatives_with_the_same_text() {
    // "a" is x (first alternative) or y: one byte, both readings full.
    let g = ";@ entry r\n;@ capture x y\nr = x / y\nx = \"a\"\ny = \"a\"\n";
    let (input, r) = witness(&agrees(g, b"ab", 4));
    assert_eq!(input, "a");
    let mut got = r.to_vec();
    got.sort();
    assert_eq!(got, [vec![None, Some((0, 1))], vec![Some((0, 1)), None]]);
}

#[test]
fn the_nicest_of_the_shortest() {
    // "b", "z" and "a" are all one-byte witnesses; letters in order come
    // first, whatever the order in the grammar.
    let g = ";@ entry r\n;@ capture x y\nr = x / y\nx = \"z\" / \"b\" / \"a\"\ny = \"b\" / \"z\" / \"a\"\n";
    assert_eq!(witness(&agrees(g, b"abz", 3)).0, "a");
    // Two bytes: "0a", "aa", "a0", "00" all are; "aa" first.
    let g =
        ";@ entry r\n;@ capture x y\nr = x / y\nx = 2( DIGIT / \"a\" )\ny = 2( \"a\" / DIGIT )\n";
    assert_eq!(witness(&agrees(g, b"0a", 3)).0, "aa");
}

#[test]
fn greedy_repetition_before_a_capture() {
    // x = *"a" (c), c = *"a": "" has one parse (c empty at 0); "a" has
    // two: c = "" at 1 (greedy, uridfa's) or c = "a".
    let g = ";@ entry x\n;@ capture c\nx = *\"a\" c\nc = *\"a\"\n";
    let (input, r) = witness(&agrees(g, b"ab", 5));
    assert_eq!(input, "a");
    let mut got = r.to_vec();
    got.sort();
    assert_eq!(got, [vec![Some((0, 1))], vec![Some((1, 1))]]);
    // uridfa reads the greedy one.
    let l = linted(g);
    assert_eq!(l.findings.len(), 1, "{l}");
    let text = l.to_string();
    assert!(text.contains("t.abnf:4:1: warning: entry 'x'"), "{text}");
    assert!(text.contains("uridfa reads:    c = \"\""), "{text}");
    assert!(text.contains("another reading: c = \"a\""), "{text}");
}

#[test]
fn a_list_of_runs() {
    // r = 1*x, x = 1*"a": "a" is one x; "aa" is [aa] (x = 0..2) or
    // [a][a] (x = 0..1, 1..2): the first occurrence differs, 0..2 against
    // 0..1.
    let g = ";@ entry r\n;@ capture x\nr = 1*x\nx = 1*\"a\"\n";
    let (input, r) = witness(&agrees(g, b"ab", 6));
    assert_eq!(input, "aa");
    let mut got = r.to_vec();
    got.sort();
    // The second component is the list region `*r` (Note [repeated
    // captures]), never set in the expression the check reads.
    assert_eq!(got, [vec![Some((0, 1)), None], vec![Some((0, 2)), None]]);
}

#[test]
fn longer_witness_behind_shorter_uncaptured_ambiguity() {
    // "a" and "b" are ambiguous only in uncaptured rules; captures first
    // differ on "aab": ("aa" x) or ("a" y "b")... worked out: r = 2"a" x /
    // "a" y, x = "b", y = "ab": "aab" gives x = 2..3 or y = 1..3.
    let g = ";@ entry r\n;@ capture x y\nr = (\"a\" / \"a\") / 2\"a\" x / \"a\" y\nx = \"b\"\ny = \"ab\"\n";
    let (input, _) = witness(&agrees(g, b"ab", 5));
    assert_eq!(input, "aab");
}

#[test]
fn more_grammars_agree_with_the_brute_force() {
    // No hand-worked witness: the brute force alone decides (shortest
    // length, both readings parses that differ). Paths that differ early
    // and agree later exercise the exact tracking of last values.
    for g in [
        ";@ entry r\n;@ capture c\nr = *(c / \"a\") \"b\"\nc = \"a\"\n",
        ";@ entry r\n;@ capture x y\nr = *(x \"-\") y\nx = 1*\"a\"\ny = *\"a\" *\"b\"\n",
        ";@ entry r\n;@ capture x y z\nr = [x] [y] z\nx = \"a\"\ny = \"a\" / \"b\"\nz = *\"a\"\n",
        ";@ entry r\n;@ capture x y\nr = 1*(x / y)\nx = \"ab\"\ny = \"a\" / \"b\"\n",
        ";@ entry r\n;@ capture x\nr = 1*(\"a\" / x) \"b\"\nx = \"a\" \"-\"\n",
    ] {
        agrees(g, b"ab-", 6);
    }
}

/// `r = c0 c1 ... c(n-1)`, each `ci = 1*"a"`.
fn runs(n: usize) -> String {
    let caps: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
    let rules: String = caps.iter().map(|c| format!("{c} = 1*\"a\"\n")).collect();
    format!(
        ";@ entry r\n;@ capture {}\nr = {}\n{rules}",
        caps.join(" "),
        caps.join(" ")
    )
}

#[test]
fn many_captures_in_a_row() {
    // n runs of at least one "a": n "a"s have one parse, n + 1 have n
    // (one run takes two). Checked by brute force for n = 4, by hand for
    // n = 30, where the pairs of parses, told apart by which tags differ,
    // are many (Note [dominated states]).
    let (input, _) = witness(&agrees(&runs(4), b"ab", 6));
    assert_eq!(input, "aaaaa");
    let l = linted(&runs(30));
    assert_eq!(l.findings.len(), 1, "{l}");
    assert_eq!(
        l.findings[0].witness.as_ref().unwrap().input,
        vec![b'a'; 31]
    );
}

#[test]
fn unambiguous_grammars() {
    for g in [
        // Disjoint.
        ";@ entry r\n;@ capture a b\nr = a \"-\" b\na = 1*\"a\"\nb = 1*\"b\"\n",
        // Ambiguous only where nothing is captured.
        ";@ entry r\n;@ capture c\nr = (\"a\" / \"a\") c\nc = \"b\"\n",
        // Two rules of one component with the same span.
        ";@ entry r\n;@ capture p = p1 / p2\nr = p1 / p2\np1 = \"a\"\np2 = \"a\"\n",
    ] {
        assert_eq!(agrees(g, b"ab-", 6), Verdict::Unambiguous, "{g}");
        assert!(linted(g).findings.is_empty(), "{g}");
    }
}

#[test]
fn the_budget_ends_the_search_unfinished() {
    // Witness "aa" needs more than 2 product states.
    let g = ";@ entry r\n;@ capture x\nr = 1*x\nx = 1*\"a\"\n";
    let c = compiled(g);
    let v = verdict(
        &c,
        Budget {
            states: 2,
            steps: 1_000_000,
        },
    );
    assert!(
        matches!(
            v,
            Verdict::Unfinished {
                bound: "states",
                ..
            }
        ),
        "{v:?}"
    );
    let v = verdict(
        &c,
        Budget {
            states: 1_000_000,
            steps: 3,
        },
    );
    assert!(
        matches!(v, Verdict::Unfinished { bound: "steps", .. }),
        "{v:?}"
    );
    let l = lint(
        &c,
        &LintOptions {
            rule: None,
            budget: Budget {
                states: 2,
                steps: 1_000_000,
            },
        },
    );
    let text = l.to_string();
    assert!(
        text.contains("warning: entry 'r': the ambiguity check did not finish within 2 states"),
        "{text}"
    );
    assert!(!text.contains("unambiguous"), "{text}");
}

#[test]
fn deny_makes_it_an_error_and_allow_silences_one_capture() {
    let base = ";@ entry r\n;@ capture x y\nr = x / y\nx = \"a\"\ny = \"a\"\n";
    let l = linted(base);
    assert_eq!(l.findings[0].severity, Severity::Warning);
    assert!(!l.has_errors());

    let l = linted(&format!(";@ deny ambiguity\n{base}"));
    assert_eq!(l.findings.len(), 1, "{l}");
    assert_eq!(l.findings[0].severity, Severity::Error);
    assert!(l.has_errors());
    assert!(
        l.to_string().contains("t.abnf:5:1: error: entry 'r'"),
        "{l}"
    );

    // Allowing y alone leaves x, which differs too.
    let l = linted(&format!(";@ allow ambiguity y\n{base}"));
    assert_eq!(l.findings.len(), 1, "{l}");
    assert!(l.to_string().contains("differ in 'x'"), "{l}");
    // Both: silent, even under deny.
    let l = linted(&format!(
        ";@ deny ambiguity\n;@ allow ambiguity x y\n{base}"
    ));
    assert!(l.findings.is_empty(), "{l}");
    // A name that is no capture.
    let l = linted(&format!(";@ allow ambiguity x y zz\n{base}"));
    assert_eq!(l.findings.len(), 1, "{l}");
    assert!(
        l.to_string()
            .contains("t.abnf:1:24: warning: 'allow ambiguity zz' names no capture"),
        "{l}"
    );
}

#[test]
fn pragma_errors() {
    for (text, want) in [
        (
            ";@ deny ambiguity x\n",
            "t.abnf:1:19: error: unexpected 'x' after 'deny ambiguity'",
        ),
        (
            ";@ allow ambiguity\n",
            "error: expected a capture name after 'allow ambiguity'",
        ),
        (
            ";@ allow things\n",
            "t.abnf:1:10: error: expected 'ambiguity' after 'allow', found 'things'",
        ),
        (";@ deny\n", "error: expected 'ambiguity' after 'deny'"),
    ] {
        let g = format!("{text};@ entry r\nr = \"a\"\n");
        let e = compile_str("t.abnf", &g, Options::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains(want), "{g}: {e}");
    }
}

#[test]
fn kinds_after_the_match_overlap_by_design() {
    // num = 1*3DIGIT, name = 1*(ALPHA / DIGIT): the shortest input in both
    // is one digit; "0" is the first digit.
    let g = "\
;@ entry h
;@ capture host
;@ kind-after host = num / name
h    = \"<\" host \">\"
host = num / name
num  = 1*3DIGIT
name = 1*( ALPHA / DIGIT )
";
    let l = linted(g);
    assert_eq!(l.findings.len(), 1, "{l}");
    let f = &l.findings[0];
    assert_eq!(f.severity, Severity::Note);
    assert_eq!(f.witness.as_ref().unwrap().input, b"0");
    assert!(
        l.to_string().starts_with(
            "t.abnf:3:28: note: kinds 'num' and 'name' of 'host' overlap, by design: the input \"0\" is both; uridfa reads num"
        ),
        "{l}"
    );
    // Not an error under deny: the order is the grammar's decision.
    assert!(!linted(&format!(";@ deny ambiguity\n{g}")).has_errors());
    assert!(linted(&format!(";@ allow ambiguity host\n{g}"))
        .findings
        .is_empty());
}

// ---------------------------------------------------------------------
// RFC 6068 `mailto`.
//
// RFC 6068 is not in /work/shared/specs: §2's ABNF is transcribed from
// memory, as are RFC 5322 §3.2.3 (atext, dot-atom-text) and §3.2.4
// (quoted-string, here without CFWS/FWS: RFC 6068 §2 excludes comments and
// a URI holds no raw white space). `core.abnf` is built in, `unreserved`
// and `pct-encoded` are RFC 3986's.

const MAILTO: &str = "\
;@ entry mailtoURI
;@ capture CAPTURES
mailtoURI    = \"mailto:\" [ to ] [ hfields ]
to           = addr-spec *(\",\" ADDR2 )
hfields      = \"?\" hfield *( \"&\" HFIELD2 )
hfield       = hfname \"=\" hfvalue
hfname       = *qchar
hfvalue      = *qchar
addr-spec    = local-part \"@\" domain
local-part   = dot-atom-text / quoted-string
domain       = dot-atom-text / \"[\" *dtext-no-obs \"]\"
dtext-no-obs = %d33-90 / %d94-126
qchar        = unreserved / pct-encoded / some-delims
some-delims  = \"!\" / \"$\" / \"'\" / \"(\" / \")\" / \"*\"
             / \"+\" / \",\" / \";\" / \":\" / \"@\"
unreserved   = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"~\"
pct-encoded  = \"%\" HEXDIG HEXDIG
dot-atom-text = 1*atext *(\".\" 1*atext)
quoted-string = DQUOTE *(qtext / quoted-pair) DQUOTE
qtext        = %d33 / %d35-91 / %d93-126
quoted-pair  = \"\\\" (VCHAR / WSP)
";

/// RFC 5322 §3.2.3's atext, in full.
const FULL_ATEXT: &str = "atext = ALPHA / DIGIT / \"!\" / \"#\" / \"$\" / \"%\" / \"&\" / \"'\" / \"*\" / \"+\" / \"-\" / \"/\" / \"=\" / \"?\" / \"^\" / \"_\" / \"`\" / \"{\" / \"|\" / \"}\" / \"~\"\n";

/// atext without what RFC 6068 §2 says must be percent-encoded in a
/// `mailto` URI: the characters a URI cannot hold (`^`, `` ` ``, `{`,
/// `|`, `}`), `%` (allowed only as pct-encoded), the gen-delims but `@`
/// and `:` (`/`, `?`, `#`), and the sub-delims `&`, `;` and `=`.
const NARROW_ATEXT: &str = "atext = ALPHA / DIGIT / \"!\" / \"$\" / \"'\" / \"*\" / \"+\" / \"-\" / \"_\" / \"~\" / pct-encoded\n";

/// The transcription as it compiles before repeated captures exist: the
/// second and later addresses and header fields are uncaptured copies.
fn mailto_copied(atext: &str) -> String {
    let copies = "\
addr2        = local-part2 \"@\" domain2
local-part2  = dot-atom-text / quoted-string
domain2      = dot-atom-text / \"[\" *dtext-no-obs \"]\"
hfield2      = *qchar \"=\" *qchar
";
    MAILTO
        .replace("CAPTURES", "addr-spec local-part domain hfname hfvalue")
        .replace("ADDR2", "addr2")
        .replace("HFIELD2", "hfield2")
        + copies
        + atext
}

#[test]
fn mailto_with_the_full_atext_warns() {
    let c = compiled(&mailto_copied(FULL_ATEXT));
    let l = lint(&c, &LintOptions::default());
    assert_eq!(l.findings.len(), 1, "{l}");
    let f = &l.findings[0];
    assert_eq!(f.severity, Severity::Warning);
    // Worked out by hand: the shortest input with two parses is 10 bytes,
    // "mailto:?@=": an addr-spec "?@=" (local-part "?", domain "=", both
    // atext), or no `to` and the header field hfname "@" (qchar holds
    // "@"), hfvalue "". Nine bytes cannot do: an addr-spec needs 3, with
    // "@" second, and the hfield reading needs "?" first and "=" after.
    let w = f.witness.as_ref().unwrap();
    assert_eq!(w.input, b"mailto:?@=");
    // Components: addr-spec, local-part, domain, hfname, hfvalue.
    let to = vec![Some((7, 10)), Some((7, 8)), Some((9, 10)), None, None];
    let fields = vec![None, None, None, Some((8, 9)), Some((10, 10))];
    let mut got = w.readings.to_vec();
    got.sort();
    let mut want = vec![to, fields];
    want.sort();
    assert_eq!(got, want);
    let text = l.to_string();
    // At addr-spec's rule (line 9), `[ to ]` first: the address reading.
    assert!(
        text.starts_with("t.abnf:9:1: warning: entry 'mailtoURI' (at t.abnf:1:10) is ambiguous: the input \"mailto:?@=\""),
        "{text}"
    );
    assert!(text.contains("uridfa reads:    addr-spec = \"?@=\", local-part = \"?\", domain = \"=\", no hfname, no hfvalue"), "{text}");
    assert!(text.contains("another reading: no addr-spec, no local-part, no domain, hfname = \"@\", hfvalue = \"\""), "{text}");

    // The example reads as it says: the domain swallows the header
    // fields, though "example.com" is a domain and "subject" an hfname.
    let t = c.machines[0].tables.as_tables();
    let input = b"mailto:infobot@example.com?subject=current-issue";
    let mut regs = vec![0usize; t.reg_len as usize];
    uridfa_runtime::split_regs(&t, input, &mut regs).unwrap();
    assert_eq!(
        &input[regs[4]..regs[5]],
        b"example.com?subject=current-issue"
    );
    assert_eq!(regs[6], uridfa_runtime::NIL);
}

#[test]
fn mailto_readings_by_brute_force() {
    // The brute force, on the syntax tree, confirms the witness's two
    // readings are all there are, and that the example has both
    // the reading uridfa gives and the one meant.
    let c = compiled(&mailto_copied(FULL_ATEXT));
    let brute = Brute::new(&c);
    let all = brute.readings("mailtoURI", b"mailto:?@=");
    let to = vec![Some((7, 10)), Some((7, 8)), Some((9, 10)), None, None];
    let fields = vec![None, None, None, Some((8, 9)), Some((10, 10))];
    assert_eq!(all, BTreeSet::from([to, fields]));
    let input = b"mailto:infobot@example.com?subject=current-issue";
    let all = brute.readings("mailtoURI", input);
    let swallowed = vec![Some((7, 48)), Some((7, 14)), Some((15, 48)), None, None];
    let meant = vec![
        Some((7, 26)),
        Some((7, 14)),
        Some((15, 26)),
        Some((27, 34)),
        Some((35, 48)),
    ];
    assert!(all.contains(&swallowed) && all.contains(&meant), "{all:?}");
    // Over "mailto:" and a small alphabet, no input shorter than the
    // witness (a suffix of at most 2 bytes) has two readings.
    let mut layer = vec![b"mailto:".to_vec()];
    for _ in 0..=2 {
        for s in &layer {
            assert!(brute.readings("mailtoURI", s).len() <= 1, "{s:?}");
        }
        layer = layer
            .iter()
            .flat_map(|s| {
                b"a?@=&.".iter().map(move |&b| {
                    let mut t = s.clone();
                    t.push(b);
                    t
                })
            })
            .collect();
    }

    // The narrowed grammar: one reading of the example, as meant.
    let c = compiled(&mailto_copied(NARROW_ATEXT));
    let brute = Brute::new(&c);
    let input = b"mailto:infobot@example.com?subject=current-issue";
    assert_eq!(brute.readings("mailtoURI", input), BTreeSet::from([meant]));
}

#[test]
fn mailto_with_the_narrowed_atext_does_not_warn() {
    let l = linted(&mailto_copied(NARROW_ATEXT));
    assert!(l.findings.is_empty(), "{l}");
}

/// RFC 6068 §2 unchanged (every address and header field captured):
/// linted where it compiles; where the generator refuses a capture reached
/// from two places, the refusal must say so, and the test prints it.
#[test]
fn mailto_transcribed_unchanged() {
    for (atext, warns) in [(FULL_ATEXT, true), (NARROW_ATEXT, false)] {
        let text = MAILTO
            .replace("CAPTURES", "addr-spec local-part domain hfname hfvalue")
            .replace("ADDR2", "addr-spec")
            .replace("HFIELD2", "hfield")
            + atext;
        match compile_str("t.abnf", &text, Options::default()) {
            Ok(c) => {
                let l = lint(&c, &LintOptions::default());
                assert_eq!(!l.findings.is_empty(), warns, "{l}");
                if warns {
                    let w = l.findings[0].witness.as_ref().unwrap();
                    assert_eq!(w.input, b"mailto:?@=");
                }
            }
            Err(e) => {
                let e = e.to_string();
                assert!(e.contains("reached from two places"), "{e}");
                eprintln!(
                    "not yet compiled (repeated captures): {}",
                    e.lines().next().unwrap()
                );
            }
        }
    }
}

#[test]
fn uridfa_generate_refuses_a_denied_ambiguity() {
    let dir = std::env::temp_dir().join(format!("uridfa-amb-gen-{}", std::process::id()));
    let (grammars, out) = (dir.join("grammar"), dir.join("out"));
    std::fs::create_dir_all(&grammars).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let g = ";@ entry r\n;@ capture x y\nr = x / y\nx = \"a\"\ny = \"a\"\n";
    std::fs::write(grammars.join("amb.abnf"), g).unwrap();
    // A warning does not stop generation.
    let made = uridfa_codegen::driver::generate_dir(&grammars, &out).unwrap();
    assert_eq!(made, ["amb"]);
    std::fs::write(grammars.join("amb.abnf"), format!(";@ deny ambiguity\n{g}")).unwrap();
    let e = uridfa_codegen::driver::generate_dir(&grammars, &out).unwrap_err();
    assert!(e.contains("amb.abnf:5:1: error: entry 'r'"), "{e}");
    assert!(e.contains("is ambiguous: the input \"a\""), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Small random grammars: the checker and the brute force agree on each
/// (shortest witness length, readings that are parses), and nothing
/// panics. Captures `x`, `y`, `z` over `"a"` and `"b"`, repetitions of
/// bodies that always consume (an empty iteration is read differently by
/// the two: the brute force never repeats one).
#[test]
fn random_grammars_agree_with_the_brute_force() {
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }
    fn expr(rng: &mut Rng, refs: &[&str], depth: u32) -> String {
        let leaf = |rng: &mut Rng| -> String {
            let k = rng.below(2 + refs.len() as u64) as usize;
            match k {
                0 => "\"a\"".into(),
                1 => "\"b\"".into(),
                _ => refs[k - 2].into(),
            }
        };
        if depth == 0 {
            return leaf(rng);
        }
        match rng.below(6) {
            0 | 1 => leaf(rng),
            2 => {
                let n = 2 + rng.below(2);
                let xs: Vec<String> = (0..n).map(|_| expr(rng, refs, depth - 1)).collect();
                format!("( {} )", xs.join(" "))
            }
            3 => {
                let n = 2 + rng.below(2);
                let xs: Vec<String> = (0..n).map(|_| expr(rng, refs, depth - 1)).collect();
                format!("( {} )", xs.join(" / "))
            }
            4 => {
                // A body that consumes: a letter first.
                let body = format!("( {} {} )", leaf_letter(rng), expr(rng, refs, depth - 1));
                let rep = ["*", "1*", "", "2"][rng.below(4) as usize];
                if rep.is_empty() {
                    format!("[ {body} ]")
                } else {
                    format!("{rep}{body}")
                }
            }
            _ => format!("[ {} ]", expr(rng, refs, depth - 1)),
        }
    }
    fn leaf_letter(rng: &mut Rng) -> &'static str {
        if rng.below(2) == 0 {
            "\"a\""
        } else {
            "\"b\""
        }
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut checked, mut ambiguous) = (0, 0);
    for _ in 0..3000 {
        let z = expr(&mut rng, &[], 2);
        let y = expr(&mut rng, &["z"], 2);
        let x = expr(&mut rng, &["y", "z"], 2);
        let r = expr(&mut rng, &["x", "y", "z"], 3);
        let g = format!(";@ entry r\n;@ capture x y z\nr = {r}\nx = {x}\ny = {y}\nz = {z}\n");
        // Captures in two places, or a rule nothing reaches: refused or
        // not captured; either way not this test's business.
        let Ok(c) = compile_str("t.abnf", &g, Options::default()) else {
            continue;
        };
        drop(c);
        let v = agrees(&g, b"ab", 6);
        checked += 1;
        ambiguous += usize::from(matches!(v, Verdict::Ambiguous(_)));
        let _ = linted(&g).to_string();
    }
    eprintln!("{checked} grammars checked, {ambiguous} ambiguous");
    // Both outcomes occur.
    assert!(
        checked > 100 && ambiguous > 20 && checked - ambiguous > 20,
        "{checked} {ambiguous}"
    );
}
