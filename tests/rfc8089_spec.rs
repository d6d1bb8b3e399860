//! RFC 8089, the "file" URI scheme (`grammar/rfc8089.abnf`, module
//! `uridfa::rfc8089`), against the RFC's text and against an independent
//! ABNF engine.
//!
//! The RFC is not in `../shared/specs`; the examples are those of its
//! Appendix B ("Example URIs") and Appendix E ("Nonstandard Syntax
//! Variations", which Section 2's grammar does not allow), as published.
//! The oracle is the PyPI `abnf` package (`tests/oracles/abnf_captures.py`)
//! reading the same rules: RFC 3986's from `grammar/rfc3986.abnf` and
//! Section 2's from `grammar/rfc8089.abnf`, with no uridfa code between.

use crate::common::skip;

use crate::common::abnf_oracle;

use uridfa::rfc8089::{FileUri, HostKind};
use uridfa::{Presence, View};

#[test]
fn appendix_b_examples() -> Result<(), uridfa::Error> {
    // "A traditional file URI for a local file with an empty authority."
    let u = FileUri::parse("file:///path/to/file")?;
    assert_eq!(u.path(), "/path/to/file");
    assert_eq!(u.file_auth(), Some(""));
    // "The minimal representation of a local file with no authority field
    // and an absolute path that begins with a slash."
    let u = FileUri::parse("file:/path/to/file")?;
    assert_eq!(
        (u.file_auth(), u.host(), u.path()),
        (None, None, "/path/to/file")
    );
    // "A non-local file with an explicit authority."
    let u = FileUri::parse("file://host.example.com/path/to/file")?;
    assert_eq!(u.host(), Some("host.example.com"));
    assert_eq!(u.host_kind(), Some(HostKind::RegName));
    assert_eq!(u.path(), "/path/to/file");
    assert!(u
        .path_segments()
        .map(|s| s.as_encoded())
        .eq([&b"path"[..], b"to", b"file"]));
    Ok(())
}

#[test]
fn localhost_and_ip_hosts() -> Result<(), uridfa::Error> {
    // §2: `file-auth = "localhost" / host`; the first alternative matches
    // "localhost", which names the local machine, not a host.
    let u = FileUri::parse("file://localhost/etc/fstab")?;
    assert_eq!((u.file_auth(), u.host()), (Some("localhost"), None));
    // A longer name that starts with it is a host (reg-name).
    let u = FileUri::parse("file://localhost.example/x")?;
    assert_eq!(u.host(), Some("localhost.example"));
    // RFC 3986's host rules, imported: IP literals and IPv4 addresses.
    let u = FileUri::parse("file://[2001:db8::7]/c")?;
    assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
    assert_eq!(u.host_ip(), "2001:db8::7".parse().ok());
    let u = FileUri::parse("file://192.0.2.16/c")?;
    assert_eq!(u.host_kind(), Some(HostKind::Ipv4));
    // Section 2 has no port, query or fragment, and the scheme is "file".
    for bad in ["file://h:80/x", "file:///x?q", "file:///x#f", "http:///x"] {
        assert!(FileUri::parse(bad).is_err(), "{bad}");
    }
    Ok(())
}

#[test]
fn appendix_e_forms_are_outside_section_2() {
    // E.2 (DOS drive letters without a slash), E.3 (UNC strings with
    // extra slashes): "nonstandard"; Section 2's `path-absolute` allows
    // neither a path that does not start with "/" nor one that starts
    // with "//".
    for nonstandard in [
        "file:c:/path/to/file",
        "file:////host.example.com/path/to/file",
        "file://///host.example.com/path/to/file",
    ] {
        assert!(FileUri::parse(nonstandard).is_err(), "{nonstandard}");
    }
    // E.2's other form has the drive letter in an absolute path, which
    // Section 2 allows.
    assert_eq!(
        FileUri::parse("file:///c:/path/to/file").map(|u| u.path()),
        Ok("/c:/path/to/file")
    );
}

#[test]
fn presence_from_the_grammar() {
    // `path-absolute` is on every path of `file-URI`; the rest may be
    // absent.
    assert_eq!(FileUri::presence("path"), Some(Presence::Always));
    assert_eq!(FileUri::presence("file-auth"), Some(Presence::Sometimes));
    assert_eq!(FileUri::presence("host"), Some(Presence::Sometimes));
    assert_eq!(<FileUri<'_> as View<'_>>::GRAMMAR, "rfc8089");
}

/// A fixed-seed generator (SplitMix64), so that a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

/// Appendix B's and E's examples, then 3,000 built from pieces with the
/// characters that decide a parse (`/`, `:`, `@`, `[`, `%`), some invalid.
fn inputs() -> Vec<String> {
    let mut out: Vec<String> = [
        "file:///path/to/file",
        "file:/path/to/file",
        "file://host.example.com/path/to/file",
        "file:c:/path/to/file",
        "file:///c:/path/to/file",
        "file:////host.example.com/path/to/file",
        "file://///host.example.com/path/to/file",
        "file://localhost/etc/fstab",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let starts = [
        "file:",
        "file://",
        "file:///",
        "FILE://",
        "file:////",
        "fil:",
    ];
    let auths = [
        "",
        "localhost",
        "localhost.x",
        "h.example",
        "192.0.2.1",
        "999.1.1.1",
        "[::1]",
        "[v7.x]",
        "[::1",
        "a%20b",
        "%4",
        "u@h",
        "h:80",
        "!$&'()*+,;=",
    ];
    let paths = [
        "/", "/a", "/a/b", "//a", "/a//b", "a", "/%41", "/%G1", "/:", "/@", "/a?b", "/a#b", "",
        "/c:/x", "/ ",
    ];
    let mut rng = Rng(0x8089);
    for _ in 0..3000 {
        let mut s = rng.pick(&starts).to_string();
        if s.ends_with("//") {
            s.push_str(rng.pick(&auths));
        }
        s.push_str(rng.pick(&paths));
        if rng.next() % 3 == 0 {
            s.push_str(rng.pick(&paths));
        }
        out.push(s);
    }
    out
}

#[test]
fn agrees_with_the_abnf_package() {
    let root = env!("CARGO_MANIFEST_DIR");
    // One rule list for the package: RFC 3986's rules (the file
    // rfc8089.abnf imports), then Section 2's. The package reads RFC 5234
    // prose values as text, so RFC 3986's `path-empty = 0<pchar>` is
    // given as what it means, zero `pchar`.
    let rfc3986 = std::fs::read_to_string(format!("{root}/grammar/rfc3986.abnf")).expect("rfc3986");
    let rfc8089 = std::fs::read_to_string(format!("{root}/grammar/rfc8089.abnf")).expect("rfc8089");
    let both = format!("{}\n{rfc8089}", rfc3986.replace("0<pchar>", "0pchar"));
    let dir = std::env::temp_dir().join(format!("uridfa-rfc8089-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let grammar = dir.join("both.abnf");
    std::fs::write(&grammar, both).expect("grammar");
    let captures = ["file-auth", "path-absolute"];
    let inputs = inputs();
    let answers = abnf_oracle::answers(
        &grammar,
        "file-URI",
        &captures,
        &inputs,
        "rfc8089",
        skip::note,
    );
    std::fs::remove_dir_all(&dir).ok();
    let Some(answers) = answers else {
        return;
    };
    let (mut accepted, mut rejected) = (0, 0);
    for (input, theirs) in inputs.iter().zip(answers) {
        let ours = FileUri::parse(input);
        assert_eq!(ours.is_ok(), theirs.is_some(), "acceptance of {input:?}");
        let (Ok(u), Some(theirs)) = (ours, theirs) else {
            rejected += 1;
            continue;
        };
        accepted += 1;
        // `path-absolute` occurs once; `file-auth` at most once.
        let one = |k: usize| -> Option<String> {
            let all = &theirs[k];
            assert!(all.len() <= 1, "{} twice in {input:?}", captures[k]);
            all.first().cloned()
        };
        assert_eq!(one(1).as_deref(), Some(u.path()), "{input:?}");
        // `[ file-auth ]` before an empty `host` (`file:///x`) has two
        // parses, with and without an empty authority (`uridfa lint` reports
        // it): uridfa takes the option (greedy, docs/derive.md), the package
        // leaves it out. So an empty `file-auth` compares as none.
        let nonempty = |a: Option<&str>| a.filter(|a| !a.is_empty()).map(str::to_owned);
        assert_eq!(
            nonempty(one(0).as_deref()),
            nonempty(u.file_auth()),
            "{input:?}"
        );
    }
    // Both kinds are well represented.
    assert!(
        accepted > 500 && rejected > 500,
        "{accepted} accepted, {rejected} rejected"
    );
    eprintln!("rfc8089 against the abnf package: {accepted} accepted, {rejected} rejected");
}
