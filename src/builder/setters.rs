//! The named setters of [`PartsBuilder`] and [`PartsBuf`], written once
//! for every grammar of [`PartsSyntax`]. A grammar says which components
//! its builder sets, and how, by implementing [`Sets`] once per component
//! (`impl Sets<slot::Host> for Rfc2396 { type Arg<'a> = Option<&'a str>; }`):
//! the setter exists only for those grammars, and takes `&str` where the
//! grammar's reference always has the component (RFC 2396's path, RFC
//! 1738's scheme and host) and anything that converts into `Option<&str>`
//! (`"x"`, `Some("x")`, `None`) where it may lack it. Each setter checks
//! its value with the grammar's own rule for the component (Note [reading
//! the built text back] in `parts.rs`).

#[cfg(feature = "alloc")]
use super::PartsBuf;
use super::{BuildError, Component, PartsBuilder, PartsSyntax};

/// The components a [`PartsBuilder`] can set, one type each, for
/// [`Sets`].
pub mod slot {
    /// [`super::Component::Scheme`].
    #[derive(Clone, Copy, Debug)]
    pub struct Scheme;
    /// [`super::Component::Userinfo`].
    #[derive(Clone, Copy, Debug)]
    pub struct Userinfo;
    /// [`super::Component::User`].
    #[derive(Clone, Copy, Debug)]
    pub struct User;
    /// [`super::Component::Password`].
    #[derive(Clone, Copy, Debug)]
    pub struct Password;
    /// [`super::Component::Host`].
    #[derive(Clone, Copy, Debug)]
    pub struct Host;
    /// [`super::Component::Port`].
    #[derive(Clone, Copy, Debug)]
    pub struct Port;
    /// [`super::Component::RegName`].
    #[derive(Clone, Copy, Debug)]
    pub struct RegName;
    /// [`super::Component::Path`].
    #[derive(Clone, Copy, Debug)]
    pub struct Path;
    /// [`super::Component::Query`].
    #[derive(Clone, Copy, Debug)]
    pub struct Query;
    /// [`super::Component::Fragment`].
    #[derive(Clone, Copy, Debug)]
    pub struct Fragment;
}

/// Grammar `Self`'s builder sets the component `C` (one of [`slot`]).
/// Sealed with [`PartsSyntax`]; implemented by each grammar module.
pub trait Sets<C>: PartsSyntax {
    /// What the setter takes: `&'a str` for a component the grammar's
    /// reference always has, `Option<&'a str>` (`None` clears) for one it
    /// may lack.
    type Arg<'a>: Into<Option<&'a str>>;
}

/// The component sets that several grammars' builders share, one type
/// each, for [`Shaped::Shape`].
pub mod shape {
    /// RFC 2396's components, a `server` or `reg_name` authority among
    /// them ([`crate::rfc2396`], [`crate::draft_fielding_uri_rfc2396bis_01`]):
    /// scheme, userinfo, host, port, reg-name, path (always present), query
    /// and fragment.
    #[derive(Clone, Copy, Debug)]
    pub struct Server;
    /// RFC 1738's common Internet scheme syntax ([`crate::rfc1738`],
    /// [`crate::draft_ietf_uri_url_06`]): scheme and host (always
    /// present), user, password, port and the url-path (Note [the URL
    /// builder] in `src/builder/url.rs`).
    #[derive(Clone, Copy, Debug)]
    pub struct Url;
}

/// Shape `Self` sets component `C` (one of [`slot`]), taking `Arg`.
#[doc(hidden)]
pub trait SetsIn<C> {
    /// As [`Sets::Arg`].
    type Arg<'a>: Into<Option<&'a str>>;
}

/// A grammar whose builder sets the components of a shared [`shape`]:
/// [`Sets`] follows from the shape, by one blanket impl. Sealed, as
/// [`PartsSyntax`].
pub trait Shaped: PartsSyntax {
    /// The components the builder sets ([`shape::Server`], [`shape::Url`]).
    type Shape;
}

impl<G: Shaped, C> Sets<C> for G
where
    G::Shape: SetsIn<C>,
{
    type Arg<'a> = <G::Shape as SetsIn<C>>::Arg<'a>;
}

impl SetsIn<slot::Scheme> for shape::Server {
    type Arg<'a> = Option<&'a str>;
}

impl SetsIn<slot::Userinfo> for shape::Server {
    type Arg<'a> = Option<&'a str>;
}

impl SetsIn<slot::Host> for shape::Server {
    type Arg<'a> = Option<&'a str>;
}

impl SetsIn<slot::Port> for shape::Server {
    type Arg<'a> = Option<&'a str>;
}

impl SetsIn<slot::RegName> for shape::Server {
    type Arg<'a> = Option<&'a str>;
}

impl SetsIn<slot::Path> for shape::Server {
    type Arg<'a> = &'a str;
}

impl SetsIn<slot::Query> for shape::Server {
    type Arg<'a> = Option<&'a str>;
}

impl SetsIn<slot::Fragment> for shape::Server {
    type Arg<'a> = Option<&'a str>;
}

// The URL shape: scheme and host always (`Builder::new` takes both), the
// rest optional; `path` is the url-path after the host's `/` (`None`: no
// `/`).
impl SetsIn<slot::Scheme> for shape::Url {
    type Arg<'a> = &'a str;
}

impl SetsIn<slot::User> for shape::Url {
    type Arg<'a> = Option<&'a str>;
}

impl SetsIn<slot::Password> for shape::Url {
    type Arg<'a> = Option<&'a str>;
}

impl SetsIn<slot::Host> for shape::Url {
    type Arg<'a> = &'a str;
}

impl SetsIn<slot::Port> for shape::Url {
    type Arg<'a> = Option<&'a str>;
}

impl SetsIn<slot::Path> for shape::Url {
    type Arg<'a> = Option<&'a str>;
}

impl<'a, G: Sets<slot::Scheme>> PartsBuilder<'a, G> {
    /// Sets the `scheme`, without the `:`. Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn scheme<V: Into<<G as Sets<slot::Scheme>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::Scheme>>::Arg<'a> = value.into();
        self.set(Component::Scheme, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Scheme>> PartsBuf<G> {
    /// Replaces the `scheme`, without the `:` (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_scheme<'b, V: Into<<G as Sets<slot::Scheme>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::Scheme>>::Arg<'b> = value.into();
        self.set(Component::Scheme, value.into())
    }
}

impl<'a, G: Sets<slot::Userinfo>> PartsBuilder<'a, G> {
    /// Sets the `userinfo` of a `server`, without the `@`; it needs a host. Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn userinfo<V: Into<<G as Sets<slot::Userinfo>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::Userinfo>>::Arg<'a> = value.into();
        self.set(Component::Userinfo, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Userinfo>> PartsBuf<G> {
    /// Replaces the `userinfo` of a `server`, without the `@`; it needs a host (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_userinfo<'b, V: Into<<G as Sets<slot::Userinfo>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::Userinfo>>::Arg<'b> = value.into();
        self.set(Component::Userinfo, value.into())
    }
}

impl<'a, G: Sets<slot::User>> PartsBuilder<'a, G> {
    /// Sets the `user` of a login or site, without `:` or `@` (`""` is an empty user name). Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn user<V: Into<<G as Sets<slot::User>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::User>>::Arg<'a> = value.into();
        self.set(Component::User, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::User>> PartsBuf<G> {
    /// Replaces the `user` of a login or site, without `:` or `@` (`""` is an empty user name) (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_user<'b, V: Into<<G as Sets<slot::User>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::User>>::Arg<'b> = value.into();
        self.set(Component::User, value.into())
    }
}

impl<'a, G: Sets<slot::Password>> PartsBuilder<'a, G> {
    /// Sets the `password` after the user's `:`; it needs a user. Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn password<V: Into<<G as Sets<slot::Password>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::Password>>::Arg<'a> = value.into();
        self.set(Component::Password, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Password>> PartsBuf<G> {
    /// Replaces the `password` after the user's `:`; it needs a user (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_password<'b, V: Into<<G as Sets<slot::Password>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::Password>>::Arg<'b> = value.into();
        self.set(Component::Password, value.into())
    }
}

impl<'a, G: Sets<slot::Host>> PartsBuilder<'a, G> {
    /// Sets the `host` (`""` for an empty host, as in `file:///x`); a host gives the reference an authority and clears a `reg_name`. Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn host<V: Into<<G as Sets<slot::Host>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::Host>>::Arg<'a> = value.into();
        self.set(Component::Host, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Host>> PartsBuf<G> {
    /// Replaces the `host` (`""` for an empty host, as in `file:///x`); a host gives the reference an authority and clears a `reg_name` (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_host<'b, V: Into<<G as Sets<slot::Host>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::Host>>::Arg<'b> = value.into();
        self.set(Component::Host, value.into())
    }
}

impl<'a, G: Sets<slot::Port>> PartsBuilder<'a, G> {
    /// Sets the `port`, digits without the `:`; it needs a host. Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn port<V: Into<<G as Sets<slot::Port>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::Port>>::Arg<'a> = value.into();
        self.set(Component::Port, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Port>> PartsBuf<G> {
    /// Replaces the `port`, digits without the `:`; it needs a host (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_port<'b, V: Into<<G as Sets<slot::Port>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::Port>>::Arg<'b> = value.into();
        self.set(Component::Port, value.into())
    }
}

impl<G: Sets<slot::Port>> PartsBuilder<'_, G> {
    /// Sets the port as a number (written in decimal without leading
    /// zeros). Infallible: any `u16` matches `port`.
    pub fn port_u16(self, port: u16) -> Self {
        self.set_port_u16(port)
    }
}

impl<'a, G: Sets<slot::RegName>> PartsBuilder<'a, G> {
    /// Sets a registry-based authority, `reg_name`, instead of a `server`: clears userinfo, host and port (one that is also a `server` reads back as one, and is refused when building). Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn reg_name<V: Into<<G as Sets<slot::RegName>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::RegName>>::Arg<'a> = value.into();
        self.set(Component::RegName, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::RegName>> PartsBuf<G> {
    /// Replaces a registry-based authority, `reg_name`, instead of a `server`: clears userinfo, host and port (one that is also a `server` reads back as one, and is refused when building) (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_reg_name<'b, V: Into<<G as Sets<slot::RegName>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::RegName>>::Arg<'b> = value.into();
        self.set(Component::RegName, value.into())
    }
}

impl<'a, G: Sets<slot::Path>> PartsBuilder<'a, G> {
    /// Sets the path (for RFC 1738's URLs the url-path after the host's `/`). Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn path<V: Into<<G as Sets<slot::Path>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::Path>>::Arg<'a> = value.into();
        self.set(Component::Path, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Path>> PartsBuf<G> {
    /// Replaces the path (for RFC 1738's URLs the url-path after the host's `/`) (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_path<'b, V: Into<<G as Sets<slot::Path>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::Path>>::Arg<'b> = value.into();
        self.set(Component::Path, value.into())
    }
}

impl<'a, G: Sets<slot::Query>> PartsBuilder<'a, G> {
    /// Sets the `query`, without the `?`. Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn query<V: Into<<G as Sets<slot::Query>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::Query>>::Arg<'a> = value.into();
        self.set(Component::Query, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Query>> PartsBuf<G> {
    /// Replaces the `query`, without the `?` (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_query<'b, V: Into<<G as Sets<slot::Query>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::Query>>::Arg<'b> = value.into();
        self.set(Component::Query, value.into())
    }
}

impl<'a, G: Sets<slot::Fragment>> PartsBuilder<'a, G> {
    /// Sets the `fragment`, without the `#`. Takes `&str` when the grammar's reference always
    /// has it, else `&str`, `Some` or `None` (clears).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match the grammar's rule for
    /// it.
    pub fn fragment<V: Into<<G as Sets<slot::Fragment>>::Arg<'a>>>(
        self,
        value: V,
    ) -> Result<Self, BuildError> {
        let value: <G as Sets<slot::Fragment>>::Arg<'a> = value.into();
        self.set(Component::Fragment, value.into())
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Fragment>> PartsBuf<G> {
    /// Replaces the `fragment`, without the `#` (see the builder's setter of the same name);
    /// unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's setter and [`PartsBuilder::build_into`].
    pub fn set_fragment<'b, V: Into<<G as Sets<slot::Fragment>>::Arg<'b>>>(
        &mut self,
        value: V,
    ) -> Result<(), BuildError> {
        let value: <G as Sets<slot::Fragment>>::Arg<'b> = value.into();
        self.set(Component::Fragment, value.into())
    }
}

// The `*_encoded` setters (Note [encoding with the grammar's sets] in
// `encoded.rs`): for a component the grammar sets and has an encode set
// for (`PartsSyntax::encode_set_for`; otherwise `BuildError::NoEncodeSet`).

impl<'a, G: Sets<slot::Userinfo>> PartsBuilder<'a, G> {
    /// Sets the userinfo from raw text, percent-encoding what the grammar's
    /// `userinfo` set does not allow literally, into `buf`, which the builder
    /// then borrows; then as the strict setter.
    ///
    /// # Errors
    ///
    /// [`BuildError::BufferTooSmall`] if `buf` is too short,
    /// [`BuildError::NoEncodeSet`] for a grammar without the set, and the
    /// strict setter's.
    pub fn userinfo_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::Userinfo;
        let text = super::encoded::encode(c, G::encode_set_for(c), raw, buf)?;
        self.set(c, Some(text))
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Userinfo>> PartsBuf<G> {
    /// Replaces the userinfo with raw text, percent-encoded as the builder's
    /// `userinfo_encoded` does; unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's `userinfo_encoded` and [`PartsBuilder::build_into`].
    pub fn set_userinfo_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
        let c = Component::Userinfo;
        let e = super::encoded::owned::encoded_with(c, G::encode_set_for(c), raw)?;
        self.set(c, Some(super::encoded::owned::text(&e)))
    }
}

impl<'a, G: Sets<slot::User>> PartsBuilder<'a, G> {
    /// Sets the user from raw text, percent-encoding what the grammar's
    /// `user` set does not allow literally, into `buf`, which the builder
    /// then borrows; then as the strict setter.
    ///
    /// # Errors
    ///
    /// [`BuildError::BufferTooSmall`] if `buf` is too short,
    /// [`BuildError::NoEncodeSet`] for a grammar without the set, and the
    /// strict setter's.
    pub fn user_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::User;
        let text = super::encoded::encode(c, G::encode_set_for(c), raw, buf)?;
        self.set(c, Some(text))
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::User>> PartsBuf<G> {
    /// Replaces the user with raw text, percent-encoded as the builder's
    /// `user_encoded` does; unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's `user_encoded` and [`PartsBuilder::build_into`].
    pub fn set_user_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
        let c = Component::User;
        let e = super::encoded::owned::encoded_with(c, G::encode_set_for(c), raw)?;
        self.set(c, Some(super::encoded::owned::text(&e)))
    }
}

impl<'a, G: Sets<slot::Password>> PartsBuilder<'a, G> {
    /// Sets the password from raw text, percent-encoding what the grammar's
    /// `password` set does not allow literally, into `buf`, which the builder
    /// then borrows; then as the strict setter.
    ///
    /// # Errors
    ///
    /// [`BuildError::BufferTooSmall`] if `buf` is too short,
    /// [`BuildError::NoEncodeSet`] for a grammar without the set, and the
    /// strict setter's.
    pub fn password_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::Password;
        let text = super::encoded::encode(c, G::encode_set_for(c), raw, buf)?;
        self.set(c, Some(text))
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Password>> PartsBuf<G> {
    /// Replaces the password with raw text, percent-encoded as the builder's
    /// `password_encoded` does; unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's `password_encoded` and [`PartsBuilder::build_into`].
    pub fn set_password_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
        let c = Component::Password;
        let e = super::encoded::owned::encoded_with(c, G::encode_set_for(c), raw)?;
        self.set(c, Some(super::encoded::owned::text(&e)))
    }
}

impl<'a, G: Sets<slot::Query>> PartsBuilder<'a, G> {
    /// Sets the query from raw text, percent-encoding what the grammar's
    /// `query` set does not allow literally, into `buf`, which the builder
    /// then borrows; then as the strict setter.
    ///
    /// # Errors
    ///
    /// [`BuildError::BufferTooSmall`] if `buf` is too short,
    /// [`BuildError::NoEncodeSet`] for a grammar without the set, and the
    /// strict setter's.
    pub fn query_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::Query;
        let text = super::encoded::encode(c, G::encode_set_for(c), raw, buf)?;
        self.set(c, Some(text))
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Query>> PartsBuf<G> {
    /// Replaces the query with raw text, percent-encoded as the builder's
    /// `query_encoded` does; unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's `query_encoded` and [`PartsBuilder::build_into`].
    pub fn set_query_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
        let c = Component::Query;
        let e = super::encoded::owned::encoded_with(c, G::encode_set_for(c), raw)?;
        self.set(c, Some(super::encoded::owned::text(&e)))
    }
}

impl<'a, G: Sets<slot::Fragment>> PartsBuilder<'a, G> {
    /// Sets the fragment from raw text, percent-encoding what the grammar's
    /// `fragment` set does not allow literally, into `buf`, which the builder
    /// then borrows; then as the strict setter.
    ///
    /// # Errors
    ///
    /// [`BuildError::BufferTooSmall`] if `buf` is too short,
    /// [`BuildError::NoEncodeSet`] for a grammar without the set, and the
    /// strict setter's.
    pub fn fragment_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::Fragment;
        let text = super::encoded::encode(c, G::encode_set_for(c), raw, buf)?;
        self.set(c, Some(text))
    }
}

#[cfg(feature = "alloc")]
impl<G: Sets<slot::Fragment>> PartsBuf<G> {
    /// Replaces the fragment with raw text, percent-encoded as the builder's
    /// `fragment_encoded` does; unchanged on error.
    ///
    /// # Errors
    ///
    /// As the builder's `fragment_encoded` and [`PartsBuilder::build_into`].
    pub fn set_fragment_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
        let c = Component::Fragment;
        let e = super::encoded::owned::encoded_with(c, G::encode_set_for(c), raw)?;
        self.set(c, Some(super::encoded::owned::text(&e)))
    }
}
