//! `uridfa::Facts`: each grammar's marker type carries what its generated
//! tables say, and every view names its grammar's marker as
//! `View::Grammar`. Checked against `uridfa::GRAMMARS` (the registry the
//! CLI reads, generated apart from the markers) and against the grammar
//! files' pragmas as written.

#![cfg(feature = "all-grammars")]

use uridfa::{Facts, View};

/// The marker's facts equal the registry's entry of the same name.
fn agrees<F: Facts>() {
    let g = uridfa::grammar(F::NAME).expect("a built-in grammar");
    assert_eq!(F::ENTRIES.len(), g.entries.len(), "{}", F::NAME);
    for (a, b) in F::ENTRIES.iter().zip(g.entries) {
        assert!(core::ptr::eq(*a, *b), "{}: {}", F::NAME, a.rule);
    }
    assert_eq!(F::LISTS.len(), F::ENTRIES.len(), "{}", F::NAME);
    assert_eq!(F::COMPONENT_RULES.len(), g.components.len(), "{}", F::NAME);
    assert_eq!(F::UTF8, g.utf8, "{}", F::NAME);
}

/// The view's grammar is `F`.
fn grammar_of<'a, V: View<'a>>() -> &'static str {
    <V::Grammar as Facts>::NAME
}

#[test]
fn every_marker_agrees_with_the_registry() {
    use uridfa::*;
    agrees::<rfc3986::Rfc3986>();
    agrees::<rfc3987::Rfc3987>();
    agrees::<rfc6874::Rfc6874>();
    agrees::<rfc2396::Rfc2396>();
    agrees::<draft_fielding_uri_rfc2396bis_01::Rfc2396bis01>();
    agrees::<draft_fielding_url_syntax_05::UrlSyntax05>();
    agrees::<rfc1738::Rfc1738>();
    agrees::<draft_ietf_uri_url_06::Url06>();
    agrees::<rfc8141::Rfc8141>();
    agrees::<draft_ietf_urnbis_rfc2141bis_urn_03::UrnDraft03>();
    agrees::<rfc8089::Rfc8089>();
    agrees::<rfc6068::Rfc6068>();
}

#[test]
fn views_name_their_grammar() {
    use uridfa::*;
    assert_eq!(grammar_of::<rfc3986::Uri<'_>>(), "rfc3986");
    assert_eq!(grammar_of::<rfc3987::IrelativeRef<'_>>(), "rfc3987");
    assert_eq!(grammar_of::<rfc1738::Ftp<'_>>(), "rfc1738");
    assert_eq!(grammar_of::<rfc6068::MailtoUri<'_>>(), "rfc6068");
}

#[test]
fn encode_sets_and_component_rules_as_the_pragmas_name_them() {
    use uridfa::rfc3986::Rfc3986;
    // grammar/rfc3986.abnf: `;@ encode-set userinfo = userinfo`, `segment`,
    // `path = path-chars`, `query`, `fragment`.
    let names: Vec<&str> = Rfc3986::ENCODE_SETS.iter().map(|s| s.name).collect();
    assert_eq!(names, ["userinfo", "segment", "path", "query", "fragment"]);
    assert_eq!(
        Rfc3986::encode_set("PATH").map(|s| s.rule),
        Some("path-chars")
    );
    assert!(Rfc3986::encode_set("host").is_none());
    assert_eq!(
        Rfc3986::component_rule("path-noscheme").map(|t| t.rule),
        Some("path-noscheme")
    );
    // rfc6068 has lists: `to` and `hfields` in its one entry.
    assert_eq!(uridfa::rfc6068::Rfc6068::LISTS[0].len(), 2);
}
