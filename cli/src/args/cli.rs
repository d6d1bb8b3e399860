//! The command line as clap reads it ([`Cli`]: the subcommands and their
//! options, the help texts, the grammar-name parser) and its checks
//! ([`Cli::into_command`]), which give a [`Command`].

use super::command::{
    Command, DotArgs, DotView, ExtractArgs, GenerateArgs, GrammarArg, Lang, LintArgs,
    Normalization, NormalizeArgs, ResolveArgs, RunArgs, UsageError,
};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::{ContextKind, ContextValue};
use clap::{Args, Parser, Subcommand};
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

/// Shown after the help of `check` and `split`.
const RUN_AFTER_HELP: &str = "\
Exit status: 0 if every input was valid, 1 if some input was invalid, 2 on a
usage error, a grammar file that does not compile, or an I/O error.";

/// Shown after `uridfa --help` and `uridfa help`.
const AFTER_HELP: &str = "\
Inputs:
  Without INPUT arguments, inputs are read from standard input, one per
  line. Lines end at \\n only: a \\r is part of the input unless
  --strip-cr removes it. A final \\n does not start another input. Inputs
  are bytes; any byte is allowed. Output is flushed after each line unless
  standard output is a regular file.

Exit status:
  0  every input was valid (or the command succeeded)
  1  some input was invalid (resolve: some reference could not be resolved;
     equiv: the references are different; extract: no URI found; lint: an
     ambiguity under `;@ deny ambiguity`)
  2  usage error (unknown subcommand, option, grammar or rule; missing
     value), a grammar file that does not compile (its diagnostics are
     printed to stderr), an I/O error, or (equiv) an invalid reference

Run `uridfa help COMMAND` (or `uridfa COMMAND --help`) for a command's
options and output.";

/// The whole command line, as clap reads it.
#[derive(Debug, Parser)]
#[command(
    name = "uridfa",
    version,
    about = "uridfa: validate and split URIs with table-driven DFAs generated from ABNF",
    subcommand_required = true,
    after_help = AFTER_HELP,
)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    command: Sub,
}

/// The subcommands, as clap reads them.
#[derive(Debug, Subcommand)]
enum Sub {
    /// Print `ok` or `err OFFSET MESSAGE` for each input.
    #[command(after_help = RUN_AFTER_HELP)]
    Check(RunOpts),
    /// Print one JSON object per input, with its components.
    ///
    /// {"input": ..., "ok": true, "components": {NAME: VALUE, ...}, "NAME_kind": KIND}
    /// {"input": ..., "ok": false, "offset": N, "message": ..., "component": C, "expected": E}
    ///
    /// Every component of the grammar is listed in capture order: null when
    /// absent, "" when present but empty. NAME_kind is the first kind of
    /// NAME that matched (e.g. host_kind), or null. On an error, "component"
    /// is the component being read and "expected" what would have been
    /// accepted at "offset" (in the grammar's words), each null when
    /// unknown. Bytes that are not UTF-8 become U+FFFD. Offsets count
    /// bytes; for a `;@ charset utf-8` grammar (rfc3987) an error inside a
    /// character is reported at the character's first byte.
    #[command(
        about = "Print one JSON object per input, with its components",
        verbatim_doc_comment,
        after_help = RUN_AFTER_HELP
    )]
    Split(RunOpts),
    /// Print the size of each entry rule's machine.
    ///
    /// For each entry rule: states, byte classes, registers, table bytes,
    /// and the states of regex-automata's minimal plain DFA for the same
    /// language. Without --grammar or --grammar-file: every built-in
    /// grammar.
    #[command(mut_arg("grammar", |a| a.help(
        "A built-in grammar (see `uridfa grammars`), ASCII case ignored \
         [default: every built-in grammar]"
    )))]
    Stats(StatsOpts),
    /// Print the machine of one entry rule as a Graphviz digraph.
    ///
    /// A machine of more than 40 states is drawn with one node per
    /// component (the states that read its bytes), at most 40 nodes, and
    /// edges labelled with the bytes that move between components;
    /// --component C draws the states of C, --states every state. State
    /// drawings name registers by the tags they feed (`host.start=pos`).
    /// Render with Graphviz: `uridfa dot | dot -Tsvg > uri.svg`.
    #[command(
        about = "Print the machine of one entry rule as a Graphviz digraph",
        verbatim_doc_comment
    )]
    Dot(DotOpts),
    /// Print each input with its components marked, and the states it
    /// passes through.
    ///
    /// Under the input, one line per component: `^^^` under its bytes
    /// (`|` where an empty one sits), named after the components holding
    /// it (`authority > host`), with its kind. Then the path: the start
    /// state and, per byte read, the state reached, the component that
    /// byte is in, and the register operations. An invalid input prints
    /// its error and the path up to it.
    #[command(
        about = "Print each input with its components marked, and its path through the states",
        verbatim_doc_comment,
        after_help = RUN_AFTER_HELP
    )]
    Explain(RunOpts),
    /// Resolve each reference against the base; print the target or
    /// `err MESSAGE`.
    ///
    /// --algorithm NAME picks the resolution algorithm of that document, as
    /// written. --dots says what to do with ".." segments left above the
    /// root after merging: keep (default of the three older documents),
    /// remove (RFC 3986's remove_dot_segments, its only choice) or error.
    /// --validating no turns off 2396bis-01's "validating" switch: a
    /// reference whose scheme equals the base's is then resolved as
    /// relative. --grammar rfc3987 reads the base as an IRI and each
    /// reference as an IRI-reference (RFC 3987 §2.2); the algorithm is RFC
    /// 3986's (RFC 3987 §6.5), so it applies to rfc3986 and
    /// rfc3986-nonstrict only.
    ///
    /// A target without authority whose path starts with "//" is written
    /// with "/." before the path, so the path is never re-read as a host.
    /// Caution, as the documents are written: rfc2396 and
    /// draft-fielding-url-syntax-05 step 6a merge onto the base path "up to
    /// its last slash", which for a base with an empty path is nothing, so
    /// the base's host can grow: base `http://a` + `.evil.com/x` gives
    /// `http://a.evil.com/x` (draft 05 also puts the query there:
    /// `?y/../.evil.com` does the same).
    Resolve(ResolveOpts),
    /// Print each input's normal form, or `err MESSAGE`.
    ///
    /// rfc3986, rfc3987, rfc6874 and draft-fielding-uri-rfc2396bis-01 use the
    /// comparison ladder of their §6.2 (RFC 3987: §5.3) with the steps of
    /// --steps. draft-ietf-urnbis-rfc2141bis-urn-03 uses its §5 lexical
    /// equivalence (--step5 a removes the query, the default; b reorders its
    /// directives); rfc8141 its §3 (the assigned-name, normalized).
    Normalize(NormalizeOpts),
    /// Print `equivalent` (exit 0) or `different` (exit 1) for the
    /// references A and B; `err MESSAGE` and exit 2 if one is invalid.
    ///
    /// The options are those of normalize; the references are compared
    /// without building their normal forms.
    Equiv(EquivOpts),
    /// Find the URIs in running text and print one JSON object per URI.
    ///
    /// {"uri": ..., "offset": N, "end": N, "line": L, "column": C,
    ///  "delimiter": "url-prefix" | "angle" | "quote" | "bare",
    ///  "whitespace_removed": BOOL, "ambiguous_hyphen": null | URI,
    ///  "abbreviated": null | "http://" | "ftp://",
    ///  "fragment_outside_grammar": BOOL, "file": PATH or "-"}
    ///
    /// As the appendices on URLs in context say (draft-ietf-uri-url-06,
    /// draft-fielding-url-syntax-05 and 2396bis-01): <URL:...>, <...> and
    /// "..." wrappers, whose inner whitespace (a URI broken across lines) is
    /// removed from "uri"; bare URIs (scheme://, mailto:, news:, urn:; every
    /// scheme with --any-scheme), whose end is the grammar's longest
    /// accepted prefix without trailing punctuation or an unbalanced ) or ].
    /// "offset" and "end" are the byte span of the URI in the text (wrapper
    /// excluded, whitespace inside included); "line" and "column" are
    /// 1-based, the column in bytes. "ambiguous_hyphen" is the other reading
    /// when a hyphen ends a line inside the URI and the grammar accepts both.
    /// Exit status 0 if a URI was found, 1 if none.
    #[command(
        about = "Find the URIs in running text and print one JSON object per URI",
        verbatim_doc_comment
    )]
    Extract(ExtractOpts),
    /// List the built-in grammars: each name, then its entry rules, the
    /// default first.
    Grammars,
    /// Check a grammar for ambiguity, without input.
    ///
    /// For each entry rule (or --rule R): a shortest input with two parses
    /// whose captures differ, if there is one, and both readings, as
    ///   FILE:LINE:COL: warning: entry 'R' (at ...) is ambiguous: the input "..." ...
    ///     = uridfa reads:    NAME = "...", ...
    ///     = another reading: NAME = "...", ...
    /// Kinds decided after the match that overlap (by design) are notes. A
    /// search that passes its budget says it did not finish. Under the
    /// pragma `;@ deny ambiguity` the findings are errors; `;@ allow
    /// ambiguity NAME` silences one capture (docs/derive.md).
    ///
    /// Exit status: 0 if there is no error (warnings and notes allowed),
    /// 1 if `;@ deny ambiguity` made a finding an error, 2 on a usage error
    /// or a grammar that does not compile.
    #[command(
        about = "Check a grammar for ambiguity, without input",
        verbatim_doc_comment
    )]
    Lint(LintOpts),
    /// Write a grammar's tables and driver in another language (C: docs/c.md).
    Generate(GenerateOpts),
}

/// `--grammar` or `--grammar-file`.
#[derive(Debug, Args)]
struct GrammarOpts {
    /// A built-in grammar (see `uridfa grammars`), ASCII case ignored
    /// [default: rfc3986].
    #[arg(long, value_name = "NAME", value_parser = GrammarParser)]
    grammar: Option<uridfa::GrammarId>,
    /// Compile the ABNF file PATH at run time instead.
    #[arg(long, value_name = "PATH", conflicts_with = "grammar")]
    grammar_file: Option<PathBuf>,
}

/// `--strip-cr`, for the subcommands that read lines.
#[derive(Debug, Args)]
struct LineOpts {
    /// Remove one \r from the end of each line read from standard input
    /// (CRLF files).
    #[arg(long)]
    strip_cr: bool,
}

/// The options of `check` and `split`.
#[derive(Debug, Args)]
struct RunOpts {
    /// The grammar [default: rfc3986].
    #[command(flatten)]
    grammar: GrammarOpts,
    /// The entry rule (ASCII case ignored) [default: the grammar's first];
    /// with --grammar-file, any rule of the file, built as an entry when
    /// the file has no `;@ entry` for it.
    #[arg(long, value_name = "RULE")]
    rule: Option<String>,
    /// `--strip-cr`.
    #[command(flatten)]
    lines: LineOpts,
    /// The inputs; without any, each line of standard input is one.
    #[arg(value_name = "INPUT", value_parser = clap::value_parser!(OsString))]
    inputs: Vec<OsString>,
}

/// The options of `stats`.
#[derive(Debug, Args)]
struct StatsOpts {
    /// The grammar [default: every built-in grammar].
    #[command(flatten)]
    grammar: GrammarOpts,
}

/// The options of `dot`.
#[derive(Debug, Args)]
struct DotOpts {
    /// The grammar [default: rfc3986].
    #[command(flatten)]
    grammar: GrammarOpts,
    /// The entry rule (ASCII case ignored) [default: the grammar's first].
    #[arg(long, value_name = "RULE")]
    rule: Option<String>,
    /// Draw every state [default: when the machine has at most 40].
    #[arg(long, conflicts_with = "component")]
    states: bool,
    /// Draw the states of component C only.
    #[arg(long, value_name = "C")]
    component: Option<String>,
}

/// The options of `lint`.
#[derive(Debug, Args)]
struct LintOpts {
    /// The grammar [default: rfc3986].
    #[command(flatten)]
    grammar: GrammarOpts,
    /// Only this entry rule (ASCII case ignored) [default: every entry].
    #[arg(long, value_name = "RULE")]
    rule: Option<String>,
    /// Check every rule of the file, not only what the entries reach: an
    /// undefined rule, a prose value or recursion that cannot be compiled
    /// is an error wherever it is (otherwise a note).
    #[arg(long)]
    all_rules: bool,
}

/// The options of `resolve`.
#[derive(Debug, Args)]
struct ResolveOpts {
    /// The base URI (or IRI, with --grammar rfc3987).
    #[arg(long, value_name = "URI")]
    base: String,
    /// The resolution algorithm [default: rfc3986].
    #[arg(long, value_name = "NAME", value_parser = PossibleValuesParser::new(
        uridfa::resolve::Algorithm::ALL.map(|a| a.name())))]
    algorithm: Option<String>,
    /// What to do with ".." segments above the root [default: the
    /// algorithm's own].
    #[arg(long, value_parser = ["keep", "remove", "error"])]
    dots: Option<String>,
    /// 2396bis-01's "validating" switch [default: yes].
    #[arg(long, value_parser = ["yes", "no"])]
    validating: Option<String>,
    /// rfc3986 (URIs) or rfc3987 (IRIs) [default: rfc3986].
    #[arg(long, value_name = "NAME", value_parser = GrammarParser)]
    grammar: Option<uridfa::GrammarId>,
    /// `--strip-cr`.
    #[command(flatten)]
    lines: LineOpts,
    /// The references; without any, each line of standard input is one.
    #[arg(value_name = "REF", value_parser = clap::value_parser!(OsString))]
    inputs: Vec<OsString>,
}

/// The options `normalize` and `equiv` share.
#[derive(Debug, Args)]
struct LadderOpts {
    /// The grammar whose equivalence to use [default: rfc3986].
    #[arg(long, value_name = "NAME", value_parser = GrammarParser)]
    grammar: Option<uridfa::GrammarId>,
    /// The ladder's steps, comma-separated from case, pct, path, scheme
    /// (or all, none) [default: all].
    #[arg(long, value_name = "LIST")]
    steps: Option<String>,
    /// URN draft 03 §5 step 5: a removes the query, b reorders its
    /// directives [default: a].
    #[arg(long, value_parser = ["a", "b", "5a", "5b"])]
    step5: Option<String>,
}

/// The options of `normalize`.
#[derive(Debug, Args)]
struct NormalizeOpts {
    /// `--grammar`, `--steps`, `--step5`.
    #[command(flatten)]
    ladder: LadderOpts,
    /// `--strip-cr`.
    #[command(flatten)]
    lines: LineOpts,
    /// The inputs; without any, each line of standard input is one.
    #[arg(value_name = "INPUT", value_parser = clap::value_parser!(OsString))]
    inputs: Vec<OsString>,
}

/// The options of `equiv`.
#[derive(Debug, Args)]
struct EquivOpts {
    /// `--grammar`, `--steps`, `--step5`.
    #[command(flatten)]
    ladder: LadderOpts,
    /// The first reference.
    #[arg(value_parser = clap::value_parser!(OsString))]
    a: OsString,
    /// The second reference.
    #[arg(value_parser = clap::value_parser!(OsString))]
    b: OsString,
}

/// The options of `extract`.
#[derive(Debug, Args)]
struct ExtractOpts {
    /// The grammar [default: rfc3986].
    #[command(flatten)]
    grammar: GrammarOpts,
    /// The entry rule [default: the grammar's URI, IRI or url entry, else
    /// its first]; with --grammar-file, any rule of the file.
    #[arg(long, value_name = "RULE")]
    rule: Option<String>,
    /// Also find www. and ftp. (2396bis-01 Appendix F) and report the
    /// implied prefix in "abbreviated"; "uri" is then the text without it.
    #[arg(long)]
    abbreviated: bool,
    /// Find bare URIs of every scheme, not only scheme://, mailto:, news:
    /// and urn:.
    #[arg(long)]
    any_scheme: bool,
    /// The files to read [default: standard input, named "-"].
    #[arg(value_name = "FILE", value_parser = clap::value_parser!(PathBuf))]
    files: Vec<PathBuf>,
}

/// The parser of a built-in grammar name, ASCII case ignored: clap's
/// possible values, asked in lower case so that clap's suggestion of the
/// closest name ("a similar value exists") ignores case too; the error
/// quotes the name as given.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GrammarParser;

impl TypedValueParser for GrammarParser {
    type Value = uridfa::GrammarId;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<uridfa::GrammarId, clap::Error> {
        let names = PossibleValuesParser::new(uridfa::GrammarId::ALL.map(uridfa::GrammarId::name));
        let name = names
            .parse_ref(cmd, arg, &value.to_ascii_lowercase())
            .map_err(|mut e| {
                let given = ContextValue::String(value.to_string_lossy().into_owned());
                e.insert(ContextKind::InvalidValue, given);
                e
            })?;
        uridfa::GrammarId::from_name(&name)
            .map_err(|_| clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            uridfa::GrammarId::ALL
                .map(|g| PossibleValue::new(g.name()))
                .into_iter(),
        ))
    }
}

impl GrammarOpts {
    /// The grammar chosen, if any.
    fn chosen(self) -> Option<GrammarArg> {
        match (self.grammar, self.grammar_file) {
            (_, Some(path)) => Some(GrammarArg::File(path)),
            (Some(g), None) => Some(GrammarArg::Builtin(g)),
            (None, None) => None,
        }
    }

    /// The grammar chosen, `rfc3986` by default.
    fn or_default(self) -> GrammarArg {
        self.chosen()
            .unwrap_or(GrammarArg::Builtin(uridfa::GrammarId::Rfc3986))
    }
}

impl Cli {
    /// Reads the command line `args` (the program name first), as clap's
    /// `try_parse_from` does, except that `help NAME` with a misspelt
    /// `NAME` gets the suggestion that `NAME` alone gets (`uridfa help
    /// splt`: "a similar subcommand exists: 'split'"); clap's own `help`
    /// subcommand names no similar one.
    ///
    /// # Errors
    ///
    /// clap's error: a usage error, or the help and version texts.
    pub fn try_parse_args<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        let e = match Cli::try_parse_from(&args) {
            Ok(cli) => return Ok(cli),
            Err(e) => e,
        };
        if e.kind() == clap::error::ErrorKind::InvalidSubcommand
            && args.len() == 3
            && args[1] == "help"
        {
            // `uridfa NAME` fails too (NAME is no subcommand), with the tip.
            if let Err(alone) = Cli::try_parse_from([args[0].clone(), args[2].clone()]) {
                if alone.kind() == clap::error::ErrorKind::InvalidSubcommand {
                    return Err(alone);
                }
            }
        }
        Err(e)
    }

    /// The command to run.
    ///
    /// # Errors
    ///
    /// A [`UsageError`] for options that do not fit together (e.g. `--dots
    /// keep` with RFC 3986, `--steps` with a URN grammar).
    pub fn into_command(self) -> Result<Command, UsageError> {
        let run = |o: RunOpts| RunArgs {
            grammar: o.grammar.or_default(),
            rule: o.rule,
            inputs: o.inputs.iter().map(|a| os_bytes(a)).collect(),
            strip_cr: o.lines.strip_cr,
        };
        Ok(match self.command {
            Sub::Grammars => Command::Grammars,
            Sub::Check(o) => Command::Check(run(o)),
            Sub::Split(o) => Command::Split(run(o)),
            Sub::Stats(o) => Command::Stats(o.grammar.chosen()),
            Sub::Dot(o) => Command::Dot(DotArgs {
                view: match (o.states, o.component) {
                    (_, Some(c)) => DotView::Component(c),
                    (true, None) => DotView::States,
                    (false, None) => DotView::Auto,
                },
                grammar: o.grammar.or_default(),
                rule: o.rule,
            }),
            Sub::Explain(o) => Command::Explain(run(o)),
            Sub::Resolve(o) => Command::Resolve(resolve_args(o)?),
            Sub::Lint(o) => Command::Lint(LintArgs {
                grammar: o.grammar.or_default(),
                rule: o.rule,
                all_rules: o.all_rules,
            }),
            Sub::Normalize(o) => Command::Normalize(NormalizeArgs {
                normalization: normalization(o.ladder)?,
                inputs: o.inputs.iter().map(|a| os_bytes(a)).collect(),
                strip_cr: o.lines.strip_cr,
            }),
            Sub::Equiv(o) => Command::Equiv(NormalizeArgs {
                normalization: normalization(o.ladder)?,
                inputs: vec![os_bytes(&o.a), os_bytes(&o.b)],
                strip_cr: false,
            }),
            Sub::Generate(o) => Command::Generate(o.into_args()?),
            Sub::Extract(o) => Command::Extract(ExtractArgs {
                grammar: o.grammar.or_default(),
                rule: o.rule,
                abbreviated: o.abbreviated,
                any_scheme: o.any_scheme,
                files: o.files,
            }),
        })
    }
}

/// The arguments of `resolve`, checked.
fn resolve_args(o: ResolveOpts) -> Result<ResolveArgs, UsageError> {
    use uridfa::resolve::{Algorithm, Dots, Options, Syntax};
    let algorithm = match o.algorithm.as_deref() {
        None => Algorithm::Rfc3986,
        Some(name) => Algorithm::from_name(name)
            .ok_or_else(|| UsageError(format!("unknown algorithm '{name}'")))?,
    };
    let mut options = Options::new(algorithm);
    if let Some(d) = o.dots.as_deref() {
        let dots = Dots::from_name(d).ok_or_else(|| UsageError(format!("unknown --dots '{d}'")))?;
        if dots == Dots::Keep && algorithm.default_dots() == Dots::Remove {
            return Err(UsageError(format!(
                "--dots keep does not apply to {algorithm}: its remove_dot_segments always removes them"
            )));
        }
        options = options.dots(dots);
    }
    if let Some(v) = o.validating.as_deref() {
        if algorithm != Algorithm::Rfc2396bis01 {
            return Err(UsageError(format!(
                "--validating applies to draft-fielding-uri-rfc2396bis-01 only, not {algorithm}"
            )));
        }
        options = options.validating(v == "yes");
    }
    if let Some(name) = o.grammar {
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
    Ok(ResolveArgs {
        base: o.base,
        options,
        inputs: o.inputs.iter().map(|a| os_bytes(a)).collect(),
        strip_cr: o.lines.strip_cr,
    })
}

/// The normalization of `normalize` and `equiv`, checked.
fn normalization(o: LadderOpts) -> Result<Normalization, UsageError> {
    use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::Step5;
    use uridfa::normalize::{Steps, Syntax};
    use uridfa::GrammarId;
    let name = o.grammar.unwrap_or(GrammarId::Rfc3986);
    let urn03 = GrammarId::DraftIetfUrnbisRfc2141bisUrn03;
    if let Some(syntax) = Syntax::of(name) {
        if o.step5.is_some() {
            return Err(UsageError(format!("--step5 applies to {urn03} only")));
        }
        let steps = match o.steps.as_deref() {
            None => Steps::ALL,
            Some(list) => Steps::from_names(list).ok_or_else(|| {
                UsageError(format!(
                    "unknown --steps '{list}'; a comma-separated list of case, pct, path, scheme (or all, none)"
                ))
            })?,
        };
        Ok(Normalization::Ladder(syntax, steps))
    } else if name == urn03 || name == GrammarId::Rfc8141 {
        if o.steps.is_some() {
            return Err(UsageError(format!(
                "--steps does not apply to {name}: its equivalence has fixed steps"
            )));
        }
        if name == GrammarId::Rfc8141 {
            if o.step5.is_some() {
                return Err(UsageError(format!("--step5 applies to {urn03} only")));
            }
            Ok(Normalization::Rfc8141)
        } else {
            Ok(Normalization::Urn03(match o.step5.as_deref() {
                Some("b" | "5b") => Step5::ReorderDirectives,
                _ => Step5::RemoveQuery,
            }))
        }
    } else {
        let names: Vec<&str> = Syntax::ALL.iter().map(|s| s.name()).collect();
        Err(UsageError(format!(
            "grammar '{name}' has no normalization; one of: {}, {urn03}, rfc8141",
            names.join(", ")
        )))
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
    use clap::CommandFactory;

    fn p(args: &[&str]) -> Result<Command, String> {
        let cli = Cli::try_parse_from(std::iter::once("uridfa").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        cli.into_command().map_err(|e| e.0)
    }

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn options_inline_and_separate() {
        let want = Command::Check(RunArgs {
            grammar: GrammarArg::Builtin(uridfa::GrammarId::Rfc3986),
            rule: Some("R".into()),
            inputs: vec![b"x".to_vec(), b"-".to_vec(), b"-y".to_vec()],
            strip_cr: true,
        });
        assert_eq!(
            p(&[
                "check",
                "--grammar",
                "RFC3986",
                "--rule=R",
                "x",
                "-",
                "--strip-cr",
                "--",
                "-y",
            ]),
            Ok(want)
        );
    }

    #[test]
    fn rfc3986_is_the_default_grammar() {
        let rfc3986 = GrammarArg::Builtin(uridfa::GrammarId::Rfc3986);
        for sub in ["check", "split", "explain"] {
            let (Ok(Command::Check(a)) | Ok(Command::Split(a)) | Ok(Command::Explain(a))) =
                p(&[sub])
            else {
                panic!("{sub}");
            };
            assert_eq!(a.grammar, rfc3986, "{sub}");
            assert!(!a.strip_cr, "{sub}");
        }
        let Ok(Command::Dot(a)) = p(&["dot"]) else {
            panic!("dot");
        };
        assert_eq!((a.grammar, a.view), (rfc3986.clone(), DotView::Auto));
        let Ok(Command::Extract(a)) = p(&["extract"]) else {
            panic!("extract");
        };
        assert_eq!(a.grammar, rfc3986);
        // stats keeps its default: every built-in grammar.
        assert_eq!(p(&["stats"]), Ok(Command::Stats(None)));
    }

    #[test]
    fn grammar_names_are_parsed_once_ignoring_case() {
        for name in ["rfc3987", "RFC3987", "Rfc3987"] {
            let Ok(Command::Check(args)) = p(&["check", "--grammar", name]) else {
                panic!("{name}");
            };
            assert_eq!(
                args.grammar,
                GrammarArg::Builtin(uridfa::GrammarId::Rfc3987)
            );
        }
    }

    #[test]
    fn misspelt_names_get_a_suggestion() {
        let err = p(&["check", "--grammar", "rfc3968"]).unwrap_err();
        assert!(err.contains("'rfc3968'"), "{err}");
        assert!(err.contains("a similar value exists: 'rfc3986'"), "{err}");
        let err = p(&["chek"]).unwrap_err();
        assert!(
            err.contains("a similar subcommand exists: 'check'"),
            "{err}"
        );
        let help = |args: &[&str]| {
            Cli::try_parse_args(std::iter::once("uridfa").chain(args.iter().copied()))
                .map(|_| ())
                .map_err(|e| (e.kind(), e.to_string()))
        };
        let (kind, err) = help(&["help", "splt"]).unwrap_err();
        assert_eq!(kind, clap::error::ErrorKind::InvalidSubcommand);
        assert!(
            err.contains("a similar subcommand exists: 'split'"),
            "{err}"
        );
        let (kind, _) = help(&["help", "split"]).unwrap_err();
        assert_eq!(kind, clap::error::ErrorKind::DisplayHelp);
        let (kind, err) = help(&["help", "zzzz"]).unwrap_err();
        assert_eq!(kind, clap::error::ErrorKind::InvalidSubcommand);
        assert!(err.contains("unrecognized subcommand 'zzzz'"), "{err}");
        let err = p(&["check", "--strip-rc"]).unwrap_err();
        assert!(
            err.contains("a similar argument exists: '--strip-cr'"),
            "{err}"
        );
    }

    #[test]
    fn usage_errors() {
        for args in [
            &[][..],
            &["frobnicate"],
            &["check", "--grammar"],
            &["check", "--grammar", "g"],
            &["check", "--bogus"],
            &["check", "--grammar", "rfc3986", "--grammar-file", "f"],
            &["check", "--rule", "a", "--rule", "b"],
            &["stats", "--rule", "a"],
            &["dot", "input"],
            &["dot", "--strip-cr"],
            &["dot", "--states", "--component", "host"],
            &["dot", "--component"],
            &["grammars", "--grammar", "rfc3986"],
            &["resolve"],
            &["resolve", "--base", "http://a/", "--algorithm", "rfc1808"],
            &["resolve", "--base", "http://a/", "--dots", "sometimes"],
            &["resolve", "--base", "http://a/", "--dots", "keep"],
            &["resolve", "--base", "a", "--base", "b"],
            &["resolve", "--base", "a", "--grammar-file", "f"],
            &["check", "--base", "b"],
            &["check", "--abbreviated"],
            &["equiv", "a"],
            &["equiv", "a", "b", "c"],
            &["equiv", "--strip-cr", "a", "b"],
            &["extract", "--abbreviated", "--abbreviated"],
            &["extract", "--abbreviated=yes"],
            &["extract", "--base", "b"],
            &["extract", "--strip-cr"],
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
            strip_cr: false,
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
            grammar: GrammarArg::Builtin(uridfa::GrammarId::Rfc1738),
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
}

/// The options of `generate`, as clap reads them.
#[derive(Debug, Args)]
pub struct GenerateOpts {
    /// The language to write.
    #[arg(long, value_enum)]
    lang: Lang,
    /// A built-in grammar (see `uridfa grammars`), ASCII case ignored.
    #[arg(long, value_name = "NAME", value_parser = GrammarParser, required_unless_present = "grammar_file")]
    grammar: Option<uridfa::GrammarId>,
    /// Compile the ABNF file PATH instead.
    #[arg(long, value_name = "PATH", conflicts_with = "grammar")]
    grammar_file: Option<PathBuf>,
    /// The directory to write into (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

impl GenerateOpts {
    /// The checked arguments.
    ///
    /// # Errors
    ///
    /// A [`UsageError`] when neither grammar option is given.
    pub fn into_args(self) -> Result<GenerateArgs, UsageError> {
        if self.grammar.is_none() && self.grammar_file.is_none() {
            return Err(UsageError(
                "generate needs --grammar NAME or --grammar-file PATH".to_owned(),
            ));
        }
        Ok(GenerateArgs {
            lang: self.lang,
            grammar: self.grammar.map(uridfa::GrammarId::name),
            grammar_file: self.grammar_file,
            out: self.out,
        })
    }
}
