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
    assert_eq!(a.finals, b.finals);
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

#[test]
fn emitted_tables_equal_the_generator_output() {
    for g in uridfa::GRAMMARS {
        let path = format!("{}/grammar/{}.abnf", env!("CARGO_MANIFEST_DIR"), g.name);
        let c = compile_file(path.as_ref(), Options::default()).unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(c.machines.len(), g.entries.len());
        for (m, t) in c.machines.iter().zip(g.entries) {
            uridfa_runtime::check(t).unwrap();
            same(&m.tables.as_tables(), t);
        }
    }
    // The narrowest ID width that fits is used.
    let t = &uridfa::rfc3986::tables::URI_REFERENCE;
    assert!(
        matches!(t.trans, Trans::U16(_)),
        "476 states x 21 classes need u16 IDs"
    );
}

/// Invariant 11 of `Tables`: `stride_recip` turns a state ID into its index
/// without a division. A wrong value is caught by the checker, and the run
/// time given one still answers without panicking.
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
