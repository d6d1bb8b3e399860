//! The C output committed in `c/` (docs/c.md) is what the
//! generator writes from `grammar/` now: C users build it without a Rust
//! toolchain, so a grammar or driver change must regenerate it. The same
//! freshness rule as `src/generated/` (`.ci/regen-check`), here as a test.

use std::path::Path;

#[test]
fn committed_c_is_the_generators_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let fresh = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-committed");
    let _ = std::fs::remove_dir_all(&fresh);
    let names = uridfa_codegen::c::generate_dir(&root.join("grammar"), &fresh)
        .unwrap_or_else(|e| panic!("generating C failed:\n{e}"));
    // One per grammar file in `grammar/` but RFC 5234's core rules.
    let files = std::fs::read_dir(root.join("grammar"))
        .expect("grammar/")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".abnf") && n != "core.abnf")
        .count();
    assert_eq!(names.len(), files, "{names:?}");
    let list = |dir: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    let committed = root.join("c");
    assert_eq!(
        list(&committed),
        list(&fresh),
        "c/ does not hold the files the generator writes; \
         run: cargo run -p uridfa-codegen --bin uridfa-generate-c"
    );
    for name in list(&fresh) {
        let want = std::fs::read(fresh.join(&name)).unwrap();
        let got = std::fs::read(committed.join(&name)).unwrap();
        assert!(
            got == want,
            "c/{name} is not what the generator writes from grammar/ now; \
             run: cargo run -p uridfa-codegen --bin uridfa-generate-c"
        );
    }
}
