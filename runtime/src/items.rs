//! The items of a list region: [`items`] and [`Items`] (Note [repeated
//! captures] in `uridfa-codegen`).
//!
//! A DFA keeps finitely many positions, so a capture under a repetition
//! (`to = addr-spec *("," addr-spec)`) cannot have a register per
//! occurrence. The generator instead captures the whole repetition as a
//! *list region* ([`CaptureInfo::region`](crate::CaptureInfo::region)) and
//! builds tables for the repeated part alone (the *item tables*). Here the
//! region is cut into items again: each item is the longest prefix of what
//! is left of the region that the item tables accept. The generator proves,
//! for every region the grammar can produce, that this cuts it exactly as
//! the whole machine's leftmost-first parse did, or refuses the grammar
//! with an input that shows the difference. Each item's own captures are
//! then a [`split`](crate::split) of the item with the item tables, and a
//! list inside an item ([`List::lists`]) is cut from that split the same
//! way, one level down.

use crate::check::CheckError;
use crate::error::{corrupt, Error};
use crate::longest::longest_any;
use crate::tables::{Span, Tables};

/// How deep list regions nest: an entry's lists are level 1, a list
/// inside one of their items level 2, and so on. The generator refuses a
/// grammar whose lists nest deeper, so code that walks them can keep one
/// frame per level on the stack.
pub const MAX_LIST_DEPTH: usize = 4;

/// One list region of a machine and the tables that read its items: the
/// generator emits one array of them per entry (`<ENTRY>_LISTS`).
#[derive(Clone, Copy, Debug)]
pub struct List<'a> {
    /// The region's capture index in the machine
    /// ([`CaptureInfo::region`](crate::CaptureInfo::region) is set).
    pub region: usize,
    /// The item tables: they read one item, and have the machine's
    /// captures.
    pub item: &'a Tables<'a>,
    /// The list regions of the item tables themselves (a list inside this
    /// list's items, as RFC 9110's `elem = token *( ";" param )` in
    /// `#elem`): their regions are spans of a split of one item with
    /// [`item`](List::item), and their items are cut the same way. Empty
    /// when the items hold no list.
    ///
    /// # Example
    ///
    /// Every occurrence of capture `k` at every level, the split's own
    /// first, without allocating (a generated view's plural accessors
    /// give them in input order):
    ///
    /// ```
    /// use uridfa_runtime::{items, split, Error, List, Tables};
    ///
    /// /// `spans`: a split of `input` by tables whose lists are `lists`.
    /// fn each(
    ///     input: &[u8],
    ///     spans: &[Option<(usize, usize)>],
    ///     lists: &[List<'_>],
    ///     k: usize,
    ///     f: &mut dyn FnMut(usize, usize),
    /// ) -> Result<(), Error> {
    ///     if let Some(&Some((s, e))) = spans.get(k) {
    ///         f(s, e);
    ///     }
    ///     for list in lists {
    ///         let Some(&Some(region)) = spans.get(list.region) else { continue };
    ///         for item in items(list.item, input, region) {
    ///             let (a, b) = item?;
    ///             let caps = split::<16>(list.item, &input[a..b])?;
    ///             let mut sub = [None; 16];
    ///             for (i, slot) in sub.iter_mut().enumerate() {
    ///                 *slot = caps.get(i).map(|(s, e)| (s + a, e + a));
    ///             }
    ///             each(input, &sub, list.lists, k, f)?;
    ///         }
    ///     }
    ///     Ok(())
    /// }
    /// # fn demo(t: &Tables<'_>, lists: &[List<'_>], input: &[u8]) -> Result<(), Error> {
    /// let caps = split::<16>(t, input)?;
    /// let spans: Vec<_> = (0..16).map(|i| caps.get(i)).collect();
    /// each(input, &spans, lists, 0, &mut |s, e| println!("{s}..{e}"))?;
    /// # Ok(()) }
    /// ```
    pub lists: &'a [List<'a>],
}

/// The items of one list region, in input order (see the module docs).
/// Made by [`items`]; never allocates, and takes time linear in the region
/// times the longest look-ahead of the item tables.
#[derive(Clone, Debug)]
pub struct Items<'t, 'i> {
    item: Tables<'t>,
    input: &'i [u8],
    pos: usize,
    end: usize,
}

/// The items of the list region `region` of `input`, cut with `item`, the
/// repetition's item tables. `region` is the span a split with the
/// machine's tables reported for a capture whose
/// [`CaptureInfo::region`](crate::CaptureInfo::region) is set; each item
/// is a span of `input` (absolute offsets).
///
/// # Errors
///
/// Each step yields an error instead of an item when what is left of the
/// region has no non-empty prefix the item tables accept (a region that
/// did not come from the matching machine, or corrupt tables); the
/// iterator ends after it. A region outside `input` is
/// [`ErrorKind::CorruptTables`](crate::ErrorKind::CorruptTables).
///
/// # Example
///
/// ```
/// # fn demo(outer: &uridfa_runtime::Tables<'_>, item: &uridfa_runtime::Tables<'_>,
/// #         region: usize) -> Result<(), uridfa_runtime::Error> {
/// // `to = addr-spec *("," addr-spec)`: the region is ",b@y,c@z".
/// let input = b"a@x,b@y,c@z";
/// let caps = uridfa_runtime::split::<8>(outer, input)?;
/// if let Some(span) = caps.get(region) {
///     for item in uridfa_runtime::items(item, input, span) {
///         let (start, end) = item?; // ",b@y", then ",c@z"
///         let _ = &input[start..end];
///     }
/// }
/// # Ok(()) }
/// ```
pub fn items<'t, 'i>(item: &Tables<'t>, input: &'i [u8], region: Span) -> Items<'t, 'i> {
    Items {
        item: *item,
        input,
        pos: region.0,
        end: region.1,
    }
}

impl Iterator for Items<'_, '_> {
    type Item = Result<Span, Error>;

    fn next(&mut self) -> Option<Result<Span, Error>> {
        if self.pos >= self.end {
            return None;
        }
        let start = self.pos;
        // Whatever happens, this step is the last unless it finds an item.
        self.pos = self.end;
        let Some(rest) = self.input.get(start..self.end) else {
            return Some(Err(corrupt(start)));
        };
        match longest_any(&self.item, rest, self.item.start) {
            Ok(Some(len)) if len > 0 => {
                let end = start.saturating_add(len);
                self.pos = end;
                Some(Ok((start, end)))
            }
            Ok(_) => Some(Err(crate::validate(&self.item, rest)
                .err()
                .map_or(corrupt(start), |e| e.shifted(start)))),
            Err(e) => Some(Err(e.shifted(start))),
        }
    }
}

/// Verifies invariant 14 of [`Tables`] for `lists`, the list regions of
/// the tables `outer` (an entry's `<ENTRY>_LISTS`), at every level: each
/// region is a capture of `outer` whose
/// [`CaptureInfo::region`](crate::CaptureInfo::region) is set, each item
/// table set passes [`check`](crate::check) and has `outer`'s number of
/// captures, and lists nest at most [`MAX_LIST_DEPTH`] levels.
///
/// # Errors
///
/// The first fault found, as invariant 14 (`at`: the list's index in its
/// array, or the depth).
///
/// # Example
///
/// ```
/// # fn demo(entry: &uridfa_runtime::Tables<'_>, lists: &[uridfa_runtime::List<'_>]) {
/// assert!(uridfa_runtime::check_lists(entry, lists).is_ok());
/// # }
/// ```
pub fn check_lists(outer: &Tables<'_>, lists: &[List<'_>]) -> Result<(), CheckError> {
    check_level(outer, lists, 1)
}

fn check_level(outer: &Tables<'_>, lists: &[List<'_>], depth: usize) -> Result<(), CheckError> {
    let fail = |what: &'static str, at: usize| {
        Err(CheckError {
            invariant: 14,
            what,
            at,
        })
    };
    if lists.is_empty() {
        return Ok(());
    }
    if depth > MAX_LIST_DEPTH {
        return fail("lists nest deeper than MAX_LIST_DEPTH", depth);
    }
    for (i, l) in (0..lists.len()).zip(lists) {
        if !outer.captures.get(l.region).is_some_and(|c| c.region) {
            return fail("a list's region is not a list region of its tables", i);
        }
        crate::check(l.item)?;
        if l.item.captures.len() != outer.captures.len() {
            return fail(
                "item tables have other captures than their list's tables",
                i,
            );
        }
        check_level(l.item, l.lists, depth.saturating_add(1))?;
    }
    Ok(())
}
