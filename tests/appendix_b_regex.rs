//! Appendix B of RFC 2396 and of draft-fielding-url-syntax-05 give the
//! same regular expression "for breaking-down a URI reference into its
//! components", and the draft calls it "a concrete parsing example and test
//! oracle" (§4.4). This test runs that regular expression (with
//! regex-automata's PikeVM, leftmost-first, which for this expression
//! gives the POSIX answer the appendices describe) on every valid input
//! generated from each grammar and on the corpora's valid inputs, and
//! compares its `scheme = $2`, authority/site `= $4`, `path = $5`,
//! `query = $7` and `fragment = $9` with our typed views.
//!
//! The expression only splits; it does not validate, so it is compared on
//! inputs the grammar accepts. It must agree except in these cases, each
//! counted and its condition checked:
//!
//! - RFC 2396, opaque URIs: `opaque_part = uric_no_slash *uric` has no
//!   query (only `hier_part` has one), so `mailto:a?b` has the opaque part
//!   `a?b`; the expression splits it into `$5 = a` and `$7 = b`.
//! - Draft 05, no site after `//`: §4.4, the site wins only when `site`
//!   matches; `http://a_b/c` is then an `abs_path` `//a_b/c`, where the
//!   expression sees `$4 = a_b`.
//! - Draft 05, `$2` that is not a `scheme`: the expression takes any
//!   `[^:/?#]+` before `:`; the grammar's `scheme = 1*( alpha | digit |
//!   "+" | "-" | "." )` does not match `!a`, so `!a:b` is a `rel_path`
//!   (`:` and `!` are `pchar`).

use crate::common;
use common::skip;

use regex_automata::nfa::thompson::pikevm::PikeVM;
use std::collections::BTreeSet;
use uridfa_codegen::driver::{compile_file, Options};
use uridfa_codegen::sample::{generate, Rng};

/// Appendix B, verbatim.
const APPENDIX_B: &str = r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?";

#[derive(Debug, PartialEq, Eq)]
struct Five<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn regex_split<'a>(
    vm: &PikeVM,
    cache: &mut regex_automata::nfa::thompson::pikevm::Cache,
    s: &'a str,
) -> Five<'a> {
    let mut caps = vm.create_captures();
    vm.captures(cache, s, &mut caps);
    assert!(caps.is_match(), "Appendix B matches every string: {s:?}");
    let g = |i: usize| caps.get_group(i).map(|sp| &s[sp.start..sp.end]);
    Five {
        scheme: g(2),
        authority: g(4),
        path: g(5).unwrap_or(""),
        query: g(7),
        fragment: g(9),
    }
}

fn inputs(grammar: &str, rule: &str, n: usize, seed: u64) -> BTreeSet<String> {
    let path = format!("{}/grammar/{grammar}.abnf", env!("CARGO_MANIFEST_DIR"));
    let c = compile_file(path.as_ref(), Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let m = c.machine(rule).expect("entry");
    let mut rng = Rng::new(seed);
    let mut out = BTreeSet::new();
    let mut buf = Vec::new();
    for _ in 0..n {
        buf.clear();
        generate(&m.lowered.hir, &mut rng, &mut buf);
        out.insert(String::from_utf8(buf.clone()).expect("ASCII grammar"));
    }
    if let Some(dir) = common::corpora_dir() {
        for e in std::fs::read_dir(dir).expect("corpora") {
            let name = e.expect("entry").file_name().into_string().expect("name");
            if !name.ends_with(".jsonl") {
                continue;
            }
            for (_, v) in common::read_jsonl(&name).unwrap_or_default() {
                for key in ["input", "base", "ref", "expected"] {
                    if let Some(s) = v.get(key).and_then(|j| j.as_str()) {
                        out.insert(s.to_string());
                    }
                }
            }
        }
    } else {
        skip::note(format_args!(
            "SKIP corpora: ../shared/corpora not found; generated inputs only"
        ));
    }
    out
}

fn samples() -> usize {
    std::env::var("URIDFA_REGEX_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| crate::common::scale::scaled(20_000))
}

#[test]
fn rfc2396_agrees_with_its_appendix_b() {
    use uridfa::rfc2396::UriRef;
    let vm = PikeVM::new(APPENDIX_B).unwrap();
    let mut cache = vm.create_cache();
    let (mut compared, mut opaque_query) = (0, 0);
    for s in inputs("rfc2396", "URI-reference", samples(), 2396) {
        let Ok(r) = UriRef::parse(&s) else { continue };
        let ours = Five {
            scheme: r.scheme(),
            authority: r.authority(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        };
        let want = regex_split(&vm, &mut cache, &s);
        compared += 1;
        if ours != want && r.opaque_part().is_some() && want.query.is_some() {
            let joined = format!("{}?{}", want.path, want.query.unwrap_or(""));
            assert_eq!(
                (
                    ours.scheme,
                    ours.authority,
                    ours.path,
                    ours.query,
                    ours.fragment
                ),
                (want.scheme, None, joined.as_str(), None, want.fragment),
                "RFC 2396 Appendix B on opaque {s:?}"
            );
            opaque_query += 1;
            continue;
        }
        assert_eq!(ours, want, "RFC 2396 Appendix B on {s:?}");
    }
    eprintln!(
        "rfc2396: Appendix B agrees on {}/{compared} valid inputs; {opaque_query} are opaque \
         URIs with a \"?\" (no query in opaque_part)",
        compared - opaque_query
    );
    assert!(compared > 1000);
}

#[test]
fn draft_05_agrees_with_its_appendix_b() {
    use uridfa::draft_fielding_url_syntax_05::UrlRef;
    let vm = PikeVM::new(APPENDIX_B).unwrap();
    let mut cache = vm.create_cache();
    let (mut compared, mut no_site, mut not_scheme) = (0, 0, 0);
    let is_scheme = |x: &str| {
        x.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.')
    };
    for s in inputs(
        "draft-fielding-url-syntax-05",
        "URL-reference",
        samples(),
        5,
    ) {
        let Ok(r) = UrlRef::parse(&s) else { continue };
        let ours = Five {
            scheme: r.scheme(),
            authority: r.site(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        };
        let want = regex_split(&vm, &mut cache, &s);
        compared += 1;
        if ours != want && want.scheme.is_some_and(|x| !is_scheme(x)) {
            // Appendix A's scheme does not match $2: the grammar reads a
            // relative path up to "?" or "#".
            let joined = format!(
                "{}:{}{}",
                want.scheme.unwrap_or(""),
                want.authority.map(|a| format!("//{a}")).unwrap_or_default(),
                want.path
            );
            assert_eq!(
                (
                    ours.scheme,
                    ours.authority,
                    ours.path,
                    ours.query,
                    ours.fragment
                ),
                (None, None, joined.as_str(), want.query, want.fragment),
                "draft 05 Appendix B on {s:?}"
            );
            not_scheme += 1;
            continue;
        }
        if ours != want && r.site().is_none() && r.path().starts_with("//") {
            // No `site` matched after "//": the grammar reads an abs_path
            // "//..." where the expression sees $4. Everything else
            // agrees once the expression's $3 is put back into the path.
            let joined = format!("//{}{}", want.authority.unwrap_or(""), want.path);
            assert_eq!(
                (ours.scheme, ours.path, ours.query, ours.fragment),
                (want.scheme, joined.as_str(), want.query, want.fragment),
                "draft 05 Appendix B on {s:?}"
            );
            no_site += 1;
            continue;
        }
        assert_eq!(ours, want, "draft 05 Appendix B on {s:?}");
    }
    eprintln!(
        "draft-fielding-url-syntax-05: Appendix B agrees on {}/{compared} valid inputs; \
         {no_site} have \"//\" without a site (§4.4), {not_scheme} have a $2 that is not a scheme",
        compared - no_site - not_scheme
    );
    assert!(compared > 1000);
}
