//! Grammars, built in or compiled at run time, as the CLI loads them.
//!
//! A built-in grammar ([`uridfa::GRAMMARS`]) has only its `'static` runtime
//! tables; ABNF text is compiled with
//! [`uridfa_codegen::driver::compile_str_with_entries`] (the call behind the
//! CLI's `--grammar-file`), and its owned tables are borrowed as the same
//! [`uridfa_runtime::Tables`] type. The kernels work on [`Entry`] values and never know
//! which they got.
//!
//! Note [compiled grammars live as long as the process]: a run-time
//! grammar's list regions borrow their item tables
//! ([`uridfa_runtime::List`]), so the compiled machines are leaked, as the
//! CLI leaks them. A cache keyed by the source keeps that bounded: compiling
//! the same text again (a pickled grammar arriving on a worker once per
//! task) returns the grammar already built.
//!
//! Principal types: [`Loaded`], [`Entry`], [`Source`].

use crate::after::AfterRows;
pub use crate::layout::Entry;
use crate::layout::Layout;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use uridfa::BuiltinGrammar;
use uridfa_codegen::driver::{compile_str_with_entries, Compiled, ListMachine, Options};

/// Where a grammar came from: what a pickled grammar carries.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// One of [`uridfa::GRAMMARS`], by name.
    Builtin(String),
    /// ABNF text, named `path` in messages (imports resolve beside it),
    /// with `rule` compiled as one more entry when the text does not list it.
    Text {
        /// The name the text goes by in messages.
        path: String,
        /// The ABNF.
        text: String,
        /// An entry rule the text may not list.
        rule: Option<String>,
    },
}

/// A grammar ready to run.
#[derive(Debug)]
pub struct Loaded {
    /// The grammar's name: a built-in name or the text's file stem.
    pub name: String,
    /// Every entry, in `;@ entry` order; the first is the default.
    pub entries: Vec<Entry>,
    /// The compiled grammar, for `lint`; `None` for a built-in grammar.
    pub compiled: Option<&'static Compiled>,
}

/// Why a grammar could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The compiler's rendered diagnostics (`file:line:col: error: ...`).
    Grammar(String),
    /// An unknown grammar name or rule.
    Usage(String),
}

impl Loaded {
    /// The built-in grammar `name`.
    ///
    /// # Errors
    ///
    /// [`LoadError::Usage`] naming the built-in grammars.
    pub fn builtin(name: &str) -> Result<Loaded, LoadError> {
        let g: &'static BuiltinGrammar = uridfa::grammar(name).ok_or_else(|| {
            let names: Vec<&str> = uridfa::GRAMMARS.iter().map(|g| g.name).collect();
            LoadError::Usage(format!(
                "unknown grammar '{name}' (built in: {})",
                names.join(", ")
            ))
        })?;
        let entries = g
            .entries
            .iter()
            .zip(g.lists)
            .map(|(&&tables, &lists)| Entry {
                tables,
                utf8: g.utf8,
                lists,
                layout: Box::leak(Box::new(Layout::of(&tables))),
                after: Box::leak(Box::new(AfterRows::of(&tables))),
            })
            .collect();
        Ok(Loaded {
            name: g.name.to_string(),
            entries,
            compiled: None,
        })
    }

    /// Compiles ABNF `text` named `path`, with `rule` as one more entry if
    /// the text does not list it (the CLI's `--grammar-file F --rule R`).
    ///
    /// # Errors
    ///
    /// [`LoadError::Grammar`] with the compiler's diagnostics, or for text
    /// without an entry; [`LoadError::Usage`] when `rule` names no rule.
    pub fn compile(path: &str, text: &str, rule: Option<&str>) -> Result<Loaded, LoadError> {
        let extra: Vec<&str> = rule.into_iter().collect();
        let compiled = compile_str_with_entries(path, text, Options::default(), &extra)
            .map_err(|d| LoadError::Grammar(d.to_string()))?;
        if let Some(rule) = rule {
            if compiled.grammar.rule(rule).is_none() {
                return Err(LoadError::Usage(format!(
                    "grammar '{path}' has no rule '{rule}'"
                )));
            }
        }
        if compiled.machines.is_empty() {
            return Err(LoadError::Grammar(format!(
                "{path}: error: no ';@ entry' pragma: nothing to build (add ';@ entry RULE' to \
                 the grammar, or pass rule=)"
            )));
        }
        let mut lists = Vec::new();
        for m in &compiled.machines {
            let l = ListMachine::leak_lists(&m.lists);
            uridfa_runtime::check_lists(&m.tables.as_tables(), l).map_err(|e| {
                LoadError::Grammar(format!(
                    "{path}: internal error: the list tables fail their check: {e}"
                ))
            })?;
            lists.push(l);
        }
        // Note [compiled grammars live as long as the process].
        let compiled: &'static Compiled = Box::leak(Box::new(compiled));
        let entries = compiled
            .machines
            .iter()
            .zip(lists)
            .map(|(m, lists)| Entry {
                tables: m.tables.as_tables(),
                utf8: compiled.grammar.utf8,
                lists,
                layout: Box::leak(Box::new(Layout::of(&m.tables.as_tables()))),
                after: Box::leak(Box::new(AfterRows::of(&m.tables.as_tables()))),
            })
            .collect();
        let name = std::path::Path::new(path)
            .file_stem()
            .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
        Ok(Loaded {
            name,
            entries,
            compiled: Some(compiled),
        })
    }

    /// The grammar `source` describes, from the cache when it was loaded
    /// before (Note [compiled grammars live as long as the process]).
    ///
    /// # Errors
    ///
    /// As [`Loaded::builtin`] and [`Loaded::compile`].
    pub fn load(source: &Source) -> Result<&'static Loaded, LoadError> {
        static CACHE: OnceLock<Mutex<HashMap<Source, &'static Loaded>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        if let Some(&g) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(source) {
            return Ok(g);
        }
        let loaded = match source {
            Source::Builtin(name) => Loaded::builtin(name)?,
            Source::Text { path, text, rule } => Loaded::compile(path, text, rule.as_deref())?,
        };
        let loaded: &'static Loaded = Box::leak(Box::new(loaded));
        cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(source.clone(), loaded);
        Ok(loaded)
    }

    /// The entry for `rule` (ASCII case ignored), or the first entry.
    ///
    /// # Errors
    ///
    /// [`LoadError::Usage`] naming the entries if `rule` is not one of them.
    pub fn entry(&self, rule: Option<&str>) -> Result<Entry, LoadError> {
        let found = match rule {
            None => self.entries.first().copied(),
            Some(r) => self
                .entries
                .iter()
                .copied()
                .find(|e| e.tables.rule.eq_ignore_ascii_case(r)),
        };
        found.ok_or_else(|| {
            let rules: Vec<&str> = self.entries.iter().map(|e| e.tables.rule).collect();
            LoadError::Usage(format!(
                "grammar '{}' has no entry rule '{}' (entries: {})",
                self.name,
                rule.unwrap_or(""),
                rules.join(", ")
            ))
        })
    }
}
