//! The transcriptions `grammar/rfc2396.abnf` and
//! `grammar/draft-fielding-url-syntax-05.abnf` against Appendix A of the
//! documents themselves (`../shared/specs/rfc2396.txt`, "A. Collected BNF
//! for URI"; `../shared/specs/draft-fielding-url-syntax-05.txt`, "A.
//! Collected BNF for URLs"), rule by rule: applying the rewrites listed in
//! `grammar/README.md` (sections "rfc2396" and
//! "draft-fielding-url-syntax-05") and nothing else to each rule of the
//! document must give our rule, token for token, in the same order. Skips
//! (with a message) when `../shared/specs` is absent.
//!
//! The rewrites (README, "Notation"): `|` becomes `/`; `_` in a rule name
//! becomes `-` (`hier_part` -> `hier-part`); the quoted letters of
//! `lowalpha`, `upalpha` and `hex` become case-sensitive `%s"a"` (RFC
//! 7405), since §1.6 (§1.4 in the draft) says "Each literal in the grammar
//! corresponds to the character it represents" and ABNF strings are
//! case-insensitive.

use crate::common;
use common::skip;
use common::transcription::strip_comment;

use std::path::Path;

/// A rule: its name and its right-hand side as tokens.
type Rule = (String, Vec<String>);

/// Tokens of BNF or ABNF text (comments already removed): quoted strings,
/// the one-character operators `( ) [ ] | / =`, and words (names,
/// repetition prefixes such as `1*`, `%s`).
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            let mut t = String::from(chars.next().unwrap());
            for d in chars.by_ref() {
                t.push(d);
                if d == '"' {
                    break;
                }
            }
            out.push(t);
        } else if "()[]|/=".contains(c) {
            out.push(chars.next().unwrap().to_string());
        } else {
            let mut t = String::new();
            while let Some(&d) = chars.peek() {
                if d.is_whitespace() || "()[]|/=\"".contains(d) {
                    break;
                }
                t.push(d);
                chars.next();
            }
            out.push(t);
        }
    }
    out
}

/// Rules from a token stream: a rule starts at a word followed by `=`.
fn rules(tokens: &[String]) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let starts = tokens.get(i + 1).is_some_and(|t| t == "=")
            && tokens[i].starts_with(|c: char| c.is_ascii_alphabetic());
        if starts {
            out.push((tokens[i].clone(), Vec::new()));
            i += 2;
        } else {
            out.last_mut()
                .unwrap_or_else(|| panic!("text before the first rule: {:?}", tokens[i]))
                .1
                .push(tokens[i].clone());
            i += 1;
        }
    }
    out
}

/// The rewrites of grammar/README.md, applied to one rule of a document.
fn transcribe((name, rhs): &Rule) -> Rule {
    let case_sensitive = matches!(name.as_str(), "lowalpha" | "upalpha" | "hex");
    let mut out = Vec::new();
    for t in rhs {
        if t == "|" {
            out.push("/".to_string());
        } else if case_sensitive && t.len() == 3 && t.as_bytes()[1].is_ascii_alphabetic() {
            out.push("%s".to_string());
            out.push(t.clone());
        } else if t.starts_with('"') {
            out.push(t.clone());
        } else {
            out.push(t.replace('_', "-"));
        }
    }
    (name.replace('_', "-"), out)
}

/// Our rules: comments (pragmas are comments too) removed.
fn our_rules(path: &Path) -> Vec<Rule> {
    let text = std::fs::read_to_string(path).unwrap();
    let body: String = text
        .lines()
        .map(strip_comment)
        .collect::<Vec<_>>()
        .join("\n");
    rules(&tokens(&body))
}

/// Appendix A of `spec`, from `start` to `end` (headings), with the page
/// headers and footers dropped where `indented` (rules are indented, the
/// page furniture starts in column 1).
fn appendix(spec: &str, start: &str, end: &str, indented: bool) -> Option<Vec<Rule>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/specs")
        .join(spec);
    let Ok(text) = std::fs::read_to_string(&path) else {
        skip::note(format_args!("SKIPPED: {} not found", path.display()));
        return None;
    };
    let from = text.find(start).expect("Appendix A heading") + start.len();
    let to = from + text[from..].find(end).expect("Appendix B heading");
    let body: String = text[from..to]
        .lines()
        .filter(|l| !indented || l.starts_with(' '))
        .collect::<Vec<_>>()
        .join("\n");
    Some(rules(&tokens(&body)))
}

fn check(spec: Vec<Rule>, grammar: &str) -> usize {
    let theirs: Vec<Rule> = spec.iter().map(transcribe).collect();
    let ours = our_rules(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("grammar")
            .join(grammar),
    );
    for (i, (t, o)) in theirs.iter().zip(&ours).enumerate() {
        assert_eq!(
            t, o,
            "{grammar}: rule {i} differs from the document's Appendix A"
        );
    }
    assert_eq!(theirs.len(), ours.len(), "{grammar}: rule count");
    theirs.len()
}

#[test]
fn rfc2396_is_appendix_a_transcribed() {
    let Some(spec) = appendix(
        "rfc2396.txt",
        "\nA. Collected BNF for URI\n",
        "\nB. Parsing a URI Reference",
        true,
    ) else {
        return;
    };
    assert_eq!(check(spec, "rfc2396.abnf"), 40);
}

#[test]
fn draft_05_is_appendix_a_transcribed() {
    // The copy is a mail-archive rendering: the BNF is running text, and a
    // rule ends where the next `name =` begins.
    let Some(spec) = appendix(
        "draft-fielding-url-syntax-05.txt",
        "Appendices A. Collected BNF for URLs",
        " B.\nParsing a URL Reference",
        false,
    ) else {
        return;
    };
    assert_eq!(check(spec, "draft-fielding-url-syntax-05.abnf"), 37);
}

/// The comparison can fail: a one-token change to a document rule is
/// caught.
#[test]
fn a_changed_rule_is_caught() {
    let Some(mut spec) = appendix(
        "rfc2396.txt",
        "\nA. Collected BNF for URI\n",
        "\nB. Parsing a URI Reference",
        true,
    ) else {
        return;
    };
    let port = spec.iter_mut().find(|r| r.0 == "port").unwrap();
    port.1 = vec!["1*digit".to_string()];
    let r = std::panic::catch_unwind(|| check(spec, "rfc2396.abnf"));
    assert!(r.is_err(), "port = 1*digit must differ from port = *digit");
}
