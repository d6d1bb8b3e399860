// What draft-fielding-uri-rfc2396bis-01 adds to each of its views: `uridfa-generate` writes this into
// `src/generated/draft_fielding_uri_rfc2396bis_01_views.rs` once per view (Note [methods files] in
// `uridfa_codegen::emit::view`); the methods call functions of the
// grammar's module.

impl<'a> __VIEW__<'a> {
    /// Whether the authority is a `server` or a `reg-name` (§3.2);
    /// `None` without an authority.
    pub fn authority_kind(&self) -> Option<AuthorityKind> {
        authority_kind(&self.parts)
    }

    /// Which alternative of `host` matched; `None` when
    /// [`Self::host`] is.
    pub fn host_kind(&self) -> Option<HostKind> {
        host_kind(&self.parts)
    }

    /// The port as a number: `None` if absent, empty, or above
    /// 65535 (the grammar allows any `*DIGIT`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The path (§3, §3.3, §5): whichever of `abs-path`,
    /// `opaque-part` or `rel-path` matched ([`Self::path_kind`]).
    /// Always defined, possibly empty.
    pub fn path(&self) -> &'a str {
        path(&self.parts)
    }

    /// Which rule the path matched.
    pub fn path_kind(&self) -> PathKind {
        path_kind(&self.parts)
    }

    /// A [`Builder`] pre-filled with this reference's components,
    /// to change some of them and build anew.
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::draft_fielding_uri_rfc2396bis_01::__VIEW__::parse("http://a/b?q").or_else(|_| uridfa::draft_fielding_uri_rfc2396bis_01::__VIEW__::parse("//a/b?q"))?;
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
