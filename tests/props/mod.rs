//! The properties of resolution that hold for every base and reference
//! ("resolution never invents an authority"),
//! shared by `tests/resolve_props.rs` (generated pairs) and the fuzz
//! target `fuzz/fuzz_targets/resolve_normalize.rs` (any bytes).
//!
//! For one algorithm and `Dots` policy, a resolved target:
//! 1. parses under the algorithm's own grammar, with a scheme;
//! 2. has, read back with Appendix B's regular expression (written here
//!    independently of the library), the reference's or the base's
//!    authority, or none when both lack one; the one exception is the
//!    documented RFC 2396 / draft 05 step 6a case (base with an authority
//!    and an empty path, relative-path reference), checked literally;
//! 3. is `equivalent` to its own normal form, which has an authority
//!    exactly when the target has one.

#![allow(dead_code)]

use uridfa::normalize::{NormalizeError, Steps, Syntax};
use uridfa::resolve::{resolve_into, Algorithm, Dots, Options, ResolveError};

/// What one (base, reference, options) gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Resolved; the properties held.
    Resolved,
    /// Resolved in the step 6a case, checked literally.
    Step6a,
    /// Resolved against an RFC 2396 or 2396bis-01 base unsuitable for
    /// relative references: the target is unspecified, no property is
    /// asserted.
    UnsuitableBase,
    /// Resolved by RFC 2396 or draft 05 into a reference that
    /// 2396bis-01's grammar, the one normalization reads for them, does
    /// not accept (draft 05's scheme may start with a digit): properties 1
    /// and 2 held, 3 does not apply.
    OutsideNormalizeSyntax,
    /// An error (invalid input, `Dots::Error`, `KeepUnsupported`).
    Rejected(ResolveError),
    /// A property failed: what and where.
    Failed(String),
}

/// Resolves into a fresh buffer sized by the first attempt.
pub fn res(base: &str, r: &str, o: Options) -> Result<String, ResolveError> {
    let mut buf = vec![0u8; base.len() + r.len() + 8];
    let n = match resolve_into(base, r, o, &mut buf) {
        Err(ResolveError::BufferTooSmall(uridfa::BufferTooSmall { needed })) => {
            buf = vec![0u8; needed];
            resolve_into(base, r, o, &mut buf)?
        }
        other => other?,
    };
    Ok(String::from_utf8(buf[..n].to_vec()).expect("UTF-8"))
}

/// Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`,
/// written out with `str` methods: (scheme, authority, path).
pub fn appendix_b(s: &str) -> (Option<&str>, Option<&str>, &str) {
    let s = s.split('#').next().unwrap_or("");
    let s = s.split('?').next().unwrap_or("");
    let (scheme, rest) = match s.find([':', '/']) {
        Some(i) if i > 0 && s[i..].starts_with(':') => (Some(&s[..i]), &s[i + 1..]),
        _ => (None, s),
    };
    match rest.strip_prefix("//") {
        Some(a) => {
            let end = a.find('/').unwrap_or(a.len());
            (scheme, Some(&a[..end]), &a[end..])
        }
        None => (scheme, None, rest),
    }
}

/// Whether `t` is a reference under `a`'s own grammar.
pub fn parses(a: Algorithm, t: &str) -> bool {
    match a {
        Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict => uridfa::rfc3986::Uri::parse(t).is_ok(),
        Algorithm::Rfc2396bis01 => {
            uridfa::draft_fielding_uri_rfc2396bis_01::UriRef::parse(t).is_ok()
        }
        Algorithm::Rfc2396 => uridfa::rfc2396::UriRef::parse(t).is_ok(),
        Algorithm::UrlSyntax05 => uridfa::draft_fielding_url_syntax_05::UrlRef::parse(t).is_ok(),
        // `Algorithm` is non-exhaustive (its variants follow the cargo
        // features); the tests build with every grammar.
        other => panic!("no grammar for {other}"),
    }
}

/// RFC 2396 / draft 05 §5.2 step 6a with a base whose path is empty: "all
/// but the last segment of the base URI's path" is nothing, so the
/// reference's path follows the authority directly.
pub fn step_6a_case(a: Algorithm, b: &str, r: &str) -> bool {
    let (_, ba, bp) = appendix_b(b);
    let (rs, ra, rp) = appendix_b(r);
    // Draft 05's step 6c appends "?" and the query to the buffer, so a
    // query-only reference (`?y`) lands after the authority too.
    let query_only_05 = a == Algorithm::UrlSyntax05
        && rp.is_empty()
        && r.split('#').next().is_some_and(|s| s.contains('?'));
    matches!(a, Algorithm::Rfc2396 | Algorithm::UrlSyntax05)
        && ba.is_some()
        && bp.is_empty()
        && rs.is_none()
        && ra.is_none()
        && ((!rp.is_empty() && !rp.starts_with('/')) || query_only_05)
}

/// RFC 2396 §5 and 2396bis-01 §5 (the same words): "Documents can only
/// make use of a relative URI when their base URI fits within the
/// [hier_part] syntax ... a relative URI cannot be used within a document
/// that has an unsuitable base URI." An opaque base (`a:.././c`, no
/// authority and a path that does not start with `/`) with a relative
/// reference has no specified target (the steps as written can give `a:`,
/// which no RFC 2396 rule accepts, or move `[`, allowed in 2396bis-01's
/// opaque part, into a path).
pub fn unsuitable_base(a: Algorithm, b: &str, r: &str) -> bool {
    let (_, ba, bp) = appendix_b(b);
    let (rs, _, _) = appendix_b(r);
    matches!(a, Algorithm::Rfc2396 | Algorithm::Rfc2396bis01)
        && ba.is_none()
        && !bp.starts_with('/')
        && rs.is_none()
}

/// Checks the properties for `base` + `reference` under `o`.
pub fn check(base: &str, reference: &str, o: Options) -> Outcome {
    let (a, dots) = (o.algorithm, o.dots);
    let t = match res(base, reference, o) {
        Ok(t) => t,
        Err(ResolveError::KeepUnsupported)
            if !(matches!(a, Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict)
                && dots == Dots::Keep) =>
        {
            return Outcome::Failed(format!("{a} --dots {}: KeepUnsupported", dots.name()));
        }
        Err(e) => return Outcome::Rejected(e),
    };
    let case = format!(
        "{a} --dots {}: {base:?} + {reference:?} = {t:?}",
        dots.name()
    );
    let mut outcome = Outcome::Resolved;
    // The target is unspecified: no property applies.
    if unsuitable_base(a, base, reference) {
        return Outcome::UnsuitableBase;
    }
    // 1. It parses under its grammar, with a scheme.
    if !parses(a, &t) {
        return Outcome::Failed(format!("{case}: not a reference of its grammar"));
    }
    let (ts, ta, _) = appendix_b(&t);
    if ts.is_none() {
        return Outcome::Failed(format!("{case}: no scheme"));
    }
    // 2. Its authority comes from the base or the reference.
    let (bs, ba, _) = appendix_b(base);
    let (_, ra, _) = appendix_b(reference);
    if step_6a_case(a, base, reference) {
        let head = format!("{}://{}", bs.unwrap_or(""), ba.unwrap_or(""));
        if !t.starts_with(&head) {
            return Outcome::Failed(format!("{case}: step 6a: does not start with {head:?}"));
        }
        outcome = Outcome::Step6a;
    } else if !(ta == ba || ta == ra) {
        return Outcome::Failed(format!(
            "{case}: authority {ta:?}, base has {ba:?}, reference {ra:?}"
        ));
    }
    // 3. Equivalent to its own normal form.
    let syntax = match a {
        Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict => Syntax::Rfc3986,
        _ => Syntax::Rfc2396bis01,
    };
    let mut norm = vec![0u8; 2 * t.len() + 16];
    match syntax.normalize_into(&t, Steps::ALL, &mut norm) {
        Ok(n) => {
            let nf = std::str::from_utf8(&norm[..n]).expect("UTF-8");
            match syntax.equivalent(&t, nf, Steps::ALL) {
                Ok(true) => {}
                other => {
                    return Outcome::Failed(format!(
                        "{case}: not equivalent to its normal form {nf:?}: {other:?}"
                    ))
                }
            }
            // Case, percent-encoding and default ports may change inside
            // the authority; whether there is one may not.
            let (_, na, _) = appendix_b(nf);
            if na.is_some() != ta.is_some() {
                return Outcome::Failed(format!("{case}: normal form {nf:?} has authority {na:?}"));
            }
        }
        Err(NormalizeError::Invalid(_))
            if matches!(a, Algorithm::Rfc2396 | Algorithm::UrlSyntax05) =>
        {
            return Outcome::OutsideNormalizeSyntax
        }
        Err(e) => return Outcome::Failed(format!("{case}: does not normalize: {e}")),
    }
    outcome
}
