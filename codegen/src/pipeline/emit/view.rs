//! Typed views: for one entry of a compiled grammar, a zero-copy struct
//! with one accessor per `;@ capture`, the way both users and the crate
//! get them. `#[derive(uridfa::Grammar)]` (crate `uridfa-derive`) calls
//! [`view_tokens`] for its entry; `uridfa-generate` calls [`views_file`],
//! which writes a view for each `;@ view RULE = Type` pragma of a built-in
//! grammar into `src/generated/<name>_views.rs`.
//!
//! A view holds the input and its capture spans (a `Parts`-like type
//! named by [`Paths::parts`]) and has:
//!
//! - one accessor per capture, named as the capture in snake case
//!   (`date-fullyear` → `date_fullyear()`) or as an `;@ accessor NAME =
//!   CAPTURE` pragma says; it returns `&'a str` when every input of every
//!   entry viewed by the same code has the component ([`always`]) and
//!   `Option<&'a str>` otherwise; its doc quotes the capture's rules;
//! - `as_str()`, `span(index)`, `Display`, `AsRef<str>`, `Hash` and `Ord`
//!   by the text (they agree with the derived `Eq`: equal texts give equal
//!   spans), and a `Debug` that names the components;
//! - with [`ViewSpec::parse_on_view`] (the built-in grammars), `parse`,
//!   `parse_bytes`, `is_valid` and `TryFrom<&str>` on the view itself, and
//!   `serde` impls behind [`ViewSpec::serde_feature`].

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use crate::compiled::Compiled;

/// Where the generated code finds what it uses.
#[derive(Clone, Debug)]
pub struct Paths {
    /// The runtime crate (`::uridfa_runtime`, or
    /// `::uridfa::__private::runtime` from a user's crate).
    pub runtime: TokenStream,
    /// The spans type, generic over `<'a, const T: usize>`, with
    /// `parse_str::<R>(&Tables, &str)`, `parse_bytes::<R>(&Tables, &[u8])`,
    /// `get(i)`, `span(i)`, `get_in(&Tables, i)`, `span_in(&Tables, i)`
    /// and `input()` (`crate::parts::Parts`, or
    /// `::uridfa::__private::Spans`).
    pub parts: TokenStream,
    /// The error type (`crate::Error`, `::uridfa::Error`).
    pub error: TokenStream,
    /// The module holding the grammar's tables (`tables`, `__tables`).
    pub tables: TokenStream,
    /// An expression for the view's entry tables, where `tables` is not
    /// in scope of the view's methods (the derive's marker `tables()`);
    /// `None`: `&tables::ENTRY`.
    pub entry: Option<TokenStream>,
    /// An expression for the entry's list regions, a
    /// `&'static [List<'static>]` (Note [repeated captures]); `None`:
    /// `&tables::ENTRY_LISTS`.
    pub lists: Option<TokenStream>,
    /// The module holding the `View` trait, which every view implements
    /// with its grammar's facts, and `Presence` (`crate::view`,
    /// `::uridfa::view`).
    pub view: TokenStream,
}

/// How `Debug` shows a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugStyle {
    /// `input`, then every accessor by its name with its value
    /// (`DateTimeView { input: "...", date_fullyear: "1985", .. }`).
    Accessors,
    /// Every capture by its name in the grammar, as `Option<&str>`
    /// (`UriRef { scheme: Some("http"), .., IPv6address: None, .. }`).
    Captures,
}

/// One view to generate.
#[derive(Clone, Debug)]
pub struct ViewSpec {
    /// The view type's name.
    pub name: Ident,
    /// Its visibility (`pub`).
    pub vis: TokenStream,
    /// The entry rule it views.
    pub rule: String,
    /// The grammar file as shown in docs (`grammar/rfc3986.abnf`).
    pub shown: String,
    /// Paths into the runtime and the crate.
    pub paths: Paths,
    /// `parse`, `parse_bytes`, `is_valid` and `TryFrom<&str>` on the view
    /// (the built-in grammars); otherwise the caller provides them.
    pub parse_on_view: bool,
    /// How `Debug` shows the view.
    pub debug: DebugStyle,
    /// `Some("serde")`: `Serialize` (as the text) and a borrowing
    /// `Deserialize` (that parses) under `#[cfg(feature = "serde")]`.
    pub serde_feature: Option<String>,
    /// The struct's doc text (defaults to the rule's ABNF text).
    pub doc: Option<String>,
    /// With [`ViewSpec::parse_on_view`]: the path of the view in doc
    /// examples (`uridfa::rfc3986::UriRef`) and an input the rule accepts.
    pub example: Option<(String, String)>,
    /// For each capture (tag order): its accessor returns `&str` (see
    /// [`always`]).
    pub always: Vec<bool>,
    /// `Some`: only the captures marked `true` get an accessor (`;@ views
    /// separate`: those the entry reaches, [`reaches`]).
    pub only: Option<Vec<bool>>,
}

/// Why a view cannot be generated: a capture whose accessor would not be
/// a usable method name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// The accessor would be `self`, `super`, `crate` or `_`.
    NotAnIdent {
        /// The capture.
        capture: String,
        /// The accessor name it would give.
        accessor: String,
    },
    /// The accessor would shadow a method every view has.
    Reserved {
        /// The capture.
        capture: String,
        /// The accessor name it would give.
        accessor: String,
    },
    /// Two captures would give the same accessor.
    Twice {
        /// The capture.
        capture: String,
        /// The other capture.
        other: String,
        /// The accessor name both would give.
        accessor: String,
    },
}

impl std::fmt::Display for ViewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ViewError::NotAnIdent { capture, accessor } => write!(
                f,
                "capture '{capture}' would give the accessor `{accessor}`, which Rust does not \
                 allow; rename the rule"
            ),
            ViewError::Reserved { capture, accessor } => write!(
                f,
                "capture '{capture}' would give the accessor `{accessor}`, which the view \
                 already has; rename the rule"
            ),
            ViewError::Twice {
                capture,
                other,
                accessor,
            } => write!(
                f,
                "captures '{other}' and '{capture}' would both give the accessor `{accessor}`; \
                 rename one with ';@ accessor NAME = CAPTURE'"
            ),
        }
    }
}

impl std::error::Error for ViewError {}

/// `date-fullyear` → `date_fullyear`; `IPv4address` → `ipv4address`.
pub fn snake_case(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// The accessor for a method name: a plain identifier, or a raw one for a
/// keyword (`type` → `r#type`); `None` for `self`, `super`, `crate`, `_`.
pub fn accessor_ident(snake: &str, span: Span) -> Option<Ident> {
    if syn::parse_str::<Ident>(snake).is_ok() {
        return Some(Ident::new(snake, span));
    }
    if matches!(snake, "self" | "super" | "crate" | "Self" | "_") || snake.is_empty() {
        return None;
    }
    Some(Ident::new_raw(snake, span))
}

/// Methods of every view, which no accessor may shadow.
const RESERVED: [&str; 4] = ["as_str", "span", "as_ref", "spans"];
/// Also reserved with [`ViewSpec::parse_on_view`].
const RESERVED_PARSE: [&str; 4] = ["parse", "parse_bytes", "is_valid", "try_from"];

/// For each capture of `c` (tag order), whether every input of every entry
/// in `rules` sets it ([`crate::pipeline::lower::Lowered::always_captured`] over
/// those entries): then views of these entries return it as `&str`. One
/// answer for several entries keeps the accessors of a grammar's views of
/// one shape (RFC 3986's `scheme()` is an `Option` in `Uri` too, because
/// a `URI-reference` may have none).
pub fn always(c: &Compiled, rules: &[&str]) -> Vec<bool> {
    let mut out: Option<Vec<bool>> = None;
    for rule in rules {
        let Some(m) = c.machine(rule) else { continue };
        let one = m.lowered.always_captured();
        out = Some(match out {
            None => one,
            Some(a) => a.iter().zip(&one).map(|(a, b)| *a && *b).collect(),
        });
    }
    out.unwrap_or_default()
}

/// For each capture of `c` (tag order), whether the entry `rule` can set
/// it (a capture group of its expression, or of one of its lists' items,
/// reports it).
pub fn reaches(c: &Compiled, rule: &str) -> Vec<bool> {
    let n = c.machines.first().map_or(0, |m| m.lowered.components.len());
    let mut out = vec![false; n];
    if let Some(m) = c.machine(rule) {
        let items = m.lowered.lists.iter().map(|l| &l.item.group_component);
        for &k in std::iter::once(&m.lowered.group_component)
            .chain(items)
            .flatten()
        {
            if let Some(slot) = out.get_mut(k) {
                *slot = true;
            }
        }
        // A kind decided after the match (`;@ kind-after`) is no capture
        // group: it is reached where the capture it is a kind of is.
        for (i, k) in m.lowered.components.iter().enumerate() {
            if let (true, Some(parent)) = (k.after, k.kind_of) {
                if out.get(parent).copied().unwrap_or(false) {
                    if let Some(slot) = out.get_mut(i) {
                        *slot = true;
                    }
                }
            }
        }
    }
    out
}

/// Whether the matches of an entry rule have a capture (the runtime
/// crate's `uridfa::Presence`; Note [presence from the grammar] there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Every match has it.
    Always,
    /// A match may have it or not.
    Sometimes,
    /// No match has it.
    Never,
    /// It lies inside a list region: every occurrence comes from the list.
    Repeated,
}

impl Presence {
    /// The variant's name, as in `uridfa::Presence`.
    pub fn name(self) -> &'static str {
        match self {
            Presence::Always => "Always",
            Presence::Sometimes => "Sometimes",
            Presence::Never => "Never",
            Presence::Repeated => "Repeated",
        }
    }
}

/// For each capture of `c` (tag order), its presence in the matches of
/// the entry `rule`: [`always`] of that rule alone, [`reaches`], and the
/// captures inside list regions. A list region's own hidden capture is
/// `Sometimes` (its span is the whole list, which may be empty or absent).
pub fn presence(c: &Compiled, rule: &str) -> Vec<Presence> {
    let always = always(c, &[rule]);
    let reach = reaches(c, rule);
    let components = c
        .machine(rule)
        .map(|m| m.lowered.components.clone())
        .unwrap_or_default();
    (0..reach.len())
        .map(|i| {
            if !reach[i] {
                Presence::Never
            } else if components.get(i).is_some_and(|k| k.repeated) {
                Presence::Repeated
            } else if always.get(i).copied().unwrap_or(false) {
                Presence::Always
            } else {
                Presence::Sometimes
            }
        })
        .collect()
}

/// The accessor names of `c`'s captures, in tag order: the `;@ accessor`
/// pragma's, else the capture's name in snake case.
pub fn accessor_names(c: &Compiled) -> Vec<(String, String)> {
    let Some(m) = c.machines.first() else {
        return Vec::new();
    };
    m.lowered
        .components
        .iter()
        .map(|comp| {
            let name = c
                .grammar
                .accessors
                .iter()
                .find(|a| a.capture.eq_ignore_ascii_case(&comp.name))
                .map_or_else(|| snake_case(&comp.name), |a| a.name.clone());
            (comp.name.clone(), name)
        })
        .collect()
}

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
    } = &spec.paths;
    let name = &spec.name;
    let vis = &spec.vis;
    let rule = &spec.rule;
    let shown = &spec.shown;
    let table = format_ident!("{}", super::const_name(rule));
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
        let id = format_ident!("{}_LISTS", super::const_name(rule));
        quote!(&#tables::#id)
    });
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
            // `;@ accessor _ = CAPTURE`: none (still in `Debug` and `span`);
            // a capture the entry never reaches: in neither.
            if spec.debug == DebugStyle::Captures && !skipped {
                let get = get(i);
                debug_fields.push(quote!(.field(#capture, &#get)));
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
            );
            let plural = format_ident!("{}", accessor);
            let helper = format_ident!("__{}{}List", spec.name, camel(capture));
            debug_fields.push(match spec.debug {
                DebugStyle::Accessors => {
                    let shown = accessor.trim_start_matches("r#").to_string();
                    quote!(.field(#shown, &#helper(|| self.#plural())))
                }
                DebugStyle::Captures => {
                    quote!(.field(#capture, &#helper(|| self.#plural().map(|x| x.as_str()))))
                }
            });
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
        debug_fields.push(match spec.debug {
            DebugStyle::Accessors => quote!(.field(#plain, &self.#method())),
            DebugStyle::Captures => quote!(.field(#capture, &#get)),
        });
    }
    let debug_input = match spec.debug {
        DebugStyle::Accessors => quote!(.field("input", &self.as_str())),
        DebugStyle::Captures => quote!(),
    };

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

    Ok(quote! {
        #[doc = #view_doc]
        #[derive(Clone, Copy, PartialEq, Eq)]
        #vis struct #name<'a> {
            parts: #parts<'a, #tag_len>,
        }

        #parse_items

        #(#items)*

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
            /// The components by name; absent ones are `None`.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(#view_name)
                    #debug_input
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

// Note [methods beside the views]
//
// What a document adds to its views (RFC 3986's `host_ip()`, RFC 1738's
// `Ftp::cwd()`) is hand-written Rust in the crate, compiled as written:
// every view implements `uridfa::View` (the grammar's facts as constants,
// the components by index), so a family's methods are traits over `View`
// with default methods (`uridfa::family::GenericRef`), found by the
// captures' names in `const` blocks, and one `impl` line per view. A
// grammar-specific method reads the grammar's own `tables` indices. Until
// this stop, a `;@ methods "methods/NAME.rs"` pragma pasted text templates
// (a placeholder replaced by each view's name) into the generated file, where
// no compiler or editor saw them until regeneration; the pragma is now an
// error that says where such Rust goes.

/// Why [`views_file`] gave no file: each variant
/// renders as `path:line:col: error: ...`, located at the pragma.
#[derive(Debug)]
pub enum ViewsFileError {
    /// A `;@ view` of a rule that is not an `;@ entry`.
    NotAnEntry {
        /// Where the pragma names the rule (`file:line:col`).
        at: String,
        /// The rule.
        rule: String,
    },
    /// A capture whose accessor cannot be a method.
    View {
        /// The grammar file as shown in messages.
        shown: String,
        /// Why.
        error: ViewError,
    },
    /// Tokens that do not parse back (a generator bug).
    Format(String),
}

impl std::fmt::Display for ViewsFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ViewsFileError::NotAnEntry { at, rule } => write!(
                f,
                "{at}: error: view of '{rule}', which is no entry; name it in ';@ entry' first"
            ),
            ViewsFileError::View { shown, error } => write!(f, "{shown}: {error}"),
            ViewsFileError::Format(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ViewsFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ViewsFileError::View { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// The views of `c`'s `;@ view` pragmas as a formatted Rust file for
/// `src/generated/` (the crate includes it in the grammar's module, beside
/// `mod tables`), with the same header as the tables; `Ok(None)` when the
/// grammar has no `;@ view`.
///
/// # Errors
///
/// A view of a rule that is no entry, a capture whose accessor cannot be
/// a method ([`ViewError`]), a `;@ methods` file that cannot be read or
/// parsed, or tokens that do not parse back (a generator bug): a
/// [`ViewsFileError`].
pub fn views_file(c: &Compiled, shown: &str) -> Result<Option<String>, ViewsFileError> {
    if c.grammar.views.is_empty() {
        return Ok(None);
    }
    for v in &c.grammar.views {
        if c.machine(&v.rule).is_none() {
            return Err(ViewsFileError::NotAnEntry {
                at: c.grammar.sources.location(v.rule_span),
                rule: v.rule.clone(),
            });
        }
    }
    let module = c.grammar.name.replace('-', "_");
    let mut tokens = TokenStream::new();
    for v in &c.grammar.views {
        let spec = ViewSpec {
            name: format_ident!("{}", v.name),
            vis: quote!(pub),
            rule: v.rule.clone(),
            shown: shown.to_owned(),
            paths: Paths {
                runtime: quote!(::uridfa_runtime),
                parts: quote!(crate::parts::Parts),
                error: quote!(crate::Error),
                entry: None,
                lists: None,
                tables: quote!(tables),
                view: quote!(crate::view),
            },
            parse_on_view: true,
            debug: DebugStyle::Captures,
            serde_feature: Some("serde".to_owned()),
            doc: None,
            example: v
                .example
                .as_ref()
                .map(|e| (format!("uridfa::{module}::{}", v.name), e.clone())),
            always: self::always(c, &[v.rule.as_str()]),
            only: Some(reaches(c, &v.rule)),
        };
        tokens.extend(view_tokens(c, &spec).map_err(|error| ViewsFileError::View {
            shown: shown.to_owned(),
            error,
        })?);
    }
    let body = super::format_file(tokens).map_err(|e| ViewsFileError::Format(e.to_string()))?;
    Ok(Some(super::header(c, shown) + &body))
}

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
fn camel(name: &str) -> String {
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

/// The iterator accessor of the repeated capture `i` (Note [repeated
/// captures]) and the item type it yields: its name, then the accessor's
/// tokens and the item type's.
#[allow(clippy::too_many_arguments)]
fn repeated_accessor(
    c: &Compiled,
    spec: &ViewSpec,
    i: usize,
    capture: &str,
    method: &Ident,
    texts: &[String],
    components: &[crate::pipeline::lower::Component],
    lists: &TokenStream,
    captures: &[(String, String)],
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
        .flat_map(|m| std::iter::once(m).chain(m.lists.iter().map(|l| &l.machine)))
        .map(|m| m.tables.reg_len as usize)
        .max()
        .unwrap_or(0)
        .max(1);
    // Its sources in the entry, in capture-group (pre-)order, which is
    // input order: the entry's own group, and each list whose items hold
    // it.
    let mut sources: Vec<(usize, TokenStream)> = Vec::new();
    if let Some(m) = c.machine(&spec.rule) {
        let gc = &m.lowered.group_component;
        if let Some(g) = gc.iter().position(|&k| k == i) {
            sources.push((
                g,
                quote!(parts.span(#i).map(move |span| #item { span, parts }).into_iter()),
            ));
        }
        for (k, l) in m.lowered.lists.iter().enumerate() {
            if !l.item.group_component.contains(&i) {
                continue;
            }
            let region = l.region;
            let g = gc.iter().position(|&x| x == region).unwrap_or(usize::MAX);
            sources.push((
                g,
                quote!(parts.span(#region).into_iter().flat_map(move |region| {
                    let list = lists.get(#k);
                    list.into_iter().flat_map(move |list| {
                        #runtime::items(list.item, input.as_bytes(), region)
                            .filter_map(|item| item.ok())
                            .filter_map(move |span| {
                                let sub = #parts::item::<#reg_len>(list.item, input, span)?;
                                let span = sub.span(#i)?;
                                ::core::option::Option::Some(#item { span, parts: sub })
                            })
                    })
                })),
            ));
        }
    }
    sources.sort_by_key(|(g, _)| *g);
    let chain = sources
        .into_iter()
        .map(|(_, s)| s)
        .reduce(|a, b| quote!(#a.chain(#b)))
        .unwrap_or_else(|| quote!(::core::iter::empty()));
    let doc = format!(
        " Every occurrence of the `{capture}` capture (index {i}), in input order, from \
         `{shown}`:\n\n ```abnf\n{}\n ```\n\n It can occur more than once (it lies inside a \
         repetition), so each occurrence is an item with its own nested captures; the items \
         are found without allocating (`uridfa_runtime::items`).",
        texts.join("\n")
    );
    let accessor_tokens = quote! {
        #[doc = #doc]
        pub fn #plural_ident(&self) -> impl ::core::iter::Iterator<Item = #item<'a>> + ::core::clone::Clone + 'a {
            let parts = self.parts;
            let input = parts.input();
            let lists: &'static [#runtime::List<'static>] = #lists;
            let _ = (input, lists);
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
    let mut nested = Vec::new();
    let mut debug = Vec::new();
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
    let list_helper = format_ident!("__{}List", item);
    let item_tokens = quote! {
        #[doc = #item_doc]
        #[derive(Clone, Copy, PartialEq, Eq)]
        #vis struct #item<'a> {
            span: (usize, usize),
            parts: #parts<'a, #tag_len>,
        }

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
                f.debug_struct(#capture)
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
