//! Reading a grammar file and its imports (Note [what an import may
//! read]), and merging their rules into one [`Grammar`].

#[allow(unused_imports)]
use super::*;
use crate::support::diag::{Diagnostic, Diagnostics, FileId, Sources, Span};
use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Reads and checks the grammar file at `path` and its `;@ import`s.
///
/// The file is read as bytes: invalid UTF-8 is reported as a located error
/// (and the text is kept, with U+FFFD in place of each bad sequence, so the
/// rest of the file is still checked).
///
/// # Errors
///
/// Every problem found, each located by file, line and column. A file that
/// cannot be read is one error located at its start.
///
/// # Example
///
/// ```no_run
/// let grammar = uridfa_codegen::abnf::load("grammar/rfc3986.abnf".as_ref())?;
/// assert!(grammar.rule("uri-reference").is_some());
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn load(path: &Path) -> Result<Grammar, Diagnostics> {
    let display = path.to_string_lossy().into_owned();
    match read_limited(path, MAX_MAIN_FILE_LEN) {
        Ok(bytes) => {
            let mut loader = Loader::default();
            let file = loader.add_file(display, bytes);
            loader.finish(file, canonical(path))
        }
        Err(e) => {
            let mut sources = Sources::new();
            let file = sources.add_unread(display);
            Err(Diagnostics::single(
                sources,
                Span::new(file, 0, 0),
                format!("cannot read grammar file: {e}"),
            ))
        }
    }
}

/// Parses and checks grammar text. `path` is used in messages and to resolve
/// `;@ import` relative to its directory.
///
/// # Errors
///
/// Every problem found, each located by file, line and column.
///
/// # Example
///
/// ```
/// use uridfa_codegen::abnf::{parse, NodeKind};
/// let g = parse("g.abnf", ";@ entry greeting\ngreeting = %s\"Hi\" 1*3\"!\"\n")?;
/// assert_eq!(g.entries[0].0, "greeting");
/// assert!(matches!(g.rule("GREETING").unwrap().node.kind, NodeKind::Concat(_)));
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn parse(path: &str, text: &str) -> Result<Grammar, Diagnostics> {
    let mut loader = Loader::default();
    let file = loader.add_file(path.to_string(), text.as_bytes().to_vec());
    loader.finish(file, canonical(Path::new(path)))
}

// Note [built-in core rules]
//
// RFC 5234 Appendix B.1's core rules (ALPHA, DIGIT, HEXDIG, ...) are part
// of ABNF itself, so every grammar may use them without importing
// anything: after the main file and its imports are read, each core rule
// that is referenced (by a rule or a pragma, transitively) and defined by
// none of the files is taken from `grammar/core.abnf`, embedded in the
// generator ([`CORE_ABNF`]), and shown as [`CORE_PATH`] in messages. A
// grammar that defines a rule of the same name keeps its own; core rules
// that nothing references are not added, so a grammar that imports
// `core.abnf` gets exactly what it got before. `;@ import core.abnf` where
// no such file is beside the grammar reads nothing: the rules are built in.
// `ALPHA =/ "_"` (RFC 5234 §3.3's incremental alternative) on a core rule
// that no file defined before it extends the grammar's own copy of the
// core rule: `ALPHA` is then `%x41-5A / %x61-7A / "_"` for this grammar
// (and the core rules that use it), and for no other.

/// The text of `grammar/core.abnf` (RFC 5234 Appendix B.1), built into the
/// generator: every grammar may reference these rules (Note [built-in core
/// rules]). Read from a copy beside this file, so that the crate builds
/// from its own package; `tests/own_grammars.rs` checks that the copy is
/// `grammar/core.abnf`, byte for byte.
pub const CORE_ABNF: &str = include_str!("core.abnf");

/// The rules of [`CORE_ABNF`].
const CORE_NAMES: [&str; 16] = [
    "ALPHA", "BIT", "CHAR", "CR", "CRLF", "CTL", "DIGIT", "DQUOTE", "HEXDIG", "HTAB", "LF", "LWSP",
    "OCTET", "SP", "VCHAR", "WSP",
];

/// The name of the built-in core rules' file in messages.
pub const CORE_PATH: &str = "<built-in core.abnf>";

/// The identity of a file for import-cycle and repeated-import checks.
pub(super) fn canonical(path: &Path) -> PathBuf {
    fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The largest grammar file an import reads, in bytes (1 MiB).
///
/// Note [what an import may read]
/// A grammar may come from someone else (a dependency's `#[derive]`, a file
/// handed to the CLI), and its diagnostics quote source lines. So an import
/// reads only a `*.abnf` file under the importing file's directory (after
/// resolving `..` and symbolic links), at most `MAX_FILE_LEN` bytes of
/// UTF-8 text without NUL bytes; anything else is refused at the pragma,
/// before a byte of it is parsed or quoted.
pub const MAX_FILE_LEN: u64 = 1 << 20;

/// The largest main grammar file [`load`] reads, in bytes (16 MiB): far
/// above any grammar, low enough that `--grammar-file /dev/zero` ends.
pub const MAX_MAIN_FILE_LEN: u64 = 16 << 20;

/// The most bytes all the imports of one grammar may read together
/// (16 MiB): each file is at most [`MAX_FILE_LEN`], and there is no limit
/// on how many a directory holds.
pub const MAX_IMPORTED_LEN: u64 = 16 << 20;

/// Reads `path`, refusing more than `limit` bytes (reading at most one
/// more, so neither a huge nor an endless file is read whole).
pub(super) fn read_limited(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::other(format!(
            "the file is larger than the limit of {limit} bytes"
        )));
    }
    Ok(bytes)
}

/// Loads files, merges their rules, and runs the checks.
#[derive(Default)]
pub(super) struct Loader {
    pub(super) sources: Sources,
    pub(super) errors: Vec<Diagnostic>,
    pub(super) rules: Vec<Rule>,
    /// Lower-cased rule name to index in `rules`.
    pub(super) by_name: HashMap<String, usize>,
    pub(super) entries: Vec<(String, Span)>,
    pub(super) components: Vec<(String, Span)>,
    pub(super) captures: Vec<Capture>,
    pub(super) kinds: Vec<(String, Span)>,
    pub(super) encode_sets: Vec<EncodeSetPragma>,
    pub(super) views: Vec<ViewPragma>,
    pub(super) accessors: Vec<AccessorPragma>,
    pub(super) views_separate: bool,
    pub(super) title: Option<String>,
    pub(super) marker: Option<String>,
    pub(super) family: Option<super::ast::Family>,
    pub(super) charset: bool,
    pub(super) deny_ambiguity: Option<Span>,
    pub(super) allow_ambiguity: Vec<(String, Span)>,
    pub(super) wide: Vec<WideValue>,
    /// Prose values: the rule (lower-cased), the span, the message.
    pub(super) prose: Vec<(String, Span, String)>,
    /// `;@ depth RULE N` pragmas: the rule and its span, the depth.
    pub(super) depths: Vec<((String, Span), u32)>,
    /// The references `;@ depth` cut (Note [bounded nesting]).
    pub(super) nesting_cuts: Vec<super::ast::NestingCut>,
    /// What keeps a rule from compiling (Note [what an entry must reach]).
    pub(super) problems: Vec<RuleProblem>,
    /// Files being loaded, outermost first, for import cycles.
    pub(super) stack: Vec<(PathBuf, FileId)>,
    /// Files already loaded; importing one again is a no-op.
    pub(super) done: HashSet<PathBuf>,
    /// Bytes read by imports so far (at most `MAX_IMPORTED_LEN`).
    pub(super) imported_len: u64,
}

impl Loader {
    /// Adds a file. Invalid UTF-8 is replaced by U+FFFD and reported.
    pub(super) fn add_file(&mut self, path: String, bytes: Vec<u8>) -> FileId {
        let file = self.sources.files.len();
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let bytes = e.into_bytes();
                let mut text = String::with_capacity(bytes.len());
                for chunk in bytes.utf8_chunks() {
                    text.push_str(chunk.valid());
                    if !chunk.invalid().is_empty() {
                        let at = text.len();
                        text.push(char::REPLACEMENT_CHARACTER);
                        let hex: Vec<String> = chunk
                            .invalid()
                            .iter()
                            .map(|b| format!("0x{b:02X}"))
                            .collect();
                        self.errors.push(Diagnostic::new(
                            Span::new(file, at, text.len()),
                            format!("invalid UTF-8 (bytes {})", hex.join(" ")),
                        ));
                    }
                }
                text
            }
        };
        self.sources.add(path, text)
    }

    pub(super) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::new(span, message));
    }

    pub(super) fn process(&mut self, file: FileId, identity: PathBuf) {
        let is_main = self.stack.is_empty();
        self.stack.push((identity.clone(), file));
        let text = self.sources.text(file).to_string();
        let parsed = Parser::new(&text, file).run();
        self.errors.extend(parsed.errors);
        self.wide.extend(parsed.wide);
        self.prose.extend(parsed.prose);
        for item in parsed.items {
            match item {
                Item::Rule {
                    name,
                    span,
                    incremental,
                    node,
                } => self.define(name, span, incremental, node),
                Item::Import { path, span } => self.import(file, &path, span),
                Item::Entry { pragma, .. }
                | Item::Component { pragma, .. }
                | Item::Capture { pragma, .. }
                | Item::Kind { pragma, .. }
                | Item::Charset { pragma }
                | Item::EncodeSet(EncodeSetPragma { pragma, .. })
                | Item::View(_, pragma)
                | Item::Views(_, pragma)
                | Item::Accessor(_, pragma)
                | Item::Title(_, pragma)
                | Item::Marker(_, pragma)
                | Item::Family(_, pragma)
                | Item::Ambiguity { pragma, .. }
                | Item::Depth { pragma, .. }
                    if !is_main =>
                {
                    // An imported file's own pragmas (its entries,
                    // captures, views) are its grammar's, not the
                    // importer's: the importer takes its rules only, so
                    // RFC 8089 imports `rfc3986.abnf` as it is.
                    let _ = pragma;
                }
                Item::EncodeSet(e) => self.encode_sets.push(e),
                Item::View(v, _) => self.views.push(v),
                Item::Views(separate, _) => self.views_separate = separate,
                Item::Title(t, _) => self.title = Some(t),
                Item::Marker(m, _) => self.marker = Some(m),
                Item::Family(f, _) => self.family = Some(f),
                Item::Accessor(a, _) => self.accessors.push(a),
                Item::Entry { names, .. } => self.entries.extend(names),
                Item::Component { names, .. } => self.components.extend(names),
                Item::Capture { capture, .. } => self.captures.push(capture),
                Item::Kind {
                    kind, rules, after, ..
                } => {
                    for (rule, span) in rules {
                        self.captures.push(Capture {
                            name: rule.clone(),
                            rules: vec![(rule, span)],
                            kind_of: Some(kind.0.clone()),
                            after,
                        });
                    }
                    self.kinds.push(kind);
                }
                Item::Charset { .. } => self.charset = true,
                Item::Ambiguity {
                    deny: true, pragma, ..
                } => self.deny_ambiguity = Some(pragma),
                Item::Ambiguity { names, .. } => self.allow_ambiguity.extend(names),
                Item::Depth { rule, depth, .. } => self.depths.push((rule, depth)),
            }
        }
        self.stack.pop();
        self.done.insert(identity);
    }

    pub(super) fn import(&mut self, from: FileId, rel: &str, span: Span) {
        let base = Path::new(self.sources.path(from))
            .parent()
            .unwrap_or(Path::new(""));
        let path = base.join(rel);
        let display = path.to_string_lossy().into_owned();
        // See Note [what an import may read].
        if Path::new(rel).extension().and_then(|e| e.to_str()) != Some("abnf") {
            self.error(
                span,
                format!(
                    "import '{rel}' does not name a grammar file; imported files end in '.abnf'"
                ),
            );
            return;
        }
        let escape = format!(
            "import '{rel}' resolves outside the importing file's directory; \
             an import may only read files under it"
        );
        // `..` past the directory is refused before the file system is
        // asked, so the message does not tell whether such a file exists.
        let mut depth = 0usize;
        for c in Path::new(rel).components() {
            match c {
                std::path::Component::ParentDir if depth == 0 => return self.error(span, escape),
                std::path::Component::ParentDir => depth -= 1,
                std::path::Component::Normal(_) => depth += 1,
                _ => {}
            }
        }
        let meta = match fs::metadata(&path) {
            Ok(meta) => meta,
            // The core rules are built in (Note [built-in core rules]).
            Err(e) if rel == "core.abnf" && e.kind() == std::io::ErrorKind::NotFound => return,
            Err(e) => return self.error(span, format!("cannot read import '{rel}': {e}")),
        };
        let identity = canonical(&path);
        let dir = canonical(if base.as_os_str().is_empty() {
            Path::new(".")
        } else {
            base
        });
        if !identity.starts_with(&dir) {
            return self.error(span, escape);
        }
        if !meta.is_file() {
            self.error(
                span,
                format!("cannot read import '{rel}': not a regular file"),
            );
            return;
        }
        if meta.len() > MAX_FILE_LEN {
            self.error(
                span,
                format!(
                    "import '{rel}' is {} bytes, more than the limit of {MAX_FILE_LEN} bytes for a grammar file",
                    meta.len()
                ),
            );
            return;
        }
        if let Some(i) = self.stack.iter().position(|(id, _)| *id == identity) {
            let mut chain: Vec<&str> = self.stack[i..]
                .iter()
                .map(|&(_, f)| self.sources.path(f))
                .collect();
            chain.push(&display);
            let msg = format!("import cycle: {}", chain.join(" -> "));
            self.error(span, msg);
            return;
        }
        if self.done.contains(&identity) {
            return;
        }
        if self.imported_len.saturating_add(meta.len()) > MAX_IMPORTED_LEN {
            self.error(
                span,
                format!(
                    "import '{rel}' would bring the files imported by this grammar past \
                     {MAX_IMPORTED_LEN} bytes in all"
                ),
            );
            return;
        }
        self.imported_len = self.imported_len.saturating_add(meta.len());
        match read_limited(&path, MAX_FILE_LEN) {
            Ok(bytes) if std::str::from_utf8(&bytes).is_err() || bytes.contains(&0) => {
                self.error(
                    span,
                    format!("import '{rel}' is not a text grammar file (it holds invalid UTF-8 or NUL bytes)"),
                );
            }
            Ok(bytes) => {
                let file = self.add_file(display, bytes);
                self.process(file, identity);
            }
            Err(e) => self.error(span, format!("cannot read import '{rel}': {e}")),
        }
    }

    pub(super) fn define(&mut self, name: String, span: Span, incremental: bool, node: Node) {
        let key = name.to_ascii_lowercase();
        match (self.by_name.get(&key).copied(), incremental) {
            (Some(i), true) => {
                let rule = &mut self.rules[i];
                let old = std::mem::replace(
                    &mut rule.node,
                    Node {
                        kind: NodeKind::Alt(Vec::new()),
                        span: rule.span,
                    },
                );
                let old_span = old.span;
                let mut alts = match old.kind {
                    NodeKind::Alt(alts) => alts,
                    kind => vec![Node {
                        kind,
                        span: old_span,
                    }],
                };
                let new_span = node.span;
                match node.kind {
                    NodeKind::Alt(more) => alts.extend(more),
                    kind => alts.push(Node {
                        kind,
                        span: new_span,
                    }),
                }
                rule.node = Node {
                    kind: NodeKind::Alt(alts),
                    span: old_span.to(new_span),
                };
            }
            (Some(i), false) => {
                let first = self.sources.location(self.rules[i].span);
                self.error(
                    span,
                    format!("duplicate rule '{name}' (first defined at {first})"),
                );
            }
            (None, true) => match self.core_rule(&name) {
                // RFC 5234 §3.3 on a core rule: the grammar's own copy of
                // it, extended (Note [built-in core rules]).
                Some((core, core_span, core_node)) => {
                    self.define(core, core_span, false, core_node);
                    self.define(name, span, true, node);
                }
                None => self.error(
                    span,
                    format!("'=/' adds to rule '{name}', which is not defined before it"),
                ),
            },
            (None, false) => {
                self.by_name.insert(key, self.rules.len());
                self.rules.push(Rule { name, span, node });
            }
        }
    }

    /// The core rule `name` (ASCII case ignored) as [`CORE_ABNF`] defines
    /// it: its name, span and definition, with [`CORE_PATH`] added to the
    /// sources if it is not there yet; `None` if `name` is no core rule.
    fn core_rule(&mut self, name: &str) -> Option<(String, Span, Node)> {
        if !CORE_NAMES.iter().any(|c| c.eq_ignore_ascii_case(name)) {
            return None;
        }
        let file = match self.sources.files.iter().position(|f| f.path == CORE_PATH) {
            Some(file) => file,
            None => self.sources.add(CORE_PATH, CORE_ABNF),
        };
        Parser::new(CORE_ABNF, file)
            .run()
            .items
            .into_iter()
            .find_map(|item| match item {
                Item::Rule {
                    name: n,
                    span,
                    node,
                    ..
                } if n.eq_ignore_ascii_case(name) => Some((n, span, node)),
                _ => None,
            })
    }

    /// Defines the core rules that are referenced and defined by no file
    /// (Note [built-in core rules]).
    pub(super) fn add_core_rules(&mut self) {
        let mut wanted: Vec<String> = Vec::new();
        for rule in &self.rules {
            visit_refs(&rule.node, &mut |name, _| wanted.push(name.to_string()));
        }
        let pragma_names = self
            .entries
            .iter()
            .chain(&self.components)
            .chain(self.captures.iter().flat_map(|c| &c.rules))
            .map(|(name, _)| name.clone());
        wanted.extend(pragma_names);
        wanted.extend(self.encode_sets.iter().map(|e| e.rule.clone()));
        wanted.retain(|name| !self.known(name));
        if !wanted
            .iter()
            .any(|w| CORE_NAMES.iter().any(|c| c.eq_ignore_ascii_case(w)))
        {
            return;
        }
        let file = match self.sources.files.iter().position(|f| f.path == CORE_PATH) {
            Some(file) => file,
            None => self.sources.add(CORE_PATH, CORE_ABNF),
        };
        let mut core: HashMap<String, (String, Span, Node)> = HashMap::new();
        for item in Parser::new(CORE_ABNF, file).run().items {
            if let Item::Rule {
                name, span, node, ..
            } = item
            {
                core.insert(name.to_ascii_lowercase(), (name, span, node));
            }
        }
        while let Some(name) = wanted.pop() {
            if self.known(&name) {
                continue;
            }
            if let Some((name, span, node)) = core.remove(&name.to_ascii_lowercase()) {
                visit_refs(&node, &mut |r, _| wanted.push(r.to_string()));
                self.define(name, span, false, node);
            }
        }
    }

    pub(super) fn known(&self, name: &str) -> bool {
        self.by_name.contains_key(&name.to_ascii_lowercase())
    }

    pub(super) fn finish(
        mut self,
        main: FileId,
        identity: PathBuf,
    ) -> Result<Grammar, Diagnostics> {
        self.process(main, identity);
        self.add_core_rules();
        self.check_references();
        self.check_pragmas();
        self.check_values();
        self.check_prose();
        self.resolve_recursion();
        if !self.errors.is_empty() {
            let mut errors = self.errors;
            errors.sort_by_key(|e| (e.span.file, e.span.start, e.span.end));
            return Err(Diagnostics {
                sources: self.sources,
                errors,
            });
        }
        let name = Path::new(self.sources.path(main))
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        Ok(Grammar {
            name,
            sources: self.sources,
            file: main,
            rules: self.rules,
            entries: self.entries,
            components: self.components,
            captures: self.captures,
            encode_sets: self.encode_sets,
            views: self.views,
            accessors: self.accessors,
            views_separate: self.views_separate,
            title: self.title,
            marker: self.marker,
            family: self.family,
            utf8: self.charset,
            deny_ambiguity: self.deny_ambiguity,
            allow_ambiguity: self.allow_ambiguity,
            problems: {
                let mut p = self.problems;
                p.sort_by_key(|p| (p.span.file, p.span.start, p.span.end));
                p
            },
            nesting_cuts: self.nesting_cuts,
            by_name: self.by_name,
        })
    }
}
