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
//! java.net.URI behaviour that departs from RFC 2396 §5.2 as written; the
//! classes and their counts are printed. Anything else fails.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::{read_jsonl, Json};
use uridfa::resolve::{resolve_into, Algorithm, Options, ResolveError};

fn res(base: &str, r: &str) -> Result<String, ResolveError> {
    let o = Options::new(Algorithm::Rfc2396);
    let mut buf = vec![0u8; base.len() + r.len() + 8];
    let n = match resolve_into(base, r, o, &mut buf) {
        Err(ResolveError::BufferTooSmall { needed }) => {
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
            eprintln!("SKIP java_resolve: javac not available ({e})");
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

/// Why java.net.URI's answer differs from RFC 2396 §5.2 as written: the
/// java behaviours that, applied to our side, give java's answer.
fn classify(base: &str, r: &str, ours: &str, java: &str) -> Option<String> {
    // java.net.URI: "If ... this URI is opaque, then the given URI is
    // returned" (an opaque URI's scheme-specific part does not begin with
    // "/"); RFC 2396 §5.2 merges against any base with a scheme.
    let (_, base_path, _) = split_path(base);
    if !base_path.starts_with('/') && !base.contains("://") && java == r {
        return Some("opaque base: java returns the reference unchanged".into());
    }
    // JDK-4666701: java resolves the empty reference against the base
    // directory; RFC 2396 step 2 makes "" the current document.
    if r.is_empty() && res(base, ".").as_deref() == Ok(java) {
        return Some(
            "empty reference: java resolves it like \".\" (the base directory), not as the current document (RFC 2396 step 2)"
                .into(),
        );
    }
    let mut best = None;
    for collapse in [false, true] {
        for slash_base in [false, true] {
            let mut b = base.to_string();
            let mut rr = r.to_string();
            if collapse {
                b = collapse_slashes(&b);
                rr = collapse_slashes(&rr);
            }
            if slash_base {
                let (a, p, c) = split_path(&b);
                if !(p.is_empty() && a.contains("//")) {
                    continue;
                }
                b = format!("{a}/{c}");
            }
            let Ok(mut o) = res(&b, &rr) else { continue };
            let mut names = Vec::new();
            if collapse {
                names.push("java's normalize() ignores empty segments (\"//\") in the paths");
            }
            if slash_base {
                names.push("java merges against an empty base path as \"/\" (2396bis-01's fix of RFC 2396 step 6a)");
            }
            // java prints an empty authority as nothing: "s:///p" -> "s:/p".
            if let Some(i) = o.find(":///") {
                if !o[..i].contains(['/', '?', '#']) {
                    o.replace_range(i..i + 4, ":/");
                    names.push("java drops an empty authority");
                }
            }
            // java drops the ":" of an empty port.
            let (a, p, c) = split_path(&o);
            if a.ends_with(':') && a.contains("//") {
                o = format!("{}{p}{c}", &a[..a.len() - 1]);
                names.push("java drops an empty port");
            }
            if o == java && !names.is_empty() && best.is_none() {
                best = Some(names.join(" + "));
            }
        }
    }
    let _ = ours;
    best
}

#[test]
fn rfc2396_against_java_net_uri() {
    let Some(pairs) = pairs() else {
        eprintln!("SKIP java_resolve: ../shared/corpora not found");
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
    let mut both_reject = 0;
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
                if j == o {
                    agree += 1;
                } else if let Some(c) = classify(b, r, o, j) {
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
         {agree}/{both} agree where both accept",
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
}
