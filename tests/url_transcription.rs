//! The transcriptions `grammar/rfc1738.abnf` and
//! `grammar/draft-ietf-uri-url-06.abnf` against the BNF of §5 in the
//! documents themselves: applying the rewrites listed in
//! `grammar/README.md` (and nothing else) to each rule of the document
//! must give our rule, in the same order. The uridfa additions after the
//! `; ----` line are not compared. Skips (with a message) when
//! `../shared/specs` is absent.

use crate::common;
use common::skip;
use common::transcription::{rule_start, strip_comment};

use std::path::Path;

/// `(name, right-hand side)` with comments removed and white space
/// collapsed.
type Rule = (String, String);

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Rules in `text` from the rule named `first` to the rule named `last`
/// (a one-line rule).
/// A line continues the current rule unless it starts a rule, is blank,
/// starts with `;`, or holds non-ASCII text (the Chinese headings).
fn rules(text: &str, first: &str, last: &str) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    let mut on = false;
    for raw in text.lines() {
        let line = strip_comment(raw);
        if let Some((name, rhs)) = rule_start(line) {
            if name == first {
                on = true;
            }
            if !on {
                continue;
            }
            out.push((name.to_owned(), rhs.to_owned()));
            if name == last {
                // `digits = 1*digit` is one line in both documents.
                break;
            }
        } else if on
            && !line.trim().is_empty()
            && !line.trim_start().starts_with(';')
            && line.is_ascii()
        {
            if let Some((_, rhs)) = out.last_mut() {
                rhs.push(' ');
                rhs.push_str(line);
            }
        }
    }
    out.into_iter().map(|(n, r)| (n, collapse(&r))).collect()
}

/// Our rules, up to the uridfa additions.
fn our_rules(path: &Path, first: &str) -> Vec<Rule> {
    let text = std::fs::read_to_string(path).unwrap();
    let body = text.split("\n; ----").next().unwrap();
    let mut out: Vec<Rule> = Vec::new();
    for raw in body.lines() {
        let line = strip_comment(raw);
        if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
            let (name, rhs) = line.split_once('=').unwrap();
            out.push((name.trim().to_owned(), rhs.to_owned()));
        } else if line.starts_with([' ', '\t']) && !line.trim().is_empty() {
            let (_, rhs) = out.last_mut().unwrap();
            rhs.push(' ');
            rhs.push_str(line);
        }
    }
    let start = out.iter().position(|(n, _)| n == first).unwrap();
    out.drain(..start);
    out.into_iter().map(|(n, r)| (n, collapse(&r))).collect()
}

/// The rewrites of grammar/README.md, applied to one rule of the
/// document.
fn transcribe((name, rhs): &Rule) -> Rule {
    let rename = |s: &str| s.replace("gopher+_string", "gopher-plus-string");
    // `<">` (RFC 1738) and `"""` (draft 06) are the double quote.
    let rhs = rhs.replace("<\">", "%x22").replace("\"\"\"", "%x22");
    let mut out = String::new();
    let mut closers = Vec::new();
    let mut quoted = false;
    for c in rhs.chars() {
        if quoted {
            out.push(c);
            quoted = c != '"';
            continue;
        }
        match c {
            '"' => {
                quoted = true;
                out.push(c);
            }
            '|' => out.push('/'),
            // The unquoted `/` of `gopherurl` is the literal slash.
            '/' => out.push_str("\"/\""),
            // `*[ x ]` and `1*[ x ]` repeat; a bare `[ x ]` is optional.
            '[' if out.ends_with('*') => {
                out.push('(');
                closers.push(')');
            }
            '[' => {
                out.push('[');
                closers.push(']');
            }
            ']' => out.push(closers.pop().expect("balanced brackets")),
            _ => out.push(c),
        }
    }
    let mut rhs = rename(&out);
    // Our strict `url`: the last alternative `otherurl` is replaced.
    if name == "url" {
        rhs = rhs.replace("/ otherurl", "/ other-scheme-url");
    }
    (rename(name), collapse(&rhs))
}

fn check(spec: &str, grammar: &str, first: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let spec_path = root.join("../shared/specs").join(spec);
    let Ok(text) = std::fs::read_to_string(&spec_path) else {
        skip::note(format_args!("SKIPPED: {} not found", spec_path.display()));
        return 0;
    };
    let theirs: Vec<Rule> = rules(&text, first, "digits")
        .iter()
        .map(transcribe)
        .collect();
    let ours = our_rules(&root.join("grammar").join(grammar), first);
    for (i, (t, o)) in theirs.iter().zip(&ours).enumerate() {
        assert_eq!(t, o, "{grammar}: rule {i} differs from {spec} §5");
    }
    assert_eq!(theirs.len(), ours.len(), "{grammar}: rule count");
    theirs.len()
}

#[test]
fn rfc1738_is_section_5_transcribed() {
    let n = check("rfc1738-zh.txt", "rfc1738.abnf", "genericurl");
    assert!(n == 0 || n == 67, "{n} rules");
}

#[test]
fn draft_06_is_section_5_transcribed() {
    let n = check(
        "draft-ietf-uri-url-06.txt",
        "draft-ietf-uri-url-06.abnf",
        "url",
    );
    assert!(n == 0 || n == 61, "{n} rules");
}
