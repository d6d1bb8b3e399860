//! Times the ambiguity check on the built-in grammars:
//! `cargo run --release -p uridfa-codegen --example lint_all [grammar/x.abnf ...]`.
use std::time::Instant;
use uridfa_codegen::ambiguity::{lint, LintOptions};
use uridfa_codegen::driver::{compile_file, Options};

fn main() {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar");
        let mut all: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.path().to_string_lossy().into_owned())
            .filter(|p| p.ends_with(".abnf") && !p.ends_with("core.abnf"))
            .collect();
        all.sort();
        files = all;
    }
    let (mut all_compile, mut all_check) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    for f in files {
        let t0 = Instant::now();
        let c = compile_file(f.as_ref(), Options::default()).unwrap();
        let compile = t0.elapsed();
        let t1 = Instant::now();
        let l = lint(&c, &LintOptions::default());
        let check = t1.elapsed();
        println!("== {f}: compile {compile:?}, ambiguity check {check:?}");
        print!("{l}");
        all_compile += compile;
        all_check += check;
    }
    println!("== total: compile {all_compile:?}, ambiguity check {all_check:?}");
}
