//! Fixed tags ([`FixedTag`]): tags the generator proved to sit at a
//! constant distance from another tag, the start or the end of the input,
//! so that the machine keeps no register for them and the run time
//! computes them after the match (Note [fixed tags] in `uridfa-codegen`).

use crate::tables::NIL;

/// A tag computed after the match instead of by register operations.
///
/// After the final operations, [`FixedTag::tag`] is [`NIL`] when
/// [`FixedTag::presence`] is (an absent tag), and otherwise the value of
/// [`FixedTag::base`] plus [`FixedTag::dist`]. The generator proves that
/// this is the value the machine's operations would have given; the run
/// time writes [`NIL`] for a value outside `0..=len` (only tables that
/// break the proof can produce one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FixedTag {
    /// The tag computed (`2k` the start of capture `k`, `2k + 1` its end).
    pub tag: u16,
    /// The tag that is present exactly when this one is, or
    /// [`FixedTag::START`] for a tag present on every match.
    pub presence: u16,
    /// The tag this one is measured from, or [`FixedTag::START`] (offset
    /// 0) or [`FixedTag::END`] (the input's length).
    pub base: u16,
    /// The distance from the base, in bytes.
    pub dist: i32,
}

impl FixedTag {
    /// [`FixedTag::base`] or [`FixedTag::presence`]: the start of the
    /// input (offset 0, always present).
    pub const START: u16 = u16::MAX;
    /// [`FixedTag::base`]: the end of the input (its length).
    pub const END: u16 = u16::MAX - 1;

    /// This tag's value, given the registers after the final operations
    /// of a match of `len` bytes; `None` for a register outside `regs`.
    #[inline]
    pub fn value(&self, regs: &[usize], len: usize) -> Option<usize> {
        if self.presence != Self::START && *regs.get(usize::from(self.presence))? == NIL {
            return Some(NIL);
        }
        let base = match self.base {
            Self::START => 0,
            Self::END => len,
            b => *regs.get(usize::from(b))?,
        };
        if base == NIL {
            return Some(NIL);
        }
        Some(
            base.checked_add_signed(self.dist as isize)
                .filter(|&v| v <= len)
                .unwrap_or(NIL),
        )
    }
}
