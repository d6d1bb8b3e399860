//! Byte sets: the sets of accelerated runs ([`ByteSet`], as a bitmap and
//! as nibble tables for a byte shuffle) and the escape a run steps over
//! ([`Escape`]).

/// A set of bytes, as a 256-bit map: byte `b` is in the set when bit
/// `b % 64` of word `b / 64` is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ByteSet(pub [u64; 4]);

impl ByteSet {
    /// Whether `b` is in the set.
    ///
    /// # Example
    ///
    /// ```
    /// // Bit 0x41 % 64 = 1 of word 0x41 / 64 = 1: the byte `A`.
    /// let s = uridfa_runtime::ByteSet([0, 1 << 1, 0, 0]);
    /// assert!(s.contains(b'A') && !s.contains(b'B'));
    /// ```
    #[inline(always)]
    pub fn contains(&self, b: u8) -> bool {
        (self.0[usize::from(b >> 6)] >> (b & 63)) & 1 != 0
    }

    /// The set as two 16-byte tables indexed by a byte's low nibble, for
    /// a byte shuffle (`pshufb`): bit `h` of entry `l` says whether byte
    /// `16 * h + l` is in the set, for `h < 8`; bit `h - 8` of entry
    /// `16 + l` does the same for `h` from 8 to 15 (see
    /// [`Tables::accel_nibbles`](crate::Tables::accel_nibbles)).
    ///
    /// # Example
    ///
    /// ```
    /// // `A` is 0x41: high nibble 4, low nibble 1.
    /// let s = uridfa_runtime::ByteSet([0, 1 << 1, 0, 0]);
    /// let n = s.nibbles();
    /// assert_eq!(n[1], 1 << 4);
    /// assert_eq!(n.iter().filter(|&&r| r != 0).count(), 1);
    /// ```
    pub fn nibbles(&self) -> [u8; 32] {
        let mut rows = [0u8; 32];
        for (w, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // `b < 256`: `b >> 7` is 0 or 1, the half of the table.
                if let Some(row) = rows.get_mut((b >> 7) * 16 + (b & 15)) {
                    *row |= 1 << ((b >> 4) & 7);
                }
            }
        }
        rows
    }
}

/// An escape that the runs of an accelerated set step over without ending
/// (see [`Tables::accel_escapes`](crate::Tables::accel_escapes)): `byte` followed by two bytes of the set
/// `accels[digits]`, as `"%" HEXDIG HEXDIG` in `*( set / "%" HEXDIG
/// HEXDIG )`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Escape {
    /// The byte that begins an escape, e.g. `%`.
    pub byte: u8,
    /// The index in [`Tables::accels`](crate::Tables::accels) of the set of the two bytes that
    /// follow it (e.g. `HEXDIG`), or `u16::MAX` in [`Escape::NONE`].
    pub digits: u16,
}

impl Escape {
    /// The entry of a set whose runs end at every byte outside it.
    pub const NONE: Escape = Escape {
        byte: 0,
        digits: u16::MAX,
    };

    /// Whether this is [`Escape::NONE`].
    #[inline(always)]
    pub fn is_none(&self) -> bool {
        self.digits == u16::MAX
    }
}
