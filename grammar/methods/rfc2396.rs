// What RFC 2396 adds to each of its views: `uridfa-generate` writes this into
// `src/generated/rfc2396_views.rs` once per view (Note [methods files] in
// `uridfa_codegen::emit::view`); the methods call functions of the
// grammar's module.

impl<'a> __VIEW__<'a> {
    /// Whether the authority is a `server` or a `reg_name`; `None`
    /// without an authority.
    pub fn authority_kind(&self) -> Option<AuthorityKind> {
        authority_kind(&self.parts)
    }

    /// Which alternative of `host` matched; `None` without a host.
    pub fn host_kind(&self) -> Option<HostKind> {
        host_kind(&self.parts)
    }

    /// The port as a number: `None` if absent, empty, or above
    /// 65535 (the grammar allows any `*digit`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The path (§3.3): the `abs_path` of a `net_path` or
    /// `hier_part`, the `abs_path` or `rel_path` of a relative
    /// URI, or the `opaque_part` of an opaque URI. Always defined,
    /// possibly empty (`//host`, or an empty reference).
    pub fn path(&self) -> &'a str {
        path(&self.parts)
    }

    /// `opaque_part` (§3): the part after `scheme:` of a URI that
    /// is not hierarchical, such as `mailto:a@b`. `None` otherwise.
    pub fn opaque_part(&self) -> Option<&'a str> {
        opaque_part(&self.parts)
    }

    /// `<scheme-specific-part>` (§3: "absolute URI are written as
    /// follows: `<scheme>:<scheme-specific-part>`"): everything after the
    /// scheme's `:`, up to the fragment's `#` (a `hier_part` with its
    /// query, or the `opaque_part`). `None` without a scheme.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc2396::UriRef;
    /// let r = UriRef::parse("news:comp.infosystems.www.servers.unix#f")?;
    /// assert_eq!(r.scheme_specific_part(), Some("comp.infosystems.www.servers.unix"));
    /// assert_eq!(UriRef::parse("g?y")?.scheme_specific_part(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn scheme_specific_part(&self) -> Option<&'a str> {
        scheme_specific_part(&self.parts)
    }

    /// A [`Builder`] pre-filled with this reference's components,
    /// to change some of them and build anew.
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc2396::__VIEW__::parse("http://a/b?q").or_else(|_| uridfa::rfc2396::__VIEW__::parse("//a/b?q"))?;
    /// let b = r.to_builder().query("x")?;
    /// assert!(b.build_str(&mut [0u8; 32])?.ends_with("//a/b?x"));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_slots(self.slots())
    }

    /// The components of a view in the slots of [`crate::builder::PartsBuilder`]:
    /// a `reg_name` authority in its own slot, the empty `server` of
    /// `file:///x` as the empty host.
    pub(crate) fn slots(&self) -> [Option<&'a str>; crate::builder::SLOT_LEN] {
        let reg = self.authority_kind() == Some(AuthorityKind::RegName);
        let host = if reg {
            None
        } else {
            self.host().or(self.authority().filter(|a| a.is_empty()))
        };
        [
            self.scheme(),
            self.userinfo(),
            None,
            None,
            host,
            self.port(),
            if reg { self.authority() } else { None },
            Some(self.path()),
            self.query(),
            self.fragment(),
        ]
    }
}
