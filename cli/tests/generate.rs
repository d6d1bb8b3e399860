//! `uridfa generate --lang c` (docs/c.md): for a built-in
//! grammar it writes exactly the files committed in `c/` (which
//! `codegen/tests/c_committed.rs` regenerates from `grammar/` on its own
//! path), and a grammar file that does not compile gets its diagnostics
//! with `file:line:col` and exit status 2.

use std::path::Path;
use std::process::Command;

fn uridfa(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_builtin_grammar_gives_the_committed_c() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for name in ["rfc3986", "draft-ietf-uri-url-06"] {
        let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("generate-{name}"));
        let _ = std::fs::remove_dir_all(&out);
        let o = uridfa(&[
            "generate",
            "--lang",
            "c",
            "--grammar",
            name,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let stem = name.replace('-', "_");
        for file in [
            "uridfa.h".to_owned(),
            "uridfa.c".to_owned(),
            format!("{stem}.h"),
            format!("{stem}.c"),
        ] {
            let got = std::fs::read(out.join(&file)).unwrap();
            let want = std::fs::read(root.join("c").join(&file)).unwrap();
            assert!(got == want, "{file} differs from c/{file}");
        }
    }
}

#[test]
fn a_grammar_file_that_does_not_compile_is_located() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("generate-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let grammar = dir.join("bad.abnf");
    std::fs::write(&grammar, ";@ entry r\nr = \"a\" / undefined-rule\n").unwrap();
    let o = uridfa(&[
        "generate",
        "--lang",
        "c",
        "--grammar-file",
        grammar.to_str().unwrap(),
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.abnf:2:"), "{err}");
    assert!(
        !dir.join("out").exists(),
        "nothing is written for a bad grammar"
    );
}

/// A capture the C header cannot name (its constant would be the header's
/// own `NAME_SPANS`) is a located grammar error, not an I/O error.
#[test]
fn a_capture_the_c_cannot_name_is_located() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("generate-clash");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let grammar = dir.join("clash.abnf");
    std::fs::write(
        &grammar,
        ";@ entry r\n;@ capture spans\nr = spans\nspans = \"a\"\n",
    )
    .unwrap();
    let o = uridfa(&[
        "generate",
        "--lang",
        "c",
        "--grammar-file",
        grammar.to_str().unwrap(),
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("clash.abnf:2:12: error: the capture 'spans'"),
        "{err}"
    );
    assert!(!dir.join("out").exists(), "nothing is written");
}

/// A list inside a list's item (RFC 9110's Accept: parameters inside each
/// media range) gets item tables at every level and a walk; lists five
/// deep, past `URIDFA_MAX_LIST_DEPTH` (4), are refused where the fifth
/// repetition is written, and nothing is written.
#[test]
fn lists_inside_lists_are_written_and_too_deep_ones_located() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("generate-nested");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let accept = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/mailto/grammar/accept.abnf"
    );
    let out = dir.join("out");
    let o = uridfa(&[
        "generate",
        "--lang",
        "c",
        "--grammar-file",
        accept,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let h = std::fs::read_to_string(out.join("accept.h")).unwrap();
    assert!(h.contains("#define ACCEPT_LIST_DEPTH 2\n"), "{h}");
    assert!(h.contains("void accept_accept_walk(accept_walk *w,"), "{h}");
    assert!(
        h.contains("extern const uridfa_tables accept_accept_list_accept_list_parameters_tables;")
    );
    // Five levels: `d = 1*("4" x)` on line 7 is the fifth.
    let five = dir.join("five.abnf");
    std::fs::write(
        &five,
        ";@ entry r\n;@ capture x\nr = 1*(\"0\" a)\na = 1*(\"1\" b)\n\
         b = 1*(\"2\" c)\nc = 1*(\"3\" d)\nd = 1*(\"4\" x)\nx = 1*ALPHA\n",
    )
    .unwrap();
    let o = uridfa(&[
        "generate",
        "--lang",
        "c",
        "--grammar-file",
        five.to_str().unwrap(),
        "--out",
        dir.join("out5").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "five.abnf:7:5: error: this repetition holds captures and lies in the item of a \
             list 4 levels deep ('*d'): lists nest at most 4 levels"
        ),
        "{err}"
    );
    assert!(!dir.join("out5").exists(), "nothing is written");
}

#[test]
fn generate_needs_a_language_and_a_grammar() {
    let o = uridfa(&["generate", "--grammar", "rfc3986", "--out", "x"]);
    assert_eq!(o.status.code(), Some(2));
    let o = uridfa(&["generate", "--lang", "c", "--out", "x"]);
    assert_eq!(o.status.code(), Some(2));
    let o = uridfa(&[
        "generate",
        "--lang",
        "rust",
        "--grammar",
        "rfc3986",
        "--out",
        "x",
    ]);
    assert_eq!(o.status.code(), Some(2));
}
