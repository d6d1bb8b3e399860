//! Parsing throughput of uridfa against its peers, side by side in one run.
//!
//! # Groups
//!
//! One criterion group per operation and named input; the parsers are
//! sibling IDs of each group, so criterion reports them together.
//! Throughput is [`Throughput::Bytes`] of the input (newlines excluded),
//! and one iteration parses the whole input.
//!
//! - `validate/kasztp`: is each line a valid reference? uridfa's
//!   [`UriRef::is_valid`] (our `validate`: the DFA without tags) against
//!   each peer's cheapest accept/reject path: `fluent-uri` `UriRef::parse`
//!   (it has no validation-only entry), `iri-string`
//!   `UriReferenceStr::new` (validation only, components are found lazily),
//!   `oxiri` `IriRef::parse` (an *IRI* parser: RFC 3987 accepts more than
//!   RFC 3986), `uriparse` `URIReference::try_from`, `http` `Uri::try_from`
//!   (copies the input into `Bytes`) and `url` `Url::parse` (WHATWG:
//!   normalizes into a new `String`). `uridfa-runtime` is the same DFA run
//!   through `uridfa_runtime::validate` directly, without the wrapper.
//! - `split/kasztp`: parse and read every component. uridfa's
//!   [`UriRef::parse`] (our `split`: component spans from the tag
//!   registers), then the length of scheme, authority, userinfo, host,
//!   port, path, query and fragment summed; each peer parses and reads the
//!   same components through its own accessors, as far as it has them
//!   (`oxiri`: no userinfo, host or port; `http`: no userinfo, and the
//!   fragment is dropped; `uriparse`: host and port are decoded values, so
//!   IP hosts and ports count as length 1; `url`: normalized components).
//!   `uridfa-runtime` is `uridfa_runtime::split` with the same spans read
//!   from the raw captures.
//! - `validate/queries`, `split/queries`: the same over the committed
//!   query-heavy corpus `benches/data/queries.txt` (2,000 generated URLs,
//!   each with a query of tracking parameters, URLs in parameters, search
//!   text and encoded JSON: about 245 bytes and 15 escapes per URL;
//!   `benches/data/gen_queries.py` documents the distributions).
//! - `long/query4k`: one URI with a 4 KiB query,
//!   `http://example.com/path?a=b&a=b&…`, and `long/query4k_pct`: one with
//!   a 4 KiB percent-encoded query, `…?key=value&x=%41b…`, validated (`validate/<parser>`)
//!   and split (`split/<parser>`) by every parser: the per-byte cost in a
//!   long self-loop, without per-call overhead.
//!
//! `kasztp` is `../shared/corpora/urls/kasztp.txt`: real http(s) URLs, one
//! per line, about 46 bytes each; 48,010 lines (48,009 newline-terminated,
//! then a last, unterminated `https://`), a UTF-8 BOM stripped from the
//! first. If that file is absent, the
//! groups are named `…/synthetic` instead and read the committed fallback
//! `benches/data/synthetic.txt` (our own generated URLs, see
//! `benches/data/gen_synthetic.py`).
//!
//! Before timing, [`checks::check`] runs every parser once and prints how
//! many inputs it accepted to stderr. uridfa and fluent-uri are both
//! strict RFC 3986 parsers: it asserts that they accept the same inputs and
//! return the same component lengths, and that each peer's split accepts
//! what its validation accepts. The checks live in `benches/shared/parse.rs`,
//! which `tests/bench_checks.rs` also runs in CI on a sample of the corpus.
//!
//! # Running
//!
//! ```text
//! cargo bench -p uridfa --bench parse                       # everything
//! cargo bench -p uridfa --bench parse -- split/kasztp       # one group
//! cargo bench -p uridfa --bench parse -- --warm-up-time 1 --measurement-time 3   # shorter
//! cargo bench -p uridfa --bench parse --no-run              # build only
//! ```
//!
//! The defaults are 2 s of warm-up and 5 s of measurement per bench with
//! 50 flat samples; criterion's command-line options override them.
//! Results, with the machine and toolchain, are in `docs/BENCHMARKS.md`.

use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput,
};

#[path = "shared/parse.rs"]
mod checks;

use checks::{count_split, count_valid, Corpus, PARSERS};

fn group<'c>(c: &'c mut Criterion, name: String, corpus: &Corpus) -> BenchmarkGroup<'c, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Bytes(corpus.bytes));
    // One iteration is long (a whole corpus): equal-sized samples.
    g.sampling_mode(SamplingMode::Flat);
    g
}

fn corpus_benches(c: &mut Criterion) {
    corpus_bench(c, Corpus::load());
    // Query-heavy URLs (benches/data/gen_queries.py): every line is valid.
    let queries = Corpus::queries();
    corpus_bench(c, queries);
}

fn corpus_bench(c: &mut Criterion, corpus: Corpus) {
    checks::check(&corpus);
    let want = checks::Expected::of(&corpus);
    assert!(
        want.valid * 10 >= corpus.lines.len() * 9,
        "fluent-uri rejects more than 10% of {}: wrong file?",
        corpus.name
    );
    let w = &corpus;
    let mut g = group(c, format!("validate/{}", corpus.name), &corpus);
    for (id, v, _) in PARSERS {
        g.bench_function(id, |b| b.iter(|| count_valid(&w.lines, v)));
    }
    g.finish();
    let mut g = group(c, format!("split/{}", corpus.name), &corpus);
    for (id, _, s) in PARSERS {
        g.bench_function(id, |b| b.iter(|| count_split(&w.lines, s)));
    }
    g.finish();
}

fn long_benches(c: &mut Criterion) {
    long_bench(c, Corpus::query4k());
    long_bench(c, Corpus::query4k_pct());
}

fn long_bench(c: &mut Criterion, corpus: Corpus) {
    let report = checks::check(&corpus);
    // Every parser accepts this URI.
    for (id, valid, split, _) in &report.rows {
        assert_eq!((*valid, *split), (1, 1), "{id} on {}", corpus.name);
    }
    let w = &corpus;
    let mut g = group(c, format!("long/{}", corpus.name), &corpus);
    for (id, v, _) in PARSERS {
        g.bench_function(format!("validate/{id}"), |b| {
            b.iter(|| count_valid(&w.lines, v))
        });
    }
    for (id, _, s) in PARSERS {
        g.bench_function(format!("split/{id}"), |b| {
            b.iter(|| count_split(&w.lines, s))
        });
    }
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5))
        .sample_size(50)
        .configure_from_args()
}

criterion_group! {
    name = benches;
    config = config();
    targets = corpus_benches, long_benches
}
criterion_main!(benches);
