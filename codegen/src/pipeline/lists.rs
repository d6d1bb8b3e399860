//! Beside stages 2 and 4: list regions, the repetitions whose items hold
//! captures, and the proof that their items can be found again at run
//! time (Note [repeated captures]).
//!
//! Principal functions: [`regions`] (which repetitions of a grammar are
//! lists), [`cut`] (an entry's expression without its lists' insides, and
//! each list's item expression), [`prove`] (re-running the item tables
//! cuts every region exactly as the whole machine's parse does).

use crate::pipeline::abnf::{Grammar, Node, NodeKind};
use crate::pipeline::lowered::{Component, Lowered};
use crate::pipeline::{nfa, tables, tdfa};
use crate::support::diag::Span;
use regex_syntax::hir::{Capture, Hir, HirKind, Repetition};
use std::collections::{BTreeMap, HashMap, VecDeque};
use uridfa_runtime::Op;

// Note [repeated captures]
//
// A DFA keeps finitely many positions, so a capture under a repetition
// (RFC 6068's `to = addr-spec *("," addr-spec)`) cannot have a register per
// occurrence; re2c's m-tags keep them all on a heap, which the runtime has
// not. Two levels do it without one:
//
// 1. Every repetition of the grammar (`*x`, `1*x`, `2x`; not `[x]`) whose
//    repeated part reaches a captured rule is a *list region*: a capture
//    of its own (a component with `region` set, named `*RULE` after the
//    rule that holds it), around the whole repetition. In the entry's
//    machine the captures inside the repetition are dropped: the machine
//    fixes only the region's span. The components the region reaches are
//    `repeated`.
// 2. The repeated part, with its captures, is lowered as an *item machine*
//    of its own (same components, so same capture indices). At run time
//    `uridfa_runtime::items` cuts the region into items, each the longest
//    prefix of what is left that the item machine accepts, and each item
//    is split with the item machine.
//
// That is exact when the cut is the one the entry's leftmost-first parse
// made. Fix a region's span: the parse's choices inside it are the
// highest-priority parse of `x{min,max}` over that span (any better one
// could replace them and the rest would stay valid), so its first item is
// where the first iteration of `(x) x{min-1,max-1}` ends on the region,
// and the rest of the region is again such a parse, one bound lower. And
// inside one item, the captures the parse chose are the item machine's
// reading of the item, for the same reason. So it suffices that, for
// every word w of `(x) x{min-k,max-k}` (k = 1, 2, ... as long as the
// bounds differ), the first group's end is the longest prefix of w in x.
// `prove` decides exactly that, on the tagged DFA of `(x) x{..}` and the
// plain DFA of x run side by side: the product state holds, besides the
// two states, which registers equal the longest-prefix candidate so far
// (a register set to `pos` equals it when x accepts here; every register
// stops equalling it when x accepts again further on; copies copy). At an
// accepting state the first group's end register must equal it. A
// breadth-first search finds the shortest w that breaks it, which the
// error shows with both cuts. The search is bounded (`MAX_PROOF_STATES`);
// past the bound the grammar is refused too, saying the proof did not
// finish.
//
// A repeated part that can match the empty string is refused (its items
// could not be told apart).
//
// A list inside a list's item (RFC 9110's `#elem` with `elem = token
// *( ";" param )`) is the same again one level down: the item machine has
// list regions of its own, cut out of its expression as the entry's are
// out of the entry's, each with an item machine of its own, and so on, at
// most MAX_LIST_DEPTH levels (past it the repetition is refused where it
// is written). The proof is made at every level for the level's own
// machine: the item machine's parse of one item is the entry's parse of
// that item (the argument above), so an inner list proved against the
// item machine is cut as the entry's parse cut it. At run time the items
// of an inner region are read from the split of the outer item that
// holds it (`List::lists` in the runtime).

/// The most product states [`prove`] explores for one list.
pub const MAX_PROOF_STATES: usize = 1 << 18;

/// The most bound pairs [`prove`] checks for one counted repetition
/// (`1*40x` would need 40 proofs).
pub const MAX_PROOF_BOUNDS: usize = 16;

/// A list region of a grammar: a repetition whose repeated part reaches a
/// captured rule.
#[derive(Clone, Debug)]
pub struct Region {
    /// The repetition's node.
    pub span: Span,
    /// The rule that holds it.
    pub rule: usize,
    /// The components the repeated part reaches, in index order.
    pub reaches: Vec<usize>,
}

/// The list regions of `g`, in rule order then source order, given which
/// lower-case rule names are captured (`captured`, as the lowerer keeps
/// it) among `component_len` components; `order` and `refs` are
/// [`RuleSizes::order`](crate::pipeline::lower::RuleSizes::order) and
/// [`RuleSizes::refs`](crate::pipeline::lower::RuleSizes::refs).
pub fn regions(
    g: &Grammar,
    order: &[usize],
    refs: &[Vec<usize>],
    captured: &BTreeMap<String, usize>,
    component_len: usize,
) -> Vec<Region> {
    let words = component_len.div_ceil(64).max(1);
    // For each rule, the components it reaches (itself included), as bits.
    let mut reach: Vec<Vec<u64>> = vec![vec![0; words]; g.rules.len()];
    for &v in order {
        let mut bits = vec![0u64; words];
        if let Some(&c) = captured.get(&g.rules[v].name.to_ascii_lowercase()) {
            bits[c / 64] |= 1 << (c % 64);
        }
        for &w in &refs[v] {
            for (b, r) in bits.iter_mut().zip(&reach[w]) {
                *b |= r;
            }
        }
        reach[v] = bits;
    }
    let mut out = Vec::new();
    for (i, rule) in g.rules.iter().enumerate() {
        find(g, &reach, &rule.node, i, words, &mut out);
    }
    out
}

/// Pushes the regions of `n` (in rule `rule`) to `out`, and returns the
/// components `n` reaches.
fn find(
    g: &Grammar,
    reach: &[Vec<u64>],
    n: &Node,
    rule: usize,
    words: usize,
    out: &mut Vec<Region>,
) -> Vec<u64> {
    let mut bits = vec![0u64; words];
    let add = |bits: &mut Vec<u64>, other: &[u64]| {
        for (b, o) in bits.iter_mut().zip(other) {
            *b |= o;
        }
    };
    match &n.kind {
        NodeKind::Alt(xs) | NodeKind::Concat(xs) => {
            for x in xs {
                let sub = find(g, reach, x, rule, words, out);
                add(&mut bits, &sub);
            }
        }
        NodeKind::Repeat { max, node, .. } => {
            // This region goes before the regions nested in it (pushed
            // while its repeated part was walked); `lower` refuses those
            // as lists inside a list.
            let here = out.len();
            let sub = find(g, reach, node, rule, words, out);
            add(&mut bits, &sub);
            let listed = !matches!(max, Some(0) | Some(1));
            if listed && sub.iter().any(|&w| w != 0) {
                let reaches = (0..words * 64)
                    .filter(|&c| sub[c / 64] >> (c % 64) & 1 == 1)
                    .collect();
                out.insert(
                    here,
                    Region {
                        span: n.span,
                        rule,
                        reaches,
                    },
                );
            }
        }
        NodeKind::Rule(name) => {
            if let Some(r) = g.rule_index(name).and_then(|i| reach.get(i)) {
                add(&mut bits, r);
            }
        }
        NodeKind::Str { .. } | NodeKind::Seq(_) | NodeKind::Range(..) => {}
    }
    bits
}

/// Capture groups renumbered: for group `g` (1-based), its component
/// (`component[g - 1]`) and its reference (`reference[g - 1]`, the
/// lowerer's index for messages).
#[derive(Clone, Debug, Default)]
pub struct Groups {
    /// Each group's component.
    pub component: Vec<usize>,
    /// Each group's rule reference (see the lowerer's `refs`).
    pub reference: Vec<u32>,
}

impl Groups {
    fn push(&mut self, component: usize, reference: u32) -> u32 {
        self.component.push(component);
        self.reference.push(reference);
        self.component.len() as u32
    }
}

/// How deep lists may nest: a list inside an item of a list inside an
/// item of ... counts one level each (the entry's own lists are level 1).
/// Past it, a region is refused at its repetition. The runtime's bound
/// ([`uridfa_runtime::MAX_LIST_DEPTH`]), so that walks of the lists keep
/// one frame per level.
pub const MAX_LIST_DEPTH: usize = uridfa_runtime::MAX_LIST_DEPTH;

/// One list cut out of an expression by [`cut`].
#[derive(Clone, Debug)]
pub struct Cut {
    /// The region's component.
    pub region: usize,
    /// The repetition's bounds.
    pub min: u32,
    /// (`None`: unbounded.)
    pub max: Option<u32>,
    /// The repeated part, its groups renumbered from 1.
    pub hir: Hir,
    /// Its groups.
    pub groups: Groups,
    /// The lists cut out of the repeated part (lists inside this list's
    /// items), in capture-group order.
    pub lists: Vec<Cut>,
}

/// `hir` (whose groups map to components and references as `old` says)
/// with the inside of every list region replaced by the same expression
/// without captures, its groups renumbered in pre-order (`new`); each
/// region's repeated part goes to `lists`, itself cut the same way (its
/// own lists in [`Cut::lists`]), `depth` being the level of the lists cut
/// here (1 for an entry's). A region past [`MAX_LIST_DEPTH`] is not cut
/// (there `lists` is `None`): its component goes to `nested`.
pub fn cut(
    hir: &Hir,
    old: &Groups,
    is_region: &dyn Fn(usize) -> bool,
    new: &mut Groups,
    mut lists: Option<&mut Vec<Cut>>,
    nested: &mut Vec<usize>,
    depth: usize,
) -> Hir {
    if hir.properties().explicit_captures_len() == 0 {
        return hir.clone();
    }
    match hir.kind() {
        HirKind::Capture(cap) => {
            let k = cap.index as usize - 1;
            let (component, reference) = (old.component[k], old.reference[k]);
            if is_region(component) {
                if let (Some(out), HirKind::Repetition(rep)) =
                    (lists.as_deref_mut(), cap.sub.kind())
                {
                    let index = new.push(component, reference);
                    let mut groups = Groups::default();
                    // `n[x]` (each iteration optional) lists the x's as
                    // `0*n x` does: an empty iteration captures nothing,
                    // and the items are the iterations that are not empty.
                    let (min, body) = match rep.sub.kind() {
                        HirKind::Repetition(opt)
                            if opt.min == 0 && opt.max == Some(1) && opt.greedy == rep.greedy =>
                        {
                            (0, &*opt.sub)
                        }
                        _ => (rep.min, &*rep.sub),
                    };
                    let mut inner = Vec::new();
                    let deeper = (depth < MAX_LIST_DEPTH).then_some(&mut inner);
                    let item = cut(body, old, is_region, &mut groups, deeper, nested, depth + 1);
                    // A rule referenced from two places (RFC 3986's
                    // `path-abempty` in `hier-part` and `relative-part`)
                    // cuts the same region twice, with the same item: one
                    // list, or its items would be read twice.
                    if !out.iter().any(|c| c.region == component) {
                        out.push(Cut {
                            region: component,
                            min,
                            max: rep.max,
                            hir: item,
                            groups,
                            lists: inner,
                        });
                    }
                    return Hir::capture(Capture {
                        index,
                        name: None,
                        sub: Box::new(Hir::repetition(Repetition {
                            sub: Box::new(strip(&rep.sub)),
                            ..rep.clone()
                        })),
                    });
                }
                nested.push(component);
            }
            let index = new.push(component, reference);
            let sub = cut(&cap.sub, old, is_region, new, lists, nested, depth);
            Hir::capture(Capture {
                index,
                name: None,
                sub: Box::new(sub),
            })
        }
        _ => rebuild(hir, |x| {
            cut(x, old, is_region, new, lists.as_deref_mut(), nested, depth)
        }),
    }
}

/// `hir` with its children (of a concatenation, an alternation or a
/// repetition) replaced by `f` of each, in order; any other node as it is.
/// The tree walks of this module differ only at capture groups.
fn rebuild(hir: &Hir, mut f: impl FnMut(&Hir) -> Hir) -> Hir {
    match hir.kind() {
        HirKind::Concat(xs) => Hir::concat(xs.iter().map(&mut f).collect()),
        HirKind::Alternation(xs) => Hir::alternation(xs.iter().map(&mut f).collect()),
        HirKind::Repetition(rep) => Hir::repetition(Repetition {
            sub: Box::new(f(&rep.sub)),
            ..rep.clone()
        }),
        _ => hir.clone(),
    }
}

/// `hir` without capture groups.
pub fn strip(hir: &Hir) -> Hir {
    if hir.properties().explicit_captures_len() == 0 {
        return hir.clone();
    }
    match hir.kind() {
        HirKind::Capture(cap) => strip(&cap.sub),
        _ => rebuild(hir, strip),
    }
}

/// Why [`prove`] refused a list.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProofError {
    /// The repeated part matches the empty string.
    EmptyItem,
    /// A counted repetition with more than [`MAX_PROOF_BOUNDS`] bound
    /// pairs to check.
    TooManyBounds(u32),
    /// A region on which the longest-prefix cut differs from the parse:
    /// the region's text, where the parse ends its first item, and where
    /// the longest prefix does (`None`: no prefix of it is an item).
    Differs {
        /// The region's text (a shortest one).
        region: Vec<u8>,
        /// The first item's end in the machine's reading.
        parse: Option<usize>,
        /// The first item's end when the items are cut again.
        longest: Option<usize>,
    },
    /// The search passed [`MAX_PROOF_STATES`] product states.
    Unfinished,
    /// A stage failed on the proof's own machine (state budget...).
    Stage(String),
}

impl std::fmt::Display for ProofError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProofError::EmptyItem => f.write_str(
                "its repeated part can match the empty string, so its items cannot be told apart",
            ),
            ProofError::TooManyBounds(m) => write!(
                f,
                "a counted repetition of up to {m} items with captures needs a proof per bound \
                 (at most {MAX_PROOF_BOUNDS}); write it with '*'"
            ),
            ProofError::Differs {
                region,
                parse,
                longest,
            } => {
                let text = String::from_utf8_lossy(region);
                let show = |end: &Option<usize>| match end {
                    Some(e) => format!("{:?}", String::from_utf8_lossy(&region[..*e])),
                    None => "no item".to_string(),
                };
                write!(
                    f,
                    "its items cannot be found again after the match: in the list {text:?} the \
                     grammar reads the first item as {}, but the longest prefix that is an item \
                     is {}; make the items self-delimiting (for example, a separator that \
                     cannot occur inside an item)",
                    show(parse),
                    show(longest)
                )
            }
            ProofError::Unfinished => write!(
                f,
                "the proof that its items can be found again after the match did not finish \
                 within {MAX_PROOF_STATES} states, so it is refused"
            ),
            ProofError::Stage(e) => write!(f, "its proof failed: {e}"),
        }
    }
}

/// Proves that cutting a region of the list `item` repeated `min..=max`
/// times into longest-prefix items gives the items of the leftmost-first
/// parse (Note [repeated captures]). `item_dfa` is the item machine's
/// DFA (its tags are ignored); `budget` bounds each proof machine's states.
///
/// # Errors
///
/// A [`ProofError`] saying why not, with a shortest region that shows it.
pub fn prove(
    item: &Hir,
    min: u32,
    max: Option<u32>,
    item_dfa: &tdfa::Tdfa,
    lowered: &Lowered,
    budget: usize,
) -> Result<(), ProofError> {
    let plain = strip(item);
    if plain.properties().minimum_len().is_none_or(|m| m == 0) {
        return Err(ProofError::EmptyItem);
    }
    let mut bounds = Vec::new();
    for k in 1u32.. {
        let rest = (min.saturating_sub(k), max.map(|m| m - k));
        if bounds.last() == Some(&rest) {
            break;
        }
        bounds.push(rest);
        if bounds.len() > MAX_PROOF_BOUNDS {
            return Err(ProofError::TooManyBounds(max.unwrap_or(min)));
        }
        if max == Some(k) {
            break;
        }
    }
    for (rmin, rmax) in bounds {
        let rest = if rmax == Some(0) {
            Hir::empty()
        } else {
            Hir::repetition(Repetition {
                min: rmin,
                max: rmax,
                greedy: true,
                sub: Box::new(plain.clone()),
            })
        };
        let hir = Hir::concat(vec![
            Hir::capture(Capture {
                index: 1,
                name: None,
                sub: Box::new(plain.clone()),
            }),
            rest,
        ]);
        let proof = Lowered {
            rule: lowered.rule.clone(),
            span: lowered.span,
            hir,
            components: vec![Component {
                name: "item".into(),
                kind_of: None,
                after: false,
                region: false,
                repeated: false,
            }],
            group_component: vec![0],
            named_sets: lowered.named_sets.clone(),
            utf8: lowered.utf8,
            after: Vec::new(),
            lists: Vec::new(),
            whole: None,
            shared: None,
            nesting: None,
        };
        let n = nfa::compile(&proof).map_err(|e| ProofError::Stage(e.to_string()))?;
        let t =
            tdfa::determinize(&n, &[0], 1, budget).map_err(|e| ProofError::Stage(e.to_string()))?;
        match search(&t, item_dfa) {
            Outcome::Proved => {}
            Outcome::Unfinished => return Err(ProofError::Unfinished),
            Outcome::Differs(region) => {
                let parse = first_item_end(&t, &proof, &region);
                let longest = longest_prefix(item_dfa, &region);
                return Err(ProofError::Differs {
                    region,
                    parse,
                    longest,
                });
            }
        }
    }
    Ok(())
}

/// What [`search`] found.
enum Outcome {
    Proved,
    /// A shortest region on which the first group's end is not the
    /// longest prefix the item DFA accepts.
    Differs(Vec<u8>),
    /// [`MAX_PROOF_STATES`] passed.
    Unfinished,
}

/// The product search of Note [repeated captures] over the proof machine
/// `t` and the item DFA `x`.
fn search(t: &tdfa::Tdfa, x: &tdfa::Tdfa) -> Outcome {
    let regs = t.reg_len as usize;
    let end_reg = usize::from(t.final_regs.get(1).copied().unwrap_or(0));
    // Byte pairs: one representative per (class in t, class in x).
    let mut reps: Vec<u8> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    // Readable witnesses: lower-case letters and digits first (a
    // case-insensitive string gives `[Aa]` one class), then the rest.
    let printable = (b'a'..=b'z')
        .chain(b'0'..=b'9')
        .chain(0x21u8..=0x7e)
        .chain(0u8..=0x20)
        .chain(0x7f..=0xff);
    for b in printable {
        if seen.insert((t.classes.map[usize::from(b)], x.classes.map[usize::from(b)])) {
            reps.push(b);
        }
    }
    type Key = (usize, Option<usize>, Vec<bool>);
    let start: Key = (t.start, Some(x.start), vec![false; regs]);
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut nodes: Vec<(Key, usize, u8)> = Vec::new();
    index.insert(start.clone(), 0);
    nodes.push((start, usize::MAX, 0));
    let mut queue = VecDeque::from([0usize]);
    let accepts = |s: Option<usize>| s.is_some_and(|s| x.states[s].fin.is_some());
    let apply = |eq: &mut [bool], ops: &[Op], here: bool| {
        for op in ops {
            let v = match op.src {
                Op::POS => here,
                Op::NIL => false,
                r => eq.get(usize::from(r)).copied().unwrap_or(false),
            };
            if let Some(d) = eq.get_mut(usize::from(op.dst)) {
                *d = v;
            }
        }
    };
    let path = |nodes: &Vec<(Key, usize, u8)>, mut k: usize| {
        let mut w = Vec::new();
        while nodes[k].1 != usize::MAX {
            w.push(nodes[k].2);
            k = nodes[k].1;
        }
        w.reverse();
        w
    };
    while let Some(k) = queue.pop_front() {
        let ((ts, xs, eq), _, _) = nodes[k].clone();
        let here = accepts(xs);
        if let Some(fin) = &t.states[ts].fin {
            let mut e = eq.clone();
            apply(&mut e, fin, here);
            if !e.get(end_reg).copied().unwrap_or(false) {
                return Outcome::Differs(path(&nodes, k));
            }
        }
        for &b in &reps {
            let Some(tr) = &t.states[ts].next[usize::from(t.classes.map[usize::from(b)])] else {
                continue;
            };
            let mut e = eq.clone();
            apply(&mut e, &tr.ops, here);
            let xn = xs.and_then(|s| {
                x.states[s].next[usize::from(x.classes.map[usize::from(b)])]
                    .as_ref()
                    .map(|n| n.target)
            });
            if accepts(xn) {
                e.iter_mut().for_each(|v| *v = false);
            }
            let key = (tr.target, xn, e);
            if !index.contains_key(&key) {
                if nodes.len() >= MAX_PROOF_STATES {
                    return Outcome::Unfinished;
                }
                index.insert(key.clone(), nodes.len());
                nodes.push((key, k, b));
                queue.push_back(nodes.len() - 1);
            }
        }
    }
    Outcome::Proved
}

/// Where the first group of the proof machine `t` ends on `w`, by its
/// tables and the run time's split.
fn first_item_end(t: &tdfa::Tdfa, lowered: &Lowered, w: &[u8]) -> Option<usize> {
    let buf = tables::build(t, lowered);
    uridfa_runtime::split::<1>(&buf.as_tables(), w)
        .ok()?
        .get(0)
        .map(|s| s.1)
}

/// The longest non-empty prefix of `w` that the DFA `x` accepts.
fn longest_prefix(x: &tdfa::Tdfa, w: &[u8]) -> Option<usize> {
    let mut s = x.start;
    let mut best = None;
    for (i, &b) in w.iter().enumerate() {
        match &x.states[s].next[usize::from(x.classes.map[usize::from(b)])] {
            Some(tr) => s = tr.target,
            None => break,
        }
        if x.states[s].fin.is_some() {
            best = Some(i + 1);
        }
    }
    best
}

/// `hir` (groups as `old` says) without the capture groups of list regions,
/// the others renumbered in pre-order into `new`: the expression as the
/// grammar wrote it, for the ambiguity check (Note [repeated captures]).
pub fn without_regions(
    hir: &Hir,
    old: &Groups,
    is_region: &dyn Fn(usize) -> bool,
    new: &mut Groups,
) -> Hir {
    if hir.properties().explicit_captures_len() == 0 {
        return hir.clone();
    }
    match hir.kind() {
        HirKind::Capture(cap) => {
            let k = cap.index as usize - 1;
            let (component, reference) = (old.component[k], old.reference[k]);
            if is_region(component) {
                return without_regions(&cap.sub, old, is_region, new);
            }
            let index = new.push(component, reference);
            Hir::capture(Capture {
                index,
                name: None,
                sub: Box::new(without_regions(&cap.sub, old, is_region, new)),
            })
        }
        _ => rebuild(hir, |x| without_regions(x, old, is_region, new)),
    }
}
