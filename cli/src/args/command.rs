//! What the command line asks for, once checked: the [`Command`] the
//! subcommands run, with their arguments ([`RunArgs`], [`GrammarArg`], ...),
//! and the [`UsageError`] of options that do not fit together.

use std::fmt;
use std::path::PathBuf;

/// What the user asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
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
    Dot(DotArgs),
    /// `uridfa explain`: inputs with their components marked, and their
    /// paths through the machine.
    Explain(RunArgs),
    /// `uridfa resolve`: resolve references against a base.
    Resolve(ResolveArgs),
    /// `uridfa normalize`: print each input's normal form.
    Normalize(NormalizeArgs),
    /// `uridfa equiv A B`: are two references equivalent?
    Equiv(NormalizeArgs),
    /// `uridfa extract`: the URIs in running text.
    Extract(ExtractArgs),
    /// `uridfa lint`: ambiguity of a grammar's entries.
    Lint(LintArgs),
    /// `uridfa generate`: the tables as C.
    Generate(GenerateArgs),
}

/// The arguments of `lint`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LintArgs {
    /// `--grammar` or `--grammar-file` (default `rfc3986`).
    pub grammar: GrammarArg,
    /// `--rule R`; `None` means every entry.
    pub rule: Option<String>,
    /// `--all-rules`: every rule's problem is an error, reached from an
    /// entry or not (the whole-file check).
    pub all_rules: bool,
}

/// What `uridfa dot` draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DotView {
    /// One node per component above 40 states, else every state.
    Auto,
    /// `--states`: every state.
    States,
    /// `--component C`: the states of component `C`.
    Component(String),
}

/// The arguments of `dot`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotArgs {
    /// `--grammar` or `--grammar-file` (default `rfc3986`).
    pub grammar: GrammarArg,
    /// `--rule R`; `None` means the grammar's first entry.
    pub rule: Option<String>,
    /// What to draw.
    pub view: DotView,
}

/// The arguments of `extract`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtractArgs {
    /// `--grammar` or `--grammar-file` (default `rfc3986`).
    pub grammar: GrammarArg,
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
    /// `--strip-cr` (`normalize` only).
    pub strip_cr: bool,
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
    /// `--strip-cr`.
    pub strip_cr: bool,
}

/// Where a grammar comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrammarArg {
    /// `--grammar NAME`: a grammar built into the `uridfa` crate, its name
    /// parsed once (ASCII case ignored).
    Builtin(uridfa::GrammarId),
    /// `--grammar-file PATH`: an ABNF file compiled at run time.
    File(PathBuf),
}

/// The arguments of `check`, `split` and `explain`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunArgs {
    /// The grammar to use (default `rfc3986`).
    pub grammar: GrammarArg,
    /// `--rule R`; `None` means the grammar's first entry.
    pub rule: Option<String>,
    /// Inputs given as arguments; empty means read standard input.
    pub inputs: Vec<Vec<u8>>,
    /// `--strip-cr`: remove one `\r` from the end of each line read.
    pub strip_cr: bool,
}

/// A command line that clap accepted but whose options do not fit
/// together, or an unknown rule; exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The output languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    /// C99: `uridfa.h`, `uridfa.c`, `NAME.h`, `NAME.c` (docs/c.md).
    C,
}

/// The arguments of `generate`, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateArgs {
    /// `--lang`.
    pub lang: Lang,
    /// A built-in grammar's name, or `None` for `--grammar-file`.
    pub grammar: Option<&'static str>,
    /// `--grammar-file`.
    pub grammar_file: Option<PathBuf>,
    /// `--out`.
    pub out: PathBuf,
}
