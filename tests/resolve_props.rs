//! Properties of resolution over generated bases and references, for all
//! five algorithms and all three `Dots` policies (the reliability issue's
//! "resolution never invents an authority"):
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
//! Each property is counted, with floors, so that a resolver that rejects
//! everything cannot pass.

mod props;

use iri_string::resolve::FixedBaseResolver;
use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
use props::{appendix_b, res, Outcome};
use uridfa::resolve::{Algorithm, Dots, Options};
use uridfa_codegen::sample::Rng;

fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len() as u64) as usize]
}

/// A path of up to five segments, biased to dot segments and empty ones
/// (which make `//`).
fn path(rng: &mut Rng, rooted: bool) -> String {
    let n = rng.below(6);
    let mut segs: Vec<&str> = Vec::new();
    for _ in 0..n {
        segs.push(pick(rng, &["", ".", "..", "b", "c", "g:h", "d;p", "x.y"]));
    }
    let p = segs.join("/");
    if rooted {
        format!("/{p}")
    } else {
        p
    }
}

fn authority(rng: &mut Rng) -> Option<&'static str> {
    match rng.below(3) {
        0 => None,
        _ => Some(pick(rng, &["", "a", "h:1", "u@h", "evil.example"])),
    }
}

fn query_fragment(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.below(4) == 0 {
        s.push_str(pick(rng, &["?", "?q", "?/./x"]));
    }
    if rng.below(4) == 0 {
        s.push_str(pick(rng, &["#", "#f"]));
    }
    s
}

fn base(rng: &mut Rng) -> String {
    let scheme = pick(rng, &["http", "file", "a", "HTTP"]);
    match authority(rng) {
        Some(a) => {
            let p = if rng.below(3) == 0 {
                String::new()
            } else {
                path(rng, true)
            };
            format!("{scheme}://{a}{p}{}", query_fragment(rng))
        }
        None => {
            let rooted = rng.below(4) != 0;
            format!("{scheme}:{}{}", path(rng, rooted), query_fragment(rng))
        }
    }
}

fn reference(rng: &mut Rng) -> String {
    let scheme = match rng.below(4) {
        0 => Some(pick(rng, &["http", "x", "file"])),
        _ => None,
    };
    let mut s = scheme.map(|s| format!("{s}:")).unwrap_or_default();
    match authority(rng).filter(|_| rng.below(3) == 0) {
        Some(a) => {
            s.push_str("//");
            s.push_str(a);
            if rng.below(2) == 0 {
                s.push_str(&path(rng, true));
            }
        }
        None => {
            let rooted = rng.below(2) == 0;
            let p = path(rng, rooted);
            // A path that starts with "//" would be an authority, and a
            // first segment with ":" a scheme.
            if p.starts_with("//") || (scheme.is_none() && !rooted && p.contains(':')) {
                s.push_str("./");
            }
            s.push_str(&p);
        }
    }
    s.push_str(&query_fragment(rng));
    s
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

#[derive(Default, Debug)]
struct Counts {
    resolved: usize,
    rejected: usize,
    step_6a: usize,
    unsuitable_base: usize,
    outside_normalize_syntax: usize,
}

#[test]
fn resolution_keeps_paths_paths() {
    const CASES: usize = 4_000;
    let mut rng = Rng::new(0x5EED_0F2F_2F00);
    let mut pairs = Vec::new();
    while pairs.len() < CASES {
        let b = base(&mut rng);
        if uridfa::rfc3986::Uri::parse(&b).is_err() {
            continue; // a generator slip, not a case: draw again
        }
        pairs.push((b, reference(&mut rng)));
    }
    let mut failures = Vec::new();
    for a in Algorithm::ALL {
        for dots in [Dots::Keep, Dots::Remove, Dots::Error] {
            let o = Options::new(a).dots(dots);
            let mut c = Counts::default();
            for (b, r) in &pairs {
                match props::check(b, r, o) {
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
                    Outcome::Failed(why) => failures.push(why),
                }
            }
            eprintln!("{a} --dots {}: {c:?}", dots.name());
            // Floors: every algorithm resolves most generated pairs (the
            // older grammars reject some characters; `error` rejects
            // "..", above the root).
            let floor = match (a, dots) {
                (Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict, Dots::Keep) => 0,
                (_, Dots::Error) => CASES / 4,
                _ => CASES / 2,
            };
            assert!(
                c.resolved >= floor,
                "{a} --dots {}: only {} of {CASES} resolved (floor {floor})",
                dots.name(),
                c.resolved
            );
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures, first 20:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
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
    let mut rng = Rng::new(0x00F1_0E47);
    let (mut compared, mut agreed) = (0, 0);
    let mut failures = Vec::new();
    let mut n = 0;
    while n < 4_000 {
        let b = base(&mut rng);
        let r = reference(&mut rng);
        let (_, ba, bp) = appendix_b(&b);
        let (rs, _, rp) = appendix_b(&r);
        if b.contains('#')
            || (ba.is_none() && !bp.starts_with('/'))
            || has_dot_segment(bp)
            || (rs.is_some() && !rp.is_empty() && !rp.starts_with('/'))
        {
            continue;
        }
        n += 1;
        let ours = res(&b, &r, Options::default()).ok();
        for (peer, theirs) in [("fluent-uri", fluent(&b, &r)), ("iri-string", iri(&b, &r))] {
            let Some(theirs) = theirs else { continue };
            compared += 1;
            if ours.as_deref() == Some(theirs.as_str()) {
                agreed += 1;
            } else {
                failures.push(format!("{b:?} + {r:?}: ours {ours:?}, {peer} {theirs:?}"));
            }
        }
    }
    eprintln!("rfc3986 vs fluent-uri and iri-string: {agreed}/{compared} agree");
    assert!(compared >= 6_000, "only {compared} comparisons");
    assert_eq!(agreed, compared);
    assert!(
        failures.is_empty(),
        "{} disagreements, first 20:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
