//! The four figures of the performance issue, from one process, with the
//! parsers' rounds interleaved so that a machine whose load changes during
//! the run still gives fair ratios:
//!
//! 1. kasztp: uridfa `split` time / fluent-uri parse time (issue 27: goal
//!    ≤ 0.80, moonshot ≤ 0.50), / oxiri's (goal < 1) and / uridfa
//!    `validate` (goal ≤ 1.25);
//! 2. kasztp: uridfa `validate` time / one lookup-table pass (an older
//!    issue's goal, ≤ 1.5);
//! 3. 4 KiB queries, `a=b&` repeated and `key=value&x=%41b` repeated (one
//!    escape per sixteen bytes): uridfa `split` time / fluent-uri's (goals
//!    ≤ 0.40 and ≤ 0.50, issue 27), with `validate` and oxiri beside;
//! 4. `rfc3986` `URI-reference` table bytes (goal ≤ 12,288).
//!
//! `split` is `UriRef::parse` and reading all eight components; fluent-uri
//! reads the same eight. The lookup pass is `all(allowed[b])` over a
//! 256-entry table of the bytes some state of `URI-reference` accepts,
//! derived from the tables themselves.
//!
//! Each round runs every engine once over the whole input, in a rotating
//! order; the figure per engine is its best round (of `ROUNDS`). Before
//! timing, every engine's result is checked: same acceptance, same
//! component bytes.
//!
//! Two more rows break `split` down, without a goal: `split_regs` is the
//! driver with tag registers alone, `parse` is `UriRef::parse` without
//! reading the components. `validate` is the floor of both: the same
//! driver, without the registers. A last row, `split_regs32`, is the
//! driver with `u32` registers, what `UriRef::parse` calls.
//!
//! The first line says whether the build has the `simd` feature (Note
//! [SIMD runs]) and what the CPU offers it.
//!
//! ```text
//! cargo bench -p uridfa --bench ratios                     # the four ratios (SIMD runs: default)
//! cargo bench -p uridfa --bench ratios --no-default-features --features all-grammars,std   # portable
//! cargo bench -p uridfa --bench ratios -- --engine split   # one pass of one engine,
//! valgrind --tool=cachegrind --branch-sim=yes target/release/deps/ratios-* --engine split
//! ```
//!
//! With `--engine NAME` (`none`, `lookup`, `validate`, `split`, `fluent`,
//! `split_regs`, `parse`, `oxiri`, `split_regs32`) the
//! binary runs one pass of that engine over kasztp (or, with `--input
//! query4k` or `--input query4k_pct`, over 64 copies of that 4 KiB query
//! URI) and exits: run it under
//! cachegrind, subtract `none` (reading the corpus), and divide by the
//! number of lines for instructions and mispredictions per URL.

use std::hint::black_box;
use std::time::{Duration, Instant};

use uridfa::rfc3986::{tables, UriRef};
use uridfa::runtime;

// The corpora and the split functions of `benches/parse.rs` (uridfa's
// `UriRef::parse` and fluent-uri's parse, each reading all eight
// components).
#[path = "shared/parse.rs"]
mod checks;

use checks::split::{fluent_uri as fluent, uridfa as split};
use checks::Corpus;

/// The 4 KiB query URI of `benches/parse.rs` (`a=b&` repeated).
fn query4k() -> &'static str {
    Corpus::query4k().lines[0]
}

const ROUNDS: usize = 15;

/// The engines run on the 4 KiB queries: `validate`, `split`,
/// fluent-uri, oxiri.
const QUERY_ENGINES: [usize; 4] = [1, 2, 3, 6];

/// The two 4 KiB query URIs: `a=b&` repeated, and `key=value&x=%41b`
/// repeated (one escape per sixteen bytes).
fn queries() -> [(&'static str, &'static str); 2] {
    [
        ("query4k", query4k()),
        ("query4k_pct", Corpus::query4k_pct().lines[0]),
    ]
}

/// The bytes that some state of `URI-reference` accepts.
fn allowed() -> [bool; 256] {
    let t = &tables::URI_REFERENCE;
    let mut ok = [false; 256];
    for (b, slot) in ok.iter_mut().enumerate() {
        let class = usize::from(t.classes[b]);
        *slot = (0..t.state_len()).any(|s| {
            let i = s * t.stride as usize + class;
            let next = t.trans.get(i).unwrap_or(t.special);
            next != t.special
        });
    }
    ok
}

type Engine<'a> = (&'static str, Box<dyn Fn(&[&str]) -> usize + 'a>);

/// The engines, in the order `main` indexes them: 0 lookup, 1 `validate`,
/// 2 `split`, 3 fluent-uri, then the breakdown rows (4, 5), oxiri (6) and
/// the breakdown row `split_regs32` (7);
/// the 4 KiB queries run [`QUERY_ENGINES`].
fn engines(allowed: &[bool; 256]) -> Vec<Engine<'_>> {
    vec![
        (
            "lookup",
            Box::new(move |lines: &[&str]| {
                lines
                    .iter()
                    .filter(|l| black_box(l).bytes().all(|b| allowed[usize::from(b)]))
                    .count()
            }),
        ),
        (
            "validate",
            Box::new(|lines: &[&str]| {
                lines
                    .iter()
                    .filter(|l| UriRef::is_valid(black_box(l).as_bytes()))
                    .count()
            }),
        ),
        (
            "split",
            Box::new(|lines: &[&str]| lines.iter().map(|l| split(black_box(l)).unwrap_or(0)).sum()),
        ),
        (
            "fluent",
            Box::new(|lines: &[&str]| {
                lines
                    .iter()
                    .map(|l| fluent(black_box(l)).unwrap_or(0))
                    .sum()
            }),
        ),
        // The breakdown of `split`, not goals: the driver with tag
        // registers alone (`split_regs`, what `UriRef::parse` calls), and
        // `UriRef::parse` without reading the components.
        (
            "split_regs",
            Box::new(|lines: &[&str]| {
                lines
                    .iter()
                    .filter(|l| {
                        let mut regs = [0usize; 32];
                        runtime::split_regs(
                            &tables::URI_REFERENCE,
                            black_box(l).as_bytes(),
                            &mut regs,
                        )
                        .is_ok()
                    })
                    .count()
            }),
        ),
        (
            "parse",
            Box::new(|lines: &[&str]| {
                lines
                    .iter()
                    .filter(|l| UriRef::parse(black_box(l)).is_ok())
                    .count()
            }),
        ),
        // oxiri reads the five components it offers (scheme, authority,
        // path, query, fragment): less than `split`'s eight.
        (
            "oxiri",
            Box::new(|lines: &[&str]| {
                lines
                    .iter()
                    .map(|l| checks::split::oxiri(black_box(l)).unwrap_or(0))
                    .sum()
            }),
        ),
        // `split_regs` with `u32` registers (`split_regs32`), what
        // `UriRef::parse` calls since issue 27's register work.
        (
            "split_regs32",
            Box::new(|lines: &[&str]| {
                lines
                    .iter()
                    .filter(|l| {
                        let mut regs = [0u32; 32];
                        runtime::split_regs32(
                            &tables::URI_REFERENCE,
                            black_box(l).as_bytes(),
                            &mut regs,
                        )
                        .is_ok()
                    })
                    .count()
            }),
        ),
    ]
}

/// Best round per engine, rounds interleaved in a rotating order.
fn best_of(engines: &[&Engine<'_>], lines: &[&str]) -> Vec<Duration> {
    let mut best = vec![Duration::MAX; engines.len()];
    for round in 0..ROUNDS {
        for k in 0..engines.len() {
            let e = (round + k) % engines.len();
            let start = Instant::now();
            black_box((engines[e].1)(lines));
            best[e] = best[e].min(start.elapsed());
        }
    }
    best
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // kasztp, or the committed synthetic corpus (with a message) without
    // ../shared.
    let corpus = Corpus::load();
    let kasztp = corpus.lines;
    let allowed = allowed();
    let engines = engines(&allowed);
    if let Some(i) = args.iter().position(|a| a == "--engine") {
        let name = args.get(i + 1).map_or("", String::as_str);
        // `--input query4k` or `--input query4k_pct`: 64 copies of that
        // 4 KiB query URI instead.
        let input = args
            .iter()
            .position(|a| a == "--input")
            .and_then(|k| args.get(k + 1));
        let long = queries()
            .iter()
            .find(|q| Some(q.0) == input.map(String::as_str))
            .map(|q| vec![q.1; 64]);
        let lines = long.as_ref().unwrap_or(&kasztp);
        let r = match engines.iter().find(|e| e.0 == name) {
            Some(e) => (e.1)(lines),
            None if name == "none" => lines.iter().map(|l| black_box(l).len()).sum(),
            None => {
                panic!("--engine: one of none, lookup, validate, split, fluent, split_regs, parse, oxiri, split_regs32")
            }
        };
        println!("{name}: {r} over {} lines", lines.len());
        return;
    }
    // `cargo bench` passes `--bench`; nothing else is understood.
    // Checks before timing: same acceptance, same component bytes.
    let (ours, theirs): (Vec<_>, Vec<_>) = kasztp.iter().map(|l| (split(l), fluent(l))).unzip();
    assert_eq!(ours, theirs, "uridfa and fluent-uri disagree on kasztp");
    let valid = kasztp
        .iter()
        .filter(|l| UriRef::is_valid(l.as_bytes()))
        .count();
    assert_eq!(valid, ours.iter().filter(|o| o.is_some()).count());
    for e in engines[4..6].iter().chain(&engines[7..]) {
        assert_eq!((e.1)(&kasztp), valid, "{} accepts other URLs", e.0);
    }
    // oxiri is an IRI parser: it must accept at least what uridfa does.
    let oxiri_ok = kasztp
        .iter()
        .filter(|l| checks::split::oxiri(l).is_some())
        .count();
    assert!(oxiri_ok >= valid, "oxiri rejects URLs uridfa accepts");
    for (name, query) in queries() {
        assert_eq!(split(query), fluent(query), "{name}");
        assert!(split(query).is_some(), "{name}");
        assert!(checks::split::oxiri(query).is_some(), "{name}");
        assert!(UriRef::is_valid(query.as_bytes()), "{name}");
    }

    #[cfg(target_arch = "x86_64")]
    let ssse3 = std::is_x86_feature_detected!("ssse3");
    #[cfg(not(target_arch = "x86_64"))]
    let ssse3 = false;
    println!(
        "feature simd: {}; CPU: {}",
        if cfg!(feature = "simd") { "on" } else { "off" },
        if ssse3 { "SSSE3" } else { "no SSSE3" }
    );
    let bytes: usize = kasztp.iter().map(|l| l.len()).sum();
    let kasztp_engines: Vec<_> = engines.iter().collect();
    let k = best_of(&kasztp_engines, &kasztp);
    let query_engines: Vec<_> = QUERY_ENGINES.iter().map(|&e| &engines[e]).collect();
    let q: Vec<_> = queries()
        .iter()
        .map(|&(name, query)| (name, query, best_of(&query_engines, &vec![query; 64])))
        .collect();
    let per = |d: Duration, n: usize| d.as_secs_f64() * 1e9 / n as f64;
    println!(
        "{}: {} URLs, {bytes} bytes, {valid} valid; best of {ROUNDS} interleaved rounds",
        corpus.name,
        kasztp.len()
    );
    for (e, d) in kasztp_engines.iter().zip(&k) {
        println!(
            "  {:<10} {:8.1} ns/URL  {:6.2} GB/s",
            e.0,
            per(*d, kasztp.len()),
            bytes as f64 / d.as_secs_f64() / 1e9
        );
    }
    for (name, query, times) in &q {
        println!("{name}: 64 x {} bytes", query.len());
        for (e, d) in query_engines.iter().zip(times) {
            println!(
                "  {:<10} {:8.1} ns/input  {:6.2} GB/s",
                e.0,
                per(*d, 64),
                (64 * query.len()) as f64 / d.as_secs_f64() / 1e9
            );
        }
    }
    let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
    let table_bytes = tables::URI_REFERENCE.table_bytes();
    println!("ratios (goal in brackets):");
    println!(
        "  kasztp split / fluent-uri      {:.2}  (<= 0.80, issue 27; moonshot 0.50)",
        ratio(k[2], k[3])
    );
    println!(
        "  kasztp split / oxiri           {:.2}  (< 1, issue 27)",
        ratio(k[2], k[6])
    );
    println!(
        "  kasztp split / validate        {:.2}  (<= 1.25, issue 27)",
        ratio(k[2], k[1])
    );
    println!(
        "  kasztp validate / lookup       {:.2}  (<= 1.50, an older issue)",
        ratio(k[1], k[0])
    );
    // `q[i].2` is in `QUERY_ENGINES` order: validate, split, fluent, oxiri.
    println!(
        "  query4k split / fluent-uri     {:.2}  (<= 0.40, issue 27)",
        ratio(q[0].2[1], q[0].2[2])
    );
    println!(
        "  query4k_pct split / fluent-uri {:.2}  (<= 0.50, issue 27)",
        ratio(q[1].2[1], q[1].2[2])
    );
    println!(
        "  query4k_pct split / oxiri      {:.2}",
        ratio(q[1].2[1], q[1].2[3])
    );
    println!("  URI-reference table bytes      {table_bytes}  (<= 12288)");
}
