//! `uridfa split` on a grammar with captures in lists (RFC 6068's
//! `mailto`, `examples/mailto/grammar/mailto.abnf`): a capture that can
//! occur more than once is a JSON array of every occurrence in input
//! order; one that occurs at most once stays a string. Expected values are
//! read off the inputs by RFC 6068 §2's rules, and compared as JSON values.

use serde_json::{json, Value};
use std::process::Command;

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
