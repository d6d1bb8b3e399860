//! Resolution spec vectors: every row of the example tables of the four
//! documents, typed in from the section that gives it, with base
//! `http://a/b/c/d;p?q` as each document states.
//!
//! - draft-fielding-url-syntax-05, Appendix C.1 and C.2;
//! - RFC 2396, Appendix C.1 and C.2;
//! - draft-fielding-uri-rfc2396bis-01, Appendix C.1 and C.2;
//! - RFC 3986, §5.4.1 and §5.4.2.
//!
//! Each row is checked against the spec file in `../shared/specs` (when
//! present) so a typo in the transcription fails the test. "(current
//! document)" in the older tables means the base itself.
//!
//! Then: the two linear-time models of dot-segment removal against literal,
//! quadratic transcriptions of the documents' procedures on random
//! dot-heavy paths; the linear-time bound on 100,000 `../` segments and
//! long runs of `%2E`; buffer-too-small reports the exact length.

use crate::common::spec;
use uridfa::resolve::{
    resolve_into, resolve_into_counting, Algorithm, Dots, Options, ResolveError,
};
use uridfa_codegen::sample::Rng;

const BASE: &str = "http://a/b/c/d;p?q";

/// Resolves into a fresh buffer, checking the needed-length contract on
/// the way: a buffer one byte short reports exactly the target's length.
fn res(base: &str, r: &str, o: Options) -> Result<String, ResolveError> {
    let mut buf = vec![0u8; base.len() + r.len() + 8];
    let n = match resolve_into(base, r, o, &mut buf) {
        Ok(n) => n,
        Err(ResolveError::BufferTooSmall(uridfa::BufferTooSmall { needed })) => {
            buf = vec![0u8; needed];
            resolve_into(base, r, o, &mut buf).expect("sized buffer")
        }
        Err(e) => return Err(e),
    };
    if n > 0 {
        let mut short = vec![0u8; n - 1];
        assert_eq!(
            resolve_into(base, r, o, &mut short),
            Err(ResolveError::BufferTooSmall(uridfa::BufferTooSmall {
                needed: n
            })),
            "needed length for {base:?} + {r:?}"
        );
    }
    Ok(String::from_utf8(buf[..n].to_vec()).expect("UTF-8"))
}

/// One row of a document's table of resolution examples: the section it
/// is printed in, the base, the reference and the target as printed.
struct Row {
    section: String,
    base: String,
    reference: String,
    expected: String,
}

/// The rows of `doc` in `tests/data/resolve.jsonl`, the four documents'
/// example tables (draft-fielding-url-syntax-05 and RFC 2396 Appendix C,
/// 2396bis-01 Appendix C, RFC 3986 §5.4) transcribed as data, in the
/// documents' order. `check_table` also finds every row in the document's
/// own text.
fn table(doc: &str) -> Vec<Row> {
    let rows: Vec<Row> = include_str!("data/resolve.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l)
                .unwrap_or_else(|e| panic!("resolve.jsonl: {e}: {l}"))
        })
        .filter(|v| v["doc"] == doc)
        .map(|v| {
            let field = |k: &str| {
                v[k].as_str()
                    .unwrap_or_else(|| panic!("resolve.jsonl: no {k} in {v}"))
                    .to_string()
            };
            Row {
                section: field("section"),
                base: field("base"),
                reference: field("ref"),
                expected: field("expected"),
            }
        })
        .collect();
    assert!(
        rows.len() >= 42,
        "{doc}: {} rows in tests/data/resolve.jsonl",
        rows.len()
    );
    rows
}

/// Checks every row of `table` under `algorithm`, and that the row is
/// printed in `file` as `ref = expected` (RFC 3986 quotes both sides).
fn check_table(doc: &str, file: &str, quoted: bool, table: &[Row], algorithm: Algorithm) {
    let text = spec::SpecText::read(file.trim_end_matches(".txt"));
    let mut failures = Vec::new();
    for row in table {
        let (section, r, expected) = (&row.section, row.reference.as_str(), &row.expected);
        if let Some(text) = &text {
            let row = if quoted {
                format!("\"{r}\" = \"{expected}\"")
            } else {
                format!(" {r} = {expected}")
            };
            assert!(
                text.as_str().contains(&row),
                "{doc} {section}: row {row:?} not found in {file}"
            );
        }
        // "<>" is how the older tables print the empty reference.
        let reference = if r == "<>" { "" } else { r };
        let want = expected.replace("(current document)", &row.base);
        match res(&row.base, reference, Options::new(algorithm)) {
            Ok(got) if got == want => {}
            got => failures.push(format!("{doc} {section}: {r:?} = {want:?}, got {got:?}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!(
        "{doc}: {} rows pass under {}",
        table.len(),
        algorithm.name()
    );
}

#[test]
fn draft_fielding_url_syntax_05_appendix_c() {
    check_table(
        "draft-fielding-url-syntax-05 Appendix",
        "draft-fielding-url-syntax-05.txt",
        false,
        &table("draft-fielding-url-syntax-05"),
        Algorithm::UrlSyntax05,
    );
}

#[test]
fn rfc2396_appendix_c() {
    check_table(
        "RFC 2396 Appendix",
        "rfc2396.txt",
        false,
        &table("rfc2396"),
        Algorithm::Rfc2396,
    );
}

#[test]
fn draft_fielding_uri_rfc2396bis_01_appendix_c() {
    check_table(
        "draft-fielding-uri-rfc2396bis-01 Appendix",
        "draft-fielding-uri-rfc2396bis-01.txt",
        false,
        &table("draft-fielding-uri-rfc2396bis-01"),
        Algorithm::Rfc2396bis01,
    );
}

#[test]
fn rfc3986_section_5_4() {
    let rfc3986 = table("rfc3986");
    check_table(
        "RFC 3986 §",
        "rfc3986.txt",
        true,
        &rfc3986,
        Algorithm::Rfc3986,
    );
    // §5.4.1 "g" again under the non-strict form: only http:g differs.
    check_table(
        "RFC 3986 §",
        "rfc3986.txt",
        true,
        &rfc3986[..41],
        Algorithm::Rfc3986NonStrict,
    );
}

/// The rows that give a second answer "for backward compatibility", and
/// draft 05's row of what "some parsers inappropriately" do.
#[test]
fn loophole_rows() {
    // RFC 3986 §5.4.2: "http:g" = "http://a/b/c/g" ; for backward compatibility
    let o = Options::new(Algorithm::Rfc3986NonStrict);
    assert_eq!(res(BASE, "http:g", o).unwrap(), "http://a/b/c/g");
    // 2396bis-01 Appendix C.2: http:g = http://a/b/c/g ; for backwards
    // compatibility (its pseudocode's "not validating" branch).
    let o = Options::new(Algorithm::Rfc2396bis01).validating(false);
    assert_eq!(res(BASE, "http:g", o).unwrap(), "http://a/b/c/g");
    // draft 05 Appendix C.2: "Some parsers inappropriately strip a lead
    // relative symbolic path element ... http://a/../b/c = http://a/b/c".
    // Step 3 says a reference with a scheme is absolute "and we are done":
    // the draft's own algorithm keeps the path.
    let o = Options::new(Algorithm::UrlSyntax05);
    let got = res(BASE, "http://a/../b/c", o).unwrap();
    assert_ne!(got, "http://a/b/c", "draft 05 C.2 calls this inappropriate");
    assert_eq!(got, "http://a/../b/c", "draft 05 §5.2 step 3");
    let text = spec::SpecText::read("draft-fielding-url-syntax-05");
    if let Some(t) = text {
        assert!(t.contains("inappropriately strip a lead relative symbolic path element"));
        assert!(t.as_str().contains(" http://a/../b/c = http://a/b/c"));
    }
}

/// RFC 2396 §5.2 step 6g / 2396bis-01 merge step 7: the caller's choice for
/// leading "..". C.2: "some implementations strip leading relative symbolic
/// elements ... the above two references will be interpreted as
/// "http://a/g"".
#[test]
fn leading_dot_dot_choices() {
    for a in [
        Algorithm::Rfc2396,
        Algorithm::Rfc2396bis01,
        Algorithm::UrlSyntax05,
    ] {
        for r in ["../../../g", "../../../../g"] {
            assert_eq!(
                res(BASE, r, Options::new(a).dots(Dots::Remove)).unwrap(),
                "http://a/g",
                "{a} {r}"
            );
            assert_eq!(
                res(BASE, r, Options::new(a).dots(Dots::Error)),
                Err(ResolveError::DotSegmentsAboveRoot),
                "{a} {r}"
            );
        }
        // Only merged paths: an absolute-path reference is not touched.
        assert_eq!(
            res(BASE, "/../g", Options::new(a).dots(Dots::Error)).unwrap(),
            "http://a/../g"
        );
        assert_eq!(
            res(BASE, "../../g", Options::new(a).dots(Dots::Error)).unwrap(),
            "http://a/g"
        );
    }
    let o = Options::new(Algorithm::Rfc3986);
    assert_eq!(
        res(BASE, "../../../g", o.dots(Dots::Error)),
        Err(ResolveError::DotSegmentsAboveRoot)
    );
    assert_eq!(
        res(BASE, "../../g", o.dots(Dots::Error)).unwrap(),
        "http://a/g"
    );
    assert_eq!(
        res(BASE, "g", o.dots(Dots::Keep)),
        Err(ResolveError::KeepUnsupported)
    );
}

/// The comparison table, all four columns.
#[test]
fn the_four_algorithms_differ() {
    let rows = [
        (
            "?y",
            [
                "http://a/b/c/?y",
                "http://a/b/c/?y",
                "http://a/b/c/d;p?y",
                "http://a/b/c/d;p?y",
            ],
        ),
        (
            "g?y/./x",
            [
                "http://a/b/c/g?y/x",
                "http://a/b/c/g?y/./x",
                "http://a/b/c/g?y/./x",
                "http://a/b/c/g?y/./x",
            ],
        ),
        (
            "/./g",
            ["http://a/./g", "http://a/./g", "http://a/./g", "http://a/g"],
        ),
        (
            "../../../g",
            [
                "http://a/../g",
                "http://a/../g",
                "http://a/../g",
                "http://a/g",
            ],
        ),
    ];
    let algs = [
        Algorithm::UrlSyntax05,
        Algorithm::Rfc2396,
        Algorithm::Rfc2396bis01,
        Algorithm::Rfc3986,
    ];
    for (r, want) in rows {
        for (a, w) in algs.iter().zip(want) {
            assert_eq!(res(BASE, r, Options::new(*a)).unwrap(), w, "{a} {r}");
        }
    }
}

/// Edge cases the documents speak to in prose.
#[test]
fn prose_cases() {
    let o = |a| Options::new(a);
    // RFC 3986 §5.2.3: a base with an authority and an empty path merges
    // as "/" + reference path.
    assert_eq!(
        res("http://a", "g", o(Algorithm::Rfc3986)).unwrap(),
        "http://a/g"
    );
    // 2396bis-01 merge step 1: "If the base URI's path component is the
    // empty string, then a single slash character ("/") is copied".
    assert_eq!(
        res("http://a", "g", o(Algorithm::Rfc2396bis01)).unwrap(),
        "http://a/g"
    );
    // RFC 2396 step 6a as written does not: 2396bis-01 Appendix F lists
    // "[RFC2396] section 5.2, step 6a, failed to account for a base URI
    // with no path". Implemented as written.
    assert_eq!(
        res("http://a", "g", o(Algorithm::Rfc2396)).unwrap(),
        "http://ag"
    );
    assert_eq!(
        res("http://a", "g", o(Algorithm::UrlSyntax05)).unwrap(),
        "http://ag"
    );
    // §5.3 / step 7 keep undefined and empty apart.
    assert_eq!(
        res(BASE, "?", o(Algorithm::Rfc3986)).unwrap(),
        "http://a/b/c/d;p?"
    );
    assert_eq!(
        res(BASE, "#", o(Algorithm::Rfc3986)).unwrap(),
        "http://a/b/c/d;p?q#"
    );
    assert_eq!(
        res("http://a/b?", "#", o(Algorithm::Rfc2396)).unwrap(),
        "http://a/b?#"
    );
    assert_eq!(
        res(BASE, "//g?", o(Algorithm::Rfc2396)).unwrap(),
        "http://g?"
    );
    // RFC 3986 §5.1: the base is used stripped of its fragment.
    assert_eq!(
        res("http://a/b#f", "c", o(Algorithm::Rfc3986)).unwrap(),
        "http://a/c"
    );
    assert_eq!(
        res("http://a/b#f", "", o(Algorithm::Rfc3986)).unwrap(),
        "http://a/b"
    );
    assert_eq!(
        res("http://a/b#f", "#g", o(Algorithm::Rfc2396)).unwrap(),
        "http://a/b#g"
    );
    // RFC 3986 §5.2.1: the base must be a URI; the reference a URI-reference.
    assert!(matches!(
        res("/relative", "g", o(Algorithm::Rfc3986)),
        Err(ResolveError::InvalidBase(_))
    ));
    assert!(matches!(
        res(BASE, "a b", o(Algorithm::Rfc3986)),
        Err(ResolveError::InvalidReference(_))
    ));
    // RFC 2396 §5.2: "only the scheme component is required to be present
    // in the base URI".
    assert_eq!(
        res("//a/b", "g", o(Algorithm::Rfc2396)),
        Err(ResolveError::BaseWithoutScheme)
    );
    // RFC 3986 §5.2.2: a reference with a scheme gets remove_dot_segments.
    assert_eq!(
        res(BASE, "g:/a/./b/../c", o(Algorithm::Rfc3986)).unwrap(),
        "g:/a/c"
    );
    assert_eq!(
        res(BASE, "g:/a/./b/../c", o(Algorithm::Rfc2396)).unwrap(),
        "g:/a/./b/../c"
    );
    // Schemes compare without case (§3.1) in the non-strict form.
    assert_eq!(
        res(BASE, "HTTP:g", o(Algorithm::Rfc3986NonStrict)).unwrap(),
        "http://a/b/c/g"
    );
}

#[test]
fn names_round_trip() {
    for a in Algorithm::ALL {
        assert_eq!(Algorithm::from_name(a.name()), Some(a));
    }
    let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(
        names,
        [
            "rfc3986",
            "rfc3986-nonstrict",
            "draft-fielding-uri-rfc2396bis-01",
            "rfc2396",
            "draft-fielding-url-syntax-05"
        ]
    );
}

// ---------------------------------------------------------------------------
// Literal transcriptions of the documents' procedures (quadratic; oracles).

/// RFC 3986 §5.2.4, steps A–E, on strings.
fn rfc3986_remove_dot_segments(path: &str) -> String {
    let mut input = path.to_string();
    let mut output = String::new();
    while !input.is_empty() {
        if input.starts_with("../") {
            input.drain(..3);
        } else if input.starts_with("./") {
            input.drain(..2);
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".into();
        } else if input.starts_with("/../") || input == "/.." {
            let n = if input == "/.." { 3 } else { 4 };
            input.replace_range(..n, "/");
            match output.rfind('/') {
                Some(i) => output.truncate(i),
                None => output.clear(),
            }
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input.drain(..end);
        }
    }
    output
}

/// RFC 2396 §5.2 step 6c–g on a string buffer, with `dots` for step g.
fn rfc2396_buffer(buffer: &str, dots: Dots) -> Option<String> {
    let mut b: Vec<u8> = buffer.as_bytes().to_vec();
    // A complete segment starts at 0 (unless the buffer starts with "/":
    // nothing precedes that slash) or after a "/".
    let seg_start = |b: &[u8], i: usize| {
        if i == 0 {
            b.first() != Some(&b'/')
        } else {
            b[i - 1] == b'/'
        }
    };
    // c) All occurrences of "./", where "." is a complete path segment.
    loop {
        let hit = (0..b.len()).find(|&i| b[i..].starts_with(b"./") && seg_start(&b, i));
        match hit {
            Some(i) => {
                b.drain(i..i + 2);
            }
            None => break,
        }
    }
    // d) A final "." as a complete path segment.
    if b.ends_with(b".") && seg_start(&b, b.len() - 1) {
        b.pop();
    }
    // e) "<segment>/../", segment complete and not "..", leftmost first.
    loop {
        let hit = (0..b.len()).find_map(|i| {
            if !seg_start(&b, i) {
                return None;
            }
            let j = i + b[i..].iter().position(|&c| c == b'/')?;
            (&b[i..j] != b".." && b[j..].starts_with(b"/../")).then_some((i, j + 4))
        });
        match hit {
            Some((i, j)) => {
                b.drain(i..j);
            }
            None => break,
        }
    }
    // f) A final "<segment>/..".
    if b.ends_with(b"/..") {
        let k = b.len() - 3;
        let i = b[..k].iter().rposition(|&c| c == b'/').map_or(0, |i| i + 1);
        if seg_start(&b, i) && &b[i..k] != b".." && (i < k || i > 0) {
            b.truncate(i);
        }
    }
    // g) Leading ".." segments.
    let root = usize::from(b.first() == Some(&b'/'));
    let leading = b[root..].starts_with(b"../") || &b[root..] == b"..";
    match dots {
        Dots::Keep => {}
        Dots::Error if leading => return None,
        Dots::Error => {}
        Dots::Remove => loop {
            if b[root..].starts_with(b"../") {
                b.drain(root..root + 3);
            } else if &b[root..] == b".." {
                b.truncate(root);
            } else {
                break;
            }
        },
    }
    Some(String::from_utf8(b).unwrap())
}

/// One of `xs`.
fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len() as u64) as usize]
}

/// A path of up to `n` pieces from a dot-heavy alphabet.
fn rand_path(rng: &mut Rng, n: u64, pieces: &[&str]) -> String {
    let len = rng.below(n + 1);
    (0..len).map(|_| pick(rng, pieces)).collect()
}

#[test]
fn remove_dot_segments_matches_rfc3986_5_2_4_literally() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let pieces = ["/", ".", "..", "a", "b", "/.", "/..", "./", "../", "%2E"];
    let mut checked = 0;
    for _ in 0..20_000 {
        let path = rand_path(&mut rng, 10, &pieces);
        // As the path of a reference with a scheme, T.path =
        // remove_dot_segments(R.path) (§5.2.2). "s://" would start an
        // authority: skip those.
        if path.starts_with("//") {
            continue;
        }
        let reference = format!("s:{path}");
        // A result path that starts with "//" gets "/." before it (no
        // authority here; src/algorithms/resolve/recompose.rs Note [a path that starts with
        // "//"]), or "s://..." would read as an authority.
        let mut want_path = rfc3986_remove_dot_segments(&path);
        if want_path.starts_with("//") {
            want_path.insert_str(0, "/.");
        }
        let want = format!("s:{want_path}");
        let got = res(BASE, &reference, Options::new(Algorithm::Rfc3986)).unwrap();
        assert_eq!(got, want, "remove_dot_segments({path:?})");
        // And as a merged relative path: base "http://h/x/y", reference
        // path = the random path when it is a relative-path reference.
        if !path.starts_with('/') && !path.is_empty() {
            let want = format!(
                "http://h{}",
                rfc3986_remove_dot_segments(&format!("/x/{path}"))
            );
            let got = res("http://h/x/y", &path, Options::new(Algorithm::Rfc3986)).unwrap();
            assert_eq!(got, want, "merge(/x/y, {path:?})");
        }
        checked += 1;
    }
    assert!(checked > 10_000);
}

#[test]
fn string_buffer_matches_rfc2396_step_6_literally() {
    let mut rng = Rng::new(0xD1B5_4A32_D192_ED03);
    let pieces = ["/", ".", "..", "a", "b", "./", "../", "/.", "/..", "%2e"];
    let dirs = ["", "/", "/x/", "/x/y/", "/../x/", "//"];
    for _ in 0..20_000 {
        let dir = pick(&mut rng, &dirs);
        let path = rand_path(&mut rng, 10, &pieces);
        // A relative-path reference: not empty, not starting with "/".
        if path.is_empty() || path.starts_with('/') {
            continue;
        }
        // The base "http://h" has the empty path (directory "").
        let base = if dir.is_empty() {
            "http://h".to_string()
        } else {
            format!("http://h{dir}z")
        };
        for dots in [Dots::Keep, Dots::Remove, Dots::Error] {
            let want =
                rfc2396_buffer(&format!("{dir}{path}"), dots).map(|p| format!("http://h{p}"));
            for a in [Algorithm::Rfc2396, Algorithm::UrlSyntax05] {
                let got = res(&base, &path, Options::new(a).dots(dots)).ok();
                assert_eq!(got, want, "{a} {dots:?} buffer {dir}{path}");
            }
            // 2396bis-01 merge is the same except the empty base path.
            if !dir.is_empty() {
                let got = res(
                    &base,
                    &path,
                    Options::new(Algorithm::Rfc2396bis01).dots(dots),
                )
                .ok();
                assert_eq!(got, want, "2396bis-01 {dots:?} buffer {dir}{path}");
            }
        }
        // Draft 05 with a query: the buffer holds "?query" (step 6c).
        let q = rand_path(&mut rng, 4, &pieces);
        let reference = format!("{path}?{q}");
        let want = rfc2396_buffer(&format!("{dir}{reference}"), Dots::Keep)
            .map(|p| format!("http://h{p}"));
        let got = res(&base, &reference, Options::new(Algorithm::UrlSyntax05)).ok();
        assert_eq!(got, want, "draft 05 buffer {dir}{reference}");
    }
}

// ---------------------------------------------------------------------------
// Linear time

/// The path bytes visited by the dot-segment passes, asserting the result.
fn work(base: &str, r: &str, o: Options) -> usize {
    let mut buf = vec![0u8; base.len() + r.len() + 16];
    let (result, work) = resolve_into_counting(base, r, o, &mut buf);
    result.unwrap_or_else(|e| panic!("{e}"));
    work
}

#[test]
fn linear_on_100000_dot_dot_segments() {
    let n = 100_000;
    let big = "../".repeat(n) + "g";
    let small = "../".repeat(n / 10) + "g";
    for a in Algorithm::ALL {
        for dots in [Dots::Keep, Dots::Remove] {
            if a.default_dots() == Dots::Remove && dots == Dots::Keep {
                continue;
            }
            let o = Options::new(a).dots(dots);
            let (w_big, w_small) = (work(BASE, &big, o), work(BASE, &small, o));
            eprintln!(
                "{a} {dots:?}: {w_big} byte visits for {} bytes of 100,000 \"../\" ({w_small} for 10,000)",
                big.len()
            );
            // Two passes over the path, each visiting a byte a bounded
            // number of times: at most 8 visits per input byte, and 10x the
            // input costs about 10x the work.
            assert!(
                w_big <= 8 * big.len(),
                "{a} {dots:?}: {w_big} visits for {} bytes",
                big.len()
            );
            assert!(
                w_big * 10 <= w_small * 100 + 1000,
                "{a}: {w_big} vs {w_small}"
            );
        }
    }
    // The results themselves.
    assert_eq!(res(BASE, &big, Options::default()).unwrap(), "http://a/g");
    let keep = res(BASE, &big, Options::new(Algorithm::Rfc2396)).unwrap();
    assert_eq!(keep, format!("http://a/{}g", "../".repeat(n - 2)));
    // A 100,000-segment base path climbed back by 100,000 "..".
    let deep = format!("http://a/{}x", "s/".repeat(n));
    let w = work(&deep, &big, Options::default());
    assert!(w <= 8 * (deep.len() + big.len()), "{w}");
    assert_eq!(res(&deep, &big, Options::default()).unwrap(), "http://a/g");
    // Alternating "a/../" and in a reference with a scheme.
    let alt = format!("s:/{}", "a/../".repeat(n));
    assert!(work(BASE, &alt, Options::default()) <= 8 * alt.len());
    assert_eq!(res(BASE, &alt, Options::default()).unwrap(), "s:/");
}

#[test]
fn linear_on_long_runs_of_percent_2e() {
    // "%2E" is not "." for resolution: §5.2.4 works on the raw string
    // (decoding unreserved characters is normalization, §6.2.2.2).
    let n = 100_000;
    for piece in ["%2E", "%2E%2E/", "%2e/", "/%2E%2E"] {
        let r = piece.repeat(n);
        let r = if r.starts_with('/') {
            format!(".{r}")
        } else {
            r
        };
        for a in Algorithm::ALL {
            let o = Options::new(a);
            let w = work(BASE, &r, o);
            assert!(w <= 8 * r.len(), "{a} {piece}: {w}");
            let got = res(BASE, &r, o).unwrap();
            assert!(
                got.ends_with(&r[r.len() - 30..]),
                "{a} {piece}: dots decoded?"
            );
            assert!(got.len() >= r.len(), "{a} {piece}");
        }
    }
}

/// Any strings, every algorithm and policy: no panic, and the
/// buffer-too-small error states the exact length (checked inside `res`).
#[test]
fn arbitrary_inputs_never_panic() {
    let mut rng = Rng::new(0x1234_5678_9ABC_DEF1);
    let pieces = [
        "a", ":", "/", "//", "?", "#", ".", "..", "%2E", "é", " ", "\0", "[", "@", "s:",
    ];
    for _ in 0..20_000 {
        let base = rand_path(&mut rng, 8, &pieces);
        let r = rand_path(&mut rng, 8, &pieces);
        for a in Algorithm::ALL {
            for dots in [Dots::Keep, Dots::Remove, Dots::Error] {
                let o = Options::new(a).dots(dots).validating(rng.below(2) == 0);
                let _ = res(&base, &r, o);
                let _ = resolve_into(&base, &r, o, &mut []);
            }
        }
    }
}

/// The older algorithms validate base and reference with their own
/// document's grammar (`rfc2396`, `draft-fielding-url-syntax-05`,
/// `draft-fielding-uri-rfc2396bis-01`), not only the Appendix B split,
/// which accepts any string.
#[test]
fn older_algorithms_validate_with_their_grammar() {
    let base = "http://a/b/c/d;p?q";
    for alg in [
        Algorithm::Rfc2396,
        Algorithm::UrlSyntax05,
        Algorithm::Rfc2396bis01,
    ] {
        let o = Options::new(alg);
        // A space is excluded from every one of these grammars (RFC 2396
        // §2.4.3 "delims", draft 05 §2.4, 2396bis-01 §2.4.3).
        assert!(
            matches!(res(base, "g h", o), Err(ResolveError::InvalidReference(_))),
            "{alg:?}"
        );
        assert!(
            matches!(
                res("http://a/b c", "g", o),
                Err(ResolveError::InvalidBase(_))
            ),
            "{alg:?}"
        );
        // A lone "%" is not an escape ("%" hex hex) in any of them.
        assert!(
            matches!(res(base, "g%", o), Err(ResolveError::InvalidReference(_))),
            "{alg:?}"
        );
    }
    // RFC 2396: `relativeURI` needs a non-empty path, but Appendix C
    // resolves `?y`; a query-only reference is accepted when its query is
    // valid, and only then.
    let o = Options::new(Algorithm::Rfc2396);
    assert_eq!(res(base, "?y", o).unwrap(), "http://a/b/c/?y");
    assert_eq!(res(base, "?y#s", o).unwrap(), "http://a/b/c/?y#s");
    assert!(matches!(
        res(base, "?y z", o),
        Err(ResolveError::InvalidReference(_))
    ));
    // RFC 2396 §3: `scheme ":"` with nothing after it is no absoluteURI
    // (`opaque_part` needs a first character, `hier_part` a "/").
    assert!(matches!(
        res("http:", "g", o),
        Err(ResolveError::InvalidBase(_))
    ));
}

/// The reliability review's cases: a target without authority whose path
/// starts with "//" gets "/." before the path (RFC 3986 §3.3: "If a URI
/// does not contain an authority component, then the path cannot begin
/// with two slash characters"), for every algorithm and dots policy that
/// resolves it; fluent-uri and iri-string give `a:/.//c` for the second.
#[test]
fn a_path_never_becomes_an_authority() {
    let remove = |a| Options::new(a).dots(Dots::Remove);
    let cases: &[(&str, &str, Options, &str)] = &[
        (
            "file:/srv/www/x",
            "../../..//evil.example/p",
            Options::default(),
            "file:/.//evil.example/p",
        ),
        ("a:/b", "/.//c", Options::default(), "a:/.//c"),
        ("http://a/b", "x:/..//h:p", Options::default(), "x:/.//h:p"),
        (
            BASE,
            "hthttp:/..//z:G(:....",
            Options::default(),
            "hthttp:/.//z:G(:....",
        ),
        (
            "file:/srv/www/x",
            "../../..//evil.example/p",
            remove(Algorithm::Rfc2396),
            "file:/.//evil.example/p",
        ),
        (
            "file:/srv/www/x",
            "../../..//evil.example/p",
            remove(Algorithm::UrlSyntax05),
            "file:/.//evil.example/p",
        ),
        (
            "file:/srv/www/x",
            "../../..//evil.example/p",
            remove(Algorithm::Rfc2396bis01),
            "file:/.//evil.example/p",
        ),
        // Kept ".." segments already stand before the "//".
        (
            "file:/srv/www/x",
            "../../..//evil.example/p",
            Options::new(Algorithm::Rfc2396),
            "file:/..//evil.example/p",
        ),
    ];
    for &(base, r, o, want) in cases {
        assert_eq!(res(base, r, o).as_deref(), Ok(want), "{base} + {r} ({o:?})");
    }
    // With `error`, the "..." above the root is an error, not a host.
    assert_eq!(
        res(
            "file:/srv/www/x",
            "../../..//evil.example/p",
            Options::default().dots(Dots::Error)
        ),
        Err(ResolveError::DotSegmentsAboveRoot)
    );
}

/// RFC 2396 and draft 05 step 6a, as written: with a base whose path is
/// empty, the merged path follows the authority directly, so the host
/// grows; RFC 3986 §5.2.3 and 2396bis-01 merge step 1 put "/" first.
#[test]
fn step_6a_with_an_empty_base_path_is_as_written() {
    for a in [Algorithm::Rfc2396, Algorithm::UrlSyntax05] {
        assert_eq!(
            res("http://a", ".evil.com/x", Options::new(a)).as_deref(),
            Ok("http://a.evil.com/x")
        );
    }
    for a in [Algorithm::Rfc3986, Algorithm::Rfc2396bis01] {
        assert_eq!(
            res("http://a", ".evil.com/x", Options::new(a)).as_deref(),
            Ok("http://a/.evil.com/x")
        );
    }
    // Draft 05 step 6c: "?" and the query join the buffer before dot
    // removal (found by the resolve_normalize fuzz target); RFC 2396 keeps
    // the query apart.
    assert_eq!(
        res(
            "http://a",
            "?y/../.evil.com",
            Options::new(Algorithm::UrlSyntax05)
        )
        .as_deref(),
        Ok("http://a.evil.com")
    );
    assert_eq!(
        res(
            "http://a",
            "?y/../.evil.com",
            Options::new(Algorithm::Rfc2396)
        )
        .as_deref(),
        Ok("http://a?y/../.evil.com")
    );
}
