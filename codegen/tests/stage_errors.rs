//! Each stage's error enum (Note [stage errors] in `uridfa_codegen::driver`):
//! an input that fails at that stage gives the expected variant, whose
//! `Display` is the message the stage's docs promise, whose `source()` is
//! the error it wraps, and whose `at(span)` is the diagnostic the driver
//! reports.

use std::error::Error as _;
use uridfa_codegen::diag::Span;
use uridfa_codegen::driver::Options;
use uridfa_codegen::driver::{compile_lowered, CompileError};
use uridfa_codegen::encode_set::{self, EncodeSetError, NotSetLike};
use uridfa_codegen::lower::{self, Lowered};
use uridfa_codegen::nfa::{self, NfaError};
use uridfa_codegen::tdfa::TdfaError;
use uridfa_codegen::{abnf, driver};

/// The lowered entry `rule` of grammar `text`.
fn lowered(text: &str, rule: &str) -> Lowered {
    let g = abnf::parse("t.abnf", text).unwrap_or_else(|d| panic!("{d}"));
    let (_, span) = g.entries.iter().find(|(r, _)| r == rule).unwrap();
    lower::lower(&g, rule, *span).unwrap_or_else(|d| panic!("{d}"))
}

/// A million optional repetitions: no length bound stops it, and its
/// Thompson NFA exceeds regex-automata's 64 MiB limit.
const HUGE: &str = ";@ entry x\nx = 1000( 1000( *\"a\" ) )\n";

#[test]
fn nfa_error_is_the_size_limit() {
    let e = nfa::compile(&lowered(HUGE, "x")).unwrap_err();
    assert!(matches!(e, NfaError::Build(_)), "{e:?}");
    assert_eq!(e.size_limit(), Some(64 << 20));
    // Display is regex-automata's text, unchanged.
    let source = e.source().expect("wraps regex-automata's error");
    assert_eq!(e.to_string(), source.to_string());
    assert!(e.to_string().contains("exceeded"), "{e}");
    let span = Span::new(0, 3, 9);
    let d = e.at(span);
    assert_eq!((d.span, d.message), (span, e.to_string()));
}

#[test]
fn compile_error_wraps_the_nfa_error() {
    let e = compile_lowered(lowered(HUGE, "x"), Options::default()).unwrap_err();
    let CompileError::Nfa(inner) = &e else {
        panic!("{e:?}")
    };
    assert_eq!(e.to_string(), inner.to_string());
    assert!(e.source().unwrap().is::<NfaError>());
    // The driver reports it at the entry rule's definition, naming the
    // entry.
    let err = driver::compile_str("t.abnf", HUGE, Options::default())
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(&format!("t.abnf:2:1: error: entry 'x': {inner}\n")),
        "{err}"
    );
}

#[test]
fn compile_error_too_long() {
    let e = compile_lowered(
        lowered(";@ entry x\nx = 30000\"a\"\n", "x"),
        Options::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            CompileError::TooLong {
                len: 30000,
                longest: false,
                budget: 20000
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "its shortest match is 30000 bytes long, so any DFA for it needs more than the state \
         budget of 20000 states; shorten the repetition or raise the budget"
    );
    assert!(e.source().is_none());
    let e = compile_lowered(
        lowered(";@ entry x\nx = 1*30000\"a\"\n", "x"),
        Options::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            CompileError::TooLong {
                len: 30000,
                longest: true,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e
        .to_string()
        .starts_with("its longest match is 30000 bytes long"));
}

#[test]
fn compile_error_wraps_the_tdfa_error() {
    // (a|b)*a(a|b){3}: 16 states, over a budget of 10.
    let l = lowered(
        ";@ entry x\nx = *( \"a\" / \"b\" ) \"a\" 3( \"a\" / \"b\" )\n",
        "x",
    );
    let opts = Options {
        state_budget: 10,
        ..Options::default()
    };
    let e = compile_lowered(l, opts).unwrap_err();
    assert!(
        matches!(e, CompileError::Tdfa(TdfaError::StateBudget { budget: 10 })),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "tagged DFA exceeds the state budget of 10 states; restructure the rule (e.g. fewer \
         captures inside repetitions) or raise the budget"
    );
    assert_eq!(
        e.source().unwrap().downcast_ref::<TdfaError>(),
        Some(&TdfaError::StateBudget { budget: 10 })
    );
}

/// The error of the first `;@ encode-set` pragma of `text`.
fn encode_set_error(text: &str) -> (EncodeSetError, Span) {
    let g = abnf::parse("t.abnf", text).unwrap_or_else(|d| panic!("{d}"));
    let p = &g.encode_sets[0];
    (encode_set::derive(&g, p).unwrap_err(), p.pragma)
}

const PCT: &str =
    "pct = \"%\" HEXDIG HEXDIG\nHEXDIG = %x30-39 / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n";

#[test]
fn encode_set_error_not_set_like() {
    // A fixed structure, not a set: "a" must be followed by "=" (ABNF
    // strings ignore case, and the shortest example takes the lowest byte).
    let text = format!(
        ";@ entry r\n;@ encode-set x = r\nr = ( \"a\" / pct ) \"=\" *( \"a\" / pct )\n{PCT}"
    );
    let (e, pragma) = encode_set_error(&text);
    let EncodeSetError::NotSetLike { name, rule, reason } = &e else {
        panic!("{e:?}")
    };
    assert_eq!((name.as_str(), rule.as_str()), ("x", "r"));
    assert_eq!(
        reason,
        &NotSetLike::CannotEnd {
            after: b"A".to_vec()
        }
    );
    assert_eq!(
        e.to_string(),
        "encode-set 'x': rule 'r' is not set-like: it cannot end after \"A\""
    );
    assert!(e.source().is_none());
    // The driver reports exactly this at the pragma.
    let err = driver::compile_str("t.abnf", &text, Options::default())
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(&format!("t.abnf:2:1: error: {e}\n")),
        "{err}"
    );
    assert_eq!(e.at(pragma).span, pragma);

    // No percent-encoded octet at all.
    let (e, _) = encode_set_error(";@ entry r\n;@ encode-set x = r\nr = *\"a\"\n");
    assert!(
        matches!(
            e,
            EncodeSetError::NotSetLike {
                reason: NotSetLike::NoPercentStart,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "encode-set 'x': rule 'r' is not set-like: it cannot start with a percent-encoded octet"
    );
}

#[test]
fn encode_set_error_not_set_like_reasons() {
    // RFC 8141's r-component: "?=" cannot occur inside it.
    let text = format!(
        ";@ entry r\n;@ encode-set x = r\n\
         r = ( \"a\" / pct ) *( \"a\" / \"=\" / pct / 1*\"?\" ( \"a\" / pct ) ) *\"?\"\n{PCT}"
    );
    let (e, _) = encode_set_error(&text);
    let EncodeSetError::NotSetLike {
        reason: NotSetLike::RestDiffers { first, then, .. },
        ..
    } = &e
    else {
        panic!("{e:?}")
    };
    assert!(first[usize::from(b'=')] != then[usize::from(b'=')], "{e}");
    assert!(
        e.to_string().contains(") differ from those allowed after "),
        "{e}"
    );
    // %00 allowed only at the start.
    let text = ";@ entry r\n;@ encode-set x = r\nr = ( \"a\" / pct / \"%00\" ) *( \"a\" / pct )\n\
         pct = \"%\" HEXDIG-NZ HEXDIG / \"%\" \"0\" HEXDIG-NZ\n\
         HEXDIG = %x30-39 / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n\
         HEXDIG-NZ = %x31-39 / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n";
    let (e, _) = encode_set_error(text);
    let EncodeSetError::NotSetLike {
        reason:
            NotSetLike::OctetDiffers {
                octet: 0,
                at_start: true,
                after,
            },
        ..
    } = &e
    else {
        panic!("{e:?}")
    };
    assert_eq!(
        e.to_string(),
        format!(
            "encode-set 'x': rule 'r' is not set-like: the octet %00 is not allowed after \"{}\" \
             but is at the start",
            String::from_utf8_lossy(after)
        )
    );
}

#[test]
fn encode_set_error_of_the_lowering() {
    // r0 = r1 r1, ..., r40 = "a": 2^40 nodes, refused by the lowering.
    let mut text = String::from(";@ entry e\n;@ encode-set q = r0\ne = \"a\"\n");
    for k in 0..40 {
        text.push_str(&format!("r{k} = r{} r{}\n", k + 1, k + 1));
    }
    text.push_str("r40 = \"a\"\n");
    let (e, _) = encode_set_error(&text);
    let EncodeSetError::Lower(d) = &e else {
        panic!("{e:?}")
    };
    // The message is the lowering's messages joined by "; ".
    let joined: Vec<&str> = d.errors.iter().map(|e| e.message.as_str()).collect();
    assert!(!joined.is_empty());
    assert_eq!(e.to_string(), joined.join("; "));
    assert!(e.to_string().contains("r0"), "{e}");
    assert!(e
        .source()
        .unwrap()
        .is::<uridfa_codegen::diag::Diagnostics>());
}
