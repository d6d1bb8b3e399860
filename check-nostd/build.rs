//! Link flags for the `#![no_main]` binary: no Rust runtime, no std; the C
//! library gives `_start` (crt1.o), which calls our `extern "C" fn main`,
//! and `write`. rustc passes `-nodefaultlibs`, so libc is named here.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rustc-link-arg-bins=-lc");
}
