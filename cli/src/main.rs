//! `uridfa`: validate and split URIs with uridfa's tables from the command
//! line, and inspect the machines.
//!
//! ```text
//! uridfa check  [--grammar NAME] [--rule RULE] [--strip-cr] [INPUT...]
//! uridfa split  [--grammar NAME] [--rule RULE] [--strip-cr] [INPUT...]
//! uridfa stats  [--grammar NAME]
//! uridfa dot    [--grammar NAME] [--rule RULE] [--states | --component C]
//! uridfa explain [--grammar NAME] [--rule RULE] [--strip-cr] [INPUT...]
//! uridfa resolve --base URI [--algorithm NAME] [--dots keep|remove|error] [--validating yes|no]
//!                [--grammar rfc3986|rfc3987] [--strip-cr] [REF...]
//! uridfa normalize [--grammar NAME] [--steps case,pct,path,scheme] [--step5 a|b] [--strip-cr]
//! uridfa equiv [--grammar NAME] [--steps case,pct,path,scheme] [--step5 a|b] A B
//! uridfa extract [--grammar NAME] [--rule RULE] [--abbreviated] [--any-scheme] [FILE...]
//! uridfa lint  [--grammar NAME] [--rule RULE]
//! uridfa generate --lang c (--grammar NAME | --grammar-file PATH) --out DIR
//! uridfa grammars
//! uridfa help [COMMAND]
//! ```
//!
//! The grammar is `rfc3986` unless `--grammar NAME` or `--grammar-file
//! PATH` says otherwise (`stats`: every built-in grammar). A grammar file
//! is compiled at run time by the same library `build.rs` uses. `uridfa
//! help COMMAND` tells each subcommand's inputs, output and exit status.
//!
//! The front end is thin: [`args`] reads the command line with clap,
//! [`source`] finds or compiles the grammar, [`input`] splits the inputs,
//! [`json`] shapes the JSON output for serde_json and [`commands`] runs
//! the subcommands over `uridfa_runtime`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod args;
mod builtin;
mod commands;
mod generate;
mod input;
mod json;
mod lint;
mod source;

use args::Command;
use source::Failure;
use std::io;
use std::process::ExitCode;

/// Runs the command line and maps the outcome to the exit status.
fn main() -> ExitCode {
    let cli = match args::Cli::try_parse_args(std::env::args_os()) {
        Ok(cli) => cli,
        // Help and --version (exit status 0, on stdout), or a usage error
        // with clap's suggestions (exit status 2, on stderr).
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    let outcome = match cli.into_command() {
        Ok(command) => run(&command),
        Err(e) => Err(Failure::Usage(e)),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A closed pipe (`uridfa check | head`) is not worth a message.
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(2),
        Err(Failure::Usage(e)) => {
            eprintln!("uridfa: error: {e}\nRun `uridfa help` for usage.");
            ExitCode::from(2)
        }
        // `equiv` printed its `err` line: 2 tells it from "different" (1).
        Err(Failure::InvalidInput) => ExitCode::from(2),
        Err(Failure::Grammar(diagnostics)) => {
            eprintln!("{diagnostics}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("uridfa: error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command: `Ok(true)` if every input was valid.
fn run(command: &Command) -> Result<bool, Failure> {
    match command {
        Command::Grammars => commands::grammars(),
        Command::Check(a) => commands::check(a),
        Command::Split(a) => commands::split(a),
        Command::Stats(g) => commands::stats(g.as_ref()),
        Command::Dot(a) => commands::dot(a),
        Command::Explain(a) => commands::explain(a),
        Command::Resolve(a) => commands::resolve(a),
        Command::Normalize(a) => commands::normalize(a),
        Command::Equiv(a) => commands::equiv(a),
        Command::Extract(a) => commands::extract(a),
        Command::Lint(a) => lint::lint(a),
        Command::Generate(a) => generate::generate(a),
    }
}
