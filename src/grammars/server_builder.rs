//! The builder glue of the two grammars whose references have RFC 2396's
//! components ([`crate::rfc2396`], [`crate::draft_fielding_uri_rfc2396bis_01`]):
//! loaded as a child module of each (`#[path]`), so that `super` is the
//! grammar: its marker type `Marker`, its `tables`, its `UriRef` and its
//! `slots` (the reference's components in the builder's slots).
//! [`crate::builder::PartsSyntax`] and the components the builder sets
//! ([`crate::builder::Sets`]).

use super::{slots, tables, Marker, UriRef};
use crate::parts::Parts;
use tables::CAPTURE_LEN;

fn read_back<'b>(r: &UriRef<'b>) -> Option<[Option<&'b str>; crate::builder::SLOT_LEN]> {
    Some(slots(r))
}

fn ref_tags(r: &UriRef<'_>) -> [u32; 2 * CAPTURE_LEN] {
    r.parts.tags
}

fn ref_from_tags(input: &str, tags: [u32; 2 * CAPTURE_LEN]) -> UriRef<'_> {
    UriRef {
        parts: Parts { input, tags },
    }
}

impl crate::builder::Sealed for Marker {}

impl crate::builder::PartsSyntax for Marker {
    type Ref<'b> = UriRef<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    const ENTRY: &'static str = "URI-reference";
    const ALWAYS_AUTHORITY: bool = false;
    const PATH_PREFIX: &'static str = "";
    fn parse_ref(input: &str) -> Result<UriRef<'_>, crate::Error> {
        UriRef::parse(input)
    }
    // `'b: 'b` makes `'b` early-bound, as it is in the trait (where it
    // appears only in the projection `Self::Ref<'b>`).
    #[allow(clippy::extra_unused_lifetimes)]
    fn read_back<'b>(r: &UriRef<'b>) -> Option<[Option<&'b str>; crate::builder::SLOT_LEN]>
    where
        'b: 'b,
    {
        read_back(r)
    }
    fn tags(r: &UriRef<'_>) -> [u32; 2 * tables::CAPTURE_LEN] {
        ref_tags(r)
    }
    fn from_tags(input: &str, tags: [u32; 2 * tables::CAPTURE_LEN]) -> UriRef<'_> {
        ref_from_tags(input, tags)
    }
}

// The components the builder sets, each checked with the rule named
// in `rule` above ([`crate::builder::Sets`]); `&str` where the grammar's
// reference always has the component.
impl crate::builder::Sets<crate::builder::slot::Scheme> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Userinfo> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Host> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Port> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::RegName> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Path> for Marker {
    type Arg<'a> = &'a str;
}

impl crate::builder::Sets<crate::builder::slot::Query> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Fragment> for Marker {
    type Arg<'a> = Option<&'a str>;
}
