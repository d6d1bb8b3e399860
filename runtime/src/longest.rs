//! The longest accepted prefix, for cutting a URI out of running text:
//! [`longest_prefix`], [`longest_prefix_after`], [`longest_prefix_split`].

use crate::drive::{drive_any, split, Cells, Small};
use crate::error::{corrupt, Error, ErrorKind};
use crate::runs::skip_accel;
use crate::tables::{Captures, Edge, Tables, Trans};

/// Whether `state` (an ID) is accepting; a state outside the tables is
/// [`ErrorKind::CorruptTables`] at `pos`.
#[inline(always)]
pub(crate) fn accepts(t: &Tables<'_>, state: u32, pos: usize) -> Result<bool, Error> {
    t.final_of(t.state_index(state))
        .map(|f| f.accept)
        .ok_or(corrupt(pos))
}

/// Note [longest prefix]: the run of [`drive`] without tags, which remembers
/// the last offset at which the state was accepting and stops at the dead
/// state instead of failing there. An accelerated run stays in one state,
/// so only its end is a candidate. One more load and compare per byte than
/// [`validate`]; the callers (text scanning) run it over short inputs.
#[inline(always)]
pub(crate) fn longest<C: Cells>(
    t: &Tables<'_>,
    trans: C,
    input: &[u8],
    mut state: u32,
) -> Result<Option<usize>, Error> {
    let special = t.special;
    let first_special = trans.first_special(t);
    let mut last = if accepts(t, state, 0)? { Some(0) } else { None };
    let mut i = 0usize;
    while let Some(&byte) = input.get(i) {
        let idx = (state as usize).wrapping_add(usize::from(t.classes[usize::from(byte)]));
        let raw = trans.cell(idx).ok_or(corrupt(i))?;
        let next = if raw < first_special {
            trans.state_id(raw)
        } else {
            trans.special_id(raw, t)
        };
        if next < special {
            state = next;
            i = i.saturating_add(1);
        } else if next == special {
            break;
        } else {
            let index = next.checked_sub(special).and_then(|d| d.checked_sub(1));
            let edge = t
                .edges
                .get(index.ok_or(corrupt(i))? as usize)
                .ok_or(corrupt(i))?;
            state = edge.target;
            i = i.saturating_add(1);
            if edge.accel != Edge::NO_ACCEL {
                // Escapes included (Note [escape-aware runs]): no state
                // inside an escape accepts (invariant 13).
                i = skip_accel(t, edge.accel, input, i, i)?;
            }
        }
        if accepts(t, state, i)? {
            last = Some(i);
        }
    }
    Ok(last)
}

pub(crate) fn longest_any(
    t: &Tables<'_>,
    input: &[u8],
    state: u32,
) -> Result<Option<usize>, Error> {
    match t.trans {
        Trans::U8(tr) => longest::<&[u8]>(t, tr, input, state),
        Trans::U16(tr) => longest::<&[u16]>(t, tr, input, state),
        Trans::U32(tr) => longest::<&[u32]>(t, tr, input, state),
        Trans::Index8 { cells, stride } => {
            longest::<Small<'_>>(t, Small::new(cells, stride), input, state)
        }
    }
}

/// The length of the longest prefix of `input` that the machine's rule
/// accepts (possibly `0`, if the rule accepts the empty string), or `None`
/// if no prefix is accepted. This is how a URI is cut out of running text:
/// the run stops at the first byte no reading can continue with, and the
/// answer is the last offset where the state was accepting
/// (Note [longest prefix]). Never allocates or panics.
///
/// # Errors
///
/// Only [`ErrorKind::CorruptTables`]; a rejected input is `Ok(None)`.
///
/// # Example
///
/// ```
/// # fn demo(uri_tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// // RFC 3986 `URI`: the space ends the URI, and `%2` is not an escape.
/// let n = uridfa_runtime::longest_prefix(uri_tables, b"http://a/b%2 c")?;
/// assert_eq!(n, Some(10)); // "http://a/b"
/// # Ok(()) }
/// ```
///
/// (`uridfa::text` runs this on real tables; see its tests.)
pub fn longest_prefix(t: &Tables<'_>, input: &[u8]) -> Result<Option<usize>, Error> {
    longest_any(t, input, t.start)
}

/// [`longest_prefix`] of `input` after a fixed `head`: the largest `n` such
/// that `head` followed by `input[..n]` is accepted, or `None` (also when
/// `head` itself cannot start a match). For abbreviated URIs, whose scheme
/// is implied: `head = b"http://"`, `input = b"www.example.com/ ..."`.
///
/// # Errors
///
/// Only [`ErrorKind::CorruptTables`].
///
/// # Example
///
/// ```
/// # fn demo(uri_tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let n = uridfa_runtime::longest_prefix_after(uri_tables, b"http://", b"www.w3.org/ is")?;
/// assert_eq!(n, Some(11));
/// # Ok(()) }
/// ```
pub fn longest_prefix_after(
    t: &Tables<'_>,
    head: &[u8],
    input: &[u8],
) -> Result<Option<usize>, Error> {
    match drive_any::<false, [usize]>(t, head, t.start, 0, &mut []) {
        Ok(state) => longest_any(t, input, state),
        Err(e) if matches!(e.kind, ErrorKind::UnexpectedByte { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// [`longest_prefix`] and the captures of that prefix (a second, tagged
/// run over it, as [`split`]).
///
/// # Errors
///
/// As [`split`] for the tables' own errors ([`ErrorKind::CorruptTables`],
/// [`ErrorKind::BufferTooSmall`]); a rejected input is `Ok(None)`.
///
/// # Example
///
/// ```
/// # fn demo(uri_tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// if let Some((len, caps)) = uridfa_runtime::longest_prefix_split::<16>(uri_tables, b"http://a/b c")? {
///     assert_eq!(len, 10);
///     assert_eq!(caps.get(0), Some((0, 4))); // the scheme, in RFC 3986's tables
/// }
/// # Ok(()) }
/// ```
pub fn longest_prefix_split<const N: usize>(
    t: &Tables<'_>,
    input: &[u8],
) -> Result<Option<(usize, Captures<N>)>, Error> {
    let Some(len) = longest_prefix(t, input)? else {
        return Ok(None);
    };
    let prefix = input.get(..len).ok_or(corrupt(len))?;
    split::<N>(t, prefix).map(|caps| Some((len, caps)))
}
