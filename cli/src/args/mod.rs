//! The command line: clap's derive API reads it into [`Cli`], and
//! [`Cli::into_command`] checks what clap cannot (options that depend on
//! each other) and gives the [`Command`] the subcommands run.
//!
//! ```text
//! uridfa SUBCOMMAND [OPTION...] [--] [INPUT...]
//! ```
//!
//! Options take `--name VALUE` or `--name=VALUE`, and may be mixed with
//! inputs. After `--` everything is an input, even if it starts with `-`;
//! `-` alone is an input. Inputs are kept as raw bytes (on Unix), so an
//! invalid UTF-8 argument is an input like any other. Grammar names ignore
//! ASCII case; a misspelt one, like a misspelt subcommand or option, gets
//! clap's suggestion of the closest name (`GrammarParser` in `cli.rs`).
//!
//! Principal types: [`Cli`], [`Command`], [`RunArgs`], [`GrammarArg`],
//! [`UsageError`].
//!
//! One job per file: `cli.rs` (what clap reads, and the checks),
//! `command.rs` (what the subcommands get).

mod cli;
mod command;

pub use cli::Cli;
pub use command::{
    Command, DotArgs, DotView, ExtractArgs, GenerateArgs, GrammarArg, Lang, LintArgs,
    Normalization, NormalizeArgs, ResolveArgs, RunArgs, UsageError,
};
