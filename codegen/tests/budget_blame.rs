//! A state budget or work limit error says what made the DFA grow (Note [what a
//! budget error blames] in `driver/budget.rs`): overlapping repetitions,
//! named with the rule that holds the widest, or captures, and a fix that
//! applies to that cause.

use uridfa_codegen::driver::{compile_str_with_entries, Options};

fn error(text: &str, entry: &str, state_budget: usize) -> String {
    let opts = Options {
        state_budget,
        ..Options::default()
    };
    match compile_str_with_entries("t.abnf", text, opts, &[entry]) {
        Ok(_) => panic!("{entry} compiled within {state_budget} states"),
        Err(d) => d.to_string(),
    }
}

/// RFC 9051 §9's `literal` (`*CHAR8` after the count), in a list whose
/// delimiters it overlaps: no capture, so the message blames the
/// repetition and names `literal`, where it points.
#[test]
fn overlapping_repetition_without_captures() {
    let text = "\
;@ entry list
list    = \"(\" item *(SP item) \")\"
item    = atom / literal
atom    = 1*ALPHA
literal = \"{\" 1*DIGIT \"}\" CRLF *CHAR8
CHAR8   = %x01-FF
";
    let e = error(text, "list", 8);
    assert!(
        e.contains(
            "error: entry 'list': tagged DFA exceeds the state budget of 8 states; the rule \
             declares no capture, so repetitions that overlap what follows them cause it: \
             `*CHAR8` in rule 'literal' takes 255 of the 256 bytes"
        ),
        "{e}"
    );
    assert!(e.contains("bound that repetition"), "{e}");
    assert!(!e.contains("captures inside"), "{e}");
    // It points at the repetition, in `literal`.
    assert!(e.starts_with("t.abnf:5:32: error:"), "{e}");
}

/// Without a one-character repetition to name, the cause is still said.
#[test]
fn overlap_without_a_wide_repetition() {
    let text = ";@ entry e\ne = *(\"a\" / \"ab\") \"b\" *(\"b\" / \"ba\")\n";
    let e = error(text, "e", 2);
    assert!(
        e.contains("the rule declares no capture, so repetitions that overlap what follows them"),
        "{e}"
    );
    assert!(e.contains("make each repetition's bytes distinct"), "{e}");
}

/// Captures whose places the DFA must keep apart: without them the DFA
/// fits the budget, so the message blames the captures.
#[test]
fn captures_that_need_registers() {
    let text = "\
;@ entry e
;@ capture x y
e = x y
x = *(\"a\" / \"b\")
y = *\"a\" \"b\" *\"a\"
";
    let plain = text.replace(";@ capture x y\n", "");
    let fits = |t: &str, budget: usize| {
        let opts = Options {
            state_budget: budget,
            ..Options::default()
        };
        compile_str_with_entries("t.abnf", t, opts, &["e"]).is_ok()
    };
    let budget = (1..64)
        .find(|&b| fits(&plain, b))
        .expect("the plain DFA fits");
    assert!(
        !fits(text, budget),
        "the tagged DFA fits {budget} states too"
    );
    let e = error(text, "e", budget);
    assert!(
        e.contains(&format!(
            "error: entry 'e': tagged DFA exceeds the state budget of {budget} states, \
             because of its captures: without them the DFA fits"
        )),
        "{e}"
    );
    assert!(e.contains("capture fewer rules inside repetitions"), "{e}");
}

/// The work limit without captures: thousands of distinct optional
/// elements in a row, which no rewrite folds (Note [work limits]); no
/// wide repetition to name, so the message names the optional elements.
#[test]
fn work_limit_without_captures_names_optional_elements() {
    let mut text = String::from(";@ entry e\ne =");
    for i in 0..4000 {
        text.push_str(&format!(" [\"x{i}\"]"));
    }
    text.push('\n');
    let e = error(&text, "e", 20_000);
    assert!(
        e.contains("error: entry 'e': tagged DFA construction exceeds its limit of"),
        "{e}"
    );
    assert!(
        e.contains(
            "the rule declares no capture, so its alternatives and optional elements cause it"
        ),
        "{e}"
    );
    assert!(e.contains("fewer optional elements in a row"), "{e}");
    assert!(e.contains("cannot be raised"), "{e}");
    assert!(!e.contains("raise the budget"), "{e}");
}
