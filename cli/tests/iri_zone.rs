//! End-to-end: the built-in `rfc3987` and `rfc6874` grammars by name.
//! Expected components come from the RFCs' examples (RFC 3987 §3.1,
//! RFC 6874 §2).

use serde_json::{json, Value};
use std::process::{Command, Output};

/// The one JSON record `split` printed for one input.
fn json(stdout: &[u8]) -> Value {
    serde_json::from_slice(stdout).expect("one JSON value")
}

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
    let v = json(&o.stdout);
    assert_eq!(
        (&v["components"]["ihost"], &v["ihost_kind"]),
        (&json!("r\u{E9}sum\u{E9}.example.org"), &json!("ireg-name")),
        "{v}"
    );
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
    let v = json(&o.stdout);
    let c = &v["components"];
    assert_eq!(
        (&c["host"], &c["ZoneID"]),
        (&json!("[fe80::a%25en1]"), &json!("en1")),
        "{v}"
    );
    // A bare "%" is not RFC 6874 syntax.
    let o = run(&[
        s("check"),
        s("--grammar"),
        s("rfc6874"),
        s("http://[fe80::a%en1]"),
    ]);
    assert_eq!(o.status.code(), Some(1));
}

/// The offset in `uridfa check` output `err <offset> <message>`.
#[cfg(unix)]
fn check_offsets(grammar: &[&str], inputs: &[&[u8]]) -> Vec<usize> {
    use std::os::unix::ffi::OsStrExt;
    let mut args: Vec<&std::ffi::OsStr> = vec![s("check")];
    args.extend(grammar.iter().map(|a| s(a)));
    args.push(s("--"));
    args.extend(inputs.iter().map(|i| std::ffi::OsStr::from_bytes(i)));
    let o = run(&args);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout).unwrap();
    out.lines()
        .map(|l| {
            let rest = l.strip_prefix("err ").unwrap_or_else(|| panic!("{l}"));
            rest.split(' ').next().unwrap().parse().unwrap()
        })
        .collect()
}

#[test]
#[cfg(unix)]
fn utf8_errors_are_reported_at_the_character_start() {
    // "http://a/" is 9 bytes; each input then has a character that
    // RFC 3987 §2.2 does not allow in ipath, or invalid UTF-8 (RFC 3629):
    // the error belongs at its first byte, 9, as in the typed views.
    let inputs: [&[u8]; 6] = [
        b"http://a/\xEF\xBF\xBE",     // U+FFFE: not ucschar; fails at 11
        b"http://a/\xF0\x9F\xBF\xBE", // U+1FFFE: not ucschar; fails at 12
        b"http://a/\xEE\x80\x80",     // U+E000: iprivate, query only
        b"http://a/\xED\xA0\x80",     // encoded surrogate U+D800
        b"http://a/\xC3(",            // truncated 2-byte sequence
        b"http://a/\xFF",             // never in UTF-8 (already at 9)
    ];
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/rfc3987.abnf");
    for grammar in [&["--grammar", "rfc3987"][..], &["--grammar-file", file][..]] {
        let got = check_offsets(grammar, &inputs);
        assert_eq!(got, vec![9; inputs.len()], "{grammar:?}");
        for (input, &offset) in inputs.iter().zip(&got) {
            let view = uridfa::rfc3987::IriRef::parse_bytes(input).unwrap_err();
            assert_eq!(offset, view.offset(), "{input:?}");
        }
    }
    // split reports the same offset.
    let o = run(&[
        s("split"),
        s("--grammar"),
        s("rfc3987"),
        s("http://a/\u{FFFE}"),
    ]);
    assert_eq!(json(&o.stdout)["offset"], json!(9));
    // A sequence cut off by the end of the input stays an error at the end.
    let end = check_offsets(&["--grammar", "rfc3987"], &[b"http://a/\xE2\x82"]);
    assert_eq!(end, vec![11]);
}

#[test]
#[cfg(unix)]
fn byte_grammars_keep_the_byte_offset() {
    // Without `;@ charset utf-8` every value is one byte: %xC3 is a
    // character of its own, and "(" after it is the unexpected byte, at 1.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-byte-grammar");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bytes.abnf");
    std::fs::write(&path, ";@ entry a\na = %xC3 \"b\"\n").unwrap();
    let path = path.to_str().unwrap();
    assert_eq!(
        check_offsets(&["--grammar-file", path], &[b"\xC3("]),
        vec![1]
    );
    // The same grammar with the charset: %xC3 is U+00C3 (C3 83), and the
    // error inside it is reported at its start.
    let path8 = dir.join("utf8.abnf");
    std::fs::write(&path8, ";@ charset utf-8\n;@ entry a\na = %xC3 \"b\"\n").unwrap();
    let path8 = path8.to_str().unwrap();
    assert_eq!(
        check_offsets(&["--grammar-file", path8], &[b"\xC3("]),
        vec![0]
    );
}
