//! Edges: the transitions that carry register operations ([`Edge`]) and
//! the operations themselves ([`Op`]), packed into a word when they fit
//! (Note [packed operations] in the driver).

/// One register operation, run when a transition is taken or at the end of
/// input.
///
/// `regs[dst] = match src { Op::POS => position, Op::NIL => NIL, r => regs[r] }`.
///
/// On a transition, *position* is the offset of the byte being consumed; at
/// the end of input it is the input's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Op {
    /// The register written.
    pub dst: u16,
    /// The register read, or [`Op::POS`] or [`Op::NIL`].
    pub src: u16,
}

impl Op {
    /// `src` value meaning "the current position".
    pub const POS: u16 = u16::MAX;
    /// `src` value meaning "no value" ([`NIL`](crate::NIL)).
    pub const NIL: u16 = u16::MAX - 1;
}

/// A transition that carries register operations (see [`Tables`](crate::Tables)).
///
/// Its operations are *packed* into [`Edge::ops`] when the machine has at
/// most [`Edge::PACKED_REGS`] registers and the edge at most
/// [`Edge::PACKED_LEN`] operations (every edge of the built-in grammars but
/// a few); otherwise `ops` is the index of the first in [`Tables::ops`](crate::Tables::ops).
/// See Note \[packed operations\] in the runtime's driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    /// The premultiplied ID of the state the edge leads to.
    pub target: u32,
    /// [`Edge::NO_ACCEL`], or an index into [`Tables::accels`](crate::Tables::accels): the target
    /// is a state that loops on itself (without operations) on every byte
    /// of that set, so the run of such bytes after this one is skipped
    /// without reading transitions.
    pub accel: u16,
    /// How many operations to run, in order.
    pub ops_len: u16,
    /// The operations, packed (the bytes of [`Edge::pack`]'s word, least
    /// significant first), or the index of the first in
    /// [`Tables::ops`](crate::Tables::ops) (its bytes likewise): see
    /// [`Edge::word`]. Bytes, so that the driver reads each slot with one
    /// byte load (Note \[byte-aligned slots\] in the runtime's driver).
    pub ops: [u8; 8],
}

impl Edge {
    /// `accel` value of an edge into a state that is not accelerated.
    pub const NO_ACCEL: u16 = u16::MAX;
    /// The most operations packed into [`Edge::ops`]: five of two six-bit
    /// slots each.
    pub const PACKED_LEN: usize = 5;
    /// The most registers a machine may have for its edges' operations to
    /// be packed: registers `0..61` keep their numbers, slot 61 is the
    /// scratch slot that padding writes, 62 stands for [`Op::NIL`] and 63
    /// for [`Op::POS`].
    pub const PACKED_REGS: u32 = 61;
    /// The slot that padding operations write and read.
    pub const PACKED_PAD: u64 = 61;

    /// Packs up to [`Edge::PACKED_LEN`] operations over registers below
    /// [`Edge::PACKED_REGS`] into six-bit *slots* (a register's number;
    /// 62 for [`Op::NIL`], 63 for [`Op::POS`]), byte-aligned where the
    /// driver reads them most: operation `k < 4` has its destination slot
    /// in the low six bits of byte `2k` and its source slot in those of
    /// byte `2k + 1`; operation 4 has its destination slot in the high two
    /// bits of bytes 0, 1 and 2 (low bits first) and its source slot in
    /// those of bytes 3, 4 and 5; the high bits of bytes 6 and 7 are 0.
    /// The operations past the last hold `61 = 61`. `None` if they do not
    /// fit. (Note \[byte-aligned slots\] in the runtime's driver.)
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa_runtime::{Edge, Op};
    /// let w = Edge::pack(&[Op { dst: 3, src: Op::POS }]).unwrap();
    /// assert_eq!(w & 0x3f3f, 3 | 63 << 8);
    /// assert_eq!(Edge::unpack(w, 1).next(), Some(Op { dst: 3, src: Op::POS }));
    /// ```
    pub fn pack(ops: &[Op]) -> Option<u64> {
        if ops.len() > Self::PACKED_LEN {
            return None;
        }
        let slot = |r: u16| match r {
            Op::POS => Some(63),
            Op::NIL => Some(62),
            r if u32::from(r) < Self::PACKED_REGS => Some(u64::from(r)),
            _ => None,
        };
        let mut w = 0;
        for k in 0..Self::PACKED_LEN {
            let (dst, src) = match ops.get(k) {
                Some(op) => (slot(op.dst).filter(|&d| d < 62)?, slot(op.src)?),
                None => (Self::PACKED_PAD, Self::PACKED_PAD),
            };
            if k < 4 {
                w |= (dst | src << 8) << (16 * k);
            } else {
                for c in 0..3 {
                    w |= (dst >> (2 * c) & 3) << (8 * c + 6);
                    w |= (src >> (2 * c) & 3) << (8 * c + 30);
                }
            }
        }
        Some(w)
    }

    /// The destination and source slots of operation `k` (below
    /// [`Edge::PACKED_LEN`]) of a packed word.
    #[inline(always)]
    pub fn slots(w: u64, k: usize) -> (u64, u64) {
        if k < 4 {
            (w >> (16 * k) & 63, w >> (16 * k + 8) & 63)
        } else {
            let hi = w >> 6 & 0x0303_0303_0303;
            (
                (hi & 3) | (hi >> 6 & 0xc) | (hi >> 12 & 0x30),
                (hi >> 24 & 3) | (hi >> 30 & 0xc) | (hi >> 36 & 0x30),
            )
        }
    }

    /// The first `len` (at most [`Edge::PACKED_LEN`]) operations of a
    /// packed word, as [`Op`]s.
    pub fn unpack(w: u64, len: usize) -> impl Iterator<Item = Op> + Clone {
        (0..len.min(Self::PACKED_LEN)).map(move |k| {
            let (dst, src) = Self::slots(w, k);
            let reg = |slot: u64| match slot {
                63 => Op::POS,
                62 => Op::NIL,
                r => r as u16,
            };
            Op {
                dst: reg(dst),
                src: reg(src),
            }
        })
    }

    /// [`Edge::ops`] as a number: the packed word, or the index.
    #[inline(always)]
    pub fn word(&self) -> u64 {
        u64::from_le_bytes(self.ops)
    }

    /// Whether this edge of tables with `reg_len` registers has its
    /// operations packed.
    #[inline(always)]
    pub fn is_packed(&self, reg_len: u32) -> bool {
        reg_len <= Self::PACKED_REGS && usize::from(self.ops_len) <= Self::PACKED_LEN
    }
}
