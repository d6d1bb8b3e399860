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

use uridfa_codegen::dump::tables_text;

#[test]
fn tables_match_their_snapshots() {
    let mut checked = 0;
    for name in crate::common::grammar_files() {
        let c = crate::common::built_in(&name);
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
