//! `uridfa dot` and `uridfa explain`: the pictures are checked against the
//! tables themselves and against `split`, never against their own output.
//!
//! - Every node and edge of the overview is checked against the transition
//!   table, read here byte by byte with no help from the generator.
//! - That a state drawn in a component is in it (Note [the component a
//!   state is in] in `uridfa_codegen::picture`) is checked on random
//!   accepted inputs, walked through the tables here: after each byte, the
//!   component the state is drawn in must hold that byte in the spans
//!   `split` reports.
//! - `explain` marks the spans RFC 3986 §3 gives for its example.

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Command, Output, Stdio};
use uridfa_codegen::sample::Rng;
use uridfa_runtime::{split_with, Span, Tables};

/// Runs `uridfa ARGS`.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run uridfa")
}

/// Standard output, which must be UTF-8.
fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// The tables of a built-in entry.
fn tables(grammar: &str, rule: &str) -> Tables<'static> {
    let g = uridfa::GRAMMARS
        .iter()
        .find(|g| g.name == grammar)
        .expect("grammar");
    g.entries
        .iter()
        .find(|t| t.rule == rule)
        .map(|t| **t)
        .expect("rule")
}

/// The transition of state index `s` on `b`: the target's index, or `None`
/// for the dead state. Read from the tables as the runtime reads them.
fn next(t: &Tables<'_>, s: usize, b: u8) -> Option<usize> {
    let stride = t.stride as usize;
    let id = t
        .trans
        .get(s * stride + usize::from(t.classes[usize::from(b)]))?;
    if id == t.special {
        None
    } else if id < t.special {
        Some(id as usize / stride)
    } else {
        let e = t.edges[(id - t.special - 1) as usize];
        Some(e.target as usize / stride)
    }
}

fn accepts(t: &Tables<'_>, s: usize) -> bool {
    t.final_of(s).is_some_and(|f| f.accept)
}

/// Random accepted inputs: walks from the start state on random bytes with
/// a transition, stopping at accepting states now and then; with each, the
/// states it passes through.
fn accepted_inputs(t: &Tables<'_>, n: usize, seed: u64) -> Vec<(Vec<u8>, Vec<usize>)> {
    let mut rng = Rng::new(seed);
    let start = t.start as usize / t.stride as usize;
    let mut out = Vec::new();
    while out.len() < n {
        let (mut s, mut input, mut states) = (start, Vec::new(), vec![start]);
        for _ in 0..200 {
            if accepts(t, s) && rng.below(8) == 0 {
                break;
            }
            // A random target first, then a random byte leading there, so
            // that a separator such as "/" is taken as often as a letter.
            let mut by_target: BTreeMap<usize, Vec<u8>> = BTreeMap::new();
            for b in 0..=255u8 {
                if let Some(n) = next(t, s, b) {
                    by_target.entry(n).or_default().push(b);
                }
            }
            if by_target.is_empty() {
                break;
            }
            let (&n, bytes) = by_target
                .iter()
                .nth(rng.below(by_target.len() as u64) as usize)
                .unwrap();
            let b = bytes[rng.below(bytes.len() as u64) as usize];
            input.push(b);
            states.push(n);
            s = n;
        }
        if accepts(t, s) {
            out.push((input, states));
        }
    }
    out
}

/// The spans `split` reports.
fn spans(t: &Tables<'_>, input: &[u8]) -> Vec<Option<Span>> {
    let mut regs = vec![0usize; t.reg_len as usize];
    let mut spans = vec![None; t.capture_len()];
    split_with(t, input, &mut regs, &mut spans).expect("accepted");
    spans
}

/// A parsed overview: per node id, its label's first line and its states;
/// the edges with their bytes.
struct Overview {
    nodes: BTreeMap<String, (String, Vec<usize>)>,
    edges: Vec<(String, String, BTreeSet<u8>)>,
}

/// The bytes of a label such as `[!$-.0-9\\x5D]` or `"/"` (the DOT
/// escapes undone).
fn label_bytes(label: &str) -> BTreeSet<u8> {
    // One byte quoted as in ABNF: `\"/\"` in the DOT text.
    if let Some(b) = label
        .strip_prefix("\\\"")
        .and_then(|l| l.strip_suffix("\\\""))
    {
        assert_eq!(b.len(), 1, "{label}");
        return BTreeSet::from([b.as_bytes()[0]]);
    }
    let inner = label
        .replace("\\\\", "\\")
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .expect("byte set")
        .to_string();
    let mut items = Vec::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            let hex: String = chars.by_ref().skip(1).take(2).collect();
            items.push(Some(u8::from_str_radix(&hex, 16).expect("hex")));
        } else if c == '-' {
            items.push(None);
        } else {
            items.push(Some(c as u8));
        }
    }
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < items.len() {
        let a = items[i].expect("range start");
        if items.get(i + 1) == Some(&None) {
            let b = items[i + 2].expect("range end");
            out.extend(a..=b);
            i += 3;
        } else {
            out.insert(a);
            i += 1;
        }
    }
    out
}

/// The value of attribute `key="..."` in a DOT line.
fn attr<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let from = line.find(&format!("{key}=\""))? + key.len() + 2;
    let rest = &line[from..];
    let mut end = 0;
    let bytes = rest.as_bytes();
    while end < bytes.len() && bytes[end] != b'"' {
        end += if bytes[end] == b'\\' { 2 } else { 1 };
    }
    Some(&rest[..end])
}

fn overview(dot: &str) -> Overview {
    let mut o = Overview {
        nodes: BTreeMap::new(),
        edges: Vec::new(),
    };
    for line in dot.lines().map(str::trim) {
        let Some(id) = line
            .split(' ')
            .next()
            .filter(|w| w.starts_with('n') && w[1..].chars().all(|c| c.is_ascii_digit()))
        else {
            continue;
        };
        if let Some((a, b)) = line.split_once(" -> ") {
            let b = b.split(' ').next().unwrap().to_string();
            o.edges
                .push((a.to_string(), b, label_bytes(attr(line, "label").unwrap())));
        } else {
            let label = attr(line, "label").unwrap();
            let name = label.split("\\n").next().unwrap().to_string();
            let states = attr(line, "tooltip")
                .unwrap()
                .strip_prefix("states ")
                .unwrap()
                .split(' ')
                .map(|s| s.parse().unwrap())
                .collect();
            o.nodes.insert(id.to_string(), (name, states));
        }
    }
    o
}

/// Every built-in entry: (grammar, rule).
fn entries() -> Vec<(&'static str, &'static str)> {
    uridfa::GRAMMARS
        .iter()
        .flat_map(|g| g.entries.iter().map(move |t| (g.name, t.rule)))
        .collect()
}

#[test]
fn dot_has_at_most_40_nodes_for_every_builtin_entry() {
    for (g, r) in entries() {
        let o = run(&["dot", "--grammar", g, "--rule", r]);
        assert_eq!(o.status.code(), Some(0), "{g} {r}");
        let dot = stdout(&o);
        let nodes = dot
            .lines()
            .filter(|l| {
                let l = l.trim_start();
                (l.starts_with('n') || l.starts_with('s'))
                    && l.contains(" [")
                    && !l.contains(" -> ")
                    && !l.starts_with("start ")
                    && !l.starts_with("node ")
            })
            .count();
        assert!((1..=40).contains(&nodes), "{g} {r}: {nodes} nodes");
    }
    // RFC 3986 `URI` (186 states) is drawn by
    // component, with the components of RFC 3986 §3.
    let dot = stdout(&run(&["dot", "--grammar", "rfc3986", "--rule", "URI"]));
    let o = overview(&dot);
    assert!(o.nodes.len() <= 40, "{dot}");
    let names: BTreeSet<&str> = o.nodes.values().map(|(n, _)| n.as_str()).collect();
    for c in [
        "scheme",
        "authority",
        "userinfo",
        "host",
        "port",
        "path",
        "query",
        "fragment",
    ] {
        assert!(names.contains(c), "{c} in {names:?}");
    }
}

/// The same machine is drawn the same way every time, from the built-in
/// tables and from the grammar file compiled at run time.
#[test]
fn dot_is_deterministic() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/rfc3986.abnf");
    for view in [&[][..], &["--states"], &["--component", "authority"]] {
        let mut a = vec!["dot", "--grammar", "rfc3986", "--rule", "URI"];
        a.extend_from_slice(view);
        let mut b = vec!["dot", "--grammar-file", file, "--rule", "URI"];
        b.extend_from_slice(view);
        let first = stdout(&run(&a));
        assert!(first.starts_with("digraph"), "{first}");
        assert_eq!(first, stdout(&run(&a)), "{view:?}");
        assert_eq!(first, stdout(&run(&b)), "{view:?}");
    }
}

/// The overview of every built-in entry above 40 states partitions the
/// states, and its edges are exactly the transitions between nodes.
#[test]
fn overview_edges_are_the_transitions_between_nodes() {
    for (g, r) in entries() {
        let t = tables(g, r);
        if t.state_len() <= 40 {
            continue;
        }
        let dot = stdout(&run(&["dot", "--grammar", g, "--rule", r]));
        let o = overview(&dot);
        let mut node_of = vec![None; t.state_len()];
        for (id, (_, states)) in &o.nodes {
            for &s in states {
                assert!(node_of[s].is_none(), "{g} {r}: state {s} twice");
                node_of[s] = Some(id.clone());
            }
        }
        assert!(
            node_of.iter().all(Option::is_some),
            "{g} {r}: a state missing"
        );
        let node = |s: usize| node_of[s].clone().unwrap();
        // The transitions between nodes, from the tables.
        let mut want: BTreeMap<(String, String), BTreeSet<u8>> = BTreeMap::new();
        for s in 0..t.state_len() {
            for b in 0..=255u8 {
                if let Some(n) = next(&t, s, b) {
                    if node(s) != node(n) {
                        want.entry((node(s), node(n))).or_default().insert(b);
                    }
                }
            }
        }
        let got: BTreeMap<(String, String), BTreeSet<u8>> = o
            .edges
            .iter()
            .map(|(a, b, bytes)| ((a.clone(), b.clone()), bytes.clone()))
            .collect();
        assert_eq!(got.len(), o.edges.len(), "{g} {r}: one edge per pair");
        assert_eq!(got, want, "{g} {r}");
    }
}

/// Note [the component a state is in]: on random accepted inputs of every
/// built-in entry, after each byte, the component whose node holds the
/// state holds the byte, as `split` reports its span.
#[test]
fn a_state_drawn_in_a_component_has_just_read_a_byte_of_it() {
    for (g, r) in entries() {
        let t = tables(g, r);
        if t.state_len() <= 40 {
            continue;
        }
        let o = overview(&stdout(&run(&["dot", "--grammar", g, "--rule", r])));
        let mut capture_of = vec![None; t.state_len()];
        for (name, states) in o.nodes.values() {
            if let Some(c) = t.capture_index(name) {
                for &s in states {
                    capture_of[s] = Some(c);
                }
            }
        }
        let mut checked = 0;
        for (input, states) in accepted_inputs(&t, 300, 0x5eed ^ t.state_len() as u64) {
            let spans = spans(&t, &input);
            for (i, &s) in states.iter().enumerate().skip(1) {
                let Some(c) = capture_of[s] else { continue };
                let byte = i - 1;
                let held = spans[c].is_some_and(|(a, b)| a <= byte && byte < b);
                assert!(
                    held,
                    "{g} {r}: {:?} byte {byte} in state {s}, drawn in {}, spans {:?}",
                    String::from_utf8_lossy(&input),
                    t.capture_name(c).unwrap(),
                    spans[c]
                );
                checked += 1;
            }
        }
        assert!(checked > 0, "{g} {r}");
    }
}

/// `--component host` draws host's states only (each checked on random
/// accepted inputs against `split`), all of them, and the register
/// operations on its edges are named by the tags they feed.
#[test]
fn component_host_draws_host_states_with_named_registers() {
    let t = tables("rfc3986", "URI");
    let host = t.capture_index("host").unwrap();
    let o = run(&[
        "dot",
        "--grammar",
        "rfc3986",
        "--rule",
        "URI",
        "--component",
        "host",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let dot = stdout(&o);
    let drawn: BTreeSet<usize> = dot
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('s') && !l.contains(" -> ") && l.contains(" [shape="))
        .filter_map(|l| l[1..].split(' ').next()?.parse().ok())
        .collect();
    assert!(!drawn.is_empty(), "{dot}");
    // Every state drawn holds a host byte whenever an input reaches it.
    let mut seen = BTreeSet::new();
    for (input, states) in accepted_inputs(&t, 3000, 7) {
        let spans = spans(&t, &input);
        for (i, &s) in states.iter().enumerate().skip(1) {
            if drawn.contains(&s) {
                let byte = i - 1;
                let held = spans[host].is_some_and(|(a, b)| a <= byte && byte < b);
                assert!(
                    held,
                    "{:?}: byte {byte} in state {s}",
                    String::from_utf8_lossy(&input)
                );
                seen.insert(s);
            }
        }
    }
    assert!(seen.len() > 50, "only {} host states reached", seen.len());
    // The states the overview puts in host and in its kinds are all drawn.
    let all = overview(&stdout(&run(&[
        "dot",
        "--grammar",
        "rfc3986",
        "--rule",
        "URI",
    ])));
    for (name, states) in all.nodes.values() {
        if ["host", "IPv6address", "IPvFuture"].contains(&name.as_str()) {
            for s in states {
                assert!(drawn.contains(s), "{name} state {s} not drawn");
            }
        }
    }
    // Registers are named by their capture: RFC 3986 §3.2.2's host starts
    // and ends, and no register is left bare.
    for want in ["host.start=pos", "host.end=pos"] {
        assert!(dot.contains(want), "{want} in {dot}");
    }
    let states = stdout(&run(&[
        "dot",
        "--grammar",
        "rfc3986",
        "--rule",
        "URI",
        "--states",
    ]));
    for want in [
        "scheme.end=pos",
        "port.start=",
        "fragment.start=pos",
        "query.end=pos",
    ] {
        assert!(states.contains(want), "{want}");
    }
    for label in states.lines().filter_map(|l| attr(l, "label")) {
        for op in label.split("\\n").filter(|w| w.contains('=')) {
            for reg in op.split('=') {
                let bare = reg.starts_with('r') && reg[1..].chars().all(|c| c.is_ascii_digit());
                assert!(!bare, "bare register in {op}");
            }
        }
    }
    // An unknown component is a usage error naming the components.
    let o = run(&["dot", "--grammar", "rfc3986", "--component", "hots"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no component 'hots'") && err.contains("host"),
        "{err}"
    );
}

/// `explain` marks the components RFC 3986 §3 names for its example, at
/// the offsets of the text given there.
#[test]
fn explain_marks_the_section_3_example() {
    let uri = "foo://example.com:8042/over/there?name=ferret#nose";
    let o = run(&["explain", "--grammar", "rfc3986", "--rule", "URI", uri]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], uri);
    // RFC 3986 §3: scheme, authority, path, query, fragment; §3.2: host and
    // port inside the authority.
    for (part, name) in [
        ("foo", "scheme"),
        ("example.com:8042", "authority"),
        ("example.com", "authority > host (reg-name)"),
        ("8042", "authority > port"),
        ("/over/there", "path"),
        ("name=ferret", "query"),
        ("nose", "fragment"),
    ] {
        let at = uri.find(part).unwrap();
        let want = format!("{}{} {name}", " ".repeat(at), "^".repeat(part.len()));
        assert!(lines.contains(&want.as_str()), "{want:?} in\n{out}");
    }
    let marks = out.split("path:\n").next().unwrap();
    assert!(!marks.contains("userinfo"), "{out}");
    // The path: the start state, then one line per byte, then the end.
    let path = out.split("path:\n").nth(1).unwrap();
    assert_eq!(path.lines().count(), uri.len() + 2, "{out}");
    assert!(
        path.lines().next().unwrap().trim().starts_with("start"),
        "{out}"
    );
    assert!(path.lines().last().unwrap().contains("accepts"), "{out}");
    // §3.2.3: the port's digits are read in "authority" (a ':' there
    // could still start a password); the digits after "/" in path.
    let row = |offset: usize| {
        path.lines()
            .find(|l| l.split_whitespace().next() == Some(&offset.to_string()))
            .unwrap()
    };
    assert!(row(0).contains("scheme"), "{}", row(0));
    assert!(row(24).contains("path"), "{}", row(24));
    assert!(row(35).contains("query"), "{}", row(35));
}

/// `explain` agrees with `split` on the spans of every component, for the
/// empty ones too.
#[test]
fn explain_marks_agree_with_split() {
    // RFC 3986 §5.4.1's examples and §3.2.3's empty port, §3.4's empty
    // query.
    for (uri, want) in [
        (
            "http://a/b/c/d;p?q",
            &[
                ("http", "scheme"),
                ("a", "authority"),
                ("a", "authority > host (reg-name)"),
                ("/b/c/d;p", "path"),
                ("q", "query"),
            ][..],
        ),
        ("g:h", &[("g", "scheme"), ("h", "path")][..]),
        (
            "http://a:/?",
            &[("a:", "authority"), ("a", "authority > host (reg-name)")][..],
        ),
        (
            "http://[::1]/",
            &[("[::1]", "authority > host (IPv6address)")][..],
        ),
        (
            "ftp://u@h",
            &[
                ("u@h", "authority"),
                ("u", "authority > userinfo"),
                ("h", "authority > host (reg-name)"),
            ][..],
        ),
    ] {
        let out = stdout(&run(&[
            "explain",
            "--grammar",
            "rfc3986",
            "--rule",
            "URI",
            uri,
        ]));
        for (part, name) in want {
            let at = uri.find(part).unwrap();
            let want = format!("{}{} {name}", " ".repeat(at), "^".repeat(part.len()));
            assert!(out.lines().any(|l| l == want), "{want:?} in\n{out}");
        }
    }
    // Empty components are marked with `|` where they sit: the port after
    // "a:" (offset 9), the query after "?" (offset 11).
    let out = stdout(&run(&[
        "explain",
        "--grammar",
        "rfc3986",
        "--rule",
        "URI",
        "http://a:/?",
    ]));
    let want_port = format!("{}| authority > port (empty)", " ".repeat(9));
    let want_query = format!("{}| query (empty)", " ".repeat(11));
    assert!(out.lines().any(|l| l == want_port), "{out}");
    assert!(out.lines().any(|l| l == want_query), "{out}");
}

/// An invalid input prints its error at its offset and the path up to it;
/// any bytes at all are explained without a panic.
#[test]
fn explain_errors_and_any_bytes() {
    let o = run(&[
        "explain",
        "--grammar",
        "rfc3986",
        "--rule",
        "URI",
        "http://a b",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "http://a b");
    assert!(
        lines[1].starts_with("        ^ error: unexpected ' ' at 8"),
        "{out}"
    );
    assert!(out.contains("(no transition)"), "{out}");
    let path = out.split("path:\n").nth(1).unwrap();
    // Start, eight bytes read, the byte that stops it.
    assert_eq!(path.lines().count(), 10, "{out}");
    // Bytes that are not printable are shown as \xHH, and the marks follow.
    let o = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(["explain", "--grammar", "rfc3987"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = o;
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        let mut all: Vec<u8> = (0..=255u8).filter(|&b| b != b'\n').collect();
        all.push(b'\n');
        all.extend_from_slice("http://\u{e9}.example/\u{2603}?\u{0}\n".as_bytes());
        stdin.write_all(&all).unwrap();
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("\\x00\\x01"), "{out}");
    assert!(out.contains("http://\\xC3\\xA9.example/"), "{out}");
    for g in ["rfc3986", "rfc1738", "draft-ietf-urnbis-rfc2141bis-urn-03"] {
        let mut rng = Rng::new(99);
        let inputs: Vec<String> = (0..50)
            .map(|_| {
                (0..rng.below(12))
                    .map(|_| char::from(b"a:/?#[]@%1 "[rng.below(11) as usize]))
                    .collect()
            })
            .collect();
        let mut args = vec!["explain", "--grammar", g, "--"];
        args.extend(inputs.iter().map(String::as_str));
        let o = run(&args);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{g}");
    }
}

/// Every occurrence of a repeated capture is marked: the five arrays RFC
/// 6068 §2's grammar gives for the mailto example (examples/mailto).
#[test]
fn explain_marks_every_occurrence_of_a_repeated_capture() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/mailto/grammar/mailto.abnf"
    );
    let uri = "mailto:a@x.org,b.c@y.org?subject=hi%20there&body=ok";
    let o = run(&["explain", "--grammar-file", file, uri]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = stdout(&o);
    let marks: Vec<&str> = out.split("path:\n").next().unwrap().lines().collect();
    for (at, part, name) in [
        (7, "a@x.org", "addr-spec"),
        (15, "b.c@y.org", "addr-spec"),
        (7, "a", "local-part"),
        (15, "b.c", "local-part"),
        (9, "x.org", "domain"),
        (19, "y.org", "domain"),
        (25, "subject", "hfname"),
        (44, "body", "hfname"),
        (33, "hi%20there", "hfvalue"),
        (49, "ok", "hfvalue"),
    ] {
        assert_eq!(&uri[at..at + part.len()], part);
        let carets = format!("{}{} ", " ".repeat(at), "^".repeat(part.len()));
        assert!(
            marks.iter().any(
                |l| l.starts_with(&carets) && l.ends_with(&format!(" {name}"))
                    || l.starts_with(&carets) && l.ends_with(&format!("> {name}"))
            ),
            "{part} {name} in\n{out}"
        );
    }
    // And the overview draws the two lists as nodes of their own.
    let dot = stdout(&run(&["dot", "--grammar-file", file]));
    assert!(dot.contains("label=\"*to\\n"), "{dot}");
}
