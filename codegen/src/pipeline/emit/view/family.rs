//! What a grammar's family gives its views as their own methods
//! ([`family_tokens`]), and the constructor from spans of the built-in
//! views ([`from_tags_tokens`]).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::compiled::Compiled;
use crate::pipeline::abnf::Family;

use super::spec::ViewSpec;

// Note [family methods on the views]
//
// A family's methods are written once, as generic Rust over `View` in the
// crate (`uridfa::family::GenericRef`, `Resolve`), and reach every view
// whose grammar's marker implements the family's marker trait by blanket
// impls. A trait method needs its trait in scope, so `UriRef::parse(b)?
// .resolve("../g")` would not compile without `use uridfa::prelude::*`.
// The generator therefore writes, for each view of a grammar that says
// `;@ family NAME`, one inherent method per family method a user calls
// first, each a single line that calls the trait's: inherent methods win
// over trait methods of the same name, so code that imports the prelude
// calls the same code. The list below is the family's data; the bodies
// stay in the crate, compiled once. The derive writes the same methods
// for a derived grammar that says `;@ family generic` (its marker then
// implements `uridfa::family::Generic`), the owned ones only when
// `uridfa` has `alloc` (`ViewSpec::owned`).

/// One delegating method: name, arguments, return type, the trait it
/// calls (`GenericRef` or `Resolve`), and its doc's first sentence.
struct Method {
    name: &'static str,
    args: TokenStream,
    call: TokenStream,
    ret: TokenStream,
    owned: bool,
    doc: &'static str,
}

/// The inherent methods of a view of `c`'s family (Note [family methods
/// on the views]); nothing when the grammar names no family.
pub fn family_tokens(c: &Compiled, spec: &ViewSpec) -> TokenStream {
    let Some(family) = c.grammar.family else {
        return quote!();
    };
    match family {
        Family::Generic => generic(c, spec),
    }
}

/// `;@ family generic`: `uridfa::family::GenericRef` and `Resolve`.
fn generic(c: &Compiled, spec: &ViewSpec) -> TokenStream {
    let root = &spec.paths.root;
    let name = &spec.name;
    let family = quote!(#root::family);
    let generic = quote!(<Self as #family::GenericRef<'a>>);
    let resolve = quote!(<Self as #family::Resolve<'a>>);
    let resolve_error = quote!(#root::resolve::ResolveError);
    let methods = [
        Method {
            name: "host_kind",
            args: quote!(),
            call: quote!(#generic::host_kind(self)),
            ret: quote!(::core::option::Option<#family::HostKind>),
            owned: false,
            doc: "Which alternative of the host rule matched; `None` without an authority.",
        },
        Method {
            name: "host_ip",
            args: quote!(),
            call: quote!(#generic::host_ip(self)),
            ret: quote!(::core::option::Option<::core::net::IpAddr>),
            owned: false,
            doc: "The host as an IP address; `None` for a reg-name, an `IPvFuture` or no \
                  authority.",
        },
        Method {
            name: "port_u16",
            args: quote!(),
            call: quote!(#generic::port_u16(self)),
            ret: quote!(::core::option::Option<u16>),
            owned: false,
            doc: "The port as a number: `None` if absent, empty, or above 65535.",
        },
        Method {
            name: "path_segments",
            args: quote!(),
            call: quote!(#generic::path_segments(self)),
            ret: quote!(#root::pct::PathSegments<'a>),
            owned: false,
            doc: "The path's segments, percent-decoded.",
        },
        Method {
            name: "query_pairs",
            args: quote!(),
            call: quote!(#generic::query_pairs(self)),
            ret: quote!(::core::option::Option<#root::pct::QueryPairs<'a>>),
            owned: false,
            doc: "The query's `key=value` pairs, percent-decoded; `None` without a query.",
        },
        Method {
            name: "query_pairs_form",
            args: quote!(),
            call: quote!(#generic::query_pairs_form(self)),
            ret: quote!(::core::option::Option<#root::pct::FormPairs<'a>>),
            owned: false,
            doc: "The query read as an HTML form (`+` is a space); `None` without a query.",
        },
        Method {
            name: "resolve_into",
            args: quote!(reference: &str, out: &mut [u8]),
            call: quote!(#generic::resolve_into(self, reference, out)),
            ret: quote!(::core::result::Result<usize, #resolve_error>),
            owned: false,
            doc: "Resolves `reference` against this view as the base (RFC 3986 §5.2) into \
                  `out`: the target's length, without allocating.",
        },
        Method {
            name: "make_relative_into",
            args: quote!(target: &str, out: &mut [u8]),
            call: quote!(#generic::make_relative_into(self, target, out)),
            ret: quote!(::core::result::Result<usize, #resolve_error>),
            owned: false,
            doc: "The inverse of resolution, into `out`: a reference as short as RFC 3986 \
                  §4.2's forms allow that resolves against this view to `target`.",
        },
        Method {
            name: "normalize_into",
            args: quote!(steps: #root::normalize::Steps, out: &mut [u8]),
            call: quote!(#generic::normalize_into(self, steps, out)),
            ret: quote!(::core::result::Result<usize, #root::normalize::NormalizeError>),
            owned: false,
            doc: "This reference normalized by `steps` (RFC 3986 §6.2) into `out`: the \
                  result's length, without allocating.",
        },
        Method {
            name: "resolve",
            args: quote!(reference: &str),
            call: quote!(#resolve::resolve(self, reference)),
            ret: quote!(::core::result::Result<#resolve::Target, #resolve_error>),
            owned: true,
            doc: "Resolves `reference` against this view as the base (RFC 3986 §5.2), \
                  parsed once into the grammar's owned reference.",
        },
        Method {
            name: "make_relative",
            args: quote!(target: &str),
            call: quote!(#resolve::make_relative(self, target)),
            ret: quote!(::core::result::Result<#resolve::Target, #resolve_error>),
            owned: true,
            doc: "The inverse of [`Self::resolve`]: a reference, parsed into the grammar's \
                  owned reference, that resolves against this view to `target`.",
        },
        Method {
            name: "normalize",
            args: quote!(steps: #root::normalize::Steps),
            call: quote!(#resolve::normalize(self, steps)),
            ret: quote!(::core::result::Result<#resolve::Target, #root::normalize::NormalizeError>),
            owned: true,
            doc: "This reference normalized by `steps` (RFC 3986 §6.2), parsed into the \
                  grammar's owned reference.",
        },
    ];
    let mut items = Vec::new();
    for m in methods {
        let cfg = match (m.owned, &spec.owned) {
            (false, _) => quote!(),
            (true, Some(cfg)) => cfg.clone(),
            (true, None) => continue,
        };
        let trait_name = if m.owned { "Resolve" } else { "GenericRef" };
        let method = format_ident!("{}", m.name);
        let doc = format!(
            " {} The view's own name for [`{trait_name}::{n}`]({path}::family::{trait_name}::{n}), \
             which says more and has the examples; no trait import needed.",
            m.doc,
            n = m.name,
            path = if spec.paths.root.to_string() == "crate" {
                "crate"
            } else {
                "uridfa"
            },
        );
        let Method {
            args, call, ret, ..
        } = m;
        items.push(quote! {
            #[doc = #doc]
            #cfg
            #[inline]
            pub fn #method(&self, #args) -> #ret {
                #call
            }
        });
    }
    // The builder, where the grammar has one: the built-in grammars with
    // `;@ component` rules.
    if spec.from_tags.is_some() && !c.grammar.components.is_empty() {
        let grammar = &spec.grammar_type;
        let example = match &spec.example {
            Some((path, input)) => {
                let built = format!("{}#x", input.split('#').next().unwrap_or(input));
                format!(
                    "\n\n # Example\n\n ```\n let r = {path}::parse({input:?})?;\n \
                     let b = r.to_builder().fragment(Some(\"x\"))?;\n \
                     assert_eq!(b.build_str(&mut [0u8; 96])?, {built:?});\n \
                     # Ok::<(), Box<dyn core::error::Error>>(())\n ```"
                )
            }
            None => String::new(),
        };
        let doc = format!(
            " A builder pre-filled with this reference's components, to change some of \
             them and build anew ([`crate::builder::Builder`]).{example}"
        );
        items.push(quote! {
            #[doc = #doc]
            #[inline]
            pub fn to_builder(&self) -> #root::builder::Builder<'a, #grammar> {
                #root::builder::Builder::from_components(#root::builder::components_of(self))
            }
        });
    }
    quote! {
        impl<'a> #name<'a> {
            #(#items)*
        }
    }
}

/// `FromTags` for a built-in view (`spec.from_tags` names the trait):
/// parsing, and the view from its spans and back, for code generic over a
/// grammar's views (the builders, the owned forms).
pub fn from_tags_tokens(spec: &ViewSpec) -> TokenStream {
    let Some(from_tags) = &spec.from_tags else {
        return quote!();
    };
    let name = &spec.name;
    let parts = &spec.paths.parts;
    let tables = &spec.paths.tables;
    let error = &spec.paths.error;
    let runtime = &spec.paths.runtime;
    quote! {
        impl<'a> #from_tags<'a> for #name<'a> {
            type Tags = [u32; 2 * #tables::CAPTURE_LEN];
            #[inline]
            fn parse_str(input: &'a str) -> ::core::result::Result<Self, #error> {
                Self::parse(input)
            }
            #[inline]
            fn parse_with(
                t: &'static #runtime::Tables<'static>,
                input: &'a str,
            ) -> ::core::result::Result<Self, #error> {
                ::core::result::Result::Ok(#name {
                    parts: #parts::parse_str::<{ #tables::REG_LEN }>(t, input)?,
                })
            }
            #[inline]
            fn tags(&self) -> Self::Tags {
                self.parts.tags
            }
            #[inline]
            fn from_tags(input: &'a str, tags: Self::Tags) -> Self {
                #name { parts: #parts { input, tags } }
            }
        }
    }
}
