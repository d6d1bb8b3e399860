//! Properties of resolution over generated bases and references, for all
//! five algorithms and all three `Dots` policies ("resolution never
//! invents an authority"):
//!
//! 1. the target parses under the algorithm's own grammar and has a scheme;
//! 2. its authority, read back with Appendix B's regular expression (split
//!    here independently of the library), is the reference's or the
//!    base's, and is absent when both lack one; the one exception is the
//!    documented RFC 2396 / draft 05 step 6a case (base with an authority
//!    and an empty path, relative-path reference), checked literally;
//! 3. the target is `equivalent` to its own normal form (so a path that
//!    reads as an authority, `file://evil.example/p` for
//!    `file:/.//evil.example/p`, fails);
//! 4. under `rfc3986`, fluent-uri and iri-string give the same target
//!    wherever both accept the pair and their documented deviations (a base
//!    with a fragment, a rootless base path) do not apply.
//!
//! The pairs come from proptest strategies (biased to dot segments, empty
//! segments and authorities), so a failing pair is shrunk to a small one
//! before it is reported. Each property is counted, with floors, so that a
//! resolver that rejects everything cannot pass.

use crate::props;

use iri_string::resolve::FixedBaseResolver;
use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
use props::{appendix_b, res, Outcome};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::cell::RefCell;
use uridfa::resolve::{Algorithm, Dots, Options};

const AUTHORITIES: &[&str] = &["", "a", "h:1", "u@h", "evil.example"];

/// A path of up to five segments, biased to dot segments and empty ones
/// (which make `//`).
fn path(rooted: bool) -> impl Strategy<Value = String> {
    const SEGMENTS: &[&str] = &["", ".", "..", "b", "c", "g:h", "d;p", "x.y"];
    vec(select(SEGMENTS), 0..6).prop_map(move |segs| {
        let p = segs.join("/");
        if rooted {
            format!("/{p}")
        } else {
            p
        }
    })
}

/// No query or fragment, often; sometimes one or both.
fn query_fragment() -> impl Strategy<Value = String> {
    let q = prop_oneof![3 => Just(""), 1 => select(&["?", "?q", "?/./x"][..])];
    let f = prop_oneof![3 => Just(""), 1 => select(&["#", "#f"][..])];
    (q, f).prop_map(|(q, f)| format!("{q}{f}"))
}

/// A base: `scheme://authority[path]` two times in three, else
/// `scheme:path` (rooted three times in four); a query and a fragment
/// sometimes.
fn base() -> impl Strategy<Value = String> {
    let scheme = select(&["http", "file", "a", "HTTP"][..]);
    let with_authority = (
        scheme.clone(),
        select(AUTHORITIES),
        prop_oneof![1 => Just(String::new()), 2 => path(true)],
        query_fragment(),
    )
        .prop_map(|(s, a, p, qf)| format!("{s}://{a}{p}{qf}"));
    let without = (
        scheme,
        prop_oneof![3 => path(true), 1 => path(false)],
        query_fragment(),
    )
        .prop_map(|(s, p, qf)| format!("{s}:{p}{qf}"));
    prop_oneof![2 => with_authority, 1 => without]
}

/// A reference: a scheme one time in four; an authority two times in
/// nine; else a rooted or rootless path, with `./` before one that would
/// read as an authority or a scheme.
fn reference() -> impl Strategy<Value = String> {
    let scheme =
        prop_oneof![3 => Just(None), 1 => select(&["http", "x", "file"][..]).prop_map(Some)];
    let with_authority = (
        select(AUTHORITIES),
        prop_oneof![Just(String::new()), path(true)],
    )
        .prop_map(|(a, p)| (Some(a), true, p));
    let without =
        any::<bool>().prop_flat_map(|rooted| path(rooted).prop_map(move |p| (None, rooted, p)));
    let body = prop_oneof![2 => with_authority, 7 => without];
    (scheme, body, query_fragment()).prop_map(|(scheme, (a, rooted, p), qf)| {
        let mut s = scheme.map(|s| format!("{s}:")).unwrap_or_default();
        if let Some(a) = a {
            s.push_str("//");
            s.push_str(a);
        } else if p.starts_with("//") || (scheme.is_none() && !rooted && p.contains(':')) {
            // A path that starts with "//" would be an authority, and a
            // first segment with ":" a scheme.
            s.push_str("./");
        }
        s.push_str(&p);
        s.push_str(&qf);
        s
    })
}

/// A base that RFC 3986 reads as a URI, and a reference.
fn pair() -> impl Strategy<Value = (String, String)> {
    let base = base().prop_filter("a generator slip: not a URI", |b| {
        uridfa::rfc3986::Uri::parse(b).is_ok()
    });
    (base, reference())
}

fn fluent(b: &str, r: &str) -> Option<String> {
    let base = fluent_uri::Uri::parse(b).ok()?;
    let reference = fluent_uri::UriRef::parse(r).ok()?;
    reference
        .resolve_against(&base)
        .ok()
        .map(|u| u.as_str().to_owned())
}

fn iri(b: &str, r: &str) -> Option<String> {
    let base = UriAbsoluteStr::new(b).ok()?;
    let reference = UriReferenceStr::new(r).ok()?;
    let resolved = FixedBaseResolver::new(base).resolve(reference);
    let mut buf = vec![0u8; b.len() + r.len() + 8];
    iri_string::format::write_to_slice(&mut buf, &resolved)
        .ok()
        .map(str::to_owned)
}

/// Whether some segment of `path` is "." or "..".
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| s == "." || s == "..")
}

#[derive(Default, Debug, Clone)]
struct Counts {
    resolved: usize,
    rejected: usize,
    step_6a: usize,
    unsuitable_base: usize,
    outside_normalize_syntax: usize,
}

/// Properties 1 to 3 on 4,000 generated pairs (proptest: a failing pair
/// is shrunk to a small one, then reported), under every algorithm and
/// `Dots` policy, with floors on what each resolved.
#[test]
fn resolution_keeps_paths_paths() {
    const CASES: u32 = 4_000;
    let options: Vec<Options> = Algorithm::ALL
        .into_iter()
        .flat_map(|a| [Dots::Keep, Dots::Remove, Dots::Error].map(|d| Options::new(a).dots(d)))
        .collect();
    let counts = RefCell::new(vec![Counts::default(); options.len()]);
    let result = TestRunner::new(Config::with_cases(CASES)).run(&pair(), |(b, r)| {
        let mut seen = Vec::with_capacity(options.len());
        for &o in &options {
            let outcome = props::check(&b, &r, o);
            if let Outcome::Failed(why) = outcome {
                return Err(TestCaseError::fail(why));
            }
            seen.push(outcome);
        }
        // Counted only for a pair that held under every option.
        for (c, outcome) in counts.borrow_mut().iter_mut().zip(seen) {
            match outcome {
                Outcome::Resolved => c.resolved += 1,
                Outcome::Step6a => {
                    c.resolved += 1;
                    c.step_6a += 1;
                }
                Outcome::UnsuitableBase => {
                    c.resolved += 1;
                    c.unsuitable_base += 1;
                }
                Outcome::OutsideNormalizeSyntax => {
                    c.resolved += 1;
                    c.outside_normalize_syntax += 1;
                }
                Outcome::Rejected(_) => c.rejected += 1,
                Outcome::Failed(_) => unreachable!("returned above"),
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    for (o, c) in options.iter().zip(counts.borrow().iter()) {
        let (a, dots) = (o.algorithm, o.dots);
        eprintln!("{a} --dots {}: {c:?}", dots.name());
        // Floors: every algorithm resolves most generated pairs (the
        // older grammars reject some characters; `error` rejects "..",
        // above the root).
        let floor = match (a, dots) {
            (Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict, Dots::Keep) => 0,
            (_, Dots::Error) => CASES / 4,
            _ => CASES / 2,
        } as usize;
        assert!(
            c.resolved >= floor,
            "{a} --dots {}: only {} of {CASES} resolved (floor {floor})",
            dots.name(),
            c.resolved
        );
    }
}

/// The RFC 3986 algorithm against fluent-uri and iri-string on generated
/// pairs, excluding only the peers' documented deviations (the same ones
/// `tests/resolve_corpora.rs` names), each by a condition on the input:
/// - a base with a fragment (fluent-uri refuses it; §5.1 strips it);
/// - a base without authority whose path is not rooted (fluent-uri refuses
///   relative references against it; §5.2.3 merges anyway);
/// - a base path with dot segments (fluent-uri removes them before
///   merging, which §5.2.1 makes optional);
/// - a reference with a scheme and a rootless path (the peers keep
///   `d;p/../b` as it is; §5.2.2 applies remove_dot_segments, whose step C
///   leaves `/b`).
#[test]
fn rfc3986_agrees_with_fluent_uri_and_iri_string() {
    let comparable =
        (base(), reference()).prop_filter("a peer's documented deviation", |(b, r)| {
            let (_, ba, bp) = appendix_b(b);
            let (rs, _, rp) = appendix_b(r);
            !(b.contains('#')
                || (ba.is_none() && !bp.starts_with('/'))
                || has_dot_segment(bp)
                || (rs.is_some() && !rp.is_empty() && !rp.starts_with('/')))
        });
    let compared = std::cell::Cell::new(0);
    let result = TestRunner::new(Config::with_cases(4_000)).run(&comparable, |(b, r)| {
        let ours = res(&b, &r, Options::default()).ok();
        for (peer, theirs) in [("fluent-uri", fluent(&b, &r)), ("iri-string", iri(&b, &r))] {
            let Some(theirs) = theirs else { continue };
            prop_assert_eq!(
                ours.as_deref(),
                Some(theirs.as_str()),
                "{:?} + {:?}: ours {:?}, {} {:?}",
                b,
                r,
                ours,
                peer,
                theirs
            );
            compared.set(compared.get() + 1);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let compared = compared.get();
    eprintln!("rfc3986 vs fluent-uri and iri-string: {compared} comparisons agree");
    assert!(compared >= 6_000, "only {compared} comparisons");
}
