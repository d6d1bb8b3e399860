//! Spec vectors for draft-ietf-urnbis-rfc2141bis-urn-03 ("URN Syntax",
//! October 2012): every example string of §5.1 and §2.3 (with §9.2's
//! registered keywords and service names), and invalid inputs derived from
//! the prose of §2, each citing its section.
//!
//! Expected components come from the draft's text (§5.1 names the NID and
//! NSS of its examples implicitly through §5's steps; §2.3 gives the query
//! parts) or are derived by hand from the ABNF; none is taken from uridfa's
//! own output. The §5.1 equivalence relations are checked against
//! `UrnRef::lexically_equivalent` in `section_5_1_lexical_equivalence`.

use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::{AssignedUrn, Step5, UrnRef};

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

/// `input` is a `urn-reference` with these components.
#[track_caller]
fn parts(input: &str, nid: &str, nss: &str, query: Option<&str>, fragment: Option<&str>) {
    let u = ok(input);
    assert_eq!(u.nid(), nid, "NID of {input:?}");
    assert_eq!(u.nss(), nss, "NSS of {input:?}");
    assert_eq!(u.query(), query, "query of {input:?}");
    assert_eq!(u.fragment(), fragment, "fragment of {input:?}");
}

/// `input` is not a `urn-reference` (nor an `assigned-urn`); the error is
/// at `offset`. `why` cites the rule.
#[track_caller]
fn bad(input: &[u8], offset: usize, why: &str) {
    match UrnRef::parse_bytes(input) {
        Ok(u) => panic!(
            "{why}: {:?} should be rejected, got {u:?}",
            input.escape_ascii().to_string()
        ),
        Err(e) => assert_eq!(
            e.offset(),
            offset,
            "{why}: error offset for {:?} ({e})",
            input.escape_ascii().to_string()
        ),
    }
    assert!(!UrnRef::is_valid(input), "{why}: is_valid");
    assert!(!AssignedUrn::is_valid(input), "{why}: assigned-urn");
}

// ---------------------------------------------------------------------------
// §5.1 "Examples of Lexical Equivalence": the eight URNs.

#[test]
fn section_5_1_examples_parse_with_their_nid_and_nss() {
    // §5.1 "1- URN:foo:a123,456": the scheme is case-insensitive (§2:
    // "Per RFC 3986, the URN Scheme name (here "urn") is case-insensitive").
    parts("URN:foo:a123,456", "foo", "a123,456", None, None);
    // §5.1 "2- urn:foo:a123,456".
    parts("urn:foo:a123,456", "foo", "a123,456", None, None);
    // §5.1 "3- urn:FOO:a123,456": the NID as written (§2.1: case-insensitive).
    parts("urn:FOO:a123,456", "FOO", "a123,456", None, None);
    // §5.1 "4- urn:foo:A123,456".
    parts("urn:foo:A123,456", "foo", "A123,456", None, None);
    // §5.1 "5- urn:foo:a123%2C456": percent-encoding kept (§5: "MUST NOT be
    // removed").
    parts("urn:foo:a123%2C456", "foo", "a123%2C456", None, None);
    // §5.1 "6- URN:FOO:a123%2c456".
    parts("URN:FOO:a123%2c456", "FOO", "a123%2c456", None, None);
    // §5.1 "7- urn:foo:a123,456?x=y": a <query> part (§5 step 5a removes it).
    parts("urn:foo:a123,456?x=y", "foo", "a123,456", Some("x=y"), None);
    let d: Vec<_> = ok("urn:foo:a123,456?x=y")
        .directives()
        .map(|d| (d.keyword(), d.value()))
        .collect();
    assert_eq!(d, [("x", "y")], "§5.1 example 7: one directive x=y (§2.3)");
    // §5.1 "8- urn:foo:a123,456#xyz": a <fragment> part (§5 step 4).
    parts("urn:foo:a123,456#xyz", "foo", "a123,456", None, Some("xyz"));
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

#[test]
fn section_5_1_lexical_equivalence() {
    // §5.1's eight URNs, numbered as in the draft.
    let urns = [
        "URN:foo:a123,456",
        "urn:foo:a123,456",
        "urn:FOO:a123,456",
        "urn:foo:A123,456",
        "urn:foo:a123%2C456",
        "URN:FOO:a123%2c456",
        "urn:foo:a123,456?x=y",
        "urn:foo:a123,456#xyz",
    ];
    // The classes §5.1 states. "URNs 1, 2, 3 and 8 are all lexically
    // equivalent, and URN 7 is also lexically equivalent to these if step
    // 5a is applied, but this does not hold if step 5b above is applied
    // instead." "URN 4 is not lexically equivalent to any of the other URNs
    // of the above set. URNs 5 and 6 are only lexically equivalent to each
    // other."
    let class_5a = |n: usize| match n {
        1 | 2 | 3 | 7 | 8 => 0,
        4 => 1,
        _ => 2, // 5, 6
    };
    let class_5b = |n: usize| match n {
        1 | 2 | 3 | 8 => 0,
        4 => 1,
        5 | 6 => 2,
        _ => 3, // 7
    };
    for (i, a) in urns.iter().enumerate() {
        for (j, b) in urns.iter().enumerate() {
            let (ua, ub) = (ok(a), ok(b));
            let (n, m) = (i + 1, j + 1);
            assert_eq!(
                ua.lexically_equivalent(&ub, Step5::RemoveQuery),
                class_5a(n) == class_5a(m),
                "§5.1 step 5a: URN {n} {a:?} vs URN {m} {b:?}"
            );
            assert_eq!(
                ua.lexically_equivalent(&ub, Step5::ReorderDirectives),
                class_5b(n) == class_5b(m),
                "§5.1 step 5b: URN {n} {a:?} vs URN {m} {b:?}"
            );
        }
    }
}

#[test]
fn section_5_step_5b_reorders_directives() {
    let eq = |a: &str, b: &str| ok(a).lexically_equivalent(&ok(b), Step5::ReorderDirectives);
    // §5 5b: "Reorder the directives in the <query> part of the URI, if
    // present, bringing them into a preferred <keywd> order" (§2.3: "an
    // unordered sequence of "directives"").
    assert!(eq("urn:isbn:x?s=I2L&c=ToC", "urn:isbn:x?c=ToC&s=I2L"));
    // §5 step 3 "Normalize the case of any percent-encoding", in the query
    // too.
    assert!(eq("urn:foo:x?k=%2c", "urn:foo:x?k=%2C"));
    // Percent-encoding is not removed (§5: "MUST NOT be removed").
    assert!(!eq("urn:foo:x?k=%2C", "urn:foo:x?k=,"));
    assert!(!eq("urn:foo:%41", "urn:foo:A"));
    // §2.3: "these directives are regarded as case-sensitive".
    assert!(!eq("urn:isbn:x?s=I2L", "urn:isbn:x?S=I2L"));
    assert!(!eq("urn:isbn:x?s=I2L", "urn:isbn:x?s=i2l"));
    // The same directives with other multiplicities are different queries.
    assert!(!eq("urn:foo:x?a=1&a=1&b=2", "urn:foo:x?a=1&b=2&b=2"));
    assert!(!eq("urn:foo:x?a=1", "urn:foo:x?a=1&a=1"));
    // Step 4 removes the fragment in either case.
    assert!(eq("urn:foo:x?a=1&b=2#f", "urn:foo:x?b=2&a=1#g"));
    // Case outside a percent-encoding still counts in the NSS.
    assert!(!eq("urn:foo:a%2Cb", "urn:foo:A%2cb"));
}

/// Every line of §5.1 in the draft text that looks like "N- urn:...": checks
/// that the eight vectors above are all of them, reading the spec from
/// `../shared/specs` (skipped when absent).
#[test]
fn section_5_1_vectors_are_all_the_examples_in_the_text() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/specs/draft-ietf-urnbis-rfc2141bis-urn-03.txt"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} is absent");
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
    assert_eq!(
        found,
        [
            "URN:foo:a123,456",
            "urn:foo:a123,456",
            "urn:FOO:a123,456",
            "urn:foo:A123,456",
            "urn:foo:a123%2C456",
            "URN:FOO:a123%2c456",
            "urn:foo:a123,456?x=y",
            "urn:foo:a123,456#xyz",
        ]
    );
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
    // A query and a fragment together: "#" ends the query (v-pchar has no
    // "#").
    parts("urn:foo:x?k=v#f?/", "foo", "x", Some("k=v"), Some("f?/"));
    // No query: no directives.
    assert_eq!(ok("urn:foo:x#k=v").directives().count(), 0);
}

#[test]
fn section_2_3_query_must_be_directives() {
    // §2.3: "<query> parts of URN references MUST adhere to the following
    // restricted syntax": urn-query = directive *( "&" directive).
    // Empty query: a directive needs a keywd, which starts with ALPHA.
    bad(b"urn:foo:a?", 10, "§2.3 empty urn-query");
    bad(
        b"urn:foo:a?#f",
        10,
        "§2.3 empty urn-query before a fragment",
    );
    // keywd starts with ALPHA.
    bad(b"urn:foo:a?=b", 10, "§2.3 keywd missing");
    bad(b"urn:foo:a?1s=b", 10, "§2.3 keywd starts with ALPHA");
    // keywd "=" value: the "=" is required.
    bad(b"urn:foo:a?s", 11, "§2.3 directive without \"=\"");
    bad(b"urn:foo:a?s&c=d", 11, "§2.3 directive without \"=\"");
    // keywd has no trailing or doubled "-".
    bad(b"urn:foo:a?s-=1", 12, "§2.3 keywd ends in ALPHA / DIGIT");
    bad(
        b"urn:foo:a?s--b=1",
        12,
        "§2.3 keywd: [\"-\"] is at most one",
    );
    // "&" separates single directives: no empty ones.
    bad(b"urn:foo:a?s=1&&c=2", 14, "§2.3 empty directive");
    bad(b"urn:foo:a?s=1&", 14, "§2.3 trailing \"&\"");
    // "#" is not a v-pchar, nor a fragment character.
    bad(b"urn:foo:a?s=1#x#y", 15, "RFC 3986 fragment has no \"#\"");
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

#[test]
fn section_2_1_nid_reserved_urn() {
    // §2.1: "the NID "urn" is permanently reserved by this RFC and MUST NOT
    // be used or registered"; NIDs are case-insensitive (§2.1), so no case
    // of it is allowed. The error comes at the ":" after it (offset 7): up
    // to there, "urn" could still begin a longer NID.
    for nid in ["urn", "URN", "Urn", "uRn", "urN", "URn"] {
        bad(
            format!("urn:{nid}:x").as_bytes(),
            7,
            "§2.1 NID \"urn\" reserved",
        );
    }
    // Its neighbours are fine.
    for nid in ["ur", "urm", "urnx", "xurn", "ur-n", "urn1", "u-n", "rn"] {
        parts(&format!("urn:{nid}:x"), nid, "x", None, None);
    }
}

#[test]
fn section_2_1_nid_length_and_hyphens() {
    // §2.1: NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT):
    // 2 to 32 characters.
    let n32 = "a".repeat(31) + "1";
    parts(&format!("urn:{n32}:x"), &n32, "x", None, None);
    // 33 characters: the 33rd byte (offset 4 + 32) cannot continue.
    bad(
        format!("urn:{n32}b:x").as_bytes(),
        36,
        "§2.1 NID longer than 32",
    );
    // One character: ":" at 5 where a second NID character is needed.
    bad(b"urn:a:x", 5, "§2.1 NID shorter than 2");
    // Empty NID.
    bad(b"urn::x", 4, "§2.1 empty NID");
    // Trailing "-": §2.1 (normative) forbids it; Appendix B's informative
    // "NID = ( ALPHA / DIGIT ) 1*31( ALPHA / DIGIT / "-" )" would allow it.
    bad(b"urn:ab-:x", 7, "§2.1 NID ends in ALPHA / DIGIT");
    bad(b"urn:a-:x", 6, "§2.1 NID ends in ALPHA / DIGIT");
    // Leading "-".
    bad(b"urn:-ab:x", 4, "§2.1 NID starts with ALPHA / DIGIT");
    // Inner hyphens, digits first.
    parts("urn:a--b:x", "a--b", "x", None, None);
    parts("urn:9-9:x", "9-9", "x", None, None);
    // Non-LDH characters.
    bad(b"urn:a.b:x", 5, "§2.1 NID is LDH");
    bad(b"urn:a_b:x", 5, "§2.1 NID is LDH");
}

// ---------------------------------------------------------------------------
// §2.2 NSS, §2.5 special characters.

#[test]
fn section_2_5_3_nul_is_excluded_even_percent_encoded() {
    // §2.5.3: "The NUL octet (0 hex) ... MUST NOT be used in URNs, in either
    // unencoded or percent-encoded form." The error is at the second "0",
    // the first byte that cannot continue a pct-encoded other than %00.
    bad(b"urn:foo:%00", 10, "§2.5.3 %00 in the NSS");
    bad(b"urn:foo:a%00b", 11, "§2.5.3 %00 in the NSS");
    bad(b"urn:foo:a?s=%00", 14, "§2.5.3 %00 in a query value");
    bad(b"urn:foo:a#%00", 12, "§2.5.3 %00 in the fragment");
    bad(b"urn:foo:a\0", 9, "§2.5.3 unencoded NUL");
    // Other octets with a zero nibble are fine.
    for ok_pct in ["%01", "%0A", "%0a", "%10", "%F0", "%20", "%FF"] {
        parts(&format!("urn:foo:{ok_pct}"), "foo", ok_pct, None, None);
        ok(&format!("urn:foo:x?k={ok_pct}#{ok_pct}"));
    }
}

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
    // "/" (§2.5.1: "the <path> in URNs only admits a single <segment> and
    // hence "/" is not allowed"), "[" and "]" (§2.5.1) in a reference too.
    bad(b"urn:foo:a/b", 9, "§2.5.1 \"/\" in the NSS");
    bad(b"urn:foo:a[b", 9, "§2.5.1 \"[\" in the NSS");
    // "%" must begin a pct-encoded (§2.5.2).
    bad(b"urn:foo:a%", 10, "§2.5.2 lone \"%\"");
    bad(b"urn:foo:a%4", 11, "§2.5.2 \"%\" with one HEXDIG");
    bad(b"urn:foo:a%G1", 10, "§2.5.2 \"%\" without HEXDIG");
}

#[test]
fn section_2_2_nss_is_1_star_pchar() {
    // §2.2: NSS = 1*pchar; Appendix C: "&" and "~" are now allowed.
    parts("urn:foo:a&b~c", "foo", "a&b~c", None, None);
    parts(
        "urn:foo::@!$&'()*+,;=-._~%2F",
        "foo",
        ":@!$&'()*+,;=-._~%2F",
        None,
        None,
    );
    // §2.5.1: further ":" are NSS characters.
    parts("urn:ietf:rfc:2141", "ietf", "rfc:2141", None, None);
    // Empty NSS.
    bad(b"urn:foo:", 8, "§2.2 NSS = 1*pchar");
    bad(b"urn:foo:?s=1", 8, "§2.2 NSS = 1*pchar");
    // Missing NSS separator.
    bad(b"urn:foo", 7, "§2 urn-path = NID \":\" NSS");
}

#[test]
fn section_2_scheme_is_urn() {
    // §2: scheme = "urn", case-insensitive.
    parts("uRn:foo:x", "foo", "x", None, None);
    bad(b"urx:foo:x", 2, "§2 scheme = \"urn\"");
    bad(b"url:foo:x", 2, "§2 scheme = \"urn\"");
    bad(b"urn", 3, "§2 scheme \":\"");
    bad(b"", 0, "§2 empty input");
    bad(b" urn:foo:x", 0, "§2 leading space");
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
        assert!(
            uri.scheme().is_some_and(|x| x.eq_ignore_ascii_case("urn")),
            "{s:?}"
        );
        assert_eq!(uri.authority(), None, "{s:?}");
        assert_eq!(uri.path(), format!("{}:{}", u.nid(), u.nss()), "{s:?}");
        assert_eq!(uri.query(), u.query(), "{s:?}");
        assert_eq!(uri.fragment(), u.fragment(), "{s:?}");
    }
    assert!(accepted > 5_000, "{accepted}");
}
