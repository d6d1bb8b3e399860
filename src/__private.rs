//! Not public API: what `#[derive(uridfa::Grammar)]` expands to reaches
//! the runtime and the span machinery through here, so that a crate using
//! the derive depends on `uridfa` alone. Nothing here is covered by semver.

use crate::Error;
use uridfa_runtime::Tables;

pub use uridfa_runtime as runtime;

/// The spans of one parsed input (`T` is twice the grammar's capture
/// count): the `Parts` of the built-in views, for generated views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spans<'a, const T: usize>(crate::parts::Parts<'a, T>);

impl<'a, const T: usize> Spans<'a, T> {
    /// Runs `t` over `input` with `R` registers (the grammar's `REG_LEN`).
    ///
    /// # Errors
    ///
    /// Where and why the input does not match.
    #[inline]
    pub fn parse_str<const R: usize>(
        t: &'static Tables<'static>,
        input: &'a str,
    ) -> Result<Self, Error> {
        crate::parts::Parts::parse_str::<R>(t, input).map(Spans)
    }

    /// As [`Spans::parse_str`], over bytes.
    ///
    /// # Errors
    ///
    /// Where and why the input does not match.
    #[inline]
    pub fn parse_bytes<const R: usize>(
        t: &'static Tables<'static>,
        input: &'a [u8],
    ) -> Result<Self, Error> {
        crate::parts::Parts::parse_bytes::<R>(t, input).map(Spans)
    }

    /// The spans of the item `span` of `input`, split with a list's item
    /// tables (`R`: the grammar's `REG_LEN`), in offsets of `input`.
    #[inline]
    pub fn item<const R: usize>(
        item: &Tables<'_>,
        input: &'a str,
        span: (usize, usize),
    ) -> Option<Self> {
        crate::parts::Parts::item::<R>(item, input, span).map(Spans)
    }

    /// Every occurrence of capture `capture` inside `within`, in input
    /// order, at every level of lists (`lists`: those of the tables that
    /// made these spans; `R`: the grammar's `REG_LEN`), each with the spans
    /// that hold it and the lists of their tables.
    #[inline]
    pub fn occurrences<const R: usize>(
        self,
        lists: &'static [uridfa_runtime::List<'static>],
        capture: usize,
        within: (usize, usize),
    ) -> impl Iterator<
        Item = (
            (usize, usize),
            Spans<'a, T>,
            &'static [uridfa_runtime::List<'static>],
        ),
    > + Clone {
        crate::parts::Occurrences::<'a, T, R>::new(self.0, lists, capture, within)
            .map(|(span, parts, lists)| (span, Spans(parts), lists))
    }

    /// The text of capture `i`, if it matched.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&'a str> {
        self.0.get(i)
    }

    /// The span of capture `i`, if it matched.
    #[inline]
    pub fn span(&self, i: usize) -> Option<(usize, usize)> {
        self.0.span(i)
    }

    /// The span of capture `i` of `t`, deciding a kind decided after the
    /// match (`;@ kind-after`).
    #[inline]
    pub fn span_in(&self, t: &Tables<'_>, i: usize) -> Option<(usize, usize)> {
        self.0.span_in(t, i)
    }

    /// The text of capture `i` of `t`, deciding a kind decided after the
    /// match (`;@ kind-after`).
    #[inline]
    pub fn get_in(&self, t: &Tables<'_>, i: usize) -> Option<&'a str> {
        self.0.get_in(t, i)
    }

    /// The whole input.
    #[inline]
    pub fn input(&self) -> &'a str {
        self.0.input
    }
}

impl<const T: usize> core::hash::Hash for Spans<'_, T> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        // The spans follow from the input (one set of tables per type).
        self.0.input.hash(state);
    }
}

/// Whether `input` matches `t`.
#[inline]
pub fn is_valid(t: &'static Tables<'static>, input: &[u8]) -> bool {
    uridfa_runtime::validate(t, input).is_ok()
}
