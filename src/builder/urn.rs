//! [`UrnBuilder`]: a URN put together from its components.

use crate::{BufferTooSmall, Error};
use core::fmt;
use core::marker::PhantomData;
use uridfa_runtime::Tables;

use super::types::*;

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
pub trait UrnSyntax: Sealed + crate::Facts + Copy + fmt::Debug + 'static {
    /// The grammar's URN view with every component (`Urn`, `UrnRef`).
    type Ref<'b>: Copy
        + fmt::Debug
        + crate::View<'b>
        + crate::parts::FromTags<'b, Tags = Self::Tags>;
    /// The view's component spans, for `UrnBuf` (under `alloc`).
    #[doc(hidden)]
    type Tags: Copy + fmt::Debug + Eq;
    /// The grammar's component tables.
    fn rules() -> &'static UrnRules;
    /// The grammar's encode set for component `c`, for the `*_encoded`
    /// setters: the `;@ encode-set` named as the component
    /// ([`Component::name`]) in the grammar's [`crate::Facts`]; `None`
    /// where it has none.
    fn encode_set_for(c: Component) -> Option<&'static uridfa_runtime::EncodeSet> {
        <Self as crate::Facts>::encode_set(c.name())
    }
    /// Parses `input` as the grammar's URN rule.
    ///
    /// # Errors
    ///
    /// As the view's `parse`.
    fn parse_ref(input: &str) -> Result<Self::Ref<'_>, Error> {
        crate::parts::FromTags::parse_str(input)
    }
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

    /// A builder holding the components of `v`, a URN view of `G` (no
    /// check: they come from the grammar's own tables). Each is read by the
    /// name of its rule in [`UrnRules`], which is also its capture's name:
    /// a URN grammar captures the rules it names as `;@ component`.
    pub(crate) fn from_view<V: crate::View<'a>>(v: &V) -> Self {
        // `zip(0..)` counts without a checked `+` (Note in `crate::cut`).
        let get = |t: &Tables<'_>| {
            V::CAPTURES
                .iter()
                .zip(0..)
                .find(|(name, _)| name.eq_ignore_ascii_case(t.rule))
                .and_then(|(_, i)| v.get(i))
        };
        let rules = G::rules();
        let mut optional = [None; 3];
        for (slot, &(_, _, t)) in optional.iter_mut().zip(rules.optional) {
            *slot = get(t);
        }
        UrnBuilder {
            nid: get(rules.nid).unwrap_or_default(),
            nss: get(rules.nss).unwrap_or_default(),
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

    /// The length of the URN in bytes.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::rfc8141::Builder::new("ab", "c")?.build_len(), 8);
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_len(&self) -> usize {
        self.pieces_len()
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
        self.write_into(self.build_len(), buf)
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
        written(buf, n)
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
        // The components are `&str`; so are the prefixes.
        self.to_text(self.build_len()).unwrap_or_default()
    }
}

// `"urn:" NID ":" NSS`, then each optional component present after its
// prefix.
impl<G: UrnSyntax> Pieces for UrnBuilder<'_, G> {
    fn pieces(&self, mut put: impl FnMut(&[u8])) {
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
}
