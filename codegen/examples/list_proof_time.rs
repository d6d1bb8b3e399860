//! Times compiling `examples/mailto/grammar/mailto.abnf` (its two lists
//! are proved) against the same grammar with the captures removed (no
//! lists, no proof): `cargo run --release -p uridfa-codegen --example
//! list_proof_time`.
use std::time::Instant;
use uridfa_codegen::driver::{compile_str, Options};

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/mailto/grammar/mailto.abnf"
    );
    let text = std::fs::read_to_string(path).expect("the mailto grammar");
    let plain: String = text
        .lines()
        .filter(|l| !l.starts_with(";@ capture"))
        .map(|l| format!("{l}\n"))
        .collect();
    for (what, t) in [("with lists", &text), ("without captures", &plain)] {
        let mut best = f64::MAX;
        for _ in 0..5 {
            let start = Instant::now();
            let c = compile_str("mailto.abnf", t, Options::default()).expect("compiles");
            best = best.min(start.elapsed().as_secs_f64());
            assert_eq!(
                c.machines[0].lists.len(),
                if what == "with lists" { 2 } else { 0 }
            );
        }
        println!("{what}: best of 5 {:.1} ms", best * 1e3);
    }
}
