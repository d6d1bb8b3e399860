//! The scheme-view family of spec vectors: every row of
//! `tests/data/url_schemes.jsonl` (test vectors as data, one runner per
//! family), the typed per-scheme views of RFC 1738 and
//! draft-ietf-uri-url-06 (`Ftp`, `Http`, `Gopher`, ..., `Other`).
//!
//! A row is one example of §3 of either document (the section numbers
//! and wording of §3 agree in both, and such a row is there for both
//! grammars), or an input built from its prose, template or §5 BNF, with
//! the values the prose states for it (or the BNF, where the two documents
//! differ: host names, character classes, news groups):
//!
//! - `doc`: the document, as its file is named in `../shared/specs`
//!   (`rfc1738-zh` is the Chinese rendering of RFC 1738, whose examples
//!   are in ASCII);
//! - `section`, `grammar` (`rfc1738` or `draft-ietf-uri-url-06`);
//! - `view`: the typed view the input is parsed with (`Ftp`, ...), by its
//!   `parse`, which must agree with its `is_valid`;
//! - `strict`: the input is also parsed by the strict `url` rule
//!   (`Url::parse`), which must give the variant of that view, with the
//!   same values;
//! - `outcome`: `"ok"`, with the `accessors` (accessor name → expected
//!   value: a string, `null` for `None`, a number, a boolean; `cwd` a list
//!   of decoded `<cwd>` arguments and `cwd_encoded` the same as written;
//!   `fields` a list of `[field, value]`; `target` `{"Group": ...}`,
//!   `{"Article": ...}` or `"All"`; `typecode` the `FtpType` variant's
//!   name), or `"error"`: the view rejects the input;
//! - `why`, `note`: the sentence of the document the values come from,
//!   and why a row printed in the document is not found in its text;
//! - `in_doc`: the input is printed in the document; the runner finds it
//!   in the document's text (white space collapsed) when `../shared/specs`
//!   is present, so a typo in the transcription fails.
//!
//! An accessor name the runner does not know fails the row (see
//! [`get!`]). What is not a vector (the trie of strict scheme names
//! checked on generated strings, the strict `url` as the union of the
//! scheme rules, every `<URL:...>` of the documents, bad bytes) stays in
//! `url_family/shared.rs`, `rfc1738_spec.rs` and `url06_spec.rs`.

use crate::common;

use std::collections::BTreeMap;

use common::skip;
use common::spec::SpecText;
use serde_json::{json, Value};
use uridfa::rfc1738::{Fields, FtpType, NewsTarget};

/// An accessor's result as JSON.
trait ToJson {
    fn to_json(self) -> Value;
}

impl ToJson for &str {
    fn to_json(self) -> Value {
        Value::from(self)
    }
}

impl ToJson for bool {
    fn to_json(self) -> Value {
        Value::from(self)
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn to_json(self) -> Value {
        self.map_or(Value::Null, ToJson::to_json)
    }
}

impl ToJson for u16 {
    fn to_json(self) -> Value {
        Value::from(self)
    }
}

impl ToJson for u64 {
    fn to_json(self) -> Value {
        Value::from(self)
    }
}

impl ToJson for FtpType {
    fn to_json(self) -> Value {
        Value::from(format!("{self:?}"))
    }
}

impl ToJson for NewsTarget<'_> {
    fn to_json(self) -> Value {
        match self {
            NewsTarget::All => json!("All"),
            NewsTarget::Group(g) => json!({ "Group": g }),
            NewsTarget::Article(a) => json!({ "Article": a }),
        }
    }
}

impl ToJson for Fields<'_> {
    fn to_json(self) -> Value {
        self.map(|(k, v)| json!([k, v])).collect()
    }
}

/// The decoded `<cwd>` arguments of an FTP URL, as the "CWD" commands of
/// §3.2.2 would carry them.
impl ToJson for uridfa::pct::PathSegments<'_> {
    fn to_json(self) -> Value {
        self.map(|seg| {
            Value::from(String::from_utf8(seg.flatten().copied().collect()).expect("UTF-8"))
        })
        .collect()
    }
}

/// The value of accessor `$name` of `$v`, a parsed `$view` of either
/// grammar (the two modules' views have the same methods), or `None` for
/// a name the view does not have.
macro_rules! get {
    (Ftp, $v:expr, $name:expr) => {
        get!(Ftp, $v, $name,
            [scheme, user, password, host, port, port_u16, port_or_default, path, cwd, name, typecode],
            "cwd_encoded" => $v
                .cwd()
                .map(|s| Value::from(std::str::from_utf8(s.as_encoded()).expect("ASCII")))
                .collect(),
            "typecode_char" => $v.typecode().map_or(Value::Null, |t| Value::from(t.as_char().to_string())))
    };
    (Http, $v:expr, $name:expr) => {
        get!(Http, $v, $name, [scheme, host, port, port_u16, port_or_default, path, search])
    };
    (Gopher, $v:expr, $name:expr) => {
        get!(Gopher, $v, $name, [
            scheme, host, port, port_u16, port_or_default, gophertype,
            gophertype_or_default, selector, search, gopher_plus
        ])
    };
    (Mailto, $v:expr, $name:expr) => {
        get!(Mailto, $v, $name, [scheme, address])
    };
    (News, $v:expr, $name:expr) => {
        get!(News, $v, $name, [scheme, target, group, message_id, is_all])
    };
    (Nntp, $v:expr, $name:expr) => {
        get!(Nntp, $v, $name, [scheme, host, port, port_u16, port_or_default, group, article, article_u64])
    };
    (Telnet, $v:expr, $name:expr) => {
        get!(Telnet, $v, $name, [scheme, user, password, host, port, port_u16, port_or_default])
    };
    (Wais, $v:expr, $name:expr) => {
        get!(Wais, $v, $name, [scheme, host, port, port_u16, port_or_default, database, search, wtype, wpath])
    };
    (File, $v:expr, $name:expr) => {
        get!(File, $v, $name, [scheme, host, path, is_local])
    };
    (Prospero, $v:expr, $name:expr) => {
        get!(Prospero, $v, $name, [scheme, host, port, port_u16, port_or_default, hsoname, fields])
    };
    (Other, $v:expr, $name:expr) => {
        get!(Other, $v, $name, [scheme, schemepart])
    };
    // The accessors named as methods, and the others each with its
    // expression.
    ($view:ident, $v:expr, $name:expr, [$($acc:ident),*] $(, $extra:literal => $e:expr)*) => {
        match $name {
            $(stringify!($acc) => Some($v.$acc().to_json()),)*
            $($extra => Some($e),)*
            _ => None,
        }
    };
}

/// What is wrong with `row` under view `$view` of module `$m`.
macro_rules! check_view {
    ($m:ident, $view:ident, $row:expr) => {{
        use uridfa::$m::{$view, Url};
        let row: &Row = $row;
        let input = row.input.as_str();
        let mut wrong = Vec::new();
        let parsed = $view::parse(input);
        if parsed.is_ok() != $view::is_valid(input.as_bytes()) {
            wrong.push(format!("is_valid {}, parse {parsed:?}", !parsed.is_ok()));
        }
        match (&row.expected, parsed) {
            (Some(want), Ok(v)) => wrong.extend(compare(want, |n| get!($view, v, n))),
            (Some(_), Err(e)) => wrong.push(format!("should parse, got {e}")),
            (None, Ok(_)) => wrong.push("should not parse".to_string()),
            (None, Err(_)) => {}
        }
        if row.strict {
            match (&row.expected, Url::parse(input)) {
                (Some(want), Ok(Url::$view(v))) => wrong.extend(
                    compare(want, |n| get!($view, v, n))
                        .into_iter()
                        .map(|w| format!("Url::parse: {w}")),
                ),
                (_, other) => wrong.push(format!(
                    "Url::parse should give Url::{}, got {other:?}",
                    stringify!($view)
                )),
            }
        }
        wrong
    }};
}

/// What is wrong with `row` in grammar module `$m`.
macro_rules! check_in {
    ($m:ident, $row:expr) => {{
        let row: &Row = $row;
        match row.view.as_str() {
            "Ftp" => check_view!($m, Ftp, row),
            "Http" => check_view!($m, Http, row),
            "Gopher" => check_view!($m, Gopher, row),
            "Mailto" => check_view!($m, Mailto, row),
            "News" => check_view!($m, News, row),
            "Nntp" => check_view!($m, Nntp, row),
            "Telnet" => check_view!($m, Telnet, row),
            "Wais" => check_view!($m, Wais, row),
            "File" => check_view!($m, File, row),
            "Prospero" => check_view!($m, Prospero, row),
            "Other" => check_view!($m, Other, row),
            v => vec![format!("unknown view {v:?}")],
        }
    }};
}

/// The expected values that `get` (accessor name → value, `None` for an
/// unknown name) does not give.
fn compare(want: &BTreeMap<String, Value>, get: impl Fn(&str) -> Option<Value>) -> Vec<String> {
    want.iter()
        .filter_map(|(name, w)| match get(name) {
            None => Some(format!("unknown accessor {name:?}")),
            Some(g) if g != *w => Some(format!("{name}: want {w}, got {g}")),
            Some(_) => None,
        })
        .collect()
}

/// One row of `tests/data/url_schemes.jsonl`, read.
#[derive(Clone, Debug)]
struct Row {
    doc: String,
    section: String,
    grammar: String,
    view: String,
    input: String,
    strict: bool,
    /// The accessors' values, or `None` for an input the view rejects.
    expected: Option<BTreeMap<String, Value>>,
    in_doc: bool,
    line: usize,
}

impl Row {
    fn read(line: usize, text: &str) -> Row {
        let v: Value =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("url_schemes.jsonl:{line}: {e}"));
        let field = |k: &str| -> String {
            v[k].as_str()
                .unwrap_or_else(|| panic!("url_schemes.jsonl:{line}: no {k}"))
                .to_string()
        };
        let expected = match v["outcome"].as_str() {
            Some("ok") => Some(
                v["accessors"]
                    .as_object()
                    .unwrap_or_else(|| panic!("url_schemes.jsonl:{line}: no accessors"))
                    .iter()
                    .map(|(k, x)| (k.clone(), x.clone()))
                    .collect(),
            ),
            Some("error") => None,
            o => panic!("url_schemes.jsonl:{line}: outcome {o:?}"),
        };
        Row {
            doc: field("doc"),
            section: field("section"),
            grammar: field("grammar"),
            view: field("view"),
            input: field("input"),
            strict: v["strict"] == true,
            expected,
            in_doc: v["in_doc"].as_bool().unwrap_or(false),
            line,
        }
    }

    fn shown(&self) -> String {
        format!(
            "url_schemes.jsonl:{} {} {} {} {:?}",
            self.line, self.doc, self.section, self.view, self.input
        )
    }
}

fn rows() -> Vec<Row> {
    include_str!("data/url_schemes.jsonl")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| Row::read(n + 1, l))
        .collect()
}

/// What is wrong with `row`, if anything.
fn check(row: &Row) -> Vec<String> {
    match row.grammar.as_str() {
        "rfc1738" => check_in!(rfc1738, row),
        "draft-ietf-uri-url-06" => check_in!(draft_ietf_uri_url_06, row),
        g => vec![format!("unknown grammar {g:?}")],
    }
}

/// The number of rows per grammar: a row lost from the data fails here.
const ROWS: &[(&str, usize)] = &[("rfc1738", 101), ("draft-ietf-uri-url-06", 111)];

#[test]
fn every_row() {
    let rows = rows();
    let mut failures = Vec::new();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for row in &rows {
        *counts.entry(row.grammar.as_str()).or_default() += 1;
        for why in check(row) {
            failures.push(format!("{}: {why}", row.shown()));
        }
    }
    common::assert_rows_pass(&failures, rows.len());
    for &(grammar, n) in ROWS {
        assert_eq!(counts.get(grammar), Some(&n), "rows of {grammar}");
    }
    assert_eq!(counts.len(), ROWS.len(), "grammars: {counts:?}");
    eprintln!("url_schemes.jsonl: {} rows pass ({counts:?})", rows.len());
}

#[test]
fn rows_printed_in_the_documents_are_there() {
    let rows = rows();
    let mut texts: BTreeMap<&str, Option<SpecText>> = BTreeMap::new();
    let mut checked = 0;
    for row in rows.iter().filter(|r| r.in_doc) {
        let text = texts
            .entry(row.doc.as_str())
            .or_insert_with(|| SpecText::read(&row.doc));
        let Some(text) = text else { continue };
        assert!(
            text.contains(&row.input),
            "{}: not found in {}.txt",
            row.shown(),
            row.doc
        );
        checked += 1;
    }
    if texts.values().any(Option::is_none) {
        skip::note(format_args!(
            "SKIPPED in part: {checked} url_schemes.jsonl rows found in their documents, the others' documents are missing"
        ));
    } else {
        assert_eq!(checked, 17, "rows marked in_doc");
    }
}

#[test]
fn a_changed_row_fails() {
    // The runner can fail: a changed expected value, a misspelt accessor,
    // an ok row turned into an error row, and a view the row does not
    // name.
    let rows = rows();
    let row = rows
        .iter()
        .find(|r| r.expected.as_ref().is_some_and(|e| e.contains_key("host")))
        .expect("a row with a host");
    let mut changed = row.clone();
    let want = changed.expected.as_mut().unwrap();
    want.insert("host".into(), json!("other.host"));
    assert!(!check(&changed).is_empty(), "{}", changed.shown());
    let mut misspelt = row.clone();
    let want = misspelt.expected.as_mut().unwrap();
    let v = want.remove("host").unwrap();
    want.insert("hots".into(), v);
    assert!(
        check(&misspelt)
            .iter()
            .any(|w| w.contains("unknown accessor \"hots\"")),
        "{}",
        misspelt.shown()
    );
    let mut error = row.clone();
    error.expected = None;
    assert!(!check(&error).is_empty(), "{}", error.shown());
    let mut view = row.clone();
    view.view = "Fpt".into();
    assert!(!check(&view).is_empty(), "{}", view.shown());
}
