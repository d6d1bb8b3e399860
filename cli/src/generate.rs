//! `uridfa generate --lang c (--grammar NAME | --grammar-file PATH) --out DIR`:
//! writes a grammar's tables as C (issue 28, `docs/c.md`) through
//! [`uridfa_codegen::c::generate`]. The built-in grammars' ABNF is embedded
//! here (with `core.abnf`), so the command needs no checkout and writes
//! exactly the files committed in `c/`; a `--grammar-file` is read and
//! compiled as `check` and `split` do.
//!
//! Principal types: [`GenerateOpts`] (clap) and [`GenerateArgs`].

use crate::args::{GenerateArgs, Lang, UsageError};
use crate::source::Failure;
use uridfa_codegen::driver::{compile_file, Options};

/// The ABNF of each built-in grammar, by name (its file in `grammar/`).
/// `;@ import core.abnf` reads nothing when no file is beside the grammar:
/// the core rules are built into the generator.
const BUILTIN_ABNF: [(&str, &str); 10] = [
    (
        "draft-fielding-uri-rfc2396bis-01",
        include_str!("../../grammar/draft-fielding-uri-rfc2396bis-01.abnf"),
    ),
    (
        "draft-fielding-url-syntax-05",
        include_str!("../../grammar/draft-fielding-url-syntax-05.abnf"),
    ),
    (
        "draft-ietf-uri-url-06",
        include_str!("../../grammar/draft-ietf-uri-url-06.abnf"),
    ),
    (
        "draft-ietf-urnbis-rfc2141bis-urn-03",
        include_str!("../../grammar/draft-ietf-urnbis-rfc2141bis-urn-03.abnf"),
    ),
    ("rfc1738", include_str!("../../grammar/rfc1738.abnf")),
    ("rfc2396", include_str!("../../grammar/rfc2396.abnf")),
    ("rfc3986", include_str!("../../grammar/rfc3986.abnf")),
    ("rfc3987", include_str!("../../grammar/rfc3987.abnf")),
    ("rfc6874", include_str!("../../grammar/rfc6874.abnf")),
    ("rfc8141", include_str!("../../grammar/rfc8141.abnf")),
];

/// `grammar/core.abnf`, which six built-in grammars import: written beside
/// them so that they compile exactly as from `grammar/` (the generator's
/// built-in core rules describe expected bytes in other words).
const CORE_ABNF: &str = include_str!("../../grammar/core.abnf");

/// Compiles a built-in grammar as `uridfa-generate-c` does from
/// `grammar/`: its text and `core.abnf` in a fresh temporary directory, so
/// that nothing in the working directory is read.
fn compile_builtin(
    name: &str,
    text: &str,
) -> Result<Result<uridfa_codegen::compiled::Compiled, uridfa_codegen::diag::Diagnostics>, Failure>
{
    let dir = std::env::temp_dir().join(format!("uridfa-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let file = dir.join(format!("{name}.abnf"));
    let written =
        std::fs::write(dir.join("core.abnf"), CORE_ABNF).and_then(|()| std::fs::write(&file, text));
    let compiled = written.map(|()| compile_file(&file, Options::default()));
    let _ = std::fs::remove_dir_all(&dir);
    Ok(compiled?)
}

/// Runs `generate`: prints each file written, one per line.
///
/// # Errors
///
/// [`Failure::Grammar`] for a grammar that does not compile (its
/// diagnostics, `file:line:col`), [`Failure::Io`] when a file cannot be
/// written.
pub fn generate(a: &GenerateArgs) -> Result<bool, Failure> {
    let (compiled, shown) = match (&a.grammar_file, a.grammar) {
        (Some(path), _) => (
            compile_file(path, Options::default()),
            path.display().to_string(),
        ),
        (None, Some(name)) => {
            let text = BUILTIN_ABNF
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| *t)
                .ok_or_else(|| Failure::Usage(UsageError(format!("unknown grammar '{name}'"))))?;
            (compile_builtin(name, text)?, format!("grammar/{name}.abnf"))
        }
        (None, None) => {
            return Err(Failure::Usage(UsageError(
                "generate needs --grammar NAME or --grammar-file PATH".to_owned(),
            )))
        }
    };
    let compiled = compiled.map_err(|d| Failure::Grammar(d.to_string()))?;
    if compiled.machines.is_empty() {
        return Err(Failure::Grammar(format!(
            "{shown}: error: no ';@ entry' pragma: nothing to generate (add ';@ entry RULE')"
        )));
    }
    match a.lang {
        Lang::C => {
            let written = uridfa_codegen::c::generate(&compiled, &shown, &a.out)?;
            for path in written {
                println!("{}", path.display());
            }
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every built-in grammar is embedded, under its name.
    #[test]
    fn every_builtin_grammar_is_embedded() {
        for g in uridfa::GRAMMARS {
            assert!(
                BUILTIN_ABNF.iter().any(|(n, _)| *n == g.name),
                "{} is not embedded",
                g.name
            );
        }
    }
}
