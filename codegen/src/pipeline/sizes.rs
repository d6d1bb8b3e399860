//! Facts about every rule of a grammar, computed before anything is
//! lowered ([`RuleSizes`], Note [expansion limit] in `lower.rs`): the
//! nodes each rule becomes once inlined, its longest match, the rules it
//! references, and the grammar's list regions and expected-byte sets,
//! computed once per grammar.

use crate::pipeline::abnf::{Grammar, Node, NodeKind};
use crate::pipeline::lists::{self, Region};
use crate::pipeline::lowered::NamedSet;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// Facts about every rule of a grammar, computed bottom-up over the rule
/// graph in one linear pass (see Note [expansion limit]).
#[derive(Clone, Debug)]
pub struct RuleSizes {
    /// For each rule (indexed as [`Grammar::rules`]), the expression nodes
    /// it becomes once every reference is inlined, saturating at `u64::MAX`.
    pub nodes: Vec<u64>,
    /// For each rule, the longest match in bytes as regex-syntax computes
    /// it on the lowered expression (`None`: unbounded or overflowing).
    pub max_len: Vec<Option<u64>>,
    /// For each rule, the rules it references, in order, without repeats.
    pub refs: Vec<Vec<usize>>,
    /// Every rule, each after the rules it references (post-order).
    pub order: Vec<usize>,
    /// The grammar's expected-byte sets, computed on first use.
    pub(crate) named: OnceLock<Arc<[NamedSet]>>,
    /// The grammar's list regions, computed on first use (Note [repeated
    /// captures]).
    regions: OnceLock<Arc<[Region]>>,
}

impl RuleSizes {
    /// Computes the sizes of every rule of `g`.
    pub fn new(g: &Grammar) -> RuleSizes {
        let n = g.rules.len();
        let refs: Vec<Vec<usize>> = g
            .rules
            .iter()
            .map(|r| {
                let mut out = Vec::new();
                refs_of(g, &r.node, &mut out);
                dedup_in_order(&mut out);
                out
            })
            .collect();
        // Post-order, iteratively: a chain of rules as long as the file
        // allows must not overflow the stack. (The grammar has no cycle; a
        // reference back into the open path would just count as 0.)
        let mut mark = vec![0u8; n];
        let mut order = Vec::with_capacity(n);
        for root in 0..n {
            if mark[root] != 0 {
                continue;
            }
            mark[root] = 1;
            let mut stack = vec![(root, 0usize)];
            while let Some(top) = stack.last_mut() {
                let (v, k) = *top;
                if let Some(&w) = refs[v].get(k) {
                    top.1 += 1;
                    if mark[w] == 0 {
                        mark[w] = 1;
                        stack.push((w, 0));
                    }
                } else {
                    order.push(v);
                    stack.pop();
                }
            }
        }
        let mut sizes = RuleSizes {
            nodes: vec![0; n],
            max_len: vec![None; n],
            refs,
            order: Vec::new(),
            named: OnceLock::new(),
            regions: OnceLock::new(),
        };
        for &v in &order {
            let node = &g.rules[v].node;
            sizes.nodes[v] = sizes.node_size(g, node);
            sizes.max_len[v] = sizes.node_max_len(g, node);
        }
        sizes.order = order;
        sizes
    }

    fn node_size(&self, g: &Grammar, n: &Node) -> u64 {
        match &n.kind {
            NodeKind::Alt(xs) | NodeKind::Concat(xs) => xs
                .iter()
                .fold(1u64, |acc, x| acc.saturating_add(self.node_size(g, x))),
            NodeKind::Repeat { node, .. } => self.node_size(g, node).saturating_add(1),
            // One more for the capture group a captured rule gets.
            NodeKind::Rule(name) => g
                .rule_index(name)
                .map_or(1, |i| self.nodes[i].saturating_add(1)),
            NodeKind::Str { text, .. } => 1 + text.len() as u64,
            NodeKind::Seq(vals) => 1 + vals.len() as u64,
            NodeKind::Range(..) => 1,
        }
    }

    /// `regex_syntax::hir::Properties::maximum_len` of what
    /// the lowerer makes of `n`, computed on the syntax tree.
    fn node_max_len(&self, g: &Grammar, n: &Node) -> Option<u64> {
        let value_len = |v: u32| -> u64 {
            if v <= 0x7F || !g.utf8 {
                1
            } else {
                char::from_u32(v).map_or(3, |c| c.len_utf8() as u64)
            }
        };
        match &n.kind {
            NodeKind::Alt(xs) => {
                let mut max = None;
                for x in xs {
                    max = Some(max.unwrap_or(0).max(self.node_max_len(g, x)?));
                }
                max
            }
            NodeKind::Concat(xs) => xs
                .iter()
                .try_fold(0u64, |acc, x| acc.checked_add(self.node_max_len(g, x)?)),
            NodeKind::Repeat { min, max, node } => {
                let sub = self.node_max_len(g, node);
                if *max == Some(0) || sub == Some(0) {
                    return Some(0);
                }
                if (*min, *max) == (1, Some(1)) {
                    return sub;
                }
                sub?.checked_mul(u64::from((*max)?))
            }
            NodeKind::Rule(name) => self.max_len[g.rule_index(name)?],
            NodeKind::Str { text, .. } => Some(text.len() as u64),
            NodeKind::Seq(vals) => Some(vals.iter().map(|&v| value_len(v)).sum()),
            NodeKind::Range(lo, hi) => {
                if *hi <= 0x7F || (!g.utf8 && *hi <= 0xFF) {
                    return Some(1);
                }
                // The largest scalar value of the range, surrogates left out.
                let top = if (0xD800..=0xDFFF).contains(hi) {
                    0xD7FF
                } else {
                    *hi
                };
                (top >= *lo).then(|| value_len(top))
            }
        }
    }

    /// The grammar's list regions ([`lists::regions`]),
    /// computed once: they depend only on the grammar, `captured` (the
    /// lower-case rule names every entry tags) and the component count.
    pub fn regions(
        &self,
        g: &Grammar,
        captured: &BTreeMap<String, usize>,
        component_len: usize,
    ) -> Arc<[Region]> {
        self.regions
            .get_or_init(|| {
                lists::regions(g, &self.order, &self.refs, captured, component_len).into()
            })
            .clone()
    }

    /// The rules reachable from `root` (itself included), in depth-first
    /// pre-order.
    pub fn reachable(&self, root: usize) -> Vec<usize> {
        let mut seen = vec![false; self.refs.len()];
        let mut out = Vec::new();
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            if std::mem::replace(&mut seen[v], true) {
                continue;
            }
            out.push(v);
            stack.extend(self.refs[v].iter().rev().filter(|&&w| !seen[w]));
        }
        out
    }

    /// If `root` expands to more than `limit` nodes, the innermost rule
    /// below it that does: one whose own references all stay within.
    pub fn too_large(&self, root: usize, limit: u64) -> Option<usize> {
        if self.nodes[root] <= limit {
            return None;
        }
        let mut v = root;
        for _ in 0..self.refs.len() {
            match self.refs[v].iter().find(|&&w| self.nodes[w] > limit) {
                Some(&w) => v = w,
                None => break,
            }
        }
        Some(v)
    }
}

/// Pushes the index of every rule `n` references, once each.
fn refs_of(g: &Grammar, n: &Node, out: &mut Vec<usize>) {
    match &n.kind {
        NodeKind::Alt(xs) | NodeKind::Concat(xs) => xs.iter().for_each(|x| refs_of(g, x, out)),
        NodeKind::Repeat { node, .. } => refs_of(g, node, out),
        NodeKind::Rule(name) => out.extend(g.rule_index(name)),
        NodeKind::Str { .. } | NodeKind::Seq(_) | NodeKind::Range(..) => {}
    }
}

/// Keeps the first of each repeated value, in order.
fn dedup_in_order(xs: &mut Vec<usize>) {
    let mut seen = std::collections::HashSet::new();
    xs.retain(|&x| seen.insert(x));
}
