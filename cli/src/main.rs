//! `uridfa`: validate and split URIs with uridfa's tables from the command
//! line, and inspect the machines.
//!
//! ```text
//! uridfa check  --grammar NAME [--rule RULE] [INPUT...]
//! uridfa split  --grammar NAME [--rule RULE] [INPUT...]
//! uridfa stats  [--grammar NAME]
//! uridfa dot    --grammar NAME [--rule RULE]
//! uridfa resolve --base URI [--algorithm NAME] [--dots keep|remove|error] [--validating yes|no]
//!                [--grammar rfc3986|rfc3987]
//! uridfa normalize [--grammar NAME] [--steps case,pct,path,scheme] [--step5 a|b]
//! uridfa equiv A B [--grammar NAME] [--steps case,pct,path,scheme] [--step5 a|b]
//! uridfa extract [--grammar NAME] [--rule RULE] [--abbreviated] [--any-scheme] [FILE...]
//! uridfa grammars
//! uridfa help
//! ```
//!
//! `--grammar-file PATH` may replace `--grammar NAME` everywhere: the ABNF
//! file is compiled at run time by the same library `build.rs` uses. See
//! [`USAGE`] for inputs, output formats and exit statuses.
//!
//! The front end is thin: [`args`] parses the command line by hand,
//! [`source`] finds or compiles the grammar, [`input`] splits the inputs,
//! [`json`] escapes strings and [`commands`] runs the subcommands over
//! `uridfa_runtime`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod args;
mod commands;
mod input;
mod json;
mod source;

use args::Command;
use source::Failure;
use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

/// The text of `uridfa help`.
pub const USAGE: &str = "\
uridfa: validate and split URIs with table-driven DFAs generated from ABNF

Usage:
  uridfa check    (--grammar NAME | --grammar-file PATH) [--rule RULE] [INPUT...]
  uridfa split    (--grammar NAME | --grammar-file PATH) [--rule RULE] [INPUT...]
  uridfa stats    [--grammar NAME | --grammar-file PATH]
  uridfa dot      (--grammar NAME | --grammar-file PATH) [--rule RULE]
  uridfa resolve  --base URI [--algorithm NAME] [--dots keep|remove|error]
                  [--validating yes|no] [--grammar rfc3986|rfc3987] [REF...]
  uridfa normalize [--grammar NAME] [--steps LIST] [--step5 a|b] [INPUT...]
  uridfa equiv    A B [--grammar NAME] [--steps LIST] [--step5 a|b]
  uridfa extract  [--grammar NAME | --grammar-file PATH] [--rule RULE]
                  [--abbreviated] [--any-scheme] [FILE...]
  uridfa grammars
  uridfa help     (or --help, -h)

Subcommands:
  check     Print `ok` or `err OFFSET MESSAGE` for each input.
  split     Print one JSON object per input:
              {\"input\": ..., \"ok\": true, \"components\": {NAME: VALUE, ...}, \"NAME_kind\": KIND}
              {\"input\": ..., \"ok\": false, \"offset\": N, \"message\": ...}
            Every component of the grammar is listed in capture order:
            null when absent, \"\" when present but empty. NAME_kind is the
            first kind of NAME that matched (e.g. host_kind), or null.
            Strings are JSON-escaped; bytes that are not UTF-8 become
            U+FFFD. Offsets count bytes; for a `;@ charset utf-8`
            grammar (rfc3987) an error inside a character is reported
            at the character's first byte.
  stats     For each entry rule (default: every built-in grammar): states,
            byte classes, registers, table bytes, and the states of
            regex-automata's minimal plain DFA for the same language.
  dot       The machine as a Graphviz digraph.
  resolve   Resolve each reference (INPUT) against the base and print the
            target, or `err MESSAGE`. NAME is one of rfc3986 (default),
            rfc3986-nonstrict, draft-fielding-uri-rfc2396bis-01, rfc2396,
            draft-fielding-url-syntax-05: the resolution algorithm of that
            document, as written. --dots says what to do with \"..\" segments
            left above the root after merging: keep (default of the three
            older documents), remove (RFC 3986's remove_dot_segments, its
            only choice) or error. --validating no turns off
            2396bis-01's \"validating\" switch: a reference whose scheme
            equals the base's is then resolved as relative (default yes).
            --grammar rfc3987 reads the base as an IRI and each reference
            as an IRI-reference (RFC 3987 §2.2) instead of a URI and a
            URI-reference (rfc3986, the default); the algorithm is RFC
            3986's (RFC 3987 §6.5), so it applies to rfc3986 and
            rfc3986-nonstrict only.
            A target without authority whose path starts with \"//\" is
            written with \"/.\" before the path, so the path is never
            re-read as a host. Caution, as the documents are written:
            rfc2396 and draft-fielding-url-syntax-05 step 6a merge onto
            the base path \"up to its last slash\", which for a base
            with an empty path is nothing, so the base's host can grow:
            base http://a + .evil.com/x gives http://a.evil.com/x (draft
            05 also puts the query there: ?y/../.evil.com does the same).
  normalize Print each input's normal form, or `err MESSAGE`. NAME is
            rfc3986 (default), rfc3987, rfc6874 or
            draft-fielding-uri-rfc2396bis-01: the comparison ladder of
            their §6.2 (RFC 3987: §5.3), with the steps of --steps LIST,
            comma-separated from case, pct, path, scheme (default: all;
            also `none`). Or a URN grammar:
            draft-ietf-urnbis-rfc2141bis-urn-03 (§5 lexical equivalence;
            --step5 a removes the query, the default; b reorders its
            directives) or rfc8141 (§3: the assigned-name, normalized).
  equiv     Print `equivalent` or `different` for the references A and B
            (same options as normalize), compared without building their
            normal forms; exit status 0 when equivalent, 1 when different,
            2 when an input is invalid (an `err` line) or on a usage error.
  extract   Find the URIs in running text (each FILE, or all of standard
            input) and print one JSON object per URI, in text order:
              {\"uri\": ..., \"offset\": N, \"end\": N, \"line\": L, \"column\": C,
               \"delimiter\": \"url-prefix\" | \"angle\" | \"quote\" | \"bare\",
               \"whitespace_removed\": BOOL, \"ambiguous_hyphen\": null | URI,
               \"abbreviated\": null | \"http://\" | \"ftp://\",
               \"fragment_outside_grammar\": BOOL, \"file\": PATH or \"-\"}
            As the appendices on URLs in context say (draft-ietf-uri-url-06,
            draft-fielding-url-syntax-05 and 2396bis-01): <URL:...>, <...>
            and \"...\" wrappers, whose inner whitespace (a URI broken
            across lines) is removed from \"uri\"; bare URIs (scheme://,
            mailto:, news:, urn:; every scheme with --any-scheme), whose
            end is the grammar's longest accepted prefix without trailing
            punctuation or an unbalanced ) or ]. \"offset\" and \"end\" are
            the byte span of the URI in the text (wrapper excluded,
            whitespace inside included); \"line\" and \"column\" are
            1-based, the column in bytes. \"ambiguous_hyphen\" is the other
            reading when a hyphen ends a line inside the URI and the
            grammar accepts both. --abbreviated also finds www. and ftp.
            (2396bis-01 Appendix F) and reports the implied prefix in
            \"abbreviated\"; \"uri\" is then the text without it.
            NAME defaults to rfc3986; RULE to the grammar's URI, IRI or url
            entry, else its first. Exit status 0 if a URI was found, 1 if
            none.
  grammars  One line per built-in grammar: its name, then its entry rules;
            the first rule is the default.

Options:
  --grammar NAME        A built-in grammar (see `uridfa grammars`).
  --grammar-file PATH   Compile the ABNF file PATH at run time instead.
  --rule RULE           The entry rule (ASCII case ignored); default: the
                        grammar's first entry.
  --                    Everything after is an INPUT, even if it starts with -.
  Options take `--name VALUE` or `--name=VALUE`.

Inputs:
  Without INPUT arguments, inputs are read from standard input, one per line.
  Lines end at \\n only: a \\r is part of the input. A final \\n does not
  start another input. Inputs are bytes; any byte is allowed.

Exit status:
  0  every input was valid (or the command succeeded)
  1  some input was invalid (resolve: some reference could not be resolved;
     equiv: the references are different, or one is invalid)
  2  usage error (unknown subcommand, option, grammar or rule; missing
     value), a grammar file that does not compile (its diagnostics are
     printed to stderr), or an I/O error
";

/// Runs the command line and maps the outcome to the exit status.
fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let outcome = match args::parse(&args) {
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
        Command::Help => {
            io::stdout().write_all(USAGE.as_bytes())?;
            Ok(true)
        }
        Command::Grammars => commands::grammars(),
        Command::Check(a) => commands::check(a),
        Command::Split(a) => commands::split(a),
        Command::Stats(g) => commands::stats(g.as_ref()),
        Command::Dot(a) => commands::dot(a),
        Command::Resolve(a) => commands::resolve(a),
        Command::Normalize(a) => commands::normalize(a),
        Command::Equiv(a) => commands::equiv(a),
        Command::Extract(a) => commands::extract(a),
    }
}
