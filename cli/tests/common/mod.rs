//! What the end-to-end tests of the `uridfa` binary share: running it,
//! reading its output, a temporary directory.

// Each test file uses some of these.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `uridfa ARGS` with `stdin` on its standard input.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_os(args.iter().map(|a| a.as_ref()), stdin)
}

/// [`run`] with arguments that need not be UTF-8.
pub fn run_os<'a>(args: impl IntoIterator<Item = &'a std::ffi::OsStr>, stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn uridfa");
    let mut pipe = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    // Write from another thread so a large input cannot deadlock against a
    // full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait uridfa");
    writer.join().expect("writer thread");
    out
}

/// Standard output, which must be UTF-8.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error, lossily decoded.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The exit status.
pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

/// A fresh directory for this test's files.
pub fn temp_dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// The built-in RFC 3986 grammar.
pub const G: [&str; 2] = ["--grammar", "rfc3986"];

/// The output lines of `uridfa split --grammar rfc3986 ARGS`.
pub fn split(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["split", G[0], G[1]];
    all.extend_from_slice(args);
    let o = run(&all, b"");
    json_lines(&stdout(&o))
}

/// Each line of `out` parsed as one JSON value (JSON Lines).
pub fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// Every member of the object `want` is in `v` with the same value.
pub fn assert_members(v: &Value, want: &Value) {
    for (k, w) in want.as_object().expect("an object") {
        assert_eq!(&v[k], w, "member {k:?} of {v}");
    }
}

/// `(input, ok, offset)` of a `split` record, and whether it has a string
/// `message`.
pub fn record_head(v: &Value) -> (Value, Value, Value, bool) {
    let m = v["message"].is_string();
    (v["input"].clone(), v["ok"].clone(), v["offset"].clone(), m)
}

/// What [`record_head`] gives for a rejected input.
pub fn rejected(input: &str, offset: u64) -> (Value, Value, Value, bool) {
    (json!(input), json!(false), json!(offset), true)
}
