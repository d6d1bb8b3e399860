//! URN lexical equivalence and normal forms: draft-ietf-urnbis-rfc2141bis-urn-03
//! §5 (`UrnRef::lexically_equivalent`, `UrnRef::normalize_into`) and
//! RFC 8141 §3 (`Urn::equivalent`, `Urn::normalize_into`).
//!
//! Expected values come from the specs' text (§5.1's sentences, RFC 8141
//! §3.2's examples, quoted below), from an independent model written here
//! with `std` collections (`model_*`: case folding by hand, the directives
//! as a sorted `Vec<String>`), and from the `urn` crate (0.7) for RFC 8141.
//! None comes from uridfa's own output.
//!
//! The documents' examples are rows of `tests/data/urn_equivalence.jsonl`,
//! read by the `*_rows*` tests below (the equivalence family's runner).
//!
//! The complexity tests count work (`*_counting`) instead of timing.

use std::collections::BTreeMap;

use crate::common;

use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::{Step5, UrnRef};
use uridfa::rfc8141::Urn;
use uridfa::BufferTooSmall;

const STEPS: [Step5; 2] = [Step5::RemoveQuery, Step5::ReorderDirectives];

/// The normal form as a `String`, through `normalize_into` with a buffer of
/// exactly the size it asks for.
fn norm(u: &UrnRef<'_>, step: Step5) -> String {
    let needed = match u.normalize_into(step, &mut []) {
        Err(BufferTooSmall { needed }) => needed,
        Ok(n) => panic!("{u}: an empty buffer cannot hold {n} bytes"),
    };
    let mut buf = vec![0u8; needed];
    let n = u
        .normalize_into(step, &mut buf)
        .unwrap_or_else(|e| panic!("{u}: a buffer of the size asked for failed: {e}"));
    String::from_utf8(buf[..n].to_vec()).unwrap()
}

// ---------------------------------------------------------------------
// The documents' examples: tests/data/urn_equivalence.jsonl

/// One row of `tests/data/urn_equivalence.jsonl` (issues 10 and 13:
/// vectors as data): `doc`, `section` and `grammar`, then either
///
/// - one URN (`input`) with its equivalence class as the document states
///   it (`class` for RFC 8141; `class_5a` and `class_5b` for the draft's
///   two choices of step 5) and, where the document or the documented
///   choice gives it, its normal form (`normal`, `normal_5a`,
///   `normal_5b`): every two class rows of one section are equivalent
///   exactly when their classes are equal, both ways round, and their
///   normal forms are equal exactly then too; or
/// - two URNs `a` and `b`, the draft's `step` and whether they are
///   `equivalent` (both ways round, and by their normal forms).
///
/// `in_doc` marks URNs printed in the document; the draft's text is
/// searched for them when `../shared/specs` is present.
struct Row {
    line: usize,
    v: serde_json::Value,
}

impl Row {
    fn str(&self, k: &str) -> Option<&str> {
        self.v[k].as_str()
    }

    fn field(&self, k: &str) -> &str {
        self.str(k)
            .unwrap_or_else(|| panic!("urn_equivalence.jsonl:{}: no {k}", self.line))
    }

    fn class(&self, k: &str) -> Option<u64> {
        self.v[k].as_u64()
    }

    fn section(&self) -> String {
        format!("{} {}", self.field("doc"), self.field("section"))
    }
}

fn rows() -> Vec<Row> {
    include_str!("data/urn_equivalence.jsonl")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| Row {
            line: n + 1,
            v: serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("urn_equivalence.jsonl:{}: {e}", n + 1)),
        })
        .collect()
}

/// The draft's step 5 by its name in the document.
fn step5(name: &str) -> Step5 {
    match name {
        "5a" => Step5::RemoveQuery,
        "5b" => Step5::ReorderDirectives,
        _ => panic!("urn_equivalence.jsonl: step {name:?}"),
    }
}

/// The RFC 8141 normal form.
fn norm8141(u: &Urn<'_>) -> String {
    let mut buf = vec![0u8; u.as_str().len()];
    let n = u
        .normalize_into(&mut buf)
        .expect("a normal form is never longer");
    String::from_utf8(buf[..n].to_vec()).unwrap()
}

const DRAFT: &str = "draft-ietf-urnbis-rfc2141bis-urn-03";

/// The number of rows: a row lost from the data fails here.
const ROWS: usize = 49;

#[test]
fn class_rows_of_the_draft() {
    let rows = rows();
    let class: Vec<&Row> = rows
        .iter()
        .filter(|r| r.field("grammar") == DRAFT && r.class("class_5a").is_some())
        .collect();
    assert_eq!(class.len(), 8, "§5.1's eight URNs");
    let mut checked = 0;
    for (step, key, normal) in [
        (Step5::RemoveQuery, "class_5a", "normal_5a"),
        (Step5::ReorderDirectives, "class_5b", "normal_5b"),
    ] {
        for a in &class {
            let ua = UrnRef::parse(a.field("input")).unwrap();
            if let Some(want) = a.str(normal) {
                assert_eq!(
                    norm(&ua, step),
                    want,
                    "{}: {normal} of {:?}",
                    a.section(),
                    a.field("input")
                );
            }
            for b in class.iter().filter(|b| b.section() == a.section()) {
                let ub = UrnRef::parse(b.field("input")).unwrap();
                let expected = a.class(key) == b.class(key);
                let (sa, sb) = (a.field("input"), b.field("input"));
                assert_eq!(
                    ua.lexically_equivalent(&ub, step),
                    expected,
                    "{}: {sa:?} vs {sb:?} under {step:?}",
                    a.section()
                );
                assert_eq!(
                    norm(&ua, step) == norm(&ub, step),
                    expected,
                    "{}: normal forms of {sa:?} and {sb:?} under {step:?}",
                    a.section()
                );
                checked += 1;
            }
        }
    }
    // 8 reflexive + 56 ordered (28 unordered) pairs, under two steps.
    assert_eq!(checked, 2 * 64);
}

#[test]
fn class_rows_of_rfc8141() {
    let rows = rows();
    let class: Vec<&Row> = rows
        .iter()
        .filter(|r| r.field("grammar") == "rfc8141")
        .collect();
    assert_eq!(class.len(), 15, "RFC 8141 §3.2's URNs");
    for a in &class {
        let ua = Urn::parse(a.field("input")).unwrap();
        if let Some(want) = a.str("normal") {
            assert_eq!(
                norm8141(&ua),
                want,
                "{}: normal form of {:?}",
                a.section(),
                a.field("input")
            );
        }
        for b in &class {
            let ub = Urn::parse(b.field("input")).unwrap();
            let expected = a.class("class") == b.class("class");
            let (sa, sb) = (a.field("input"), b.field("input"));
            assert_eq!(
                ua.equivalent(&ub),
                expected,
                "{}: {sa:?} vs {sb:?}",
                a.section()
            );
            assert_eq!(
                norm8141(&ua) == norm8141(&ub),
                expected,
                "{}: normal forms of {sa:?} and {sb:?}",
                a.section()
            );
            // The urn crate: its `PartialEq` compares the normalized
            // assigned names.
            let (oa, ob) = (
                urn::UrnSlice::try_from(sa).unwrap(),
                urn::UrnSlice::try_from(sb).unwrap(),
            );
            assert_eq!(oa == ob, expected, "urn crate: {sa:?} vs {sb:?}");
        }
    }
}

#[test]
fn pair_and_normal_form_rows() {
    let rows = rows();
    let mut checked = 0;
    for r in rows.iter().filter(|r| r.field("grammar") == DRAFT) {
        if let (Some(a), Some(b)) = (r.str("a"), r.str("b")) {
            let step = step5(r.field("step"));
            let expected = r.v["equivalent"].as_bool().expect("equivalent");
            let (ua, ub) = (UrnRef::parse(a).unwrap(), UrnRef::parse(b).unwrap());
            let at = format!(
                "urn_equivalence.jsonl:{} {}: {a:?} vs {b:?}",
                r.line,
                r.section()
            );
            assert_eq!(ua.lexically_equivalent(&ub, step), expected, "{at}");
            assert_eq!(
                ub.lexically_equivalent(&ua, step),
                expected,
                "{at} (reversed)"
            );
            assert_eq!(
                norm(&ua, step) == norm(&ub, step),
                expected,
                "{at} (normal forms)"
            );
            checked += 1;
        } else if r.class("class_5a").is_none() {
            let u = UrnRef::parse(r.field("input")).unwrap();
            for (step, key) in [
                (Step5::RemoveQuery, "normal_5a"),
                (Step5::ReorderDirectives, "normal_5b"),
            ] {
                if let Some(want) = r.str(key) {
                    assert_eq!(norm(&u, step), want, "urn_equivalence.jsonl:{}", r.line);
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 26);
    assert_eq!(rows.len(), ROWS);
}

#[test]
fn rows_printed_in_the_draft_are_there() {
    let Some(text) = common::spec::SpecText::read(DRAFT) else {
        return;
    };
    for r in rows().iter().filter(|r| r.v["in_doc"] == true) {
        for k in ["input", "a", "b"] {
            if let Some(s) = r.str(k) {
                assert!(
                    text.contains(s),
                    "urn_equivalence.jsonl:{}: {s:?} not in the draft",
                    r.line
                );
            }
        }
    }
}

#[test]
fn percent_encoding_is_never_decoded() {
    // draft 03 §5: "Note that percent-encoding MUST NOT be removed."
    for step in STEPS {
        let a = UrnRef::parse("urn:foo:a%2C").unwrap();
        let b = UrnRef::parse("urn:foo:a,").unwrap();
        assert!(!a.lexically_equivalent(&b, step));
        assert_eq!(norm(&a, step), "urn:foo:a%2C");
        assert_eq!(norm(&b, step), "urn:foo:a,");
        // An unreserved character encoded stays encoded.
        let c = UrnRef::parse("urn:foo:%61").unwrap();
        assert_eq!(norm(&c, step), "urn:foo:%61");
        assert!(!c.lexically_equivalent(&UrnRef::parse("urn:foo:a").unwrap(), step));
    }
    // RFC 8141 §3.1: percent-encoding is not decoded either.
    let a = Urn::parse("urn:foo:a%2C").unwrap();
    assert!(!a.equivalent(&Urn::parse("urn:foo:a,").unwrap()));
    let mut buf = [0u8; 32];
    let n = a.normalize_into(&mut buf).unwrap();
    assert_eq!(&buf[..n], b"urn:foo:a%2C");
}

#[test]
fn buffer_too_small_states_the_exact_length() {
    for s in [
        "urn:foo:a",
        "URN:FOO:a%2c?x=y&a=b#frag",
        "urn:isbn:0451450523?s=I2L&c=ToC",
    ] {
        let u = UrnRef::parse(s).unwrap();
        for step in STEPS {
            let expected = norm(&u, step).len();
            for short in 0..expected {
                let mut buf = vec![0u8; short];
                assert_eq!(
                    u.normalize_into(step, &mut buf),
                    Err(BufferTooSmall { needed: expected }),
                    "{s:?} {step:?} into {short} bytes"
                );
            }
            let mut buf = vec![0u8; expected];
            assert_eq!(u.normalize_into(step, &mut buf), Ok(expected));
        }
    }
    let u = Urn::parse("URN:Example:a%2cb?+r?=q#f").unwrap();
    for short in 0..17 {
        let mut buf = vec![0u8; short];
        assert_eq!(
            u.normalize_into(&mut buf),
            Err(BufferTooSmall { needed: 17 })
        );
    }
    let mut buf = [0u8; 17];
    assert_eq!(u.normalize_into(&mut buf), Ok(17));
    assert_eq!(&buf, b"urn:example:a%2Cb");
}

// ---------------------------------------------------------------------
// Generated URNs against an independent model

/// The generator of `uridfa_codegen::sample` (SplitMix64), with this
/// file's helpers.
struct Rng(uridfa_codegen::sample::Rng);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

/// Flips the case of random ASCII letters of `s` whose case does not
/// matter under §5: the scheme, the NID and hex digits after `%`.
fn recase(rng: &mut Rng, s: &str) -> String {
    let second_colon = s.match_indices(':').nth(1).unwrap().0;
    let mut out = String::new();
    let mut hex = 0;
    for (i, c) in s.char_indices() {
        let free = i < second_colon || hex > 0;
        if hex > 0 {
            hex -= 1;
        } else if c == '%' && i > second_colon {
            hex = 2;
        }
        out.push(if free && rng.below(2) == 0 {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        } else {
            c
        });
    }
    out
}

/// A random `urn-reference` over small alphabets (so that equivalent pairs
/// are frequent), as (assigned part, directives, fragment).
fn generate(rng: &mut Rng) -> (String, Vec<String>, Option<String>) {
    let nid = rng.pick(&["foo", "FOO", "Foo", "isbn", "x1"]);
    let mut nss = String::new();
    for _ in 0..1 + rng.below(3) {
        nss.push_str(rng.pick(&["a", "A", "1", ",", "%2C", "%2c", "%4a", "%4A", "%41", "b"]));
    }
    let scheme = rng.pick(&["urn", "URN", "Urn"]);
    let assigned = format!("{scheme}:{nid}:{nss}");
    let mut directives = Vec::new();
    if rng.below(3) > 0 {
        for _ in 0..1 + rng.below(4) {
            let k = rng.pick(&["s", "c", "c-x", "S", "a1"]);
            let v = rng.pick(&["", "x", "X", "%3a", "%3A", "I2L", "a=b", ",", "%2c"]);
            directives.push(format!("{k}={v}"));
        }
    }
    let fragment = match rng.below(3) {
        0 => None,
        1 => Some(String::new()),
        _ => Some(rng.pick(&["xyz", "p1", "%41"]).to_string()),
    };
    (assigned, directives, fragment)
}

fn join(assigned: &str, directives: &[String], fragment: &Option<String>) -> String {
    let mut s = assigned.to_string();
    if !directives.is_empty() {
        s.push('?');
        s.push_str(&directives.join("&"));
    }
    if let Some(f) = fragment {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// Upper-cases the two characters after each `%` (§5 step 3), by hand.
fn model_pct_upper(s: &str) -> String {
    let mut out = String::new();
    let mut hex = 0;
    for c in s.chars() {
        if hex > 0 {
            hex -= 1;
            out.push(c.to_ascii_uppercase());
        } else {
            if c == '%' {
                hex = 2;
            }
            out.push(c);
        }
    }
    out
}

/// The model's view of a URN reference after §5 steps 1-4: the normalized
/// `urn:NID:NSS` and the normalized directives (`None` without a query).
fn model(s: &str) -> (String, Option<Vec<String>>) {
    let s = s.split('#').next().unwrap();
    let (assigned, query) = match s.split_once('?') {
        Some((a, q)) => (a, Some(q)),
        None => (s, None),
    };
    // The NSS has no ':' in these generated inputs, so `head` is urn:NID.
    let (head, nss) = assigned.rsplit_once(':').unwrap();
    let assigned = format!("{}:{}", head.to_ascii_lowercase(), model_pct_upper(nss));
    let directives = query.map(|q| q.split('&').map(model_pct_upper).collect());
    (assigned, directives)
}

/// Equivalence by the model: for 5b, equal directive multisets (counted in
/// a `BTreeMap`, with no notion of order at all).
fn model_equivalent(a: &str, b: &str, step: Step5) -> bool {
    let ((pa, qa), (pb, qb)) = (model(a), model(b));
    let count = |q: Option<Vec<String>>| {
        q.map(|ds| {
            let mut m = BTreeMap::new();
            for d in ds {
                *m.entry(d).or_insert(0) += 1;
            }
            m
        })
    };
    pa == pb
        && match step {
            Step5::RemoveQuery => true,
            Step5::ReorderDirectives => count(qa) == count(qb),
        }
}

/// The normal form by the model: directives sorted by (keyword, value).
fn model_normal_form(s: &str, step: Step5) -> String {
    let (mut out, q) = model(s);
    if let (Step5::ReorderDirectives, Some(mut ds)) = (step, q) {
        ds.sort_by(|x, y| {
            let kx = x.split_once('=').unwrap();
            let ky = y.split_once('=').unwrap();
            kx.cmp(&ky)
        });
        out.push('?');
        out.push_str(&ds.join("&"));
    }
    out
}

#[test]
fn generated_urns_agree_with_the_model() {
    let mut rng = Rng(uridfa_codegen::sample::Rng::new(0x5eed_1234_abcd_0001));
    let mut inputs = Vec::new();
    for _ in 0..400 {
        let (assigned, mut directives, fragment) = generate(&mut rng);
        let base = join(&assigned, &directives, &fragment);
        inputs.push(base.clone());
        // Variants that are equivalent (recased, reordered, other fragment)
        // and near misses (one directive or the fragment dropped).
        inputs.push(recase(&mut rng, &base));
        for i in (1..directives.len()).rev() {
            let j = rng.below(i + 1);
            directives.swap(i, j);
        }
        let other_fragment = Some("other".to_string());
        inputs.push(recase(
            &mut rng,
            &join(&assigned, &directives, &other_fragment),
        ));
        directives.pop();
        inputs.push(join(&assigned, &directives, &None));
    }
    let mut equivalent_pairs = [0usize; 2];
    let mut pairs = 0;
    for a in &inputs {
        let ua = UrnRef::parse(a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
        for step in STEPS {
            let na = norm(&ua, step);
            assert_eq!(
                na,
                model_normal_form(a, step),
                "normal form of {a:?} {step:?}"
            );
            // Idempotent: the normal form is its own normal form.
            let again = UrnRef::parse(&na).unwrap();
            assert_eq!(norm(&again, step), na, "idempotence on {a:?} {step:?}");
            assert!(ua.lexically_equivalent(&again, step));
        }
    }
    // Pairs within a window (variants of one base are neighbours) and a
    // sample of distant pairs.
    for (i, a) in inputs.iter().enumerate() {
        let ua = UrnRef::parse(a).unwrap();
        let near = inputs.iter().skip(i).take(8);
        let far = (0..8).map(|_| &inputs[rng.below(inputs.len())]);
        for b in near.chain(far) {
            let ub = UrnRef::parse(b).unwrap();
            for (si, step) in STEPS.into_iter().enumerate() {
                let expected = model_equivalent(a, b, step);
                assert_eq!(
                    ua.lexically_equivalent(&ub, step),
                    expected,
                    "{a:?} vs {b:?} under {step:?}"
                );
                assert_eq!(
                    norm(&ua, step) == norm(&ub, step),
                    expected,
                    "normal forms of {a:?} and {b:?} under {step:?}"
                );
                equivalent_pairs[si] += usize::from(expected);
                pairs += 1;
            }
        }
    }
    // The generator must produce both outcomes in quantity, under both steps.
    eprintln!(
        "urn_equivalence: {pairs} pairs, equivalent: 5a {}, 5b {}",
        equivalent_pairs[0], equivalent_pairs[1]
    );
    assert!(equivalent_pairs
        .iter()
        .all(|&n| n > 1000 && n < pairs / 2 - 1000));
}

// ---------------------------------------------------------------------
// RFC 8141 §3

#[test]
fn rfc8141_normal_form_matches_the_urn_crate() {
    // The urn crate normalizes on parsing ("lowercase `urn` scheme and
    // NID", "uppercase percent-encoded characters"), and its `PartialEq`
    // compares `urn:NID:NSS` only, as §3.1 does.
    let mut rng = Rng(uridfa_codegen::sample::Rng::new(0x0123_4567_89ab_cdef));
    let mut buf = [0u8; 128];
    for _ in 0..2000 {
        let nid = rng.pick(&["example", "EXAMPLE", "Ex-1", "isbn", "ab"]);
        let mut nss = String::new();
        for _ in 0..1 + rng.below(4) {
            nss.push_str(rng.pick(&["a", "A", "/", ",", "%2c", "%2C", "%aF", "~", "%00"]));
        }
        if nss.starts_with('/') {
            nss.insert(0, 'a');
        }
        let r = rng.pick(&["", "?+r", "?+R/x"]);
        let q = rng.pick(&["", "?=q", "?=a?b"]);
        let f = rng.pick(&["", "#", "#f"]);
        let s = format!("{}:{nid}:{nss}{r}{q}{f}", rng.pick(&["urn", "URN", "uRn"]));
        let ours = Urn::parse(&s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        let theirs = urn::UrnSlice::try_from(s.as_str()).unwrap();
        let n = ours.normalize_into(&mut buf).unwrap();
        let expected = format!("urn:{}:{}", theirs.nid(), theirs.nss());
        assert_eq!(std::str::from_utf8(&buf[..n]).unwrap(), expected, "{s:?}");
    }
}

#[test]
fn rfc8141_equivalence_matches_the_urn_crate() {
    let mut rng = Rng(uridfa_codegen::sample::Rng::new(0xfeed_f00d_0000_0042));
    let mut inputs = Vec::new();
    for _ in 0..300 {
        let nid = rng.pick(&["example", "EXAMPLE", "isbn"]);
        let nss = rng.pick(&["a%2c", "a%2C", "a,", "A%2c", "a/b"]);
        let rest = rng.pick(&["", "?+r", "?=q", "#f", "?+r?=q#f"]);
        inputs.push(format!("{}:{nid}:{nss}{rest}", rng.pick(&["urn", "URN"])));
    }
    let mut equal = 0;
    for a in &inputs {
        for b in inputs.iter().take(60) {
            let (ua, ub) = (Urn::parse(a).unwrap(), Urn::parse(b).unwrap());
            let theirs = urn::UrnSlice::try_from(a.as_str()).unwrap()
                == urn::UrnSlice::try_from(b.as_str()).unwrap();
            assert_eq!(ua.equivalent(&ub), theirs, "{a:?} vs {b:?}");
            equal += usize::from(theirs);
        }
    }
    assert!(equal > 500, "too few equivalent pairs: {equal}");
}

// ---------------------------------------------------------------------
// Complexity: work counted, not timed

/// log2(d) rounded up, at least 1.
fn log2_ceil(d: usize) -> usize {
    (usize::BITS - d.saturating_sub(1).leading_zeros()).max(1) as usize
}

/// Sorts a query of `d` directives made by `make` and checks the result
/// against the model and the work against `2 n log2 d`.
fn check_large_sort(name: &str, d: usize, make: impl Fn(usize) -> String) {
    let directives: Vec<String> = (0..d).map(make).collect();
    let s = format!("urn:foo:x?{}", directives.join("&"));
    let u = UrnRef::parse(&s).unwrap();
    let mut buf = vec![0u8; s.len()];
    let (r, work) = u.normalize_into_counting(Step5::ReorderDirectives, &mut buf);
    let n = r.unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        n,
        s.len(),
        "{name}: a query below 64 KiB needs no more than the input's length"
    );
    assert_eq!(
        std::str::from_utf8(&buf[..n]).unwrap(),
        model_normal_form(&s, Step5::ReorderDirectives),
        "{name}"
    );
    let bound = 2 * s.len() * log2_ceil(d);
    eprintln!(
        "urn_equivalence: sort {name}: d = {d}, n = {}, work = {work} (bound {bound})",
        s.len()
    );
    assert!(work <= bound, "{name}: work {work} > {bound}");
}

#[test]
fn sorting_50_000_directives_is_n_log_d() {
    const D: usize = 50_000;
    // Mixed keywords in reverse order.
    check_large_sort("reversed", D, |i| format!("k{}=v", D - i));
    // Already sorted: the merges are all skipped.
    check_large_sort("sorted", D / 4, |i| format!("k{:06}=v", i));
    // Long common prefixes: comparisons cost the prefix length.
    check_large_sort("common prefix", 2_000, |i| {
        format!("k=%2c{}{}", "a".repeat(20), 2_000 - i)
    });
    // All equal.
    check_large_sort("equal", D / 4, |_| "s=I2L".to_string());
    // A few long directives among many short ones.
    check_large_sort("long and short", 5_000, |i| {
        if i % 1000 == 0 {
            format!("a={}{}", "x".repeat(3000), i)
        } else {
            format!("b={}", i % 7)
        }
    });
}

#[test]
fn large_queries_need_the_index_and_say_so() {
    // A query of 64 KiB or more with 3-byte directives: the index needs
    // 3 bytes per directive and the merge buffer 1.5 more, beyond the
    // output's 3 (Note [sorting in the caller buffer]).
    let d = 30_000;
    let s = format!("urn:foo:x?{}", vec!["a="; d].join("&"));
    let u = UrnRef::parse(&s).unwrap();
    let len = s.len();
    let prefix = "urn:foo:x".len();
    let needed = prefix + 3 * (d + d / 2);
    assert!(needed > len);
    let mut buf = vec![0u8; needed];
    assert_eq!(
        u.normalize_into(Step5::ReorderDirectives, &mut buf[..needed - 1]),
        Err(BufferTooSmall { needed })
    );
    assert_eq!(
        u.normalize_into(Step5::ReorderDirectives, &mut buf),
        Ok(len)
    );
    assert_eq!(&buf[..len], s.as_bytes());
    // 5a needs no scratch.
    assert_eq!(
        u.normalize_into(Step5::RemoveQuery, &mut buf[..prefix]),
        Ok(prefix)
    );
}

#[test]
fn equivalence_of_50_000_directives_is_linear_when_order_or_fingerprint_decides() {
    const D: usize = 50_000;
    let ds: Vec<String> = (0..D).map(|i| format!("k{i}=%2c{i}")).collect();
    let a = format!("urn:foo:x?{}", ds.join("&"));
    // Same order, other case of the hex digits: equal in input order.
    let b = format!("URN:FOO:x?{}", ds.join("&").replace("%2c", "%2C"));
    // Reordered, one value changed but the length kept: the fingerprint
    // rejects.
    let mut rev: Vec<String> = ds.iter().rev().cloned().collect();
    rev[D / 2] = rev[D / 2].replacen("%2c", "%2d", 1);
    let c = format!("urn:foo:x?{}", rev.join("&"));
    let (ua, ub, uc) = (
        UrnRef::parse(&a).unwrap(),
        UrnRef::parse(&b).unwrap(),
        UrnRef::parse(&c).unwrap(),
    );
    for (other, expected, name) in [(&ub, true, "same order"), (&uc, false, "fingerprint")] {
        let (r, work) = ua.lexically_equivalent_counting(other, Step5::ReorderDirectives);
        assert_eq!(r, expected, "{name}");
        assert!(
            work <= 4 * a.len(),
            "{name}: work {work} > 4n = {}",
            4 * a.len()
        );
        eprintln!(
            "urn_equivalence: equivalence {name}: n = {}, work = {work}",
            a.len()
        );
    }
}

#[test]
fn equivalence_of_reordered_queries_is_exact_and_within_its_d_n_bound() {
    // Equal fingerprints, different order: the exact confirmation counts
    // each directive in both queries, O(d·n) (Note [5b without storage]).
    let d = 1_000;
    let ds: Vec<String> = (0..d).map(|i| format!("k{}=v{}", i % 10, i / 10)).collect();
    let a = format!("urn:foo:x?{}", ds.join("&"));
    let mut shuffled = ds.clone();
    let mut rng = Rng(uridfa_codegen::sample::Rng::new(77));
    for i in (1..d).rev() {
        shuffled.swap(i, rng.below(i + 1));
    }
    let b = format!("urn:foo:x?{}", shuffled.join("&"));
    // Swap two values between directives: same multiset of characters,
    // other directives.
    let mut swapped = shuffled.clone();
    swapped[0] = "k0=v9".to_string();
    swapped[1] = "k9=v0".to_string();
    let c = format!("urn:foo:x?{}", swapped.join("&"));
    let (ua, ub, uc) = (
        UrnRef::parse(&a).unwrap(),
        UrnRef::parse(&b).unwrap(),
        UrnRef::parse(&c).unwrap(),
    );
    let expected_c = model_equivalent(&a, &c, Step5::ReorderDirectives);
    for (other, expected) in [(&ub, true), (&uc, expected_c)] {
        let (r, work) = ua.lexically_equivalent_counting(other, Step5::ReorderDirectives);
        assert_eq!(r, expected);
        let bound = 4 * (d + 1) * a.len();
        assert!(work <= bound, "work {work} > 4 (d+1) n = {bound}");
    }
}

#[test]
fn every_buffer_length_gives_the_same_answer() {
    // For each buffer length: below `needed` the same error, from `needed`
    // on the same normal form (the scratch space never changes the result).
    let mut rng = Rng(uridfa_codegen::sample::Rng::new(0x0b0f_fe25));
    for _ in 0..300 {
        let (assigned, directives, fragment) = generate(&mut rng);
        let s = join(&assigned, &directives, &fragment);
        let u = UrnRef::parse(&s).unwrap();
        for step in STEPS {
            let expected = model_normal_form(&s, step);
            for len in 0..expected.len() + 8 {
                let mut buf = vec![0xa5u8; len];
                match u.normalize_into(step, &mut buf) {
                    Ok(n) => {
                        assert!(len >= expected.len(), "{s:?} {step:?}: Ok in {len} bytes");
                        assert_eq!(&buf[..n], expected.as_bytes(), "{s:?} {step:?} in {len}");
                    }
                    Err(BufferTooSmall { needed }) => {
                        assert!(len < expected.len(), "{s:?} {step:?}: Err in {len} bytes");
                        assert_eq!(needed, expected.len(), "{s:?} {step:?}");
                    }
                }
            }
        }
    }
}

#[cfg(feature = "alloc")]
#[test]
fn owned_normal_forms_equal_the_buffer_ones() {
    let mut rng = Rng(uridfa_codegen::sample::Rng::new(0x000a_110c));
    for _ in 0..300 {
        let (assigned, directives, fragment) = generate(&mut rng);
        let s = join(&assigned, &directives, &fragment);
        let u = UrnRef::parse(&s).unwrap();
        for step in STEPS {
            assert_eq!(u.normalized(step), norm(&u, step), "{s:?} {step:?}");
        }
        let s8141 = s.replace('?', "?=");
        let r = Urn::parse(&s8141).unwrap();
        let mut buf = [0u8; 128];
        let n = r.normalize_into(&mut buf).unwrap();
        assert_eq!(r.normalized().as_bytes(), &buf[..n], "{s:?}");
    }
}

#[test]
fn random_queries_with_repeated_keywords_sort_like_the_model() {
    // Hundreds of directives over few keywords and values: many repeated
    // keywords and identical directives, values that are prefixes of each
    // other, `=` inside values, percent-encodings in both cases.
    let mut rng = Rng(uridfa_codegen::sample::Rng::new(0x0000_0099));
    for round in 0..60 {
        let d = 1 + rng.below(400);
        let ds: Vec<String> = (0..d)
            .map(|_| {
                let k = rng.pick(&["a", "a-b", "b", "ab", "a1", "b-c-d"]);
                let mut v = String::new();
                for _ in 0..rng.below(5) {
                    v.push_str(rng.pick(&["x", "%2c", "%2C", "=", "y", "%41"]));
                }
                format!("{k}={v}")
            })
            .collect();
        let s = format!("urn:foo:x?{}", ds.join("&"));
        let u = UrnRef::parse(&s).unwrap();
        assert_eq!(
            norm(&u, Step5::ReorderDirectives),
            model_normal_form(&s, Step5::ReorderDirectives),
            "round {round}"
        );
        let mut shuffled = ds.clone();
        for i in (1..d).rev() {
            shuffled.swap(i, rng.below(i + 1));
        }
        let t = format!("URN:FOO:x?{}", shuffled.join("&"));
        let ut = UrnRef::parse(&t).unwrap();
        assert!(
            u.lexically_equivalent(&ut, Step5::ReorderDirectives),
            "round {round}"
        );
        shuffled[0].push('x');
        let t = format!("urn:foo:x?{}", shuffled.join("&"));
        let ut = UrnRef::parse(&t).unwrap();
        assert!(
            !u.lexically_equivalent(&ut, Step5::ReorderDirectives),
            "round {round}"
        );
        assert_ne!(
            norm(&u, Step5::ReorderDirectives),
            norm(&ut, Step5::ReorderDirectives)
        );
    }
}
