//! Table snapshots: the text form (`dump::tables_text`) of every entry's
//! tables is kept under `codegen/tests/snapshots/<grammar>.txt`, so a change
//! to the generator or a grammar shows up as a reviewable diff. This is a
//! change detector, not a correctness oracle (the differential and spec
//! tests are). After an intended change, regenerate with
//!
//! ```text
//! UPDATE_SNAPSHOTS=1 cargo test -p uridfa-codegen --test snapshots
//! ```
//!
//! With `CI` set, `UPDATE_SNAPSHOTS` fails the test instead: a CI run that
//! rewrote the snapshots would pass whatever the tables became.

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
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    assert!(
        !(update && std::env::var_os("CI").is_some()),
        "UPDATE_SNAPSHOTS is set under CI: snapshots are rewritten only on a \
         developer's machine, where the diff is reviewed; unset UPDATE_SNAPSHOTS"
    );
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
        let snap = root
            .join("tests/snapshots")
            .join(format!("{}.txt", c.grammar.name));
        if update {
            std::fs::write(&snap, &text).unwrap();
        } else {
            let want = std::fs::read_to_string(&snap).unwrap_or_default();
            assert!(
                want == text,
                "tables of {} differ from {}; review the change and run with UPDATE_SNAPSHOTS=1",
                c.grammar.name,
                snap.display()
            );
        }
        checked += 1;
    }
    assert!(checked > 0);
}
