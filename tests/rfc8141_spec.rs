//! Spec vectors for RFC 8141, "Uniform Resource Names (URNs)" (April 2017).
//!
//! RFC 8141's text is not in `../shared/specs` (only its draft 03 is). The
//! example strings below were typed in from the published RFC's sections
//! as cited; the `urn` crate's documentation and tests quote the same §2.3
//! examples (`urn:example:foo-bar-baz-qux?+CCResolve:cc=uk`,
//! `urn:example:weather?=op=map&...`, `urn:example:a123,z456#789`), which
//! cross-checks them. Components are derived by hand from the §2 ABNF.
//! Invalid inputs cite the ABNF rule that excludes them.

use uridfa::rfc8141::{AssignedName, Urn};

#[track_caller]
fn ok(input: &str) -> Urn<'_> {
    match Urn::parse(input) {
        Ok(u) => {
            assert!(Urn::is_valid(input.as_bytes()), "is_valid {input:?}");
            u
        }
        Err(e) => panic!("{input:?} should be a namestring: {e}"),
    }
}

/// `input` is a `namestring` with these components.
#[track_caller]
fn parts(input: &str, nid: &str, nss: &str, r: Option<&str>, q: Option<&str>, f: Option<&str>) {
    let u = ok(input);
    assert_eq!(u.nid(), nid, "NID of {input:?}");
    assert_eq!(u.nss(), nss, "NSS of {input:?}");
    assert_eq!(u.r_component(), r, "r-component of {input:?}");
    assert_eq!(u.q_component(), q, "q-component of {input:?}");
    assert_eq!(u.f_component(), f, "f-component of {input:?}");
    let a = &input[..4 + nid.len() + 1 + nss.len()];
    assert_eq!(u.assigned_name(), a);
    assert_eq!(
        AssignedName::is_valid(input.as_bytes()),
        r.is_none() && q.is_none() && f.is_none(),
        "assigned-name {input:?}"
    );
}

/// `input` is not a `namestring`; the error is at `offset`.
#[track_caller]
fn bad(input: &[u8], offset: usize, why: &str) {
    let shown = input.escape_ascii().to_string();
    match Urn::parse_bytes(input) {
        Ok(u) => panic!("{why}: {shown:?} should be rejected, got {u:?}"),
        Err(e) => assert_eq!(
            e.offset(),
            offset,
            "{why}: error offset for {shown:?} ({e})"
        ),
    }
    assert!(!Urn::is_valid(input), "{why}: is_valid");
    assert!(!AssignedName::is_valid(input), "{why}: assigned-name");
}

#[test]
fn section_2_3_1_r_component_example() {
    // §2.3.1: "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk".
    parts(
        "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
        "example",
        "foo-bar-baz-qux",
        Some("CCResolve:cc=uk"),
        None,
        None,
    );
}

#[test]
fn section_2_3_2_q_component_example() {
    // §2.3.2: "urn:example:weather?=op=map&lat=39.56&lon=-104.85&
    // datetime=1969-07-21T02:56:15Z".
    parts(
        "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
        "example",
        "weather",
        None,
        Some("op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"),
        None,
    );
}

#[test]
fn section_2_3_3_f_component_example() {
    // §2.3.3: "urn:example:foo-bar-baz-qux#somepart".
    parts(
        "urn:example:foo-bar-baz-qux#somepart",
        "example",
        "foo-bar-baz-qux",
        None,
        None,
        Some("somepart"),
    );
}

#[test]
fn section_3_2_equivalence_examples_parse() {
    // §3.2 "Examples of URN-Equivalence": only that each parses, with its
    // NID, NSS and components (equivalence: `section_3_2_equivalence`).
    type Row = (
        &'static str,
        &'static str,
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
    );
    let n = None;
    let rows: [(&str, Row); 14] = [
        ("urn:example:a123,z456", ("example", "a123,z456", n, n, n)),
        ("URN:example:a123,z456", ("example", "a123,z456", n, n, n)),
        ("urn:EXAMPLE:a123,z456", ("EXAMPLE", "a123,z456", n, n, n)),
        (
            "urn:example:a123,z456?+abc",
            ("example", "a123,z456", Some("abc"), n, n),
        ),
        (
            "urn:example:a123,z456?=xyz",
            ("example", "a123,z456", n, Some("xyz"), n),
        ),
        (
            "urn:example:a123,z456#789",
            ("example", "a123,z456", n, n, Some("789")),
        ),
        (
            "urn:example:a123,z456/foo",
            ("example", "a123,z456/foo", n, n, n),
        ),
        (
            "urn:example:a123,z456/bar",
            ("example", "a123,z456/bar", n, n, n),
        ),
        (
            "urn:example:a123,z456/baz",
            ("example", "a123,z456/baz", n, n, n),
        ),
        (
            "urn:example:a123%2Cz456",
            ("example", "a123%2Cz456", n, n, n),
        ),
        (
            "urn:example:a123%2cz456",
            ("example", "a123%2cz456", n, n, n),
        ),
        ("urn:example:A123,z456", ("example", "A123,z456", n, n, n)),
        ("urn:example:a123,Z456", ("example", "a123,Z456", n, n, n)),
        (
            "urn:example:%D0%B0123,z456",
            ("example", "%D0%B0123,z456", n, n, n),
        ),
    ];
    for (s, (nid, nss, r, q, f)) in rows {
        parts(s, nid, nss, r, q, f);
    }
}

/// §3.2's URN-equivalence statements over its fourteen examples (listed in
/// `section_3_2_equivalence_examples_parse`), as groups: equivalent iff in
/// the same group. 1-3: the scheme and NID are case-insensitive; 4-6: the
/// r-, q- and f-components are not taken into account, so they join 1-3;
/// 7-9: "/" and what follows are part of the NSS, so each stands alone;
/// 10-11: percent-encodings are compared up to case and are not decoded,
/// so they match only each other; 12-13: the NSS is otherwise
/// case-sensitive; 14: "%D0%B0" (Cyrillic) is no "a". The groups are also
/// what the `urn` crate's `==` says (`tests/urn_crate.rs` compares the two
/// on generated pairs).
#[test]
fn section_3_2_equivalence() {
    let rows = [
        ("urn:example:a123,z456", 0),
        ("URN:example:a123,z456", 0),
        ("urn:EXAMPLE:a123,z456", 0),
        ("urn:example:a123,z456?+abc", 0),
        ("urn:example:a123,z456?=xyz", 0),
        ("urn:example:a123,z456#789", 0),
        ("urn:example:a123,z456/foo", 7),
        ("urn:example:a123,z456/bar", 8),
        ("urn:example:a123,z456/baz", 9),
        ("urn:example:a123%2Cz456", 10),
        ("urn:example:a123%2cz456", 10),
        ("urn:example:A123,z456", 12),
        ("urn:example:a123,Z456", 13),
        ("urn:example:%D0%B0123,z456", 14),
    ];
    for (a, ga) in rows {
        for (b, gb) in rows {
            assert_eq!(ok(a).equivalent(&ok(b)), ga == gb, "§3.2: {a:?} vs {b:?}");
        }
    }
}

#[test]
fn section_2_all_components() {
    // namestring = assigned-name [ rq-components ] [ "#" f-component ],
    // rq-components = [ "?+" r-component ] [ "?=" q-component ]: in this
    // order, each optional.
    parts(
        "urn:ex:a/b?+r?=q#f",
        "ex",
        "a/b",
        Some("r"),
        Some("q"),
        Some("f"),
    );
    parts("urn:ex:a?+r#f", "ex", "a", Some("r"), None, Some("f"));
    parts("urn:ex:a?=q#f", "ex", "a", None, Some("q"), Some("f"));
    // f-component = fragment = *( pchar / "/" / "?" ): may be empty.
    parts("urn:ex:a#", "ex", "a", None, None, Some(""));
    parts("urn:ex:a#/?", "ex", "a", None, None, Some("/?"));
    // A q-component may hold "?+" and "?=": after it no r-component can
    // come, so they are its own characters.
    parts("urn:ex:a?=q?+r?=s", "ex", "a", None, Some("q?+r?=s"), None);
}

#[test]
fn section_2_r_component_ends_at_question_equals() {
    // The bare ABNF is ambiguous here: r-component = pchar *( pchar / "/" /
    // "?" ) can swallow "?=y". Our r-component never holds "?=", so "?="
    // starts the q-component (grammar/README.md, rfc8141).
    parts("urn:ex:a?+x?=y", "ex", "a", Some("x"), Some("y"), None);
    parts(
        "urn:ex:a?+x??=y#f",
        "ex",
        "a",
        Some("x?"),
        Some("y"),
        Some("f"),
    );
    // Other "?" are r-component characters, "?+" included.
    parts(
        "urn:ex:a?+x?+y?/z?",
        "ex",
        "a",
        Some("x?+y?/z?"),
        None,
        None,
    );
    parts("urn:ex:a?+x?#f", "ex", "a", Some("x?"), None, Some("f"));
    // The strings this choice rejects: "?=" inside an r-component that is
    // not followed by a valid q-component. q-component = pchar *(...).
    bad(
        b"urn:ex:a?+x?=",
        13,
        "q-component = pchar ...: empty after \"?=\"",
    );
    bad(
        b"urn:ex:a?+x?=#f",
        13,
        "q-component = pchar ...: empty after \"?=\"",
    );
    bad(
        b"urn:ex:a?+x?=/y",
        13,
        "q-component starts with pchar, not \"/\"",
    );
    bad(
        b"urn:ex:a?+x?=?y",
        13,
        "q-component starts with pchar, not \"?\"",
    );
}

#[test]
fn section_2_nid() {
    // NID = (alphanum) 0*30(ldh) (alphanum): 2 to 32, no hyphen at either end.
    let n32 = "a".repeat(31) + "1";
    parts(&format!("urn:{n32}:x"), &n32, "x", None, None, None);
    bad(format!("urn:{n32}b:x").as_bytes(), 36, "NID longer than 32");
    bad(b"urn:a:x", 5, "NID shorter than 2");
    bad(b"urn::x", 4, "empty NID");
    bad(b"urn:ab-:x", 7, "NID ends in alphanum");
    bad(b"urn:-ab:x", 4, "NID starts with alphanum");
    bad(b"urn:a.b:x", 5, "NID is alphanum / \"-\"");
    // The §2 ABNF does not exclude NID "urn" (unlike draft 03 §2.1); see
    // grammar/README.md for §5's registration rules, which we do not apply.
    parts("urn:urn:x", "urn", "x", None, None, None);
    parts("urn:urn-7:x", "urn-7", "x", None, None, None);
}

#[test]
fn section_2_nss() {
    // NSS = pchar *(pchar / "/"): "/" allowed but not first.
    parts("urn:ex:a/b//c/", "ex", "a/b//c/", None, None, None);
    bad(b"urn:ex:/a", 7, "NSS starts with pchar");
    bad(b"urn:ex:", 7, "NSS is not empty");
    bad(b"urn:ex:?+r", 7, "NSS is not empty");
    // "?" must start "?+" or "?=".
    bad(b"urn:ex:a?b", 9, "\"?\" after the NSS starts rq-components");
    bad(b"urn:ex:a?", 9, "\"?\" after the NSS starts rq-components");
    // Empty r- or q-component: each is pchar *(...).
    bad(b"urn:ex:a?+", 10, "r-component = pchar ...");
    bad(b"urn:ex:a?+#f", 10, "r-component = pchar ...");
    bad(b"urn:ex:a?=", 10, "q-component = pchar ...");
    bad(b"urn:ex:a?=/x", 10, "q-component = pchar ...");
    // r after q: "?+" in a q-component is q's, so this one is fine ...
    parts("urn:ex:a?=q?+r", "ex", "a", None, Some("q?+r"), None);
    // ... but two fragments are not.
    bad(b"urn:ex:a#b#c", 10, "fragment has no \"#\"");
    // pct-encoded = "%" HEXDIG HEXDIG; %00 is not excluded by RFC 8141's ABNF.
    parts("urn:ex:%00", "ex", "%00", None, None, None);
    bad(b"urn:ex:%0", 9, "pct-encoded needs two HEXDIG");
    bad(b"urn:ex:a b", 8, "space is not a pchar");
    bad(b"urn:ex:a\xc3\xa9", 8, "non-ASCII is not a pchar");
    bad(b"urx:ex:a", 2, "assigned-name = \"urn\" ...");
    // "urn" is case-insensitive (ABNF quoted strings).
    parts("UrN:ex:a", "ex", "a", None, None, None);
}

/// Our `r-component` against the §2 rule as printed, compiled from the same
/// grammar text with that one line put back: the languages differ exactly
/// on strings whose r-component would have to hold "?=".
#[test]
fn r_component_choice_changes_only_r_components_holding_question_equals() {
    use uridfa_codegen::driver::{compile_str, Options};
    use uridfa_codegen::sample::{generate, mutate, Rng};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/rfc8141.abnf");
    let ours = std::fs::read_to_string(path).unwrap();
    let ours_rule = "r-component   = pchar *( pchar / \"/\" / 1*\"?\" r-after-qmark ) *\"?\"";
    assert!(ours.contains(ours_rule));
    let printed = ours.replace(
        ours_rule,
        "r-component   = pchar *( pchar / \"/\" / \"?\" )",
    );
    let compiled =
        compile_str(path, &printed, Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let m = compiled.machine("namestring").unwrap();
    let t = m.tables.as_tables();
    let mut rng = Rng::new(8141);
    let (mut differ, mut total) = (0, 0);
    for i in 0..20_000 {
        let mut s = Vec::new();
        generate(&m.lowered.hir, &mut rng, &mut s);
        if i % 2 == 1 {
            s = mutate(&s, &mut rng);
        }
        // Make "?=" inside an r-component likely.
        if i % 3 == 0 {
            if let Some(at) = s.windows(2).position(|w| w == b"?+") {
                let pos = at + 2 + rng.below((s.len() - at - 1) as u64) as usize;
                s.splice(pos..pos, *b"?=");
            }
        }
        let want = uridfa_runtime::validate(&t, &s).is_ok();
        let got = Urn::is_valid(&s);
        total += 1;
        if got != want {
            differ += 1;
            let shown = s.escape_ascii().to_string();
            // Ours is never looser ...
            assert!(want && !got, "{shown:?}: ours accepts what §2 rejects");
            // ... and rejects only r-components holding "?=".
            let r = &s[s.windows(2).position(|w| w == b"?+").unwrap() + 2..];
            assert!(r.windows(2).any(|w| w == b"?="), "{shown:?}");
        }
    }
    eprintln!(
        "rfc8141 r-component choice: {differ} of {total} inputs differ from the printed rule"
    );
    assert!(differ > 0, "the generator should reach the difference");
}

/// Any bytes give a value or an error, never a panic; accepted inputs
/// reassemble from their parts.
#[test]
fn views_take_any_bytes() {
    use uridfa_codegen::sample::{mutate, Rng};
    let mut rng = Rng::new(4);
    let seeds: [&[u8]; 3] = [b"urn:example:a/b?+r?x?=q?+y#f/?", b"URN:EX-1:%D0%B0", b""];
    let mut accepted = 0;
    for i in 0..50_000u32 {
        let mut input = seeds[i as usize % seeds.len()].to_vec();
        for _ in 0..=rng.below(4) {
            input = mutate(&input, &mut rng);
        }
        if let Ok(u) = Urn::parse_bytes(&input) {
            accepted += 1;
            let mut s = u.assigned_name().to_string();
            if let Some(r) = u.r_component() {
                s += &format!("?+{r}");
            }
            if let Some(q) = u.q_component() {
                s += &format!("?={q}");
            }
            if let Some(f) = u.f_component() {
                s += &format!("#{f}");
            }
            assert_eq!(s, u.as_str());
        }
        if let Ok(a) = AssignedName::parse_bytes(&input) {
            assert_eq!(format!("urn:{}:{}", a.nid(), a.nss()).len(), input.len());
        }
    }
    assert!(accepted > 1000, "{accepted}");
}

/// `NID = (alphanum) 0*30(ldh) (alphanum)`, checked directly against the
/// tables on every string of length 0..=5 over `uUrRnNa0-:`: unlike draft
/// 03, "urn" is a valid NID here.
#[test]
fn section_2_nid_exhaustive_on_short_strings() {
    let alnum = |b: &u8| b.is_ascii_alphanumeric();
    let nid_ok = |nid: &[u8]| {
        (2..=32).contains(&nid.len())
            && nid.first().is_some_and(alnum)
            && nid.last().is_some_and(alnum)
            && nid.iter().all(|b| alnum(b) || *b == b'-')
    };
    let alphabet = b"uUrRnNa0-:";
    let mut checked = 0usize;
    for len in 0..=5u32 {
        for mut n in 0..alphabet.len().pow(len) {
            let mut nid = Vec::new();
            for _ in 0..len {
                nid.push(alphabet[n % alphabet.len()]);
                n /= alphabet.len();
            }
            let input = [b"urn:".as_slice(), &nid, b":x"].concat();
            // With a ":" inside, the rest after the first one is NSS.
            let head = nid.split(|&b| b == b':').next().unwrap_or(&[]);
            let shown = input.escape_ascii().to_string();
            assert_eq!(Urn::is_valid(&input), nid_ok(head), "{shown}");
            assert_eq!(AssignedName::is_valid(&input), nid_ok(head), "{shown}");
            checked += 1;
        }
    }
    assert_eq!(checked, 111_111);
}

/// Every `namestring` (generated from the grammar, then mutated) is an
/// RFC 3986 `URI` (uridfa's `rfc3986.abnf`): path `NID ":" NSS`, no
/// authority, the RFC 3986 query is `"+" r-component` and/or
/// `"=" q-component` joined by `"?="`, and the fragment is the f-component.
#[test]
fn every_namestring_is_an_rfc3986_uri() {
    use uridfa::rfc3986::Uri;
    use uridfa_codegen::driver::{compile_file, Options};
    use uridfa_codegen::sample::{generate, mutate, Rng};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/rfc8141.abnf");
    let compiled = compile_file(&path, Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let hir = &compiled.machine("namestring").unwrap().lowered.hir;
    let mut rng = Rng::new(3986);
    let (mut base, mut accepted) = (Vec::new(), 0usize);
    for i in 0..20_000 {
        let input = if i % 2 == 0 {
            base.clear();
            generate(hir, &mut rng, &mut base);
            base.clone()
        } else {
            mutate(&base, &mut rng)
        };
        let Ok(u) = Urn::parse_bytes(&input) else {
            continue;
        };
        accepted += 1;
        let s = u.as_str();
        let uri = Uri::parse(s).unwrap_or_else(|e| panic!("{s:?} is no RFC 3986 URI: {e}"));
        assert!(
            uri.scheme().is_some_and(|x| x.eq_ignore_ascii_case("urn")),
            "{s:?}"
        );
        assert_eq!(uri.authority(), None, "{s:?}");
        assert_eq!(uri.path(), format!("{}:{}", u.nid(), u.nss()), "{s:?}");
        let query = match (u.r_component(), u.q_component()) {
            (Some(r), Some(q)) => Some(format!("+{r}?={q}")),
            (Some(r), None) => Some(format!("+{r}")),
            (None, Some(q)) => Some(format!("={q}")),
            (None, None) => None,
        };
        assert_eq!(uri.query(), query.as_deref(), "{s:?}");
        assert_eq!(uri.fragment(), u.f_component(), "{s:?}");
    }
    assert!(accepted > 5_000, "{accepted}");
}
