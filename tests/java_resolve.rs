//! The `rfc2396` algorithm against java.net.URI's `resolve` (JDK 17),
//! which implements RFC 2396, on every base/reference pair of the
//! resolution corpora (`../shared/corpora/*resolve*.jsonl` and the two RFC
//! example files).
//!
//! `tests/oracles/JavaResolve.java` is compiled with `javac` into
//! `CARGO_TARGET_TMPDIR` at test time; without `javac`/`java` (or without
//! the corpora) the test says so and passes.
//!
//! Java rejects some inputs that the Appendix B split accepts (its parser
//! validates RFC 2396's grammar); those pairs are counted apart. On the
//! pairs both accept, every disagreement must fall into a named class of
//! java.net.URI behaviour that departs from RFC 2396 §5.2 as written, and
//! our answer must be RFC 2396 §5.2's steps written out
//! ([`common::literal::rfc2396`], plus our documented "/." guard). Each
//! class has a condition on the input and gets java's answer from the same
//! literal steps on inputs rewritten by java's rule, never from our
//! resolver. The counts of pairs, rejections, agreements and of each class
//! are asserted exactly ([`FIGURES`], [`CLASSES`]).

use crate::common;
use common::skip;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::{literal, read_jsonl, Json};
use uridfa::resolve::{resolve_into, Algorithm, Options, ResolveError};

fn res(base: &str, r: &str) -> Result<String, ResolveError> {
    let o = Options::new(Algorithm::Rfc2396);
    let mut buf = vec![0u8; base.len() + r.len() + 8];
    let n = match resolve_into(base, r, o, &mut buf) {
        Err(ResolveError::BufferTooSmall(uridfa::BufferTooSmall { needed })) => {
            buf = vec![0u8; needed];
            resolve_into(base, r, o, &mut buf)?
        }
        other => other?,
    };
    Ok(String::from_utf8(buf[..n].to_vec()).expect("UTF-8"))
}

/// Compiles the driver; `None` (with a message) if the JDK is missing.
fn compile() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("java-resolve");
    std::fs::create_dir_all(&dir).ok()?;
    let src = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracles/JavaResolve.java"
    );
    match Command::new("javac").arg("-d").arg(&dir).arg(src).status() {
        Ok(s) if s.success() => Some(dir),
        Ok(s) => panic!("javac failed: {s}"),
        Err(e) => {
            skip::note(format_args!("SKIP java_resolve: javac not available ({e})"));
            None
        }
    }
}

/// Every distinct (base, reference) pair of the resolution corpora.
fn pairs() -> Option<Vec<(String, String)>> {
    let dir = common::corpora_dir()?;
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".jsonl") && (n.contains("resolve") || n.contains("examples")))
        .collect();
    names.sort();
    let mut set = BTreeSet::new();
    for name in names {
        for (_, rec) in read_jsonl(&name)? {
            let (Some(b), Some(r)) = (
                rec.get("base").and_then(Json::as_str),
                rec.get("ref").and_then(Json::as_str),
            ) else {
                continue;
            };
            if !(b.contains(['\t', '\n', '\r']) || r.contains(['\t', '\n', '\r'])) {
                set.insert((b.to_string(), r.to_string()));
            }
        }
    }
    Some(set.into_iter().collect())
}

/// `(before path, path, after path)` by the Appendix B split.
fn split_path(u: &str) -> (&str, &str, &str) {
    let end = u.find(['?', '#']).unwrap_or(u.len());
    let mut start = match u.find([':', '/', '?', '#']) {
        Some(i) if i > 0 && u.as_bytes()[i] == b':' => i + 1,
        _ => 0,
    };
    if u[start..].starts_with("//") {
        start += 2 + u[start + 2..end].find('/').unwrap_or(end - start - 2);
    }
    let start = start.min(end);
    (&u[..start], &u[start..end], &u[end..])
}

/// java.net.URI's normalize() splits the path ignoring empty segments.
fn collapse_slashes(u: &str) -> String {
    let (a, p, c) = split_path(u);
    let mut path = String::new();
    for ch in p.chars() {
        if !(ch == '/' && path.ends_with('/')) {
            path.push(ch);
        }
    }
    format!("{a}{path}{c}")
}

/// uridfa's documented rule on top of the RFC's steps (src/algorithms/resolve/recompose.rs,
/// Note [a path that starts with "//"]): a result without an authority
/// whose path starts with "//" gets "/." before the path, so that it is
/// not read back as an authority.
fn slash_dot_guard(mut t: literal::Parts) -> String {
    if t.authority.is_none() && t.path.starts_with("//") {
        t.path.insert_str(0, "/.");
    }
    literal::recompose(&t)
}

/// Why java.net.URI's answer differs from RFC 2396 §5.2 as written: the
/// java behaviour whose rule, applied to the inputs (or to the literal
/// result) before or after [`literal::rfc2396`], gives java's answer.
/// Each class has a condition on the input as narrow as the behaviour;
/// java's side is computed by the literal steps, never by our resolver.
fn classify(base: &str, r: &str, java: &str) -> Option<String> {
    let bp = literal::split(base);
    // java.net.URI.resolve: "If the given URI is already absolute, or if
    // this URI is opaque, then the given URI is returned" (an opaque URI
    // is absolute and its scheme-specific part does not begin with "/");
    // RFC 2396 §5.2 merges against any base with a scheme.
    let opaque =
        bp.scheme.is_some() && !base[bp.scheme.as_ref().unwrap().len() + 1..].starts_with('/');
    if opaque && literal::split(r).scheme.is_none() {
        return (java == r).then(|| "opaque base: java returns the reference unchanged".into());
    }
    // JDK-4666701: java resolves the empty reference against the base
    // directory; RFC 2396 step 2 makes "" the current document.
    if r.is_empty() {
        return (literal::rfc2396(base, ".") == java).then(|| {
            "empty reference: java resolves it like \".\" (the base directory), not as the current document (RFC 2396 step 2)"
                .into()
        });
    }
    let has_empty_segment = |u: &str| literal::split(u).path.contains("//");
    let mut best = None;
    for collapse in [false, true] {
        for slash_base in [false, true] {
            let mut b = base.to_string();
            let mut rr = r.to_string();
            if collapse {
                // java's normalize() splits the path ignoring empty
                // segments: only when a path has one.
                if !(has_empty_segment(base) || has_empty_segment(r)) {
                    continue;
                }
                b = collapse_slashes(&b);
                rr = collapse_slashes(&rr);
            }
            if slash_base {
                // java merges against an empty base path with an authority
                // as "/".
                let (a, p, c) = split_path(&b);
                if !(p.is_empty() && a.contains("//")) {
                    continue;
                }
                b = format!("{a}/{c}");
            }
            let mut o = literal::rfc2396(&b, &rr);
            let mut names = Vec::new();
            if collapse {
                names.push("java's normalize() ignores empty segments (\"//\") in the paths");
            }
            if slash_base {
                names.push("java merges against an empty base path as \"/\" (2396bis-01's fix of RFC 2396 step 6a)");
            }
            // java prints an empty authority as nothing: "s:///p" -> "s:/p".
            let op = literal::split(&o);
            if op.authority.as_deref() == Some("") {
                o = literal::recompose(&literal::Parts {
                    authority: None,
                    ..op
                });
                names.push("java drops an empty authority");
            }
            // java drops the ":" of an empty port.
            let op = literal::split(&o);
            if let Some(host) = op.authority.as_deref().and_then(|a| a.strip_suffix(':')) {
                o = literal::recompose(&literal::Parts {
                    authority: Some(host.to_string()),
                    ..op
                });
                names.push("java drops an empty port");
            }
            if o == java && !names.is_empty() && best.is_none() {
                best = Some(names.join(" + "));
            }
        }
    }
    best
}

#[test]
fn rfc2396_against_java_net_uri() {
    let Some(pairs) = pairs() else {
        skip::note(format_args!(
            "SKIP java_resolve: ../shared/corpora not found"
        ));
        return;
    };
    let Some(classes) = compile() else { return };
    let mut child = Command::new("java")
        .arg("-cp")
        .arg(&classes)
        .arg("JavaResolve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run java");
    let mut input = String::new();
    for (b, r) in &pairs {
        input.push_str(&format!("{b}\t{r}\n"));
    }
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("java output");
    writer.join().expect("writer").expect("write to java");
    assert!(out.status.success(), "java failed");
    let text = String::from_utf8(out.stdout).expect("UTF-8 from java");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), pairs.len(), "one answer per pair");

    let (mut agree, mut both, mut java_rejects, mut we_reject) = (0, 0, 0, 0);
    let (mut both_reject, mut agree_literal) = (0, 0);
    let mut classes_seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut unexplained = Vec::new();
    for ((b, r), line) in pairs.iter().zip(&lines) {
        let java = line.strip_prefix("OK\t");
        let ours = res(b, r);
        match (java, &ours) {
            (None, _) => {
                java_rejects += 1;
                both_reject += usize::from(ours.is_err());
                eprintln!("    java rejects {b:?} + {r:?}: {line}");
            }
            (Some(_), Err(_)) => we_reject += 1,
            (Some(j), Ok(o)) => {
                both += 1;
                let rfc = slash_dot_guard(literal::rfc2396_parts(b, r));
                if j == o {
                    agree += 1;
                    agree_literal += usize::from(*o == rfc);
                } else if *o != rfc {
                    unexplained.push(format!(
                        "{b:?} + {r:?}: java {j:?}, ours {o:?}, RFC 2396 §5.2 steps {rfc:?}"
                    ));
                } else if let Some(c) = classify(b, r, j) {
                    classes_seen
                        .entry(c)
                        .or_default()
                        .push(format!("{b:?} + {r:?}: java {j:?}, ours {o:?}"));
                } else {
                    unexplained.push(format!("{b:?} + {r:?}: java {j:?}, ours {o:?}"));
                }
            }
        }
    }
    eprintln!(
        "rfc2396 vs java.net.URI: {} pairs; java rejects {java_rejects} (we reject \
         {both_reject} of those); of the pairs java accepts we reject {we_reject}; \
         {agree}/{both} agree where both accept ({agree_literal} of them also equal \
         the literal RFC 2396 §5.2 steps)",
        pairs.len()
    );
    for (c, examples) in &classes_seen {
        eprintln!("    {} x {c}; e.g. {}", examples.len(), examples[0]);
    }
    assert!(
        unexplained.is_empty(),
        "{} unexplained:\n{}",
        unexplained.len(),
        unexplained.join("\n")
    );
    // The figures above, exactly: a resolver that rejects more, agrees
    // less, or turns agreements into classified differences fails here.
    let classes: Vec<(&str, usize)> = classes_seen
        .iter()
        .map(|(c, v)| (c.as_str(), v.len()))
        .collect();
    assert_eq!(
        (
            pairs.len(),
            java_rejects,
            both_reject,
            we_reject,
            both,
            agree,
            agree_literal
        ),
        FIGURES,
        "(pairs, java rejects, both reject, we reject, both accept, agree, agree and literal)"
    );
    assert_eq!(classes, CLASSES, "classified differences");
}

/// (pairs, java rejects, we reject of those, we reject of java's
/// accepted, both accept, agree, agree and equal the literal steps).
const FIGURES: (usize, usize, usize, usize, usize, usize, usize) = (273, 6, 6, 0, 267, 169, 169);

/// Classified differences and their counts.
const CLASSES: &[(&str, usize)] = &[
    ("empty reference: java resolves it like \".\" (the base directory), not as the current document (RFC 2396 step 2)", 7),
    ("java drops an empty authority", 12),
    ("java drops an empty port", 2),
    ("java merges against an empty base path as \"/\" (2396bis-01's fix of RFC 2396 step 6a)", 6),
    ("java's normalize() ignores empty segments (\"//\") in the paths", 10),
    ("java's normalize() ignores empty segments (\"//\") in the paths + java drops an empty authority", 20),
    ("opaque base: java returns the reference unchanged", 41),
];
