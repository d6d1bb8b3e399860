//! The checks later stages rely on: the pragmas name rules that exist,
//! numeric values fit the charset; and the problems of rules (an undefined
//! rule, a prose value) that are errors only where something compiled
//! reaches them (Note [what an entry must reach]).

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
}
