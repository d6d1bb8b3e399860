//! Recursion: the rules that refer to themselves, through other rules or
//! directly. Regular recursion is rewritten into repetitions (Note
//! [regular recursion]); the rest is a problem of its rule (Note [what an
//! entry must reach]) whose message names the cycle and the reference
//! that embeds.

#[allow(unused_imports)]
use super::*;
use crate::support::diag::Span;
use std::collections::HashMap;

// Note [regular recursion]
//
// A grammar whose recursion never embeds a rule between non-empty input on
// both sides generates a regular language (Chomsky 1959), so a DFA exists
// and the generator builds it, from the same language written with
// repetitions:
//
// 1. The list idiom `A = P *(Q A)` (any repetition of at least one, the
//    reference last in it, `A` nowhere else) is `P *(Q P)`: each `A` of
//    the repetition is again `P` followed by more of the list, and the
//    lists flatten. RFC 9051's `uid-set = (uniqueid / uid-range)
//    *("," uid-set)`.
// 2. Within each strongly connected set of rules (Tarjan), every
//    reference to a rule of the set must be in tail position (nothing but
//    elements that match only the empty string after it in its rule; an
//    option `[x]` passes the position through) for the set to be
//    right-linear, or in head position for it to be left-linear. RFC 1034's
//    `ldh-str = let-dig-hyp / let-dig-hyp ldh-str`, RFC 9051's
//    `sequence-set = (seq-number / seq-range) ["," sequence-set] /
//    seq-last-command`.
// 3. A linear set is a system of equations `A_i = sum_j B_ij A_j + C_i`
//    (right-linear; left-linear mirrors it), read off each rule by
//    splitting its alternatives at the reference, and solved by Gauss-Jordan
//    elimination with Arden's rule, `A = B A + C` is `A = *B C`.
//    `ldh-str` becomes `*(let-dig-hyp) let-dig-hyp`. Each rule of the set
//    gets the solution as its definition, so the rules outside it and the
//    stages after this one see no recursion at all.
//
// The solution can be larger than the rules (a regular expression of a
// DFA can be exponential in its states), so a set of more than
// MAX_SET_LEN rules, or a solution past MAX_SOLUTION_NODES nodes, is left
// as recursion, reported as such. A capture inside such a rule is inside
// a repetition after the rewrite, so it behaves as one there does; a part
// that the solution copies (`P` of the list idiom, `let-dig-hyp` above)
// holds a capture twice, which the one-place check reports.
//
// Recursion that embeds (RFC 5322's `comment = "(" *([FWS] ccontent)
// [FWS] ")"` with `ccontent = ctext / quoted-pair / comment`) has no DFA:
// the problem's message names the cycle, the reference that embeds, and
// the `;@ depth` pragma that accepts a bounded nesting instead.

// Note [bounded nesting]
//
// `;@ depth RULE N` accepts RULE nested at most N deep, which is regular:
// the strongly connected set of rules holding RULE is copied N times,
// level 1 being the rules as written (what the rest of the grammar and
// the entries refer to) and level L + 1 the copy that a reference to RULE
// inside level L goes to; a reference to RULE inside level N matches
// nothing, so an input that nests deeper is refused where its (N + 1)-th
// level begins. RFC 5322's `comment` with `;@ depth comment 3` accepts
// `(a (b (c)))` and refuses `(a (b (c (d))))` at the fourth `(`. The
// copies are named `RULE@L` (a name no ABNF rule can have), and messages
// name them by their rule (`crate::pipeline::abnf::user_rule_name`). Once
// unrolled, what is left of the set is acyclic unless some cycle avoids
// RULE; that recursion is then rewritten or reported as any other. A DFA
// has no backtracking, so the unrolled rule is matched in linear time
// whatever the input: the regex of Perl's Email::Address, which unrolled
// comments the same way but matched them by backtracking, took
// exponential time on nested parentheses (CVE-2015-7686).

/// The largest depth `;@ depth RULE N` takes.
pub const MAX_DEPTH_PRAGMA: u32 = 32;

/// The name of a rule as its grammar spells it: `comment@2`, the copy of
/// `comment` at nesting level 2 (Note [bounded nesting]), is `comment`.
pub fn user_rule_name(name: &str) -> &str {
    name.split_once('@').map_or(name, |(rule, _)| rule)
}

/// The most rules a strongly connected set may have to be rewritten.
const MAX_SET_LEN: usize = 64;

/// The most expression nodes the rewritten rules of one set may have.
const MAX_SOLUTION_NODES: usize = 1 << 16;

fn fail(span: Span) -> Node {
    Node {
        kind: NodeKind::Alt(Vec::new()),
        span,
    }
}

fn empty(span: Span) -> Node {
    Node {
        kind: NodeKind::Concat(Vec::new()),
        span,
    }
}

fn is_fail(n: &Node) -> bool {
    matches!(&n.kind, NodeKind::Alt(xs) if xs.is_empty())
}

fn is_empty(n: &Node) -> bool {
    matches!(&n.kind, NodeKind::Concat(xs) if xs.is_empty())
}

/// Whether `n` matches the empty string only (and so may stand after a
/// tail reference or before a head reference).
fn only_empty(n: &Node) -> bool {
    match &n.kind {
        NodeKind::Concat(xs) => xs.iter().all(only_empty),
        NodeKind::Alt(xs) => !xs.is_empty() && xs.iter().all(only_empty),
        NodeKind::Repeat { max, node, .. } => *max == Some(0) || only_empty(node),
        NodeKind::Str { text, .. } => text.is_empty(),
        NodeKind::Seq(vals) => vals.is_empty(),
        NodeKind::Rule(_) | NodeKind::Range(..) => false,
    }
}

fn alt(a: Node, b: Node) -> Node {
    if is_fail(&a) {
        return b;
    }
    if is_fail(&b) {
        return a;
    }
    let span = a.span;
    let mut xs = match a.kind {
        NodeKind::Alt(xs) => xs,
        kind => vec![Node { kind, span }],
    };
    match b.kind {
        NodeKind::Alt(more) => xs.extend(more),
        kind => xs.push(Node { kind, span: b.span }),
    }
    Node {
        kind: NodeKind::Alt(xs),
        span,
    }
}

fn cat(a: Node, b: Node) -> Node {
    if is_fail(&a) || is_fail(&b) {
        return fail(a.span);
    }
    if is_empty(&a) {
        return b;
    }
    if is_empty(&b) {
        return a;
    }
    let span = a.span;
    let mut xs = match a.kind {
        NodeKind::Concat(xs) => xs,
        kind => vec![Node { kind, span }],
    };
    match b.kind {
        NodeKind::Concat(more) => xs.extend(more),
        kind => xs.push(Node { kind, span: b.span }),
    }
    Node {
        kind: NodeKind::Concat(xs),
        span,
    }
}

fn star(a: Node) -> Node {
    if is_fail(&a) || is_empty(&a) {
        return empty(a.span);
    }
    let span = a.span;
    Node {
        kind: NodeKind::Repeat {
            min: 0,
            max: None,
            node: Box::new(a),
        },
        span,
    }
}

fn size(n: &Node) -> usize {
    match &n.kind {
        NodeKind::Alt(xs) | NodeKind::Concat(xs) => 1 + xs.iter().map(size).sum::<usize>(),
        NodeKind::Repeat { node, .. } => 1 + size(node),
        _ => 1,
    }
}

/// Which side a linear set recurses on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Right,
    Left,
}

/// A reference to a rule of the set: where it is, the rule it names (an
/// index into the set), and whether it is in head and in tail position.
struct Place {
    span: Span,
    to: usize,
    head: bool,
    tail: bool,
}

impl Loader {
    /// The index of the rule `name` names, if any.
    fn index_of(&self, name: &str) -> Option<usize> {
        self.by_name.get(&name.to_ascii_lowercase()).copied()
    }

    /// Rewrites regular recursion into repetitions and records the rest as
    /// problems of its rules (Note [regular recursion]).
    pub(super) fn resolve_recursion(&mut self) {
        for i in 0..self.rules.len() {
            self.list_idiom(i);
        }
        self.unroll_depths();
        for set in self.cyclic_sets() {
            if let Err(problem) = self.solve(&set) {
                self.problems.push(problem);
            }
        }
    }

    /// Unrolls each `;@ depth` rule's set (Note [bounded nesting]); a depth
    /// on a rule that is not recursive is an error of the pragma.
    fn unroll_depths(&mut self) {
        let depths = std::mem::take(&mut self.depths);
        let mut seen: HashMap<String, Span> = HashMap::new();
        let sets = self.cyclic_sets();
        for ((rule, span), depth) in depths {
            let Some(d) = self.index_of(&rule) else {
                self.error(span, format!("unknown rule '{rule}'"));
                continue;
            };
            if let Some(first) = seen.insert(rule.to_ascii_lowercase(), span) {
                let at = self.sources.location(first);
                self.error(span, format!("duplicate depth of '{rule}' (first at {at})"));
                continue;
            }
            let Some(set) = sets.iter().find(|s| s.contains(&d)) else {
                self.error(
                    span,
                    format!("rule '{rule}' is not recursive, so it has no nesting to bound"),
                );
                continue;
            };
            self.unroll(set, d, depth);
        }
    }

    /// Copies the rules of `set` to levels 2 to `depth`, references to
    /// rule `d` going one level down (Note [bounded nesting]).
    fn unroll(&mut self, set: &[usize], d: usize, depth: u32) {
        let members: HashMap<String, usize> = set
            .iter()
            .map(|&i| (self.rules[i].name.to_ascii_lowercase(), i))
            .collect();
        let level_name = |i: usize, level: u32, rules: &[Rule]| {
            if level == 1 {
                rules[i].name.clone()
            } else {
                format!("{}@{level}", rules[i].name)
            }
        };
        fn relevel(
            n: &Node,
            level: u32,
            depth: u32,
            d: usize,
            members: &HashMap<String, usize>,
            name: &dyn Fn(usize, u32) -> String,
            cuts: &mut Vec<Span>,
        ) -> Node {
            let kind = match &n.kind {
                NodeKind::Rule(r) => match members.get(&r.to_ascii_lowercase()) {
                    Some(&i) => {
                        let to = if i == d { level + 1 } else { level };
                        if to > depth {
                            cuts.push(n.span);
                            NodeKind::Alt(Vec::new())
                        } else {
                            NodeKind::Rule(name(i, to))
                        }
                    }
                    None => n.kind.clone(),
                },
                NodeKind::Alt(xs) => NodeKind::Alt(
                    xs.iter()
                        .map(|x| relevel(x, level, depth, d, members, name, cuts))
                        .collect(),
                ),
                NodeKind::Concat(xs) => NodeKind::Concat(
                    xs.iter()
                        .map(|x| relevel(x, level, depth, d, members, name, cuts))
                        .collect(),
                ),
                NodeKind::Repeat { min, max, node } => NodeKind::Repeat {
                    min: *min,
                    max: *max,
                    node: Box::new(relevel(node, level, depth, d, members, name, cuts)),
                },
                other => other.clone(),
            };
            Node { kind, span: n.span }
        }
        let originals: Vec<Rule> = self.rules.clone();
        let name = |i: usize, level: u32| level_name(i, level, &originals);
        let mut cuts = Vec::new();
        for level in 1..=depth {
            for &i in set {
                let node = relevel(
                    &originals[i].node,
                    level,
                    depth,
                    d,
                    &members,
                    &name,
                    &mut cuts,
                );
                if level == 1 {
                    self.rules[i].node = node;
                } else {
                    let copy = name(i, level);
                    self.by_name
                        .insert(copy.to_ascii_lowercase(), self.rules.len());
                    self.rules.push(Rule {
                        name: copy,
                        span: originals[i].span,
                        node,
                    });
                }
            }
        }
        cuts.sort_unstable_by_key(|s| (s.file, s.start, s.end));
        cuts.dedup();
        let rule = originals[d].name.clone();
        self.nesting_cuts
            .extend(cuts.into_iter().map(|span| super::ast::NestingCut {
                span,
                rule: rule.clone(),
                depth,
            }));
    }

    /// `A = P *(Q A)` becomes `A = P *(Q P)` (Note [regular recursion]).
    fn list_idiom(&mut self, i: usize) {
        let key = self.rules[i].name.to_ascii_lowercase();
        let refers = |n: &Node| {
            let mut found = false;
            visit_refs(n, &mut |name, _| found |= name.eq_ignore_ascii_case(&key));
            found
        };
        let body = &self.rules[i].node;
        let NodeKind::Concat(xs) = &body.kind else {
            return;
        };
        let Some((last, prefix)) = xs.split_last() else {
            return;
        };
        let NodeKind::Repeat { min: 0, max, node } = &last.kind else {
            return;
        };
        if *max == Some(0) || prefix.iter().any(refers) {
            return;
        }
        let inner: Vec<Node> = match &node.kind {
            NodeKind::Concat(ys) => ys.clone(),
            _ => vec![(**node).clone()],
        };
        let Some((tail, q)) = inner.split_last() else {
            return;
        };
        let is_self = matches!(&tail.kind, NodeKind::Rule(n) if n.eq_ignore_ascii_case(&key));
        if !is_self || q.iter().any(refers) {
            return;
        }
        let p = Node {
            kind: NodeKind::Concat(prefix.to_vec()),
            span: body.span,
        };
        let mut items = q.to_vec();
        items.push(p.clone());
        let rep = Node {
            kind: NodeKind::Repeat {
                min: 0,
                max: None,
                node: Box::new(Node {
                    kind: NodeKind::Concat(items),
                    span: node.span,
                }),
            },
            span: last.span,
        };
        let mut out = prefix.to_vec();
        out.push(rep);
        self.rules[i].node = Node {
            kind: NodeKind::Concat(out),
            span: body.span,
        };
    }

    /// The rules each rule refers to (each once, in order).
    fn edges(&self) -> Vec<Vec<usize>> {
        self.rules
            .iter()
            .map(|r| {
                let mut out = Vec::new();
                visit_refs(&r.node, &mut |name, _| {
                    if let Some(j) = self.index_of(name) {
                        if !out.contains(&j) {
                            out.push(j);
                        }
                    }
                });
                out
            })
            .collect()
    }

    /// The strongly connected sets of rules that hold a cycle (more than
    /// one rule, or one that refers to itself), each in definition order,
    /// the sets in order of their first rule. Tarjan's algorithm,
    /// iterative, so a long chain of rules cannot overflow the stack.
    fn cyclic_sets(&self) -> Vec<Vec<usize>> {
        let edges = self.edges();
        let n = edges.len();
        let (mut index, mut low) = (vec![usize::MAX; n], vec![0usize; n]);
        let mut on_stack = vec![false; n];
        let (mut stack, mut sets) = (Vec::new(), Vec::new());
        let mut next = 0;
        for root in 0..n {
            if index[root] != usize::MAX {
                continue;
            }
            let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
            index[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut k)) = calls.last_mut() {
                if let Some(&w) = edges[v].get(*k) {
                    *k += 1;
                    if index[w] == usize::MAX {
                        index[w] = next;
                        low[w] = next;
                        next += 1;
                        stack.push(w);
                        on_stack[w] = true;
                        calls.push((w, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(u, _)) = calls.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut set = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        set.push(w);
                        if w == v {
                            break;
                        }
                    }
                    if set.len() > 1 || edges[v].contains(&v) {
                        set.sort_unstable();
                        sets.push(set);
                    }
                }
            }
        }
        sets.sort_by_key(|s| s[0]);
        sets
    }

    /// The references to rules of the set (`local`: rule index to index in
    /// the set) under `n`, with their positions.
    fn places(
        &self,
        n: &Node,
        local: &HashMap<usize, usize>,
        head: bool,
        tail: bool,
        out: &mut Vec<Place>,
    ) {
        match &n.kind {
            NodeKind::Rule(name) => {
                if let Some(&to) = self.index_of(name).and_then(|j| local.get(&j)) {
                    out.push(Place {
                        span: n.span,
                        to,
                        head,
                        tail,
                    });
                }
            }
            NodeKind::Alt(xs) => {
                for x in xs {
                    self.places(x, local, head, tail, out);
                }
            }
            NodeKind::Concat(xs) => {
                for (i, x) in xs.iter().enumerate() {
                    let h = head && xs[..i].iter().all(only_empty);
                    let t = tail && xs[i + 1..].iter().all(only_empty);
                    self.places(x, local, h, t, out);
                }
            }
            NodeKind::Repeat { max, node, .. } => match max {
                Some(0) => {}
                Some(1) => self.places(node, local, head, tail, out),
                _ => self.places(node, local, false, false, out),
            },
            NodeKind::Str { .. } | NodeKind::Range(..) | NodeKind::Seq(_) => {}
        }
    }

    fn refers_to_set(&self, n: &Node, local: &HashMap<usize, usize>) -> bool {
        let mut found = false;
        visit_refs(n, &mut |name, _| {
            found |= self.index_of(name).is_some_and(|j| local.contains_key(&j));
        });
        found
    }

    /// `n` as `sum_j b[j] A_j + c` (right-linear; `b[j] A_j` reads `A_j
    /// b[j]` for the left side), `b[j]` `None` where `A_j` does not occur.
    fn split(
        &self,
        n: &Node,
        local: &HashMap<usize, usize>,
        side: Side,
        len: usize,
    ) -> (Vec<Option<Node>>, Node) {
        let span = n.span;
        let mut b: Vec<Option<Node>> = vec![None; len];
        if !self.refers_to_set(n, local) {
            return (b, n.clone());
        }
        match &n.kind {
            NodeKind::Rule(name) => {
                if let Some(&j) = self.index_of(name).and_then(|j| local.get(&j)) {
                    b[j] = Some(empty(span));
                }
                (b, fail(span))
            }
            NodeKind::Alt(xs) => {
                let mut c = fail(span);
                for x in xs {
                    let (bx, cx) = self.split(x, local, side, len);
                    for (slot, more) in b.iter_mut().zip(bx) {
                        if let Some(more) = more {
                            *slot = Some(match slot.take() {
                                Some(have) => alt(have, more),
                                None => more,
                            });
                        }
                    }
                    c = alt(c, cx);
                }
                (b, c)
            }
            NodeKind::Concat(xs) => {
                // The one element with references (the positions were
                // checked): what is before it (right) or after it (left)
                // is kept; the rest matches only the empty string.
                let at = match side {
                    Side::Right => xs.iter().rposition(|x| self.refers_to_set(x, local)),
                    Side::Left => xs.iter().position(|x| self.refers_to_set(x, local)),
                };
                let Some(k) = at else {
                    return (b, n.clone());
                };
                let (bk, ck) = self.split(&xs[k], local, side, len);
                let seq = |ys: &[Node]| ys.iter().cloned().fold(empty(span), cat);
                match side {
                    Side::Right => {
                        let prefix = seq(&xs[..k]);
                        for (slot, bj) in b.iter_mut().zip(bk) {
                            *slot = bj.map(|bj| cat(prefix.clone(), bj));
                        }
                        (b, cat(prefix, ck))
                    }
                    Side::Left => {
                        let suffix = seq(&xs[k + 1..]);
                        for (slot, bj) in b.iter_mut().zip(bk) {
                            *slot = bj.map(|bj| cat(bj, suffix.clone()));
                        }
                        (b, cat(ck, suffix))
                    }
                }
            }
            NodeKind::Repeat { min, node, .. } => {
                // `[x]` or `1*1x` (the positions were checked).
                let (bx, cx) = self.split(node, local, side, len);
                let c = if *min == 0 { alt(cx, empty(span)) } else { cx };
                (bx, c)
            }
            NodeKind::Str { .. } | NodeKind::Range(..) | NodeKind::Seq(_) => (b, n.clone()),
        }
    }

    /// Rewrites the set's rules into their solution, or says why not.
    fn solve(&mut self, set: &[usize]) -> Result<(), RuleProblem> {
        let local: HashMap<usize, usize> = set.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        let mut places: Vec<(usize, Place)> = Vec::new();
        for (k, &i) in set.iter().enumerate() {
            let mut out = Vec::new();
            self.places(&self.rules[i].node, &local, true, true, &mut out);
            places.extend(out.into_iter().map(|p| (k, p)));
        }
        let right = places.iter().all(|(_, p)| p.tail);
        let left = places.iter().all(|(_, p)| p.head);
        if set.len() > MAX_SET_LEN && (right || left) {
            let (k, p) = &places[0];
            return Err(self.recursion_problem(
                set,
                *k,
                p,
                format!(
                    "; its {} rules recurse linearly, more than the {MAX_SET_LEN} the generator \
                 rewrites into repetitions",
                    set.len()
                ),
            ));
        }
        let side = match (right, left) {
            (true, _) => Side::Right,
            (false, true) => Side::Left,
            (false, false) => {
                let embeds = places.iter().find(|(_, p)| !p.head && !p.tail);
                let (k, p) = embeds.unwrap_or(&places[0]);
                let why = if embeds.is_some() {
                    let to = &self.rules[set[p.to]].name;
                    let name = &self.rules[set[*k]].name;
                    format!(
                        "; its reference to '{to}' here has input on both sides, so '{name}' \
                         nests, which no finite automaton matches; accept a bounded nesting \
                         with ';@ depth {name} N' (e.g. N = 3)"
                    )
                } else {
                    "; it recurses on the left in one place and on the right in another, \
                     which the generator does not rewrite into repetitions; write one side \
                     as a repetition, or bound it with a ';@ depth' pragma"
                        .to_string()
                };
                return Err(self.recursion_problem(set, *k, p, why));
            }
        };
        let n = set.len();
        let mut b: Vec<Vec<Option<Node>>> = Vec::with_capacity(n);
        let mut c: Vec<Node> = Vec::with_capacity(n);
        for &i in set {
            let (bi, ci) = self.split(&self.rules[i].node, &local, side, n);
            b.push(bi);
            c.push(ci);
        }
        let joined = |x: Node, y: Node| match side {
            Side::Right => cat(x, y),
            Side::Left => cat(y, x),
        };
        let mut total = 0usize;
        for k in 0..n {
            if let Some(bkk) = b[k][k].take() {
                let s = star(bkk);
                for slot in b[k].iter_mut() {
                    if let Some(bkj) = slot.take() {
                        *slot = Some(joined(s.clone(), bkj));
                    }
                }
                c[k] = joined(s, std::mem::replace(&mut c[k], fail(Span::default())));
            }
            let row_k = b[k].clone();
            for i in 0..n {
                if i == k {
                    continue;
                }
                let Some(x) = b[i][k].take() else { continue };
                for (j, bkj) in row_k.iter().enumerate() {
                    if let (false, Some(bkj)) = (j == k, bkj) {
                        let more = joined(x.clone(), bkj.clone());
                        b[i][j] = Some(match b[i][j].take() {
                            Some(have) => alt(have, more),
                            None => more,
                        });
                    }
                }
                let more = joined(x, c[k].clone());
                c[i] = alt(std::mem::replace(&mut c[i], fail(Span::default())), more);
                total = c.iter().map(size).sum::<usize>()
                    + b.iter().flatten().flatten().map(size).sum::<usize>();
                if total > MAX_SOLUTION_NODES {
                    break;
                }
            }
            if total > MAX_SOLUTION_NODES {
                let (k, p) = &places[0];
                return Err(self.recursion_problem(
                    set,
                    *k,
                    p,
                    format!(
                        "; its recursion is regular, but written with repetitions it is more \
                     than {MAX_SOLUTION_NODES} expression nodes"
                    ),
                ));
            }
        }
        for (k, &i) in set.iter().enumerate() {
            let span = self.rules[i].node.span;
            let mut solved = std::mem::replace(&mut c[k], fail(span));
            solved.span = span;
            self.rules[i].node = solved;
        }
        Ok(())
    }

    /// The problem of a recursive set, at the reference `place` in the
    /// set's rule `k`: `rule 'k' is recursive: k -> to -> ... -> k`, then
    /// `why`.
    fn recursion_problem(
        &self,
        set: &[usize],
        k: usize,
        place: &Place,
        why: String,
    ) -> RuleProblem {
        // The shortest path inside the set from the rule referred to back
        // to the rule holding the reference.
        let local: HashMap<usize, usize> = set.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        let edges = self.edges();
        let (from, to) = (place.to, k);
        let mut prev = vec![usize::MAX; set.len()];
        let mut queue = std::collections::VecDeque::from([from]);
        prev[from] = from;
        while let Some(v) = queue.pop_front() {
            if v == to {
                break;
            }
            for &w in &edges[set[v]] {
                if let Some(&lw) = local.get(&w) {
                    if prev[lw] == usize::MAX {
                        prev[lw] = v;
                        queue.push_back(lw);
                    }
                }
            }
        }
        let mut back = vec![to];
        let mut v = to;
        while v != from && prev[v] != usize::MAX && back.len() <= set.len() {
            v = prev[v];
            back.push(v);
        }
        back.reverse();
        let mut path = vec![k];
        path.extend(back);
        let names: Vec<&str> = path
            .iter()
            .map(|&v| self.rules[set[v]].name.as_str())
            .collect();
        RuleProblem {
            rule: set[k],
            span: place.span,
            message: format!(
                "rule '{}' is recursive: {}{why}",
                self.rules[set[k]].name,
                names.join(" -> ")
            ),
        }
    }
}
