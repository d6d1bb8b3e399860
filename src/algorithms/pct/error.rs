//! [`PctError`], what went wrong while percent-decoding or
//! percent-encoding.

use core::fmt;

/// What went wrong while percent-decoding or percent-encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PctError {
    /// A `%` at input offset `at` is not followed by two hex digits.
    Malformed {
        /// The offset of the `%`.
        at: usize,
    },
    /// The output buffer is too small (`needed` is the exact output
    /// length); nothing was written.
    BufferTooSmall(crate::BufferTooSmall),
    /// The byte at data offset `at` can be neither written literally nor
    /// percent-encoded in this component (the URN draft 03 forbids `%00`).
    Unencodable {
        /// The offset of the byte in the data.
        at: usize,
        /// The byte.
        byte: u8,
    },
    /// The decoded bytes are not UTF-8 (`decode_to_string` only; use
    /// `decode_to_vec` for arbitrary bytes).
    NotUtf8 {
        /// How many decoded bytes are valid UTF-8.
        valid_up_to: usize,
    },
}

impl fmt::Display for PctError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PctError::Malformed { at } => write!(
                f,
                "malformed percent-encoding at byte {at}: '%' must be followed by two hex digits"
            ),
            PctError::BufferTooSmall(e) => e.fmt(f),
            PctError::Unencodable { at, byte } => write!(
                f,
                "byte 0x{byte:02X} at offset {at} cannot appear in this component, \
                 neither literally nor percent-encoded"
            ),
            PctError::NotUtf8 { valid_up_to } => write!(
                f,
                "decoded bytes are not UTF-8 (valid up to byte {valid_up_to})"
            ),
        }
    }
}

/// Without features: `core::error::Error` is stable since Rust 1.81.
impl core::error::Error for PctError {}

impl From<crate::BufferTooSmall> for PctError {
    fn from(e: crate::BufferTooSmall) -> PctError {
        PctError::BufferTooSmall(e)
    }
}
