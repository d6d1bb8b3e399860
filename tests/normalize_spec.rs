//! Normalization and equivalence (`uridfa::normalize`): the examples of
//! RFC 3986 §6.2, draft-fielding-uri-rfc2396bis-01 §6.2 and RFC 3987
//! §5.3, each step on its own, the grammar's `unreserved` sets, the path
//! step against the resolution code, idempotence and equivalence on
//! generated references, and adversarial sizes.

use uridfa::normalize::{default_port, equivalent, normalize_into, NormalizeError, Steps, Syntax};
use uridfa::resolve::{resolve_into, Algorithm, Options};
use uridfa_codegen::sample::Rng;

/// `Syntax::normalize` without the `alloc` feature (so that
/// `cargo test -p uridfa` runs these tests with the crate's defaults).
fn owned(syntax: Syntax, input: &str, steps: Steps) -> Result<String, NormalizeError> {
    let mut buf = vec![0u8; input.len() + 8];
    let n = match syntax.normalize_into(input, steps, &mut buf) {
        Err(NormalizeError::BufferTooSmall(uridfa::BufferTooSmall { needed })) => {
            buf.resize(needed, 0);
            syntax.normalize_into(input, steps, &mut buf)?
        }
        other => other?,
    };
    buf.truncate(n);
    Ok(String::from_utf8(buf).expect("normal forms are UTF-8"))
}

/// A resolution target, as a `String` (without the `alloc` feature).
fn resolve(base: &str, r: &str, o: Options) -> Result<String, uridfa::resolve::ResolveError> {
    let mut buf = vec![0u8; base.len() + r.len() + 16];
    let n = resolve_into(base, r, o, &mut buf)?;
    buf.truncate(n);
    Ok(String::from_utf8(buf).expect("targets are UTF-8"))
}

fn norm(s: Syntax, input: &str, steps: Steps) -> String {
    owned(s, input, steps).unwrap_or_else(|e| panic!("{s}: {input:?}: {e}"))
}

fn n3986(input: &str, steps: Steps) -> String {
    norm(Syntax::Rfc3986, input, steps)
}

// ---------------------------------------------------------------------
// The documents' examples

/// RFC 3986 §6.2.2: "an application using this approach could reasonably
/// consider the following two URIs equivalent: example://a/b/c/%7Bfoo%7D
/// eXAMPLE://a/./b/../b/%63/%7bfoo%7d".
#[test]
fn rfc3986_6_2_2_pair() {
    let (a, b) = (
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
    );
    let syntax_based = Steps::CASE | Steps::PCT | Steps::PATH;
    assert!(equivalent(a, b, syntax_based).unwrap());
    assert_eq!(n3986(b, syntax_based), a);
    // Each of the three syntax-based steps is needed.
    for (missing, steps) in [
        ("case", Steps::PCT | Steps::PATH),
        ("pct", Steps::CASE | Steps::PATH),
        ("path", Steps::CASE | Steps::PCT),
    ] {
        assert!(!equivalent(a, b, steps).unwrap(), "without {missing}");
    }
}

/// RFC 3986 §6.2.2.1: "the URI <HTTP://www.EXAMPLE.com/> is equivalent to
/// <http://www.example.com/>"; "%3a" versus "%3A" are case-insensitive
/// and "should be normalized to use uppercase letters".
#[test]
fn rfc3986_6_2_2_1_case() {
    assert_eq!(
        n3986("HTTP://www.EXAMPLE.com/", Steps::CASE),
        "http://www.example.com/"
    );
    assert_eq!(n3986("x:/%3a?%3a#%3a", Steps::CASE), "x:/%3A?%3A#%3A");
    // "The other generic syntax components are assumed to be
    // case-sensitive": userinfo, path, query and fragment keep their case.
    assert_eq!(
        n3986("HTTP://User@Host/Path?Q#F", Steps::CASE),
        "http://User@host/Path?Q#F"
    );
    assert!(!equivalent("http://a/P", "http://a/p", Steps::ALL).unwrap());
}

/// RFC 3986 §6.2.2.2: "decoding any percent-encoded octet that corresponds
/// to an unreserved character"; §2.3: "%41-%5A (A-Z), %61-%7A (a-z),
/// %30-%39 (0-9), %2D (-), %2E (.), %5F (_), or %7E (~) should not be
/// created by URI producers".
#[test]
fn rfc3986_6_2_2_2_percent_encoding() {
    assert_eq!(
        n3986("x:%41%5A%61%7A%30%39%2D%2E%5F%7E", Steps::PCT),
        "x:AZaz09-._~"
    );
    // Reserved and other octets stay encoded (§2.2: "URIs that differ in
    // the replacement of a reserved character with its corresponding
    // percent-encoded octet are not equivalent").
    let kept = "x:%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25%20%C3%A9";
    assert_eq!(n3986(kept, Steps::PCT), kept);
    // Without the case step the kept triplets keep their case.
    assert_eq!(n3986("x:%3a%7e", Steps::PCT), "x:%3a~");
    // In the host, a decoded letter is then lower-cased by the case step.
    assert_eq!(
        n3986("http://examp%4Ce.com/", Steps::ALL),
        "http://example.com/"
    );
}

/// RFC 3986 §6.2.2.3: "URI normalizers should remove dot-segments by
/// applying the remove_dot_segments algorithm to the path".
#[test]
fn rfc3986_6_2_2_3_path_segments() {
    for (input, want) in [
        // §5.2.4's two worked examples.
        ("x:/a/b/c/./../../g", "x:/a/g"),
        ("x:/mid/content=5/../6", "x:/mid/6"),
        ("http://a/b/c/../../..", "http://a/"),
        ("http://a/..///..", "http://a//"),
        ("http://a/b/.", "http://a/b/"),
        ("/a/b/../../c", "/c"),
        // Not hierarchical-absolute: left alone.
        ("a/b/../../c", "a/b/../../c"),
        ("../x", "../x"),
        ("foo:a/../b", "foo:a/../b"),
        // A result that would read as an authority keeps "/.".
        ("scheme:/.//foo/bar", "scheme:/.//foo/bar"),
        ("/a/..//b", "/.//b"),
        ("//host/.//foo", "//host//foo"),
    ] {
        assert_eq!(n3986(input, Steps::PATH), want, "{input}");
    }
    // %2E is a dot once the pct step decoded it, not before.
    assert_eq!(
        n3986("http://a/b/%2E%2e/c", Steps::PATH),
        "http://a/b/%2E%2e/c"
    );
    assert_eq!(
        n3986("http://a/b/%2E%2e/c", Steps::PCT | Steps::PATH),
        "http://a/c"
    );
}

/// RFC 3986 §6.2.3: "the following four URIs are equivalent:
/// http://example.com http://example.com/ http://example.com:/
/// http://example.com:80/ ... the second URI above is the normal form";
/// "the URI "http://example.com/?" cannot be assumed to be equivalent";
/// "two URIs that differ only by the suffix "#" are considered different".
#[test]
fn rfc3986_6_2_3_scheme_based() {
    let four = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for u in four {
        assert_eq!(n3986(u, Steps::SCHEME), "http://example.com/", "{u}");
        for v in four {
            assert!(equivalent(u, v, Steps::SCHEME).unwrap(), "{u} {v}");
        }
    }
    assert!(!equivalent("http://example.com/?", "http://example.com/", Steps::ALL).unwrap());
    assert!(!equivalent("http://example.com/#", "http://example.com/", Steps::ALL).unwrap());
    // Default ports of the RFC 1738 schemes (its §3.2.2, §3.3, §3.4,
    // §3.8, §3.9, §3.7 and draft 06's prospero) and https.
    for (scheme, port) in [
        ("ftp", 21),
        ("http", 80),
        ("gopher", 70),
        ("nntp", 119),
        ("telnet", 23),
        ("wais", 210),
        ("prospero", 1525),
        ("https", 443),
    ] {
        assert_eq!(default_port(scheme), Some(port));
        let u = format!("{scheme}://h:{port}/x");
        assert_eq!(n3986(&u, Steps::SCHEME), format!("{scheme}://h/x"));
        let other = format!("{scheme}://h:{}/x", port + 1);
        assert_eq!(n3986(&other, Steps::SCHEME), other);
    }
    // Only http and https turn an empty path into "/".
    assert_eq!(n3986("https://h", Steps::SCHEME), "https://h/");
    assert_eq!(n3986("ftp://h", Steps::SCHEME), "ftp://h");
    assert_eq!(n3986("http:x", Steps::SCHEME), "http:x");
    // An empty port goes for any scheme; a non-default port stays as is.
    assert_eq!(n3986("scheme://host:/", Steps::SCHEME), "scheme://host/");
    assert_eq!(n3986("scheme://host:0/", Steps::SCHEME), "scheme://host:0/");
    assert_eq!(n3986("HTTP://h:00080/", Steps::SCHEME), "HTTP://h/");
    assert_eq!(
        n3986("http://h:99999999999999999999/", Steps::SCHEME),
        "http://h:99999999999999999999/"
    );
}

/// 2396bis-01 §6.2.2: "could reasonably consider the following two URIs
/// equivalent: example://a/b/c/%7A eXAMPLE://a/./b/../b/c/%7a"; §6.2.3:
/// "http://example.com/ http://example.com:80/".
#[test]
fn rfc2396bis01_6_2_examples() {
    let s = Syntax::Rfc2396bis01;
    assert!(s
        .equivalent(
            "example://a/b/c/%7A",
            "eXAMPLE://a/./b/../b/c/%7a",
            Steps::ALL
        )
        .unwrap());
    assert!(s
        .equivalent(
            "http://example.com/",
            "http://example.com:80/",
            Steps::SCHEME
        )
        .unwrap());
    // §6.2.2.3: dot segments are removed by merging with the §5 algorithm,
    // which keeps ".." above the root (Appendix C: "http://a/../g").
    assert_eq!(norm(s, "http://a/b/../../g", Steps::PATH), "http://a/../g");
    assert_eq!(norm(s, "http://a/..", Steps::PATH), "http://a/..");
    assert_eq!(norm(s, "http://a/b/..", Steps::PATH), "http://a/");
    assert_eq!(norm(s, "http://a/../b/..", Steps::PATH), "http://a/../");
    // mark is unreserved (§2.3): "%21" is "!".
    assert_eq!(norm(s, "http://a/%21%7e%2a", Steps::PCT), "http://a/!~*");
    // §6.2.2.1 "the scheme and hostname are case insensitive": a reg-name
    // authority (§3.2.1) keeps its case.
    assert_eq!(
        norm(s, "HTTP://WWW.Example.COM/", Steps::CASE),
        "http://www.example.com/"
    );
    assert_eq!(norm(s, "X://Reg_Name!/", Steps::CASE), "x://Reg_Name!/");
}

/// RFC 3987 §5.3.2.3: "http://example.org/~user",
/// "http://example.org/%7euser", and "http://example.org/%7Euser", must
/// resolve to the same resource"; only unreserved octets are decoded.
#[test]
fn rfc3987_5_3_examples() {
    let s = Syntax::Rfc3987;
    for a in [
        "http://example.org/~user",
        "http://example.org/%7euser",
        "http://example.org/%7Euser",
    ] {
        assert_eq!(norm(s, a, Steps::ALL), "http://example.org/~user");
    }
    // §5.3.2.1: "the scheme and US-ASCII only host are case insensitive
    // and therefore should be normalized to lowercase"; a host with
    // non-ASCII characters, written or percent-encoded, is not folded.
    assert_eq!(
        norm(s, "HTTP://WWW.Example.COM/é", Steps::ALL),
        "http://www.example.com/é"
    );
    assert_eq!(
        norm(s, "HTTP://Résumé.EXAMPLE/%C3%A9", Steps::ALL),
        "http://Résumé.EXAMPLE/%C3%A9"
    );
    assert_eq!(
        norm(s, "HTTP://R%C3%A9SUM%C3%A9.EXAMPLE/", Steps::ALL),
        "http://R%C3%A9SUM%C3%A9.EXAMPLE/"
    );
    // RFC 3986 folds the host whatever it encodes.
    assert_eq!(
        n3986("HTTP://R%C3%A9SUM%C3%A9.EXAMPLE/", Steps::ALL),
        "http://r%C3%A9sum%C3%A9.example/"
    );
}

/// RFC 6874 §2: the zone ID after "%25" is not case-folded.
#[test]
fn rfc6874_zone_keeps_case() {
    let s = Syntax::Rfc6874;
    assert_eq!(
        norm(s, "HTTP://[FE80::A%25En1]/", Steps::ALL),
        "http://[fe80::a%25En1]/"
    );
}

#[test]
fn errors_and_buffers() {
    let e = normalize_into("http://a b", Steps::ALL, &mut [0u8; 64]).unwrap_err();
    let NormalizeError::Invalid(inner) = e else {
        panic!("{e:?}")
    };
    assert_eq!(inner.offset(), 8);
    // Every buffer shorter than the normal form: the exact length, nothing
    // written.
    let input = "HTTP://%41@EXAMPLE.ORG:80/a/./b/../%7e?%3a#%3b";
    let want = "http://A@example.org/a/~?%3A#%3B";
    for len in 0..want.len() {
        let mut buf = vec![b'#'; len];
        assert_eq!(
            normalize_into(input, Steps::ALL, &mut buf),
            Err(NormalizeError::BufferTooSmall(uridfa::BufferTooSmall {
                needed: want.len()
            }))
        );
        assert!(buf.iter().all(|&b| b == b'#'));
    }
    let mut buf = vec![0u8; want.len()];
    let n = normalize_into(input, Steps::ALL, &mut buf).unwrap();
    assert_eq!(&buf[..n], want.as_bytes());
    // Invalid bytes, NUL, invalid UTF-8 through the str API is impossible;
    // equivalent reports the first invalid input.
    assert!(equivalent("http://a/\0", "http://a/", Steps::ALL).is_err());
    assert!(equivalent("http://a/", "%", Steps::ALL).is_err());
}

#[test]
fn steps_names() {
    assert_eq!(Steps::from_names("case,pct,path,scheme"), Some(Steps::ALL));
    assert_eq!(Steps::ALL.to_string(), "case,pct,path,scheme");
    assert_eq!(Steps::NONE.to_string(), "none");
    assert_eq!(Steps::from_names("case,,pct"), None);
    for s in Syntax::ALL {
        assert_eq!(Syntax::from_name(s.name()), Some(s));
        assert!(
            uridfa::grammar(s.name()).is_some(),
            "{s} is a built-in grammar"
        );
    }
}

// ---------------------------------------------------------------------
// The grammar's unreserved sets

/// What the `pct` step decodes is exactly the grammar file's `unreserved`
/// rule: checked per octet with regex-automata's PikeVM built from the
/// grammar (uridfa_codegen's oracle).
#[test]
fn decoded_octets_are_the_grammars_unreserved() {
    use uridfa_codegen::{abnf, lower, oracle::Oracle};
    for (syntax, file) in [
        (Syntax::Rfc3986, "rfc3986.abnf"),
        (Syntax::Rfc3987, "rfc3986.abnf"),
        (Syntax::Rfc6874, "rfc6874.abnf"),
        (
            Syntax::Rfc2396bis01,
            "draft-fielding-uri-rfc2396bis-01.abnf",
        ),
    ] {
        let path = format!("{}/grammar/{file}", env!("CARGO_MANIFEST_DIR"));
        let g = abnf::load(path.as_ref()).unwrap_or_else(|d| panic!("{d}"));
        let span = g.entries[0].1;
        let lowered = lower::lower(&g, "unreserved", span).unwrap_or_else(|d| panic!("{d}"));
        let oracle = Oracle::new(&lowered).expect("oracle");
        let mut n = 0;
        for b in 0u8..=255 {
            let want = oracle.accepts(&[b]);
            let input = format!("x:%{b:02X}");
            let got = owned(syntax, &input, Steps::PCT).unwrap() != input;
            assert_eq!(got, want, "{syntax}: %{b:02X}");
            n += usize::from(want);
        }
        eprintln!("{syntax}: {n} unreserved octets decoded");
    }
}

// ---------------------------------------------------------------------
// The path step against the resolution code

fn dotty_path(rng: &mut Rng) -> String {
    let mut p = String::new();
    for _ in 0..rng.below(9) {
        p.push('/');
        p.push_str(["a", "b", ".", "..", "", "c.d", "..."][rng.below(7) as usize]);
    }
    if p.is_empty() {
        p.push('/');
    }
    p
}

/// RFC 3986: the path step of `s://a` + P is §5.2.2's
/// remove_dot_segments(P), i.e. resolving P against `s://a`.
/// 2396bis-01: §6.2.2.3 splits after the first "/" and merges with its §5
/// algorithm: resolving "./" + the rest against `s://a/`. The resolution
/// code (src/algorithms/resolve/) is a separate implementation.
#[test]
fn path_step_matches_resolution() {
    let mut rng = Rng::new(0x2396_3986);
    for _ in 0..20_000 {
        let p = dotty_path(&mut rng);
        let u = format!("s://a{p}");
        // "/." keeps "//x" a path; remove_dot_segments drops it again.
        let want = resolve("s://a", &format!("/.{p}"), Options::new(Algorithm::Rfc3986)).unwrap();
        assert_eq!(n3986(&u, Steps::PATH), want, "rfc3986 {p}");
        let rel = format!("./{}", &p[1..]);
        let want = resolve("s://a/", &rel, Options::new(Algorithm::Rfc2396bis01)).unwrap();
        assert_eq!(
            norm(Syntax::Rfc2396bis01, &u, Steps::PATH),
            want,
            "2396bis-01 {p}"
        );
    }
}

// ---------------------------------------------------------------------
// Idempotence and equivalence on generated references

fn step_sets() -> impl Iterator<Item = Steps> {
    (0u8..16).map(|bits| {
        let mut s = Steps::NONE;
        for (i, step) in [Steps::CASE, Steps::PCT, Steps::PATH, Steps::SCHEME]
            .into_iter()
            .enumerate()
        {
            if bits & (1 << i) != 0 {
                s = s | step;
            }
        }
        s
    })
}

/// Generated references of each syntax: samples of the grammar, mutated
/// towards what normalization rewrites (case, `%XX` of unreserved and
/// reserved octets, dot segments, ports).
fn generated(syntax: Syntax, n: usize) -> Vec<String> {
    use uridfa_codegen::driver::{compile_file, Options};
    use uridfa_codegen::sample::generate;
    let (file, entry) = match syntax {
        Syntax::Rfc3986 => ("rfc3986.abnf", "URI-reference"),
        Syntax::Rfc3987 => ("rfc3987.abnf", "IRI-reference"),
        Syntax::Rfc6874 => ("rfc6874.abnf", "URI-reference"),
        Syntax::Rfc2396bis01 => ("draft-fielding-uri-rfc2396bis-01.abnf", "URI-reference"),
        // Non-exhaustive (the variants follow the cargo features); the
        // tests build with every grammar.
        other => panic!("no grammar file for {other}"),
    };
    let path = format!("{}/grammar/{file}", env!("CARGO_MANIFEST_DIR"));
    let c = compile_file(path.as_ref(), Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let m = c.machine(entry).expect("entry");
    let mut srng = Rng::new(6202);
    let mut rng = Rng::new(0x6_2_2_3);
    let mut out = Vec::new();
    let seeds = [
        "HTTP://User@Example.COM:80/a/./b/../%7e%41?%3a#%3A",
        "http://h:/%2E%2e/x/%2e/",
        "https://h",
        "s:/.//x",
        "/a/..//b",
        "x://[FE80::A]:8042/a/b/c/../../../..",
        "ftp://H:21",
        "mailto:A%40B",
        "foo:a/../b",
    ];
    let mut buf = Vec::new();
    while out.len() < n {
        let mut s = if rng.below(3) == 0 {
            seeds[rng.below(seeds.len() as u64) as usize].to_string()
        } else {
            buf.clear();
            generate(&m.lowered.hir, &mut srng, &mut buf);
            match String::from_utf8(buf.clone()) {
                Ok(s) => s,
                Err(_) => continue,
            }
        };
        // Mutations that keep most references valid.
        for _ in 0..rng.below(4) {
            let at = (rng.below(s.len() as u64 + 1) as usize).min(s.len());
            if !s.is_char_boundary(at) {
                continue;
            }
            let piece = [
                "/..", "/.", "%2E", "%2e", "%41", "%7e", "%3A", "%3a", "A", "/", ":80",
            ][rng.below(11) as usize];
            s.insert_str(at, piece);
        }
        if owned(syntax, &s, Steps::NONE).is_ok() {
            out.push(s);
        }
    }
    out
}

/// For every syntax and every set of steps: the normal form is valid,
/// normalizing it again changes nothing, the input is equivalent to its
/// normal form, and `equivalent` agrees with comparing normal forms on
/// pairs (including pairs made equivalent on purpose).
#[test]
fn idempotent_and_equivalence_agrees() {
    let n: usize = std::env::var("URIDFA_NORMALIZE_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1500);
    for syntax in Syntax::ALL {
        let inputs = generated(syntax, n);
        let (mut pairs, mut equal_pairs) = (0, 0);
        for steps in step_sets() {
            let forms: Vec<String> = inputs.iter().map(|i| norm(syntax, i, steps)).collect();
            for (i, (input, form)) in inputs.iter().zip(&forms).enumerate() {
                let again = norm(syntax, form, steps);
                assert_eq!(
                    &again, form,
                    "{syntax} {steps}: not idempotent on {input:?}"
                );
                assert!(
                    syntax.equivalent(input, form, steps).unwrap(),
                    "{syntax} {steps}: {input:?} not equivalent to its normal form {form:?}"
                );
                // A neighbour, and the normal form of another input made
                // from this one.
                let j = (i * 7 + 3) % inputs.len();
                let k = (i + 1) % inputs.len();
                for other in [&inputs[j], &inputs[k]] {
                    let same = syntax.equivalent(input, other, steps).unwrap();
                    let want = *form == norm(syntax, other, steps);
                    assert_eq!(same, want, "{syntax} {steps}: {input:?} vs {other:?}");
                    pairs += 1;
                    equal_pairs += usize::from(want);
                }
            }
        }
        eprintln!(
            "{syntax}: {} inputs x 16 step sets idempotent; {pairs} pairs compared, {equal_pairs} equivalent",
            inputs.len()
        );
    }
}

// ---------------------------------------------------------------------
// Adversarial sizes: each would take hours if any step were quadratic.

#[test]
fn linear_on_adversarial_inputs() {
    let deep = format!("http://a{}", "/..".repeat(100_000));
    assert_eq!(n3986(&deep, Steps::ALL), "http://a/");
    let climb = format!("http://a/{}g", "../".repeat(100_000));
    assert_eq!(n3986(&climb, Steps::ALL), "http://a/g");
    let kept = norm(Syntax::Rfc2396bis01, &climb, Steps::ALL);
    assert_eq!(kept.len(), "http://a/".len() + 100_000 * 3 + 1);
    let dots = format!("http://a/{}", "%2E".repeat(400_000));
    let n = n3986(&dots, Steps::ALL);
    assert_eq!(n.len(), "http://a/".len() + 400_000);
    let dotdots = format!("http://a/b{}", "/%2E%2E".repeat(200_000));
    assert_eq!(n3986(&dotdots, Steps::ALL), "http://a/");
    assert!(equivalent(&dotdots, "http://a/", Steps::ALL).unwrap());
    let segs = format!("http://a{}", "/b".repeat(200_000));
    assert!(equivalent(
        &segs,
        &segs
            .to_uppercase()
            .replace("HTTP://A", "http://a")
            .to_lowercase(),
        Steps::ALL
    )
    .unwrap());
    assert_eq!(owned(Syntax::Rfc3986, &segs, Steps::ALL).unwrap(), segs);
}

/// The `alloc` conveniences give what the buffer functions give (the
/// workspace test run enables the feature through the CLI crate).
#[cfg(feature = "alloc")]
#[test]
fn owned_forms_equal_buffer_forms() {
    for s in Syntax::ALL {
        for input in ["HTTP://A:80/b/./%7e?%3a", "x:/a/../b", "//H%41:21/.//x"] {
            let Ok(want) = owned(s, input, Steps::ALL) else {
                continue;
            };
            assert_eq!(s.normalize(input, Steps::ALL).unwrap(), want, "{s} {input}");
            if s == Syntax::Rfc3986 {
                let n = uridfa::normalize::normalize(input, Steps::ALL).unwrap();
                assert_eq!(n, want);
            }
        }
    }
}
