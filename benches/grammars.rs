//! Per-grammar figures: `validate` and `split` on the default
//! entry of every built-in grammar, over inputs generated from that
//! grammar.
//!
//! Inputs: for each grammar, `uridfa_codegen::sample::generate` walks the
//! default entry's expression (its alternatives, repetition counts and
//! class members chosen by a seeded generator: seed `0x2027_0000 + k` for
//! the grammar `k` of [`uridfa::GRAMMARS`]), 4,000 times; the inputs the
//! committed tables accept, at most 2,000, are kept. They are written to
//! `target/grammar-inputs/NAME.txt` (one input per line, hex-encoded)
//! on the first run and read from there afterwards, so that a run under
//! cachegrind does not count the generator.
//!
//! ```text
//! cargo bench -p uridfa --bench grammars                    # wall time, every grammar
//! target/release/deps/grammars-<hash> --grammar G --engine E  # one pass (E: none, validate, split)
//! valgrind --tool=cachegrind --cache-sim=no target/release/deps/grammars-<hash> --grammar G --engine E
//! ```
//!
//! Wall time: one process, rounds interleaved (`validate` and `split` of
//! every grammar in turn), best of 15 per pair; ns per input. `split` is
//! `uridfa_runtime::split_with` (tags and the kinds decided after the
//! match, into spans), the same for every grammar; the typed views are
//! not involved.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use uridfa::runtime::{self, Span, Tables};

const ROUNDS: usize = 15;
const GENERATED: usize = 4_000;
const KEPT: usize = 2_000;

fn inputs_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/grammar-inputs")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(line: &str) -> Vec<u8> {
    (0..line.len() / 2)
        .map(|i| u8::from_str_radix(&line[2 * i..2 * i + 2], 16).expect("hex input file"))
        .collect()
}

/// The inputs of grammar `k` (see the module documentation).
fn inputs(k: usize, g: &uridfa::BuiltinGrammar) -> Vec<Vec<u8>> {
    let path = inputs_dir().join(format!("{}.txt", g.name));
    if let Ok(text) = std::fs::read_to_string(&path) {
        return text.lines().map(unhex).collect();
    }
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("grammar/{}.abnf", g.name));
    let compiled = uridfa_codegen::driver::compile_file(&file, Default::default())
        .unwrap_or_else(|d| panic!("{}: {d}", g.name));
    let t = g.entries[0];
    let m = compiled
        .machines
        .iter()
        .find(|m| m.lowered.rule == t.rule)
        .expect("the default entry's machine");
    let mut rng = uridfa_codegen::sample::Rng::new(0x2027_0000 + k as u64);
    let mut kept = Vec::new();
    for _ in 0..GENERATED {
        let mut input = Vec::new();
        uridfa_codegen::sample::generate(&m.lowered.hir, &mut rng, &mut input);
        if runtime::validate(t, &input).is_ok() && !input.contains(&b'\n') {
            kept.push(input);
            if kept.len() == KEPT {
                break;
            }
        }
    }
    std::fs::create_dir_all(inputs_dir()).expect("target/grammar-inputs");
    let text: String = kept.iter().map(|i| hex(i) + "\n").collect();
    std::fs::write(&path, text).expect("write the inputs");
    kept
}

fn validate(t: &Tables<'_>, inputs: &[Vec<u8>]) -> usize {
    inputs
        .iter()
        .filter(|i| runtime::validate(t, black_box(i)).is_ok())
        .count()
}

fn split(t: &Tables<'_>, inputs: &[Vec<u8>]) -> usize {
    let mut regs = [0usize; 64];
    let mut spans: [Option<Span>; 64] = [None; 64];
    // Exactly the tables' captures: `split_with` clears the slots past them.
    let spans = &mut spans[..t.capture_len()];
    inputs
        .iter()
        .filter(|i| runtime::split_with(t, black_box(i), &mut regs, spans).is_ok())
        .count()
}

fn time(f: impl Fn() -> usize) -> Duration {
    let start = Instant::now();
    black_box(f());
    start.elapsed()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|p| args.get(p + 1))
            .cloned()
    };
    let grammars: Vec<(usize, &uridfa::BuiltinGrammar)> =
        uridfa::GRAMMARS.iter().enumerate().collect();
    let all: Vec<(&str, &Tables<'_>, Vec<Vec<u8>>)> = grammars
        .iter()
        .filter(|(_, g)| arg("--grammar").is_none_or(|n| n == g.name))
        .map(|&(k, g)| (g.name, g.entries[0], inputs(k, g)))
        .collect();
    if let Some(engine) = arg("--engine") {
        // One pass, for cachegrind (`none`: the harness alone).
        for (_, t, inputs) in &all {
            black_box(match engine.as_str() {
                "none" => inputs.len(),
                "validate" => validate(t, inputs),
                "split" => split(t, inputs),
                e => panic!("unknown engine {e}"),
            });
        }
        return;
    }
    let mut best = vec![[Duration::MAX; 2]; all.len()];
    for _ in 0..ROUNDS {
        for (k, (_, t, inputs)) in all.iter().enumerate() {
            best[k][0] = best[k][0].min(time(|| validate(t, inputs)));
            best[k][1] = best[k][1].min(time(|| split(t, inputs)));
        }
    }
    println!(
        "grammar, entry: inputs (mean bytes); ns per input: validate, split (best of {ROUNDS})"
    );
    for ((name, t, inputs), b) in all.iter().zip(&best) {
        let n = inputs.len().max(1);
        let bytes: usize = inputs.iter().map(Vec::len).sum();
        println!(
            "  {name:36} {:16} {:5} ({:5.1} B)  {:8.1} {:8.1}",
            t.rule,
            inputs.len(),
            bytes as f64 / n as f64,
            b[0].as_nanos() as f64 / n as f64,
            b[1].as_nanos() as f64 / n as f64,
        );
    }
}
