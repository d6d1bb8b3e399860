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

mod encoded;
mod generic;
#[cfg(feature = "alloc")]
mod owned;
mod parts;
mod setters;
mod types;
mod url;
mod urn;

pub use generic::Builder;
#[cfg(feature = "alloc")]
pub use owned::{RefBuf, UrnBuf};
pub(crate) use types::{check, components_of, digits, written, Pieces, Sealed};
pub use types::{BuildError, Component, ComponentRules, Conflict, GenericSyntax};
pub use urn::{UrnBuilder, UrnRules, UrnSyntax};

#[cfg(feature = "alloc")]
pub use parts::PartsBuf;
pub(crate) use parts::SLOT_LEN;
pub use parts::{PartsBuilder, PartsSyntax};
pub use setters::{shape, slot, Sets, SetsIn, Shaped};
pub use url::UrlSyntax;

/// What the three owned forms (`RefBuf`, `UrnBuf`, `PartsBuf`) share,
/// written once: their grammar traits are three (one per builder), and
/// the standard traits are foreign, so no blanket impl can give them. It
/// defines no type. For an owned form `$buf<G: $bound>`, a struct with the
/// fields `text: String` and `tags: G::Tags` (the spans of the view
/// `G::Ref`, which `G::parse_ref` parses): `parse`, `as_view`, `as_str`,
/// `into_string` and the private `replace`, which takes a built text;
/// `FromStr` that parses, `Display` as the text, a `Debug` that is the
/// view's (named components), `Hash` and `Ord` by the text, `AsRef<str>`,
/// and with `serde`, `Serialize` as the text and `Deserialize` that
/// parses. Invoked beside the struct, whose fields are private.
macro_rules! owned_form {
    ($buf:ident, $bound:path) => {
        #[cfg(feature = "alloc")]
        impl<G: $bound> $buf<G> {
            /// The spans of `s` read as the view.
            fn spans(s: &str) -> Result<G::Tags, crate::Error> {
                G::parse_ref(s).map(|r| crate::parts::FromTags::tags(&r))
            }

            /// Parses and keeps a copy of `input`.
            ///
            /// # Errors
            ///
            /// As the view's `parse`.
            pub fn parse(input: &str) -> Result<Self, crate::Error> {
                let tags = Self::spans(input)?;
                Ok($buf {
                    text: input.into(),
                    tags,
                })
            }

            /// The parsed view (no parsing: the spans are kept).
            pub fn as_view(&self) -> G::Ref<'_> {
                crate::parts::FromTags::from_tags(&self.text, self.tags)
            }

            /// The text.
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// The text, given up.
            pub fn into_string(self) -> alloc::string::String {
                self.text
            }

            /// Takes `text`, written by the builder of `G`, as the new
            /// value; unchanged when it does not parse.
            ///
            /// # Errors
            ///
            /// [`crate::builder::BuildError::Invalid`] on `component`, with
            /// the parse error.
            fn replace(
                &mut self,
                text: alloc::string::String,
                component: crate::builder::Component,
            ) -> Result<(), crate::builder::BuildError> {
                let tags = Self::spans(&text)
                    .map_err(|error| crate::builder::BuildError::Invalid { component, error })?;
                *self = $buf { text, tags };
                Ok(())
            }
        }

        #[cfg(feature = "alloc")]
        impl<G: $bound> core::str::FromStr for $buf<G> {
            type Err = crate::Error;
            fn from_str(s: &str) -> Result<Self, crate::Error> {
                Self::parse(s)
            }
        }

        #[cfg(feature = "alloc")]
        impl<G: $bound> core::fmt::Display for $buf<G> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

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

pub(crate) use owned_form;
