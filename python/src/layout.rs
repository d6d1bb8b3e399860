//! Which captures `split` returns, under which names, and how one input is
//! split into them: the rules of the CLI's `uridfa split` JSON.
//!
//! - every plain capture that is not a list region is a field named as the
//!   capture (`scheme`, `host`, ...), in capture order: a string, or a list
//!   of strings (every occurrence, in input order) when the capture can
//!   occur more than once;
//! - then, for each capture that has kinds, `NAME_kind`: the name of its
//!   first kind capture that matched (a list, one per occurrence, for a
//!   repeated capture).
//!
//! [`Scratch::split`] runs the entry's tables and then each list region's
//! item tables over its items (Note [repeated captures] in
//! `uridfa-codegen`), into buffers that are reused from row to row.
//!
//! Principal types: [`Layout`], [`Field`], [`Entry`], [`Scratch`].

use uridfa_runtime::{items, split_with, Error, List, Span, Tables};

/// One output field.
#[derive(Clone, Debug)]
pub enum Field {
    /// A component: capture `cap`.
    Component {
        /// The capture index.
        cap: usize,
        /// Whether it can occur more than once (a list field).
        repeated: bool,
        /// The field name, the capture's name.
        name: String,
    },
    /// `NAME_kind`: which of `kinds` (kind captures of `of`) matched.
    Kind {
        /// The capture classified.
        of: usize,
        /// Its kind captures, in capture order.
        kinds: Vec<usize>,
        /// Whether `of` can occur more than once (a list field).
        repeated: bool,
        /// The field name, `NAME_kind`.
        name: String,
    },
}

impl Field {
    /// The field's name.
    pub fn name(&self) -> &str {
        match self {
            Field::Component { name, .. } | Field::Kind { name, .. } => name,
        }
    }

    /// Whether the field is a list.
    pub fn repeated(&self) -> bool {
        match self {
            Field::Component { repeated, .. } | Field::Kind { repeated, .. } => *repeated,
        }
    }
}

/// The fields of an entry's `split`, in the CLI's order.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Components first, then kinds.
    pub fields: Vec<Field>,
}

impl Layout {
    /// The layout of `t`'s captures.
    pub fn of(t: &Tables<'_>) -> Layout {
        let n = t.capture_len();
        let name = |i: usize| t.capture_name(i).unwrap_or("").to_string();
        let repeated = |i: usize| t.captures.get(i).is_some_and(|c| c.repeated);
        let mut fields: Vec<Field> = (0..n)
            .filter(|&i| !t.captures[i].is_kind() && !t.captures[i].region)
            .map(|cap| Field::Component {
                cap,
                repeated: repeated(cap),
                name: name(cap),
            })
            .collect();
        for k in 0..n {
            let kinds: Vec<usize> = (0..n)
                .filter(|&i| usize::from(t.captures[i].kind_of) == k && t.captures[i].is_kind())
                .collect();
            if !kinds.is_empty() {
                fields.push(Field::Kind {
                    of: k,
                    kinds,
                    repeated: repeated(k),
                    name: format!("{}_kind", name(k)),
                });
            }
        }
        Layout { fields }
    }
}

/// One entry rule of a grammar.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The machine's tables.
    pub tables: Tables<'static>,
    /// Whether the grammar says `;@ charset utf-8`: errors are reported at
    /// the start of the character they fall in.
    pub utf8: bool,
    /// The machine's list regions and their item tables.
    pub lists: &'static [List<'static>],
    /// The fields `split` gives (computed once per entry; Note [compiled
    /// grammars live as long as the process]).
    pub layout: &'static Layout,
}

impl Entry {
    /// `e`, an error of these tables on `input`, at the offset to report
    /// (the CLI's `Entry::error_at`).
    pub fn error_at(&self, input: &[u8], e: uridfa_runtime::Error) -> uridfa_runtime::Error {
        if self.utf8 {
            e.at_char_start(&self.tables, input)
        } else {
            e
        }
    }
}

/// Buffers for splitting one input after another without allocating once
/// they have grown to fit.
#[derive(Debug)]
pub struct Scratch {
    /// Registers, as many as the entry's and its item tables' largest need.
    regs: Vec<usize>,
    /// The whole machine's spans, one per capture.
    pub spans: Vec<Option<Span>>,
    /// The spans of every item of every list region, `stride` per item,
    /// in absolute offsets.
    pub runs: Vec<Option<Span>>,
    /// Captures per run (the machine's capture count; item tables have the
    /// machine's captures).
    pub stride: usize,
    /// A repeated capture's occurrences: span and run (`usize::MAX` for the
    /// whole machine's spans).
    pub found: Vec<(Span, usize)>,
}

impl Scratch {
    /// Buffers for `entry`.
    pub fn new(entry: &Entry) -> Scratch {
        let n = entry.tables.capture_len();
        let mut regs_len = entry.tables.reg_len as usize;
        max_regs(entry.lists, &mut regs_len);
        Scratch {
            regs: vec![0; regs_len],
            spans: vec![None; n],
            runs: Vec::new(),
            stride: n,
            found: Vec::new(),
        }
    }

    /// Splits `bytes` with `entry`: [`Scratch::spans`] and
    /// [`Scratch::runs`].
    ///
    /// # Errors
    ///
    /// The runtime's error, not yet moved to a character start.
    pub fn split(&mut self, entry: &Entry, bytes: &[u8]) -> Result<(), Error> {
        self.runs.clear();
        split_with(&entry.tables, bytes, &mut self.regs, &mut self.spans)?;
        if entry.lists.is_empty() {
            return Ok(());
        }
        let Scratch {
            regs,
            spans,
            runs,
            stride,
            ..
        } = self;
        runs_of(entry.lists, bytes, Run::Whole(spans), regs, runs, *stride)
    }

    /// The span of capture `i` in run `run` (`usize::MAX`: the whole
    /// machine).
    pub fn span(&self, run: usize, i: usize) -> Option<Span> {
        if run == usize::MAX {
            self.spans.get(i).copied().flatten()
        } else {
            self.runs.get(run * self.stride + i).copied().flatten()
        }
    }

    /// Fills [`Scratch::found`] with the occurrences of capture `i`, in
    /// input order (the CLI's `occurrences`).
    pub fn occurrences(&mut self, i: usize) {
        self.found.clear();
        if let Some(s) = self.spans.get(i).copied().flatten() {
            self.found.push((s, usize::MAX));
        }
        let runs_len = self.runs.len() / self.stride.max(1);
        for r in 0..runs_len {
            if let Some(s) = self.runs.get(r * self.stride + i).copied().flatten() {
                self.found.push((s, r));
            }
        }
        self.found.sort_by_key(|&((s, e), _)| (s, e));
    }
}

/// The largest register count of `lists`' item tables, at every level.
fn max_regs(lists: &[List<'_>], len: &mut usize) {
    for l in lists {
        *len = (*len).max(l.item.reg_len as usize);
        max_regs(l.lists, len);
    }
}

/// Whose spans a list region is read from.
enum Run<'a> {
    /// The whole machine's.
    Whole(&'a [Option<Span>]),
    /// The item run at this index of `runs`.
    Item(usize),
}

/// Pushes to `runs` the captures of every item of the lists `lists` of the
/// split `spans`, and of the lists inside those items, at every level (the
/// CLI's `runs_of`).
fn runs_of(
    lists: &[List<'_>],
    bytes: &[u8],
    spans: Run<'_>,
    regs: &mut [usize],
    runs: &mut Vec<Option<Span>>,
    stride: usize,
) -> Result<(), Error> {
    for list in lists {
        let region = match &spans {
            Run::Whole(s) => s.get(list.region).copied().flatten(),
            Run::Item(r) => runs.get(r * stride + list.region).copied().flatten(),
        };
        let Some(region) = region else {
            continue;
        };
        for item in items(list.item, bytes, region) {
            let (a, b) = item?;
            let at = runs.len();
            runs.resize(at + stride, None);
            let (_, run) = runs.split_at_mut(at);
            split_with(list.item, &bytes[a..b], regs, run)?;
            for s in run.iter_mut().flatten() {
                *s = (s.0 + a, s.1 + a);
            }
            runs_of(
                list.lists,
                bytes,
                Run::Item(at / stride),
                regs,
                runs,
                stride,
            )?;
        }
    }
    Ok(())
}
