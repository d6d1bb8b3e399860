//! Grammars, built in or compiled at run time, behind one interface.
//!
//! A built-in grammar ([`uridfa::GRAMMARS`]) has only its `'static` runtime
//! tables; a `--grammar-file` is compiled with
//! [`uridfa_codegen::driver::compile_file`] and its owned tables are
//! borrowed as the same [`Tables`] type. Everything downstream works on
//! [`Entry`] values and never knows which it got.
//!
//! Principal types: [`Loaded`], [`Entry`], [`Failure`].

use crate::args::{GrammarArg, UsageError};
use std::fmt;
use std::io;
use std::path::Path;
use uridfa::BuiltinGrammar;
use uridfa_codegen::driver::{compile_file_with_entries, Compiled, Options};
use uridfa_runtime::Tables;

/// Why a command could not run (as opposed to an input being invalid).
#[derive(Debug)]
pub enum Failure {
    /// A bad command line, unknown grammar or unknown rule.
    Usage(UsageError),
    /// A `--grammar-file` that does not compile: its rendered diagnostics.
    Grammar(String),
    /// Reading standard input or writing standard output failed.
    Io(io::Error),
    /// `equiv` was given an input its grammar rejects; the `err` line is
    /// already printed (exit status 2, as a usage error, not 1, which
    /// means "different").
    InvalidInput,
}

impl From<UsageError> for Failure {
    fn from(e: UsageError) -> Failure {
        Failure::Usage(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage(e) => write!(f, "{e}"),
            Failure::Grammar(d) => f.write_str(d),
            Failure::Io(e) => write!(f, "I/O error: {e}"),
            Failure::InvalidInput => f.write_str("invalid input"),
        }
    }
}

/// A grammar ready to run.
#[derive(Debug)]
pub enum Loaded {
    /// One of [`uridfa::GRAMMARS`].
    Builtin(&'static BuiltinGrammar),
    /// A grammar file compiled at run time.
    File {
        /// The file's stem, standing in for a built-in grammar's name.
        name: String,
        /// The compiled machines; at least one.
        compiled: Box<Compiled>,
        /// Per entry, its list regions. Their item tables are leaked: a
        /// command loads one grammar file once and keeps it to the end.
        lists: Vec<Vec<uridfa_runtime::List<'static>>>,
    },
}

/// One entry rule of a [`Loaded`] grammar.
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    /// The machine's tables.
    pub tables: Tables<'a>,
    /// Whether the grammar says `;@ charset utf-8`: errors are reported at
    /// the start of the character they fall in
    /// ([`uridfa_runtime::Error::at_char_start`]), as the typed views do.
    pub utf8: bool,
    /// The machine's list regions and their item tables (Note [repeated
    /// captures] in `uridfa-codegen`).
    pub lists: &'a [uridfa_runtime::List<'a>],
}

impl Entry<'_> {
    /// `e`, an error of these tables on `input`, at the offset to report:
    /// for a `charset utf-8` grammar, the first byte of the character (or
    /// invalid UTF-8 sequence) it falls in.
    pub fn error_at(&self, input: &[u8], e: uridfa_runtime::Error) -> uridfa_runtime::Error {
        if self.utf8 {
            e.at_char_start(&self.tables, input)
        } else {
            e
        }
    }
}

impl Loaded {
    /// Finds or compiles the grammar named by `arg`.
    ///
    /// # Errors
    ///
    /// [`Failure::Usage`] for an unknown built-in name, [`Failure::Grammar`]
    /// for a grammar file that cannot be read or compiled or has no
    /// `;@ entry`.
    pub fn load(arg: &GrammarArg) -> Result<Loaded, Failure> {
        Loaded::load_with_rule(arg, None)
    }

    /// [`Loaded::load`] for a command given `--rule rule`: a grammar file
    /// also compiles `rule` as an entry when it has no `;@ entry` for it,
    /// so that `--rule` stands in for the pragma.
    ///
    /// # Errors
    ///
    /// As [`Loaded::load`]; [`Failure::Usage`] when the file has no rule
    /// named `rule`.
    pub fn load_with_rule(arg: &GrammarArg, rule: Option<&str>) -> Result<Loaded, Failure> {
        match arg {
            GrammarArg::Builtin(g) => Ok(Loaded::Builtin(g.builtin())),
            GrammarArg::File(path) => load_file(path, rule),
        }
    }

    /// Every built-in grammar.
    pub fn builtins() -> Vec<Loaded> {
        uridfa::GRAMMARS.iter().map(Loaded::Builtin).collect()
    }

    /// The grammar's name: a built-in name or the file's stem.
    pub fn name(&self) -> &str {
        match self {
            Loaded::Builtin(g) => g.name,
            Loaded::File { name, .. } => name,
        }
    }

    /// Every entry, in `;@ entry` order; the first is the default.
    pub fn entries(&self) -> Vec<Entry<'_>> {
        match self {
            Loaded::Builtin(g) => g
                .entries
                .iter()
                .zip(g.lists)
                .map(|(&&tables, &lists)| Entry {
                    tables,
                    utf8: g.utf8,
                    lists,
                })
                .collect(),
            Loaded::File {
                compiled, lists, ..
            } => compiled
                .machines
                .iter()
                .zip(lists)
                .map(|(m, lists)| Entry {
                    tables: m.tables.as_tables(),
                    utf8: compiled.grammar.utf8,
                    lists,
                })
                .collect(),
        }
    }

    /// The entry for `rule` (ASCII case ignored), or the first entry.
    ///
    /// # Errors
    ///
    /// [`Failure::Usage`] naming the entries if `rule` is not one of them.
    pub fn entry(&self, rule: Option<&str>) -> Result<Entry<'_>, Failure> {
        let entries = self.entries();
        let found = match rule {
            None => entries.first().copied(),
            Some(r) => entries
                .iter()
                .copied()
                .find(|e| e.tables.rule.eq_ignore_ascii_case(r)),
        };
        found.ok_or_else(|| {
            let rules: Vec<&str> = entries.iter().map(|e| e.tables.rule).collect();
            Failure::Usage(UsageError(format!(
                "grammar '{}' has no entry rule '{}' (entries: {})",
                self.name(),
                rule.unwrap_or(""),
                rules.join(", ")
            )))
        })
    }
}

/// Compiles a grammar file, with `rule` as one more entry if the file
/// does not list it.
fn load_file(path: &Path, rule: Option<&str>) -> Result<Loaded, Failure> {
    let extra: Vec<&str> = rule.into_iter().collect();
    let compiled = compile_file_with_entries(path, Options::default(), &extra)
        .map_err(|d| Failure::Grammar(d.to_string()))?;
    if let Some(rule) = rule {
        if compiled.grammar.rule(rule).is_none() {
            return Err(Failure::Usage(UsageError(format!(
                "grammar file '{}' has no rule '{rule}'",
                path.display()
            ))));
        }
    }
    if compiled.machines.is_empty() {
        return Err(Failure::Grammar(format!(
            "{}: error: no ';@ entry' pragma: nothing to build (add ';@ entry RULE' to the \
             file, or name the rule with --rule RULE: check, split, extract, dot and explain take it)",
            path.display()
        )));
    }
    let name = path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    // Note [repeated captures]: the item tables live as long as the
    // process (one grammar per command), so the lists can borrow them.
    let mut lists = Vec::new();
    for m in &compiled.machines {
        let l = uridfa_codegen::driver::ListMachine::leak_lists(&m.lists);
        // Invariant 14 of the runtime's tables: a generator bug otherwise.
        uridfa_runtime::check_lists(&m.tables.as_tables(), l).map_err(|e| {
            Failure::Grammar(format!(
                "{}: internal error: the list tables fail their check: {e}",
                path.display()
            ))
        })?;
        lists.push(l.to_vec());
    }
    Ok(Loaded::File {
        name,
        compiled: Box::new(compiled),
        lists,
    })
}
