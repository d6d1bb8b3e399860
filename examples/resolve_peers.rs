//! Resolves the corpus pairs of `benches/resolve.rs` N times with one
//! library, for instruction counts that do not depend on machine load:
//!
//! ```text
//! cargo build --release --example resolve_peers
//! perf stat -e instructions:u target/release/examples/resolve_peers uridfa 2000
//! ```
//!
//! Run it with `0` iterations to measure the fixed cost (reading the
//! corpora, filtering the pairs) and subtract.

use iri_string::resolve::FixedBaseResolver;
use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let lib = args.next().unwrap_or_default();
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpora");
    let mut pairs = Vec::new();
    for e in std::fs::read_dir(dir).expect("corpora").flatten() {
        let name = e.file_name().into_string().unwrap_or_default();
        if !(name.ends_with(".jsonl") && name.contains("resolve")) {
            continue;
        }
        for line in std::fs::read_to_string(e.path())
            .unwrap_or_default()
            .lines()
        {
            if let (Some(b), Some(r)) = (field(line, "base"), field(line, "ref")) {
                pairs.push((b, r));
            }
        }
    }
    let mut buf = vec![0u8; 4096];
    pairs.retain(|(b, r)| {
        ours(b, r, &mut buf).is_some() && iri(b, r, &mut buf).is_some() && fluent(b, r).is_some()
    });
    eprintln!("{} pairs", pairs.len());
    let mut total = 0;
    for _ in 0..n {
        for (b, r) in &pairs {
            let (b, r) = (black_box(b.as_str()), black_box(r.as_str()));
            total += match lib.as_str() {
                "uridfa" => ours(b, r, &mut buf),
                "iri-string" => iri(b, r, &mut buf),
                "fluent-uri" => fluent(b, r),
                // uridfa's share that is parsing (base as URI, reference
                // as URI-reference), without resolving.
                "uridfa-parse" => uridfa::rfc3986::Uri::parse(b).ok().and_then(|u| {
                    Some(u.path().len() + uridfa::rfc3986::UriRef::parse(r).ok()?.path().len())
                }),
                _ => Some(0),
            }
            .unwrap_or(0);
        }
    }
    println!("{total}");
}

fn field(line: &str, key: &str) -> Option<String> {
    let start = line.find(&format!("\"{key}\": \""))? + key.len() + 5;
    let end = start + line[start..].find('"')?;
    let s = &line[start..end];
    // Pairs with JSON escapes are skipped (a few): the same set for all.
    (!s.contains('\\')).then(|| s.to_string())
}

fn ours(b: &str, r: &str, buf: &mut [u8]) -> Option<usize> {
    uridfa::resolve::resolve_into(b, r, uridfa::resolve::Options::default(), buf).ok()
}

fn iri(b: &str, r: &str, buf: &mut [u8]) -> Option<usize> {
    let resolved =
        FixedBaseResolver::new(UriAbsoluteStr::new(b).ok()?).resolve(UriReferenceStr::new(r).ok()?);
    iri_string::format::write_to_slice(buf, &resolved)
        .ok()
        .map(str::len)
}

fn fluent(b: &str, r: &str) -> Option<usize> {
    let base = fluent_uri::Uri::parse(b).ok()?;
    fluent_uri::UriRef::parse(r)
        .ok()?
        .resolve_against(&base)
        .ok()
        .map(|u| u.as_str().len())
}
