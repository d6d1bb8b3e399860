//! Differential test: our tables against regex-automata, built from the same
//! grammar's expression, for every entry rule of every grammar in `grammar/`.
//!
//! - acceptance must equal regex-automata's (minimized) dense DFA;
//! - component spans must equal its PikeVM's (leftmost-first, the same
//!   disambiguation our TDFA implements);
//! - `validate`, `split` and the streaming `Machine` fed in random chunks
//!   must agree, and the unminimized tables must give the same answers as
//!   the minimized ones; `split_regs` and `split_regs32` on the wide
//!   register files (32 and 64 slots) must leave the same tags and errors
//!   as on a slice of exactly `reg_len` registers;
//! - where the machine fits one-byte state-index cells (the `size`
//!   profile, `Trans::Index8`, the runtime without `fast-tables`), that
//!   form must give the same answers as the premultiplied one.
//!
//! Inputs: strings derived from the grammar (`sample::generate`) and
//! mutations of them (`sample::mutate`), half and half, and as many again
//! dense in escapes (`escapes`): valid `%HH` and invalid ones (`%4` at the
//! end, `%G1`, `%%41`) spliced into long runs at every offset of a block,
//! also checked against the same tables without escape-aware runs (same
//! error, offset and state; Note [escape-aware runs] in the runtime's
//! driver). `cargo test` runs
//! 4,000 per entry; the full run (10^6 inputs over the four RFC 3986
//! entries) is
//!
//! ```text
//! URIDFA_DIFF_SAMPLES=250000 cargo test --release -p uridfa-codegen --test codegen -- differential:: --nocapture
//! ```

use uridfa_codegen::driver::{compile_file, Machine, Options};
use uridfa_codegen::oracle::Oracle;
use uridfa_codegen::sample::{generate, mutate, Rng};
use uridfa_codegen::tables::TablesBuf;
use uridfa_runtime::{
    longest_prefix, split_regs, split_regs32, split_with, validate, ByteSet, Machine as Stream,
    Span, Tables,
};

fn run(t: &Tables<'_>, input: &[u8]) -> Result<Vec<Option<Span>>, uridfa_runtime::Error> {
    let n = t.reg_len as usize;
    let mut regs = vec![0; n];
    let mut out = vec![None; t.capture_len()];
    let split = split_with(t, input, &mut regs, &mut out).map(|()| out);
    register_files_agree(t, input);
    split
}

/// The branch-free register files (`usize` and `u32`, 32 and 64 slots)
/// leave the same raw tags and errors as the checked slice of exactly
/// `reg_len` registers (Notes [a register file without branches], [an
/// edge that cannot fail] and [u32 registers] in the runtime).
fn register_files_agree(t: &Tables<'_>, input: &[u8]) {
    let n = t.reg_len as usize;
    let mut exact = vec![0usize; n];
    let want = split_regs(t, input, &mut exact).map(|()| exact);
    for len in [32, 64, n].into_iter().filter(|&len| len >= n) {
        let mut wide = vec![0usize; len];
        let got = split_regs(t, input, &mut wide).map(|()| wide[..n].to_vec());
        assert_eq!(got, want, "{}: {len} usize registers on {input:?}", t.rule);
        let mut r32 = vec![0u32; len];
        let got = split_regs32(t, input, &mut r32).map(|()| {
            r32[..n]
                .iter()
                .map(|&v| {
                    if v == u32::MAX {
                        usize::MAX
                    } else {
                        v as usize
                    }
                })
                .collect::<Vec<_>>()
        });
        assert_eq!(got, want, "{}: {len} u32 registers on {input:?}", t.rule);
    }
}

fn streamed(
    t: &Tables<'_>,
    input: &[u8],
    rng: &mut Rng,
) -> Result<Vec<Option<Span>>, uridfa_runtime::Error> {
    let mut regs = vec![0; t.reg_len as usize];
    let mut m = Stream::new(t, &mut regs)?;
    let mut rest = input;
    while !rest.is_empty() {
        let n = 1 + rng.below(rest.len() as u64) as usize;
        let (chunk, tail) = rest.split_at(n);
        m.feed(chunk)?;
        rest = tail;
    }
    let mut out = vec![None; t.capture_len()];
    m.finish_split(&mut out)?;
    // A stream keeps no bytes: the kinds decided after the match are the
    // caller's, from the bytes it fed.
    uridfa_runtime::decide_kinds(t, &mut out, |mut k, (s, e)| {
        k.feed(&input[s..e]);
        k.is_match()
    });
    Ok(out)
}

/// `t` with no escape-aware run (`accel_escapes` empty), so every escape
/// ends its run and is read through the transition table.
fn without_escapes(t: &TablesBuf) -> TablesBuf {
    let mut plain = t.clone();
    plain.accel_escapes.clear();
    plain
}

/// `base` with pieces dense in escapes spliced in at a random offset: valid
/// `%HH` with the digits of `t`'s escapes, invalid ones (`%4` and `%` at
/// the end, `%G1`, `%%41`, `%4%`), and bytes of `base` from that offset on
/// (likely the same run's bytes), repeated up to about 150 bytes, so that
/// escapes fall at every offset of the kernels' blocks and past their
/// first `SHORT_RUN` bytes. Sometimes the input is cut right after an
/// escape's first or second byte.
fn escapes(base: &[u8], t: &Tables<'_>, rng: &mut Rng) -> Vec<u8> {
    // The escapes' bytes and digits of `t` (`%` and hex digits when it has
    // none, to test that such bytes still end runs).
    let (byte, digits) = t
        .accel_escapes
        .iter()
        .find(|e| !e.is_none())
        .and_then(|e| Some((e.byte, *t.accels.get(usize::from(e.digits))?)))
        .unwrap_or_else(|| {
            let mut hex = ByteSet([0; 4]);
            for b in b"0123456789ABCDEFabcdef" {
                hex.0[usize::from(b >> 6)] |= 1 << (b & 63);
            }
            (b'%', hex)
        });
    let digit_bytes: Vec<u8> = (0..=255u8).filter(|&b| digits.contains(b)).collect();
    let non_digit: Vec<u8> = (0..=255u8)
        .filter(|&b| !digits.contains(b) && b != byte)
        .collect();
    let pick = |rng: &mut Rng, v: &[u8]| v[rng.below(v.len() as u64) as usize];
    let at = rng.below(base.len() as u64 + 1) as usize;
    let tail = &base[at..];
    let mut out = base[..at].to_vec();
    let target = 1 + rng.below(150) as usize;
    let mut piece = Vec::new();
    while out.len() < at + target {
        piece.clear();
        match rng.below(8) {
            0..=2 => piece.extend([byte, pick(rng, &digit_bytes), pick(rng, &digit_bytes)]),
            3 => piece.extend([byte, pick(rng, &digit_bytes), pick(rng, &non_digit)]),
            4 => piece.extend([byte, pick(rng, &non_digit), pick(rng, &digit_bytes)]),
            5 => piece.extend([byte, byte, pick(rng, &digit_bytes), pick(rng, &digit_bytes)]),
            _ => {
                // Up to 17 bytes of the run, so the next escape lands on
                // any offset of a block.
                let n = rng.below(18) as usize;
                let from = if tail.is_empty() { base } else { tail };
                piece.extend(from.iter().cycle().take(n.min(from.len() * 4)));
            }
        }
        // Invalid escapes are rare in a run that should go on.
        if rng.below(4) != 0 || !matches!(piece.first(), Some(&b) if b == byte) || piece.len() != 3
        {
            out.extend_from_slice(&piece);
        }
    }
    match rng.below(6) {
        // Cut after an escape's first or second byte.
        0 => out.push(byte),
        1 => out.extend([byte, pick(rng, &digit_bytes)]),
        _ => out.extend_from_slice(tail),
    }
    out
}

struct Tally {
    inputs: usize,
    accepted: usize,
}

fn check_machine(m: &Machine, unmin: &Machine, samples: usize, seed: u64) -> Tally {
    let oracle = Oracle::new(&m.lowered).expect("oracle builds");
    let mut cache = oracle.cache();
    let t = m.tables.as_tables();
    let tu = unmin.tables.as_tables();
    let plain_buf = without_escapes(&m.tables);
    let plain = plain_buf.as_tables();
    uridfa_runtime::check(&plain).expect("the tables without escapes are valid");
    // The `size` profile: the same machine with one-byte state-index
    // cells (`Trans::Index8`), where it fits; every answer must be the
    // same as the premultiplied form's.
    let cells = m.tables.index8_cells();
    let small = cells.as_deref().map(|c| m.tables.as_small_tables(c));
    if let Some(small) = &small {
        uridfa_runtime::check(small).expect("the Index8 form is valid");
    }
    let mut rng = Rng::new(seed);
    let mut tally = Tally {
        inputs: 0,
        accepted: 0,
    };
    let mut base = Vec::new();
    for i in 0..2 * samples {
        if i % 4 == 0 {
            base.clear();
            generate(&m.lowered.hir, &mut rng, &mut base);
        }
        let input = match i % 4 {
            0 => base.clone(),
            1 => mutate(&base, &mut rng),
            _ => escapes(&base, &t, &mut rng),
        };
        let rule = &m.lowered.rule;
        let shown = String::from_utf8_lossy(&input);
        let want_accept = oracle.accepts(&input);
        let ours = run(&t, &input);
        assert_eq!(
            ours.is_ok(),
            want_accept,
            "{rule}: acceptance of {shown:?}: ours {ours:?}"
        );
        assert_eq!(
            validate(&t, &input).is_ok(),
            want_accept,
            "{rule}: validate {shown:?}"
        );
        assert_eq!(
            run(&tu, &input).map_err(|e| e.offset()),
            ours.clone().map_err(|e| e.offset()),
            "{rule}: unminimized {shown:?}"
        );
        // Escape-aware runs end where the transition table stops: the
        // same result, error offset and state, and the same longest
        // accepted prefix.
        assert_eq!(
            run(&plain, &input),
            ours,
            "{rule}: without escapes {shown:?}"
        );
        assert_eq!(
            validate(&plain, &input),
            validate(&t, &input),
            "{rule}: validate without escapes {shown:?}"
        );
        assert_eq!(
            longest_prefix(&plain, &input),
            longest_prefix(&t, &input),
            "{rule}: longest prefix without escapes {shown:?}"
        );
        if let Some(small) = &small {
            assert_eq!(run(small, &input), ours, "{rule}: Index8 form {shown:?}");
            assert_eq!(
                validate(small, &input),
                validate(&t, &input),
                "{rule}: validate, Index8 form {shown:?}"
            );
            assert_eq!(
                longest_prefix(small, &input),
                longest_prefix(&t, &input),
                "{rule}: longest prefix, Index8 form {shown:?}"
            );
        }
        // A stream over `utf8` tables reports an error inside a character
        // at its first byte, as `Error::at_char_start` does.
        let moved = ours.clone().map_err(|e| {
            if t.utf8 {
                e.at_char_start(&t, &input)
            } else {
                e
            }
        });
        assert_eq!(
            streamed(&t, &input, &mut rng),
            moved,
            "{rule}: streaming {shown:?}"
        );
        if let Some(small) = &small {
            assert_eq!(
                streamed(small, &input, &mut rng.clone()),
                streamed(&t, &input, &mut rng.clone()),
                "{rule}: streaming, Index8 form {shown:?}"
            );
        }
        if let Ok(spans) = &ours {
            let want = oracle
                .spans(&mut cache, &input)
                .expect("PikeVM matches what the DFA accepts");
            assert_eq!(
                spans, &want,
                "{rule}: spans of {shown:?} (components {:?})",
                m.lowered.components
            );
            tally.accepted += 1;
        }
        tally.inputs += 1;
    }
    tally
}

#[test]
fn every_entry_of_every_grammar_agrees_with_regex_automata() {
    let samples: usize = std::env::var("URIDFA_DIFF_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| crate::scale::scaled(4_000));
    let mut total = 0;
    for name in crate::common::grammar_files() {
        let path = &crate::common::grammar_dir().join(&name);
        let compiled = crate::common::built_in(&name);
        if compiled.machines.is_empty() {
            continue;
        }
        let unmin = compile_file(
            path,
            Options {
                minimize: false,
                ..Options::default()
            },
        )
        .unwrap();
        for (seed, (m, u)) in compiled.machines.iter().zip(&unmin.machines).enumerate() {
            let tally = check_machine(m, u, samples, seed as u64 + 1);
            eprintln!(
                "differential {} {}: {} inputs, {} accepted, {} rejected: all agree",
                compiled.grammar.name,
                m.lowered.rule,
                tally.inputs,
                tally.accepted,
                tally.inputs - tally.accepted
            );
            total += tally.inputs;
        }
    }
    eprintln!("differential: {total} inputs in all");
    assert!(total > 0, "no grammar was checked");
}
