//! Runs re2c on `benches/c/rfc3986.re` and Ragel on `benches/c/rfc3986.rl`
//! and compiles their output with the `cc` crate (`-O2`); without re2c
//! (or Ragel), sets `cfg(no_re2c)` (`cfg(no_ragel)`) and says so.
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `tool` with `args` then `-o OUT_DIR/<lib>.c`, and compiles that
/// file into the static library `lib`; if the tool is missing or fails,
/// sets `cfg(<missing>)` with a warning.
fn peer(dir: &Path, tool: &str, args: &[&Path], lib: &str, missing: &str) {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let c = out.join(format!("{lib}.c"));
    match Command::new(tool).args(args).arg("-o").arg(&c).status() {
        Ok(s) if s.success() => {
            cc::Build::new()
                .file(&c)
                .include(dir)
                .opt_level(2)
                // Ragel's generated switch falls through on purpose.
                .flag_if_supported("-Wno-implicit-fallthrough")
                .compile(lib);
        }
        _ => {
            println!("cargo:warning={tool} not found or failed: the {tool} bench peer is left out");
            println!("cargo:rustc-cfg={missing}");
        }
    }
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../c");
    let (re, rl) = (dir.join("rfc3986.re"), dir.join("rfc3986.rl"));
    for f in [&re, &rl, &dir.join("rfc3986_re2c.h")] {
        println!("cargo:rerun-if-changed={}", f.display());
    }
    println!("cargo::rustc-check-cfg=cfg(no_re2c)");
    println!("cargo::rustc-check-cfg=cfg(no_ragel)");
    peer(&dir, "re2c", &[&re], "rfc3986_re2c", "no_re2c");
    // -G2: Ragel's fastest code style (goto-driven, actions inlined).
    peer(
        &dir,
        "ragel",
        &[Path::new("-G2"), &rl],
        "rfc3986_ragel",
        "no_ragel",
    );
}
