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
    /// The operations, packed (see [`Edge::pack`]), or the index of the
    /// first in [`Tables::ops`](crate::Tables::ops).
    pub ops: u64,
}

impl Edge {
    /// `accel` value of an edge into a state that is not accelerated.
    pub const NO_ACCEL: u16 = u16::MAX;
    /// The most operations packed into [`Edge::ops`]: five of twelve bits.
    pub const PACKED_LEN: usize = 5;
    /// The most registers a machine may have for its edges' operations to
    /// be packed: registers `0..61` keep their numbers, slot 61 is the
    /// scratch slot that padding writes, 62 stands for [`Op::NIL`] and 63
    /// for [`Op::POS`].
    pub const PACKED_REGS: u32 = 61;
    /// The slot that padding operations write and read.
    pub const PACKED_PAD: u64 = 61;
    /// How many fields of a packed word the driver always runs; the
    /// others only for an edge of more operations (Note \[packed
    /// operations\] in the runtime's driver).
    pub const PACKED_FIRST: usize = 3;
    /// Bit 63 of a packed word (the fields take bits `0..60`): set when
    /// each of its first [`Edge::PACKED_FIRST`] fields reads the position
    /// (slot 63) or is padding, so the driver stores the position into
    /// their destinations without reading a source (Note \[position
    /// copies\] in the runtime's driver).
    pub const POSITIONS: u64 = 1 << 63;

    /// Packs up to [`Edge::PACKED_LEN`] operations over registers below
    /// [`Edge::PACKED_REGS`]: operation `k` is bits `12k..12k + 12`, its
    /// destination slot in the low six and its source slot in the high six
    /// (slot 62 for [`Op::NIL`], 63 for [`Op::POS`]); the slots past the
    /// last operation hold `61 = 61`; bit 63 is [`Edge::POSITIONS`] when
    /// the first [`Edge::PACKED_FIRST`] read the position or are padding.
    /// `None` if they do not fit.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa_runtime::{Edge, Op};
    /// let w = Edge::pack(&[Op { dst: 3, src: Op::POS }]).unwrap();
    /// assert_eq!(w & 0xfff, 3 | 63 << 6);
    /// assert_eq!(Edge::unpack(w, 1).next(), Some(Op { dst: 3, src: Op::POS }));
    /// // It only stores the position (the other two of the first three
    /// // are padding), and says so.
    /// assert_ne!(w & Edge::POSITIONS, 0);
    /// let copy = Edge::pack(&[Op { dst: 3, src: 0 }]).unwrap();
    /// assert_eq!(copy & Edge::POSITIONS, 0);
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
        let pad = Self::PACKED_PAD | Self::PACKED_PAD << 6;
        let mut w = 0;
        for k in 0..Self::PACKED_LEN {
            let field = match ops.get(k) {
                Some(op) => slot(op.dst).filter(|&d| d < 62)? | slot(op.src)? << 6,
                None => pad,
            };
            w |= field << (12 * k);
        }
        // The source fields of the first `PACKED_FIRST` operations, but
        // for bit 1: every bit set where a source is slot 63 (the
        // position) or 61 (the padding's), the only two sources with
        // these five bits set (registers stop at 60).
        let mut sources = 0;
        for k in 0..Self::PACKED_FIRST {
            sources |= 0b11_1101 << (12 * k + 6);
        }
        if !w & sources == 0 {
            w |= Self::POSITIONS;
        }
        Some(w)
    }

    /// Field `k` (below [`Edge::PACKED_LEN`]) of a packed word `w` in its
    /// low 12 bits: `w >> 12k`, the higher bits left for the caller to mask.
    /// On targets narrower than 64 bits the shift is by a constant in each
    /// arm, whether or not the caller's loop over `k` is unrolled: a 64-bit
    /// shift by a variable is a library call on Cortex-M0 (`__aeabi_llsr`).
    #[inline(always)]
    pub fn field(w: u64, k: usize) -> u64 {
        #[cfg(target_pointer_width = "64")]
        {
            w >> (12 * k)
        }
        #[cfg(not(target_pointer_width = "64"))]
        {
            field_by_constants(w, k)
        }
    }

    /// The first `len` (at most [`Edge::PACKED_LEN`]) operations of a
    /// packed word, as [`Op`]s ([`Edge::POSITIONS`] does not change
    /// them).
    pub fn unpack(w: u64, len: usize) -> impl Iterator<Item = Op> + Clone {
        (0..len.min(Self::PACKED_LEN)).map(move |k| {
            let field = Self::field(w, k) & 0xfff;
            let reg = |slot: u64| match slot {
                63 => Op::POS,
                62 => Op::NIL,
                r => r as u16,
            };
            Op {
                dst: reg(field & 63),
                src: reg(field >> 6),
            }
        })
    }

    /// Whether this edge of tables with `reg_len` registers has its
    /// operations packed.
    #[inline(always)]
    pub fn is_packed(&self, reg_len: u32) -> bool {
        reg_len <= Self::PACKED_REGS && usize::from(self.ops_len) <= Self::PACKED_LEN
    }
}

/// [`Edge::field`] on targets narrower than 64 bits: a constant shift in
/// each arm.
#[cfg_attr(target_pointer_width = "64", allow(dead_code))]
#[inline(always)]
const fn field_by_constants(w: u64, k: usize) -> u64 {
    match k {
        0 => w,
        1 => w >> 12,
        2 => w >> 24,
        3 => w >> 36,
        _ => w >> 48,
    }
}

#[cfg(test)]
mod field_tests {
    use super::{field_by_constants, Edge};

    /// Both forms of [`Edge::field`] give `w >> 12k` for every field.
    #[test]
    fn constant_shifts_are_the_variable_shift() {
        let mut w = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..1000 {
            for k in 0..Edge::PACKED_LEN {
                assert_eq!(field_by_constants(w, k), w >> (12 * k), "{w:#x} {k}");
                assert_eq!(Edge::field(w, k), w >> (12 * k), "{w:#x} {k}");
            }
            w = w.rotate_left(7).wrapping_mul(0x2545_F491_4F6C_DD1D);
        }
    }
}
