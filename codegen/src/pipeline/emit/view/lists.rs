//! The plural accessor of a repeated capture and the item type it yields
//! (Note [repeated captures]).

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use crate::compiled::Compiled;

use super::names::accessor_ident;
use super::spec::{Paths, ViewSpec};

/// `addr_spec` → `addr_specs`, `address` → `addresses`.
pub fn plural(snake: &str) -> String {
    let bare = snake.trim_start_matches("r#");
    if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|e| bare.ends_with(e))
    {
        format!("{bare}es")
    } else {
        format!("{bare}s")
    }
}

/// `addr-spec` → `AddrSpec`.
pub(super) fn camel(name: &str) -> String {
    name.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            cs.next()
                .map(|f| f.to_ascii_uppercase().to_string() + cs.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The rule that holds the list region named `name` (`*elem#2` → `elem`).
fn region_rule(name: &str) -> Option<&str> {
    let rule = name.strip_prefix('*')?;
    rule.split('#').next()
}

/// For each list region of `c` (any entry, any level), the captures its
/// items can set, at every level below it.
fn list_reach(c: &Compiled) -> std::collections::BTreeMap<usize, Vec<usize>> {
    let mut out: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for m in c
        .machines
        .iter()
        .flat_map(crate::compiled::Machine::with_items)
    {
        for l in &m.lists {
            let set = out.entry(l.region).or_default();
            for sub in l.machine.with_items() {
                set.extend(&sub.lowered.group_component);
            }
            set.sort_unstable();
            set.dedup();
        }
    }
    out
}

/// The iterator accessor of the repeated capture `i` (Note [repeated
/// captures]) and the item type it yields: its name, then the accessor's
/// tokens and the item type's.
#[allow(clippy::too_many_arguments)]
pub(super) fn repeated_accessor(
    c: &Compiled,
    spec: &ViewSpec,
    i: usize,
    capture: &str,
    method: &Ident,
    texts: &[String],
    components: &[crate::pipeline::lower::Component],
    lists: &TokenStream,
    captures: &[(String, String)],
    itemized: &[bool],
) -> (String, (TokenStream, TokenStream)) {
    let Paths { runtime, parts, .. } = &spec.paths;
    let vis = &spec.vis;
    let shown = &spec.shown;
    let tag_len = 2 * captures.len();
    let accessor = plural(&method.to_string());
    let plural_ident = format_ident!("{}", accessor);
    let item = format_ident!("{}{}", spec.name, camel(capture));
    // The grammar's REG_LEN, as `emit::tokens` computes it.
    let reg_len = c
        .machines
        .iter()
        .flat_map(crate::compiled::Machine::with_items)
        .map(|m| m.tables.reg_len as usize)
        .max()
        .unwrap_or(0)
        .max(1);
    // Its occurrences, in input order, at every level of lists: the
    // runtime walk (`Parts::occurrences`) reads the entry's split and the
    // splits of the items of its lists, recursively.
    let chain = quote! {
        parts
            .occurrences::<#reg_len>(lists, #i, (0, input.len()))
            .map(|(span, parts, lists)| #item { span, parts, lists })
    };
    let doc = format!(
        " Every occurrence of the `{capture}` capture (index {i}), in input order, from \
         `{shown}`:\n\n ```abnf\n{}\n ```\n\n It can occur more than once (it lies inside a \
         repetition), so each occurrence is an item with its own nested captures; the items \
         are found without allocating (`uridfa_runtime::items`).",
        texts.join("\n")
    );
    let accessor_tokens = quote! {
        #[doc = #doc]
        pub fn #plural_ident(&self) -> impl ::core::iter::Iterator<Item = #item<'a>> + ::core::clone::Clone + 'a + use<'a> {
            let parts = self.parts;
            let input = parts.input();
            let lists: &'static [#runtime::List<'static>] = #lists;
            #chain
        }
    };
    // The captures nested in this one: those whose rules its rules reach.
    let sizes = crate::pipeline::lower::RuleSizes::new(&c.grammar);
    let rules_of = |name: &str| -> Vec<usize> {
        c.grammar
            .captures
            .iter()
            .find(|x| x.name.eq_ignore_ascii_case(name))
            .map(|x| x.rules.iter().map(|(r, _)| r.clone()).collect())
            .unwrap_or_else(|| vec![name.to_string()])
            .iter()
            .filter_map(|r| c.grammar.rule_index(r))
            .collect()
    };
    let mut reach = vec![false; c.grammar.rules.len()];
    for r in rules_of(capture) {
        for v in sizes.reachable(r) {
            reach[v] = true;
        }
    }
    // The list regions inside this capture: those held by a rule it
    // reaches. A capture that one of them reaches occurs any number of
    // times inside one occurrence of this one: a plural accessor.
    let inner_reach = list_reach(c);
    let plural_inside = |d: usize| {
        components.iter().enumerate().any(|(r, k)| {
            k.region
                && region_rule(&k.name)
                    .and_then(|rule| c.grammar.rule_index(rule))
                    .is_some_and(|rule| reach[rule])
                && inner_reach.get(&r).is_some_and(|ds| ds.contains(&d))
        })
    };
    let mut nested = Vec::new();
    let mut debug = Vec::new();
    let list_helper = format_ident!("__{}List", item);
    for (d, (name, snake)) in captures.iter().enumerate() {
        let comp = components.get(d);
        if d == i || comp.is_some_and(|k| k.region) || snake == "_" {
            continue;
        }
        if !rules_of(name).iter().any(|&r| reach[r]) {
            continue;
        }
        let Some(m) = accessor_ident(snake, Span::call_site()) else {
            continue;
        };
        let plain = snake.as_str();
        if plural_inside(d) {
            // Only a capture with an item type of its own (one the view
            // gives a plural accessor) gets one here.
            if !itemized.get(d).copied().unwrap_or(false) {
                continue;
            }
            let many = plural(&m.to_string());
            let many_ident = format_ident!("{}", many);
            let shown_many = many.trim_start_matches("r#").to_string();
            let d_item = format_ident!("{}{}", spec.name, camel(name));
            let doc = format!(
                " Every occurrence of the `{name}` capture inside this `{capture}` (index \
                 {d}), in input order: it lies inside a repetition of this `{capture}`, so \
                 it can occur any number of times."
            );
            nested.push(quote! {
                #[doc = #doc]
                pub fn #many_ident(&self) -> impl ::core::iter::Iterator<Item = #d_item<'a>> + ::core::clone::Clone + 'a + use<'a> {
                    self.parts
                        .occurrences::<#reg_len>(self.lists, #d, self.span)
                        .map(|(span, parts, lists)| #d_item { span, parts, lists })
                }
            });
            debug.push(quote!(.field(#shown_many, &#list_helper(|| self.#many_ident()))));
            continue;
        }
        let doc = format!(
            " The `{name}` capture inside this `{capture}` (index {d}); `None` when it has \
             none."
        );
        nested.push(quote! {
            #[doc = #doc]
            #[inline]
            pub fn #m(&self) -> ::core::option::Option<&'a str> {
                let (s, e) = self.parts.span(#d)?;
                if s < self.span.0 || e > self.span.1 {
                    return ::core::option::Option::None;
                }
                self.parts.input().get(s..e)
            }
        });
        debug.push(quote!(.field(#plain, &self.#m())));
    }
    let item_doc = format!(
        " One occurrence of `{capture}` in a [`{}`], with the captures nested in it.",
        spec.name
    );
    // `Debug` names the item by its type, as the view (Note [Debug shows
    // the accessors] in `tokens.rs`).
    let item_name = item.to_string();
    let item_tokens = quote! {
        #[doc = #item_doc]
        #[derive(Clone, Copy)]
        #vis struct #item<'a> {
            span: (usize, usize),
            parts: #parts<'a, #tag_len>,
            // The lists of the tables that split `parts`: those inside
            // this occurrence hold its repeated nested captures.
            lists: &'static [#runtime::List<'static>],
        }

        impl ::core::cmp::PartialEq for #item<'_> {
            fn eq(&self, other: &Self) -> bool {
                self.span == other.span
                    && self.parts == other.parts
                    && ::core::ptr::eq(self.lists, other.lists)
            }
        }

        impl ::core::cmp::Eq for #item<'_> {}

        impl<'a> #item<'a> {
            /// The occurrence's text.
            #[inline]
            pub fn as_str(&self) -> &'a str {
                self.parts.input().get(self.span.0..self.span.1).unwrap_or("")
            }

            /// Its start and end offsets in the whole input.
            #[inline]
            pub fn span(&self) -> (usize, usize) {
                self.span
            }

            #(#nested)*
        }

        impl ::core::fmt::Display for #item<'_> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::core::fmt::Debug for #item<'_> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(#item_name)
                    .field("input", &self.as_str())
                    #(#debug)*
                    .finish()
            }
        }

        /// A list in `Debug`, from a function that makes its iterator.
        #[allow(non_camel_case_types)]
        struct #list_helper<F>(F);

        impl<F, I> ::core::fmt::Debug for #list_helper<F>
        where
            F: Fn() -> I,
            I: ::core::iter::Iterator,
            I::Item: ::core::fmt::Debug,
        {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_list().entries((self.0)()).finish()
            }
        }
    };
    (accessor, (accessor_tokens, item_tokens))
}
