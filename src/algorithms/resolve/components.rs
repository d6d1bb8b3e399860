//! The components of the base and the reference: Appendix B's regular
//! expression as a splitter (identical in draft 05, RFC 2396, 2396bis-01
//! and RFC 3986), and the validation of each algorithm's own grammar.

use super::options::ResolveError;
use crate::Error;

// Components

/// The five components of a reference; `None` is undefined, `Some("")`
/// empty (§5.3 keeps the difference).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Comps<'a> {
    pub(crate) scheme: Option<&'a str>,
    pub(crate) authority: Option<&'a str>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

/// The split of Appendix B's regular expression (identical in draft 05,
/// RFC 2396, 2396bis-01 and RFC 3986):
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, with
/// scheme = $2, authority = $4, path = $5, query = $7, fragment = $9.
/// Matches every string.
pub(crate) fn split_appendix_b(s: &str) -> Comps<'_> {
    use crate::cut::{split_at, split_where};
    // Every cut is at an ASCII delimiter (see src/cut.rs).
    let mut rest = s;
    // $1: one or more bytes outside ":/?#", then ":".
    let mut scheme = None;
    let (head, tail) = split_where(rest, |c| matches!(c, b':' | b'/' | b'?' | b'#'));
    if !head.is_empty() && tail.starts_with(':') {
        scheme = Some(head);
        rest = split_at(tail, 1).1;
    }
    // $3: "//" then bytes outside "/?#".
    let mut authority = None;
    if rest.starts_with("//") {
        let (a, tail) = split_where(split_at(rest, 2).1, |c| matches!(c, b'/' | b'?' | b'#'));
        authority = Some(a);
        rest = tail;
    }
    // $5: bytes outside "?#".
    let (path, tail) = split_where(rest, |c| matches!(c, b'?' | b'#'));
    rest = tail;
    // $6: "?" then bytes outside "#".
    let mut query = None;
    if rest.starts_with('?') {
        let (q, tail) = split_where(split_at(rest, 1).1, |c| c == b'#');
        query = Some(q);
        rest = tail;
    }
    // $8: "#" then anything.
    let fragment = rest.starts_with('#').then(|| split_at(rest, 1).1);
    Comps {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// The components of view `v`, found by the names RFC 3986 and RFC 3987
/// give them (`authority` or `iauthority`, ...); its fragment only when
/// `fragment` (§5.1: a base is used "stripped of any fragment component").
fn comps_of<'a, V: crate::View<'a>>(v: &V, fragment: bool) -> Comps<'a> {
    use crate::view::first_of;
    let [s, a, p, q, f] = const {
        let c = V::CAPTURES;
        [
            first_of(c, &["scheme"]),
            first_of(c, &["authority", "iauthority"]),
            first_of(c, &["path", "ipath"]),
            first_of(c, &["query", "iquery"]),
            first_of(c, &["fragment", "ifragment"]),
        ]
    };
    Comps {
        scheme: v.get(s),
        authority: v.get(a),
        path: v.get(p).unwrap_or(""),
        query: v.get(q),
        fragment: if fragment { v.get(f) } else { None },
    }
}

/// Base and reference read with two views of one grammar (`URI` and
/// `URI-reference` of RFC 3986 Appendix A, §5.2.1–5.2.2; `IRI` and
/// `IRI-reference` of RFC 3987 §2.2): the reader of the RFC 3986 family,
/// which the grammar's module calls in its `Reads` impl.
pub(crate) fn read_views<'a, B: crate::View<'a>, R: crate::View<'a>>(
    base: Result<B, Error>,
    reference: Result<R, Error>,
) -> Result<[Comps<'a>; 2], ResolveError> {
    let b = base.map_err(ResolveError::InvalidBase)?;
    let r = reference.map_err(ResolveError::InvalidReference)?;
    Ok([comps_of(&b, false), comps_of(&r, true)])
}

/// Base and reference for one of the older algorithms: both validated with
/// `validate` (that document's own `URI-reference` or `URL-reference`),
/// then split as the document's §5.2 step 1 says, with its Appendix B
/// regular expression. The base needs a scheme; its fragment is ignored.
pub(crate) fn read_validated<'a>(
    validate: fn(&str) -> Result<(), Error>,
    base: &'a str,
    reference: &'a str,
) -> Result<[Comps<'a>; 2], ResolveError> {
    validate(base).map_err(ResolveError::InvalidBase)?;
    validate(reference).map_err(ResolveError::InvalidReference)?;
    let mut b = split_appendix_b(base);
    let r = split_appendix_b(reference);
    if b.scheme.is_none() {
        return Err(ResolveError::BaseWithoutScheme);
    }
    b.fragment = None;
    Ok([b, r])
}

/// Whether `input` is a match of `tables` (an older document's
/// `URI-reference` or `URL-reference`), as [`crate::Error`].
pub(crate) fn validate_with(
    tables: &'static uridfa_runtime::Tables<'static>,
    input: &str,
) -> Result<(), Error> {
    uridfa_runtime::validate(tables, input.as_bytes()).map_err(|e| Error::new(e, tables))
}
