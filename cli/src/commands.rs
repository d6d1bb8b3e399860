//! The subcommands. Each takes parsed arguments, writes to standard output
//! and returns whether every input was valid; the caller turns that and any
//! [`Failure`] into the exit status.

use crate::args::{
    DotArgs, DotView, ExtractArgs, GrammarArg, Normalization, NormalizeArgs, ResolveArgs, RunArgs,
    UsageError,
};
use crate::input;
use crate::json;
use crate::source::{Entry, Failure, Loaded};
use std::borrow::Cow;
use std::io::{self, BufWriter, Write};
use uridfa_codegen::picture;
use uridfa_codegen::split::{Field, Layout, Scratch};
use uridfa_runtime::{validate, Span, Tables};

/// Standard output, buffered, and flushed after every line unless it is a
/// regular file: whoever reads a pipe or a terminal sees each result as soon
/// as its input is read (`uridfa check` as a co-process), while a file
/// gets large writes.
struct Out {
    /// The buffered stream.
    w: BufWriter<io::StdoutLock<'static>>,
    /// Whether to flush after each line.
    per_line: bool,
}

impl Out {
    /// Standard output.
    fn new() -> Out {
        Out {
            w: BufWriter::new(io::stdout().lock()),
            per_line: !stdout_is_file(),
        }
    }

    /// Writes one line (`line` plus `\n`).
    fn line(&mut self, line: &str) -> io::Result<()> {
        self.w.write_all(line.as_bytes())?;
        self.end_line()
    }

    /// Writes `\n`, ending a line, and flushes if lines are flushed.
    fn end_line(&mut self) -> io::Result<()> {
        self.w.write_all(b"\n")?;
        if self.per_line {
            self.w.flush()?;
        }
        Ok(())
    }

    /// Writes one JSON object as a line ([`json::write`]); `buf` is
    /// scratch space.
    fn json<T: serde::Serialize>(&mut self, buf: &mut Vec<u8>, value: &T) -> io::Result<()> {
        buf.clear();
        json::write(buf, value)?;
        self.w.write_all(buf)?;
        self.end_line()
    }
}

/// Whether standard output is a regular file (not a pipe, terminal or
/// device), asked of the file's metadata.
fn stdout_is_file() -> bool {
    #[cfg(unix)]
    let owned = {
        use std::os::fd::AsFd;
        io::stdout().as_fd().try_clone_to_owned()
    };
    #[cfg(windows)]
    let owned = {
        use std::os::windows::io::AsHandle;
        io::stdout().as_handle().try_clone_to_owned()
    };
    #[cfg(any(unix, windows))]
    {
        owned
            .map(std::fs::File::from)
            .and_then(|f| f.metadata())
            .is_ok_and(|m| m.file_type().is_file())
    }
    #[cfg(not(any(unix, windows)))]
    {
        false
    }
}

/// `uridfa check`: prints `ok` or `err <offset> <message>` per input.
///
/// # Errors
///
/// A [`Failure`] if the grammar or rule cannot be found or I/O fails.
pub fn check(args: &RunArgs) -> Result<bool, Failure> {
    let grammar = Loaded::load_with_rule(&args.grammar, args.rule.as_deref())?;
    let entry = grammar.entry(args.rule.as_deref())?;
    let t = entry.tables;
    let mut out = Out::new();
    let mut all_ok = true;
    input::for_each(&args.inputs, args.strip_cr, |bytes| {
        match validate(&t, bytes) {
            Ok(()) => out.line("ok"),
            Err(e) => {
                all_ok = false;
                let e = entry.error_at(bytes, e);
                out.line(&format!("err {} {}", e.offset(), e.describe(&t)))
            }
        }
    })?;
    out.w.flush()?;
    Ok(all_ok)
}

/// `uridfa split`: prints one JSON object per input.
///
/// # Errors
///
/// A [`Failure`] if the grammar or rule cannot be found or I/O fails.
pub fn split(args: &RunArgs) -> Result<bool, Failure> {
    let grammar = Loaded::load_with_rule(&args.grammar, args.rule.as_deref())?;
    let entry = grammar.entry(args.rule.as_deref())?;
    let t = entry.tables;
    // The fields and the list walk are shared with the Python package's
    // `split` ([`uridfa_codegen::split`]).
    let layout = Layout::of(&t);
    let mut scratch = Scratch::new(&t, entry.lists);
    let mut out = Out::new();
    let mut all_ok = true;
    let mut buf = Vec::new();
    input::for_each(&args.inputs, args.strip_cr, |bytes| {
        match scratch.split(&t, entry.lists, bytes) {
            Ok(()) => out.json(&mut buf, &split_ok(&t, &layout, bytes, &mut scratch)),
            Err(e) => {
                all_ok = false;
                let e = entry.error_at(bytes, e);
                let value = json::SplitErr {
                    input: json::Text(bytes),
                    ok: false,
                    offset: e.offset(),
                    message: e.describe(&t).to_string(),
                    component: e.component(&t),
                    expected: e.expected(&t),
                };
                out.json(&mut buf, &value)
            }
        }
    })?;
    out.w.flush()?;
    Ok(all_ok)
}

/// The `split` object of a valid input, split into `s` (the whole
/// machine's spans and its list items' runs).
fn split_ok<'a>(
    t: &Tables<'a>,
    layout: &'a Layout,
    bytes: &'a [u8],
    s: &mut Scratch,
) -> json::SplitOk<'a> {
    let text = |span: Option<Span>| span.and_then(|(a, b)| bytes.get(a..b)).map(json::Text);
    let name = |i: usize| t.capture_name(i).unwrap_or("");
    let mut components = Vec::new();
    let mut kinds = Vec::new();
    for field in &layout.fields {
        match field {
            Field::Component {
                cap,
                repeated,
                name,
            } => {
                let value = if *repeated {
                    s.occurrences(*cap);
                    json::Value::Many(s.found.iter().filter_map(|&(o, _)| text(Some(o))).collect())
                } else {
                    json::Value::One(text(s.span(Scratch::WHOLE, *cap)))
                };
                components.push((Cow::Borrowed(name.as_str()), value));
            }
            Field::Kind {
                of,
                kinds: of_kinds,
                repeated,
                name: key,
            } => {
                let first_kind = |s: &Scratch, run: usize| {
                    of_kinds
                        .iter()
                        .copied()
                        .find(|&i| text(s.span(run, i)).is_some())
                        .map(|i| json::Text(name(i).as_bytes()))
                };
                let value = if *repeated {
                    s.occurrences(*of);
                    json::Value::Many(
                        s.found
                            .iter()
                            .filter_map(|&(_, run)| first_kind(s, run))
                            .collect(),
                    )
                } else {
                    json::Value::One(first_kind(s, Scratch::WHOLE))
                };
                kinds.push((Cow::Borrowed(key.as_str()), value));
            }
        }
    }
    json::SplitOk {
        input: json::Text(bytes),
        ok: true,
        components: json::Members(components),
        kinds: json::Members(kinds),
    }
}

/// `uridfa grammars`: one line per built-in grammar, its name then its entry
/// rules, the default first.
///
/// # Errors
///
/// [`Failure::Io`] if writing fails.
pub fn grammars() -> Result<bool, Failure> {
    let mut out = Out::new();
    for g in uridfa::GRAMMARS {
        let rules: Vec<&str> = g.entries.iter().map(|t| t.rule).collect();
        out.line(&format!("{} {}", g.name, rules.join(" ")))?;
    }
    out.w.flush()?;
    Ok(true)
}

/// `uridfa stats`: a table with one row per entry of `grammar` (every
/// built-in grammar if `None`).
///
/// # Errors
///
/// A [`Failure`] if the grammar cannot be loaded or writing fails.
pub fn stats(grammar: Option<&GrammarArg>) -> Result<bool, Failure> {
    let loaded = match grammar {
        Some(g) => vec![Loaded::load(g)?],
        None => Loaded::builtins(),
    };
    let mut rows: Vec<[String; 8]> = vec![[
        "grammar",
        "rule",
        "states",
        "classes",
        "registers",
        "speed-bytes",
        "size-bytes",
        "plain-dfa-states",
    ]
    .map(String::from)];
    for g in &loaded {
        for Entry { tables: t, .. } in g.entries() {
            // Computed here, where it is shown, not when compiling: see
            // Note [the plain-DFA statistic] in uridfa_codegen::oracle.
            let plain = uridfa_codegen::oracle::plain_dfa_state_len(&t)
                .map_or_else(|_| "-".to_string(), |n| n.to_string());
            let (speed, size) = profile_bytes(&t);
            rows.push([
                g.name().to_string(),
                t.rule.to_string(),
                t.state_len().to_string(),
                t.stride.to_string(),
                t.reg_len.to_string(),
                speed.to_string(),
                size.to_string(),
                plain,
            ]);
        }
    }
    let mut widths = [0usize; 8];
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = Out::new();
    for row in &rows {
        // Names are left-aligned, numbers right-aligned.
        let line = format!(
            "{:<w0$}  {:<w1$}  {:>w2$}  {:>w3$}  {:>w4$}  {:>w5$}  {:>w6$}  {:>w7$}",
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            row[6],
            row[7],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
            w4 = widths[4],
            w5 = widths[5],
            w6 = widths[6],
            w7 = widths[7],
        );
        out.line(&line)?;
    }
    out.w.flush()?;
    Ok(true)
}

/// The table bytes of `t` in the `speed` profile (premultiplied IDs in the
/// narrowest of `u8`, `u16`, `u32` that holds every ID) and in the `size`
/// profile (one-byte state indices when the states, the dead state and
/// the edges number at most 256 and the IDs are wider than a byte; else
/// the same), whichever form `t` itself is in (docs/ARCHITECTURE.md, "The
/// `size` profile"). Only the transitions differ between the two.
fn profile_bytes(t: &uridfa_runtime::Tables<'_>) -> (usize, usize) {
    let cells = t.trans.len();
    let others = t.table_bytes() - cells * t.trans.id_bytes();
    let max_id = t.special as usize + t.edges.len();
    let wide = if max_id <= usize::from(u8::MAX) {
        1
    } else if max_id <= usize::from(u16::MAX) {
        2
    } else {
        4
    };
    let fits = t.state_len() + 1 + t.edges.len() <= 256;
    let small = if fits { 1 } else { wide };
    (others + cells * wide, others + cells * small)
}

/// `uridfa dot`: the machine of one entry as a Graphviz digraph, for
/// built-in and file grammars alike: one node per component above
/// [`picture::OVERVIEW_ABOVE`] states ([`picture::overview_dot`]), else
/// (or with `--states`) every state, or with `--component C` the states
/// of `C` ([`picture::states_dot`]).
///
/// # Errors
///
/// A [`Failure`] if the grammar, rule or component cannot be found or
/// writing fails.
pub fn dot(args: &DotArgs) -> Result<bool, Failure> {
    let grammar = Loaded::load_with_rule(&args.grammar, args.rule.as_deref())?;
    let t = grammar.entry(args.rule.as_deref())?.tables;
    let text = match &args.view {
        DotView::Auto if t.state_len() > picture::OVERVIEW_ABOVE => picture::overview_dot(&t),
        DotView::Auto | DotView::States => picture::states_dot(&t, None),
        DotView::Component(name) => {
            let c = (0..t.capture_len())
                .find(|&c| {
                    t.capture_name(c)
                        .is_some_and(|n| n.eq_ignore_ascii_case(name))
                })
                .ok_or_else(|| {
                    let names: Vec<&str> = (0..t.capture_len())
                        .filter_map(|c| t.capture_name(c))
                        .collect();
                    Failure::Usage(UsageError(if names.is_empty() {
                        format!(
                            "'{}' has no component '{name}': it captures nothing",
                            t.rule
                        )
                    } else {
                        format!(
                            "'{}' has no component '{name}'; one of: {}",
                            t.rule,
                            names.join(", ")
                        )
                    }))
                })?;
            picture::states_dot(&t, Some(c))
        }
    };
    let mut out = Out::new();
    out.w.write_all(text.as_bytes())?;
    out.w.flush()?;
    Ok(true)
}

/// `uridfa explain`: each input with its components marked and the states
/// it passes through ([`picture::explain_text`]), inputs separated by an
/// empty line.
///
/// # Errors
///
/// A [`Failure`] if the grammar or rule cannot be found or I/O fails.
pub fn explain(args: &RunArgs) -> Result<bool, Failure> {
    let grammar = Loaded::load_with_rule(&args.grammar, args.rule.as_deref())?;
    let entry = grammar.entry(args.rule.as_deref())?;
    let t = entry.tables;
    let mut scratch = Scratch::new(&t, entry.lists);
    let mut out = Out::new();
    let mut all_ok = true;
    let mut first = true;
    input::for_each(&args.inputs, args.strip_cr, |bytes| {
        if !first {
            out.end_line()?;
        }
        first = false;
        let text = match scratch.split(&t, entry.lists, bytes) {
            Ok(()) => {
                let stride = scratch.stride.max(1);
                let runs: Vec<Vec<Option<Span>>> = std::iter::once(scratch.spans.clone())
                    .chain(scratch.runs.chunks(stride).map(<[_]>::to_vec))
                    .collect();
                picture::explain_text(&t, bytes, Some(&runs), None)
            }
            Err(e) => {
                all_ok = false;
                let e = entry.error_at(bytes, e);
                let message = e.describe(&t).to_string();
                picture::explain_text(&t, bytes, None, Some((e.offset(), &message)))
            }
        };
        out.w.write_all(text.as_bytes())?;
        if out.per_line {
            out.w.flush()?;
        }
        Ok(())
    })?;
    out.w.flush()?;
    Ok(all_ok)
}

/// `uridfa resolve`: prints each reference's target, or `err <message>`.
///
/// # Errors
///
/// A [`Failure`] if I/O fails.
pub fn resolve(args: &ResolveArgs) -> Result<bool, Failure> {
    transform_each(&args.inputs, args.strip_cr, |bytes, buf| {
        let Ok(reference) = std::str::from_utf8(bytes) else {
            return Err("reference is not UTF-8".into());
        };
        buf.resize(args.base.len() + reference.len() + 8, 0);
        let mut r = uridfa::resolve::resolve_into(&args.base, reference, args.options, buf);
        if let Err(uridfa::resolve::ResolveError::BufferTooSmall(uridfa::BufferTooSmall {
            needed,
        })) = r
        {
            buf.resize(needed, 0);
            r = uridfa::resolve::resolve_into(&args.base, reference, args.options, buf);
        }
        r.map_err(|e| e.to_string())
    })
}

/// Runs `f` on each input and prints the bytes it wrote into the buffer
/// (`Ok(n)`: the first `n`), or `err <message>`. `Ok(true)` when every
/// input succeeded.
fn transform_each(
    inputs: &[Vec<u8>],
    strip_cr: bool,
    mut f: impl FnMut(&[u8], &mut Vec<u8>) -> Result<usize, String>,
) -> Result<bool, Failure> {
    let mut out = Out::new();
    let mut all_ok = true;
    let mut buf = Vec::new();
    input::for_each(inputs, strip_cr, |bytes| match f(bytes, &mut buf) {
        Ok(n) => {
            out.w.write_all(buf.get(..n).unwrap_or_default())?;
            out.end_line()
        }
        Err(e) => {
            all_ok = false;
            out.line(&format!("err {e}"))
        }
    })?;
    out.w.flush()?;
    Ok(all_ok)
}

/// One input's normal form into `buf` (grown as needed), or the message
/// of why it has none.
fn normal_form(n: Normalization, input: &[u8], buf: &mut Vec<u8>) -> Result<usize, String> {
    use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef;
    use uridfa::normalize::NormalizeError;
    let Ok(input) = std::str::from_utf8(input) else {
        return Err("input is not UTF-8".into());
    };
    loop {
        let needed = match n {
            Normalization::Ladder(syntax, steps) => {
                match syntax.normalize_into(input, steps, buf) {
                    Ok(len) => return Ok(len),
                    Err(NormalizeError::BufferTooSmall(uridfa::BufferTooSmall { needed })) => {
                        needed
                    }
                    Err(e) => return Err(e.to_string()),
                }
            }
            Normalization::Urn03(step) => {
                let urn = UrnRef::parse(input).map_err(|e| format!("invalid URN: {e}"))?;
                match urn.normalize_into(step, buf) {
                    Ok(len) => return Ok(len),
                    Err(e) => e.needed,
                }
            }
            Normalization::Rfc8141 => {
                let urn =
                    uridfa::rfc8141::Urn::parse(input).map_err(|e| format!("invalid URN: {e}"))?;
                match urn.normalize_into(buf) {
                    Ok(len) => return Ok(len),
                    Err(e) => e.needed,
                }
            }
        };
        buf.resize(needed, 0);
    }
}

/// `uridfa normalize`: prints each input's normal form, or `err <message>`.
///
/// # Errors
///
/// A [`Failure`] if I/O fails.
pub fn normalize(args: &NormalizeArgs) -> Result<bool, Failure> {
    transform_each(&args.inputs, args.strip_cr, |bytes, buf| {
        buf.resize(bytes.len() + 8, 0);
        normal_form(args.normalization, bytes, buf)
    })
}

/// `uridfa equiv A B`: prints `equivalent`, `different` or
/// `err <message>`; `Ok(true)` only when equivalent. Nothing is
/// allocated for the comparison itself.
///
/// # Errors
///
/// [`Failure::InvalidInput`] (after its `err` line) when an input is
/// invalid; a [`Failure`] if I/O fails.
pub fn equiv(args: &NormalizeArgs) -> Result<bool, Failure> {
    use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef;
    let mut out = Out::new();
    let [a, b] = [0, 1].map(|i| {
        args.inputs
            .get(i)
            .map(|x| {
                std::str::from_utf8(x).map_err(|_| format!("reference {} is not UTF-8", i + 1))
            })
            .unwrap_or(Ok(""))
    });
    let same = match (a, b) {
        (Ok(a), Ok(b)) => match args.normalization {
            Normalization::Ladder(syntax, steps) => {
                syntax.equivalent(a, b, steps).map_err(|e| e.to_string())
            }
            Normalization::Urn03(step) => match (UrnRef::parse(a), UrnRef::parse(b)) {
                (Ok(x), Ok(y)) => Ok(x.lexically_equivalent(&y, step)),
                (Err(e), _) | (_, Err(e)) => Err(format!("invalid URN: {e}")),
            },
            Normalization::Rfc8141 => {
                match (
                    uridfa::rfc8141::Urn::parse(a),
                    uridfa::rfc8141::Urn::parse(b),
                ) {
                    (Ok(x), Ok(y)) => Ok(x.equivalent(&y)),
                    (Err(e), _) | (_, Err(e)) => Err(format!("invalid URN: {e}")),
                }
            }
        },
        (Err(e), _) | (_, Err(e)) => Err(e),
    };
    let ok = match same {
        Ok(true) => {
            out.line("equivalent")?;
            true
        }
        Ok(false) => {
            out.line("different")?;
            false
        }
        Err(e) => {
            out.line(&format!("err {e}"))?;
            out.w.flush()?;
            return Err(Failure::InvalidInput);
        }
    };
    out.w.flush()?;
    Ok(ok)
}

/// `uridfa extract`: one JSON object per URI found in the text of each
/// file (or standard input), in text order. See `uridfa help`.
///
/// # Errors
///
/// A [`Failure`] if the grammar or rule cannot be found or I/O fails.
pub fn extract(args: &ExtractArgs) -> Result<bool, Failure> {
    let grammar = Loaded::load_with_rule(&args.grammar, args.rule.as_deref())?;
    let entry = match args.rule.as_deref() {
        Some(rule) => grammar.entry(Some(rule))?,
        None => ["URI", "IRI", "url"]
            .iter()
            .find_map(|r| grammar.entry(Some(r)).ok())
            .map_or_else(|| grammar.entry(None), Ok)?,
    };
    let tables = entry.tables;
    let finder = uridfa::text::Finder::with_tables(&tables)
        .abbreviated(args.abbreviated)
        .bare_any_scheme(args.any_scheme);
    let mut out = Out::new();
    let mut any = false;
    let mut json_buf = Vec::new();
    let mut extract_one = |name: &[u8], text: &[u8]| -> io::Result<()> {
        // Line and column of each URI, counted forward from the last one.
        let (mut line, mut line_start, mut counted) = (1usize, 0usize, 0usize);
        let (mut uri, mut other) = (Vec::new(), Vec::new());
        for f in finder.find_iter_bytes(text) {
            any = true;
            let start = f.range().start;
            for (i, &b) in text[counted..start].iter().enumerate() {
                if b == b'\n' {
                    line += 1;
                    line_start = counted + i + 1;
                }
            }
            counted = start;
            uri.resize(f.len(), 0);
            let n = f.write_into(&mut uri).unwrap_or(0);
            let ambiguous_hyphen = if f.is_ambiguous_hyphen() {
                other.resize(f.len(), 0);
                let n = f
                    .write_without_line_end_hyphens_into(&mut other)
                    .unwrap_or(0);
                Some(json::Text(&other[..n]))
            } else {
                None
            };
            let found = json::Found {
                uri: json::Text(&uri[..n]),
                offset: start,
                end: f.range().end,
                line,
                column: start - line_start + 1,
                delimiter: f.delimiter().name(),
                whitespace_removed: f.has_whitespace(),
                ambiguous_hyphen,
                abbreviated: f.implied_prefix(),
                fragment_outside_grammar: f.fragment_outside_grammar().is_some(),
                file: json::Text(name),
            };
            out.json(&mut json_buf, &found)?;
        }
        Ok(())
    };
    if args.files.is_empty() {
        let mut text = Vec::new();
        io::Read::read_to_end(&mut io::stdin().lock(), &mut text)?;
        extract_one(b"-", &text)?;
    } else {
        for path in &args.files {
            let text = std::fs::read(path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            extract_one(path.to_string_lossy().as_bytes(), &text)?;
        }
    }
    out.w.flush()?;
    Ok(any)
}
