//! What every builder shares: the component rules, the grammar traits'
//! seal, [`Component`], [`Conflict`], [`BuildError`] and the checks and
//! output buffer the setters and `build` use.

use crate::{BufferTooSmall, Error};
use core::fmt;
use uridfa_runtime::Tables;

/// The component rules of one grammar of the RFC 3986 family, as
/// generated from its `;@ component` pragma.
#[derive(Debug)]
pub struct ComponentRules {
    /// `scheme` (RFC 3986 §3.1).
    pub scheme: &'static Tables<'static>,
    /// `userinfo` / `iuserinfo` (§3.2.1).
    pub userinfo: &'static Tables<'static>,
    /// `host` / `ihost` (§3.2.2).
    pub host: &'static Tables<'static>,
    /// `port` (§3.2.3).
    pub port: &'static Tables<'static>,
    /// `path` / `ipath` (§3.3), the union of the five path rules.
    pub path: &'static Tables<'static>,
    /// `path-abempty`: the path after an authority.
    pub path_abempty: &'static Tables<'static>,
    /// `path-absolute`: a path starting with `/` without an authority.
    pub path_absolute: &'static Tables<'static>,
    /// `path-noscheme`: a relative path without a scheme (§4.2).
    pub path_noscheme: &'static Tables<'static>,
    /// `path-rootless`: a relative path after a scheme.
    pub path_rootless: &'static Tables<'static>,
    /// `query` / `iquery` (§3.4).
    pub query: &'static Tables<'static>,
    /// `fragment` / `ifragment` (§3.5).
    pub fragment: &'static Tables<'static>,
}

impl ComponentRules {
    /// The component rules of grammar `G`, read from its
    /// [`crate::Facts::COMPONENT_RULES`] by RFC 3986's rule names, or RFC
    /// 3987's (the same after `i`), at compile time: a grammar of the
    /// family that lacks one of them does not compile.
    pub(crate) const fn of<G: crate::Facts>() -> ComponentRules {
        let r = G::COMPONENT_RULES;
        ComponentRules {
            scheme: find(r, "scheme"),
            userinfo: find(r, "userinfo"),
            host: find(r, "host"),
            port: find(r, "port"),
            path: find(r, "path"),
            path_abempty: find(r, "path-abempty"),
            path_absolute: find(r, "path-absolute"),
            path_noscheme: find(r, "path-noscheme"),
            path_rootless: find(r, "path-rootless"),
            query: find(r, "query"),
            fragment: find(r, "fragment"),
        }
    }
}

/// The rule named `name`, or `i` then `name` (RFC 3987's names), among
/// `rules`.
const fn find(rules: &'static [&'static Tables<'static>], name: &str) -> &'static Tables<'static> {
    let name = name.as_bytes();
    let mut i = 0;
    while i < rules.len() {
        let rule = rules[i].rule.as_bytes();
        let plain = rule.len() == name.len();
        let iri = rule.len() == name.len() + 1 && rule[0] == b'i';
        if plain || iri {
            let skip = if plain { 0 } else { 1 };
            let mut k = 0;
            while k < name.len() && rule[k + skip] == name[k] {
                k += 1;
            }
            if k == name.len() {
                return rules[i];
            }
        }
        i += 1;
    }
    panic!("a grammar of the RFC 3986 family lacks one of its component rules")
}

mod sealed {
    pub trait Sealed {}
}

/// A grammar of the RFC 3986 family that [`Builder`](super::Builder) can build for:
/// [`crate::rfc3986::Rfc3986`], [`crate::rfc3987::Rfc3987`],
/// [`crate::rfc6874::Rfc6874`]. Sealed.
pub trait GenericSyntax: Sealed + crate::Facts + Copy + fmt::Debug + 'static {
    /// The grammar's `URI-reference` view (`IriRef` for RFC 3987).
    type Ref<'b>: Copy
        + fmt::Debug
        + crate::View<'b>
        + crate::parts::FromTags<'b, Tags = Self::Tags>;
    /// The view's component spans, for `RefBuf` (under `alloc`).
    #[doc(hidden)]
    type Tags: Copy + fmt::Debug + Eq;
    /// The grammar's component tables, read from its
    /// [`crate::Facts::COMPONENT_RULES`] at compile time.
    fn rules() -> &'static ComponentRules {
        const { &ComponentRules::of::<Self>() }
    }
    /// The grammar's encode set for component `c`, for the `*_encoded`
    /// setters: the `;@ encode-set` named as the component
    /// ([`Component::name`]) in the grammar's [`crate::Facts`]; `None`
    /// where it has none.
    fn encode_set_for(c: Component) -> Option<&'static uridfa_runtime::EncodeSet> {
        <Self as crate::Facts>::encode_set(c.name())
    }
    /// Parses `input` as the grammar's reference rule.
    ///
    /// # Errors
    ///
    /// As the view's `parse`.
    fn parse_ref(input: &str) -> Result<Self::Ref<'_>, Error> {
        crate::parts::FromTags::parse_str(input)
    }
}

/// The components of a view of the RFC 3986 family in the order of
/// [`Component`] (`path` always `Some`), found by the names its grammar
/// gives them (`host` or `ihost`, ...).
pub(crate) fn components_of<'a, V: crate::View<'a>>(v: &V) -> [Option<&'a str>; 7] {
    use crate::view::first_of;
    let [scheme, userinfo, host, port, path, query, fragment] = const {
        let c = V::CAPTURES;
        [
            first_of(c, &["scheme"]),
            first_of(c, &["userinfo", "iuserinfo"]),
            first_of(c, &["host", "ihost"]),
            first_of(c, &["port"]),
            first_of(c, &["path", "ipath"]),
            first_of(c, &["query", "iquery"]),
            first_of(c, &["fragment", "ifragment"]),
        ]
    };
    [
        v.get(scheme),
        v.get(userinfo),
        v.get(host),
        v.get(port),
        Some(v.get(path).unwrap_or("")),
        v.get(query),
        v.get(fragment),
    ]
}

pub(crate) use sealed::Sealed;

/// A component of a reference, as RFC 3986 §3 names it, or of a URN, as
/// RFC 8141 §2 names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// `scheme` (§3.1).
    Scheme,
    /// `userinfo` (§3.2.1).
    Userinfo,
    /// `host` (§3.2.2).
    Host,
    /// `port` (§3.2.3).
    Port,
    /// `path` (§3.3).
    Path,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§3.5); the URN draft 03's `fragment`.
    Fragment,
    /// A URN's namespace identifier, `NID` (RFC 8141 §2.1).
    Nid,
    /// A URN's namespace-specific string, `NSS` (RFC 8141 §2.2).
    Nss,
    /// RFC 8141's `r-component` (§2.3.1).
    RComponent,
    /// RFC 8141's `q-component` (§2.3.2); the URN draft 03's `urn-query`
    /// is [`Component::Query`].
    QComponent,
    /// RFC 8141's `f-component` (§2.3.3).
    FComponent,
    /// The `user` of RFC 1738 §3.1's `login` and of draft-fielding-url-syntax-05's
    /// `site` (where RFC 3986 has one `userinfo`).
    User,
    /// The `password` after the user's `:` (RFC 1738 §3.1).
    Password,
    /// A registry-based authority, `reg_name` (RFC 2396 §3.2.1), written
    /// `reg-name` in our grammar files.
    RegName,
}

impl Component {
    /// The component's name in RFC 3986: `"scheme"`, `"path"`, ...
    pub fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
            Component::Nid => "NID",
            Component::Nss => "NSS",
            Component::RComponent => "r-component",
            Component::QComponent => "q-component",
            Component::FComponent => "f-component",
            Component::User => "user",
            Component::Password => "password",
            Component::RegName => "reg-name",
        }
    }
}

/// Components that cannot go together (RFC 3986 §3, §3.3, §4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Conflict {
    /// §3.3: "When authority is present, the path must either be empty or
    /// begin with a slash ("/") character" (`path-abempty`).
    PathAfterAuthority,
    /// §3.3: "When authority is not present, the path cannot begin with
    /// two slash characters ("//")" (`path-absolute`).
    PathStartsWithTwoSlashes,
    /// §4.2: in a relative reference "the first path segment cannot
    /// contain a colon (":") character" (`path-noscheme`).
    ColonInFirstSegment,
    /// §3.2: `authority = [ userinfo "@" ] host [ ":" port ]`: a userinfo
    /// or a port needs a host (possibly empty).
    HostRequired,
    /// RFC 1738 §3.1, `login = [ user [ ":" password ] "@" ] hostport`: a
    /// password needs a user.
    UserRequired,
    /// The grammar's own parser, run over the built text (see
    /// [`PartsBuilder`](super::PartsBuilder)), does not give this component back as given: the
    /// components read together as something else (a path `//x` as an
    /// authority, an opaque part swallowing the query, a `reg_name` that
    /// is also a `server`), or the entry rule refuses the combination.
    NotReadBack,
}

impl Conflict {
    fn text(self) -> &'static str {
        match self {
            Conflict::PathAfterAuthority => {
                "with an authority the path must be empty or start with \"/\" (RFC 3986 §3.3)"
            }
            Conflict::PathStartsWithTwoSlashes => {
                "without an authority the path cannot start with \"//\" (RFC 3986 §3.3)"
            }
            Conflict::ColonInFirstSegment => {
                "without a scheme the first path segment cannot contain \":\" (RFC 3986 §4.2)"
            }
            Conflict::HostRequired => "a userinfo or a port needs a host (RFC 3986 §3.2)",
            Conflict::UserRequired => "a password needs a user (RFC 1738 §3.1)",
            Conflict::NotReadBack => {
                "the grammar's parser does not read the built text back with this component as given"
            }
        }
    }
}

/// Why a [`Builder`](super::Builder) refused. Small and `Copy`; `Display` does not
/// allocate.
///
/// # Example
///
/// ```
/// use uridfa::builder::{BuildError, Component};
/// use uridfa::rfc3986::Builder;
///
/// let err = Builder::new().host("exa mple.com").unwrap_err();
/// assert_eq!(err.component(), Some(Component::Host));
/// assert_eq!(err.offset(), Some(3));
/// assert!(err.to_string().starts_with("invalid host at 3: "));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// The component does not match its own rule; the error's offset is
    /// within the component and [`Error::rule`] names the rule.
    Invalid {
        /// Which component.
        component: Component,
        /// The rule's error, offset within the component.
        error: Error,
    },
    /// Components that cannot go together; `offset` is within
    /// `component` (the path's `:` or second `/`, or 0), `rule` the rule
    /// the context calls for (`path-abempty`, ...).
    Conflict {
        /// The component that does not fit.
        component: Component,
        /// Which rule of RFC 3986 it breaks.
        conflict: Conflict,
        /// The rule the context requires, e.g. `"path-noscheme"`.
        rule: &'static str,
        /// The offset in `component` where that rule fails.
        offset: usize,
    },
    /// The output buffer is shorter than the reference (or, for an
    /// `*_encoded` setter, the scratch buffer shorter than the encoded
    /// component).
    BufferTooSmall(BufferTooSmall),
    /// An `*_encoded` setter met a byte its component can hold neither
    /// literally nor percent-encoded (`offset` is within the raw text).
    Unencodable {
        /// Which component.
        component: Component,
        /// The byte's offset in the raw text.
        offset: usize,
        /// The byte.
        byte: u8,
    },
    /// An `*_encoded` setter for a component the grammar has no encode set
    /// for (`;@ encode-set` in its grammar file).
    NoEncodeSet {
        /// Which component.
        component: Component,
    },
}

impl BuildError {
    /// The component concerned, if any.
    pub fn component(&self) -> Option<Component> {
        match *self {
            BuildError::Invalid { component, .. }
            | BuildError::Conflict { component, .. }
            | BuildError::Unencodable { component, .. }
            | BuildError::NoEncodeSet { component } => Some(component),
            BuildError::BufferTooSmall(_) => None,
        }
    }

    /// The offset within [`BuildError::component`], if any.
    pub fn offset(&self) -> Option<usize> {
        match *self {
            BuildError::Invalid { error, .. } => Some(error.offset()),
            BuildError::Conflict { offset, .. } | BuildError::Unencodable { offset, .. } => {
                Some(offset)
            }
            BuildError::BufferTooSmall(_) | BuildError::NoEncodeSet { .. } => None,
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Invalid { component, error } => {
                write!(
                    f,
                    "invalid {} at {}: {}",
                    component.name(),
                    error.offset(),
                    error
                )
            }
            BuildError::Conflict {
                component,
                conflict,
                rule,
                offset,
            } => write!(
                f,
                "{} does not match {} at {}: {}",
                component.name(),
                rule,
                offset,
                conflict.text()
            ),
            BuildError::BufferTooSmall(e) => fmt::Display::fmt(e, f),
            BuildError::Unencodable {
                component,
                offset,
                byte,
            } => write!(
                f,
                "byte 0x{byte:02X} at {offset} cannot be written in {}, not even percent-encoded",
                component.name()
            ),
            BuildError::NoEncodeSet { component } => {
                write!(f, "the grammar has no encode set for {}", component.name())
            }
        }
    }
}

impl core::error::Error for BuildError {}

impl From<BufferTooSmall> for BuildError {
    fn from(e: BufferTooSmall) -> BuildError {
        BuildError::BufferTooSmall(e)
    }
}

/// Runs `s` through `t`; the error offset is within `s` (at a character's
/// start for a UTF-8 grammar).
pub(crate) fn check(
    component: Component,
    t: &'static Tables<'static>,
    s: &str,
) -> Result<(), BuildError> {
    uridfa_runtime::validate(t, s.as_bytes()).map_err(|e| BuildError::Invalid {
        component,
        error: Error::new(e.at_char_start(t, s.as_bytes()), t),
    })
}

pub(crate) fn checked<'a>(
    component: Component,
    t: &'static Tables<'static>,
    s: Option<&'a str>,
) -> Result<Option<&'a str>, BuildError> {
    if let Some(s) = s {
        check(component, t, s)?;
    }
    Ok(s)
}

/// The decimal digits of `n`, right-aligned in `buf`; returns the start.
pub(crate) fn digits(mut n: u16, buf: &mut [u8; 5]) -> usize {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 || i == 0 {
            return i;
        }
    }
}

/// A builder's text, written piece by piece in order: what `build_len`,
/// `build_into`, `build_str` and `build` of every builder share, once the
/// builder's own checks have passed.
pub(crate) trait Pieces {
    /// Writes the text through `put`, in order.
    fn pieces(&self, put: impl FnMut(&[u8]));

    /// The text's length in bytes.
    fn pieces_len(&self) -> usize {
        let mut len = 0usize;
        self.pieces(|s| len = len.saturating_add(s.len()));
        len
    }

    /// Writes the text, `needed` bytes long, into `buf` and returns its
    /// length. Nothing is written when `buf` is too short.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] with `needed`.
    fn write_into(&self, needed: usize, buf: &mut [u8]) -> Result<usize, BufferTooSmall> {
        if buf.len() < needed {
            return Err(BufferTooSmall { needed });
        }
        let mut out = Out { buf, at: 0 };
        self.pieces(|s| out.put(s));
        Ok(out.at)
    }

    /// The text, `len` bytes long, as a `String`.
    ///
    /// # Errors
    ///
    /// None in practice: [`BufferTooSmall`] with `len` if the text were not
    /// UTF-8.
    #[cfg(feature = "alloc")]
    fn to_text(&self, len: usize) -> Result<alloc::string::String, BufferTooSmall> {
        let mut v = alloc::vec::Vec::with_capacity(len);
        self.pieces(|s| v.extend_from_slice(s));
        alloc::string::String::from_utf8(v).map_err(|_| BufferTooSmall { needed: len })
    }
}

/// The first `n` bytes of `buf`, written by [`Pieces::write_into`], as
/// text.
///
/// # Errors
///
/// None in practice: [`BufferTooSmall`] with `n` if they were not UTF-8.
pub(crate) fn written(buf: &[u8], n: usize) -> Result<&str, BufferTooSmall> {
    let written = buf.get(..n).unwrap_or_default();
    // The components are `&str`, so the concatenation is UTF-8.
    core::str::from_utf8(written).map_err(|_| BufferTooSmall { needed: n })
}

/// A cursor over the output buffer; the caller checked the length.
struct Out<'b> {
    buf: &'b mut [u8],
    at: usize,
}

impl Out<'_> {
    fn put(&mut self, s: &[u8]) {
        // A byte loop over `zip`: no length check that could panic
        // (`check-nopanic` proves it).
        let dst = self.buf.get_mut(self.at..).unwrap_or_default();
        for (d, &b) in dst.iter_mut().zip(s) {
            *d = b;
        }
        self.at = self.at.saturating_add(s.len());
    }
}
