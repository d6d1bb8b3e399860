//! Where a corpus's work goes in RFC 3986 `URI-reference`'s machine: per
//! URL, the bytes, the plain transitions, the edges (with their operation
//! counts) and the accelerated runs (with their lengths), counted by
//! walking the tables the way the driver does (scalar run skipping,
//! escapes included). Its figures: docs/BENCHMARKS.md, "Where `split`'s
//! time goes".
//!
//! ```text
//! cargo run --release --example run_stats [CORPUS]   # default ../shared/corpora/urls/kasztp.txt
//! ```

use std::collections::BTreeMap;
use uridfa::rfc3986::tables;
use uridfa::runtime::{Edge, Op, Tables};

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/corpora/urls/kasztp.txt".into());
    let text = std::fs::read_to_string(&path).expect("a corpus, one URL per line");
    let t: &Tables<'_> = &tables::URI_REFERENCE;
    let stride = t.stride as usize;
    let states = t.trans.len() / stride;
    let cell = |i: usize| t.trans.get(i).expect("a cell");
    // The classes each state leaves on without dying.
    let successors: Vec<usize> = (0..states)
        .map(|s| {
            (0..stride)
                .filter(|c| cell(s * stride + c) != t.special)
                .count()
        })
        .collect();
    let (mut urls, mut bytes, mut plain, mut edges, mut runs) = (0usize, 0, 0, 0, 0);
    let mut into_single = 0usize;
    let mut run_len: BTreeMap<usize, usize> = BTreeMap::new();
    let mut ops_len: BTreeMap<u16, usize> = BTreeMap::new();
    let mut edge_use: BTreeMap<usize, usize> = BTreeMap::new();
    for line in text.lines() {
        let input = line.as_bytes();
        urls += 1;
        bytes += input.len();
        let mut state = t.start as usize;
        let mut i = 0;
        while let Some(&b) = input.get(i) {
            let next = cell(state + usize::from(t.classes[usize::from(b)]));
            if next < t.special {
                plain += 1;
                if successors[next as usize / stride] == 1 {
                    into_single += 1;
                }
                state = next as usize;
                i += 1;
                continue;
            }
            if next == t.special {
                break;
            }
            let index = (next - t.special - 1) as usize;
            let e: &Edge = &t.edges[index];
            edges += 1;
            *edge_use.entry(index).or_default() += 1;
            *ops_len.entry(e.ops_len).or_default() += 1;
            if successors[e.target as usize / stride] == 1 {
                into_single += 1;
            }
            state = e.target as usize;
            i += 1;
            if e.accel == Edge::NO_ACCEL {
                continue;
            }
            runs += 1;
            let k = usize::from(e.accel);
            let set = &t.accels[k];
            let esc = t.accel_escapes.get(k).filter(|e| !e.is_none());
            let start = i;
            loop {
                if input.get(i).is_some_and(|&b| set.contains(b)) {
                    i += 1;
                    continue;
                }
                if let Some(esc) = esc {
                    let digits = &t.accels[usize::from(esc.digits)];
                    let digit = |j: usize| input.get(j).is_some_and(|&b| digits.contains(b));
                    if input.get(i) == Some(&esc.byte) && digit(i + 1) && digit(i + 2) {
                        i += 3;
                        continue;
                    }
                }
                break;
            }
            *run_len.entry((i - start).min(64)).or_default() += 1;
        }
    }
    let per = |n: usize| n as f64 / urls as f64;
    println!("{urls} URLs, {:.1} bytes per URL", per(bytes));
    println!(
        "per URL: {:.2} plain transitions, {:.2} edges, {:.2} runs; {:.3} transitions into a state with one successor class",
        per(plain),
        per(edges),
        per(runs),
        per(into_single)
    );
    println!("edges taken by operation count: {ops_len:?}");
    println!(
        "run lengths (bytes after the edge's byte; 64 stands for 64 or more), cumulative share:"
    );
    let mut cumulative = 0;
    for (len, n) in &run_len {
        cumulative += n;
        println!(
            "  {len:3} {n:7} {:.3} per URL, {:.3} of runs up to here",
            per(*n),
            cumulative as f64 / runs as f64
        );
    }
    let mut used: Vec<_> = edge_use.into_iter().collect();
    used.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    println!("edges, most taken first: per URL, accelerated set, operations (dst, src)");
    for (index, n) in used.iter().take(12) {
        let e = &t.edges[*index];
        let ops: Vec<String> = Edge::unpack(e.ops, usize::from(e.ops_len))
            .map(|o| match o.src {
                Op::POS => format!("r{} = pos", o.dst),
                Op::NIL => format!("r{} = nil", o.dst),
                r => format!("r{} = r{r}", o.dst),
            })
            .collect();
        let accel = if e.accel == Edge::NO_ACCEL {
            "-".to_string()
        } else {
            e.accel.to_string()
        };
        println!("  edge {index:3} {:.3} {accel:>2} {ops:?}", per(*n));
    }
}
