//! RFC 6068 §6's examples through the derive, every address and header
//! field read off the examples' text (§6.1 "Basic Examples", §6.2
//! "Examples of Complicated Email Addresses"), and what the item views
//! add: nested captures per occurrence, `Debug`, `Display`, spans.

use mailto_example::Mailto;

/// (input, addresses, local parts, domains, header names, header values).
type Case = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const CASES: &[Case] = &[
    (
        "mailto:chris@example.com",
        &["chris@example.com"],
        &["chris"],
        &["example.com"],
        &[],
        &[],
    ),
    (
        "mailto:infobot@example.com?subject=current-issue",
        &["infobot@example.com"],
        &["infobot"],
        &["example.com"],
        &["subject"],
        &["current-issue"],
    ),
    (
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        &["joe@example.com"],
        &["joe"],
        &["example.com"],
        &["cc", "body"],
        &["bob@example.com", "hello"],
    ),
    (
        "mailto:?to=joe@example.com&cc=bob@example.com&body=hello",
        &[],
        &[],
        &[],
        &["to", "cc", "body"],
        &["joe@example.com", "bob@example.com", "hello"],
    ),
    (
        "mailto:addr1@an.example,addr2@an.example",
        &["addr1@an.example", "addr2@an.example"],
        &["addr1", "addr2"],
        &["an.example", "an.example"],
        &[],
        &[],
    ),
    (
        "mailto:gorby%25kremvax@example.com",
        &["gorby%25kremvax@example.com"],
        &["gorby%25kremvax"],
        &["example.com"],
        &[],
        &[],
    ),
    (
        "mailto:%22not%40me%22@example.org",
        &["%22not%40me%22@example.org"],
        &["%22not%40me%22"],
        &["example.org"],
        &[],
        &[],
    ),
    (
        "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        &["list@example.org"],
        &["list"],
        &["example.org"],
        &["In-Reply-To"],
        &["%3C3469A91.D10AF4C@example.com%3E"],
    ),
];

#[test]
fn the_examples_of_section_6() {
    for &(input, addrs, locals, domains, names, values) in CASES {
        let m = Mailto::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(
            m.addr_specs().map(|a| a.as_str()).collect::<Vec<_>>(),
            addrs,
            "{input}"
        );
        assert_eq!(
            m.local_parts().map(|a| a.as_str()).collect::<Vec<_>>(),
            locals,
            "{input}"
        );
        assert_eq!(
            m.domains().map(|a| a.as_str()).collect::<Vec<_>>(),
            domains,
            "{input}"
        );
        assert_eq!(
            m.hfnames().map(|a| a.as_str()).collect::<Vec<_>>(),
            names,
            "{input}"
        );
        assert_eq!(
            m.hfvalues().map(|a| a.as_str()).collect::<Vec<_>>(),
            values,
            "{input}"
        );
        // Each address's own parts are those of the same occurrence.
        for (k, a) in m.addr_specs().enumerate() {
            assert_eq!(a.local_part(), Some(locals[k]), "{input}");
            assert_eq!(a.domain(), Some(domains[k]), "{input}");
            let (s, e) = a.span();
            assert_eq!(&input[s..e], addrs[k]);
        }
    }
}

#[test]
fn items_display_and_debug() {
    let m = Mailto::parse("mailto:a@x.org,b.c@y.org?subject=hi%20there&body=ok").unwrap();
    let second = m.addr_specs().nth(1).unwrap();
    assert_eq!(second.to_string(), "b.c@y.org");
    assert_eq!(second.span(), (15, 24));
    assert_eq!(
        format!("{second:?}"),
        // Named by the item's type, as every view (not by the capture).
        r#"MailtoViewAddrSpec { input: "b.c@y.org", local_part: Some("b.c"), domain: Some("y.org") }"#
    );
    let debug = format!("{m:?}");
    assert!(
        debug.contains(r#"hfnames: [MailtoViewHfname { input: "subject" }, MailtoViewHfname { input: "body" }]"#),
        "{debug}"
    );
    // The iterators can be cloned and restarted.
    let it = m.hfvalues();
    assert_eq!(it.clone().count(), 2);
    assert_eq!(it.map(|v| v.as_str()).last(), Some("ok"));
}

#[test]
fn refusals_keep_their_offsets() {
    // RFC 6068 §2: "?" must be percent-encoded in an address.
    let e = Mailto::parse("mailto:a?b@x").unwrap_err();
    // "mailto:a" is eight bytes: the "?" is at 8.
    assert_eq!(e.offset(), 8);
    // A header field needs "=".
    assert_eq!(
        Mailto::parse("mailto:a@x?subject").unwrap_err().offset(),
        18
    );
    assert!(Mailto::parse("mailto:a@x,").is_err());
}

#[test]
fn the_derives_struct_carries_the_grammars_facts() {
    use uridfa::{Facts, View};
    // The derive implements `uridfa::Facts` on `Mailto` and names it as
    // its view's grammar; the grammar is the file `grammar/mailto.abnf`.
    assert_eq!(<Mailto as Facts>::NAME, "mailto");
    assert_eq!(<Mailto as Facts>::ENTRIES[0].rule, "mailtoURI");
    assert_eq!(
        <<mailto_example::MailtoView<'static> as View<'static>>::Grammar as Facts>::NAME,
        "mailto"
    );
    // `to` and `hfields`: two list regions.
    assert_eq!(<Mailto as Facts>::LISTS[0].len(), 2);
}
