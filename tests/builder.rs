//! The builders of the RFC 3986 family (`uridfa::builder`):
//!
//! - RFC 3986 §1.1.2's examples and §3's `foo://example.com:8042/...`
//!   rebuilt from components written by hand from the RFC's text;
//! - the rules between components (§3, §3.3, §4.2), each with the error
//!   the builder must give;
//! - `BufferTooSmall` reports the exact length and writes nothing;
//! - a property over generated components, for `rfc3986`, `rfc6874` and
//!   `rfc3987`: every setter agrees with an independent recognizer of the
//!   component's rule (`tests/common/abnf.rs`, which shares no code with
//!   the generator); every built reference parses back to the components
//!   given, with our parser and (for `rfc3986`) with fluent-uri; and a
//!   combination refused when building is one whose plain concatenation
//!   does not read back as those components;
//! - RFC 8141 §2.3's examples rebuilt from their components, and a
//!   property for the two URN grammars (setters against the independent
//!   recognizer, built URNs accepted by it and parsed back);
//! - each `;@ component` table of the ten grammars agrees with the
//!   independent recognizer on the generated strings (the builders of the
//!   other five grammars are tested in `tests/builder_parts.rs`).
//!
//! `cargo test -p uridfa --test integration -- builder::` (add `--features alloc` for the
//! owned forms).

use crate::common;

use common::abnf::{grammar_rules, rule_matches};
use common::pieces::{NIDS, NSSES, URN_PARTS};
use uridfa::builder::{BuildError, Builder, Component, Conflict, GenericSyntax};
use uridfa::BufferTooSmall;
use uridfa_codegen::sample::Rng;

/// The components of one reference, in the order of
/// [`uridfa::builder::Component`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Parts {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Parts {
    fn builder(&self) -> Result<uridfa::rfc3986::Builder<'_>, BuildError> {
        uridfa::rfc3986::Builder::new()
            .scheme(self.scheme.as_deref())?
            .userinfo(self.userinfo.as_deref())?
            .host(self.host.as_deref())?
            .port(self.port.as_deref())?
            .path(&self.path)?
            .query(self.query.as_deref())?
            .fragment(self.fragment.as_deref())
    }
}

fn s(x: &str) -> Option<String> {
    Some(x.to_string())
}

/// RFC 3986 §1.1.2 "Examples" and the §3 example, each with its
/// components as §3 names them (read off the text, not from a parser).
fn spec_examples() -> Vec<(&'static str, Parts)> {
    vec![
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            Parts {
                scheme: s("ftp"),
                host: s("ftp.is.co.za"),
                path: "/rfc/rfc1808.txt".into(),
                ..Parts::default()
            },
        ),
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            Parts {
                scheme: s("http"),
                host: s("www.ietf.org"),
                path: "/rfc/rfc2396.txt".into(),
                ..Parts::default()
            },
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            Parts {
                scheme: s("ldap"),
                host: s("[2001:db8::7]"),
                path: "/c=GB".into(),
                query: s("objectClass?one"),
                ..Parts::default()
            },
        ),
        (
            "mailto:John.Doe@example.com",
            Parts {
                scheme: s("mailto"),
                path: "John.Doe@example.com".into(),
                ..Parts::default()
            },
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            Parts {
                scheme: s("news"),
                path: "comp.infosystems.www.servers.unix".into(),
                ..Parts::default()
            },
        ),
        (
            "tel:+1-816-555-1212",
            Parts {
                scheme: s("tel"),
                path: "+1-816-555-1212".into(),
                ..Parts::default()
            },
        ),
        (
            "telnet://192.0.2.16:80/",
            Parts {
                scheme: s("telnet"),
                host: s("192.0.2.16"),
                port: s("80"),
                path: "/".into(),
                ..Parts::default()
            },
        ),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            Parts {
                scheme: s("urn"),
                path: "oasis:names:specification:docbook:dtd:xml:4.1.2".into(),
                ..Parts::default()
            },
        ),
        (
            "foo://example.com:8042/over/there?name=ferret#nose",
            Parts {
                scheme: s("foo"),
                host: s("example.com"),
                port: s("8042"),
                path: "/over/there".into(),
                query: s("name=ferret"),
                fragment: s("nose"),
                ..Parts::default()
            },
        ),
        // §5.4's base and a few of its references (relative references).
        (
            "http://a/b/c/d;p?q",
            Parts {
                scheme: s("http"),
                host: s("a"),
                path: "/b/c/d;p".into(),
                query: s("q"),
                ..Parts::default()
            },
        ),
        (
            "//g",
            Parts {
                host: s("g"),
                ..Parts::default()
            },
        ),
        (
            "g;x?y#s",
            Parts {
                path: "g;x".into(),
                query: s("y"),
                fragment: s("s"),
                ..Parts::default()
            },
        ),
        (
            "#s",
            Parts {
                fragment: s("s"),
                ..Parts::default()
            },
        ),
        ("", Parts::default()),
    ]
}

#[test]
fn rfc3986_examples_rebuilt_from_their_components() {
    for (text, parts) in spec_examples() {
        let b = parts.builder().unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut buf = [0u8; 80];
        assert_eq!(b.build_len().unwrap(), text.len(), "{text}");
        let uri = b.build_ref(&mut buf).unwrap();
        assert_eq!(uri.as_str(), text);
        // And the view gives the same components back, and so does
        // to_builder().
        assert_eq!(uri.to_builder(), b, "{text}");
        assert_eq!(uri.scheme(), parts.scheme.as_deref());
        assert_eq!(uri.host(), parts.host.as_deref());
        assert_eq!(uri.port(), parts.port.as_deref());
        assert_eq!(uri.path(), parts.path);
        assert_eq!(uri.query(), parts.query.as_deref());
        assert_eq!(uri.fragment(), parts.fragment.as_deref());
    }
}

fn conflict(
    b: Result<Builder<'_, impl GenericSyntax>, BuildError>,
) -> (Component, Conflict, &'static str, usize) {
    match b.and_then(|b| b.build_len().map(|_| b)) {
        Err(BuildError::Conflict {
            component,
            conflict,
            rule,
            offset,
        }) => (component, conflict, rule, offset),
        other => panic!("expected a conflict, got {other:?}"),
    }
}

#[test]
fn rules_between_components() {
    use uridfa::rfc3986::Builder as B;
    // §3.3: with an authority, the path is empty or starts with "/".
    assert_eq!(
        conflict(B::new().scheme("http").and_then(|b| b.host("a")?.path("b"))),
        (
            Component::Path,
            Conflict::PathAfterAuthority,
            "path-abempty",
            0
        )
    );
    // §3.3: without an authority, no "//" at the start of the path; the
    // rule `path-absolute` stops at the second "/".
    assert_eq!(
        conflict(B::new().scheme("file").and_then(|b| b.path("//etc/passwd"))),
        (
            Component::Path,
            Conflict::PathStartsWithTwoSlashes,
            "path-absolute",
            1
        )
    );
    assert_eq!(
        conflict(B::new().path("//x")),
        (
            Component::Path,
            Conflict::PathStartsWithTwoSlashes,
            "path-absolute",
            1
        )
    );
    // §4.2: "a path segment that contains a colon character (e.g.,
    // "this:that") cannot be used as the first segment of a
    // relative-path reference".
    assert_eq!(
        conflict(B::new().path("this:that")),
        (
            Component::Path,
            Conflict::ColonInFirstSegment,
            "path-noscheme",
            4
        )
    );
    // ... but a later segment may, and "./this:that" is the RFC's way out.
    for ok in ["a/this:that", "./this:that", "/this:that"] {
        let b = B::new().path(ok).unwrap();
        assert_eq!(b.build_str(&mut [0; 16]).unwrap(), ok);
    }
    // With a scheme the same path is path-rootless.
    let b = B::new().scheme("s").unwrap().path("this:that").unwrap();
    assert_eq!(b.build_str(&mut [0; 16]).unwrap(), "s:this:that");
    // §3.2: userinfo and port live in an authority, which needs a host.
    assert_eq!(
        conflict(B::new().userinfo("u")),
        (Component::Userinfo, Conflict::HostRequired, "authority", 0)
    );
    assert_eq!(
        conflict(B::new().port("80")),
        (Component::Port, Conflict::HostRequired, "authority", 0)
    );
    assert_eq!(
        conflict(Ok(B::new().port_u16(80))),
        (Component::Port, Conflict::HostRequired, "authority", 0)
    );
    // The empty host is a host (reg-name may be empty): file:///x, //:80.
    let b = B::new()
        .scheme("file")
        .unwrap()
        .host("")
        .unwrap()
        .path("/x")
        .unwrap();
    assert_eq!(b.build_str(&mut [0; 16]).unwrap(), "file:///x");
    let b = B::new().host("").unwrap().port("80").unwrap();
    assert_eq!(b.build_str(&mut [0; 16]).unwrap(), "//:80");
    // Clearing the host brings the conflict back; clearing the path ends it.
    let b = B::new().host("a").unwrap().path("b").unwrap();
    assert!(b.build_len().is_err());
    assert_eq!(b.host(None).unwrap().build_len().unwrap(), 1);
    // Errors name the component and the offset within it.
    let e = B::new().host("a b").unwrap_err();
    assert_eq!(
        (e.component(), e.offset()),
        (Some(Component::Host), Some(1))
    );
    match e {
        BuildError::Invalid { error, .. } => assert_eq!(error.rule(), "host"),
        other => panic!("{other:?}"),
    }
    let e = B::new().query("a#b").unwrap_err();
    assert_eq!(
        (e.component(), e.offset()),
        (Some(Component::Query), Some(1))
    );
    let e = B::new().scheme("").unwrap_err();
    assert_eq!(
        (e.component(), e.offset()),
        (Some(Component::Scheme), Some(0))
    );
    let e = B::new().host("[::1").unwrap_err();
    assert_eq!(
        (e.component(), e.offset()),
        (Some(Component::Host), Some(4))
    );
    assert_eq!(
        e.to_string().split(':').next(),
        Some("invalid host at 4"),
        "{e}"
    );
}

#[test]
fn buffer_too_small_reports_the_exact_length() {
    for (text, parts) in spec_examples() {
        let b = parts.builder().unwrap();
        let n = text.len();
        for short in [0, n / 2, n.saturating_sub(1)] {
            if short >= n {
                continue;
            }
            let mut buf = vec![0xAAu8; short];
            assert_eq!(
                b.build_into(&mut buf),
                Err(BuildError::BufferTooSmall(BufferTooSmall { needed: n })),
                "{text}"
            );
            assert!(
                buf.iter().all(|&x| x == 0xAA),
                "{text}: written into a short buffer"
            );
        }
        let mut buf = vec![0xAAu8; n + 3];
        assert_eq!(b.build_into(&mut buf), Ok(n));
        assert_eq!(&buf[..n], text.as_bytes());
        assert_eq!(&buf[n..], [0xAA; 3], "{text}: written past the end");
    }
    // A conflict is reported before the buffer's length.
    let b = uridfa::rfc3986::Builder::new().path("a:b").unwrap();
    assert!(matches!(
        b.build_into(&mut []),
        Err(BuildError::Conflict { .. })
    ));
    // port_u16 writes the shortest decimal form.
    for (p, text) in [
        (0u16, "//h:0"),
        (7, "//h:7"),
        (80, "//h:80"),
        (65535, "//h:65535"),
    ] {
        let b = uridfa::rfc3986::Builder::new()
            .host("h")
            .unwrap()
            .port_u16(p);
        assert_eq!(b.build_len().unwrap(), text.len());
        assert_eq!(b.build_str(&mut [0; 16]).unwrap(), text);
    }
}

// ---------------------------------------------------------------------------
// The property

/// Pieces of components: valid and invalid in each position, with the
/// delimiters of the other components among them.
const SCHEMES: &[&str] = &["http", "a", "A+b.-1", "z9", "1a", "", "h t", "é", "+a"];
const USERINFOS: &[&str] = &[
    "user",
    "u:p",
    "%41",
    "",
    "a@b",
    "%4",
    "x y",
    "!$&'()*+,;=",
    "é",
    "/",
];
const HOSTS: &[&str] = &[
    "example.com",
    "",
    "[::1]",
    "[2001:db8::7]",
    "[v7.x:y]",
    "192.0.2.1",
    "192.168.0.300",
    "[fe80::1%25en0]",
    "[fe80::1%25]",
    "a:b",
    "[::1",
    "ex%41mple",
    "r\u{e9}sum\u{e9}.example",
    "h/",
    "a@b",
];
const PORTS: &[&str] = &["80", "", "8a", "65536", "0080", ":"];
const SEGMENTS: &[&str] = &[
    "", "a", ":", "b:c", "%20", " ", "?", "#", "@", ".", "..", "%zz", "\u{e4}", "\u{e000}", ";p=1",
];
const QUERIES: &[&str] = &[
    "", "a=b", "?/", "#", "%zz", "x y", "\u{20ac}", "\u{e000}", "k=v&l", "[", "'",
];

fn pick(rng: &mut Rng, xs: &'static [&'static str]) -> &'static str {
    xs[rng.below(xs.len() as u64) as usize]
}

fn maybe(rng: &mut Rng, xs: &'static [&'static str]) -> Option<String> {
    if rng.below(3) == 0 {
        None
    } else {
        // One piece, or two joined (so a valid piece can sit next to an
        // invalid one).
        let mut s = pick(rng, xs).to_string();
        if rng.below(3) == 0 {
            s.push_str(pick(rng, xs));
        }
        Some(s)
    }
}

fn random_parts(rng: &mut Rng) -> Parts {
    let mut path = String::new();
    if rng.below(2) == 0 {
        path.push('/');
    }
    for i in 0..rng.below(4) {
        if i > 0 {
            path.push('/');
        }
        path.push_str(pick(rng, SEGMENTS));
    }
    Parts {
        scheme: maybe(rng, SCHEMES),
        userinfo: if rng.below(2) == 0 {
            maybe(rng, USERINFOS)
        } else {
            None
        },
        host: maybe(rng, HOSTS),
        port: if rng.below(2) == 0 {
            maybe(rng, PORTS)
        } else {
            None
        },
        path,
        query: maybe(rng, QUERIES),
        fragment: maybe(rng, QUERIES),
    }
}

/// The grammar-specific side of the property: the builder, the parsed
/// view's components, and the names of the component rules.
struct Family<G> {
    file: &'static str,
    /// scheme, userinfo, host, port, path, query, fragment
    rule_names: [&'static str; 7],
    components: fn(&str) -> Option<Parts>,
    grammar: std::marker::PhantomData<G>,
}

macro_rules! family {
    ($module:ident, $marker:ident, $view:ident, $file:literal, $names:expr) => {
        Family::<uridfa::$module::$marker> {
            file: $file,
            rule_names: $names,
            components: |s| {
                let r = uridfa::$module::$view::parse(s).ok()?;
                Some(Parts {
                    scheme: r.scheme().map(String::from),
                    userinfo: r.userinfo().map(String::from),
                    host: r.host().map(String::from),
                    port: r.port().map(String::from),
                    path: r.path().to_string(),
                    query: r.query().map(String::from),
                    fragment: r.fragment().map(String::from),
                })
            },
            grammar: std::marker::PhantomData,
        }
    };
}

/// The components as fluent-uri 0.4 reads `text` (RFC 3986).
fn fluent(text: &str) -> Option<Parts> {
    let r = fluent_uri::UriRef::parse(text).ok()?;
    let a = r.authority();
    Some(Parts {
        scheme: r.scheme().map(|s| s.as_str().to_string()),
        userinfo: a.and_then(|a| a.userinfo()).map(|u| u.as_str().to_string()),
        host: a.map(|a| a.host().to_string()),
        port: a.and_then(|a| a.port()).map(|p| p.as_str().to_string()),
        path: r.path().as_str().to_string(),
        query: r.query().map(|q| q.as_str().to_string()),
        fragment: r.fragment().map(|f| f.as_str().to_string()),
    })
}

/// The plain concatenation the builder would write, without any check.
fn concat(p: &Parts) -> String {
    let mut out = String::new();
    if let Some(s) = &p.scheme {
        out += s;
        out += ":";
    }
    if p.host.is_some() || p.userinfo.is_some() || p.port.is_some() {
        out += "//";
        if let Some(u) = &p.userinfo {
            out += u;
            out += "@";
        }
        out += p.host.as_deref().unwrap_or("");
        if let Some(x) = &p.port {
            out += ":";
            out += x;
        }
    }
    out += &p.path;
    if let Some(q) = &p.query {
        out += "?";
        out += q;
    }
    if let Some(f) = &p.fragment {
        out += "#";
        out += f;
    }
    out
}

#[derive(Default, Debug)]
struct Counts {
    built: usize,
    refused_component: usize,
    refused_conflict: usize,
    fluent_checked: usize,
}

fn property<G: GenericSyntax>(family: &Family<G>, seed: u64, rounds: usize) -> Counts {
    let rules = grammar_rules(family.file);
    let mut rng = Rng::new(seed);
    let mut counts = Counts::default();
    let mut buf = vec![0u8; 512];
    for _ in 0..rounds {
        // Mostly components their rules accept (redrawn with the
        // independent recognizer as the judge), so that whole references
        // get built; each component keeps whatever came with odds 1/5.
        let mut p = random_parts(&mut rng);
        let keep: Vec<bool> = (0..7).map(|_| rng.below(5) == 0).collect();
        let ok = |v: Option<&str>, i: usize| {
            v.is_none_or(|v| rule_matches(&rules, family.rule_names[i], v))
        };
        for _ in 0..30 {
            let q = random_parts(&mut rng);
            macro_rules! take {
                ($f:ident, $i:expr) => {
                    if !keep[$i] && !ok(p.$f.as_deref(), $i) {
                        p.$f = q.$f.clone();
                    }
                };
            }
            take!(scheme, 0);
            take!(userinfo, 1);
            take!(host, 2);
            take!(port, 3);
            if !keep[4] && !ok(Some(&p.path), 4) {
                p.path = q.path.clone();
            }
            take!(query, 5);
            take!(fragment, 6);
        }
        let values = [
            p.scheme.as_deref(),
            p.userinfo.as_deref(),
            p.host.as_deref(),
            p.port.as_deref(),
            Some(p.path.as_str()),
            p.query.as_deref(),
            p.fragment.as_deref(),
        ];
        // Each setter agrees with the independent recognizer of its rule.
        let mut b = Builder::<G>::new();
        let mut refused = false;
        for (i, v) in values.iter().enumerate() {
            let result = match i {
                0 => b.scheme(*v),
                1 => b.userinfo(*v),
                2 => b.host(*v),
                3 => b.port(*v),
                4 => b.path(v.unwrap_or("")),
                5 => b.query(*v),
                _ => b.fragment(*v),
            };
            let want = v.is_none_or(|v| rule_matches(&rules, family.rule_names[i], v));
            match result {
                Ok(next) => {
                    assert!(
                        want,
                        "{}: {:?} accepted as {}",
                        family.file, v, family.rule_names[i]
                    );
                    b = next;
                }
                Err(e) => {
                    assert!(
                        !want,
                        "{}: {:?} refused as {}: {e}",
                        family.file, v, family.rule_names[i]
                    );
                    let v = v.unwrap_or("");
                    let at = e.offset().unwrap();
                    // The offset is within the component, at a character.
                    assert!(v.is_char_boundary(at) && at <= v.len(), "{v:?} {e}");
                    // And the prefix before it can still continue (it is
                    // a prefix of something the rule accepts or the rule
                    // failed at the end): at least it is not past a
                    // refused byte of an accepted prefix.
                    refused = true;
                    break;
                }
            }
        }
        if refused {
            counts.refused_component += 1;
            continue;
        }
        let text = concat(&p);
        match b.build_ref(&mut buf) {
            Ok(r) => {
                counts.built += 1;
                let _ = r;
                let built = b.build_str(&mut buf).unwrap().to_string();
                assert_eq!(built, text, "{p:?}");
                assert_eq!(b.build_len().unwrap(), text.len());
                // Our parser gives the components back ...
                let back = (family.components)(&built)
                    .unwrap_or_else(|| panic!("{}: built {built:?} does not parse", family.file));
                assert_eq!(back, p, "{}: {built:?}", family.file);
                // ... and so does fluent-uri where it reads the grammar.
                if family.file == "rfc3986" {
                    let f =
                        fluent(&built).unwrap_or_else(|| panic!("fluent-uri refuses {built:?}"));
                    assert_eq!(f, p, "fluent-uri on {built:?}");
                    counts.fluent_checked += 1;
                }
                // The reference's own recognizer (independent) accepts it.
                let reference = if family.file == "rfc3987" {
                    "IRI-reference"
                } else {
                    "URI-reference"
                };
                assert!(rule_matches(&rules, reference, &built), "{built:?}");
            }
            Err(BuildError::Conflict { .. }) => {
                counts.refused_conflict += 1;
                // Refused combinations are those whose concatenation does
                // not read back as the components given.
                assert_ne!(
                    (family.components)(&text),
                    Some(p.clone()),
                    "{}: refused {text:?}",
                    family.file
                );
                if family.file == "rfc3986" {
                    assert_ne!(fluent(&text), Some(p.clone()), "fluent-uri reads {text:?}");
                }
            }
            Err(e) => panic!("{p:?}: {e}"),
        }
    }
    counts
}

fn check_counts(what: &str, c: &Counts, rounds: usize) {
    eprintln!("{what}: {c:?} of {rounds}");
    // Floors, so that a builder refusing everything cannot pass.
    assert!(c.built >= rounds / 20, "{what}: {c:?}");
    assert!(c.refused_component >= rounds / 5, "{what}: {c:?}");
    assert!(c.refused_conflict >= rounds / 50, "{what}: {c:?}");
}

/// Rounds of each property test (3000 in full; `common::scale`).
fn rounds() -> usize {
    common::scale::scaled(3000)
}

#[test]
fn property_rfc3986() {
    let f = family!(
        rfc3986,
        Rfc3986,
        UriRef,
        "rfc3986",
        ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]
    );
    let c = property(&f, 0x3986, rounds());
    check_counts("rfc3986", &c, rounds());
    assert_eq!(c.fluent_checked, c.built);
}

#[test]
fn property_rfc6874() {
    let f = family!(
        rfc6874,
        Rfc6874,
        UriRef,
        "rfc6874",
        ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]
    );
    check_counts("rfc6874", &property(&f, 0x6874, rounds()), rounds());
}

#[test]
fn property_rfc3987() {
    let f = family!(
        rfc3987,
        Rfc3987,
        IriRef,
        "rfc3987",
        [
            "scheme",
            "iuserinfo",
            "ihost",
            "port",
            "ipath",
            "iquery",
            "ifragment"
        ]
    );
    check_counts("rfc3987", &property(&f, 0x3987, rounds()), rounds());
}

/// Each `;@ component` table accepts exactly what the independent
/// recognizer accepts, on the pieces above and their pairs.
#[test]
fn component_tables_agree_with_the_independent_recognizer() {
    let mut inputs: Vec<String> = Vec::new();
    let all: Vec<&str> = [
        SCHEMES, USERINFOS, HOSTS, PORTS, SEGMENTS, QUERIES, NIDS, NSSES, URN_PARTS,
    ]
    .concat();
    for a in &all {
        inputs.push(a.to_string());
        inputs.push(format!("/{a}"));
        for b in &all {
            inputs.push(format!("{a}{b}"));
            inputs.push(format!("{a}/{b}"));
        }
    }
    let inputs = common::scale::sample(inputs);
    let floor = common::scale::scaled(1000);
    let mut checked = 0;
    for g in uridfa::GRAMMARS.iter().filter(|g| !g.components.is_empty()) {
        let rules = grammar_rules(g.name);
        let (mut yes, mut no) = (0, 0);
        for t in g.components {
            for input in &inputs {
                let ours = uridfa::runtime::validate(t, input.as_bytes()).is_ok();
                assert_eq!(
                    ours,
                    rule_matches(&rules, t.rule, input),
                    "{} {} {input:?}",
                    g.name,
                    t.rule
                );
                if ours {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        assert!(
            yes > floor && no > floor,
            "{}: {yes} accepted, {no} refused",
            g.name
        );
        checked += 1;
    }
    assert_eq!(checked, 10, "every built-in grammar has component rules");
}

#[cfg(feature = "alloc")]
#[test]
fn owned_forms_set_and_reparse() {
    use uridfa::rfc3986::UriRefBuf;
    let mut r: UriRefBuf = "http://a/b/c/d;p?q".parse().unwrap();
    r.set_query(None).unwrap();
    r.set_fragment(Some("s")).unwrap();
    r.set_host(Some("[::1]")).unwrap();
    r.set_port(Some("8080")).unwrap();
    r.set_userinfo(Some("u:p")).unwrap();
    assert_eq!(r.as_str(), "http://u:p@[::1]:8080/b/c/d;p#s");
    assert_eq!(
        r.as_view().host_kind(),
        Some(uridfa::rfc3986::HostKind::Ipv6)
    );
    assert_eq!(r.as_view().port_u16(), Some(8080));
    // A refused change leaves the value as it was.
    let before = r.clone();
    assert!(r.set_path("x").is_err()); // §3.3, with an authority
    assert!(r.set_scheme(Some("1x")).is_err());
    assert_eq!(r, before);
    r.set_host(None).unwrap_err(); // the userinfo needs a host
    r.set_userinfo(None).unwrap();
    r.set_port(None).unwrap();
    r.set_host(None).unwrap();
    assert_eq!(r.as_str(), "http:/b/c/d;p#s");
    r.set_scheme(None).unwrap();
    r.set_path("g:h").unwrap_err(); // §4.2
    assert_eq!(r.as_str(), "/b/c/d;p#s");
    assert_eq!(r.to_string(), "/b/c/d;p#s");
    assert_eq!(
        uridfa::rfc3986::Builder::new()
            .scheme("s")
            .unwrap()
            .path("p")
            .unwrap()
            .build()
            .unwrap(),
        "s:p"
    );
    let mut i: uridfa::rfc3987::IriRefBuf = "http://r\u{e9}sum\u{e9}.example/".parse().unwrap();
    i.set_query(Some("\u{e000}")).unwrap(); // iprivate: in the query only
    assert!(i.set_fragment(Some("\u{e000}")).is_err());
    assert_eq!(i.as_view().query(), Some("\u{e000}"));
    let mut z: uridfa::rfc6874::UriRefBuf = "http://a/".parse().unwrap();
    z.set_host(Some("[fe80::1%25en0]")).unwrap();
    assert!(z.as_view().zone_id_decoded().unwrap().eq_str("en0"));
}
