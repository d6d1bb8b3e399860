//! Runs re2c on `benches/c/rfc3986.re` and Ragel on `benches/c/rfc3986.rl`
//! and compiles their output with the `cc` crate (`-O2`); without re2c
//! (or Ragel), sets `cfg(no_re2c)` (`cfg(no_ragel)`) and says so.
use std::path::PathBuf;
use std::process::Command;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../c");
    let re = dir.join("rfc3986.re");
    println!("cargo:rerun-if-changed={}", re.display());
    println!(
        "cargo:rerun-if-changed={}",
        dir.join("rfc3986_re2c.h").display()
    );
    println!("cargo::rustc-check-cfg=cfg(no_re2c)");
    println!("cargo::rustc-check-cfg=cfg(no_ragel)");
    let rl = dir.join("rfc3986.rl");
    println!("cargo:rerun-if-changed={}", rl.display());
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let c = out.join("rfc3986_re2c.c");
    let ran = Command::new("re2c").arg(&re).arg("-o").arg(&c).status();
    match ran {
        Ok(s) if s.success() => {
            cc::Build::new()
                .file(&c)
                .include(&dir)
                .opt_level(2)
                .compile("rfc3986_re2c");
        }
        _ => {
            println!("cargo:warning=re2c not found or failed: the re2c bench peer is left out");
            println!("cargo:rustc-cfg=no_re2c");
        }
    }
    // -G2: Ragel's fastest code style (goto-driven, actions inlined).
    let c = out.join("rfc3986_ragel.c");
    let ran = Command::new("ragel")
        .arg("-G2")
        .arg(&rl)
        .arg("-o")
        .arg(&c)
        .status();
    match ran {
        Ok(s) if s.success() => {
            cc::Build::new()
                .file(&c)
                .include(&dir)
                .opt_level(2)
                // Ragel's generated switch falls through on purpose.
                .flag_if_supported("-Wno-implicit-fallthrough")
                .compile("rfc3986_ragel");
        }
        _ => {
            println!("cargo:warning=ragel not found or failed: the Ragel bench peer is left out");
            println!("cargo:rustc-cfg=no_ragel");
        }
    }
}
