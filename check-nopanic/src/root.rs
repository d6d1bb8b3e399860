//! The root crate's `#[no_panic]` wrappers (split from `main.rs` to keep
//! files short): views, decoded iterators, IRI mapping, resolution,
//! normalization, URN forms and the builders. `main` calls each.

#[cfg_attr(feature = "unguarded", allow(unused_imports))]
use no_panic::no_panic;
#[allow(unused_imports)]
use uridfa::prelude::*;
#[allow(unused_imports)]
use uridfa_runtime::Tables;

// The root crate's entry points, on any input and
// any buffer length: the typed views (`parse`, `parse_bytes`) of rfc3986,
// rfc3987, rfc8141 and rfc1738, the decoded iterators, `iri::to_uri_into`
// and `iri::to_iri_into`, `resolve_into`
// (every algorithm, every dots policy: `Options` is a parameter),
// `normalize_into` and `equivalent` (every syntax) and both URN normal
// forms. Their slicing at ASCII delimiters goes through `src/cut.rs`.
// Then the builders.

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn view_rfc3986(input: &[u8]) -> Option<(usize, Option<uridfa::rfc3986::HostKind>)> {
    let u = uridfa::rfc3986::UriRef::parse_bytes(input).ok()?;
    Some((u.path().len(), u.host_kind()))
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn view_str_rfc3986(input: &str) -> Option<usize> {
    uridfa::rfc3986::UriRef::parse(input)
        .ok()
        .map(|u| u.as_str().len())
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn view_rfc3987(input: &[u8]) -> Option<usize> {
    uridfa::rfc3987::IriRef::parse_bytes(input)
        .ok()
        .map(|u| u.path().len())
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn view_rfc8141(input: &[u8]) -> Option<usize> {
    uridfa::rfc8141::Urn::parse_bytes(input)
        .ok()
        .map(|u| u.nss().len())
}

/// RFC 6068's lists (Note [repeated captures]): every address and header
/// field, each address's own parts, through the walk over list items.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn view_rfc6068_lists(input: &[u8]) -> Option<usize> {
    let m = uridfa::rfc6068::MailtoUri::parse_bytes(input).ok()?;
    let addrs = m
        .addr_specs()
        .map(|a| {
            a.local_part()
                .map_or(0, str::len)
                .wrapping_add(a.as_str().len())
        })
        .fold(0usize, usize::wrapping_add);
    let fields = m.hfvalues().map(|v| v.as_str().len()).fold(
        m.domains().fold(0usize, |n, _| n.wrapping_add(1)),
        usize::wrapping_add,
    );
    Some(addrs.wrapping_add(fields))
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn decoded_iterators(path: &str, query: &str) -> usize {
    let segments = uridfa::pct::PathSegments::new(path)
        .map(|s| s.decoded_len())
        .fold(0usize, usize::wrapping_add);
    // With `;` parameters (draft-fielding-url-syntax-05): each segment's
    // name and every param.
    let params = uridfa::pct::PathSegments::split_all(path)
        .with_params()
        .map(|s| {
            s.params()
                .map(|p| p.decoded_len())
                .fold(s.name().decoded_len(), usize::wrapping_add)
        })
        .fold(0usize, usize::wrapping_add);
    let segments = segments.wrapping_add(params);
    let pairs = uridfa::pct::QueryPairs::new(query)
        .map(|(k, v)| {
            k.decoded_len()
                .wrapping_add(v.map_or(0, |v| v.decoded_len()))
        })
        .fold(0usize, usize::wrapping_add);
    // Read as a form (`+` as a space): each name and value.
    let form = uridfa::pct::FormPairs::new(query)
        .map(|(k, v)| k.decoded_len().wrapping_add(v.decoded_len()))
        .fold(0usize, usize::wrapping_add);
    segments.wrapping_add(pairs).wrapping_add(form)
}

// The builders (uridfa::builder): every setter and `build_into`, on any
// components and any buffer length, and `to_builder` from a parsed view.

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn builder_rfc3986(
    c: [Option<&str>; 7],
    out: &mut [u8],
) -> Result<usize, uridfa::builder::BuildError> {
    let [scheme, userinfo, host, port, path, query, fragment] = c;
    uridfa::rfc3986::Builder::new()
        .scheme(scheme)?
        .userinfo(userinfo)?
        .host(host)?
        .port(port)?
        .path(path.unwrap_or(""))?
        .query(query)?
        .fragment(fragment)?
        .build_into(out)
}

/// The `*_encoded` setters: raw text encoded into borrowed scratch.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn builder_encoded_rfc3986(
    raw: &str,
    scratch: &mut [u8],
    out: &mut [u8],
) -> Result<usize, uridfa::builder::BuildError> {
    let (a, rest) = scratch.split_at_mut(scratch.len() / 2);
    let (b, rest) = rest.split_at_mut(rest.len() / 2);
    let (c, d) = rest.split_at_mut(rest.len() / 2);
    uridfa::rfc3986::Builder::new()
        .scheme("s")?
        .host("h")?
        .userinfo_encoded(raw, a)?
        .path_encoded(raw, b)?
        .query_encoded(raw, c)?
        .fragment_encoded(raw, d)?
        .build_into(out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn builder_rfc3987(
    c: [Option<&str>; 7],
    port: u16,
    out: &mut [u8],
) -> Result<usize, uridfa::builder::BuildError> {
    let [scheme, userinfo, host, _, path, query, fragment] = c;
    uridfa::rfc3987::Builder::new()
        .scheme(scheme)?
        .userinfo(userinfo)?
        .host(host)?
        .port_u16(port)
        .path(path.unwrap_or(""))?
        .query(query)?
        .fragment(fragment)?
        .build_into(out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn builder_rfc8141(
    c: [Option<&str>; 5],
    out: &mut [u8],
) -> Result<usize, uridfa::builder::BuildError> {
    let [nid, nss, r, q, f] = c;
    let b = uridfa::rfc8141::Builder::new(nid.unwrap_or(""), nss.unwrap_or(""))?
        .r_component(r)?
        .q_component(q)?
        .f_component(f)?;
    Ok(b.build_into(out)?)
}

// The builders that parse their text back (`uridfa::builder::PartsBuilder`):
// every setter and `build_into` of rfc2396 (with a reg-name), url-syntax-05
// and rfc1738, and `to_builder` from their views.

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn builder_rfc2396(
    c: [Option<&str>; 7],
    reg_name: Option<&str>,
    out: &mut [u8],
) -> Result<usize, uridfa::builder::BuildError> {
    let [scheme, userinfo, host, port, path, query, fragment] = c;
    uridfa::rfc2396::Builder::new()
        .scheme(scheme)?
        .userinfo(userinfo)?
        .host(host)?
        .port(port)?
        .reg_name(reg_name)?
        .path(path.unwrap_or(""))?
        .query(query)?
        .fragment(fragment)?
        .build_into(out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn builder_url_syntax_05(
    c: [Option<&str>; 7],
    port: u16,
    out: &mut [u8],
) -> Result<usize, uridfa::builder::BuildError> {
    let [scheme, user, password, host, path, query, fragment] = c;
    uridfa::draft_fielding_url_syntax_05::Builder::new()
        .scheme(scheme)?
        .user(user)?
        .password(password)?
        .host(host)?
        .port_u16(port)
        .path(path.unwrap_or(""))?
        .query(query)?
        .fragment(fragment)?
        .build_into(out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn builder_rfc1738(
    c: [Option<&str>; 6],
    out: &mut [u8],
) -> Result<usize, uridfa::builder::BuildError> {
    let [scheme, user, password, host, port, path] = c;
    uridfa::rfc1738::Builder::new(scheme.unwrap_or(""), host.unwrap_or(""))?
        .user(user)?
        .password(password)?
        .port(port)?
        .path(path)?
        .build_into(out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn to_builder_parts(input: &[u8], out: &mut [u8]) -> [Option<usize>; 3] {
    let a = uridfa::draft_fielding_uri_rfc2396bis_01::UriRef::parse_bytes(input)
        .ok()
        .and_then(|u| u.to_builder().query(Some("q")).ok()?.build_into(out).ok());
    let b = uridfa::draft_ietf_uri_url_06::Url::parse_bytes(input)
        .ok()
        .and_then(|u| u.to_builder()?.port(Some("1")).ok()?.build_into(out).ok());
    let c = uridfa::draft_fielding_url_syntax_05::UrlRef::parse_bytes(input)
        .ok()
        .and_then(|u| {
            u.to_builder()
                .fragment(Some("f"))
                .ok()?
                .build_into(out)
                .ok()
        });
    [a, b, c]
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn to_builder_rfc3986(input: &[u8], out: &mut [u8]) -> Option<usize> {
    let u = uridfa::rfc3986::UriRef::parse_bytes(input).ok()?;
    u.to_builder().query(Some("q")).ok()?.build_into(out).ok()
}

// `to_builder` from the URN views, which reads the components by name.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn to_builder_urn(input: &[u8], out: &mut [u8]) -> [Option<usize>; 2] {
    let a = uridfa::rfc8141::Urn::parse_bytes(input).ok().and_then(|u| {
        u.to_builder()
            .f_component(Some("f"))
            .ok()?
            .build_into(out)
            .ok()
    });
    let b = uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef::parse_bytes(input)
        .ok()
        .and_then(|u| u.to_builder().query(None).ok()?.build_into(out).ok());
    [a, b]
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn iri_to_uri_into(
    input: &str,
    out: &mut [u8],
) -> Result<usize, uridfa::BufferTooSmall> {
    uridfa::iri::to_uri_into(input, out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn iri_to_iri_into(
    input: &str,
    out: &mut [u8],
) -> Result<usize, uridfa::BufferTooSmall> {
    uridfa::iri::to_iri_into(input, out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn view_rfc1738(input: &[u8]) -> bool {
    uridfa::rfc1738::Url::parse_bytes(input).is_ok()
}

/// The reference view of each remaining grammar: whether it parses and the
/// length of one component, so the accessors are linked too.
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn views_other(input: &[u8]) -> [Option<usize>; 6] {
    use uridfa::*;
    [
        rfc6874::UriRef::parse_bytes(input)
            .ok()
            .map(|u| u.host().map_or(0, str::len)),
        rfc2396::UriRef::parse_bytes(input)
            .ok()
            .map(|u| u.as_str().len()),
        draft_fielding_url_syntax_05::UrlRef::parse_bytes(input)
            .ok()
            .map(|u| u.as_str().len()),
        draft_fielding_uri_rfc2396bis_01::UriRef::parse_bytes(input)
            .ok()
            .map(|u| u.as_str().len()),
        draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef::parse_bytes(input)
            .ok()
            .map(|u| u.as_str().len()),
        draft_ietf_uri_url_06::Url::parse_bytes(input)
            .ok()
            .map(|u| u.as_str().len()),
    ]
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn resolve_into_any(
    base: &str,
    reference: &str,
    options: uridfa::resolve::Options,
    out: &mut [u8],
) -> Result<usize, uridfa::resolve::ResolveError> {
    uridfa::resolve::resolve_into(base, reference, options, out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn make_relative_into_any(
    base: &str,
    target: &str,
    syntax: uridfa::resolve::Syntax,
    out: &mut [u8],
) -> Result<usize, uridfa::resolve::ResolveError> {
    uridfa::resolve::make_relative_into(base, target, syntax, out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn normalize_into_any(
    syntax: uridfa::normalize::Syntax,
    input: &str,
    out: &mut [u8],
) -> Result<usize, uridfa::normalize::NormalizeError> {
    syntax.normalize_into(input, uridfa::normalize::Steps::ALL, out)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn equivalent_any(
    syntax: uridfa::normalize::Syntax,
    a: &str,
    b: &str,
) -> Result<bool, uridfa::normalize::NormalizeError> {
    syntax.equivalent(a, b, uridfa::normalize::Steps::ALL)
}

#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn urn_normal_forms(input: &[u8], out: &mut [u8]) -> (Option<usize>, Option<usize>) {
    use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::{Step5, UrnRef};
    let a = uridfa::rfc8141::Urn::parse_bytes(input)
        .ok()
        .and_then(|u| u.normalize_into(out).ok());
    let b = UrnRef::parse_bytes(input)
        .ok()
        .and_then(|u| u.normalize_into(Step5::ReorderDirectives, out).ok());
    (a, b)
}

/// The negative control: an unchecked index into a slice of unknown length.
/// Built only with `--features negative-control`, where the link must fail
/// with `ERROR[no-panic]: detected panic in function `negative_control``.
#[cfg(feature = "negative-control")]
#[cfg_attr(not(feature = "unguarded"), no_panic)]
#[inline(never)]
pub(crate) fn negative_control(t: &Tables<'_>, i: usize) -> u8 {
    t.classes[..][i % 512]
}
