//! The path one input takes, for `uridfa explain`: [`explain_text`]
//! prints the states [`walk`] passes through with their places and
//! operations.

use super::analysis::{walk, Analysis};
use std::fmt::Write;
use uridfa_runtime::{Span, Tables};

/// Bytes as they are shown by [`explain_text`]: printable ASCII as itself,
/// every other byte as `\xHH`; with each byte's column.
fn shown_bytes(input: &[u8]) -> (String, Vec<usize>) {
    let mut text = String::new();
    let mut cols = Vec::with_capacity(input.len() + 1);
    for &b in input {
        cols.push(text.len());
        if (0x20..0x7f).contains(&b) {
            text.push(char::from(b));
        } else {
            let _ = write!(text, "\\x{b:02X}");
        }
    }
    cols.push(text.len());
    (text, cols)
}

/// One byte as shown in the path of [`explain_text`].
fn byte_text(b: u8) -> String {
    if (0x21..0x7f).contains(&b) {
        char::from(b).to_string()
    } else {
        format!("\\x{b:02X}")
    }
}

/// The text of `uridfa explain` for one input: the input, under it one
/// line per captured component (`^^^` under its bytes, nested components
/// named after their parent, `authority > host`; `|` where an empty one
/// sits), then the path: the start state and, per byte read, the state
/// reached with its [`Place`](super::Place) and its named register operations.
///
/// `runs` are the components' spans as `split` gives them, or `None` for
/// an input that does not match: first the whole machine's, then those of
/// each item of its list regions (Note [repeated captures]), each indexed
/// by capture, so that every occurrence of a repeated capture is marked;
/// a kind's span is shown on its component's line. `error` is the offset
/// and message of the error to show.
pub fn explain_text(
    t: &Tables<'_>,
    input: &[u8],
    runs: Option<&[Vec<Option<Span>>]>,
    error: Option<(usize, &str)>,
) -> String {
    let an = Analysis::of(t);
    let (text, cols) = shown_bytes(input);
    let col = |i: usize| cols.get(i).copied().unwrap_or(text.len());
    let mut out = String::new();
    let _ = writeln!(out, "{text}");
    if let Some(runs) = runs {
        // Components (not kinds) of every run: (capture, span, run).
        let shown: Vec<(usize, Span, usize)> = runs
            .iter()
            .enumerate()
            .flat_map(|(r, spans)| {
                (0..t.capture_len())
                    .filter(|&c| !t.captures[c].is_kind())
                    .filter_map(move |c| Some((c, spans.get(c).copied().flatten()?, r)))
            })
            .collect();
        // Mark `p` holds mark `m` when its span holds `m`'s and, in one run,
        // the machine nests them so (every state in `m`'s capture is in
        // `p`'s: Note [the component a state is in]); spans alone cannot
        // tell where an empty one sits, nor which of two equal spans is the
        // outer. A list region holds the items inside it.
        let holds = |p: usize, m: usize| {
            let ((pc, (pa, pb), pr), (c, (a, b), r)) = (shown[p], shown[m]);
            let inside = p != m && pa <= a && b <= pb;
            let strictly = a < b && (pa, pb) != (a, b);
            inside
                && if t.captures.get(pc).is_some_and(|x| x.region) {
                    pc != c
                } else if pr != r {
                    strictly
                } else {
                    an.nested_in(c, pc).unwrap_or(strictly)
                }
        };
        let parents_of =
            |m: usize| -> Vec<usize> { (0..shown.len()).filter(|&p| holds(p, m)).collect() };
        let depth: Vec<usize> = (0..shown.len()).map(|m| parents_of(m).len()).collect();
        let mut order: Vec<usize> = (0..shown.len()).collect();
        order.sort_by_key(|&m| {
            let (c, (a, b), r) = shown[m];
            (a, usize::MAX - b, depth[m], r, c)
        });
        for m in order {
            let (c, (a, b), r) = shown[m];
            let mut parents = parents_of(m);
            parents.sort_by_key(|&p| depth[p]);
            let mut name = String::new();
            for &p in &parents {
                name.push_str(an.capture_name(shown[p].0));
                name.push_str(" > ");
            }
            name.push_str(an.capture_name(c));
            let kind = (0..t.capture_len())
                .find(|&k| {
                    t.captures[k].is_kind()
                        && usize::from(t.captures[k].kind_of) == c
                        && runs[r].get(k).copied().flatten().is_some()
                })
                .map(|k| format!(" ({})", an.capture_name(k)))
                .unwrap_or_default();
            let (ca, cb) = (col(a), col(b));
            let marks = if cb > ca {
                "^".repeat(cb - ca)
            } else {
                "|".to_string()
            };
            let empty = if b == a { " (empty)" } else { "" };
            let _ = writeln!(out, "{}{marks} {name}{kind}{empty}", " ".repeat(ca));
        }
    }
    if let Some((offset, message)) = error {
        let _ = writeln!(out, "{}^ error: {message}", " ".repeat(col(offset)));
    }
    let w = walk(t, input);
    let _ = writeln!(out, "path:");
    if let Some(&s0) = w.states.first() {
        let _ = writeln!(out, "  {:>6}  {:<5} {s0:>5}", "start", "");
    }
    for (i, (&s, ops)) in w.states.iter().skip(1).zip(&w.ops).enumerate() {
        let byte = input.get(i).copied().map(byte_text).unwrap_or_default();
        let ops = an.edge_ops_text(ops, s).join(" ");
        let place = an.place_name(an.place(s));
        let row = format!("  {i:>6}  {byte:<5} {s:>5}  {place:<16} {ops}");
        let _ = writeln!(out, "{}", row.trim_end());
    }
    match (w.stuck_at, w.states.last()) {
        (Some(i), _) => {
            let byte = input.get(i).copied().map(byte_text).unwrap_or_default();
            let _ = writeln!(out, "  {i:>6}  {byte:<5}     -  (no transition)");
        }
        (None, Some(&s)) => match an.final_ops_text(s) {
            Some(ops) => {
                let _ = writeln!(
                    out,
                    "  {:>6}  {:<5} {s:>5}  accepts {}",
                    "end",
                    "",
                    ops.join(" ")
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "  {:>6}  {:<5} {s:>5}  does not accept here",
                    "end", ""
                );
            }
        },
        (None, None) => {}
    }
    out
}
