//! The DOT pictures of `uridfa dot`: [`overview_dot`], one node per
//! component (at most [`MAX_NODES`]), and [`states_dot`], every state (or
//! those of one component) with named register operations.

use super::analysis::{Analysis, Place};
use crate::inspect::dump::byte_ranges;
use std::collections::BTreeMap;
use std::fmt::Write;
use uridfa_runtime::Tables;

/// The most nodes [`overview_dot`] draws.
pub const MAX_NODES: usize = 40;

/// A machine of more states than this is drawn by [`overview_dot`] by
/// default (`uridfa dot`); a smaller one state by state.
pub const OVERVIEW_ABOVE: usize = 40;

/// The bytes of an overview edge or separator node: one printable byte as
/// ABNF quotes it (`"/"`), else as ranges (`[0-9A-Fa-f]`).
fn bytes_label(bytes: &[u8]) -> String {
    match bytes {
        [b] if (0x21..0x7f).contains(b) && *b != b'"' => format!("\"{}\"", char::from(*b)),
        _ => byte_ranges(bytes),
    }
}

/// Escapes `"` and `\` for a DOT string.
fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// What a node of the overview stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum NodeKind {
    /// States in one capture (or, merged, several).
    Capture,
    /// States that may be in some captures ([`Place::Maybe`]).
    Maybe,
    /// States in no capture.
    Outside,
}

/// A node of the overview: its name and states.
struct Node {
    /// Shown in the node.
    label: String,
    /// What it stands for.
    kind: NodeKind,
    /// The states it stands for, in order.
    states: Vec<usize>,
}

/// A state's node key in [`overview_nodes`] at one level of merging.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    /// A capture's states.
    Capture(usize),
    /// Captures merged into one node (level 4).
    OtherCaptures,
    /// States that may be in these captures.
    Maybe(Vec<usize>),
    /// One state in no capture (level 0), or a connected group of them
    /// named by its least state (levels 1 and 2).
    Outside(usize),
    /// Every state in no capture (level 3 and up).
    AllOutside,
}

/// Union-find root of `x`, with path halving.
fn root(g: &mut [usize], mut x: usize) -> usize {
    while g[x] != x {
        g[x] = g[g[x]];
        x = g[x];
    }
    x
}

/// The nodes of the overview, and each state's node. Level 0 has one node
/// per capture some state is in, one per distinct [`Place::Maybe`] and one
/// per state in no capture (a separator, labelled with the bytes that
/// lead into it); while there are more than [`MAX_NODES`], each level
/// merges more: 1, the states in no capture by connected groups; 2, the
/// maybes too; 3, all of them into one node; 4, the smallest captures
/// into one.
fn overview_nodes(an: &Analysis<'_, '_>) -> (Vec<Node>, Vec<usize>) {
    let n = an.t.state_len();
    let start = an.t.state_index(an.t.start);
    let mut size = vec![0usize; an.t.capture_len()];
    for s in 0..n {
        if let Place::In(c) = an.place(s) {
            size[*c] += 1;
        }
    }
    // Captures by size, largest first: the first MAX_NODES - 2 keep their
    // node at level 4.
    let mut by_size: Vec<usize> = (0..size.len()).filter(|&c| size[c] > 0).collect();
    by_size.sort_by_key(|&c| (usize::MAX - size[c], c));
    let kept: Vec<usize> = by_size.iter().copied().take(MAX_NODES - 2).collect();
    let mut into: Vec<Vec<u8>> = vec![Vec::new(); n];
    for s in 0..n {
        for (target, _, bytes) in &an.moves[s] {
            if *target != s {
                into[*target].extend(bytes);
            }
        }
    }
    for level in 0..5 {
        let outside = |s: usize| match an.place(s) {
            Place::In(_) => false,
            Place::Maybe(_) => level >= 2,
            Place::Start | Place::Outside => true,
        };
        let mut group: Vec<usize> = (0..n).collect();
        if level >= 1 {
            for s in (0..n).filter(|&s| outside(s)) {
                for (target, _, _) in &an.moves[s] {
                    if outside(*target) {
                        let (a, b) = (root(&mut group, s), root(&mut group, *target));
                        group[a.max(b)] = a.min(b);
                    }
                }
            }
        }
        let keys: Vec<Key> = (0..n)
            .map(|s| match an.place(s) {
                Place::In(c) if level < 4 || kept.contains(c) => Key::Capture(*c),
                Place::In(_) => Key::OtherCaptures,
                Place::Maybe(cs) if level < 2 => Key::Maybe(cs.clone()),
                _ if level >= 3 => Key::AllOutside,
                _ => Key::Outside(root(&mut group, s)),
            })
            .collect();
        let mut distinct: BTreeMap<&Key, Vec<usize>> = BTreeMap::new();
        for (s, k) in keys.iter().enumerate() {
            distinct.entry(k).or_default().push(s);
        }
        let done = distinct.len() <= MAX_NODES || level == 4;
        let mut nodes: Vec<Node> = distinct
            .into_iter()
            .map(|(k, states)| {
                let (kind, label) = match k {
                    Key::Capture(c) => (NodeKind::Capture, an.capture_name(*c).to_string()),
                    Key::OtherCaptures => (NodeKind::Capture, "other captures".to_string()),
                    Key::Maybe(cs) => (NodeKind::Maybe, an.place_name(&Place::Maybe(cs.clone()))),
                    _ if states.contains(&start) => (NodeKind::Outside, "start".to_string()),
                    Key::Outside(_) if level == 0 => {
                        let mut b = into[states[0]].clone();
                        b.sort_unstable();
                        b.dedup();
                        (NodeKind::Outside, bytes_label(&b))
                    }
                    _ => (NodeKind::Outside, "outside".to_string()),
                };
                Node {
                    label,
                    kind,
                    states,
                }
            })
            .collect();
        // Deterministic order: by least state.
        nodes.sort_by_key(|nd| nd.states.first().copied().unwrap_or(usize::MAX));
        if done {
            let mut node_of = vec![0; n];
            for (i, nd) in nodes.iter().enumerate() {
                for &s in &nd.states {
                    node_of[s] = i;
                }
            }
            return (nodes, node_of);
        }
    }
    (Vec::new(), vec![0; n])
}

/// The overview of a machine as a Graphviz digraph: one node per
/// component, at most [`MAX_NODES`].
///
/// A node stands for the states whose [`Place`] is one capture (a box,
/// labelled with the capture's name and its state count), for the states
/// that may be in some ("maybe scheme | path", dashed), or for a connected
/// group of states in no capture ("start", "outside": the separators). A
/// double outline marks a node with an accepting state. An edge joins two
/// nodes when some state of the first has a transition into a state of
/// the second, labelled with the bytes of all such transitions; moves
/// inside a node are not drawn. Each node's tooltip lists its states
/// (`tooltip="states 3 7 8"`, shown on hover in SVG). See Note [the
/// component a state is in].
///
/// # Example
///
/// ```
/// use uridfa_codegen::driver::{compile_str, Options};
/// let g = ";@ entry r\n;@ capture a b\nr = a \"/\" b\na = 1*\"x\"\nb = 1*\"y\"\n";
/// let compiled = compile_str("g.abnf", g, Options::default())?;
/// let dot = uridfa_codegen::picture::overview_dot(&compiled.machines[0].tables.as_tables());
/// assert!(dot.contains("label=\"a\\n"));
/// assert!(dot.contains("label=\"\\\"/\\\"\""), "{dot}");
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn overview_dot(t: &Tables<'_>) -> String {
    let an = Analysis::of(t);
    let (nodes, node_of) = overview_nodes(&an);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "digraph \"{}\" {{\n  rankdir=TB;\n  nodesep=0.3;\n  ranksep=0.5;\n  node [fontname=\"Helvetica\", fontsize=14];\n  edge [fontname=\"Helvetica\", fontsize=11];",
        esc(t.rule)
    );
    let start = t.state_index(t.start);
    if let Some(&n0) = node_of.get(start) {
        let _ = writeln!(out, "  start [shape=point, width=0.15];\n  start -> n{n0};");
    }
    for (i, nd) in nodes.iter().enumerate() {
        let accepting = nd
            .states
            .iter()
            .any(|&s| t.final_of(s).is_some_and(|f| f.accept));
        let count = match nd.states.len() {
            1 => "1 state".to_string(),
            k => format!("{k} states"),
        };
        let style = match nd.kind {
            NodeKind::Capture => "shape=box, style=\"rounded,filled\", fillcolor=\"#e8f0fe\"",
            NodeKind::Maybe => "shape=box, style=\"rounded,dashed\"",
            NodeKind::Outside => "shape=ellipse",
        };
        let states: Vec<String> = nd.states.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(
            out,
            "  n{i} [{style}{}, label=\"{}\\n{count}\", tooltip=\"states {}\"];",
            if accepting { ", peripheries=2" } else { "" },
            esc(&nd.label),
            states.join(" ")
        );
    }
    let mut edges: BTreeMap<(usize, usize), Vec<u8>> = BTreeMap::new();
    for s in 0..t.state_len() {
        for (target, _, bytes) in &an.moves[s] {
            let (a, b) = (node_of[s], node_of[*target]);
            if a != b {
                edges.entry((a, b)).or_default().extend(bytes);
            }
        }
    }
    for ((a, b), mut bytes) in edges {
        bytes.sort_unstable();
        bytes.dedup();
        let _ = writeln!(
            out,
            "  n{a} -> n{b} [label=\"{}\"];",
            esc(&bytes_label(&bytes))
        );
    }
    out.push_str("}\n");
    out
}

/// The states of a machine as a Graphviz digraph, with registers named by
/// the tags they feed; with `only = Some(c)`, the states in capture `c`
/// (Note [the component a state is in]) and, as plain text nodes named as
/// in [`overview_dot`], where their transitions come from and go to.
///
/// A state is labelled with its index and its [`Place`]; an accepting one
/// is a double circle with its final operations. An edge carries the
/// bytes that take it and its register operations, one a line:
/// `host.start=pos` writes the position into the register where tag
/// `host.start` ends, `r14:path.end=pos` into register 14, whose value
/// may become `path.end`.
///
/// # Example
///
/// ```
/// use uridfa_codegen::driver::{compile_str, Options};
/// let g = ";@ entry r\n;@ capture a b\nr = a \"/\" b\na = 1*\"x\"\nb = 1*\"y\"\n";
/// let compiled = compile_str("g.abnf", g, Options::default())?;
/// let dot = uridfa_codegen::picture::states_dot(&compiled.machines[0].tables.as_tables(), None);
/// assert!(dot.contains("a.start=pos"), "{dot}");
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn states_dot(t: &Tables<'_>, only: Option<usize>) -> String {
    let an = Analysis::of(t);
    let shown = |s: usize| only.is_none_or(|c| an.inside(s).contains(&c));
    let mut out = String::new();
    let title = match only {
        Some(c) => format!("{} {}", t.rule, an.capture_name(c)),
        None => t.rule.to_string(),
    };
    let _ = writeln!(
        out,
        "digraph \"{}\" {{\n  rankdir=LR;\n  node [shape=circle, fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];",
        esc(&title)
    );
    let start = t.state_index(t.start);
    if shown(start) {
        let _ = writeln!(out, "  start [shape=point];\n  start -> s{start};");
    }
    // Places outside the shown states, as text nodes.
    let mut others: BTreeMap<String, String> = BTreeMap::new();
    // Named as in the overview: the component, or the separator.
    let (nodes, node_of) = if only.is_some() {
        overview_nodes(&an)
    } else {
        (Vec::new(), Vec::new())
    };
    let mut other = |s: usize| -> String {
        let name = node_of
            .get(s)
            .and_then(|&i| nodes.get(i))
            .map_or_else(|| an.place_name(an.place(s)), |nd| nd.label.clone());
        let k = others.len();
        others
            .entry(name)
            .or_insert_with(|| format!("x{k}"))
            .clone()
    };
    let mut lines = Vec::new();
    for s in 0..t.state_len() {
        for (target, ops, bytes) in &an.moves[s] {
            let (from, to) = (shown(s), shown(*target));
            if !from && !to {
                continue;
            }
            let mut label = vec![byte_ranges(bytes)];
            label.extend(an.edge_ops_text(ops, *target));
            let a = if from { format!("s{s}") } else { other(s) };
            let b = if to {
                format!("s{target}")
            } else {
                other(*target)
            };
            lines.push(format!(
                "  {a} -> {b} [label=\"{}\"];",
                esc(&label.join("\n")).replace('\n', "\\n")
            ));
        }
    }
    for s in (0..t.state_len()).filter(|&s| shown(s)) {
        let (shape, fin) = match an.final_ops_text(s) {
            Some(ops) => (
                "doublecircle",
                ops.iter().map(|o| format!("\n{o}")).collect::<String>(),
            ),
            None => ("circle", String::new()),
        };
        let label = format!("{s}\n{}{fin}", an.place_name(an.place(s)));
        let _ = writeln!(
            out,
            "  s{s} [shape={shape}, label=\"{}\"];",
            esc(&label).replace('\n', "\\n")
        );
    }
    for (name, id) in &others {
        let _ = writeln!(
            out,
            "  {id} [shape=plaintext, label=\"{}\"];",
            esc(&format!("({name})"))
        );
    }
    // Edges from several states to one text node, or back, once.
    let mut seen = std::collections::BTreeSet::new();
    for l in lines {
        if seen.insert(l.clone()) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out.push_str("}\n");
    out
}
