//! `uridfa::Grammar` is two things in two namespaces: the derive macro and
//! the deprecated type alias of `uridfa::GrammarId`, the enum of the
//! built-in grammars (its old name). Code written against the enum's old
//! name still compiles (with a deprecation warning, allowed here), and one
//! `use uridfa::Grammar;` brings in both.

#![allow(deprecated)]

use uridfa::Grammar;

/// The derive through the imported name.
#[derive(Grammar)]
#[grammar = "grammar/date.abnf"]
#[entry = "full-date"]
struct Date;

#[test]
fn the_derive_and_the_old_enum_name_share_a_name() {
    assert!(Date::parse("1985-04-12").is_ok());
    let g: Grammar = Grammar::from_name("RFC3986").expect("rfc3986 is built in");
    assert_eq!(g, uridfa::GrammarId::Rfc3986);
    assert_eq!(Grammar::Rfc3986.name(), "rfc3986");
    assert!(matches!(g, Grammar::Rfc3986));
    assert_eq!(Grammar::ALL.len(), uridfa::GrammarId::ALL.len());
}
