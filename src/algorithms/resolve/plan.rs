//! The five algorithms: each turns the base's and the reference's
//! components into a target plan ([`Target`]) whose path is still to be
//! merged and dot-normalized (src/algorithms/resolve/dots.rs).

use super::components::Comps;
use super::dots::Pieces;

// The algorithms: each turns (base, reference) into a target plan.

/// How the target path is obtained.
#[derive(Clone, Copy, Debug)]
pub(super) enum PathPlan<'a> {
    /// Copied as is.
    Verbatim(&'a str),
    /// RFC 3986 §5.2.4 remove_dot_segments over the concatenation.
    RemoveDotSegments(Pieces<'a>),
    /// RFC 2396 step 6c–g (= draft 05 d–g, 2396bis-01 merge 3–7) over the
    /// concatenation.
    StringBuffer(Pieces<'a>),
    /// Either of the two on a concatenation without dot segments, where
    /// both are the identity.
    Plain(Pieces<'a>),
}

/// The target before recomposition (§5.3 / step 7).
#[derive(Clone, Copy, Debug)]
pub(super) struct Target<'a> {
    pub(super) scheme: Option<&'a str>,
    pub(super) authority: Option<&'a str>,
    pub(super) path: PathPlan<'a>,
    pub(super) query: Option<&'a str>,
    pub(super) fragment: Option<&'a str>,
}

/// "All but the last segment of the base URI's path component ... any
/// characters after the last (right-most) slash character, if any, are
/// excluded."
pub(super) fn directory(path: &str) -> &str {
    match path.bytes().rposition(|c| c == b'/') {
        Some(i) => crate::cut::through(path, i),
        None => "",
    }
}

pub(super) fn scheme_eq(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        // Schemes are case-insensitive (RFC 3986 §3.1, RFC 2396 §3.1).
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => false,
    }
}

/// The base as the current document: all of it but its fragment.
pub(super) fn current_document<'a>(b: Comps<'a>, fragment: Option<&'a str>) -> Target<'a> {
    Target {
        scheme: b.scheme,
        authority: b.authority,
        path: PathPlan::Verbatim(b.path),
        query: b.query,
        fragment,
    }
}

/// RFC 3986 §5.2.2 (with §5.2.3 merge).
pub(super) fn plan_rfc3986<'a>(b: Comps<'a>, mut r: Comps<'a>, strict: bool) -> Target<'a> {
    // -- A non-strict parser may ignore a scheme in the reference
    // -- if it is identical to the base URI's scheme.
    if !strict && scheme_eq(r.scheme, b.scheme) {
        r.scheme = None;
    }
    let dots = |p: &'a str| PathPlan::RemoveDotSegments(Pieces::new(["", p, "", ""]));
    if r.scheme.is_some() {
        return Target {
            scheme: r.scheme,
            authority: r.authority,
            path: dots(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    }
    let (path, query) = if r.authority.is_some() {
        return Target {
            scheme: b.scheme,
            authority: r.authority,
            path: dots(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    } else if r.path.is_empty() {
        (PathPlan::Verbatim(b.path), r.query.or(b.query))
    } else if r.path.starts_with('/') {
        (dots(r.path), r.query)
    } else {
        // §5.2.3: "/" + reference path if the base has an authority and
        // an empty path; else the base path up to its last "/".
        let head = if b.authority.is_some() && b.path.is_empty() {
            "/"
        } else {
            directory(b.path)
        };
        (
            PathPlan::RemoveDotSegments(Pieces::new([head, r.path, "", ""])),
            r.query,
        )
    };
    Target {
        scheme: b.scheme,
        authority: b.authority,
        path,
        query,
        fragment: r.fragment,
    }
}

/// draft-fielding-uri-rfc2396bis-01 §5.2 pseudocode.
pub(super) fn plan_2396bis01<'a>(b: Comps<'a>, mut r: Comps<'a>, validating: bool) -> Target<'a> {
    if !validating && scheme_eq(r.scheme, b.scheme) {
        r.scheme = None;
    }
    if r.scheme.is_some() {
        return Target {
            scheme: r.scheme,
            authority: r.authority,
            path: PathPlan::Verbatim(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    }
    if r.authority.is_some() {
        return Target {
            scheme: b.scheme,
            authority: r.authority,
            path: PathPlan::Verbatim(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    }
    let (path, query) = if r.path.is_empty() {
        if r.query.is_some() {
            (PathPlan::Verbatim(b.path), r.query)
        } else {
            // -- An empty reference refers to the current document
            return current_document(b, r.fragment);
        }
    } else if r.path.starts_with('/') {
        (PathPlan::Verbatim(r.path), r.query)
    } else {
        // Merge step 1: "If the base URI's path component is the empty
        // string, then a single slash character ("/") is copied".
        let head = if b.path.is_empty() {
            "/"
        } else {
            directory(b.path)
        };
        (
            PathPlan::StringBuffer(Pieces::new([head, r.path, "", ""])),
            r.query,
        )
    };
    Target {
        scheme: b.scheme,
        authority: b.authority,
        path,
        query,
        fragment: r.fragment,
    }
}

/// RFC 2396 §5.2 (`query_in_buffer` false) and draft 05 §5.2 (true: step
/// 6c appends "?" and the query to the buffer before dot removal).
pub(super) fn plan_2396<'a>(b: Comps<'a>, r: Comps<'a>, query_in_buffer: bool) -> Target<'a> {
    // Step 2: empty path, scheme, authority and query undefined.
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        return current_document(b, r.fragment);
    }
    // Step 3.
    if r.scheme.is_some() {
        return Target {
            scheme: r.scheme,
            authority: r.authority,
            path: PathPlan::Verbatim(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    }
    // Steps 4 and 5.
    let (path, query) = if r.authority.is_some() {
        return Target {
            scheme: b.scheme,
            authority: r.authority,
            path: PathPlan::Verbatim(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    } else if r.path.starts_with('/') {
        (PathPlan::Verbatim(r.path), r.query)
    } else if query_in_buffer {
        // Draft 05 step 6a–c; h and i split the buffer at its first "?",
        // and step 7 joins them again with "?": the buffer is the output.
        let pieces = match r.query {
            Some(q) => [directory(b.path), r.path, "?", q],
            None => [directory(b.path), r.path, "", ""],
        };
        (PathPlan::StringBuffer(Pieces::new(pieces)), None)
    } else {
        // RFC 2396 step 6a–b.
        let pieces = [directory(b.path), r.path, "", ""];
        (PathPlan::StringBuffer(Pieces::new(pieces)), r.query)
    };
    Target {
        scheme: b.scheme,
        authority: b.authority,
        path,
        query,
        fragment: r.fragment,
    }
}
