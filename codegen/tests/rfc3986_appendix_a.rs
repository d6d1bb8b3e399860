//! `grammar/rfc3986.abnf` is RFC 3986 Appendix A, complete and verbatim:
//! the same rule names in the same order, and the same right-hand sides
//! after white-space normalization. The RFC text is read from
//! `../shared/specs/rfc3986.txt`, beside the repository.

#[path = "../../tests/common/skip.rs"]
mod skip;

const RFC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/specs/rfc3986.txt"
);
const GRAMMAR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/rfc3986.abnf");

/// Strips a `;` comment, leaving `";"` inside quotes alone.
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// `name =` at the start of a (trimmed) line: the name of a new rule.
fn rule_start(line: &str) -> Option<(&str, &str)> {
    let (name, rest) = line.split_once('=')?;
    let name = name.trim();
    let valid = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    (valid && !rest.starts_with('/')).then_some((name, rest))
}

/// The rules of ABNF text as `(name, right-hand side)`, comments dropped,
/// continuation lines joined, white space collapsed to single spaces.
fn rules(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let line = strip_comment(line.trim_end_matches('\r'));
        if line.trim().is_empty() {
            continue;
        }
        match rule_start(line) {
            Some((name, rest)) => out.push((name.to_string(), rest.to_string())),
            None => match out.last_mut() {
                Some((_, rhs)) => {
                    rhs.push(' ');
                    rhs.push_str(line);
                }
                None => out.push((String::new(), line.to_string())),
            },
        }
    }
    for (_, rhs) in &mut out {
        *rhs = rhs.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    out
}

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
fn grammar_rules(text: &str) -> Vec<(String, String)> {
    let text: String = text
        .lines()
        .take_while(|l| !l.starts_with(HELPERS))
        .filter(|l| !l.starts_with(";@"))
        .map(|l| format!("{l}\n"))
        .collect();
    rules(&text)
}

/// Compares the two rule lists; `Err` names the first difference.
fn compare(spec: &[(String, String)], ours: &[(String, String)]) -> Result<(), String> {
    for (i, pair) in spec.iter().zip(ours).enumerate() {
        let ((sn, sr), (on, or)) = pair;
        if sn != on {
            return Err(format!("rule {i}: RFC has '{sn}', grammar has '{on}'"));
        }
        if sr != or {
            return Err(format!("rule '{sn}': RFC has `{sr}`, grammar has `{or}`"));
        }
    }
    if spec.len() != ours.len() {
        return Err(format!(
            "RFC has {} rules, grammar has {}",
            spec.len(),
            ours.len()
        ));
    }
    Ok(())
}

/// The RFC's rules, or `None` (with a visible message) without the file.
fn spec_rules() -> Option<Vec<(String, String)>> {
    match std::fs::read_to_string(RFC) {
        Ok(rfc) => Some(rules(&appendix_a(&rfc))),
        Err(e) => {
            skip::note(format_args!("SKIPPED: {RFC} not found ({e})"));
            None
        }
    }
}

#[test]
fn grammar_is_appendix_a_verbatim() {
    let Some(spec) = spec_rules() else { return };
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
    let Some(spec) = spec_rules() else { return };
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
