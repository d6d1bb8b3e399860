//! Property: `abnf::parse` returns `Ok` or `Err` on any input, without
//! panicking. Inputs are 20,000 mutations of the real grammar files, made
//! by a fixed-seed xorshift generator so every run checks the same inputs.

use uridfa_codegen::abnf::parse;

/// xorshift64* (Vigna 2016): small, deterministic, good enough to pick
/// mutations.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Bytes that matter to the ABNF lexer, plus some that never should appear.
const INTERESTING: &[u8] = b"=/;@%xdbsi\"<>()[]*0123456789-. \t\r\n\0\xff\xc3\xa9ZaA";

fn mutate(rng: &mut XorShift, base: &[u8]) -> Vec<u8> {
    let mut v = base.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(v.len() + 1);
        match rng.below(6) {
            0 if at < v.len() => {
                v.remove(at);
            }
            1 => v.insert(at, INTERESTING[rng.below(INTERESTING.len())]),
            2 if at < v.len() => v[at] = INTERESTING[rng.below(INTERESTING.len())],
            3 if at < v.len() => v[at] = rng.next() as u8,
            4 => {
                // Copy a random slice elsewhere (duplicates rules, pragmas).
                let from = rng.below(v.len());
                let len = rng.below(64).min(v.len() - from);
                let chunk = v[from..from + len].to_vec();
                v.splice(at..at, chunk);
            }
            _ => v.truncate(at),
        }
    }
    v
}

/// Runs `count` mutations from `seed`; four tests of 5,000 share the
/// 20,000 inputs so the test harness can run them in parallel.
fn run(seed: u64, count: usize) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/");
    let mut bases = Vec::new();
    for name in ["rfc3986.abnf", "core.abnf"] {
        bases.push(std::fs::read(format!("{dir}{name}")).expect("grammar file"));
    }
    // Imports would read the disk; cut them so each input is self-contained
    // (with the core rules appended) and the test stays fast.
    let mut joined = String::from_utf8(bases[0].clone()).unwrap();
    joined = joined.replace(";@ import core.abnf", "");
    joined.push_str(std::str::from_utf8(&bases[1]).unwrap());
    bases.push(joined.into_bytes());

    // The joined file is a valid grammar: mutations start from the real thing.
    let joined = std::str::from_utf8(&bases[2]).unwrap();
    parse("grammar/rfc3986.abnf", joined).unwrap_or_else(|e| panic!("{e}"));

    let mut rng = XorShift(seed);
    let (mut ok, mut err) = (0, 0);
    for i in 0..count {
        let base = &bases[i % bases.len()];
        let bytes = mutate(&mut rng, base);
        // `parse` takes text: use the same lossy decoding `load` uses.
        let text = String::from_utf8_lossy(&bytes);
        match parse("grammar/fuzz.abnf", &text) {
            Ok(_) => ok += 1,
            Err(e) => {
                // Rendering must not panic either.
                let _ = e.to_string();
                err += 1;
            }
        }
    }
    assert_eq!(ok + err, count);
    // Both outcomes occur, so the mutations are neither all fatal nor all
    // harmless.
    assert!(ok > 100 && err > 100, "ok {ok}, err {err}");
}

#[test]
fn mutated_grammars_never_panic_1() {
    run(0x9E37_79B9_7F4A_7C15, 5_000);
}

#[test]
fn mutated_grammars_never_panic_2() {
    run(0xD1B5_4A32_D192_ED03, 5_000);
}

#[test]
fn mutated_grammars_never_panic_3() {
    run(0x8CB9_2BA7_2F3D_8DD7, 5_000);
}

#[test]
fn mutated_grammars_never_panic_4() {
    run(0xABC9_8388_FB8F_AC03, 5_000);
}
