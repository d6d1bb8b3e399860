//! The URN builders (`uridfa::builder::UrnBuilder`; RFC 8141 and the
//! rfc2141bis draft 03): RFC 8141's examples rebuilt from their
//! components as the text names them, and a property for both URN
//! grammars (every setter against the independent recognizer of
//! `tests/common/abnf.rs`, every built URN accepted by it and parsed
//! back). Split from `tests/builder.rs`.

use crate::common;
use common::abnf::{grammar_rules, rule_matches};
use common::pieces::{NIDS, NSSES, URN_PARTS};
use uridfa::builder::{BuildError, Component};
use uridfa::BufferTooSmall;
use uridfa_codegen::sample::Rng;

// ---------------------------------------------------------------------------
// URNs

/// RFC 8141's examples (§2.3.1, §2.3.2, §2.3.3, §3.2's first), rebuilt
/// from their components as the text names them.
#[test]
fn rfc8141_examples_rebuilt_from_their_components() {
    use uridfa::rfc8141::Builder;
    type Want<'a> = (
        &'a str,
        &'a str,
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
    );
    let cases: [(&str, Want<'_>); 4] = [
        (
            "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
            (
                "example",
                "foo-bar-baz-qux",
                Some("CCResolve:cc=uk"),
                None,
                None,
            ),
        ),
        (
            "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
            (
                "example",
                "weather",
                None,
                Some("op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"),
                None,
            ),
        ),
        (
            "urn:example:foo-bar-baz-qux#somepart",
            ("example", "foo-bar-baz-qux", None, None, Some("somepart")),
        ),
        (
            "urn:example:a123,z456",
            ("example", "a123,z456", None, None, None),
        ),
    ];
    for (text, (nid, nss, r, q, f)) in cases {
        let b = Builder::new(nid, nss)
            .and_then(|b| b.r_component(r))
            .and_then(|b| b.q_component(q))
            .and_then(|b| b.f_component(f))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(b.build_len(), text.len());
        let mut buf = [0u8; 96];
        let u = b.build_ref(&mut buf).unwrap();
        assert_eq!(u.as_str(), text);
        assert_eq!((u.nid(), u.nss()), (nid, nss));
        assert_eq!(
            (u.r_component(), u.q_component(), u.f_component()),
            (r, q, f)
        );
        assert_eq!(u.to_builder(), b);
        // Exact BufferTooSmall, nothing written.
        let mut short = vec![0xAAu8; text.len() - 1];
        assert_eq!(
            b.build_into(&mut short),
            Err(BufferTooSmall { needed: text.len() })
        );
        assert!(short.iter().all(|&x| x == 0xAA));
    }
}

fn pick(rng: &mut Rng, xs: &'static [&'static str]) -> &'static str {
    xs[rng.below(xs.len() as u64) as usize]
}

fn urn_pick(rng: &mut Rng, xs: &'static [&'static str]) -> String {
    let mut s = pick(rng, xs).to_string();
    if rng.below(3) == 0 {
        s.push_str(pick(rng, xs));
    }
    s
}

/// For both URN grammars: every setter agrees with the independent
/// recognizer of its rule, and every built URN is accepted by the
/// independent recognizer of the whole rule and parses back to the
/// components given.
#[test]
fn urn_property() {
    use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03 as d03;
    use uridfa::rfc8141;
    type Comps = (String, String, [Option<String>; 3]);
    for (file, whole, names, seed) in [
        (
            "rfc8141",
            "namestring",
            ["NID", "NSS", "r-component", "q-component", "f-component"],
            8141u64,
        ),
        (
            "draft-ietf-urnbis-rfc2141bis-urn-03",
            "urn-reference",
            ["NID", "NSS", "urn-query", "fragment", ""],
            2141,
        ),
    ] {
        let rules = grammar_rules(file);
        let optional_len = if file == "rfc8141" { 3 } else { 2 };
        let mut rng = Rng::new(seed);
        let (mut built, mut refused) = (0, 0);
        let rounds = common::scale::scaled(3000);
        for _ in 0..rounds {
            let mut c: Comps = (
                urn_pick(&mut rng, NIDS),
                urn_pick(&mut rng, NSSES),
                [None, None, None],
            );
            for slot in c.2.iter_mut().take(optional_len) {
                if rng.below(2) == 0 {
                    *slot = Some(urn_pick(&mut rng, URN_PARTS));
                }
            }
            // Mostly valid components (redrawn, judged by the recognizer).
            let keep: Vec<bool> = (0..5).map(|_| rng.below(5) == 0).collect();
            for _ in 0..30 {
                if !keep[0] && !rule_matches(&rules, names[0], &c.0) {
                    c.0 = urn_pick(&mut rng, NIDS);
                }
                if !keep[1] && !rule_matches(&rules, names[1], &c.1) {
                    c.1 = urn_pick(&mut rng, NSSES);
                }
                for i in 0..optional_len {
                    if !keep[2 + i]
                        && c.2[i]
                            .as_deref()
                            .is_some_and(|v| !rule_matches(&rules, names[2 + i], v))
                    {
                        c.2[i] = Some(urn_pick(&mut rng, URN_PARTS));
                    }
                }
            }
            let want_ok = [
                rule_matches(&rules, names[0], &c.0),
                rule_matches(&rules, names[1], &c.1),
            ]
            .into_iter()
            .chain((0..optional_len).map(|i| {
                c.2[i]
                    .as_deref()
                    .is_none_or(|v| rule_matches(&rules, names[2 + i], v))
            }))
            .collect::<Vec<_>>();
            let mut buf = vec![0u8; 256];
            let (text, back): (Result<String, BuildError>, Option<Comps>) = if file == "rfc8141" {
                let b = rfc8141::Builder::new(&c.0, &c.1)
                    .and_then(|b| b.r_component(c.2[0].as_deref()))
                    .and_then(|b| b.q_component(c.2[1].as_deref()))
                    .and_then(|b| b.f_component(c.2[2].as_deref()));
                match b {
                    Ok(b) => {
                        let u = b.build_ref(&mut buf).unwrap();
                        let back = (
                            u.nid().to_string(),
                            u.nss().to_string(),
                            [u.r_component(), u.q_component(), u.f_component()]
                                .map(|x| x.map(String::from)),
                        );
                        (Ok(u.as_str().to_string()), Some(back))
                    }
                    Err(e) => (Err(e), None),
                }
            } else {
                let b = d03::Builder::new(&c.0, &c.1)
                    .and_then(|b| b.query(c.2[0].as_deref()))
                    .and_then(|b| b.fragment(c.2[1].as_deref()));
                match b {
                    Ok(b) => {
                        let u = b.build_ref(&mut buf).unwrap();
                        let back = (
                            u.nid().to_string(),
                            u.nss().to_string(),
                            [u.query(), u.fragment(), None].map(|x| x.map(String::from)),
                        );
                        (Ok(u.as_str().to_string()), Some(back))
                    }
                    Err(e) => (Err(e), None),
                }
            };
            match text {
                Ok(text) => {
                    built += 1;
                    assert!(
                        want_ok.iter().all(|&x| x),
                        "{file}: built from refused components {c:?}"
                    );
                    assert!(rule_matches(&rules, whole, &text), "{file}: {text:?}");
                    assert_eq!(back.as_ref(), Some(&c), "{file}: {text:?}");
                }
                Err(e) => {
                    refused += 1;
                    // The first component the builder checks that the
                    // recognizer refuses is the one named.
                    let order = [Component::Nid, Component::Nss];
                    let first_bad = want_ok
                        .iter()
                        .position(|&x| !x)
                        .expect("refused a valid URN");
                    if first_bad < 2 {
                        assert_eq!(e.component(), Some(order[first_bad]), "{file}: {c:?}: {e}");
                    } else {
                        assert!(
                            !matches!(e.component(), Some(Component::Nid | Component::Nss)),
                            "{e}"
                        );
                    }
                }
            }
        }
        eprintln!("{file}: {built} built, {refused} refused");
        assert!(
            built >= rounds / 5 && refused >= rounds / 10,
            "{file}: {built} built, {refused} refused"
        );
    }
}

#[cfg(feature = "alloc")]
#[test]
fn owned_urns_set_and_reparse() {
    let mut u: uridfa::rfc8141::UrnBuf = "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk"
        .parse()
        .unwrap();
    u.set_q_component(Some("op=map")).unwrap();
    u.set_f_component(Some("somepart")).unwrap();
    assert_eq!(
        u.as_str(),
        "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=op=map#somepart"
    );
    let before = u.clone();
    assert!(u.set_nid("ab-").is_err());
    assert!(u.set_r_component(Some("x?=y")).is_err());
    assert!(u.set_q_component(Some("")).is_err());
    assert_eq!(u, before);
    u.set_r_component(None).unwrap();
    assert_eq!(u.as_view().r_component(), None);
    assert_eq!(u.as_view().q_component(), Some("op=map"));
    assert_eq!(
        u.to_string(),
        "urn:example:foo-bar-baz-qux?=op=map#somepart"
    );
    let mut d: uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnBuf = "urn:foo:x".parse().unwrap();
    d.set_query(Some("s=I2U")).unwrap();
    assert!(d.set_query(Some("novalue")).is_err());
    assert!(d.set_nid("urn").is_err());
    d.set_fragment(Some("")).unwrap();
    assert_eq!(d.as_str(), "urn:foo:x?s=I2U#");
    assert_eq!(d.as_view().directives().count(), 1);
}
