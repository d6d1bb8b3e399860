//! `grammar/rfc2396.abnf` against `java.net.URI`, which implements RFC 2396
//! with the deviations its documentation lists (JDK 17, class comment of
//! `java.net.URI`, "RFC 2396 ... deviations").
//!
//! The driver `tests/oracles/JavaUri.java` is compiled at test time with
//! `javac` into `CARGO_TARGET_TMPDIR` and run once over every input (one
//! hex-encoded input per line). Without `javac`/`java` the test prints a
//! skip message and passes.
//!
//! Inputs: every string of the corpora in `../shared/corpora` (`input`,
//! `base`, `ref`, `expected`), the RFC 2396 examples, and generated
//! strings: members of `URI-reference` of RFC 2396 and of RFC 3986 (which
//! adds IPv6 literals and a wider character set) from
//! `uridfa_codegen::sample::generate`, half of them mutated by
//! `sample::mutate`. `URIDFA_JAVA_SAMPLES` sets the number of generated
//! inputs per grammar (default 20000).
//!
//! For each input we compare acceptance, and when both accept, every
//! component: scheme, user-information, host, port, authority, path,
//! query, fragment and scheme-specific part (`getRaw*`). Every difference
//! must fall into one of the classes of [`Class`], each a documented
//! deviation of `java.net.URI` from RFC 2396 or a place where the RFC's
//! grammar and Java read differently; the test checks each class's
//! condition on the input (not just a label) and fails on anything
//! unexplained. It prints the agreement figure and the count per class.

use crate::common;
use common::skip;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use uridfa::rfc2396::{AuthorityKind, HostKind, UriRef};
use uridfa_codegen::driver::{compile_file, Options};
use uridfa_codegen::sample::{generate, mutate, Rng};

// ---------------------------------------------------------------------------
// The Java side

/// What `new URI(s)` reported.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Java {
    Err,
    Ok(Box<JavaParts>),
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct JavaParts {
    opaque: bool,
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: i64,
    authority: Option<String>,
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    ssp: Option<String>,
}

fn hex(s: &[u8]) -> String {
    s.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex_field(f: &str) -> Option<String> {
    match f {
        "-" => None,
        "=" => Some(String::new()),
        _ => {
            let bytes: Vec<u8> = (0..f.len() / 2)
                .map(|i| u8::from_str_radix(&f[2 * i..2 * i + 2], 16).expect("hex from the driver"))
                .collect();
            Some(String::from_utf8(bytes).expect("UTF-8 from the driver"))
        }
    }
}

fn parse_java_line(line: &str) -> Java {
    let f: Vec<&str> = line.split(' ').collect();
    match f[0] {
        "ERR" => Java::Err,
        "OK" => {
            assert_eq!(f.len(), 11, "driver line {line:?}");
            Java::Ok(Box::new(JavaParts {
                opaque: f[1] == "1",
                scheme: unhex_field(f[2]),
                userinfo: unhex_field(f[3]),
                host: unhex_field(f[4]),
                port: f[5].parse().expect("port"),
                authority: unhex_field(f[6]),
                path: unhex_field(f[7]),
                query: unhex_field(f[8]),
                fragment: unhex_field(f[9]),
                ssp: unhex_field(f[10]),
            }))
        }
        _ => panic!("unexpected driver line {line:?}"),
    }
}

/// Compiles the driver; `None` (with a message) when the JDK is missing.
fn compile_driver() -> Option<PathBuf> {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("java-uri-oracle");
    std::fs::create_dir_all(&out).expect("create the class directory");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracles/JavaUri.java");
    match Command::new("javac").arg("-d").arg(&out).arg(src).status() {
        Ok(s) if s.success() => {}
        Ok(s) => panic!("javac failed on {src}: {s}"),
        Err(e) => {
            skip::note(format_args!(
                "SKIP java_uri: cannot run javac ({e}); java.net.URI comparison not run"
            ));
            return None;
        }
    }
    if Command::new("java").arg("-version").output().is_err() {
        skip::note(format_args!(
            "SKIP java_uri: cannot run java; java.net.URI comparison not run"
        ));
        return None;
    }
    Some(out)
}

/// Runs the driver once over all inputs.
fn run_java(classes: &PathBuf, inputs: &[String]) -> Vec<Java> {
    let mut child = Command::new("java")
        .arg("-cp")
        .arg(classes)
        .arg("JavaUri")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start java");
    let mut stdin = child.stdin.take().expect("stdin");
    let text: String = inputs.iter().map(|s| hex(s.as_bytes()) + "\n").collect();
    let writer = std::thread::spawn(move || {
        stdin.write_all(text.as_bytes()).expect("write to java");
    });
    let out = child.wait_with_output().expect("java output");
    writer.join().expect("writer thread");
    assert!(out.status.success(), "java failed: {}", out.status);
    let text = String::from_utf8(out.stdout).expect("ASCII output");
    let lines: Vec<Java> = text.lines().map(parse_java_line).collect();
    assert_eq!(lines.len(), inputs.len(), "one answer per input");
    lines
}

// ---------------------------------------------------------------------------
// Our side, in Java's terms

fn ours(input: &str) -> Option<JavaParts> {
    let r = UriRef::parse(input).ok()?;
    let frag_start = r
        .span(uridfa::rfc2396::tables::FRAGMENT)
        .map(|(s, _)| s - 1);
    let before_frag = &input[..frag_start.unwrap_or(input.len())];
    // Java's scheme-specific part of a relative reference is all of it
    // before the fragment.
    let ssp = match r.scheme() {
        Some(_) => r.scheme_specific_part().expect("a scheme has one"),
        None => {
            assert_eq!(r.scheme_specific_part(), None, "{input:?}");
            before_frag
        }
    };
    let port = match r.port() {
        None | Some("") => -1,
        Some(p) => p.parse::<i64>().unwrap_or(i64::MAX),
    };
    let opaque = r.opaque_part().is_some();
    Some(JavaParts {
        opaque,
        scheme: r.scheme().map(String::from),
        userinfo: r.userinfo().map(String::from),
        host: r.host().map(String::from),
        port,
        authority: r.authority().map(String::from),
        path: (!opaque).then(|| r.path().to_string()),
        query: r.query().map(String::from),
        fragment: r.fragment().map(String::from),
        ssp: Some(ssp.to_string()),
    })
}

// ---------------------------------------------------------------------------
// Classes of disagreement

/// Why `java.net.URI` and `rfc2396` differ on an input. Quotes: "JDK" is
/// the `java.net.URI` class documentation (JDK 17), "RFC" is RFC 2396.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// JDK: "Characters in the other category are permitted wherever RFC
    /// 2396 permits escaped octets" (non-ASCII, non-control, non-space).
    /// RFC §2: URIs are US-ASCII; non-ASCII must be escaped. Condition: we
    /// accept the input once every non-ASCII character is replaced by an
    /// escaped octet `%C3`.
    JavaOtherChars,
    /// JDK: "IPv6 addresses are permitted for the host component ...
    /// enclosed in square brackets ... as specified by RFC 2732". RFC
    /// §3.2.2: "Literal IPv6 addresses are not supported", and §2.4.3
    /// lists "[" and "]" as `unwise`. Condition: Java's host starts with
    /// `[`, and we accept the input once the first bracketed text is
    /// replaced by `h` (and, as in `JavaRfc2732Brackets`, any other `[`
    /// or `]` by `%5B`).
    JavaIpv6Literal,
    /// JDK (class comment, "reserved" in its grammar summary, "Added per
    /// RFC2732"): `[` and `]` are reserved characters, so they are
    /// allowed wherever `uric` is: in a query, a fragment and an opaque
    /// part. RFC 2396 §2.4.3 lists them as `unwise` ("must be escaped").
    /// Condition: every `[` and `]` of the input lies in Java's query,
    /// fragment or opaque part, and we accept the input with each of them
    /// replaced by `%5B`.
    JavaRfc2732Brackets,
    /// JDK: "Empty relative paths are permitted; this seems to be the
    /// intent of RFC 2396 although the grammar does not permit it".
    /// `relativeURI` needs a `net_path`, `abs_path` or `rel_path`
    /// (non-empty), so `?y` is not an RFC 2396 reference. Condition: no
    /// scheme, the reference starts with `?`, and we accept it with a path
    /// `.` put in front (and, as in `JavaRfc2732Brackets`, each `[` or `]`
    /// of its query or fragment replaced by `%5B`).
    JavaEmptyRelativePath,
    /// JDK: "An empty authority component is permitted as long as it is
    /// followed by a non-empty path, a query component, or a fragment
    /// component" — so Java rejects `http://` and `//`, which RFC 2396's
    /// `server = [ [ userinfo "@" ] hostport ]` allows (empty server).
    /// Condition: our authority is empty and nothing follows it.
    JavaRejectsBareEmptyAuthority,
    /// JDK: "If the authority component is empty then the
    /// user-information, host, and port components are undefined"; Java
    /// also reports the empty authority itself as undefined (`null`) where
    /// the RFC's `net_path = "//" authority` has an empty one. Condition:
    /// our authority is `""`, Java's is null, and all else agrees.
    JavaEmptyAuthorityUndefined,
    /// JDK: "IPv4 addresses in host components are parsed rigorously, as
    /// specified by RFC 2732: Each element of a dotted-quad address must
    /// contain no more than three decimal digits. Each element is further
    /// constrained to have a value no greater than 255." RFC 2396's
    /// `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit` has no
    /// bound, so `1.2.3.300` is a server host for us and, failing as a
    /// host in Java, a registry-based authority there (JDK: "...the
    /// authority component ... is parsed as a registry-based authority" when
    /// server parsing fails). Condition: our host is an `IPv4address`
    /// with an element of more than 3 digits or above 255.
    JavaStrictIpv4,
    /// JDK: "Hostnames in host components that comprise only a single
    /// domain label are permitted to start with an alphanum character ...
    /// the authority component of a hierarchical URI such as s://123, will
    /// parse as a server-based authority." RFC `toplabel = alpha | ...`
    /// must start with a letter, so for us such an authority is a
    /// `reg_name` without host. Condition: our authority is a `reg_name`,
    /// and Java's host is one label of letters, digits and `-` starting
    /// with a digit, possibly followed by the `.` that `hostname` allows.
    JavaDigitTopLabel,
    /// Java parses the port as an `int` and falls back to a
    /// registry-based authority when it overflows; RFC `port = *digit` has
    /// no bound. Condition: our port is above 2147483647.
    JavaPortOverflow,
}

fn replace_non_ascii(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                "%C3".to_string()
            }
        })
        .collect()
}

fn replace_brackets(s: &str) -> Option<String> {
    let open = s.find('[')?;
    let close = open + s[open..].find(']')?;
    Some(format!("{}h{}", &s[..open], &s[close + 1..]))
}

fn ipv4_out_of_rfc2732(host: &str) -> bool {
    host.split('.')
        .any(|e| e.len() > 3 || e.parse::<u32>().is_ok_and(|v| v > 255))
}

/// The class of a difference, or `None` if it is unexplained.
fn classify(input: &str, us: &Option<JavaParts>, java: &Java) -> Option<Class> {
    match (us, java) {
        (None, Java::Ok(j)) => {
            if !input.is_ascii() && UriRef::is_valid(replace_non_ascii(input).as_bytes()) {
                return Some(Class::JavaOtherChars);
            }
            if j.host.as_deref().is_some_and(|h| h.starts_with('[')) {
                if let Some(r) = replace_brackets(input) {
                    let r = replace_non_ascii(&r.replace(['[', ']'], "%5B"));
                    if UriRef::is_valid(r.as_bytes()) {
                        return Some(Class::JavaIpv6Literal);
                    }
                }
            }
            if j.scheme.is_none()
                && input.starts_with('?')
                && UriRef::is_valid(
                    replace_non_ascii(&format!(".{input}").replace(['[', ']'], "%5B")).as_bytes(),
                )
            {
                return Some(Class::JavaEmptyRelativePath);
            }
            let brackets = |s: &str| s.bytes().filter(|&b| b == b'[' || b == b']').count();
            let in_uric = brackets(j.query.as_deref().unwrap_or(""))
                + brackets(j.fragment.as_deref().unwrap_or(""))
                + if j.opaque {
                    brackets(j.ssp.as_deref().unwrap_or(""))
                } else {
                    0
                };
            if brackets(input) > 0
                && in_uric == brackets(input)
                && UriRef::is_valid(replace_non_ascii(&input.replace(['[', ']'], "%5B")).as_bytes())
            {
                return Some(Class::JavaRfc2732Brackets);
            }
            None
        }
        (Some(_), Java::Err) => {
            let r = UriRef::parse(input).ok()?;
            if r.authority() == Some("")
                && r.path().is_empty()
                && r.query().is_none()
                && r.fragment().is_none()
            {
                return Some(Class::JavaRejectsBareEmptyAuthority);
            }
            None
        }
        (Some(u), Java::Ok(j)) => {
            let r = UriRef::parse(input).ok()?;
            if r.host_kind() == Some(HostKind::Ipv4) && ipv4_out_of_rfc2732(r.host()?) {
                return same_but_registry(u, j).then_some(Class::JavaStrictIpv4);
            }
            if r.port()
                .and_then(|p| p.parse::<u64>().ok())
                .is_none_or(|p| p > 2147483647)
                && r.port().is_some_and(|p| !p.is_empty())
            {
                return same_but_registry(u, j).then_some(Class::JavaPortOverflow);
            }
            if r.authority_kind() == Some(AuthorityKind::RegName) {
                let h = j.host.as_deref()?;
                let label = h.strip_suffix('.').unwrap_or(h);
                let single_digit_label = !label.is_empty()
                    && label.as_bytes()[0].is_ascii_digit()
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-');
                let mut v = JavaParts::clone(j);
                v.host = None;
                v.userinfo = None;
                v.port = -1;
                return (single_digit_label && v == *u).then_some(Class::JavaDigitTopLabel);
            }
            if u.authority.as_deref() == Some("") && j.authority.is_none() {
                let mut v = u.clone();
                v.authority = None;
                return (v == **j).then_some(Class::JavaEmptyAuthorityUndefined);
            }
            None
        }
        // Agreement: never classified.
        (None, Java::Err) => None,
    }
}

/// `u` (a server for us) and `j` agree except that Java made the
/// authority registry-based: no user-information, host or port.
fn same_but_registry(u: &JavaParts, j: &JavaParts) -> bool {
    let mut v = u.clone();
    v.userinfo = None;
    v.host = None;
    v.port = -1;
    v == *j
}

// ---------------------------------------------------------------------------
// Inputs

fn corpus_inputs(out: &mut BTreeSet<String>) -> usize {
    let Some(dir) = common::corpora_dir() else {
        skip::note(format_args!(
            "SKIP corpora: ../shared/corpora not found; comparing generated inputs only"
        ));
        return 0;
    };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("read corpora")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".jsonl"))
        .collect();
    names.sort();
    let before = out.len();
    for n in names {
        for (_, v) in common::read_jsonl(&n).unwrap_or_default() {
            for key in ["input", "base", "ref", "expected"] {
                if let Some(s) = v.get(key).and_then(|j| j.as_str()) {
                    out.insert(s.to_string());
                }
            }
        }
    }
    out.len() - before
}

fn generated_inputs(grammar: &str, n: usize, seed: u64, out: &mut BTreeSet<String>) -> usize {
    let path = format!("{}/grammar/{grammar}.abnf", env!("CARGO_MANIFEST_DIR"));
    let c = compile_file(path.as_ref(), Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let m = c.machine("URI-reference").expect("URI-reference entry");
    let mut rng = Rng::new(seed);
    let mut base = Vec::new();
    let before = out.len();
    for i in 0..n {
        if i % 2 == 0 {
            base.clear();
            generate(&m.lowered.hir, &mut rng, &mut base);
        }
        let input = if i % 2 == 0 {
            base.clone()
        } else {
            mutate(&base, &mut rng)
        };
        // Java reads text: only UTF-8 inputs can be compared.
        if let Ok(s) = String::from_utf8(input) {
            out.insert(s);
        }
    }
    out.len() - before
}

// ---------------------------------------------------------------------------

#[test]
fn rfc2396_agrees_with_java_net_uri() {
    let Some(classes) = compile_driver() else {
        return;
    };
    let n: usize = std::env::var("URIDFA_JAVA_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| crate::common::scale::scaled(20_000));
    let mut set = BTreeSet::new();
    let from_corpora = corpus_inputs(&mut set);
    let corpus: BTreeSet<String> = set.clone();
    let mut corpus_agree = 0usize;
    let from_2396 = generated_inputs("rfc2396", n, 2396, &mut set);
    let from_3986 = generated_inputs("rfc3986", n, 3986, &mut set);
    let inputs: Vec<String> = set.into_iter().collect();
    let answers = run_java(&classes, &inputs);

    let mut accept_agree = 0usize;
    let mut full_agree = 0usize;
    let mut both_accept = 0usize;
    let mut per_class: BTreeMap<Class, (usize, usize, String)> = BTreeMap::new();
    let mut unexplained = Vec::new();
    for (input, java) in inputs.iter().zip(&answers) {
        let us = ours(input);
        let accept_same = us.is_some() == matches!(java, Java::Ok(_));
        if accept_same {
            accept_agree += 1;
        }
        let same = match (&us, java) {
            (None, Java::Err) => true,
            (Some(u), Java::Ok(j)) => {
                both_accept += 1;
                *u == **j
            }
            _ => false,
        };
        if same {
            full_agree += 1;
            corpus_agree += usize::from(corpus.contains(input));
            continue;
        }
        match classify(input, &us, java) {
            Some(c) => {
                let e = per_class.entry(c).or_insert_with(|| (0, 0, input.clone()));
                e.0 += 1;
                e.1 += usize::from(corpus.contains(input));
            }
            None => unexplained.push(format!("{input:?}\n    ours {us:?}\n    java {java:?}")),
        }
    }
    let total = inputs.len();
    eprintln!(
        "java.net.URI vs rfc2396 URI-reference: {total} distinct inputs ({from_corpora} from corpora, \
         {from_2396} generated from rfc2396, {from_3986} from rfc3986; URIDFA_JAVA_SAMPLES={n})"
    );
    eprintln!(
        "  acceptance agrees on {accept_agree}/{total}; acceptance and every component agree on \
         {full_agree}/{total} ({both_accept} accepted by both)"
    );
    eprintln!(
        "  corpora inputs alone: acceptance and every component agree on {corpus_agree}/{}",
        corpus.len()
    );
    for (c, (k, in_corpora, example)) in &per_class {
        eprintln!("  {c:?}: {k}, {in_corpora} of them from corpora (e.g. {example:?})");
    }
    assert!(
        unexplained.is_empty(),
        "{} unexplained differences, first ones:\n{}",
        unexplained.len(),
        unexplained
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The comparison must have exercised both sides.
    assert!(both_accept > total / 10, "too few inputs accepted by both");
    assert!(
        full_agree > total / 2,
        "agreement collapsed: {full_agree}/{total}"
    );
}
