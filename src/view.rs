//! [`View`]: what every typed view says about itself, built-in
//! (`uridfa::rfc3986::Uri`) or made by `#[derive(uridfa::Grammar)]`.
//!
//! The generator implements [`View`] on each view it writes, from the
//! grammar: the entry rule, the captures in `;@ capture` order, and for
//! each capture its [`Presence`] in that rule's matches, decided from the
//! rule's expression (Note [presence from the grammar]). Code that works
//! for any view (the algorithms' components, a user's generic function)
//! reads components through [`View::get`] or [`View::capture`] instead of
//! the accessors, whose types follow the presence: `&str` for
//! [`Presence::Always`], `Option<&str>` for [`Presence::Sometimes`], and
//! no accessor for [`Presence::Never`].
//!
//! # Example
//!
//! ```
//! use uridfa::{Presence, View};
//! use uridfa::rfc3986::{AbsoluteUri, Uri};
//!
//! // Generic over every view: the components a grammar names `host`.
//! fn host<'a, V: View<'a>>(v: V) -> Option<&'a str> {
//!     v.capture("host")
//! }
//! assert_eq!(host(Uri::parse("http://a.example/x")?), Some("a.example"));
//!
//! // The facts behind the accessors' types.
//! assert_eq!(Uri::presence("scheme"), Some(Presence::Always));
//! assert_eq!(Uri::presence("fragment"), Some(Presence::Sometimes));
//! assert_eq!(AbsoluteUri::presence("fragment"), Some(Presence::Never));
//! let s: &str = Uri::parse("http://a")?.scheme();
//! assert_eq!(s, "http");
//! # Ok::<(), uridfa::Error>(())
//! ```

// Note [presence from the grammar]
//
// A capture is `Always` in an entry rule when every string the rule
// matches sets it: the capture group lies on every path through the
// rule's expression (a concatenation has it when one part has it, an
// alternation when every branch has it, a repetition when its body has it
// and it repeats at least once; `Lowered::always_captured` in the
// generator). It is `Never` when no capture group of the rule's
// expression, nor of its lists' items, reports it (`emit::view::reaches`),
// and `Repeated` when it lies inside a list region (Note [repeated
// captures]): every occurrence then comes from the view's plural
// accessor, and `get` reports none. Otherwise it is `Sometimes`. The
// answer is a fact of the grammar, not of a sample: a `Sometimes` capture
// may still be present in every input one tries (RFC 3986's `authority`
// in `http` URIs), because the grammar allows it absent.

/// Whether the matches of an entry rule have a capture, decided from the
/// grammar (Note [presence from the grammar]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Presence {
    /// Every match has it: its accessor returns `&str`.
    Always,
    /// A match may have it or not: its accessor returns `Option<&str>`.
    Sometimes,
    /// No match has it: the view has no accessor for it, and
    /// [`View::get`] returns `None`.
    Never,
    /// It lies inside a list (`*( "," addr-spec )`): the view's plural
    /// accessor yields every occurrence; [`View::get`] returns `None`.
    Repeated,
}

/// A grammar as a type: its facts, as the generator compiled them from its
/// grammar file. The generator writes one such marker type per built-in
/// grammar (`uridfa::rfc3986::Rfc3986`, ...; named by the file's `;@
/// marker` pragma, else after the grammar), and `#[derive(uridfa::Grammar)]`
/// implements it on the derive's own struct; every view names its grammar
/// as [`View::Grammar`]. What a family of grammars adds (builders,
/// resolution) is written over these facts.
///
/// # Example
///
/// ```
/// use uridfa::{Facts, View};
/// use uridfa::rfc3986::{Rfc3986, Uri};
/// assert_eq!(Rfc3986::NAME, "rfc3986");
/// assert_eq!(<Uri<'static> as View<'static>>::Grammar::NAME, "rfc3986");
/// assert_eq!(Rfc3986::ENTRIES[0].rule, "URI-reference");
/// assert_eq!(Rfc3986::encode_set("query").map(|s| s.rule), Some("query"));
/// assert!(Rfc3986::component_rule("path-abempty").is_some());
/// ```
pub trait Facts: 'static {
    /// The grammar's name: its file stem (`rfc3986`).
    const NAME: &'static str;
    /// Every entry's tables, in `;@ entry` order.
    const ENTRIES: &'static [&'static uridfa_runtime::Tables<'static>];
    /// Each entry's list regions, beside [`Facts::ENTRIES`].
    const LISTS: &'static [&'static [uridfa_runtime::List<'static>]];
    /// The `;@ component` rules' tables, in pragma order.
    const COMPONENT_RULES: &'static [&'static uridfa_runtime::Tables<'static>];
    /// The `;@ encode-set`s, in pragma order.
    const ENCODE_SETS: &'static [&'static uridfa_runtime::EncodeSet];
    /// The grammar's captures, in tag order.
    const CAPTURES: &'static [uridfa_runtime::CaptureInfo];
    /// Whether the grammar says `;@ charset utf-8`.
    const UTF8: bool;

    /// The encode set named `name` in its pragma (ASCII case ignored).
    fn encode_set(name: &str) -> Option<&'static uridfa_runtime::EncodeSet> {
        Self::ENCODE_SETS
            .iter()
            .copied()
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// The tables of the `;@ component` rule `rule` (ASCII case ignored).
    fn component_rule(rule: &str) -> Option<&'static uridfa_runtime::Tables<'static>> {
        Self::COMPONENT_RULES
            .iter()
            .copied()
            .find(|t| t.rule.eq_ignore_ascii_case(rule))
    }
}

/// A typed view of one entry rule's match: the facts of its grammar and
/// rule as constants, and the components by index. The generator
/// implements it on every view (see the [module docs](self)).
pub trait View<'a>: Copy {
    /// The grammar this view belongs to, as a type with its facts.
    type Grammar: Facts;
    /// The grammar's name: its file stem (`rfc3986`).
    const GRAMMAR: &'static str;
    /// The entry rule this view matches (`URI`).
    const RULE: &'static str;
    /// The grammar's captures in `;@ capture` order: the indices of
    /// [`View::get`] and [`View::span`] (a list region's hidden capture
    /// is named `*RULE`).
    const CAPTURES: &'static [&'static str];
    /// For each capture of [`View::CAPTURES`], its presence in this
    /// rule's matches.
    const PRESENCE: &'static [Presence];

    /// The whole input.
    fn as_str(&self) -> &'a str;

    /// Capture `index`'s text, or `None` when this match has none (or
    /// `index` is no capture).
    fn get(&self, index: usize) -> Option<&'a str>;

    /// Capture `index`'s start and end offsets in [`View::as_str`].
    fn span(&self, index: usize) -> Option<(usize, usize)>;

    /// The capture named `name` (ASCII case ignored), as [`View::get`];
    /// `None` also when the grammar has no such capture.
    fn capture(&self, name: &str) -> Option<&'a str> {
        self.get(capture_index(Self::CAPTURES, name)?)
    }

    /// The presence of the capture named `name` (ASCII case ignored) in
    /// this rule's matches; `None` when the grammar has no such capture.
    fn presence(name: &str) -> Option<Presence> {
        Self::PRESENCE
            .get(capture_index(Self::CAPTURES, name)?)
            .copied()
    }
}

/// The index of the capture named `name` (ASCII case ignored) in
/// `captures`, usable in constants.
///
/// # Example
///
/// ```
/// use uridfa::view::capture_index;
/// use uridfa::View;
/// const HOST: Option<usize> =
///     capture_index(<uridfa::rfc3986::Uri<'static> as View<'static>>::CAPTURES, "HOST");
/// assert_eq!(HOST, Some(uridfa::rfc3986::tables::HOST));
/// ```
pub const fn capture_index(captures: &[&str], name: &str) -> Option<usize> {
    let mut i = 0;
    while i < captures.len() {
        if eq_ignore_ascii_case(captures[i].as_bytes(), name.as_bytes()) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The index of the first of `names` that is a capture in `captures`;
/// `usize::MAX` when none is (then [`View::get`] gives `None`). For
/// `const` blocks in code generic over views.
pub(crate) const fn first_of(captures: &[&str], names: &[&str]) -> usize {
    let mut i = 0;
    while i < names.len() {
        if let Some(k) = capture_index(captures, names[i]) {
            return k;
        }
        i += 1;
    }
    usize::MAX
}

/// `a == b`, ASCII case ignored, in a `const fn`.
const fn eq_ignore_ascii_case(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if !a[i].eq_ignore_ascii_case(&b[i]) {
            return false;
        }
        i += 1;
    }
    true
}

/// The scheme-specific part of a view whose grammar names its captures
/// `scheme` and `fragment`: after `scheme ":"`, before `"#" fragment`
/// (RFC 2396 §3, url-syntax-05 §4.1); `None` without a scheme.
pub(crate) fn scheme_specific_part<'a, V: View<'a>>(v: &V) -> Option<&'a str> {
    let [scheme, fragment] = const {
        [
            first_of(V::CAPTURES, &["scheme"]),
            first_of(V::CAPTURES, &["fragment"]),
        ]
    };
    let (_, scheme_end) = v.span(scheme)?;
    let end = match v.span(fragment) {
        Some((start, _)) => start.checked_sub(1)?,
        None => v.as_str().len(),
    };
    v.as_str().get(scheme_end.checked_add(1)?..end)
}
