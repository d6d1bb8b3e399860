//! `uridfa split` on a grammar with captures in lists (RFC 6068's
//! `mailto`, `examples/mailto/grammar/mailto.abnf`): a capture that can
//! occur more than once is a JSON array of every occurrence in input
//! order; one that occurs at most once stays a string. Expected values are
//! read off the inputs by RFC 6068 §2's rules, and compared as JSON values.

use serde_json::{json, Value};
use std::process::Command;

use crate::skip;

use crate::abnf_oracle;

const MAILTO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../examples/mailto/grammar/mailto.abnf"
);

fn split(grammar: &str, inputs: &[&str]) -> Vec<Value> {
    let o = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(["split", "--grammar-file", grammar, "--"])
        .args(inputs)
        .output()
        .expect("run uridfa");
    let out = String::from_utf8(o.stdout).expect("UTF-8");
    out.lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

#[test]
fn every_address_and_header_field_as_arrays() {
    let out = split(
        MAILTO,
        &["mailto:a@x.org,b.c@y.org?subject=hi%20there&body=ok"],
    );
    assert_eq!(
        out[0],
        json!({
            "input": "mailto:a@x.org,b.c@y.org?subject=hi%20there&body=ok",
            "ok": true,
            "components": {
                "addr-spec": ["a@x.org", "b.c@y.org"],
                "local-part": ["a", "b.c"],
                "domain": ["x.org", "y.org"],
                "hfname": ["subject", "body"],
                "hfvalue": ["hi%20there", "ok"]
            }
        })
    );
}

#[test]
fn the_built_in_rfc6068_gives_the_same_arrays() {
    // `--grammar rfc6068` reads the committed tables of
    // `grammar/rfc6068.abnf` (the same §2 rules with every address
    // character in its URI form) through `BuiltinGrammar::lists`.
    let input = "mailto:a@x.org,b.c@y.org?subject=hi%20there&body=ok";
    let o = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(["split", "--grammar", "rfc6068", "--", input])
        .output()
        .expect("run uridfa");
    let out: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(out, split(MAILTO, &[input])[0]);
    assert_eq!(
        out["components"]["addr-spec"],
        json!(["a@x.org", "b.c@y.org"])
    );
}

#[test]
fn no_occurrence_is_an_empty_array_and_errors_name_no_region() {
    let out = split(MAILTO, &["mailto:", "mailto:a@x,"]);
    assert_eq!(out[0]["components"]["addr-spec"], json!([]));
    assert_eq!(out[0]["components"]["hfname"], json!([]));
    // After the ",", an address must follow; the list region is no
    // component to name.
    assert_eq!(out[1]["ok"], json!(false));
    assert_eq!(out[1]["offset"], json!(11));
    assert_eq!(out[1]["component"], json!(null));
    // The region's capture is not printed.
    assert!(out[0]["components"].get("*to").is_none());
}

#[test]
fn a_capture_outside_lists_stays_a_string() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-lists");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("pairs.abnf");
    std::fs::write(
        &path,
        ";@ entry r\n;@ capture head item\nr = head *(\";\" item)\nhead = 1*ALPHA\nitem = 1*DIGIT\n",
    )
    .expect("write grammar");
    let out = split(path.to_str().expect("UTF-8 path"), &["ab;1;22", "ab"]);
    assert_eq!(
        out[0]["components"],
        json!({"head": "ab", "item": ["1", "22"]})
    );
    assert_eq!(out[1]["components"], json!({"head": "ab", "item": []}));
}

/// RFC 9110's Accept: a list of media ranges, each with a list of
/// parameters (`examples/mailto/grammar/accept.abnf`, which the derive
/// reads too).
const ACCEPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../examples/mailto/grammar/accept.abnf"
);

#[test]
fn lists_inside_list_items_are_flat_arrays_in_input_order() {
    // RFC 9110 §12.5.1's example, and §8.3.1's four equivalent media
    // types in one list; each value read off the RFC's text by hand.
    let out = split(
        ACCEPT,
        &[
            "text/*, text/plain, text/plain;format=flowed, */*",
            "text/html;charset=utf-8, Text/HTML;Charset=\"utf-8\", \
             text/html; charset=\"utf-8\", text/html;charset=UTF-8",
            "audio/*; q=0.2, audio/basic",
            "",
        ],
    );
    assert_eq!(
        out[0]["components"],
        json!({
            "media-range": ["text/*", "text/plain", "text/plain;format=flowed", "*/*"],
            "parameter": ["format=flowed"],
            "parameter-name": ["format"],
            "parameter-value": ["flowed"]
        })
    );
    assert_eq!(
        out[1]["components"],
        json!({
            "media-range": [
                "text/html;charset=utf-8",
                "Text/HTML;Charset=\"utf-8\"",
                "text/html; charset=\"utf-8\"",
                "text/html;charset=UTF-8"
            ],
            "parameter": [
                "charset=utf-8",
                "Charset=\"utf-8\"",
                "charset=\"utf-8\"",
                "charset=UTF-8"
            ],
            "parameter-name": ["charset", "Charset", "charset", "charset"],
            "parameter-value": ["utf-8", "\"utf-8\"", "\"utf-8\"", "UTF-8"]
        })
    );
    assert_eq!(
        out[2]["components"],
        json!({
            "media-range": ["audio/*; q=0.2", "audio/basic"],
            "parameter": ["q=0.2"],
            "parameter-name": ["q"],
            "parameter-value": ["0.2"]
        })
    );
    // `#( ... )` allows an empty list.
    assert_eq!(out[3]["components"]["media-range"], json!([]));
}

/// A small deterministic generator (xorshift), so that the inputs are the
/// same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

/// Accept values built from pieces that could confuse a cut into items
/// (`,` and `;` inside quoted strings, escapes, spaces and tabs around
/// separators, empty parameters, `*`), then some mutated by a byte.
fn accept_inputs() -> Vec<String> {
    let mut r = Rng(0x9110_5661);
    let tokens = [
        "text",
        "html",
        "*",
        "a",
        "x-y",
        "q",
        "0.5",
        "UTF-8",
        "!#$%&'*+-.^_`|~9",
    ];
    let quoted = [
        "\"\"",
        "\"a,b\"",
        "\"a;b=c\"",
        "\"\\\"\"",
        "\"x\\,y\"",
        "\" , ; \"",
        "\"\t\"",
    ];
    let ows = ["", "", " ", "  ", "\t", " \t"];
    let mut out = Vec::new();
    for _ in 0..3000 {
        let mut s = String::new();
        for k in 0..r.below(4) {
            if k > 0 {
                s.push_str(r.pick(&ows));
                s.push(',');
                s.push_str(r.pick(&ows));
            }
            match r.below(4) {
                0 => s.push_str("*/*"),
                1 => {
                    s.push_str(r.pick(&tokens));
                    s.push_str("/*");
                }
                _ => {
                    s.push_str(r.pick(&tokens));
                    s.push('/');
                    s.push_str(r.pick(&tokens));
                }
            }
            for _ in 0..r.below(4) {
                s.push_str(r.pick(&ows));
                s.push(';');
                s.push_str(r.pick(&ows));
                if r.below(5) > 0 {
                    s.push_str(r.pick(&tokens));
                    s.push('=');
                    if r.below(2) == 0 {
                        s.push_str(r.pick(&tokens));
                    } else {
                        s.push_str(r.pick(&quoted));
                    }
                }
            }
        }
        if r.below(4) == 0 && !s.is_empty() {
            let mut b = s.into_bytes();
            let at = r.below(b.len() + 1);
            let c = b",;=\"\\/ *a"[r.below(9)];
            match r.below(3) {
                0 if at < b.len() => {
                    b.remove(at);
                }
                1 if at < b.len() => b[at] = c,
                _ => b.insert(at, c),
            }
            s = String::from_utf8(b).expect("ASCII");
        }
        out.push(s);
    }
    out
}

#[test]
fn lists_inside_list_items_agree_with_the_abnf_package() {
    const CAPTURES: [&str; 4] = [
        "media-range",
        "parameter",
        "parameter-name",
        "parameter-value",
    ];
    let inputs = accept_inputs();
    let Some(answers) = abnf_oracle::answers(
        std::path::Path::new(ACCEPT),
        "Accept",
        &CAPTURES,
        &inputs,
        "lists inside list items",
        skip::note,
    ) else {
        return;
    };
    // Standard input, one input a line: some inputs hold tabs.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(["split", "--grammar-file", ACCEPT])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run uridfa");
    let mut stdin = child.stdin.take().expect("stdin");
    let text: String = inputs.iter().map(|s| format!("{s}\n")).collect();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        stdin.write_all(text.as_bytes())
    });
    let out = child.wait_with_output().expect("uridfa output");
    writer.join().expect("writer").expect("write inputs");
    let ours: Vec<Value> = String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(ours.len(), inputs.len());
    let (mut accepted, mut rejected, mut inner) = (0, 0, 0);
    for ((input, theirs), ours) in inputs.iter().zip(answers).zip(ours) {
        let ours = ours["ok"].as_bool().expect("ok").then(|| {
            CAPTURES
                .iter()
                .map(|c| {
                    ours["components"][*c]
                        .as_array()
                        .expect("an array")
                        .iter()
                        .map(|x| x.as_str().expect("text").to_string())
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        });
        assert_eq!(ours, theirs, "{input:?}");
        match theirs {
            Some(lists) => {
                accepted += 1;
                // Parameters of a media range after the first: items of
                // a list inside a list's item.
                if lists[0].len() > 1 && lists[1].len() > 1 {
                    inner += 1;
                }
            }
            None => rejected += 1,
        }
    }
    println!("{accepted} accepted and {rejected} rejected by both; {inner} with nested lists");
    assert!(
        accepted > 1500 && rejected > 300 && inner > 500,
        "{accepted} {rejected} {inner}"
    );
}
