//! `split` against re2c's and Ragel's code for the same grammar, in one
//! process: uridfa's `UriRef::parse` reading seven components
//! (scheme, userinfo, host, port, path, query, fragment), re2c's parser
//! (`benches/c/rfc3986.re`) and Ragel's (`benches/c/rfc3986.rl`), both
//! built by this crate with the `cc` crate, returning the same seven, on kasztp, the query-heavy corpus
//! (`benches/data/queries.txt`) and the two 4 KiB queries.
//!
//! Before timing, all three are checked to agree on every input
//! (acceptance and the seven spans). Then a criterion group per input
//! (`split/kasztp`, ..., IDs `uridfa`, `re2c` and `ragel`,
//! `Throughput::Bytes`), and the ratios uridfa / re2c and uridfa / Ragel
//! from interleaved rounds (best of 15), printed to stderr.
//!
//! ```text
//! cargo bench -p uridfa-bench-c-peer
//! ```

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The inputs: name and lines, each line NUL-terminated (re2c's sentinel;
/// uridfa reads the line without it).
fn inputs() -> Vec<(&'static str, Vec<Vec<u8>>)> {
    let mut out = Vec::new();
    let kasztp = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpora/urls/kasztp.txt"
    );
    match std::fs::read_to_string(kasztp) {
        Ok(text) => out.push((
            "kasztp",
            text.lines()
                .filter(|l| !l.is_empty())
                .map(|l| [l.as_bytes(), b"\0"].concat())
                .collect(),
        )),
        Err(e) => eprintln!("split_re2c: kasztp skipped: {kasztp}: {e}"),
    }
    // The query-heavy corpus (benches/data/gen_queries.py), committed.
    let queries = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/queries.txt");
    let text = std::fs::read_to_string(queries)
        .unwrap_or_else(|e| panic!("split_re2c: cannot read {queries}: {e}"));
    out.push((
        "queries",
        text.lines()
            .filter(|l| !l.is_empty())
            .map(|l| [l.as_bytes(), b"\0"].concat())
            .collect(),
    ));
    let query = |pattern: &str, n: usize| {
        let mut uri = String::from("http://example.com/path?");
        uri.push_str(&pattern.repeat(n));
        vec![[uri.as_bytes(), b"\0"].concat()]
    };
    out.push(("query4k", query("a=b&", 1024)));
    out.push(("query4k_pct", query("key=value&x=%41b", 256)));
    out
}

#[path = "../common/uridfa_split.rs"]
mod common;
use common::{uridfa_split, without_nul};

fn sum(c: Option<[Option<(usize, usize)>; 7]>) -> usize {
    c.map_or(0, |c| c.iter().flatten().map(|(a, b)| b - a + 1).sum())
}

fn bench(c: &mut Criterion) {
    if !uridfa_bench_c_peer::available() {
        eprintln!("split_re2c: re2c was not found at build time: no peer to compare");
        return;
    }
    for (name, lines) in inputs() {
        let ragel = uridfa_bench_c_peer::ragel_available();
        for l in &lines {
            let (u, r) = (uridfa_split(l), uridfa_bench_c_peer::split(l));
            assert_eq!(u, r, "uridfa and re2c differ on {:?}", without_nul(l));
            if ragel {
                let g = uridfa_bench_c_peer::ragel_split(l);
                assert_eq!(u, g, "uridfa and Ragel differ on {:?}", without_nul(l));
            }
        }
        let bytes: usize = lines.iter().map(|l| l.len() - 1).sum();
        let mut g = c.benchmark_group(format!("split/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        g.bench_function("uridfa", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .map(|l| sum(uridfa_split(black_box(l))))
                    .sum::<usize>()
            })
        });
        g.bench_function("re2c", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .map(|l| sum(uridfa_bench_c_peer::split(black_box(l))))
                    .sum::<usize>()
            })
        });
        if ragel {
            g.bench_function("ragel", |b| {
                b.iter(|| {
                    lines
                        .iter()
                        .map(|l| sum(uridfa_bench_c_peer::ragel_split(black_box(l))))
                        .sum::<usize>()
                })
            });
        }
        g.finish();
        // The ratio from interleaved rounds in this process.
        let reps = (1 << 16) / lines.len().max(1) + 1;
        let mut best = [Duration::MAX; 3];
        for _ in 0..15 {
            for (k, slot) in best.iter_mut().enumerate() {
                if k == 2 && !ragel {
                    continue;
                }
                let start = Instant::now();
                for _ in 0..reps {
                    for l in &lines {
                        black_box(match k {
                            0 => sum(uridfa_split(black_box(l))),
                            1 => sum(uridfa_bench_c_peer::split(black_box(l))),
                            _ => sum(uridfa_bench_c_peer::ragel_split(black_box(l))),
                        });
                    }
                }
                *slot = (*slot).min(start.elapsed());
            }
        }
        let ratio = |k: usize| best[0].as_secs_f64() / best[k].as_secs_f64();
        if ragel {
            eprintln!(
                "split/{name}: uridfa / re2c = {:.2}, uridfa / Ragel = {:.2} (best of 15 interleaved rounds)",
                ratio(1),
                ratio(2)
            );
        } else {
            eprintln!(
                "split/{name}: uridfa / re2c = {:.2} (best of 15 interleaved rounds; no Ragel at build time)",
                ratio(1)
            );
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
