//! Stage 2: lower one entry rule of a [`Grammar`] into a
//! `regex_syntax::hir::Hir`.
//!
//! Rules are inlined (what an entry reaches is not recursive,
//! [`crate::pipeline::abnf`] checks that, and [`lower_with`] refuses an
//! entry that reaches a rule with a problem). Every occurrence of a captured rule becomes its own capture group;
//! [`Lowered::group_component`] maps groups back to component names, so one
//! component (`path`) can stand over several rules. Alternation keeps the
//! file's order, repetition is greedy: with leftmost-first matching this is
//! the "first match wins" reading RFC 3986 gives `host`.
//!
//! Principal types: [`Lowered`], [`Component`], [`NamedSet`].
//!
//! Note [expansion limit]
//! Inlining copies a rule at every reference, and a Thompson NFA cannot
//! share one copy between two references either (each continues
//! differently), so `r0 = r1 r1`, `r1 = r2 r2`, ... `r40 = "a"` stands for
//! 2^40 bytes: no machine exists, the only question is how fast we say so.
//! Before lowering, [`RuleSizes`] computes, bottom-up over the rule graph in
//! linear time, how many expression nodes each rule becomes once inlined
//! (saturating). An entry or encode-set rule above [`MAX_EXPANSION`] nodes is
//! refused with an error at the innermost rule that crosses the limit, so
//! memory and time stay proportional to the limit, never to the expansion.
//! (The alternation form, `r0 = r1 / r1` and so on, only ever matches "a";
//! in a grammar without captures it is built with each rule once, Note
//! [rules built once], and with captures it is refused the same way.) The largest built-in entry,
//! RFC 1738's `url`, is 29,066 nodes, 1/36 of the limit
//! (`codegen/tests/bounded.rs` checks that all stay below 1/16).
//!
//! Only the entry rule and the rules it reaches are inlined into its
//! expression. The expected-byte sets for error messages ([`NamedSet`])
//! come from every rule of the grammar whose longest match is at most 4
//! bytes, as they always did (the generated texts name such rules even
//! when no entry reaches them): a bottom-up pass picks them without
//! lowering anything, each is lowered once per grammar and at most
//! [`MAX_NAMED_SET_NODES`] nodes, and all of them at most
//! [`MAX_NAMED_SET_WORK`].

pub use crate::pipeline::lowered::{Component, List, Lowered, NamedSet};
pub use crate::pipeline::sizes::RuleSizes;

use crate::pipeline::abnf::{user_rule_name, Grammar, Node, NodeKind};
use crate::support::diag::{Diagnostics, Span};
use regex_syntax::hir::{
    Capture, Class, ClassBytes, ClassBytesRange, ClassUnicode, ClassUnicodeRange, Hir, HirKind,
    Repetition,
};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

// Note [kinds after the match]
//
// `host = IP-literal / IPv4address / reg-name` is ambiguous: every
// IPv4address is also a reg-name, and the alternatives' order says which
// one a host is. Tagging both rules makes the machine carry that decision
// along every host byte, counting dec-octets beside the reg-name states:
// in RFC 3986's URI-reference that was 49 of 238 states (13,846 table
// bytes then, 11,055 with the two kinds decided after the match, their
// DFAs included), for a question about a dozen bytes that the match has
// already delimited. `;@ kind-after host = IPv4address / reg-name`
// moves the question after the match. The kinds it lists are captures
// (with tag slots, `kind_of` and accessors as before), but their rules are
// not tagged in the entry's machine; instead each gets a small plain DFA
// of its own (`tables::after_kinds`), and the run time, once the match
// has fixed the parent's span, sets the first listed kind whose machine
// accepts the parent's whole span to that span (`uridfa_runtime`'s Note
// [kinds after the match]). A kind decided that way always spans its
// parent, and so it is only right for a kind that is a whole alternative
// of its parent: an `IPv4address` inside an IPv6 literal is no longer
// reported as one.

/// The ways lowering can fail (reported as diagnostics by [`lower`]).
struct Lowerer<'g> {
    grammar: &'g Grammar,
    /// lower-case rule name → component index
    captured: BTreeMap<String, usize>,
    group_component: Vec<usize>,
    errors: Vec<(Span, String)>,
    depth: usize,
    /// Open [`Lowerer::node`] calls.
    nesting: usize,
    /// Whether [`MAX_NESTING`] was reported.
    too_deep: bool,
    /// Every inlined rule reference: the reference it sits in (`u32::MAX`
    /// for the entry), the rule's index and the reference's span, so that
    /// a capture group's place can be named (Note [one place per capture]).
    refs: Vec<(u32, usize, Span)>,
    /// The open reference (an index into `refs`, `u32::MAX` at the entry).
    open: u32,
    /// For each capture group (0-based), its reference in `refs`.
    group_ref: Vec<u32>,
    /// The list regions of the grammar: a repetition's node span → its
    /// component (Note [repeated captures]).
    regions: HashMap<Span, usize>,
    /// When the entry is lowered with rules built once (Note [rules built
    /// once]): the rules' inlined sizes, each shared rule's index in
    /// `shared`, and the shared rules' expressions.
    share: Option<Sharing>,
    /// When lowering the probe of Note [the nesting limit in messages]:
    /// the cut references' spans, each with its index in
    /// `Grammar::nesting_cuts`, and whether it was reached.
    probe: Option<(HashMap<Span, usize>, Vec<bool>)>,
    /// Inside the extra level of the probe, where cuts match nothing.
    probe_off: bool,
}

/// The state of a lowering with rules built once (Note [rules built once]).
struct Sharing {
    nodes: Vec<u64>,
    index: HashMap<(usize, bool), usize>,
    shared: Vec<Hir>,
}

/// The fewest expression nodes a rule must expand to for a lowering with
/// rules built once to share it rather than inline it.
const MIN_SHARED_NODES: u64 = 32;

/// A limit on inlining depth: rules may nest at most this deep below an
/// entry. Deeper nesting is an error, which also keeps the recursive stages
/// (this one, the Thompson compiler) within their stack.
const MAX_DEPTH: usize = 256;

/// The deepest an expression may nest once rules are inlined, counting
/// every element and rule reference on the way down. The stages after this
/// one (regex-syntax's properties, the Thompson compiler) recurse on the
/// expression, so this bounds their stack: `[[[...r1...]]]` 60 deep in each
/// of 250 nested rules overflowed it.
pub const MAX_NESTING: usize = 1024;

/// The most expression nodes an entry may expand to once its rules are
/// inlined (see Note [expansion limit]).
pub const MAX_EXPANSION: u64 = 1 << 20;

/// A rule larger than this, once inlined, names no expected-byte set.
pub const MAX_NAMED_SET_NODES: u64 = 1 << 12;

impl<'g> Lowerer<'g> {
    /// A lowerer of `grammar` that tags the rules in `captured` (lower-case
    /// rule name → component), starting with `errors`.
    fn new(
        grammar: &'g Grammar,
        captured: BTreeMap<String, usize>,
        errors: Vec<(Span, String)>,
    ) -> Lowerer<'g> {
        Lowerer {
            grammar,
            captured,
            group_component: Vec::new(),
            errors,
            depth: 0,
            nesting: 0,
            too_deep: false,
            refs: Vec::new(),
            open: u32::MAX,
            group_ref: Vec::new(),
            regions: HashMap::new(),
            share: None,
            probe: None,
            probe_off: false,
        }
    }
}

impl Lowerer<'_> {
    /// Whether a cut lowers as the probe's extra level (Note [the nesting
    /// limit in messages]).
    fn probing(&self) -> bool {
        self.probe.is_some() && !self.probe_off
    }

    /// Lowers `n`, refusing to nest deeper than [`MAX_NESTING`] (reported
    /// once, at the node that crosses it).
    fn node(&mut self, n: &Node) -> Hir {
        if self.nesting >= MAX_NESTING {
            if !self.too_deep {
                self.too_deep = true;
                self.errors.push((
                    n.span,
                    format!(
                        "expression nests deeper than {MAX_NESTING} levels once the rules \
                         it references are inlined"
                    ),
                ));
            }
            return Hir::fail();
        }
        self.nesting += 1;
        let h = self.node_inner(n);
        self.nesting -= 1;
        h
    }

    fn node_inner(&mut self, n: &Node) -> Hir {
        match &n.kind {
            NodeKind::Alt(alts) if alts.is_empty() && self.probing() => {
                let probe = self.probe.as_mut().expect("probe");
                match probe.0.get(&n.span).copied() {
                    Some(k) => {
                        // Note [the nesting limit in messages]: one level
                        // more, the deepest level's copy once again, its
                        // own cut matching nothing.
                        probe.1[k] = true;
                        let cut = &self.grammar.nesting_cuts[k];
                        let name = match cut.depth {
                            1 => cut.rule.clone(),
                            d => format!("{}@{d}", cut.rule),
                        };
                        self.probe_off = true;
                        let h = self.rule_ref(&name, n.span);
                        self.probe_off = false;
                        h
                    }
                    None => Hir::fail(),
                }
            }
            NodeKind::Alt(alts) => Hir::alternation(alts.iter().map(|a| self.node(a)).collect()),
            NodeKind::Concat(xs) => Hir::concat(xs.iter().map(|x| self.node(x)).collect()),
            NodeKind::Repeat { min, max, node } => {
                // Note [repeated captures]: a list region is a capture
                // group around the repetition, numbered before the groups
                // inside it (pre-order).
                let region = match max {
                    Some(0) => None,
                    _ => self.regions.get(&n.span).copied(),
                };
                let group = region.map(|c| {
                    self.group_component.push(c);
                    self.group_ref.push(self.open);
                    self.group_component.len() as u32
                });
                let sub = self.node(node);
                if *max == Some(0) {
                    return Hir::empty();
                }
                let rep = Hir::repetition(Repetition {
                    min: *min,
                    max: *max,
                    greedy: true,
                    sub: Box::new(sub),
                });
                match group {
                    Some(index) => Hir::capture(Capture {
                        index,
                        name: None,
                        sub: Box::new(rep),
                    }),
                    None => rep,
                }
            }
            NodeKind::Rule(name) => self.rule_ref(name, n.span),
            NodeKind::Str {
                text,
                case_sensitive,
            } => Hir::concat(
                text.iter()
                    .map(|&b| {
                        if !case_sensitive && b.is_ascii_alphabetic() {
                            let (l, u) = (b.to_ascii_lowercase(), b.to_ascii_uppercase());
                            Hir::class(Class::Bytes(ClassBytes::new([
                                ClassBytesRange::new(u, u),
                                ClassBytesRange::new(l, l),
                            ])))
                        } else {
                            Hir::literal([b])
                        }
                    })
                    .collect(),
            ),
            NodeKind::Range(lo, hi) => self.range(*lo, *hi, n.span),
            NodeKind::Seq(vals) => {
                Hir::concat(vals.iter().map(|&v| self.range(v, v, n.span)).collect())
            }
        }
    }

    fn range(&mut self, lo: u32, hi: u32, span: Span) -> Hir {
        if hi <= 0x7F || (!self.grammar.utf8 && hi <= 0xFF) {
            // Both bounds fit a byte: checked just above.
            let (lo, hi) = (lo as u8, hi as u8);
            return Hir::class(Class::Bytes(ClassBytes::new([ClassBytesRange::new(
                lo, hi,
            )])));
        }
        if !self.grammar.utf8 {
            self.errors.push((
                span,
                format!("value %x{hi:X} does not fit a byte; add ';@ charset utf-8'"),
            ));
            return Hir::fail();
        }
        // Code points, UTF-8 encoded by the NFA compiler. Surrogates are not
        // characters, so they are left out of any range that spans them.
        let mut ranges = Vec::new();
        for (a, b) in [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi)] {
            if a <= b {
                if let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(b)) {
                    ranges.push(ClassUnicodeRange::new(a, b));
                }
            }
        }
        if ranges.is_empty() {
            self.errors.push((
                span,
                format!("%x{lo:X}-{hi:X} holds no Unicode scalar value"),
            ));
            return Hir::fail();
        }
        Hir::class(Class::Unicode(ClassUnicode::new(ranges)))
    }

    fn rule_ref(&mut self, name: &str, span: Span) -> Hir {
        let Some(rule) = self.grammar.rule(name) else {
            self.errors.push((span, format!("unknown rule '{name}'")));
            return Hir::fail();
        };
        if self.depth >= MAX_DEPTH {
            self.errors.push((
                span,
                format!("rule '{name}' nests deeper than {MAX_DEPTH} levels"),
            ));
            return Hir::fail();
        }
        let component = self.captured.get(&name.to_ascii_lowercase()).copied();
        let index = self.grammar.rule_index(name).unwrap_or(usize::MAX);
        if let Some(share) = &self.share {
            let large = share
                .nodes
                .get(index)
                .is_some_and(|&n| n >= MIN_SHARED_NODES);
            if component.is_none() && large {
                // Inside the probe's extra level a rule lowers apart.
                let key = (index, self.probe_off);
                if let Some(&k) = share.index.get(&key) {
                    return crate::pipeline::lowered::shared_ref(k);
                }
                self.depth += 1;
                let sub = self.node(&rule.node);
                self.depth -= 1;
                let share = self.share.as_mut().expect("sharing");
                let k = share.shared.len();
                share.shared.push(sub);
                share.index.insert(key, k);
                return crate::pipeline::lowered::shared_ref(k);
            }
        }
        let here = self.refs.len() as u32;
        self.refs.push((self.open, index, span));
        // Capture indices are handed out in pre-order, as a regex parser
        // numbers its groups by their opening parenthesis.
        let group = component.map(|c| {
            self.group_component.push(c);
            self.group_ref.push(here);
            self.group_component.len() as u32
        });
        let outer = std::mem::replace(&mut self.open, here);
        self.depth += 1;
        let sub = self.node(&rule.node);
        self.depth -= 1;
        self.open = outer;
        match group {
            Some(index) => Hir::capture(Capture {
                index,
                name: None,
                sub: Box::new(sub),
            }),
            None => sub,
        }
    }
}

// Note [one place per capture]
//
// Captures are keyed by component: one start tag and one end tag each. If
// a captured rule is reached from two places that can both match in one
// input (RFC 3339's `time-hour`, in `partial-time` and again in
// `time-numoffset`), the second silently overwrites the first: `split
// --rule date-time 1996-12-19T16:39:57-08:00` gave time-hour `08`. So a
// component may occur in one place only, up to alternatives: two capture
// groups of one component conflict when the innermost expression holding
// both is a concatenation (both can match), or when one holds the other;
// under an alternation at most one of them matches, which is how
// `capture path = path-abempty / path-absolute / ...` and RFC 3986's
// `authority` in both `hier-part` and `relative-part` stay legal. A
// repetition of one place reports its last match, as documented.
// `Lowerer::check_one_place` finds, per component, the first conflicting
// pair, bottom-up over the expression (subtrees without capture groups are
// skipped through regex-syntax's properties), and names both places by
// their chain of rules. The fix it offers: a rule of its own, with the
// same definition, for one of the places.

impl Lowerer<'_> {
    /// Reports every component captured in two places that can both match
    /// (Note [one place per capture]).
    fn check_one_place(&mut self, hir: &Hir, components: &[Component]) {
        let mut conflicts = BTreeMap::new();
        self.places(hir, &mut conflicts);
        for (c, (first, second)) in conflicts {
            let name = &components[c].name;
            let place = |g: u32| self.place(self.group_ref[g as usize - 1]);
            let (first_path, first_span) = place(first);
            let (second_path, second_span) = place(second);
            let (_, rule, _) = self.refs[self.group_ref[second as usize - 1] as usize];
            let (parent, _, _) = self.refs[self.group_ref[second as usize - 1] as usize];
            let rule_name = self
                .grammar
                .rules
                .get(rule)
                .map_or("?", |r| r.name.as_str());
            let parent_name = self
                .refs
                .get(parent as usize)
                .and_then(|&(_, p, _)| self.grammar.rules.get(p))
                .map_or(rule_name, |r| r.name.as_str());
            let (rule_name, parent_name) = (user_rule_name(rule_name), user_rule_name(parent_name));
            let text = self.grammar.rule_text(rule_name);
            let rhs = text.split_once('=').map_or("", |(_, r)| r.trim());
            let new_rule = format!("{parent_name}-{rule_name}");
            let example = if rhs.is_empty() || rhs.len() > 40 || rhs.starts_with('/') {
                format!("`{new_rule}` with the definition of '{rule_name}'")
            } else {
                format!("`{new_rule} = {rhs}`")
            };
            let at = self.grammar.sources.location(first_span);
            let entry = self.refs.first().map_or("?", |&(_, r, _)| {
                self.grammar.rules.get(r).map_or("?", |r| r.name.as_str())
            });
            // A list region (Note [repeated captures]) is named after the
            // rule holding its repetition, which is itself no capture.
            let (what, stop) = if components[c].region {
                (
                    format!("the repetition in '{rule_name}', which holds captures,"),
                    format!("or stop capturing inside the repetition of '{rule_name}'"),
                )
            } else {
                (
                    format!("capture '{name}'"),
                    format!("or stop capturing '{rule_name}'"),
                )
            };
            self.errors.push((
                second_span,
                format!(
                    "{what} is reached from two places of '{entry}' that can both \
                     match one input, {first_path} (at {at}) and {second_path} (here), so \
                     one would silently replace the other; give one place a rule of its \
                     own with the same definition and capture that (e.g. {example}, used \
                     in '{parent_name}' in place of '{rule_name}'), {stop}"
                ),
            ));
        }
    }

    /// The chain of rules from the entry to reference `r`
    /// (`date-time > full-time > partial-time > time-hour`), and its span.
    fn place(&self, r: u32) -> (String, Span) {
        let mut names = Vec::new();
        let mut k = r;
        while let Some(&(parent, rule, _)) = self.refs.get(k as usize) {
            names.push(user_rule_name(
                self.grammar
                    .rules
                    .get(rule)
                    .map_or("?", |r| r.name.as_str()),
            ));
            k = parent;
        }
        names.reverse();
        (names.join(" > "), self.refs[r as usize].2)
    }

    /// For each component `hir` captures, one of its groups (the first);
    /// conflicts go to `conflicts`, the first pair per component.
    fn places(
        &self,
        hir: &Hir,
        conflicts: &mut BTreeMap<usize, (u32, u32)>,
    ) -> BTreeMap<usize, u32> {
        let mut here = BTreeMap::new();
        if hir.properties().explicit_captures_len() == 0 {
            return here;
        }
        match hir.kind() {
            HirKind::Capture(cap) => {
                here = self.places(&cap.sub, conflicts);
                let c = self.group_component[cap.index as usize - 1];
                if let Some(&inner) = here.get(&c) {
                    conflicts.entry(c).or_insert((cap.index, inner));
                }
                here.insert(c, cap.index);
            }
            HirKind::Concat(xs) => {
                for x in xs {
                    for (c, g) in self.places(x, conflicts) {
                        match here.get(&c) {
                            Some(&first) => {
                                conflicts.entry(c).or_insert((first, g));
                            }
                            None => {
                                here.insert(c, g);
                            }
                        }
                    }
                }
            }
            HirKind::Alternation(xs) => {
                for x in xs {
                    for (c, g) in self.places(x, conflicts) {
                        here.entry(c).or_insert(g);
                    }
                }
            }
            HirKind::Repetition(rep) => here = self.places(&rep.sub, conflicts),
            _ => {}
        }
        here
    }
}

/// Computes the bytes that can start a non-empty match of `hir`, and whether
/// `hir` can match the empty string.
pub fn first_bytes(hir: &Hir, out: &mut [bool; 256]) -> bool {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => true,
        HirKind::Literal(lit) => match lit.0.first() {
            Some(&b) => {
                out[usize::from(b)] = true;
                false
            }
            None => true,
        },
        HirKind::Class(Class::Bytes(c)) => {
            for r in c.iter() {
                for b in r.start()..=r.end() {
                    out[usize::from(b)] = true;
                }
            }
            c.ranges().is_empty()
        }
        HirKind::Class(Class::Unicode(c)) => {
            // UTF-8 lead bytes grow with the code point, so a range's lead
            // bytes are the contiguous run between its ends' lead bytes.
            let lead = |ch: char| {
                let mut buf = [0; 4];
                ch.encode_utf8(&mut buf);
                buf[0]
            };
            for r in c.iter() {
                for b in lead(r.start())..=lead(r.end()) {
                    out[usize::from(b)] = true;
                }
            }
            c.ranges().is_empty()
        }
        HirKind::Repetition(rep) => first_bytes(&rep.sub, out) || rep.min == 0,
        HirKind::Capture(cap) => first_bytes(&cap.sub, out),
        HirKind::Concat(xs) => {
            for x in xs {
                if !first_bytes(x, out) {
                    return false;
                }
            }
            true
        }
        HirKind::Alternation(xs) => {
            let mut nullable = false;
            for x in xs {
                nullable |= first_bytes(x, out);
            }
            nullable
        }
    }
}

/// Lowers the entry rule `entry` of `g`.
///
/// # Errors
///
/// An unknown entry or rule, or a value that does not fit the grammar's
/// charset, located by its span.
pub fn lower(g: &Grammar, entry: &str, entry_span: Span) -> Result<Lowered, Diagnostics> {
    lower_with(g, &RuleSizes::new(g), entry, entry_span)
}

/// [`lower`], with the grammar's [`RuleSizes`] computed once by the caller.
///
/// # Errors
///
/// As [`lower`], and an entry that expands past [`MAX_EXPANSION`] nodes
/// (see Note [expansion limit]), located at the rule that crosses it.
pub fn lower_with(
    g: &Grammar,
    sizes: &RuleSizes,
    entry: &str,
    entry_span: Span,
) -> Result<Lowered, Diagnostics> {
    let fail = |span: Span, message: String| {
        Err(Diagnostics {
            sources: g.sources.clone(),
            errors: vec![crate::support::diag::Diagnostic { span, message }],
        })
    };
    let Some(root) = g.rule_index(entry) else {
        return fail(entry_span, format!("unknown rule '{entry}'"));
    };
    // Note [what an entry must reach] in `abnf`.
    let problems = g.problems_reached(root);
    if !problems.is_empty() {
        return Err(Diagnostics {
            sources: g.sources.clone(),
            errors: problems,
        });
    }
    if let Some(big) = sizes.too_large(root, MAX_EXPANSION) {
        let rule = &g.rules[big];
        let how = if big == root {
            String::new()
        } else {
            format!(" (entry '{}' uses it)", g.rules[root].name)
        };
        let message = format!(
            "rule '{}' expands to more than {MAX_EXPANSION} expression nodes once the \
             rules it references are inlined{how}; each reference is a copy, so a rule \
             referenced twice doubles at every level of nesting",
            rule.name
        );
        // Note [rules built once]: without captures, perhaps it fits so.
        if let Some(l) = lower_shared(g, sizes, entry, entry_span, (rule.span, message.clone())) {
            return Ok(l);
        }
        return fail(rule.span, message);
    }
    let mut components = Vec::new();
    let mut captured = BTreeMap::new();
    let mut errors = Vec::new();
    for cap in g.captures.iter().filter(|c| c.kind_of.is_none()) {
        let index = components.len();
        components.push(Component {
            name: cap.name.clone(),
            kind_of: None,
            after: false,
            region: false,
            repeated: false,
        });
        for (rule, _) in &cap.rules {
            captured.insert(rule.to_ascii_lowercase(), index);
        }
    }
    for cap in g.captures.iter() {
        let Some(of) = &cap.kind_of else { continue };
        let parent = components
            .iter()
            .position(|c| c.kind_of.is_none() && &c.name == of);
        if parent.is_none() {
            let span = cap.rules.first().map(|r| r.1).unwrap_or(entry_span);
            errors.push((span, format!("kind of unknown capture '{of}'")));
        }
        for (rule, _) in &cap.rules {
            // Note [kinds after the match]: not tagged here.
            if !cap.after {
                captured.insert(rule.to_ascii_lowercase(), components.len());
            }
            components.push(Component {
                name: rule.clone(),
                kind_of: parent,
                after: cap.after,
                region: false,
                repeated: false,
            });
        }
    }
    // Note [repeated captures]: the grammar's list regions, as components
    // after the captures and kinds.
    let regions = sizes.regions(g, &captured, components.len());
    let mut region_spans = HashMap::new();
    let mut per_rule: HashMap<usize, usize> = HashMap::new();
    for r in regions.iter() {
        for &c in &r.reaches {
            if let Some(comp) = components.get_mut(c) {
                comp.repeated = true;
            }
        }
        let n = per_rule.entry(r.rule).or_insert(0);
        *n += 1;
        let rule = &g.rules[r.rule].name;
        let name = if *n == 1 {
            format!("*{rule}")
        } else {
            format!("*{rule}#{n}")
        };
        region_spans.insert(components.len(), r.span);
        components.push(Component {
            name,
            kind_of: None,
            after: false,
            region: true,
            repeated: false,
        });
    }
    let mut l = Lowerer::new(g, captured, errors);
    l.regions = region_spans.iter().map(|(&c, &span)| (span, c)).collect();
    let whole = l.rule_ref(entry, entry_span);
    let old = crate::pipeline::lists::Groups {
        component: std::mem::take(&mut l.group_component),
        reference: std::mem::take(&mut l.group_ref),
    };
    let is_region = |c: usize| components.get(c).is_some_and(|c| c.region);
    let mut groups = crate::pipeline::lists::Groups::default();
    let mut cuts = Vec::new();
    let mut nested = Vec::new();
    let hir = crate::pipeline::lists::cut(
        &whole,
        &old,
        &is_region,
        &mut groups,
        Some(&mut cuts),
        &mut nested,
        1,
    );
    nested.sort_unstable();
    nested.dedup();
    for c in nested {
        let span = region_spans.get(&c).copied().unwrap_or(entry_span);
        l.errors.push((
            span,
            format!(
                "this repetition holds captures and lies in the item of a list {} levels deep \
                 ('{}'): lists nest at most {} levels; capture an outer list's items whole, or \
                 stop capturing inside this one",
                crate::pipeline::lists::MAX_LIST_DEPTH,
                components[c].name,
                crate::pipeline::lists::MAX_LIST_DEPTH
            ),
        ));
    }
    l.group_component = groups.component;
    l.group_ref = groups.reference;
    if l.errors.is_empty() {
        l.check_one_place(&hir, &components);
        check_lists(&mut l, &cuts, &components);
    }
    let gc = l.group_component.clone();
    let after = after_of(&mut l, g, &components, &gc, entry_span);
    let named_sets = sizes.named_sets(g);
    let ctx = ListContext {
        g,
        components: &components,
        region_spans: &region_spans,
        entry_span,
        named_sets: &named_sets,
    };
    let lists = lists_of(&mut l, &ctx, cuts);
    if !l.errors.is_empty() {
        // The same place can be checked in an entry and in an item
        // machine (Note [repeated captures]): each error once.
        let mut errors: Vec<crate::support::diag::Diagnostic> = Vec::new();
        for (span, message) in l.errors {
            if !errors
                .iter()
                .any(|e| e.span == span && e.message == message)
            {
                errors.push(crate::support::diag::Diagnostic { span, message });
            }
        }
        return Err(Diagnostics {
            sources: g.sources.clone(),
            errors,
        });
    }
    // The expression as written, regions left out, for the ambiguity check.
    let whole = (!lists.is_empty()).then(|| {
        let mut groups = crate::pipeline::lists::Groups::default();
        let is_region = |c: usize| components.get(c).is_some_and(|c| c.region);
        let hir = crate::pipeline::lists::without_regions(&whole, &old, &is_region, &mut groups);
        (hir, groups.component)
    });
    let nesting = nesting_probe(g, sizes, entry, entry_span);
    Ok(Lowered {
        rule: entry.to_string(),
        span: entry_span,
        hir,
        components,
        group_component: l.group_component,
        named_sets,
        utf8: g.utf8,
        after,
        whole,
        lists,
        shared: None,
        nesting,
    })
}

// Note [rules built once]
//
// RFC 5322's `address-list` with its obsolete forms and `;@ depth comment
// 3` is 1.6 million expression nodes once inlined (Note [expansion
// limit]): CFWS, 757 nodes with its three levels of comments, is copied
// at some two thousand places through `word`, `atom`, `domain` and their
// `obs-` twins. Yet CFWS is a DFA of 32 states at most, and so is
// every copy of it. An entry without captures needs no tags (Note
// [minimal parts first] in `tdfa/plain.rs`), so it need not be one tree:
// [`lower_shared`] lowers each rule of at least MIN_SHARED_NODES nodes
// once, into `Lowered::shared`, and puts a placeholder
// (`lowered::shared_ref`) at each reference. The plain determinizer
// builds each shared rule's minimal DFA once, in order (a shared rule
// refers only to earlier ones), and splices a copy of it at each
// placeholder, so the NFA it determinizes holds minimal copies instead of
// whole inlined expressions. The expression is then at most the grammar's
// rules, each once, the small ones inlined. This is used only when the
// entry is too large to inline; anything else gives the error of Note
// [expansion limit] as before. (An entry of a grammar with captures has the grammar's
// components and tag slots whether it reaches them or not, so only a
// grammar without captures is lowered so.) Stages that need one expression (the Thompson NFA of `nfa`, the
// regex-automata oracles) build it from the plain DFA instead.

/// `entry` lowered with rules built once (Note [rules built once]), or
/// `None` when the grammar has captures or lowering fails (the caller then reports the expansion); `expansion` is that
/// error, for the driver to report should the machine not fit even so.
fn lower_shared(
    g: &Grammar,
    sizes: &RuleSizes,
    entry: &str,
    entry_span: Span,
    expansion: (Span, String),
) -> Option<Lowered> {
    // Every entry of a grammar with captures has its components (and is
    // determinized with tags), whether it reaches them or not.
    if !g.captures.is_empty() {
        return None;
    }
    // A finite match this long needs as many states: no DFA fits.
    let root = g.rule_index(entry)?;
    if sizes.max_len[root].is_some_and(|n| n >= MAX_EXPANSION) {
        return None;
    }
    let mut l = Lowerer::new(g, BTreeMap::new(), Vec::new());
    let (hir, rules) = lower_once(&mut l, sizes, entry, entry_span)?;
    Some(Lowered {
        rule: entry.to_string(),
        span: entry_span,
        hir,
        components: Vec::new(),
        group_component: Vec::new(),
        named_sets: sizes.named_sets(g),
        utf8: g.utf8,
        after: Vec::new(),
        lists: Vec::new(),
        whole: None,
        shared: Some(Arc::new(crate::pipeline::lowered::Shared {
            rules,
            expansion,
        })),
        nesting: nesting_probe(g, sizes, entry, entry_span),
    })
}

/// `entry` lowered by `l` with rules built once: the expression and the
/// shared rules (Note [rules built once]); `None` when lowering fails or
/// makes a capture group.
fn lower_once(
    l: &mut Lowerer<'_>,
    sizes: &RuleSizes,
    entry: &str,
    entry_span: Span,
) -> Option<(Hir, Vec<Hir>)> {
    l.share = Some(Sharing {
        nodes: sizes.nodes.clone(),
        index: HashMap::new(),
        shared: Vec::new(),
    });
    let hir = l.rule_ref(entry, entry_span);
    if !l.errors.is_empty() || !l.group_component.is_empty() {
        return None;
    }
    let rules = l.share.take().map(|s| s.shared).unwrap_or_default();
    Some((hir, rules))
}

// Note [the nesting limit in messages]
//
// `;@ depth comment 3` cuts the reference to `comment` in the third
// level's copy (Note [bounded nesting]), so a fourth `(` is refused as any
// unexpected byte is: `unexpected '(' at 14; expected ctext, ...`. To say
// why, the states where the cut reference could have begun get a note
// after their expected-text (the runtime prints the text as it is, so the
// table format does not change): `nesting limit reached: 'comment' nests
// at most 3 deep (;@ depth comment 3)`. They are found without looking at
// the rules' openers: the entry is lowered a second time, capture-free
// and with rules built once (Note [rules built once]), each cut reference
// now going to one more level (the deepest level's copy again, whose own
// cut matches nothing), which is the grammar at depth N + 1. Its
// language holds the entry's, so run in step from both starts on any
// input the entry accepts so far, the two DFAs are in corresponding
// states; a byte the probe takes and the entry refuses there is one that
// opens level N + 1, and the entry's state gets the note
// (`driver::stages::nesting_notes`). Should the probe not fit the state
// budget, the messages stay as they were.

/// The probe of Note [the nesting limit in messages] for `entry`, when it
/// reaches a cut nesting.
fn nesting_probe(
    g: &Grammar,
    sizes: &RuleSizes,
    entry: &str,
    entry_span: Span,
) -> Option<Arc<crate::pipeline::lowered::NestingProbe>> {
    if g.nesting_cuts.is_empty() {
        return None;
    }
    let cuts = g
        .nesting_cuts
        .iter()
        .enumerate()
        .map(|(k, c)| (c.span, k))
        .collect();
    let mut l = Lowerer::new(g, BTreeMap::new(), Vec::new());
    l.probe = Some((cuts, vec![false; g.nesting_cuts.len()]));
    let (hir, rules) = lower_once(&mut l, sizes, entry, entry_span)?;
    let reached = l.probe.take().map(|p| p.1).unwrap_or_default();
    let mut notes: Vec<String> = Vec::new();
    for (cut, _) in g.nesting_cuts.iter().zip(&reached).filter(|(_, &r)| r) {
        let note = format!(
            "'{}' nests at most {} deep (;@ depth {} {})",
            cut.rule, cut.depth, cut.rule, cut.depth
        );
        if !notes.contains(&note) {
            notes.push(note);
        }
    }
    if notes.is_empty() {
        return None;
    }
    Some(Arc::new(crate::pipeline::lowered::NestingProbe {
        hir,
        rules,
        note: format!("nesting limit reached: {}", notes.join("; ")),
    }))
}

/// Note [kinds after the match]: each such kind whose parent a machine
/// with the group components `gc` captures, as a rule of its own, without
/// captures.
fn after_of(
    l: &mut Lowerer<'_>,
    g: &Grammar,
    components: &[Component],
    gc: &[usize],
    entry_span: Span,
) -> Vec<(usize, Hir)> {
    let mut after = Vec::new();
    for (i, c) in components.iter().enumerate() {
        let parent_used = c.kind_of.is_some_and(|p| gc.contains(&p));
        if !c.after || !parent_used || !l.errors.is_empty() {
            continue;
        }
        let mut plain = Lowerer::new(g, BTreeMap::new(), Vec::new());
        let kind_hir = plain.rule_ref(&c.name, entry_span);
        l.errors.append(&mut plain.errors);
        after.push((i, kind_hir));
    }
    after
}

/// Checks that every capture occurs at one place of each item machine of
/// `cuts`, at every level (Note [repeated captures]).
fn check_lists(
    l: &mut Lowerer<'_>,
    cuts: &[crate::pipeline::lists::Cut],
    components: &[Component],
) {
    for cut in cuts {
        let outer_gc = std::mem::replace(&mut l.group_component, cut.groups.component.clone());
        let outer_gr = std::mem::replace(&mut l.group_ref, cut.groups.reference.clone());
        l.check_one_place(&cut.hir, components);
        l.group_component = outer_gc;
        l.group_ref = outer_gr;
        check_lists(l, &cut.lists, components);
    }
}

/// What [`lists_of`] needs of the entry being lowered.
struct ListContext<'a> {
    g: &'a Grammar,
    components: &'a [Component],
    region_spans: &'a HashMap<usize, Span>,
    entry_span: Span,
    named_sets: &'a Arc<[NamedSet]>,
}

/// The item machines of `cuts`, each with the lists of its own items, at
/// every level (Note [repeated captures]).
fn lists_of(
    l: &mut Lowerer<'_>,
    ctx: &ListContext<'_>,
    cuts: Vec<crate::pipeline::lists::Cut>,
) -> Vec<List> {
    let mut lists = Vec::new();
    for cut in cuts {
        let item_after = after_of(
            l,
            ctx.g,
            ctx.components,
            &cut.groups.component,
            ctx.entry_span,
        );
        let inner = lists_of(l, ctx, cut.lists);
        lists.push(List {
            region: cut.region,
            span: ctx
                .region_spans
                .get(&cut.region)
                .copied()
                .unwrap_or(ctx.entry_span),
            min: cut.min,
            max: cut.max,
            item: Lowered {
                rule: ctx.components[cut.region].name.clone(),
                span: ctx.entry_span,
                hir: cut.hir,
                components: ctx.components.to_vec(),
                group_component: cut.groups.component,
                named_sets: ctx.named_sets.clone(),
                utf8: ctx.g.utf8,
                after: item_after,
                lists: inner,
                whole: None,
                shared: None,
                nesting: None,
            },
        });
    }
    lists
}

impl RuleSizes {
    /// The grammar's expected-byte sets (see [`NamedSet`]), computed once.
    pub fn named_sets(&self, g: &Grammar) -> Arc<[NamedSet]> {
        self.named.get_or_init(|| named_sets(g, self)).clone()
    }
}

/// The most expression nodes `named_sets` lowers in all, so that a grammar
/// of many small rules costs a bounded time; past it, rules name no set.
/// The built-in grammars need at most a few thousand.
pub const MAX_NAMED_SET_WORK: u64 = 1 << 22;

/// The expected-byte sets of the grammar's rules (see [`NamedSet`]), in
/// definition order. Every rule counts, reachable from an entry or not
/// (`BIT` names `%x30-31` in RFC 3986's messages), as the generated texts
/// always had it; each is small, and all of them together are bounded
/// ([`MAX_NAMED_SET_NODES`], [`MAX_NAMED_SET_WORK`]). Of sets with the same
/// first bytes, only the one [`crate::pipeline::tables::describe_expected`] would
/// prefer is kept (the shortest, then the first defined), which leaves its
/// choices as they were and its work proportional to the distinct sets.
fn named_sets(g: &Grammar, sizes: &RuleSizes) -> Arc<[NamedSet]> {
    let mut out: Vec<NamedSet> = Vec::new();
    let mut by_first: HashMap<[bool; 256], usize> = HashMap::new();
    let mut work = 0u64;
    for i in 0..g.rules.len() {
        // Only rules that read like one "character" (at most 4 bytes, as
        // pct-encoded or h16) name a set; longer rules describe structure.
        // Both tests are on the syntax tree, before lowering anything.
        if sizes.max_len[i].is_none_or(|m| m > 4) || sizes.nodes[i] > MAX_NAMED_SET_NODES {
            continue;
        }
        // A level of a `;@ depth` rule (`ccontent@3`) is not a rule the
        // grammar's author wrote (Note [bounded nesting] in `abnf`).
        if user_rule_name(&g.rules[i].name) != g.rules[i].name {
            continue;
        }
        work += sizes.nodes[i];
        if work > MAX_NAMED_SET_WORK {
            break;
        }
        let rule = &g.rules[i];
        let mut sub = Lowerer::new(g, BTreeMap::new(), Vec::new());
        let h = sub.node(&rule.node);
        let Some(max_len) = h.properties().maximum_len().filter(|&m| m <= 4) else {
            continue;
        };
        if !sub.errors.is_empty() {
            continue;
        }
        let mut first = [false; 256];
        first_bytes(&h, &mut first);
        if first.iter().filter(|&&b| b).count() < 2 {
            continue;
        }
        match by_first.get(&first) {
            Some(&k) if out[k].max_len <= max_len => continue,
            _ => {
                by_first.insert(first, out.len());
            }
        }
        out.push(NamedSet {
            name: rule.name.clone(),
            first,
            max_len,
        });
    }
    // Keep each first-byte set's preferred rule, where it stood.
    let mut k = 0;
    out.retain(|set| {
        k += 1;
        by_first.get(&set.first) == Some(&(k - 1))
    });
    out.into()
}
