//! Spec vectors for RFC 8141, "Uniform Resource Names (URNs)" (April 2017).
//!
//! The plain vectors (an input, its rule, the components or the error
//! offset the document gives) are rows of `tests/data/parse.jsonl`, run
//! by `tests/parse_spec.rs`; what stays here checks more than one row can
//! say (error components and messages, typed accessors, several rules or
//! views at once, tables walked by a loop, generated inputs).
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
        assert!(uri.scheme().eq_ignore_ascii_case("urn"), "{s:?}");
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
