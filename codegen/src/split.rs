//! What splitting an input gives, for any tables (built in or compiled at
//! run time): [`Layout`], the fields of a split and their names, and
//! [`Scratch`], the captures of the whole machine and of every item of its
//! list regions (Note [repeated captures] in [`crate::pipeline::lists`]),
//! in buffers reused from input to input.
//!
//! The CLI's `uridfa split` JSON and the Python package's columns are both
//! made from these, so they name and order the same fields and find the
//! same occurrences:
//!
//! - every plain capture that is not a list region is a field named as the
//!   capture (`scheme`, `host`, ...), in capture order: one text, or every
//!   occurrence in input order when the capture can occur more than once;
//! - then, for each capture that has kinds, `NAME_kind`: the name of its
//!   first kind capture that matched (one per occurrence for a repeated
//!   capture).
//!
//! Principal types: [`Layout`], [`Field`], [`Scratch`].
//!
//! # Example
//!
//! ```
//! use uridfa_codegen::driver::{compile_str_with_entries, Options};
//! use uridfa_codegen::split::{Layout, Scratch};
//! let abnf = ";@ entry date\n;@ capture year day\ndate = year \"-\" day\nyear = 4DIGIT\nday = 2DIGIT\n";
//! let compiled = compile_str_with_entries("date.abnf", abnf, Options::default(), &[])?;
//! let t = compiled.machines[0].tables.as_tables();
//! let layout = Layout::of(&t);
//! assert_eq!(layout.fields[1].name(), "day");
//! let mut s = Scratch::new(&t, &[]);
//! s.split(&t, &[], b"2024-29")?;
//! assert_eq!(s.span(Scratch::WHOLE, 1), Some((5, 7)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use uridfa_runtime::{items, split_with, Error, List, Span, Tables};

/// One field of a split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A component: capture `cap`.
    Component {
        /// The capture index.
        cap: usize,
        /// Whether it can occur more than once (every occurrence is given).
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
        /// Whether `of` can occur more than once (one kind per occurrence).
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

    /// Whether the field has one value per occurrence (a list).
    pub fn repeated(&self) -> bool {
        match self {
            Field::Component { repeated, .. } | Field::Kind { repeated, .. } => *repeated,
        }
    }
}

/// The fields of an entry's split, in order: components, then kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// Buffers for splitting one input after another without allocating once
/// they have grown to fit.
#[derive(Clone, Debug)]
pub struct Scratch {
    /// Registers, as many as the tables' and their item tables' largest
    /// need.
    regs: Vec<usize>,
    /// The whole machine's spans, one per capture.
    pub spans: Vec<Option<Span>>,
    /// The spans of every item of every list region, [`Scratch::stride`]
    /// per item, in absolute offsets; an item's run comes before the runs
    /// of the lists inside it.
    pub runs: Vec<Option<Span>>,
    /// Captures per run (the machine's capture count; item tables have the
    /// machine's captures).
    pub stride: usize,
    /// A repeated capture's occurrences ([`Scratch::occurrences`]): span
    /// and run ([`Scratch::WHOLE`] for the whole machine's spans).
    pub found: Vec<(Span, usize)>,
}

impl Scratch {
    /// The run index of the whole machine's spans.
    pub const WHOLE: usize = usize::MAX;

    /// Buffers for `tables` and its list regions `lists`.
    pub fn new(tables: &Tables<'_>, lists: &[List<'_>]) -> Scratch {
        let n = tables.capture_len();
        let mut regs_len = tables.reg_len as usize;
        max_regs(lists, &mut regs_len);
        // At least the runtime's branch-free register file where the
        // tables fit one (`split_regs`: 32 slots for at most 29 registers,
        // 64 for at most 62); with exactly `reg_len` registers every run
        // takes the slower, bounds-checked file. The slots past what the
        // tables use are scratch; only the tags are read.
        let regs_len = regs_len.max(uridfa_runtime::MAX_STACK_REGS);
        Scratch {
            regs: vec![0; regs_len],
            spans: vec![None; n],
            runs: Vec::new(),
            stride: n,
            found: Vec::new(),
        }
    }

    /// Splits `bytes` with `tables`, then each item of each list region of
    /// `lists` with its item tables, at every level: [`Scratch::spans`] and
    /// [`Scratch::runs`]. `tables` and `lists` are those the buffers were
    /// made for ([`Scratch::new`]).
    ///
    /// # Errors
    ///
    /// The runtime's error (of the whole machine, or of an item), not moved
    /// to a character start.
    pub fn split(
        &mut self,
        tables: &Tables<'_>,
        lists: &[List<'_>],
        bytes: &[u8],
    ) -> Result<(), Error> {
        self.runs.clear();
        split_with(tables, bytes, &mut self.regs, &mut self.spans)?;
        if lists.is_empty() {
            return Ok(());
        }
        let Scratch {
            regs,
            spans,
            runs,
            stride,
            ..
        } = self;
        runs_of(lists, bytes, Run::Whole(spans), regs, runs, *stride)
    }

    /// The span of capture `i` in run `run` ([`Scratch::WHOLE`]: the whole
    /// machine).
    pub fn span(&self, run: usize, i: usize) -> Option<Span> {
        if run == Scratch::WHOLE {
            self.spans.get(i).copied().flatten()
        } else {
            self.runs.get(run * self.stride + i).copied().flatten()
        }
    }

    /// The number of item runs.
    pub fn run_len(&self) -> usize {
        self.runs.len() / self.stride.max(1)
    }

    /// Fills [`Scratch::found`] with the occurrences of capture `i`, in
    /// input order (by span; the whole machine's first, then the runs in
    /// order, where two spans are equal).
    pub fn occurrences(&mut self, i: usize) {
        self.found.clear();
        if let Some(s) = self.spans.get(i).copied().flatten() {
            self.found.push((s, Scratch::WHOLE));
        }
        for r in 0..self.run_len() {
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
/// split `spans`, and of the lists inside those items, at every level.
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
