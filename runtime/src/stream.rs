//! [`Machine`]: the driver fed in chunks, with absolute offsets.

use crate::drive::{drive_any, final_of, finish_tags, fix_tags, read_spans, reset_regs};
use crate::error::{sequence_start, Error, ErrorKind};
use crate::tables::{Span, Tables};

/// A streaming matcher: feed chunks, then finish. Offsets in errors and
/// spans are absolute, counted from the first byte of the first chunk.
///
/// Once a chunk fails, every later call returns the same error.
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let mut regs = [0usize; 64];
/// let mut m = uridfa_runtime::Machine::new(tables, &mut regs)?;
/// m.feed(b"http://exa")?;
/// m.feed(b"mple.com/")?;
/// let mut spans = [None; 16];
/// m.finish_split(&mut spans)?;
/// # Ok(()) }
/// ```
///
/// For [`Tables::utf8`] tables, an error inside a character is reported at
/// the character's first byte, even when that byte came in an earlier
/// chunk: the same offset and state as [`Error::at_char_start`] gives for
/// the whole input (see Note [characters across chunks]).
#[derive(Debug)]
pub struct Machine<'t, 'r> {
    tables: &'t Tables<'t>,
    regs: &'r mut [usize],
    state: u32,
    pos: usize,
    error: Option<Error>,
    /// The last bytes fed (up to 3, the most a character can have before
    /// the byte that interrupts it), ending at `pos`; `utf8` tables only.
    tail: [u8; 3],
    tail_len: usize,
    /// When what was fed so far ends inside a character: the offset of its
    /// lead byte and the state ID there; `utf8` tables only.
    open_char: Option<(usize, u32)>,
}

// Note [characters across chunks]
//
// `utf8` tables match a character byte by byte, so they fail at the first
// byte no allowed character continues with (the third byte of U+FFFE),
// and `Error::at_char_start` moves such an error back to the lead byte by
// running the input up to it again. A stream cannot run earlier chunks
// again, so the machine keeps what that needs as it goes: when a chunk
// ends inside a character, it is driven in two parts, up to the lead byte
// and from it, and the state between them is kept with the lead's offset
// (`open_char`), together with the last three bytes fed (`tail`). An
// error in a later chunk whose character began in an earlier one is
// moved to that lead with that state; an error whose character began in
// the same chunk is moved as `at_char_start` does, by driving the chunk
// up to it again (on the error path only). The cost on the success path
// is a look at the last three bytes of each chunk.

impl<'t, 'r> Machine<'t, 'r> {
    /// Starts a machine with caller-provided registers.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BufferTooSmall`] if `regs` is shorter than
    /// [`Tables::reg_len`].
    pub fn new(tables: &'t Tables<'t>, regs: &'r mut [usize]) -> Result<Self, Error> {
        let regs = reset_regs(tables, regs)?;
        Ok(Machine {
            tables,
            regs,
            state: tables.start,
            pos: 0,
            error: None,
            tail: [0; 3],
            tail_len: 0,
            open_char: None,
        })
    }

    /// The number of bytes fed so far.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Consumes the next chunk.
    ///
    /// # Errors
    ///
    /// As [`validate`](crate::validate), with absolute offsets.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let t = self.tables;
        if !t.utf8 {
            return match drive_any::<true, [usize]>(t, chunk, self.state, self.pos, self.regs) {
                Ok(s) => {
                    self.state = s;
                    self.pos = self.pos.saturating_add(chunk.len());
                    Ok(())
                }
                Err(e) => {
                    self.error = Some(e);
                    Err(e)
                }
            };
        }
        // Note [characters across chunks]: a character left open at the
        // end of this chunk starts at `cut`.
        let cut = sequence_start(chunk, chunk.len()).unwrap_or(chunk.len());
        let (head, rest) = chunk.split_at(cut);
        let at_cut = self.pos.saturating_add(cut);
        let mut at_lead = None;
        let driven =
            drive_any::<true, [usize]>(t, head, self.state, self.pos, self.regs).and_then(|s| {
                at_lead = Some(s);
                drive_any::<true, [usize]>(t, rest, s, at_cut, self.regs)
            });
        match driven {
            Ok(s) => {
                // Kept only now: an error in `rest` may still need the
                // character left open by an earlier chunk.
                if !rest.is_empty() {
                    self.open_char = at_lead.map(|id| (at_cut, id));
                } else if !self.continues_open_char(chunk) {
                    self.open_char = None;
                }
                self.push_tail(chunk);
                self.state = s;
                self.pos = self.pos.saturating_add(chunk.len());
                Ok(())
            }
            Err(e) => {
                let e = self.at_char_start(e, chunk);
                self.error = Some(e);
                Err(e)
            }
        }
    }

    /// The bytes fed before `chunk` that `tail` keeps (up to 3), then the
    /// last up to 3 bytes of `more`: the window and where `more` starts.
    fn window(&self, more: &[u8]) -> ([u8; 6], usize, usize) {
        let old = self.tail.get(..self.tail_len).unwrap_or(&[]);
        let more = more.get(more.len().saturating_sub(3)..).unwrap_or(&[]);
        let mut w = [0u8; 6];
        let mut n = 0;
        for (slot, &b) in w.iter_mut().zip(old.iter().chain(more)) {
            *slot = b;
            n += 1;
        }
        (w, old.len(), n)
    }

    /// Whether `chunk`, which leaves no character of its own open, extends
    /// the one open before it (continuation bytes only, fewer than the
    /// character still needs).
    fn continues_open_char(&self, chunk: &[u8]) -> bool {
        let (w, old, n) = self.window(chunk);
        // A lead 3 or more bytes before the end cannot still be open.
        chunk.len() < 3
            && w.get(..n)
                .and_then(|w| sequence_start(w, n))
                .is_some_and(|i| i < old)
    }

    /// Keeps the last three bytes fed, `chunk` included.
    fn push_tail(&mut self, chunk: &[u8]) {
        let (w, _, n) = self.window(chunk);
        let recent = w.get(n.saturating_sub(3)..n).unwrap_or(&[]);
        self.tail_len = 0;
        for (slot, &b) in self.tail.iter_mut().zip(recent) {
            *slot = b;
            self.tail_len += 1;
        }
    }

    /// [`Error::at_char_start`] for an error in `chunk`, fed at `self.pos`
    /// from `self.state`, whose character may have begun in an earlier
    /// chunk.
    fn at_char_start(&self, e: Error, chunk: &[u8]) -> Error {
        let ErrorKind::UnexpectedByte { .. } = e.kind else {
            return e;
        };
        let Some(k) = e.offset.checked_sub(self.pos) else {
            return e;
        };
        // The up to three bytes before the error, with those of earlier
        // chunks in front.
        let (w, old, n) = self.window(chunk.get(..k).unwrap_or(&[]));
        let Some(lead) = w.get(..n).and_then(|w| sequence_start(w, n)) else {
            return e;
        };
        let t = self.tables;
        let (offset, byte, id) = match lead.checked_sub(old) {
            Some(j) => {
                // The character began in this chunk: drive up to it again.
                let i = k.saturating_sub(n.saturating_sub(old)).saturating_add(j);
                let (Some(prefix), Some(&byte)) = (chunk.get(..i), chunk.get(i)) else {
                    return e;
                };
                match drive_any::<false, [usize]>(t, prefix, self.state, self.pos, &mut []) {
                    Ok(id) => (self.pos.saturating_add(i), byte, id),
                    Err(_) => return e,
                }
            }
            None => {
                // It began in an earlier chunk, where its state was kept.
                let offset = self.pos.saturating_sub(old.saturating_sub(lead));
                match (self.open_char, w.get(lead)) {
                    (Some((at, id)), Some(&byte)) if at == offset => (offset, byte, id),
                    _ => return e,
                }
            }
        };
        match id.checked_div(t.stride) {
            Some(state) => Error::new(offset, ErrorKind::UnexpectedByte { byte, state }),
            None => e,
        }
    }

    /// Ends the input: is what was fed a match?
    ///
    /// # Errors
    ///
    /// The first error of a chunk, or [`ErrorKind::UnexpectedEnd`].
    pub fn finish(&mut self) -> Result<(), Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        final_of(self.tables, self.state, self.pos).map(|_| ())
    }

    /// Ends the input and writes each capture's span into `out`.
    ///
    /// The machine keeps no bytes, so the kinds decided after the match
    /// ([`Tables::after`]) are left absent: decide them with
    /// [`decide_kinds`](crate::decide_kinds) from the bytes fed.
    ///
    /// # Errors
    ///
    /// As [`Machine::finish`], plus [`ErrorKind::BufferTooSmall`].
    pub fn finish_split(&mut self, out: &mut [Option<Span>]) -> Result<(), Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        finish_tags(self.tables, self.state, self.pos, self.regs)?;
        fix_tags(self.tables, self.pos, self.regs)?;
        read_spans(self.tables, self.pos, self.regs, out)
    }
}
