//! The views file of a built-in grammar, `src/generated/<name>_views.rs`
//! ([`views_file`]).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::compiled::Compiled;

use super::facts::{always, reaches};
use super::spec::{Paths, ViewError, ViewSpec};
use super::tokens::view_tokens;

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
    let marker = format_ident!("{}", marker_name(c));
    let mut tokens = marker_tokens(c, &marker);
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
                root: quote!(crate),
            },
            parse_on_view: true,
            serde_feature: Some("serde".to_owned()),
            doc: None,
            example: v
                .example
                .as_ref()
                .map(|e| (format!("uridfa::{module}::{}", v.name), e.clone())),
            always: self::always(c, &[v.rule.as_str()]),
            only: Some(reaches(c, &v.rule)),
            grammar_type: quote!(#marker),
            owned: Some(quote!(#[cfg(feature = "alloc")])),
            from_tags: Some(quote!(crate::parts::FromTags)),
        };
        tokens.extend(view_tokens(c, &spec).map_err(|error| ViewsFileError::View {
            shown: shown.to_owned(),
            error,
        })?);
    }
    let body = crate::pipeline::emit::format_file(tokens)
        .map_err(|e| ViewsFileError::Format(e.to_string()))?;
    Ok(Some(crate::pipeline::emit::header(c, shown) + &body))
}

/// The name of grammar `c`'s marker type: its `;@ marker` pragma, else its
/// name in upper camel case (`rfc3986` is `Rfc3986`, as its
/// `uridfa::GrammarId` variant).
pub fn marker_name(c: &Compiled) -> String {
    marker_of(&c.grammar)
}

/// [`marker_name`] of a loaded grammar.
pub fn marker_of(g: &crate::pipeline::abnf::Grammar) -> String {
    if let Some(m) = &g.marker {
        return m.clone();
    }
    g.name
        .split('-')
        .map(|w| {
            let mut ch = w.chars();
            ch.next()
                .map(|f| f.to_ascii_uppercase().to_string() + ch.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The marker type of a built-in grammar and its `Facts`, read from the
/// grammar's generated `tables` module.
fn marker_tokens(c: &Compiled, marker: &proc_macro2::Ident) -> TokenStream {
    let name = c.grammar.name.as_str();
    let doc = format!(
        " The grammar `{name}` as a type: its facts ([`crate::Facts`], read from its \
         tables), [`crate::View::Grammar`] of its views, and the type parameter of its \
         builders where it has them."
    );
    let facts = facts_impl(
        marker,
        &quote!(crate::view),
        &quote!(tables),
        &quote!(::uridfa_runtime),
    );
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct #marker;

        #facts
    }
}

/// `impl Facts for TYPE`, its constants read from the tables module
/// `tables` (`view`: the module of the `Facts` trait; `runtime`: the
/// runtime crate). Shared by the built-in grammars' markers and the
/// derive, which implements it on its own struct.
pub fn facts_impl(
    ty: &impl quote::ToTokens,
    view: &TokenStream,
    tables: &TokenStream,
    runtime: &TokenStream,
) -> TokenStream {
    quote! {
        impl #view::Facts for #ty {
            const NAME: &'static str = #tables::GRAMMAR;
            const ENTRIES: &'static [&'static #runtime::Tables<'static>] = &#tables::ENTRIES;
            const LISTS: &'static [&'static [#runtime::List<'static>]] = &#tables::ENTRY_LISTS;
            const COMPONENT_RULES: &'static [&'static #runtime::Tables<'static>] = &#tables::COMPONENT_RULES;
            const ENCODE_SETS: &'static [&'static #runtime::EncodeSet] = &#tables::ENCODE_SETS;
            const CAPTURES: &'static [#runtime::CaptureInfo] = &#tables::CAPTURES;
            const UTF8: bool = #tables::CHARSET_UTF8;
        }
    }
}
