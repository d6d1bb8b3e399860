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

mod generic;
#[cfg(feature = "alloc")]
mod owned;
mod parts;
mod types;
mod urn;

pub use generic::Builder;
#[cfg(feature = "alloc")]
pub use owned::{RefBuf, UrnBuf};
pub(crate) use types::{check, components_of, digits, Out, Sealed};
pub use types::{BuildError, Component, ComponentRules, Conflict, GenericSyntax};
pub use urn::{UrnBuilder, UrnRules, UrnSyntax};

#[cfg(feature = "alloc")]
pub use parts::PartsBuf;
pub(crate) use parts::{parts_setter, parts_setters, parts_syntax, server_slots, SLOT_LEN};
pub use parts::{PartsBuilder, PartsSyntax};

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
        impl<G: $bound> core::fmt::Debug for $buf<G> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Debug::fmt(&self.as_view(), f)
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
