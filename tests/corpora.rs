//! Third-party RFC 3986 vectors from `../shared/corpora` (JSON Lines),
//! read in place (never copied into this repository).
//!
//! For each file the test prints `file: N/M agree` and fails on any
//! disagreement that is not listed in [`EXCEPTIONS`] or [`OFFSETS`], where
//! each one is explained with the RFC 3986 text that decides it.
//!
//! Reproduce: `cargo test -p uridfa --test integration -- corpora:: --nocapture`.
//!
//! Record format (see `../shared/corpora/README.md`): `{"input", "valid",
//! "rule"?, "components"?, "error_index"|"error_pos"?, "source", "note"?}`.
//! Rules map to our four entry rules; `IPv4address` and `IPv6address`
//! records are checked through a host: `//<input>` must parse with
//! `HostKind::Ipv4`, and `//[<input>]` with `HostKind::Ipv6`.

use crate::common;
use common::skip;

use common::{is_valid, parse, read_jsonl, Comps, Json, JsonExt, Rule};
use uridfa::rfc3986::{HostKind, UriRef};

/// A record's check that we disagree with, and why the RFC sides with us.
struct Exception {
    file: &'static str,
    input: &'static str,
    /// `"valid"`, a component name, or `"components"` for all of them.
    field: &'static str,
    why: &'static str,
}

const EXCEPTIONS: &[Exception] = &[Exception {
    file: "fluent-uri-validity.jsonl",
    input: "foo://example.com:8042/over/there?name=ferret#nose",
    field: "components",
    // The record pairs the §3 figure URI with the components of the §7.6
    // example "ftp://cnn.example.com&story=breaking_news@10.0.0.1/
    // top_story.htm" (a corpus extraction slip: scheme "ftp", host
    // "10.0.0.1"). RFC 3986 §3 labels this input's parts in its figure:
    //   foo://example.com:8042/over/there?name=ferret#nose
    //   \_/   \______________/\_________/ \_________/ \__/
    //   scheme     authority       path        query   fragment
    // (asserted in rfc3986_spec.rs, s3_component_figure).
    why: "record's components belong to the §7.6 example, not to this input (RFC 3986 §3 figure)",
}];

/// An error offset where the record's convention differs from ours.
/// `ours` is derived by hand from the ABNF: the first byte that cannot
/// continue any match, or the input's length if it stops short.
struct Offset {
    file: &'static str,
    /// The rule the record is checked under (one input may appear under
    /// two rules with two offsets).
    rule: Rule,
    input: &'static str,
    theirs: usize,
    ours: usize,
    why: &'static str,
}

// fluent-uri 0.4.1 reports the *start* of the construct it gave up on (the
// "%" of a bad pct-encoded, the "[" + 1 of a bad IPv6 literal, the ":" of a
// port it committed to); we report the first byte no reading of the
// grammar can accept. Each `ours` is spelled out below.
const PCT: &str = "RFC 3986 §2.1 pct-encoded = \"%\" HEXDIG HEXDIG: the \"%\" itself is acceptable; \
                   the first non-HEXDIG (or the end) is where the match dies; fluent-uri points at the \"%\"";
const IP6: &str =
    "RFC 3986 §3.2.2 IPv6address: the literal is a valid prefix up to the byte named; \
                   fluent-uri points at the start of the literal";
const USERINFO: &str = "RFC 3986 §3.2 authority = [ userinfo \"@\" ] host [ \":\" port ] and §3.2.1 \
                        userinfo = *( unreserved / pct-encoded / sub-delims / \":\" ): without an \"@\" \
                        the text after \"//\" is still a userinfo prefix, so the match dies later than \
                        the port; fluent-uri commits to host:port";
const SCHEME_OR_SEGMENT: &str = "RFC 3986 §4.1 URI-reference = URI / relative-ref and §3.3 \
                                 segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / \"@\" ): \
                                 \"3ttp\" is a valid first segment of a relative-path reference, \
                                 so only the \":\" (\"cannot be used as the first segment\", §4.2) \
                                 ends the match; fluent-uri points at the non-ALPHA scheme start";

const OFFSETS: &[Offset] = &[
    // "foo%xxd": "%" at 3, "x" at 4 is not HEXDIG.
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "foo%xxd",
        theirs: 3,
        ours: 4,
        why: PCT,
    },
    // "text%a": "%a" then the end at 6 (a second HEXDIG is required).
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "text%a",
        theirs: 4,
        ours: 6,
        why: PCT,
    },
    // "%": the end at 1.
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "%",
        theirs: 0,
        ours: 1,
        why: PCT,
    },
    // "http://example.com:80ab" (23 bytes): "example.com:80ab" is all
    // userinfo characters; the input ends (23) without "@".
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "http://example.com:80ab",
        theirs: 21,
        ours: 23,
        why: USERINFO,
    },
    // "http://user:pass:example.com/": "user:pass:example.com" is a
    // userinfo prefix; "/" at 28 is neither userinfo nor "@".
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "http://user:pass:example.com/",
        theirs: 16,
        ours: 28,
        why: USERINFO,
    },
    // "http://[:]": "[:" may start "::"; "]" at 9 may not follow one ":".
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "http://[:]",
        theirs: 8,
        ours: 9,
        why: IP6,
    },
    // "example://[44:55::66::77]": after "44:55::66:" (ends at 20) an h16
    // must follow, since "::" may appear once; ":" at 21.
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "example://[44:55::66::77]",
        theirs: 11,
        ours: 21,
        why: IP6,
    },
    // "//[::01.1.1.1]": "01" is an h16 but not a dec-octet (no leading
    // zeros, §3.2.2), so "." at 7 cannot follow it.
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "//[::01.1.1.1]",
        theirs: 3,
        ours: 7,
        why: IP6,
    },
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "//[::00.1.1.1]",
        theirs: 3,
        ours: 7,
        why: IP6,
    },
    // "3ttp://a.com" as URI-reference: "3ttp" is a segment-nz-nc; ":" at 4.
    Offset {
        file: "fluent-uri-validity.jsonl",
        rule: Rule::UriRef,
        input: "3ttp://a.com",
        theirs: 0,
        ours: 4,
        why: SCHEME_OR_SEGMENT,
    },
];

#[derive(Default)]
struct Tally {
    total: usize,
    agree: usize,
    explained: usize,
    skipped: Vec<String>,
    unexplained: Vec<String>,
    offsets_checked: usize,
}

/// The rule a record is checked under.
enum Check {
    Rule(Rule),
    Ipv4,
    Ipv6,
}

fn rule_of(file: &str, rec: &Json) -> Option<Check> {
    let rule = rec
        .get("rule")
        .and_then(Json::as_str)
        .unwrap_or("URI-reference");
    let source = rec.get("source").and_then(Json::as_str).unwrap_or("");
    Some(match rule {
        // fluent-uri tests/parse.rs `parse_error_uri` (its `fail` helper at
        // lines 245-266) calls `Uri::parse`, not `UriRef::parse`; the corpus
        // labels those records "URI-reference". "foo" is a valid
        // URI-reference (a path-noscheme) but not a URI, so the label must
        // follow the call.
        "URI-reference" if file.starts_with("fluent-uri") && source.ends_with("(fail)") => {
            Check::Rule(Rule::Uri)
        }
        "URI-reference" | "UriReference" => Check::Rule(Rule::UriRef),
        "URI" => Check::Rule(Rule::Uri),
        "absolute-URI" | "IriAbsolute" => Check::Rule(Rule::AbsoluteUri),
        "relative-ref" => Check::Rule(Rule::RelativeRef),
        "IPv4address" => Check::Ipv4,
        "IPv6address" => Check::Ipv6,
        // RFC 3987 IRIs are out of scope for the rfc3986 module.
        _ => return None,
    })
}

fn exception(file: &str, input: &str, field: &str) -> Option<&'static Exception> {
    EXCEPTIONS.iter().find(|e| {
        e.file == file
            && e.input == input
            && (e.field == field || e.field == "components" && field != "valid")
    })
}

/// Our value of a record's component key, `None` = absent.
fn ours(c: &Comps, key: &str) -> Option<Option<String>> {
    Some(match key {
        "scheme" => c.scheme.clone(),
        "authority" => c.authority.clone(),
        "userinfo" => c.userinfo.clone(),
        "host" => c.host.clone(),
        "port" => c.port.clone(),
        "path" => Some(c.path.clone()),
        "query" => c.query.clone(),
        "fragment" => c.fragment.clone(),
        // iri-string splits userinfo at its first ":" into user and
        // password (its `components_note`).
        "user" => c
            .userinfo
            .as_deref()
            .map(|u| u.split(':').next().unwrap().to_string()),
        "password" => c
            .userinfo
            .as_deref()
            .and_then(|u| u.split_once(':'))
            .map(|(_, p)| p.to_string()),
        _ => return None,
    })
}

fn run_file(file: &str) -> Option<Tally> {
    let records = read_jsonl(file)?;
    let mut t = Tally::default();
    for (line, rec) in &records {
        let at = format!("{file}:{line}");
        let Some(input) = rec.get("input").and_then(Json::as_str) else {
            // uriparser records whose input is a C++ variable
            // (["id", "x"]) carry no string to test.
            t.skipped
                .push(format!("{at}: input is not a string literal"));
            continue;
        };
        if !input.is_ascii() {
            t.skipped
                .push(format!("{at}: non-ASCII input (IRI, RFC 3987) {input:?}"));
            continue;
        }
        let Some(check) = rule_of(file, rec) else {
            t.skipped.push(format!("{at}: rule out of scope"));
            continue;
        };
        let want_valid = rec
            .get("valid")
            .and_then(Json::as_bool)
            .unwrap_or_else(|| panic!("{at}: no \"valid\""));
        t.total += 1;
        let mut agree = true;
        let mut explained = false;
        let mut disagree = |field: &str, msg: String, agree: &mut bool, explained: &mut bool| {
            *agree = false;
            match exception(file, input, field) {
                Some(e) => {
                    eprintln!("  explained {at} {input:?} {field}: {msg} -- {}", e.why);
                    *explained = true;
                }
                None => t.unexplained.push(format!("{at} {input:?} {field}: {msg}")),
            }
        };

        match check {
            Check::Ipv4 | Check::Ipv6 => {
                let (text, kind) = match check {
                    Check::Ipv4 => (format!("//{input}"), HostKind::Ipv4),
                    _ => (format!("//[{input}]"), HostKind::Ipv6),
                };
                let got = UriRef::parse(&text).ok();
                let host = match check {
                    Check::Ipv4 => input.to_string(),
                    _ => format!("[{input}]"),
                };
                let valid = got.as_ref().is_some_and(|u| {
                    u.host_kind() == Some(kind) && u.host() == Some(host.as_str())
                });
                if valid != want_valid {
                    disagree(
                        "valid",
                        format!("{text:?} as {kind:?}: ours {valid}, record {want_valid}"),
                        &mut agree,
                        &mut explained,
                    );
                }
            }
            Check::Rule(rule) => {
                let got = parse(rule, input.as_bytes());
                let valid = is_valid(rule, input.as_bytes());
                if valid != want_valid {
                    let msg = match &got {
                        Ok(c) => format!("{rule:?}: ours valid {c:?}, record invalid"),
                        Err(e) => format!("{rule:?}: ours invalid ({e}), record valid"),
                    };
                    disagree("valid", msg, &mut agree, &mut explained);
                }
                if let (Ok(c), Some(comps)) = (&got, rec.get("components")) {
                    for (key, want) in comps.members() {
                        let want = match want {
                            Json::Null => None,
                            Json::String(s) => Some(s.clone()),
                            other => panic!("{at}: component {key} = {other:?}"),
                        };
                        let have =
                            ours(c, key).unwrap_or_else(|| panic!("{at}: unknown component {key}"));
                        if have != want {
                            disagree(
                                key,
                                format!("ours {have:?}, record {want:?}"),
                                &mut agree,
                                &mut explained,
                            );
                        }
                    }
                }
                let theirs = rec
                    .get("error_index")
                    .or_else(|| rec.get("error_pos"))
                    .and_then(Json::as_usize);
                if let (Err(e), Some(theirs)) = (&got, theirs) {
                    t.offsets_checked += 1;
                    let o = OFFSETS.iter().find(|o| {
                        o.file == file && o.rule == rule && o.input == input && o.theirs == theirs
                    });
                    match o {
                        // Our offset must be the hand-derived one even
                        // where the conventions differ.
                        Some(o) => {
                            agree = false;
                            if e.offset() == o.ours {
                                eprintln!(
                                    "  explained {at} {input:?} offset: ours {} ({e}), record {theirs} -- {}",
                                    o.ours, o.why
                                );
                                explained = true;
                            } else {
                                t.unexplained.push(format!(
                                    "{at} {input:?}: offset {} ({e}), derived {}",
                                    e.offset(),
                                    o.ours
                                ));
                            }
                        }
                        None if e.offset() != theirs => disagree(
                            "offset",
                            format!("ours {} ({e}), record {theirs}", e.offset()),
                            &mut agree,
                            &mut explained,
                        ),
                        None => {}
                    }
                }
            }
        }
        if agree {
            t.agree += 1;
        } else if explained {
            t.explained += 1;
        }
    }
    Some(t)
}

fn corpus(file: &str) -> Option<Tally> {
    let Some(t) = run_file(file) else {
        skip::note(format_args!("SKIPPED: ../shared/corpora/{file} not found"));
        return None;
    };
    eprintln!(
        "{file}: {}/{} agree ({} explained exceptions, {} error offsets checked, {} skipped)",
        t.agree,
        t.total,
        t.explained,
        t.offsets_checked,
        t.skipped.len()
    );
    for s in &t.skipped {
        eprintln!("  skipped {s}");
    }
    assert!(t.total > 0, "{file}: no records");
    assert!(
        t.unexplained.is_empty(),
        "{file}: {} unexplained disagreements:\n{}",
        t.unexplained.len(),
        t.unexplained.join("\n")
    );
    Some(t)
}

#[test]
fn uriparser_validity() {
    corpus("uriparser-validity.jsonl");
}

/// 4Suite's URI validity cases as uriparser's FourSuite.cpp runs them
/// (all under `URI-reference`): every label and every error position
/// agrees, so the figures are asserted exactly.
#[test]
fn uriparser_foursuite_validity() {
    if let Some(t) = corpus("uriparser-foursuite-validity.jsonl") {
        assert_eq!(
            (
                t.total,
                t.agree,
                t.explained,
                t.offsets_checked,
                t.skipped.len()
            ),
            (97, 97, 0, 31, 0),
            "(records, agree, explained, error offsets checked, skipped)"
        );
    }
}

#[test]
fn uriparser_ip_literals() {
    corpus("uriparser-ip-literals.jsonl");
}

#[test]
fn iri_string_components() {
    corpus("iri-string-components.jsonl");
}

#[test]
fn fluent_uri_validity() {
    corpus("fluent-uri-validity.jsonl");
}

#[test]
fn fluent_uri_ip() {
    corpus("fluent-uri-ip.jsonl");
}

/// Every exception and offset entry is used: a stale one would hide a
/// future disagreement class.
#[test]
fn exceptions_are_live() {
    if common::corpora_dir().is_none() {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    }
    for e in EXCEPTIONS {
        let recs = read_jsonl(e.file).expect(e.file);
        assert!(
            recs.iter()
                .any(|(_, r)| r.get("input").and_then(Json::as_str) == Some(e.input)),
            "stale exception {} {:?}",
            e.file,
            e.input
        );
    }
    for o in OFFSETS {
        let recs = read_jsonl(o.file).expect(o.file);
        assert!(
            recs.iter().any(|(_, r)| {
                r.get("input").and_then(Json::as_str) == Some(o.input)
                    && r.get("error_index").and_then(Json::as_usize) == Some(o.theirs)
            }),
            "stale offset {} {:?}",
            o.file,
            o.input
        );
    }
}
