//! The two peer parsers on RFC 3986's examples. A peer whose generator
//! was missing at build time is skipped with a `SKIP` line, and under
//! `CI=true` (where `.ci/run` installs re2c and Ragel) that is a failure.

#[path = "../common/uridfa_split.rs"]
mod common;
#[path = "../../../tests/common/skip.rs"]
mod skip;
use common::uridfa_split;

use uridfa_bench_c_peer::{available, ragel_available, ragel_split, split};

/// Whether the peer built with `tool` is there; if not, records the skip
/// (and fails under CI).
fn present(tool: &str, built: bool) -> bool {
    if !built {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{tool} was not found when benches/c-peer was built (CI installs it)"
        );
        skip::note(format_args!(
            "SKIP: {tool} not found at build time: its peer is not tested"
        ));
    }
    built
}

/// RFC 3986 section 3's example: its five components.
#[test]
fn rfc3986_section_3_example() {
    if !present("re2c", available()) {
        return;
    }
    let s = b"foo://example.com:8042/over/there?name=ferret#nose\0";
    let c = split(s).expect("a URI");
    let text = |k: usize| c[k].map(|(a, b)| &s[a..b]);
    assert_eq!(text(0), Some(&b"foo"[..]));
    assert_eq!(text(1), None);
    assert_eq!(text(2), Some(&b"example.com"[..]));
    assert_eq!(text(3), Some(&b"8042"[..]));
    assert_eq!(text(4), Some(&b"/over/there"[..]));
    assert_eq!(text(5), Some(&b"name=ferret"[..]));
    assert_eq!(text(6), Some(&b"nose"[..]));
    assert_eq!(split(b"http://a b\0"), None);
    assert_eq!(split(b"no sentinel"), None);
}

/// The Ragel peer on RFC 3986's examples (section 3's, section 1.1.2's
/// `urn:`), on section 1.1.2's `ldap://[2001:db8::7]/c=GB?objectClass?one`
/// with a userinfo `user:pass` added (its `:` must not be read as the
/// port's), and on two rejected inputs; the expected components are
/// read off the RFC's grammar by hand.
#[test]
fn ragel_on_rfc3986_examples() {
    if !present("ragel", ragel_available()) {
        return;
    }
    let text = |s: &'static [u8], k: usize| {
        let c = ragel_split(s).expect("a URI-reference");
        c[k].map(|(a, b)| &s[a..b])
    };
    let s = b"foo://example.com:8042/over/there?name=ferret#nose\0";
    let want: [Option<&[u8]>; 7] = [
        Some(b"foo"),
        None,
        Some(b"example.com"),
        Some(b"8042"),
        Some(b"/over/there"),
        Some(b"name=ferret"),
        Some(b"nose"),
    ];
    for (k, w) in want.iter().enumerate() {
        assert_eq!(text(s, k), *w, "component {k}");
    }
    let s = b"ftp://user:pass@[2001:db8::7]/c=GB?objectClass?one\0";
    assert_eq!(text(s, 1), Some(&b"user:pass"[..]));
    assert_eq!(text(s, 2), Some(&b"[2001:db8::7]"[..]));
    assert_eq!(text(s, 3), None);
    assert_eq!(text(s, 5), Some(&b"objectClass?one"[..]));
    let s = b"urn:oasis:names:specification:docbook:dtd:xml:4.1.2\0";
    assert_eq!(text(s, 0), Some(&b"urn"[..]));
    assert_eq!(
        text(s, 4),
        Some(&b"oasis:names:specification:docbook:dtd:xml:4.1.2"[..])
    );
    assert_eq!(ragel_split(b"http://a b\0"), None);
    assert_eq!(ragel_split(b"//a:1:2\0"), None);
}

/// What the bench checks before timing, in CI on a sample: both peers
/// accept what uridfa accepts and give the same seven spans, on every 16th
/// kasztp URL (skipped without `../shared`) and on every line of the
/// query-heavy corpus. uridfa itself is checked against independent
/// oracles elsewhere; this tests the peers' grammars (above all Ragel's
/// hand-written captures).
#[test]
fn peers_agree_with_uridfa_on_the_corpora() {
    let (re2c, ragel) = (
        present("re2c", available()),
        present("ragel", ragel_available()),
    );
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut lines: Vec<Vec<u8>> = Vec::new();
    match std::fs::read_to_string(format!("{dir}/../../shared/corpora/urls/kasztp.txt")) {
        Ok(text) => lines.extend(
            text.lines()
                .step_by(16)
                .map(|l| [l.as_bytes(), b"\0"].concat()),
        ),
        Err(e) => skip::note(format_args!(
            "SKIP: kasztp not read ({e}): the query corpus only"
        )),
    }
    let queries = std::fs::read_to_string(format!("{dir}/data/queries.txt")).unwrap();
    lines.extend(queries.lines().map(|l| [l.as_bytes(), b"\0"].concat()));
    let mut accepted = 0;
    for l in &lines {
        let want = uridfa_split(l);
        accepted += usize::from(want.is_some());
        if re2c {
            assert_eq!(split(l), want, "re2c on {:?}", String::from_utf8_lossy(l));
        }
        if ragel {
            assert_eq!(
                ragel_split(l),
                want,
                "Ragel on {:?}",
                String::from_utf8_lossy(l)
            );
        }
    }
    // Every query-heavy URL is valid (benches/data/gen_queries.py).
    assert!(accepted >= 2000, "{accepted}");
}
