//! `;@ encode-set` pragmas: the sets derived from the grammar files, and the
//! errors for bad pragmas and rules that are not set-like.

use uridfa_codegen::driver::{compile_str, Options};
use uridfa_codegen::encode_set::EncodeSetBuf;

fn grammar(name: &str) -> &'static uridfa_codegen::driver::Compiled {
    crate::common::built_in(name)
}

fn set_of(c: &uridfa_codegen::driver::Compiled, name: &str) -> EncodeSetBuf {
    c.encode_sets
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no encode set {name}"))
        .clone()
}

/// The bytes of a set, as a string (all are ASCII in these grammars).
fn text(set: &[bool; 256]) -> String {
    (0..=255u8)
        .filter(|&b| set[usize::from(b)])
        .map(char::from)
        .collect()
}

// Expected sets from the RFC 3986 rules (§2.2, §2.3, §3.2.1, §3.3-3.5):
// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~", sub-delims =
// "!$&'()*+,;=", pchar = unreserved / sub-delims / ":" / "@".
const ALNUM: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

fn sorted(s: &str) -> String {
    let mut v: Vec<char> = s.chars().collect();
    v.sort();
    v.dedup();
    v.into_iter().collect()
}

#[test]
fn rfc3986_sets_follow_the_rules() {
    let c = grammar("rfc3986.abnf");
    let unreserved = format!("{ALNUM}-._~");
    let sub_delims = "!$&'()*+,;=";
    let pchar = format!("{unreserved}{sub_delims}:@");
    let cases = [
        ("userinfo", format!("{unreserved}{sub_delims}:"), true),
        ("segment", pchar.clone(), true),
        ("path", format!("{pchar}/"), true),
        ("query", format!("{pchar}/?"), true),
        ("fragment", format!("{pchar}/?"), true),
    ];
    for (name, want, empty) in cases {
        let s = set_of(c, name);
        assert_eq!(text(&s.first), sorted(&want), "{name} first");
        assert_eq!(text(&s.rest), sorted(&want), "{name} rest");
        assert_eq!(s.accepts_empty, empty, "{name}");
    }
}

#[test]
fn rfc8141_nss_may_not_start_with_a_slash() {
    // RFC 8141 §2: NSS = pchar *(pchar / "/").
    let c = grammar("rfc8141.abnf");
    let s = set_of(c, "NSS");
    assert!(!s.first[usize::from(b'/')]);
    assert!(s.rest[usize::from(b'/')]);
    assert!(!s.accepts_empty);
    // q-component = pchar *( pchar / "/" / "?" )
    let q = set_of(c, "q-component");
    assert!(!q.first[usize::from(b'?')] && q.rest[usize::from(b'?')]);
}

#[test]
fn rfc2396_segment_allows_semicolon() {
    // RFC 2396 §3.3: segment = *pchar *( ";" param ); pchar has no ";".
    for g in ["rfc2396.abnf", "draft-fielding-uri-rfc2396bis-01.abnf"] {
        let c = grammar(g);
        let s = set_of(c, "segment");
        assert!(
            s.first[usize::from(b';')] && s.rest[usize::from(b';')],
            "{g}"
        );
        assert!(!s.rest[usize::from(b'/')], "{g}");
        assert!(!s.rest[usize::from(b'%')], "{g}");
    }
}

fn error_of(text: &str) -> String {
    match compile_str("t.abnf", text, Options::default()) {
        Ok(_) => panic!("compiled:\n{text}"),
        Err(d) => d.to_string(),
    }
}

#[test]
fn unknown_rule_is_located() {
    let e = error_of(";@ entry a\n;@ encode-set x = nope\na = \"x\"\n");
    assert!(e.contains("t.abnf:2:19"), "{e}");
    assert!(e.contains("unknown rule 'nope'"), "{e}");
}

#[test]
fn bad_syntax_is_located() {
    for (text, at, msg) in [
        (
            ";@ entry a\n;@ encode-set x\na = \"x\"\n",
            "t.abnf:2:15",
            "expected 'encode-set NAME = RULE'",
        ),
        (
            ";@ entry a\n;@ encode-set\na = \"x\"\n",
            "t.abnf:2:14",
            "expected 'encode-set NAME = RULE'",
        ),
        (
            ";@ entry a\n;@ encode-set x = a b\na = \"x\"\n",
            "t.abnf:2:21",
            "unexpected 'b'",
        ),
        (
            ";@ entry a\n;@ encode-set x = 1a\na = \"x\"\n",
            "t.abnf:2:19",
            "expected a rule name, found '1a'",
        ),
    ] {
        let e = error_of(text);
        assert!(
            e.contains(at) && e.contains(msg),
            "want {at} {msg}, got:\n{e}"
        );
    }
}

#[test]
fn duplicate_set_is_an_error() {
    let e = error_of(";@ entry a\n;@ encode-set x = a\n;@ encode-set x = a\na = \"x\"\n");
    assert!(
        e.contains("t.abnf:3:1") && e.contains("duplicate encode-set 'x'"),
        "{e}"
    );
}

const PCT: &str =
    "pct = \"%\" HEXDIG HEXDIG\nHEXDIG = %x30-39 / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n";

#[test]
fn not_set_like_rules_fail_at_the_pragma() {
    for (rule, msg) in [
        // RFC 8141's r-component: "?=" cannot occur inside it.
        (
            "r = ( \"a\" / pct ) *( \"a\" / \"=\" / pct / 1*\"?\" ( \"a\" / pct ) ) *\"?\"",
            "differ",
        ),
        // A fixed structure, not a set.
        (
            "r = ( \"a\" / pct ) \"=\" *( \"a\" / pct )",
            "it cannot end after",
        ),
        // No percent-encoded octet allowed.
        ("r = *\"a\"", "it cannot start with a percent-encoded octet"),
        // Two units at least.
        ("r = 2*( \"a\" / pct )", "it cannot end after"),
    ] {
        let text = format!(";@ entry r\n;@ encode-set x = r\n{rule}\n{PCT}");
        let e = error_of(&text);
        assert!(
            e.contains("t.abnf:2:1") && e.contains("not set-like") && e.contains(msg),
            "{rule}: {e}"
        );
    }
}

#[test]
fn urn_draft_03_excludes_pct_00() {
    // Draft 03 §2.2 (Appendix B): pct-encoded = "%" ( "0" HEXDIG-NZ /
    // HEXDIG-NZ HEXDIG ): "%00" is not allowed.
    let c = grammar("draft-ietf-urnbis-rfc2141bis-urn-03.abnf");
    let s = set_of(c, "NSS");
    assert!(!s.pct[0]);
    assert!(s.pct[1..].iter().all(|&x| x));
    assert!(!s.accepts_empty);
    // RFC 3986 allows every octet.
    let c = grammar("rfc3986.abnf");
    assert!(set_of(c, "query").pct.iter().all(|&x| x));
}

#[test]
fn pct_set_must_be_the_same_everywhere() {
    // %00 allowed only at the start.
    let text = ";@ entry r\n;@ encode-set x = r\nr = ( \"a\" / pct / \"%00\" ) *( \"a\" / pct )\n\
         pct = \"%\" HEXDIG-NZ HEXDIG / \"%\" \"0\" HEXDIG-NZ\n\
         HEXDIG = %x30-39 / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n\
         HEXDIG-NZ = %x31-39 / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n";
    let e = error_of(text);
    assert!(e.contains("the octet %00 is not allowed after"), "{e}");
}

#[test]
fn rfc2396_family_sets_follow_the_rules() {
    // RFC 2396 §2.3: unreserved = alphanum | mark, mark = "-" | "_" | "." |
    // "!" | "~" | "*" | "'" | "(" | ")"; §2.2: reserved = ";" | "/" | "?" |
    // ":" | "@" | "&" | "=" | "+" | "$" | ","; §3.2.2: userinfo = *(
    // unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," ); §3.3:
    // pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" |
    // ",", segment = *pchar *( ";" param ); §3.4 query = *uric; §4.1
    // fragment = *uric; uric = reserved | unreserved | escaped.
    // 2396bis-01 §3.2.2, §3.3: the same userinfo; pchar adds ";"; query and
    // fragment are *( pchar / "/" / "?" ) (the same bytes as *uric).
    let unreserved = format!("{ALNUM}-_.!~*'()");
    let reserved = ";/?:@&=+$,";
    let userinfo = format!("{unreserved};:&=+$,");
    let segment = format!("{unreserved}:@&=+$,;");
    let uric = format!("{unreserved}{reserved}");
    for g in ["rfc2396.abnf", "draft-fielding-uri-rfc2396bis-01.abnf"] {
        let c = grammar(g);
        for (name, want) in [
            ("userinfo", &userinfo),
            ("segment", &segment),
            ("query", &uric),
            ("fragment", &uric),
        ] {
            let s = set_of(c, name);
            assert_eq!(text(&s.first), sorted(want), "{g} {name} first");
            assert_eq!(text(&s.rest), sorted(want), "{g} {name} rest");
            assert!(s.accepts_empty && s.pct.iter().all(|&x| x), "{g} {name}");
        }
    }
}

#[test]
fn urn_sets_follow_the_rules() {
    // RFC 8141 §2 (and draft 03 §2.2): NSS = pchar *(pchar / "/"), with
    // RFC 3986's pchar; q-component = pchar *( pchar / "/" / "?" ).
    let pchar = format!("{ALNUM}-._~!$&'()*+,;=:@");
    let c = grammar("rfc8141.abnf");
    let nss = set_of(c, "NSS");
    assert_eq!(text(&nss.first), sorted(&pchar));
    assert_eq!(text(&nss.rest), sorted(&format!("{pchar}/")));
    let q = set_of(c, "q-component");
    assert_eq!(text(&q.first), sorted(&pchar));
    assert_eq!(text(&q.rest), sorted(&format!("{pchar}/?")));
    let f = set_of(c, "f-component");
    assert_eq!(text(&f.first), sorted(&format!("{pchar}/?")));
    // Draft 03: NSS = 1*pchar (no "/").
    let c = grammar("draft-ietf-urnbis-rfc2141bis-urn-03.abnf");
    let nss = set_of(c, "NSS");
    assert_eq!(text(&nss.first), sorted(&pchar));
    assert_eq!(text(&nss.rest), sorted(&pchar));
}
