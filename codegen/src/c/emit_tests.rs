//! Unit tests of `emit.rs` (a file of their own to keep `emit.rs` short).
use super::*;
use crate::pipeline::emit::const_name;

#[test]
fn names_and_slots() {
    assert_eq!(c_name("URI-reference"), "uri_reference");
    assert_eq!(reg_slots(24), 32);
    assert_eq!(reg_slots(39), 64);
    assert_eq!(reg_slots(62), 62);
}

#[test]
fn identifiers_never_start_with_a_digit() {
    assert_eq!(prefix_digit(c_name("3986")), "g3986");
    assert_eq!(prefix_digit(c_name("rfc3986")), "rfc3986");
}

#[test]
fn c_strings_escape() {
    assert_eq!(c_string(b"a\"?\\\x01"), "\"a\\\"\\?\\\\\\001\"");
}

#[test]
fn a_capture_named_like_a_macro_is_an_error() {
    let c = crate::driver::compile_str(
        "g.abnf",
        ";@ entry r\n;@ capture spans\nr = spans\nspans = \"a\"\n",
        crate::driver::Options::default(),
    )
    .unwrap();
    let e = files(&c, "g.abnf").unwrap_err();
    assert_eq!(e, EmitCError::NameClash("spans".into()));
    assert!(e.to_string().contains("(SPANS)"), "{e}");
    // At the pragma that names it: line 2, the word `spans`.
    let d = diagnostic(&c, &e).to_string();
    assert!(
        d.starts_with("g.abnf:2:12: error: the capture 'spans'"),
        "{d}"
    );
}

#[test]
fn upper_case_constants() {
    // The names: RFC3986_CAPTURES, RFC3986_HOST.
    assert_eq!(const_name("host"), "HOST");
}

#[test]
fn state_index_by_the_odd_inverse_is_the_division() {
    // Every stride a table can have (a row of at most 256 classes) and,
    // for each, state IDs up to where a u32 ID ends: the C driver's
    // `(id >> twos) * inv` against the division it replaces.
    for stride in 1u32..=256 {
        let (twos, inv) = stride_inverse(stride);
        assert_eq!(stride >> twos << twos, stride);
        assert_eq!((stride >> twos) & 1, 1, "stride {stride}");
        let last = u32::MAX / stride;
        let indices = (0..5000).chain((last - 5000)..=last);
        for index in indices.chain([last / 2, last / 3]) {
            let id = index * stride;
            assert_eq!(
                (id >> twos).wrapping_mul(inv),
                id / stride,
                "stride {stride} id {id}"
            );
        }
    }
    assert_eq!(stride_inverse(0), (0, 0));
}
