//! Runs re2c on `benches/c/rfc3986.re` and compiles its output with the
//! `cc` crate (`-O2`); without re2c, sets `cfg(no_re2c)` and says so.
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
}
