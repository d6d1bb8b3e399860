//! Programs built from the C output (docs/c.md): the committed
//! C compiles cleanly with gcc and clang, a program that never asks for
//! error texts links none of them, a grammar without captures gives
//! valid C99, and a comment nested past `;@ depth` is reported with the
//! nesting limit. The differential test against the Rust runtime is
//! `c_driver.rs`.
//!
//! Without a C compiler these tests are skipped (recorded,
//! `tests/common/skip.rs`); under `CI=true` a missing compiler fails them.

use crate::compilers;
use crate::skip;
use compilers::{have, STRICT};

use std::path::{Path, PathBuf};
use std::process::Command;
use uridfa_codegen::driver::{compile_file, Options};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The committed C (`c/`), the example and the harness compile without a
/// warning with gcc and clang, as C99 with `-pedantic`.
#[test]
fn c_compiles_cleanly_with_gcc_and_clang() {
    let c = root().join("c");
    for cc in ["gcc", "clang"] {
        if !have(cc) {
            continue;
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(&c)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "c"))
            .collect();
        files.sort();
        files.push(root().join("examples/c/split.c"));
        for f in &files {
            let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{cc}-strict.o"));
            let status = Command::new(cc)
                .args(STRICT)
                .args(["-Os", "-c"])
                .arg("-I")
                .arg(&c)
                .arg(f)
                .arg("-o")
                .arg(&out)
                .status()
                .unwrap();
            assert!(status.success(), "{cc} -Werror -pedantic: {}", f.display());
        }
    }
}

/// Texts only when asked for (Note [texts only when asked for] in
/// uridfa-codegen's C emitter): the footprint program of docs/c.md
/// (`benches/c/footprint/uridfa.c`), linked from `c/` with
/// `-ffunction-sections -fdata-sections -Wl,--gc-sections`, holds none of
/// `URI-reference`'s texts when it only splits, and holds them when it
/// prints the error's message (`-DMESSAGE`: `uridfa_describe`), so the
/// symbol check can fail.
#[test]
fn a_program_that_never_asks_links_no_texts() {
    if !have("gcc") || !have("nm") {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-texts-linked");
    std::fs::create_dir_all(&dir).unwrap();
    let texts = [
        "rfc3986_uri_reference_strings",
        "rfc3986_uri_reference_state_texts",
        "rfc3986_uri_reference_text_pairs",
        "rfc3986_uri_reference_capture_names",
        "rfc3986_uri_reference_texts",
    ];
    for (flags, asks) in [
        (&[][..], false),
        (&["-DSPLIT=rfc3986_uri_reference_split"][..], false),
        (&["-DMESSAGE"][..], true),
        (
            &["-DMESSAGE", "-DSPLIT=rfc3986_uri_reference_split"][..],
            true,
        ),
    ] {
        let exe = dir.join("footprint");
        let status = Command::new("gcc")
            .args([
                "-Os",
                "-ffunction-sections",
                "-fdata-sections",
                "-Wl,--gc-sections",
            ])
            .args(flags)
            .arg("-I")
            .arg(root().join("c"))
            .arg(root().join("benches/c/footprint/uridfa.c"))
            .arg(root().join("c/uridfa.c"))
            .arg(root().join("c/rfc3986.c"))
            .arg("-o")
            .arg(&exe)
            .status()
            .unwrap();
        assert!(status.success(), "gcc {flags:?}");
        let nm = Command::new("nm").arg(&exe).output().unwrap();
        assert!(nm.status.success());
        let symbols: Vec<String> = String::from_utf8_lossy(&nm.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().last())
            // gcc may suffix a static's name (`name.0`).
            .map(|s| s.split('.').next().unwrap_or(s).to_owned())
            .collect();
        for t in texts {
            assert_eq!(
                symbols.iter().any(|s| s == t),
                asks,
                "{flags:?}: {t} linked: {}",
                !asks
            );
        }
    }
}

/// A grammar without captures (`tests/c/nocap.abnf`) gives valid C99: a
/// user's program that declares its spans with `NOCAP_SPANS`, as docs/c.md
/// says, compiles without a warning with gcc and clang (`-pedantic`
/// rejects the array of length `NOCAP_CAPTURES`, 0) and runs: the
/// expected answers are read off RFC 9110's `token` and `quoted-string`.
#[test]
fn a_grammar_without_captures_is_valid_c99() {
    let c = compile_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/nocap.abnf"),
        Options::default(),
    )
    .unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-nocap");
    let _ = std::fs::remove_dir_all(&dir);
    uridfa_codegen::c::generate(&c, "nocap.abnf", &dir).unwrap();
    let header = std::fs::read_to_string(dir.join("nocap.h")).unwrap();
    assert!(header.contains("#define NOCAP_CAPTURES 0\n"), "{header}");
    assert!(header.contains("#define NOCAP_SPANS 1\n"), "{header}");
    std::fs::write(
        dir.join("user.c"),
        r#"#include <string.h>
#include "nocap.h"
static int check(const char *s, int want, size_t offset)
{
    uridfa_span spans[NOCAP_SPANS];
    uridfa_error err;
    nocap_machine m;
    const size_t n = strlen(s);
    int rc = nocap_pair_split((const uint8_t *)s, n, spans, &err);
    if ((rc == 0) != want || (rc != 0 && err.offset != offset)) {
        return 1;
    }
    rc = nocap_pair_split((const uint8_t *)s, n, NULL, &err);
    if ((rc == 0) != want) {
        return 1;
    }
    nocap_pair_start(&m);
    rc = nocap_feed(&m, (const uint8_t *)s, n, &err);
    if (rc == 0) {
        rc = nocap_finish(&m, NULL, &err);
    }
    return (rc == 0) != want || (rc != 0 && err.offset != offset);
}
int main(void)
{
    return check("charset=utf-8", 1, 0) | check("a=\"b \\\" c\"", 1, 0) |
           check("a b=c", 0, 1) | check("a=", 0, 2) | check("a=\"b", 0, 4) |
           (nocap_token_validate((const uint8_t *)"x(", 2, NULL) != URIDFA_UNEXPECTED_BYTE);
}
"#,
    )
    .unwrap();
    with_each_compiler(
        &dir,
        &["-Os"],
        &["user.c", "uridfa.c", "nocap.c"],
        "nocap's C",
        |cc, exe| {
            let status = Command::new(exe).status().unwrap();
            assert!(
                status.success(),
                "{cc}: the program without captures: {status}"
            );
        },
    );
}

/// The C driver's message for a comment nested past `;@ depth comment 3`
/// says the nesting limit was reached, as the Rust runtime's does.
#[test]
fn c_names_the_nesting_limit() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-nesting");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let grammar = dir.join("ua.abnf");
    std::fs::write(
        &grammar,
        ";@ entry User-Agent\n;@ depth comment 3\n\
         User-Agent = token *( SP ( token / comment ) )\n\
         comment = \"(\" *( ctext / comment ) \")\"\n\
         ctext = SP / %x21-27 / %x2A-7E\n\
         token = 1*ALPHA\n",
    )
    .unwrap();
    let c = compile_file(&grammar, Options::default()).unwrap();
    uridfa_codegen::c::generate(&c, "ua.abnf", &dir).unwrap();
    let input = "a (b (c (d (e))))";
    let t = c.machines[0].tables.as_tables();
    let want = uridfa_runtime::validate(&t, input.as_bytes())
        .unwrap_err()
        .describe(&t)
        .to_string();
    assert!(want.contains("nesting limit reached"), "{want}");
    std::fs::write(
        dir.join("user.c"),
        r#"#include <stdio.h>
#include <string.h>
#include "ua.h"
int main(int argc, char **argv)
{
    char buf[512];
    uridfa_error err;
    (void)argc;
    if (ua_user_agent_validate((const uint8_t *)argv[1], strlen(argv[1]), &err) == 0) {
        return 1;
    }
    uridfa_describe(&ua_user_agent_texts, &err);
    uridfa_error_message(&err, buf, sizeof buf);
    puts(buf);
    return 0;
}
"#,
    )
    .unwrap();
    with_each_compiler(
        &dir,
        &[],
        &["user.c", "uridfa.c", "ua.c"],
        "ua's C",
        |cc, exe| {
            let out = Command::new(exe).arg(input).output().unwrap();
            assert!(out.status.success(), "{cc}: {out:?}");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout).trim_end(),
                want,
                "{cc}"
            );
        },
    );
}

/// Builds the C files `sources` of `dir` into one program with each of
/// gcc and clang that is installed (the `STRICT` flags, then `args`), and
/// hands each compiler's name and program to `run`; records a skip when
/// neither compiler is there.
fn with_each_compiler(
    dir: &Path,
    args: &[&str],
    sources: &[&str],
    what: &str,
    mut run: impl FnMut(&str, &Path),
) {
    let mut ran = 0;
    for cc in ["gcc", "clang"] {
        if !have(cc) {
            continue;
        }
        let exe = dir.join(format!("user-{cc}"));
        let status = Command::new(cc)
            .args(STRICT)
            .args(args)
            .arg("-I")
            .arg(dir)
            .args(sources.iter().map(|f| dir.join(f)))
            .arg("-o")
            .arg(&exe)
            .status()
            .unwrap();
        assert!(status.success(), "{cc} -Werror -pedantic on {what}");
        run(cc, &exe);
        ran += 1;
    }
    if ran == 0 {
        skip::note(format_args!("SKIP: neither gcc nor clang"));
    }
}
