//! Finding URIs in running text: `uridfa::text` against the `linkify`
//! crate on the same text, side by side in one run (group `text`).
//!
//! Inputs, both with few URIs:
//!
//! - `specs`: the files of `../shared/specs` concatenated (the founding
//!   documents: prose, ABNF, `<URL:...>` references, some UTF-8); skipped
//!   with a message when absent;
//! - `prose`: 1 MiB of generated English-like prose (a fixed word list,
//!   punctuation, colons and quotes that are not URIs) with one URI,
//!   bare or wrapped, about every 2 KiB;
//! - `no-uri`: the same prose with every `:`, `<`, `>` and `"` replaced by
//!   `;`: no URI and no candidate, the speed of the scan alone.
//!
//! One iteration finds every URI of the text and sums their lengths.
//! `uridfa` runs `Finder::new()` (RFC 3986 `URI`, no abbreviations);
//! `linkify` runs `LinkFinder` for URLs only (`LinkKind::Url`, its default
//! of requiring a scheme). The two do not find exactly the same set (each
//! count is printed once): linkify also takes `scheme:` URLs it knows
//! without `//` and does not remove whitespace inside `<...>`.
//!
//! ```text
//! nice cargo bench -p uridfa --bench text -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use linkify::{LinkFinder, LinkKind};
use uridfa::text::Finder;

/// The spec files, concatenated in name order; empty when absent.
fn specs() -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/specs");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("text bench: {dir} not found; `specs` skipped");
        return String::new();
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// About `len` bytes of prose with a URI every 2 KiB or so (splitmix64).
fn prose(len: usize) -> String {
    const WORDS: &[&str] = &[
        "the",
        "of",
        "and",
        "a",
        "to",
        "in",
        "is",
        "you",
        "that",
        "it",
        "he",
        "was",
        "for",
        "on",
        "are",
        "as",
        "with",
        "his",
        "they",
        "I",
        "at",
        "be",
        "this",
        "have",
        "from",
        "or",
        "one",
        "had",
        "by",
        "word",
        "but",
        "not",
        "what",
        "all",
        "were",
        "we",
        "when",
        "your",
        "can",
        "said",
        "there",
        "use",
        "an",
        "each",
        "which",
        "she",
        "do",
        "how",
        "their",
        "if",
        "will",
        "up",
        "other",
        "about",
        "out",
        "many",
        "then",
        "them",
        "Note:",
        "\"quoted\"",
        "(aside)",
        "e.g.",
        "10:30",
        "semi;",
        "comma,",
        "end.",
    ];
    const URIS: &[&str] = &[
        "http://www.w3.org/Addressing/",
        "<URL:ftp://ds.internic.net/rfc/rfc1738.txt>",
        "\"https://en.wikipedia.org/wiki/Rust_(programming_language)\"",
        "<http://a.example:8080/p/a/t/h?query=1&x=y#frag>",
        "(see https://example.com/docs/index.html).",
    ];
    let mut state = 0x7e47u64;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) as usize
    };
    let mut s = String::with_capacity(len + 64);
    let mut since = 0;
    while s.len() < len {
        if since > 2048 {
            s.push_str(URIS[next() % URIS.len()]);
            since = 0;
        } else {
            let w = WORDS[next() % WORDS.len()];
            s.push_str(w);
            since += w.len() + 1;
        }
        s.push(if next() % 12 == 0 { '\n' } else { ' ' });
    }
    s
}

fn uridfa_find(text: &str) -> (usize, usize) {
    let finder = Finder::new();
    finder
        .find_iter(text)
        .fold((0, 0), |(n, len), f| (n + 1, len + f.len()))
}

fn linkify_find(text: &str) -> (usize, usize) {
    let mut finder = LinkFinder::new();
    finder.kinds(&[LinkKind::Url]);
    finder
        .links(text)
        .fold((0, 0), |(n, len), l| (n + 1, len + l.as_str().len()))
}

fn bench(c: &mut Criterion) {
    let plain = prose(1 << 20).replace([':', '<', '>', '"'], ";");
    let inputs = [
        ("specs", specs()),
        ("prose", prose(1 << 20)),
        ("no-uri", plain),
    ];
    let mut group = c.benchmark_group("text");
    for (name, text) in &inputs {
        if text.is_empty() {
            continue;
        }
        let ours = uridfa_find(text);
        let theirs = linkify_find(text);
        eprintln!(
            "text/{name}: {} bytes; uridfa finds {} URIs ({} bytes), linkify {} ({} bytes)",
            text.len(),
            ours.0,
            ours.1,
            theirs.0,
            theirs.1
        );
        assert_eq!(ours.0 > 0, *name != "no-uri");
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("uridfa", name), text, |b, t| {
            b.iter(|| uridfa_find(black_box(t)))
        });
        group.bench_with_input(BenchmarkId::new("linkify", name), text, |b, t| {
            b.iter(|| linkify_find(black_box(t)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
