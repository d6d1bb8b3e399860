//! The span machinery shared by every typed view: run a grammar's tables
//! over the input and keep the tag registers as `u32` offsets.

use crate::Error;
use uridfa_runtime::{split_regs, ErrorKind, Machine, Tables};

/// The spans of one parsed input: the first `T` registers (tag `2i` is the
/// start of capture `i`, tag `2i + 1` its end) as `u32`, with `u32::MAX`
/// for "never set".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parts<'a, const T: usize> {
    pub(crate) input: &'a str,
    pub(crate) tags: [u32; T],
}

impl<'a, const T: usize> Parts<'a, T> {
    /// Runs `t` over `input` with `R` registers (the grammar's `REG_LEN`,
    /// at least `T`).
    #[inline]
    fn tags<const R: usize>(t: &'static Tables<'static>, input: &[u8]) -> Result<[u32; T], Error> {
        if input.len() >= u32::MAX as usize {
            let e = uridfa_runtime::Error::new(input.len(), ErrorKind::TooLong);
            return Err(Error::new(e, t));
        }
        let mut regs = [0usize; R];
        if let Err(e) = split_regs(t, input, &mut regs) {
            return Err(Error::new(char_start::<R>(t, input, e), t));
        }
        let mut tags = [u32::MAX; T];
        for (tag, &reg) in tags.iter_mut().zip(&regs) {
            // Offsets fit: the input is shorter than u32::MAX (checked
            // above). NIL (usize::MAX) truncates to u32::MAX, our NIL.
            *tag = reg as u32;
        }
        Ok(tags)
    }

    /// Parses a `&str` with tables `t`.
    #[inline]
    pub(crate) fn parse_str<const R: usize>(
        t: &'static Tables<'static>,
        input: &'a str,
    ) -> Result<Self, Error> {
        Ok(Parts {
            input,
            tags: Self::tags::<R>(t, input.as_bytes())?,
        })
    }

    /// Parses bytes with tables `t`; the matched input must be UTF-8 (an
    /// ASCII grammar guarantees it; a `charset utf-8` grammar matches
    /// only well-formed UTF-8). It is checked rather than assumed.
    pub(crate) fn parse_bytes<const R: usize>(
        t: &'static Tables<'static>,
        input: &'a [u8],
    ) -> Result<Self, Error> {
        let tags = Self::tags::<R>(t, input)?;
        let input = core::str::from_utf8(input).map_err(|e| {
            Error::new(
                uridfa_runtime::Error::new(e.valid_up_to(), ErrorKind::CorruptTables),
                t,
            )
        })?;
        Ok(Parts { input, tags })
    }

    /// The span of capture `i`, if it matched.
    #[inline]
    pub(crate) fn span(&self, i: usize) -> Option<(usize, usize)> {
        let s = *self.tags.get(2 * i)?;
        let e = *self.tags.get(2 * i + 1)?;
        if s == u32::MAX || e == u32::MAX || s > e {
            return None;
        }
        Some((s as usize, e as usize))
    }

    /// The text of capture `i`, if it matched.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        let (s, e) = self.span(i)?;
        self.input.get(s..e)
    }
}

/// Moves an [`ErrorKind::UnexpectedByte`] error that falls inside a UTF-8
/// sequence back to the sequence's first byte, so that a `&str` input's
/// error offset is a character boundary and a byte input's points at the
/// start of the invalid or disallowed sequence.
///
/// A `charset utf-8` grammar matches characters byte by byte, so its tables
/// fail at the first byte that no allowed character continues with: the
/// third byte of U+FFFE (`EF BF BE`, not in `ucschar`), the second byte of
/// an encoded surrogate (`ED A0 80`), or the byte after a truncated
/// sequence. The error is rebuilt at the lead byte with the state the
/// machine was in there (found by running the prefix, then a byte `0xFF`
/// that no UTF-8 table accepts), so `expected()` describes that position.
/// An ASCII grammar fails at the lead byte already: nothing changes.
fn char_start<const R: usize>(
    t: &'static Tables<'static>,
    input: &[u8],
    e: uridfa_runtime::Error,
) -> uridfa_runtime::Error {
    let ErrorKind::UnexpectedByte { .. } = e.kind() else {
        return e;
    };
    let at = e.offset();
    let Some(lead) = sequence_start(input, at) else {
        return e;
    };
    let (Some(prefix), Some(&byte)) = (input.get(..lead), input.get(lead)) else {
        return e;
    };
    let mut regs = [0usize; R];
    let Ok(mut m) = Machine::new(t, &mut regs) else {
        return e;
    };
    let state = match m.feed(prefix).and_then(|()| m.feed(&[0xFF])) {
        Err(p) if p.offset() == lead => match p.kind() {
            ErrorKind::UnexpectedByte { state, .. } => state,
            _ => return e,
        },
        _ => return e,
    };
    uridfa_runtime::Error::new(lead, ErrorKind::UnexpectedByte { byte, state })
}

/// The offset of the lead byte of a UTF-8 sequence that `at` interrupts:
/// a lead byte at most 3 bytes before `at`, only continuation bytes
/// between, and a sequence length that reaches past `at`.
fn sequence_start(input: &[u8], at: usize) -> Option<usize> {
    for back in 1..=3 {
        let i = at.checked_sub(back)?;
        let b = *input.get(i)?;
        match b {
            0x80..=0xBF => continue,
            0xC0..=0xDF => return (back < 2).then_some(i),
            0xE0..=0xEF => return (back < 3).then_some(i),
            0xF0..=0xF7 => return (back < 4).then_some(i),
            _ => return None,
        }
    }
    None
}

/// A decimal port as a number: `None` if empty, not all digits, or above
/// 65535.
pub(crate) fn port_u16(port: &str) -> Option<u16> {
    if port.is_empty() {
        return None;
    }
    port.bytes().try_fold(0u16, |n, d| {
        let digit = d.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        n.checked_mul(10)?.checked_add(u16::from(digit))
    })
}
