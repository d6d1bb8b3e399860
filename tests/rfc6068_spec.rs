//! RFC 6068 (`mailto` URIs) as the built-in grammar `rfc6068`: §6's
//! examples with every address and header field read off the RFC's text,
//! §2's percent-encoding rules, and every captured item against an
//! independent ABNF engine (the PyPI `abnf` package, through
//! `tests/oracles/abnf_captures.py`, which shares no code with uridfa).

#![cfg(feature = "rfc6068")]

use crate::common::skip;

use crate::common::abnf_oracle;

use uridfa::rfc6068::MailtoUri;

const CAPTURES: [&str; 5] = ["addr-spec", "local-part", "domain", "hfname", "hfvalue"];

/// Every captured item of `input`, in `CAPTURES` order; `None` if refused.
fn ours(input: &str) -> Option<Vec<Vec<String>>> {
    let m = MailtoUri::parse(input).ok()?;
    let own = |it: &mut dyn Iterator<Item = &str>| it.map(str::to_string).collect::<Vec<_>>();
    Some(vec![
        own(&mut m.addr_specs().map(|x| x.as_str())),
        own(&mut m.local_parts().map(|x| x.as_str())),
        own(&mut m.domains().map(|x| x.as_str())),
        own(&mut m.hfnames().map(|x| x.as_str())),
        own(&mut m.hfvalues().map(|x| x.as_str())),
    ])
}

/// RFC 6068 §6.1 and §6.2, as printed there, with the addresses and the
/// header fields each one names (§6's prose says which is which).
/// (input, addresses, header fields as (name, value)).
type Example = (
    &'static str,
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
);

const EXAMPLES: &[Example] = &[
    ("mailto:chris@example.com", &["chris@example.com"], &[]),
    (
        "mailto:infobot@example.com?subject=current-issue",
        &["infobot@example.com"],
        &[("subject", "current-issue")],
    ),
    (
        "mailto:infobot@example.com?body=send%20current-issue",
        &["infobot@example.com"],
        &[("body", "send%20current-issue")],
    ),
    (
        "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        &["infobot@example.com"],
        &[("body", "send%20current-issue%0D%0Asend%20index")],
    ),
    (
        "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        &["list@example.org"],
        &[("In-Reply-To", "%3C3469A91.D10AF4C@example.com%3E")],
    ),
    (
        "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
        &["majordomo@example.com"],
        &[("body", "subscribe%20bamboo-l")],
    ),
    (
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        &["joe@example.com"],
        &[("cc", "bob@example.com"), ("body", "hello")],
    ),
    (
        "mailto:?to=joe@example.com&cc=bob@example.com&body=hello",
        &[],
        &[
            ("to", "joe@example.com"),
            ("cc", "bob@example.com"),
            ("body", "hello"),
        ],
    ),
    (
        "mailto:gorby%25kremvax@example.com",
        &["gorby%25kremvax@example.com"],
        &[],
    ),
    (
        "mailto:unlikely%3Faddress@example.com?blat=foop",
        &["unlikely%3Faddress@example.com"],
        &[("blat", "foop")],
    ),
    (
        "mailto:Mike%26family@example.org",
        &["Mike%26family@example.org"],
        &[],
    ),
    (
        "mailto:%22not%40me%22@example.org",
        &["%22not%40me%22@example.org"],
        &[],
    ),
    (
        "mailto:%22oh%5C%5Cno%22@example.org",
        &["%22oh%5C%5Cno%22@example.org"],
        &[],
    ),
    (
        "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
        &["%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org"],
        &[],
    ),
    (
        "mailto:user@example.org?subject=caf%C3%A9",
        &["user@example.org"],
        &[("subject", "caf%C3%A9")],
    ),
    (
        "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
        &["user@%E7%B4%8D%E8%B1%86.example.org"],
        &[("subject", "Test"), ("body", "NATTO")],
    ),
    (
        "mailto:addr1@an.example,addr2@an.example",
        &["addr1@an.example", "addr2@an.example"],
        &[],
    ),
    (
        "mailto:?to=addr1@an.example,addr2@an.example",
        &[],
        &[("to", "addr1@an.example,addr2@an.example")],
    ),
    (
        "mailto:addr1@an.example?to=addr2@an.example",
        &["addr1@an.example"],
        &[("to", "addr2@an.example")],
    ),
];

#[test]
fn the_examples_of_section_6() {
    for &(input, addrs, fields) in EXAMPLES {
        let m = MailtoUri::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let got: Vec<&str> = m.addr_specs().map(|a| a.as_str()).collect();
        assert_eq!(got, addrs, "{input}");
        // Each address's local part and domain, split at its last "@"
        // (a quoted local part may hold an encoded "@", never a raw one).
        for a in m.addr_specs() {
            let (l, d) = a.as_str().rsplit_once('@').expect("an @");
            assert_eq!((a.local_part(), a.domain()), (Some(l), Some(d)), "{input}");
        }
        let names: Vec<&str> = m.hfnames().map(|h| h.as_str()).collect();
        let values: Vec<&str> = m.hfvalues().map(|h| h.as_str()).collect();
        let want_names: Vec<&str> = fields.iter().map(|f| f.0).collect();
        let want_values: Vec<&str> = fields.iter().map(|f| f.1).collect();
        assert_eq!((names, values), (want_names, want_values), "{input}");
    }
}

#[test]
fn what_section_2_says_must_be_percent_encoded() {
    // "... all the characters in gen-delims except "@" and ":" (i.e.,
    // "/", "?", "#", "[", and "]"). Of the characters in sub-delims, at
    // least the following also have to be percent-encoded: "&", ";", and
    // "="." and "%" itself, and characters a URI cannot hold (`"`, `\`,
    // space): raw in an address, each is refused; encoded, accepted.
    for (raw, encoded) in [
        ("a/b", "a%2Fb"),
        ("a?b", "a%3Fb"),
        ("a#b", "a%23b"),
        ("a&b", "a%26b"),
        ("a=b", "a%3Db"),
        ("a{b}", "a%7Bb%7D"),
        ("\"a b\"", "%22a%20b%22"),
        ("\"a;b\"", "%22a%3Bb%22"),
        ("\"a\\\"b\"", "%22a%5C%22b%22"),
    ] {
        let bad = format!("mailto:{raw}@example.org");
        let good = format!("mailto:{encoded}@example.org");
        assert!(MailtoUri::parse(&bad).is_err(), "{bad}");
        let m = MailtoUri::parse(&good).unwrap_or_else(|e| panic!("{good}: {e}"));
        assert_eq!(m.local_parts().next().map(|l| l.as_str()), Some(encoded));
    }
    // A domain literal's brackets: encoded only.
    assert!(MailtoUri::parse("mailto:a@[192.0.2.1]").is_err());
    let m = MailtoUri::parse("mailto:a@%5B192.0.2.1%5D").expect("an encoded literal");
    assert_eq!(
        m.domains().next().map(|d| d.as_str()),
        Some("%5B192.0.2.1%5D")
    );
    // RFC 5322 keeps a DQUOTE out of atext and a backslash out of qtext,
    // encoded or not.
    assert!(MailtoUri::parse("mailto:a%22b@example.org").is_err());
    assert!(MailtoUri::parse("mailto:%22a%5Cb%22@example.org").is_ok()); // quoted-pair
    assert!(MailtoUri::parse("mailto:%22a%5C%22@example.org").is_err()); // unterminated
                                                                         // The scheme is case-insensitive (an ABNF string); header fields need "=".
    assert!(MailtoUri::parse("MAILTO:a@b").is_ok());
    assert_eq!(
        MailtoUri::parse("mailto:a@x?subject").unwrap_err().offset(),
        18
    );
}

/// Inputs for the oracle: §6's examples and combinations of addresses and
/// header fields, with the characters that could confuse a list cut, raw
/// and encoded, and some invalid pieces; chosen by index arithmetic (no
/// random generator), so every run sees the same inputs.
fn inputs() -> Vec<String> {
    let mut out: Vec<String> = EXAMPLES.iter().map(|e| e.0.to_string()).collect();
    let locals = [
        "a",
        "b.c",
        "%22a,b%22",
        "%22a%2Cb%22",
        "%22%5C%22%22",
        "%22q.%40.%22",
        "x%2Cy",
        "!$'*+-_~",
        "%22(a):b@c%22",
        "%E7%B4%8D",
        "%22a%20%0D%0A%09b%22",
        "a..b",
        ".a",
        "",
        "a,b",
        "\"a\"",
        "a%22b",
        "%22a%5C%22",
    ];
    let domains = [
        "x.org",
        "example.com",
        "%5B192.0.2.1%5D",
        "%5Ba:b%5D",
        "%5B%5D",
        "y",
        "%41",
        "a.",
        "[1.2.3.4]",
        "a&b",
        "%5Ba%5B%5D",
        "%5Ba%5Cb%5D",
    ];
    let words = [
        "subject",
        "body",
        "to",
        "",
        "a%20b",
        "hi@x",
        "!$'()*+,;:@",
        "a,b",
        "%3D",
        "x=y",
        "%G1",
        "?",
        "%2",
    ];
    // The last pieces of each list are invalid: one input in five draws
    // from the whole list, the others from the valid part.
    let (vl, vd, vw) = (10, 7, 10);
    for i in 0..3000usize {
        let (nl, nd, nw) = match i % 5 {
            0 => (locals.len(), domains.len(), words.len()),
            _ => (vl, vd, vw),
        };
        let mut s = String::from("mailto:");
        for k in 0..i % 4 {
            if k > 0 {
                s.push(',');
            }
            s.push_str(locals[(i / 4 + 7 * k) % nl]);
            s.push('@');
            s.push_str(domains[(i / 3 + 5 * k) % nd]);
        }
        for k in 0..(i / 4) % 3 {
            s.push(if k == 0 { '?' } else { '&' });
            s.push_str(words[(i / 12 + 3 * k) % nw]);
            s.push('=');
            s.push_str(words[(i / 7 + 11 * k) % nw]);
        }
        out.push(s);
    }
    out
}

#[test]
fn every_item_agrees_with_the_abnf_package() {
    let root = env!("CARGO_MANIFEST_DIR");
    let inputs = inputs();
    let grammar = std::path::PathBuf::from(format!("{root}/grammar/rfc6068.abnf"));
    let Some(answers) = abnf_oracle::answers(
        &grammar,
        "mailtoURI",
        &CAPTURES,
        &inputs,
        "rfc6068",
        skip::note,
    ) else {
        return;
    };
    let (mut accepted, mut rejected, mut items) = (0, 0, 0);
    for (input, theirs) in inputs.iter().zip(answers) {
        assert_eq!(ours(input), theirs, "{input:?}");
        match theirs {
            Some(lists) => {
                accepted += 1;
                items += lists.iter().map(Vec::len).sum::<usize>();
            }
            None => rejected += 1,
        }
    }
    println!("{accepted} accepted and {rejected} rejected by both; {items} captured items agree");
    assert!(
        accepted > 1200 && rejected > 1000 && items > 6000,
        "{accepted} {rejected} {items}"
    );
}
