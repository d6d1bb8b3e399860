//! Spec vectors for draft-ietf-urnbis-rfc2141bis-urn-03 ("URN Syntax",
//! October 2012): every example string of §5.1 and §2.3 (with §9.2's
//! registered keywords and service names), and invalid inputs derived from
//! the prose of §2, each citing its section.
//!
//! The plain vectors (an input, its rule, the components or the error
//! offset the document gives) are rows of `tests/data/parse.jsonl`, run
//! by `tests/parse_spec.rs`; what stays here checks more than one row can
//! say (error components and messages, typed accessors, several rules or
//! views at once, tables walked by a loop, generated inputs).
//!
//! Expected components come from the draft's text (§5.1 names the NID and
//! NSS of its examples implicitly through §5's steps; §2.3 gives the query
//! parts) or are derived by hand from the ABNF; none is taken from uridfa's
//! own output. The §5.1 equivalence relations are checked against
//! `UrnRef::lexically_equivalent` in `section_5_1_lexical_equivalence`.

use crate::common::skip;
use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::{AssignedUrn, UrnRef};

/// Parses `input` as `urn-reference`, panicking with uridfa's message.
#[track_caller]
fn ok(input: &str) -> UrnRef<'_> {
    match UrnRef::parse(input) {
        Ok(u) => {
            assert!(UrnRef::is_valid(input.as_bytes()), "is_valid {input:?}");
            u
        }
        Err(e) => panic!("{input:?} should be a urn-reference: {e}"),
    }
}

// ---------------------------------------------------------------------------
// §5.1 "Examples of Lexical Equivalence": the eight URNs.

#[test]
fn section_5_1_examples_parse_with_their_nid_and_nss() {
    let d: Vec<_> = ok("urn:foo:a123,456?x=y")
        .directives()
        .map(|d| (d.keyword(), d.value()))
        .collect();
    assert_eq!(d, [("x", "y")], "§5.1 example 7: one directive x=y (§2.3)");
    // §5 steps 4 and 5a keep the assigned URN: 7 and 8 reduce to 2.
    assert_eq!(
        ok("urn:foo:a123,456?x=y").assigned_urn(),
        "urn:foo:a123,456"
    );
    assert_eq!(
        ok("urn:foo:a123,456#xyz").assigned_urn(),
        "urn:foo:a123,456"
    );
}

#[test]
fn section_5_1_assigned_urns_are_1_to_6_only() {
    // §2.3 and §2.4: neither a <query> nor a <fragment> part may be present
    // in an *assigned* URN: examples 1-6 are assigned URNs, 7 and 8 are
    // URI references to one.
    for s in [
        "URN:foo:a123,456",
        "urn:foo:a123,456",
        "urn:FOO:a123,456",
        "urn:foo:A123,456",
        "urn:foo:a123%2C456",
        "URN:FOO:a123%2c456",
    ] {
        let a = AssignedUrn::parse(s).unwrap_or_else(|e| panic!("§5.1 {s:?}: {e}"));
        assert_eq!(a.as_str(), s);
    }
    // "?" at 16 and "#" at 16 cannot continue `1*pchar`, and `assigned-urn`
    // ends with the NSS.
    for s in ["urn:foo:a123,456?x=y", "urn:foo:a123,456#xyz"] {
        let e = AssignedUrn::parse(s).unwrap_err();
        assert_eq!(e.offset(), 16, "§2.3/§2.4: {s:?}");
    }
}

/// Every line of §5.1 in the draft text that looks like "N- urn:...": checks
/// that the eight §5.1 rows of `tests/data/urn_equivalence.jsonl` are all
/// of them, in order, reading the spec from `../shared/specs` (a visible
/// skip when absent).
#[test]
fn section_5_1_vectors_are_all_the_examples_in_the_text() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/specs/draft-ietf-urnbis-rfc2141bis-urn-03.txt"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        skip::note(format_args!("SKIPPED: {path} is absent"));
        return;
    };
    let start = text
        .find("5.1.  Examples of Lexical Equivalence\n\n")
        .expect("§5.1 heading (the body's, not the table of contents')");
    let end = start + text[start..].find("6.  Functional Equivalence").unwrap();
    let found: Vec<&str> = text[start..end]
        .lines()
        .filter_map(|l| {
            let (n, rest) = l.trim().split_once("- ")?;
            n.parse::<u32>().ok()?;
            Some(rest)
        })
        .collect();
    let rows: Vec<String> = include_str!("data/urn_equivalence.jsonl")
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["section"] == "§5.1" && v["n"].is_u64())
        .map(|v| v["input"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(found, rows);
    for s in found {
        ok(s);
    }
}

// ---------------------------------------------------------------------------
// §2.3 query part: the examples and the registered keywords.

#[test]
fn section_2_3_1_service_selection_example() {
    // §2.3.1 "Example directive (URI to URL service, RFC 2483, Sec. 4.1):
    // s=I2U". The draft gives no URN around it; the NSS is ours.
    let u = ok("urn:isbn:0-395-36341-1?s=I2U");
    assert_eq!(u.query(), Some("s=I2U"));
    let d: Vec<_> = u.directives().map(|d| (d.keyword(), d.value())).collect();
    assert_eq!(d, [("s", "I2U")]);
}

#[test]
fn section_2_3_2_component_example() {
    // §2.3.2: "a URI reference to the URN:ISBN of such book might indicate
    // the intent to resolve the URN to an URL for that ToC by including the
    // <query> part "s=I2L&c=ToC"". The NSS is ours.
    let u = ok("URN:ISBN:0-395-36341-1?s=I2L&c=ToC");
    assert_eq!(u.nid(), "ISBN");
    assert_eq!(u.nss(), "0-395-36341-1");
    assert_eq!(u.query(), Some("s=I2L&c=ToC"));
    let d: Vec<_> = u.directives().map(|d| (d.keyword(), d.value())).collect();
    assert_eq!(d, [("s", "I2L"), ("c", "ToC")]);
    assert_eq!(u.fragment(), None);
}

#[test]
fn section_9_2_2_service_names_are_values_of_s() {
    // §9.2.2's initial "s" values; "I=I" shows that a <value> may hold "="
    // (v-subdels has "="), so a directive splits at its first "=".
    for name in [
        "I2L", "I2Ls", "I2R", "I2Rs", "I2C", "I2Cs", "I2N", "I2Ns", "I=I",
    ] {
        let input = format!("urn:foo:bar?s={name}&c=ToC");
        let u = ok(&input);
        let d: Vec<_> = u.directives().map(|d| (d.keyword(), d.value())).collect();
        assert_eq!(d, [("s", name), ("c", "ToC")], "§9.2.2 {name}");
    }
}

#[test]
fn section_2_3_directive_syntax() {
    // keywd = ALPHA *( ["-"] (ALPHA / DIGIT)); value = *v-pchar.
    let u = ok("urn:foo:x?a-b-1=&Z9=%41/?:@!$'()*+,;=");
    let d: Vec<_> = u.directives().map(|d| (d.keyword(), d.value())).collect();
    assert_eq!(d, [("a-b-1", ""), ("Z9", "%41/?:@!$'()*+,;=")]);
    // No query: no directives.
    assert_eq!(ok("urn:foo:x#k=v").directives().count(), 0);
}

// ---------------------------------------------------------------------------
// §2.1 NID.

/// §2.1 (normative) plus its prose, checked directly: 2 to 32 characters,
/// ALPHA / DIGIT at both ends, ALPHA / DIGIT / "-" inside, and not "urn" in
/// any case.
fn nid_ok(nid: &[u8]) -> bool {
    let alnum = |b: &u8| b.is_ascii_alphanumeric();
    (2..=32).contains(&nid.len())
        && nid.first().is_some_and(alnum)
        && nid.last().is_some_and(alnum)
        && nid.iter().all(|b| alnum(b) || *b == b'-')
        && !nid.eq_ignore_ascii_case(b"urn")
}

#[test]
fn section_2_1_nid_exhaustive_on_short_strings() {
    // Every string of length 0..=5 over the letters of "urn" in both cases,
    // another letter, a digit, "-" and ":" (10^5 + ... inputs): the NID
    // rule (with the §2.1 "urn" exclusion folded into the grammar) must
    // agree with the direct check, through `validate` and `parse`.
    let alphabet = b"uUrRnNa0-:";
    let mut checked = 0usize;
    let mut accepted = 0usize;
    for len in 0..=5u32 {
        let count = alphabet.len().pow(len);
        for mut n in 0..count {
            let mut nid = Vec::with_capacity(len as usize);
            for _ in 0..len {
                nid.push(alphabet[n % alphabet.len()]);
                n /= alphabet.len();
            }
            let mut input = b"urn:".to_vec();
            input.extend_from_slice(&nid);
            input.extend_from_slice(b":x");
            // A ":" inside `nid` makes the input `urn:<a>:<b>:x`, valid iff
            // <a> is a NID (the rest is NSS, which may hold ":").
            let head = nid.split(|&b| b == b':').next().unwrap_or(&[]);
            let want = nid_ok(head);
            let valid = UrnRef::is_valid(&input);
            assert_eq!(
                valid,
                want,
                "§2.1 NID {:?}",
                input.escape_ascii().to_string()
            );
            assert_eq!(AssignedUrn::is_valid(&input), want);
            if let Ok(u) = UrnRef::parse_bytes(&input) {
                assert_eq!(u.nid().as_bytes(), head);
                accepted += 1;
            }
            checked += 1;
        }
    }
    assert_eq!(checked, (0..=5).map(|l| 10usize.pow(l)).sum::<usize>());
    assert!(accepted > 1000, "{accepted}");
}

// ---------------------------------------------------------------------------
// §2.2 NSS, §2.5 special characters.

#[test]
fn section_2_5_3_excluded_characters() {
    // §2.5.3: "Any octets/characters on this list are explicitly NOT part
    // of the URN <NSS> character repertoire": CTL / SP / DQUOTE / "#" /
    // "%" / "/" / "<" / ">" / "?" / "[" / "\" / "]" / "^" / "`" / "{" /
    // "|" / "}" / %x7F / %x80-FF. In the NSS of an assigned URN each is an
    // error where it stands.
    let mut excluded: Vec<u8> = (0x00..=0x1F).collect();
    excluded.extend_from_slice(b" \"#%/<>?[\\]^`{|}\x7F");
    excluded.extend(0x80..=0xFF);
    for b in excluded {
        // "g" is not a HEXDIG, so a "%" fails on it (offset 10); every
        // other excluded octet fails where it stands (offset 9).
        let input = [b"urn:foo:a".as_slice(), &[b], b"g"].concat();
        let e = AssignedUrn::parse_bytes(&input).unwrap_err();
        let at = if b == b'%' { 10 } else { 9 };
        assert_eq!(e.offset(), at, "§2.5.3 {b:#04x} in the NSS");
    }
}

// ---------------------------------------------------------------------------
// Robustness: any bytes give a value or an error, never a panic.

#[test]
fn views_take_any_bytes() {
    use uridfa_codegen::sample::{mutate, Rng};
    let mut rng = Rng::new(3);
    let seeds: [&[u8]; 4] = [
        b"urn:isbn:0-395-36341-1?s=I2L&c=ToC#p",
        b"URN:FOO:a123%2c456",
        b"urn:foo:a?s=I=I&c=&k-1=v#f?/",
        b"",
    ];
    let mut accepted = 0;
    for i in 0..50_000u32 {
        let mut input = seeds[i as usize % seeds.len()].to_vec();
        for _ in 0..=rng.below(4) {
            input = mutate(&input, &mut rng);
        }
        if let Ok(u) = UrnRef::parse_bytes(&input) {
            accepted += 1;
            // Every directive is `keywd "=" value`: the query is exactly
            // the directives joined back.
            let joined: Vec<String> = u
                .directives()
                .map(|d| format!("{}={}", d.keyword(), d.value()))
                .collect();
            assert_eq!(u.query().map(|_| joined.join("&")).as_deref(), u.query());
            assert!(u.directives().all(|d| !d.keyword().is_empty()));
            let _ = (u.nid(), u.nss(), u.fragment(), u.assigned_urn());
        }
        if let Ok(a) = AssignedUrn::parse_bytes(&input) {
            let _ = (a.nid(), a.nss());
        }
    }
    assert!(accepted > 1000, "{accepted}");
}

// ---------------------------------------------------------------------------
// §2: "a general URI parser based on RFC 3986 MUST be able to parse any
// legal URN".

/// Every `urn-reference` (generated from the grammar, then mutated) is an
/// RFC 3986 `URI` (uridfa's `rfc3986.abnf`, an independent transcription),
/// with path `NID ":" NSS` (§2: `urn-path` superimposed on
/// `path-rootless`), the same query (§2.3: `urn-query` superimposed on
/// `query`) and the same fragment (§2.4), and no authority.
#[test]
fn section_2_every_urn_reference_is_an_rfc3986_uri() {
    use uridfa::rfc3986::Uri;
    use uridfa_codegen::driver::{compile_file, Options};
    use uridfa_codegen::sample::{generate, mutate, Rng};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("grammar/draft-ietf-urnbis-rfc2141bis-urn-03.abnf");
    let compiled = compile_file(&path, Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let hir = &compiled.machine("urn-reference").unwrap().lowered.hir;
    let mut rng = Rng::new(2141);
    let (mut base, mut accepted) = (Vec::new(), 0usize);
    for i in 0..20_000 {
        let input = if i % 2 == 0 {
            base.clear();
            generate(hir, &mut rng, &mut base);
            base.clone()
        } else {
            mutate(&base, &mut rng)
        };
        let Ok(u) = UrnRef::parse_bytes(&input) else {
            continue;
        };
        accepted += 1;
        let s = u.as_str();
        let uri = Uri::parse(s).unwrap_or_else(|e| panic!("§2: {s:?} is no RFC 3986 URI: {e}"));
        assert!(uri.scheme().eq_ignore_ascii_case("urn"), "{s:?}");
        assert_eq!(uri.authority(), None, "{s:?}");
        assert_eq!(uri.path(), format!("{}:{}", u.nid(), u.nss()), "{s:?}");
        assert_eq!(uri.query(), u.query(), "{s:?}");
        assert_eq!(uri.fragment(), u.fragment(), "{s:?}");
    }
    assert!(accepted > 5_000, "{accepted}");
}
