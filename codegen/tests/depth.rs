//! Bounded nesting (Note [bounded nesting] in `abnf`): `;@ depth comment
//! 3` accepts comments nested three deep and refuses the fourth level
//! where it begins, in time linear in the input.
//!
//! The grammars are transcribed from RFC 5322 §3.2.1-3.4 (without the
//! obsolete syntax of §4, whose `obs-` alternatives each rule names) and
//! RFC 9110 §5.6.2-5.6.5 and §10.1.5.

use std::time::Instant;
use uridfa_codegen::driver::{compile_str_with_entries, Compiled, Options};

/// RFC 5322 §3.2.1-3.4, the `obs-` alternatives left out.
const RFC5322: &str = "\
;@ depth comment 3
address-list    =   (address *(\",\" address))
address         =   mailbox / group
mailbox         =   name-addr / addr-spec
name-addr       =   [display-name] angle-addr
angle-addr      =   [CFWS] \"<\" addr-spec \">\" [CFWS]
group           =   display-name \":\" [group-list] \";\" [CFWS]
display-name    =   phrase
mailbox-list    =   (mailbox *(\",\" mailbox))
group-list      =   mailbox-list / CFWS
addr-spec       =   local-part \"@\" domain
local-part      =   dot-atom / quoted-string
domain          =   dot-atom / domain-literal
domain-literal  =   [CFWS] \"[\" *([FWS] dtext) [FWS] \"]\" [CFWS]
dtext           =   %d33-90 / %d94-126
quoted-pair     =   (\"\\\" (VCHAR / WSP))
FWS             =   ([*WSP CRLF] 1*WSP)
ctext           =   %d33-39 / %d42-91 / %d93-126
ccontent        =   ctext / quoted-pair / comment
comment         =   \"(\" *([FWS] ccontent) [FWS] \")\"
CFWS            =   (1*([FWS] comment) [FWS]) / FWS
atext           =   ALPHA / DIGIT / \"!\" / \"#\" / \"$\" / \"%\" / \"&\" / \"'\" / \"*\" /
                    \"+\" / \"-\" / \"/\" / \"=\" / \"?\" / \"^\" / \"_\" / \"`\" / \"{\" /
                    \"|\" / \"}\" / \"~\"
atom            =   [CFWS] 1*atext [CFWS]
dot-atom-text   =   1*atext *(\".\" 1*atext)
dot-atom        =   [CFWS] dot-atom-text [CFWS]
qtext           =   %d33 / %d35-91 / %d93-126
qcontent        =   qtext / quoted-pair
quoted-string   =   [CFWS] DQUOTE *([FWS] qcontent) [FWS] DQUOTE [CFWS]
word            =   atom / quoted-string
phrase          =   1*word
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
        assert!(!text.contains('@'), "{text}");
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
