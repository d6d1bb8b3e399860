// What RFC 3986 adds to every view of its family (`rfc3986`, `rfc3987`,
// `rfc6874`): `uridfa-generate` writes this into each grammar's
// `src/generated/*_views.rs` once per view, `__VIEW__` replaced by the
// view's type, `__MODULE__` by the grammar's module and `__REF__` by its
// first view (Note [methods files] in `uridfa_codegen::emit::view`). Each
// method calls a function of the grammar's module (`host_kind`) or of the
// crate (`crate::parts`, `crate::pct`).

impl<'a> __VIEW__<'a> {
    /// Which alternative of the host rule matched (its `;@ kind`);
    /// `None` without an authority.
    pub fn host_kind(&self) -> Option<HostKind> {
        host_kind(&self.parts)
    }

    /// The host as an IP address: an `IPv4address`, or the
    /// `IPv6address` of an `IP-literal` (RFC 3986 §3.2.2), without
    /// an RFC 6874 zone ID; `None` for a reg-name, an `IPvFuture`
    /// or no authority.
    ///
    /// # Example
    ///
    /// ```
    /// use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    /// use uridfa::rfc3986::UriRef;
    /// let v6 = UriRef::parse("ldap://[2001:db8::7]/c=GB?objectClass?one")?;
    /// assert_eq!(v6.host_ip(), Some(IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 7))));
    /// let v4 = UriRef::parse("telnet://192.0.2.16:80/")?;
    /// assert_eq!(v4.host_ip(), Some(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 16))));
    /// assert_eq!(UriRef::parse("http://192.168.0.300/")?.host_ip(), None); // a reg-name
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn host_ip(&self) -> Option<core::net::IpAddr> {
        crate::parts::host_ip(self.host()?, self.host_kind()?)
    }

    /// The port as a number: `None` if absent, empty, or above
    /// 65535 (the grammar allows any `*DIGIT`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The path's segments, percent-decoded: see
    /// [`crate::pct::PathSegments`] for the exact split (one
    /// leading `/` does not start an empty segment; the empty path
    /// has none).
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::__MODULE__::__REF__::parse("http://h/a%20b/c%2Fd?x=1%202&y")?;
    /// let mut segs = r.path_segments();
    /// assert!(segs.next().unwrap().eq_str("a b"));
    /// assert!(segs.next().unwrap().eq_str("c/d"));
    /// assert!(segs.next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn path_segments(&self) -> crate::pct::PathSegments<'a> {
        crate::pct::PathSegments::new(self.path())
    }

    /// The query's `key=value` pairs, percent-decoded, or `None`
    /// without a query: see [`crate::pct::QueryPairs`] (split at
    /// `&`, then at the first `=`; no `+` to space).
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::__MODULE__::__REF__::parse("http://h/a%20b/c%2Fd?x=1%202&y")?;
    /// let mut pairs = r.query_pairs().unwrap();
    /// let (k, v) = pairs.next().unwrap();
    /// assert!(k.eq_str("x") && v.unwrap().eq_str("1 2"));
    /// let (k, v) = pairs.next().unwrap();
    /// assert!(k.eq_str("y") && v.is_none());
    /// assert!(pairs.next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn query_pairs(&self) -> Option<crate::pct::QueryPairs<'a>> {
        Some(crate::pct::QueryPairs::new(self.query()?))
    }
}
