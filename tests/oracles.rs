//! Differential tests against two independent strict RFC 3986 parsers:
//! `fluent_uri` 0.4.1 (`UriRef::parse`) and `iri_string` 0.7.14
//! (`UriReferenceStr::new`), both reading `URI-reference`.
//!
//! Inputs: the 48,009 real-world URLs of `../shared/corpora/urls/kasztp.txt`
//! and every string input of the corpora (`input`, `base`, `ref`,
//! `expected` of each `*.jsonl`, and `input`/`base`/`href` of
//! `urls/wpt-urltestdata.json`, a collection of odd inputs). Missing files
//! are skipped visibly.
//!
//! For each oracle and input set the test prints `accept agree N/M,
//! components agree N/M`. Every disagreement goes through [`classify`];
//! an unclassified one fails the test, and the classes are explained with
//! the RFC 3986 text that decides them.
//!
//! Reproduce: `cargo test -p uridfa --test integration -- oracles:: --nocapture`.

use crate::common;
use common::skip;

use std::collections::BTreeMap;

use common::{parse, Comps, Rule};

/// What an oracle says about one input: `None` = rejected.
type Verdict = Option<Comps>;

fn fluent(input: &str) -> Verdict {
    let r = fluent_uri::UriRef::parse(input).ok()?;
    let a = r.authority();
    Some(Comps {
        scheme: r.scheme().map(|s| s.as_str().to_string()),
        authority: a.map(|a| a.as_str().to_string()),
        userinfo: a.and_then(|a| a.userinfo()).map(|u| u.as_str().to_string()),
        host: a.map(|a| a.host().to_string()),
        // Not compared: fluent-uri's `host_parsed` is behind features.
        host_kind: None,
        port: a.and_then(|a| a.port()).map(|p| p.as_str().to_string()),
        path: r.path().as_str().to_string(),
        query: r.query().map(|q| q.as_str().to_string()),
        fragment: r.fragment().map(|f| f.as_str().to_string()),
    })
}

fn iri_string(input: &str) -> Verdict {
    let r = iri_string::types::UriReferenceStr::new(input).ok()?;
    let a = r.authority_components();
    Some(Comps {
        scheme: r.scheme_str().map(String::from),
        authority: r.authority_str().map(String::from),
        userinfo: a.as_ref().and_then(|a| a.userinfo()).map(String::from),
        host: a.as_ref().map(|a| a.host().to_string()),
        host_kind: None,
        port: a.as_ref().and_then(|a| a.port()).map(String::from),
        path: r.path_str().to_string(),
        query: r.query_str().map(String::from),
        fragment: r.fragment_str().map(String::from),
    })
}

fn ours(input: &str) -> Verdict {
    parse(Rule::UriRef, input.as_bytes()).ok().map(|mut c| {
        c.host_kind = None;
        c
    })
}

/// A disagreement class and its justification; `None` = unexplained.
///
/// No class is needed so far: on every input both oracles accept exactly
/// what RFC 3986 Appendix A accepts and split it the same way. A class
/// would be added here, with the RFC text deciding it, e.g. for a future
/// oracle that accepts an RFC 6874 zone identifier (`[fe80::1%25eth0]`),
/// which RFC 3986 §3.2.2 `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`
/// does not allow.
fn classify(
    _oracle: &str,
    _input: &str,
    _ours: &Verdict,
    _theirs: &Verdict,
) -> Option<&'static str> {
    None
}

#[derive(Default)]
struct Figures {
    total: usize,
    accept_agree: usize,
    both_accept: usize,
    comps_agree: usize,
    classes: BTreeMap<&'static str, usize>,
    unexplained: Vec<String>,
}

fn compare(oracle: &str, set: &str, inputs: &[String], f: fn(&str) -> Verdict) -> Figures {
    let mut fig = Figures::default();
    for input in inputs {
        let (a, b) = (ours(input), f(input));
        fig.total += 1;
        let accept = a.is_some() == b.is_some();
        let comps = matches!((&a, &b), (Some(x), Some(y)) if x == y);
        fig.accept_agree += accept as usize;
        if a.is_some() && b.is_some() {
            fig.both_accept += 1;
            fig.comps_agree += comps as usize;
        }
        if accept && (comps || a.is_none()) {
            continue;
        }
        match classify(oracle, input, &a, &b) {
            Some(class) => *fig.classes.entry(class).or_default() += 1,
            None => fig
                .unexplained
                .push(format!("{input:?}\n    ours: {a:?}\n    {oracle}: {b:?}")),
        }
    }
    eprintln!(
        "{oracle} {set}: accept agree {}/{}, components agree {}/{} (both accept)",
        fig.accept_agree, fig.total, fig.comps_agree, fig.both_accept
    );
    for (class, n) in &fig.classes {
        eprintln!("  {n} x {class}");
    }
    fig
}

fn check(fig: Figures, oracle: &str, set: &str) {
    let n = fig.unexplained.len();
    assert!(
        n == 0,
        "{oracle} {set}: {n} unclassified disagreements:\n{}",
        fig.unexplained
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The corpus records' inputs without `kasztp.txt`, which has tests of
/// its own here.
fn corpora_inputs() -> Option<Vec<String>> {
    common::record_corpora_inputs().map(|s| s.into_iter().collect())
}

#[test]
fn fluent_uri_kasztp() {
    let Some(urls) = common::kasztp() else {
        skip::note(format_args!(
            "SKIPPED: ../shared/corpora/urls/kasztp.txt not found"
        ));
        return;
    };
    // 48,009 newline-terminated lines plus a last unterminated one
    // ("https://").
    assert_eq!(urls.len(), 48_010);
    let fig = compare("fluent-uri", "kasztp", &urls, fluent);
    check(fig, "fluent-uri", "kasztp");
}

#[test]
fn iri_string_kasztp() {
    let Some(urls) = common::kasztp() else {
        skip::note(format_args!(
            "SKIPPED: ../shared/corpora/urls/kasztp.txt not found"
        ));
        return;
    };
    let fig = compare("iri-string", "kasztp", &urls, iri_string);
    check(fig, "iri-string", "kasztp");
}

#[test]
fn fluent_uri_corpora() {
    let Some(inputs) = corpora_inputs() else {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    };
    let fig = compare("fluent-uri", "corpora", &inputs, fluent);
    check(fig, "fluent-uri", "corpora");
}

#[test]
fn iri_string_corpora() {
    let Some(inputs) = corpora_inputs() else {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    };
    let fig = compare("iri-string", "corpora", &inputs, iri_string);
    check(fig, "iri-string", "corpora");
}

/// Single-byte mutations of the short ASCII corpora inputs: each byte
/// replaced by, and each gap given, one of the grammar's delimiters and a
/// few ordinary bytes. The mutants probe the edges (IP literals, ports,
/// pct-encoded, first-segment colons) that real URLs seldom reach.
fn mutants() -> Option<Vec<String>> {
    const ALPHABET: &[u8] = b"[]:@/?#%.v1aF ";
    let mut set = std::collections::BTreeSet::new();
    for s in corpora_inputs()? {
        if !s.is_ascii() || s.len() > 48 {
            continue;
        }
        let b = s.as_bytes();
        for i in 0..=b.len() {
            for &c in ALPHABET {
                let mut ins = b.to_vec();
                ins.insert(i, c);
                set.insert(String::from_utf8(ins).unwrap());
                if i < b.len() {
                    let mut rep = b.to_vec();
                    rep[i] = c;
                    set.insert(String::from_utf8(rep).unwrap());
                }
            }
            if i < b.len() {
                let mut del = b.to_vec();
                del.remove(i);
                set.insert(String::from_utf8(del).unwrap());
            }
        }
    }
    Some(common::scale::sample(set.into_iter().collect()))
}

#[test]
fn both_oracles_mutants() {
    let Some(inputs) = mutants() else {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    };
    let fig = compare("fluent-uri", "mutants", &inputs, fluent);
    check(fig, "fluent-uri", "mutants");
    let fig = compare("iri-string", "mutants", &inputs, iri_string);
    check(fig, "iri-string", "mutants");
}
