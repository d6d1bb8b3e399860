//! The per-stage report of a compiled grammar ([`report`]): what
//! `uridfa-generate --report` and the examples print.

use crate::compiled::Compiled;

/// A per-entry report of every stage: NFA states, tagged-DFA states before
/// and after minimization, byte classes, registers before and after
/// allocation, edges, accelerated loops, table bytes, the plain DFA's state
/// count, and each tag's degree of nondeterminism (the most registers it
/// needed in one state). `;@ component` machines follow the entries,
/// marked `(component)`.
pub fn report(c: &Compiled) -> String {
    let mut out = String::new();
    let components = c.components.iter().map(|m| (m, " (component)"));
    for (m, what) in c.machines.iter().map(|m| (m, "")).chain(components) {
        let t = m.tables.as_tables();
        let plain = crate::inspect::oracle::plain_dfa_state_len(&t)
            .map_or_else(|e| format!("? ({e})"), |n| n.to_string());
        out.push_str(&format!(
            "{} {}{}: nfa {} states; tdfa {} -> {} states (minimized), {} byte classes, {} -> {} registers, \
             {} edges, {} accelerated loops, {} table bytes; plain DFA {} states\n",
            c.grammar.name,
            m.lowered.rule,
            what,
            m.nfa.states().len(),
            m.unminimized_state_len,
            t.state_len(),
            t.stride,
            m.tdfa.reg_len_before_alloc,
            t.reg_len,
            t.edges.len(),
            // The sets that edges name (`accels` also holds the escapes'
            // digits).
            (0..t.accels.len())
                .filter(|&k| t.edges.iter().any(|e| usize::from(e.accel) == k))
                .count(),
            t.table_bytes(),
            plain,
        ));
        let degrees: Vec<String> = m
            .lowered
            .components
            .iter()
            .enumerate()
            .map(|(k, comp)| {
                let d = |tag: usize| m.tdfa.nondeterminism.get(tag).copied().unwrap_or(0);
                format!("{} {}/{}", comp.name, d(2 * k), d(2 * k + 1))
            })
            .collect();
        out.push_str(&format!(
            "  tag nondeterminism (start/end): {}\n",
            degrees.join(", ")
        ));
    }
    out
}
