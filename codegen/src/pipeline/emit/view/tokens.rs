//! One view as tokens ([`view_tokens`]): the struct, its accessors, `parse`
//! and the trait impls, `View` among them.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use crate::compiled::Compiled;

use super::facts::{accessor_names, presence};
use super::lists::{camel, repeated_accessor};
use super::names::{accessor_ident, RESERVED, RESERVED_PARSE};
use super::spec::{Paths, ViewError, ViewSpec};

// Note [Debug shows the accessors]
//
// A view's `Debug` is what its accessors return, named as they are: the
// input (`as_str()`), then per accessor its snake-case name and its value,
// `&str` when the capture is always present, `Option<&str>` when it may
// be absent, an item list for a repeated capture; a capture never
// present has no field. A capture whose accessor the grammar's module
// writes by hand (`;@ accessor _ = host`) is shown under its snake-case
// name, typed by its presence as a generated accessor would be. Built-in and
// derived views are written by this same code, so both show
// `reg_name: None` where the grammar says `reg-name`, and a capture that
// `path()` returns as a `&str` shows as `path: "/a"`, not as an `Option`.

/// The view of `spec.rule` in `c`, as tokens.
///
/// # Errors
///
/// A capture whose accessor cannot be a method of the view.
pub fn view_tokens(c: &Compiled, spec: &ViewSpec) -> Result<TokenStream, ViewError> {
    let Paths {
        runtime,
        parts,
        error,
        tables,
        entry,
        lists,
        view,
        root: _,
    } = &spec.paths;
    let name = &spec.name;
    let vis = &spec.vis;
    let rule = &spec.rule;
    let shown = &spec.shown;
    let table = format_ident!("{}", crate::pipeline::emit::const_name(rule));
    let captures = accessor_names(c);
    let tag_len = 2 * captures.len();
    // Note [kinds after the match] (in `lower.rs`): such a kind is decided
    // when it is read, from its parent's bytes (`Parts::get_in`).
    let after: Vec<bool> = c
        .machines
        .first()
        .map(|m| m.lowered.components.iter().map(|k| k.after).collect())
        .unwrap_or_default();
    let entry = entry.clone().unwrap_or_else(|| quote!(&#tables::#table));
    let get = |i: usize| {
        if after.get(i).copied().unwrap_or(false) {
            quote!(self.parts.get_in(#entry, #i))
        } else {
            quote!(self.parts.get(#i))
        }
    };

    let components: Vec<crate::pipeline::lower::Component> = c
        .machines
        .first()
        .map(|m| m.lowered.components.clone())
        .unwrap_or_default();
    let lists = lists.clone().unwrap_or_else(|| {
        let id = format_ident!("{}_LISTS", crate::pipeline::emit::const_name(rule));
        quote!(&#tables::#id)
    });
    // The repeated captures that get an item type (Note [repeated
    // captures]): those with a plural accessor on the view.
    let itemized: Vec<bool> = captures
        .iter()
        .enumerate()
        .map(|(i, (_, snake))| {
            let skipped = spec
                .only
                .as_ref()
                .is_some_and(|only| !only.get(i).copied().unwrap_or(false));
            components.get(i).is_some_and(|k| k.repeated && !k.region)
                && snake != "_"
                && !skipped
                && accessor_ident(snake, Span::call_site()).is_some()
        })
        .collect();
    let mut accessors = Vec::new();
    let mut items = Vec::new();
    let mut debug_fields = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    for (i, (capture, snake)) in captures.iter().enumerate() {
        // A list region is no component: no accessor, not in `Debug`.
        if components.get(i).is_some_and(|k| k.region) {
            continue;
        }
        let skipped = spec
            .only
            .as_ref()
            .is_some_and(|only| !only.get(i).copied().unwrap_or(false));
        if snake == "_" || skipped {
            // `;@ accessor _ = CAPTURE`: no generated accessor (the
            // grammar's module writes its own, named as the capture), but
            // in `Debug` under the capture's snake-case name, typed by its
            // presence (Note [Debug shows the accessors]); a capture the
            // entry never reaches: in neither.
            let repeated = components.get(i).is_some_and(|k| k.repeated);
            if !skipped && !repeated {
                let shown = super::names::snake_case(capture);
                let get = get(i);
                debug_fields.push(if spec.always.get(i).copied().unwrap_or(false) {
                    quote!(.field(#shown, &#get.unwrap_or("")))
                } else {
                    quote!(.field(#shown, &#get))
                });
            }
            continue;
        }
        let Some(method) = accessor_ident(snake, Span::call_site()) else {
            return Err(ViewError::NotAnIdent {
                capture: capture.clone(),
                accessor: snake.clone(),
            });
        };
        let plain = snake.as_str();
        if RESERVED.contains(&plain) || (spec.parse_on_view && RESERVED_PARSE.contains(&plain)) {
            return Err(ViewError::Reserved {
                capture: capture.clone(),
                accessor: plain.to_owned(),
            });
        }
        if let Some((other, _)) = seen.iter().find(|(_, s)| s == plain) {
            return Err(ViewError::Twice {
                capture: capture.clone(),
                other: other.clone(),
                accessor: plain.to_owned(),
            });
        }
        seen.push((capture.clone(), plain.to_owned()));
        // The rules behind the component, as written.
        let rules: Vec<String> = c
            .grammar
            .captures
            .iter()
            .find(|x| x.name.eq_ignore_ascii_case(capture))
            .map(|x| x.rules.iter().map(|(r, _)| r.clone()).collect())
            .unwrap_or_else(|| vec![capture.clone()]);
        let texts: Vec<String> = rules
            .iter()
            .map(|r| format!(" {}", c.grammar.rule_text(r)))
            .collect();
        if components.get(i).is_some_and(|k| k.repeated) {
            let (accessor, item) = repeated_accessor(
                c,
                spec,
                i,
                capture,
                &method,
                &texts,
                &components,
                &lists,
                &captures,
                &itemized,
            );
            let plural = format_ident!("{}", accessor);
            let helper = format_ident!("__{}{}List", spec.name, camel(capture));
            let shown = accessor.trim_start_matches("r#").to_string();
            debug_fields.push(quote!(.field(#shown, &#helper(|| self.#plural()))));
            accessors.push(item.0);
            items.push(item.1);
            continue;
        }
        let always = spec.always.get(i).copied().unwrap_or(false);
        let get = get(i);
        let (ret, body, when) = if always {
            (
                quote!(&'a str),
                quote!(#get.unwrap_or("")),
                "Every input the entry accepts has it.",
            )
        } else {
            (
                quote!(::core::option::Option<&'a str>),
                quote!(#get),
                "`None` when the input has none.",
            )
        };
        let doc = format!(
            " The `{capture}` capture (index {i}), from `{shown}`:\n\n ```abnf\n{}\n ```\n\n {when}",
            texts.join("\n")
        );
        accessors.push(quote! {
            #[doc = #doc]
            #[inline]
            pub fn #method(&self) -> #ret {
                #body
            }
        });
        debug_fields.push(quote!(.field(#plain, &self.#method())));
    }

    let span_body = if after.contains(&true) {
        quote!(self.parts.span_in(#entry, index))
    } else {
        quote!(self.parts.span(index))
    };
    let rule_text = c.grammar.rule_text(rule);
    let view_doc = spec.doc.clone().unwrap_or_else(|| {
        format!(
            " A match of `{rule}`, from `{shown}`:\n\n ```abnf\n {rule_text}\n ```\n\n \
             Generated from the grammar file: `parse`, and an accessor per capture the rule \
             can set (a slice of the input, still percent-encoded)."
        )
    });
    let view_name = name.to_string();
    let grammar_name = c.grammar.name.as_str();
    let grammar_type = &spec.grammar_type;
    let capture_names: Vec<&str> = captures.iter().map(|(k, _)| k.as_str()).collect();
    let presence_items: Vec<TokenStream> = presence(c, rule)
        .into_iter()
        .map(|p| {
            let id = format_ident!("{}", p.name());
            quote!(#view::Presence::#id)
        })
        .collect();
    let get_body = if after.contains(&true) {
        quote!(self.parts.get_in(#entry, index))
    } else {
        quote!(self.parts.get(index))
    };

    let parse_items = if spec.parse_on_view {
        let example = |call: &str| -> String {
            match &spec.example {
                Some((path, input)) => format!(
                    "\n\n # Example\n\n ```\n let r = {path}::{call}({input:?}{})?;\n \
                     assert_eq!(r.as_str(), {input:?});\n # Ok::<(), uridfa::Error>(())\n ```",
                    if call == "parse_bytes" {
                        ".as_bytes()"
                    } else {
                        ""
                    }
                ),
                None => String::new(),
            }
        };
        let bytes_rule = if c.grammar.utf8 {
            "invalid UTF-8, or a character the grammar does not allow there, is an error at \
             the start of its sequence; a sequence cut off by the end of the input is an \
             `UnexpectedEnd` at the end."
        } else {
            "a byte the grammar does not allow is an error at its offset; the matched input \
             is checked to be UTF-8."
        };
        let parse_doc = format!(
            " Parses `input` as `{rule}`.\n\n # Errors\n\n An error at the first byte that \
             cannot continue a match, or at the end if the input stops short.{}",
            example("parse")
        );
        let parse_bytes_doc = format!(
            " Parses bytes as `{rule}`. Any bytes are accepted as input; {bytes_rule}\n\n \
             # Errors\n\n As [`Self::parse`].{}",
            example("parse_bytes")
        );
        let is_valid_doc = match &spec.example {
            Some((path, input)) => format!(
                " Whether `input` matches `{rule}`, without reporting components (faster than \
                 parsing).\n\n # Example\n\n ```\n assert!({path}::is_valid({input:?}.as_bytes()));\n ```"
            ),
            None => format!(
                " Whether `input` matches `{rule}`, without reporting components (faster than \
                 parsing)."
            ),
        };
        let serde = spec.serde_feature.as_ref().map(|feature| {
            quote! {
                #[cfg(feature = #feature)]
                impl ::serde::Serialize for #name<'_> {
                    /// As the text.
                    fn serialize<S: ::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                        s.serialize_str(self.as_str())
                    }
                }

                #[cfg(feature = #feature)]
                impl<'de: 'a, 'a> ::serde::Deserialize<'de> for #name<'a> {
                    /// From a borrowed string, parsed; a parse error becomes the
                    /// deserializer's error, with our message.
                    fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> ::core::result::Result<Self, D::Error> {
                        let text: &'de str = ::serde::Deserialize::deserialize(d)?;
                        Self::parse(text).map_err(::serde::de::Error::custom)
                    }
                }
            }
        });
        quote! {
            impl<'a> #name<'a> {
                #[doc = #parse_doc]
                #[inline]
                pub fn parse(input: &'a str) -> ::core::result::Result<Self, #error> {
                    ::core::result::Result::Ok(#name {
                        parts: #parts::parse_str::<{ #tables::REG_LEN }>(&#tables::#table, input)?,
                    })
                }

                #[doc = #parse_bytes_doc]
                #[inline]
                pub fn parse_bytes(input: &'a [u8]) -> ::core::result::Result<Self, #error> {
                    ::core::result::Result::Ok(#name {
                        parts: #parts::parse_bytes::<{ #tables::REG_LEN }>(&#tables::#table, input)?,
                    })
                }

                #[doc = #is_valid_doc]
                #[inline]
                pub fn is_valid(input: &[u8]) -> bool {
                    #runtime::validate(&#tables::#table, input).is_ok()
                }
            }

            impl<'a> ::core::convert::TryFrom<&'a str> for #name<'a> {
                type Error = #error;

                /// As [`Self::parse`].
                fn try_from(input: &'a str) -> ::core::result::Result<Self, #error> {
                    Self::parse(input)
                }
            }

            #serde
        }
    } else {
        quote!()
    };

    let family_items = super::family::family_tokens(c, spec);
    let from_tags_items = super::family::from_tags_tokens(spec);

    Ok(quote! {
        #[doc = #view_doc]
        #[derive(Clone, Copy, PartialEq, Eq)]
        #vis struct #name<'a> {
            parts: #parts<'a, #tag_len>,
        }

        #parse_items

        #(#items)*

        #family_items

        #from_tags_items

        impl<'a> #name<'a> {
            #(#accessors)*

            /// The whole input.
            #[inline]
            pub fn as_str(&self) -> &'a str {
                self.parts.input()
            }

            /// The span (start and end offsets) of capture `index`, in
            /// the order of the grammar's `;@ capture` pragmas; `None`
            /// when it did not match.
            #[inline]
            pub fn span(&self, index: usize) -> ::core::option::Option<(usize, usize)> {
                #span_body
            }
        }

        #[automatically_derived]
        impl<'a> #view::View<'a> for #name<'a> {
            type Grammar = #grammar_type;
            const GRAMMAR: &'static str = #grammar_name;
            const RULE: &'static str = #rule;
            const CAPTURES: &'static [&'static str] = &[#(#capture_names),*];
            const PRESENCE: &'static [#view::Presence] = &[#(#presence_items),*];

            #[inline]
            fn as_str(&self) -> &'a str {
                self.parts.input()
            }

            #[inline]
            fn get(&self, index: usize) -> ::core::option::Option<&'a str> {
                #get_body
            }

            #[inline]
            fn span(&self, index: usize) -> ::core::option::Option<(usize, usize)> {
                #span_body
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Debug for #name<'_> {
            /// The input, then each accessor by its name with what it
            /// returns (Note [Debug shows the accessors]).
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(#view_name)
                    .field("input", &self.as_str())
                    #(#debug_fields)*
                    .finish()
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Display for #name<'_> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        #[automatically_derived]
        impl ::core::hash::Hash for #name<'_> {
            fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
                // The spans follow from the text (one set of tables per type).
                self.as_str().hash(state);
            }
        }

        #[automatically_derived]
        impl ::core::cmp::PartialOrd for #name<'_> {
            fn partial_cmp(&self, other: &Self) -> ::core::option::Option<::core::cmp::Ordering> {
                ::core::option::Option::Some(::core::cmp::Ord::cmp(self, other))
            }
        }

        /// By the text, byte by byte (not by any normal form).
        #[automatically_derived]
        impl ::core::cmp::Ord for #name<'_> {
            fn cmp(&self, other: &Self) -> ::core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        #[automatically_derived]
        impl ::core::convert::AsRef<str> for #name<'_> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }
    })
}
