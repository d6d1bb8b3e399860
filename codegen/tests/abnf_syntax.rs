//! What the ABNF front end accepts, and the AST it builds.

use uridfa_codegen::abnf::{parse, Capture, Grammar, Node, NodeKind};

fn ok(text: &str) -> Grammar {
    parse("grammar/t.abnf", text).unwrap_or_else(|e| panic!("{e}"))
}

/// The AST of `rule` with spans dropped, as a compact string.
fn shape(g: &Grammar, rule: &str) -> String {
    fn go(n: &Node) -> String {
        match &n.kind {
            NodeKind::Alt(v) => format!("alt({})", v.iter().map(go).collect::<Vec<_>>().join(", ")),
            NodeKind::Concat(v) => {
                format!("cat({})", v.iter().map(go).collect::<Vec<_>>().join(", "))
            }
            NodeKind::Repeat { min, max, node } => match max {
                Some(max) => format!("rep({min},{max},{})", go(node)),
                None => format!("rep({min},inf,{})", go(node)),
            },
            NodeKind::Rule(r) => r.clone(),
            NodeKind::Str {
                text,
                case_sensitive,
            } => format!(
                "{}{:?}",
                if *case_sensitive { "s" } else { "i" },
                String::from_utf8_lossy(text)
            ),
            NodeKind::Range(a, b) => format!("{a:#x}-{b:#x}"),
            NodeKind::Seq(v) => format!("seq{v:x?}"),
        }
    }
    go(&g.rule(rule).expect("rule").node)
}

#[test]
fn rule_names_are_case_insensitive() {
    let g = ok("Digit = %x30-39\nnum = 1*DIGIT / 1*digit\n");
    assert_eq!(shape(&g, "NUM"), "alt(rep(1,inf,DIGIT), rep(1,inf,digit))");
    assert_eq!(g.rule("dIgIt").unwrap().name, "Digit");
}

#[test]
fn incremental_alternatives_merge_in_order() {
    let g = ok("a = \"x\" / \"y\"\nb = a\na =/ \"z\" / b2\nb2 = \"w\"\nc = \"1\"\nc =/ \"2\"\n");
    assert_eq!(shape(&g, "a"), r#"alt(i"x", i"y", i"z", b2)"#);
    assert_eq!(shape(&g, "c"), r#"alt(i"1", i"2")"#);
    let names: Vec<&str> = g.rules.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "b2", "c"]);
}

#[test]
fn rfc7405_strings() {
    let g = ok("a = %s\"aB\" %i\"cD\" \"eF\" %S\"x\" \"\"\n");
    assert_eq!(shape(&g, "a"), r#"cat(s"aB", i"cD", i"eF", s"x", i"")"#);
}

#[test]
fn numeric_values() {
    let g = ok("a = %x41 %X4a-4F %d13.10 %b1010 %b0-1 %x0\n");
    assert_eq!(
        shape(&g, "a"),
        "cat(seq[41], 0x4a-0x4f, seq[d, a], seq[a], 0x0-0x1, seq[0])"
    );
}

#[test]
fn repetitions_groups_and_options() {
    let g = ok("a = *b 2b 1*b *3b 2*4b 0b [b] (b / b b) 1*(b)\nb = \"b\"\n");
    assert_eq!(
        shape(&g, "a"),
        "cat(rep(0,inf,b), rep(2,2,b), rep(1,inf,b), rep(0,3,b), rep(2,4,b), rep(0,0,b), \
         rep(0,1,b), alt(b, cat(b, b)), rep(1,inf,b))"
    );
}

#[test]
fn continuation_lines_and_comments() {
    let g = ok(
        "a = \"x\"   ; first\n    / \"y\"\n\t/ \"z\" ; tab\n  ; only a comment\n    \"w\"\nb = a\n",
    );
    assert_eq!(shape(&g, "a"), r#"alt(i"x", i"y", cat(i"z", i"w"))"#);
    assert!(g.rule("b").is_some());
}

#[test]
fn crlf_line_endings() {
    let lf = ok(";@ entry a\na = \"x\"\n    / b ; c\nb = %x30\n");
    let crlf = ok(";@ entry a\r\na = \"x\"\r\n    / b ; c\r\nb = %x30\r\n");
    assert_eq!(shape(&lf, "a"), shape(&crlf, "a"));
    assert_eq!(crlf.entries[0].0, "a");
    // Positions count the CR, columns do not show it.
    let err = parse("t.abnf", "a = \"x\"\r\nb = c\r\n")
        .unwrap()
        .check_all_rules()
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "t.abnf:2:5: error: unknown rule 'c'\n  |\n2 | b = c\n  |     ^\n\nerror: 1 error in t.abnf"
    );
}

#[test]
fn spans_point_at_the_source() {
    let text = "a = \"x\" / %x41-5A b\nb = 2*3\"b\"\n";
    let g = ok(text);
    let at = |n: &Node| &text[n.span.start..n.span.end];
    let a = &g.rule("a").unwrap().node;
    assert_eq!(at(a), "\"x\" / %x41-5A b");
    let NodeKind::Alt(alts) = &a.kind else {
        panic!()
    };
    assert_eq!(at(&alts[0]), "\"x\"");
    assert_eq!(at(&alts[1]), "%x41-5A b");
    assert_eq!(at(&g.rule("b").unwrap().node), "2*3\"b\"");
    assert_eq!(g.sources.line_col(g.rule("b").unwrap().span), (2, 1));
}

#[test]
fn pragmas() {
    let g = ok("\
;@ entry top other   ; two machines
;@ capture x y
;@ capture xy=x/y
;@ kind x = x4 / x6
;@ charset utf-8
top = x / y
other = xy
xy = x y
x = x4 / x6
x4 = \"4\"
x6 = \"6\"
y = %x100-10FFFF
");
    assert_eq!(
        g.entries.iter().map(|e| e.0.as_str()).collect::<Vec<_>>(),
        ["top", "other"]
    );
    let caps: Vec<(&str, Vec<&str>, Option<&str>)> = g
        .captures
        .iter()
        .map(|c: &Capture| {
            (
                c.name.as_str(),
                c.rules.iter().map(|r| r.0.as_str()).collect(),
                c.kind_of.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        caps,
        [
            ("x", vec!["x"], None),
            ("y", vec!["y"], None),
            ("xy", vec!["x", "y"], None),
            ("x4", vec!["x4"], Some("x")),
            ("x6", vec!["x6"], Some("x")),
        ]
    );
    // Each rule in a pragma keeps its own span.
    let (name, span) = &g.captures[2].rules[1];
    assert_eq!(name, "y");
    assert_eq!(g.sources.line_col(*span), (3, 17));
    assert!(g.utf8);
    assert_eq!(g.name, "t");
    assert!(!ok("a = \"x\"\n").utf8);
}

#[test]
fn import_resolves_relative_to_the_importing_file() {
    let dir = std::env::temp_dir().join(format!("uridfa-abnf-syntax-{}", std::process::id()));
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let core = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/core.abnf");
    std::fs::copy(core, sub.join("core.abnf")).unwrap();
    std::fs::write(
        dir.join("lib.abnf"),
        ";@ import sub/core.abnf\nhex = 1*HEXDIG\n",
    )
    .unwrap();
    let main = dir.join("main.abnf");
    std::fs::write(&main, ";@ import lib.abnf\n;@ entry h\nh = \"0x\" hex\n").unwrap();
    let g = uridfa_codegen::abnf::load(&main).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = g.rules.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names.len(), 16 + 2);
    assert_eq!(names[0], "ALPHA");
    assert_eq!(names[16..], ["hex", "h"]);
    assert_eq!(g.sources.files.len(), 3);
    assert!(g.sources.files[2].path.ends_with("sub/core.abnf"));
}

#[test]
fn real_grammars_load() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/rfc3986.abnf");
    let g = uridfa_codegen::abnf::load(path.as_ref()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.name, "rfc3986");
    // 16 core rules, 36 of Appendix A, one uridfa helper (`path-chars`).
    assert_eq!(g.rules.len(), 16 + 36 + 1);
    assert_eq!(g.entries.len(), 4);
    assert_eq!(g.captures.len(), 7 + 1 + 4);
    assert_eq!(g.encode_sets.len(), 5);
    assert!(!g.utf8);
    // `path-empty = 0<pchar>` is the empty string.
    assert_eq!(
        g.rule("path-empty").unwrap().node.kind,
        NodeKind::Concat(vec![])
    );
}
