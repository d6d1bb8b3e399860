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
//! ```text
//! cargo bench -p uridfa --bench resolve -- --warm-up-time 1 --measurement-time 4
//! ```

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use iri_string::resolve::FixedBaseResolver;
use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
use uridfa::normalize::{normalize_into, Steps};
use uridfa::resolve::{resolve_into, Options};

/// The pairs of the resolution corpora (a tiny field reader: each record
/// has `"base": "..."` and `"ref": "..."` string members).
fn corpus_pairs() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpora");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("resolve bench: {dir} not found; nothing to measure");
        return Vec::new();
    };
    let mut names: Vec<_> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".jsonl") && n.contains("resolve"))
        .collect();
    names.sort();
    let mut pairs = Vec::new();
    for name in names {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap_or_default();
        for line in text.lines() {
            if let (Some(b), Some(r)) = (json_str(line, "base"), json_str(line, "ref")) {
                pairs.push((b, r));
            }
        }
    }
    pairs
}

/// The string member `key` of a one-line JSON object (escapes `\"`, `\\`,
/// `\/`, `\n`, `\t` and `\uXXXX` are enough for these files).
fn json_str(line: &str, key: &str) -> Option<String> {
    let start = line.find(&format!("\"{key}\": \""))? + key.len() + 5;
    let mut out = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

fn ours(b: &str, r: &str, buf: &mut [u8]) -> Option<usize> {
    resolve_into(b, r, Options::default(), buf).ok()
}

fn iri(b: &str, r: &str, buf: &mut [u8]) -> Option<usize> {
    let base = UriAbsoluteStr::new(b).ok()?;
    let reference = UriReferenceStr::new(r).ok()?;
    let resolved = FixedBaseResolver::new(base).resolve(reference);
    iri_string::format::write_to_slice(buf, &resolved)
        .ok()
        .map(str::len)
}

fn fluent(b: &str, r: &str) -> Option<usize> {
    let base = fluent_uri::Uri::parse(b).ok()?;
    let reference = fluent_uri::UriRef::parse(r).ok()?;
    reference
        .resolve_against(&base)
        .ok()
        .map(|u| u.as_str().len())
}

fn ours_normalize(s: &str, buf: &mut [u8]) -> Option<usize> {
    normalize_into(s, Steps::ALL, buf).ok()
}

fn iri_normalize(s: &str, buf: &mut [u8]) -> Option<usize> {
    let u = iri_string::types::UriStr::new(s).ok()?;
    iri_string::format::write_to_slice(buf, &u.normalize())
        .ok()
        .map(str::len)
}

fn fluent_normalize(s: &str) -> Option<usize> {
    Some(fluent_uri::Uri::parse(s).ok()?.normalize().as_str().len())
}

fn bench_normalize(c: &mut Criterion, pairs: &[(String, String)]) {
    let mut buf = vec![0u8; 4096];
    let mut inputs: Vec<String> = Vec::new();
    for (b, r) in pairs {
        inputs.push(b.clone());
        if let Some(n) = ours(b, r, &mut buf) {
            inputs.push(String::from_utf8_lossy(&buf[..n]).into_owned());
        }
    }
    inputs.sort();
    inputs.dedup();
    let inputs: Vec<String> = inputs
        .into_iter()
        .filter(|s| {
            ours_normalize(s, &mut buf).is_some()
                && iri_normalize(s, &mut buf).is_some()
                && fluent_normalize(s).is_some()
        })
        .collect();
    let bytes: usize = inputs.iter().map(String::len).sum();
    let changed = inputs
        .iter()
        .filter(|s| {
            let n = ours_normalize(s, &mut buf).unwrap_or(0);
            buf[..n] != *s.as_bytes()
        })
        .count();
    eprintln!(
        "normalize bench: {} distinct bases and targets ({bytes} bytes), {changed} changed by uridfa's normalization",
        inputs.len()
    );
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
    let mut buf = vec![0u8; 4096];
    let pairs: Vec<(String, String)> = all
        .iter()
        .filter(|(b, r)| {
            ours(b, r, &mut buf).is_some()
                && iri(b, r, &mut buf).is_some()
                && fluent(b, r).is_some()
        })
        .cloned()
        .collect();
    let bytes: usize = pairs.iter().map(|(b, r)| b.len() + r.len()).sum();
    let same = pairs
        .iter()
        .filter(|(b, r)| {
            let n = ours(b, r, &mut buf).unwrap_or(0);
            let o = String::from_utf8_lossy(&buf[..n]).into_owned();
            let f = fluent_uri::UriRef::parse(r.as_str())
                .ok()
                .and_then(|x| {
                    x.resolve_against(&fluent_uri::Uri::parse(b.as_str()).ok()?)
                        .ok()
                })
                .map(|u| u.as_str().to_string());
            f.as_deref() == Some(o.as_str())
        })
        .count();
    eprintln!(
        "resolve bench: {} of {} corpus pairs resolved by all three ({} bytes); uridfa and fluent-uri agree on {same}",
        pairs.len(),
        all.len(),
        bytes
    );
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
