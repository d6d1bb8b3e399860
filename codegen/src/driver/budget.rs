//! A whole grammar within its budgets ([`compile_grammar`]): every entry
//! rule, then the `;@ component` machines, then the `;@ encode-set`s, all
//! sharing the grammar's budgets (Note [a budget per grammar]), each error
//! located where the budget was spent (Note [where a budget error points]).

use super::stages::{check_lengths, compile_lowered, CompileError, Options};
use crate::compiled::{Compiled, Machine};
use crate::pipeline::abnf::{self, Grammar};
use crate::pipeline::lower::{self, Lowered};
use crate::support::diag::{Diagnostic, Diagnostics, Span};

// Note [where a budget error points]
//
// An entry refused by a stage (its match too long for the state budget, or
// the determinization past its state or work budget) is reported at the
// definition of the rule that spent the budget, not at the `;@ entry`
// pragma, which says nothing about why: for a longest match past the
// budget, the innermost rule below the entry whose own longest match is
// past it (`RuleSizes::max_len`, as `RuleSizes::too_large` finds the rule
// past the expansion limit); otherwise the entry rule's own definition.
// The message still names the entry.

/// Where `e`, an error of the entry `rule`, points: the definition of the
/// rule that spent the budget, and, when it is not the entry, that rule's
/// name and longest match (Note [where a budget error points]); `None` if
/// the rule is not found.
fn budget_rule(
    grammar: &Grammar,
    sizes: &lower::RuleSizes,
    rule: &str,
    e: &CompileError,
) -> Option<(Span, Option<(String, u64)>)> {
    let root = grammar.rule_index(rule)?;
    let mut v = root;
    if let CompileError::TooLong {
        longest: true,
        budget,
        ..
    } = e
    {
        let past = |w: usize| sizes.max_len.get(w).copied().flatten() >= Some(*budget as u64);
        for _ in 0..sizes.refs.len() {
            match sizes.refs[v].iter().find(|&&w| past(w)) {
                Some(&w) => v = w,
                None => break,
            }
        }
    }
    let r = grammar.rules.get(v)?;
    let inner = match sizes.max_len.get(v).copied().flatten() {
        Some(len) if v != root => Some((abnf::user_rule_name(&r.name).to_string(), len)),
        _ => None,
    };
    Some((r.span, inner))
}

// Note [what a budget error blames]
//
// A state budget error says what made the DFA grow, because the
// fix differs. With captures, the tagged determinizer keeps a register
// for every place a capture may have started at once; whether that is the
// cause is tested, not guessed: the same expression without its captures
// is determinized (Note [minimal parts first] in `tdfa`), and if that fits
// the budget the captures are to blame. Without captures (or when the
// plain DFA is too large as well) the cause is repetitions that overlap
// what follows them: `literal = "{" number "}" CRLF *CHAR8` in RFC 9051,
// whose `*CHAR8` takes any byte, so each delimiter after a literal may
// still be inside it and the DFA keeps every way to split the input. The
// message names the widest such repetition of a one-character rule or
// range among the rules the entry reaches, with the rule that holds it,
// and points there.
//
// The determinizer's work and memory limits (Note [work limits] in
// `tdfa`) are blamed the same way, with one more cause when there is no
// capture and no wide repetition to name: alternatives inside a
// repetition and optional elements in a row, whose ways to go on each
// state keeps. Those limits bound time and memory and cannot be raised,
// so the message does not suggest it.

/// The widest unbounded repetition of one character (a rule whose match
/// is at most 4 bytes, or a range) among the rules `root` reaches: its
/// text (`*CHAR8`), the rule it is in, where it is, and how many first
/// bytes it has; `None` below 128.
fn widest_repetition(
    grammar: &Grammar,
    sizes: &lower::RuleSizes,
    root: usize,
) -> Option<(String, String, Span, usize)> {
    use crate::pipeline::abnf::{Node, NodeKind};
    fn walk(n: &Node, out: &mut Vec<(Span, u32, Node)>) {
        match &n.kind {
            NodeKind::Alt(xs) | NodeKind::Concat(xs) => xs.iter().for_each(|x| walk(x, out)),
            NodeKind::Repeat { min, max, node } => {
                if max.is_none() {
                    out.push((n.span, *min, (**node).clone()));
                }
                walk(node, out);
            }
            _ => {}
        }
    }
    let mut best: Option<(String, String, Span, usize)> = None;
    let mut seen = vec![false; grammar.rules.len()];
    let mut stack = vec![root];
    while let Some(v) = stack.pop() {
        if v >= seen.len() || std::mem::replace(&mut seen[v], true) {
            continue;
        }
        stack.extend(sizes.refs.get(v).into_iter().flatten().copied());
        let rule = &grammar.rules[v];
        let mut reps = Vec::new();
        walk(&rule.node, &mut reps);
        for (span, min, node) in reps {
            let (text, width) = match &node.kind {
                NodeKind::Range(a, b) => (
                    format!("%x{a:X}-{b:X}"),
                    (b.saturating_sub(*a) as usize + 1).min(256),
                ),
                NodeKind::Rule(r) => {
                    let Some(w) = grammar.rule_index(r) else {
                        continue;
                    };
                    if sizes
                        .max_len
                        .get(w)
                        .copied()
                        .flatten()
                        .is_none_or(|m| m > 4)
                    {
                        continue;
                    }
                    let Ok(l) = lower::lower(grammar, r, span) else {
                        continue;
                    };
                    let mut first = [false; 256];
                    lower::first_bytes(&l.hir, &mut first);
                    (r.clone(), first.iter().filter(|&&b| b).count())
                }
                _ => continue,
            };
            if width >= 128 && best.as_ref().is_none_or(|b| width > b.3) {
                let times = if min == 0 {
                    String::new()
                } else {
                    min.to_string()
                };
                best = Some((
                    format!("{times}*{text}"),
                    abnf::user_rule_name(&rule.name).to_string(),
                    span,
                    width,
                ));
            }
        }
    }
    best
}

/// The message of a state budget or work limit error `e` of the entry
/// `rule`, saying what made its DFA grow, and where to point it (Note
/// [what a budget error blames]); `None` for other errors.
fn blame(
    grammar: &Grammar,
    sizes: &lower::RuleSizes,
    rule: &str,
    e: &CompileError,
    captures_fit: Option<bool>,
) -> Option<(String, Option<Span>)> {
    use crate::pipeline::tdfa::TdfaError;
    // `exceeds` goes after "tagged DFA"; `work` is whether the work or
    // memory limit ran out (not the state budget), which optional
    // elements in a row can cause too.
    let (exceeds, work) = match e {
        CompileError::Tdfa(TdfaError::StateBudget { budget }) => (
            format!("exceeds the state budget of {budget} states"),
            false,
        ),
        CompileError::Tdfa(TdfaError::WorkBudget { what, limit }) => (
            format!("construction exceeds its limit of {limit} {what}"),
            true,
        ),
        _ => return None,
    };
    let raise = if work {
        "(the limit bounds time and memory; it cannot be raised)"
    } else {
        "or raise the budget"
    };
    if captures_fit == Some(true) {
        return Some((
            format!(
                "entry '{rule}': tagged DFA {exceeds}, because of its captures: \
                 without them the DFA fits, but each capture inside a repetition needs a tag \
                 register for every place it may have started at once; capture fewer rules \
                 inside repetitions (or capture the repetition whole) {raise}"
            ),
            None,
        ));
    }
    let why = if captures_fit.is_some() {
        "even without its captures"
    } else {
        "the rule declares no capture, so"
    };
    let root = grammar.rule_index(rule)?;
    Some(match widest_repetition(grammar, sizes, root) {
        Some((rep, holder, span, width)) => (
            format!(
                "entry '{rule}': tagged DFA {exceeds}; {why} repetitions that overlap what \
                 follows them cause it: `{rep}` in rule '{holder}' takes {width} of the 256 \
                 bytes, so each delimiter after it may still be inside it and the DFA keeps \
                 every way to split the input; bound that repetition (or narrow it to bytes \
                 that cannot follow it) {raise}"
            ),
            Some(span),
        ),
        None if work => (
            format!(
                "entry '{rule}': tagged DFA {exceeds}; {why} its alternatives and optional \
                 elements cause it: each state keeps every way the input may go on, and \
                 alternatives inside a repetition or optional elements in a row multiply \
                 them; write fewer alternatives inside a repetition or fewer optional \
                 elements in a row (factor common prefixes, bound the repetition) {raise}"
            ),
            None,
        ),
        None => (
            format!(
                "entry '{rule}': tagged DFA {exceeds}; {why} repetitions that overlap what \
                 follows them cause it (the DFA keeps every way to split the input); make \
                 each repetition's bytes distinct from what may follow it, or raise the budget"
            ),
            None,
        ),
    })
}

// Note [a budget per grammar]
//
// Every limit of the stages is per entry rule (lower::MAX_EXPANSION nodes,
// Options::state_budget states), so a grammar with many entries could
// still take unbounded time and memory: 400 entries of `4000"a"` took
// 7.6 s and 830 MB, 2,000 entries of a 2,048-state machine 44 s and
// 1.7 GB. Two budgets are therefore shared by all the entries of a
// grammar, spent in pragma order: MAX_GRAMMAR_EXPANSION inlined nodes
// (the size of what is lowered and compiled to an NFA), and
// Options::grammar_state_budget determinized states (an entry that failed
// on its own state budget counts as having spent it; each entry may use at
// most what is left). The first entry that would overspend either is
// reported, with the entries after it, and nothing after it is compiled.
// `;@ encode-set` pragmas likewise: each rule is derived once however many
// pragmas name it, and the rules together lower to at most
// MAX_ENCODE_SET_EXPANSION nodes (5,000 pragmas over a rule of 2,000
// alternatives took 22 s).
// The built-in grammars use under 2 % of the first and under 10 % of the
// second (2396bis-01: 7,333 states; codegen/tests/bounded.rs).

/// The most inlined expression nodes that all the entry rules of one
/// grammar may lower to together (Note [a budget per grammar]).
pub const MAX_GRAMMAR_EXPANSION: u64 = 1 << 22;

/// The most inlined expression nodes that the rules of all the
/// `;@ encode-set` pragmas of one grammar may lower to together, each rule
/// counted once (Note [a budget per grammar]).
pub const MAX_ENCODE_SET_EXPANSION: u64 = 1 << 20;

/// [`compile_lowered`] with at most `budget` states, adding what it spent
/// to `states_used`: the states it created, or the whole budget when it
/// failed (the determinizer may have built up to the budget before it
/// stopped). See Note [a budget per grammar].
fn compile_within(
    lowered: Lowered,
    opts: Options,
    budget: usize,
    states_used: &mut usize,
) -> Result<Machine, CompileError> {
    let r = compile_lowered(
        lowered,
        Options {
            state_budget: budget,
            ..opts
        },
    );
    let spent = r.as_ref().map_or(budget, |m| m.unminimized_state_len);
    *states_used = states_used.saturating_add(spent);
    r
}

/// Compiles every entry rule of a checked grammar.
///
/// # Errors
///
/// Every entry's failure, located at its `;@ entry` pragma.
pub fn compile_grammar(grammar: Grammar, opts: Options) -> Result<Compiled, Diagnostics> {
    let mut machines = Vec::new();
    let mut errors = Vec::new();
    let sizes = lower::RuleSizes::new(&grammar);
    let (mut nodes_used, mut states_used) = (0u64, 0usize);
    for (k, (rule, span)) in grammar.entries.iter().enumerate() {
        // An entry over the per-entry limit is refused by `lower_with`
        // before anything is copied, so it spends nothing.
        let nodes = grammar
            .rule_index(rule)
            .and_then(|i| sizes.nodes.get(i).copied())
            .filter(|&n| n <= lower::MAX_EXPANSION)
            .unwrap_or(0);
        let states_left = opts.grammar_state_budget.saturating_sub(states_used);
        let over = if nodes_used.saturating_add(nodes) > MAX_GRAMMAR_EXPANSION {
            Some(format!(
                "the entries up to this one expand to more than {MAX_GRAMMAR_EXPANSION} \
                 expression nodes together (the grammar's budget)"
            ))
        } else if states_left == 0 {
            Some(format!(
                "the entries before this one used the grammar's budget of {} DFA states",
                opts.grammar_state_budget
            ))
        } else {
            None
        };
        if let Some(why) = over {
            let after = grammar.entries.len() - k - 1;
            errors.push(Diagnostic {
                span: *span,
                message: format!(
                    "entry '{rule}': {why}; not compiled: '{rule}' and the {after} entries after it"
                ),
            });
            break;
        }
        nodes_used = nodes_used.saturating_add(nodes);
        let lowered = match lower::lower_with(&grammar, &sizes, rule, *span) {
            Ok(l) => l,
            Err(d) => {
                errors.extend(d.errors);
                continue;
            }
        };
        let budget = opts.state_budget.min(states_left);
        // When what is left of the grammar's budget is what stopped the
        // entry, nothing after it is compiled either.
        let shared = (budget < opts.state_budget).then(|| {
            let after = grammar.entries.len() - k - 1;
            format!(
                " (what the entries before it left of the grammar's budget of {} states); \
                 not compiled: the {after} entries after it",
                opts.grammar_state_budget
            )
        });
        // A stage's error, located at the rule that spent the budget and
        // naming the entry (Note [stage errors], Note [where a budget
        // error points]).
        let entry_error = |e: CompileError| {
            // A list's proof is located at its repetition; a budget at the
            // rule that spent it.
            let (at, inner) = match e.span() {
                Some(at) => (at, None),
                None => budget_rule(&grammar, &sizes, rule, &e).unwrap_or((*span, None)),
            };
            let mut d = match (inner, &e) {
                (Some((inner, len)), CompileError::TooLong { budget, .. }) => {
                    let e = CompileError::TooLong {
                        len: usize::try_from(len).unwrap_or(usize::MAX),
                        longest: true,
                        budget: *budget,
                    };
                    e.at(at)
                        .context(format_args!("rule '{inner}' (in entry '{rule}')"))
                }
                _ => e.at(at).context(format_args!("entry '{rule}'")),
            };
            d.message.push_str(shared.as_deref().unwrap_or(""));
            d
        };
        // Refused before any automaton is built: spends nothing.
        if let Err(e) = check_lengths(&lowered, budget) {
            errors.push(entry_error(e));
            if shared.is_some() {
                break;
            }
            continue;
        }
        // Note [what a budget error blames]: the expression without its
        // captures, should the tagged DFA not fit.
        let plain = (!lowered.components.is_empty())
            .then(|| crate::pipeline::nfa::fold_optional_runs(&lowered.hir));
        match compile_within(lowered, opts, budget, &mut states_used) {
            Ok(m) => machines.push(m),
            Err(e) => {
                let fits = plain
                    .map(|h| crate::pipeline::tdfa::determinize_plain(&h, &[], budget).is_ok());
                let mut d = entry_error(e.clone());
                if let Some((message, at)) = blame(&grammar, &sizes, rule, &e, fits) {
                    d.message = message + shared.as_deref().unwrap_or("");
                    if let Some(at) = at {
                        d.span = at;
                    }
                }
                errors.push(d);
                if shared.is_some() {
                    break;
                }
            }
        }
    }
    // `;@ component` machines, after the entries, within what the entries
    // left of the grammar's budgets (Note [a budget per grammar]); they
    // never change the entries' machines.
    let mut components = Vec::new();
    for (rule, span) in &grammar.components {
        let nodes = grammar
            .rule_index(rule)
            .and_then(|i| sizes.nodes.get(i).copied())
            .filter(|&n| n <= lower::MAX_EXPANSION)
            .unwrap_or(0);
        let states_left = opts.grammar_state_budget.saturating_sub(states_used);
        if nodes_used.saturating_add(nodes) > MAX_GRAMMAR_EXPANSION || states_left == 0 {
            errors.push(Diagnostic {
                span: *span,
                message: format!(
                    "component '{rule}': the entries and components before it used the \
                     grammar's budget ({MAX_GRAMMAR_EXPANSION} expression nodes, {} DFA states)",
                    opts.grammar_state_budget
                ),
            });
            break;
        }
        nodes_used = nodes_used.saturating_add(nodes);
        let lowered = match lower::lower_with(&grammar, &sizes, rule, *span) {
            Ok(l) => l,
            Err(d) => {
                errors.extend(d.errors);
                continue;
            }
        };
        let budget = opts.state_budget.min(states_left);
        match compile_within(lowered, opts, budget, &mut states_used) {
            Ok(m) => components.push(m),
            Err(e) => errors.push(e.at(*span).context(format_args!("component '{rule}'"))),
        }
    }
    // Encode sets: one derivation per rule, however many pragmas name it,
    // within a budget of their own shared by all (Note [a budget per
    // grammar]).
    let mut encode_sets = Vec::new();
    let mut derived: std::collections::BTreeMap<
        usize,
        Option<crate::pipeline::encode_set::EncodeSetBuf>,
    > = std::collections::BTreeMap::new();
    let mut set_nodes_used = 0u64;
    for (k, p) in grammar.encode_sets.iter().enumerate() {
        let Some(rule) = grammar.rule_index(&p.rule) else {
            // derive_with reports the unknown rule.
            if let Err(e) = crate::pipeline::encode_set::derive_with(&grammar, &sizes, p) {
                errors.push(e.at(p.pragma));
            }
            continue;
        };
        if let std::collections::btree_map::Entry::Vacant(slot) = derived.entry(rule) {
            let nodes = sizes
                .nodes
                .get(rule)
                .copied()
                .unwrap_or(0)
                .min(lower::MAX_EXPANSION);
            set_nodes_used = set_nodes_used.saturating_add(nodes);
            if set_nodes_used > MAX_ENCODE_SET_EXPANSION {
                let after = grammar.encode_sets.len() - k - 1;
                errors.push(Diagnostic {
                    span: p.pragma,
                    message: format!(
                        "encode-set '{}': the rules of the encode sets up to this one expand to \
                         more than {MAX_ENCODE_SET_EXPANSION} expression nodes together (the \
                         grammar's budget); not derived: '{}' and the {after} encode sets after it",
                        p.name, p.name
                    ),
                });
                break;
            }
            let set = crate::pipeline::encode_set::derive_with(&grammar, &sizes, p)
                .map_err(|e| errors.push(e.at(p.pragma)))
                .ok();
            if let Some(set) = &set {
                encode_sets.push(set.clone());
            }
            slot.insert(set);
            continue;
        }
        match derived.get(&rule) {
            Some(Some(set)) => encode_sets.push(crate::pipeline::encode_set::EncodeSetBuf {
                name: p.name.clone(),
                ..set.clone()
            }),
            _ => errors.push(Diagnostic {
                span: p.pragma,
                message: format!(
                    "encode-set '{}': rule '{}' gives no encode set (see the first encode-set \
                     naming it)",
                    p.name, p.rule
                ),
            }),
        }
    }
    if !errors.is_empty() {
        return Err(Diagnostics {
            sources: grammar.sources.clone(),
            errors,
        });
    }
    Ok(Compiled {
        grammar,
        machines,
        components,
        encode_sets,
    })
}
