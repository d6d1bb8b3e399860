//! What a grammar of one's own (through `#[derive(uridfa::Grammar)]`, the
//! CLI's `--grammar-file`, or `uridfa-generate`) can rely on: the RFC 5234
//! core rules are built in, and a capture reached from two places that can
//! both match is an error naming both places and the fix (Note [one place
//! per capture] in `lower`).

use uridfa_codegen::driver::{compile_str, Options};

/// RFC 3339 §5.6 as transcribed in `examples/rfc3339`, but with
/// `time-hour` and `time-minute` captured in both `partial-time` and
/// `time-numoffset`.
const RFC3339_TWO_PLACES: &str = "\
;@ entry date-time
;@ capture date-fullyear date-month date-mday time-hour time-minute time-second
date-fullyear   = 4DIGIT
date-month      = 2DIGIT
date-mday       = 2DIGIT
time-hour       = 2DIGIT
time-minute     = 2DIGIT
time-second     = 2DIGIT
time-secfrac    = \".\" 1*DIGIT
time-numoffset  = (\"+\" / \"-\") time-hour \":\" time-minute
time-offset     = \"Z\" / time-numoffset
partial-time    = time-hour \":\" time-minute \":\" time-second [time-secfrac]
full-date       = date-fullyear \"-\" date-month \"-\" date-mday
full-time       = partial-time time-offset
date-time       = full-date \"T\" full-time
";

fn error_of(text: &str) -> String {
    compile_str("date.abnf", text, Options::default())
        .expect_err("the grammar should be refused")
        .to_string()
}

#[test]
fn a_capture_in_two_places_is_an_error_naming_both() {
    let err = error_of(RFC3339_TWO_PLACES);
    // One error per component, at the second place.
    assert_eq!(err.matches("error: capture '").count(), 2, "{err}");
    assert!(
        err.contains(
            "date.abnf:10:31: error: capture 'time-hour' is reached from two places of \
             'date-time' that can both match one input, \
             date-time > full-time > partial-time > time-hour (at date.abnf:12:19) and \
             date-time > full-time > time-offset > time-numoffset > time-hour (here), so one \
             would silently replace the other; give one place a rule of its own with the same \
             definition and capture that (e.g. `time-numoffset-time-hour = 2DIGIT`, used in \
             'time-numoffset' in place of 'time-hour')"
        ),
        "{err}"
    );
    assert!(
        err.contains("error: capture 'time-minute' is reached from two places"),
        "{err}"
    );
}

#[test]
fn the_offered_fix_compiles() {
    let fixed = RFC3339_TWO_PLACES
        .replace(
            "(\"+\" / \"-\") time-hour \":\" time-minute",
            "(\"+\" / \"-\") offset-hour \":\" offset-minute",
        )
        .replace(
            "time-second\n",
            "time-second offset-hour offset-minute\noffset-hour = 2DIGIT\noffset-minute = 2DIGIT\n",
        );
    let c = compile_str("date.abnf", &fixed, Options::default()).unwrap();
    let m = &c.machines[0];
    let names: Vec<&str> = m
        .lowered
        .components
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "date-fullyear",
            "date-month",
            "date-mday",
            "time-hour",
            "time-minute",
            "time-second",
            "offset-hour",
            "offset-minute"
        ]
    );
    // The offset is optional ("Z"), the rest always there.
    assert_eq!(
        m.lowered.always_captured(),
        [true, true, true, true, true, true, false, false]
    );
}

#[test]
fn alternatives_and_repetitions_are_one_place() {
    // Under an alternation at most one place matches; a repetition reports
    // its last match (documented); a named capture over alternatives is
    // one component.
    for text in [
        ";@ entry a\n;@ capture b\na = b \"x\" / \"y\" b\nb = \"b\"\n",
        ";@ entry a\n;@ capture b\na = *(b \",\")\nb = \"b\"\n",
        ";@ entry a\n;@ capture p = b / c\na = b / c\nb = \"b\"\nc = \"c\"\n",
    ] {
        compile_str("t.abnf", text, Options::default()).unwrap();
    }
}

#[test]
fn two_places_in_sequence_or_nested_are_errors() {
    for (text, want) in [
        // Two rules under one name, in sequence.
        (
            ";@ entry a\n;@ capture p = b / c\na = b c\nb = \"b\"\nc = \"c\"\n",
            "capture 'p' is reached from two places of 'a' that can both match one input, \
             a > b (at t.abnf:3:5) and a > c (here)",
        ),
        // One place inside the other.
        (
            ";@ entry a\n;@ capture p = b / c\na = b\nb = \"b\" [c]\nc = \"c\"\n",
            "capture 'p' is reached from two places of 'a' that can both match one input, \
             a > b (at t.abnf:3:5) and a > b > c (here)",
        ),
        // An optional second place.
        (
            ";@ entry a\n;@ capture b\na = b [\"-\" b]\nb = \"b\"\n",
            "a > b (at t.abnf:3:5) and a > b (here)",
        ),
    ] {
        let err = error_of_at("t.abnf", text);
        assert!(err.contains(want), "{err}");
    }
}

fn error_of_at(path: &str, text: &str) -> String {
    compile_str(path, text, Options::default())
        .expect_err("the grammar should be refused")
        .to_string()
}

#[test]
fn core_rules_are_built_in() {
    // No import: DIGIT, ALPHA and HEXDIG (which uses DIGIT) come built in.
    let text = ";@ entry a\na = ALPHA 1*DIGIT HEXDIG\n";
    let c = compile_str("nowhere/t.abnf", text, Options::default()).unwrap();
    let names: Vec<&str> = c.grammar.rules.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["a", "HEXDIG", "DIGIT", "ALPHA"]);
    let path = |f: usize| c.grammar.sources.path(c.grammar.rules[f].span.file);
    assert_eq!(path(1), uridfa_codegen::abnf::CORE_PATH);
    // An `;@ import core.abnf` with no such file beside the grammar reads
    // the built-in rules too.
    let text = ";@ import core.abnf\n;@ entry a\na = 1*DIGIT\n";
    compile_str("nowhere/t.abnf", text, Options::default()).unwrap();
    // A grammar's own definition wins.
    let text = ";@ entry a\na = DIGIT\nDIGIT = \"0\"\n";
    let c = compile_str("t.abnf", text, Options::default()).unwrap();
    assert_eq!(c.grammar.rules.len(), 2);
    assert_eq!(c.grammar.sources.files.len(), 1);
    // Other unknown rules are still errors, located in the grammar.
    let err = error_of_at("t.abnf", ";@ entry a\na = DIGIT digits\n");
    assert!(
        err.contains("t.abnf:2:11: error: unknown rule 'digits'"),
        "{err}"
    );
}

#[test]
fn the_built_in_core_rules_are_grammar_core_abnf() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/core.abnf");
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(text, uridfa_codegen::abnf::CORE_ABNF);
    let g = uridfa_codegen::abnf::parse("core.abnf", &text).unwrap();
    assert_eq!(g.rules.len(), 16);
}

/// RFC 9651 §3.2 and §3.1.2, the rules `sf-dictionary` reaches (bare items
/// cut down to integers and tokens), with every `key` captured.
const RFC9651_KEYS: &str = "\
;@ capture key
sf-dictionary  = dict-member *( OWS \",\" OWS dict-member )
dict-member    = member-key ( parameters / ( \"=\" member-value ))
member-key     = key
member-value   = sf-item / inner-list
sf-item        = bare-item parameters
inner-list     = \"(\" *SP [ sf-item *( 1*SP sf-item ) *SP ] \")\" parameters
parameters     = *( \";\" *SP parameter )
parameter      = param-key [ \"=\" param-value ]
param-key      = key
param-value    = bare-item
key            = ( lcalpha / \"*\" ) *( lcalpha / DIGIT / \"_\" / \"-\" / \".\" / \"*\" )
lcalpha        = %x61-7A
bare-item      = sf-integer / sf-token
sf-integer     = [\"-\"] 1*15DIGIT
sf-token       = ( ALPHA / \"*\" ) *( tchar / \":\" / \"/\" )
tchar          = \"!\" / \"#\" / \"$\" / \"%\" / \"&\" / \"'\" / \"*\" / \"+\" / \"-\" / \".\" /
                 \"^\" / \"_\" / \"`\" / \"|\" / \"~\" / DIGIT / ALPHA
OWS            = *( SP / HTAB )
";

/// A diagnostic names the grammar's own rules, never a generator's
/// internal name (a list region is `*parameters` inside).
#[test]
fn a_repetition_reached_from_two_places_is_named_by_its_rule() {
    let err = uridfa_codegen::driver::compile_str_with_entries(
        "sf.abnf",
        RFC9651_KEYS,
        Options::default(),
        &["sf-dictionary"],
    )
    .map(|_| ())
    .unwrap_err()
    .to_string();
    assert!(!err.contains("'*"), "{err}");
    assert!(
        err.contains(
            "sf.abnf:7:64: error: the repetition in 'parameters', which holds captures, is \
             reached from two places of 'sf-dictionary' that can both match one input"
        ),
        "{err}"
    );
    assert!(
        err.contains("or stop capturing inside the repetition of 'parameters'"),
        "{err}"
    );
}
