//! Table snapshots: the text form (`dump::tables_text`) of every entry's
//! tables is kept under `codegen/tests/snapshots/<grammar>.snap` (insta),
//! so a change to the generator or a grammar shows up as a reviewable diff.
//! This is a change detector, not a correctness oracle (the differential
//! and spec tests are). After an intended change, review and accept with
//! `cargo insta review` (cargo-insta), or rewrite them all with
//!
//! ```text
//! INSTA_UPDATE=always cargo test -p uridfa-codegen --test codegen -- snapshots::
//! ```
//!
//! With `CI` set, insta never writes a snapshot (its `INSTA_UPDATE`
//! defaults to `no` there): a changed table fails the test.

use std::path::Path;
use uridfa_codegen::driver::{compile_file, Options};
use uridfa_codegen::dump::tables_text;

#[test]
fn tables_match_their_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(root.join("../grammar"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut checked = 0;
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "abnf"))
    {
        let c = compile_file(path, Options::default()).unwrap_or_else(|d| panic!("{d}"));
        if c.machines.is_empty() {
            continue;
        }
        let text: String = c.machines.iter().map(|m| tables_text(&m.tables)).collect();
        insta::with_settings!({
            snapshot_path => "snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
            description => format!("the tables of grammar/{}.abnf", c.grammar.name),
        }, {
            insta::assert_snapshot!(c.grammar.name.as_str(), text);
        });
        checked += 1;
    }
    assert!(checked > 0);
}
