//! `grammar/rfc3987.abnf` is RFC 3987 §2.2, complete and verbatim: the
//! same rule names in the same order, and the same right-hand sides after
//! white-space normalization. The RFC text is read from
//! `../shared/specs/rfc3987.txt`; without it the test is skipped visibly.

use crate::common;
use common::transcription::rule_start;
use common::transcription::{compare, rules, spec_rules, Rule};

const RFC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/specs/rfc3987.txt");
const GRAMMAR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/rfc3987.abnf");

/// The ABNF of §2.2: the section runs from its heading to section 3. In
/// it, a rule starts with three spaces and `name =`, and its continuation
/// lines are indented further; prose is indented three spaces, and page
/// headers and footers start in column 1, so both are left out.
fn section_2_2(rfc: &str) -> Vec<Rule> {
    let start = rfc
        .find("\n2.2.  ABNF for IRI References and IRIs")
        .expect("§2.2 heading");
    let end = start
        + rfc[start..]
            .find("\n3.  Relationship between IRIs and URIs")
            .expect("§3 heading");
    rules(rfc[start..end].lines().filter(|l| {
        let rule = l.starts_with("   ") && rule_start(l.trim_start()).is_some();
        let continuation = l.starts_with("    ") && !l.trim().is_empty();
        rule || continuation
    }))
}

fn grammar_rules(text: &str) -> Vec<Rule> {
    rules(text.lines().filter(|l| !l.starts_with(";@")))
}

/// The RFC's §2.2 rules, or `None` (with a visible message) without the
/// file.
fn spec_rules_2_2() -> Option<Vec<Rule>> {
    spec_rules(RFC, section_2_2)
}

#[test]
fn grammar_is_section_2_2_verbatim() {
    let Some(spec) = spec_rules_2_2() else { return };
    let ours = grammar_rules(&std::fs::read_to_string(GRAMMAR).unwrap());
    // 25 rules that differ from RFC 3986, then 14 that are the same.
    assert_eq!(spec.len(), 39, "{spec:#?}");
    assert_eq!(spec[0].0, "IRI");
    assert_eq!(
        spec[0].1,
        r##"scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]"##
    );
    assert_eq!(spec[24].0, "iprivate");
    assert_eq!(spec[25].0, "scheme");
    assert_eq!(spec[38].0, "sub-delims");
    let ucschar = &spec.iter().find(|r| r.0 == "ucschar").unwrap().1;
    assert!(ucschar.starts_with("%xA0-D7FF / %xF900-FDCF"), "{ucschar}");
    assert!(
        ucschar.ends_with("%xD0000-DFFFD / %xE1000-EFFFD"),
        "{ucschar}"
    );
    compare(&spec, &ours).unwrap();
}

#[test]
fn comparison_detects_changes() {
    let Some(spec) = spec_rules_2_2() else { return };
    let text = std::fs::read_to_string(GRAMMAR).unwrap();
    let changed = text.replace("%xE000-F8FF", "%xE000-F8FE");
    assert_ne!(changed, text);
    assert!(compare(&spec, &grammar_rules(&changed)).is_err());
    let changed = text.replace("                      [ \"#\" ifragment ]\n", "\n");
    assert_ne!(changed, text);
    assert!(compare(&spec, &grammar_rules(&changed)).is_err());
    let changed = text.replace("reserved       = gen-delims / sub-delims\n", "");
    assert_ne!(changed, text);
    assert!(compare(&spec, &grammar_rules(&changed)).is_err());
    // White space and comments do not matter.
    let changed = text.replace("port           = *DIGIT", "port = *DIGIT ; digits");
    assert_ne!(changed, text);
    compare(&spec, &grammar_rules(&changed)).unwrap();
}
