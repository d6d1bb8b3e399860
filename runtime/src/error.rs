//! Why an input was rejected: [`Error`] (`{ offset, kind }`, `Copy`),
//! [`ErrorKind`], and [`Describe`], which adds what the tables know.

use crate::tables::Tables;
use core::fmt;

/// Why the input was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `offset` points at a byte that cannot continue the input.
    UnexpectedByte {
        /// The offending byte.
        byte: u8,
        /// The index of the state that rejected it.
        state: u32,
    },
    /// The input ended (`offset` is its length) where more was required.
    UnexpectedEnd {
        /// The index of the state the input ended in.
        state: u32,
    },
    /// The caller's register or span buffer is too small for these tables.
    BufferTooSmall {
        /// How many entries are needed.
        needed: u32,
    },
    /// The tables break their invariants (see [`Tables`]).
    CorruptTables,
    /// The input is longer than a caller's offsets can hold (the typed
    /// views of `uridfa` store `u32` offsets: inputs up to 4 GiB - 2).
    TooLong,
}

/// A rejected input: where, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    pub(crate) offset: usize,
    pub(crate) kind: ErrorKind,
}

impl Error {
    /// Creates an error.
    pub const fn new(offset: usize, kind: ErrorKind) -> Error {
        Error { offset, kind }
    }

    /// The byte offset the error refers to (see [`ErrorKind`]).
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// This error with its offset moved `by` bytes on: an error of a
    /// slice, placed in the input the slice was cut from.
    pub(crate) const fn shifted(self, by: usize) -> Error {
        Error {
            offset: self.offset.saturating_add(by),
            kind: self.kind,
        }
    }

    /// What went wrong.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The state index the machine was in, for byte and end errors.
    pub const fn state(&self) -> Option<u32> {
        match self.kind {
            ErrorKind::UnexpectedByte { state, .. } | ErrorKind::UnexpectedEnd { state } => {
                Some(state)
            }
            _ => None,
        }
    }

    /// The name of the component being read when the error happened, or,
    /// where the input read so far may be in several, all of them
    /// (`scheme or path`).
    pub fn component<'a>(&self, tables: &Tables<'a>) -> Option<&'a str> {
        let state = self.state()? as usize;
        tables.component_text(*tables.state_component.get(state)?)
    }

    /// What would have been accepted at `offset`, e.g.
    /// `pchar, "/", "?", "#" or end of input`.
    pub fn expected<'a>(&self, tables: &Tables<'a>) -> Option<&'a str> {
        let state = self.state()? as usize;
        let e = *tables.state_expected.get(state)?;
        tables.expected.get(usize::from(e)).map(|&r| tables.str(r))
    }

    /// A `Display` value with the full message:
    /// `unexpected ' ' at 10 in path; expected pchar, "/", "?", "#" or end of input`.
    pub fn describe<'e, 'a>(&'e self, tables: &'e Tables<'a>) -> Describe<'e, 'a> {
        Describe {
            error: self,
            tables,
        }
    }
}

/// The offset of the lead byte of a UTF-8 sequence that offset `at`
/// interrupts: a lead byte at most 3 bytes before `at`, only continuation
/// bytes between, and a sequence length that reaches past `at`.
pub(crate) fn sequence_start(input: &[u8], at: usize) -> Option<usize> {
    for back in 1..=3 {
        let i = at.checked_sub(back)?;
        match *input.get(i)? {
            0x80..=0xBF => continue,
            0xC0..=0xDF => return (back < 2).then_some(i),
            0xE0..=0xEF => return (back < 3).then_some(i),
            0xF0..=0xF7 => return Some(i),
            _ => return None,
        }
    }
    None
}

/// Writes a byte as `'c'` when printable ASCII and as `0xNN` otherwise.
pub(crate) struct ShowByte(u8);

impl fmt::Display for ShowByte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            b'\'' => f.write_str("\"'\""),
            b @ 0x20..=0x7e => write!(f, "'{}'", char::from(b)),
            b => write!(f, "byte 0x{b:02X}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ErrorKind::UnexpectedByte { byte, .. } => {
                write!(f, "unexpected {} at {}", ShowByte(byte), self.offset)
            }
            ErrorKind::UnexpectedEnd { .. } => {
                write!(f, "unexpected end of input at {}", self.offset)
            }
            ErrorKind::BufferTooSmall { needed } => {
                write!(f, "buffer too small: {needed} entries needed")
            }
            ErrorKind::CorruptTables => write!(f, "corrupt tables at {}", self.offset),
            ErrorKind::TooLong => write!(f, "input too long: {} bytes", self.offset),
        }
    }
}

/// `core::error::Error` (stable since Rust 1.81): usable with `?` in a
/// function returning `Box<dyn std::error::Error>`, without features.
impl core::error::Error for Error {}

/// See [`Error::describe`].
#[derive(Clone, Copy)]
pub struct Describe<'e, 'a> {
    error: &'e Error,
    tables: &'e Tables<'a>,
}

impl fmt::Display for Describe<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.error, f)?;
        if let Some(c) = self.error.component(self.tables) {
            write!(f, " in {c}")?;
        }
        if let Some(e) = self.error.expected(self.tables) {
            write!(f, "; expected {e}")?;
        }
        Ok(())
    }
}

pub(crate) const fn corrupt(offset: usize) -> Error {
    Error::new(offset, ErrorKind::CorruptTables)
}

/// [`corrupt`] at `base + i`, out of line so the hot loop does not keep the
/// sum live.
#[cold]
#[inline(never)]
pub(crate) fn corrupt_at(base: usize, i: usize) -> Error {
    corrupt(base.saturating_add(i))
}

#[cfg(test)]
mod tests {
    use super::sequence_start;

    #[test]
    fn sequence_start_finds_interrupted_sequences_only() {
        // An error at `at` inside a sequence moves to its lead byte.
        assert_eq!(sequence_start(b"a\xC3(", 2), Some(1));
        assert_eq!(sequence_start(b"a\xEF\xBF\xBE", 3), Some(1));
        assert_eq!(sequence_start(b"a\xED\xA0", 2), Some(1));
        assert_eq!(sequence_start(b"\xF0\x9F\xBF\xBE", 3), Some(0));
        assert_eq!(sequence_start(b"\xF0\x9F\xBF", 1), Some(0));
        // A complete sequence before `at`: the error is at a boundary.
        assert_eq!(sequence_start(b"\xC3\xA9\xFF", 2), None);
        assert_eq!(sequence_start(b"\xE2\x82\xAC\xFF", 3), None);
        assert_eq!(sequence_start(b"\xF0\x9F\x98\x80\xFF", 4), None);
        // ASCII, stray continuation bytes, bytes that never lead, the
        // start of the input, offsets past the end: nothing to move.
        assert_eq!(sequence_start(b"ab", 1), None);
        assert_eq!(sequence_start(b"\x80\x80\x80\x80", 3), None);
        assert_eq!(sequence_start(b"\xF8\x80", 1), None);
        assert_eq!(sequence_start(b"\xC3", 0), None);
        assert_eq!(sequence_start(b"", 5), None);
        assert_eq!(sequence_start(b"\xC3", 2), None);
    }
}
