//! The columnar kernels: `split` and `validate` over one input array.
//!
//! Note [components as views]: each component of a valid row is an Arrow
//! string view into the input's own buffers (the `string`/`binary` value
//! buffer, or the views' data buffers), so no component byte is copied; a
//! component of at most 12 bytes is held inline in its view, as Arrow's
//! layout requires. Every output buffer is allocated once per array, its
//! length the row count (or, for the list fields of repeated captures,
//! grown by amortized doubling), and rows are spread over threads as
//! disjoint slices of those buffers, so one thread and many give the same
//! bytes.
//!
//! Note [rows that are not UTF-8]: the grammar runs on the row's bytes, as
//! the CLI runs it. A row it accepts must also be UTF-8, since its
//! components become strings: a valid row whose bytes are not UTF-8 is
//! invalid at the first bad byte (`invalid UTF-8`), and one with a
//! component that begins or ends inside a character is invalid there. No
//! built-in grammar accepts such a row; only a run-time grammar that
//! matches bytes above 0x7F without `;@ charset utf-8` can.
//!
//! Principal types: [`Output`], [`FirstError`].

use crate::column::{Column, Input};
use crate::grammar::Entry;
use crate::layout::{Field, Layout, Scratch};
use arrow_array::builder::make_view;
use arrow_array::{ArrayRef, BooleanArray, Int64Array, ListArray, StringViewArray, StructArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field as ArrowField, Fields};
use std::mem::MaybeUninit;
use std::sync::Arc;

/// Rows per thread below which a column is not split over threads.
const MIN_ROWS_PER_THREAD: usize = 4096;

/// The first invalid row: what `errors="raise"` reports.
#[derive(Clone, Debug)]
pub struct FirstError {
    /// The row index in the array.
    pub row: usize,
    /// The byte offset of the error in the row.
    pub offset: usize,
    /// The message (the CLI's).
    pub message: String,
    /// The component being read.
    pub component: Option<&'static str>,
    /// What would have been accepted.
    pub expected: Option<&'static str>,
}

/// The message of an invalid row, written only when it is needed.
pub enum RowMessage {
    /// The runtime's error: `describe` with the entry's tables.
    Grammar(uridfa_runtime::Error),
    /// Not UTF-8 (Note [rows that are not UTF-8]).
    NotUtf8,
    /// A component cuts a character.
    SplitsCharacter(&'static str),
}

/// Bits being written, one per row, into 64-bit words (Arrow's bitmap
/// layout: row `j` is bit `j % 64` of word `j / 64`).
struct Bits<'a>(&'a mut [u64]);

impl Bits<'_> {
    /// Sets row `j`'s bit.
    #[inline]
    fn set(&mut self, j: usize) {
        self.0[j >> 6] |= 1 << (j & 63);
    }
}

/// A bitmap of `n` rows from its words.
fn bitmap(words: Vec<u64>, n: usize) -> BooleanBuffer {
    BooleanBuffer::new(Buffer::from_vec(words), 0, n)
}

/// Per-thread output slices of every field (Note [split output in one
/// pass]: the views and error offsets start unwritten, and the thread
/// writes every one of its rows).
struct Slices<'a> {
    /// Per field: views (single fields) or nothing (list fields).
    views: Vec<&'a mut [MaybeUninit<u128>]>,
    /// Per field: whether the row's value is present.
    present: Vec<Bits<'a>>,
    /// Per list field (by field index): the values and each row's count.
    lists: Vec<(Vec<u128>, Vec<u32>)>,
    /// `valid`.
    valid: Bits<'a>,
    /// `error_offset` (present where `invalid` is set, else 0).
    error_offset: &'a mut [MaybeUninit<i64>],
    /// Whether the row is invalid (so `error_offset` and `error` exist).
    invalid: Bits<'a>,
    /// The views of the `error` field, into `error_text` (else 0).
    error_views: &'a mut [MaybeUninit<u128>],
    /// The error messages of this thread's rows, one after another.
    error_text: Vec<u8>,
    /// The index of `error_text` among the `error` field's buffers.
    error_buffer: u32,
    /// The first invalid row of this thread.
    first: Option<FirstError>,
}

/// The `split` of one array.
pub struct Output {
    /// The struct array.
    pub array: ArrayRef,
    /// The first invalid row, if any.
    pub first_error: Option<FirstError>,
}

fn fields_of(layout: &Layout) -> Fields {
    let mut fields: Vec<ArrowField> = layout
        .fields
        .iter()
        .map(|f| {
            let t = if f.repeated() {
                DataType::List(Arc::new(ArrowField::new("item", DataType::Utf8View, false)))
            } else {
                DataType::Utf8View
            };
            ArrowField::new(f.name(), t, true)
        })
        .collect();
    fields.push(ArrowField::new("valid", DataType::Boolean, true));
    fields.push(ArrowField::new("error_offset", DataType::Int64, true));
    fields.push(ArrowField::new("error", DataType::Utf8View, true));
    Fields::from(fields)
}

/// The name of every capture of a machine, one after another: the buffer
/// `NAME_kind` views point into (buffer 0 of those fields).
struct KindNames {
    /// The names.
    text: Vec<u8>,
    /// Each capture's view of its name in `text`.
    views: Vec<u128>,
}

impl KindNames {
    fn of(t: &uridfa_runtime::Tables<'_>) -> KindNames {
        let mut text = Vec::new();
        let mut views = Vec::new();
        for i in 0..t.capture_len() {
            let name = t.capture_name(i).unwrap_or("");
            let a = text.len() as u32;
            text.extend_from_slice(name.as_bytes());
            views.push(make_view(name.as_bytes(), 0, a));
        }
        KindNames { text, views }
    }

    /// The view of capture `k`'s name.
    #[inline]
    fn view(&self, k: usize) -> u128 {
        self.views.get(k).copied().unwrap_or(0)
    }
}

/// How many threads to use for `rows` rows when asked for `threads`.
pub fn thread_count(rows: usize, threads: Option<usize>) -> usize {
    let want = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    want.clamp(1, (rows / MIN_ROWS_PER_THREAD).max(1))
}

/// What one batch's rows share: the fields to write, split by how they
/// are written, computed once per array.
struct Plan<'a> {
    /// The fields of the entry.
    layout: &'a Layout,
    /// `(field, capture)` of every component that is not a list: the
    /// common case, one view per row.
    singles: Vec<(usize, usize)>,
    /// Every other field (kinds, lists).
    others: Vec<usize>,
    /// `(field, kinds)` of every kind field that is not a list (for
    /// [`run_fast`]).
    kinds_of: Vec<(usize, Vec<usize>)>,
    /// Whether the rows take [`run_fast`] ([`fast_fits`]).
    fast: bool,
    /// The kind names' views.
    kinds: KindNames,
    /// Whether an invalid row's components are empty rather than null.
    empty: bool,
}

/// Splits every row of `input` with `entry`; an invalid row's components
/// are null, or empty strings (and empty lists) if `empty`.
///
/// Note [split output in one pass]: every output buffer but the list
/// fields' is allocated once, its length the row count, and each thread
/// writes its own contiguous rows of every buffer: views, the validity
/// bitmaps as words (a thread's rows start at a multiple of 64, so no
/// word is shared), the error texts and their views (a thread's texts are
/// its own buffer of the `error` field). Nothing is written per row after
/// the threads join. The views and the error offsets, sixteen and eight
/// bytes a row, are not zeroed first (which would be a serial pass over
/// them all): they start unwritten ([`Unwritten`]), and every row of a
/// thread gets each of them written, the zero view (an empty string) or
/// offset 0 where there is no value: [`run_rows`] writes zeros over all
/// of its rows first, [`run_blocks`] every row of each block (Note [views
/// by block]), and [`split_row`] then writes a row's values over them.
/// The bitmaps, a bit a row, are zeroed at allocation.
/// The rows of an entry without list regions or repeated fields take
/// [`run_fast`]: the runtime's tag registers read straight into views.
///
/// # Errors
///
/// Only an Arrow error building the output, which would be a bug.
pub fn split(
    entry: &Entry,
    layout: &Layout,
    input: &Input,
    threads: usize,
    empty: bool,
) -> Result<Output, ArrowError> {
    let n = input.len();
    let nf = layout.fields.len();
    let words = n.div_ceil(64);
    let col = input.column();
    let nulls = input.nulls();
    let mut views: Vec<Unwritten<u128>> = layout
        .fields
        .iter()
        .map(|f| Unwritten::new(if f.repeated() { 0 } else { n }))
        .collect();
    let mut present: Vec<Vec<u64>> = (0..nf).map(|_| vec![0u64; words]).collect();
    let mut valid = vec![0u64; words];
    let mut invalid = vec![0u64; words];
    let mut error_offset = Unwritten::<i64>::new(n);
    let mut error_views = Unwritten::<u128>::new(n);
    let plan = Plan {
        layout,
        singles: layout
            .fields
            .iter()
            .enumerate()
            .filter_map(|(f, field)| match field {
                Field::Component {
                    cap,
                    repeated: false,
                    ..
                } => Some((f, *cap)),
                _ => None,
            })
            .collect(),
        others: layout
            .fields
            .iter()
            .enumerate()
            .filter(|(_, field)| {
                !matches!(
                    field,
                    Field::Component {
                        repeated: false,
                        ..
                    }
                )
            })
            .map(|(f, _)| f)
            .collect(),
        kinds_of: layout
            .fields
            .iter()
            .enumerate()
            .filter_map(|(f, field)| match field {
                Field::Kind {
                    kinds,
                    repeated: false,
                    ..
                } => Some((f, kinds.clone())),
                _ => None,
            })
            .collect(),
        fast: fast_fits(entry, layout),
        kinds: KindNames::of(&entry.tables),
        empty,
    };

    // Rows per thread: a multiple of 64 (Note [split output in one pass]).
    let chunk = n.div_ceil(threads.max(1)).next_multiple_of(64).max(64);
    let mut per: Vec<Slices<'_>> = Vec::new();
    {
        let mut view_chunks: Vec<_> = views
            .iter_mut()
            .map(|v| v.slots().chunks_mut(chunk))
            .collect();
        let mut present_chunks: Vec<_> = present
            .iter_mut()
            .map(|v| v.chunks_mut(chunk / 64))
            .collect();
        let mut valid_c = valid.chunks_mut(chunk / 64);
        let mut inv_c = invalid.chunks_mut(chunk / 64);
        let off_c = error_offset.slots().chunks_mut(chunk);
        let mut err_c = error_views.slots().chunks_mut(chunk);
        for error_offset in off_c {
            per.push(Slices {
                views: view_chunks
                    .iter_mut()
                    .map(|c| c.next().unwrap_or_default())
                    .collect(),
                present: present_chunks
                    .iter_mut()
                    .map(|c| Bits(c.next().unwrap_or_default()))
                    .collect(),
                lists: (0..nf).map(|_| (Vec::new(), Vec::new())).collect(),
                valid: Bits(valid_c.next().unwrap_or_default()),
                error_offset,
                invalid: Bits(inv_c.next().unwrap_or_default()),
                error_views: err_c.next().unwrap_or_default(),
                error_text: Vec::new(),
                error_buffer: per.len() as u32,
                first: None,
            });
        }
    }
    let work = |k: usize, s: &mut Slices<'_>| run_rows(entry, &plan, &col, nulls, k * chunk, s);
    if per.len() <= 1 {
        for (k, s) in per.iter_mut().enumerate() {
            work(k, s);
        }
    } else if let Some((last, rest)) = per.split_last_mut() {
        // The last part runs on this thread: one spawn fewer per call.
        let k_last = rest.len();
        std::thread::scope(|scope| {
            for (k, s) in rest.iter_mut().enumerate() {
                let work = &work;
                scope.spawn(move || work(k, s));
            }
            work(k_last, last);
        });
    }

    // Lists and error texts, thread by thread.
    let mut list_parts: Vec<(Vec<u128>, Vec<u32>)> =
        (0..nf).map(|_| (Vec::new(), Vec::new())).collect();
    let mut error_buffers: Vec<Buffer> = Vec::with_capacity(per.len().max(1));
    let mut first_error = None;
    for s in per {
        for (f, (vals, counts)) in s.lists.into_iter().enumerate() {
            if list_parts[f].0.is_empty() && list_parts[f].1.is_empty() {
                list_parts[f] = (vals, counts);
            } else {
                list_parts[f].0.extend_from_slice(&vals);
                list_parts[f].1.extend_from_slice(&counts);
            }
        }
        if first_error.is_none() {
            first_error = s.first;
        }
        error_buffers.push(Buffer::from_vec(s.error_text));
    }
    // SAFETY: the threads have joined (a panic in one would have unwound
    // past here), and each wrote every slot of its rows of these buffers
    // (Note [split output in one pass]); the threads' rows, chunks of
    // `chunk` rows, cover all `n` slots of each, and a list field's have
    // none.
    let mut views: Vec<Vec<u128>> = views.into_iter().map(|v| unsafe { v.written() }).collect();
    // SAFETY: as for `views`.
    let error_offset = unsafe { error_offset.written() };
    // SAFETY: as for `views`.
    let error_views = unsafe { error_views.written() };

    let input_buffers = input.buffers();
    let kind_buf = Buffer::from(plan.kinds.text.as_slice());
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(nf + 3);
    for (f, field) in layout.fields.iter().enumerate() {
        let buffers = match field {
            Field::Component { .. } => input_buffers.clone(),
            Field::Kind { .. } => vec![kind_buf.clone()],
        };
        let present_f = NullBuffer::new(bitmap(std::mem::take(&mut present[f]), n));
        if field.repeated() {
            let (vals, counts) = std::mem::take(&mut list_parts[f]);
            let values = component_views(ScalarBuffer::from(vals), buffers, None);
            let offsets = OffsetBuffer::from_lengths(counts.iter().map(|&c| c as usize));
            let item = Arc::new(ArrowField::new("item", DataType::Utf8View, false));
            columns.push(Arc::new(ListArray::try_new(
                item,
                offsets,
                Arc::new(values),
                Some(present_f),
            )?));
        } else {
            let v = std::mem::take(&mut views[f]);
            let array = match field {
                Field::Component { .. } => {
                    component_views(ScalarBuffer::from(v), buffers, Some(present_f))
                }
                // SAFETY: every view is 0 or `KindNames::view` of a
                // capture name, which is text (`&str`) in `kind_buf`, the
                // field's one buffer, at its own range.
                Field::Kind { .. } => unsafe {
                    StringViewArray::new_unchecked(ScalarBuffer::from(v), buffers, Some(present_f))
                },
            };
            columns.push(Arc::new(array));
        }
    }
    let row_nulls = nulls.cloned();
    columns.push(Arc::new(BooleanArray::new(
        bitmap(valid, n),
        row_nulls.clone(),
    )));
    let inv = NullBuffer::new(bitmap(invalid, n));
    columns.push(Arc::new(Int64Array::new(
        ScalarBuffer::from(error_offset),
        Some(inv.clone()),
    )));
    // SAFETY: every view is 0 or was made by `make_view` from the bytes
    // `s.error_text[at..]` of a thread's message, written as `str`s
    // (`write_message`), at offset `at` of that thread's buffer, which is
    // buffer `s.error_buffer` here (`error_buffers` in thread order).
    let errors = unsafe {
        StringViewArray::new_unchecked(ScalarBuffer::from(error_views), error_buffers, Some(inv))
    };
    columns.push(Arc::new(errors));
    let array = StructArray::try_new(fields_of(layout), columns, row_nulls)?;
    Ok(Output {
        array: Arc::new(array),
        first_error,
    })
}

/// A buffer of `n` values that starts unwritten (Note [split output in one
/// pass]).
struct Unwritten<T> {
    /// Empty, with room for `n` values.
    values: Vec<T>,
    /// How many.
    n: usize,
}

impl<T> Unwritten<T> {
    fn new(n: usize) -> Unwritten<T> {
        Unwritten {
            values: Vec::with_capacity(n),
            n,
        }
    }

    /// The `n` slots to write.
    fn slots(&mut self) -> &mut [MaybeUninit<T>] {
        &mut self.values.spare_capacity_mut()[..self.n]
    }

    /// The `n` values.
    ///
    /// # Safety
    ///
    /// Every one of the `n` slots of [`Unwritten::slots`] has been
    /// written.
    unsafe fn written(mut self) -> Vec<T> {
        // SAFETY: the capacity is at least `n` (`Vec::with_capacity`), and
        // the first `n` values are initialized (the caller's promise).
        unsafe { self.values.set_len(self.n) };
        self.values
    }
}

/// Writes `value` into every slot.
#[inline(always)]
fn fill<T: Copy>(slots: &mut [MaybeUninit<T>], value: T) {
    for slot in slots {
        slot.write(value);
    }
}

/// The string view array of a component field.
///
/// Note [unchecked component views]: `StringViewArray::try_new` would
/// check every view's bounds and UTF-8 again, a second pass over every
/// component byte that costs as much as the split. The views are valid by
/// construction, so the array is built unchecked; the tests validate every
/// result fully (`pyarrow.Array.validate(full=True)`).
fn component_views(
    views: ScalarBuffer<u128>,
    buffers: Vec<Buffer>,
    nulls: Option<NullBuffer>,
) -> StringViewArray {
    // SAFETY: every view is 0 (an empty inline string) or was made by
    // `make_view` from `bytes[a..b]` of a row whose bytes are
    // `buffers[base.buffer][base.offset..][..len]` (`Column::row`, which
    // returns no bytes for a view out of bounds), with offset
    // `base.offset + a`, or inline (at most 12 bytes); or by `view_at`
    // from `whole[p..p + len]`, `p = start + a`, of a row located as
    // `whole[start..][..row length]` in buffer `buffer` (`Column::locate`,
    // the same buffers), with `a..a + len` inside the row (a span of the
    // tag registers of that row's run, `s <= e <= row length`): the
    // length, the first four bytes, `buffer` and offset `p` when longer
    // than 12 bytes, else the bytes inline. And those bytes are UTF-8 on
    // character boundaries: the row is ASCII (all that `run_fast` writes
    // itself), or `check_utf8` passed it (Note [rows that are not
    // UTF-8]).
    unsafe { StringViewArray::new_unchecked(views, buffers, nulls) }
}

/// Splits rows `lo..lo + s.error_offset.len()` into `s`.
fn run_rows(
    entry: &Entry,
    plan: &Plan<'_>,
    col: &Column<'_>,
    nulls: Option<&NullBuffer>,
    lo: usize,
    s: &mut Slices<'_>,
) {
    let mut scratch = entry.scratch();
    if plan.fast {
        return run_fast(entry, plan, col, nulls, lo, s, &mut scratch);
    }
    // Note [split output in one pass]: zeros first, values over them.
    for views in &mut s.views {
        fill(views, 0);
    }
    fill(s.error_offset, 0);
    fill(s.error_views, 0);
    for j in 0..s.error_offset.len() {
        let i = lo + j;
        if nulls.is_some_and(|b| b.is_null(i)) {
            for &f in &plan.others {
                if plan.layout.fields[f].repeated() {
                    s.lists[f].1.push(0);
                }
            }
            continue;
        }
        split_row(entry, plan, col, i, j, &mut scratch, s);
    }
}

/// Registers of the fast row loop: the runtime's branch-free register
/// file for tables of at most 62 registers (32 of them for tables of at
/// most 29).
const FAST_REGS: usize = uridfa_runtime::MAX_STACK_REGS;

/// Whether rows of `entry` can take [`run_fast`]: no list regions (so the
/// whole machine's registers are every span), no repeated field, and
/// registers that fit [`FAST_REGS`].
fn fast_fits(entry: &Entry, layout: &Layout) -> bool {
    let t = &entry.tables;
    entry.lists.is_empty()
        && layout.fields.iter().all(|f| !f.repeated())
        && (t.reg_len as usize) <= FAST_REGS
        && 2 * t.capture_len() <= t.reg_len as usize
}

/// The masks of inline views of 0 to 12 bytes: the length and that many
/// bytes after it.
const INLINE_MASKS: [u128; 13] = {
    let mut m = [u128::MAX; 13];
    let mut len = 0;
    while len < 12 {
        m[len] = (1u128 << (32 + 8 * len)) - 1;
        len += 1;
    }
    m
};

/// The view of `len` bytes at `p` of `whole` (buffer `buffer` of the
/// output field), made from one sixteen-byte load: inline (the bytes,
/// zero-padded, after the length) up to 12 bytes, else the length, the
/// first four bytes, the buffer and the offset (Arrow's `ByteView`). A
/// length of 0 gives the zero view. Near the buffer's end, where sixteen
/// bytes are not there, `make_view` copies the bytes instead.
#[inline(always)]
fn view_at(whole: &[u8], p: usize, len: usize, buffer: u32) -> u128 {
    let Some(w) = whole.get(p..).and_then(<[u8]>::first_chunk::<16>) else {
        return make_view(whole.get(p..p + len).unwrap_or_default(), buffer, p as u32);
    };
    // The length, then the bytes: an inline view but for its padding, and
    // the low half of a long one (the length and the first four bytes).
    let head = (u128::from_le_bytes(*w) << 32) | len as u128;
    if len <= 12 {
        head & INLINE_MASKS[len]
    } else {
        u128::from(head as u64) | (u128::from(buffer) << 64) | ((p as u128) << 96)
    }
}

/// Rows of one block of [`run_fast`]: one word of validity bits.
const BLOCK: usize = 64;

/// Whether tags `(s, e)` are a span: `s <= e` and `e` is not `NIL`
/// (`usize::MAX`, which the increment wraps to 0), in one comparison.
#[inline(always)]
fn is_span((s, e): (usize, usize)) -> bool {
    e.wrapping_add(1) > s
}

/// [`run_rows`] for entries that [`fast_fits`], 64 rows at a time: each
/// row's run leaves its tags in its own register file of the block, with
/// no `Scratch` and no spans in between, then each field's views of the
/// block are written in one pass, every view made from one load of the
/// input buffer ([`view_at`]). A row that the grammar rejects, or that is
/// not ASCII (so needs Note [rows that are not UTF-8]), goes through
/// [`split_row`], the general path, after the block's views, so every row
/// gets the same output either way.
///
/// Note [views by block]: every view of every field of a block is written
/// (Note [split output in one pass]), and the block's error offsets and
/// error views as zeros. A field's views of a block are written in one
/// pass without a branch per row (the zero view where the component did
/// not match), or, where it matched in at most [`SPARSE`] of the block's
/// rows, as zeros and then row by row. Each of a thread's views slices
/// has as many rows as its `error_offset`, so `b..b + m` is in every one.
/// The tags are read where the run left them, one register file per row
/// of the block: the runtime's small file of 32 registers for machines of
/// at most [`uridfa_runtime::SMALL_WIDE_REGS`], else the file of 64.
fn run_fast(
    entry: &Entry,
    plan: &Plan<'_>,
    col: &Column<'_>,
    nulls: Option<&NullBuffer>,
    lo: usize,
    s: &mut Slices<'_>,
    scratch: &mut Scratch,
) {
    if entry.tables.reg_len as usize <= uridfa_runtime::SMALL_WIDE_REGS {
        run_blocks::<32>(entry, plan, col, nulls, lo, s, scratch);
    } else {
        run_blocks::<FAST_REGS>(entry, plan, col, nulls, lo, s, scratch);
    }
}

/// [`run_fast`] with register files of `N` registers.
fn run_blocks<const N: usize>(
    entry: &Entry,
    plan: &Plan<'_>,
    col: &Column<'_>,
    nulls: Option<&NullBuffer>,
    lo: usize,
    s: &mut Slices<'_>,
    scratch: &mut Scratch,
) {
    let t = &entry.tables;
    let rows = s.error_offset.len();
    let after = entry.after;
    let singles = &plan.singles;
    // Each row's register file, as its run left it (stale for a row that
    // is not valid, which the block's `valid` bits leave out).
    let mut files = [[uridfa_runtime::NIL; N]; BLOCK];
    // Per kind field, per row of the block: the kind capture that
    // matched, if one did.
    let mut kinds = vec![[0usize; BLOCK]; plan.kinds_of.len()];
    // Per kind field: the block's rows where it is.
    let mut here_kind = vec![0u64; plan.kinds_of.len()];
    // Where each valid row of the block is: `(whole, start, buffer)` of
    // its `Located`, all that its views need.
    let mut located: [(&[u8], usize, u32); BLOCK] = [(&[], 0, 0); BLOCK];
    for b in (0..rows).step_by(BLOCK) {
        let m = BLOCK.min(rows - b);
        let w = b / 64;
        let mut valid = 0u64;
        let mut slow = 0u64;
        // One check of the block's bytes at once, where they are one
        // range; else, or if one is not ASCII, a check of each row's.
        let ascii = col
            .span_bytes(lo + b, lo + b + m)
            .is_some_and(<[u8]>::is_ascii);
        for (j, regs) in files.iter_mut().enumerate().take(m) {
            let i = lo + b + j;
            if nulls.is_some_and(|n| n.is_null(i)) {
                continue;
            }
            let row = col.locate(i);
            let bytes = row.bytes;
            if !((ascii || bytes.is_ascii()) && uridfa_runtime::split_regs(t, bytes, regs).is_ok())
            {
                slow |= 1 << j;
                continue;
            }
            if !after.is_empty() {
                after.decide(t, bytes, regs);
            }
            valid |= 1 << j;
            located[j] = (row.whole, row.start, row.buffer);
        }
        s.valid.0[w] |= valid;
        // Note [views by block].
        let files = &files[..m];
        // Per kind field, each row's first kind that matched: the kinds
        // in reverse, each over the block's rows, so the first is written
        // last.
        for ((kind, here), (_, of)) in kinds.iter_mut().zip(&mut here_kind).zip(&plan.kinds_of) {
            let mut on = 0u64;
            for &k in of.iter().rev() {
                for (j, (regs, slot)) in files.iter().zip(kind.iter_mut()).enumerate() {
                    let matched = is_span(tags(regs, k));
                    *slot = if matched { k } else { *slot };
                    on |= u64::from(matched) << j;
                }
            }
            *here = on & valid;
        }
        for &(f, cap) in singles {
            let here = files.iter().enumerate().fold(0u64, |acc, (j, regs)| {
                acc | (u64::from(is_span(tags(regs, cap))) << j)
            }) & valid;
            let views = s.views[f].get_mut(b..b + m).unwrap_or_default();
            // Row `j`'s view, the zero view unless `on`.
            let view = |regs: &[usize; N], j: usize, on: bool| {
                let (a, e) = tags(regs, cap);
                let (a, len) = if on { (a, e - a) } else { (0, 0) };
                let (whole, start, buffer) = located[j];
                view_at(whole, start + a, len, buffer)
            };
            if here.count_ones() <= SPARSE {
                fill(views, 0);
                for_each_bit(here, |j| {
                    if let (Some(v), Some(regs)) = (views.get_mut(j), files.get(j)) {
                        v.write(view(regs, j, true));
                    }
                });
            } else {
                for ((j, v), regs) in views.iter_mut().enumerate().zip(files) {
                    v.write(view(regs, j, here >> j & 1 != 0));
                }
            }
            s.present[f].0[w] |= here;
        }
        for ((kind, &here), &(f, _)) in kinds.iter().zip(&here_kind).zip(&plan.kinds_of) {
            let views = s.views[f].get_mut(b..b + m).unwrap_or_default();
            fill(views, 0);
            for_each_bit(here, |j| {
                views[j].write(plan.kinds.view(kind[j]));
            });
            s.present[f].0[w] |= here;
        }
        fill(s.error_offset.get_mut(b..b + m).unwrap_or_default(), 0);
        fill(s.error_views.get_mut(b..b + m).unwrap_or_default(), 0);
        for_each_bit(slow, |j| {
            split_row(entry, plan, col, lo + b + j, b + j, scratch, s);
        });
    }
}

/// The tags of capture `cap` in a register file (tag `2 cap` and `2 cap +
/// 1`; `NIL` for never set).
#[inline(always)]
fn tags<const N: usize>(regs: &[usize; N], cap: usize) -> (usize, usize) {
    (regs[(2 * cap) % N], regs[(2 * cap + 1) % N])
}

/// Rows of a block up to which a component's views are written row by
/// row, not in one pass over the block (Note [views by block]).
const SPARSE: u32 = 8;

/// Calls `f` with the index of each bit set in `bits`, lowest first.
#[inline(always)]
fn for_each_bit(mut bits: u64, mut f: impl FnMut(usize)) {
    while bits != 0 {
        f(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

/// Splits row `i` (row `j` of `s`) by the general path: `Scratch`, every
/// list's items, the UTF-8 checks, and the error of an invalid row.
fn split_row(
    entry: &Entry,
    plan: &Plan<'_>,
    col: &Column<'_>,
    i: usize,
    j: usize,
    scratch: &mut Scratch,
    s: &mut Slices<'_>,
) {
    let t = &entry.tables;
    let fields = &plan.layout.fields;
    let (bytes, base) = col.row(i);
    let outcome = match entry.split(scratch, bytes) {
        Err(e) => {
            let e = entry.error_at(bytes, e);
            Err((
                e.offset(),
                e.component(t),
                e.expected(t),
                RowMessage::Grammar(e),
            ))
        }
        Ok(()) => {
            check_utf8(bytes, t, scratch).map_or(Ok(()), |(off, msg)| Err((off, None, None, msg)))
        }
    };
    match outcome {
        Ok(()) => {
            s.valid.set(j);
            let view = |(a, b): (usize, usize)| {
                let part = &bytes[a..b];
                match base {
                    Some(base) => make_view(part, base.buffer, base.offset + a as u32),
                    // An inline row: its parts are inline too.
                    None => make_view(part, 0, 0),
                }
            };
            for &(f, cap) in &plan.singles {
                if let Some(span) = scratch.spans[cap] {
                    s.views[f][j].write(view(span));
                    s.present[f].set(j);
                }
            }
            for &f in &plan.others {
                write_field(f, &fields[f], j, &view, scratch, s, &plan.kinds);
            }
        }
        Err((offset, component, expected, msg)) => {
            for &f in &plan.others {
                if fields[f].repeated() {
                    s.lists[f].1.push(0);
                }
            }
            if plan.empty {
                // An empty string is the zero view; an empty list has
                // no items.
                for p in &mut s.present {
                    p.set(j);
                }
            }
            s.invalid.set(j);
            s.error_offset[j].write(offset as i64);
            let at = s.error_text.len();
            let _ = write_message(&mut Bytes(&mut s.error_text), t, offset, &msg);
            let text = &s.error_text[at..];
            s.error_views[j].write(make_view(text, s.error_buffer, at as u32));
            if s.first.is_none() {
                s.first = Some(FirstError {
                    row: i,
                    offset,
                    message: String::from_utf8_lossy(text).into_owned(),
                    component,
                    expected,
                });
            }
        }
    }
}

/// Writes the message of an invalid row.
fn write_message(
    w: &mut impl std::fmt::Write,
    t: &uridfa_runtime::Tables<'static>,
    offset: usize,
    msg: &RowMessage,
) -> std::fmt::Result {
    match msg {
        RowMessage::Grammar(e) => write!(w, "{}", e.describe(t)),
        RowMessage::NotUtf8 => write!(w, "invalid UTF-8 at {offset}"),
        RowMessage::SplitsCharacter(name) => write!(
            w,
            "component '{name}' begins or ends inside a UTF-8 character at {offset}"
        ),
    }
}

/// The message of an invalid row, as a `String`.
pub fn row_message(t: &uridfa_runtime::Tables<'static>, offset: usize, msg: &RowMessage) -> String {
    let mut s = String::new();
    let _ = write_message(&mut s, t, offset, msg);
    s
}

/// Whether `bytes` is a valid row: the grammar accepts it, and it is
/// UTF-8 with every component on character boundaries (Note [rows that
/// are not UTF-8]); an ASCII row needs only the grammar's `validate`.
#[inline]
pub fn valid_row(entry: &Entry, bytes: &[u8], scratch: &mut Scratch) -> bool {
    if bytes.is_ascii() {
        return uridfa_runtime::validate(&entry.tables, bytes).is_ok();
    }
    entry.split(scratch, bytes).is_ok() && check_utf8(bytes, &entry.tables, scratch).is_none()
}

/// Whether each row of `input` is valid (false for a null row, which the
/// caller marks null), over `threads` threads.
pub fn validate(entry: &Entry, input: &Input, threads: usize) -> Vec<bool> {
    let n = input.len();
    let col = input.column();
    let nulls = input.nulls();
    let mut out = vec![false; n];
    let chunk = n.div_ceil(threads.max(1)).max(1);
    let work = |lo: usize, part: &mut [bool]| {
        let mut scratch = entry.scratch();
        for (j, slot) in part.iter_mut().enumerate() {
            let i = lo + j;
            if nulls.is_none_or(|b| b.is_valid(i)) {
                *slot = valid_row(entry, col.row(i).0, &mut scratch);
            }
        }
    };
    if threads <= 1 || n <= chunk {
        work(0, &mut out);
    } else {
        std::thread::scope(|scope| {
            for (k, part) in out.chunks_mut(chunk).enumerate() {
                let work = &work;
                scope.spawn(move || work(k * chunk, part));
            }
        });
    }
    out
}

/// `fmt::Write` into bytes.
struct Bytes<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// Note [rows that are not UTF-8]: where a valid row stops being usable as
/// text, if it does.
pub fn check_utf8(
    bytes: &[u8],
    t: &uridfa_runtime::Tables<'static>,
    scratch: &Scratch,
) -> Option<(usize, RowMessage)> {
    if bytes.is_ascii() {
        return None;
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => return Some((e.valid_up_to(), RowMessage::NotUtf8)),
    };
    let cut = |s: usize| !text.is_char_boundary(s);
    let stride = scratch.stride.max(1);
    for (i, span) in scratch.spans.iter().chain(&scratch.runs).enumerate() {
        if let Some((a, b)) = *span {
            if cut(a) || cut(b) {
                let name = t.capture_name(i % stride).unwrap_or("");
                return Some((
                    if cut(a) { a } else { b },
                    RowMessage::SplitsCharacter(name),
                ));
            }
        }
    }
    None
}

/// Writes field `f` (a kind or list field) of valid row `j`; `view` makes
/// a component's view from its span.
#[inline]
fn write_field(
    f: usize,
    field: &Field,
    j: usize,
    view: &impl Fn((usize, usize)) -> u128,
    scratch: &mut Scratch,
    s: &mut Slices<'_>,
    kinds_text: &KindNames,
) {
    match field {
        Field::Component {
            cap,
            repeated: false,
            ..
        } => {
            if let Some(span) = scratch.span(Scratch::WHOLE, *cap) {
                s.views[f][j].write(view(span));
                s.present[f].set(j);
            }
        }
        Field::Component { cap, .. } => {
            scratch.occurrences(*cap);
            let (vals, counts) = &mut s.lists[f];
            for &(span, _) in &scratch.found {
                vals.push(view(span));
            }
            counts.push(scratch.found.len() as u32);
            s.present[f].set(j);
        }
        Field::Kind {
            of,
            kinds,
            repeated,
            ..
        } => {
            let first_kind = |scratch: &Scratch, run: usize| {
                kinds
                    .iter()
                    .copied()
                    .find(|&k| scratch.span(run, k).is_some())
            };
            if !*repeated {
                if let Some(k) = first_kind(scratch, Scratch::WHOLE) {
                    s.views[f][j].write(kinds_text.view(k));
                    s.present[f].set(j);
                }
            } else {
                scratch.occurrences(*of);
                let (vals, counts) = &mut s.lists[f];
                let mut c = 0;
                for &(_, run) in &scratch.found {
                    if let Some(k) = first_kind(scratch, run) {
                        vals.push(kinds_text.view(k));
                        c += 1;
                    }
                }
                counts.push(c);
                s.present[f].set(j);
            }
        }
    }
}
