//! Writing the generated files ([`generate_dir`]): per grammar with
//! `;@ entry` pragmas its tables and views, and the list of grammars
//! ([`grammar_list`]), each with the hash of its own inputs on its second
//! line (Note [committed tables]).

use super::budget::compile_grammar;
use super::stages::Options;
use crate::pipeline::abnf::{self, Grammar};
use crate::support::input_hash;
use std::path::Path;

// Note [committed tables]
//
// The generated tables are committed under `src/generated/`, so a crate
// that depends on uridfa compiles the runtime and the tables and nothing
// of the generator (regex-automata, syn, quote, prettyplease; the build
// times: docs/BENCHMARKS.md, "What depending on uridfa costs"). Editing a
// grammar must still change the tables, so:
//
// - `cargo run -p uridfa-codegen --bin uridfa-generate` rewrites
//   `src/generated/` from `grammar/`, and leaves a file whose text is
//   unchanged untouched (not even its modification time);
// - every generated file records, on its second line, a hash of its own
//   inputs and what they are (`// inputs fnv1a64 HASH: rfc3987.abnf
//   rfc3986.abnf (checked by build.rs)`): a grammar's tables and views,
//   the grammar file and the files it imports; the list of grammars, the names, titles and entries of every
//   `*.abnf` file (`input_hash::list_hash`). So an edit of one grammar
//   changes the lines of its own files (and of the grammars that import
//   it), and of no other: regeneration rewrites only those;
// - `build.rs` reads each generated file's line, recomputes the hash of
//   the inputs it names and fails, naming the command above, when one
//   changed since the file was generated (a grammar file named by no
//   generated file, a new grammar, changes the list's hash);
// - `--features regenerate` compiles the grammars in `build.rs` into
//   `OUT_DIR` instead, as before (for working on a grammar);
// - tests/generated.rs compares the committed files with the generator's
//   output, byte for byte.
//
// The hashing is written once, in `codegen/src/support/input_hash.rs`,
// which the generator compiles as a module; `build.rs` `include!`s its
// package's copy, `build/input_hash.rs` (a package cannot include another's
// file), which `codegen/tests/input_hash.rs` checks is the same file, so
// that `build.rs` needs no dependency at all and the two cannot disagree.
// FNV-1a is not a cryptographic hash: it only has to notice an edit.

/// The name of the input `path` relative to `grammar_dir`, `/`-separated,
/// as a generated file's inputs line names it.
fn input_name(grammar_dir: &Path, path: &Path) -> Result<String, String> {
    let canon = |p: &Path| std::fs::canonicalize(p).map_err(|e| format!("{}: {e}", p.display()));
    let dir = canon(grammar_dir)?;
    let file = canon(path)?;
    let rel = file.strip_prefix(&dir).map_err(|_| {
        format!(
            "{}: an input of a generated file must be inside {}",
            path.display(),
            grammar_dir.display()
        )
    })?;
    let parts: Option<Vec<&str>> = rel.components().map(|c| c.as_os_str().to_str()).collect();
    match parts {
        Some(parts)
            if !parts.is_empty() && !parts.iter().any(|p| p.contains(char::is_whitespace)) =>
        {
            Ok(parts.join("/"))
        }
        _ => Err(format!(
            "{}: the name of an input of a generated file must be UTF-8 without spaces",
            path.display()
        )),
    }
}

/// The inputs line of a grammar's generated file: the grammar file and
/// every file it imports (in the order they were read; not the built-in
/// core rules, Note [built-in core rules]).
fn grammar_inputs_line(grammar_dir: &Path, grammar: &Grammar) -> Result<String, String> {
    let mut names: Vec<String> = Vec::new();
    // The built-in core rules are part of the generator, not a file.
    let files = grammar
        .sources
        .files
        .iter()
        .filter(|f| f.path != abnf::CORE_PATH)
        .map(|f| Path::new(f.path.as_str()));
    for path in files {
        let name = input_name(grammar_dir, path)?;
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let hash = input_hash::files_hash(grammar_dir, &refs)?;
    Ok(input_hash::inputs_line(hash, &refs.join(" ")))
}

/// Writes `src` into `out_dir/file` with `line` inserted as its second
/// line, unless the file already holds exactly that text.
fn write_generated(out_dir: &Path, file: &str, line: &str, src: &str) -> Result<(), String> {
    let (first, rest) = src.split_once('\n').unwrap_or((src, ""));
    let text = format!("{first}\n{line}\n{rest}");
    let out = out_dir.join(file);
    if std::fs::read(&out).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(());
    }
    std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))
}

/// Compiles every `*.abnf` in `grammar_dir` that has `;@ entry` pragmas
/// and writes `<name>.rs` into `out_dir`, with `<name>_views.rs` beside it
/// when the grammar has `;@ view` pragmas (`src/generated/` through the
/// `uridfa-generate` binary; `OUT_DIR` through `build.rs` with the
/// `regenerate` feature), and the list of those grammars, `grammars.rs`
/// ([`grammar_list`]). Each file's second line records the hash of its own
/// inputs, which `build.rs` checks (Note [committed tables]); a file whose
/// text is unchanged is not rewritten. Returns the grammars' names.
///
/// # Errors
///
/// Every grammar's rendered diagnostics (`path:line:col: error: ...`),
/// including the ambiguities of a grammar that says `;@ deny ambiguity`
/// ([`crate::inspect::ambiguity::lint`]), or an I/O error.
pub fn generate_dir(grammar_dir: &Path, out_dir: &Path) -> Result<Vec<String>, String> {
    generate_dir_only(grammar_dir, out_dir, &|_| true)
}

/// [`generate_dir`], compiling only the grammars whose name `wanted`
/// accepts (`build.rs` with the `regenerate` feature compiles those whose
/// cargo feature is on). The list `grammars.rs` still names every grammar
/// of the directory: a grammar left out is still recognized by name.
///
/// # Errors
///
/// As [`generate_dir`].
pub fn generate_dir_only(
    grammar_dir: &Path,
    out_dir: &Path,
    wanted: &dyn Fn(&str) -> bool,
) -> Result<Vec<String>, String> {
    let mut paths: Vec<std::path::PathBuf> = input_hash::abnf_names(grammar_dir)?
        .iter()
        .map(|n| grammar_dir.join(n))
        .collect();
    paths.sort();
    let mut listed = Vec::new();
    let mut generated = Vec::new();
    let mut failures = Vec::new();
    for path in paths {
        let shown = format!(
            "grammar/{}",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("?")
        );
        let grammar = match abnf::load(&path) {
            Ok(g) if g.entries.is_empty() => continue,
            Ok(g) => g,
            Err(d) => {
                failures.push(d.to_string());
                continue;
            }
        };
        let name = grammar.name.clone();
        let marker = crate::pipeline::emit::view::marker_of(&grammar);
        listed.push((name.clone(), grammar.title.clone(), marker));
        if !wanted(&name) {
            continue;
        }
        let tables_line = grammar_inputs_line(grammar_dir, &grammar)?;
        // The views have the tables' inputs: what a document adds to them
        // is Rust in `src/grammars/` (Note [methods beside the views]).
        let views_line = tables_line.clone();
        let source = compile_grammar(grammar, Options::default())
            .map_err(|d| d.to_string())
            .and_then(|c| {
                // `;@ deny ambiguity` holds here too (Note [the ambiguity search] in
                // `crate::inspect::ambiguity`); warnings are for `uridfa lint`.
                let lint = crate::inspect::ambiguity::lint(&c, &Default::default());
                if lint.has_errors() {
                    return Err(lint.to_string());
                }
                let tables = crate::pipeline::emit::emit(&c, &shown).map_err(|e| e.to_string())?;
                let views = crate::pipeline::emit::view::views_file(&c, &shown)
                    .map_err(|e| e.to_string())?;
                Ok((tables, views))
            });
        match source {
            Ok((tables, views)) => {
                let stem = name.replace('-', "_");
                write_generated(out_dir, &format!("{stem}.rs"), &tables_line, &tables)?;
                if let Some(views) = views {
                    write_generated(out_dir, &format!("{stem}_views.rs"), &views_line, &views)?;
                }
                generated.push(name);
            }
            Err(e) => failures.push(e),
        }
    }
    if failures.is_empty() {
        let hash = input_hash::list_hash(grammar_dir)?;
        let line = input_hash::inputs_line(hash, input_hash::LIST_INPUTS);
        write_generated(out_dir, "grammars.rs", &line, &grammar_list(&listed))?;
        let names: Vec<&str> = listed.iter().map(|(n, ..)| n.as_str()).collect();
        write_generated(out_dir, "modules.rs", &line, &module_list(&names))?;
        write_generated(out_dir, "features.rs", &line, &feature_flags(&names))?;
        Ok(generated)
    } else {
        Err(failures.join("\n"))
    }
}

// Note [the list of grammars]
//
// The root crate's `GrammarId` enum, `GrammarId::ALL`, `GRAMMARS` and the
// names it recognizes are generated Rust, one variant and one
// `BuiltinGrammar` per grammar: name (the file stem, also the cargo
// feature), module (the stem with `_`), variant (the stem in upper camel
// case: `draft-ietf-uri-url-06` is `DraftIetfUriUrl06`) and doc (from the
// grammar's `;@ title`). `uridfa-generate` writes them into
// `src/generated/grammars.rs` from the files in `grammar/`, in file-name
// order, so a grammar is listed by existing. So are its module
// declaration (`modules.rs`, included by `src/grammars/mod.rs`) and its
// row of the feature flags `tests/features.rs` reads (`features.rs`):
// what stays by hand is the grammar file, its module's file in
// `src/grammars/` and its feature in `Cargo.toml`, which
// `tests/features.rs` checks against this list.

/// The text of `grammars.rs`: the root crate's [`GrammarId`] enum, its
/// `ALL` and `builtin`, `GRAMMARS` and one `BuiltinGrammar` per grammar
/// `(name, title, marker)`, in the given order (Note [the list of
/// grammars]).
/// Plain Rust, each item under its grammar's cargo feature; the hand-written
/// rest of the enum's API is in `src/grammar.rs`.
///
/// [`GrammarId`]: https://docs.rs/uridfa/latest/uridfa/enum.GrammarId.html
pub fn grammar_list(grammars: &[(String, Option<String>, String)]) -> String {
    // (name, module, variant, doc, marker) per grammar.
    type Row = (String, String, String, String, String);
    let rows: Vec<Row> = grammars
        .iter()
        .map(|(name, title, marker)| {
            let module = name.replace('-', "_");
            let variant: String = name
                .split('-')
                .map(|w| {
                    let mut c = w.chars();
                    c.next()
                        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                        .unwrap_or_default()
                })
                .collect();
            let doc = match title {
                Some(t) => format!("`{name}`: {t}"),
                None => format!("`{name}`: `grammar/{name}.abnf`."),
            };
            (name.clone(), module, variant, doc, marker.clone())
        })
        .collect();
    let each = |f: &dyn Fn(&Row) -> String| -> String { rows.iter().map(f).collect() };
    let variants = each(&|(n, _, v, d, _)| {
        format!("    #[doc = {d:?}]\n    #[cfg(feature = {n:?})]\n    {v},\n")
    });
    let all = each(&|(n, _, v, _, _)| {
        format!("        #[cfg(feature = {n:?})]\n        GrammarId::{v},\n")
    });
    let arms = each(&|(n, m, v, _, _)| {
        format!(
            "            #[cfg(feature = {n:?})]\n            GrammarId::{v} => &{},\n",
            m.to_uppercase()
        )
    });
    let readers = each(&|(n, m, v, _, k)| {
        format!(
            "            #[cfg(feature = {n:?})]\n            GrammarId::{v} => v.visit::<crate::{m}::{k}>(),\n"
        )
    });
    let counted: Vec<String> = rows
        .iter()
        .map(|(n, ..)| format!("cfg!(feature = {n:?}) as usize"))
        .collect();
    let counted = if counted.is_empty() {
        "0".to_string()
    } else {
        counted.join(" + ")
    };
    let names = each(&|(n, ..)| format!("{n:?}, "));
    let registry =
        each(&|(n, m, ..)| format!("    #[cfg(feature = {n:?})]\n    {},\n", m.to_uppercase()));
    let statics = each(&|(n, m, ..)| {
        format!(
            "#[cfg(feature = {n:?})]\n\
             static {}: BuiltinGrammar = BuiltinGrammar {{\n\
             \x20   name: crate::{m}::tables::GRAMMAR,\n\
             \x20   entries: &crate::{m}::tables::ENTRIES,\n\
             \x20   components: &crate::{m}::tables::COMPONENT_RULES,\n\
             \x20   lists: &crate::{m}::tables::ENTRY_LISTS,\n\
             \x20   utf8: crate::{m}::tables::CHARSET_UTF8,\n\
             }};\n",
            m.to_uppercase()
        )
    });
    format!(
        "// @generated by uridfa-codegen {version} from the files in grammar/ — do not edit
/// A grammar compiled into this crate, by the document it transcribes.
///
/// Named `Grammar` before; `uridfa::Grammar` is the derive macro
/// (feature `derive`): `#[derive(uridfa::Grammar)]` gives typed parsers
/// for a grammar file of one's own (`docs/derive.md`), and the type alias
/// `uridfa::Grammar` (deprecated) keeps code written against the old name
/// building.
///
/// # Example
///
/// ```
/// use uridfa::GrammarId;
/// let g: GrammarId = \"RFC3986\".parse()?;
/// assert_eq!(g, GrammarId::Rfc3986);
/// assert_eq!(g.name(), \"rfc3986\");
/// assert_eq!(g.builtin().entries[0].rule, \"URI-reference\");
/// # Ok::<(), uridfa::UnknownGrammar>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum GrammarId {{
{variants}}}

impl GrammarId {{
    /// Every grammar compiled into this crate (its cargo feature is on),
    /// in the order of [`crate::GRAMMARS`]: all of them with the default
    /// features.
    pub const ALL: [GrammarId; COMPILED_IN] = [
{all}    ];

    /// Its tables and facts.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uridfa::GrammarId::Rfc3987.builtin().utf8);
    /// ```
    pub fn builtin(self) -> &'static BuiltinGrammar {{
        match self {{
{arms}        }}
    }}

    /// Runs `v` with how resolution and normalization read it: the
    /// `Reads` impl its module writes on its marker (Note [algorithms over grammars] in
    /// `src/algorithms/reading.rs`).
    #[allow(unused_variables)] // with no grammar compiled in, `v` is not used
    pub(crate) fn visit_readers<V: crate::algorithms::Visit>(self, v: V) -> V::Out {{
        match self {{
{readers}        }}
    }}
}}

/// How many grammars are compiled in: the length of [`GrammarId::ALL`].
const COMPILED_IN: usize = {counted};

/// The names of the built-in grammars, compiled in or not: each is also
/// the name of the cargo feature that compiles it in.
const BUILT_IN: &[&str] = &[{names}];

/// Every grammar compiled into this crate (those whose cargo feature is
/// on; all of them with the default features), in the order of
/// [`GrammarId::ALL`].
///
/// # Example
///
/// ```
/// # #[cfg(feature = \"rfc3986\")] {{
/// let g = uridfa::grammar(\"rfc3986\").unwrap();
/// assert_eq!(g.entries[0].rule, \"URI-reference\");
/// # }}
/// assert_eq!(uridfa::GRAMMARS.len(), uridfa::GrammarId::ALL.len());
/// ```
pub static GRAMMARS: &[BuiltinGrammar] = &[
{registry}];

// One `BuiltinGrammar` per compiled-in grammar module, read from its
// generated tables.
{statics}",
        version = env!("CARGO_PKG_VERSION")
    )
}

/// The text of `modules.rs`: each grammar's module, declared under its
/// cargo feature (Note [the list of grammars]). `src/grammars/mod.rs`
/// includes it; the `#[path]` names the module's file from `src/generated/`
/// and from `src/grammars/` alike.
pub fn module_list(names: &[&str]) -> String {
    let mut out = format!(
        "// @generated by uridfa-codegen {} from the files in grammar/ — do not edit\n",
        env!("CARGO_PKG_VERSION")
    );
    for name in names {
        let module = name.replace('-', "_");
        out.push_str(&format!(
            "#[cfg(feature = {name:?})]\n#[path = \"../grammars/{module}.rs\"]\npub mod {module};\n"
        ));
    }
    out
}

/// The text of `features.rs`: an array expression of each grammar's name
/// with `cfg!(feature = NAME)`, which `tests/features.rs` includes, so that
/// cargo, not the crate, says which features are on (Note [the list of
/// grammars]).
pub fn feature_flags(names: &[&str]) -> String {
    let mut out = format!(
        "// @generated by uridfa-codegen {} from the files in grammar/ — do not edit\n[\n",
        env!("CARGO_PKG_VERSION")
    );
    for name in names {
        out.push_str(&format!("    ({name:?}, cfg!(feature = {name:?})),\n"));
    }
    out.push_str("]\n");
    out
}
