//! One entry rule of a grammar, as the kernels run it: its tables, its
//! list regions and the fields `split` returns.
//!
//! Which captures `split` returns, under which names, and how one input is
//! split into them are the CLI's `uridfa split` rules, shared with it
//! through [`uridfa_codegen::split`] ([`Layout`], [`Field`], [`Scratch`]).
//!
//! Principal type: [`Entry`].

use crate::after::AfterRows;
pub use uridfa_codegen::split::{Field, Layout, Scratch};
use uridfa_runtime::{Error, List, Tables};

/// One entry rule of a grammar.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The machine's tables.
    pub tables: Tables<'static>,
    /// Whether the grammar says `;@ charset utf-8`: errors are reported at
    /// the start of the character they fall in.
    pub utf8: bool,
    /// The machine's list regions and their item tables.
    pub lists: &'static [List<'static>],
    /// The fields `split` gives (computed once per entry; Note [compiled
    /// grammars live as long as the process]).
    pub layout: &'static Layout,
    /// The kinds decided after the match, as `split` decides them
    /// (computed once per entry, as `layout`).
    pub after: &'static AfterRows,
}

impl Entry {
    /// `e`, an error of these tables on `input`, at the offset to report
    /// (the CLI's `Entry::error_at`).
    pub fn error_at(&self, input: &[u8], e: Error) -> Error {
        if self.utf8 {
            e.at_char_start(&self.tables, input)
        } else {
            e
        }
    }

    /// Buffers for [`Entry::split`].
    pub fn scratch(&self) -> Scratch {
        Scratch::new(&self.tables, self.lists)
    }

    /// Splits `bytes` into `scratch`: the whole machine and every list
    /// item ([`Scratch::split`]).
    ///
    /// # Errors
    ///
    /// The runtime's error, not yet moved to a character start.
    #[inline]
    pub fn split(&self, scratch: &mut Scratch, bytes: &[u8]) -> Result<(), Error> {
        scratch.split(&self.tables, self.lists, bytes)
    }
}
