// What RFC 1738 and draft-ietf-uri-url-06 share in §3 beyond vectors:
// `include!`d by tests/rfc1738_spec.rs and tests/url06_spec.rs, which
// define
//
//   use uridfa::<module> as m;   // the module under test
//   const GRAMMAR: &str;        // its grammar name
//   const DOC: &str;            // "RFC 1738" or "draft 06"
//
// The vectors are data: the plain verdicts (an input matches, or does not
// match, an entry rule) are rows of tests/data/parse.jsonl, run by
// tests/parse_spec.rs, and the typed scheme views' values (§3's examples
// and templates: FTP `cwd`/`name`/`typecode`, default ports, news
// targets, gopher+ strings, ...) rows of tests/data/url_schemes.jsonl for
// both grammars, run by tests/url_schemes_spec.rs. What stays here is not
// a vector: §4's scheme names under generated cases, the strict `url`
// rule's scheme trie against a direct check on generated strings, the
// strict `url` as the union of the scheme rules on generated edits, bad
// bytes, and the `<URL:...>` wrappers of each document's text.

use m::Url;

/// `input` matches entry `rule` of the grammar (checked through the
/// generic tables as well as the typed view that the caller uses).
#[track_caller]
fn valid(rule: &str, input: &str) {
    let g = uridfa::grammar(GRAMMAR).expect("grammar is built in");
    let t = g.entry(rule).expect("entry rule exists");
    if let Err(e) = uridfa::runtime::validate(t, input.as_bytes()) {
        panic!("{DOC}: {input:?} should match {rule}: {e:?}");
    }
}

/// `input` does not match entry `rule`.
#[track_caller]
fn invalid(rule: &str, input: &str, why: &str) {
    let g = uridfa::grammar(GRAMMAR).expect("grammar is built in");
    let t = g.entry(rule).expect("entry rule exists");
    assert!(
        uridfa::runtime::validate(t, input.as_bytes()).is_err(),
        "{DOC}: {input:?} should not match {rule} ({why})"
    );
}

/// `input` under the strict `url` rule is `Url::Ftp`, and so on.
macro_rules! url_as {
    ($variant:ident, $input:expr) => {
        match Url::parse($input) {
            Ok(Url::$variant(v)) => v,
            other => panic!(
                "{DOC}: {:?} should be Url::{}: {other:?}",
                $input,
                stringify!($variant)
            ),
        }
    };
}

// ---------------------------------------------------------------------------
// Strict schemes (§3 vs §5's `otherurl`)

/// The scheme names §4 lists ("The following scheme have been proposed at
/// various times, but this document does not define their syntax") and
/// the experimental prefix "x-" ("Scheme names starting with the
/// characters "x-" are reserved for experimental purposes").
const SECTION_4_SCHEMES: [&str; 7] = ["afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50"];

#[test]
fn s4_proposed_schemes_are_other_urls() {
    // None of them is one of the ten, so the strict `url` takes them under
    // the generic syntax (§5 `otherurl`), in any case (§2.1).
    for name in SECTION_4_SCHEMES.into_iter().chain(["x-", "x-my.scheme+1"]) {
        for s in [format!("{name}:x"), format!("{}://h/p", name.to_ascii_uppercase())] {
            let o = url_as!(Other, &s);
            assert_eq!(o.scheme(), &s[..name.len()], "§4 {s}");
            assert_eq!(o.schemepart(), &s[name.len() + 1..], "§4 {s}");
        }
    }
}

/// The strict `url` rule's scheme test, checked against a direct
/// comparison: for a string `s`, `s:` matches `url` iff `s` is a scheme
/// (`1*( letter / digit / "+" / "-" / "." )`) that is none of the ten
/// names, ignoring case. (`name:` fails every one of the ten scheme rules:
/// each needs "//" or at least one more character.)
#[test]
fn other_scheme_complement_matches_a_direct_check() {
    const NAMES: [&str; 10] = [
        "ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero",
    ];
    let g = uridfa::grammar(GRAMMAR).unwrap();
    let url = g.entry("url").unwrap();
    let oracle = |s: &[u8]| {
        !s.is_empty()
            && s.iter()
                .all(|c| c.is_ascii_alphanumeric() || b"+-.".contains(c))
            && !NAMES.iter().any(|n| n.as_bytes().eq_ignore_ascii_case(s))
    };
    let mut checked = 0u64;
    let mut check = |s: &[u8]| {
        let mut input = s.to_vec();
        input.push(b':');
        let got = uridfa::runtime::validate(url, &input).is_ok();
        assert_eq!(
            got,
            oracle(s),
            "{DOC}: {:?}",
            String::from_utf8_lossy(&input)
        );
        checked += 1;
    };
    // The letters of the ten names, one other letter, a digit, "+", "-",
    // "." and one non-scheme byte.
    let alphabet: Vec<u8> = b"filetpgohrmanwsxX1+-._".to_vec();
    // 1. Every string up to length 4 over the whole alphabet.
    let mut layer: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for s in &layer {
            for &c in &alphabet {
                let mut t = s.clone();
                t.push(c);
                check(&t);
                next.push(t);
            }
        }
        layer = next;
    }
    // 2. Every string of length 5 to 7 over the letters of "prospero" and
    // "telnet" plus "x" (7^7 strings; length 9 would be 40 million).
    let small = b"prosetx";
    let mut layer: Vec<Vec<u8>> = vec![Vec::new()];
    for len in 1..=7 {
        let mut next = Vec::new();
        for s in &layer {
            for &c in small {
                let mut t = s.clone();
                t.push(c);
                if len >= 5 {
                    check(&t);
                }
                next.push(t);
            }
        }
        layer = next;
    }
    // 3. Every prefix of every name (in lower, upper and mixed case),
    // alone and followed by one or two characters of the alphabet: this
    // walks every branch of the trie to length 10.
    for name in NAMES {
        for k in 0..=name.len() {
            let p = &name.as_bytes()[..k];
            let variants = [
                p.to_vec(),
                p.to_ascii_uppercase(),
                p.iter()
                    .enumerate()
                    .map(|(i, c)| {
                        if i % 2 == 0 {
                            c.to_ascii_uppercase()
                        } else {
                            *c
                        }
                    })
                    .collect(),
            ];
            for v in variants {
                check(&v);
                for &c in &alphabet {
                    let mut t = v.clone();
                    t.push(c);
                    check(&t);
                    for &d in &alphabet {
                        let mut u = t.clone();
                        u.push(d);
                        check(&u);
                    }
                }
            }
        }
    }
    eprintln!("{DOC}: other-scheme agrees with the direct check on {checked} strings");
    assert!(checked > 300_000);
}

// ---------------------------------------------------------------------------
// Any bytes: errors, never panics

#[test]
fn bad_bytes_are_errors() {
    for input in [
        &b""[..],
        b"\0",
        b"http://host.dom/\0",
        b"http://h\xc3\xa9st.dom/",
        b"http://host.dom/\xff",
        b"ftp://host.dom/\xe2\x82",
    ] {
        assert!(Url::parse_bytes(input).is_err(), "{input:?}");
        assert!(!Url::is_valid(input));
        assert!(m::Http::parse_bytes(input).is_err());
        assert!(m::Other::parse_bytes(input).is_err());
    }
    let long = format!("http://host.dom/{}", "a".repeat(1 << 20));
    let h = m::Http::parse(&long).unwrap();
    assert_eq!(h.path().map(str::len), Some(1 << 20));
    let e = Url::parse(&format!("{long} ")).unwrap_err();
    assert_eq!(e.offset(), long.len());
}

/// The strict `url` is the union its definition says: an input matches
/// `url` iff it matches the rule of its scheme (one of the ten, any case),
/// or `otherurl` with a scheme that is none of them; and `Url::parse`
/// gives the variant of that scheme. Checked on the URLs above and on
/// every one-byte deletion, duplication and replacement (by a byte of
/// `@:/;%=` or a space) of them.
#[test]
fn strict_url_is_the_union_of_the_scheme_rules() {
    const RULES: [(&str, &str); 10] = [
        ("ftp", "ftpurl"),
        ("http", "httpurl"),
        ("gopher", "gopherurl"),
        ("mailto", "mailtourl"),
        ("news", "newsurl"),
        ("nntp", "nntpurl"),
        ("telnet", "telneturl"),
        ("wais", "waisurl"),
        ("file", "fileurl"),
        ("prospero", "prosperourl"),
    ];
    let g = uridfa::grammar(GRAMMAR).unwrap();
    let ok = |rule: &str, s: &[u8]| uridfa::runtime::validate(g.entry(rule).unwrap(), s).is_ok();
    let seeds = [
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://foo:@host.com/a/b;type=d",
        "http://host.dom:8080/a/b;c?d=e&f",
        "gopher://host.dom/1sel%09%09+",
        "mailto:masinter@parc.xerox.com",
        "news:comp.infosystems.www.misc",
        "news:unique123@full.domain.name",
        "nntp://news.host.dom:1119/comp.lang/4711",
        "telnet://guest:secret@host.dom:2323/",
        "wais://quake.think.com/wais-discussion-archives?lynch",
        "wais://host.dom/db/TEXT/doc",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        "prospero://host.dom:1526/pros/name;OBJECT-VERSION=2",
        "x-example:anything",
        "HTTP://host.dom/",
    ];
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for s in seeds {
        let b = s.as_bytes();
        inputs.push(b.to_vec());
        for i in 0..b.len() {
            let mut d = b.to_vec();
            d.remove(i);
            inputs.push(d);
            let mut d = b.to_vec();
            d.insert(i, b[i]);
            inputs.push(d);
            for &c in b"@:/;%= " {
                let mut d = b.to_vec();
                d[i] = c;
                inputs.push(d);
            }
        }
    }
    let (mut accepted, mut rejected) = (0, 0);
    for s in &inputs {
        let scheme = s.split(|&c| c == b':').next().unwrap_or(&[]);
        let own = RULES
            .iter()
            .find(|(name, _)| name.as_bytes().eq_ignore_ascii_case(scheme));
        let want = match own {
            Some((_, rule)) => ok(rule, s),
            None => ok("otherurl", s),
        };
        let text = String::from_utf8_lossy(s);
        assert_eq!(ok("url", s), want, "{DOC}: {text:?}");
        match Url::parse_bytes(s) {
            Ok(u) => {
                accepted += 1;
                let variant = match u {
                    Url::Ftp(_) => "ftp",
                    Url::Http(_) => "http",
                    Url::Gopher(_) => "gopher",
                    Url::Mailto(_) => "mailto",
                    Url::News(_) => "news",
                    Url::Nntp(_) => "nntp",
                    Url::Telnet(_) => "telnet",
                    Url::Wais(_) => "wais",
                    Url::File(_) => "file",
                    Url::Prospero(_) => "prospero",
                    Url::Other(_) => "other",
                };
                assert_eq!(variant, own.map_or("other", |(n, _)| n), "{DOC}: {text:?}");
                // The strict `url` reports the components that the
                // scheme's own rule (or `otherurl`) reports alone.
                macro_rules! spans_alone {
                    ($view:ident) => {
                        m::$view::parse_bytes(s).map(|v| {
                            (0..m::tables::CAPTURE_LEN)
                                .map(|i| v.span(i))
                                .collect::<Vec<_>>()
                        })
                    };
                }
                let alone = match u {
                    Url::Ftp(_) => spans_alone!(Ftp),
                    Url::Http(_) => spans_alone!(Http),
                    Url::Gopher(_) => spans_alone!(Gopher),
                    Url::Mailto(_) => spans_alone!(Mailto),
                    Url::News(_) => spans_alone!(News),
                    Url::Nntp(_) => spans_alone!(Nntp),
                    Url::Telnet(_) => spans_alone!(Telnet),
                    Url::Wais(_) => spans_alone!(Wais),
                    Url::File(_) => spans_alone!(File),
                    Url::Prospero(_) => spans_alone!(Prospero),
                    Url::Other(_) => spans_alone!(Other),
                };
                let strict: Vec<_> = (0..m::tables::CAPTURE_LEN).map(|i| u.span(i)).collect();
                assert_eq!(Ok(strict), alone, "{DOC}: captures of {text:?}");
            }
            Err(_) => rejected += 1,
        }
    }
    assert_eq!(accepted + rejected, inputs.len());
    assert!(
        accepted > 1000 && rejected > 1000,
        "{accepted} / {rejected}"
    );
}

// ---------------------------------------------------------------------------
// Every `<URL:...>` of the document

/// The `<URL:...>` wrappers of `text` (the draft's Appendix: "angle
/// brackets ("<" and ">"), along with the prefix "URL:", be used to
/// delimit the boundaries of the URL"), each as it is written between
/// `<URL:` and `>`, line breaks included.
fn wrapped_urls(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<URL:") {
        let after = &rest[start + "<URL:".len()..];
        let Some(end) = after.find('>') else { break };
        out.push(&after[..end]);
        rest = &after[end..];
    }
    out
}

/// Checks one extracted URL under the strict `url` rule: `url` is the
/// URL, `fragment` the text after a `#` that the Appendix places inside
/// the brackets too ("In the case where a fragment identifier is
/// associated with a URL (following a "#"), the identifier would be placed
/// within the brackets as well").
#[track_caller]
fn check_wrapped(url: &str, fragment: Option<&str>, section: &str) {
    valid("url", url);
    // The URL's scheme names its variant (§3).
    let scheme = url.split(':').next().unwrap_or("");
    let variant = match Url::parse(url) {
        Ok(Url::Ftp(_)) => "ftp",
        Ok(Url::Http(_)) => "http",
        Ok(Url::Gopher(_)) => "gopher",
        Ok(Url::Mailto(_)) => "mailto",
        Ok(Url::News(_)) => "news",
        Ok(Url::Nntp(_)) => "nntp",
        Ok(Url::Telnet(_)) => "telnet",
        Ok(Url::Wais(_)) => "wais",
        Ok(Url::File(_)) => "file",
        Ok(Url::Prospero(_)) => "prospero",
        Ok(Url::Other(_)) => "other",
        Err(e) => panic!("{DOC} {section}: {url:?}: {e:?}"),
    };
    assert_eq!(variant, scheme, "{DOC} {section}: {url:?}");
    if let Some(f) = fragment {
        // §2.2: "#" is unsafe; the fragment is not part of the URL.
        let whole = format!("{url}#{f}");
        invalid("url", &whole, "§2.2: '#' is no URL character");
    }
}
