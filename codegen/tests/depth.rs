//! Bounded nesting (Note [bounded nesting] in `abnf`): `;@ depth comment
//! 3` accepts comments nested three deep and refuses the fourth level
//! where it begins, in time linear in the input.
//!
//! The grammars are transcribed from RFC 5322 §3.2-3.4 and §4.1-4.4 (the
//! obsolete syntax included, as published, with `text` from §3.5 for
//! `obs-body`) and RFC 9110 §5.6.2-5.6.5 and §10.1.5.

use std::time::Instant;
use uridfa_codegen::driver::{compile_str_with_entries, Compiled, Options};

/// RFC 5322 §3.2-3.4 and §4.1-4.4, as published (no errata applied).
const RFC5322: &str = "\
;@ depth comment 3
quoted-pair     =   (\"\\\" (VCHAR / WSP)) / obs-qp
FWS             =   ([*WSP CRLF] 1*WSP) /  obs-FWS
ctext           =   %d33-39 / %d42-91 / %d93-126 / obs-ctext
ccontent        =   ctext / quoted-pair / comment
comment         =   \"(\" *([FWS] ccontent) [FWS] \")\"
CFWS            =   (1*([FWS] comment) [FWS]) / FWS
atext           =   ALPHA / DIGIT / \"!\" / \"#\" / \"$\" / \"%\" / \"&\" / \"'\" / \"*\" /
                    \"+\" / \"-\" / \"/\" / \"=\" / \"?\" / \"^\" / \"_\" / \"`\" / \"{\" /
                    \"|\" / \"}\" / \"~\"
atom            =   [CFWS] 1*atext [CFWS]
dot-atom-text   =   1*atext *(\".\" 1*atext)
dot-atom        =   [CFWS] dot-atom-text [CFWS]
specials        =   \"(\" / \")\" / \"<\" / \">\" / \"[\" / \"]\" / \":\" / \";\" / \"@\" /
                    \"\\\" / \",\" / \".\" / DQUOTE
qtext           =   %d33 / %d35-91 / %d93-126 / obs-qtext
qcontent        =   qtext / quoted-pair
quoted-string   =   [CFWS] DQUOTE *([FWS] qcontent) [FWS] DQUOTE [CFWS]
word            =   atom / quoted-string
phrase          =   1*word / obs-phrase
unstructured    =   (*([FWS] VCHAR) *WSP) / obs-unstruct
date-time       =   [ day-of-week \",\" ] date time [CFWS]
day-of-week     =   ([FWS] day-name) / obs-day-of-week
day-name        =   \"Mon\" / \"Tue\" / \"Wed\" / \"Thu\" / \"Fri\" / \"Sat\" / \"Sun\"
date            =   day month year
day             =   ([FWS] 1*2DIGIT FWS) / obs-day
month           =   \"Jan\" / \"Feb\" / \"Mar\" / \"Apr\" / \"May\" / \"Jun\" /
                    \"Jul\" / \"Aug\" / \"Sep\" / \"Oct\" / \"Nov\" / \"Dec\"
year            =   (FWS 4*DIGIT FWS) / obs-year
time            =   time-of-day zone
time-of-day     =   hour \":\" minute [ \":\" second ]
hour            =   2DIGIT / obs-hour
minute          =   2DIGIT / obs-minute
second          =   2DIGIT / obs-second
zone            =   (FWS ( \"+\" / \"-\" ) 4DIGIT) / obs-zone
address         =   mailbox / group
mailbox         =   name-addr / addr-spec
name-addr       =   [display-name] angle-addr
angle-addr      =   [CFWS] \"<\" addr-spec \">\" [CFWS] /
                    obs-angle-addr
group           =   display-name \":\" [group-list] \";\" [CFWS]
display-name    =   phrase
mailbox-list    =   (mailbox *(\",\" mailbox)) / obs-mbox-list
address-list    =   (address *(\",\" address)) / obs-addr-list
group-list      =   mailbox-list / CFWS / obs-group-list
addr-spec       =   local-part \"@\" domain
local-part      =   dot-atom / quoted-string / obs-local-part
domain          =   dot-atom / domain-literal / obs-domain
domain-literal  =   [CFWS] \"[\" *([FWS] dtext) [FWS] \"]\" [CFWS]
dtext           =   %d33-90 /          ; Printable US-ASCII
                    %d94-126 /         ;  characters not including
                    obs-dtext          ;  \"[\", \"]\", or \"\\\"
text            =   %d1-9 / %d11 / %d12 / %d14-127
obs-NO-WS-CTL   =   %d1-8 / %d11 / %d12 / %d14-31 / %d127
obs-ctext       =   obs-NO-WS-CTL
obs-qtext       =   obs-NO-WS-CTL
obs-utext       =   %d0 / obs-NO-WS-CTL / VCHAR
obs-qp          =   \"\\\" (%d0 / obs-NO-WS-CTL / LF / CR)
obs-body        =   *((*LF *CR *((%d0 / text) *LF *CR)) / CRLF)
obs-unstruct    =   *((*LF *CR *(obs-utext *LF *CR)) / FWS)
obs-phrase      =   word *(word / \".\" / CFWS)
obs-phrase-list =   [phrase / CFWS] *(\",\" [phrase / CFWS])
obs-FWS         =   1*WSP *(CRLF 1*WSP)
obs-day-of-week =   [CFWS] day-name [CFWS]
obs-day         =   [CFWS] 1*2DIGIT [CFWS]
obs-year        =   [CFWS] 2*DIGIT [CFWS]
obs-hour        =   [CFWS] 2DIGIT [CFWS]
obs-minute      =   [CFWS] 2DIGIT [CFWS]
obs-second      =   [CFWS] 2DIGIT [CFWS]
obs-zone        =   \"UT\" / \"GMT\" /     ; Universal Time
                    \"EST\" / \"EDT\" /    ; Eastern:  - 5/ - 4
                    \"CST\" / \"CDT\" /    ; Central:  - 6/ - 5
                    \"MST\" / \"MDT\" /    ; Mountain: - 7/ - 6
                    \"PST\" / \"PDT\" /    ; Pacific:  - 8/ - 7
                    %d65-73 /          ; Military zones - \"A\"
                    %d75-90 /          ; through \"I\" and \"K\"
                    %d97-105 /         ; through \"Z\", both
                    %d107-122          ; upper and lower case
obs-angle-addr  =   [CFWS] \"<\" obs-route addr-spec \">\" [CFWS]
obs-route       =   obs-domain-list \":\"
obs-domain-list =   *(CFWS / \",\") \"@\" domain
                    *(\",\" [CFWS] [\"@\" domain])
obs-mbox-list   =   *([CFWS] \",\") mailbox *(\",\" [mailbox / CFWS])
obs-addr-list   =   *([CFWS] \",\") address *(\",\" [address / CFWS])
obs-group-list  =   1*([CFWS] \",\") [CFWS]
obs-local-part  =   word *(\".\" word)
obs-domain      =   atom *(\".\" atom)
obs-dtext       =   obs-NO-WS-CTL / quoted-pair
";

/// RFC 9110 §10.1.5 `User-Agent`, with §5.6.2 tokens, §5.6.3 white space
/// and §5.6.5 comments.
const RFC9110: &str = "\
;@ depth comment 3
User-Agent      = product *( RWS ( product / comment ) )
product         = token [ \"/\" product-version ]
product-version = token
comment         = \"(\" *( ctext / quoted-pair / comment ) \")\"
ctext           = HTAB / SP / %x21-27 / %x2A-5B / %x5D-7E / obs-text
quoted-pair     = \"\\\" ( HTAB / SP / VCHAR / obs-text )
obs-text        = %x80-FF
token           = 1*tchar
tchar           = \"!\" / \"#\" / \"$\" / \"%\" / \"&\" / \"'\" / \"*\" / \"+\" / \"-\" / \".\" /
                  \"^\" / \"_\" / \"`\" / \"|\" / \"~\" / DIGIT / ALPHA
RWS             = 1*( SP / HTAB )
";

fn compile(text: &str, entry: &str) -> Compiled {
    compile_str_with_entries("t.abnf", text, Options::default(), &[entry])
        .unwrap_or_else(|e| panic!("{e}"))
}

/// `Ok` or the offset of the error.
fn run(c: &Compiled, input: &[u8]) -> Result<(), usize> {
    uridfa_runtime::validate(&c.machines[0].tables.as_tables(), input).map_err(|e| e.offset())
}

#[test]
fn rfc9110_user_agent_nests_three_comments() {
    let c = compile(RFC9110, "User-Agent");
    assert_eq!(run(&c, b"curl/8.5 (x11)"), Ok(()));
    assert_eq!(run(&c, b"Mozilla/5.0 (a (b (c)))"), Ok(()));
    assert_eq!(run(&c, b"Mozilla/5.0 (a (b (c))) Gecko/1 (\\( d)"), Ok(()));
    // The fourth level is refused where it begins: at its "(", offset 21.
    let four = b"Mozilla/5.0 (a (b (c (d))))";
    assert_eq!(four[21], b'(');
    assert_eq!(run(&c, four), Err(21));
    // An unclosed comment is refused at the end.
    assert_eq!(run(&c, b"Mozilla/5.0 (a"), Err(14));
}

#[test]
fn rfc5322_address_list_nests_three_comments() {
    let c = compile(RFC5322, "address-list");
    assert_eq!(run(&c, b"a@example.com"), Ok(()));
    assert_eq!(run(&c, b"Pete (x (y (z))) <pete@example.com>"), Ok(()));
    assert_eq!(
        run(
            &c,
            b"A Group:Ed <ed@x.org>,(c (d)) jo@y.org;, z@w.net (end)"
        ),
        Ok(())
    );
    let four = b"Pete (x (y (z (w)))) <pete@example.com>";
    assert_eq!(four[14], b'(');
    assert_eq!(run(&c, four), Err(14));
    // The message names the grammar's rules, not the levels' copies.
    let t = c.machines[0].tables.as_tables();
    for input in [&four[..], b"Pete (x (y (z \\"] {
        let e = uridfa_runtime::validate(&t, input).unwrap_err();
        let text = e.describe(&t).to_string();
        // (The level copies are `comment@2`, `ccontent@3`, ...)
        let copies = text.replace(";@ depth", "");
        assert!(!copies.contains('@'), "{text}");
    }
}

/// The obsolete forms of RFC 5322 §4.4 where the spec allows them.
#[test]
fn rfc5322_address_list_takes_the_obsolete_forms() {
    let c = compile(RFC5322, "address-list");
    for ok in [
        // obs-local-part: words with white space around the dots.
        &b"a . b@c"[..],
        // obs-route before the addr-spec.
        b"<@a.com:b@c.org>",
        b"Joe <@a.com,@b.net:joe@c.org>",
        // obs-domain: atoms with comments around the dots.
        b"x@a (c) . b",
        // obs-addr-list: empty members.
        b", a@b.c,, d@e.f,",
        // obs-phrase: a dot in a display name.
        b"John Q. Public <jqp@x.org>",
        // obs-FWS and obs-qp.
        b"a@b.c \r\n \r\n (x)",
        b"\"a\\\r\"@b.c",
        // obs-group-list: a group of commas.
        b"G: , ,;",
    ] {
        assert_eq!(run(&c, ok), Ok(()), "{:?}", String::from_utf8_lossy(ok));
    }
    for (bad, at) in [
        // A route needs its colon.
        (&b"<@a.com b@c.org>"[..], 8),
        // obs-FWS is CRLF then white space, not a bare CRLF at the end.
        (b"a@b.c\r\n", 7),
        // Nothing but commas is no address list.
        (b",,", 2),
    ] {
        assert_eq!(run(&c, bad), Err(at), "{:?}", String::from_utf8_lossy(bad));
    }
}

/// A megabyte of `(` in an address: refused at the fourth, at once.
#[test]
fn rfc5322_refuses_a_megabyte_of_parentheses_at_the_fourth() {
    let c = compile(RFC5322, "address-list");
    let mut input = b"a@b ".to_vec();
    input.extend(std::iter::repeat_n(b'(', 1 << 20));
    assert_eq!(input[7], b'(');
    let start = Instant::now();
    assert_eq!(run(&c, &input), Err(7));
    // Closed again a megabyte later, three deep at most: accepted.
    let item: &[u8] = b"(a (b (c) b) a) ";
    let mut long = b"a@b ".to_vec();
    while long.len() < 1 << 20 {
        long.extend_from_slice(item);
    }
    assert_eq!(run(&c, &long), Ok(()));
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}

/// The machine and the `abnf` engine (PyPI `abnf`, which reads the same
/// rules and recurses without a bound) give the same answer on addresses
/// and their one-byte mutations, nested three deep at most.
#[test]
fn rfc5322_address_list_agrees_with_the_abnf_engine() {
    let c = compile(RFC5322, "address-list");
    let seeds = [
        "a@b.c",
        "Pete (x (y)) <pete@example.com>",
        "a . b@c, <@a.com:b@c.org>",
        "G: x@y, \"q\\\"t\" <z@[1.2]>;",
    ];
    // Every third mutation, and the seeds (the engine reads about 30
    // addresses a second); each adds at most one "(", so no input nests
    // four deep.
    let all = crate::published_grammars::mutated_with(&seeds, b" ,;:.@<>()[]\"\\a\r\n");
    let mut inputs: Vec<String> = seeds.iter().map(|s| s.to_string()).collect();
    inputs.extend(
        all.into_iter()
            .step_by(3)
            .filter(|s| !seeds.contains(&s.as_str())),
    );
    assert!(inputs.len() >= 300, "{}", inputs.len());
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("depth-rfc5322");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rfc5322.abnf");
    std::fs::write(&file, RFC5322).unwrap();
    let Some(answers) =
        crate::published_grammars::abnf_engine_if_installed(&file, "address-list", &inputs)
    else {
        return;
    };
    let t = c.machines[0].tables.as_tables();
    let mut accepted = 0;
    for (input, want) in inputs.iter().zip(answers) {
        let got = uridfa_runtime::validate(&t, input.as_bytes()).is_ok();
        assert_eq!(got, want, "{input:?}");
        accepted += usize::from(got);
    }
    assert!(accepted >= seeds.len(), "{accepted} accepted");
    eprintln!(
        "rfc5322 address-list: {} inputs, {accepted} accepted",
        inputs.len()
    );
}

/// The message of an input that nests deeper than the pragma allows.
fn message(c: &Compiled, input: &[u8]) -> (usize, String) {
    let t = c.machines[0].tables.as_tables();
    let e = uridfa_runtime::validate(&t, input).unwrap_err();
    (e.offset(), e.describe(&t).to_string())
}

const LIMIT: &str = "nesting limit reached: 'comment' nests at most 3 deep (;@ depth comment 3)";

/// Past the depth, the error says the nesting limit was reached, at the
/// `(` that opens the level past it; elsewhere it does not.
#[test]
fn deeper_nesting_names_the_limit() {
    let ua = compile(RFC9110, "User-Agent");
    let (at, text) = message(&ua, b"Mozilla/5.0 (a (b (c (d))))");
    assert_eq!(at, 21);
    assert_eq!(
        text,
        format!("unexpected '(' at 21; expected ctext, \")\" or \"\\\"; {LIMIT}")
    );
    let mail = compile(RFC5322, "address-list");
    let (at, text) = message(&mail, b"Pete (x (y (z (w)))) <pete@example.com>");
    assert_eq!(at, 14);
    assert!(
        text.starts_with("unexpected '(' at 14; expected "),
        "{text}"
    );
    assert!(text.ends_with(&format!("; {LIMIT}")), "{text}");
    // Two levels deep, or outside comments, nothing is said of a limit.
    for (c, input) in [
        (&ua, &b"Mozilla/5.0 (a (b \x01"[..]),
        (&ua, b"Mozilla/5.0 ["),
        (&mail, b"Pete (x (y \x01"),
        (&mail, b"Pete <a@b>>"),
    ] {
        let (_, text) = message(c, input);
        assert!(!text.contains("nesting"), "{text}");
    }
}

#[test]
fn depth_one_is_comments_without_nesting() {
    let one = RFC9110.replace(";@ depth comment 3", ";@ depth comment 1");
    let c = compile(&one, "User-Agent");
    assert_eq!(run(&c, b"a/1 (b) (c)"), Ok(()));
    assert_eq!(run(&c, b"a/1 (b (c))"), Err(7));
}

#[test]
fn nesting_is_linear_in_time() {
    let c = compile(RFC9110, "User-Agent");
    // A megabyte of "(": refused at the fourth, at once.
    let mut input = b"a ".to_vec();
    input.extend(std::iter::repeat_n(b'(', 1 << 20));
    assert_eq!(run(&c, &input), Err(5));
    // A megabyte of nested comments, accepted; ten times the input takes
    // about ten times as long (a backtracking unroll is exponential here).
    let item: &[u8] = b" (a (b (c) b) a)";
    let make = |n: usize| {
        let mut v = b"x".to_vec();
        for _ in 0..n {
            v.extend_from_slice(item);
        }
        v
    };
    let (small, large) = (
        make((1 << 20) / item.len() / 10),
        make((1 << 20) / item.len()),
    );
    // The fastest of five runs: other processes only ever add time.
    let time = |input: &[u8]| {
        (0..5)
            .map(|_| {
                let start = Instant::now();
                assert_eq!(run(&c, input), Ok(()));
                start.elapsed()
            })
            .min()
            .unwrap()
    };
    let (t_small, t_large) = (time(&small), time(&large));
    assert!(
        t_large < t_small * 40,
        "10x the input took {t_large:?} against {t_small:?}"
    );
}

#[test]
fn depth_pragma_errors() {
    let e = |text: &str| {
        uridfa_codegen::abnf::parse("t.abnf", text)
            .unwrap_err()
            .to_string()
    };
    assert!(e(";@ depth a 3\na = \"x\"\n")
        .contains("error: rule 'a' is not recursive, so it has no nesting to bound"),);
    assert!(e(";@ depth b 3\na = \"x\"\n").contains("error: unknown rule 'b'"));
    assert!(e(";@ depth a 0\na = \"(\" [a] \")\"\n")
        .contains("error: expected a nesting depth from 1 to 32 after the rule name, found '0'"));
    assert!(e(";@ depth a\na = \"(\" [a] \")\"\n")
        .contains("error: expected a rule name and a nesting depth after 'depth'"));
}
