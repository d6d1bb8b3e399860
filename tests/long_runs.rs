//! The run time's two register files and its long-run skipping (Notes [a
//! register file without branches] and [long runs] in `uridfa_runtime`).
//!
//! - `split_regs` with 64 registers (the branch-free wide file), with 32
//!   (the small wide file, for machines of at most 29 registers) and with
//!   exactly `reg_len` registers (the checked slice) give the same tags and
//!   errors, for every built-in entry rule, on spec-shaped inputs, their
//!   mutations and long ones; both files run packed operations (Note
//!   [packed operations]) and the slice decodes them; `split_regs32` (`u32`
//!   registers) gives the same tags in all three;
//! - runs of every length around the thresholds (64 bytes one at a time,
//!   then blocks of eight, then a byte table in blocks of sixteen), with
//!   the run ending at every offset of a block, give the spans and error
//!   offsets that the construction of the input says.

use uridfa::rfc3986::{tables, UriRef};
use uridfa::runtime::{split_regs, split_regs32, validate, Error, Machine};
use uridfa_codegen::sample::{mutate, Rng};

fn both(
    t: &uridfa::runtime::Tables<'_>,
    input: &[u8],
) -> (Result<Vec<usize>, Error>, Result<Vec<usize>, Error>) {
    let n = t.reg_len as usize;
    let mut wide = [0usize; 64];
    let mut exact = vec![0usize; n];
    let a = split_regs(t, input, &mut wide).map(|()| wide[..n].to_vec());
    let b = split_regs(t, input, &mut exact).map(|()| exact.clone());
    // 32 registers run the small file when `reg_len <= 29`.
    if n <= 29 {
        let mut small = [0usize; 32];
        let c = split_regs(t, input, &mut small).map(|()| small[..n].to_vec());
        assert_eq!(c, b, "{}: the small wide file", t.rule);
    }
    // `split_regs32`: the same tags as `u32` (NIL is `u32::MAX`), in the
    // small file, the large one and an exact slice.
    let widen = |r: &[u32]| -> Vec<usize> {
        r.iter()
            .map(|&v| {
                if v == u32::MAX {
                    usize::MAX
                } else {
                    v as usize
                }
            })
            .collect()
    };
    for len in [32, 64, n].into_iter().filter(|&len| len >= n) {
        let mut r32 = vec![0u32; len];
        let d = split_regs32(t, input, &mut r32).map(|()| widen(&r32[..n]));
        assert_eq!(d, b, "{}: u32 registers, {len} of them", t.rule);
    }
    (a, b)
}

#[test]
fn wide_and_slice_register_files_agree() {
    let mut rng = Rng::new(0x0057_A7E5);
    let seeds: &[&[u8]] = &[
        b"http://user@example.com:8042/over/there?name=ferret#nose",
        b"urn:example:a123,z456?+abc?=xyz#789",
        b"ftp://ftp.example.org/pub/file.txt;type=i",
        b"//[v7.x]/a/./b/../c?%41#",
        b"mailto:a@b.c",
        b"../g;p?y#s",
        b"http://[::ffff:1.2.3.4]:80/\xC3\xA9",
        b"news:comp.infosystems.www",
    ];
    let mut checked = 0;
    for g in uridfa::GRAMMARS {
        for t in g.entries {
            assert!(
                t.reg_len as usize <= 62,
                "{} {}: the wide file applies",
                g.name,
                t.rule
            );
            for &seed in seeds {
                let mut input = seed.to_vec();
                for round in 0..40 {
                    let (a, b) = both(t, &input);
                    assert_eq!(
                        a,
                        b,
                        "{} {}: {:?}",
                        g.name,
                        t.rule,
                        String::from_utf8_lossy(&input)
                    );
                    assert_eq!(a.is_ok(), validate(t, &input).is_ok());
                    checked += 1;
                    input = if round % 10 == 9 {
                        seed.repeat(1 + round / 10)
                    } else {
                        mutate(&input, &mut rng)
                    };
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
    // Both wide files are exercised: rfc3986 fits the small one, rfc1738
    // needs the large one.
    let regs = |g: &str| {
        uridfa::GRAMMARS
            .iter()
            .find(|x| x.name == g)
            .map(|x| x.entries[0].reg_len)
    };
    assert!(
        regs("rfc3986").is_some_and(|n| n <= 29),
        "{:?}",
        regs("rfc3986")
    );
    assert!(
        regs("rfc1738").is_some_and(|n| (30..=62).contains(&n)),
        "{:?}",
        regs("rfc1738")
    );
}

/// Note [position copies]: the wide files store the position straight
/// into the destinations of an edge whose first three operations all read
/// it, which `Edge::pack` marks with `Edge::POSITIONS`. Every such edge of
/// URI-reference, given a second or third operation that reads NIL (62,
/// one bit from the position's 63) or a register, and packed again, must
/// still run as the slice runs it.
#[test]
fn position_copies_only_where_every_source_is_the_position() {
    use uridfa::runtime::{Edge, Op};
    let good = tables::URI_REFERENCE;
    let seeds: &[&[u8]] = &[
        b"http://user@example.com:8042/over/there?name=ferret#nose",
        b"https://www.example.org/a/b/c.html",
        b"//a/b?c#d",
        b"a:b",
    ];
    for src in [Op::NIL, 0, 1, good.reg_len as u16 - 1] {
        let edges: Vec<Edge> = good
            .edges
            .iter()
            .map(|e| {
                let ops: Vec<Op> = Edge::unpack(e.ops, usize::from(e.ops_len)).collect();
                if ops.is_empty() || ops.len() > 2 || ops.iter().any(|o| o.src != Op::POS) {
                    return *e;
                }
                // The scheme's start register: set early on every seed
                // with a scheme, so a wrong position shows.
                let mut more = ops.clone();
                more.push(Op { dst: 0, src });
                match Edge::pack(&more) {
                    Some(w) => Edge {
                        ops: w,
                        ops_len: more.len() as u16,
                        ..*e
                    },
                    None => *e,
                }
            })
            .collect();
        let changed = edges.iter().zip(good.edges).filter(|(a, b)| a != b).count();
        assert!(changed >= 3, "{changed} edges changed");
        let t = uridfa::runtime::Tables {
            edges: &edges,
            ..good
        };
        for &seed in seeds {
            let (a, b) = both(&t, seed);
            assert_eq!(a, b, "source {src}: {:?}", String::from_utf8_lossy(seed));
        }
    }
}

/// Note [position copies]: `Edge::POSITIONS` is a shortcut, not a
/// meaning. URI-reference's tables with the bit cleared from every edge
/// (as tables packed before it was) run every operation as a copy, and
/// give the tags and errors the tables give, in every register file.
#[test]
fn packed_words_without_the_positions_bit_give_the_same_tags() {
    use uridfa::runtime::Edge;
    let good = tables::URI_REFERENCE;
    let edges: Vec<Edge> = good
        .edges
        .iter()
        .map(|e| Edge {
            ops: e.ops & !Edge::POSITIONS,
            ..*e
        })
        .collect();
    let marked = good
        .edges
        .iter()
        .filter(|e| e.ops & Edge::POSITIONS != 0)
        .count();
    assert!(marked >= 3, "{marked} edges with the bit");
    let plain = uridfa::runtime::Tables {
        edges: &edges,
        ..good
    };
    let mut rng = Rng::new(0x9e37_79b9);
    let seeds: &[&[u8]] = &[
        b"http://user@example.com:8042/over/there?name=ferret#nose",
        b"https://www.example.org/a/b/c.html",
        b"//a/b?c#d",
        b"a:b",
        b"mailto:x@y",
        b"http://[v7.x]:/?#",
    ];
    for &seed in seeds {
        for k in 0..200 {
            let input = if k == 0 {
                seed.to_vec()
            } else {
                mutate(seed, &mut rng)
            };
            let (a, b) = both(&plain, &input);
            let (c, d) = both(&good, &input);
            assert_eq!(a, c, "{:?}", String::from_utf8_lossy(&input));
            assert_eq!(b, d, "{:?}", String::from_utf8_lossy(&input));
        }
    }
}

/// URI-reference's tables without `accel_lut` (and without the nibble
/// tables of the `simd` feature), so every run is tested with its 256-bit
/// set (Note [long runs]) as the sets past the eighth are. The checker
/// refuses such tables; the driver must still run them exactly.
fn bitmaps_only() -> uridfa::runtime::Tables<'static> {
    uridfa::runtime::Tables {
        accel_lut: None,
        accel_nibbles: &[],
        ..tables::URI_REFERENCE
    }
}

/// `http://a/` + `n` path bytes + `?` + `m` query bytes: every run length
/// from 0 to 300 (past 64 + 128 + 16) in path and query, then a space at
/// every offset of the last block.
#[test]
fn runs_of_every_length_end_where_they_end() {
    for n in 0..300 {
        let path = "p".repeat(n);
        let m = 300 - n;
        let query = "q=".repeat(m / 2);
        let uri = format!("http://a/{path}?{query}#f");
        let u = UriRef::parse(&uri).unwrap_or_else(|e| panic!("{uri}: {e}"));
        let mut a = [0usize; 64];
        let mut b = [0usize; 64];
        split_regs(&tables::URI_REFERENCE, uri.as_bytes(), &mut a).unwrap();
        split_regs(&bitmaps_only(), uri.as_bytes(), &mut b).unwrap();
        let n_regs = tables::URI_REFERENCE.reg_len as usize;
        assert_eq!(a[..n_regs], b[..n_regs], "{uri}");
        assert_eq!(u.path(), format!("/{path}"));
        assert_eq!(u.query(), Some(query.as_str()));
        assert_eq!(u.fragment(), Some("f"));
        // A space ends the run: an error exactly there, in path and query.
        for (prefix, len) in [
            (format!("http://a/{path}"), n),
            (format!("http://a/b?{query}"), query.len()),
        ] {
            for k in 0..17.min(len + 1) {
                let at = prefix.len() - k;
                let mut bad = prefix.clone().into_bytes();
                bad.insert(at, b' ');
                bad.extend_from_slice(b"tail");
                let e = validate(&tables::URI_REFERENCE, &bad).unwrap_err();
                assert_eq!(e.offset(), at, "{}", String::from_utf8_lossy(&bad));
                // The bitmap path (sets past the eighth, which have no bit
                // in `accel_lut`) ends the run at the same byte.
                let e2 = validate(&bitmaps_only(), &bad).unwrap_err();
                assert_eq!(e2, e, "{}", String::from_utf8_lossy(&bad));
                // The streaming machine (slice registers, fed in two
                // chunks) agrees.
                let mut regs = [0usize; 64];
                let mut m = Machine::new(&tables::URI_REFERENCE, &mut regs).unwrap();
                let half = bad.len() / 2;
                let r = m
                    .feed(&bad[..half])
                    .and_then(|()| m.feed(&bad[half..]))
                    .and_then(|()| m.finish());
                assert_eq!(r, Err(e));
            }
        }
    }
}

/// The `simd` feature's runs read `accel_nibbles` (Note [SIMD runs]), and
/// the default build does not: nibble tables that claim every byte make a
/// run swallow the space of `http://a/b c` with the feature on an SSSE3
/// CPU, and change nothing without it. (`check` refuses such tables; this
/// shows which path ran, so that the runs tests above cover the one the
/// build uses.)
#[test]
fn nibble_tables_are_read_only_with_the_feature() {
    let all = [[0xFFu8; 32]; 16];
    let claims_all = uridfa::runtime::Tables {
        accel_nibbles: &all[..tables::URI_REFERENCE.accels.len()],
        ..tables::URI_REFERENCE
    };
    let input = b"http://a/b c";
    assert!(validate(&tables::URI_REFERENCE, input).is_err());
    #[cfg(target_arch = "x86_64")]
    let ssse3 = std::is_x86_feature_detected!("ssse3");
    #[cfg(not(target_arch = "x86_64"))]
    let ssse3 = false;
    let simd = cfg!(feature = "simd") && cfg!(target_arch = "x86_64");
    if simd && !ssse3 {
        panic!("this CPU has no SSSE3: the feature's SSSE3 path cannot be tested here");
    }
    assert_eq!(
        validate(&claims_all, input).is_ok(),
        simd,
        "feature simd: {simd}"
    );
}

/// A final entry whose operations lie outside `Tables::ops` (corrupt
/// tables, which `check` rejects as invariant 5): every register file
/// reports `CorruptTables` for an input that ends in that state, the wide
/// files too, which skip the range on the way and report it once at the
/// end (Note [an edge that cannot fail] in `uridfa_runtime`).
#[test]
fn a_corrupt_operation_range_is_an_error_in_every_register_file() {
    use uridfa::runtime::{ErrorKind, Final};
    let good = tables::URI_REFERENCE;
    let finals: Vec<Final> = good
        .finals
        .iter()
        .map(|f| Final {
            ops_start: u32::MAX - 1,
            ..*f
        })
        .collect();
    let finals: &'static [Final] = Box::leak(finals.into_boxed_slice());
    let bad = uridfa::runtime::Tables { finals, ..good };
    assert_eq!(
        uridfa::runtime::check(&bad).map_err(|e| e.invariant),
        Err(5)
    );
    let input = b"http://example.com/a?b#c";
    let n = good.reg_len as usize;
    for len in [32, 64, n] {
        let mut regs = vec![0usize; len];
        let e = split_regs(&bad, input, &mut regs).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::CorruptTables, "{len} registers");
        let mut regs = vec![0u32; len];
        let e = split_regs32(&bad, input, &mut regs).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::CorruptTables, "{len} u32 registers");
    }
}
