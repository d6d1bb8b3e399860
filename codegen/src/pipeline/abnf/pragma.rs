//! The `;@` pragma lines, parsed by the same [`Parser`]
//! (`grammar/README.md` documents the pragma language).

#[allow(unused_imports)]
use super::*;
use crate::support::diag::Span;

impl<'t> Parser<'t> {
    /// A `;@` pragma line, `self.pos` at the `;`.
    pub(super) fn pragma(&mut self) {
        let line = self.pos;
        let pragma_span = self.span(line, line + 2);
        self.pos += 2;
        let mut words: Vec<(String, Span)> = Vec::new();
        loop {
            while matches!(self.peek(), Some(b' ' | b'\t')) {
                self.pos += 1;
            }
            if self.at_rule_end() || self.peek() == Some(b';') {
                break;
            }
            let start = self.pos;
            if self.peek() == Some(b'"') {
                // A quoted word (a `view` example) may hold `;` and blanks.
                self.pos += 1;
                while !self.at_rule_end() && self.peek() != Some(b'"') {
                    self.pos += self.char_len(self.pos);
                }
                if self.peek() == Some(b'"') {
                    self.pos += 1;
                }
            }
            while !self.at_rule_end() && !matches!(self.peek(), Some(b' ' | b'\t' | b';')) {
                self.pos += self.char_len(self.pos);
            }
            words.push((
                self.slice(start, self.pos).to_string(),
                self.span(start, self.pos),
            ));
        }
        let end_span = self.found_span(self.pos);
        self.skip_line();
        let Some((name, name_span)) = words.first().cloned() else {
            self.error(
                end_span,
                "expected a pragma name after ';@' (import, entry, component, capture, kind, kind-after, charset, encode-set, view, views, accessor, title, marker, family, depth, deny or allow)",
            );
            return;
        };
        let args = &words[1..];
        let pragma = pragma_span.to(name_span);
        match name.as_str() {
            "import" => match args {
                [(path, span)] => self.items.push(Item::Import {
                    path: path.clone(),
                    span: *span,
                }),
                [] => self.error(end_span, "expected a file path after 'import'"),
                [_, (extra, span), ..] => {
                    let msg = format!("unexpected '{extra}' after the import path");
                    self.error(*span, msg);
                }
            },
            "entry" => {
                if args.is_empty() {
                    self.error(end_span, "expected a rule name after 'entry'");
                    return;
                }
                let tokens = split_tokens(args);
                if let Some(names) = self.rule_list(&tokens, false) {
                    self.items.push(Item::Entry { names, pragma });
                }
            }
            "component" => {
                if args.is_empty() {
                    self.error(end_span, "expected a rule name after 'component'");
                    return;
                }
                let tokens = split_tokens(args);
                if let Some(names) = self.rule_list(&tokens, false) {
                    self.items.push(Item::Component { names, pragma });
                }
            }
            "capture" | "kind" | "kind-after" => self.capture(&name, args, pragma, end_span),
            "charset" => match args {
                [(cs, _)] if cs.eq_ignore_ascii_case("utf-8") => {
                    self.items.push(Item::Charset { pragma });
                }
                [(cs, span)] => {
                    let msg = format!("unknown charset '{cs}'; the only charset is 'utf-8'");
                    self.error(*span, msg);
                }
                [] => self.error(end_span, "expected 'utf-8' after 'charset'"),
                [_, (extra, span), ..] => {
                    let msg = format!("unexpected '{extra}' after the charset");
                    self.error(*span, msg);
                }
            },
            "encode-set" => self.encode_set(args, pragma, end_span),
            "view" => self.view(args, pragma, end_span),
            "accessor" => self.accessor(args, pragma, end_span),
            "marker" => match args {
                [(m, span)]
                    if m.starts_with(|c: char| c.is_ascii_uppercase())
                        && m.chars().all(|c| c.is_ascii_alphanumeric()) =>
                {
                    self.items
                        .push(Item::Marker(m.to_string(), pragma.to(*span)));
                }
                [(_, span)] => self.error(
                    *span,
                    "expected a type name in UpperCamelCase (ASCII letters and digits), \
                     e.g. Rfc3986",
                ),
                [] => self.error(end_span, "expected a type name after 'marker'"),
                [_, (extra, span), ..] => {
                    let msg = format!("unexpected '{extra}' after the marker's name");
                    self.error(*span, msg);
                }
            },
            "family" => match args {
                [(f, span)] => match super::ast::Family::from_name(f) {
                    Some(family) => self.items.push(Item::Family(family, pragma.to(*span))),
                    None => {
                        let known: Vec<&str> =
                            super::ast::Family::ALL.iter().map(|(n, _)| *n).collect();
                        let msg = format!(
                            "unknown family '{f}'; the families are: {}",
                            known.join(", ")
                        );
                        self.error(*span, msg);
                    }
                },
                [] => self.error(
                    end_span,
                    "expected a family name after 'family' (generic, url)",
                ),
                [_, (extra, span), ..] => {
                    let msg = format!("unexpected '{extra}' after the family's name");
                    self.error(*span, msg);
                }
            },
            "title" => match args {
                [(t, span)]
                    if t.len() >= 2
                        && t.starts_with('"')
                        && t.ends_with('"')
                        && !t[1..t.len() - 1].contains('"') =>
                {
                    self.items
                        .push(Item::Title(t[1..t.len() - 1].to_string(), pragma.to(*span)));
                }
                [(_, span)] => self.error(
                    *span,
                    "expected the title in double quotes, e.g. \"URI Generic Syntax\"",
                ),
                [] => self.error(
                    end_span,
                    "expected the title in double quotes after 'title'",
                ),
                [_, (extra, span), ..] => {
                    let msg = format!("unexpected '{extra}' after the title");
                    self.error(*span, msg);
                }
            },
            "methods" => self.error(
                pragma.to(end_span),
                "';@ methods' is gone: write what a document adds to its views as Rust in the \
                 grammar's module, over the `uridfa::View` trait every view implements \
                 (docs/GRAMMARS.md)",
            ),
            "views" => match args {
                [(w, span)] if w == "separate" || w == "shared" => {
                    self.items
                        .push(Item::Views(w == "separate", pragma.to(*span)));
                }
                [(w, span)] => {
                    let msg = format!("expected 'separate' or 'shared' after 'views', found '{w}'");
                    self.error(*span, msg);
                }
                [] => self.error(end_span, "expected 'separate' or 'shared' after 'views'"),
                [_, (extra, span), ..] => {
                    let msg = format!("unexpected '{extra}' after 'views {}'", args[0].0);
                    self.error(*span, msg);
                }
            },
            "deny" | "allow" => self.ambiguity(name == "deny", args, pragma, end_span),
            "depth" => match args {
                [(rule, rule_span), (n, n_span)] => {
                    if !is_rulename(rule) {
                        let msg = format!("expected a rule name after 'depth', found '{rule}'");
                        self.error(*rule_span, msg);
                        return;
                    }
                    match n.parse::<u32>() {
                        Ok(depth) if (1..=MAX_DEPTH_PRAGMA).contains(&depth) => {
                            self.items.push(Item::Depth {
                                rule: (rule.clone(), *rule_span),
                                depth,
                                pragma,
                            });
                        }
                        _ => {
                            let msg = format!(
                                "expected a nesting depth from 1 to {MAX_DEPTH_PRAGMA} after the \
                                 rule name, found '{n}'"
                            );
                            self.error(*n_span, msg);
                        }
                    }
                }
                [] | [_] => self.error(
                    end_span,
                    "expected a rule name and a nesting depth after 'depth' (';@ depth comment 3')",
                ),
                [_, _, (extra, span), ..] => {
                    let msg = format!("unexpected '{extra}' after the nesting depth");
                    self.error(*span, msg);
                }
            },
            _ => {
                let msg = format!(
                    "unknown pragma '{name}'; expected import, entry, component, capture, kind, kind-after, charset, encode-set, view, views, accessor, title, marker, family, depth, deny or allow"
                );
                self.error(name_span, msg);
            }
        }
    }

    /// `deny ambiguity` or `allow ambiguity NAME ...` (Note [the ambiguity search] in
    /// [`crate::inspect::ambiguity`]).
    pub(super) fn ambiguity(
        &mut self,
        deny: bool,
        args: &[(String, Span)],
        pragma: Span,
        end: Span,
    ) {
        let verb = if deny { "deny" } else { "allow" };
        match args.split_first() {
            Some(((what, _), rest)) if what == "ambiguity" => {
                if deny {
                    if let Some((extra, span)) = rest.first() {
                        let msg = format!(
                            "unexpected '{extra}' after 'deny ambiguity'; to silence one \
                             capture, write 'allow ambiguity {extra}'"
                        );
                        self.error(*span, msg);
                        return;
                    }
                    self.items.push(Item::Ambiguity {
                        deny,
                        names: Vec::new(),
                        pragma: pragma.to(args[0].1),
                    });
                    return;
                }
                if rest.is_empty() {
                    self.error(end, "expected a capture name after 'allow ambiguity'");
                    return;
                }
                let tokens = split_tokens(rest);
                if let Some(names) = self.rule_list(&tokens, false) {
                    let last = names.last().map_or(pragma, |n| n.1);
                    self.items.push(Item::Ambiguity {
                        deny,
                        names,
                        pragma: pragma.to(last),
                    });
                }
            }
            Some(((what, span), _)) => {
                let msg = format!("expected 'ambiguity' after '{verb}', found '{what}'");
                self.error(*span, msg);
            }
            None => self.error(end, format!("expected 'ambiguity' after '{verb}'")),
        }
    }

    /// `view RULE = Type ["example"]`.
    pub(super) fn view(&mut self, args: &[(String, Span)], pragma: Span, end: Span) {
        let (args, example) = match args.split_last() {
            Some(((last, span), rest)) if last.starts_with('"') => {
                if last.len() < 2 || !last.ends_with('"') || last[1..last.len() - 1].contains('"') {
                    self.error(*span, "expected an example in double quotes, e.g. \"a:b\"");
                    return;
                }
                (rest, Some(last[1..last.len() - 1].to_string()))
            }
            _ => (args, None),
        };
        let tokens = split_tokens(args);
        match tokens.as_slice() {
            [(rule, rule_span), (eq, _), (name, name_span)] if eq == "=" => {
                if !is_rulename(rule) {
                    let msg = format!("expected a rule name, found '{rule}'");
                    self.error(*rule_span, msg);
                } else if !is_type_name(name) {
                    let msg = format!(
                        "expected a type name (an ASCII letter, then letters and digits, \
                         starting upper-case, e.g. UriRef), found '{name}'"
                    );
                    self.error(*name_span, msg);
                } else {
                    let view = ViewPragma {
                        rule: rule.clone(),
                        rule_span: *rule_span,
                        name: name.clone(),
                        name_span: *name_span,
                        example,
                    };
                    self.items.push(Item::View(view, pragma.to(*name_span)));
                }
            }
            [_, _, _, (extra, span), ..] if tokens[1].0 == "=" => {
                let msg = format!("unexpected '{extra}' after the type name");
                self.error(*span, msg);
            }
            _ => {
                let span = tokens.get(1).or(tokens.first()).map_or(end, |t| t.1);
                self.error(span, "expected 'view RULE = TypeName [\"example\"]'");
            }
        }
    }

    /// `accessor NAME = CAPTURE`.
    pub(super) fn accessor(&mut self, args: &[(String, Span)], pragma: Span, end: Span) {
        let tokens = split_tokens(args);
        match tokens.as_slice() {
            [(name, name_span), (eq, _), (capture, capture_span)] if eq == "=" => {
                if !is_accessor_name(name) {
                    let msg = format!(
                        "expected an accessor name (lower-case ASCII letters, digits and '_', \
                         starting with a letter; '_' for none), found '{name}'"
                    );
                    self.error(*name_span, msg);
                } else if !is_rulename(capture) {
                    let msg = format!("expected a capture name, found '{capture}'");
                    self.error(*capture_span, msg);
                } else {
                    let a = AccessorPragma {
                        name: name.clone(),
                        name_span: *name_span,
                        capture: capture.clone(),
                        capture_span: *capture_span,
                    };
                    self.items.push(Item::Accessor(a, pragma.to(*capture_span)));
                }
            }
            [_, _, _, (extra, span), ..] if tokens[1].0 == "=" => {
                let msg = format!("unexpected '{extra}' after the capture name");
                self.error(*span, msg);
            }
            _ => {
                let span = tokens.get(1).or(tokens.first()).map_or(end, |t| t.1);
                self.error(span, "expected 'accessor NAME = CAPTURE'");
            }
        }
    }

    /// `encode-set NAME = RULE`.
    pub(super) fn encode_set(&mut self, args: &[(String, Span)], pragma: Span, end: Span) {
        let tokens = split_tokens(args);
        match tokens.as_slice() {
            [(name, name_span), (eq, _), (rule, rule_span)] if eq == "=" => {
                if !is_rulename(name) {
                    let msg = format!("expected an encode-set name, found '{name}'");
                    self.error(*name_span, msg);
                } else if !is_rulename(rule) {
                    let msg = format!("expected a rule name, found '{rule}'");
                    self.error(*rule_span, msg);
                } else {
                    self.items.push(Item::EncodeSet(EncodeSetPragma {
                        name: name.clone(),
                        rule: rule.clone(),
                        rule_span: *rule_span,
                        pragma: pragma.to(*rule_span),
                    }));
                }
            }
            [_, _, _, (extra, span), ..] if tokens[1].0 == "=" => {
                let msg = format!(
                    "unexpected '{extra}' after the rule name; an encode set names one rule"
                );
                self.error(*span, msg);
            }
            _ => {
                let span = tokens.get(1).or(tokens.first()).map_or(end, |t| t.1);
                self.error(span, "expected 'encode-set NAME = RULE'");
            }
        }
    }

    /// `capture R1 R2 ...`, `capture NAME = R1 / R2 ...`,
    /// `kind NAME = R1 / R2 ...`, `kind-after NAME = R1 / R2 ...`.
    pub(super) fn capture(
        &mut self,
        pragma_name: &str,
        args: &[(String, Span)],
        pragma: Span,
        end: Span,
    ) {
        let tokens = split_tokens(args);
        let named = tokens.get(1).is_some_and(|(t, _)| t == "=");
        if !named {
            if pragma_name != "capture" {
                let span = tokens.first().map_or(end, |t| t.1);
                let msg = format!("expected '{pragma_name} NAME = RULE / RULE ...'");
                self.error(span, msg);
                return;
            }
            if tokens.is_empty() {
                self.error(end, "expected a rule name after 'capture'");
                return;
            }
            if let Some(rules) = self.rule_list(&tokens, false) {
                for (rule, span) in rules {
                    self.items.push(Item::Capture {
                        capture: Capture {
                            name: rule.clone(),
                            rules: vec![(rule, span)],
                            kind_of: None,
                            after: false,
                        },
                        pragma,
                    });
                }
            }
            return;
        }
        let (name, name_span) = tokens[0].clone();
        if !is_rulename(&name) {
            let msg = format!("expected a {pragma_name} name, found '{name}'");
            self.error(name_span, msg);
            return;
        }
        if tokens.len() == 2 {
            self.error(end, "expected a rule name after '='");
            return;
        }
        let Some(rules) = self.rule_list(&tokens[2..], true) else {
            return;
        };
        if pragma_name != "capture" {
            self.items.push(Item::Kind {
                kind: (name, name_span),
                rules,
                after: pragma_name == "kind-after",
                pragma,
            });
        } else {
            self.items.push(Item::Capture {
                capture: Capture {
                    name,
                    rules,
                    kind_of: None,
                    after: false,
                },
                pragma,
            });
        }
    }

    /// Rule names, separated by `/` when `slashes`, else by white space.
    pub(super) fn rule_list(
        &mut self,
        tokens: &[(String, Span)],
        slashes: bool,
    ) -> Option<Vec<(String, Span)>> {
        let mut names = Vec::new();
        for (i, (t, span)) in tokens.iter().enumerate() {
            let want_name = !slashes || i % 2 == 0;
            if want_name && is_rulename(t) {
                names.push((t.clone(), *span));
            } else if !want_name && t == "/" {
            } else {
                let msg = if want_name {
                    format!("expected a rule name, found '{t}'")
                } else {
                    format!("expected '/' between rule names, found '{t}'")
                };
                self.error(*span, msg);
                return None;
            }
        }
        if slashes && tokens.len() % 2 == 0 {
            if let Some((_, span)) = tokens.last() {
                self.error(*span, "expected a rule name after '/'");
            }
            return None;
        }
        Some(names)
    }
}

/// `UriRef`: an upper-case ASCII letter, then ASCII letters and digits.
fn is_type_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.all(|c| c.is_ascii_alphanumeric())
}

/// `authority`, `zone_id`: a lower-case ASCII letter, then lower-case
/// letters, digits and `_` (keywords are refused where the view is built);
/// or `_`, no accessor.
fn is_accessor_name(s: &str) -> bool {
    if s == "_" {
        return true; // no accessor
    }
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}
