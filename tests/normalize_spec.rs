//! Normalization and equivalence (`uridfa::normalize`): the examples of
//! RFC 3986 §6.2, draft-fielding-uri-rfc2396bis-01 §6.2 and RFC 3987
//! §5.3, each step on its own, the grammar's `unreserved` sets, the path
//! step against the resolution code, idempotence and equivalence on
//! generated references, and adversarial sizes.
//!
//! The documents' examples are rows of `tests/data/normalize.jsonl`
//! (vectors as data), run by [`every_row`]: `doc`,
//! `section`, `syntax` (a [`Syntax`] name), `steps` (names as
//! [`Steps::from_names`] reads them), then either `input` and its normal
//! form `expected`, or two references `a` and `b` and whether they are
//! `equivalent`; `in_doc` marks rows whose references are printed in the
//! document, and [`rows_printed_in_the_documents_are_there`] finds them
//! there when `../shared/specs` is present.

use uridfa::normalize::{default_port, equivalent, normalize_into, NormalizeError, Steps, Syntax};
use uridfa::resolve::{resolve_into, Algorithm, Options};
use uridfa_codegen::sample::Rng;

use crate::common;
use common::skip;
use common::spec::SpecText;

/// `Syntax::normalize` without the `alloc` feature (so that
/// `cargo test -p uridfa` runs these tests with the crate's defaults).
fn owned(syntax: Syntax, input: &str, steps: Steps) -> Result<String, NormalizeError> {
    let mut buf = vec![0u8; input.len() + 8];
    let n = match syntax.normalize_into(input, steps, &mut buf) {
        Err(NormalizeError::BufferTooSmall(uridfa::BufferTooSmall { needed })) => {
            buf.resize(needed, 0);
            syntax.normalize_into(input, steps, &mut buf)?
        }
        other => other?,
    };
    buf.truncate(n);
    Ok(String::from_utf8(buf).expect("normal forms are UTF-8"))
}

/// A resolution target, as a `String` (without the `alloc` feature).
fn resolve(base: &str, r: &str, o: Options) -> Result<String, uridfa::resolve::ResolveError> {
    let mut buf = vec![0u8; base.len() + r.len() + 16];
    let n = resolve_into(base, r, o, &mut buf)?;
    buf.truncate(n);
    Ok(String::from_utf8(buf).expect("targets are UTF-8"))
}

#[track_caller]
fn norm(s: Syntax, input: &str, steps: Steps) -> String {
    owned(s, input, steps).unwrap_or_else(|e| panic!("{s}: {input:?}: {e}"))
}

#[track_caller]
fn n3986(input: &str, steps: Steps) -> String {
    norm(Syntax::Rfc3986, input, steps)
}

// ---------------------------------------------------------------------
// The documents' examples: tests/data/normalize.jsonl

/// One row of `tests/data/normalize.jsonl`.
#[derive(Clone, Debug)]
struct Row {
    line: usize,
    doc: String,
    section: String,
    syntax: Syntax,
    steps: Steps,
    /// `input` and its normal form, or `a`, `b` and their equivalence.
    case: Case,
    in_doc: bool,
}

#[derive(Clone, Debug)]
enum Case {
    Normalize {
        input: String,
        expected: String,
    },
    Equivalent {
        a: String,
        b: String,
        equivalent: bool,
    },
}

fn rows() -> Vec<Row> {
    include_str!("data/normalize.jsonl")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| {
            let line = n + 1;
            let v: serde_json::Value =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("normalize.jsonl:{line}: {e}"));
            let field = |k: &str| -> String {
                v[k].as_str()
                    .unwrap_or_else(|| panic!("normalize.jsonl:{line}: no {k}"))
                    .to_string()
            };
            let case = match v.get("input") {
                Some(_) => Case::Normalize {
                    input: field("input"),
                    expected: field("expected"),
                },
                None => Case::Equivalent {
                    a: field("a"),
                    b: field("b"),
                    equivalent: v["equivalent"]
                        .as_bool()
                        .unwrap_or_else(|| panic!("normalize.jsonl:{line}: no equivalent")),
                },
            };
            Row {
                line,
                doc: field("doc"),
                section: field("section"),
                syntax: Syntax::from_name(&field("syntax"))
                    .unwrap_or_else(|| panic!("normalize.jsonl:{line}: syntax")),
                steps: Steps::from_names(&field("steps"))
                    .unwrap_or_else(|| panic!("normalize.jsonl:{line}: steps")),
                case,
                in_doc: v["in_doc"].as_bool().unwrap_or(false),
            }
        })
        .collect()
}

/// What is wrong with `row`, if anything.
fn check(row: &Row) -> Option<String> {
    let (syntax, steps) = (row.syntax, row.steps);
    match &row.case {
        Case::Normalize { input, expected } => match owned(syntax, input, steps) {
            Ok(got) if got == *expected => None,
            got => Some(format!(
                "{input:?} under {steps}: want {expected:?}, got {got:?}"
            )),
        },
        Case::Equivalent { a, b, equivalent } => match syntax.equivalent(a, b, steps) {
            Ok(got) if got == *equivalent => None,
            got => Some(format!(
                "{a:?} ~ {b:?} under {steps}: want {equivalent}, got {got:?}"
            )),
        },
    }
}

/// The number of rows: a row lost from the data fails here.
const ROWS: usize = 67;

#[test]
fn every_row() {
    let rows = rows();
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|r| {
            check(r).map(|why| format!("normalize.jsonl:{} {} {}: {why}", r.line, r.doc, r.section))
        })
        .collect();
    common::assert_rows_pass(&failures, rows.len());
    assert_eq!(rows.len(), ROWS);
}

#[test]
fn rows_printed_in_the_documents_are_there() {
    let mut checked = 0;
    let mut missing = 0;
    for row in rows().iter().filter(|r| r.in_doc) {
        let Some(text) = SpecText::read(&row.doc) else {
            missing += 1;
            continue;
        };
        let refs = match &row.case {
            Case::Normalize { input, .. } => vec![input],
            Case::Equivalent { a, b, .. } => vec![a, b],
        };
        for r in refs {
            assert!(
                text.contains(r),
                "normalize.jsonl:{}: {r:?} not found in {}.txt",
                row.line,
                row.doc
            );
        }
        checked += 1;
    }
    if missing > 0 {
        skip::note(format_args!(
            "SKIPPED in part: {missing} normalize.jsonl rows not looked up ({checked} found)"
        ));
    }
}

#[test]
fn a_changed_row_fails() {
    for mut row in rows().into_iter().take(ROWS) {
        match &mut row.case {
            Case::Normalize { expected, .. } => expected.push('x'),
            Case::Equivalent { equivalent, .. } => *equivalent = !*equivalent,
        }
        assert!(check(&row).is_some(), "{row:?}");
    }
}

// ---------------------------------------------------------------------
// The documents' examples

/// RFC 3986 §6.2.3: "the following four URIs are equivalent:
/// http://example.com http://example.com/ http://example.com:/
/// http://example.com:80/ ... the second URI above is the normal form";
/// "the URI "http://example.com/?" cannot be assumed to be equivalent";
/// "two URIs that differ only by the suffix "#" are considered different".
#[test]
fn rfc3986_6_2_3_scheme_based() {
    let four = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for u in four {
        assert_eq!(n3986(u, Steps::SCHEME), "http://example.com/", "{u}");
        for v in four {
            assert!(equivalent(u, v, Steps::SCHEME).unwrap(), "{u} {v}");
        }
    }
    // Default ports of the RFC 1738 schemes (its §3.2.2, §3.3, §3.4,
    // §3.8, §3.9, §3.7 and draft 06's prospero) and https.
    for (scheme, port) in [
        ("ftp", 21),
        ("http", 80),
        ("gopher", 70),
        ("nntp", 119),
        ("telnet", 23),
        ("wais", 210),
        ("prospero", 1525),
        ("https", 443),
    ] {
        assert_eq!(default_port(scheme), Some(port));
    }
}

/// 2396bis-01 §6.2.2: "could reasonably consider the following two URIs
/// equivalent: example://a/b/c/%7A eXAMPLE://a/./b/../b/c/%7a"; §6.2.3:
/// "http://example.com/ http://example.com:80/".
#[test]
fn rfc2396bis01_6_2_examples() {
    let s = Syntax::Rfc2396bis01;
    assert!(s
        .equivalent(
            "example://a/b/c/%7A",
            "eXAMPLE://a/./b/../b/c/%7a",
            Steps::ALL
        )
        .unwrap());
    assert!(s
        .equivalent(
            "http://example.com/",
            "http://example.com:80/",
            Steps::SCHEME
        )
        .unwrap());
}

#[test]
fn errors_and_buffers() {
    let e = normalize_into("http://a b", Steps::ALL, &mut [0u8; 64]).unwrap_err();
    let NormalizeError::Invalid(inner) = e else {
        panic!("{e:?}")
    };
    assert_eq!(inner.offset(), 8);
    // Every buffer shorter than the normal form: the exact length, nothing
    // written.
    let input = "HTTP://%41@EXAMPLE.ORG:80/a/./b/../%7e?%3a#%3b";
    let want = "http://A@example.org/a/~?%3A#%3B";
    for len in 0..want.len() {
        let mut buf = vec![b'#'; len];
        assert_eq!(
            normalize_into(input, Steps::ALL, &mut buf),
            Err(NormalizeError::BufferTooSmall(uridfa::BufferTooSmall {
                needed: want.len()
            }))
        );
        assert!(buf.iter().all(|&b| b == b'#'));
    }
    let mut buf = vec![0u8; want.len()];
    let n = normalize_into(input, Steps::ALL, &mut buf).unwrap();
    assert_eq!(&buf[..n], want.as_bytes());
    // Invalid bytes, NUL, invalid UTF-8 through the str API is impossible;
    // equivalent reports the first invalid input.
    assert!(equivalent("http://a/\0", "http://a/", Steps::ALL).is_err());
    assert!(equivalent("http://a/", "%", Steps::ALL).is_err());
}

#[test]
fn steps_names() {
    assert_eq!(Steps::from_names("case,pct,path,scheme"), Some(Steps::ALL));
    assert_eq!(Steps::ALL.to_string(), "case,pct,path,scheme");
    assert_eq!(Steps::NONE.to_string(), "none");
    assert_eq!(Steps::from_names("case,,pct"), None);
    for s in Syntax::ALL {
        assert_eq!(Syntax::from_name(s.name()), Some(s));
        assert!(
            uridfa::grammar(s.name()).is_some(),
            "{s} is a built-in grammar"
        );
    }
}

// ---------------------------------------------------------------------
// The grammar's unreserved sets

/// What the `pct` step decodes is exactly the grammar file's `unreserved`
/// rule: checked per octet with regex-automata's PikeVM built from the
/// grammar (uridfa_codegen's oracle).
#[test]
fn decoded_octets_are_the_grammars_unreserved() {
    use uridfa_codegen::{abnf, lower, oracle::Oracle};
    for (syntax, file) in [
        (Syntax::Rfc3986, "rfc3986.abnf"),
        (Syntax::Rfc3987, "rfc3986.abnf"),
        (Syntax::Rfc6874, "rfc6874.abnf"),
        (
            Syntax::Rfc2396bis01,
            "draft-fielding-uri-rfc2396bis-01.abnf",
        ),
    ] {
        let path = format!("{}/grammar/{file}", env!("CARGO_MANIFEST_DIR"));
        let g = abnf::load(path.as_ref()).unwrap_or_else(|d| panic!("{d}"));
        let span = g.entries[0].1;
        let lowered = lower::lower(&g, "unreserved", span).unwrap_or_else(|d| panic!("{d}"));
        let oracle = Oracle::new(&lowered).expect("oracle");
        let mut n = 0;
        for b in 0u8..=255 {
            let want = oracle.accepts(&[b]);
            let input = format!("x:%{b:02X}");
            let got = owned(syntax, &input, Steps::PCT).unwrap() != input;
            assert_eq!(got, want, "{syntax}: %{b:02X}");
            n += usize::from(want);
        }
        eprintln!("{syntax}: {n} unreserved octets decoded");
    }
}

// ---------------------------------------------------------------------
// The path step against the resolution code

fn dotty_path(rng: &mut Rng) -> String {
    let mut p = String::new();
    for _ in 0..rng.below(9) {
        p.push('/');
        p.push_str(["a", "b", ".", "..", "", "c.d", "..."][rng.below(7) as usize]);
    }
    if p.is_empty() {
        p.push('/');
    }
    p
}

/// RFC 3986: the path step of `s://a` + P is §5.2.2's
/// remove_dot_segments(P), i.e. resolving P against `s://a`.
/// 2396bis-01: §6.2.2.3 splits after the first "/" and merges with its §5
/// algorithm: resolving "./" + the rest against `s://a/`. The resolution
/// code (src/algorithms/resolve/) is a separate implementation.
#[test]
fn path_step_matches_resolution() {
    let mut rng = Rng::new(0x2396_3986);
    for _ in 0..20_000 {
        let p = dotty_path(&mut rng);
        let u = format!("s://a{p}");
        // "/." keeps "//x" a path; remove_dot_segments drops it again.
        let want = resolve("s://a", &format!("/.{p}"), Options::new(Algorithm::Rfc3986)).unwrap();
        assert_eq!(n3986(&u, Steps::PATH), want, "rfc3986 {p}");
        let rel = format!("./{}", &p[1..]);
        let want = resolve("s://a/", &rel, Options::new(Algorithm::Rfc2396bis01)).unwrap();
        assert_eq!(
            norm(Syntax::Rfc2396bis01, &u, Steps::PATH),
            want,
            "2396bis-01 {p}"
        );
    }
}

// ---------------------------------------------------------------------
// Idempotence and equivalence on generated references

fn step_sets() -> impl Iterator<Item = Steps> {
    (0u8..16).map(|bits| {
        let mut s = Steps::NONE;
        for (i, step) in [Steps::CASE, Steps::PCT, Steps::PATH, Steps::SCHEME]
            .into_iter()
            .enumerate()
        {
            if bits & (1 << i) != 0 {
                s = s | step;
            }
        }
        s
    })
}

/// Generated references of each syntax: samples of the grammar, mutated
/// towards what normalization rewrites (case, `%XX` of unreserved and
/// reserved octets, dot segments, ports).
fn generated(syntax: Syntax, n: usize) -> Vec<String> {
    use uridfa_codegen::driver::{compile_file, Options};
    use uridfa_codegen::sample::generate;
    let (file, entry) = match syntax {
        Syntax::Rfc3986 => ("rfc3986.abnf", "URI-reference"),
        Syntax::Rfc3987 => ("rfc3987.abnf", "IRI-reference"),
        Syntax::Rfc6874 => ("rfc6874.abnf", "URI-reference"),
        Syntax::Rfc2396bis01 => ("draft-fielding-uri-rfc2396bis-01.abnf", "URI-reference"),
        // Non-exhaustive (the variants follow the cargo features); the
        // tests build with every grammar.
        other => panic!("no grammar file for {other}"),
    };
    let path = format!("{}/grammar/{file}", env!("CARGO_MANIFEST_DIR"));
    let c = compile_file(path.as_ref(), Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let m = c.machine(entry).expect("entry");
    let mut srng = Rng::new(6202);
    let mut rng = Rng::new(0x6_2_2_3);
    let mut out = Vec::new();
    let seeds = [
        "HTTP://User@Example.COM:80/a/./b/../%7e%41?%3a#%3A",
        "http://h:/%2E%2e/x/%2e/",
        "https://h",
        "s:/.//x",
        "/a/..//b",
        "x://[FE80::A]:8042/a/b/c/../../../..",
        "ftp://H:21",
        "mailto:A%40B",
        "foo:a/../b",
    ];
    let mut buf = Vec::new();
    while out.len() < n {
        let mut s = if rng.below(3) == 0 {
            seeds[rng.below(seeds.len() as u64) as usize].to_string()
        } else {
            buf.clear();
            generate(&m.lowered.hir, &mut srng, &mut buf);
            match String::from_utf8(buf.clone()) {
                Ok(s) => s,
                Err(_) => continue,
            }
        };
        // Mutations that keep most references valid.
        for _ in 0..rng.below(4) {
            let at = (rng.below(s.len() as u64 + 1) as usize).min(s.len());
            if !s.is_char_boundary(at) {
                continue;
            }
            let piece = [
                "/..", "/.", "%2E", "%2e", "%41", "%7e", "%3A", "%3a", "A", "/", ":80",
            ][rng.below(11) as usize];
            s.insert_str(at, piece);
        }
        if owned(syntax, &s, Steps::NONE).is_ok() {
            out.push(s);
        }
    }
    out
}

/// For every syntax and every set of steps: the normal form is valid,
/// normalizing it again changes nothing, the input is equivalent to its
/// normal form, and `equivalent` agrees with comparing normal forms on
/// pairs (including pairs made equivalent on purpose).
#[test]
fn idempotent_and_equivalence_agrees() {
    let n: usize = std::env::var("URIDFA_NORMALIZE_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| crate::common::scale::scaled(1500));
    for syntax in Syntax::ALL {
        let inputs = generated(syntax, n);
        let (mut pairs, mut equal_pairs) = (0, 0);
        for steps in step_sets() {
            let forms: Vec<String> = inputs.iter().map(|i| norm(syntax, i, steps)).collect();
            for (i, (input, form)) in inputs.iter().zip(&forms).enumerate() {
                let again = norm(syntax, form, steps);
                assert_eq!(
                    &again, form,
                    "{syntax} {steps}: not idempotent on {input:?}"
                );
                assert!(
                    syntax.equivalent(input, form, steps).unwrap(),
                    "{syntax} {steps}: {input:?} not equivalent to its normal form {form:?}"
                );
                // A neighbour, and the normal form of another input made
                // from this one.
                let j = (i * 7 + 3) % inputs.len();
                let k = (i + 1) % inputs.len();
                for other in [&inputs[j], &inputs[k]] {
                    let same = syntax.equivalent(input, other, steps).unwrap();
                    let want = *form == norm(syntax, other, steps);
                    assert_eq!(same, want, "{syntax} {steps}: {input:?} vs {other:?}");
                    pairs += 1;
                    equal_pairs += usize::from(want);
                }
            }
        }
        eprintln!(
            "{syntax}: {} inputs x 16 step sets idempotent; {pairs} pairs compared, {equal_pairs} equivalent",
            inputs.len()
        );
    }
}

// ---------------------------------------------------------------------
// Adversarial sizes: each would take hours if any step were quadratic.

#[test]
fn linear_on_adversarial_inputs() {
    let deep = format!("http://a{}", "/..".repeat(100_000));
    assert_eq!(n3986(&deep, Steps::ALL), "http://a/");
    let climb = format!("http://a/{}g", "../".repeat(100_000));
    assert_eq!(n3986(&climb, Steps::ALL), "http://a/g");
    let kept = norm(Syntax::Rfc2396bis01, &climb, Steps::ALL);
    assert_eq!(kept.len(), "http://a/".len() + 100_000 * 3 + 1);
    let dots = format!("http://a/{}", "%2E".repeat(400_000));
    let n = n3986(&dots, Steps::ALL);
    assert_eq!(n.len(), "http://a/".len() + 400_000);
    let dotdots = format!("http://a/b{}", "/%2E%2E".repeat(200_000));
    assert_eq!(n3986(&dotdots, Steps::ALL), "http://a/");
    assert!(equivalent(&dotdots, "http://a/", Steps::ALL).unwrap());
    let segs = format!("http://a{}", "/b".repeat(200_000));
    assert!(equivalent(
        &segs,
        &segs
            .to_uppercase()
            .replace("HTTP://A", "http://a")
            .to_lowercase(),
        Steps::ALL
    )
    .unwrap());
    assert_eq!(owned(Syntax::Rfc3986, &segs, Steps::ALL).unwrap(), segs);
}

/// The `alloc` conveniences give what the buffer functions give (the
/// workspace test run enables the feature through the CLI crate).
#[cfg(feature = "alloc")]
#[test]
fn owned_forms_equal_buffer_forms() {
    for s in Syntax::ALL {
        for input in ["HTTP://A:80/b/./%7e?%3a", "x:/a/../b", "//H%41:21/.//x"] {
            let Ok(want) = owned(s, input, Steps::ALL) else {
                continue;
            };
            assert_eq!(s.normalize(input, Steps::ALL).unwrap(), want, "{s} {input}");
            if s == Syntax::Rfc3986 {
                let n = uridfa::normalize::normalize(input, Steps::ALL).unwrap();
                assert_eq!(n, want);
            }
        }
    }
}
