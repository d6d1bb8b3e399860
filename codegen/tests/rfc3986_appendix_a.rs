//! `grammar/rfc3986.abnf` is RFC 3986 Appendix A, complete and verbatim:
//! the same rule names in the same order, and the same right-hand sides
//! after white-space normalization. The RFC text is read from
//! `../shared/specs/rfc3986.txt`, beside the repository.

use crate::transcription;

use transcription::{compare, rules, spec_rules, Rule};

const RFC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/specs/rfc3986.txt"
);
const GRAMMAR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/rfc3986.abnf");

/// Appendix A of the RFC text: from its heading to Appendix B, without
/// page footers, page headers and form feeds.
fn appendix_a(rfc: &str) -> String {
    let start = rfc
        .find("\nAppendix A.  Collected ABNF for URI")
        .expect("Appendix A heading");
    let end = rfc[start..]
        .find("\nAppendix B.")
        .map(|i| start + i)
        .expect("Appendix B heading");
    rfc[start..end]
        .lines()
        .skip(2) // the newline before the heading, and the heading
        .map(|l| l.trim_start_matches('\u{c}'))
        .filter(|l| !l.starts_with("Berners-Lee, et al.") && !l.starts_with("RFC 3986 "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The line after which `grammar/rfc3986.abnf` holds uridfa helper rules
/// (for `;@ encode-set` pragmas), not Appendix A rules.
const HELPERS: &str = "; uridfa: helper rules below this line";

/// `grammar/rfc3986.abnf` without pragma lines and without the helper rules
/// after [`HELPERS`] (comments go in [`rules`]).
fn grammar_rules(text: &str) -> Vec<Rule> {
    let text: String = text
        .lines()
        .take_while(|l| !l.starts_with(HELPERS))
        .filter(|l| !l.starts_with(";@"))
        .map(|l| format!("{l}\n"))
        .collect();
    rules(text.lines())
}

/// The RFC's Appendix A rules, or `None` (with a visible message)
/// without the file.
fn spec_rules_a() -> Option<Vec<Rule>> {
    spec_rules(RFC, |rfc| rules(appendix_a(rfc).lines()))
}

#[test]
fn grammar_is_appendix_a_verbatim() {
    let Some(spec) = spec_rules_a() else { return };
    let ours = grammar_rules(&std::fs::read_to_string(GRAMMAR).unwrap());
    assert_eq!(spec.len(), 36, "{spec:#?}");
    assert_eq!(spec[0].0, "URI");
    assert_eq!(spec[35].0, "sub-delims");
    assert_eq!(
        spec[35].1,
        r#""!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=""#
    );
    assert_eq!(
        spec.iter().find(|r| r.0 == "path-empty").unwrap().1,
        "0<pchar>"
    );
    compare(&spec, &ours).unwrap();
}

#[test]
fn comparison_detects_changes() {
    let Some(spec) = spec_rules_a() else { return };
    let text = std::fs::read_to_string(GRAMMAR).unwrap();
    // A changed right-hand side.
    let changed = text.replace("port          = *DIGIT", "port          = 1*DIGIT");
    assert_ne!(changed, text);
    assert_eq!(
        compare(&spec, &grammar_rules(&changed)),
        Err("rule 'port': RFC has `*DIGIT`, grammar has `1*DIGIT`".to_string())
    );
    // A changed continuation line.
    let changed = text.replace("/ \"*\" / \"+\"", "/ \"+\"");
    assert!(compare(&spec, &grammar_rules(&changed)).is_err());
    // Two rules swapped.
    let changed = text.replace(
        "h16           = 1*4HEXDIG\nls32          = ( h16 \":\" h16 ) / IPv4address\n",
        "ls32          = ( h16 \":\" h16 ) / IPv4address\nh16           = 1*4HEXDIG\n",
    );
    assert_ne!(changed, text);
    assert_eq!(
        compare(&spec, &grammar_rules(&changed)),
        Err("rule 14: RFC has 'h16', grammar has 'ls32'".to_string())
    );
    // A rule dropped.
    let changed = text.replace("reserved      = gen-delims / sub-delims\n", "");
    assert!(compare(&spec, &grammar_rules(&changed)).is_err());
    // White space and comments do not matter.
    let changed = text.replace("port          = *DIGIT", "port =   *DIGIT ; digits");
    compare(&spec, &grammar_rules(&changed)).unwrap();
}
