//! `#[derive(uridfa::Grammar)]`: typed parsers for a grammar file of one's
//! own. Use it through `uridfa` with the feature `derive`, never directly:
//! the code it writes names `::uridfa`.
//!
//! ```text
//! #[derive(uridfa::Grammar)]
//! #[grammar = "grammar/date.abnf"] // relative to the crate's Cargo.toml
//! #[entry = "date-time"]           // optional: the file's first `;@ entry`
//! pub struct DateTime;
//!
//! let t = DateTime::parse("1985-04-12T23:20:50.52Z")?;
//! assert_eq!(t.date_fullyear(), "1985");
//! ```
//!
//! At compile time the macro runs the generator (`uridfa-codegen`) on the
//! file, exactly as the built-in grammars are compiled, and writes:
//!
//! - the entry rule's tables, from the generator's own emission
//!   (`uridfa_codegen::emit::tokens_at`), with their runtime paths under
//!   `::uridfa::__private::runtime`;
//! - on the struct, `parse(&str)`, `parse_bytes(&[u8])`, `is_valid(&[u8])`,
//!   `tables()` and the constant `RULE`;
//! - a view type named after the struct with `View` appended
//!   (`DateTimeView<'a>`), with the struct's visibility: one accessor per
//!   `;@ capture` of the grammar, named as the capture in snake case
//!   (`date-fullyear` → `date_fullyear()`, or as an `;@ accessor` pragma
//!   says), returning `&str` when every input the entry accepts has that
//!   component and `Option<&str>` otherwise; `as_str()`, `span(index)`,
//!   `Display`, `AsRef<str>`, `Hash` and `Ord` by the text, and a `Debug`
//!   that shows the named components. The view is written by
//!   `uridfa_codegen::emit::view::view_tokens`, the code that writes the
//!   built-in grammars' views;
//! - `const _: &[u8] = include_bytes!("...")` for every file read, so that
//!   editing the grammar (or a file it imports) rebuilds the crate.
//!
//! Errors are `uridfa::Error`, the type the built-in views return. The
//! code is `no_std` and allocation-free, like the rest of uridfa. The RFC
//! 5234 core rules (`ALPHA`, `DIGIT`, `HEXDIG`, ...) are built in. A
//! grammar error becomes a `compile_error!` at the `#[grammar]` attribute
//! with the generator's `file:line:col` diagnostics; so does a capture
//! reached from two places that can both match one input (see
//! `docs/derive.md`).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use proc_macro2::TokenStream;
#[cfg(test)]
use proc_macro2::{Ident, Span};
use quote::{format_ident, quote};
use syn::{Attribute, DeriveInput, Expr, Lit, LitStr, Meta};
use uridfa_codegen::{abnf, ambiguity, driver, emit};

/// Typed parsers for a grammar file of one's own: see the crate docs, and
/// `uridfa::Grammar` (feature `derive`) through which it is used (the derive;
/// the enum of the built-in grammars is `uridfa::GrammarId`).
///
/// Attributes: `#[grammar = "path/to/file.abnf"]` (required; relative to
/// the directory of the using crate's `Cargo.toml`) and
/// `#[entry = "rule"]` (optional when the file has an `;@ entry` pragma:
/// its first entry is taken).
#[proc_macro_derive(Grammar, attributes(grammar, entry))]
pub fn derive_grammar(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let input = syn::parse_macro_input!(input as DeriveInput);
    expand(&input)
        .unwrap_or_else(|e| fallback(&input, e))
        .into()
}

// Note [one error for a failed derive]
//
// A failed derive used to emit only its `compile_error!`, and every use of
// what it would have written then failed too: `D::parse(..)` gave a second
// error, E0599 "no function or associated item named `parse`", and each
// accessor call on its result another. So on an error the derive still
// writes the struct's associated items (`RULE`, `parse`, `parse_bytes`,
// `is_valid`, `tables`), with bodies that never run, and the view type as
// an alias of a type that cannot be resolved, `__uridfa_derive_error_D::View`,
// inside the module that holds the `compile_error!`. rustc does not report
// an unresolved path into a module whose expansion failed, and a value of
// the resulting error type accepts any method call silently: the
// `compile_error!` is the one error the user sees. (A `compile_error!` in
// type position would not do: it stands for `()`, whose methods are
// checked.) A struct with generic parameters gets only the error, since
// the stubs would not fit it.

/// What a failed derive writes: `e` as a `compile_error!`, and stubs of the
/// items the derive would have written, so that their uses raise no
/// second error (Note [one error for a failed derive]).
fn fallback(input: &DeriveInput, e: syn::Error) -> TokenStream {
    let error = e.into_compile_error();
    if !input.generics.params.is_empty() {
        return error;
    }
    let name = &input.ident;
    let vis = &input.vis;
    let view = format_ident!("{}View", name);
    let module = format_ident!("__uridfa_derive_error_{}", name);
    let r = quote!(::uridfa::__private);
    quote! {
        #[doc(hidden)]
        #[allow(non_snake_case)]
        mod #module {
            #error
        }

        /// The view `#[derive(uridfa::Grammar)]` would have written; it
        /// failed (see its error).
        #[allow(dead_code)]
        #vis type #view<'a> = #module::View<'a>;

        #[automatically_derived]
        #[allow(dead_code, unused_variables, clippy::all)]
        impl #name {
            /// The entry rule (the derive failed).
            pub const RULE: &'static str = "";

            /// Parses `input` (the derive failed: never runs).
            ///
            /// # Errors
            ///
            /// Never returns.
            pub fn parse(input: &str) -> ::core::result::Result<#view<'_>, ::uridfa::Error> {
                ::core::unreachable!()
            }

            /// Parses bytes (the derive failed: never runs).
            ///
            /// # Errors
            ///
            /// Never returns.
            pub fn parse_bytes(input: &[u8]) -> ::core::result::Result<#view<'_>, ::uridfa::Error> {
                ::core::unreachable!()
            }

            /// Whether `input` matches (the derive failed: never runs).
            pub fn is_valid(input: &[u8]) -> bool {
                ::core::unreachable!()
            }

            /// The tables (the derive failed: never runs).
            pub fn tables() -> &'static #r::runtime::Tables<'static> {
                ::core::unreachable!()
            }
        }
    }
}

/// The value of a `#[name = "..."]` attribute, with the attribute.
struct StrAttr<'a> {
    attr: &'a Attribute,
    value: &'a LitStr,
}

/// The one `#[name = "..."]` attribute of `attrs`, if any.
fn str_attr<'a>(attrs: &'a [Attribute], name: &str) -> syn::Result<Option<StrAttr<'a>>> {
    let mut found: Option<StrAttr<'a>> = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident(name)) {
        if found.is_some() {
            return Err(syn::Error::new_spanned(
                attr,
                format!("#[{name}] is given twice; give it once"),
            ));
        }
        let value = match &attr.meta {
            Meta::NameValue(nv) => match &nv.value {
                Expr::Lit(e) => match &e.lit {
                    Lit::Str(s) => Some(s),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let Some(value) = value else {
            return Err(syn::Error::new_spanned(
                attr,
                format!("expected #[{name} = \"...\"], a string"),
            ));
        };
        found = Some(StrAttr { attr, value });
    }
    Ok(found)
}

/// `date-fullyear` → `date_fullyear`; `IPv4address` → `ipv4address`.
#[cfg(test)]
fn snake_case(name: &str) -> String {
    emit::view::snake_case(name)
}

/// The accessor for capture `name`: a plain identifier, or a raw one for a
/// keyword (`type` → `r#type`).
#[cfg(test)]
fn accessor(name: &str, span: Span) -> Option<Ident> {
    emit::view::accessor_ident(&snake_case(name), span)
}

fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let name = &input.ident;
    if !input.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &input.generics,
            "#[derive(uridfa::Grammar)] needs a type without generic parameters \
             (it adds associated functions such as `parse`)",
        ));
    }
    let Some(grammar_attr) = str_attr(&input.attrs, "grammar")? else {
        return Err(syn::Error::new_spanned(
            name,
            "missing #[grammar = \"path/to/file.abnf\"] (the path is relative to the \
             directory of this crate's Cargo.toml)",
        ));
    };
    let entry_attr = str_attr(&input.attrs, "entry")?;
    let at_grammar = |message: String| syn::Error::new_spanned(grammar_attr.attr, message);

    // The file, relative to the using crate's manifest directory.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .ok_or_else(|| at_grammar("CARGO_MANIFEST_DIR is not set: build with cargo".into()))?;
    let path = manifest_dir.join(grammar_attr.value.value());
    let mut grammar = abnf::load(&path).map_err(|d| at_grammar(d.to_string()))?;
    // `;@ family url` and `;@ family older` name families whose marker
    // traits are sealed: uridfa implements them for its built-in grammars
    // only, so a derived grammar's views could not have their methods.
    if let Some(f @ (abnf::Family::Url | abnf::Family::Older)) = grammar.family {
        let name = abnf::Family::ALL
            .iter()
            .find(|&&(_, g)| g == f)
            .map_or("", |&(n, _)| n);
        return Err(at_grammar(format!(
            "{}: error: `;@ family {name}` is for uridfa's built-in grammars (its marker \
             trait is sealed); a derived grammar can say `;@ family generic`, or name no family",
            path.display()
        )));
    }

    // The entry: the attribute's, or the file's first `;@ entry`.
    let (rule, span) = match &entry_attr {
        Some(e) => {
            let wanted = e.value.value();
            let Some(rule) = grammar.rule(&wanted) else {
                let entries: Vec<&str> = grammar.entries.iter().map(|(r, _)| r.as_str()).collect();
                let hint = if entries.is_empty() {
                    String::new()
                } else {
                    format!(" (its `;@ entry` rules: {})", entries.join(", "))
                };
                return Err(syn::Error::new_spanned(
                    e.attr,
                    format!(
                        "unknown entry rule '{wanted}': {} defines no such rule{hint}",
                        path.display()
                    ),
                ));
            };
            (rule.name.clone(), rule.span)
        }
        None => match grammar.entries.first() {
            Some(first) => first.clone(),
            None => {
                return Err(syn::Error::new_spanned(
                    name,
                    format!(
                        "missing #[entry = \"rule\"]: {} has no `;@ entry` pragma to take \
                         the entry rule from",
                        path.display()
                    ),
                ))
            }
        },
    };
    // One machine, for the entry; component rules and encode sets are for
    // the built-in grammars' builders and encoders.
    grammar.entries = vec![(rule.clone(), span)];
    grammar.components.clear();
    grammar.encode_sets.clear();
    let compiled = driver::compile_grammar(grammar, driver::Options::default())
        .map_err(|d| at_grammar(d.to_string()))?;
    let Some(machine) = compiled.machines.first() else {
        return Err(at_grammar(format!("no machine was built for '{rule}'")));
    };
    let warnings = ambiguity_warnings(&compiled, grammar_attr.attr).map_err(at_grammar)?;

    let tables = emit::tokens_at(&compiled, &quote!(::uridfa::__private::runtime));
    let table = format_ident!("{}", emit::const_name(&machine.lowered.rule));
    let shown = grammar_attr.value.value();

    // Every file read (imports included), so that an edit rebuilds.
    let includes = compiled.grammar.sources.files.iter().filter_map(|f| {
        if f.path == abnf::CORE_PATH {
            return None;
        }
        let p = std::fs::canonicalize(&f.path).ok()?;
        let p = p.to_str()?.to_owned();
        Some(quote!(
            const _: &[u8] = include_bytes!(#p);
        ))
    });

    let view = format_ident!("{}View", name);
    let vis = &input.vis;
    let rule_text = compiled.grammar.rule_text(&rule);
    let view_doc = format!(
        " A `{rule}` matched by [`{name}`], from `{shown}`:\n\n ```abnf\n {rule_text}\n ```\n\n \
         One accessor per capture of the grammar; generated by `#[derive(uridfa::Grammar)]`."
    );
    // The same emitter as the built-in grammars' views (`uridfa-generate`),
    // with `parse` on the marker struct rather than on the view.
    let spec = emit::view::ViewSpec {
        name: view.clone(),
        vis: quote!(#vis),
        rule: rule.clone(),
        shown: shown.clone(),
        paths: emit::view::Paths {
            runtime: quote!(::uridfa::__private::runtime),
            parts: quote!(::uridfa::__private::Spans),
            error: quote!(::uridfa::Error),
            tables: quote!(__tables),
            entry: Some(quote!(#name::tables())),
            lists: Some(quote!(#name::lists())),
            view: quote!(::uridfa::view),
            root: quote!(::uridfa),
        },
        parse_on_view: false,
        serde_feature: None,
        doc: Some(view_doc),
        example: None,
        always: machine.lowered.always_captured(),
        only: Some(emit::view::reaches(&compiled, &rule)),
        grammar_type: quote!(#name),
        // The family methods that return owned values exist when `uridfa`
        // has `alloc`, which turns on this crate's `alloc` (Note [family
        // methods on the views] in `uridfa_codegen::emit::view`).
        owned: cfg!(feature = "alloc").then(|| quote!()),
        from_tags: None,
    };
    // The derive's struct carries the grammar's facts (`uridfa::Facts`).
    let facts = emit::view::facts_impl(
        name,
        &quote!(::uridfa::view),
        &quote!(__tables),
        &quote!(::uridfa::__private::runtime),
    );
    let view_items =
        emit::view::view_tokens(&compiled, &spec).map_err(|e| at_grammar(e.to_string()))?;

    let parse_doc = format!(
        " Parses `input` as `{rule}`.\n\n # Errors\n\n A `uridfa::Error` at the first byte \
         that cannot continue a match, or at the end if the input stops short."
    );
    let parse_bytes_doc = format!(
        " Parses bytes as `{rule}`; the matched input is checked to be UTF-8.\n\n # Errors\n\n \
         As [`{name}::parse`]."
    );
    let is_valid_doc =
        format!(" Whether `input` matches `{rule}` (faster than parsing: no components).");
    let rule_doc = format!(" The entry rule, `{rule}`.");
    let tables_doc = format!(" The tables of `{rule}`, for `uridfa::runtime`'s functions.");
    let r = quote!(::uridfa::__private);
    let lists_doc = format!(
        " The list regions of `{rule}` (repetitions whose items hold captures) and their \
         item tables, for `uridfa::runtime::items`."
    );
    let lists_expr = if machine.lists.is_empty() {
        quote!(&[])
    } else {
        let id = format_ident!("{}_LISTS", emit::const_name(&machine.lowered.rule));
        quote!(&__tables::#id)
    };

    Ok(quote! {
        #view_items

        const _: () = {
            #(#includes)*

            #warnings

            #[allow(dead_code, missing_docs, unreachable_pub, non_upper_case_globals, clippy::all)]
            mod __tables {
                #tables
            }

            #[automatically_derived]
            #facts

            #[automatically_derived]
            impl #name {
                #[doc = #rule_doc]
                pub const RULE: &'static str = #rule;

                #[doc = #parse_doc]
                #[inline]
                pub fn parse(input: &str) -> ::core::result::Result<#view<'_>, ::uridfa::Error> {
                    #r::Spans::parse_str::<{ __tables::REG_LEN }>(&__tables::#table, input)
                        .map(|parts| #view { parts })
                }

                #[doc = #parse_bytes_doc]
                #[inline]
                pub fn parse_bytes(input: &[u8]) -> ::core::result::Result<#view<'_>, ::uridfa::Error> {
                    #r::Spans::parse_bytes::<{ __tables::REG_LEN }>(&__tables::#table, input)
                        .map(|parts| #view { parts })
                }

                #[doc = #is_valid_doc]
                #[inline]
                pub fn is_valid(input: &[u8]) -> bool {
                    #r::is_valid(&__tables::#table, input)
                }

                #[doc = #tables_doc]
                pub fn tables() -> &'static #r::runtime::Tables<'static> {
                    &__tables::#table
                }

                #[doc = #lists_doc]
                pub fn lists() -> &'static [#r::runtime::List<'static>] {
                    #lists_expr
                }
            }
        };
    })
}

/// The ambiguity check's findings for the entry (Note [the ambiguity search] in
/// `uridfa_codegen::ambiguity`): `Err` with the rendered findings when one
/// is an error (`;@ deny ambiguity`), else one compile-time warning per
/// warning, at the `#[grammar]` attribute. Notes (kinds decided after the
/// match, which overlap by design) are not shown.
///
/// Stable Rust has no way for a derive to emit a warning, so each is the
/// use of a `#[deprecated(note = "...")]` constant, which rustc reports as
/// `warning: use of deprecated constant ...: <the finding>`. That is what
/// the `proc-macro-warning` crate does too; written out here, it costs no
/// dependency and keeps the text exactly `uridfa lint`'s.
fn ambiguity_warnings(
    compiled: &driver::Compiled,
    attr: &Attribute,
) -> Result<TokenStream, String> {
    let lint = ambiguity::lint(compiled, &ambiguity::LintOptions::default());
    if lint.has_errors() {
        return Err(lint.to_string().trim_end().to_string());
    }
    let span = syn::spanned::Spanned::span(attr);
    let items = lint
        .findings
        .iter()
        .filter(|f| f.severity == ambiguity::Severity::Warning)
        .enumerate()
        .map(|(i, f)| {
            let mut note = format!(
                "{}: warning: {}",
                compiled.grammar.sources.location(f.diagnostic.span),
                f.diagnostic.message
            );
            for n in &f.notes {
                note.push_str("\n  = ");
                note.push_str(n);
            }
            let item = format_ident!("uridfa_ambiguity_{}", i, span = span);
            quote::quote_spanned! {span=>
                #[deprecated(note = #note)]
                #[allow(non_upper_case_globals)]
                const #item: () = ();
                #[allow(clippy::let_unit_value)]
                let _ = #item;
            }
        });
    let items: Vec<TokenStream> = items.collect();
    if items.is_empty() {
        return Ok(TokenStream::new());
    }
    Ok(quote::quote_spanned! {span=>
        const _: () = {
            #(#items)*
        };
    })
}

#[cfg(test)]
mod tests {
    //! The compile errors of the derive, checked on `expand` directly (no
    //! trybuild): each is a `compile_error!` with the expected text.

    use super::expand;

    /// What the derive writes for `item` when it fails: the fallback of
    /// the error (Note [one error for a failed derive]).
    fn written(name: &str, text: &str, item: &str) -> String {
        let dir = std::env::temp_dir().join(format!("uridfa-derive-fb-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.abnf"));
        std::fs::write(&path, text).unwrap();
        let item = item.replace("PATH", &path.display().to_string());
        let input: syn::DeriveInput = syn::parse_str(&item).unwrap();
        let e = expand(&input).unwrap_err();
        super::fallback(&input, e).to_string()
    }

    #[test]
    fn a_failed_derive_writes_one_error_and_stubs() {
        let out = written(
            "fb",
            "d = 4DIGIT x\n",
            "#[grammar = \"PATH\"] #[entry = \"d\"] pub struct D;",
        );
        // The one error, in the module the view's alias points into.
        assert_eq!(out.matches("compile_error").count(), 1, "{out}");
        assert!(
            out.contains("fb.abnf:1:12: error: unknown rule 'x'"),
            "{out}"
        );
        assert!(
            out.contains("mod __uridfa_derive_error_D { :: core :: compile_error !"),
            "{out}"
        );
        assert!(
            out.contains("pub type DView < 'a > = __uridfa_derive_error_D :: View < 'a > ;"),
            "{out}"
        );
        // The items the derive writes on the struct, with the same
        // signatures.
        for item in [
            "pub const RULE : & 'static str",
            "pub fn parse (input : & str) -> :: core :: result :: Result < DView < '_ > , :: uridfa :: Error >",
            "pub fn parse_bytes (input : & [u8]) -> :: core :: result :: Result < DView < '_ > , :: uridfa :: Error >",
            "pub fn is_valid (input : & [u8]) -> bool",
            "pub fn tables () -> & 'static :: uridfa :: __private :: runtime :: Tables < 'static >",
        ] {
            assert!(out.contains(item), "{item}\n{out}");
        }
        // A generic struct gets the error only.
        let out = written("fb2", DATE, "#[grammar = \"PATH\"] struct D<T>(T);");
        assert!(out.starts_with(":: core :: compile_error !"), "{out}");
        assert!(!out.contains("fn parse"), "{out}");
    }

    /// Expands `item` with the grammar `text` written to a file of its
    /// own, and returns the error message.
    fn error(name: &str, text: &str, item: &str) -> String {
        let dir = std::env::temp_dir().join(format!("uridfa-derive-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.abnf"));
        std::fs::write(&path, text).unwrap();
        let item = item.replace("PATH", &path.display().to_string());
        let input: syn::DeriveInput = syn::parse_str(&item).unwrap();
        match expand(&input) {
            Ok(tokens) => panic!("expected an error, got {tokens}"),
            Err(e) => e.to_string(),
        }
    }

    const DATE: &str = ";@ entry d\n;@ capture y\nd = y \"-\" 2DIGIT\ny = 4DIGIT\n";

    #[test]
    fn sealed_families_are_refused() {
        for f in ["url", "older"] {
            let e = error(
                &format!("fam-{f}"),
                &format!(";@ family {f}\n{DATE}"),
                "#[grammar = \"PATH\"] struct D;",
            );
            assert!(
                e.contains(&format!(
                    "fam-{f}.abnf: error: `;@ family {f}` is for uridfa's built-in grammars"
                )),
                "{e}"
            );
        }
        // The open family is accepted.
        let out = expanded("fam-generic", &format!(";@ family generic\n{DATE}"));
        assert!(out.contains("struct DView"), "{out}");
    }

    #[test]
    fn missing_and_malformed_attributes() {
        let e = error("a", DATE, "struct D;");
        assert!(
            e.starts_with("missing #[grammar = \"path/to/file.abnf\"]"),
            "{e}"
        );
        let e = error("b", DATE, "#[grammar(\"PATH\")] struct D;");
        assert_eq!(e, "expected #[grammar = \"...\"], a string");
        let e = error(
            "c",
            DATE,
            "#[grammar = \"PATH\"] #[grammar = \"PATH\"] struct D;",
        );
        assert_eq!(e, "#[grammar] is given twice; give it once");
        let e = error("d", DATE, "#[grammar = \"PATH\"] struct D<T>(T);");
        assert!(e.contains("needs a type without generic parameters"), "{e}");
    }

    #[test]
    fn missing_and_unknown_entries() {
        let no_entry = "y = 4DIGIT\n";
        let e = error("e", no_entry, "#[grammar = \"PATH\"] struct D;");
        assert!(e.starts_with("missing #[entry = \"rule\"]: "), "{e}");
        assert!(
            e.ends_with("e.abnf has no `;@ entry` pragma to take the entry rule from"),
            "{e}"
        );
        let e = error(
            "f",
            DATE,
            "#[grammar = \"PATH\"] #[entry = \"x\"] struct D;",
        );
        assert!(e.starts_with("unknown entry rule 'x': "), "{e}");
        assert!(
            e.ends_with("f.abnf defines no such rule (its `;@ entry` rules: d)"),
            "{e}"
        );
    }

    #[test]
    fn grammar_errors_carry_the_generators_diagnostics() {
        let e = error(
            "g",
            "d = 4DIGIT x\n",
            "#[grammar = \"PATH\"] #[entry = \"d\"] struct D;",
        );
        assert!(e.contains("g.abnf:1:12: error: unknown rule 'x'"), "{e}");
        let e = error("h", "", "#[grammar = \"PATH/nope.abnf\"] struct D;");
        assert!(e.contains("cannot read grammar file"), "{e}");
        // A capture in two places that can both match.
        let twice = ";@ entry d\n;@ capture y\nd = y \"-\" y\ny = 4DIGIT\n";
        let e = error("i", twice, "#[grammar = \"PATH\"] struct D;");
        assert!(
            e.contains("i.abnf:3:11: error: capture 'y' is reached from two places of 'd'"),
            "{e}"
        );
    }

    #[test]
    fn accessors_that_rust_or_the_view_forbid() {
        let text = ";@ entry d\n;@ capture as-str\nd = as-str\nas-str = \"a\"\n";
        let e = error("j", text, "#[grammar = \"PATH\"] struct D;");
        assert!(
            e.contains("the accessor `as_str`, which the view already has"),
            "{e}"
        );
    }

    #[test]
    fn the_methods_pragma_is_gone() {
        let text = ";@ entry d\n;@ capture y\n;@ methods \"methods/x.rs\"\nd = y\ny = 4DIGIT\n";
        let e = error("k", text, "#[grammar = \"PATH\"] struct D;");
        assert!(e.contains("k.abnf:3:1: error: ';@ methods' is gone"), "{e}");
        assert!(e.contains("`uridfa::View`"), "{e}");
    }

    #[test]
    fn every_file_read_is_included_so_an_edit_rebuilds() {
        let dir = std::env::temp_dir().join(format!("uridfa-derive-inc-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let main = dir.join("main.abnf");
        let sub = dir.join("sub.abnf");
        std::fs::write(
            &main,
            ";@ import sub.abnf\n;@ entry d\n;@ capture y\nd = y\n",
        )
        .unwrap();
        std::fs::write(&sub, "y = 4DIGIT\n").unwrap();
        let item = format!("#[grammar = \"{}\"] pub struct D;", main.display());
        let input: syn::DeriveInput = syn::parse_str(&item).unwrap();
        let out = expand(&input).unwrap().to_string();
        for f in [&main, &sub] {
            let p = std::fs::canonicalize(f).unwrap();
            let line = format!(
                "const _ : & [u8] = include_bytes ! ({:?})",
                p.to_str().unwrap()
            );
            assert!(out.contains(&line), "{line}\n{out}");
        }
        // The built-in core rules (DIGIT) are no file.
        assert_eq!(out.matches("include_bytes !").count(), 2, "{out}");
        // The view, with the struct's visibility, and an accessor per
        // capture (always there: `&str`).
        assert!(out.contains("pub struct DView < 'a >"), "{out}");
        assert!(out.contains("pub fn y (& self) -> & 'a str"), "{out}");
        assert!(!out.contains(":: uridfa_runtime"), "{out}");
    }

    /// Expands `item` with the grammar `text`, which must succeed.
    fn expanded(name: &str, text: &str) -> String {
        let dir = std::env::temp_dir().join(format!("uridfa-derive-ok-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.abnf"));
        std::fs::write(&path, text).unwrap();
        let item = format!("#[grammar = \"{}\"] pub struct D;", path.display());
        let input: syn::DeriveInput = syn::parse_str(&item).unwrap();
        expand(&input).unwrap().to_string()
    }

    /// "a" is x or y (worked out by hand).
    const AMBIGUOUS: &str = ";@ entry r\n;@ capture x y\nr = x / y\nx = \"a\"\ny = \"a\"\n";

    #[test]
    fn ambiguity_is_a_warning_an_error_under_deny_and_silenced_by_allow() {
        let out = expanded("amb", AMBIGUOUS);
        assert_eq!(out.matches("# [deprecated").count(), 1, "{out}");
        assert!(
            out.contains("amb.abnf:4:1: warning: entry 'r' (at "),
            "{out}"
        );
        assert!(out.contains("is ambiguous: the input \\\"a\\\""), "{out}");
        assert!(
            out.contains("= uridfa reads:    x = \\\"a\\\", no y"),
            "{out}"
        );
        // No finding, no warning.
        assert!(!expanded("unamb", DATE).contains("deprecated"));
        let out = expanded("allowed", &format!(";@ allow ambiguity x y\n{AMBIGUOUS}"));
        assert!(!out.contains("deprecated"), "{out}");
        // Kinds decided after the match overlap by design: no warning.
        let kinds = ";@ entry h\n;@ capture host\n;@ kind-after host = num / name\nh = host\nhost = num / name\nnum = 1*3DIGIT\nname = 1*(ALPHA / DIGIT)\n";
        assert!(!expanded("kinds", kinds).contains("deprecated"));

        let e = error(
            "denied",
            &format!(";@ deny ambiguity\n{AMBIGUOUS}"),
            "#[grammar = \"PATH\"] struct D;",
        );
        assert!(e.contains("denied.abnf:5:1: error: entry 'r' (at "), "{e}");
        assert!(e.contains("  = another reading: no x, y = \"a\""), "{e}");
    }

    #[test]
    fn keywords_become_raw_accessors() {
        assert_eq!(
            super::accessor("type", proc_macro2::Span::call_site())
                .unwrap()
                .to_string(),
            "r#type"
        );
        assert_eq!(
            super::accessor("date-fullyear", proc_macro2::Span::call_site())
                .unwrap()
                .to_string(),
            "date_fullyear"
        );
        assert!(super::accessor("self", proc_macro2::Span::call_site()).is_none());
    }
}
