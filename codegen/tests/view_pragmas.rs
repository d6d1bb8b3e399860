//! The `;@ view` and `;@ accessor` pragmas (grammar/README.md): what they
//! record, their `file:line:col` errors, and the view they make
//! `uridfa_codegen::emit::view` write.

use uridfa_codegen::abnf::parse;
use uridfa_codegen::driver::{compile_str, Options};
use uridfa_codegen::emit::view;

/// The first rendered error line of `text` as `grammar/t.abnf`.
fn first_error(text: &str) -> String {
    match parse("grammar/t.abnf", text) {
        Ok(_) => panic!("expected errors for {text:?}"),
        Err(e) => e.to_string().lines().next().unwrap_or("").to_owned(),
    }
}

const BASE: &str =
    ";@ entry d e\n;@ capture y m\nd = y \"-\" m\ne = [ y ] m\ny = 4DIGIT\nm = 2DIGIT\n";

#[test]
fn pragmas_are_recorded() {
    let text =
        format!("{BASE};@ view d = Date \"1985-04; x\"\n;@ view e=Short\n;@ accessor year = y\n");
    let g = parse("grammar/t.abnf", &text).unwrap();
    assert_eq!(g.views.len(), 2);
    assert_eq!(
        (g.views[0].rule.as_str(), g.views[0].name.as_str()),
        ("d", "Date")
    );
    // The quoted example keeps its `;` and blank.
    assert_eq!(g.views[0].example.as_deref(), Some("1985-04; x"));
    assert_eq!(
        (g.views[1].rule.as_str(), g.views[1].name.as_str()),
        ("e", "Short")
    );
    assert_eq!(g.views[1].example, None);
    assert_eq!(g.accessors.len(), 1);
    assert_eq!(
        (
            g.accessors[0].name.as_str(),
            g.accessors[0].capture.as_str()
        ),
        ("year", "y")
    );
}

#[test]
fn errors_point_at_the_pragma() {
    let e = first_error(&format!("{BASE};@ view x = Year\n"));
    assert_eq!(e, "grammar/t.abnf:7:9: error: unknown rule 'x'");
    let e = first_error(&format!("{BASE};@ view d = date\n"));
    assert!(
        e.starts_with("grammar/t.abnf:7:13: error: expected a type name"),
        "{e}"
    );
    let e = first_error(&format!("{BASE};@ view d = Date\n;@ view D = Other\n"));
    assert!(
        e.starts_with(
            "grammar/t.abnf:8:9: error: duplicate view of 'D' (first at grammar/t.abnf:7:9)"
        ),
        "{e}"
    );
    let e = first_error(&format!("{BASE};@ view d = Date\n;@ view e = Date\n"));
    assert!(
        e.starts_with("grammar/t.abnf:8:13: error: duplicate view type 'Date'"),
        "{e}"
    );
    let e = first_error(&format!("{BASE};@ view d Date\n"));
    assert_eq!(
        e,
        "grammar/t.abnf:7:11: error: expected 'view RULE = TypeName [\"example\"]'"
    );
    let e = first_error(&format!("{BASE};@ view d = Date \"open\n"));
    assert!(
        e.starts_with("grammar/t.abnf:7:18: error: expected an example in double quotes"),
        "{e}"
    );
    let e = first_error(&format!("{BASE};@ accessor year = x\n"));
    assert_eq!(
        e,
        "grammar/t.abnf:7:20: error: accessor for 'x', which is no capture; declare it with ';@ capture'"
    );
    let e = first_error(&format!("{BASE};@ accessor Year = y\n"));
    assert!(
        e.starts_with("grammar/t.abnf:7:13: error: expected an accessor name"),
        "{e}"
    );
    let e = first_error(&format!("{BASE};@ accessor a = y\n;@ accessor a = m\n"));
    assert!(
        e.starts_with("grammar/t.abnf:8:13: error: duplicate accessor 'a'"),
        "{e}"
    );
}

#[test]
fn accessor_shapes_follow_each_entry() {
    let text = format!("{BASE};@ view d = Date\n;@ view e = Short\n;@ accessor year = y\n");
    let c = compile_str("grammar/t.abnf", &text, Options::default()).unwrap();
    // `d` always has `y`; `e` may not: each view is shaped by its entry.
    assert_eq!(view::always(&c, &["d"]), vec![true, true]);
    assert_eq!(view::always(&c, &["d", "e"]), vec![false, true]);
    let file = view::views_file(&c, "grammar/t.abnf").unwrap().unwrap();
    let (date, short) = file.split_once("pub struct Short<'a>").unwrap();
    assert!(date.contains("pub struct Date<'a>"), "{file}");
    assert!(date.contains("pub fn year(&self) -> &'a str"), "{date}");
    assert!(
        short.contains("pub fn year(&self) -> ::core::option::Option<&'a str>"),
        "{short}"
    );
    assert!(short.contains("pub fn m(&self) -> &'a str"), "{short}");
    // A grammar without `;@ view` gets no views file.
    let c = compile_str("grammar/t.abnf", BASE, Options::default()).unwrap();
    assert_eq!(view::views_file(&c, "grammar/t.abnf").unwrap(), None);
}

#[test]
fn a_view_names_an_entry() {
    let text = format!("{BASE};@ view y = Year\n");
    let c = compile_str("grammar/t.abnf", &text, Options::default()).unwrap();
    let e = view::views_file(&c, "grammar/t.abnf")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "grammar/t.abnf:7:9: error: view of 'y', which is no entry; name it in ';@ entry' first"
    );
}

#[test]
fn two_captures_cannot_share_an_accessor() {
    let text = format!("{BASE};@ view d = Date\n;@ accessor m = y\n");
    let c = compile_str("grammar/t.abnf", &text, Options::default()).unwrap();
    let e = view::views_file(&c, "grammar/t.abnf")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "grammar/t.abnf: captures 'y' and 'm' would both give the accessor `m`; rename one \
         with ';@ accessor NAME = CAPTURE'"
    );
}

#[test]
fn separate_views_have_their_entrys_accessors() {
    // `e` cannot reach `z`; `d` always sets `y`, `e` may not.
    let text = ";@ entry d e\n;@ capture y m z\n;@ views separate\n;@ view d = Long\n\
                ;@ view e = Short\nd = y \"-\" m [ z ]\ne = [ y ] m\ny = 4DIGIT\nm = 2DIGIT\n\
                z = \"Z\"\n";
    let c = compile_str("grammar/t.abnf", text, Options::default()).unwrap();
    assert!(c.grammar.views_separate);
    assert_eq!(view::reaches(&c, "e"), vec![true, true, false]);
    let file = view::views_file(&c, "grammar/t.abnf").unwrap().unwrap();
    let (long, short) = file.split_once("pub struct Short").unwrap();
    assert!(long.contains("pub fn y(&self) -> &'a str"), "{long}");
    assert!(
        long.contains("pub fn z(&self) -> ::core::option::Option<&'a str>"),
        "{long}"
    );
    assert!(
        short.contains("pub fn y(&self) -> ::core::option::Option<&'a str>"),
        "{short}"
    );
    assert!(!short.contains("pub fn z("), "{short}");
    // `Debug` names what the view has; `View::PRESENCE` says why.
    assert!(!short.contains(".field(\"z\""), "{short}");
    let flat: String = short.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "const PRESENCE: &'static [crate::view::Presence] = &[ crate::view::Presence::Sometimes, \
             crate::view::Presence::Always, crate::view::Presence::Never, ];"
        ),
        "{flat}"
    );
    // Without `;@ views separate`, the same shapes: each view is shaped by
    // its own entry.
    let shared = text.replace(";@ views separate\n", "");
    let c = compile_str("grammar/t.abnf", &shared, Options::default()).unwrap();
    let body = |f: &str| f.split_once('\n').map(|(_, b)| b.to_owned());
    let again = view::views_file(&c, "grammar/t.abnf").unwrap().unwrap();
    // The header names the grammar file's hash; the views are the same.
    assert_eq!(body(&again), body(&file));
}

#[test]
fn views_pragma_errors() {
    let e = first_error(&format!("{BASE};@ views apart\n"));
    assert_eq!(
        e,
        "grammar/t.abnf:7:10: error: expected 'separate' or 'shared' after 'views', found 'apart'"
    );
    let e = first_error(&format!("{BASE};@ views\n"));
    assert!(
        e.starts_with("grammar/t.abnf:7:9: error: expected 'separate' or 'shared' after 'views'"),
        "{e}"
    );
}

/// `;@ methods` pasted text templates into the views; it is gone (Note
/// [methods beside the views]), and says where such Rust goes.
#[test]
fn methods_pragma_is_gone() {
    let e = first_error(";@ methods \"methods/x.rs\"\na = \"x\"\n");
    assert!(
        e.starts_with(
            "grammar/t.abnf:1:1: error: ';@ methods' is gone: write what a document adds"
        ) && e.contains("`uridfa::View`"),
        "{e}"
    );
}
