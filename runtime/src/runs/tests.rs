//! The run kernels of the `simd` feature against the byte loops: the
//! SSE2 kernel over ranges, the SSSE3 kernels over nibble tables, plain
//! and escape-aware, on random sets, inputs and starting points (Note
//! [SIMD runs]). Without the feature they check that no SIMD answer is
//! given. `.ci/check-simd` runs them under Miri too (`runs::tests`).

use super::ranges::{Ranges, MAX_RANGES};
use super::scalar::finish_escaped;
use super::simd_rows_escaped;
#[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
use super::{simd_rows, x86};
use crate::tables::{ByteSet, Escape};

/// A small deterministic generator (xorshift64*), so that a failure
/// reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// A set of `ranges` random ranges.
fn random_set(rng: &mut Rng, ranges: usize) -> ByteSet {
    let mut set = ByteSet([0; 4]);
    for _ in 0..ranges {
        let lo = (rng.next() % 256) as usize;
        let len = (rng.next() % 40) as usize;
        for b in lo..(lo + len + 1).min(256) {
            set.0[b / 64] |= 1 << (b % 64);
        }
    }
    set
}

#[test]
fn ranges_hold_exactly_the_set() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut seen = [0usize; MAX_RANGES + 2];
    for i in 0..rounds(4000) {
        let set = random_set(&mut rng, i % 12);
        let count = (0..=256)
            .filter(|&b| {
                (b < 256 && set.contains(b as u8)) && (b == 0 || !set.contains((b - 1) as u8))
            })
            .count();
        match Ranges::of(&set) {
            Some(r) => {
                assert_eq!(r.n, count);
                seen[r.n] += 1;
                for b in 0..=255u8 {
                    assert_eq!(r.contains(b), set.contains(b), "byte {b:#x}");
                }
            }
            None => {
                assert!(count > MAX_RANGES, "{count} ranges refused");
                seen[MAX_RANGES + 1] += 1;
            }
        }
    }
    // Every size was generated, and some sets were refused.
    // (Miri's few rounds need not meet every size.)
    assert!(cfg!(miri) || seen.iter().all(|&n| n > 0), "{seen:?}");
    // Every byte, and no byte.
    assert!(Ranges::of(&ByteSet([u64::MAX; 4])).is_none());
    assert_eq!(Ranges::of(&ByteSet([0; 4])).map(|r| r.n), Some(0));
    // The two ends of the byte range.
    let ends = ByteSet([1, 0, 0, 1 << 63]);
    let r = Ranges::of(&ends).expect("two ranges");
    assert_eq!(r.n, 2);
    assert!(r.contains(0) && r.contains(255) && !r.contains(1) && !r.contains(254));
}

#[test]
fn nibbles_hold_exactly_the_set() {
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    for i in 0..rounds(2000) {
        let mut set = random_set(&mut rng, i % 12);
        if i % 3 == 0 {
            // ASCII only.
            set.0[2] = 0;
            set.0[3] = 0;
        }
        let n = set.nibbles();
        for b in 0..=255u8 {
            let row = n[usize::from(b >> 7) * 16 + usize::from(b & 15)];
            assert_eq!(
                row >> ((b >> 4) & 7) & 1 != 0,
                set.contains(b),
                "byte {b:#x}"
            );
        }
    }
}

/// Random inputs over `set`, mostly of its bytes so that runs are long
/// (or, one input in three, a byte outside the set every few bytes, so
/// that runs end inside the kernels' first window at every offset), and
/// every starting point: `skip` against the byte loop. Returns how many
/// answers `skip` gave.
fn against_the_byte_loop(
    rng: &mut Rng,
    set: &ByteSet,
    skip: impl Fn(&[u8], usize) -> Option<usize>,
) -> usize {
    let mut pool = [0u8; 256];
    let mut n = 0;
    for b in (0..=255u8).filter(|&b| set.contains(b)) {
        pool[n] = b;
        n += 1;
    }
    if n == 0 {
        return 0;
    }
    let mut buf = [0u8; 200];
    let len = (rng.next() % 200) as usize;
    let other = [50, 50, 4][(rng.next() % 3) as usize];
    for b in buf.iter_mut().take(len) {
        *b = if rng.next() % other == 0 {
            rng.next() as u8
        } else {
            pool[(rng.next() % n as u64) as usize]
        };
    }
    let input = &buf[..len];
    let mut answers = 0;
    for j in 0..=len + 1 {
        let expected = j + input
            .get(j..)
            .unwrap_or_default()
            .iter()
            .take_while(|b| set.contains(**b))
            .count();
        if let Some(got) = skip(input, j) {
            assert_eq!(got, expected, "set {set:?}, input {input:?}, from {j}");
            answers += 1;
        }
    }
    answers
}

/// `n` rounds, or a three-hundredth of them under Miri, which is slow.
fn rounds(n: usize) -> usize {
    if cfg!(miri) {
        n / 300
    } else {
        n
    }
}

/// Whether the SIMD paths are compiled in.
const SIMD: bool = cfg!(all(
    feature = "simd",
    target_arch = "x86_64",
    target_feature = "sse2"
));

/// SSE2 with ranges gives the byte loop's answer, every tail length
/// and the inputs shorter than a block included.
#[test]
fn ranges_agree_with_the_byte_loop() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut answers = 0;
    for i in 0..rounds(3000) {
        let set = random_set(&mut rng, 1 + i % 9);
        let Some(r) = Ranges::of(&set) else { continue };
        answers += against_the_byte_loop(&mut rng, &set, |input, j| {
            #[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
            return Some(x86::skip_ranges(&r, input, j));
            #[cfg(not(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2")))]
            {
                let _ = (&r, input, j);
                None
            }
        });
    }
    assert_eq!(answers > rounds(3000) * 30, SIMD, "{answers} answers");
}

/// SSSE3 with nibble tables likewise, for ASCII sets and others.
#[test]
fn nibbles_agree_with_the_byte_loop() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut answers = 0;
    for i in 0..rounds(3000) {
        let mut set = random_set(&mut rng, 1 + i % 12);
        if i % 2 == 0 {
            set.0[2] = 0;
            set.0[3] = 0;
        }
        let n = [set.nibbles()];
        answers += against_the_byte_loop(&mut rng, &set, |input, j| {
            #[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
            return simd_rows(&n, 0, input, j);
            #[cfg(not(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2")))]
            {
                let _ = (&n, input, j);
                None
            }
        });
    }
    // Under Miri only a compile-time `+ssse3` turns the path on.
    let ssse3 = SIMD && (cfg!(target_feature = "ssse3") || !cfg!(miri));
    assert_eq!(
        answers > rounds(3000) * 30,
        ssse3,
        "{answers} answers; a CPU without SSSE3 cannot test this path"
    );
}

/// Escape-aware runs (Note [escape-aware runs]): the
/// SSSE3 kernel against the byte loop, on inputs of the set's bytes,
/// `%`, digits and other bytes, with escapes valid and not at every
/// offset of a window, cut at every length, from every start.
#[test]
fn escaped_runs_agree_with_the_byte_loop() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut hex = ByteSet([0; 4]);
    for b in b"0123456789ABCDEFabcdef" {
        hex.0[usize::from(b >> 6)] |= 1 << (b & 63);
    }
    let mut answers = 0;
    for i in 0..rounds(1500) {
        let mut set = random_set(&mut rng, 1 + i % 10);
        if i % 2 == 0 {
            set.0[2] = 0;
            set.0[3] = 0;
        }
        // The escape's byte is in neither set; the digits are hex, or
        // random for some rounds.
        let digits = if i % 5 == 0 {
            random_set(&mut rng, 2)
        } else {
            hex
        };
        let byte = (0..=255u8)
            .cycle()
            .skip((rng.next() % 256) as usize)
            .take(256)
            .find(|&b| !set.contains(b) && !digits.contains(b));
        let Some(byte) = byte else { continue };
        let mut pool = [[0u8; 256]; 2];
        let mut counts = [0usize; 2];
        for (k, within) in [set, digits].iter().enumerate() {
            for b in (0..=255u8).filter(|&b| within.contains(b)) {
                pool[k][counts[k]] = b;
                counts[k] += 1;
            }
        }
        if counts.contains(&0) {
            continue;
        }
        let mut buf = [0u8; 120];
        let len = (rng.next() % 120) as usize;
        let mut n = 0;
        while n < len {
            let r = rng.next() % 100;
            let pick = |rng: &mut Rng, k: usize| pool[k][(rng.next() % counts[k] as u64) as usize];
            let piece: [Option<u8>; 3] = match r {
                0..=59 => [Some(pick(&mut rng, 0)), None, None],
                60..=84 => [Some(byte), Some(pick(&mut rng, 1)), Some(pick(&mut rng, 1))],
                85..=89 => [Some(byte), Some(pick(&mut rng, 1)), None],
                90..=94 => [Some(pick(&mut rng, 1)), None, None],
                _ => [Some(rng.next() as u8), None, None],
            };
            for b in piece.into_iter().flatten() {
                if n < len {
                    buf[n] = b;
                    n += 1;
                }
            }
        }
        let input = &buf[..len];
        let rows = [set.nibbles(), digits.nibbles()];
        let esc = Escape { byte, digits: 1 };
        for j in 0..=len + 1 {
            let expected =
                finish_escaped(|b| set.contains(b), byte, |b| digits.contains(b), input, j);
            if let Some(got) = simd_rows_escaped(&rows, 0, esc, &digits, input, j) {
                assert_eq!(
                    got, expected,
                    "set {set:?}, byte {byte}, input {input:?}, from {j}"
                );
                answers += 1;
            }
        }
    }
    let ssse3 = SIMD && (cfg!(target_feature = "ssse3") || !cfg!(miri));
    assert_eq!(
        answers > rounds(1500) * 20,
        ssse3,
        "{answers} answers; a CPU without SSSE3 cannot test this path"
    );
}
