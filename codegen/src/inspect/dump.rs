//! Not a stage (nothing in the pipeline reads it): text and Graphviz forms
//! of every stage, and the equivalent regex.
//!
//! - [`regex`]: the lowered expression in regex syntax (regex-syntax's
//!   printer);
//! - [`nfa_text`] / [`nfa_dot`]: regex-automata's own listing of the
//!   Thompson NFA, and a Graphviz form of it;
//! - [`tdfa_text`] / [`tdfa_dot`]: the tagged DFA, transitions grouped by
//!   byte ranges, with their register operations;
//! - [`tables_text`] / [`tables_dot`]: the laid-out run-time tables, as
//!   stable diff-friendly text (the snapshot files under
//!   `codegen/tests/snapshots/`) and as Graphviz.

use crate::pipeline::lower::Lowered;
use crate::pipeline::tables::{TablesBuf, TransBuf};
use crate::pipeline::tdfa::Tdfa;
use regex_automata::nfa::thompson::NFA;
use std::fmt::Write;
use uridfa_runtime::Op;

/// The lowered expression as a regex.
pub fn regex(l: &Lowered) -> String {
    l.hir.to_string()
}

/// regex-automata's listing of the NFA.
pub fn nfa_text(nfa: &NFA) -> String {
    format!("{nfa:?}")
}

pub(crate) fn byte_ranges(bytes: &[u8]) -> String {
    let show = |b: u8| match b {
        0x21..=0x7e if b != b'\\' && b != b'-' && b != b']' && b != b'"' => {
            char::from(b).to_string()
        }
        _ => format!("\\x{b:02X}"),
    };
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let mut j = i;
        while j + 1 < bytes.len() && bytes[j + 1] == bytes[j] + 1 {
            j += 1;
        }
        out.push_str(&show(bytes[i]));
        if j > i {
            out.push('-');
            out.push_str(&show(bytes[j]));
        }
        i = j + 1;
    }
    format!("[{out}]")
}

/// The operations of edge `e` of `t`, packed or not (empty if its range
/// lies outside `t.ops`).
pub fn edge_ops(t: &uridfa_runtime::Tables<'_>, e: &uridfa_runtime::Edge) -> Vec<Op> {
    if e.is_packed(t.reg_len) {
        uridfa_runtime::Edge::unpack(e.word(), usize::from(e.ops_len)).collect()
    } else {
        op_slice(t, e.word(), e.ops_len).to_vec()
    }
}

/// The final operations `f` of `t` (empty if outside `t.ops`).
pub fn final_ops(t: &uridfa_runtime::Tables<'_>, f: &uridfa_runtime::Final) -> Vec<Op> {
    op_slice(t, u64::from(f.ops_start), f.ops_len).to_vec()
}

fn op_slice<'a>(t: &uridfa_runtime::Tables<'a>, start: u64, len: u16) -> &'a [Op] {
    usize::try_from(start)
        .ok()
        .and_then(|start| t.ops.get(start..start.checked_add(usize::from(len))?))
        .unwrap_or(&[])
}

/// `r3=r1 r4=pos`.
pub fn ops_text(ops: &[Op]) -> String {
    ops.iter()
        .map(|op| match op.src {
            Op::POS => format!("r{}=pos", op.dst),
            Op::NIL => format!("r{}=nil", op.dst),
            s => format!("r{}=r{s}", op.dst),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// For each state, its transitions grouped by (target, ops) with the bytes
/// that take them.
fn grouped(t: &Tdfa, s: usize) -> Vec<(usize, Vec<Op>, Vec<u8>)> {
    let mut groups: Vec<(usize, Vec<Op>, Vec<u8>)> = Vec::new();
    for b in 0..=255u8 {
        let Some(tr) = &t.states[s].next[usize::from(t.classes.map[usize::from(b)])] else {
            continue;
        };
        match groups
            .iter_mut()
            .find(|g| g.0 == tr.target && g.1 == tr.ops)
        {
            Some(g) => g.2.push(b),
            None => groups.push((tr.target, tr.ops.clone(), vec![b])),
        }
    }
    groups
}

fn component(l: &Lowered, c: Option<usize>) -> &str {
    c.and_then(|c| l.components.get(c))
        .map_or("-", |c| c.name.as_str())
}

/// The tagged DFA as text.
pub fn tdfa_text(t: &Tdfa, l: &Lowered) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "tdfa {}: {} states, {} classes, {} registers, start {}",
        l.rule,
        t.states.len(),
        t.classes.len(),
        t.reg_len,
        t.start
    );
    let tags: Vec<String> = t
        .final_regs
        .iter()
        .enumerate()
        .map(|(i, r)| format!("t{i}->r{r}"))
        .collect();
    let _ = writeln!(out, "final registers: {}", tags.join(" "));
    for (s, st) in t.states.iter().enumerate() {
        let fin = match &st.fin {
            Some(ops) => format!(" accept {{{}}}", ops_text(ops)),
            None => String::new(),
        };
        let _ = writeln!(out, "state {s} (in {}){fin}", component(l, st.component));
        for (target, ops, bytes) in grouped(t, s) {
            let ops = if ops.is_empty() {
                String::new()
            } else {
                format!(" {{{}}}", ops_text(&ops))
            };
            let _ = writeln!(out, "  {} -> {target}{ops}", byte_ranges(&bytes));
        }
    }
    out
}

/// The tagged DFA as a Graphviz digraph.
pub fn tdfa_dot(t: &Tdfa, l: &Lowered) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "digraph \"{}\" {{\n  rankdir=LR;\n  node [shape=circle];",
        l.rule
    );
    let _ = writeln!(out, "  start [shape=point];\n  start -> s{};", t.start);
    for (s, st) in t.states.iter().enumerate() {
        let shape = if st.fin.is_some() {
            "doublecircle"
        } else {
            "circle"
        };
        let fin = st
            .fin
            .as_ref()
            .map(|o| format!("\\n{}", ops_text(o)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  s{s} [shape={shape}, label=\"{s}\\n{}{}\"];",
            component(l, st.component),
            fin.replace('"', "\\\"")
        );
        for (target, ops, bytes) in grouped(t, s) {
            let label = format!("{} {}", byte_ranges(&bytes), ops_text(&ops));
            let label = label.trim_end().replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "  s{s} -> s{target} [label=\"{label}\"];");
        }
    }
    out.push_str("}\n");
    out
}

/// The laid-out tables as stable text, for snapshots and review.
pub fn tables_text(t: &TablesBuf) -> String {
    let mut out = String::new();
    let tables = t.as_tables();
    let width = match t.trans {
        TransBuf::U8(_) => "u8",
        TransBuf::U16(_) => "u16",
        TransBuf::U32(_) => "u32",
    };
    let _ = writeln!(
        out,
        "tables {}: {} states, stride {}, ids {width}, {} edges, {} ops, {} accelerated loops ({} escape-aware), {} registers, {} table bytes",
        t.rule,
        t.state_len(),
        t.stride,
        t.edges.len(),
        t.ops.len(),
        // The sets that edges name (`accels` holds the escapes' digits
        // too, Note [escape-aware runs] in the runtime's driver).
        (0..t.accels.len())
            .filter(|&k| t.edges.iter().any(|e| usize::from(e.accel) == k))
            .count(),
        t.accel_escapes.iter().filter(|e| !e.is_none()).count(),
        t.reg_len,
        tables.table_bytes()
    );
    for c in 0..t.stride {
        let bytes: Vec<u8> = (0..=255u8)
            .filter(|&b| u32::from(t.classes[usize::from(b)]) == c)
            .collect();
        let _ = writeln!(out, "class {c}: {}", byte_ranges(&bytes));
    }
    let stride = t.stride as usize;
    let show = |id: u32| -> String {
        if id < t.special {
            format!("{}", id as usize / stride)
        } else if id == t.special {
            "dead".to_string()
        } else {
            let e = t.edges[(id - t.special - 1) as usize];
            let ops = &edge_ops(&t.as_tables(), &e);
            let accel = if e.accel == uridfa_runtime::Edge::NO_ACCEL {
                String::new()
            } else {
                format!("+a{}", e.accel)
            };
            format!("{}{{{}}}{accel}", e.target as usize / stride, ops_text(ops))
        }
    };
    for s in 0..t.state_len() {
        let f = t.as_tables().final_of(s).unwrap_or(uridfa_runtime::Final {
            accept: false,
            ops_start: 0,
            ops_len: 0,
            packed: 0,
        });
        let fin = if f.accept {
            format!(" accept{{{}}}", ops_text(&final_ops(&t.as_tables(), &f)))
        } else {
            String::new()
        };
        let row: Vec<String> = (0..stride)
            .map(|c| show(tables.trans.get(s * stride + c).unwrap_or(t.special)))
            .collect();
        let _ = writeln!(out, "{s}{fin}: {}", row.join(" "));
    }
    after_text(&t.after, &tables, &mut out);
    out
}

/// The kinds decided after the match, for [`tables_text`]: the classes,
/// each kind's start, and the rows (a cell as `row` or `row*` when it
/// accepts, `-` when dead).
fn after_text(
    a: &crate::pipeline::tables::AfterKindsBuf,
    t: &uridfa_runtime::Tables<'_>,
    out: &mut String,
) {
    let Some(classes) = &a.classes else {
        return;
    };
    let stride = a.stride.max(1) as usize;
    let cell = |c: u16| -> String {
        match c {
            0 => "-".to_string(),
            c => format!(
                "{}{}",
                usize::from(c >> 1) / stride,
                if c & 1 == 1 { "*" } else { "" }
            ),
        }
    };
    let _ = writeln!(
        out,
        "after-kinds: {} kinds, {} rows, stride {}",
        a.kinds.len(),
        a.trans.len() / stride,
        stride
    );
    for k in &a.kinds {
        let name = t.capture_name(usize::from(k.capture)).unwrap_or("?");
        let _ = writeln!(out, "after-kind {name}: start {}", cell(k.start));
    }
    for c in 0..stride {
        let bytes: Vec<u8> = (0..=255u8)
            .filter(|&b| usize::from(classes[usize::from(b)]) == c)
            .collect();
        let _ = writeln!(out, "after-class {c}: {}", byte_ranges(&bytes));
    }
    for (r, row) in a.trans.chunks(stride).enumerate() {
        let row: Vec<String> = row.iter().map(|&c| cell(c)).collect();
        let _ = writeln!(out, "after-row {r}: {}", row.join(" "));
    }
}

/// The runtime tables of one machine as a Graphviz digraph.
///
/// Works on any [`uridfa_runtime::Tables`], so on the `'static` tables built
/// into the `uridfa` crate as well as on [`TablesBuf::as_tables`]. One node
/// per state, labelled with its index and the component read there, drawn
/// as a double circle when accepting (with its final operations); one edge
/// per (target, operations) pair, labelled with the bytes that take it and
/// the operations (`r3=pos r2=r1`, as [`ops_text`]). The dead state and the
/// transitions into it are left out. A table entry that breaks the
/// invariants of [`uridfa_runtime::Tables`] is skipped, never a panic.
///
/// # Example
///
/// ```
/// use uridfa_codegen::driver::{compile_str, Options};
/// let compiled = compile_str("g.abnf", ";@ entry r\nr = \"a\" \"b\"\n", Options::default())?;
/// let dot = uridfa_codegen::dump::tables_dot(&compiled.machines[0].tables.as_tables());
/// assert!(dot.starts_with("digraph \"r\" {"));
/// assert!(dot.contains("doublecircle"));
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn tables_dot(t: &uridfa_runtime::Tables<'_>) -> String {
    /// A transition ID as (target state index, operations); `None` for the
    /// dead state and for IDs outside the tables.
    fn resolve(t: &uridfa_runtime::Tables<'_>, id: u32) -> Option<(usize, Vec<Op>)> {
        let stride = t.stride.max(1) as usize;
        if id < t.special {
            Some((id as usize / stride, Vec::new()))
        } else {
            let e = t.edges.get(((id - t.special) as usize).checked_sub(1)?)?;
            Some((e.target as usize / stride, edge_ops(t, e)))
        }
    }
    let escape = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    let stride = t.stride as usize;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "digraph \"{}\" {{\n  rankdir=LR;\n  node [shape=circle];",
        escape(t.rule)
    );
    let _ = writeln!(
        out,
        "  start [shape=point];\n  start -> s{};",
        t.start as usize / stride.max(1)
    );
    for s in 0..t.state_len() {
        let component = t
            .state_component
            .get(s)
            .and_then(|&c| usize::from(c).checked_sub(1))
            .and_then(|c| t.capture_name(c))
            .unwrap_or("-");
        let (shape, fin) = match t.final_of(s) {
            Some(f) if f.accept => {
                let ops = ops_text(&final_ops(t, &f));
                let fin = if ops.is_empty() {
                    String::new()
                } else {
                    format!("\\n{}", escape(&ops))
                };
                ("doublecircle", fin)
            }
            _ => ("circle", String::new()),
        };
        let _ = writeln!(
            out,
            "  s{s} [shape={shape}, label=\"{s}\\n{}{fin}\"];",
            escape(component)
        );
        let mut groups: Vec<(usize, Vec<Op>, Vec<u8>)> = Vec::new();
        for b in 0..=255u8 {
            let class = usize::from(t.classes[usize::from(b)]);
            let Some((target, ops)) = s
                .checked_mul(stride)
                .and_then(|row| t.trans.get(row.checked_add(class)?))
                .and_then(|id| resolve(t, id))
            else {
                continue;
            };
            match groups.iter_mut().find(|g| g.0 == target && g.1 == ops) {
                Some(g) => g.2.push(b),
                None => groups.push((target, ops, vec![b])),
            }
        }
        for (target, ops, bytes) in groups {
            let label = format!("{} {}", byte_ranges(&bytes), ops_text(&ops));
            let _ = writeln!(
                out,
                "  s{s} -> s{target} [label=\"{}\"];",
                escape(label.trim_end())
            );
        }
    }
    out.push_str("}\n");
    out
}

/// The Thompson NFA as a Graphviz digraph: byte-range edges are labelled
/// with their ranges, ε-edges of a union with their priority (`ε1` first),
/// capture states with their slot.
pub fn nfa_dot(nfa: &NFA) -> String {
    use regex_automata::nfa::thompson::State;
    let mut out = String::from("digraph nfa {\n  rankdir=LR;\n  node [shape=circle];\n");
    let _ = writeln!(
        out,
        "  start [shape=point];\n  start -> n{};",
        nfa.start_anchored().as_usize()
    );
    let range = |a: u8, b: u8| {
        let v: Vec<u8> = (a..=b).collect();
        byte_ranges(&v).replace('\\', "\\\\").replace('"', "\\\"")
    };
    for (i, state) in nfa.states().iter().enumerate() {
        match state {
            State::ByteRange { trans } => {
                let _ = writeln!(
                    out,
                    "  n{i} -> n{} [label=\"{}\"];",
                    trans.next.as_usize(),
                    range(trans.start, trans.end)
                );
            }
            State::Sparse(s) => {
                for t in s.transitions.iter() {
                    let _ = writeln!(
                        out,
                        "  n{i} -> n{} [label=\"{}\"];",
                        t.next.as_usize(),
                        range(t.start, t.end)
                    );
                }
            }
            State::Dense(d) => {
                for (b, next) in d.transitions.iter().enumerate() {
                    if next.as_usize() != 0 {
                        let _ = writeln!(
                            out,
                            "  n{i} -> n{} [label=\"{}\"];",
                            next.as_usize(),
                            range(b as u8, b as u8)
                        );
                    }
                }
            }
            State::Union { alternates } => {
                for (k, a) in alternates.iter().enumerate() {
                    let _ = writeln!(
                        out,
                        "  n{i} -> n{} [label=\"ε{}\", style=dashed];",
                        a.as_usize(),
                        k + 1
                    );
                }
            }
            State::BinaryUnion { alt1, alt2 } => {
                let _ = writeln!(
                    out,
                    "  n{i} -> n{} [label=\"ε1\", style=dashed];",
                    alt1.as_usize()
                );
                let _ = writeln!(
                    out,
                    "  n{i} -> n{} [label=\"ε2\", style=dashed];",
                    alt2.as_usize()
                );
            }
            State::Capture {
                next,
                group_index,
                slot,
                ..
            } => {
                let _ = writeln!(
                    out,
                    "  n{i} [shape=box, label=\"{i}\\ngroup {} slot {}\"];",
                    group_index.as_usize(),
                    slot.as_usize()
                );
                let _ = writeln!(out, "  n{i} -> n{} [style=dashed];", next.as_usize());
            }
            State::Look { next, look } => {
                let _ = writeln!(
                    out,
                    "  n{i} -> n{} [label=\"{look:?}\", style=dashed];",
                    next.as_usize()
                );
            }
            State::Fail => {
                let _ = writeln!(out, "  n{i} [label=\"fail\"];");
            }
            State::Match { .. } => {
                let _ = writeln!(out, "  n{i} [shape=doublecircle];");
            }
        }
    }
    out.push_str("}\n");
    out
}
