//! The runner of `tests/oracles/abnf_captures.py`, the independent ABNF
//! engine (the PyPI `abnf` package, which keeps every parse) that the
//! repeated-capture tests compare with: one place for starting it, feeding
//! it the inputs and reading its answers. Included with
//! `#[path = ".../tests/common/abnf_oracle.rs"] mod abnf_oracle;` by the
//! root crate's tests, `examples/mailto` and the CLI's.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The oracle's answer for one input: `None` if the grammar refuses it,
/// else every occurrence of each capture (in the order the captures were
/// asked for), each list in input order.
pub type Answer = Option<Vec<Vec<String>>>;

/// The oracle's answers for `inputs` (one per input, in order), parsing
/// them as `entry` of the grammar file `grammar` and listing `captures`;
/// `None` if `python3` or the `abnf` package is missing, after `skip` was
/// given the reason (`what` says what is not compared). Under `CI` a
/// missing package fails instead.
///
/// # Panics
///
/// If the oracle fails or answers out of order (a test failure).
pub fn answers(
    grammar: &Path,
    entry: &str,
    captures: &[&str],
    inputs: &[String],
    what: &str,
    skip: fn(std::fmt::Arguments<'_>),
) -> Option<Vec<Answer>> {
    let ready = Command::new("python3")
        .args(["-c", "import abnf"])
        .status()
        .is_ok_and(|s| s.success());
    if !ready {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install the `abnf` package (pip install abnf)"
        );
        skip(format_args!(
            "SKIP: python3 with the `abnf` package not found (pip install abnf): {what} not \
             compared with an independent engine"
        ));
        return None;
    }
    let mut child = Command::new("python3")
        .arg(script())
        .arg(grammar)
        .arg(entry)
        .args(captures)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let text: String = inputs.iter().map(|s| format!("{s}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("oracle output");
    writer.join().expect("writer").expect("write inputs");
    assert!(out.status.success(), "the oracle failed");
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout)
        .expect("UTF-8")
        .lines()
        .collect();
    assert_eq!(lines.len(), inputs.len(), "one answer per input");
    Some(
        lines
            .iter()
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
                v["ok"].as_bool().expect("ok").then(|| {
                    captures
                        .iter()
                        .map(|c| {
                            v["captures"][*c]
                                .as_array()
                                .expect("a list")
                                .iter()
                                .map(|x| x.as_str().expect("text").to_string())
                                .collect()
                        })
                        .collect()
                })
            })
            .collect(),
    )
}

/// `tests/oracles/abnf_captures.py`, from the including package's
/// manifest directory: the root crate's, `cli/` or `examples/mailto/`.
fn script() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["", "..", "../.."]
        .iter()
        .map(|up| manifest.join(up).join("tests/oracles/abnf_captures.py"))
        .find(|p| p.exists())
        .expect("tests/oracles/abnf_captures.py")
}
