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
fn accessor_shapes_agree_over_the_viewed_entries() {
    let text = format!("{BASE};@ view d = Date\n;@ view e = Short\n;@ accessor year = y\n");
    let c = compile_str("grammar/t.abnf", &text, Options::default()).unwrap();
    // `d` always has `y`; `e` may not: over both, only `m` is always set.
    assert_eq!(view::always(&c, &["d"]), vec![true, true]);
    assert_eq!(view::always(&c, &["d", "e"]), vec![false, true]);
    let file = view::views_file(&c, "grammar/t.abnf").unwrap().unwrap();
    assert!(file.contains("pub struct Date<'a>"), "{file}");
    assert!(file.contains("pub struct Short<'a>"), "{file}");
    assert!(
        file.contains("pub fn year(&self) -> ::core::option::Option<&'a str>"),
        "{file}"
    );
    assert!(file.contains("pub fn m(&self) -> &'a str"), "{file}");
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
    // `Debug` still names every capture.
    assert!(
        short.contains(".field(\"z\", &self.parts.get(2usize))"),
        "{short}"
    );
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

/// `;@ methods` (Note [methods files]): a file that says `__VIEW__` is
/// written once per view, with the placeholders replaced; any other file
/// once; a missing file, Rust that does not parse and a path outside
/// `methods/` are errors at the pragma.
#[test]
fn methods_files() {
    let dir = std::env::temp_dir().join(format!("uridfa-methods-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("methods")).unwrap();
    std::fs::write(
        dir.join("methods/each.rs"),
        "impl __VIEW__<'_> {\n    /// In `__MODULE__`, like [`__REF__`].\n    pub fn which(&self) -> &'static str {\n        \"__VIEW__\"\n    }\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("methods/once.rs"),
        "pub const MODULE: &str = \"__MODULE__\";\n",
    )
    .unwrap();
    std::fs::write(dir.join("methods/bad.rs"), "impl {\n").unwrap();
    let path = dir.join("t.abnf");
    let grammar = |methods: &str| {
        let text = format!("{BASE};@ view d = Date\n;@ view e = Short\n{methods}");
        std::fs::write(&path, &text).unwrap();
        uridfa_codegen::driver::compile_file(&path, Options::default()).unwrap()
    };
    let c = grammar(";@ methods \"methods/each.rs\"\n;@ methods \"methods/once.rs\"\n");
    let file = view::views_file(&c, "grammar/t.abnf").unwrap().unwrap();
    assert_eq!(file.matches("pub fn which(&self)").count(), 2, "{file}");
    assert!(file.contains("\"Date\""), "{file}");
    assert!(file.contains("\"Short\""), "{file}");
    assert!(
        !file.contains("__VIEW__") && !file.contains("__MODULE__"),
        "{file}"
    );
    assert_eq!(
        file.matches("/// In `t`, like [`Date`].").count(),
        2,
        "{file}"
    );
    assert_eq!(
        file.matches("pub const MODULE: &str = \"t\";").count(),
        1,
        "{file}"
    );

    let c = grammar(";@ methods \"methods/missing.rs\"\n");
    let err = view::views_file(&c, "grammar/t.abnf").unwrap_err();
    assert!(
        matches!(err, view::ViewsFileError::MethodsRead { .. }),
        "{err:?}"
    );
    let source = std::error::Error::source(&err).expect("the I/O error");
    assert!(source.is::<std::io::Error>());
    let e = err.to_string();
    assert!(
        e.contains("t.abnf:9:1: error: cannot read") && e.contains("missing.rs"),
        "{e}"
    );
    let c = grammar(";@ methods \"methods/bad.rs\"\n");
    let e = view::views_file(&c, "grammar/t.abnf")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("bad.rs: error:") && e.contains("t.abnf:9:1"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();

    assert_eq!(
        first_error(";@ methods \"../x.rs\"\na = \"x\"\n"),
        "grammar/t.abnf:1:12: error: a methods file is \"methods/NAME.rs\" beside the grammar, \
         found \"../x.rs\" (build.rs's fingerprint covers that directory)"
    );
    assert_eq!(
        first_error(";@ methods methods/x.rs\na = \"x\"\n"),
        "grammar/t.abnf:1:12: error: expected a file in double quotes, e.g. \"methods/generic_syntax.rs\""
    );
}
