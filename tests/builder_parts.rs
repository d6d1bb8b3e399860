//! The builders of the grammars older than RFC 3986
//! (`uridfa::builder::PartsBuilder`): `rfc2396`,
//! `draft-fielding-uri-rfc2396bis-01`, `draft-fielding-url-syntax-05`,
//! `rfc1738` and `draft-ietf-uri-url-06`.
//!
//! - every example of the specifications that the builder's shape covers,
//!   parsed with the grammar's view and rebuilt from the components the
//!   view gives, through fresh setters: the text comes back;
//! - a property over generated components, per grammar: every setter
//!   agrees with an independent recognizer of the component's rule
//!   (`tests/common/abnf.rs`, which shares no code with the generator);
//!   every built reference is the plain concatenation of its components,
//!   is accepted by the independent recognizer of the entry rule, and
//!   parses back to the components given; and a combination is refused
//!   when building exactly when that concatenation does not parse back as
//!   the components given (so the builder neither lets a misreading
//!   through nor refuses a good reference);
//! - refusals: each invalid component names itself and its offset, each
//!   conflict names the component, and nothing panics;
//! - the owned forms' `set_*` (with `--features alloc`).
//!
//! `cargo test -p uridfa --features alloc --test integration -- builder_parts::`

use crate::common;

use common::abnf::{grammar_rules, rule_matches};
use common::pieces::parts::{HOSTS, PORTS, QUERIES, REG_NAMES, SCHEMES, SEGMENTS, USERINFOS};
use uridfa::builder::{BuildError, Component, Conflict};
use uridfa_codegen::sample::Rng;

/// The slots of a `PartsBuilder`, in the order written.
const SLOTS: [Component; 10] = [
    Component::Scheme,
    Component::Userinfo,
    Component::User,
    Component::Password,
    Component::Host,
    Component::Port,
    Component::RegName,
    Component::Path,
    Component::Query,
    Component::Fragment,
];
const SCHEME: usize = 0;
const USERINFO: usize = 1;
const USER: usize = 2;
const PASSWORD: usize = 3;
const HOST: usize = 4;
const PORT: usize = 5;
const REG_NAME: usize = 6;
const PATH: usize = 7;
const QUERY: usize = 8;
const FRAGMENT: usize = 9;

type Slots = [Option<String>; 10];

fn owned(v: [Option<&str>; 10]) -> Slots {
    v.map(|s| s.map(String::from))
}

/// Which setter refused (`Some(slot)`), or the build (`None`).
type Built = Result<String, (Option<usize>, BuildError)>;

/// One grammar under test.
struct Family {
    file: &'static str,
    /// The entry rule that reads a built text back.
    entry: &'static str,
    /// The component rule of each slot (`None`: not a component here).
    rule_names: [Option<&'static str>; 10],
    /// Sets every slot, in order, then builds (`build_str` on a buffer),
    /// also checking `build_len` and `build_into` against it.
    build: fn(&Slots) -> Built,
    /// The components of `text` as the grammar's view reads them, or
    /// `None` if it does not parse.
    read: fn(&str) -> Option<Slots>,
    /// The plain concatenation of the components, without any check.
    concat: fn(&Slots) -> String,
    /// The slots in the order `build` sets them.
    order: &'static [usize],
}

const SLOT_ORDER: &[usize] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
/// `Builder::new(scheme, host)`, then the rest.
const URL_ORDER: &[usize] = &[SCHEME, HOST, USER, PASSWORD, PORT, PATH];

/// `scheme ":" "//" authority path "?" query "#" fragment`, the parts
/// present (an authority when there is a host or a reg-name).
fn concat_generic(p: &Slots) -> String {
    let mut out = String::new();
    let v = |i: usize| p[i].as_deref();
    if let Some(s) = v(SCHEME) {
        out += s;
        out += ":";
    }
    if v(HOST).is_some() || v(REG_NAME).is_some() {
        out += "//";
        if let Some(u) = v(USERINFO) {
            out += u;
            out += "@";
        }
        if let Some(u) = v(USER) {
            out += u;
            if let Some(pw) = v(PASSWORD) {
                out += ":";
                out += pw;
            }
            out += "@";
        }
        out += v(HOST).unwrap_or("");
        if let Some(x) = v(PORT) {
            out += ":";
            out += x;
        }
        out += v(REG_NAME).unwrap_or("");
    }
    out += v(PATH).unwrap_or("");
    if let Some(q) = v(QUERY) {
        out += "?";
        out += q;
    }
    if let Some(f) = v(FRAGMENT) {
        out += "#";
        out += f;
    }
    out
}

/// RFC 1738 §3.1: `scheme "://" [ user [ ":" password ] "@" ] host [ ":"
/// port ] [ "/" url-path ]`.
fn concat_url(p: &Slots) -> String {
    let v = |i: usize| p[i].as_deref();
    let mut out = format!("{}://", v(SCHEME).unwrap_or(""));
    if let Some(u) = v(USER) {
        out += u;
        if let Some(pw) = v(PASSWORD) {
            out += ":";
            out += pw;
        }
        out += "@";
    }
    out += v(HOST).unwrap_or("");
    if let Some(x) = v(PORT) {
        out += ":";
        out += x;
    }
    if let Some(path) = v(PATH) {
        out += "/";
        out += path;
    }
    out
}

/// Checks `build_len`, `build_into` and `build_str` of `b` against each
/// other; the text.
macro_rules! finish {
    ($b:expr) => {{
        let b = $b;
        let mut buf = vec![0u8; 600];
        match b.build_str(&mut buf) {
            Ok(s) => {
                let s = s.to_string();
                assert_eq!(b.build_len().unwrap(), s.len(), "{s:?}");
                let mut exact = vec![0u8; s.len()];
                assert_eq!(b.build_into(&mut exact).unwrap(), s.len());
                assert_eq!(exact, s.as_bytes());
                if !s.is_empty() {
                    let mut short = vec![0u8; s.len() - 1];
                    assert_eq!(
                        b.build_into(&mut short),
                        Err(BuildError::BufferTooSmall(uridfa::BufferTooSmall {
                            needed: s.len()
                        }))
                    );
                    assert!(short.iter().all(|&x| x == 0), "nothing written");
                }
                Ok(s)
            }
            Err(e) => Err((None, e)),
        }
    }};
}

/// Sets an optional slot, or reports which refused.
macro_rules! set {
    ($b:ident . $setter:ident ( $p:ident, $i:expr )) => {
        $b = $b.$setter($p[$i].as_deref()).map_err(|e| (Some($i), e))?
    };
}

fn build_rfc2396(p: &Slots) -> Built {
    use uridfa::rfc2396::Builder;
    let mut b = Builder::new();
    set!(b.scheme(p, SCHEME));
    set!(b.userinfo(p, USERINFO));
    set!(b.host(p, HOST));
    set!(b.port(p, PORT));
    set!(b.reg_name(p, REG_NAME));
    b = b
        .path(p[PATH].as_deref().unwrap_or(""))
        .map_err(|e| (Some(PATH), e))?;
    set!(b.query(p, QUERY));
    set!(b.fragment(p, FRAGMENT));
    finish!(b)
}

fn build_2396bis(p: &Slots) -> Built {
    use uridfa::draft_fielding_uri_rfc2396bis_01::Builder;
    let mut b = Builder::new();
    set!(b.scheme(p, SCHEME));
    set!(b.userinfo(p, USERINFO));
    set!(b.host(p, HOST));
    set!(b.port(p, PORT));
    set!(b.reg_name(p, REG_NAME));
    b = b
        .path(p[PATH].as_deref().unwrap_or(""))
        .map_err(|e| (Some(PATH), e))?;
    set!(b.query(p, QUERY));
    set!(b.fragment(p, FRAGMENT));
    finish!(b)
}

fn build_05(p: &Slots) -> Built {
    use uridfa::draft_fielding_url_syntax_05::Builder;
    let mut b = Builder::new();
    set!(b.scheme(p, SCHEME));
    set!(b.user(p, USER));
    set!(b.password(p, PASSWORD));
    set!(b.host(p, HOST));
    set!(b.port(p, PORT));
    b = b
        .path(p[PATH].as_deref().unwrap_or(""))
        .map_err(|e| (Some(PATH), e))?;
    set!(b.query(p, QUERY));
    set!(b.fragment(p, FRAGMENT));
    finish!(b)
}

macro_rules! build_url {
    ($name:ident, $module:ident) => {
        fn $name(p: &Slots) -> Built {
            use uridfa::$module::Builder;
            let scheme = p[SCHEME].as_deref().unwrap_or("");
            let host = p[HOST].as_deref().unwrap_or("");
            // `new` checks the scheme first, then the host.
            let mut b = Builder::new(scheme, host).map_err(|e| {
                let i = if e.component() == Some(Component::Scheme) {
                    SCHEME
                } else {
                    HOST
                };
                (Some(i), e)
            })?;
            set!(b.user(p, USER));
            set!(b.password(p, PASSWORD));
            set!(b.port(p, PORT));
            set!(b.path(p, PATH));
            finish!(b)
        }
    };
}
build_url!(build_1738, rfc1738);
build_url!(build_06, draft_ietf_uri_url_06);

/// The view's components, by its accessors: a `reg_name` authority in
/// its own slot, an empty authority as the empty host.
macro_rules! read_2396 {
    ($name:ident, $module:ident) => {
        fn $name(text: &str) -> Option<Slots> {
            use uridfa::$module::{AuthorityKind, UriRef};
            let r = UriRef::parse(text).ok()?;
            let reg = r.authority_kind() == Some(AuthorityKind::RegName);
            let host = if reg {
                None
            } else if r.authority() == Some("") {
                Some("")
            } else {
                r.host()
            };
            Some(owned([
                r.scheme(),
                r.userinfo(),
                None,
                None,
                host,
                r.port(),
                if reg { r.authority() } else { None },
                Some(r.path()),
                r.query(),
                r.fragment(),
            ]))
        }
    };
}
read_2396!(read_rfc2396, rfc2396);
read_2396!(read_2396bis, draft_fielding_uri_rfc2396bis_01);

fn read_05(text: &str) -> Option<Slots> {
    let r = uridfa::draft_fielding_url_syntax_05::UrlRef::parse(text).ok()?;
    let host = if r.site() == Some("") {
        Some("")
    } else {
        r.host()
    };
    Some(owned([
        r.scheme(),
        None,
        r.user(),
        r.password(),
        host,
        r.port(),
        None,
        Some(r.path()),
        r.query(),
        r.fragment(),
    ]))
}

/// The strict `url` view: the scheme; the login from the typed views
/// that have one (user and password from ftp and telnet, host and port
/// from the rest), or from the text for the schemes whose rule has no
/// login (`mailto`, `news` and the others, where `//<login>` is part of
/// their `*xchar`); the url-path is the text after the login's `/`.
macro_rules! read_url {
    ($name:ident, $module:ident) => {
        fn $name(text: &str) -> Option<Slots> {
            use uridfa::$module::Url;
            let u = Url::parse(text).ok()?;
            let rest = text[u.scheme().len() + 1..].strip_prefix("//")?;
            let (login, path) = match rest.split_once('/') {
                Some((l, p)) => (l, Some(p)),
                None => (rest, None),
            };
            let (user, password, host, port) = match u {
                Url::Ftp(f) => (f.user(), f.password(), Some(f.host()), f.port()),
                Url::Telnet(f) => (f.user(), f.password(), Some(f.host()), f.port()),
                Url::Http(f) => (None, None, Some(f.host()), f.port()),
                Url::Gopher(f) => (None, None, Some(f.host()), f.port()),
                Url::Nntp(f) => (None, None, Some(f.host()), f.port()),
                Url::Wais(f) => (None, None, Some(f.host()), f.port()),
                Url::Prospero(f) => (None, None, Some(f.host()), f.port()),
                Url::File(f) => (None, None, Some(f.host()), None),
                // No login in the rule: split `[ user [ ":" password ] "@" ]
                // host [ ":" port ]` by hand (user and password have no
                // "@", host none of ":" "@").
                _ => {
                    let (userinfo, hostport) = match login.rsplit_once('@') {
                        Some((u, h)) => (Some(u), h),
                        None => (None, login),
                    };
                    let (user, password) = match userinfo.map(|u| u.split_once(':')) {
                        Some(Some((u, p))) => (Some(u), Some(p)),
                        Some(None) => (userinfo, None),
                        None => (None, None),
                    };
                    let (host, port) = match hostport.split_once(':') {
                        Some((h, p)) => (h, Some(p)),
                        None => (hostport, None),
                    };
                    (user, password, Some(host), port)
                }
            };
            Some(owned([
                Some(u.scheme()),
                None,
                user,
                password,
                host,
                port,
                None,
                path,
                None,
                None,
            ]))
        }
    };
}
read_url!(read_1738, rfc1738);
read_url!(read_06, draft_ietf_uri_url_06);

fn families() -> Vec<Family> {
    vec![
        Family {
            file: "rfc2396",
            entry: "URI-reference",
            rule_names: [
                Some("scheme"),
                Some("userinfo"),
                None,
                None,
                Some("host"),
                Some("port"),
                Some("reg-name"),
                Some("path"),
                Some("query"),
                Some("fragment"),
            ],
            build: build_rfc2396,
            read: read_rfc2396,
            concat: concat_generic,
            order: SLOT_ORDER,
        },
        Family {
            file: "draft-fielding-uri-rfc2396bis-01",
            entry: "URI-reference",
            rule_names: [
                Some("scheme"),
                Some("userinfo"),
                None,
                None,
                Some("host"),
                Some("port"),
                Some("reg-name"),
                Some("path"),
                Some("query"),
                Some("fragment"),
            ],
            build: build_2396bis,
            read: read_2396bis,
            concat: concat_generic,
            order: SLOT_ORDER,
        },
        Family {
            file: "draft-fielding-url-syntax-05",
            entry: "URL-reference",
            rule_names: [
                Some("scheme"),
                None,
                Some("user"),
                Some("password"),
                Some("host"),
                Some("port"),
                None,
                Some("path"),
                Some("query"),
                Some("fragment"),
            ],
            build: build_05,
            read: read_05,
            concat: concat_generic,
            order: SLOT_ORDER,
        },
        Family {
            file: "rfc1738",
            entry: "url",
            rule_names: [
                Some("scheme"),
                None,
                Some("user"),
                Some("password"),
                Some("host"),
                Some("port"),
                None,
                Some("urlpath"),
                None,
                None,
            ],
            build: build_1738,
            read: read_1738,
            concat: concat_url,
            order: URL_ORDER,
        },
        Family {
            file: "draft-ietf-uri-url-06",
            entry: "url",
            rule_names: [
                Some("scheme"),
                None,
                Some("user"),
                Some("password"),
                Some("host"),
                Some("port"),
                None,
                Some("schemepart"),
                None,
                None,
            ],
            build: build_06,
            read: read_06,
            concat: concat_url,
            order: URL_ORDER,
        },
    ]
}

fn family(file: &str) -> Family {
    families().into_iter().find(|f| f.file == file).unwrap()
}

// ---------------------------------------------------------------------------
// The specifications' examples, rebuilt from the components their views give.

/// Parses each example with `f`'s view, sets its components through fresh
/// setters, builds, and expects the example back.
fn rebuild_all(f: &Family, examples: &[&str]) {
    for &text in examples {
        let p = (f.read)(text).unwrap_or_else(|| panic!("{}: {text:?} does not parse", f.file));
        match (f.build)(&p) {
            Ok(built) => assert_eq!(built, text, "{}: {p:?}", f.file),
            Err((at, e)) => panic!("{}: {text:?} ({p:?}) refused at {at:?}: {e}", f.file),
        }
    }
}

/// RFC 2396 §1.3 and Appendix C (C.1 base, C.1 normal and abnormal
/// examples that are references), §3.2.2's examples of servers.
const RFC2396_EXAMPLES: &[&str] = &[
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
    "http://www.math.uio.no/faq/compression-faq/part1.html",
    "mailto:mduerst@ifi.unizh.ch",
    "news:comp.infosystems.www.servers.unix",
    "telnet://melvyl.ucop.edu/",
    "http://a/b/c/d;p?q",
    "g:h",
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    "http://www.w3.org/Addressing/",
    "ftp://ds.internic.net/rfc/",
    "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    "http://www.ics.uci.edu/pub/ietf/uri/#Related",
];

#[test]
fn rfc2396_examples_rebuilt() {
    // "?y" is an example of §C.1 but no URI-reference of Appendix A (a
    // relativeURI needs a path); rfc2396_spec.rs has it as invalid.
    let examples: Vec<&str> = RFC2396_EXAMPLES
        .iter()
        .copied()
        .filter(|&e| e != "?y")
        .collect();
    rebuild_all(&family("rfc2396"), &examples);
}

#[test]
fn rfc2396bis_01_examples_rebuilt() {
    // The draft's §1.1.2 adds IPv6 literals and the `URN` example.
    let mut examples = RFC2396_EXAMPLES.to_vec();
    examples.extend([
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "tel:+1-816-555-1212",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
    ]);
    let f = family("draft-fielding-uri-rfc2396bis-01");
    let examples: Vec<&str> = examples
        .into_iter()
        .filter(|e| (f.read)(e).is_some())
        .collect();
    assert!(examples.len() >= 35, "{}", examples.len());
    rebuild_all(&f, &examples);
}

#[test]
fn url_syntax_05_examples_rebuilt() {
    let mut examples = RFC2396_EXAMPLES.to_vec();
    // §4.3.1: "an empty user name or password is different than no user
    // name or password"; §4.4 and Appendix C.
    examples.extend([
        "ftp://@host.com/",
        "ftp://foo:@host.com/",
        "http://a/b/c/d;p?q#f",
        "http://a_b/c",
    ]);
    rebuild_all(&family("draft-fielding-url-syntax-05"), &examples);
}

/// RFC 1738 §3 examples of the common Internet scheme syntax.
const URL_EXAMPLES: &[&str] = &[
    "ftp://myname@host.dom/%2Fetc/motd",
    "ftp://myname@host.dom/etc/motd",
    "ftp://myname@host.dom//etc/motd",
    "ftp://host.dom/pub/file;type=d",
    "http://host:8080/path?query",
    "telnet://user:pw@host:2323/",
    "file://vms.host.edu/disk$user/my/notes/note12345.txt",
    "prospero://host.dom//pros/name",
    "wais://host:210/db?query",
    "nntp://news.example.com/comp.lang/42",
    "gopher://host/7sel%09query",
];

#[test]
fn rfc1738_examples_rebuilt() {
    let mut examples = URL_EXAMPLES.to_vec();
    examples.push("file:///etc/motd"); // §3.10: the host may be empty
    rebuild_all(&family("rfc1738"), &examples);
}

#[test]
fn url_06_examples_rebuilt() {
    rebuild_all(&family("draft-ietf-uri-url-06"), URL_EXAMPLES);
}

// ---------------------------------------------------------------------------
// The property.

fn pick(rng: &mut Rng, xs: &'static [&'static str]) -> &'static str {
    xs[rng.below(xs.len() as u64) as usize]
}

fn maybe(rng: &mut Rng, xs: &'static [&'static str]) -> Option<String> {
    if rng.below(3) == 0 {
        None
    } else {
        let mut s = pick(rng, xs).to_string();
        if rng.below(3) == 0 {
            s.push_str(pick(rng, xs));
        }
        Some(s)
    }
}

fn random_path(rng: &mut Rng) -> String {
    let mut path = String::new();
    for _ in 0..rng.below(3) {
        path.push('/');
    }
    for i in 0..rng.below(4) {
        if i > 0 {
            path.push('/');
        }
        path.push_str(pick(rng, SEGMENTS));
    }
    path
}

fn random_slots(rng: &mut Rng, f: &Family) -> Slots {
    let url = f.entry == "url";
    let mut p: Slots = Default::default();
    p[SCHEME] = if url {
        Some(pick(rng, SCHEMES).to_string())
    } else {
        maybe(rng, SCHEMES)
    };
    if rng.below(2) == 0 {
        p[USERINFO] = maybe(rng, USERINFOS);
        p[USER] = maybe(rng, USERINFOS);
        p[PASSWORD] = if rng.below(2) == 0 {
            maybe(rng, USERINFOS)
        } else {
            None
        };
    }
    p[HOST] = if url {
        Some(pick(rng, HOSTS).to_string())
    } else {
        maybe(rng, HOSTS)
    };
    if rng.below(2) == 0 {
        p[PORT] = maybe(rng, PORTS);
    }
    if p[HOST].is_none() && rng.below(3) == 0 {
        p[REG_NAME] = maybe(rng, REG_NAMES);
    }
    p[PATH] = if url && rng.below(4) == 0 {
        None
    } else {
        Some(random_path(rng))
    };
    if url && p[PATH].is_some() {
        // The url-path follows the "/" after the host: drop one.
        let path = p[PATH].take().unwrap();
        p[PATH] = Some(path.strip_prefix('/').unwrap_or(&path).to_string());
    }
    p[QUERY] = maybe(rng, QUERIES);
    p[FRAGMENT] = maybe(rng, QUERIES);
    // Only the grammar's own components.
    for (i, name) in f.rule_names.iter().enumerate() {
        if name.is_none() {
            p[i] = None;
        }
    }
    p
}

/// RFC 1738's `login` of the components: `[ user [ ":" password ] "@" ]
/// host [ ":" port ]`.
fn login(p: &Slots) -> String {
    let mut p = p.clone();
    p[SCHEME] = Some(String::new());
    p[PATH] = None;
    concat_url(&p)["://".len()..].to_string()
}

#[derive(Default, Debug)]
struct Counts {
    built: usize,
    refused_component: usize,
    refused_conflict: usize,
}

fn property(f: &Family, seed: u64, rounds: usize) -> Counts {
    let rules = grammar_rules(f.file);
    let mut rng = Rng::new(seed);
    let mut counts = Counts::default();
    // Whether slot `i` holding `v` is accepted by its setter: the
    // independent recognizer of its rule (an empty host is the empty
    // authority, taken without the rule).
    let ok = |i: usize, v: Option<&str>| match (v, f.rule_names[i]) {
        (None, _) => true,
        (Some(""), _) if i == HOST => true,
        (Some(v), Some(rule)) => rule_matches(&rules, rule, v),
        (Some(_), None) => unreachable!(),
    };
    for _ in 0..rounds {
        // Mostly components their rules accept (redrawn with the
        // independent recognizer as the judge); each slot keeps whatever
        // came with odds 1/6.
        let mut p = random_slots(&mut rng, f);
        let keep: Vec<bool> = (0..10).map(|_| rng.below(6) == 0).collect();
        for _ in 0..30 {
            let q = random_slots(&mut rng, f);
            for i in 0..10 {
                if !keep[i] && !ok(i, p[i].as_deref()) {
                    p[i] = q[i].clone();
                }
            }
        }
        // A reg-name set after the server components clears them.
        if p[REG_NAME].is_some() {
            p[USERINFO] = None;
            p[HOST] = None;
            p[PORT] = None;
        }
        let first_invalid = f.order.iter().copied().find(|&i| !ok(i, p[i].as_deref()));
        match (f.build)(&p) {
            Err((Some(i), e)) => {
                // A setter refused: the first invalid component, with an
                // error naming it and an offset inside it.
                counts.refused_component += 1;
                assert_eq!(Some(i), first_invalid, "{}: {p:?}: {e}", f.file);
                let v = p[i].as_deref().unwrap_or("");
                match e {
                    BuildError::Invalid { component, .. } => assert_eq!(component, SLOTS[i]),
                    other => panic!("{}: {p:?}: setter {i}: {other:?}", f.file),
                }
                let at = e.offset().unwrap();
                assert!(at <= v.len() && v.is_char_boundary(at), "{v:?} {e}");
                let message = e.to_string();
                assert!(
                    message.starts_with(&format!("invalid {} at {at}: ", SLOTS[i].name())),
                    "{message}"
                );
            }
            Ok(built) => {
                assert_eq!(first_invalid, None, "{}: {p:?} accepted", f.file);
                counts.built += 1;
                let text = (f.concat)(&p);
                assert_eq!(built, text, "{}: {p:?}", f.file);
                let back = (f.read)(&built)
                    .unwrap_or_else(|| panic!("{}: built {built:?} does not parse", f.file));
                assert_eq!(back, p, "{}: {built:?}", f.file);
                assert!(
                    rule_matches(&rules, f.entry, &built),
                    "{}: the independent recognizer refuses {built:?}",
                    f.file
                );
                if f.entry == "url" && !login(&p).is_empty() {
                    assert!(rule_matches(&rules, "login", &login(&p)), "{built:?}");
                }
            }
            Err((None, e)) => {
                assert_eq!(first_invalid, None, "{}: {p:?}", f.file);
                counts.refused_conflict += 1;
                let BuildError::Conflict {
                    component,
                    conflict,
                    offset,
                    ..
                } = e
                else {
                    panic!("{}: {p:?}: {e:?}", f.file);
                };
                // The component named is one of the grammar's, and the
                // offset lies within it.
                let i = SLOTS.iter().position(|&c| c == component).unwrap();
                assert!(f.rule_names[i].is_some(), "{}: {e:?}", f.file);
                assert!(offset <= p[i].as_deref().map_or(0, str::len), "{e:?} {p:?}");
                // A refused combination is one whose concatenation does
                // not read back as the components given.
                let text = (f.concat)(&p);
                match conflict {
                    Conflict::HostRequired => {
                        assert!(p[HOST].is_none() && p[i].is_some(), "{e:?} {p:?}")
                    }
                    Conflict::UserRequired => {
                        assert!(p[USER].is_none() && p[PASSWORD].is_some(), "{p:?}")
                    }
                    // For RFC 1738's URLs, also when the login does not
                    // match `login` (which `read_url` does not check for
                    // the schemes whose rule has no login).
                    Conflict::NotReadBack => assert!(
                        (f.read)(&text) != Some(p.clone())
                            || (f.entry == "url"
                                && !login(&p).is_empty()
                                && !rule_matches(&rules, "login", &login(&p))),
                        "{}: refused {text:?}",
                        f.file
                    ),
                    other => panic!("{other:?}"),
                }
            }
        }
    }
    counts
}

fn check_counts(what: &str, c: &Counts, rounds: usize) {
    eprintln!("{what}: {c:?} of {rounds}");
    // Floors, so that a builder refusing everything (or nothing) cannot
    // pass.
    assert!(c.built >= rounds / 10, "{what}: {c:?}");
    assert!(c.refused_component >= rounds / 10, "{what}: {c:?}");
    assert!(c.refused_conflict >= rounds / 50, "{what}: {c:?}");
}

/// Rounds of each property test (2000 in full; `common::scale`).
fn rounds() -> usize {
    common::scale::scaled(2000)
}

#[test]
fn property_rfc2396() {
    let f = family("rfc2396");
    check_counts(f.file, &property(&f, 0x2396, rounds()), rounds());
}

#[test]
fn property_rfc2396bis_01() {
    let f = family("draft-fielding-uri-rfc2396bis-01");
    check_counts(f.file, &property(&f, 0x2396b, rounds()), rounds());
}

#[test]
fn property_url_syntax_05() {
    let f = family("draft-fielding-url-syntax-05");
    check_counts(f.file, &property(&f, 0x05, rounds()), rounds());
}

#[test]
fn property_rfc1738() {
    let f = family("rfc1738");
    check_counts(f.file, &property(&f, 0x1738, rounds()), rounds());
}

#[test]
fn property_url_06() {
    let f = family("draft-ietf-uri-url-06");
    check_counts(f.file, &property(&f, 0x06, rounds()), rounds());
}
