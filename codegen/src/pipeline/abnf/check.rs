//! The checks later stages rely on: every referenced rule exists, the
//! rule graph has no cycle, the pragmas name rules that exist, numeric
//! values fit the charset.

#[allow(unused_imports)]
use super::*;
use crate::support::diag::Span;
use std::collections::HashMap;

impl Loader {
    /// Each reference to an undefined rule is a problem of the rule it is
    /// in (Note [what an entry must reach]).
    pub(super) fn check_references(&mut self) {
        let mut unknown = Vec::new();
        for (i, rule) in self.rules.iter().enumerate() {
            visit_refs(&rule.node, &mut |name, span| {
                if !self.known(name) {
                    unknown.push(RuleProblem {
                        rule: i,
                        span,
                        message: format!("unknown rule '{name}'"),
                    });
                }
            });
        }
        self.problems.extend(unknown);
    }

    /// Each prose value is a problem of the rule it is in (Note [what an
    /// entry must reach]).
    pub(super) fn check_prose(&mut self) {
        for (key, span, message) in std::mem::take(&mut self.prose) {
            match self.by_name.get(&key) {
                Some(&rule) => self.problems.push(RuleProblem {
                    rule,
                    span,
                    message,
                }),
                None => self.error(span, message),
            }
        }
    }

    pub(super) fn check_pragmas(&mut self) {
        let mut problems = Vec::new();
        let mut seen: HashMap<String, Span> = HashMap::new();
        for (name, span) in &self.entries {
            if !self.known(name) {
                problems.push((*span, format!("unknown rule '{name}'")));
            }
            if let Some(first) = seen.insert(name.to_ascii_lowercase(), *span) {
                let at = self.sources.location(first);
                problems.push((*span, format!("duplicate entry '{name}' (first at {at})")));
            }
        }
        let mut seen: HashMap<String, Span> = HashMap::new();
        for (name, span) in &self.components {
            if !self.known(name) {
                problems.push((*span, format!("unknown rule '{name}'")));
            }
            if let Some(first) = seen.insert(name.to_ascii_lowercase(), *span) {
                let at = self.sources.location(first);
                problems.push((
                    *span,
                    format!("duplicate component '{name}' (first at {at})"),
                ));
            }
        }
        let mut seen: HashMap<String, Span> = HashMap::new();
        for capture in &self.captures {
            for (name, span) in &capture.rules {
                if !self.known(name) {
                    problems.push((*span, format!("unknown rule '{name}'")));
                }
            }
            let span = capture.rules.first().map_or(Span::default(), |r| r.1);
            if let Some(first) = seen.insert(capture.name.to_ascii_lowercase(), span) {
                let at = self.sources.location(first);
                let name = &capture.name;
                problems.push((span, format!("duplicate capture '{name}' (first at {at})")));
            }
        }
        let mut seen: HashMap<String, Span> = HashMap::new();
        for e in &self.encode_sets {
            if !self.known(&e.rule) {
                problems.push((e.rule_span, format!("unknown rule '{}'", e.rule)));
            }
            if let Some(first) = seen.insert(e.name.to_ascii_lowercase(), e.pragma) {
                let at = self.sources.location(first);
                let name = &e.name;
                problems.push((
                    e.pragma,
                    format!("duplicate encode-set '{name}' (first at {at})"),
                ));
            }
        }
        for (kind, span) in &self.kinds {
            let declared = self
                .captures
                .iter()
                .any(|c| c.kind_of.is_none() && c.name.eq_ignore_ascii_case(kind));
            if !declared {
                problems.push((
                    *span,
                    format!("kind '{kind}' names no capture; declare it with ';@ capture {kind}'"),
                ));
            }
        }
        let mut seen: HashMap<String, Span> = HashMap::new();
        let mut types: HashMap<String, Span> = HashMap::new();
        for v in &self.views {
            // Whether it is an entry is checked where views are written
            // (`emit::view::views_file`): a front end may narrow the
            // entries (the derive, a test compiling other entries).
            if !self.known(&v.rule) {
                problems.push((v.rule_span, format!("unknown rule '{}'", v.rule)));
            }
            if let Some(first) = seen.insert(v.rule.to_ascii_lowercase(), v.rule_span) {
                let at = self.sources.location(first);
                let rule = &v.rule;
                problems.push((
                    v.rule_span,
                    format!("duplicate view of '{rule}' (first at {at})"),
                ));
            }
            if let Some(first) = types.insert(v.name.clone(), v.name_span) {
                let at = self.sources.location(first);
                let name = &v.name;
                problems.push((
                    v.name_span,
                    format!("duplicate view type '{name}' (first at {at})"),
                ));
            }
        }
        let mut seen: HashMap<String, Span> = HashMap::new();
        let mut names: HashMap<String, Span> = HashMap::new();
        for a in &self.accessors {
            let declared = self
                .captures
                .iter()
                .any(|c| c.name.eq_ignore_ascii_case(&a.capture));
            if !declared {
                problems.push((
                    a.capture_span,
                    format!(
                        "accessor for '{}', which is no capture; declare it with ';@ capture'",
                        a.capture
                    ),
                ));
            }
            if let Some(first) = seen.insert(a.capture.to_ascii_lowercase(), a.capture_span) {
                let at = self.sources.location(first);
                let c = &a.capture;
                problems.push((
                    a.capture_span,
                    format!("duplicate accessor for '{c}' (first at {at})"),
                ));
            }
            if a.name == "_" {
                continue;
            }
            if let Some(first) = names.insert(a.name.clone(), a.name_span) {
                let at = self.sources.location(first);
                let n = &a.name;
                problems.push((
                    a.name_span,
                    format!("duplicate accessor '{n}' (first at {at})"),
                ));
            }
        }
        for (span, message) in problems {
            self.error(span, message);
        }
    }

    pub(super) fn check_values(&mut self) {
        let wide = std::mem::take(&mut self.wide);
        for v in wide {
            if !self.charset {
                self.error(
                    v.span,
                    format!(
                        "value {} is above %xFF; add ';@ charset utf-8' to use code points",
                        v.text
                    ),
                );
            } else if v.single && (0xD800..=0xDFFF).contains(&v.value) {
                self.error(
                    v.span,
                    format!("value {} is a surrogate, not a character", v.text),
                );
            }
        }
    }

    /// Reports each cycle of the rule-reference graph once, at the
    /// reference that closes it. Iterative, so a long chain of rules cannot
    /// overflow the stack.
    pub(super) fn check_recursion(&mut self) {
        let edges: Vec<Vec<(usize, Span)>> = self
            .rules
            .iter()
            .map(|rule| {
                let mut out: Vec<(usize, Span)> = Vec::new();
                let mut seen = std::collections::HashSet::new();
                visit_refs(&rule.node, &mut |name, span| {
                    if let Some(&j) = self.by_name.get(&name.to_ascii_lowercase()) {
                        if seen.insert(j) {
                            out.push((j, span));
                        }
                    }
                });
                out
            })
            .collect();
        #[derive(Clone, Copy, PartialEq)]
        enum Color {
            White,
            Gray,
            Black,
        }
        let mut color = vec![Color::White; self.rules.len()];
        let mut found = Vec::new();
        for root in 0..self.rules.len() {
            if color[root] != Color::White {
                continue;
            }
            color[root] = Color::Gray;
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            while let Some(top) = stack.last_mut() {
                let (v, k) = *top;
                let Some(&(w, span)) = edges[v].get(k) else {
                    color[v] = Color::Black;
                    stack.pop();
                    continue;
                };
                top.1 += 1;
                match color[w] {
                    Color::White => {
                        color[w] = Color::Gray;
                        stack.push((w, 0));
                    }
                    Color::Gray => {
                        let i = stack.iter().position(|&(u, _)| u == w).unwrap_or(0);
                        let mut names: Vec<&str> = stack[i..]
                            .iter()
                            .map(|&(u, _)| self.rules[u].name.as_str())
                            .collect();
                        names.push(&self.rules[w].name);
                        let msg = format!(
                            "rule '{}' is recursive: {}",
                            self.rules[w].name,
                            names.join(" -> ")
                        );
                        found.push((v, span, msg));
                    }
                    Color::Black => {}
                }
            }
        }
        for (rule, span, message) in found {
            self.problems.push(RuleProblem {
                rule,
                span,
                message,
            });
        }
    }
}
