//! What the emitter is asked for: one view's [`ViewSpec`] (name, rule,
//! paths into the crates, shapes) and why a view cannot be made.

use proc_macro2::{Ident, TokenStream};

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
    /// The root of the `uridfa` crate, for the family methods (`crate`,
    /// `::uridfa`).
    pub root: TokenStream,
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
    /// `Some("serde")`: `Serialize` (as the text) and a borrowing
    /// `Deserialize` (that parses) under `#[cfg(feature = "serde")]`.
    pub serde_feature: Option<String>,
    /// The struct's doc text (defaults to the rule's ABNF text).
    pub doc: Option<String>,
    /// With [`ViewSpec::parse_on_view`]: the path of the view in doc
    /// examples (`uridfa::rfc3986::UriRef`) and an input the rule accepts.
    pub example: Option<(String, String)>,
    /// For each capture (tag order): its accessor returns `&str` (see
    /// [`super::always`]).
    pub always: Vec<bool>,
    /// `Some`: only the captures marked `true` get an accessor (those the
    /// entry reaches, [`super::reaches`]; every built-in and derived view).
    pub only: Option<Vec<bool>>,
    /// The type that carries the grammar's facts (`uridfa::Facts`), the
    /// view's `View::Grammar`: the generated marker of a built-in grammar
    /// (`Rfc3986`), the derive's own struct.
    pub grammar_type: TokenStream,
    /// The attributes of the family methods that return owned values
    /// (`#[cfg(feature = "alloc")]` in the crate, none in a derive whose
    /// `uridfa` has `alloc`); `None`: no such methods (Note [family
    /// methods on the views]).
    pub owned: Option<TokenStream>,
    /// The trait that builds a view from its spans (`crate::parts::FromTags`,
    /// the built-in views, which the builders use); `None`: not implemented.
    pub from_tags: Option<TokenStream>,
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
