//! Lists inside a list's items through the derive: RFC 9110's Accept
//! (`grammar/accept.abnf`), a list of media ranges each with a list of
//! parameters. `media_ranges()` gives each media range, and each its own
//! `parameters()`; every parameter, in input order, also comes from
//! `parameters()` on the whole value. Expected values are read off RFC
//! 9110 §12.5.1's and §8.3.1's examples by hand, and the flat lists are
//! compared with the PyPI `abnf` package on generated inputs.

use crate::skip;

use crate::abnf_engine as abnf_oracle;

/// RFC 9110 §12.5.1 `Accept`, without `weight`.
#[derive(uridfa::Grammar)]
#[grammar = "grammar/accept.abnf"]
#[entry = "Accept"]
struct Accept;

/// Each media range with its parameters' names and values.
fn nested(input: &str) -> Vec<(String, Vec<(String, String)>)> {
    let v = Accept::parse(input).expect("valid");
    v.media_ranges()
        .map(|m| {
            let params = m
                .parameters()
                .map(|p| {
                    let name = p.parameter_name().expect("a name").to_string();
                    let value = p.parameter_value().expect("a value").to_string();
                    (name, value)
                })
                .collect();
            (m.as_str().to_string(), params)
        })
        .collect()
}

fn owned(xs: &[(&str, &[(&str, &str)])]) -> Vec<(String, Vec<(String, String)>)> {
    xs.iter()
        .map(|(m, ps)| {
            let ps = ps
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect();
            (m.to_string(), ps)
        })
        .collect()
}

#[test]
fn each_media_range_with_its_own_parameters() {
    // RFC 9110 §12.5.1's example.
    assert_eq!(
        nested("text/*, text/plain, text/plain;format=flowed, */*"),
        owned(&[
            ("text/*", &[]),
            ("text/plain", &[]),
            ("text/plain;format=flowed", &[("format", "flowed")]),
            ("*/*", &[]),
        ])
    );
    // §8.3.1's equivalent media types, and two parameters on the
    // second range (the list inside an item of the list, not the first).
    assert_eq!(
        nested("text/html;charset=utf-8, Text/HTML;Charset=\"utf-8\";a=\"x,y;z\""),
        owned(&[
            ("text/html;charset=utf-8", &[("charset", "utf-8")]),
            (
                "Text/HTML;Charset=\"utf-8\";a=\"x,y;z\"",
                &[("Charset", "\"utf-8\""), ("a", "\"x,y;z\"")]
            ),
        ])
    );
    let v = Accept::parse("a/b;x=1;y=2 , c/d ;z=3").expect("valid");
    let all: Vec<&str> = v.parameters().map(|p| p.as_str()).collect();
    assert_eq!(all, ["x=1", "y=2", "z=3"]);
    let names: Vec<&str> = v.parameter_names().map(|p| p.as_str()).collect();
    assert_eq!(names, ["x", "y", "z"]);
    // The second range's parameters are its own, not the first's.
    let second = v.media_ranges().nth(1).expect("two ranges");
    let own: Vec<&str> = second.parameters().map(|p| p.as_str()).collect();
    assert_eq!(own, ["z=3"]);
    let values: Vec<&str> = second.parameter_values().map(|p| p.as_str()).collect();
    assert_eq!(values, ["3"]);
    assert!(Accept::parse("a/b;x=1,").is_err());
    // `Debug` shows an item's own list as its accessor returns it.
    let shown = format!("{second:?}");
    assert!(
        shown.contains("parameters: [AcceptViewParameter { input: \"z=3\""),
        "{shown}"
    );
}

/// Accept values from a fixed seed (xorshift) with `,` and `;` inside
/// quoted strings and spaces around separators.
fn inputs() -> Vec<String> {
    let mut x = 0x9110_0001u64;
    let mut next = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let tokens = ["text", "*", "a", "x-y", "q", "0.5", "!#$%&'*+-.^_`|~9"];
    let values = ["v", "\"a,b\"", "\"a;b=c\"", "\"\\\"\"", "\"\"", "\" , \""];
    let ows = ["", " ", "\t", "  "];
    let mut out = Vec::new();
    for _ in 0..2000 {
        let mut s = String::new();
        for k in 0..next(4) {
            if k > 0 {
                s.push_str(ows[next(4)]);
                s.push(',');
                s.push_str(ows[next(4)]);
            }
            s.push_str(tokens[next(7)]);
            s.push('/');
            s.push_str(tokens[next(7)]);
            for _ in 0..next(4) {
                s.push_str(ows[next(4)]);
                s.push(';');
                s.push_str(ows[next(4)]);
                s.push_str(tokens[next(7)]);
                s.push('=');
                s.push_str(values[next(6)]);
            }
        }
        if next(4) == 0 && !s.is_empty() {
            let at = next(s.len());
            s.insert(at, [',', ';', '"', '='][next(4)]);
        }
        out.push(s);
    }
    out
}

#[test]
fn the_derive_agrees_with_the_abnf_package() {
    const CAPTURES: [&str; 4] = [
        "media-range",
        "parameter",
        "parameter-name",
        "parameter-value",
    ];
    let grammar = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/accept.abnf"));
    let inputs = inputs();
    let Some(answers) = abnf_oracle::answers(
        grammar,
        "Accept",
        &CAPTURES,
        &inputs,
        "lists inside list items through the derive",
        skip::note,
    ) else {
        return;
    };
    let (mut accepted, mut rejected) = (0, 0);
    for (input, theirs) in inputs.iter().zip(answers) {
        let ours = Accept::parse(input).ok().map(|v| {
            // The flat lists, and the same parameters again through each
            // media range's own list.
            let through_ranges: Vec<String> = v
                .media_ranges()
                .flat_map(|m| m.parameters().map(|p| p.as_str().to_string()))
                .collect();
            let flat: Vec<String> = v.parameters().map(|p| p.as_str().to_string()).collect();
            assert_eq!(through_ranges, flat, "{input:?}");
            vec![
                v.media_ranges().map(|x| x.as_str().to_string()).collect(),
                flat,
                v.parameter_names()
                    .map(|x| x.as_str().to_string())
                    .collect(),
                v.parameter_values()
                    .map(|x| x.as_str().to_string())
                    .collect::<Vec<_>>(),
            ]
        });
        assert_eq!(ours, theirs, "{input:?}");
        if theirs.is_some() {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    println!("{accepted} accepted and {rejected} rejected by both");
    assert!(accepted > 1000 && rejected > 100, "{accepted} {rejected}");
}
