//! The parse family of spec vectors: every row of `tests/data/parse.jsonl`
//! (test vectors as data, one runner per family).
//!
//! A row is one example typed in from a document, or derived by hand from
//! the document's grammar, with the section it comes from:
//!
//! - `doc`: the document, as its file is named in `../shared/specs`;
//! - `section`: where the example or the rule is;
//! - `grammar`, `rule`: the uridfa grammar module and the entry rule;
//! - `input` (or `input_bytes`, an array of octets, for input that is
//!   not UTF-8);
//! - `outcome`: `"ok"`, with the `components` the row states (a `null`
//!   component must be absent; components the row does not name are not
//!   checked), or `"error"` with the error's `offset` (the first byte that
//!   cannot continue any match of the rule, or the input's length when
//!   the input stops short: `uridfa::Error::offset`'s contract) and, where
//!   the row states it, the error's `component`;
//! - `why` and `note`: the derivation, as the tests that held these rows
//!   as Rust literals spelled it out;
//! - `in_doc`: the input is printed in the document; the runner finds it
//!   in the document's text (white space collapsed) when `../shared/specs`
//!   is present, so a typo in the transcription fails.
//!
//! Every row is also checked for agreement between the validating and the
//! splitting machines (`is_valid` against `parse`), and a few grammars add
//! what their old helpers checked: RFC 3987 parses `parse` and
//! `parse_bytes` alike and reports errors on character boundaries; the
//! URN grammars check their second entry rule (`assigned-name`,
//! `assigned-urn`) against the first.

use crate::common;

use std::collections::BTreeMap;

use common::skip;
use common::spec::SpecText;
use serde_json::{json, Value};

/// The components a view reports, by accessor name.
type Comps = BTreeMap<&'static str, Value>;

/// What one row's input gives under its rule.
struct Outcome {
    /// `is_valid` of the rule.
    valid: bool,
    /// The components, or the error.
    parsed: Result<Comps, Failure>,
}

/// A rejection: the error's offset, component and message.
#[derive(Debug)]
struct Failure {
    offset: usize,
    component: Option<&'static str>,
    message: String,
}

impl From<uridfa::Error> for Failure {
    fn from(e: uridfa::Error) -> Failure {
        Failure {
            offset: e.offset(),
            component: e.component(),
            message: e.to_string(),
        }
    }
}

/// `is_valid` of entry `rule` of a built-in grammar without typed views
/// in this runner (RFC 1738, draft 06): the generic tables, no components.
fn validate(grammar: &str, rule: &str, input: &[u8]) -> Outcome {
    let g = uridfa::grammar(grammar).unwrap_or_else(|| panic!("no grammar {grammar:?}"));
    let t = g
        .entry(rule)
        .unwrap_or_else(|| panic!("no entry rule {rule:?} in {grammar:?}"));
    let result = uridfa::runtime::validate(t, input);
    Outcome {
        valid: result.is_ok(),
        parsed: result.map(|()| Comps::new()).map_err(|e| Failure {
            offset: e.offset(),
            component: e.component(t),
            message: format!("{e:?}"),
        }),
    }
}

/// A component value as JSON: a string, or `null` for an absent one.
trait Component {
    fn value(self) -> Value;
}

impl Component for &str {
    fn value(self) -> Value {
        Value::from(self)
    }
}

impl Component for Option<u16> {
    fn value(self) -> Value {
        self.map_or(Value::Null, Value::from)
    }
}

impl Component for Option<&str> {
    fn value(self) -> Value {
        self.map_or(Value::Null, Value::from)
    }
}

/// A kind (host kind, authority kind) by its variant name.
fn kind<K: std::fmt::Debug>(k: Option<K>) -> Value {
    k.map_or(Value::Null, |k| Value::from(format!("{k:?}")))
}

/// `parse_bytes` and `is_valid` of `$view` in module `$m`, with the
/// accessors named.
macro_rules! run {
    ($m:ident :: $view:ident, $input:expr, [$($s:ident),*], [$($k:ident),*]) => {
        run!($m::$view, $input, [$($s),*], [$($k),*], [], [])
    };
    ($m:ident :: $view:ident, $input:expr, [$($s:ident),*], [$($k:ident),*], [$($p:ident),*], [$($n:ident),*]) => {{
        let input: &[u8] = $input;
        Outcome {
            valid: uridfa::$m::$view::is_valid(input),
            parsed: uridfa::$m::$view::parse_bytes(input).map_err(Failure::from).map(|v| {
                let mut c = Comps::new();
                $(c.insert(stringify!($s), Component::value(v.$s()));)*
                $(c.insert(stringify!($k), kind(v.$k()));)*
                $(c.insert(stringify!($p), kind(Some(v.$p())));)*
                // Components the rule never has: no accessor (their
                // presence is `Never`), so `null`.
                $(c.insert(stringify!($n), Value::Null);)*
                c
            }),
        }
    }};
}

const BIS: &str = "draft-fielding-uri-rfc2396bis-01";

/// The entry rules of `grammar`, for rows that list the exact set of rules
/// an input matches (`rules`): read from the generated tables, so a row
/// cannot leave out a rule that the grammar has.
fn entry_rules(grammar: &str) -> Vec<&'static str> {
    uridfa::grammar(grammar)
        .unwrap_or_else(|| panic!("parse.jsonl: no grammar {grammar:?}"))
        .entries
        .iter()
        .map(|t| t.rule)
        .collect()
}

/// The five components of RFC 3986 Appendix B's regular expression (the
/// same in 2396bis-01 Appendix B): scheme = $2, authority = $4, path =
/// $5, query = $7, fragment = $9.
fn appendix_b(input: &str) -> Comps {
    let p = common::literal::appendix_b_regex(input);
    let mut c = Comps::new();
    c.insert("scheme", p.scheme.as_deref().value());
    c.insert("authority", p.authority.as_deref().value());
    c.insert("path", p.path.as_str().value());
    c.insert("query", p.query.as_deref().value());
    c.insert("fragment", p.fragment.as_deref().value());
    c
}

/// Parses `input` under `rule` of `grammar`.
fn parse(grammar: &str, rule: &str, input: &[u8]) -> Outcome {
    // The accessors of the RFC 3986 family's views, and of 2396bis-01's;
    // after `;` those the view lacks (the rule never has the component).
    macro_rules! generic {
        ($m:ident :: $view:ident) => {
            generic!($m::$view, [scheme, authority, userinfo, host, port, path, query, fragment], [])
        };
        ($m:ident :: $view:ident, [$($s:ident),*], [$($n:ident),*]) => {
            run!($m::$view, input, [$($s),*], [host_kind], [], [$($n),*])
        };
    }
    macro_rules! bis {
        ($view:ident) => {
            bis!(
                $view,
                [scheme, authority, userinfo, host, port, port_u16, path, opaque_part, query, fragment],
                []
            )
        };
        ($view:ident, [$($s:ident),*], [$($n:ident),*]) => {
            run!(
                draft_fielding_uri_rfc2396bis_01::$view,
                input,
                [$($s),*],
                [authority_kind, host_kind],
                [path_kind],
                [$($n),*]
            )
        };
    }
    match (grammar, rule) {
        ("rfc3986", "URI-reference") => generic!(rfc3986::UriRef),
        ("rfc3986", "URI") => generic!(rfc3986::Uri),
        ("rfc3986", "absolute-URI") => generic!(
            rfc3986::AbsoluteUri,
            [scheme, authority, userinfo, host, port, path, query],
            [fragment]
        ),
        ("rfc3986", "relative-ref") => generic!(
            rfc3986::RelativeRef,
            [authority, userinfo, host, port, path, query, fragment],
            [scheme]
        ),
        ("rfc6874", "URI-reference") => generic!(rfc6874::UriRef),
        ("rfc3987", "IRI") => generic!(rfc3987::Iri),
        ("rfc3987", "IRI-reference") => generic!(rfc3987::IriRef),
        ("rfc2396", "URI-reference") => run!(
            rfc2396::UriRef,
            input,
            [scheme, authority, userinfo, host, port, path, query, fragment],
            [authority_kind, host_kind]
        ),
        ("draft-fielding-url-syntax-05", "URL-reference") => run!(
            draft_fielding_url_syntax_05::UrlRef,
            input,
            [scheme, site, user, password, host, port, path, query, fragment],
            []
        ),
        ("rfc8141", "namestring") => run!(
            rfc8141::Urn,
            input,
            [
                nid,
                nss,
                r_component,
                q_component,
                f_component,
                assigned_name
            ],
            []
        ),
        ("draft-ietf-urnbis-rfc2141bis-urn-03", "urn-reference") => run!(
            draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef,
            input,
            [nid, nss, query, fragment],
            []
        ),
        (BIS, "URI-reference") => bis!(UriRef),
        (BIS, "absolute-URI-reference") => bis!(AbsoluteUriRef),
        (BIS, "absolute-URI") => bis!(
            AbsoluteUri,
            [
                scheme,
                authority,
                userinfo,
                host,
                port,
                port_u16,
                path,
                opaque_part,
                query
            ],
            [fragment]
        ),
        (BIS, "relative-URI") => bis!(
            RelativeUri,
            [authority, userinfo, host, port, port_u16, path, query],
            [scheme, opaque_part, fragment]
        ),
        ("rfc1738" | "draft-ietf-uri-url-06", _) => validate(grammar, rule, input),
        _ => panic!("parse.jsonl: no rule {rule:?} of grammar {grammar:?} in the runner"),
    }
}

/// One row of `tests/data/parse.jsonl`, read.
#[derive(Clone)]
struct Row {
    doc: String,
    section: String,
    grammar: String,
    /// The rules the row is checked under: its `rule`, or its `rules`,
    /// which are then exactly the entry rules that accept the input (the
    /// others must reject it), all with the same components.
    rules: Vec<String>,
    exact: bool,
    /// Appendix B's regular expression splits the input alike.
    appendix_b: bool,
    input: Vec<u8>,
    /// The components, or the error offset (when the row states one) and
    /// component.
    expected: Result<Comps, (Option<usize>, Option<String>)>,
    in_doc: bool,
    line: usize,
}

impl Row {
    fn read(line: usize, text: &str) -> Row {
        let v: Value =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("parse.jsonl:{line}: {e}"));
        let field = |k: &str| -> String {
            v[k].as_str()
                .unwrap_or_else(|| panic!("parse.jsonl:{line}: no {k}"))
                .to_string()
        };
        let input = match (&v["input"], &v["input_bytes"]) {
            (Value::String(s), _) => s.as_bytes().to_vec(),
            (_, Value::Array(a)) => a
                .iter()
                .map(|b| {
                    b.as_u64()
                        .and_then(|b| u8::try_from(b).ok())
                        .unwrap_or_else(|| panic!("parse.jsonl:{line}: bad octet {b}"))
                })
                .collect(),
            _ => panic!("parse.jsonl:{line}: no input"),
        };
        let expected = match v["outcome"].as_str() {
            Some("ok") => Ok(v["components"]
                .as_object()
                .map(|m| {
                    m.iter()
                        .map(|(k, x)| (component_name(line, k), x.clone()))
                        .collect()
                })
                .unwrap_or_default()),
            Some("error") => Err((
                v["offset"].as_u64().map(|o| o as usize),
                v["component"].as_str().map(String::from),
            )),
            o => panic!("parse.jsonl:{line}: outcome {o:?}"),
        };
        Row {
            doc: field("doc"),
            section: field("section"),
            grammar: field("grammar"),
            rules: match v["rules"].as_array() {
                Some(a) => a
                    .iter()
                    .map(|r| r.as_str().expect("rule names").to_string())
                    .collect(),
                None => vec![field("rule")],
            },
            exact: v["rules"].is_array(),
            appendix_b: v["appendix_b"] == true,
            input,
            expected,
            in_doc: v["in_doc"].as_bool().unwrap_or(false),
            line,
        }
    }

    fn shown(&self) -> String {
        format!(
            "parse.jsonl:{} {} {} {} {:?}",
            self.line,
            self.doc,
            self.section,
            self.rules.join("|"),
            String::from_utf8_lossy(&self.input)
        )
    }
}

/// The accessor names the runner knows, so that a misspelt component in
/// the data fails instead of going unchecked.
const COMPONENTS: &[&str] = &[
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
    "authority_kind",
    "site",
    "user",
    "password",
    "nid",
    "nss",
    "r_component",
    "q_component",
    "f_component",
    "assigned_name",
    "port_u16",
    "opaque_part",
    "path_kind",
];

fn component_name(line: usize, k: &str) -> &'static str {
    COMPONENTS
        .iter()
        .find(|c| **c == k)
        .unwrap_or_else(|| panic!("parse.jsonl:{line}: unknown component {k:?}"))
}

fn rows() -> Vec<Row> {
    include_str!("data/parse.jsonl")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| Row::read(n + 1, l))
        .collect()
}

/// What a grammar's old helper checked beyond the row: RFC 3987's
/// `IRI` and `IRI-reference` views agree, `parse` and `parse_bytes` give
/// the same answer and errors fall on character boundaries; a URN
/// grammar's second entry rule accepts exactly the rows without
/// r-, q- and f-components (RFC 8141) and rejects what the first rejects.
fn extra(row: &Row) -> Option<String> {
    use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::AssignedUrn;
    use uridfa::rfc3987::{Iri, IriRef};
    use uridfa::rfc8141::AssignedName;
    let input = row.input.as_slice();
    match (row.grammar.as_str(), &row.expected) {
        ("rfc3987", Ok(_)) => {
            let s = std::str::from_utf8(input).ok()?;
            let (i, r) = (Iri::parse(s).ok()?, IriRef::parse(s).ok()?);
            let five = |v: (Option<&str>, Option<&str>, &str, Option<&str>, Option<&str>)| json!(v);
            if five((
                Some(i.scheme()),
                i.authority(),
                i.path(),
                i.query(),
                i.fragment(),
            )) != five((r.scheme(), r.authority(), r.path(), r.query(), r.fragment()))
            {
                return Some("IRI and IRI-reference views differ".into());
            }
            (Iri::parse_bytes(input).ok() != Some(i))
                .then(|| "parse_bytes differs from parse".into())
        }
        ("rfc3987", Err(_)) => {
            let e = IriRef::parse_bytes(input).err()?;
            let s = std::str::from_utf8(input).ok()?;
            if IriRef::parse(s).err() != Some(e) {
                return Some("parse and parse_bytes give different errors".into());
            }
            (!s.is_char_boundary(e.offset()))
                .then(|| format!("error offset {} is inside a character", e.offset()))
        }
        ("rfc8141", Ok(want)) => {
            let absent = ["r_component", "q_component", "f_component"]
                .iter()
                .map(|k| want.get(k).map(Value::is_null));
            let absent: Option<Vec<bool>> = absent.collect();
            let plain = absent?.iter().all(|a| *a);
            (AssignedName::is_valid(input) != plain)
                .then(|| format!("assigned-name is_valid should be {plain}"))
        }
        ("rfc8141", Err(_)) => {
            AssignedName::is_valid(input).then(|| "assigned-name accepts it".into())
        }
        ("draft-ietf-urnbis-rfc2141bis-urn-03", Err(_)) => {
            AssignedUrn::is_valid(input).then(|| "assigned-urn accepts it".into())
        }
        _ => None,
    }
}

/// What is wrong with `row`, if anything.
fn check(row: &Row) -> Option<String> {
    if let Some(why) = extra(row) {
        return Some(why);
    }
    let mut first: Option<Comps> = None;
    for rule in &row.rules {
        if let Some(why) = check_rule(row, rule) {
            return Some(format!("{rule}: {why}"));
        }
        if row.rules.len() > 1 {
            let comps = parse(&row.grammar, rule, &row.input).parsed.ok()?;
            match &first {
                Some(f) if *f != comps => {
                    return Some(format!(
                        "{rule} gives {} but {} gives {}",
                        json!(comps),
                        row.rules[0],
                        json!(f)
                    ))
                }
                Some(_) => {}
                None => first = Some(comps),
            }
        }
    }
    if row.exact {
        for rule in entry_rules(&row.grammar) {
            if !row.rules.iter().any(|r| r == rule) && parse(&row.grammar, rule, &row.input).valid {
                return Some(format!("{rule} should reject it"));
            }
        }
    }
    if row.appendix_b {
        let (Ok(want), Ok(input)) = (&row.expected, std::str::from_utf8(&row.input)) else {
            return Some("appendix_b needs an ok row of text".into());
        };
        for (k, g) in appendix_b(input) {
            if want.get(k) != Some(&g) {
                return Some(format!(
                    "Appendix B gives {k} {g}, the row {:?}",
                    want.get(k)
                ));
            }
        }
    }
    None
}

/// What is wrong with `row` under one of its rules.
fn check_rule(row: &Row, rule: &str) -> Option<String> {
    let got = parse(&row.grammar, rule, &row.input);
    if got.valid != got.parsed.is_ok() {
        return Some(format!(
            "is_valid {} but parse {}",
            got.valid,
            if got.parsed.is_ok() {
                "succeeds"
            } else {
                "fails"
            }
        ));
    }
    match (&row.expected, &got.parsed) {
        (Ok(want), Ok(comps)) => {
            for (k, w) in want {
                let g = comps
                    .get(k)
                    .unwrap_or_else(|| panic!("{}: {rule} has no {k}", row.shown()));
                if g != w {
                    return Some(format!("{k}: want {w}, got {g}"));
                }
            }
            None
        }
        (Ok(_), Err(e)) => Some(format!("should match, got {}", e.message)),
        (Err(_), Ok(c)) => Some(format!("should not match, got {}", json!(c))),
        (Err((offset, component)), Err(e)) => {
            if let Some(offset) = offset {
                if e.offset != *offset {
                    return Some(format!(
                        "error offset: want {offset}, got {} ({})",
                        e.offset, e.message
                    ));
                }
            }
            match component {
                Some(c) if e.component != Some(c.as_str()) => {
                    Some(format!("error component: want {c}, got {:?}", e.component))
                }
                _ => None,
            }
        }
    }
}

/// The number of rows per grammar: a row lost from the data fails here.
const ROWS: &[(&str, usize)] = &[
    ("rfc3986", 292),
    ("rfc2396", 61),
    ("draft-fielding-url-syntax-05", 68),
    ("rfc6874", 11),
    ("rfc3987", 33),
    ("rfc8141", 44),
    ("draft-ietf-urnbis-rfc2141bis-urn-03", 81),
    (BIS, 178),
    ("rfc1738", 97),
    ("draft-ietf-uri-url-06", 73),
];

#[test]
fn every_row() {
    let rows = rows();
    let mut failures = Vec::new();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for row in &rows {
        *counts.entry(row.grammar.as_str()).or_default() += 1;
        if let Some(why) = check(row) {
            failures.push(format!("{}: {why}", row.shown()));
        }
    }
    common::assert_rows_pass(&failures, rows.len());
    for &(grammar, n) in ROWS {
        assert_eq!(counts.get(grammar), Some(&n), "rows of {grammar}");
    }
    assert_eq!(counts.len(), ROWS.len(), "grammars: {counts:?}");
    eprintln!("parse.jsonl: {} rows pass ({counts:?})", rows.len());
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
        let input = String::from_utf8(row.input.clone()).expect("in_doc rows are text");
        assert!(
            text.contains(&input),
            "{}: not found in {}.txt",
            row.shown(),
            row.doc
        );
        checked += 1;
    }
    if texts.values().any(Option::is_none) {
        skip::note(format_args!(
            "SKIPPED in part: {checked} parse.jsonl rows found in their documents, the others' documents are missing"
        ));
    }
}

#[test]
fn a_changed_row_fails() {
    // The runner can fail: an ok row turned into an error row, and an
    // error row with its offset moved.
    let rows = rows();
    let mut ok = rows
        .iter()
        .find(|r| r.expected.is_ok())
        .expect("an ok row")
        .clone();
    ok.expected = Err((Some(0), None));
    assert!(check(&ok).is_some(), "{}", ok.shown());
    let mut err = rows
        .iter()
        .find(|r| matches!(r.expected, Err((Some(_), _))))
        .expect("an error row")
        .clone();
    if let Err((Some(offset), _)) = &mut err.expected {
        *offset += 1;
    }
    assert!(check(&err).is_some(), "{}", err.shown());
}
