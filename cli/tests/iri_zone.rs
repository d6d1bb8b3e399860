//! End-to-end: the built-in `rfc3987` and `rfc6874` grammars by name.
//! Expected components come from the RFCs' examples (RFC 3987 §3.1,
//! RFC 6874 §2).

use std::process::{Command, Output};

fn run(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(args)
        .output()
        .expect("run uridfa")
}

fn s(x: &str) -> &std::ffi::OsStr {
    x.as_ref()
}

#[test]
fn split_rfc3987_by_name() {
    // RFC 3987 §3.1: "http://r&#xE9;sum&#xE9;.example.org".
    let o = run(&[
        s("split"),
        s("--grammar"),
        s("rfc3987"),
        s("http://r\u{E9}sum\u{E9}.example.org"),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("\"ihost\": \"r\u{E9}sum\u{E9}.example.org\""),
        "{out}"
    );
    assert!(out.contains("\"ihost_kind\": \"ireg-name\""), "{out}");
}

#[test]
fn check_rfc3987_rejects_invalid_utf8() {
    // RFC 3987 §3.2.1: the octet <fc> "is not part of a strictly legal
    // UTF-8 sequence".
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let arg = std::ffi::OsStr::from_bytes(b"http://www.example.org/D\xFCrst");
        let o = run(&[s("check"), s("--grammar"), s("rfc3987"), arg]);
        assert_eq!(o.status.code(), Some(1));
    }
}

#[test]
fn split_rfc6874_by_name() {
    // RFC 6874 §2: "http://[fe80::a%25en1]".
    let o = run(&[
        s("split"),
        s("--grammar"),
        s("rfc6874"),
        s("http://[fe80::a%25en1]"),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("\"host\": \"[fe80::a%25en1]\""), "{out}");
    assert!(out.contains("\"ZoneID\": \"en1\""), "{out}");
    // A bare "%" is not RFC 6874 syntax.
    let o = run(&[
        s("check"),
        s("--grammar"),
        s("rfc6874"),
        s("http://[fe80::a%en1]"),
    ]);
    assert_eq!(o.status.code(), Some(1));
}
