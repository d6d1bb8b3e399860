//! Spec vectors for `grammar/draft-ietf-uri-url-06.abnf`: every example
//! string of §3 of draft-ietf-uri-url-06 (`../shared/specs/
//! draft-ietf-uri-url-06.txt`), with the component values the prose
//! states, and invalid inputs built from the prose. The typed views'
//! values common to RFC 1738 and draft 06 are rows of
//! `data/url_schemes.jsonl` (run by `url_schemes_spec.rs`), the checks
//! they share beyond vectors in `url_family/shared.rs`; this file adds
//! what differs in the draft.

use crate::common::skip;
use m::FtpType;
use uridfa::draft_ietf_uri_url_06 as m;

const GRAMMAR: &str = "draft-ietf-uri-url-06";
const DOC: &str = "draft 06";

include!("url_family/shared.rs");

// ---------------------------------------------------------------------------
// Every example string of §3 occurs in the document.

#[test]
fn examples_occur_in_the_spec() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/specs/draft-ietf-uri-url-06.txt"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        skip::note(format_args!("SKIPPED: {path} not found"));
        return;
    };
    for s in [
        "<URL:ftp://@host.com/>",
        "<URL:ftp://host.com/>",
        "<URL:ftp://foo:@host.com/>",
        "<URL:ftp://myname@host.dom/%2Fetc/motd>",
        "<URL:ftp://myname@host.dom/etc/motd>",
        "<URL:file://vms.host.edu/disk$user/my/notes/note12345.txt>",
        "<URL:news:*>",
        "<URL:prospero://host.dom//pros/name>",
        "\"!+ABSTRACT\"",
        "\"!+ABSTRACT%20+SMELL\"",
        "\"+application/postscript%20Es_ES\"",
        "+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A",
        "\"comp.infosystems.www.misc\"",
        "<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>",
        "http://<host>:<port>/<path>?<searchpart>",
        "gopher://<host>:<port>/<gopher-path>",
        "nntp://<host>:<port>/<newsgroup-name>/<article-number>",
        "telnet://<user>:<password>@<host>:<port> [ / ]",
        "wais://<host>:<port>/<database>?<search>",
        "wais://<host>:<port>/<database>/<wtype>/<wpath>",
        "file://<host>/<path>",
        "prospero://<host>:<port>/<hsoname>;<field>=<value>",
        // References [2] and [14], rows of data/url_schemes.jsonl.
        "<URL:gopher://boombox.micro.umn.edu/11/gopher/",
        "<URL:wais://quake.think.com/wais-discussion-archives?lynch>",
    ] {
        assert!(text.contains(s), "{s:?} is not in {path}");
    }
    // §4's proposed scheme names, each at the start of its line.
    for name in SECTION_4_SCHEMES {
        assert!(
            text.lines()
                .any(|l| l.split_whitespace().next() == Some(name)),
            "§4 {name:?} is not in {path}"
        );
    }
    // §3.2.2 breaks the third example across lines ("<URL:ftp:" then
    // "//myname@host.dom//etc/motd>"); the Appendix says such white space
    // "is ignored when extracting the URL".
    assert!(text.contains("<URL:ftp:\n   //myname@host.dom//etc/motd>"));
    // Reference [2] too, after "gopher/".
    assert!(text.contains("       gopher_protocol>."));
}

// ---------------------------------------------------------------------------
// Every <URL:...> of the draft: §1, §3, the Appendix and the References

#[test]
fn every_wrapped_url_of_the_draft() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/specs/draft-ietf-uri-url-06.txt"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        skip::note(format_args!("SKIPPED: {path} not found"));
        return;
    };
    let found = wrapped_urls(&text);
    // Appendix: "extra whitespace may need to be added to break long URLs
    // across lines. The whitespace is ignored when extracting the URL."
    let urls: Vec<String> = found
        .iter()
        .map(|w| w.split_whitespace().collect::<String>())
        .collect();
    for u in &urls {
        let (url, fragment) = match u.split_once('#') {
            Some((url, f)) => (url, Some(f)),
            None => (u.as_str(), None),
        };
        check_wrapped(url, fragment, "<URL:...>");
    }
    // 1 in §1, 9 in §3, 3 in the Appendix, 19 in the References.
    assert_eq!(urls.len(), 32, "{urls:?}");
    // The Appendix examples, with what the text states.
    let f = url_as!(Ftp, "ftp://info.cern.ch/pub/www/doc;type=d");
    assert!(urls.iter().any(|u| u == f.as_str()), "Appendix");
    assert_eq!(f.host(), "info.cern.ch", "Appendix");
    assert!(
        f.cwd().map(|s| s.as_encoded()).eq([&b"pub"[..], b"www"]),
        "Appendix"
    );
    assert_eq!(f.name(), Some("doc"), "Appendix");
    assert_eq!(f.typecode(), Some(FtpType::Directory), "Appendix: ;type=d");
    let f = url_as!(Ftp, "ftp://ds.internic.net/rfc");
    assert!(urls.iter().any(|u| u == f.as_str()), "Appendix");
    assert_eq!(f.host(), "ds.internic.net", "Appendix");
    assert_eq!(f.name(), Some("rfc"), "Appendix");
    assert_eq!(f.typecode(), None, "Appendix");
    // "Note the warning in <URL:http://ds.internic.net/
    // instructions/overview.html#WARNING>": a URL and a fragment.
    let w = "http://ds.internic.net/instructions/overview.html#WARNING";
    assert!(urls.iter().any(|u| u == w), "Appendix");
    let h = url_as!(Http, "http://ds.internic.net/instructions/overview.html");
    assert_eq!(h.host(), "ds.internic.net", "Appendix");
    assert_eq!(h.path(), Some("instructions/overview.html"), "Appendix");
    assert_eq!(h.search(), None, "Appendix");
    // The line breaks do matter to the grammar: unjoined, no URL.
    for w in found.iter().filter(|w| w.contains('\n')) {
        invalid("url", w, "Appendix: white space is not part of a URL");
    }
}
