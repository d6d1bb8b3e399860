//! Random inputs for differential testing: strings derived from a grammar's
//! expression, and mutations of them.
//!
//! [`generate`] walks a `Hir` choosing alternatives, repetition counts and
//! class members at random, so its output is in the language (modulo the
//! repetition cap). [`mutate`] then flips, inserts, deletes, duplicates and
//! truncates bytes, favouring the delimiters URI grammars care about, to
//! probe the edges of the language. Deterministic for a given seed.
//!
//! Principal items: [`Rng`], [`generate`], [`mutate`].

use regex_syntax::hir::{Class, Hir, HirKind};

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n == 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }
}

/// Appends a random member of the language of `hir` to `out`. Unbounded
/// repetitions stop after `min + 3` on average and `min + 12` at most.
pub fn generate(hir: &Hir, rng: &mut Rng, out: &mut Vec<u8>) {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => {}
        HirKind::Literal(lit) => out.extend_from_slice(&lit.0),
        HirKind::Class(Class::Bytes(c)) => {
            let ranges = c.ranges();
            if ranges.is_empty() {
                return;
            }
            let r = ranges[rng.below(ranges.len() as u64) as usize];
            let span = u64::from(r.end() - r.start()) + 1;
            out.push(r.start() + rng.below(span) as u8);
        }
        HirKind::Class(Class::Unicode(c)) => {
            let ranges = c.ranges();
            if ranges.is_empty() {
                return;
            }
            let r = ranges[rng.below(ranges.len() as u64) as usize];
            let span = u64::from(u32::from(r.end()) - u32::from(r.start())) + 1;
            let cp = u32::from(r.start()) + rng.below(span) as u32;
            let ch = char::from_u32(cp).unwrap_or(r.start());
            let mut buf = [0; 4];
            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
        }
        HirKind::Repetition(rep) => {
            let extra_cap = match rep.max {
                Some(max) => u64::from(max - rep.min),
                None => 12,
            };
            // Mostly short, sometimes up to the cap.
            let extra = if rng.below(4) == 0 {
                rng.below(extra_cap + 1)
            } else {
                rng.below(extra_cap.min(3) + 1)
            };
            for _ in 0..u64::from(rep.min) + extra {
                generate(&rep.sub, rng, out);
            }
        }
        HirKind::Capture(cap) => generate(&cap.sub, rng, out),
        HirKind::Concat(xs) => xs.iter().for_each(|x| generate(x, rng, out)),
        HirKind::Alternation(xs) => {
            if !xs.is_empty() {
                generate(&xs[rng.below(xs.len() as u64) as usize], rng, out);
            }
        }
    }
}

/// Bytes that matter to URI grammars, favoured by [`mutate`].
const INTERESTING: &[u8] = b":/?#[]@!$&'()*+,;=%-._~09afAFvV \r\n\t\x00\x7f\x80\xff";

/// Applies one to three random edits to `input`.
pub fn mutate(input: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..=rng.below(3) {
        let byte = if rng.below(2) == 0 {
            INTERESTING[rng.below(INTERESTING.len() as u64) as usize]
        } else {
            rng.below(256) as u8
        };
        let at = rng.below(v.len() as u64 + 1) as usize;
        match rng.below(5) {
            0 if at < v.len() => v[at] = byte,
            1 => v.insert(at, byte),
            2 if at < v.len() => {
                v.remove(at);
            }
            3 => v.truncate(at),
            _ => {
                let len = rng.below(8) as usize;
                let end = (at + len).min(v.len());
                let chunk = v[at..end].to_vec();
                let to = rng.below(v.len() as u64 + 1) as usize;
                v.splice(to..to, chunk);
            }
        }
    }
    v
}
