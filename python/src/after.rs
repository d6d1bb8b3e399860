//! Kinds decided after the match, as `split`'s register rows decide them:
//! the runtime's rule (Note [kinds after the match] in
//! `runtime/src/after.rs`: the first of a parent's kinds, in pragma order,
//! whose DFA accepts the parent's whole span gets that span), over the
//! same DFAs laid out once per entry as rows of 256 cells, one per byte.
//!
//! Note [kind rows by byte]: the runtime's kind DFAs share a byte-class
//! table and rows of `stride` cells ([`uridfa_runtime::AfterKinds`]), so
//! each byte costs a class load, a cell load and a check for the dead
//! state, and each parent's kinds are found by walking every kind. Here
//! each state's row is indexed by the byte itself (the class folded in),
//! each parent's kinds are listed once, and a kind whose DFA dies on the
//! span's first byte (IPv4address on a host that begins with a letter)
//! costs one load. And a span made only of bytes on which an accepting
//! start state stays (a reg-name without `%`) is accepted after one check
//! of each byte against a table, checks that do not wait for each other,
//! unlike the DFA's steps. The cells keep the runtime's form, a state's row index
//! shifted left by one with the low bit set when it accepts, and row 0 is
//! the dead state, so the answers are the runtime's
//! ([`uridfa_runtime::kind_after_of`]). Machines whose kind DFAs have more
//! than [`MAX_ROWS`] states keep the runtime's tables.
//!
//! Principal type: [`AfterRows`].

use uridfa_runtime::Tables;

/// States beyond which the kind DFAs keep the runtime's layout (512 bytes
/// a state here).
const MAX_ROWS: usize = 1024;

/// One kind decided after the match, as tried.
#[derive(Clone, Debug)]
struct Kind {
    /// The kind capture.
    capture: usize,
    /// Its DFA's start cell (Note [kind rows by byte]).
    start: u16,
    /// The bytes on which an accepting start state stays where it is
    /// (none if the start state does not accept): a span of only these
    /// bytes is accepted without running the DFA (Note [kind rows by
    /// byte]).
    stays: [bool; 256],
}

/// A machine's kinds decided after the match, by parent, with their DFAs
/// as rows of 256 cells (Note [kind rows by byte]).
#[derive(Debug, Default)]
pub struct AfterRows {
    /// Each parent capture and its kinds, in pragma order.
    parents: Vec<(usize, Vec<Kind>)>,
    /// The states' rows; `None` for DFAs of more than [`MAX_ROWS`] states
    /// (or tables that break the runtime's invariants), which
    /// [`AfterRows::decide`] leaves to the runtime.
    rows: Option<Vec<[u16; 256]>>,
}

impl AfterRows {
    /// The rows of `t`'s kinds decided after the match.
    pub fn of(t: &Tables<'_>) -> AfterRows {
        let a = &t.after;
        let Some(classes) = a.classes else {
            return AfterRows::default();
        };
        let stride = a.stride as usize;
        let row_len = a.trans.len().checked_div(stride).unwrap_or(0);
        // A cell of the runtime's tables as a cell here: the row index of
        // its premultiplied state ID (`None` for an ID that is not one).
        let cell = |c: u16| -> Option<u16> {
            let id = usize::from(c >> 1);
            (stride != 0 && id % stride == 0 && id / stride < row_len)
                .then(|| (((id / stride) as u16) << 1) | (c & 1))
        };
        let mut parents: Vec<(usize, Vec<Kind>)> = Vec::new();
        let mut ok = row_len <= MAX_ROWS;
        for kind in a.kinds {
            let capture = usize::from(kind.capture);
            let Some(info) = t.captures.get(capture) else {
                ok = false;
                continue;
            };
            let parent = usize::from(info.kind_of);
            let start = cell(kind.start).unwrap_or_else(|| {
                ok = false;
                0
            });
            let k = Kind {
                capture,
                start,
                stays: [false; 256],
            };
            match parents.iter_mut().find(|(p, _)| *p == parent) {
                Some((_, kinds)) => kinds.push(k),
                None => parents.push((parent, vec![k])),
            }
        }
        let rows: Option<Vec<[u16; 256]>> = ok.then(|| {
            (0..row_len)
                .map(|r| {
                    let mut row = [0u16; 256];
                    for (b, slot) in row.iter_mut().enumerate() {
                        let c = a
                            .trans
                            .get(r * stride + usize::from(classes[b]))
                            .copied()
                            .unwrap_or(0);
                        *slot = cell(c).unwrap_or(0);
                    }
                    row
                })
                .collect()
        });
        if let Some(rows) = &rows {
            for (_, kinds) in &mut parents {
                for k in kinds {
                    let here = usize::from(k.start >> 1);
                    if k.start & 1 != 0 {
                        if let Some(row) = rows.get(here) {
                            for (stay, &next) in k.stays.iter_mut().zip(row) {
                                *stay = next == k.start;
                            }
                        }
                    }
                }
            }
        }
        AfterRows { parents, rows }
    }

    /// Whether the machine has kinds decided after the match.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.parents.is_empty()
    }

    /// [`uridfa_runtime::decide_kinds_regs`] of `t` (whose rows these
    /// are) on `input` and its tag registers `regs`: each parent that
    /// matched gives its span to the first of its kinds whose DFA accepts
    /// it.
    #[inline]
    pub fn decide(&self, t: &Tables<'_>, input: &[u8], regs: &mut [usize]) {
        let Some(rows) = &self.rows else {
            return uridfa_runtime::decide_kinds_regs(t, input, regs);
        };
        for (parent, kinds) in &self.parents {
            let p = parent.wrapping_mul(2);
            let (Some(&s), Some(&e)) = (regs.get(p), regs.get(p | 1)) else {
                continue;
            };
            let Some(bytes) = input.get(s..e) else {
                // A NIL tag (`usize::MAX`) is past every input's end.
                continue;
            };
            if let Some(k) = kinds.iter().find(|k| k.accepts(rows, bytes)) {
                let c = k.capture.wrapping_mul(2);
                if let Some([start, end]) = regs.get_mut(c..c.wrapping_add(2)) {
                    *start = s;
                    *end = e;
                }
            }
        }
    }
}

impl Kind {
    /// Whether the kind's DFA, whose rows are `rows`, accepts all of
    /// `bytes` (Note [kind rows by byte]).
    #[inline]
    fn accepts(&self, rows: &[[u16; 256]], bytes: &[u8]) -> bool {
        // Every byte's check, without a branch per byte.
        let stays = || {
            bytes
                .iter()
                .fold(true, |all, &b| all & self.stays[usize::from(b)])
        };
        (self.start & 1 != 0 && stays()) || run(rows, self.start, bytes)
    }
}

/// Whether the DFA at `start` accepts all of `bytes` (Note [kind rows by
/// byte]): it stops at the dead state.
#[inline]
fn run(rows: &[[u16; 256]], start: u16, bytes: &[u8]) -> bool {
    let mut cell = start;
    for &b in bytes {
        cell = rows
            .get(usize::from(cell >> 1))
            .map_or(0, |row| row[usize::from(b)]);
        if cell == 0 {
            return false;
        }
    }
    cell & 1 != 0
}
