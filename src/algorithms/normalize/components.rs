//! The components of a reference as the normal form needs them: parsed
//! with the syntax's own tables, the authority split into userinfo, host
//! and port, and which bytes of the host the `case` step folds.

use super::options::NormalizeError;
use super::rewrite::{Mode, Rewrite};

/// How the host is case-folded by the `case` step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HostCase {
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
pub(crate) struct Auth<'a> {
    pub(crate) userinfo: Option<&'a str>,
    pub(crate) host: &'a str,
    pub(crate) host_case: HostCase,
    pub(crate) port: Option<&'a str>,
}

/// How one grammar's normal form is written: the grammar's part of
/// normalization besides reading (Note [algorithms over grammars]).
#[derive(Debug)]
pub(crate) struct NormalizeFacts {
    /// The octets of the grammar's `unreserved` besides `ALPHA` and
    /// `DIGIT` (`tests/normalize_spec.rs` checks them against the grammar
    /// files).
    pub(crate) marks: &'static [u8],
    /// `..` above the root is kept (2396bis-01 merge step 7), not dropped.
    pub(crate) keep_dots_above_root: bool,
}

/// RFC 3986's (also RFC 3987's and RFC 6874's): §2.3's `unreserved =
/// ALPHA / DIGIT / "-" / "." / "_" / "~"`, and `..` above the root removed
/// (§5.2.4).
pub(crate) const RFC3986_FACTS: NormalizeFacts = NormalizeFacts {
    marks: b"-._~",
    keep_dots_above_root: false,
};

/// A reference, split by its grammar.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Comps<'a> {
    pub(crate) scheme: Option<&'a str>,
    pub(crate) auth: Option<Auth<'a>>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
    /// The authority a kept-case `reg-name` becomes once its unreserved
    /// octets are decoded, where the grammar tells a `server` from a
    /// `reg-name` (2396bis-01, [`decoded_server`]); the `pct` step uses it.
    pub(crate) server: Option<Auth<'a>>,
}

/// The components of a view of the RFC 3986 family (`rfc3986`, `rfc3987`,
/// `rfc6874`), found by the names those grammars give them; `zone(host)`
/// is where the host's case-folded part ends. The reader of those
/// grammars, which each module calls in its `Reads` impl (Note [algorithms
/// over grammars]).
pub(crate) fn read_generic<'a, V: crate::View<'a>>(
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
        scheme: r.get(scheme),
        auth,
        path: r.get(path).unwrap_or(""),
        query: r.get(query),
        fragment: r.get(fragment),
        server: None,
    })
}

/// A `reg-name` authority whose `%XX` of unreserved octets (`marks`
/// besides letters and digits), decoded, make it a `server` of the
/// grammar (2396bis-01: `//H%41:21` is `//HA:21`): split as that server,
/// so that the `case` step folds its host and the `scheme` step sees its
/// port, as they will when the normal form is normalized again. `tables`
/// is the grammar's `URI-reference` (registers `R`, captures `C`) and
/// `server` its `server` capture. Decoding creates no `@`, `:`, `[` or
/// `]`, so the server's delimiters are those of the raw text.
pub(crate) fn decoded_server<'r, const R: usize, const C: usize>(
    tables: &'static uridfa_runtime::Tables<'static>,
    server: usize,
    marks: &'static [u8],
    raw: &'r str,
) -> Option<Auth<'r>> {
    if !crate::cut::contains(raw, b'%') {
        return None;
    }
    let mut regs = [0usize; R];
    let mut m = uridfa_runtime::Machine::new(tables, &mut regs).ok()?;
    m.feed(b"//").ok()?;
    let decode = Mode {
        marks,
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
    let mut spans = [None; C];
    m.finish_split(&mut spans).ok()?;
    spans.get(server).copied().flatten()?;
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
