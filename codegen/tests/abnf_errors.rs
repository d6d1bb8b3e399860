//! Error reporting of the ABNF front end: one test per error class, each
//! asserting the full rendered text (`path:line:col`, excerpt and caret).

use std::fs;
use std::path::PathBuf;

use uridfa_codegen::abnf::{load, parse};

/// Parses `text` as `grammar/t.abnf` and renders the errors: the file's
/// own, or else the problems of its rules, as the whole-file check
/// (`lint --all-rules`) reports them.
fn errors(text: &str) -> String {
    match parse("grammar/t.abnf", text) {
        Ok(g) => match g.check_all_rules() {
            Ok(()) => panic!("expected errors for {text:?}"),
            Err(e) => e.to_string(),
        },
        Err(e) => e.to_string(),
    }
}

/// A fresh directory for files that imports read.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uridfa-abnf-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn syntax_expected_defined_as() {
    assert_eq!(
        errors("a = \"x\"\nfoo bar\n"),
        "\
grammar/t.abnf:2:5: error: expected '=' or '=/' after rule name, found 'b'
  |
2 | foo bar
  |     ^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn syntax_unclosed_group() {
    assert_eq!(
        errors("a = \"x\" ( \"y\" / \"z\"\n"),
        "\
grammar/t.abnf:1:9: error: unclosed '('
  |
1 | a = \"x\" ( \"y\" / \"z\"
  |         ^

error: 1 error in grammar/t.abnf"
    );
    assert_eq!(
        errors("a = [ \"x\" ) \n"),
        "\
grammar/t.abnf:1:11: error: expected an element, '/' or ']', found ')'
  |
1 | a = [ \"x\" ) 
  |           ^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn syntax_unterminated_string() {
    assert_eq!(
        errors("a = \"abc\nb = \"x\"\n"),
        "\
grammar/t.abnf:1:5: error: unterminated quoted string
  |
1 | a = \"abc
  |     ^^^^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn syntax_numeric_values() {
    assert_eq!(
        errors("a = %xZZ\nb = %q\nc = %d12-\n"),
        "\
grammar/t.abnf:1:7: error: expected hexadecimal digit after '%x', found 'Z'
  |
1 | a = %xZZ
  |       ^

grammar/t.abnf:2:6: error: expected 'x', 'd', 'b', 's' or 'i' after '%', found 'q'
  |
2 | b = %q
  |      ^

grammar/t.abnf:3:10: error: expected decimal digit after '-', found end of line
  |
3 | c = %d12-
  |          ^

error: 3 errors in grammar/t.abnf"
    );
}

#[test]
fn syntax_indented_and_stray() {
    assert_eq!(
        errors("; comment\n  a = b\n) = x\n"),
        "\
grammar/t.abnf:2:3: error: indented line continues no rule; a rule must start in column 1
  |
2 |   a = b
  |   ^

grammar/t.abnf:3:1: error: expected a rule name, found ')'
  |
3 | ) = x
  | ^

error: 2 errors in grammar/t.abnf"
    );
}

#[test]
fn unknown_rule() {
    assert_eq!(
        errors("host = foo / \"x\"\n"),
        "\
grammar/t.abnf:1:8: error: unknown rule 'foo'
  |
1 | host = foo / \"x\"
  |        ^^^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn unknown_rule_in_pragmas() {
    assert_eq!(
        errors(
            ";@ entry a nope\n;@ capture p = a / gone\n;@ kind h = missing\n;@ capture h\na = \"x\"\nh = a\n"
        ),
        "\
grammar/t.abnf:1:12: error: unknown rule 'nope'
  |
1 | ;@ entry a nope
  |            ^^^^

grammar/t.abnf:2:20: error: unknown rule 'gone'
  |
2 | ;@ capture p = a / gone
  |                    ^^^^

grammar/t.abnf:3:13: error: unknown rule 'missing'
  |
3 | ;@ kind h = missing
  |             ^^^^^^^

error: 3 errors in grammar/t.abnf"
    );
}

#[test]
fn duplicate_rule() {
    assert_eq!(
        errors("host = \"a\"\nport = \"1\"\nHost = \"b\"\n"),
        "\
grammar/t.abnf:3:1: error: duplicate rule 'Host' (first defined at grammar/t.abnf:1:1)
  |
3 | Host = \"b\"
  | ^^^^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn duplicate_rule_across_import() {
    let dir = temp_dir("dup");
    fs::write(dir.join("core.abnf"), "; core\nDIGIT = %x30-39\n").unwrap();
    let main = dir.join("main.abnf");
    fs::write(&main, ";@ import core.abnf\nx = DIGIT\ndigit = \"0\"\n").unwrap();
    let err = load(&main).unwrap_err().to_string();
    let m = main.display();
    let c = dir.join("core.abnf");
    let c = c.display();
    assert_eq!(
        err,
        format!(
            "\
{m}:3:1: error: duplicate rule 'digit' (first defined at {c}:2:1)
  |
3 | digit = \"0\"
  | ^^^^^

error: 1 error in {m}"
        )
    );
}

#[test]
fn recursion_reported_once_per_cycle() {
    // `c = c "y"` is left-linear, so regular: it compiles (Note [regular
    // recursion]). `a -> b -> a` embeds `a` between "(" and ")".
    assert_eq!(
        errors("a = \"x\" b\nb = \"(\" a \")\" / c\nc = c \"y\"\n"),
        "\
grammar/t.abnf:2:9: error: rule 'b' is recursive: b -> a -> b; its reference to 'a' here has \
input on both sides, so 'b' nests, which no finite automaton matches; accept a bounded nesting \
with ';@ depth b N' (e.g. N = 3)
  |
2 | b = \"(\" a \")\" / c
  |         ^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn prose_value() {
    assert_eq!(
        errors("a = <any character> / \"x\"\n"),
        "\
grammar/t.abnf:1:5: error: prose value <any character> cannot be compiled; write the rule in ABNF
  |
1 | a = <any character> / \"x\"
  |     ^^^^^^^^^^^^^^^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn prose_under_zero_repetition_is_empty() {
    use uridfa_codegen::abnf::NodeKind;
    let g = parse("t.abnf", "path-empty = 0<pchar>\nb = 0*0( <x> / \"y\" )\n").unwrap();
    for name in ["path-empty", "b"] {
        let rule = g.rule(name).unwrap();
        assert_eq!(rule.node.kind, NodeKind::Concat(vec![]), "{name}");
    }
    // The span still covers `0<pchar>`.
    let span = g.rule("path-empty").unwrap().node.span;
    assert_eq!(&g.sources.files[0].text[span.start..span.end], "0<pchar>");
}

#[test]
fn repeat_min_greater_than_max() {
    assert_eq!(
        errors("a = 3*2\"x\"\n"),
        "\
grammar/t.abnf:1:5: error: repeat '3*2' has minimum 3 greater than maximum 2
  |
1 | a = 3*2\"x\"
  |     ^^^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn range_lo_greater_than_hi() {
    assert_eq!(
        errors("a = %x5A-41\n"),
        "\
grammar/t.abnf:1:5: error: empty range %x5A-41: %x5A is greater than %x41
  |
1 | a = %x5A-41
  |     ^^^^^^^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn value_above_byte_without_charset() {
    assert_eq!(
        errors("a = %x41.100 / %d256-300\n"),
        "\
grammar/t.abnf:1:10: error: value %x100 is above %xFF; add ';@ charset utf-8' to use code points
  |
1 | a = %x41.100 / %d256-300
  |          ^^^

grammar/t.abnf:1:18: error: value %d256 is above %xFF; add ';@ charset utf-8' to use code points
  |
1 | a = %x41.100 / %d256-300
  |                  ^^^

grammar/t.abnf:1:22: error: value %d300 is above %xFF; add ';@ charset utf-8' to use code points
  |
1 | a = %x41.100 / %d256-300
  |                      ^^^

error: 3 errors in grammar/t.abnf"
    );
    let g = parse("t.abnf", ";@ charset utf-8\na = %x41.100 / %xA0-D7FF\n").unwrap();
    assert!(g.utf8);
}

#[test]
fn value_above_unicode_always() {
    assert_eq!(
        errors(";@ charset utf-8\na = %x110000 / %xD800\n"),
        "\
grammar/t.abnf:2:7: error: value %x110000 is above %x10FFFF, the largest code point
  |
2 | a = %x110000 / %xD800
  |       ^^^^^^

grammar/t.abnf:2:18: error: value %xD800 is a surrogate, not a character
  |
2 | a = %x110000 / %xD800
  |                  ^^^^

error: 2 errors in grammar/t.abnf"
    );
}

#[test]
fn missing_import() {
    let dir = temp_dir("missing");
    let main = dir.join("main.abnf");
    fs::write(&main, ";@ import nope.abnf ; the core rules\na = \"x\"\n").unwrap();
    let m = main.display();
    assert_eq!(
        load(&main).unwrap_err().to_string(),
        format!(
            "\
{m}:1:11: error: cannot read import 'nope.abnf': No such file or directory (os error 2)
  |
1 | ;@ import nope.abnf ; the core rules
  |           ^^^^^^^^^

error: 1 error in {m}"
        )
    );
}

#[test]
fn import_cycle() {
    let dir = temp_dir("cycle");
    let a = dir.join("a.abnf");
    let b = dir.join("b.abnf");
    fs::write(&a, ";@ import b.abnf\nx = y\n").unwrap();
    fs::write(&b, "y = \"1\"\n;@ import a.abnf\n").unwrap();
    let (ad, bd) = (a.display(), b.display());
    assert_eq!(
        load(&a).unwrap_err().to_string(),
        format!(
            "\
{bd}:2:11: error: import cycle: {ad} -> {bd} -> {ad}
  |
2 | ;@ import a.abnf
  |           ^^^^^^

error: 1 error in {ad}"
        )
    );
    // A file imported twice (not a cycle) is read once.
    let c = dir.join("c.abnf");
    fs::write(&c, ";@ import b2.abnf\n;@ import b2.abnf\nx = y\n").unwrap();
    fs::write(dir.join("b2.abnf"), "y = \"1\"\n").unwrap();
    assert_eq!(load(&c).unwrap().rules.len(), 2);
}

#[test]
fn an_imported_files_pragmas_stay_its_own() {
    // `lib.abnf` is a grammar of its own (entry, capture, view): the
    // importer takes its rules, not its pragmas (RFC 8089 imports
    // `rfc3986.abnf` so).
    let dir = temp_dir("imported-pragmas");
    let lib = dir.join("lib.abnf");
    fs::write(
        &lib,
        ";@ entry y\n;@ capture z\n;@ view y = Y\n;@ import more.abnf\ny = z\n",
    )
    .unwrap();
    fs::write(dir.join("more.abnf"), "z = \"1\"\n").unwrap();
    let main = dir.join("main.abnf");
    fs::write(&main, ";@ import lib.abnf\n;@ entry w\nw = y \"2\"\n").unwrap();
    let g = load(&main).unwrap();
    let entries: Vec<&str> = g.entries.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(entries, ["w"]);
    assert!(g.captures.is_empty() && g.views.is_empty());
    assert!(
        g.rules.iter().any(|r| r.name == "z"),
        "the imported rules are defined"
    );
}

#[test]
fn unreadable_main_file() {
    let dir = temp_dir("unreadable");
    let p = dir.join("absent.abnf");
    let d = p.display();
    assert_eq!(
        load(&p).unwrap_err().to_string(),
        format!(
            "\
{d}: error: cannot read grammar file: No such file or directory (os error 2)

error: 1 error in {d}"
        )
    );
}

#[test]
fn invalid_utf8() {
    let dir = temp_dir("utf8");
    let p = dir.join("bad.abnf");
    fs::write(&p, b"; caf\xE9\na = \"x\" \xFF\n").unwrap();
    let d = p.display();
    assert_eq!(
        load(&p).unwrap_err().to_string(),
        format!(
            "\
{d}:1:6: error: invalid UTF-8 (bytes 0xE9)
  |
1 | ; caf\u{FFFD}
  |      ^

{d}:2:9: error: invalid UTF-8 (bytes 0xFF)
  |
2 | a = \"x\" \u{FFFD}
  |         ^

{d}:2:9: error: expected an element, '/' or end of rule, found '\u{FFFD}' (U+FFFD)
  |
2 | a = \"x\" \u{FFFD}
  |         ^

error: 3 errors in {d}"
        )
    );
}

#[test]
fn unknown_pragma() {
    assert_eq!(
        errors(";@ start a ; the entry\n;@\na = \"x\"\n"),
        "\
grammar/t.abnf:1:4: error: unknown pragma 'start'; expected import, entry, component, capture, kind, kind-after, charset, encode-set, view, views, accessor, title, marker, family, depth, deny or allow
  |
1 | ;@ start a ; the entry
  |    ^^^^^

grammar/t.abnf:2:3: error: expected a pragma name after ';@' (import, entry, component, capture, kind, kind-after, charset, encode-set, view, views, accessor, title, marker, family, depth, deny or allow)
  |
2 | ;@
  |   ^

error: 2 errors in grammar/t.abnf"
    );
}

#[test]
fn pragma_errors() {
    assert_eq!(
        errors(";@ charset latin1\n;@ kind h = a\n;@ capture x = a b\na = \"x\"\n"),
        "\
grammar/t.abnf:1:12: error: unknown charset 'latin1'; the only charset is 'utf-8'
  |
1 | ;@ charset latin1
  |            ^^^^^^

grammar/t.abnf:2:9: error: kind 'h' names no capture; declare it with ';@ capture h'
  |
2 | ;@ kind h = a
  |         ^

grammar/t.abnf:3:18: error: expected '/' between rule names, found 'b'
  |
3 | ;@ capture x = a b
  |                  ^

error: 3 errors in grammar/t.abnf"
    );
}

#[test]
fn incremental_alternative_for_undefined_rule() {
    assert_eq!(
        errors("b = \"y\"\na =/ b\n"),
        "\
grammar/t.abnf:2:1: error: '=/' adds to rule 'a', which is not defined before it
  |
2 | a =/ b
  | ^

error: 1 error in grammar/t.abnf"
    );
}

#[test]
fn many_errors_in_one_pass() {
    let text = "\
;@ entry uri-ref
uri = scheme \":\" rest
scheme = ALPHA *( ALPHA / DIGIT
rest = <anything>
rest = \"x\"
loop = \"a\" loop \"b\"
";
    // The file's own errors in one pass; the problems of its rules (the
    // prose value, the recursion) are errors only where an entry reaches
    // them, so they are not among them.
    assert_eq!(
        errors(text),
        "\
grammar/t.abnf:1:10: error: unknown rule 'uri-ref'
  |
1 | ;@ entry uri-ref
  |          ^^^^^^^

grammar/t.abnf:3:17: error: unclosed '('
  |
3 | scheme = ALPHA *( ALPHA / DIGIT
  |                 ^

grammar/t.abnf:5:1: error: duplicate rule 'rest' (first defined at grammar/t.abnf:4:1)
  |
5 | rest = \"x\"
  | ^^^^

error: 3 errors in grammar/t.abnf"
    );
    let fixed = text
        .replace(";@ entry uri-ref", ";@ entry uri")
        .replace("DIGIT\n", "DIGIT )\n");
    let fixed = fixed.replace("rest = \"x\"\n", "");
    let all = errors(&fixed);
    assert!(
        all.contains("4:8: error: prose value <anything> cannot be compiled")
            && all.contains("error: rule 'loop' is recursive")
            && all.contains("error: 2 errors in grammar/t.abnf"),
        "{all}"
    );
}

/// Inputs that once looked dangerous: each must give an error or a grammar,
/// never a panic.
#[test]
fn hostile_inputs_do_not_panic() {
    let long = format!("a = {}\n", "\"x\" ".repeat(20_000));
    let deep = format!("a = {}\"x\"{}\n", "(".repeat(10_000), ")".repeat(10_000));
    let chain: String = (0..5_000).map(|i| format!("r{i} = r{}\n", i + 1)).collect();
    let cycle = format!("{chain}r5000 = r0\n");
    let inputs: Vec<&str> = vec![
        "",
        "%",
        "%x",
        "%xZZ",
        "\"",
        "(",
        "1*",
        "a",
        "a =",
        "a = %",
        "a = %x",
        "a = %xZZ",
        "a = \"",
        "a = (",
        "a = 1*",
        "a = [",
        "a = )",
        "a = <",
        "a = %s",
        "a = %i\"",
        "a = %x41-",
        "a = %x41.",
        "a = 99999999999999999999\"x\"",
        "a = %x99999999999999999999",
        "\0",
        "a = \0",
        "a\0= \"x\"",
        "\r",
        "a = \"x\"\r",
        "a = \"x\"\r\r\n",
        ";@",
        ";@ import",
        ";@ import /",
        ";@ entry =",
        ";@ capture = = /",
        ";@ kind",
        ";@ kind a =",
        "é = \"x\"",
        "a = \"é\"",
        "a = <é",
        "a = 2é",
        ";@ capture é",
        "\t\t\n  \n",
        "a = b\n\tb",
        &long,
        &deep,
        &chain,
        &cycle,
    ];
    for text in inputs {
        let _ = parse("t.abnf", text).map_err(|e| e.to_string());
    }
}

#[test]
fn title_pragma() {
    // The title is one word in double quotes; it may hold blanks.
    let g = uridfa_codegen::abnf::parse(
        "grammar/t.abnf",
        ";@ title \"A test grammar, v2.\"\n;@ entry a\na = \"x\"\n",
    )
    .unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(g.title.as_deref(), Some("A test grammar, v2."));
    assert_eq!(
        errors(";@ title plain\n;@ title\n;@ title \"a\" \"b\"\na = \"x\"\n"),
        "\
grammar/t.abnf:1:10: error: expected the title in double quotes, e.g. \"URI Generic Syntax\"
  |
1 | ;@ title plain
  |          ^^^^^

grammar/t.abnf:2:9: error: expected the title in double quotes after 'title'
  |
2 | ;@ title
  |         ^

grammar/t.abnf:3:14: error: unexpected '\"b\"' after the title
  |
3 | ;@ title \"a\" \"b\"
  |              ^^^

error: 3 errors in grammar/t.abnf"
    );
}

/// Note [what an entry must reach]: recursive, undefined and prose rules
/// that an entry does not reach are no error for it; one that it reaches is.
#[test]
fn only_what_the_entry_reaches_must_compile() {
    use uridfa_codegen::driver::{compile_str_with_entries, Options};
    let text = "r = \"x\" r \"y\"\nc = \"y\"\nu = undefined\np = <prose>\n";
    let c = compile_str_with_entries("t.abnf", text, Options::default(), &["c"]).unwrap();
    assert_eq!(c.machines.len(), 1);
    assert_eq!(c.machines[0].lowered.rule, "c");
    let user = "d = c / u\n".to_string() + text;
    let e = compile_str_with_entries("t.abnf", &user, Options::default(), &["d"])
        .unwrap_err()
        .to_string();
    assert!(e.contains("error: unknown rule 'undefined'"), "{e}");
    assert_eq!(e.matches("error:").count(), 2, "{e}");
    let e = compile_str_with_entries("t.abnf", text, Options::default(), &["p"])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("error: prose value <prose> cannot be compiled"),
        "{e}"
    );
    let e = compile_str_with_entries("t.abnf", text, Options::default(), &["r"])
        .unwrap_err()
        .to_string();
    assert!(e.contains("error: rule 'r' is recursive"), "{e}");
}

#[test]
fn unknown_family() {
    let e = errors(";@ entry a\n;@ family hierarchy\na = \"x\"\n");
    assert!(
        e.contains(
            "grammar/t.abnf:2:11: error: unknown family 'hierarchy'; the families are: generic, url, older"
        ),
        "{e}"
    );
    let e = errors(";@ entry a\n;@ family\na = \"x\"\n");
    assert!(e.contains("expected a family name after 'family'"), "{e}");
}
