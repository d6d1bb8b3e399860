//! Prints the per-stage report of a grammar file:
//! `cargo run --release -p uridfa-codegen --example report -- grammar/rfc3986.abnf`

fn main() -> std::process::ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "grammar/rfc3986.abnf".into());
    match uridfa_codegen::driver::compile_file(path.as_ref(), Default::default()) {
        Ok(c) => {
            print!("{}", uridfa_codegen::driver::report(&c));
            std::process::ExitCode::SUCCESS
        }
        Err(d) => {
            eprintln!("{d}");
            std::process::ExitCode::FAILURE
        }
    }
}
