//! The input column: any Arrow string or binary layout, read row by row as
//! bytes together with where those bytes live, so that output string views
//! can point into the same buffers.
//!
//! Principal types: [`Column`], [`Base`], [`Located`].

use arrow_array::types::{BinaryType, ByteArrayType, LargeBinaryType, LargeUtf8Type, Utf8Type};
use arrow_array::{Array, ArrayRef, BinaryViewArray, GenericByteArray, StringViewArray};
use arrow_buffer::{Buffer, NullBuffer};
use arrow_schema::DataType;

/// Where a row's bytes live in [`Column::buffers`]: a component `a..b` of
/// the row is bytes `offset + a .. offset + b` of buffer `buffer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Base {
    /// The buffer index, as a string view names it.
    pub buffer: u32,
    /// The row's first byte in that buffer.
    pub offset: u32,
}

/// The rows of one input array.
#[derive(Debug)]
pub enum Column<'a> {
    /// `string` or `binary`: 32-bit offsets into one buffer.
    Offsets32(&'a [i32], &'a [u8]),
    /// `large_string` or `large_binary`: 64-bit offsets into one buffer.
    Offsets64(&'a [i64], &'a [u8]),
    /// `string_view` or `binary_view`: views into many buffers.
    Views(&'a [u128], &'a [u8], &'a [Buffer]),
}

/// Why an array cannot be read as a column.
#[derive(Debug)]
pub enum ColumnError {
    /// Not a string or binary type: the type's name.
    Type(String),
    /// A value buffer longer than string views can address.
    TooLarge(usize),
}

/// A validated input array: its rows, nulls, and the buffers output views
/// may point into.
#[derive(Debug)]
pub struct Input {
    /// The array.
    pub array: ArrayRef,
}

impl Input {
    /// `array`, if it is a string or binary array of some layout.
    ///
    /// # Errors
    ///
    /// [`ColumnError::Type`] for any other type; [`ColumnError::TooLarge`]
    /// for a value buffer of 4 GiB or more.
    pub fn new(array: ArrayRef) -> Result<Input, ColumnError> {
        let too_large = |len: usize| {
            if u32::try_from(len).is_err() {
                Err(ColumnError::TooLarge(len))
            } else {
                Ok(())
            }
        };
        match array.data_type() {
            DataType::Utf8 => too_large(bytes_of::<Utf8Type>(&array).value_data().len())?,
            DataType::Binary => too_large(bytes_of::<BinaryType>(&array).value_data().len())?,
            DataType::LargeUtf8 => too_large(bytes_of::<LargeUtf8Type>(&array).value_data().len())?,
            DataType::LargeBinary => {
                too_large(bytes_of::<LargeBinaryType>(&array).value_data().len())?
            }
            DataType::Utf8View | DataType::BinaryView => {}
            other => return Err(ColumnError::Type(other.to_string())),
        }
        Ok(Input { array })
    }

    /// The rows.
    pub fn column(&self) -> Column<'_> {
        let a = &self.array;
        match a.data_type() {
            DataType::Utf8 => offsets32(bytes_of::<Utf8Type>(a)),
            DataType::Binary => offsets32(bytes_of::<BinaryType>(a)),
            DataType::LargeUtf8 => offsets64(bytes_of::<LargeUtf8Type>(a)),
            DataType::LargeBinary => offsets64(bytes_of::<LargeBinaryType>(a)),
            DataType::Utf8View => {
                let v = a
                    .as_any()
                    .downcast_ref::<StringViewArray>()
                    .expect("checked");
                Column::Views(v.views(), v.views().inner().as_slice(), v.data_buffers())
            }
            _ => {
                let v = a
                    .as_any()
                    .downcast_ref::<BinaryViewArray>()
                    .expect("checked");
                Column::Views(v.views(), v.views().inner().as_slice(), v.data_buffers())
            }
        }
    }

    /// The buffers a [`Base`] indexes.
    pub fn buffers(&self) -> Vec<Buffer> {
        let a = &self.array;
        match a.data_type() {
            DataType::Utf8 => vec![bytes_of::<Utf8Type>(a).values().clone()],
            DataType::Binary => vec![bytes_of::<BinaryType>(a).values().clone()],
            DataType::LargeUtf8 => vec![bytes_of::<LargeUtf8Type>(a).values().clone()],
            DataType::LargeBinary => vec![bytes_of::<LargeBinaryType>(a).values().clone()],
            DataType::Utf8View => a
                .as_any()
                .downcast_ref::<StringViewArray>()
                .expect("checked")
                .data_buffers()
                .to_vec(),
            _ => a
                .as_any()
                .downcast_ref::<BinaryViewArray>()
                .expect("checked")
                .data_buffers()
                .to_vec(),
        }
    }

    /// The input's nulls (string, binary and view arrays have physical
    /// nulls only).
    pub fn nulls(&self) -> Option<&NullBuffer> {
        self.array.nulls()
    }

    /// The row count.
    pub fn len(&self) -> usize {
        self.array.len()
    }
}

fn bytes_of<T: ByteArrayType>(a: &ArrayRef) -> &GenericByteArray<T> {
    a.as_any()
        .downcast_ref::<GenericByteArray<T>>()
        .expect("type checked")
}

fn offsets32<T: ByteArrayType<Offset = i32>>(a: &GenericByteArray<T>) -> Column<'_> {
    Column::Offsets32(a.value_offsets(), a.value_data())
}

fn offsets64<T: ByteArrayType<Offset = i64>>(a: &GenericByteArray<T>) -> Column<'_> {
    Column::Offsets64(a.value_offsets(), a.value_data())
}

/// Where one row's bytes are: the buffer holding them, so that a
/// component's string view can be read from sixteen bytes of it at once
/// ([`Column::locate`]).
#[derive(Clone, Copy, Debug)]
pub struct Located<'a> {
    /// The row's bytes: `whole[start..start + len]`.
    pub bytes: &'a [u8],
    /// The buffer the bytes are in (for a view held inline, the views'
    /// own bytes).
    pub whole: &'a [u8],
    /// The row's first byte in `whole`.
    pub start: usize,
    /// The index of `whole` among the buffers output views name (0 for a
    /// view held inline, whose components are inline too).
    pub buffer: u32,
    /// Whether the bytes are held inline in the row's own view (at most
    /// 12 bytes): `whole` is then no buffer output views can name.
    pub inline: bool,
}

impl<'a> Located<'a> {
    /// No bytes: what a row out of bounds gives.
    pub const NONE: Located<'static> = Located {
        bytes: &[],
        whole: &[],
        start: 0,
        buffer: 0,
        inline: false,
    };

    /// Bytes `a..b` of `whole`, buffer `buffer`; no bytes if out of
    /// bounds.
    #[inline(always)]
    fn of(whole: &'a [u8], a: usize, b: usize, buffer: u32, inline: bool) -> Located<'a> {
        whole.get(a..b).map_or(Located::NONE, |bytes| Located {
            bytes,
            whole,
            start: a,
            buffer,
            inline,
        })
    }
}

impl<'a> Column<'a> {
    /// Row `i`'s bytes and the buffer they are in. An out-of-bounds
    /// offset or view gives no bytes (at `start` 0).
    // Inlined into each row loop: a call per row cost more than the walk.
    #[inline(always)]
    pub fn locate(&self, i: usize) -> Located<'a> {
        match *self {
            // A negative offset becomes a huge `usize`: out of bounds.
            Column::Offsets32(off, data) => {
                Located::of(data, off[i] as usize, off[i + 1] as usize, 0, false)
            }
            Column::Offsets64(off, data) => {
                Located::of(data, off[i] as usize, off[i + 1] as usize, 0, false)
            }
            Column::Views(views, raw, buffers) => {
                let v = views[i];
                let len = v as u32 as usize;
                if len <= 12 {
                    // The bytes follow the length in the view itself
                    // (views are little-endian: Arrow's C Data Interface).
                    let at = i * 16 + 4;
                    Located::of(raw, at, at + len, 0, true)
                } else {
                    let buffer = (v >> 64) as u32;
                    let offset = (v >> 96) as u32 as usize;
                    buffers.get(buffer as usize).map_or(Located::NONE, |b| {
                        Located::of(b.as_slice(), offset, offset + len, buffer, false)
                    })
                }
            }
        }
    }

    /// The bytes of rows `lo..hi` where they are one range of one buffer
    /// (`string`, `binary` and their large forms): what a check of every
    /// row at once reads. `None` for views.
    pub fn span_bytes(&self, lo: usize, hi: usize) -> Option<&'a [u8]> {
        match *self {
            Column::Offsets32(off, data) => {
                data.get(*off.get(lo)? as usize..*off.get(hi)? as usize)
            }
            Column::Offsets64(off, data) => {
                data.get(*off.get(lo)? as usize..*off.get(hi)? as usize)
            }
            Column::Views(..) => None,
        }
    }

    /// Row `i`'s bytes and where they live (`None` for the bytes of a view
    /// held inline, which are at most 12 bytes: their components are
    /// inline views too): [`Column::locate`]. An out-of-bounds offset or
    /// view gives no bytes.
    #[inline(always)]
    pub fn row(&self, i: usize) -> (&'a [u8], Option<Base>) {
        let l = self.locate(i);
        let base = Base {
            buffer: l.buffer,
            offset: l.start as u32,
        };
        (l.bytes, (!l.inline).then_some(base))
    }
}
