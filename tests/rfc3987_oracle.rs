//! Differential test of `uridfa::rfc3987` against an independent strict
//! RFC 3987 parser: `iri_string` 0.7.14 (`IriReferenceStr::new`), both
//! reading `IRI-reference`.
//!
//! Inputs:
//! - every string of the corpora (`input`, `base`, `ref`, `expected` of
//!   each `../shared/corpora/*.jsonl`, and `input`/`base`/`href` of
//!   `urls/wpt-urltestdata.json`, which holds many non-ASCII inputs), and
//!   the real-world URLs of `urls/kasztp.txt`;
//! - non-ASCII mutants: each short corpus input with one of a list of
//!   boundary code points (the ends of every `ucschar` and `iprivate`
//!   range and their neighbours) inserted at every position;
//! - strings generated from `grammar/rfc3987.abnf`'s `IRI-reference` by
//!   `uridfa_codegen::sample` and mutations of them. Mutants that are not
//!   UTF-8 cannot be given to iri-string (it takes `&str`): uridfa must
//!   reject each of them (§2.2: terminals are characters).
//!
//! Each set prints `accept agree N/M, components agree N/M`. A
//! disagreement must be explained by [`classify`] with the RFC text, or
//! the test fails.
//!
//! Reproduce: `cargo test -p uridfa --test integration -- rfc3987_oracle:: --nocapture`
//! (`URIDFA_IRI_SAMPLES=N` sets the number of generated inputs; 20,000 by
//! default).

use crate::common;
use common::skip;

use std::collections::{BTreeMap, BTreeSet};

use uridfa::rfc3987::IriRef;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Comps {
    scheme: Option<String>,
    authority: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

type Verdict = Option<Comps>;

fn ours(input: &str) -> Verdict {
    let r = IriRef::parse(input).ok()?;
    Some(Comps {
        scheme: r.scheme().map(String::from),
        authority: r.authority().map(String::from),
        userinfo: r.userinfo().map(String::from),
        host: r.host().map(String::from),
        port: r.port().map(String::from),
        path: r.path().to_string(),
        query: r.query().map(String::from),
        fragment: r.fragment().map(String::from),
    })
}

fn iri_string(input: &str) -> Verdict {
    let r = iri_string::types::IriReferenceStr::new(input).ok()?;
    let a = r.authority_components();
    Some(Comps {
        scheme: r.scheme_str().map(String::from),
        authority: r.authority_str().map(String::from),
        userinfo: a.as_ref().and_then(|a| a.userinfo()).map(String::from),
        host: a.as_ref().map(|a| a.host().to_string()),
        port: a.as_ref().and_then(|a| a.port()).map(String::from),
        path: r.path_str().to_string(),
        query: r.query_str().map(String::from),
        fragment: r.fragment_str().map(String::from),
    })
}

/// A disagreement class and its justification; `None` = unexplained.
fn classify(_input: &str, _ours: &Verdict, _theirs: &Verdict) -> Option<&'static str> {
    None
}

#[derive(Default)]
struct Figures {
    total: usize,
    accept_agree: usize,
    accepted: usize,
    both_accept: usize,
    comps_agree: usize,
    classes: BTreeMap<&'static str, usize>,
    unexplained: Vec<String>,
}

fn compare<'a>(set: &str, inputs: impl IntoIterator<Item = &'a str>) -> Figures {
    let mut fig = Figures::default();
    for input in inputs {
        let (a, b) = (ours(input), iri_string(input));
        fig.total += 1;
        fig.accepted += a.is_some() as usize;
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
        match classify(input, &a, &b) {
            Some(class) => *fig.classes.entry(class).or_default() += 1,
            None => fig
                .unexplained
                .push(format!("{input:?}\n    ours: {a:?}\n    iri-string: {b:?}")),
        }
    }
    eprintln!(
        "iri-string {set}: accept agree {}/{} ({} accepted by uridfa), components agree {}/{} (both accept)",
        fig.accept_agree, fig.total, fig.accepted, fig.comps_agree, fig.both_accept
    );
    for (class, n) in &fig.classes {
        eprintln!("  {n} x {class}");
    }
    let n = fig.unexplained.len();
    assert!(
        n == 0,
        "iri-string {set}: {n} unclassified disagreements:\n{}",
        fig.unexplained
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    fig
}

#[test]
fn iri_string_corpora() {
    let Some(inputs) = common::corpora_inputs() else {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    };
    let non_ascii = inputs.iter().filter(|s| !s.is_ascii()).count();
    eprintln!("corpora: {} inputs, {non_ascii} non-ASCII", inputs.len());
    let fig = compare("corpora", inputs.iter().map(String::as_str));
    assert!(fig.both_accept > 0);
    let fig = compare(
        "corpora (non-ASCII only)",
        inputs.iter().filter(|s| !s.is_ascii()).map(String::as_str),
    );
    assert!(fig.both_accept > 0, "some non-ASCII input is an IRI");
}

#[test]
fn iri_string_non_ascii_mutants() {
    let Some(inputs) = common::corpora_inputs() else {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    };
    // The JSON Lines corpora only (the URL lists are long and uniform);
    // at each position, 4 of the boundary characters, in rotation, so
    // that every character lands in every component of some input.
    let chars = common::boundary_chars();
    let jsonl: BTreeSet<String> = common::jsonl_inputs().into_iter().collect();
    let mut set = BTreeSet::new();
    let mut k = 0;
    for s in inputs
        .iter()
        .filter(|s| s.len() <= 40 && jsonl.contains(*s))
    {
        for (i, _) in s.char_indices().chain([(s.len(), ' ')]) {
            for _ in 0..4 {
                let mut m = s.clone();
                m.insert(i, chars[k % chars.len()]);
                k += 1;
                set.insert(m);
            }
        }
    }
    eprintln!("{} non-ASCII mutants", set.len());
    let fig = compare("non-ASCII mutants", set.iter().map(String::as_str));
    assert!(fig.both_accept > 0);
}

#[test]
fn iri_string_generated() {
    use uridfa_codegen::driver::{compile_file, Options};
    use uridfa_codegen::sample::{generate, mutate, Rng};

    let samples: usize = std::env::var("URIDFA_IRI_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| crate::common::scale::scaled(20_000));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/rfc3987.abnf");
    let c = compile_file(path.as_ref(), Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let m = c.machine("IRI-reference").expect("IRI-reference entry");
    let mut rng = Rng::new(3987);
    let mut inputs = Vec::new();
    let mut not_utf8 = 0;
    let mut base = Vec::new();
    for i in 0..samples {
        if i % 2 == 0 {
            base.clear();
            generate(&m.lowered.hir, &mut rng, &mut base);
        }
        let input = if i % 2 == 0 {
            base.clone()
        } else {
            mutate(&base, &mut rng)
        };
        match String::from_utf8(input) {
            Ok(s) => inputs.push(s),
            Err(e) => {
                // §2.2: "Terminals in the ABNF are characters, not bytes";
                // bytes that are not UTF-8 encode no characters.
                not_utf8 += 1;
                assert!(
                    !IriRef::is_valid(e.as_bytes()),
                    "accepted invalid UTF-8 {:?}",
                    e.as_bytes()
                );
            }
        }
    }
    let non_ascii = inputs.iter().filter(|s| !s.is_ascii()).count();
    eprintln!(
        "generated: {samples} inputs, {not_utf8} not UTF-8 (all rejected), {non_ascii} non-ASCII"
    );
    let fig = compare("generated", inputs.iter().map(String::as_str));
    assert!(fig.both_accept > samples / 4);
}
