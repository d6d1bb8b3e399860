//! The assertions of `benches/parse.rs` and `benches/resolve.rs`, run in a
//! quick mode in CI: the same check functions (`benches/shared/*.rs`,
//! included here and in the benches with `#[path]`), on a sample of the
//! URL corpus and on every resolution pair, with the figures they find
//! asserted exactly.

#[path = "../benches/shared/parse.rs"]
mod parse_checks;
use crate::common::skip;

#[path = "../benches/shared/resolve.rs"]
mod resolve_checks;

use parse_checks::Corpus;

/// Every 16th line of kasztp (or of the synthetic fallback): the bench's
/// claims (uridfa and fluent-uri accept the same inputs and return the same
/// component lengths; each peer's split accepts what its validation
/// accepts) on about 3,000 real URLs in a debug build.
#[test]
fn parse_bench_claims_hold_on_a_sample() {
    let full = Corpus::load();
    let lines: Vec<&'static str> = full.lines.iter().copied().step_by(16).collect();
    let sample = Corpus::new(full.name, lines);
    let report = parse_checks::check(&sample);
    let rows: Vec<(&str, usize, usize)> = report.rows.iter().map(|r| (r.0, r.1, r.3)).collect();
    eprintln!("{} lines: {rows:?}", sample.lines.len());
    if full.name == "kasztp" {
        assert_eq!(sample.lines.len(), 3001);
        // uridfa's accepted count and component bytes; fluent-uri's equal
        // them (asserted by the check).
        assert_eq!(
            report.rows[0].1, 2981,
            "uridfa accepted count on the sample"
        );
        assert_eq!(
            report.rows[0].3, 173654,
            "uridfa component bytes on the sample"
        );
    }
    // The query-heavy corpus is built of valid RFC 3986 URI-references
    // (benches/data/gen_queries.py): uridfa accepts all 2,000 lines, and the
    // check asserts that fluent-uri accepts the same with the same
    // component lengths.
    let queries = Corpus::queries();
    let report = parse_checks::check(&queries);
    assert_eq!(queries.lines.len(), 2000);
    assert_eq!(report.rows[0].1, 2000, "uridfa accepted count on queries");
    for corpus in [Corpus::query4k(), Corpus::query4k_pct()] {
        let long = parse_checks::check(&corpus);
        for (id, valid, split, _) in &long.rows {
            assert_eq!((*valid, *split), (1, 1), "{id} on {}", corpus.name);
        }
    }
}

/// `benches/resolve.rs`: the three libraries give one output on every pair
/// they all resolve, except the named classes, whose counts are fixed here.
#[test]
fn resolve_bench_outputs_agree() {
    let all = resolve_checks::corpus_pairs();
    if all.is_empty() {
        skip::note(format_args!("SKIP: ../shared/corpora not found"));
        return;
    }
    let c = resolve_checks::check(&all);
    let diffs: Vec<(&str, usize)> = c.differences.iter().map(|(k, v)| (*k, *v)).collect();
    assert_eq!((all.len(), c.pairs.len(), c.same), (400, 358, 338));
    assert_eq!(
        diffs,
        [
            ("fluent-uri: %2E taken as \".\" in dot segments", 10),
            (
                "fluent-uri: dot segments of the base path removed when the path comes from the base",
                8
            ),
            (
                "fluent-uri: no dot segments removed from a rootless path with a scheme",
                2
            ),
            ("iri-string: %2E taken as \".\" in dot segments", 10),
        ]
    );
    let n = resolve_checks::check_normalize(&c.pairs);
    let diffs: Vec<(&str, usize)> = n.differences.iter().map(|(k, v)| (*k, *v)).collect();
    assert_eq!((n.inputs.len(), n.same), (207, 198));
    assert_eq!(
        diffs,
        [
            ("fluent-uri: an empty http path kept", 3),
            (
                "iri-string: an empty port removed by its syntax-based normalization",
                4
            ),
            (
                "iri-string: dot segments removed from a rootless path (a/.. becomes /)",
                2
            ),
        ]
    );
}
