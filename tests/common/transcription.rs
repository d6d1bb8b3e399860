//! Comparing an ABNF transcription in `grammar/` with the rules printed
//! in a document: removing comments, finding where a rule starts, joining
//! continuation lines, and naming the first difference. Shared by the
//! tests in `tests/` (through `common`) and by
//! `codegen/tests/rfc3986_appendix_a.rs`, which includes this file with
//! `#[path]` beside its own `mod skip`.

#![allow(dead_code)]

use super::skip;

/// Removes a `;` comment outside quoted strings and prose (`<...>`)
/// (ABNF, RFC 5234 §3.9), for the tests that compare grammar files with the
/// documents' text and for the independent recognizer.
pub fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    let mut prose = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' if !prose => quoted = !quoted,
            '<' if !quoted => prose = true,
            '>' if !quoted => prose = false,
            ';' if !quoted && !prose => return &line[..i],
            _ => {}
        }
    }
    line
}

/// `name = rest` at the start of `line` (leading white space allowed): the
/// name of a new rule and the text after its `=`. A name starts with a
/// letter and holds letters, digits, `-`, and the `+` and `_` of RFC 1738's
/// BNF; `=/` (an incremental alternative) does not start a rule.
pub fn rule_start(line: &str) -> Option<(&str, &str)> {
    let (name, rest) = line.trim_start().split_once('=')?;
    let name = name.trim_end();
    let valid = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+_-".contains(&b));
    (valid && !rest.starts_with('/')).then_some((name, rest))
}

/// `(name, right-hand side)` of one rule.
pub type Rule = (String, String);

/// The rules of ABNF lines, comments dropped, continuation lines joined,
/// white space collapsed.
pub fn rules<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    for line in lines {
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

/// Compares the document's rules with ours; `Err` names the first
/// difference (a name, a right-hand side, or the number of rules).
pub fn compare(spec: &[Rule], ours: &[Rule]) -> Result<(), String> {
    for (i, ((sn, sr), (on, or))) in spec.iter().zip(ours).enumerate() {
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

/// The rules `extract` finds in the document at `path`, or `None` (with
/// a visible skip) when the document is absent.
pub fn spec_rules(path: &str, extract: impl FnOnce(&str) -> Vec<Rule>) -> Option<Vec<Rule>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Some(extract(&text)),
        Err(e) => {
            skip::note(format_args!("SKIPPED: {path} not found ({e})"));
            None
        }
    }
}
