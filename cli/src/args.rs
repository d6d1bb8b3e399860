//! The command line, parsed by hand into a [`Command`].
//!
//! The grammar of the command line is small enough that a parser crate
//! would cost more than it saves:
//!
//! ```text
//! uridfa SUBCOMMAND [OPTION...] [--] [INPUT...]
//! ```
//!
//! An option is `--name VALUE` or `--name=VALUE`. Any argument that starts
//! with `-` (other than `-` itself) is taken as an option until a `--`
//! argument, after which everything is an input. Options and inputs may be
//! mixed. Inputs are kept as raw bytes (on Unix), so an invalid UTF-8
//! argument is an input like any other; option names and values other than
//! `--grammar-file` must be UTF-8.
//!
//! Principal types: [`Command`], [`RunArgs`], [`GrammarArg`], [`UsageError`].

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::PathBuf;

/// What the user asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uridfa help`, `--help` or `-h` anywhere: print the usage.
    Help,
    /// `uridfa grammars`: list the built-in grammars.
    Grammars,
    /// `uridfa check`: validate inputs.
    Check(RunArgs),
    /// `uridfa split`: validate inputs and print their components as JSON.
    Split(RunArgs),
    /// `uridfa stats`: size of every entry's machine; `None` means every
    /// built-in grammar.
    Stats(Option<GrammarArg>),
    /// `uridfa dot`: one entry's machine as a Graphviz digraph.
    Dot(RunArgs),
    /// `uridfa resolve`: resolve references against a base.
    Resolve(ResolveArgs),
    /// `uridfa normalize`: print each input's normal form.
    Normalize(NormalizeArgs),
    /// `uridfa equiv A B`: are two references equivalent?
    Equiv(NormalizeArgs),
    /// `uridfa extract`: the URIs in running text.
    Extract(ExtractArgs),
}

/// The arguments of `extract`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtractArgs {
    /// `--grammar` or `--grammar-file`; `None` means `rfc3986`.
    pub grammar: Option<GrammarArg>,
    /// `--rule R`; `None` means the grammar's `URI`, `IRI` or `url` entry if
    /// it has one, else its first.
    pub rule: Option<String>,
    /// `--abbreviated`: also `www.` and `ftp.` (2396bis-01 Appendix F).
    pub abbreviated: bool,
    /// `--any-scheme`: bare URIs of every scheme, not only `scheme://`,
    /// `mailto:`, `news:` and `urn:`.
    pub any_scheme: bool,
    /// The files to read; empty means standard input.
    pub files: Vec<PathBuf>,
}

/// Which normalization `normalize` and `equiv` apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Normalization {
    /// The comparison ladder of a generic syntax, with the chosen steps.
    Ladder(uridfa::normalize::Syntax, uridfa::normalize::Steps),
    /// URN draft 03 §5 lexical equivalence, step 5a or 5b.
    Urn03(uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::Step5),
    /// RFC 8141 §3 URN-equivalence.
    Rfc8141,
}

/// The arguments of `normalize` and `equiv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormalizeArgs {
    /// `--grammar G` (default `rfc3986`), `--steps` and `--step5`.
    pub normalization: Normalization,
    /// The inputs given as arguments (`equiv`: exactly two); empty means
    /// read standard input (`normalize` only).
    pub inputs: Vec<Vec<u8>>,
}

/// The arguments of `resolve`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveArgs {
    /// `--base B`.
    pub base: String,
    /// `--algorithm NAME` (default `rfc3986`), `--dots` (default: the
    /// algorithm's own), `--validating` and `--grammar` (`rfc3986`, the
    /// default, or `rfc3987`: IRIs).
    pub options: uridfa::resolve::Options,
    /// References given as arguments; empty means read standard input.
    pub inputs: Vec<Vec<u8>>,
}

/// Where a grammar comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrammarArg {
    /// `--grammar NAME`: a grammar built into the `uridfa` crate, its name
    /// parsed once (ASCII case ignored).
    Builtin(uridfa::Grammar),
    /// `--grammar-file PATH`: an ABNF file compiled at run time.
    File(PathBuf),
}

/// The arguments of `check`, `split` and `dot`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunArgs {
    /// The grammar to use.
    pub grammar: GrammarArg,
    /// `--rule R`; `None` means the grammar's first entry.
    pub rule: Option<String>,
    /// Inputs given as arguments; empty means read standard input.
    pub inputs: Vec<Vec<u8>>,
}

/// A malformed command line; exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Which options and inputs a subcommand accepts.
#[derive(Clone, Copy, Debug)]
struct Accepts {
    /// `--grammar` / `--grammar-file`.
    grammar: bool,
    /// `--rule`.
    rule: bool,
    /// Positional inputs.
    inputs: bool,
    /// `--base`, `--algorithm`, `--dots`.
    resolve: bool,
    /// `--steps`, `--step5`.
    normalize: bool,
    /// `--abbreviated`, `--any-scheme` (flags without a value).
    extract: bool,
}

/// Everything collected from the arguments after the subcommand.
#[derive(Debug, Default)]
struct Collected {
    /// `--grammar` or `--grammar-file`.
    grammar: Option<GrammarArg>,
    /// `--rule`.
    rule: Option<String>,
    /// Positional arguments.
    inputs: Vec<Vec<u8>>,
    /// `-h` / `--help` seen.
    help: bool,
    /// `--base`.
    base: Option<String>,
    /// `--algorithm`.
    algorithm: Option<String>,
    /// `--dots`.
    dots: Option<String>,
    /// `--validating`.
    validating: Option<String>,
    /// `--steps`.
    steps: Option<String>,
    /// `--step5`.
    step5: Option<String>,
    /// `--abbreviated`.
    abbreviated: bool,
    /// `--any-scheme`.
    any_scheme: bool,
}

/// Parses the arguments after the program name.
///
/// # Errors
///
/// A [`UsageError`] naming the first problem: unknown subcommand or option,
/// missing or repeated option, an argument the subcommand does not take.
pub fn parse(args: &[OsString]) -> Result<Command, UsageError> {
    let Some((sub, rest)) = args.split_first() else {
        return Err(UsageError("no subcommand given".into()));
    };
    let sub = sub.to_str().unwrap_or("");
    let accepts = match sub {
        "help" | "-h" | "--help" => return Ok(Command::Help),
        "grammars" => Accepts {
            grammar: false,
            rule: false,
            inputs: false,
            resolve: false,
            normalize: false,
            extract: false,
        },
        "stats" => Accepts {
            grammar: true,
            rule: false,
            inputs: false,
            resolve: false,
            normalize: false,
            extract: false,
        },
        "dot" => Accepts {
            grammar: true,
            rule: true,
            inputs: false,
            resolve: false,
            normalize: false,
            extract: false,
        },
        "check" | "split" => Accepts {
            grammar: true,
            rule: true,
            inputs: true,
            resolve: false,
            normalize: false,
            extract: false,
        },
        "resolve" => Accepts {
            grammar: true,
            rule: false,
            inputs: true,
            resolve: true,
            normalize: false,
            extract: false,
        },
        "normalize" | "equiv" => Accepts {
            grammar: true,
            rule: false,
            inputs: true,
            resolve: false,
            normalize: true,
            extract: false,
        },
        "extract" => Accepts {
            grammar: true,
            rule: true,
            inputs: true,
            resolve: false,
            normalize: false,
            extract: true,
        },
        _ => {
            return Err(UsageError(format!(
                "unknown subcommand '{}'",
                args[0].to_string_lossy()
            )))
        }
    };
    let c = collect(sub, rest, accepts)?;
    if c.help {
        return Ok(Command::Help);
    }
    let run = |c: Collected| -> Result<RunArgs, UsageError> {
        let grammar = c.grammar.ok_or_else(|| {
            UsageError(format!(
                "'{sub}' needs --grammar NAME or --grammar-file PATH"
            ))
        })?;
        Ok(RunArgs {
            grammar,
            rule: c.rule,
            inputs: c.inputs,
        })
    };
    Ok(match sub {
        "grammars" => Command::Grammars,
        "stats" => Command::Stats(c.grammar),
        "dot" => Command::Dot(run(c)?),
        "check" => Command::Check(run(c)?),
        "resolve" => Command::Resolve(resolve_args(c)?),
        "normalize" => Command::Normalize(normalize_args(sub, c)?),
        "equiv" => Command::Equiv(normalize_args(sub, c)?),
        "extract" => Command::Extract(ExtractArgs {
            grammar: c.grammar,
            rule: c.rule,
            abbreviated: c.abbreviated,
            any_scheme: c.any_scheme,
            files: c.inputs.into_iter().map(bytes_path).collect(),
        }),
        _ => Command::Split(run(c)?),
    })
}

/// Collects the options and inputs of subcommand `sub`.
fn collect(sub: &str, args: &[OsString], accepts: Accepts) -> Result<Collected, UsageError> {
    let mut c = Collected::default();
    let mut only_inputs = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let bytes = os_bytes(arg);
        if only_inputs || !bytes.starts_with(b"-") || bytes == b"-" {
            if !accepts.inputs {
                return Err(UsageError(format!(
                    "'{sub}' takes no input arguments (got '{}')",
                    arg.to_string_lossy()
                )));
            }
            c.inputs.push(bytes);
            continue;
        }
        if bytes == b"--" {
            only_inputs = true;
            continue;
        }
        let Some(arg) = arg.to_str() else {
            return Err(UsageError(format!(
                "unknown option '{}'",
                arg.to_string_lossy()
            )));
        };
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(OsString::from(value))),
            _ => (arg, None),
        };
        let known = match name {
            "-h" | "--help" => {
                c.help = true;
                continue;
            }
            "--abbreviated" | "--any-scheme" if accepts.extract && inline.is_none() => {
                let flag = if name == "--abbreviated" {
                    &mut c.abbreviated
                } else {
                    &mut c.any_scheme
                };
                if *flag {
                    return Err(UsageError(format!("option '{name}' given twice")));
                }
                *flag = true;
                continue;
            }
            "--grammar" | "--grammar-file" => accepts.grammar,
            "--rule" => accepts.rule,
            "--base" | "--algorithm" | "--dots" | "--validating" => accepts.resolve,
            "--steps" | "--step5" => accepts.normalize,
            _ => false,
        };
        if !known {
            return Err(UsageError(format!("unknown option '{name}' for '{sub}'")));
        }
        let value = match inline {
            Some(v) => v,
            None => it
                .next()
                .cloned()
                .ok_or_else(|| UsageError(format!("option '{name}' needs a value")))?,
        };
        match name {
            "--grammar-file" => set_grammar(&mut c, GrammarArg::File(PathBuf::from(value)))?,
            "--grammar" => {
                let value = utf8(name, value)?;
                let grammar = uridfa::Grammar::from_name(&value).ok_or_else(|| {
                    let known: Vec<&str> = uridfa::Grammar::ALL.iter().map(|g| g.name()).collect();
                    UsageError(format!(
                        "unknown grammar '{value}' (built in: {})",
                        known.join(", ")
                    ))
                })?;
                set_grammar(&mut c, GrammarArg::Builtin(grammar))?
            }
            "--base" | "--algorithm" | "--dots" | "--validating" | "--steps" | "--step5" => {
                let slot = match name {
                    "--base" => &mut c.base,
                    "--validating" => &mut c.validating,
                    "--algorithm" => &mut c.algorithm,
                    "--steps" => &mut c.steps,
                    "--step5" => &mut c.step5,
                    _ => &mut c.dots,
                };
                if slot.is_some() {
                    return Err(UsageError(format!("option '{name}' given twice")));
                }
                *slot = Some(utf8(name, value)?);
            }
            _ => {
                if c.rule.is_some() {
                    return Err(UsageError("option '--rule' given twice".into()));
                }
                c.rule = Some(utf8(name, value)?);
            }
        }
    }
    Ok(c)
}

/// The arguments of `resolve`, checked.
fn resolve_args(c: Collected) -> Result<ResolveArgs, UsageError> {
    use uridfa::resolve::{Algorithm, Dots, Options, Syntax};
    let base = c
        .base
        .ok_or_else(|| UsageError("'resolve' needs --base URI".into()))?;
    let algorithm = match c.algorithm.as_deref() {
        None => Algorithm::Rfc3986,
        Some(name) => Algorithm::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            UsageError(format!(
                "unknown algorithm '{name}'; one of: {}",
                names.join(", ")
            ))
        })?,
    };
    let mut options = Options::new(algorithm);
    if let Some(d) = c.dots.as_deref() {
        let dots = Dots::from_name(d).ok_or_else(|| {
            UsageError(format!("unknown --dots '{d}'; one of: keep, remove, error"))
        })?;
        if dots == Dots::Keep && algorithm.default_dots() == Dots::Remove {
            return Err(UsageError(format!(
                "--dots keep does not apply to {algorithm}: its remove_dot_segments always removes them"
            )));
        }
        options = options.dots(dots);
    }
    if let Some(v) = c.validating.as_deref() {
        if algorithm != Algorithm::Rfc2396bis01 {
            return Err(UsageError(format!(
                "--validating applies to draft-fielding-uri-rfc2396bis-01 only, not {algorithm}"
            )));
        }
        options = options.validating(match v {
            "yes" => true,
            "no" => false,
            other => {
                return Err(UsageError(format!(
                    "unknown --validating '{other}'; one of: yes, no"
                )))
            }
        });
    }
    match c.grammar {
        None => {}
        Some(GrammarArg::Builtin(name)) => {
            let syntax = Syntax::of(name).ok_or_else(|| {
                UsageError(format!(
                    "'resolve' reads rfc3986 (URIs) or rfc3987 (IRIs), not '{name}'; \
                     the older algorithms use their own document's grammar"
                ))
            })?;
            if syntax != Syntax::Rfc3986
                && !matches!(algorithm, Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict)
            {
                return Err(UsageError(format!(
                    "--grammar {name} applies to rfc3986 and rfc3986-nonstrict only, not {algorithm} (RFC 3987 §6.5)"
                )));
            }
            options = options.syntax(syntax);
        }
        Some(GrammarArg::File(_)) => {
            return Err(UsageError(
                "'resolve' works with built-in grammars only (--grammar rfc3986 or rfc3987)".into(),
            ))
        }
    }
    Ok(ResolveArgs {
        base,
        options,
        inputs: c.inputs,
    })
}

/// The arguments of `normalize` and `equiv`, checked.
fn normalize_args(sub: &str, c: Collected) -> Result<NormalizeArgs, UsageError> {
    use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::Step5;
    use uridfa::normalize::{Steps, Syntax};
    use uridfa::Grammar;
    let name = match c.grammar {
        None => Grammar::Rfc3986,
        Some(GrammarArg::Builtin(name)) => name,
        Some(GrammarArg::File(_)) => {
            return Err(UsageError(format!(
                "'{sub}' works with built-in grammars only (--grammar NAME)"
            )))
        }
    };
    let urn03 = Grammar::DraftIetfUrnbisRfc2141bisUrn03;
    let normalization = if let Some(syntax) = Syntax::of(name) {
        if c.step5.is_some() {
            return Err(UsageError(format!("--step5 applies to {urn03} only")));
        }
        let steps = match c.steps.as_deref() {
            None => Steps::ALL,
            Some(list) => Steps::from_names(list).ok_or_else(|| {
                UsageError(format!(
                    "unknown --steps '{list}'; a comma-separated list of case, pct, path, scheme (or all, none)"
                ))
            })?,
        };
        Normalization::Ladder(syntax, steps)
    } else if name == urn03 || name == Grammar::Rfc8141 {
        if c.steps.is_some() {
            return Err(UsageError(format!(
                "--steps does not apply to {name}: its equivalence has fixed steps"
            )));
        }
        if name == Grammar::Rfc8141 {
            if c.step5.is_some() {
                return Err(UsageError(format!("--step5 applies to {urn03} only")));
            }
            Normalization::Rfc8141
        } else {
            Normalization::Urn03(match c.step5.as_deref() {
                None | Some("a") | Some("5a") => Step5::RemoveQuery,
                Some("b") | Some("5b") => Step5::ReorderDirectives,
                Some(other) => {
                    return Err(UsageError(format!(
                        "unknown --step5 '{other}'; one of: a, b"
                    )))
                }
            })
        }
    } else {
        let names: Vec<&str> = Syntax::ALL.iter().map(|s| s.name()).collect();
        return Err(UsageError(format!(
            "grammar '{name}' has no normalization; one of: {}, {urn03}, rfc8141",
            names.join(", ")
        )));
    };
    if sub == "equiv" && c.inputs.len() != 2 {
        return Err(UsageError(format!(
            "'equiv' takes exactly two references (got {})",
            c.inputs.len()
        )));
    }
    Ok(NormalizeArgs {
        normalization,
        inputs: c.inputs,
    })
}

/// Records the grammar, refusing a second one.
fn set_grammar(c: &mut Collected, g: GrammarArg) -> Result<(), UsageError> {
    if c.grammar.is_some() {
        return Err(UsageError(
            "give one of --grammar and --grammar-file, once".into(),
        ));
    }
    c.grammar = Some(g);
    Ok(())
}

/// An option value that must be UTF-8.
fn utf8(name: &str, value: OsString) -> Result<String, UsageError> {
    value.into_string().map_err(|v| {
        UsageError(format!(
            "value of '{name}' is not UTF-8: '{}'",
            v.to_string_lossy()
        ))
    })
}

/// A path from the bytes of an argument (see [`os_bytes`]).
fn bytes_path(bytes: Vec<u8>) -> PathBuf {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        PathBuf::from(OsString::from_vec(bytes))
    }
    #[cfg(not(unix))]
    {
        PathBuf::from(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// The bytes of an argument: exact on Unix, lossy UTF-8 elsewhere.
fn os_bytes(s: &OsStr) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        s.as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        s.to_string_lossy().into_owned().into_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Command, UsageError> {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        parse(&args)
    }

    #[test]
    fn options_inline_and_separate() {
        let want = Command::Check(RunArgs {
            grammar: GrammarArg::Builtin(uridfa::Grammar::Rfc3986),
            rule: Some("R".into()),
            inputs: vec![b"x".to_vec(), b"-y".to_vec(), b"-".to_vec()],
        });
        assert_eq!(
            p(&[
                "check",
                "--grammar",
                "RFC3986",
                "--rule=R",
                "x",
                "--",
                "-y",
                "-"
            ]),
            Ok(want)
        );
    }

    #[test]
    fn grammar_names_are_parsed_once_ignoring_case() {
        for name in ["rfc3987", "RFC3987", "Rfc3987"] {
            let Ok(Command::Check(args)) = p(&["check", "--grammar", name]) else {
                panic!("{name}");
            };
            assert_eq!(args.grammar, GrammarArg::Builtin(uridfa::Grammar::Rfc3987));
        }
        let err = p(&["check", "--grammar", "rfc9999"]).unwrap_err().0;
        assert!(
            err.starts_with("unknown grammar 'rfc9999' (built in: rfc3986, rfc1738, "),
            "{err}"
        );
    }

    #[test]
    fn usage_errors() {
        for args in [
            &[][..],
            &["frobnicate"],
            &["check"],
            &["check", "--grammar"],
            &["check", "--grammar", "g", "--bogus"],
            &["check", "--grammar", "g", "--grammar-file", "f"],
            &["check", "--grammar", "g", "--rule", "a", "--rule", "b"],
            &["stats", "--rule", "a"],
            &["dot", "--grammar", "g", "input"],
            &["grammars", "--grammar", "g"],
            &["resolve"],
            &["resolve", "--base", "http://a/", "--algorithm", "rfc1808"],
            &["resolve", "--base", "http://a/", "--dots", "sometimes"],
            &["resolve", "--base", "http://a/", "--dots", "keep"],
            &["resolve", "--base", "a", "--base", "b"],
            &["check", "--grammar", "g", "--base", "b"],
            &["check", "--grammar", "g", "--abbreviated"],
            &["extract", "--abbreviated", "--abbreviated"],
            &["extract", "--abbreviated=yes"],
            &["extract", "--base", "b"],
        ] {
            assert!(p(args).is_err(), "{args:?}");
        }
    }

    #[test]
    fn resolve_options() {
        use uridfa::resolve::{Algorithm, Dots, Options};
        let want = Command::Resolve(ResolveArgs {
            base: "http://a/b".into(),
            options: Options::new(Algorithm::Rfc2396).dots(Dots::Error),
            inputs: vec![b"g".to_vec()],
        });
        assert_eq!(
            p(&[
                "resolve",
                "--base=http://a/b",
                "--algorithm",
                "rfc2396",
                "--dots",
                "error",
                "g"
            ]),
            Ok(want)
        );
    }

    #[test]
    fn extract_options() {
        let want = Command::Extract(ExtractArgs {
            grammar: Some(GrammarArg::Builtin(uridfa::Grammar::Rfc1738)),
            rule: None,
            abbreviated: true,
            any_scheme: false,
            files: vec![PathBuf::from("a.txt"), PathBuf::from("-b")],
        });
        assert_eq!(
            p(&[
                "extract",
                "--abbreviated",
                "--grammar=rfc1738",
                "a.txt",
                "--",
                "-b"
            ]),
            Ok(want)
        );
    }

    #[test]
    fn help_anywhere() {
        assert_eq!(p(&["help"]), Ok(Command::Help));
        assert_eq!(p(&["--help"]), Ok(Command::Help));
        assert_eq!(p(&["split", "-h"]), Ok(Command::Help));
        assert_eq!(p(&["stats"]), Ok(Command::Stats(None)));
    }
}
