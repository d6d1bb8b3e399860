//! `uridfa::text`: URIs in running text.
//!
//! - The example paragraphs of the three appendices on URLs in context
//!   (draft-ietf-uri-url-06 APPENDIX, draft-fielding-url-syntax-05 App. E,
//!   draft-fielding-uri-rfc2396bis-01 App. E and F; RFC 3986 App. C, their
//!   successor), read from `../shared/specs` by their headings; the
//!   expected URIs are written by hand from the text.
//! - Every `<URL:...>` of every spec file, against a plain string search.
//! - Linkifier conventions for bare URIs (trailing punctuation, balanced
//!   parentheses), hyphens at line ends, abbreviations, the grammars.
//! - A property: a URI embedded in random prose with each delimiter style
//!   is found whole.
//! - No panic on hostile bytes.

use crate::common::skip;
use uridfa::text::{Delimiter, Finder, Found};
use uridfa_codegen::sample::Rng;

/// One expected URI: its text (whitespace removed), its delimiter, and
/// whether whitespace was removed.
type Expected<'a> = (&'a str, Delimiter, bool);

fn uri_of(f: &Found<'_, '_>) -> String {
    let mut buf = vec![0u8; f.len()];
    let n = f.write_into(&mut buf).unwrap();
    assert_eq!(n, f.len());
    String::from_utf8(buf).unwrap()
}

fn found(finder: &Finder<'_>, text: &str) -> Vec<(String, Delimiter, bool)> {
    finder
        .find_iter(text)
        .map(|f| (uri_of(&f), f.delimiter(), f.has_whitespace()))
        .collect()
}

fn check(finder: &Finder<'_>, what: &str, text: &str, expected: &[Expected<'_>]) {
    let got = found(finder, text);
    let want: Vec<(String, Delimiter, bool)> = expected
        .iter()
        .map(|&(u, d, w)| (u.to_string(), d, w))
        .collect();
    assert_eq!(got, want, "{what}: {text:?}");
}

/// The text of `../shared/specs/{file}`, or `None` with a visible SKIP.
fn spec(file: &str) -> Option<String> {
    let path = format!("{}/../shared/specs/{file}", env!("CARGO_MANIFEST_DIR"));
    match std::fs::read_to_string(&path) {
        Ok(s) => Some(s),
        Err(_) => {
            skip::note(format_args!(
                "SKIP: {path} not found (../shared/specs is absent)"
            ));
            None
        }
    }
}

/// The part of `text` from `from` (included) to `to` (excluded); both must
/// occur, in that order.
/// Headings may be broken across lines in the reflowed files: each space of
/// `from` and `to` matches any run of whitespace.
fn between<'a>(text: &'a str, from: &str, to: &str) -> &'a str {
    let i = find_ws(text, from).unwrap_or_else(|| panic!("heading {from:?} not found"));
    let j =
        find_ws(&text[i + 1..], to).unwrap_or_else(|| panic!("{to:?} not found after {from:?}"));
    &text[i..i + 1 + j]
}

/// The first offset where `pattern` occurs, a space in it matching any
/// non-empty run of whitespace.
fn find_ws(text: &str, pattern: &str) -> Option<usize> {
    let lead = pattern.len() - pattern.trim_start().len();
    let words: Vec<&str> = pattern.split_whitespace().collect();
    let mut from = 0;
    while let Some(k) = text[from..].find(words[0]) {
        let start = from + k;
        let mut at = start + words[0].len();
        let ok = words[1..].iter().all(|w| {
            let ws = text[at..].len() - text[at..].trim_start().len();
            if ws == 0 || !text[at + ws..].starts_with(w) {
                return false;
            }
            at += ws + w.len();
            true
        });
        if ok && text[..start].ends_with(&pattern[..lead]) {
            return Some(start - lead);
        }
        from = start + 1;
    }
    None
}

use Delimiter::{Angle, Bare, Quote, UrlPrefix};

#[test]
fn url06_appendix_examples() {
    let Some(t) = spec("draft-ietf-uri-url-06.txt") else {
        return;
    };
    let appendix = between(
        &t,
        "APPENDIX: Recommendations for URLs in Context",
        "REFERENCES",
    );
    let examples = &appendix[appendix.find("Examples").unwrap()..];
    // "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc
    //  ;type=d> but you can probably pick it up from <URL:ftp://ds.inter
    //  nic.net/rfc>.  Note the warning in <URL:http://ds.internic.net/
    //  instructions/overview.html#WARNING>."
    let want: &[Expected<'_>] = &[
        ("ftp://info.cern.ch/pub/www/doc;type=d", UrlPrefix, true),
        ("ftp://ds.internic.net/rfc", UrlPrefix, true),
        (
            "http://ds.internic.net/instructions/overview.html#WARNING",
            UrlPrefix,
            true,
        ),
    ];
    check(&Finder::new(), "url-06 APPENDIX", examples, want);
    // The whole appendix (its prose has `"<"` and `"URL:"`): the same three.
    check(&Finder::new(), "url-06 APPENDIX", appendix, want);
    // The grammar of the document's own age agrees.
    check(
        &Finder::rfc1738(),
        "url-06 APPENDIX (rfc1738)",
        appendix,
        want,
    );
    // RFC 1738's `url` has no fragment: the third is accepted up to `#`
    // and the wrapper's fragment is reported as outside the grammar.
    let third = Finder::rfc1738().find_iter(appendix).nth(2).unwrap();
    let hash = third.fragment_outside_grammar().unwrap();
    assert_eq!(&appendix[hash], "#WARNING");
    assert_eq!(
        Finder::new()
            .find_iter(appendix)
            .nth(2)
            .unwrap()
            .fragment_outside_grammar(),
        None
    );
    let url06 = uridfa::grammar("draft-ietf-uri-url-06").unwrap().entries[0];
    check(
        &Finder::with_tables(url06),
        "url-06 APPENDIX (url-06)",
        appendix,
        want,
    );
}

#[test]
fn url_syntax_05_appendix_e() {
    let Some(t) = spec("draft-fielding-url-syntax-05.txt") else {
        return;
    };
    let e = between(
        &t,
        "E. Recommendations for Delimiting URLs in Context",
        "F. Summary",
    );
    // "usually within double-quotes "http://test.com/", angle brackets
    // <http://test.com/>, or just using whitespace http://test.com/ These
    // wrappers ..." then the examples: "Yes, Jim, I found it under
    // "http://www.w3.org/pub/WWW/", but you can probably pick it up from
    // <ftp://ds.internic. net/rfc/>. Note the warning in
    // <http://ds.internic.net/ instructions/overview.html#WARNING>."
    let want: &[Expected<'_>] = &[
        ("http://test.com/", Quote, false),
        ("http://test.com/", Angle, false),
        ("http://test.com/", Bare, false),
        ("http://www.w3.org/pub/WWW/", Quote, false),
        ("ftp://ds.internic.net/rfc/", Angle, true),
        (
            "http://ds.internic.net/instructions/overview.html#WARNING",
            Angle,
            true,
        ),
    ];
    check(&Finder::new(), "url-syntax-05 App. E", e, want);
    let g = uridfa::grammar("draft-fielding-url-syntax-05")
        .unwrap()
        .entries[0];
    check(
        &Finder::with_tables(g),
        "url-syntax-05 App. E (own grammar)",
        e,
        want,
    );
}

/// The file's Appendix E lost its angle-bracketed URIs to the HTML cleanup
/// ("angle brackets , or just", "pick it up from . Note the warning in .");
/// what remains is checked as it is, and the list the appendix gives after
/// "contains the URI references" is read from the file and compared with a
/// restoration of the paragraph as the draft printed it.
#[test]
fn rfc2396bis_01_appendix_e() {
    let Some(t) = spec("draft-fielding-uri-rfc2396bis-01.txt") else {
        return;
    };
    let e = between(
        &t,
        "Appendix E. Recommendations for Delimiting URI",
        "Appendix F.",
    );
    let want: &[Expected<'_>] = &[
        ("http://example.com/", Quote, false),
        ("http://example.com/", Bare, false),
        ("http://www.w3.org/Addressing/", Quote, false),
        // The list after "contains the URI references", bare.
        ("http://www.w3.org/Addressing/", Bare, false),
        ("ftp://ds.internic.net/rfc/", Bare, false),
        (
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
            Bare,
            false,
        ),
    ];
    check(
        &Finder::new(),
        "2396bis-01 App. E (as in the file)",
        e,
        want,
    );
    let g = uridfa::grammar("draft-fielding-uri-rfc2396bis-01")
        .unwrap()
        .entries[0];
    check(
        &Finder::with_tables(g),
        "2396bis-01 App. E (own grammar)",
        e,
        want,
    );

    // The list of the appendix, split at whitespace from the file.
    let list: Vec<&str> = between(e, "contains the URI references", "Berners-Lee")
        ["contains the URI references".len()..]
        .split_whitespace()
        .collect();
    assert_eq!(list.len(), 3, "{list:?}");
    // The paragraph as the draft prints it (the lines of RFC 3986 App. C
    // with the draft's host), broken across lines as there.
    let restored = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
                    but you can probably pick it up from <ftp://ds.internic.\n\
                    net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n\
                    ietf/uri/historical.html#WARNING>.\n";
    let got = found(&Finder::new(), restored);
    let uris: Vec<&str> = got.iter().map(|(u, _, _)| u.as_str()).collect();
    assert_eq!(uris, list);
    let kinds: Vec<(Delimiter, bool)> = got.iter().map(|&(_, d, w)| (d, w)).collect();
    assert_eq!(kinds, [(Quote, false), (Angle, true), (Angle, true)]);
}

#[test]
fn rfc3986_appendix_c() {
    let Some(t) = spec("rfc3986.txt") else {
        return;
    };
    let c = between(
        &t,
        "Appendix C.  Delimiting a URI in Context",
        "Appendix D.",
    );
    let (para, list) = c.split_once("contains the URI references").unwrap();
    let want: Vec<&str> = list.split_whitespace().take(3).collect();
    let got = found(
        &Finder::new(),
        &para[para.find("For example, the text").unwrap()..],
    );
    let uris: Vec<&str> = got.iter().map(|(u, _, _)| u.as_str()).collect();
    assert_eq!(uris, want);
    // The whole appendix: the three wrappers of its second paragraph, then
    // the example, then the list itself (bare; the page footer between
    // holds no URI).
    let all = found(&Finder::new(), c);
    let kinds: Vec<Delimiter> = all.iter().map(|(_, d, _)| *d).collect();
    assert_eq!(
        kinds,
        [Quote, Angle, Bare, Quote, Angle, Angle, Bare, Bare, Bare]
    );
}

#[test]
fn rfc2396bis_01_appendix_f_abbreviated() {
    let Some(t) = spec("draft-fielding-uri-rfc2396bis-01.txt") else {
        return;
    };
    let f = between(&t, "Appendix F. Abbreviated URIs", "Appendix G.");
    assert_eq!(
        Finder::new().find_iter(f).count(),
        0,
        "abbreviations are opt-in"
    );
    let finder = Finder::new().abbreviated(true);
    let got: Vec<(String, Option<&str>, Delimiter)> = finder
        .find_iter(f)
        .map(|x| (uri_of(&x), x.implied_prefix(), x.delimiter()))
        .collect();
    // "such as www.w3.org/Addressing/ or simply the DNS hostname"; the
    // quoted "www" and "http://" of the next sentence are not URIs.
    assert_eq!(
        got,
        [("www.w3.org/Addressing/".to_string(), Some("http://"), Bare)]
    );
}

/// Every `<URL:...>` of every spec file, found by the scanner as
/// `UrlPrefix`, equals the plain string search: `<URL:` up to the next
/// `>`, whitespace removed.
#[test]
fn every_url_prefix_of_the_spec_files() {
    let dir = format!("{}/../shared/specs", env!("CARGO_MANIFEST_DIR"));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        skip::note(format_args!("SKIP: {dir} not found"));
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut total = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut want = Vec::new();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("<URL:") {
            rest = &rest[i + 5..];
            let j = rest.find('>').unwrap();
            want.push(rest[..j].split_whitespace().collect::<String>());
            rest = &rest[j..];
        }
        for finder in [Finder::new(), Finder::rfc3987()] {
            let got: Vec<String> = finder
                .find_iter(&text)
                .filter(|f| f.delimiter() == UrlPrefix)
                .map(|f| uri_of(&f))
                .collect();
            assert_eq!(got, want, "{}", path.display());
        }
        eprintln!("{}: {} <URL:...>", path.display(), want.len());
        total += want.len();
    }
    assert!(total >= 37, "{total}");
}

/// The REFERENCES of draft 06 under the grammar of its age: the same set,
/// each one a valid RFC 1738 `url`.
#[test]
fn url06_references_under_rfc1738() {
    let Some(t) = spec("draft-ietf-uri-url-06.txt") else {
        return;
    };
    let refs = &t[find_ws(&t, "\nREFERENCES").unwrap()..];
    let want = refs.matches("<URL:").count();
    assert!(want >= 19, "{want}");
    for finder in [Finder::new(), Finder::rfc1738()] {
        let got: Vec<_> = finder.find_iter(refs).collect();
        assert!(got.iter().all(|f| f.delimiter() == UrlPrefix));
        assert_eq!(got.len(), want);
    }
}

#[test]
fn bare_uris_as_linkifiers_cut_them() {
    let f = Finder::new();
    let cases: &[(&str, &str)] = &[
        ("see http://a.example/x.", "http://a.example/x"),
        ("see http://a.example/x, and", "http://a.example/x"),
        ("see http://a.example/x; and", "http://a.example/x"),
        ("is it http://a.example/x?", "http://a.example/x"),
        ("go to http://a.example/x!", "http://a.example/x"),
        ("at http://a.example/x: here", "http://a.example/x"),
        ("'http://a.example/x'", "http://a.example/x"),
        ("(see http://a.example/x)", "http://a.example/x"),
        ("(see http://a.example/x).", "http://a.example/x"),
        (
            "https://en.wikipedia.org/wiki/Rust_(programming_language)",
            "https://en.wikipedia.org/wiki/Rust_(programming_language)",
        ),
        (
            "(https://en.wikipedia.org/wiki/Rust_(programming_language))",
            "https://en.wikipedia.org/wiki/Rust_(programming_language)",
        ),
        ("[http://a.example/x]", "http://a.example/x"),
        ("[http://[::1]:80/]", "http://[::1]:80/"),
        (
            "http://a.example/x?q=1&r=2#f.",
            "http://a.example/x?q=1&r=2#f",
        ),
        ("mailto:jim@example.com.", "mailto:jim@example.com"),
        (
            "news:comp.infosystems.www.misc, ok",
            "news:comp.infosystems.www.misc",
        ),
        ("urn:isbn:0451450523.", "urn:isbn:0451450523"),
        ("URL:http://a.example/", "http://a.example/"),
        ("http://a/b%2 c", "http://a/b"),
        ("\u{00e9}http://a/", "http://a/"),
        ("x-http://a/", "x-http://a/"),
    ];
    for &(text, want) in cases {
        let got: Vec<String> = f.find_iter(text).map(|x| uri_of(&x)).collect();
        assert_eq!(got, [want], "{text:?}");
    }
    for text in [
        "Note: this",
        "Examples: Yes",
        "ratio a:b",
        "std::vec::Vec",
        "at 10:30",
        "http:// nothing",
        "\"URL:\"",
        "\"http://\"",
        "<http://a/ b> c",
        "a \"b: c\" d",
        "<URL:http://a/\n\nb>",
    ] {
        let got: Vec<String> = f.find_iter(text).map(|x| uri_of(&x)).collect();
        if text == "<http://a/ b> c" {
            // Angle brackets ignore whitespace (App. E).
            assert_eq!(got, ["http://a/b"]);
        } else if text == "<URL:http://a/\n\nb>" {
            // A blank line ends the wrapper: only the bare URI inside.
            assert_eq!(got, ["http://a/"]);
        } else {
            assert!(got.is_empty(), "{text:?}: {got:?}");
        }
    }
}

#[test]
fn hyphen_at_line_end() {
    let f = Finder::new();
    let text = "<http://www.example.org/long-\n   name.html>";
    let x = f.find_iter(text).next().unwrap();
    assert!(x.is_ambiguous_hyphen());
    assert_eq!(uri_of(&x), "http://www.example.org/long-name.html");
    let mut buf = [0u8; 64];
    let n = x.write_without_line_end_hyphens_into(&mut buf).unwrap();
    assert_eq!(&buf[..n], b"http://www.example.org/longname.html");
    // A hyphen not at a line break is not ambiguous.
    let x = f.find_iter("<http://a/long- name>").next().unwrap();
    assert!(!x.is_ambiguous_hyphen());
    // Without the hyphen the port is not a number: not ambiguous.
    let x = f.find_iter("<http://a:8-\n0/>").next();
    assert!(x.is_none_or(|x| !x.is_ambiguous_hyphen()));
    // Too small a buffer.
    let x = f.find_iter(text).next().unwrap();
    assert_eq!(
        x.write_into(&mut buf[..3]),
        Err(uridfa::BufferTooSmall { needed: 37 })
    );
}

#[test]
fn spans_and_captures() {
    use uridfa::rfc3986::tables::{CAPTURE_LEN, HOST, PATH, SCHEME};
    let text = "x <URL: http://exam\n  ple.com/p> y";
    let f = Finder::new().find_iter(text).next().unwrap();
    assert_eq!(f.delimiter(), UrlPrefix);
    assert_eq!(&text[f.outer_range()], "<URL: http://exam\n  ple.com/p>");
    assert_eq!(&text[f.range()], "http://exam\n  ple.com/p");
    let mut spans = [None; CAPTURE_LEN];
    f.split_into(&mut spans).unwrap();
    let uri = uri_of(&f);
    assert_eq!(spans[SCHEME].map(|(s, e)| &uri[s..e]), Some("http"));
    assert_eq!(spans[HOST].map(|(s, e)| &uri[s..e]), Some("example.com"));
    assert_eq!(spans[PATH].map(|(s, e)| &uri[s..e]), Some("/p"));
    // Abbreviated: offsets count the implied prefix.
    let f = Finder::new()
        .abbreviated(true)
        .find_iter("www.w3.org/A")
        .next()
        .unwrap();
    f.split_into(&mut spans).unwrap();
    assert_eq!(spans[HOST], Some((7, 17)));
}

#[test]
fn iri_text() {
    let text = "Voir « http://例え.テスト/引き割り » ou \"http://a/ü\".";
    let got: Vec<String> = Finder::rfc3987()
        .find_iter(text)
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    assert_eq!(got, ["http://例え.テスト/引き割り", "http://a/ü"]);
    // Under RFC 3986 neither is a URI: the bare one stops at `http://`
    // (nothing after the scheme), and the quoted one is rejected whole (no
    // URI is cut out of a wrapper the grammar rejects).
    assert_eq!(Finder::new().find_iter(text).count(), 0);
    let got: Vec<String> = Finder::new()
        .find_iter("see http://a/ü or <http://a/ü>")
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    assert_eq!(got, ["http://a/"]);
}

#[test]
fn hostile_bytes_never_panic() {
    let mut rng = Rng::new(11);
    let alphabet: &[u8] = b"<>\":/.-wtfphURL \n\r\t()[]%\x00\xff\xc3\xa9a1@?#;,";
    let finders = [
        Finder::new().abbreviated(true).bare_any_scheme(true),
        Finder::rfc1738().abbreviated(true),
        Finder::rfc3987().abbreviated(true).bare_any_scheme(true),
    ];
    for _ in 0..3000 {
        let len = rng.below(80) as usize;
        let text: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        for f in &finders {
            let mut last_end = 0;
            for x in f.find_iter_bytes(&text) {
                assert!(x.outer_range().start >= last_end);
                assert!(x.outer_range().start <= x.range().start);
                assert!(x.range().end <= x.outer_range().end);
                last_end = x.outer_range().end;
                let mut buf = [0u8; 128];
                let n = x.write_into(&mut buf).unwrap();
                // What is written is accepted by the grammar (up to a
                // fragment outside it).
                let mut full = x.implied_prefix().unwrap_or("").as_bytes().to_vec();
                full.extend_from_slice(&buf[..n]);
                if x.fragment_outside_grammar().is_none() {
                    assert!(
                        uridfa::runtime::validate(f.tables(), &full).is_ok(),
                        "{full:?}"
                    );
                }
                let mut spans = [None; 32];
                assert!(x.split_into(&mut spans).is_ok(), "{full:?}");
            }
        }
    }
    // Large inputs: one long line of candidates, linear time.
    let big = "<a:\"b:".repeat(200_000);
    assert_eq!(Finder::new().find_iter(&big).count(), 0);
    let big = "http://a/".to_string() + &"(".repeat(500_000) + &")".repeat(500_001);
    let f = Finder::new().find_iter(&big).next().unwrap();
    assert_eq!(f.range().end, big.len() - 1);
}

/// Words of prose around the URIs: punctuation, colons and quotes that are
/// not URIs included.
const WORDS: &[&str] = &[
    "the",
    "URL",
    "is",
    "at",
    "Note:",
    "a",
    "said",
    "\"quoted\"",
    "(aside)",
    "e.g.",
    "10:30",
    "and",
    "-",
    "<b>",
    "x",
    "www",
    "of",
    "it's",
    "semi;",
    "comma,",
    "end.",
];

const URIS: &[&str] = &[
    "http://www.w3.org/Addressing/",
    "ftp://ds.internic.net/rfc/rfc1738.txt",
    "http://a.example:8080/p/a/t/h?query=1&x=y#frag",
    "https://en.wikipedia.org/wiki/Rust_(programming_language)",
    "http://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "ftp://info.cern.ch/pub/www/doc;type=d",
    "http://x.example/%7Euser/a-b_c~d",
];

#[test]
fn property_uri_in_random_prose_is_found_whole() {
    let mut rng = Rng::new(0x7e47);
    let f = Finder::new();
    for round in 0..4000 {
        let uri = URIS[rng.below(URIS.len() as u64) as usize];
        let style = rng.below(4);
        // A wrapped URI may be broken across lines anywhere.
        let wrapped_uri = if style < 3 && rng.below(2) == 0 {
            let cut = 1 + rng.below(uri.len() as u64 - 1) as usize;
            let (a, b) = uri.split_at(cut);
            if a.ends_with('-') {
                uri.to_string()
            } else {
                format!("{a}\n   {b}")
            }
        } else {
            uri.to_string()
        };
        let (wrapped, delim) = match style {
            0 => (format!("<URL:{wrapped_uri}>"), UrlPrefix),
            1 => (format!("<{wrapped_uri}>"), Angle),
            2 => (format!("\"{wrapped_uri}\""), Quote),
            _ => (uri.to_string(), Bare),
        };
        let mut text = String::new();
        for _ in 0..rng.below(12) {
            text.push_str(WORDS[rng.below(WORDS.len() as u64) as usize]);
            text.push(' ');
        }
        let at = text.len();
        text.push_str(&wrapped);
        // Trailing punctuation right after the URI.
        text.push_str(["", ".", ",", ")", ";", "!", "?"][rng.below(7) as usize]);
        for _ in 0..rng.below(12) {
            text.push(' ');
            text.push_str(WORDS[rng.below(WORDS.len() as u64) as usize]);
        }
        let got: Vec<_> = f.find_iter(&text).collect();
        assert_eq!(got.len(), 1, "round {round}: {text:?}");
        let x = &got[0];
        assert_eq!(uri_of(x), uri, "round {round}: {text:?}");
        assert_eq!(x.delimiter(), delim, "round {round}: {text:?}");
        assert_eq!(x.outer_range().start, at, "round {round}: {text:?}");
        assert_eq!(x.has_whitespace(), wrapped_uri != uri);
    }
}

/// The runtime functions under the scanner, on real tables: the examples
/// of their docs, and the longest prefix against `validate` on every
/// prefix of a few inputs.
#[test]
fn runtime_longest_prefix() {
    use uridfa::rfc3986::tables::{CAPTURE_LEN, HOST, URI};
    use uridfa::runtime::{longest_prefix, longest_prefix_after, longest_prefix_split, validate};
    assert_eq!(longest_prefix(&URI, b"http://a/b%2 c"), Ok(Some(10)));
    assert_eq!(
        longest_prefix_after(&URI, b"http://", b"www.w3.org/ is"),
        Ok(Some(11))
    );
    assert_eq!(longest_prefix_after(&URI, b"ht tp", b"x"), Ok(None));
    assert_eq!(longest_prefix(&URI, b"1http:"), Ok(None));
    let (len, caps) = longest_prefix_split::<CAPTURE_LEN>(&URI, b"http://a/b c")
        .unwrap()
        .unwrap();
    assert_eq!(
        (len, caps.get(0), caps.get(HOST)),
        (10, Some((0, 4)), Some((7, 8)))
    );
    for input in [
        &b"http://a/b%2 c"[..],
        b"http://[::1]:8/x?y#z%",
        b"a:",
        b"foo://u@h:1/%41%4",
        b"http://a/\xC3\xA9",
        b"",
    ] {
        let naive = (0..=input.len())
            .rev()
            .find(|&n| validate(&URI, &input[..n]).is_ok());
        assert_eq!(longest_prefix(&URI, input), Ok(naive), "{input:?}");
    }
    // Against the naive answer (validate every prefix) on random inputs,
    // for every entry rule of every built-in grammar.
    let mut rng = Rng::new(41);
    let alphabet: &[u8] = b"http:/[]%2Fa.@?#;=-~_1 \xC3\xA9\xEF\xBF\xBEurn:NID";
    for g in uridfa::GRAMMARS {
        for &t in g.entries {
            for _ in 0..200 {
                let mut input: Vec<u8> = b"http://".to_vec();
                input.truncate(rng.below(8) as usize);
                for _ in 0..rng.below(24) {
                    input.push(alphabet[rng.below(alphabet.len() as u64) as usize]);
                }
                let naive = (0..=input.len())
                    .rev()
                    .find(|&n| validate(t, &input[..n]).is_ok());
                assert_eq!(
                    longest_prefix(t, &input),
                    Ok(naive),
                    "{} {}: {input:?}",
                    g.name,
                    t.rule
                );
                let head = &input[..input.len() / 3];
                let rest = &input[input.len() / 3..];
                let naive_after = (0..=rest.len()).rev().find(|&n| {
                    let mut v = head.to_vec();
                    v.extend_from_slice(&rest[..n]);
                    validate(t, &v).is_ok()
                });
                assert_eq!(longest_prefix_after(t, head, rest), Ok(naive_after));
            }
        }
    }
}
