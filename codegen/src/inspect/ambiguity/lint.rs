//! The lint over a compiled grammar ([`lint`]): each entry's captures
//! ([`check_machine`]) and each pair of kinds decided after the match,
//! worded as [`Finding`]s of a [`Severity`] with a witness input.

use super::search::{check_overlap, check_repeated_captures, Budget, Spans, Verdict, Witness};
use crate::compiled::{Compiled, Machine};
use crate::pipeline::abnf::Grammar;
use crate::pipeline::lower::Lowered;
use crate::support::diag::{Diagnostic, Sources, Span};
use std::collections::HashSet;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Under `;@ deny ambiguity`: the derive and `uridfa lint` fail.
    Error,
    /// The default for an ambiguity, or a check that did not finish.
    Warning,
    /// Kinds decided after the match that overlap, by design.
    Note,
}

impl Severity {
    /// `error`, `warning` or `note`, as the diagnostic line says.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One finding of [`lint`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// How serious it is.
    pub severity: Severity,
    /// Where and what.
    pub diagnostic: Diagnostic,
    /// Lines shown after the excerpt (the readings).
    pub notes: Vec<String>,
    /// The entry rule it is about.
    pub entry: String,
    /// The witness, if one was found.
    pub witness: Option<Witness>,
}

/// What [`lint`] found in a grammar.
#[derive(Clone, Debug)]
pub struct Lint {
    /// The grammar's files, to render the findings.
    pub sources: Sources,
    /// The findings, entry by entry.
    pub findings: Vec<Finding>,
}

impl Lint {
    /// Whether any finding is an error (`;@ deny ambiguity`).
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }
}

impl std::fmt::Display for Lint {
    /// Each finding as `path:line:col: warning: ...`, its excerpt and its
    /// notes (`  = ...`), then an empty line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for x in &self.findings {
            write!(
                f,
                "{}",
                x.diagnostic.display_as(&self.sources, x.severity.as_str())
            )?;
            for n in &x.notes {
                writeln!(f, "  = {n}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// What [`lint`] checks.
#[derive(Clone, Debug, Default)]
pub struct LintOptions {
    /// Only this entry rule (ASCII case ignored); `None`: every entry.
    pub rule: Option<String>,
    /// The budget of each search.
    pub budget: Budget,
}

/// `input` as a Rust-like string literal, at most 200 bytes of it.
pub fn quote(input: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in input.iter().take(200) {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7E => s.push(char::from(b)),
            _ => s.push_str(&format!("\\x{b:02X}")),
        }
    }
    if input.len() > 200 {
        s.push_str("...");
    }
    s.push('"');
    s
}

/// The span reported for component `c`: the definition of its (first)
/// rule, else `fallback`.
fn component_span(g: &Grammar, name: &str, fallback: Span) -> Span {
    g.captures
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(name))
        .and_then(|c| c.rules.first())
        .and_then(|(rule, _)| g.rule(rule))
        .map_or(fallback, |r| r.span)
}

/// `domain = "a?=", no hfname` for the components `which` of `spans`.
/// A repeated capture shown at an occurrence other than its last is named
/// with that occurrence (`hfname #2 = ...`, counted from 1).
fn describe(
    input: &[u8],
    lowered: &Lowered,
    spans: &Spans,
    which: &[usize],
    occurrence: &[Option<usize>],
) -> String {
    let parts: Vec<String> = which
        .iter()
        .map(|&k| {
            let name = match occurrence.get(k).copied().flatten() {
                Some(i) => format!("{} #{}", lowered.components[k].name, i + 1),
                None => lowered.components[k].name.clone(),
            };
            match spans.get(k).copied().flatten() {
                Some((s, e)) => format!("{name} = {}", quote(input.get(s..e).unwrap_or(&[]))),
                None => format!("no {name}"),
            }
        })
        .collect();
    parts.join(", ")
}

/// uridfa's own reading of `input`: the tables' registers (the kinds
/// decided after the match left out, as in the NFA). A capture inside a
/// list is read from the list's items (Note [repeated captures]): its
/// occurrence `occurrence[k]` (0-based, in input order) where the witness
/// names one, else its last, as the whole expression's tags would.
fn uridfa_reading(m: &Machine, input: &[u8], occurrence: &[Option<usize>]) -> Option<Spans> {
    let t = m.tables.as_tables();
    let n = m.lowered.components.len();
    let mut regs = vec![0usize; (t.reg_len as usize).max(2 * n)];
    uridfa_runtime::split_regs(&t, input, &mut regs).ok()?;
    let nil = uridfa_runtime::NIL;
    let span = |regs: &[usize], k: usize| {
        let (s, e) = (regs[2 * k], regs[2 * k + 1]);
        (s != nil && e != nil).then_some((s, e))
    };
    let mut out: Spans = (0..n).map(|k| span(&regs, k)).collect();
    let regions: Spans = out.clone();
    let mut found: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    in_lists(&m.lists, input, &regions, n, &mut found)?;
    for (k, mut occ) in found.into_iter().enumerate() {
        if occ.is_empty() {
            continue;
        }
        // An occurrence outside the lists, from the entry's registers.
        if let Some(sp) = out.get(k).copied().flatten() {
            occ.push(sp);
        }
        occ.sort_unstable();
        let pick = match occurrence.get(k).copied().flatten() {
            Some(i) => occ.get(i).copied(),
            None => occ.last().copied(),
        };
        if let Some(slot) = out.get_mut(k) {
            *slot = pick;
        }
    }
    for l in &m.lists {
        if let Some(slot) = out.get_mut(l.region) {
            *slot = None;
        }
    }
    Some(out)
}

/// For [`uridfa_reading`]: every occurrence of each capture in the items
/// of `lists` (regions read from `regions`, absolute offsets) and in the
/// lists inside them, into `found`. `None` if an item does not split.
fn in_lists(
    lists: &[crate::compiled::ListMachine],
    input: &[u8],
    regions: &[Option<(usize, usize)>],
    n: usize,
    found: &mut [Vec<(usize, usize)>],
) -> Option<()> {
    let nil = uridfa_runtime::NIL;
    for l in lists {
        let Some(region) = regions.get(l.region).copied().flatten() else {
            continue;
        };
        let item = l.machine.tables.as_tables();
        let mut sub = vec![0usize; (item.reg_len as usize).max(2 * n)];
        for one in uridfa_runtime::items(&item, input, region) {
            let (a, b) = one.ok()?;
            uridfa_runtime::split_regs(&item, input.get(a..b)?, &mut sub).ok()?;
            uridfa_runtime::decide_kinds_regs(&item, input.get(a..b)?, &mut sub);
            let spans: Spans = (0..n)
                .map(|k| {
                    let (s, e) = (sub[2 * k], sub[2 * k + 1]);
                    (s != nil && e != nil).then(|| (s + a, e + a))
                })
                .collect();
            let inner: Vec<usize> = l.machine.lists.iter().map(|x| x.region).collect();
            for (k, sp) in spans.iter().enumerate() {
                if let (Some(sp), false) = (sp, inner.contains(&k)) {
                    if let Some(f) = found.get_mut(k) {
                        f.push(*sp);
                    }
                }
            }
            in_lists(&l.machine.lists, input, &spans, n, found)?;
        }
    }
    Some(())
}

/// [`check_repeated_captures`] on the machine `m`: on its expression before the
/// lists were cut out, when it has lists (Note [repeated captures] in
/// `pipeline::lists`), so that two ways to cut a list into items, and
/// ambiguities inside items, count as two parses.
pub fn check_machine(m: &Machine, watched: &[bool], budget: Budget) -> Verdict {
    let repeated: Vec<bool> = m.lowered.components.iter().map(|c| c.repeated).collect();
    match &m.lowered.whole {
        None => check_repeated_captures(
            &m.nfa,
            &m.lowered.group_component,
            watched,
            &repeated,
            budget,
        ),
        Some((hir, groups)) => {
            let whole = Lowered {
                hir: hir.clone(),
                group_component: groups.clone(),
                lists: Vec::new(),
                whole: None,
                ..m.lowered.clone()
            };
            match crate::pipeline::nfa::compile(&whole) {
                Ok(nfa) => check_repeated_captures(&nfa, groups, watched, &repeated, budget),
                Err(_) => Verdict::Unfinished {
                    states: 0,
                    bound: "states",
                },
            }
        }
    }
}

/// Checks every entry of `c` (or `opts.rule`) for ambiguity: captures that
/// differ between two parses of one input (a warning, an error under
/// `;@ deny ambiguity`, silenced for the captures `;@ allow ambiguity`
/// names), and kinds decided after the match that overlap (a note). See
/// Note [the ambiguity search].
pub fn lint(c: &Compiled, opts: &LintOptions) -> Lint {
    let g = &c.grammar;
    let mut findings = Vec::new();
    let deny = g.deny_ambiguity.is_some();
    let serious = if deny {
        Severity::Error
    } else {
        Severity::Warning
    };
    // Allow pragmas that name no capture.
    for (name, span) in &g.allow_ambiguity {
        if !g.captures.iter().any(|c| c.name.eq_ignore_ascii_case(name)) {
            findings.push(Finding {
                severity: Severity::Warning,
                diagnostic: Diagnostic::new(
                    *span,
                    format!("'allow ambiguity {name}' names no capture of the grammar"),
                ),
                notes: Vec::new(),
                entry: String::new(),
                witness: None,
            });
        }
    }
    let mut overlaps_done: HashSet<(usize, usize)> = HashSet::new();
    for m in &c.machines {
        let l = &m.lowered;
        if opts
            .rule
            .as_deref()
            .is_some_and(|r| !r.eq_ignore_ascii_case(&l.rule))
        {
            continue;
        }
        let watched: Vec<bool> = l
            .components
            .iter()
            .map(|k| {
                !g.allow_ambiguity
                    .iter()
                    .any(|(n, _)| n.eq_ignore_ascii_case(&k.name))
            })
            .collect();
        let entry_at = g.sources.location(l.span);
        match check_machine(m, &watched, opts.budget) {
            Verdict::Unambiguous => {}
            Verdict::Ambiguous(w) => {
                let differ: Vec<usize> = (0..l.components.len())
                    .filter(|&k| watched[k] && w.readings[0][k] != w.readings[1][k])
                    .collect();
                let names: Vec<String> = differ
                    .iter()
                    .map(|&k| format!("'{}'", l.components[k].name))
                    .collect();
                let first = differ.first().map_or("", |&k| &l.components[k].name);
                let span = component_span(g, first, l.span);
                let ours = uridfa_reading(m, &w.input, &w.occurrence);
                let mut notes = Vec::new();
                match &ours {
                    Some(ours) => {
                        let other = if differ.iter().any(|&k| ours[k] != w.readings[0][k]) {
                            &w.readings[0]
                        } else {
                            &w.readings[1]
                        };
                        notes.push(format!(
                            "uridfa reads:    {}",
                            describe(&w.input, l, ours, &differ, &w.occurrence)
                        ));
                        notes.push(format!(
                            "another reading: {}",
                            describe(&w.input, l, other, &differ, &w.occurrence)
                        ));
                    }
                    None => {
                        for (i, r) in w.readings.iter().enumerate() {
                            notes.push(format!(
                                "reading {}: {}",
                                i + 1,
                                describe(&w.input, l, r, &differ, &w.occurrence)
                            ));
                        }
                    }
                }
                notes.push(format!(
                    "help: see docs/derive.md (leftmost-first, greedy repetition); \
                     ';@ allow ambiguity {first}' silences this capture"
                ));
                findings.push(Finding {
                    severity: serious,
                    diagnostic: Diagnostic::new(
                        span,
                        format!(
                            "entry '{}' (at {entry_at}) is ambiguous: the input {} ({} byte{}, a \
                             shortest one) has two parses whose captures differ in {}",
                            l.rule,
                            quote(&w.input),
                            w.input.len(),
                            if w.input.len() == 1 { "" } else { "s" },
                            names.join(", ")
                        ),
                    ),
                    notes,
                    entry: l.rule.clone(),
                    witness: Some(w),
                });
            }
            Verdict::Unfinished { states, bound } => {
                findings.push(Finding {
                    severity: serious,
                    diagnostic: Diagnostic::new(
                        l.span,
                        format!(
                            "entry '{}': the ambiguity check did not finish within {} {bound} \
                             ({states} product states kept); the entry may or may not be \
                             ambiguous",
                            l.rule,
                            if bound == "states" {
                                opts.budget.states
                            } else {
                                opts.budget.steps
                            }
                        ),
                    ),
                    notes: Vec::new(),
                    entry: l.rule.clone(),
                    witness: None,
                });
            }
        }
        findings.extend(kind_overlaps(c, m, opts, &mut overlaps_done));
    }
    Lint {
        sources: g.sources.clone(),
        findings,
    }
}

/// The overlaps of the kinds decided after the match that entry `m`
/// reports, each pair once per grammar (`done`).
fn kind_overlaps(
    c: &Compiled,
    m: &Machine,
    opts: &LintOptions,
    done: &mut HashSet<(usize, usize)>,
) -> Vec<Finding> {
    let g = &c.grammar;
    let l = &m.lowered;
    let allowed = |name: &str| {
        g.allow_ambiguity
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    };
    let mut nfas = Vec::new();
    for (k, hir) in &l.after {
        let plain = Lowered {
            hir: hir.clone(),
            components: Vec::new(),
            group_component: Vec::new(),
            after: Vec::new(),
            ..l.clone()
        };
        if let Ok(nfa) = crate::pipeline::nfa::compile(&plain) {
            nfas.push((*k, nfa));
        }
    }
    let mut out = Vec::new();
    for (i, (a, na)) in nfas.iter().enumerate() {
        for (b, nb) in &nfas[i + 1..] {
            let (ka, kb) = (&l.components[*a], &l.components[*b]);
            if ka.kind_of != kb.kind_of || !done.insert((*a, *b)) {
                continue;
            }
            let parent = ka
                .kind_of
                .and_then(|p| l.components.get(p))
                .map_or("?", |p| p.name.as_str());
            if allowed(parent) || allowed(&ka.name) || allowed(&kb.name) {
                continue;
            }
            // The second kind's name in its `;@ kind-after` pragma.
            let span = g
                .captures
                .iter()
                .find(|c| c.after && c.name.eq_ignore_ascii_case(&kb.name))
                .and_then(|c| c.rules.first())
                .map_or(l.span, |r| r.1);
            let (severity, message, witness) = match check_overlap(na, nb, opts.budget) {
                Verdict::Unambiguous => continue,
                Verdict::Ambiguous(w) => (
                    Severity::Note,
                    format!(
                        "kinds '{}' and '{}' of '{parent}' overlap, by design: the input {} is \
                         both; uridfa reads {} (the first listed in ';@ kind-after')",
                        ka.name,
                        kb.name,
                        quote(&w.input),
                        ka.name
                    ),
                    Some(w),
                ),
                Verdict::Unfinished { states, bound } => (
                    Severity::Warning,
                    format!(
                        "kinds '{}' and '{}' of '{parent}': the overlap check did not finish \
                         within its {bound} budget ({states} product states kept)",
                        ka.name, kb.name
                    ),
                    None,
                ),
            };
            out.push(Finding {
                severity,
                diagnostic: Diagnostic::new(span, message),
                notes: Vec::new(),
                entry: l.rule.clone(),
                witness,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn witnesses_are_quoted_as_abnf_strings() {
        assert_eq!(quote(b"a\"\\\x00"), "\"a\\\"\\\\\\x00\"");
    }
}
