// Spec vectors shared by RFC 1738 and draft-ietf-uri-url-06: the examples
// and prose of §3, whose section numbers and wording agree in both
// documents (the includer checks that each example string occurs in its
// own document, see `examples_occur_in_the_spec`). `include!`d by
// tests/rfc1738_spec.rs and tests/url06_spec.rs, which define
//
//   use uridfa::<module> as m;   // the module under test
//   const GRAMMAR: &str;        // its grammar name
//   const DOC: &str;            // "RFC 1738" or "draft 06"
//
// The plain verdicts (an input matches, or does not match, an entry rule)
// are rows of tests/data/parse.jsonl for both grammars, run by
// tests/parse_spec.rs; what stays here checks the typed views.
//
// Expected values come from the prose of §3 (which names each component)
// or, where the prose gives only a template, from reading the template
// against the BNF of §5 by hand; none comes from uridfa's output.

use m::{Fields, FtpType, NewsTarget, Url};

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

/// The decoded `<cwd>` arguments of an FTP URL, as the "CWD" commands of
/// §3.2.2 would carry them.
fn cwd(f: &m::Ftp<'_>) -> Vec<String> {
    f.cwd()
        .map(|seg| String::from_utf8(seg.flatten().copied().collect()).expect("UTF-8"))
        .collect()
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
// §3.1 Common Internet Scheme Syntax

#[test]
fn s3_1_user_and_password_presence() {
    // "<URL:ftp://@host.com/> has an empty user name and no password,
    // <URL:ftp://host.com/> has no user name, while
    // <URL:ftp://foo:@host.com/> has a user name of "foo" and an empty
    // password."
    let cases = [
        ("ftp://@host.com/", Some(""), None),
        ("ftp://host.com/", None, None),
        ("ftp://foo:@host.com/", Some("foo"), Some("")),
    ];
    for (s, user, password) in cases {
        for f in [m::Ftp::parse(s).unwrap(), url_as!(Ftp, s)] {
            assert_eq!(f.user(), user, "§3.1 user of {s}");
            assert_eq!(f.password(), password, "§3.1 password of {s}");
            assert_eq!(f.host(), "host.com", "§3.1 host of {s}");
            assert_eq!(f.port(), None, "§3.1 port of {s}");
        }
    }
    // "there is no way to specify a password without specifying a user
    // name": `login = [ user [ ":" password ] "@" ] hostport`, and
    // `user` may be empty, so ":pw@" is an empty user name with a
    // password.
    let f = m::Ftp::parse("ftp://:pw@host.com/").unwrap();
    assert_eq!(f.user(), Some(""), "§3.1: an empty user name");
    assert_eq!(f.password(), Some("pw"));
    let f = m::Ftp::parse("ftp://a%40b:c%3Ad@host.com/").unwrap();
    assert_eq!(f.user(), Some("a%40b"), "§3.1 encoded '@' in user");
    assert_eq!(f.password(), Some("c%3Ad"), "§3.1 encoded ':' in password");
}

#[test]
fn s3_1_port_is_decimal() {
    // "Another port number may optionally be supplied, in decimal,
    // separated from the host by a colon." (`port = digits`)
    let h = m::Http::parse("http://host.com:8001/").unwrap();
    assert_eq!(h.port(), Some("8001"));
    assert_eq!(h.port_u16(), Some(8001));
    // The grammar allows any digits; port_u16 reports what fits.
    let h = m::Http::parse("http://host.com:99999/").unwrap();
    assert_eq!(h.port(), Some("99999"));
    assert_eq!(h.port_u16(), None);
    assert_eq!(h.port_or_default(), None);
}

#[test]
fn s3_1_host_as_ip_address() {
    // "its IP address as a set of four decimal digits separated by
    // periods" (hostnumber = digits "." digits "." digits "." digits)
    let h = m::Http::parse("http://192.0.2.1:80/").unwrap();
    assert_eq!(h.host(), "192.0.2.1");
}

// ---------------------------------------------------------------------------
// §3.2 FTP

#[test]
fn s3_2_ftp_default_port() {
    // "If :<port> is omitted, the port defaults to 21."
    let f = m::Ftp::parse("ftp://host.com/").unwrap();
    assert_eq!(f.port(), None);
    assert_eq!(f.port_u16(), None);
    assert_eq!(f.port_or_default(), Some(21));
    let f = m::Ftp::parse("ftp://host.com:2121/").unwrap();
    assert_eq!(f.port_or_default(), Some(2121));
}

#[test]
fn s3_2_2_ftp_url_path_examples() {
    // "<URL:ftp://myname@host.dom/%2Fetc/motd> is interpreted by FTP-ing
    // to "host.dom", logging in as "myname" ..., and then executing "CWD
    // /etc" and then "RETR motd"." (%2F is the encoded "/")
    let s = "ftp://myname@host.dom/%2Fetc/motd";
    for f in [m::Ftp::parse(s).unwrap(), url_as!(Ftp, s)] {
        assert_eq!(f.host(), "host.dom", "§3.2.2");
        assert_eq!(f.user(), Some("myname"), "§3.2.2");
        assert_eq!(f.password(), None, "§3.2.2");
        assert_eq!(cwd(&f), ["/etc"], "§3.2.2 CWD /etc");
        assert_eq!(f.name(), Some("motd"), "§3.2.2 RETR motd");
        assert_eq!(f.typecode(), None, "§3.2.3");
    }
    // "<URL:ftp://myname@host.dom/etc/motd> which would "CWD etc""
    // ..., relative to the default directory for "myname"".
    let f = m::Ftp::parse("ftp://myname@host.dom/etc/motd").unwrap();
    assert_eq!(f.host(), "host.dom", "§3.2.2");
    assert_eq!(f.user(), Some("myname"), "§3.2.2");
    assert_eq!(cwd(&f), ["etc"], "§3.2.2 CWD etc");
    assert_eq!(f.name(), Some("motd"), "§3.2.2");
    // "<URL:ftp://myname@host.dom//etc/motd>, which would "CWD " with a
    // null argument" (then "CWD etc" and "RETR motd": <cwd1> is empty,
    // <cwd2> is "etc"; see grammar/README.md for the draft's wording).
    let f = m::Ftp::parse("ftp://myname@host.dom//etc/motd").unwrap();
    assert_eq!(f.host(), "host.dom", "§3.2.2");
    assert_eq!(f.user(), Some("myname"), "§3.2.2");
    assert_eq!(cwd(&f), ["", "etc"], "§3.2.2 CWD with a null argument");
    assert_eq!(f.name(), Some("motd"), "§3.2.2");
    assert_eq!(f.path(), Some("/etc/motd"));
}

#[test]
fn s3_2_2_ftp_url_path_template() {
    // "<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>" where "<typecode>
    // is one of the characters "a", "i", or "d"".
    for (code, t) in [
        ("a", FtpType::Ascii),
        ("i", FtpType::Image),
        ("d", FtpType::Directory),
        ("A", FtpType::Ascii),
        ("I", FtpType::Image),
        ("D", FtpType::Directory),
    ] {
        let s = format!("ftp://host.dom/cwd1/cwd2/cwd3/name;type={code}");
        let f = m::Ftp::parse(&s).unwrap();
        assert_eq!(cwd(&f), ["cwd1", "cwd2", "cwd3"], "§3.2.2 cwds of {s}");
        assert_eq!(f.name(), Some("name"), "§3.2.2 name of {s}");
        assert_eq!(f.typecode(), Some(t), "§3.2.2 typecode of {s}");
        assert_eq!(
            f.typecode().map(FtpType::as_char),
            Some(code.to_ascii_lowercase().chars().next().unwrap())
        );
    }
    // grammar/README.md: `";type="` is an ABNF quoted string, so any case
    // (RFC 822 §3.4.7: "alphabetic strings may be represented in any
    // combination of upper and lower case").
    for s in ["ftp://host.dom/name;TYPE=a", "FTP://host.dom/name;Type=D"] {
        let f = url_as!(Ftp, s);
        assert_eq!(f.name(), Some("name"), "{s}");
        assert!(f.typecode().is_some(), "{s}");
    }
    let f = m::Ftp::parse("ftp://host.dom/a%3Bb/n%2Fm").unwrap();
    assert_eq!(cwd(&f), ["a;b"]);
    assert!(f.cwd().map(|s| s.as_encoded()).eq([&b"a%3Bb"[..]]));
    assert_eq!(f.name(), Some("n%2Fm"));
    // A name alone: no CWD at all.
    let f = m::Ftp::parse("ftp://host.dom/motd").unwrap();
    assert_eq!(f.cwd().count(), 0);
    assert_eq!(f.name(), Some("motd"));
    // "<cwdx> and <name> may be empty" (RFC 1738; draft 06's BNF too).
    let f = m::Ftp::parse("ftp://host.dom/").unwrap();
    assert_eq!(f.cwd().count(), 0);
    assert_eq!(f.name(), Some(""));
    assert_eq!(f.path(), Some(""));
    // Without the url-path: no path, no name.
    let f = m::Ftp::parse("ftp://host.dom").unwrap();
    assert_eq!(f.path(), None);
    assert_eq!(f.name(), None);
    assert_eq!(f.cwd().count(), 0);
}

// ---------------------------------------------------------------------------
// §3.3 HTTP

#[test]
fn s3_3_http() {
    // "http://<host>:<port>/<path>?<searchpart>"
    let s = "http://host.dom:8080/a/b;c?d=e&f";
    for h in [m::Http::parse(s).unwrap(), url_as!(Http, s)] {
        assert_eq!(h.host(), "host.dom", "§3.3 host");
        assert_eq!(h.port(), Some("8080"), "§3.3 port");
        assert_eq!(h.path(), Some("a/b;c"), "§3.3 path");
        assert_eq!(h.search(), Some("d=e&f"), "§3.3 searchpart");
    }
    // "If :<port> is omitted, the port defaults to 80."
    let h = m::Http::parse("http://host.dom/").unwrap();
    assert_eq!(h.port_or_default(), Some(80));
    assert_eq!(h.path(), Some(""));
    assert_eq!(h.search(), None);
    // "If neither <path> nor <searchpart> is present, the "/" may also be
    // omitted."
    let h = url_as!(Http, "http://host.dom");
    assert_eq!(h.path(), None);
    assert_eq!(h.search(), None);
    // "No user name or password is allowed." `otherurl` would take these
    // (any scheme, any xchar), but the strict `url` does not.
    for s in [
        "http://user@host.dom/",
        "http://user:pw@host.dom/",
        "http://@host.dom/",
    ] {
        assert!(m::Other::parse(s).is_ok());
    }
}

// ---------------------------------------------------------------------------
// §3.4 GOPHER

#[test]
fn s3_4_1_gopher_url_syntax() {
    // "If :<port> is omitted, the port defaults to 70. ... The entire
    // <gopher-path> may also be empty, in which case the delimiting "/"
    // is also optional and the <gophertype> defaults to "1"."
    for s in ["gopher://host.dom", "gopher://host.dom/"] {
        let g = url_as!(Gopher, s);
        assert_eq!(g.port_or_default(), Some(70), "§3.4.1 {s}");
        assert_eq!(g.gophertype(), None, "§3.4.1 {s}");
        assert_eq!(g.gophertype_or_default(), "1", "§3.4.1 {s}");
        assert_eq!(g.selector(), None, "§3.4.1 {s}");
        assert_eq!(g.search(), None);
        assert_eq!(g.gopher_plus(), None);
    }
    // "<gophertype><selector>"; "The gopher selector string may be an
    // empty string".
    let g = m::Gopher::parse("gopher://host.dom:7070/1").unwrap();
    assert_eq!(g.port_or_default(), Some(7070));
    assert_eq!(g.gophertype(), Some("1"));
    assert_eq!(g.selector(), Some(""));
    // "some gopher <selector> strings begin with a copy of the
    // <gophertype> character, in which case that character will occur
    // twice consecutively". The reference [2] of both documents is such a
    // URL: <URL:gopher://boombox.micro.umn.edu/11/gopher/gopher_protocol>.
    let g = m::Gopher::parse("gopher://boombox.micro.umn.edu/11/gopher/gopher_protocol").unwrap();
    assert_eq!(g.host(), "boombox.micro.umn.edu");
    assert_eq!(g.gophertype(), Some("1"));
    assert_eq!(g.selector(), Some("1/gopher/gopher_protocol"));
    // "Within the <gopher-path>, no additional characters have a reserved
    // interpretation": any xchar.
    let g = m::Gopher::parse("gopher://host.dom/0a;b?c:d@e&f=g").unwrap();
    assert_eq!(g.gophertype(), Some("0"));
    assert_eq!(g.selector(), Some("a;b?c:d@e&f=g"));
}

#[test]
fn s3_4_2_gopher_search() {
    // "the selector is followed by an encoded tab (%09) and the search
    // string"
    let s = "gopher://host.dom/7selector%09search%20words";
    for g in [m::Gopher::parse(s).unwrap(), url_as!(Gopher, s)] {
        assert_eq!(g.gophertype(), Some("7"), "§3.4.2");
        assert_eq!(g.selector(), Some("selector"), "§3.4.2");
        assert_eq!(g.search(), Some("search%20words"), "§3.4.2");
        assert_eq!(g.gopher_plus(), None, "§3.4.2");
    }
}

/// A gopher URL holding gopher+ string `plus` after an empty search.
fn gopher_plus(plus: &str) -> String {
    format!("gopher://host.dom/1sel%09%09{plus}")
}

#[test]
fn s3_4_3_to_9_gopher_plus_strings() {
    // §3.4.3: "URLs for Gopher+ items ... have a second encoded tab and a
    // gopher+ string ... the %09<search> string must be supplied,
    // although the <search> element may be the empty string."
    // §3.4.4: "+" and "?"; §3.4.6: "!" and "$"; §3.4.7: "!+ABSTRACT",
    // "!+ABSTRACT%20+SMELL"; §3.4.8: "+application/postscript%20Es_ES".
    for plus in [
        "+",
        "?",
        "!",
        "$",
        "!+ABSTRACT",
        "!+ABSTRACT%20+SMELL",
        "+application/postscript%20Es_ES",
    ] {
        let s = gopher_plus(plus);
        let g = url_as!(Gopher, &s);
        assert_eq!(g.gophertype(), Some("1"), "§3.4.3 {s}");
        assert_eq!(g.selector(), Some("sel"), "§3.4.3 {s}");
        assert_eq!(g.search(), Some(""), "§3.4.3 {s}");
        assert_eq!(g.gopher_plus(), Some(plus), "§3.4 gopher+ string of {s}");
    }
    // §3.4.9: the gopher+ string of a filled-in form holds encoded tabs
    // itself; only the first two %09 of the gopher-path delimit.
    let plus = "+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A";
    let s = format!("gopher://host.dom/1a_gopher_selector%09%09{plus}");
    let g = m::Gopher::parse(&s).unwrap();
    assert_eq!(g.selector(), Some("a_gopher_selector"), "§3.4.9");
    assert_eq!(g.search(), Some(""), "§3.4.9");
    assert_eq!(g.gopher_plus(), Some(plus), "§3.4.9");
    // With a search string (gopher type 7, §3.4.3).
    let g = m::Gopher::parse("gopher://host.dom/7sel%09query%09+").unwrap();
    assert_eq!(g.search(), Some("query"));
    assert_eq!(g.gopher_plus(), Some("+"));
}

// ---------------------------------------------------------------------------
// §3.5 MAILTO

#[test]
fn s3_5_mailto() {
    // "mailto:<rfc822-addr-spec>"
    let s = "mailto:masinter@parc.xerox.com";
    for u in [m::Mailto::parse(s).unwrap(), url_as!(Mailto, s)] {
        assert_eq!(u.address(), "masinter@parc.xerox.com", "§3.5");
    }
    let u = m::Mailto::parse("mailto:a%25b@host.dom").unwrap();
    assert_eq!(u.address(), "a%25b@host.dom");
}

// ---------------------------------------------------------------------------
// §3.6 NEWS

#[test]
fn s3_6_news() {
    // "A <newsgroup-name> is a period-delimited hierarchical name, such
    // as "comp.infosystems.www.misc"."
    let s = "news:comp.infosystems.www.misc";
    for u in [m::News::parse(s).unwrap(), url_as!(News, s)] {
        assert_eq!(
            u.target(),
            NewsTarget::Group("comp.infosystems.www.misc"),
            "§3.6"
        );
        assert_eq!(u.group(), Some("comp.infosystems.www.misc"));
        assert_eq!(u.message_id(), None);
        assert!(!u.is_all());
    }
    // "<message-id> ... takes the form <unique>@<full_domain_name>"
    let u = url_as!(News, "news:unique123@full.domain.name");
    assert_eq!(
        u.target(),
        NewsTarget::Article("unique123@full.domain.name"),
        "§3.6"
    );
    assert_eq!(u.message_id(), Some("unique123@full.domain.name"));
    assert_eq!(u.group(), None);
    // "If <newsgroup-name> is "*" (as in <URL:news:*>), it is used to
    // refer to "all available news groups"."
    let u = url_as!(News, "news:*");
    assert_eq!(u.target(), NewsTarget::All, "§3.6 news:*");
    assert!(u.is_all());
}

// ---------------------------------------------------------------------------
// §3.7 NNTP

#[test]
fn s3_7_nntp() {
    // "nntp://<host>:<port>/<newsgroup-name>/<article-number>"
    let s = "nntp://news.host.dom:1119/comp.infosystems.www.misc/4711";
    for u in [m::Nntp::parse(s).unwrap(), url_as!(Nntp, s)] {
        assert_eq!(u.host(), "news.host.dom", "§3.7");
        assert_eq!(u.port_u16(), Some(1119), "§3.7");
        assert_eq!(u.group(), "comp.infosystems.www.misc", "§3.7");
        assert_eq!(u.article(), Some("4711"), "§3.7");
        assert_eq!(u.article_u64(), Some(4711));
    }
    // "If :<port> is omitted, the port defaults to 119."
    let u = m::Nntp::parse("nntp://news.host.dom/comp.lang").unwrap();
    assert_eq!(u.port_or_default(), Some(119));
    assert_eq!(u.article(), None);
}

// ---------------------------------------------------------------------------
// §3.8 TELNET

#[test]
fn s3_8_telnet() {
    // "telnet://<user>:<password>@<host>:<port>/"
    let s = "telnet://guest:secret@host.dom:2323/";
    for u in [m::Telnet::parse(s).unwrap(), url_as!(Telnet, s)] {
        assert_eq!(u.user(), Some("guest"), "§3.8");
        assert_eq!(u.password(), Some("secret"), "§3.8");
        assert_eq!(u.host(), "host.dom", "§3.8");
        assert_eq!(u.port_u16(), Some(2323), "§3.8");
    }
    // "The port defaults to 23"; the final "/" and the user and password
    // are optional.
    let u = url_as!(Telnet, "telnet://host.dom");
    assert_eq!(u.port_or_default(), Some(23));
    assert_eq!(u.user(), None);
    assert_eq!(u.password(), None);
    let u = m::Telnet::parse("telnet://guest@host.dom/").unwrap();
    assert_eq!(u.user(), Some("guest"));
    assert_eq!(u.password(), None);
}

// ---------------------------------------------------------------------------
// §3.9 WAIS

#[test]
fn s3_9_wais() {
    // "wais://<host>:<port>/<database>"
    let u = url_as!(Wais, "wais://host.dom:2100/db");
    assert_eq!(u.host(), "host.dom");
    assert_eq!(u.port_u16(), Some(2100));
    assert_eq!(u.database(), "db", "§3.9 database form");
    assert_eq!((u.search(), u.wtype(), u.wpath()), (None, None, None));
    // "wais://<host>:<port>/<database>?<search>"; reference [14] of both
    // documents is one: <URL:wais://quake.think.com/wais-discussion-archives?lynch>.
    let u = m::Wais::parse("wais://quake.think.com/wais-discussion-archives?lynch").unwrap();
    assert_eq!(u.host(), "quake.think.com");
    assert_eq!(u.port_or_default(), Some(210), "§3.9 default port 210");
    assert_eq!(u.database(), "wais-discussion-archives");
    assert_eq!(u.search(), Some("lynch"), "§3.9 search form");
    assert_eq!((u.wtype(), u.wpath()), (None, None));
    // "wais://<host>:<port>/<database>/<wtype>/<wpath>"
    let u = url_as!(Wais, "wais://host.dom/db/TEXT/0%2C12%3Ddoc");
    assert_eq!(u.database(), "db");
    assert_eq!(u.search(), None);
    assert_eq!(u.wtype(), Some("TEXT"), "§3.9 document form");
    assert_eq!(u.wpath(), Some("0%2C12%3Ddoc"), "§3.9 document form");
}

// ---------------------------------------------------------------------------
// §3.10 FILES

#[test]
fn s3_10_file() {
    // "<URL:file://vms.host.edu/disk$user/my/notes/note12345.txt>"
    let s = "file://vms.host.edu/disk$user/my/notes/note12345.txt";
    for u in [m::File::parse(s).unwrap(), url_as!(File, s)] {
        assert_eq!(u.host(), "vms.host.edu", "§3.10");
        assert_eq!(u.path(), Some("disk$user/my/notes/note12345.txt"), "§3.10");
        assert!(!u.is_local());
    }
    // "<host> can be the string "localhost" ..."
    let u = url_as!(File, "file://localhost/etc/motd");
    assert_eq!(u.host(), "localhost", "§3.10");
    assert!(u.is_local());
    assert_eq!(u.path(), Some("etc/motd"));
    let u = m::File::parse("file://LOCALHOST/etc/motd").unwrap();
    assert!(u.is_local());
}

// ---------------------------------------------------------------------------
// §3.11 PROSPERO

#[test]
fn s3_11_prospero() {
    // "<URL:prospero://host.dom//pros/name> designates a <hsoname> of
    // "/pros/name"."
    let s = "prospero://host.dom//pros/name";
    for u in [m::Prospero::parse(s).unwrap(), url_as!(Prospero, s)] {
        assert_eq!(u.host(), "host.dom", "§3.11");
        assert_eq!(u.hsoname(), "/pros/name", "§3.11");
        assert_eq!(u.fields().count(), 0);
        assert_eq!(u.port_or_default(), Some(1525), "§3.11 default port");
    }
    // "prospero://<host>:<port>/<hsoname>;<field>=<value>"; "the
    // OBJECT-VERSION field can be specified"; "each field/value pair is
    // separated from each other and from the rest of the URL by a ";"".
    let s = "prospero://host.dom:1526/pros/name;OBJECT-VERSION=2;f=";
    let u = url_as!(Prospero, s);
    assert_eq!(u.port_u16(), Some(1526));
    assert_eq!(u.hsoname(), "pros/name");
    assert!(
        u.fields().eq([("OBJECT-VERSION", "2"), ("f", "")]),
        "§3.11 fields"
    );
    let fields: Fields<'_> = u.fields();
    assert_eq!(fields.clone().count(), 2);
    let u = m::Prospero::parse("prospero://host.dom/a%3Bb").unwrap();
    assert_eq!(u.hsoname(), "a%3Bb");
}

// ---------------------------------------------------------------------------
// Strict schemes (§3 vs §5's `otherurl`)

#[test]
fn strict_scheme_names_ignore_case() {
    // §2.1: "programs interpreting URLs should allow upper case letters as
    // equivalent to lower case in scheme names".
    let h = url_as!(Http, "HTTP://host.dom/");
    assert_eq!(h.scheme(), "HTTP");
    assert_eq!(url_as!(Ftp, "Ftp://host.dom/").scheme(), "Ftp");
    url_as!(Gopher, "GoPhEr://host.dom/");
    url_as!(Mailto, "MAILTO:a@b");
    url_as!(News, "NEWS:*");
    url_as!(Nntp, "NNTP://h.dom/g");
    url_as!(Telnet, "TELNET://h.dom");
    url_as!(Wais, "WAIS://h.dom/db");
    url_as!(File, "FILE://h.dom/x");
    url_as!(Prospero, "PROSPERO://h.dom/x");
}

#[test]
fn strict_other_schemes() {
    for (s, scheme, part) in [
        ("x-example:anything", "x-example", "anything"),
        ("afs://host/x", "afs", "//host/x"),
        ("z39.50:db", "z39.50", "db"),
        ("https://user@host/", "https", "//user@host/"),
        ("ftps:x", "ftps", "x"),
        ("htt:x", "htt", "x"),
        ("new:", "new", ""),
        ("prosper:x", "prosper", "x"),
        ("mailtox:x", "mailtox", "x"),
    ] {
        let o = url_as!(Other, s);
        assert_eq!(o.scheme(), scheme, "{s}");
        assert_eq!(o.schemepart(), part, "{s}");
    }
}

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

#[test]
fn per_scheme_rules_reject_other_schemes() {
    assert!(m::Ftp::parse("http://host.dom/").is_err());
    assert!(m::Http::parse("ftp://host.dom/").is_err());
    assert!(m::News::parse("nntp://host.dom/g").is_err());
    assert!(!m::Mailto::is_valid(b"news:*"));
    assert!(m::Mailto::is_valid(b"mailto:x"));
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
