//! The typed-view macro shared by the grammars of the RFC 3986 family
//! (`rfc3986`, `rfc3987`, `rfc6874`): one zero-copy struct per entry rule,
//! with the same accessors, built on [`crate::parts::Parts`].
//!
//! [`views!`] is invoked once per module. The calling module provides
//! `tables` (the generated tables), a `Parts<'a>` type alias, a
//! `host_kind(&Parts) -> Option<HostKind>` function and the `HostKind`
//! type; the macro names the grammar's capture constants and rule names
//! it is given, so the same accessors serve `authority` (RFC 3986) and
//! `iauthority` (RFC 3987).

/// Defines one view struct per entry rule. See the module docs.
macro_rules! views {
    (
        module: $module:literal,
        bytes_doc: $bytes_doc:literal,
        captures: {
            scheme: $scheme:ident $scheme_rule:literal,
            authority: $authority:ident $authority_rule:literal,
            userinfo: $userinfo:ident $userinfo_rule:literal,
            host: $host:ident $host_rule:literal,
            port: $port:ident $port_rule:literal,
            path: $path:ident $path_rule:literal,
            query: $query:ident $query_rule:literal,
            fragment: $fragment:ident $fragment_rule:literal $(,)?
        },
        views: {
            $(
                $(#[$doc:meta])*
                $name:ident, $table:ident, $rule:literal, $example:literal, $pct_example:literal;
            )+
        }
    ) => {
        $(
        crate::view::view_core! {
            module: $module,
            bytes_doc: $bytes_doc,
            $(#[$doc])*
            $name, $table, $rule, $example
        }

        impl<'a> $name<'a> {

            #[doc = concat!("`", $scheme_rule, "` (RFC 3986 §3.1), without the `:`.")]
            pub fn scheme(&self) -> Option<&'a str> {
                self.parts.get(tables::$scheme)
            }

            #[doc = concat!("`", $authority_rule, "` (RFC 3986 §3.2), without the leading `//`. `Some(\"\")` for `file:///x`.")]
            pub fn authority(&self) -> Option<&'a str> {
                self.parts.get(tables::$authority)
            }

            #[doc = concat!("`", $userinfo_rule, "` (RFC 3986 §3.2.1), without the `@`.")]
            pub fn userinfo(&self) -> Option<&'a str> {
                self.parts.get(tables::$userinfo)
            }

            #[doc = concat!("`", $host_rule, "` (RFC 3986 §3.2.2), with the brackets of an IP literal.")]
            pub fn host(&self) -> Option<&'a str> {
                self.parts.get(tables::$host)
            }

            #[doc = concat!("Which alternative of `", $host_rule, "` matched; `None` without an authority.")]
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

            #[doc = concat!("`", $port_rule, "` (RFC 3986 §3.2.3), without the `:`. `Some(\"\")` for `http://a:/`.")]
            pub fn port(&self) -> Option<&'a str> {
                self.parts.get(tables::$port)
            }

            /// The port as a number: `None` if absent, empty, or above
            /// 65535 (the grammar allows any `*DIGIT`).
            pub fn port_u16(&self) -> Option<u16> {
                crate::parts::port_u16(self.port()?)
            }

            #[doc = concat!("`", $path_rule, "` (RFC 3986 §3.3): whichever of its alternatives matched. Always defined, possibly empty.")]
            pub fn path(&self) -> &'a str {
                self.parts.get(tables::$path).unwrap_or("")
            }

            #[doc = concat!("`", $query_rule, "` (RFC 3986 §3.4), without the `?`.")]
            pub fn query(&self) -> Option<&'a str> {
                self.parts.get(tables::$query)
            }

            #[doc = concat!("`", $fragment_rule, "` (RFC 3986 §3.5), without the `#`.")]
            pub fn fragment(&self) -> Option<&'a str> {
                self.parts.get(tables::$fragment)
            }

            /// The path's segments, percent-decoded: see
            /// [`crate::pct::PathSegments`] for the exact split (one
            /// leading `/` does not start an empty segment; the empty path
            /// has none).
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("let r = uridfa::", $module, "::", stringify!($name), "::parse(\"", $pct_example, "\")?;")]
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
            #[doc = concat!("let r = uridfa::", $module, "::", stringify!($name), "::parse(\"", $pct_example, "\")?;")]
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

            /// The span of capture `index` (see [`tables`] for the
            /// indices), for components not covered by an accessor.
            pub fn span(&self, index: usize) -> Option<(usize, usize)> {
                self.parts.span(index)
            }
        }
        )+
    };
}

pub(crate) use views;

/// The part every typed view shares, whatever its grammar: the struct over
/// [`crate::parts::Parts`], `parse`, `parse_bytes`, `is_valid`, `as_str`
/// and `Display`. The calling module provides `tables` and a `Parts<'a>`
/// alias; its own `impl` block adds the grammar's accessors.
macro_rules! view_core {
    (
        module: $module:literal,
        bytes_doc: $bytes_doc:literal,
        $(#[$doc:meta])*
        $name:ident, $table:ident, $rule:literal, $example:literal
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq)]
        pub struct $name<'a> {
            parts: Parts<'a>,
        }

        crate::view::view_traits!($name, tables::$table);

        impl<'a> $name<'a> {
            #[doc = concat!("Parses `input` as `", $rule, "`.")]
            ///
            /// # Errors
            ///
            /// An [`Error`] at the first byte that cannot continue a match,
            /// or at the end if the input stops short.
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("let r = uridfa::", $module, "::", stringify!($name), "::parse(\"", $example, "\")?;")]
            #[doc = concat!("assert_eq!(r.as_str(), \"", $example, "\");")]
            /// # Ok::<(), uridfa::Error>(())
            /// ```
            pub fn parse(input: &'a str) -> Result<Self, Error> {
                Ok($name { parts: Parts::parse_str::<{ tables::REG_LEN }>(&tables::$table, input)? })
            }

            #[doc = concat!("Parses bytes as `", $rule, "`. Any bytes are accepted as input; ", $bytes_doc)]
            ///
            /// # Errors
            ///
            /// As [`Self::parse`].
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("let r = uridfa::", $module, "::", stringify!($name), "::parse_bytes(\"", $example, "\".as_bytes())?;")]
            #[doc = concat!("assert_eq!(r.as_str(), \"", $example, "\");")]
            /// # Ok::<(), uridfa::Error>(())
            /// ```
            pub fn parse_bytes(input: &'a [u8]) -> Result<Self, Error> {
                Ok($name { parts: Parts::parse_bytes::<{ tables::REG_LEN }>(&tables::$table, input)? })
            }

            #[doc = concat!("Whether `input` matches `", $rule, "`, without reporting components (faster than parsing).")]
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("assert!(uridfa::", $module, "::", stringify!($name), "::is_valid(\"", $example, "\".as_bytes()));")]
            /// ```
            pub fn is_valid(input: &[u8]) -> bool {
                uridfa_runtime::validate(&tables::$table, input).is_ok()
            }

            /// The whole input.
            pub fn as_str(&self) -> &'a str {
                self.parts.input
            }
        }

        impl core::fmt::Display for $name<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.parts.input)
            }
        }
    };
}

pub(crate) use view_core;

/// The traits every typed view shares, whatever macro defines it: a
/// `Debug` that names each component (the grammar's capture names, from
/// `$table`), `Hash` and `Ord` by the text (equal texts give equal views,
/// so these agree with the derived `Eq`), `AsRef<str>`, `TryFrom<&str>`
/// (as `parse`) and, with the feature `serde`, `Serialize` as the text and
/// a borrowing `Deserialize` that parses. The view needs `parts`
/// (`crate::parts::Parts`), `as_str` and `parse`.
macro_rules! view_traits {
    ($name:ident, $table:expr) => {
        impl core::fmt::Debug for $name<'_> {
            /// The components by name, e.g. `UriRef { scheme: Some("http"),
            /// authority: Some("a"), .. }`; absent ones are `None`.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let t: &uridfa_runtime::Tables<'static> = &$table;
                let mut d = f.debug_struct(stringify!($name));
                for i in 0..t.capture_len() {
                    if let Some(name) = t.capture_name(i) {
                        d.field(name, &self.parts.get(i));
                    }
                }
                d.finish()
            }
        }

        crate::view::text_traits!($name);
    };
}

pub(crate) use view_traits;

/// `Hash`, `Ord`, `AsRef<str>`, `TryFrom<&str>` and the `serde` impls of
/// [`view_traits!`], for a type with `as_str` and `parse` (also the RFC
/// 1738 `Url` enums, whose `Debug` shows the variant).
macro_rules! text_traits {
    ($name:ident) => {
        impl core::hash::Hash for $name<'_> {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.as_str().hash(state);
            }
        }

        impl PartialOrd for $name<'_> {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        /// By the text, byte by byte (not by any normal form).
        impl Ord for $name<'_> {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl AsRef<str> for $name<'_> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl<'a> TryFrom<&'a str> for $name<'a> {
            type Error = crate::Error;

            /// As [`Self::parse`].
            fn try_from(input: &'a str) -> Result<Self, crate::Error> {
                Self::parse(input)
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $name<'_> {
            /// As the text.
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        #[cfg(feature = "serde")]
        impl<'de: 'a, 'a> serde::Deserialize<'de> for $name<'a> {
            /// From a borrowed string, parsed; a parse error becomes the
            /// deserializer's error, with our message.
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text: &'de str = serde::Deserialize::deserialize(d)?;
                Self::parse(text).map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use text_traits;

/// `path_segments()` and `query_pairs()` for the views of RFC 2396 and
/// 2396bis-01, whose opaque URIs have no segments. Invoked inside an
/// `impl` block that has `opaque_part`, `path` and `query`.
macro_rules! decoded_views_2396 {
    ($module:literal) => {
        /// The path's segments, percent-decoded: see
        /// [`crate::pct::PathSegments`] for the exact split (one leading
        /// `/` does not start an empty segment). The same type as every
        /// family's `path_segments()`. An opaque URI has none: its
        /// `opaque_part` is not made of segments (§3; see
        /// `opaque_part()`).
        ///
        /// # Example
        ///
        /// ```
        #[doc = concat!("use uridfa::", $module, "::UriRef;")]
        /// let r = UriRef::parse("http://h/a%20b/c;p?x=1%202&y")?;
        /// let mut segs = r.path_segments();
        /// assert!(segs.next().unwrap().eq_str("a b"));
        /// assert!(segs.next().unwrap().eq_str("c;p"));
        /// assert!(segs.next().is_none());
        /// let opaque = UriRef::parse("mailto:a@b")?;
        /// assert!(opaque.path_segments().next().is_none() && opaque.opaque_part().is_some());
        /// # Ok::<(), uridfa::Error>(())
        /// ```
        pub fn path_segments(&self) -> crate::pct::PathSegments<'a> {
            let path = if self.opaque_part().is_some() {
                ""
            } else {
                self.path()
            };
            crate::pct::PathSegments::new(path)
        }

        /// The query's `key=value` pairs, percent-decoded, or `None`
        /// without a query: see [`crate::pct::QueryPairs`] (split at
        /// `&`, then at the first `=`; no `+` to space).
        ///
        /// # Example
        ///
        /// ```
        #[doc = concat!("use uridfa::", $module, "::UriRef;")]
        /// let r = UriRef::parse("http://h/a%20b/c;p?x=1%202&y")?;
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
    };
}

pub(crate) use decoded_views_2396;
