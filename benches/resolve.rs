//! Reference resolution and normalization: uridfa's `rfc3986` algorithm
//! and comparison ladder against fluent-uri and iri-string on the
//! resolution corpora, side by side in one run.
//!
//! The input is every (base, reference) pair of
//! `../shared/corpora/*resolve*.jsonl` that all three libraries resolve
//! (a pair any of them rejects is skipped, so each resolves the same set;
//! the count is printed). One iteration parses each base and reference
//! from its string and resolves it, for every pair; throughput counts the
//! bytes of base plus reference.
//!
//! - `uridfa`: [`uridfa::resolve::resolve_into`] into a reused buffer
//!   (no allocation);
//! - `iri-string`: `UriAbsoluteStr::new`, `UriReferenceStr::new`,
//!   `FixedBaseResolver::resolve`, then `format::write_to_slice` into a
//!   reused buffer (no allocation);
//! - `fluent-uri`: `Uri::parse`, `UriRef::parse`, `resolve_against`, which
//!   returns a new `Uri<String>` (it has no allocation-free form).
//!
//! Normalization (group `normalize/corpora`) takes every base and every
//! target of those pairs (absolute URIs, which all three normalize) that
//! all three accept:
//!
//! - `uridfa`: [`uridfa::normalize::normalize_into`] with every step
//!   (`Steps::ALL`) into a reused buffer (no allocation);
//! - `iri-string`: `UriStr::new`, `normalize()`, `format::write_to_slice`
//!   into a reused buffer (no allocation);
//! - `fluent-uri`: `Uri::parse`, `normalize()`, which returns a new
//!   `Uri<String>`.
//!
//! The three do not apply exactly the same rewrites (iri-string has no
//! scheme-based step; fluent-uri rewrites IPv6 text; see
//! `tests/normalize_corpora.rs`); each does its whole normalization.
//!
//! Before timing, `benches/shared/resolve.rs` (also run in CI by
//! `tests/bench_checks.rs`) asserts that the three give the same outputs,
//! resolved and normalized, except on pairs in named, counted classes of
//! known library differences.
//!
//! ```text
//! cargo bench -p uridfa --bench resolve -- --warm-up-time 1 --measurement-time 4
//! ```

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

#[path = "shared/resolve.rs"]
mod checks;

use checks::{corpus_pairs, fluent, fluent_normalize, iri, iri_normalize, ours, ours_normalize};

fn bench_normalize(c: &mut Criterion, pairs: &[(String, String)]) {
    let inputs = checks::check_normalize(pairs).inputs;
    let bytes: usize = inputs.iter().map(String::len).sum();
    let mut g = c.benchmark_group("normalize/corpora");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function(BenchmarkId::from_parameter("uridfa"), |bch| {
        let mut buf = vec![0u8; 4096];
        bch.iter(|| {
            let mut total = 0;
            for s in &inputs {
                total += ours_normalize(black_box(s), &mut buf).unwrap_or(0);
            }
            total
        })
    });
    g.bench_function(BenchmarkId::from_parameter("iri-string"), |bch| {
        let mut buf = vec![0u8; 4096];
        bch.iter(|| {
            let mut total = 0;
            for s in &inputs {
                total += iri_normalize(black_box(s), &mut buf).unwrap_or(0);
            }
            total
        })
    });
    g.bench_function(BenchmarkId::from_parameter("fluent-uri"), |bch| {
        bch.iter(|| {
            let mut total = 0;
            for s in &inputs {
                total += fluent_normalize(black_box(s)).unwrap_or(0);
            }
            total
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let all = corpus_pairs();
    let pairs = checks::check(&all).pairs;
    let bytes: usize = pairs.iter().map(|(b, r)| b.len() + r.len()).sum();
    if pairs.is_empty() {
        return;
    }
    let mut g = c.benchmark_group("resolve/corpora");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function(BenchmarkId::from_parameter("uridfa"), |bch| {
        let mut buf = vec![0u8; 4096];
        bch.iter(|| {
            let mut total = 0;
            for (b, r) in &pairs {
                total += ours(black_box(b), black_box(r), &mut buf).unwrap_or(0);
            }
            total
        })
    });
    g.bench_function(BenchmarkId::from_parameter("iri-string"), |bch| {
        let mut buf = vec![0u8; 4096];
        bch.iter(|| {
            let mut total = 0;
            for (b, r) in &pairs {
                total += iri(black_box(b), black_box(r), &mut buf).unwrap_or(0);
            }
            total
        })
    });
    g.bench_function(BenchmarkId::from_parameter("fluent-uri"), |bch| {
        bch.iter(|| {
            let mut total = 0;
            for (b, r) in &pairs {
                total += fluent(black_box(b), black_box(r)).unwrap_or(0);
            }
            total
        })
    });
    g.finish();
    bench_normalize(c, &pairs);
}

criterion_group!(benches, bench);
criterion_main!(benches);
