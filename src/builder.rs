//! Builders for every built-in grammar: a reference put together from its
//! components, each checked with the tables generated for that
//! component's own rule, so that a builder and the parser cannot disagree.
//! First the RFC 3986 family ([`crate::rfc3986`], [`crate::rfc3987`],
//! [`crate::rfc6874`]).
//!
//! One generic implementation, [`Builder`], parametrized by a grammar
//! ([`GenericSyntax`], implemented by [`crate::rfc3986::Rfc3986`],
//! [`crate::rfc3987::Rfc3987`] and [`crate::rfc6874::Rfc6874`]); each
//! module has the alias `Builder<'a>`. The grammar files name the rules to
//! build machines for in a `;@ component` pragma (`grammar/README.md`);
//! the generator emits them next to the entries (`tables::SCHEME_RULE`,
//! `tables::PATH_ABEMPTY_RULE`, ...), and the entries' tables do not
//! change.
//!
//! Note [what the builder checks]
//! Each setter runs its component through the component's rule:
//! `scheme`, `userinfo`, `host`, `port`, `path` (the union rule `path =
//! path-abempty / path-absolute / path-noscheme / path-rootless /
//! path-empty`), `query` and `fragment` (`i`-prefixed in RFC 3987). The
//! rules that tie components together (RFC 3986 §3, §3.3, §4.2) are
//! checked when the reference is built ([`Builder::build_len`],
//! [`Builder::build_into`]), again with the grammar's own tables: the path
//! must match `path-abempty` when there is an authority, `path-absolute`
//! when it starts with `/` and there is none (so it cannot start with
//! `//`), `path-rootless` after a scheme and `path-noscheme` without one
//! (so a relative reference's first segment has no `:`). Userinfo and port
//! need a host. Once these hold, `scheme ":" "//" userinfo "@" host ":"
//! port path "?" query "#" fragment` (the parts present) is a
//! `URI-reference` whose components are exactly the ones given: no
//! component can contain the delimiter that ends it, which
//! `tests/builder.rs` checks on generated components by parsing every
//! built reference.
//!
//! The URN grammars ([`crate::rfc8141`] and
//! [`crate::draft_ietf_urnbis_rfc2141bis_urn_03`]) have [`UrnBuilder`]
//! (aliased `Builder` in both modules), parametrized by [`UrnSyntax`]:
//! `"urn:" NID ":" NSS` and the optional components after their prefixes,
//! each checked with its own rule's tables.
//!
//! The grammars older than RFC 3986 ([`crate::rfc2396`],
//! [`crate::draft_fielding_uri_rfc2396bis_01`],
//! [`crate::draft_fielding_url_syntax_05`], [`crate::rfc1738`],
//! [`crate::draft_ietf_uri_url_06`]) have [`PartsBuilder`] (aliased
//! `Builder` in each), parametrized by [`PartsSyntax`]: each component is
//! checked with its own rule's tables, and the built text is parsed back
//! with the grammar's entry tables, since their components interact
//! through ambiguities (`server` / `reg_name`, opaque parts, per-scheme
//! URL rules) rather than a few rules that could be checked apart (Note
//! [reading the built text back] in `src/builder/parts.rs`).
//!
//! Nothing here allocates or panics (`check-nopanic` proves the setters,
//! `build_into` and `to_builder`); with the `alloc` feature,
//! `Builder::build` returns a `String`, and `RefBuf` and `UrnBuf` are the
//! owned forms with `set_*` methods.

use crate::{BufferTooSmall, Error};
use core::fmt;
use core::marker::PhantomData;
use uridfa_runtime::Tables;

mod parts;

#[cfg(feature = "alloc")]
pub use parts::PartsBuf;
pub(crate) use parts::{parts_setter, parts_setters, parts_syntax, SLOT_LEN};
pub use parts::{PartsBuilder, PartsSyntax};

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

mod sealed {
    pub trait Sealed {}
}

/// A grammar of the RFC 3986 family that [`Builder`] can build for:
/// [`crate::rfc3986::Rfc3986`], [`crate::rfc3987::Rfc3987`],
/// [`crate::rfc6874::Rfc6874`]. Sealed.
pub trait GenericSyntax: sealed::Sealed + Copy + fmt::Debug + 'static {
    /// The grammar's `URI-reference` view (`IriRef` for RFC 3987).
    type Ref<'b>: Copy + fmt::Debug;
    /// The view's component spans, for `RefBuf` (under `alloc`).
    #[doc(hidden)]
    type Tags: Copy + fmt::Debug + Eq;
    /// The grammar's component tables.
    fn rules() -> &'static ComponentRules;
    /// Parses `input` as the grammar's reference rule.
    ///
    /// # Errors
    ///
    /// As the view's `parse`.
    fn parse_ref(input: &str) -> Result<Self::Ref<'_>, Error>;
    /// The components of the reference `input` with spans `tags`, in the
    /// order of [`Component`] (`path` always `Some`).
    #[doc(hidden)]
    fn components(input: &str, tags: Self::Tags) -> [Option<&str>; 7];
    #[doc(hidden)]
    fn tags(r: &Self::Ref<'_>) -> Self::Tags;
    #[doc(hidden)]
    fn from_tags(input: &str, tags: Self::Tags) -> Self::Ref<'_>;
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
    /// [`PartsBuilder`]), does not give this component back as given: the
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

/// Why a [`Builder`] refused. Small and `Copy`; `Display` does not
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
    /// The output buffer is shorter than the reference.
    BufferTooSmall(BufferTooSmall),
}

impl BuildError {
    /// The component concerned, if any.
    pub fn component(&self) -> Option<Component> {
        match *self {
            BuildError::Invalid { component, .. } | BuildError::Conflict { component, .. } => {
                Some(component)
            }
            BuildError::BufferTooSmall(_) => None,
        }
    }

    /// The offset within [`BuildError::component`], if any.
    pub fn offset(&self) -> Option<usize> {
        match *self {
            BuildError::Invalid { error, .. } => Some(error.offset()),
            BuildError::Conflict { offset, .. } => Some(offset),
            BuildError::BufferTooSmall(_) => None,
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
        }
    }
}

impl core::error::Error for BuildError {}

impl From<BufferTooSmall> for BuildError {
    fn from(e: BufferTooSmall) -> BuildError {
        BuildError::BufferTooSmall(e)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Port<'a> {
    Str(&'a str),
    Num(u16),
}

/// A reference put together from its components, for grammar `G`. Use the
/// alias of the grammar's module: [`crate::rfc3986::Builder`],
/// [`crate::rfc3987::Builder`], [`crate::rfc6874::Builder`]. See the
/// module docs for what is checked where.
///
/// # Example
///
/// ```
/// use uridfa::rfc3986::Builder;
///
/// let b = Builder::new()
///     .scheme("foo")?
///     .host("example.com")?
///     .port("8042")?
///     .path("/over/there")?
///     .query("name=ferret")?
///     .fragment("nose")?;
/// let mut buf = [0u8; 64];
/// let uri = b.build_ref(&mut buf)?;
/// assert_eq!(uri.as_str(), "foo://example.com:8042/over/there?name=ferret#nose");
/// assert_eq!(uri.port(), Some("8042"));
/// # Ok::<(), uridfa::builder::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builder<'a, G> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<Port<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
    grammar: PhantomData<G>,
}

impl<G: GenericSyntax> Default for Builder<'_, G> {
    fn default() -> Self {
        Builder {
            scheme: None,
            userinfo: None,
            host: None,
            port: None,
            path: "",
            query: None,
            fragment: None,
            grammar: PhantomData,
        }
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

fn checked<'a>(
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

/// A cursor over the output buffer; the caller checked the length.
pub(crate) struct Out<'b> {
    pub(crate) buf: &'b mut [u8],
    pub(crate) at: usize,
}

impl Out<'_> {
    pub(crate) fn put(&mut self, s: &[u8]) {
        // A byte loop over `zip`: no length check that could panic
        // (`check-nopanic` proves it).
        let dst = self.buf.get_mut(self.at..).unwrap_or_default();
        for (d, &b) in dst.iter_mut().zip(s) {
            *d = b;
        }
        self.at = self.at.saturating_add(s.len());
    }
}

impl<'a, G: GenericSyntax> Builder<'a, G> {
    /// An empty builder: the empty relative reference `""`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::rfc3986::Builder::new().build_len()?, 0);
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder holding the components of a parsed reference (no check:
    /// they come from the grammar's own tables).
    pub(crate) fn from_components(c: [Option<&'a str>; 7]) -> Self {
        let [scheme, userinfo, host, port, path, query, fragment] = c;
        Builder {
            scheme,
            userinfo,
            host,
            port: port.map(Port::Str),
            path: path.unwrap_or(""),
            query,
            fragment,
            grammar: PhantomData,
        }
    }

    /// Sets or clears the `scheme` (without the `:`).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `scheme`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert!(Builder::new().scheme("1http").is_err());
    /// let b = Builder::new().scheme("mailto")?.path("a@example.org")?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "mailto:a@example.org");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn scheme(mut self, scheme: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.scheme = checked(Component::Scheme, G::rules().scheme, scheme.into())?;
        Ok(self)
    }

    /// Sets or clears the `userinfo` (without the `@`). It needs a host
    /// when the reference is built.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `userinfo`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert_eq!(Builder::new().userinfo("a@b").unwrap_err().offset(), Some(1));
    /// let b = Builder::new().scheme("ftp")?.userinfo("anonymous")?.host("h")?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "ftp://anonymous@h");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn userinfo(mut self, userinfo: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.userinfo = checked(Component::Userinfo, G::rules().userinfo, userinfo.into())?;
        Ok(self)
    }

    /// Sets or clears the `host`; `Some` gives the reference an authority
    /// (`Some("")` the empty one of `file:///`). An IPv6 address goes in
    /// brackets, as the grammar writes it: `"[2001:db8::7]"`.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `host`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert!(Builder::new().host("2001:db8::7").is_err());
    /// let b = Builder::new().scheme("ldap")?.host("[2001:db8::7]")?.path("/c=GB")?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "ldap://[2001:db8::7]/c=GB");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn host(mut self, host: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.host = checked(Component::Host, G::rules().host, host.into())?;
        Ok(self)
    }

    /// Sets or clears the `port` (digits, without the `:`; `Some("")` is
    /// allowed, as in `http://a:/`). It needs a host when the reference is
    /// built.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `port = *DIGIT`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert_eq!(Builder::new().port("80a").unwrap_err().offset(), Some(2));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn port(mut self, port: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.port = checked(Component::Port, G::rules().port, port.into())?.map(Port::Str);
        Ok(self)
    }

    /// Sets the port as a number (written in decimal without leading
    /// zeros). Infallible: any `u16` matches `port`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// let b = Builder::new().scheme("http")?.host("a")?.port_u16(8080).path("/")?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "http://a:8080/");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn port_u16(mut self, port: u16) -> Self {
        self.port = Some(Port::Num(port));
        self
    }

    /// Sets the `path` (`""` for none: the path is never absent). Which of
    /// the five path rules it must match depends on the other components
    /// and is checked when building (see the module docs).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `path` (that is,
    /// `*( pchar / "/" )`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert_eq!(Builder::new().path("/a b").unwrap_err().offset(), Some(2));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn path(mut self, path: &'a str) -> Result<Self, BuildError> {
        check(Component::Path, G::rules().path, path)?;
        self.path = path;
        Ok(self)
    }

    /// Sets or clears the `query` (without the `?`).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `query`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::UriRef;
    /// let uri = UriRef::parse("http://a/b?old#f")?;
    /// let b = uri.to_builder().query(Some("new"))?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "http://a/b?new#f");
    /// assert!(uri.to_builder().query("a#b").is_err());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn query(mut self, query: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.query = checked(Component::Query, G::rules().query, query.into())?;
        Ok(self)
    }

    /// Sets or clears the `fragment` (without the `#`).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `fragment`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert!(Builder::new().fragment("a#b").is_err());
    /// assert_eq!(Builder::new().fragment("s")?.build_str(&mut [0; 4])?, "#s");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn fragment(mut self, fragment: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.fragment = checked(Component::Fragment, G::rules().fragment, fragment.into())?;
        Ok(self)
    }

    /// The rules between components (see the module docs).
    fn check_together(&self) -> Result<(), BuildError> {
        // `authority = [ userinfo "@" ] host [ ":" port ]`.
        let conflict = |component, conflict| BuildError::Conflict {
            component,
            conflict,
            rule: "authority",
            offset: 0,
        };
        if self.host.is_none() {
            if self.userinfo.is_some() {
                return Err(conflict(Component::Userinfo, Conflict::HostRequired));
            }
            if self.port.is_some() {
                return Err(conflict(Component::Port, Conflict::HostRequired));
            }
        }
        if self.path.is_empty() {
            return Ok(()); // path-empty, or an empty path-abempty
        }
        let rules = G::rules();
        let (t, conflict) = if self.host.is_some() {
            (rules.path_abempty, Conflict::PathAfterAuthority)
        } else if self.path.starts_with('/') {
            (rules.path_absolute, Conflict::PathStartsWithTwoSlashes)
        } else if self.scheme.is_some() {
            // path-rootless accepts every non-empty `path` that does not
            // start with "/"; no conflict to name, but check all the same.
            (rules.path_rootless, Conflict::PathStartsWithTwoSlashes)
        } else {
            (rules.path_noscheme, Conflict::ColonInFirstSegment)
        };
        let p = self.path.as_bytes();
        uridfa_runtime::validate(t, p).map_err(|e| BuildError::Conflict {
            component: Component::Path,
            conflict,
            rule: t.rule,
            offset: e.at_char_start(t, p).offset(),
        })
    }

    fn port_bytes<'s>(&'s self, tmp: &'s mut [u8; 5]) -> Option<&'s [u8]> {
        match self.port? {
            Port::Str(s) => Some(s.as_bytes()),
            Port::Num(n) => {
                let start = digits(n, tmp);
                tmp.get(start..)
            }
        }
    }

    /// Writes the reference through `put`, in order.
    fn emit(&self, mut put: impl FnMut(&[u8])) {
        if let Some(s) = self.scheme {
            put(s.as_bytes());
            put(b":");
        }
        if let Some(h) = self.host {
            put(b"//");
            if let Some(u) = self.userinfo {
                put(u.as_bytes());
                put(b"@");
            }
            put(h.as_bytes());
            let mut tmp = [0u8; 5];
            if let Some(p) = self.port_bytes(&mut tmp) {
                put(b":");
                put(p);
            }
        }
        put(self.path.as_bytes());
        if let Some(q) = self.query {
            put(b"?");
            put(q.as_bytes());
        }
        if let Some(f) = self.fragment {
            put(b"#");
            put(f.as_bytes());
        }
    }

    /// The length of the reference in bytes, after checking the rules
    /// between components.
    ///
    /// # Errors
    ///
    /// [`BuildError::Conflict`] for components that cannot go together.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::builder::{BuildError, Conflict};
    /// use uridfa::rfc3986::Builder;
    /// let b = Builder::new().scheme("http")?.host("a")?.path("/b")?;
    /// assert_eq!(b.build_len()?, 10);
    /// let e = Builder::new().host("a")?.path("b")?.build_len().unwrap_err();
    /// assert!(matches!(e, BuildError::Conflict { conflict: Conflict::PathAfterAuthority, .. }));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_len(&self) -> Result<usize, BuildError> {
        self.check_together()?;
        let mut len = 0usize;
        self.emit(|s| len = len.saturating_add(s.len()));
        Ok(len)
    }

    /// Writes the reference into `buf` and returns its length. Nothing is
    /// written when `buf` is too short.
    ///
    /// # Errors
    ///
    /// [`BuildError::Conflict`] as [`Builder::build_len`];
    /// [`BuildError::BufferTooSmall`] with the exact length needed.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::{builder::BuildError, BufferTooSmall, rfc3986::Builder};
    /// let b = Builder::new().path("a")?.query("b")?;
    /// let mut buf = [0u8; 2];
    /// assert_eq!(b.build_into(&mut buf), Err(BuildError::BufferTooSmall(BufferTooSmall { needed: 3 })));
    /// assert_eq!(buf, [0, 0]);
    /// let mut buf = [0u8; 3];
    /// assert_eq!(b.build_into(&mut buf)?, 3);
    /// assert_eq!(&buf, b"a?b");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_into(&self, buf: &mut [u8]) -> Result<usize, BuildError> {
        let needed = self.build_len()?;
        if buf.len() < needed {
            return Err(BuildError::BufferTooSmall(BufferTooSmall { needed }));
        }
        let mut out = Out { buf, at: 0 };
        self.emit(|s| out.put(s));
        Ok(out.at)
    }

    /// [`Builder::build_into`], returning the written text.
    ///
    /// # Errors
    ///
    /// As [`Builder::build_into`].
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc3986::Builder::new().scheme("urn")?.path("example:a")?;
    /// assert_eq!(b.build_str(&mut [0; 16])?, "urn:example:a");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_str<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, BuildError> {
        let n = self.build_into(buf)?;
        let written = buf.get(..n).unwrap_or_default();
        // The components are `&str`, so the concatenation is UTF-8.
        core::str::from_utf8(written)
            .map_err(|_| BuildError::BufferTooSmall(BufferTooSmall { needed: n }))
    }

    /// [`Builder::build_into`], then the grammar's reference view of the
    /// written text (`UriRef`, `IriRef`).
    ///
    /// # Errors
    ///
    /// As [`Builder::build_into`]. (Parsing the built text cannot fail:
    /// see the module docs; a failure would be reported as
    /// [`BuildError::Invalid`] on the path.)
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let b = uridfa::rfc3986::Builder::new().scheme("http")?.host("[::1]")?.port_u16(80);
    /// let mut buf = [0u8; 32];
    /// let uri = b.build_ref(&mut buf)?;
    /// assert_eq!(uri.host_kind(), Some(uridfa::rfc3986::HostKind::Ipv6));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_ref<'b>(&self, buf: &'b mut [u8]) -> Result<G::Ref<'b>, BuildError> {
        let s = self.build_str(buf)?;
        G::parse_ref(s).map_err(|error| BuildError::Invalid {
            component: Component::Path,
            error,
        })
    }

    /// The reference as a `String`.
    ///
    /// # Errors
    ///
    /// [`BuildError::Conflict`] as [`Builder::build_len`].
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc3986::Builder::new().path("g;x")?.query("y")?.fragment("s")?;
    /// assert_eq!(b.build()?, "g;x?y#s");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn build(&self) -> Result<alloc::string::String, BuildError> {
        let len = self.build_len()?;
        let mut v = alloc::vec::Vec::with_capacity(len);
        self.emit(|s| v.extend_from_slice(s));
        alloc::string::String::from_utf8(v)
            .map_err(|_| BuildError::BufferTooSmall(BufferTooSmall { needed: len }))
    }
}

/// The component rules of a URN grammar ([`crate::rfc8141`],
/// [`crate::draft_ietf_urnbis_rfc2141bis_urn_03`]): `"urn:" NID ":" NSS`
/// followed by optional components, each after its own prefix.
#[derive(Debug)]
pub struct UrnRules {
    /// `NID`.
    pub nid: &'static Tables<'static>,
    /// `NSS`.
    pub nss: &'static Tables<'static>,
    /// The optional components after the NSS, in the order they are
    /// written: which component, the prefix before it (`"?+"`, `"#"`)
    /// and its rule's tables. At most three.
    pub optional: &'static [(Component, &'static str, &'static Tables<'static>)],
}

/// A URN grammar that [`UrnBuilder`] can build for:
/// [`crate::rfc8141::Rfc8141`] and
/// [`crate::draft_ietf_urnbis_rfc2141bis_urn_03::UrnDraft03`]. Sealed.
pub trait UrnSyntax: sealed::Sealed + Copy + fmt::Debug + 'static {
    /// The grammar's URN view with every component (`Urn`, `UrnRef`).
    type Ref<'b>: Copy + fmt::Debug;
    /// The grammar's component tables.
    fn rules() -> &'static UrnRules;
    /// Parses `input` as the grammar's URN rule.
    ///
    /// # Errors
    ///
    /// As the view's `parse`.
    fn parse_ref(input: &str) -> Result<Self::Ref<'_>, Error>;
    /// The view's component spans, for `UrnBuf` (under `alloc`).
    #[doc(hidden)]
    type Tags: Copy + fmt::Debug + Eq;
    #[doc(hidden)]
    fn tags(r: &Self::Ref<'_>) -> Self::Tags;
    #[doc(hidden)]
    fn from_tags(input: &str, tags: Self::Tags) -> Self::Ref<'_>;
    /// The builder of the URN `input` with spans `tags`.
    #[doc(hidden)]
    fn builder(input: &str, tags: Self::Tags) -> UrnBuilder<'_, Self>;
}

/// A URN put together from its components, for grammar `G`, each checked
/// with the tables of its own rule. Use the alias of the grammar's module,
/// [`crate::rfc8141::Builder`] or
/// [`crate::draft_ietf_urnbis_rfc2141bis_urn_03::Builder`], whose own
/// methods set the optional components (`r_component`, `q_component`,
/// `f_component`; `query`, `fragment`).
///
/// The URN grammars need no rule between components: none of them can
/// contain the prefix of the next (RFC 8141's `r-component` has no `?=`,
/// see `grammar/README.md`), so the written URN reads back as the
/// components given (`tests/builder.rs`).
///
/// # Example
///
/// ```
/// use uridfa::rfc8141::Builder;
/// let b = Builder::new("example", "a/b")?.q_component(Some("x=1"))?;
/// let mut buf = [0u8; 32];
/// let urn = b.build_ref(&mut buf)?;
/// assert_eq!(urn.as_str(), "urn:example:a/b?=x=1");
/// assert_eq!(urn.q_component(), Some("x=1"));
/// # Ok::<(), uridfa::builder::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UrnBuilder<'a, G> {
    nid: &'a str,
    nss: &'a str,
    optional: [Option<&'a str>; 3],
    grammar: PhantomData<G>,
}

impl<'a, G: UrnSyntax> UrnBuilder<'a, G> {
    /// A URN `urn:<nid>:<nss>`.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if `nid` does not match `NID` or `nss`
    /// does not match `NSS`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::{builder::Component, rfc8141::Builder};
    /// let e = Builder::new("ab-", "x").unwrap_err(); // an NID ends in alphanum
    /// assert_eq!((e.component(), e.offset()), (Some(Component::Nid), Some(3)));
    /// assert_eq!(Builder::new("isbn", "0-395-36341-1")?.build_str(&mut [0; 32])?, "urn:isbn:0-395-36341-1");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn new(nid: &'a str, nss: &'a str) -> Result<Self, BuildError> {
        let b = UrnBuilder {
            nid: "",
            nss: "",
            optional: [None; 3],
            grammar: PhantomData,
        };
        b.nid(nid)?.nss(nss)
    }

    /// A builder holding the components of a parsed URN (no check).
    pub(crate) fn from_parts(nid: &'a str, nss: &'a str, optional: [Option<&'a str>; 3]) -> Self {
        UrnBuilder {
            nid,
            nss,
            optional,
            grammar: PhantomData,
        }
    }

    /// Replaces the NID.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `NID`.
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc8141::Builder::new("a1", "x")?.nid("example")?;
    /// assert_eq!(b.build_str(&mut [0; 16])?, "urn:example:x");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn nid(mut self, nid: &'a str) -> Result<Self, BuildError> {
        check(Component::Nid, G::rules().nid, nid)?;
        self.nid = nid;
        Ok(self)
    }

    /// Replaces the NSS (still percent-encoded).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `NSS`.
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc8141::Builder::new("example", "x")?;
    /// assert_eq!(b.nss("a?b").unwrap_err().offset(), Some(1));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn nss(mut self, nss: &'a str) -> Result<Self, BuildError> {
        check(Component::Nss, G::rules().nss, nss)?;
        self.nss = nss;
        Ok(self)
    }

    /// Sets or clears optional component `i` of [`UrnRules::optional`].
    pub(crate) fn set_optional(
        mut self,
        i: usize,
        value: Option<&'a str>,
    ) -> Result<Self, BuildError> {
        if let (Some(&(component, _, t)), Some(slot)) =
            (G::rules().optional.get(i), self.optional.get_mut(i))
        {
            *slot = checked(component, t, value)?;
        }
        Ok(self)
    }

    fn emit(&self, mut put: impl FnMut(&[u8])) {
        put(b"urn:");
        put(self.nid.as_bytes());
        put(b":");
        put(self.nss.as_bytes());
        for (&(_, prefix, _), value) in G::rules().optional.iter().zip(self.optional) {
            if let Some(v) = value {
                put(prefix.as_bytes());
                put(v.as_bytes());
            }
        }
    }

    /// The length of the URN in bytes.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::rfc8141::Builder::new("ab", "c")?.build_len(), 8);
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_len(&self) -> usize {
        let mut len = 0usize;
        self.emit(|s| len = len.saturating_add(s.len()));
        len
    }

    /// Writes the URN into `buf` and returns its length. Nothing is
    /// written when `buf` is too short.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] with the exact length needed.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::BufferTooSmall;
    /// let b = uridfa::rfc8141::Builder::new("ab", "c")?;
    /// assert_eq!(b.build_into(&mut [0; 7]), Err(BufferTooSmall { needed: 8 }));
    /// let mut buf = [0u8; 8];
    /// assert_eq!(b.build_into(&mut buf), Ok(8));
    /// assert_eq!(&buf, b"urn:ab:c");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_into(&self, buf: &mut [u8]) -> Result<usize, BufferTooSmall> {
        let needed = self.build_len();
        if buf.len() < needed {
            return Err(BufferTooSmall { needed });
        }
        let mut out = Out { buf, at: 0 };
        self.emit(|s| out.put(s));
        Ok(out.at)
    }

    /// [`UrnBuilder::build_into`], returning the written text.
    ///
    /// # Errors
    ///
    /// As [`UrnBuilder::build_into`].
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc8141::Builder::new("ab", "c")?.f_component(Some(""))?;
    /// assert_eq!(b.build_str(&mut [0; 16])?, "urn:ab:c#");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_str<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, BufferTooSmall> {
        let n = self.build_into(buf)?;
        let written = buf.get(..n).unwrap_or_default();
        // The components are `&str`, so the concatenation is UTF-8.
        core::str::from_utf8(written).map_err(|_| BufferTooSmall { needed: n })
    }

    /// [`UrnBuilder::build_into`], then the grammar's URN view of the
    /// written text.
    ///
    /// # Errors
    ///
    /// [`BuildError::BufferTooSmall`]. (Parsing the built text cannot
    /// fail; a failure would be reported as [`BuildError::Invalid`] on the
    /// NSS.)
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc8141::Builder::new("example", "a")?.r_component(Some("r"))?;
    /// let mut buf = [0u8; 32];
    /// let urn = b.build_ref(&mut buf)?;
    /// assert_eq!(urn.r_component(), Some("r"));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_ref<'b>(&self, buf: &'b mut [u8]) -> Result<G::Ref<'b>, BuildError> {
        let s = self.build_str(buf)?;
        G::parse_ref(s).map_err(|error| BuildError::Invalid {
            component: Component::Nss,
            error,
        })
    }

    /// The URN as a `String`.
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc8141::Builder::new("example", "a")?;
    /// assert_eq!(b.build(), "urn:example:a");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn build(&self) -> alloc::string::String {
        let mut s = alloc::string::String::with_capacity(self.build_len());
        // The components are `&str`; so are the prefixes.
        self.emit(|b| s.push_str(core::str::from_utf8(b).unwrap_or_default()));
        s
    }
}

/// An owned URN of grammar `G`: a `String` and its component spans,
/// re-validated through a [`UrnBuilder`] by every `set_*`. Use the alias
/// of the grammar's module, [`crate::rfc8141::UrnBuf`] or
/// [`crate::draft_ietf_urnbis_rfc2141bis_urn_03::UrnBuf`], whose own
/// methods set the optional components.
///
/// # Example
///
/// ```
/// use uridfa::rfc8141::UrnBuf;
/// let mut u: UrnBuf = "urn:example:a?+r#f".parse()?;
/// u.set_nss("b/c")?;
/// u.set_r_component(None)?;
/// assert_eq!(u.as_str(), "urn:example:b/c#f");
/// assert_eq!(u.as_view().f_component(), Some("f"));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct UrnBuf<G: UrnSyntax> {
    text: alloc::string::String,
    tags: G::Tags,
}

#[cfg(feature = "alloc")]
impl<G: UrnSyntax> UrnBuf<G> {
    /// Parses and keeps a copy of `input`.
    ///
    /// # Errors
    ///
    /// As the view's `parse`.
    pub fn parse(input: &str) -> Result<Self, Error> {
        let tags = G::tags(&G::parse_ref(input)?);
        Ok(UrnBuf {
            text: input.into(),
            tags,
        })
    }

    /// The parsed view (no parsing: the spans are kept).
    pub fn as_view(&self) -> G::Ref<'_> {
        G::from_tags(&self.text, self.tags)
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, given up.
    pub fn into_string(self) -> alloc::string::String {
        self.text
    }

    /// A builder pre-filled with this URN's components.
    pub fn to_builder(&self) -> UrnBuilder<'_, G> {
        G::builder(&self.text, self.tags)
    }

    /// Takes `text`, built by a [`UrnBuilder`] of `G`, as the new value.
    pub(crate) fn replace(&mut self, text: alloc::string::String) -> Result<(), BuildError> {
        let tags = match G::parse_ref(&text) {
            Ok(r) => G::tags(&r),
            Err(error) => {
                return Err(BuildError::Invalid {
                    component: Component::Nss,
                    error,
                })
            }
        };
        *self = UrnBuf { text, tags };
        Ok(())
    }

    /// Replaces the NID; unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`UrnBuilder::nid`].
    pub fn set_nid(&mut self, nid: &str) -> Result<(), BuildError> {
        let text = self.to_builder().nid(nid)?.build();
        self.replace(text)
    }

    /// Replaces the NSS; unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`UrnBuilder::nss`].
    pub fn set_nss(&mut self, nss: &str) -> Result<(), BuildError> {
        let text = self.to_builder().nss(nss)?.build();
        self.replace(text)
    }

    /// Sets or clears optional component `i` of [`UrnRules::optional`];
    /// unchanged on error.
    pub(crate) fn set_optional(&mut self, i: usize, value: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().set_optional(i, value)?.build();
        self.replace(text)
    }
}

#[cfg(feature = "alloc")]
impl<G: UrnSyntax> core::str::FromStr for UrnBuf<G> {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Self::parse(s)
    }
}

#[cfg(feature = "alloc")]
impl<G: UrnSyntax> fmt::Display for UrnBuf<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// An owned reference of grammar `G`: a `String` and its component spans,
/// re-validated through a [`Builder`] by every `set_*`. Use the alias of
/// the grammar's module: [`crate::rfc3986::UriRefBuf`],
/// [`crate::rfc3987::IriRefBuf`], [`crate::rfc6874::UriRefBuf`].
///
/// # Example
///
/// ```
/// use uridfa::rfc3986::UriRefBuf;
/// let mut uri: UriRefBuf = "http://a/b?q".parse()?;
/// uri.set_query(None)?;
/// uri.set_fragment(Some("top"))?;
/// assert_eq!(uri.as_str(), "http://a/b#top");
/// assert_eq!(uri.as_view().fragment(), Some("top"));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct RefBuf<G: GenericSyntax> {
    text: alloc::string::String,
    tags: G::Tags,
}

#[cfg(feature = "alloc")]
impl<G: GenericSyntax> RefBuf<G> {
    /// Parses and keeps a copy of `input`.
    ///
    /// # Errors
    ///
    /// As the view's `parse`.
    pub fn parse(input: &str) -> Result<Self, Error> {
        let tags = G::tags(&G::parse_ref(input)?);
        Ok(RefBuf {
            text: input.into(),
            tags,
        })
    }

    /// The parsed view (no parsing: the spans are kept).
    pub fn as_view(&self) -> G::Ref<'_> {
        G::from_tags(&self.text, self.tags)
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, given up.
    pub fn into_string(self) -> alloc::string::String {
        self.text
    }

    /// A builder pre-filled with this reference's components.
    pub fn to_builder(&self) -> Builder<'_, G> {
        Builder::from_components(G::components(&self.text, self.tags))
    }

    /// Takes `text`, built by a [`Builder`] of `G`, as the new value.
    fn replace(&mut self, text: alloc::string::String) -> Result<(), BuildError> {
        let tags = match G::parse_ref(&text) {
            Ok(r) => G::tags(&r),
            Err(error) => {
                return Err(BuildError::Invalid {
                    component: Component::Path,
                    error,
                })
            }
        };
        *self = RefBuf { text, tags };
        Ok(())
    }

    /// Replaces the scheme (see [`Builder::scheme`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::scheme`] and [`Builder::build_len`].
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().scheme(scheme)?.build()?;
        self.replace(text)
    }

    /// Replaces the userinfo (see [`Builder::userinfo`]); unchanged on
    /// error.
    ///
    /// # Errors
    ///
    /// As [`Builder::userinfo`] and [`Builder::build_len`].
    pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().userinfo(userinfo)?.build()?;
        self.replace(text)
    }

    /// Replaces the host (see [`Builder::host`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::host`] and [`Builder::build_len`].
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().host(host)?.build()?;
        self.replace(text)
    }

    /// Replaces the port (see [`Builder::port`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::port`] and [`Builder::build_len`].
    pub fn set_port(&mut self, port: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().port(port)?.build()?;
        self.replace(text)
    }

    /// Replaces the path (see [`Builder::path`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::path`] and [`Builder::build_len`].
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::UriRefBuf;
    /// let mut r: UriRefBuf = "x".parse()?;
    /// assert!(r.set_path("a:b").is_err()); // §4.2: would read as a scheme
    /// assert_eq!(r.as_str(), "x");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        let text = self.to_builder().path(path)?.build()?;
        self.replace(text)
    }

    /// Replaces the query (see [`Builder::query`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::query`] and [`Builder::build_len`].
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().query(query)?.build()?;
        self.replace(text)
    }

    /// Replaces the fragment (see [`Builder::fragment`]); unchanged on
    /// error.
    ///
    /// # Errors
    ///
    /// As [`Builder::fragment`] and [`Builder::build_len`].
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().fragment(fragment)?.build()?;
        self.replace(text)
    }
}

#[cfg(feature = "alloc")]
impl<G: GenericSyntax> core::str::FromStr for RefBuf<G> {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Self::parse(s)
    }
}

#[cfg(feature = "alloc")]
impl<G: GenericSyntax> fmt::Display for RefBuf<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Implements [`GenericSyntax`] for a module of the RFC 3986 family: the marker
/// type `$marker`, its `COMPONENT_RULES`, the aliases `Builder` and
/// `$buf`, and `to_builder()` on each view. The module provides `tables`,
/// `Parts` and the views (generated into `src/generated/*_views.rs`).
/// For an owned form `$buf<G: $bound>` with `as_str`, `as_view` and
/// `FromStr`: a `Debug` that is the view's (named components), `Hash` and
/// `Ord` by the text, `AsRef<str>`, and with `serde`, `Serialize` as the
/// text and `Deserialize` that parses.
macro_rules! owned_traits {
    ($buf:ident, $bound:path) => {
        #[cfg(feature = "alloc")]
        impl<G: $bound> fmt::Debug for $buf<G> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.as_view(), f)
            }
        }

        /// Equal texts (the tags follow from the text).
        #[cfg(feature = "alloc")]
        impl<G: $bound> PartialEq for $buf<G> {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }

        #[cfg(feature = "alloc")]
        impl<G: $bound> Eq for $buf<G> {}

        #[cfg(feature = "alloc")]
        impl<G: $bound> core::hash::Hash for $buf<G> {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.as_str().hash(state);
            }
        }

        #[cfg(feature = "alloc")]
        impl<G: $bound> PartialOrd for $buf<G> {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        /// By the text, byte by byte.
        #[cfg(feature = "alloc")]
        impl<G: $bound> Ord for $buf<G> {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        #[cfg(feature = "alloc")]
        impl<G: $bound> AsRef<str> for $buf<G> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        #[cfg(all(feature = "alloc", feature = "serde"))]
        impl<G: $bound> serde::Serialize for $buf<G> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        #[cfg(all(feature = "alloc", feature = "serde"))]
        impl<'de, G: $bound> serde::Deserialize<'de> for $buf<G> {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <alloc::string::String as serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use owned_traits;

owned_traits!(UrnBuf, UrnSyntax);
owned_traits!(RefBuf, GenericSyntax);

macro_rules! builder_syntax {
    (
        module: $module:literal,
        marker: $marker:ident,
        reference: $reference:ident,
        buf: $buf:ident,
        rules: [$scheme:ident, $userinfo:ident, $host:ident, $port:ident, $path:ident,
            $abempty:ident, $absolute:ident, $noscheme:ident, $rootless:ident,
            $query:ident, $fragment:ident],
        views: [$($view:ident),+ $(,)?] $(,)?
    ) => {
        #[doc = concat!("The grammar of this module, as a [`crate::builder::GenericSyntax`]: the type parameter of [`Builder`] (and of `", stringify!($buf), "` under `alloc`).")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $marker;

        static COMPONENT_RULES: crate::builder::ComponentRules = crate::builder::ComponentRules {
            scheme: &tables::$scheme,
            userinfo: &tables::$userinfo,
            host: &tables::$host,
            port: &tables::$port,
            path: &tables::$path,
            path_abempty: &tables::$abempty,
            path_absolute: &tables::$absolute,
            path_noscheme: &tables::$noscheme,
            path_rootless: &tables::$rootless,
            query: &tables::$query,
            fragment: &tables::$fragment,
        };

        impl crate::builder::Sealed for $marker {}

        impl crate::builder::GenericSyntax for $marker {
            type Ref<'b> = $reference<'b>;
            type Tags = [u32; 2 * tables::CAPTURE_LEN];
            fn rules() -> &'static crate::builder::ComponentRules {
                &COMPONENT_RULES
            }
            fn parse_ref(input: &str) -> Result<$reference<'_>, Error> {
                $reference::parse(input)
            }
            fn components(input: &str, tags: [u32; 2 * tables::CAPTURE_LEN]) -> [Option<&str>; 7] {
                crate::builder::components_of(&$reference { parts: Parts { input, tags } })
            }
            fn tags(r: &$reference<'_>) -> [u32; 2 * tables::CAPTURE_LEN] {
                r.parts.tags
            }
            fn from_tags(input: &str, tags: [u32; 2 * tables::CAPTURE_LEN]) -> $reference<'_> {
                $reference { parts: Parts { input, tags } }
            }
        }

        #[doc = concat!("A builder for this grammar's references: see [`crate::builder::Builder`].")]
        ///
        /// # Example
        ///
        /// ```
        #[doc = concat!("let b = uridfa::", $module, "::Builder::new().scheme(\"http\")?.host(\"example.com\")?.path(\"/\")?;")]
        /// assert_eq!(b.build_str(&mut [0u8; 32])?, "http://example.com/");
        /// # Ok::<(), uridfa::builder::BuildError>(())
        /// ```
        pub type Builder<'a> = crate::builder::Builder<'a, $marker>;

        #[doc = concat!("The owned form of [`", stringify!($reference), "`]: see [`crate::builder::RefBuf`].")]
        ///
        /// # Example
        ///
        /// ```
        #[doc = concat!("let mut r: uridfa::", $module, "::", stringify!($buf), " = \"http://a/b\".parse()?;")]
        /// r.set_port(Some("8080"))?;
        /// assert_eq!(r.as_str(), "http://a:8080/b");
        /// # Ok::<(), Box<dyn core::error::Error>>(())
        /// ```
        #[cfg(feature = "alloc")]
        pub type $buf = crate::builder::RefBuf<$marker>;

        $(
        impl<'a> $view<'a> {
            /// A [`Builder`] pre-filled with this reference's components,
            /// to change some of them and build anew.
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("let r = uridfa::", $module, "::", stringify!($view), "::parse(\"http://a/b?q\")", ".or_else(|_| uridfa::", $module, "::", stringify!($view), "::parse(\"//a/b?q\"))?;")]
            /// let b = r.to_builder().query(Some("x"))?;
            /// let mut buf = [0u8; 32];
            /// let n = b.build_into(&mut buf)?;
            /// assert!(buf[..n].ends_with(b"//a/b?x"));
            /// # Ok::<(), Box<dyn core::error::Error>>(())
            /// ```
            pub fn to_builder(&self) -> Builder<'a> {
                Builder::from_components(crate::builder::components_of(self))
            }
        }
        )+
    };
}

pub(crate) use builder_syntax;
