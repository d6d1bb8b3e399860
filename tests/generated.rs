//! The emitted `static` tables equal what the generator builds from the same
//! grammar file, field by field, and pass the invariant checker.

use uridfa_codegen::driver::{compile_file, Options};
use uridfa_runtime::{Tables, Trans};

fn same(a: &Tables<'_>, b: &Tables<'_>) {
    let trans = |t: &Tables<'_>| {
        (0..t.trans.len())
            .map(|i| t.trans.get(i))
            .collect::<Vec<_>>()
    };
    assert_eq!(a.rule, b.rule);
    assert_eq!(a.classes, b.classes);
    assert_eq!(a.stride, b.stride);
    assert_eq!(a.stride_recip, b.stride_recip);
    assert_eq!(trans(a), trans(b));
    assert_eq!(
        std::mem::discriminant(&a.trans),
        std::mem::discriminant(&b.trans)
    );
    assert_eq!(
        (a.start, a.special, a.reg_len),
        (b.start, b.special, b.reg_len)
    );
    assert_eq!(a.edges, b.edges);
    assert_eq!(a.ops, b.ops);
    assert_eq!(a.accels, b.accels);
    assert_eq!(a.accel_escapes, b.accel_escapes);
    // The byte-string statics (Note [byte arrays as byte strings] in
    // `uridfa_codegen::emit`).
    assert_eq!(a.accel_lut, b.accel_lut);
    assert_eq!(a.accel_nibbles, b.accel_nibbles);
    assert_eq!(a.after.kinds, b.after.kinds);
    assert_eq!(a.after.classes, b.after.classes);
    assert_eq!(
        (a.after.stride, a.after.trans),
        (b.after.stride, b.after.trans)
    );
    assert_eq!(a.finals, b.finals);
    let ids = |t: Trans<'_>| (0..t.len()).map(|i| t.get(i)).collect::<Vec<_>>();
    assert_eq!(ids(a.state_final), ids(b.state_final));
    assert_eq!(a.state_component, b.state_component);
    let names = |t: &Tables<'_>| {
        (0..t.capture_len())
            .map(|i| t.capture_name(i).map(String::from))
            .collect::<Vec<_>>()
    };
    assert_eq!(names(a), names(b));
    let texts = |t: &Tables<'_>| {
        t.state_expected
            .iter()
            .map(|&e| t.str(t.expected[usize::from(e)]).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(texts(a), texts(b));
}

/// Whether this build has the `size` profile (uridfa-runtime without
/// `fast-tables`): what [`Trans::pick`] chooses,
/// which `uridfa_runtime::SMALL_TABLES` must say too.
fn small_profile() -> bool {
    let small = Trans::Index8 {
        cells: &[],
        stride: 1,
    };
    let picked = matches!(Trans::pick(Trans::U8(&[]), small), Trans::Index8 { .. });
    assert_eq!(picked, uridfa_runtime::SMALL_TABLES);
    picked
}

/// `m`'s tables as the generated statics should be in this build's
/// profile: the compact form where it fits and the profile is `size`.
fn expected_form(m: &uridfa_codegen::tables::TablesBuf, f: impl FnOnce(&Tables<'_>)) {
    match m.index8_cells() {
        Some(cells) if small_profile() => f(&m.as_small_tables(&cells)),
        _ => f(&m.as_tables()),
    }
}

#[test]
fn emitted_tables_equal_the_generator_output() {
    for g in uridfa::GRAMMARS {
        let path = format!("{}/grammar/{}.abnf", env!("CARGO_MANIFEST_DIR"), g.name);
        let c = compile_file(path.as_ref(), Options::default()).unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(c.machines.len(), g.entries.len());
        for ((m, t), lists) in c.machines.iter().zip(g.entries).zip(g.lists) {
            uridfa_runtime::check(t).unwrap();
            expected_form(&m.tables, |want| same(want, t));
            // Invariant 14, and the same lists as the generator's.
            uridfa_runtime::check_lists(t, lists).unwrap();
            assert_eq!(lists.len(), m.lists.len());
            for (l, ml) in lists.iter().zip(&m.lists) {
                assert_eq!(l.region, ml.region);
                expected_form(&ml.machine.tables, |want| same(want, l.item));
                assert_eq!(l.lists.len(), ml.machine.lists.len());
            }
        }
        assert_eq!(c.components.len(), g.components.len());
        for (m, t) in c.components.iter().zip(g.components) {
            uridfa_runtime::check(t).unwrap();
            expected_form(&m.tables, |want| same(want, t));
        }
    }
    // Invariant 14 can fail: a list whose region is no list region.
    let t = &uridfa::rfc6068::tables::MAILTOURI;
    let item = &uridfa::rfc6068::tables::MAILTOURI_LIST_TO;
    let bad = [uridfa_runtime::List {
        region: 0,
        item,
        lists: &[],
    }];
    let e = uridfa_runtime::check_lists(t, &bad).expect_err("region 0 is addr-spec");
    assert_eq!((e.invariant, e.at), (14, 0));
    // Nor can an item's captures differ from its list's tables'.
    let region = uridfa::rfc6068::tables::MAILTOURI_LISTS[0].region;
    let other = [uridfa_runtime::List {
        region,
        item: &uridfa::rfc3986::tables::URI,
        lists: &[],
    }];
    let e = uridfa_runtime::check_lists(t, &other).expect_err("other captures");
    assert_eq!(e.invariant, 14);
    // The narrowest ID width that fits is used; in the `size` profile,
    // one-byte state indices (189 states, the dead state and 66 edges
    // fit 256 values).
    let t = &uridfa::rfc3986::tables::URI_REFERENCE;
    if small_profile() {
        assert!(
            matches!(t.trans, Trans::Index8 { cells, stride: 21 } if cells.len() == 189 * 21),
            "189 states x 21 classes in one-byte cells"
        );
    } else {
        assert!(
            matches!(t.trans, Trans::U16(_)),
            "189 states x 21 classes need u16 IDs"
        );
    }
}

/// `t`'s transitions as one-byte state indices ([`Trans::Index8`]),
/// computed here from the premultiplied IDs (`Trans::get`) by the
/// definition in the `Trans` docs, or `None` if they do not fit.
fn index8_of(t: &Tables<'_>) -> Option<Trans<'static>> {
    let states = t.state_len() as u32;
    let cells: Option<Vec<u8>> = (0..t.trans.len())
        .map(|i| {
            let id = t.trans.get(i)?;
            let cell = if id < t.special {
                id / t.stride
            } else {
                states + (id - t.special)
            };
            u8::try_from(cell).ok()
        })
        .collect();
    Some(Trans::Index8 {
        cells: leak(cells?),
        stride: t.stride,
    })
}

/// The `size` profile reads as the `speed` one: for every built-in machine
/// that fits one-byte cells, the compact copy passes `check`, names the
/// same IDs, and answers `validate`, `split_regs` and `longest_prefix`
/// as the premultiplied form on the shared corpus of URLs, with every
/// input cut at every tenth offset (errors included).
#[test]
fn index8_form_answers_as_the_premultiplied_form() {
    let corpus = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/corpora/urls/kasztp.txt"
    ))
    .unwrap_or_default();
    let mut inputs: Vec<&[u8]> = corpus.split(|&b| b == b'\n').take(3_000).collect();
    inputs.extend([
        &b"http://user@example.com:80/a/b?c=%41d#e"[..],
        b"//[v1.x]/%4",
        b"a:%GG",
        b"",
    ]);
    let mut fitted = 0;
    for g in uridfa::GRAMMARS {
        for t in g.entries.iter().chain(g.components) {
            let t: &Tables<'_> = t;
            let wide = Tables {
                trans: match t.trans {
                    Trans::Index8 { .. } => ids_with(t.trans, |_| ()),
                    other => other,
                },
                ..*t
            };
            let Some(small) = index8_of(&wide).filter(|_| !matches!(wide.trans, Trans::U8(_)))
            else {
                continue;
            };
            let small = Tables {
                trans: small,
                ..wide
            };
            uridfa_runtime::check(&small).unwrap();
            let ids = |t: &Tables<'_>| {
                (0..t.trans.len())
                    .map(|i| t.trans.get(i))
                    .collect::<Vec<_>>()
            };
            assert_eq!(ids(&small), ids(&wide));
            for input in &inputs {
                for cut in (0..=input.len()).step_by(10).chain([input.len()]) {
                    let input = &input[..cut];
                    assert_eq!(
                        uridfa_runtime::validate(&small, input),
                        uridfa_runtime::validate(&wide, input)
                    );
                    let (mut a, mut b) = ([0usize; 256], [0usize; 256]);
                    assert_eq!(
                        uridfa_runtime::split_regs(&small, input, &mut a),
                        uridfa_runtime::split_regs(&wide, input, &mut b),
                    );
                    let n = wide.reg_len as usize;
                    assert_eq!(
                        a[..n],
                        b[..n],
                        "{}: {:?}",
                        t.rule,
                        String::from_utf8_lossy(input)
                    );
                    assert_eq!(
                        uridfa_runtime::longest_prefix(&small, input),
                        uridfa_runtime::longest_prefix(&wide, input)
                    );
                }
            }
            fitted += 1;
        }
    }
    // RFC 3986's four entries and its `host` component at least.
    assert!(fitted >= 5, "{fitted} machines fit one-byte cells");
}

/// Invariant 11 of `Tables`: `stride_recip` turns a state ID into its index
/// without a division. A wrong value is caught by the checker, and the run
/// time given one still answers without panicking.
/// The committed `src/generated/` is what the generator writes from
/// `grammar/` now, byte for byte (Note [committed tables] in
/// `uridfa_codegen::driver`): a change to the generator that changes its
/// output fails here until the tables are regenerated.
#[test]
fn committed_tables_are_the_generator_output() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("uridfa-generated-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let names =
        uridfa_codegen::driver::generate_dir(&root.join("grammar"), &out).unwrap_or_else(|e| {
            panic!("{e}");
        });
    assert_eq!(names.len(), uridfa::GRAMMARS.len());
    let mut committed: Vec<_> = std::fs::read_dir(root.join("src/generated"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    committed.sort();
    let mut fresh: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    fresh.sort();
    assert_eq!(committed, fresh, "the files of src/generated/");
    for name in fresh {
        let want = std::fs::read(out.join(&name)).unwrap();
        let got = std::fs::read(root.join("src/generated").join(&name)).unwrap();
        assert!(
            got == want,
            "src/generated/{} differs from the generator's output; run \
             `cargo run -p uridfa-codegen --bin uridfa-generate`",
            name.to_string_lossy()
        );
    }
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn stride_recip_is_checked_and_never_panics() {
    for g in uridfa::GRAMMARS {
        for t in g.entries {
            assert_eq!(t.stride_recip, Tables::stride_recip_of(t.stride));
            for s in 0..t.state_len() {
                assert_eq!(t.state_index(s as u32 * t.stride), s, "{}", t.rule);
            }
        }
    }
    let good = uridfa::rfc3986::tables::URI_REFERENCE;
    for recip in [0, 1, good.stride_recip - 1, good.stride_recip + 1, u64::MAX] {
        let bad = Tables {
            stride_recip: recip,
            ..good
        };
        let e = uridfa_runtime::check(&bad).expect_err("a wrong stride_recip must be caught");
        assert_eq!(e.invariant, 11, "{e}");
        for input in [&b""[..], b"http://a/b?c#d", b"//x", b"a:", b"%"] {
            let _ = uridfa_runtime::validate(&bad, input);
            let mut regs = [0usize; 64];
            let _ = uridfa_runtime::split_regs(&bad, input, &mut regs);
        }
    }
}

/// `v` leaked, so that a corrupted copy of a table set can borrow it.
fn leak<T>(v: Vec<T>) -> &'static [T] {
    Box::leak(v.into_boxed_slice())
}

/// `t`'s transitions with `f` applied, in `t`'s ID width.
fn trans_with(t: &Tables<'_>, f: impl FnOnce(&mut Vec<u32>)) -> Trans<'static> {
    ids_with(t.trans, f)
}

/// An ID array of the same width with `f` applied to a copy.
fn ids_with(ids: Trans<'_>, f: impl FnOnce(&mut Vec<u32>)) -> Trans<'static> {
    let mut v: Vec<u32> = (0..ids.len()).map(|i| ids.get(i).unwrap()).collect();
    f(&mut v);
    match ids {
        Trans::U8(_) => Trans::U8(leak(v.into_iter().map(|x| x as u8).collect())),
        // The compact form widened (premultiplied IDs need not be indices).
        Trans::U16(_) | Trans::Index8 { .. } => {
            Trans::U16(leak(v.into_iter().map(|x| x as u16).collect()))
        }
        Trans::U32(_) => Trans::U32(leak(v)),
    }
}

/// `s` with `f` applied to a copy.
fn with<T: Clone>(s: &[T], f: impl FnOnce(&mut Vec<T>)) -> &'static [T] {
    let mut v = s.to_vec();
    f(&mut v);
    leak(v)
}

/// One corrupted copy per checkable invariant of `Tables` (`# Invariants`
/// in `runtime/src/tables/mod.rs`), each rejected by `check` under that
/// invariant's number, and each run through `validate` and `split_regs`
/// without a panic. Invariant 6 (operations run in order) is a statement
/// about the run time, not about the data, and has no corruption.
#[test]
fn every_invariant_has_a_corruption_that_check_rejects() {
    let good = uridfa::rfc3986::tables::URI_REFERENCE;
    uridfa_runtime::check(&good).unwrap();
    // The premultiplied form (in the `size` profile the statics hold the
    // compact one, which cannot express every corruption below).
    let compact = index8_of(&good).expect("URI-reference fits one-byte cells");
    let good = Tables {
        trans: ids_with(good.trans, |_| ()),
        ..good
    };
    uridfa_runtime::check(&good).unwrap();
    // `host` alone: fewer states, so a cell past the edges exists.
    let host = uridfa::rfc3986::tables::HOST_RULE;
    let host_compact = index8_of(&host).expect("host fits one-byte cells");
    let Trans::Index8 {
        cells: host_cells, ..
    } = host_compact
    else {
        unreachable!()
    };
    let past_edges = host.state_len() + 1 + host.edges.len();
    assert!(past_edges <= 255);
    let stride = good.stride;
    let special = good.special;
    let state_len = good.state_len();
    let cap_len = good.captures.len();
    assert!(stride > 1 && !good.edges.is_empty() && !good.ops.is_empty() && cap_len > 0);
    // `a` may start a scheme or a relative path (Note [the components an
    // error may be in]).
    assert!(!good.component_sets.is_empty());
    let accel_edge = good
        .edges
        .iter()
        .position(|e| e.accel != uridfa_runtime::Edge::NO_ACCEL)
        .expect("URI-reference has an accelerated edge");
    let accel = good.edges[accel_edge].accel as usize;
    // Note [escape-aware runs]: a set whose runs step over `%HH`.
    let escaped = good
        .accel_escapes
        .iter()
        .position(|e| !e.is_none())
        .expect("URI-reference has an escape-aware run");
    assert_eq!(good.accel_escapes[escaped].byte, b'%');
    let escaped_edge = good
        .edges
        .iter()
        .position(|e| usize::from(e.accel) == escaped)
        .expect("an edge into the escape-aware run");
    // Every edge of URI-reference carries at most five operations, packed.
    assert!(good.reg_len <= uridfa_runtime::Edge::PACKED_REGS);
    let packed_edge = good
        .edges
        .iter()
        .position(|e| e.ops_len > 0)
        .expect("URI-reference has an edge with operations");
    // Note [position copies]: an edge whose word says its first three
    // operations read the position, and one whose word says they do not.
    let positions = uridfa_runtime::Edge::POSITIONS;
    let position_edge = good
        .edges
        .iter()
        .position(|e| e.ops_len > 0 && e.ops & positions != 0)
        .expect("URI-reference has an edge that only stores positions");
    let copy_edge = good
        .edges
        .iter()
        .position(|e| e.ops_len > 0 && e.ops & positions == 0)
        .expect("URI-reference has an edge that copies a register or NIL");
    // A machine with one-byte IDs, for the width invariant.
    let narrow = uridfa::GRAMMARS
        .iter()
        .flat_map(|g| g.entries.iter())
        .find(|t| matches!(t.trans, Trans::U8(_)) && !t.edges.is_empty())
        .copied()
        .expect("some entry has u8 IDs");
    let mut classes_bad = *good.classes;
    classes_bad[b'a' as usize] = stride as u8;
    let classes_bad: &'static [u8; 256] = Box::leak(Box::new(classes_bad));
    let mut one_loop = good.accels[accel];
    one_loop.0 = [u64::MAX; 4];

    let cases: Vec<(u8, &str, Tables<'_>)> = vec![
        (1, "stride 0", Tables { stride: 0, ..good }),
        (
            15,
            "an Index8 table whose stride is not the stride",
            Tables {
                trans: match compact {
                    Trans::Index8 { cells, stride } => Trans::Index8 {
                        cells,
                        stride: stride + 1,
                    },
                    other => other,
                },
                ..good
            },
        ),
        (
            3,
            "an Index8 cell past the edges",
            Tables {
                trans: Trans::Index8 {
                    cells: with(host_cells, |c| c[0] = past_edges as u8),
                    stride: host.stride,
                },
                ..host
            },
        ),
        (
            1,
            "stride 257",
            Tables {
                stride: 257,
                ..good
            },
        ),
        (
            1,
            "a byte class >= stride",
            Tables {
                classes: classes_bad,
                ..good
            },
        ),
        (
            2,
            "one transition missing",
            Tables {
                trans: trans_with(&good, |v| {
                    v.pop();
                }),
                ..good
            },
        ),
        (
            2,
            "special != trans.len()",
            Tables {
                special: special - stride,
                ..good
            },
        ),
        (
            2,
            "a transition to an ID that is not premultiplied",
            Tables {
                trans: trans_with(&good, |v| v[0] = 1),
                ..good
            },
        ),
        (
            3,
            "a transition to a missing edge",
            Tables {
                trans: trans_with(&good, |v| v[0] = special + 1 + good.edges.len() as u32),
                ..good
            },
        ),
        (
            3,
            "an edge whose target is not a state",
            Tables {
                edges: with(good.edges, |e| e[0].target = 1),
                ..good
            },
        ),
        (
            3,
            "special IDs past the u8 width",
            Tables {
                edges: with(narrow.edges, |e| {
                    let first = e[0];
                    e.resize(256, first);
                }),
                ..*narrow
            },
        ),
        (4, "start is not a state ID", Tables { start: 1, ..good }),
        (
            4,
            "start is the dead state",
            Tables {
                start: special,
                ..good
            },
        ),
        (
            5,
            "an unpacked edge's op range outside ops",
            Tables {
                edges: with(good.edges, |e| {
                    // Longer than `Edge::PACKED_LEN`: `ops` is an index.
                    e[0].ops = good.ops.len() as u64;
                    e[0].ops_len = uridfa_runtime::Edge::PACKED_LEN as u16 + 1;
                }),
                ..good
            },
        ),
        (
            5,
            "a packed op that names a register >= reg_len",
            Tables {
                edges: with(good.edges, |e| {
                    let w = e[packed_edge].ops & !0x3f;
                    e[packed_edge].ops = w | u64::from(good.reg_len);
                }),
                ..good
            },
        ),
        (
            5,
            "a packed word that says it only stores positions, and copies",
            Tables {
                edges: with(good.edges, |e| e[copy_edge].ops |= positions),
                ..good
            },
        ),
        (
            5,
            "a packed word of position stores without its bit",
            Tables {
                edges: with(good.edges, |e| e[position_edge].ops &= !positions),
                ..good
            },
        ),
        (
            5,
            "a packed word with an operation past ops_len",
            Tables {
                edges: with(good.edges, |e| e[packed_edge].ops_len -= 1),
                ..good
            },
        ),
        (
            5,
            "an op writes a register >= reg_len",
            Tables {
                ops: with(good.ops, |o| o[0].dst = good.reg_len as u16),
                ..good
            },
        ),
        (
            5,
            "an op reads a register >= reg_len",
            Tables {
                ops: with(good.ops, |o| o[0].src = good.reg_len as u16),
                ..good
            },
        ),
        (
            2,
            "one state's final entry missing",
            Tables {
                state_final: ids_with(good.state_final, |v| {
                    v.pop();
                }),
                ..good
            },
        ),
        (
            4,
            "a state's final entry outside finals",
            Tables {
                state_final: ids_with(good.state_final, |v| {
                    v[0] = good.finals.len() as u32;
                }),
                ..good
            },
        ),
        (
            5,
            "a final op range outside ops",
            Tables {
                finals: with(good.finals, |f| {
                    f[0].ops_start = u32::MAX;
                    f[0].ops_len = 2;
                }),
                ..good
            },
        ),
        (
            5,
            "reg_len does not fit below Op::NIL",
            Tables {
                reg_len: u32::from(uridfa_runtime::Op::NIL),
                ..good
            },
        ),
        (
            7,
            "reg_len < 2 * captures.len()",
            Tables {
                captures: with(good.captures, |c| {
                    let first = c[0];
                    c.resize(good.reg_len as usize / 2 + 1, first);
                }),
                ..good
            },
        ),
        (
            7,
            "kind_of names a missing capture",
            Tables {
                captures: with(good.captures, |c| c[0].kind_of = cap_len as u16),
                ..good
            },
        ),
        (
            8,
            "state_component shorter than the states",
            Tables {
                state_component: &good.state_component[..state_len - 1],
                ..good
            },
        ),
        (
            8,
            "state_expected shorter than the states",
            Tables {
                state_expected: &good.state_expected[..state_len - 1],
                ..good
            },
        ),
        (
            8,
            "a state component past the captures and the component sets",
            Tables {
                state_component: with(good.state_component, |c| {
                    c[0] = (cap_len + good.component_sets.len()) as u16 + 1
                }),
                ..good
            },
        ),
        (
            8,
            "a state's expected text past expected",
            Tables {
                state_expected: with(good.state_expected, |c| c[0] = good.expected.len() as u16),
                ..good
            },
        ),
        (
            9,
            "a capture name outside strings",
            Tables {
                captures: with(good.captures, |c| {
                    c[0].name = uridfa_runtime::StrRef {
                        start: good.strings.len() as u32,
                        len: 1,
                    }
                }),
                ..good
            },
        ),
        (
            9,
            "a capture name not on a character boundary",
            Tables {
                strings: Box::leak(format!("{}\u{e9}", good.strings).into_boxed_str()),
                captures: with(good.captures, |c| {
                    c[0].name = uridfa_runtime::StrRef {
                        start: good.strings.len() as u32 + 1,
                        len: 1,
                    }
                }),
                ..good
            },
        ),
        (
            9,
            "an expected text outside strings",
            Tables {
                expected: with(good.expected, |x| x[0].len = good.strings.len() as u32 + 1),
                ..good
            },
        ),
        (
            9,
            "a component set's text outside strings",
            Tables {
                component_sets: with(good.component_sets, |x| {
                    x[0].start = good.strings.len() as u32
                }),
                ..good
            },
        ),
        (
            10,
            "an edge's accel outside accels",
            Tables {
                edges: with(good.edges, |e| {
                    e[accel_edge].accel = good.accels.len() as u16
                }),
                ..good
            },
        ),
        (
            10,
            "an accel_lut bit that disagrees with its set",
            Tables {
                accel_lut: {
                    let mut lut = *good.accel_lut.expect("URI-reference has runs");
                    lut[usize::from(b'a')] ^= 1;
                    Some(Box::leak(Box::new(lut)))
                },
                ..good
            },
        ),
        (
            10,
            "no accel_lut beside accels",
            Tables {
                accel_lut: None,
                ..good
            },
        ),
        (
            10,
            "an accel_nibbles row that disagrees with its set",
            Tables {
                accel_nibbles: with(good.accel_nibbles, |n| n[0][1] ^= 1),
                ..good
            },
        ),
        (
            10,
            "accel_nibbles missing a set",
            Tables {
                accel_nibbles: &good.accel_nibbles[1..],
                ..good
            },
        ),
        (
            10,
            "an accelerated byte that leaves the state",
            Tables {
                accels: with(good.accels, |a| a[accel] = one_loop),
                ..good
            },
        ),
        (
            13,
            "accel_escapes missing a set",
            Tables {
                accel_escapes: &good.accel_escapes[1..],
                ..good
            },
        ),
        (
            13,
            "escape digits outside accels",
            Tables {
                accel_escapes: with(good.accel_escapes, |e| e[escaped].digits = 999),
                ..good
            },
        ),
        (
            13,
            "escape digits that do not lead back to the run",
            Tables {
                // Set `escaped` itself as digits: `%` then a letter is
                // not an escape.
                accel_escapes: with(good.accel_escapes, |e| e[escaped].digits = escaped as u16),
                ..good
            },
        ),
        (
            13,
            "an escaped run whose state is dead on the escape's byte",
            Tables {
                trans: trans_with(&good, |t| {
                    let s = good.edges[escaped_edge].target as usize;
                    t[s + usize::from(good.classes[usize::from(b'%')])] = special;
                }),
                ..good
            },
        ),
        (
            11,
            "stride_recip off by one",
            Tables {
                stride_recip: good.stride_recip + 1,
                ..good
            },
        ),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (invariant, what, bad) in &cases {
        let e = uridfa_runtime::check(bad)
            .expect_err(&format!("invariant {invariant}: {what} must be rejected"));
        assert_eq!(e.invariant, *invariant, "{what}: {e}");
        seen.insert(*invariant);
        for input in [
            &b""[..],
            b"http://a/b?c#d",
            b"//x",
            b"a:",
            b"%",
            b"aaaaaaaa",
        ] {
            let _ = uridfa_runtime::validate(bad, input);
            let mut regs = [0usize; 256];
            let _ = uridfa_runtime::split_regs(bad, input, &mut regs);
            // And the slice register file (exactly `reg_len` registers).
            let exact = regs.len().min(bad.reg_len as usize);
            let _ = uridfa_runtime::split_regs(bad, input, &mut regs[..exact]);
        }
    }
    // Every numbered invariant of `check` but 6 (an execution-order rule)
    // has a case; 14 is `check_lists`', whose cases are above.
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 13, 15]
    );
    // The compact forms themselves pass.
    uridfa_runtime::check(&Tables {
        trans: compact,
        ..good
    })
    .unwrap();
    uridfa_runtime::check(&Tables {
        trans: host_compact,
        ..host
    })
    .unwrap();
}

/// Error messages use the spec's vocabulary (rule names, quoted
/// characters, "a byte 0x80 to 0xBF"), never ABNF's raw `%x2D-2F`.
#[test]
fn expected_texts_have_no_raw_abnf_ranges() {
    let mut texts = 0;
    for g in uridfa::GRAMMARS {
        for t in g.entries {
            for &r in t.expected {
                let text = t.str(r);
                assert!(!text.contains("%x"), "{} {}: {text}", g.name, t.rule);
                texts += 1;
            }
        }
    }
    assert!(texts > 500, "{texts}");
}
