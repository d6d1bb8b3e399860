//! The columnar `extract`: the URIs in each row's running text, with
//! [`uridfa::text::Finder`] (RFC 3986 Appendix C, the CLI's `uridfa
//! extract`), as a list of structs per row.
//!
//! Each row gives a list of `{uri, start, end}`: the URI with its wrapper
//! and any whitespace inside it removed (the CLI's `uri`), and its byte
//! span in the row (the CLI's `offset` and `end`: [`Found::range`]). A
//! null row gives a null list, a row without URIs an empty one. Rows are
//! bytes: text that is not UTF-8 is scanned as the CLI scans it, and a URI
//! that a grammar reading bytes above 0x7F finds and that is not UTF-8 is
//! given with U+FFFD for its bad bytes.
//!
//! Rows are spread over threads as contiguous ranges, each writing its own
//! buffers, joined in row order once, so any thread count gives the same
//! array.
//!
//! Principal function: [`extract`].
//!
//! [`Found::range`]: uridfa::text::Found::range

use crate::column::Input;
use arrow_array::{ArrayRef, Int64Array, ListArray, StringArray, StructArray};
use arrow_buffer::{OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use std::sync::Arc;
use uridfa::text::Finder;

/// The fields of one found URI.
pub fn item_fields() -> Fields {
    Fields::from(vec![
        Field::new("uri", DataType::Utf8, false),
        Field::new("start", DataType::Int64, false),
        Field::new("end", DataType::Int64, false),
    ])
}

/// The item field of `extract`'s list type: a struct of [`item_fields`].
pub fn item_field() -> Arc<Field> {
    Arc::new(Field::new("item", DataType::Struct(item_fields()), false))
}

/// What one thread found in its rows.
#[derive(Default)]
struct Part {
    /// The URIs, one after another.
    text: Vec<u8>,
    /// The end of each URI in `text`.
    text_ends: Vec<usize>,
    /// Each URI's span in its row.
    starts: Vec<i64>,
    ends: Vec<i64>,
    /// Per row, how many URIs.
    counts: Vec<usize>,
}

/// Finds the URIs in rows `lo..hi` of `input`.
fn find_rows(finder: &Finder<'_>, input: &Input, lo: usize, hi: usize) -> Part {
    let col = input.column();
    let nulls = input.nulls();
    let mut p = Part::default();
    let mut uri = Vec::new();
    for i in lo..hi {
        if nulls.is_some_and(|b| b.is_null(i)) {
            p.counts.push(0);
            continue;
        }
        let text = col.row(i).0;
        let mut count = 0;
        for f in finder.find_iter_bytes(text) {
            uri.clear();
            uri.resize(f.len(), 0);
            let len = f.write_into(&mut uri).unwrap_or(0);
            let uri = &uri[..len];
            if uri.is_ascii() || std::str::from_utf8(uri).is_ok() {
                p.text.extend_from_slice(uri);
            } else {
                p.text
                    .extend_from_slice(String::from_utf8_lossy(uri).as_bytes());
            }
            p.text_ends.push(p.text.len());
            let r = f.range();
            p.starts.push(r.start as i64);
            p.ends.push(r.end as i64);
            count += 1;
        }
        p.counts.push(count);
    }
    p
}

/// The URIs in every row of `input`, over `threads` threads (each at least
/// a few thousand rows: [`crate::kernel::thread_count`]).
///
/// # Errors
///
/// An Arrow error when the URIs found add up to 2 GiB or more (a `string`
/// array's offsets are 32-bit): pass the column in chunks.
pub fn extract(finder: &Finder<'_>, input: &Input, threads: usize) -> Result<ArrayRef, ArrowError> {
    let n = input.len();
    let chunk = n.div_ceil(threads.max(1)).max(1);
    let parts: Vec<Part> = if threads <= 1 || n <= chunk {
        vec![find_rows(finder, input, 0, n)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..n)
                .step_by(chunk)
                .map(|lo| scope.spawn(move || find_rows(finder, input, lo, (lo + chunk).min(n))))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    };
    let found: usize = parts.iter().map(|p| p.starts.len()).sum();
    let bytes: usize = parts.iter().map(|p| p.text.len()).sum();
    let too_large = || {
        ArrowError::ComputeError(format!(
            "the URIs found are {bytes} bytes, more than a string array holds (2 GiB): pass the \
             column in smaller chunks"
        ))
    };
    i32::try_from(bytes).map_err(|_| too_large())?;
    let mut text = Vec::with_capacity(bytes);
    let mut text_offsets = Vec::with_capacity(found + 1);
    text_offsets.push(0i32);
    let mut starts = Vec::with_capacity(found);
    let mut ends = Vec::with_capacity(found);
    let mut counts = Vec::with_capacity(n);
    for p in parts {
        let base = text.len();
        text.extend_from_slice(&p.text);
        text_offsets.extend(p.text_ends.iter().map(|&e| (base + e) as i32));
        starts.extend_from_slice(&p.starts);
        ends.extend_from_slice(&p.ends);
        counts.extend_from_slice(&p.counts);
    }
    let uris = StringArray::try_new(
        OffsetBuffer::new(ScalarBuffer::from(text_offsets)),
        text.into(),
        None,
    )?;
    let items = StructArray::try_new(
        item_fields(),
        vec![
            Arc::new(uris),
            Arc::new(Int64Array::new(ScalarBuffer::from(starts), None)),
            Arc::new(Int64Array::new(ScalarBuffer::from(ends), None)),
        ],
        None,
    )?;
    let list = ListArray::try_new(
        item_field(),
        OffsetBuffer::from_lengths(counts),
        Arc::new(items),
        input.nulls().cloned(),
    )?;
    Ok(Arc::new(list))
}
