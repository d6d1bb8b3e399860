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
// `uridfa` has `alloc` (`ViewSpec::owned`). The URL family (`;@ family
// url`, `uridfa::family::url`) chooses by the view's entry rule, one per
// scheme of RFC 1738 §3: every view has `scheme`, the views of the common
// Internet scheme syntax `host` and the ports, and each scheme's view its
// own scheme's trait's methods (`FtpRef::cwd`, ...). The older generic
// syntaxes (`;@ family older`, `uridfa::family::older::OlderRef`) choose
// by the grammar's captures: a view has the methods of the parts its
// grammar has (`authority_kind` where the authority has kinds,
// `path_kind` where the path is captured rule by rule, ...), and the
// trait's method gives `None` or nothing on the others' views.

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
        Family::Url => url(spec),
        Family::Older => older(c, spec),
    }
}

/// `;@ family older`: the methods of `uridfa::family::older::OlderRef`
/// that the grammar has, chosen by its captures (the crate's trait gives
/// `None`, or nothing, for the others): `authority_kind` when the
/// authority has kinds (a `server` capture); `path_kind` when the path is
/// captured rule by rule (`abs-path`, `opaque-part`, `rel-path`);
/// `opaque_part` when a capture reports the `opaque-part` rule among
/// others (a capture of that name is an accessor already); `segments`
/// and `params` when `path-segments` is captured; `to_builder` for a
/// built-in view of a grammar with `;@ component` rules. Nothing for a
/// derived view: the family's marker trait is sealed.
fn older(c: &Compiled, spec: &ViewSpec) -> TokenStream {
    if spec.from_tags.is_none() {
        return quote!();
    }
    let root = &spec.paths.root;
    let name = &spec.name;
    let grammar = &spec.grammar_type;
    let family = quote!(#root::family::older);
    let captures = &c.grammar.captures;
    let has = |n: &str| captures.iter().any(|cap| cap.name == n);
    let opaque_among_others = captures
        .iter()
        .any(|cap| cap.name != "opaque-part" && cap.rules.iter().any(|(r, _)| r == "opaque-part"));
    let opt = |t: TokenStream| quote!(::core::option::Option<#t>);
    let mut methods: Vec<(&str, TokenStream, &str)> = Vec::new();
    if has("server") {
        methods.push((
            "authority_kind",
            opt(quote!(<#grammar as #family::Older>::AuthorityKind)),
            "Whether the authority is a `server` or a `reg_name`; `None` without an authority.",
        ));
    }
    methods.extend([
        (
            "host_kind",
            opt(quote!(<#grammar as #family::Older>::HostKind)),
            "Which alternative of `host` matched; `None` without a host.",
        ),
        (
            "port_u16",
            opt(quote!(u16)),
            "The port as a number: `None` if absent, empty, or above 65535.",
        ),
        (
            "path",
            quote!(&'a str),
            "The path, however it matched; always defined, possibly empty.",
        ),
    ]);
    if has("abs-path") && has("opaque-part") && has("rel-path") {
        methods.push((
            "path_kind",
            quote!(<#grammar as #family::Older>::PathKind),
            "Which rule the path matched.",
        ));
    }
    if opaque_among_others {
        methods.push((
            "opaque_part",
            opt(quote!(&'a str)),
            "The part after `scheme:` of a URI that is not hierarchical; `None` otherwise.",
        ));
    }
    methods.extend([
        (
            "scheme_specific_part",
            opt(quote!(&'a str)),
            "Everything after the scheme's `:`, up to the fragment's `#`; `None` without a \
             scheme.",
        ),
        (
            "path_segments",
            quote!(#root::pct::PathSegments<'a>),
            "The path's segments, percent-decoded; none for an opaque URI.",
        ),
    ]);
    if has("path-segments") {
        methods.extend([
            (
                "segments",
                quote!(#root::pct::PathSegments<'a>),
                "The segments of `path_segments`, each with its `;` parameters.",
            ),
            (
                "params",
                quote!(#family::AllParams<'a>),
                "Every `;` parameter of every segment of the path, in order, each decoded.",
            ),
        ]);
    }
    methods.push((
        "query_pairs",
        opt(quote!(#root::pct::QueryPairs<'a>)),
        "The query's `key=value` pairs, percent-decoded; `None` without a query.",
    ));
    if !c.grammar.components.is_empty() {
        methods.push((
            "to_builder",
            quote!(#root::builder::PartsBuilder<'a, #grammar>),
            "A builder pre-filled with this reference's components, to change some of them \
             and build anew.",
        ));
    }
    let path_root = if spec.paths.root.to_string() == "crate" {
        "crate"
    } else {
        "uridfa"
    };
    let items = methods.into_iter().map(|(n, ret, doc)| {
        let doc = format!(
            " {doc} The view's own name for [`OlderRef::{n}`]({path_root}::family::older::OlderRef::{n}), \
             which says more and has the examples; no trait import needed."
        );
        let method = format_ident!("{}", n);
        quote! {
            #[doc = #doc]
            #[inline]
            pub fn #method(&self) -> #ret {
                <Self as #family::OlderRef<'a>>::#method(self)
            }
        }
    });
    // The builder's grammar, once per grammar: its first view reads a
    // built text back (`uridfa::family::older::slots` gives the
    // components). A blanket impl over the family's marker trait would
    // overlap the URL family's blanket impl of the same trait.
    let first_view = c.grammar.views.first().map(|v| v.rule.as_str());
    let parts_syntax = if first_view == Some(spec.rule.as_str()) && !c.grammar.components.is_empty()
    {
        let tables = &spec.paths.tables;
        let entry = &spec.rule;
        quote! {
            impl #root::builder::PartsSyntax for #grammar {
                type Ref<'b> = #name<'b>;
                type Tags = [u32; 2 * #tables::CAPTURE_LEN];
                const ENTRY: &'static str = #entry;
                // `'b: 'b` makes `'b` early-bound, as it is in the trait
                // (where it appears only in the projection `Self::Ref<'b>`).
                #[allow(clippy::extra_unused_lifetimes)]
                fn read_back<'b>(
                    r: &#name<'b>,
                ) -> ::core::option::Option<
                    [::core::option::Option<&'b str>; #root::builder::SLOT_LEN],
                >
                where
                    'b: 'b,
                {
                    ::core::option::Option::Some(#family::slots(r))
                }
            }
        }
    } else {
        quote!()
    };
    quote! {
        impl<'a> #name<'a> {
            #(#items)*
        }
        #parts_syntax
    }
}

/// One delegating method of the URL family: the trait of
/// `uridfa::family::url` it calls, its name, return type (`'a` the
/// view's lifetime) and its doc's first sentence.
struct UrlMethod {
    trait_name: &'static str,
    name: &'static str,
    ret: TokenStream,
    doc: &'static str,
}

/// `;@ family url`: each scheme's view (by its entry rule, RFC 1738 §3)
/// gets the methods of `uridfa::family::url::UrlRef` its rule has
/// components for and its scheme's trait's (`FtpRef`, ...) as its own.
fn url(spec: &ViewSpec) -> TokenStream {
    let root = &spec.paths.root;
    let family = quote!(#root::family::url);
    let m = |trait_name, name, ret, doc| UrlMethod {
        trait_name,
        name,
        ret,
        doc,
    };
    let scheme = || {
        m(
            "UrlRef",
            "scheme",
            quote!(&'a str),
            "The scheme as written (before the first `:`), in any case.",
        )
    };
    let host = || {
        m(
            "UrlRef",
            "host",
            quote!(&'a str),
            "`host` (§3.1): a `hostname` or a `hostnumber`; `\"\"` when empty.",
        )
    };
    let ports = || {
        [
            m(
                "UrlRef",
                "port_u16",
                quote!(::core::option::Option<u16>),
                "The port as a number: `None` if omitted or above 65535.",
            ),
            m(
                "UrlRef",
                "port_or_default",
                quote!(::core::option::Option<u16>),
                "The port as a number, the scheme's default (§3) when omitted; `None` only \
                 if the given port is above 65535.",
            ),
        ]
    };
    let path = || {
        m(
            "UrlRef",
            "path",
            quote!(::core::option::Option<&'a str>),
            "The url-path after the `/` that follows the host; `None` if there is no \
             such `/`.",
        )
    };
    let opt = quote!(::core::option::Option<&'a str>);
    let mut methods = vec![scheme()];
    let login = |methods: &mut Vec<UrlMethod>| {
        methods.push(host());
        methods.extend(ports());
    };
    match spec.rule.to_ascii_lowercase().as_str() {
        "ftpurl" => {
            login(&mut methods);
            methods.extend([
                path(),
                m(
                    "FtpRef",
                    "cwd",
                    quote!(#root::pct::PathSegments<'a>),
                    "The `<cwd>` segments, percent-decoded: every segment of the path but the \
                     last (§3.2.2).",
                ),
                m(
                    "FtpRef",
                    "name",
                    opt.clone(),
                    "`<name>`: the last segment of the path; `None` without a path.",
                ),
                m(
                    "FtpRef",
                    "typecode",
                    quote!(::core::option::Option<#family::FtpType>),
                    "The typecode of `;type=<typecode>` (§3.2.2, §3.2.3: optional).",
                ),
            ]);
        }
        "httpurl" => {
            login(&mut methods);
            methods.extend([
                path(),
                m(
                    "HttpRef",
                    "search",
                    opt.clone(),
                    "`<searchpart>` (`search`), after the `?`; `None` without `?`.",
                ),
            ]);
        }
        "gopherurl" => {
            login(&mut methods);
            methods.extend([
                m(
                    "GopherRef",
                    "gophertype",
                    opt.clone(),
                    "`<gophertype>` (`gtype`); `None` when the gopher-path is empty.",
                ),
                m(
                    "GopherRef",
                    "gophertype_or_default",
                    quote!(&'a str),
                    "`<gophertype>`, or `\"1\"` when the gopher-path is empty (§3.4.1).",
                ),
                m(
                    "GopherRef",
                    "selector",
                    opt.clone(),
                    "`<selector>`: after the gophertype, up to the first `%09`; `None` when \
                     the gopher-path is empty.",
                ),
                m(
                    "GopherRef",
                    "search",
                    opt.clone(),
                    "`<search>`: between the first and second `%09` (§3.4.2); `None` without \
                     a `%09`.",
                ),
                m(
                    "GopherRef",
                    "gopher_plus",
                    opt.clone(),
                    "`<gopher+_string>`: after the second `%09` (§3.4.3); `None` without a \
                     second `%09`.",
                ),
            ]);
        }
        "mailtourl" => methods.push(m(
            "MailtoRef",
            "address",
            quote!(&'a str),
            "`<rfc822-addr-spec>` (`encoded822addr`), still encoded.",
        )),
        "newsurl" => methods.extend([
            m(
                "NewsRef",
                "target",
                quote!(#family::NewsTarget<'a>),
                "What the URL designates: all groups (`*`), a group or an article.",
            ),
            m(
                "NewsRef",
                "message_id",
                opt.clone(),
                "`<message-id>` (`article`, `<unique>@<full_domain_name>`).",
            ),
            m(
                "NewsRef",
                "is_all",
                quote!(bool),
                "Whether the URL is `news:*`, \"all available news groups\".",
            ),
        ]),
        "nntpurl" => {
            login(&mut methods);
            methods.extend([
                m(
                    "NntpRef",
                    "article",
                    opt.clone(),
                    "`<article-number>` (`digits`), after the group's `/`; `None` if omitted.",
                ),
                m(
                    "NntpRef",
                    "article_u64",
                    quote!(::core::option::Option<u64>),
                    "`<article-number>` as a number; `None` if omitted or above `u64::MAX`.",
                ),
            ]);
        }
        "telneturl" => login(&mut methods),
        "waisurl" => {
            login(&mut methods);
            methods.extend([
                m(
                    "WaisRef",
                    "search",
                    opt.clone(),
                    "`<search>` of `waisindex`, after the `?`.",
                ),
                m("WaisRef", "wtype", opt.clone(), "`<wtype>` of `waisdoc`."),
                m(
                    "WaisRef",
                    "wpath",
                    opt.clone(),
                    "`<wpath>` of `waisdoc`, the WAIS document-id.",
                ),
            ]);
        }
        "fileurl" => methods.extend([
            host(),
            path(),
            m(
                "FileRef",
                "is_local",
                quote!(bool),
                "Whether `<host>` is empty or `localhost` (any case), \"the machine from \
                 which the URL is being interpreted\" (§3.10).",
            ),
        ]),
        "prosperourl" => {
            login(&mut methods);
            methods.extend([
                m(
                    "ProsperoRef",
                    "hsoname",
                    quote!(&'a str),
                    "`<hsoname>` (`ppath`), after the `/` that follows the host.",
                ),
                m(
                    "ProsperoRef",
                    "fields",
                    quote!(#family::Fields<'a>),
                    "The `;<field>=<value>` pairs after the hsoname.",
                ),
            ]);
        }
        // `otherurl`, and any other rule: the scheme only.
        _ => {}
    }
    let path_root = if spec.paths.root.to_string() == "crate" {
        "crate"
    } else {
        "uridfa"
    };
    let name = &spec.name;
    let items = methods.into_iter().map(|m| {
        let doc = format!(
            " {} The view's own name for [`{t}::{n}`]({path_root}::family::url::{t}::{n}), \
             which says more and has the examples; no trait import needed.",
            m.doc,
            t = m.trait_name,
            n = m.name,
        );
        let method = format_ident!("{}", m.name);
        let trait_ident = format_ident!("{}", m.trait_name);
        let ret = m.ret;
        quote! {
            #[doc = #doc]
            #[inline]
            pub fn #method(&self) -> #ret {
                <Self as #family::#trait_ident<'a>>::#method(self)
            }
        }
    });
    quote! {
        impl<'a> #name<'a> {
            #(#items)*
        }
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
