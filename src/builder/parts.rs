//! [`PartsBuilder`]: the builder of the grammars older than RFC 3986, whose
//! components are tied together in ways RFC 3986 later removed:
//! [`crate::rfc2396`], [`crate::draft_fielding_uri_rfc2396bis_01`],
//! [`crate::draft_fielding_url_syntax_05`], [`crate::rfc1738`] and
//! [`crate::draft_ietf_uri_url_06`]. Each module has the alias `Builder`;
//! the setters are written once (`setters.rs`), for the components each
//! grammar's marker type says it sets ([`super::Sets`]). The first three
//! also have an owned form,
//! `PartsBuf` under `alloc` (alias `UriRefBuf` / `UrlRefBuf`).
//!
//! Note [reading the built text back]
//! Each setter checks its component with the tables of the component's
//! own rule (`;@ component` in the grammar file), as [`super::Builder`]
//! does. What ties the components together is, in these grammars, not a
//! handful of rules that can be named in advance, as RFC 3986's §3.3 and
//! §4.2 are, but the grammar's ambiguities and their "first match wins"
//! reading: `authority = server / reg_name`, where a `reg_name` that is
//! also a `server` reads as one; RFC 2396's `opaque_part`, which takes a
//! `?` and so swallows a query; draft 05's `net_path` / `abs_path`, where
//! a path `//a_b/c` is an `abs_path` (no `site` matches `a_b`) but
//! `//host/c` is a `site`; RFC 2396's `relativeURI`, which has no empty
//! path with a query; RFC 1738's per-scheme rules (`http` has no user).
//! Rather than write those interactions a second time by hand, the
//! builder asks the grammar: [`PartsBuilder::build_into`] parses the
//! written text with the grammar's own entry tables and compares every
//! component the view gives back with the one given. A difference, or a
//! parse error, is a [`super::Conflict::NotReadBack`] naming the
//! component (the last one given that does not come back, or the one
//! the parse error falls in). So a reference that `build_into` returns
//! always reads back as its components: the builder and the parser cannot
//! disagree. The price is that [`PartsBuilder::build_len`], which has no
//! buffer to parse, checks only the rules between components that need no
//! parse (a userinfo, user or port needs a host; a password needs a
//! user): a length it returns may still be refused by `build_into`.
//! `tests/builder.rs` checks both directions on generated components: a
//! combination is refused exactly when its plain concatenation does not
//! parse back as the components given.

use super::{check, digits, written, BuildError, Component, Conflict, Pieces, Sealed};
use crate::Error;
use core::fmt;
use core::marker::PhantomData;
use uridfa_runtime::Tables;

/// The number of component slots of a [`PartsBuilder`].
pub(crate) const SLOT_LEN: usize = 10;

/// The slots, in the order the components are written.
const SLOTS: [Component; SLOT_LEN] = [
    Component::Scheme,
    Component::Userinfo,
    Component::User,
    Component::Password,
    Component::Host,
    Component::Port,
    Component::RegName,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

const SCHEME: usize = 0;
const USERINFO: usize = 1;
const USER: usize = 2;
const PASSWORD: usize = 3;
const HOST: usize = 4;
const PORT: usize = 5;
const REG_NAME: usize = 6;
const PATH: usize = 7;
const QUERY: usize = 8;
const FRAGMENT: usize = 9;

/// The slot of `c`, or `SLOT_LEN` for a component no grammar here has.
fn slot(c: Component) -> usize {
    match c {
        Component::Scheme => SCHEME,
        Component::Userinfo => USERINFO,
        Component::User => USER,
        Component::Password => PASSWORD,
        Component::Host => HOST,
        Component::Port => PORT,
        Component::RegName => REG_NAME,
        Component::Path => PATH,
        Component::Query => QUERY,
        Component::Fragment => FRAGMENT,
        _ => SLOT_LEN,
    }
}

/// A grammar that [`PartsBuilder`] can build for: the marker types
/// [`crate::rfc2396::Rfc2396`],
/// [`crate::draft_fielding_uri_rfc2396bis_01::Rfc2396bis01`],
/// [`crate::draft_fielding_url_syntax_05::UrlSyntax05`],
/// [`crate::rfc1738::Rfc1738`] and [`crate::draft_ietf_uri_url_06::Url06`].
/// Sealed.
pub trait PartsSyntax: Sealed + crate::Facts + Copy + fmt::Debug + 'static {
    /// The view that [`PartsBuilder::build_ref`] returns and that reads
    /// the built text back (`UriRef`, `UrlRef`, the strict `Url`).
    type Ref<'b>: Copy + fmt::Debug + crate::parts::FromTags<'b, Tags = Self::Tags>;
    /// The view's component spans, for `PartsBuf` (under `alloc`).
    #[doc(hidden)]
    type Tags: Copy + fmt::Debug + Eq;
    /// The name of the entry rule that reads the text back, for errors.
    #[doc(hidden)]
    const ENTRY: &'static str;
    /// Whether `"//"` and the host are written even without a host
    /// (RFC 1738's URLs of the common Internet scheme syntax always have
    /// them).
    #[doc(hidden)]
    const ALWAYS_AUTHORITY: bool = false;
    /// What is written before a present path: `"/"` for RFC 1738's
    /// url-path, which follows the host's `/`, `""` elsewhere.
    #[doc(hidden)]
    const PATH_PREFIX: &'static str = "";
    /// The tables of component `c`'s own rule; `None` if the grammar has
    /// no such component. By default the `;@ component` rule named as the
    /// component ([`Component::name`]) in the grammar's [`crate::Facts`].
    #[doc(hidden)]
    fn rule(c: Component) -> Option<&'static Tables<'static>> {
        <Self as crate::Facts>::component_rule(c.name())
    }
    /// The grammar's encode set for component `c`, for the `*_encoded`
    /// setters: the `;@ encode-set` named as the component
    /// ([`Component::name`]) in the grammar's [`crate::Facts`]; `None`
    /// where it has none.
    fn encode_set_for(c: Component) -> Option<&'static uridfa_runtime::EncodeSet> {
        <Self as crate::Facts>::encode_set(c.name())
    }
    /// Parses `input` with the entry rule that reads a built text back.
    ///
    /// # Errors
    ///
    /// As the view's `parse`.
    fn parse_ref(input: &str) -> Result<Self::Ref<'_>, Error> {
        crate::parts::FromTags::parse_str(input)
    }
    /// The components of a parsed reference, in the slots' order; `None`
    /// when it does not have the builder's shape (an RFC 1738 URL without
    /// `//<login>`).
    #[doc(hidden)]
    fn read_back<'b>(r: &Self::Ref<'b>) -> Option<[Option<&'b str>; SLOT_LEN]>;
}

/// A reference put together from its components, for one of the grammars
/// of [`PartsSyntax`]; use the alias `Builder` of the grammar's module,
/// whose setters name that grammar's components. Each setter checks its
/// component with the tables of the component's own rule;
/// [`PartsBuilder::build_into`] checks the whole by parsing it back (Note
/// [reading the built text back] in this module's source).
///
/// # Example
///
/// ```
/// use uridfa::builder::{BuildError, Component, Conflict};
/// use uridfa::rfc2396::Builder;
///
/// let b = Builder::new().scheme("ftp")?.host("ftp.is.co.za")?.path("/rfc/rfc1808.txt")?;
/// let mut buf = [0u8; 64];
/// assert_eq!(b.build_str(&mut buf)?, "ftp://ftp.is.co.za/rfc/rfc1808.txt");
///
/// // RFC 2396's opaque_part takes a "?": the query would not come back.
/// let b = Builder::new().scheme("mailto")?.path("a@example.org")?.query("subject=x")?;
/// let e = b.build_str(&mut buf).unwrap_err();
/// assert!(matches!(e, BuildError::Conflict { component: Component::Query, conflict: Conflict::NotReadBack, .. }));
/// # Ok::<(), uridfa::builder::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartsBuilder<'a, G> {
    v: [Option<&'a str>; SLOT_LEN],
    /// The port given as a number (then `v[PORT]` is `None`).
    port: Option<u16>,
    grammar: PhantomData<G>,
}

impl<'a, G: PartsSyntax> PartsBuilder<'a, G> {
    /// A builder with the slots `v` (no check).
    pub(crate) fn from_slots(v: [Option<&'a str>; SLOT_LEN]) -> Self {
        PartsBuilder {
            v,
            port: None,
            grammar: PhantomData,
        }
    }

    /// A builder with no component but `path` (`Some("")` where the path
    /// is never absent).
    pub(crate) fn with_path(path: Option<&'a str>) -> Self {
        let mut v = [None; SLOT_LEN];
        if let Some(p) = v.get_mut(PATH) {
            *p = path;
        }
        Self::from_slots(v)
    }

    /// A builder holding the components of a parsed reference, if it has
    /// the builder's shape.
    pub(crate) fn from_ref(r: &G::Ref<'a>) -> Option<Self> {
        G::read_back(r).map(Self::from_slots)
    }

    /// Sets or clears component `c` after checking it with its rule. An
    /// empty host is the empty authority (`file:///`) and is not checked
    /// (no host rule here accepts it). A server component clears a
    /// `reg_name`, and a `reg_name` clears the server components: an
    /// authority is one or the other.
    pub(crate) fn set(mut self, c: Component, value: Option<&'a str>) -> Result<Self, BuildError> {
        let i = slot(c);
        if let (Some(s), Some(t)) = (value, G::rule(c)) {
            if !(i == HOST && s.is_empty()) {
                check(c, t, s)?;
            }
        }
        if value.is_some() {
            if i == REG_NAME {
                for j in [USERINFO, USER, PASSWORD, HOST, PORT] {
                    if let Some(v) = self.v.get_mut(j) {
                        *v = None;
                    }
                }
                self.port = None;
            } else if matches!(i, USERINFO | USER | PASSWORD | HOST | PORT) {
                if let Some(v) = self.v.get_mut(REG_NAME) {
                    *v = None;
                }
            }
        }
        if i == PORT {
            self.port = None;
        }
        if let Some(v) = self.v.get_mut(i) {
            *v = value;
        }
        Ok(self)
    }

    /// Sets the port as a number (written in decimal without leading
    /// zeros); clears a `reg_name`.
    pub(crate) fn set_port_u16(mut self, port: u16) -> Self {
        if let Some(v) = self.v.get_mut(PORT) {
            *v = None;
        }
        if let Some(v) = self.v.get_mut(REG_NAME) {
            *v = None;
        }
        self.port = Some(port);
        self
    }

    /// Slot `i` as bytes (the port number written into `tmp`).
    fn value<'s>(&'s self, i: usize, tmp: &'s mut [u8; 5]) -> Option<&'s [u8]> {
        if i == PORT {
            if let Some(n) = self.port {
                let start = digits(n, tmp);
                return tmp.get(start..);
            }
        }
        self.v.get(i).copied().flatten().map(str::as_bytes)
    }

    /// The rules between components that need no parse.
    fn check_together(&self) -> Result<(), BuildError> {
        let has = |i: usize| self.v.get(i).is_some_and(Option::is_some);
        let conflict = |i: usize, conflict| BuildError::Conflict {
            component: SLOTS.get(i).copied().unwrap_or(Component::Host),
            conflict,
            rule: G::ENTRY,
            offset: 0,
        };
        if !has(HOST) {
            for i in [USERINFO, USER, PASSWORD, PORT] {
                if has(i) || (i == PORT && self.port.is_some()) {
                    return Err(conflict(i, Conflict::HostRequired));
                }
            }
        }
        if has(PASSWORD) && !has(USER) {
            return Err(conflict(PASSWORD, Conflict::UserRequired));
        }
        Ok(())
    }

    /// Writes the reference through `put(slot, before, value, after)`,
    /// one piece per component present, in order: the delimiters that
    /// introduce or end a component go with it.
    fn emit(&self, mut put: impl FnMut(usize, &[u8], &[u8], &[u8])) {
        let v = |i: usize| self.v.get(i).copied().flatten().map(str::as_bytes);
        if let Some(s) = v(SCHEME) {
            put(SCHEME, b"", s, b":");
        }
        if G::ALWAYS_AUTHORITY || v(HOST).is_some() || v(REG_NAME).is_some() {
            let mut slashes: &[u8] = b"//";
            if let Some(r) = v(REG_NAME) {
                put(REG_NAME, slashes, r, b"");
                slashes = b"";
            }
            if let Some(u) = v(USERINFO) {
                put(USERINFO, slashes, u, b"@");
                slashes = b"";
            }
            if let Some(u) = v(USER) {
                match v(PASSWORD) {
                    Some(p) => {
                        put(USER, slashes, u, b"");
                        put(PASSWORD, b":", p, b"@");
                    }
                    None => put(USER, slashes, u, b"@"),
                }
                slashes = b"";
            }
            if v(REG_NAME).is_none() || v(HOST).is_some() {
                put(HOST, slashes, v(HOST).unwrap_or_default(), b"");
            }
            let mut tmp = [0u8; 5];
            if let Some(p) = self.value(PORT, &mut tmp) {
                put(PORT, b":", p, b"");
            }
        }
        match v(PATH) {
            Some(p) => put(PATH, G::PATH_PREFIX.as_bytes(), p, b""),
            None => put(PATH, b"", b"", b""),
        }
        if let Some(q) = v(QUERY) {
            put(QUERY, b"?", q, b"");
        }
        if let Some(f) = v(FRAGMENT) {
            put(FRAGMENT, b"#", f, b"");
        }
    }

    /// The conflict for a parse error at `offset` of the built text: the
    /// last component whose piece starts at or before it; the offset
    /// within that component's value.
    fn blame_offset(&self, offset: usize) -> BuildError {
        let (mut at, mut found, mut within) = (0usize, PATH, 0usize);
        self.emit(|i, before, value, after| {
            if at <= offset {
                found = i;
                within = offset
                    .saturating_sub(at.saturating_add(before.len()))
                    .min(value.len());
            }
            at = at
                .saturating_add(before.len())
                .saturating_add(value.len())
                .saturating_add(after.len());
        });
        BuildError::Conflict {
            component: SLOTS.get(found).copied().unwrap_or(Component::Path),
            conflict: Conflict::NotReadBack,
            rule: G::ENTRY,
            offset: within,
        }
    }

    /// Checks that `text`, written by [`Self::emit`], reads back as the
    /// components given (Note [reading the built text back]).
    fn verify(&self, text: &[u8]) -> Result<(), BuildError> {
        let Ok(s) = core::str::from_utf8(text) else {
            return Err(self.blame_offset(0));
        };
        let r = match G::parse_ref(s) {
            Ok(r) => r,
            Err(e) => return Err(self.blame_offset(e.offset())),
        };
        let back = G::read_back(&r).unwrap_or([None; SLOT_LEN]);
        let (mut differs, mut given) = (None, None);
        // `zip(0..)`, not `enumerate`: no checked `+` (Note in `crate::cut`).
        for (i, got) in (0..SLOT_LEN).zip(back.iter()) {
            let mut tmp = [0u8; 5];
            let want = self.value(i, &mut tmp);
            if want == got.map(str::as_bytes) {
                continue;
            }
            let common = match (want, got) {
                (Some(w), Some(g)) => {
                    crate::cut::count(w.iter().zip(g.as_bytes()).take_while(|(a, b)| a == b))
                }
                _ => 0,
            };
            let common = want
                .and_then(|w| core::str::from_utf8(w).ok())
                .map_or(0, |w| {
                    (0..=common)
                        .rev()
                        .find(|&k| w.is_char_boundary(k))
                        .unwrap_or(0)
                });
            // The last component given that does not come back: the
            // earlier ones are read first, and a later one that does not
            // fit leaks into them (a path `x` after the host `h` reads as
            // the host `hx`; a query after an opaque part as part of it).
            if want.is_some() {
                given = Some((i, common));
            }
            differs = differs.or(Some((i, common)));
        }
        let differs = given.or(differs);
        match differs {
            None => Ok(()),
            Some((i, offset)) => Err(BuildError::Conflict {
                component: SLOTS.get(i).copied().unwrap_or(Component::Path),
                conflict: Conflict::NotReadBack,
                rule: G::ENTRY,
                offset,
            }),
        }
    }

    /// The length of the reference in bytes, after the checks between
    /// components that need no parse (see the module's Note: `build_into`
    /// may still refuse).
    ///
    /// # Errors
    ///
    /// [`BuildError::Conflict`] with [`Conflict::HostRequired`] or
    /// [`Conflict::UserRequired`].
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc2396::Builder::new().scheme("http")?.host("a")?.path("/b")?;
    /// assert_eq!(b.build_len()?, 10);
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_len(&self) -> Result<usize, BuildError> {
        self.check_together()?;
        Ok(self.pieces_len())
    }

    /// Writes the reference into `buf`, parses it back with the grammar's
    /// entry tables, and returns its length. Nothing is written when `buf`
    /// is too short; after a [`Conflict::NotReadBack`] the first bytes of
    /// `buf` hold the refused text.
    ///
    /// # Errors
    ///
    /// [`BuildError::Conflict`] as [`Self::build_len`], or with
    /// [`Conflict::NotReadBack`]; [`BuildError::BufferTooSmall`] with the
    /// exact length needed.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::{builder::BuildError, BufferTooSmall};
    /// let b = uridfa::draft_fielding_url_syntax_05::Builder::new().path("a")?.query("b")?;
    /// let mut buf = [0u8; 2];
    /// assert_eq!(b.build_into(&mut buf), Err(BuildError::BufferTooSmall(BufferTooSmall { needed: 3 })));
    /// let mut buf = [0u8; 3];
    /// assert_eq!(b.build_into(&mut buf)?, 3);
    /// assert_eq!(&buf, b"a?b");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_into(&self, buf: &mut [u8]) -> Result<usize, BuildError> {
        let needed = self.build_len()?;
        let n = self.write_into(needed, buf)?;
        self.verify(buf.get(..n).unwrap_or_default())?;
        Ok(n)
    }

    /// [`Self::build_into`], returning the written text.
    ///
    /// # Errors
    ///
    /// As [`Self::build_into`].
    pub fn build_str<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, BuildError> {
        let n = self.build_into(buf)?;
        Ok(written(buf, n)?)
    }

    /// [`Self::build_into`], then the grammar's view of the written text.
    ///
    /// # Errors
    ///
    /// As [`Self::build_into`].
    pub fn build_ref<'b>(&self, buf: &'b mut [u8]) -> Result<G::Ref<'b>, BuildError> {
        let s = self.build_str(buf)?;
        G::parse_ref(s).map_err(|e| self.blame_offset(e.offset()))
    }

    /// The reference as a `String`.
    ///
    /// # Errors
    ///
    /// As [`Self::build_into`], without `BufferTooSmall`.
    #[cfg(feature = "alloc")]
    pub fn build(&self) -> Result<alloc::string::String, BuildError> {
        let text = self.to_text(self.build_len()?)?;
        self.verify(text.as_bytes())?;
        Ok(text)
    }
}

// The pieces of `emit`, with their delimiters.
impl<G: PartsSyntax> Pieces for PartsBuilder<'_, G> {
    fn pieces(&self, mut put: impl FnMut(&[u8])) {
        self.emit(|_, before, value, after| {
            put(before);
            put(value);
            put(after);
        });
    }
}

/// An owned reference of grammar `G`: a `String` and its component spans,
/// re-validated through a [`PartsBuilder`] by every `set_*` (each grammar
/// module's alias has the setters of its components:
/// [`crate::rfc2396::UriRefBuf`],
/// [`crate::draft_fielding_uri_rfc2396bis_01::UriRefBuf`],
/// [`crate::draft_fielding_url_syntax_05::UrlRefBuf`]).
///
/// # Example
///
/// ```
/// use uridfa::rfc2396::UriRefBuf;
/// let mut r: UriRefBuf = "http://a/b?q".parse()?;
/// r.set_port(Some("8080"))?;
/// r.set_fragment(Some("top"))?;
/// assert_eq!(r.as_str(), "http://a:8080/b?q#top");
/// assert!(r.set_path("b").is_err()); // after an authority, only an abs_path
/// assert_eq!(r.as_view().port(), Some("8080"));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct PartsBuf<G: PartsSyntax> {
    text: alloc::string::String,
    tags: G::Tags,
}

crate::builder::owned_form!(PartsBuf, PartsSyntax);

#[cfg(feature = "alloc")]
impl<G: PartsSyntax> PartsBuf<G> {
    /// A builder pre-filled with this reference's components.
    pub fn to_builder(&self) -> PartsBuilder<'_, G> {
        let r = self.as_view();
        PartsBuilder::from_ref(&r).unwrap_or(PartsBuilder::from_slots([None; SLOT_LEN]))
    }

    /// Sets or clears component `c` and rebuilds; unchanged on error.
    pub(crate) fn set(&mut self, c: Component, value: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().set(c, value)?.build()?;
        self.replace(text, c)
    }
}
