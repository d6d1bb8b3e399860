//! The components of a reference as the normal form needs them: parsed
//! with the syntax's own tables, the authority split into userinfo, host
//! and port, and which bytes of the host the `case` step folds.

use super::rewrite::{hex_val, Mode, Rewrite};
use super::{NormalizeError, Syntax};

/// How the host is case-folded by the `case` step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HostCase {
    /// Lower case (ASCII) in `from..to` of the host: all of it, or up to
    /// the start of an RFC 6874 zone ID (whose case is kept), or the host
    /// part of a 2396bis-01 `reg-name` that becomes a `server` once
    /// decoded.
    Lower(usize, usize),
    /// Kept (a 2396bis-01 `reg-name` authority).
    Keep,
}

/// An authority, split.
#[derive(Clone, Copy, Debug)]
pub(super) struct Auth<'a> {
    pub(super) userinfo: Option<&'a str>,
    pub(super) host: &'a str,
    pub(super) host_case: HostCase,
    pub(super) port: Option<&'a str>,
}

/// A reference, split by its grammar.
#[derive(Clone, Copy, Debug)]
pub(super) struct Comps<'a> {
    pub(super) syntax: Syntax,
    pub(super) scheme: Option<&'a str>,
    pub(super) auth: Option<Auth<'a>>,
    pub(super) path: &'a str,
    pub(super) query: Option<&'a str>,
    pub(super) fragment: Option<&'a str>,
}

impl<'a> Comps<'a> {
    pub(super) fn parse(syntax: Syntax, input: &'a str) -> Result<Comps<'a>, NormalizeError> {
        let whole = |h: &str| h.len();
        Ok(match syntax {
            Syntax::Rfc3986 => generic(syntax, crate::rfc3986::UriRef::parse(input), whole)?,
            // RFC 3987 §5.3.2.1: "the scheme and US-ASCII only host are
            // case insensitive": a host with non-ASCII characters, written
            // or percent-encoded, keeps its case.
            #[cfg(feature = "rfc3987")]
            Syntax::Rfc3987 => generic(syntax, crate::rfc3987::IriRef::parse(input), |h: &str| {
                let b = h.as_bytes();
                let encoded_non_ascii = b
                    .windows(2)
                    .any(|w| matches!(w, [b'%', d] if hex_val(*d) >= 8));
                if h.is_ascii() && !encoded_non_ascii {
                    h.len()
                } else {
                    0
                }
            })?,
            #[cfg(feature = "rfc6874")]
            Syntax::Rfc6874 => generic(syntax, crate::rfc6874::UriRef::parse(input), |h: &str| {
                // `IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"`
                // with `IPv6addrz = IPv6address "%25" ZoneID`.
                if h.starts_with('[') {
                    // "%" occurs in an IP-literal only before the zone ID.
                    crate::cut::find(h, b'%').unwrap_or(h.len())
                } else {
                    h.len()
                }
            })?,
            #[cfg(feature = "draft-fielding-uri-rfc2396bis-01")]
            Syntax::Rfc2396bis01 => {
                use crate::draft_fielding_uri_rfc2396bis_01::{
                    AuthorityKind, Rfc2396bis01Ref, UriRef,
                };
                let r = UriRef::parse(input).map_err(NormalizeError::Invalid)?;
                let auth = r.authority().map(|a| match r.authority_kind() {
                    Some(AuthorityKind::RegName) => Auth {
                        userinfo: None,
                        host: a,
                        host_case: HostCase::Keep,
                        port: None,
                    },
                    _ => {
                        let host = r.host().unwrap_or("");
                        Auth {
                            userinfo: r.userinfo(),
                            host,
                            host_case: HostCase::Lower(0, host.len()),
                            port: r.port(),
                        }
                    }
                });
                Comps {
                    syntax,
                    scheme: r.scheme(),
                    auth,
                    path: r.path(),
                    query: r.query(),
                    fragment: r.fragment(),
                }
            }
        })
    }
}

/// The components of a view of the RFC 3986 family (`rfc3986`, `rfc3987`,
/// `rfc6874`), found by the names those grammars give them; `zone(host)`
/// is where the host's case-folded part ends.
fn generic<'a, V: crate::View<'a>>(
    syntax: Syntax,
    r: Result<V, crate::Error>,
    zone: impl Fn(&str) -> usize,
) -> Result<Comps<'a>, NormalizeError> {
    use crate::view::first_of;
    let r = r.map_err(NormalizeError::Invalid)?;
    let [scheme, authority, userinfo, host, port, path, query, fragment] = const {
        let c = V::CAPTURES;
        [
            first_of(c, &["scheme"]),
            first_of(c, &["authority", "iauthority"]),
            first_of(c, &["userinfo", "iuserinfo"]),
            first_of(c, &["host", "ihost"]),
            first_of(c, &["port"]),
            first_of(c, &["path", "ipath"]),
            first_of(c, &["query", "iquery"]),
            first_of(c, &["fragment", "ifragment"]),
        ]
    };
    let auth = r.get(authority).map(|_| {
        let host = r.get(host).unwrap_or("");
        Auth {
            userinfo: r.get(userinfo),
            host,
            host_case: HostCase::Lower(0, zone(host)),
            port: r.get(port),
        }
    });
    Ok(Comps {
        syntax,
        scheme: r.get(scheme),
        auth,
        path: r.get(path).unwrap_or(""),
        query: r.get(query),
        fragment: r.get(fragment),
    })
}

/// A 2396bis-01 `reg-name` authority whose `%XX` of unreserved octets,
/// decoded, make it a `server` (`//H%41:21` is `//HA:21`): split as that
/// server, so that the `case` step folds its host and the `scheme` step
/// sees its port, as they will when the normal form is normalized again.
/// Decoding creates no `@`, `:`, `[` or `]`, so the server's delimiters
/// are those of the raw text.
#[cfg(feature = "draft-fielding-uri-rfc2396bis-01")]
pub(super) fn decoded_server(raw: &str) -> Option<Auth<'_>> {
    use crate::draft_fielding_uri_rfc2396bis_01::tables as t;
    if !crate::cut::contains(raw, b'%') {
        return None;
    }
    let mut regs = [0usize; t::REG_LEN];
    let mut m = uridfa_runtime::Machine::new(&t::URI_REFERENCE, &mut regs).ok()?;
    m.feed(b"//").ok()?;
    let decode = Mode {
        syntax: Syntax::Rfc2396bis01,
        lower: (0, 0),
        upper_hex: false,
        decode: true,
    };
    let mut chunk = [0u8; 64];
    let mut n = 0;
    for b in Rewrite::new(raw, decode) {
        if n == chunk.len() {
            m.feed(&chunk).ok()?;
            n = 0;
        }
        if let Some(slot) = chunk.get_mut(n) {
            *slot = b;
            n = n.saturating_add(1);
        }
    }
    m.feed(chunk.get(..n)?).ok()?;
    let mut spans = [None; t::CAPTURE_LEN];
    m.finish_split(&mut spans).ok()?;
    spans.get(t::SERVER).copied().flatten()?;
    let (userinfo, hostport) = match crate::cut::rsplit_once(raw, b'@') {
        Some((userinfo, hostport)) => (Some(userinfo), hostport),
        None => (None, raw),
    };
    let (host, port) = match crate::cut::split_once(hostport, b':') {
        Some((host, port)) => (host, Some(port)),
        None => (hostport, None),
    };
    Some(Auth {
        userinfo,
        host,
        host_case: HostCase::Lower(0, host.len()),
        port,
    })
}
