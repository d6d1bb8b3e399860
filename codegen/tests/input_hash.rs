//! The hash of each generated file's own inputs (Note [committed tables]
//! in `uridfa_codegen::driver`): its value against FNV-1a's published
//! vectors, what it covers, how the check fails, and that regeneration
//! after an edit of one grammar rewrites only that grammar's files and
//! those of the grammars that import it.

use std::path::{Path, PathBuf};
use std::time::SystemTime;
use uridfa_codegen::support::input_hash::{self, fnv1a64, recompute};

/// FNV-1a 64 of `bytes`, written from the algorithm's definition (offset
/// basis 0xcbf29ce484222325, prime 0x100000001b3), checked below against
/// the published test vectors.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A fresh directory under the system's temporary directory.
fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uridfa-input-hash-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_hash_is_fnv1a64_of_name_nul_contents_nul() {
    // The published FNV-1a 64 vectors (the FNV reference test suite):
    // "" and "a" and "foobar".
    assert_eq!(fnv(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv(b"foobar"), 0x8594_4171_f739_67e8);
    assert_eq!(fnv1a64([]), fnv(b""));
    assert_eq!(
        fnv1a64([("a.abnf", &b"a = \"x\"\n"[..]), ("core.abnf", b"")]),
        fnv(b"a.abnf\0a = \"x\"\n\0core.abnf\0\0")
    );
}

#[test]
fn recompute_reads_the_named_inputs_and_fails_clearly() {
    let dir = temp_dir("recompute");
    std::fs::write(dir.join("a.abnf"), "a = \"x\"\n").unwrap();
    std::fs::create_dir_all(dir.join("methods")).unwrap();
    std::fs::write(dir.join("methods/m.rs"), "fn f() {}\n").unwrap();
    let want = fnv(b"a.abnf\0a = \"x\"\n\0methods/m.rs\0fn f() {}\n\0");
    let line = input_hash::inputs_line(want, "a.abnf methods/m.rs");
    assert_eq!(
        line,
        format!("// inputs fnv1a64 {want:016x}: a.abnf methods/m.rs (checked by build.rs)")
    );
    assert_eq!(recompute(&dir, &line).unwrap(), (want, want));
    // An edit of a named input changes the hash; a file not named does not.
    std::fs::write(dir.join("notes.txt"), "not an input\n").unwrap();
    assert_eq!(recompute(&dir, &line).unwrap().0, want);
    std::fs::write(dir.join("methods/m.rs"), "fn g() {}\n").unwrap();
    assert_ne!(recompute(&dir, &line).unwrap().0, want);
    // A missing input names its path; a line of another form says so.
    std::fs::remove_file(dir.join("a.abnf")).unwrap();
    let e = recompute(&dir, &line).unwrap_err();
    assert!(
        e.starts_with(&dir.join("a.abnf").display().to_string()),
        "{e}"
    );
    for bad in [
        "",
        "// grammar/ fingerprint fnv1a64 d3180c897b6aa9fa (checked by build.rs)",
        "// inputs fnv1a64 zz: a.abnf (checked by build.rs)",
        "// inputs fnv1a64 00000000000000aa:  (checked by build.rs)",
    ] {
        let e = recompute(&dir, bad).unwrap_err();
        assert!(e.starts_with("not an inputs line"), "{bad:?}: {e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_list_hash_follows_names_titles_and_entries_only() {
    let dir = temp_dir("list");
    std::fs::write(
        dir.join("a.abnf"),
        ";@ title \"A.\"\n;@ entry a\na = \"x\"\n",
    )
    .unwrap();
    let one = input_hash::list_hash(&dir).unwrap();
    assert_eq!(
        one,
        fnv(b"a.abnf\0;@ title \"A.\"\n;@ entry a\n\0"),
        "the name, then the title and entry lines"
    );
    std::fs::write(
        dir.join("a.abnf"),
        ";@ title \"A.\"\n;@ entry a\na = \"y\" ; another rule body\n",
    )
    .unwrap();
    assert_eq!(input_hash::list_hash(&dir).unwrap(), one, "a rule edit");
    std::fs::write(
        dir.join("a.abnf"),
        ";@ title \"Another A.\"\n;@ entry a\na = \"y\"\n",
    )
    .unwrap();
    assert_ne!(input_hash::list_hash(&dir).unwrap(), one, "a title edit");
    std::fs::write(dir.join("b.abnf"), "b = \"z\"\n").unwrap();
    let with_b = input_hash::list_hash(&dir).unwrap();
    std::fs::remove_file(dir.join("b.abnf")).unwrap();
    assert_ne!(input_hash::list_hash(&dir).unwrap(), with_b, "a new file");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every generated file's text and modification time.
fn snapshot(out: &Path) -> Vec<(String, Vec<u8>, SystemTime)> {
    let mut files: Vec<_> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            let modified = e.metadata().unwrap().modified().unwrap();
            (name, std::fs::read(e.path()).unwrap(), modified)
        })
        .collect();
    files.sort();
    files
}

/// The files of `after` whose text or modification time differs from
/// `before`'s.
fn changed(
    before: &[(String, Vec<u8>, SystemTime)],
    after: &[(String, Vec<u8>, SystemTime)],
) -> Vec<String> {
    assert_eq!(before.len(), after.len());
    before
        .iter()
        .zip(after)
        .filter(|(b, a)| b != a)
        .map(|(_, a)| a.0.clone())
        .collect()
}

/// Each file's second line recomputes to the hash it carries.
fn all_fresh(grammar_dir: &Path, out: &Path) -> bool {
    snapshot(out).iter().all(|(_, text, _)| {
        let text = String::from_utf8_lossy(text);
        let (now, recorded) = recompute(grammar_dir, text.lines().nth(1).unwrap()).unwrap();
        now == recorded
    })
}

#[test]
fn regeneration_rewrites_only_the_files_whose_inputs_changed() {
    let dir = temp_dir("regen");
    let (grammars, out) = (dir.join("grammar"), dir.join("out"));
    std::fs::create_dir_all(&grammars).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    // `a` stands alone; `b` imports `shared.abnf` (rules only, no entry:
    // no generated file of its own); so does `c`.
    let write = |name: &str, text: &str| std::fs::write(grammars.join(name), text).unwrap();
    write("a.abnf", ";@ title \"A.\"\n;@ entry a\na = \"x\" *\"y\"\n");
    write("shared.abnf", "word = 1*%x61-7A\n");
    write(
        "b.abnf",
        ";@ title \"B.\"\n;@ import shared.abnf\n;@ entry b\nb = word \":\" word\n",
    );
    write(
        "c.abnf",
        ";@ import shared.abnf\n;@ entry c\nc = word \"/\"\n",
    );
    let made = uridfa_codegen::driver::generate_dir(&grammars, &out).unwrap();
    assert_eq!(made, ["a", "b", "c"]);
    let first = snapshot(&out);
    let names: Vec<&str> = first.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "a.rs",
            "b.rs",
            "c.rs",
            "features.rs",
            "grammars.rs",
            "modules.rs"
        ]
    );
    assert!(all_fresh(&grammars, &out));
    // The modification times must be able to differ.
    std::thread::sleep(std::time::Duration::from_millis(50));

    // Nothing changed: nothing is rewritten.
    uridfa_codegen::driver::generate_dir(&grammars, &out).unwrap();
    assert_eq!(changed(&first, &snapshot(&out)), Vec::<String>::new());

    // A rule of `a`: only `a.rs` (the list keeps its names and titles).
    write("a.abnf", ";@ title \"A.\"\n;@ entry a\na = \"x\" *\"z\"\n");
    assert!(!all_fresh(&grammars, &out), "the stale a.rs is seen");
    uridfa_codegen::driver::generate_dir(&grammars, &out).unwrap();
    let second = snapshot(&out);
    assert_eq!(changed(&first, &second), ["a.rs"]);
    assert!(all_fresh(&grammars, &out));

    // The imported file: the two grammars that import it, not `a`.
    std::thread::sleep(std::time::Duration::from_millis(50));
    write("shared.abnf", "word = 1*%x61-7A / 1*DIGIT\n");
    uridfa_codegen::driver::generate_dir(&grammars, &out).unwrap();
    let third = snapshot(&out);
    assert_eq!(changed(&second, &third), ["b.rs", "c.rs"]);

    // A title: the lists only (the module list and the feature flags carry
    // the list's hash, names, titles and entries).
    std::thread::sleep(std::time::Duration::from_millis(50));
    write(
        "a.abnf",
        ";@ title \"The A.\"\n;@ entry a\na = \"x\" *\"z\"\n",
    );
    uridfa_codegen::driver::generate_dir(&grammars, &out).unwrap();
    assert_eq!(
        changed(&third, &snapshot(&out)),
        ["a.rs", "features.rs", "grammars.rs", "modules.rs"]
    );
    assert!(all_fresh(&grammars, &out));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The committed files of `src/generated/` carry the hashes of the inputs
/// in `grammar/` as they are: what `build.rs` checks on every build.
#[test]
fn the_committed_files_are_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    assert!(all_fresh(
        &root.join("grammar"),
        &root.join("src/generated")
    ));
}

/// `build.rs` checks the generated files with `build/input_hash.rs`, its
/// package's copy of `src/support/input_hash.rs`: the two must be the same
/// file, or `build.rs` and the generator would disagree on a hash.
#[test]
fn the_build_scripts_copy_is_this_file() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let copy = here.join("../build/input_hash.rs");
    let Ok(copy) = std::fs::read(&copy) else {
        // A packaged uridfa-codegen has no workspace around it.
        assert!(std::env::var_os("CI").is_none(), "no {}", copy.display());
        return;
    };
    let original = std::fs::read(here.join("src/support/input_hash.rs")).expect("the original");
    assert!(
        copy == original,
        "build/input_hash.rs differs from codegen/src/support/input_hash.rs: copy it again"
    );
}
