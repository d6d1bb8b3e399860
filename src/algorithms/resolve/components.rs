//! The components of the base and the reference: Appendix B's regular
//! expression as a splitter (identical in draft 05, RFC 2396, 2396bis-01
//! and RFC 3986), and the validation of each algorithm's own grammar.

use super::{Algorithm, ResolveError, Syntax};
use crate::Error;

// Components

/// The five components of a reference; `None` is undefined, `Some("")`
/// empty (§5.3 keeps the difference).
#[derive(Clone, Copy, Debug)]
pub(super) struct Comps<'a> {
    pub(super) scheme: Option<&'a str>,
    pub(super) authority: Option<&'a str>,
    pub(super) path: &'a str,
    pub(super) query: Option<&'a str>,
    pub(super) fragment: Option<&'a str>,
}

/// The split of Appendix B's regular expression (identical in draft 05,
/// RFC 2396, 2396bis-01 and RFC 3986):
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, with
/// scheme = $2, authority = $4, path = $5, query = $7, fragment = $9.
/// Matches every string.
pub(super) fn split_appendix_b(s: &str) -> Comps<'_> {
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

/// Base and reference components for `rfc3986`: the grammar of
/// Appendix A (`URI` for the base, §5.2.1; `URI-reference` for the
/// reference, §5.2.2), or of RFC 3987 §2.2 (`IRI`, `IRI-reference`).
pub(super) fn parts_rfc3986<'a>(
    syntax: Syntax,
    base: &'a str,
    reference: &'a str,
) -> Result<[Comps<'a>; 2], ResolveError> {
    match syntax {
        Syntax::Rfc3986 => {
            use crate::rfc3986::{Uri, UriRef};
            let b = Uri::parse(base).map_err(ResolveError::InvalidBase)?;
            let r = UriRef::parse(reference).map_err(ResolveError::InvalidReference)?;
            Ok([comps_of(&b, false), comps_of(&r, true)])
        }
        #[cfg(feature = "rfc3987")]
        Syntax::Rfc3987 => {
            use crate::rfc3987::{Iri, IriRef};
            let b = Iri::parse(base).map_err(ResolveError::InvalidBase)?;
            let r = IriRef::parse(reference).map_err(ResolveError::InvalidReference)?;
            Ok([comps_of(&b, false), comps_of(&r, true)])
        }
    }
}

/// Base and reference components for one of the older algorithms: both are
/// validated with that document's own `URI-reference` (`URL-reference`)
/// tables, then split as the document's §5.2 step 1 says, with its
/// Appendix B regular expression. The base needs a scheme; its fragment is
/// ignored.
#[cfg(any(
    feature = "draft-fielding-uri-rfc2396bis-01",
    feature = "rfc2396",
    feature = "draft-fielding-url-syntax-05"
))]
pub(super) fn parts_older<'a>(
    algorithm: Algorithm,
    base: &'a str,
    reference: &'a str,
) -> Result<[Comps<'a>; 2], ResolveError> {
    validate_older(algorithm, base).map_err(ResolveError::InvalidBase)?;
    validate_older(algorithm, reference).map_err(ResolveError::InvalidReference)?;
    let mut b = split_appendix_b(base);
    let r = split_appendix_b(reference);
    if b.scheme.is_none() {
        return Err(ResolveError::BaseWithoutScheme);
    }
    b.fragment = None;
    Ok([b, r])
}

/// Whether `input` is a reference under the grammar of `algorithm`'s
/// document (`rfc2396`, `draft-fielding-url-syntax-05` or
/// `draft-fielding-uri-rfc2396bis-01`).
///
/// One exception, for RFC 2396: its `relativeURI` needs a non-empty path,
/// yet §5.2 step 2 and Appendix C resolve `?y` (a query with an empty
/// path). A reference that starts with `?` is therefore accepted when `x`
/// followed by it is a valid `URI-reference` (`x` is a one-segment
/// `rel_path`), i.e. exactly when its query and fragment are valid. See
/// `grammar/README.md` (rfc2396).
#[cfg(any(
    feature = "draft-fielding-uri-rfc2396bis-01",
    feature = "rfc2396",
    feature = "draft-fielding-url-syntax-05"
))]
pub(super) fn validate_older(algorithm: Algorithm, input: &str) -> Result<(), Error> {
    match algorithm {
        #[cfg(feature = "rfc2396")]
        Algorithm::Rfc2396 => {
            let t = &crate::rfc2396::tables::URI_REFERENCE;
            match uridfa_runtime::validate(t, input.as_bytes()) {
                Ok(()) => Ok(()),
                Err(e) if input.starts_with('?') => {
                    let mut regs = [0usize; crate::rfc2396::tables::REG_LEN];
                    let with_segment =
                        uridfa_runtime::Machine::new(t, &mut regs).and_then(|mut m| {
                            m.feed(b"x")?;
                            m.feed(input.as_bytes())?;
                            m.finish()
                        });
                    with_segment.map_err(|_| Error::new(e, t))
                }
                Err(e) => Err(Error::new(e, t)),
            }
        }
        #[cfg(feature = "draft-fielding-url-syntax-05")]
        Algorithm::UrlSyntax05 => {
            let t = &crate::draft_fielding_url_syntax_05::tables::URL_REFERENCE;
            uridfa_runtime::validate(t, input.as_bytes()).map_err(|e| Error::new(e, t))
        }
        #[cfg(feature = "draft-fielding-uri-rfc2396bis-01")]
        Algorithm::Rfc2396bis01 => {
            let t = &crate::draft_fielding_uri_rfc2396bis_01::tables::URI_REFERENCE;
            uridfa_runtime::validate(t, input.as_bytes()).map_err(|e| Error::new(e, t))
        }
        // Not an older algorithm (`parts_rfc3986` reads these), but the
        // answer is still that of its document's grammar.
        Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict => {
            let t = &crate::rfc3986::tables::URI_REFERENCE;
            uridfa_runtime::validate(t, input.as_bytes()).map_err(|e| Error::new(e, t))
        }
    }
}
