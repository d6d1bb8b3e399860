//! The builder of the URL grammars ([`crate::rfc1738`],
//! [`crate::draft_ietf_uri_url_06`]), written once over [`UrlSyntax`],
//! which each grammar's marker implements: `Builder::new`, and how a URL
//! is read back through the grammar's `login` rule; the setters follow
//! from [`super::shape::Url`].
//!
//! Note [the URL builder]
//! RFC 1738 §3.1 gives one shape to the URLs of "IP-based protocols",
//! `//<user>:<password>@<host>:<port>/<url-path>`, and §3.2 to §3.11 give
//! each scheme its own rule for what follows (`ftpurl`, `httpurl`, ...).
//! The builder writes that shape: `scheme ":" "//" [ user [ ":"
//! password ] "@" ] host [ ":" port ] [ "/" url-path ]`, each component
//! checked with its own rule (`scheme`, `user`, `password`, `host`,
//! `port`, and `urlpath` in RFC 1738; draft 06 has no `urlpath` rule, so
//! its `schemepart = *xchar`, the same characters). The scheme-specific
//! parts (ftp's `;type=`, http's `?search`, gopher's selector, ...) all
//! lie inside the url-path, and the scheme's own rule checks them when
//! the URL is built: the built text is parsed back with the strict `url`
//! rule, which holds a URL with one of the ten schemes to that scheme's
//! rule (`http` has no user, `nntp` needs a group, ...), and its login
//! is split again with the `login` rule's tables, so every component
//! given must come back. So there is one builder per grammar rather than
//! one per scheme: a per-scheme builder would only give names to parts
//! of the url-path, whose syntax the scheme rules already check, and the
//! strict `Url` it returns is matched to get the scheme's typed view.
//! URLs of the other shape (`mailto:`, `news:`) have no login to build;
//! `Url::to_builder` gives `None` for them.

use super::{BuildError, Component, PartsBuilder, PartsSyntax, Shaped, SLOT_LEN};
#[cfg(any(feature = "rfc1738", feature = "draft-ietf-uri-url-06"))]
use crate::family::url::{SchemeUrl, UrlViews};
use crate::parts::FromTags;
use crate::View;
use uridfa_runtime::Tables;

/// A URL grammar whose [`PartsBuilder`] writes RFC 1738's common Internet
/// scheme syntax (see the module docs): [`crate::rfc1738::Rfc1738`] and
/// [`crate::draft_ietf_uri_url_06::Url06`], of [`super::shape::Url`].
/// Sealed, as [`super::PartsSyntax`]: implemented for every grammar of
/// [`crate::family::url::UrlViews`], by one blanket impl.
pub trait UrlSyntax: Shaped<Shape = super::shape::Url> {
    /// A view of the grammar that the `login` rule's spans are read
    /// through, by capture name (`user`, `password`, `host`, `port`).
    #[doc(hidden)]
    type Login<'a>: View<'a> + FromTags<'a>;
    /// The `;@ component` rule that checks the url-path (`urlpath` in RFC
    /// 1738, `schemepart` in draft 06).
    #[doc(hidden)]
    const URL_PATH_RULE: &'static str;
}

#[cfg(any(feature = "rfc1738", feature = "draft-ietf-uri-url-06"))]
impl<G: UrlViews> UrlSyntax for G {
    type Login<'a> = G::Other<'a>;
    const URL_PATH_RULE: &'static str = G::URL_PATH_RULE;
}

#[cfg(any(feature = "rfc1738", feature = "draft-ietf-uri-url-06"))]
impl<G: UrlViews> Shaped for G {
    type Shape = super::shape::Url;
}

// The URL builder of both grammars, once: the strict `url` reads a built
// text back, its login split by the `login` rule; the url-path is checked
// by the grammar's url-path rule.
#[cfg(any(feature = "rfc1738", feature = "draft-ietf-uri-url-06"))]
impl<G: UrlViews> PartsSyntax for G {
    type Ref<'b> = SchemeUrl<'b, G>;
    type Tags = <G as UrlViews>::Tags;
    const ENTRY: &'static str = "url";
    const ALWAYS_AUTHORITY: bool = true;
    const PATH_PREFIX: &'static str = "/";
    fn rule(c: Component) -> Option<&'static Tables<'static>> {
        rule::<G>(c)
    }
    // `'b: 'b` makes `'b` early-bound, as it is in the trait (where it
    // appears only in the projection `Self::Ref<'b>`).
    #[allow(clippy::extra_unused_lifetimes)]
    fn read_back<'b>(r: &SchemeUrl<'b, G>) -> Option<[Option<&'b str>; SLOT_LEN]>
    where
        'b: 'b,
    {
        read_back::<G>(r.scheme(), r.as_str())
    }
}

/// The tables of component `c`'s own rule in grammar `G`: the url-path
/// rule for the path, the rule of the component's name otherwise
/// ([`super::PartsSyntax::rule`] of the URL grammars).
pub(crate) fn rule<G: UrlSyntax>(c: Component) -> Option<&'static Tables<'static>> {
    match c {
        Component::Path => G::component_rule(G::URL_PATH_RULE),
        _ => G::component_rule(c.name()),
    }
}

/// The components of the URL `input` (with scheme `scheme`) of the
/// `//<login>/<url-path>` shape in the slots of [`PartsBuilder`]: the
/// login split with the `login` rule's tables; `None` for any other shape
/// ([`super::PartsSyntax::read_back`] of the URL grammars).
pub(crate) fn read_back<'b, G: UrlSyntax>(
    scheme: &'b str,
    input: &'b str,
) -> Option<[Option<&'b str>; SLOT_LEN]> {
    let rest = input
        .get(scheme.len().checked_add(1)?..)?
        .strip_prefix("//")?;
    let (login, path) = match crate::cut::split_once(rest, b'/') {
        Some((login, path)) => (login, Some(path)),
        None => (rest, None),
    };
    let (user, password, host, port) = if login.is_empty() {
        (None, None, Some(""), None)
    } else {
        let p = G::Login::parse_with(G::component_rule("login")?, login).ok()?;
        (
            p.capture("user"),
            p.capture("password"),
            p.capture("host"),
            p.capture("port"),
        )
    };
    Some([
        Some(scheme),
        None,
        user,
        password,
        host,
        port,
        None,
        path,
        None,
        None,
    ])
}

impl<'a, G: UrlSyntax> PartsBuilder<'a, G> {
    /// A URL `<scheme>://<host>`; `host` may be empty (a `file` URL's
    /// local machine, RFC 1738 §3.10). See Note [the URL builder] in
    /// `src/builder/url.rs`: the scheme's own rule is checked when
    /// building.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if `scheme` does not match `scheme` or
    /// `host` does not match `host`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc1738::{Builder, Url};
    /// let b = Builder::new("ftp", "host.dom")?.user("myname")?.path("%2Fetc/motd;type=i")?;
    /// let mut buf = [0u8; 64];
    /// let Url::Ftp(f) = b.build_ref(&mut buf)? else { unreachable!() };
    /// assert_eq!(f.as_str(), "ftp://myname@host.dom/%2Fetc/motd;type=i");
    /// assert_eq!(f.name(), Some("motd"));
    /// // §3.3: an HTTP URL has no user name.
    /// let b = Builder::new("http", "host.dom")?.user("myname")?;
    /// assert!(b.build_str(&mut buf).is_err());
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn new(scheme: &'a str, host: &'a str) -> Result<Self, BuildError> {
        Self::with_path(None).scheme(scheme)?.host(host)
    }
}
