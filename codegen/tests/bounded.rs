//! The generator is bounded on every grammar: adversarial
//! grammars, generated here, each get their tables or one located error,
//! quickly. Each compile runs in a thread under a wall-clock guard, so a
//! regression fails instead of hanging; the guard is generous (debug build,
//! a shared machine), the release CLI takes well under a second on each.
//!
//! Run: `cargo test -p uridfa-codegen --test codegen -- bounded::`.

use crate::common;

use common::*;
use std::fs;
use std::path::Path;
use uridfa_codegen::driver::{compile_file, compile_str, Options};
use uridfa_codegen::oracle::plain_dfa_state_len;

#[test]
fn doubling_chain_concatenation() {
    let d = error("r0 = r1 r1", format!(";@ entry r0\n{}", doubling("")));
    assert!(
        d.starts_with(&format!("t.abnf:24:1: error: rule 'r22' {EXPANSION}")),
        "{d}"
    );
    assert!(d.contains("24 | r22 = r23  r23\n   | ^^^\n"), "{d}");
}

/// `r0 = r1 / r1`, ... 2^40 copies of "a" once inlined, is one byte: a
/// grammar without captures builds each rule once (Note [rules built
/// once] in `lower.rs`).
#[test]
fn doubling_chain_alternation() {
    let c = ok("r0 = r1 / r1", format!(";@ entry r0\n{}", doubling("/")));
    assert_eq!(c.machines[0].tables.as_tables().state_len(), 2);
    let t = c.machines[0].tables.as_tables();
    assert!(uridfa_runtime::validate(&t, b"a").is_ok());
    for bad in [&b""[..], b"aa", b"b"] {
        assert!(uridfa_runtime::validate(&t, bad).is_err());
    }
}

/// The same chain with a capture inside is refused for its expansion.
#[test]
fn doubling_chain_alternation_with_a_capture() {
    let d = error(
        "r0 = r1 / r1, captured",
        format!(";@ entry r0\n;@ capture r40\n{}", doubling("/")),
    );
    assert!(
        d.starts_with(&format!("t.abnf:25:1: error: rule 'r22' {EXPANSION}")),
        "{d}"
    );
}

#[test]
fn doubling_chains_unused_beside_an_entry() {
    for sep in ["", "/"] {
        let c = ok(
            "unused doubling chain",
            format!(";@ entry e\ne = \"a\"\n{}", doubling(sep)),
        );
        assert_eq!(c.machines[0].tables.as_tables().state_len(), 2);
        agrees(&c, &[b"a".to_vec(), b"".to_vec(), b"aa".to_vec()]);
    }
}

#[test]
fn long_chains_report_their_depth() {
    for n in [4_000, 10_000, 38_000] {
        let d = error(&format!("{n}-rule chain"), chain(n));
        assert!(
            d.starts_with(
                "t.abnf:257:8: error: rule 'r256' nests deeper than 256 levels\n    |\n\
                 257 | r255 = r256 / \"a\"\n    |        ^^^^\n"
            ),
            "{n}: {d}"
        );
    }
    // Within the limit, a chain compiles.
    let c = ok("200-rule chain", chain(200));
    agrees(&c, &[b"a".to_vec(), b"b".to_vec(), b"".to_vec()]);
}

#[test]
fn megabyte_grammar() {
    // 1 MB, about 29,000 rules, three reachable from the entry.
    let mut s = String::from(";@ entry e\ne = r0 / r1 \"-\" r2\n");
    let mut i = 0;
    while s.len() < 1_000_000 {
        if i % 2 == 0 {
            s.push_str(&format!(
                "r{i} = %x30-39 / \"{}\"\n",
                (b'a' + (i % 26) as u8) as char
            ));
        } else {
            s.push_str(&format!("r{i} = \"x{i:05}\" 1*3r{} ; padding\n", i - 1));
        }
        i += 1;
    }
    assert!(i > 28_000 && s.len() <= 1 << 20);
    let c = ok("1 MB grammar", s);
    let t = c.machines[0].tables.as_tables();
    assert_eq!(t.state_len(), 12);
    agrees(
        &c,
        &[
            b"7".to_vec(),
            b"a".to_vec(),
            b"x00001a-7".to_vec(),
            b"X00001aAa-C".to_vec(),
            b"x00001aaaa-c".to_vec(),
            b"x00001-c".to_vec(),
        ],
    );
}

#[test]
fn long_repetitions() {
    for (n, states) in [(5_000, 5_001), (19_000, 19_001)] {
        let c = ok(
            &format!("x = {n}\"a\""),
            format!(";@ entry x\nx = {n}\"a\"\n"),
        );
        let t = c.machines[0].tables.as_tables();
        assert_eq!(t.state_len(), states);
        uridfa_runtime::check(&t).unwrap();
        assert!(uridfa_runtime::validate(&t, "a".repeat(n).as_bytes()).is_ok());
        assert!(uridfa_runtime::validate(&t, "A".repeat(n).as_bytes()).is_ok());
        assert!(uridfa_runtime::validate(&t, "a".repeat(n - 1).as_bytes()).is_err());
        assert!(uridfa_runtime::validate(&t, "a".repeat(n + 1).as_bytes()).is_err());
    }
    // Past the state budget, the error comes before any automaton, at the
    // rule that spent the budget (the entry rule, or the innermost rule
    // whose longest match is past it).
    let d = error("x = 30000\"a\"", ";@ entry x\nx = 30000\"a\"\n".into());
    assert!(
        d.starts_with(
            "t.abnf:2:1: error: entry 'x': its shortest match is 30000 bytes long, so any DFA \
             for it needs more than the state budget of 20000 states"
        ),
        "{d}"
    );
    let d = error("x = 0*30000\"a\"", ";@ entry x\nx = 0*30000\"a\"\n".into());
    assert!(
        d.starts_with("t.abnf:2:1: error: entry 'x': its longest match is 30000 bytes long"),
        "{d}"
    );
    let d = error(
        "x = \"b\" y, y = 2z, z = 0*15000\"a\"",
        ";@ entry x\nx = \"b\" y\ny = 2z\nz = 0*15000\"a\"\n".into(),
    );
    assert!(
        d.starts_with(
            "t.abnf:3:1: error: rule 'y' (in entry 'x'): its longest match is 30000 bytes long"
        ),
        "{d}"
    );
    assert!(d.contains("3 | y = 2z\n  | ^\n"), "{d}");
    let d = error(
        "huge count",
        ";@ entry x\nx = 4000000000(4000000000\"a\")\n".into(),
    );
    assert!(
        d.contains("error: entry 'x': its shortest match is "),
        "{d}"
    );
}

#[test]
fn exponential_plain_dfa() {
    let c = ok(
        "*(a/b) a 13(a/b)",
        ";@ entry x\nx = *(\"a\" / \"b\") \"a\" 13(\"a\" / \"b\")\n".into(),
    );
    let t = c.machines[0].tables.as_tables();
    assert_eq!(t.state_len(), 16_384);
    let mut inputs = Vec::new();
    let mut rng = uridfa_codegen::sample::Rng::new(12);
    for len in [0, 1, 13, 14, 15, 20, 40] {
        for _ in 0..20 {
            inputs.push((0..len).map(|_| b"ab"[rng.below(2) as usize]).collect());
        }
    }
    agrees(&c, &inputs);
    // The statistic, computed only where shown, is cheap too.
    let n = guarded("plain DFA statistic", move || {
        plain_dfa_state_len(&c.machines[0].tables.as_tables())
    });
    assert_eq!(n, Ok(16_385));
}

#[test]
fn deep_nesting() {
    let d = error(
        "10,000 nested groups",
        format!(
            ";@ entry x\nx = {}\"a\"{}\n",
            "(".repeat(10_000),
            ")".repeat(10_000)
        ),
    );
    assert!(
        d.starts_with(
            "t.abnf:2:69: error: groups and options nest too deeply (more than 64 levels)"
        ),
        "{d}"
    );
    // Options nested 60 deep in each of 250 nested rules: within every
    // per-rule limit, but 15,000 levels once inlined.
    let mut s = String::from(";@ entry r0\n");
    for i in 0..250 {
        s.push_str(&format!(
            "r{i} = {}r{} \"b\"{}\n",
            "[".repeat(60),
            i + 1,
            "]".repeat(60)
        ));
    }
    s.push_str("r250 = \"a\"\n");
    let d = error("deep options", s);
    // Just within the limit (4 levels per rule: two options, a
    // concatenation, a reference), the later stages keep to a main
    // thread's stack, even in a debug build.
    let mut s = String::from(";@ entry r0\n");
    for i in 0..250 {
        s.push_str(&format!("r{i} = [[r{} \"b\"]]\n", i + 1));
    }
    s.push_str("r250 = \"a\"\n");
    let c = ok("1,000 levels", s);
    agrees(
        &c,
        &[
            b"".to_vec(),
            b"ab".to_vec(),
            b"bb".to_vec(),
            b"abb".to_vec(),
        ],
    );
    assert!(
        d.starts_with(
            "t.abnf:18:39: error: expression nests deeper than 1024 levels once the rules it \
             references are inlined"
        ),
        "{d}"
    );
}

#[test]
fn imports_stay_in_their_directory() {
    let root = temp_dir("escape");
    let dir = root.join("g");
    fs::create_dir_all(&dir).unwrap();
    let secret = "SECRET-CONTENT = not a grammar\n";
    fs::write(root.join("outside.abnf"), secret).unwrap();
    fs::write(dir.join("notes.txt"), secret).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(root.join("outside.abnf"), dir.join("link.abnf")).unwrap();
    let outside = root.join("outside.abnf");
    fs::create_dir_all(dir.join("sub")).unwrap();
    let cases: Vec<(String, &str)> = vec![
        (
            "../outside.abnf".into(),
            "resolves outside the importing file's directory",
        ),
        (
            outside.display().to_string(),
            "resolves outside the importing file's directory",
        ),
        #[cfg(unix)]
        (
            "link.abnf".into(),
            "resolves outside the importing file's directory",
        ),
        ("notes.txt".into(), "does not name a grammar file"),
        (
            "sub/../../outside.abnf".into(),
            "resolves outside the importing file's directory",
        ),
        (
            "../missing.abnf".into(),
            "resolves outside the importing file's directory",
        ),
    ];
    for (import, message) in cases {
        let main = dir.join("main.abnf");
        fs::write(
            &main,
            format!(";@ import {import}\n;@ entry x\nx = \"a\"\n"),
        )
        .unwrap();
        let d = file_error(&main);
        let head = format!(
            "{}:1:11: error: import '{import}' {message}",
            main.display()
        );
        assert!(d.starts_with(&head), "{import}: {d}");
        assert!(!d.contains("SECRET"), "{import}: quotes the file: {d}");
        assert!(d.ends_with(&format!("error: 1 error in {}", main.display())));
    }
    // A file under the directory is read.
    fs::write(dir.join("sub/lib.abnf"), "y = \"b\"\n").unwrap();
    let main = dir.join("main.abnf");
    fs::write(&main, ";@ import sub/lib.abnf\n;@ entry x\nx = y\n").unwrap();
    let c = guarded("import", move || compile_file(&main, Options::default())).unwrap();
    assert_eq!(c.machines.len(), 1);
}

#[test]
fn too_large_and_binary_imports() {
    let dir = temp_dir("large");
    let big = format!("y = \"b\"\n{}", "; SECRET padding\n".repeat(70_000));
    assert!(big.len() > 1 << 20);
    fs::write(dir.join("big.abnf"), &big).unwrap();
    fs::write(dir.join("bin.abnf"), b"y = \"b\"\n\0SECRET\xff\n").unwrap();
    let main = dir.join("main.abnf");
    fs::write(&main, ";@ import big.abnf\n;@ entry x\nx = \"a\"\n").unwrap();
    let d = file_error(&main);
    let head = format!(
        "{}:1:11: error: import 'big.abnf' is {} bytes, more than the limit of 1048576 bytes",
        main.display(),
        big.len()
    );
    assert!(d.starts_with(&head), "{d}");
    assert!(!d.contains("SECRET"), "{d}");
    fs::write(&main, ";@ import bin.abnf\n;@ entry x\nx = \"a\"\n").unwrap();
    let d = file_error(&main);
    let head = format!(
        "{}:1:11: error: import 'bin.abnf' is not a text grammar file",
        main.display()
    );
    assert!(d.starts_with(&head), "{d}");
    assert!(!d.contains("SECRET"), "{d}");
}

#[test]
fn plain_dfa_statistic_of_rfc3986() {
    // The numbers of the README table, computed from the tables alone.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar/rfc3986.abnf");
    let c = guarded("rfc3986", move || compile_file(&path, Options::default())).unwrap();
    let plain: Vec<usize> = c
        .machines
        .iter()
        .map(|m| plain_dfa_state_len(&m.tables.as_tables()).unwrap())
        .collect();
    assert_eq!(plain, [183, 180, 177, 181]);
}

#[test]
fn many_errors_in_a_large_file() {
    let mut s = String::from(";@ entry r0\n");
    for i in 0..30_000 {
        s.push_str(&format!("r{i} = undefined{i} \"padding padding\"\n"));
    }
    let (len, text) = guarded("30,000 errors", move || {
        // The entry reaches one of them; the whole-file check reports all.
        let entry = compile_str("t.abnf", &s, Options::default()).unwrap_err();
        assert_eq!(entry.len(), 1);
        let g = uridfa_codegen::abnf::parse("t.abnf", &s).unwrap();
        let d = g.check_all_rules().unwrap_err();
        (d.len(), d.to_string())
    });
    assert_eq!(len, 30_000);
    assert!(
        text.starts_with("t.abnf:2:6: error: unknown rule 'undefined0'\n"),
        "{}",
        &text[..200]
    );
    assert!(text.contains("t.abnf:30001:10: error: unknown rule 'undefined29999'\n"));
    assert!(text.ends_with("error: 30000 errors in t.abnf"));
}

#[test]
fn long_lines_are_excerpted_around_the_span() {
    let body = " \"ab\"".repeat(200_000);
    let d = error("1 MB line", format!(";@ entry x\nx ={body} nope \"c\"\n"));
    let col = 5 + body.len();
    assert!(
        d.starts_with(&format!("t.abnf:2:{col}: error: unknown rule 'nope'\n")),
        "{d}"
    );
    assert!(d.len() < 1_000, "{d}");
    // The caret stands under the name, after the '…' that opens the window.
    let lines: Vec<&str> = d.lines().collect();
    let at = lines[2].find("nope").unwrap();
    assert!(lines[2].starts_with("2 | …"));
    assert_eq!(lines[3].find('^'), Some(at - "…".len() + 1));
    assert!(lines[3].ends_with("^^^^"));
}

#[test]
fn many_captures_under_a_repetition() {
    let mut s = String::from(";@ entry e\n");
    for i in (0..2_000).step_by(10) {
        let names: Vec<String> = (i..i + 10).map(|j| format!("r{j}")).collect();
        s.push_str(&format!(";@ capture {}\n", names.join(" ")));
    }
    let alts: Vec<String> = (0..2_000).map(|i| format!("r{i}")).collect();
    s.push_str(&format!("e = *({})\n", alts.join(" / ")));
    for i in 0..2_000 {
        s.push_str(&format!("r{i} = \"x\" %x{:02X}\n", 0x30 + i % 10));
    }
    // Once refused (the star's captures took more than 32,000,000
    // register slots); now a list region (Note [repeated captures]): the
    // entry's machine has one capture group, the region, and the item
    // machine reads one alternative, so it compiles, within the guard.
    let c = ok("2,000 captures", s);
    let m = &c.machines[0];
    assert_eq!(m.lists.len(), 1);
    assert_eq!(m.lowered.group_component.len(), 1);
    assert_eq!(m.lists[0].machine.lowered.group_component.len(), 2_000);
}

#[test]
fn encode_set_of_an_exponential_rule() {
    let d = error(
        "encode-set over *(a/b) a 13(a/b)",
        ";@ entry e\n;@ encode-set q = x\ne = \"a\"\nx = *(\"a\" / \"b\") \"a\" 13(\"a\" / \"b\")\n"
            .into(),
    );
    assert!(
        d.starts_with(
            "t.abnf:2:1: error: encode-set 'q': rule 'x' is not set-like: it cannot start with \
             a percent-encoded octet"
        ),
        "{d}"
    );
}

#[test]
fn wide_alternation_under_a_repetition() {
    // 5,000 distinct 12-byte strings under a star: the state budget, not
    // memory, ends it.
    let mut rng = uridfa_codegen::sample::Rng::new(1);
    let mut s = String::from(";@ entry e\n");
    let alts: Vec<String> = (0..5_000).map(|i| format!("s{i}")).collect();
    s.push_str(&format!("e = *({})\n", alts.join(" / ")));
    for i in 0..5_000 {
        let word: String = (0..12)
            .map(|_| char::from(b"abcdefgh"[rng.below(8) as usize]))
            .collect();
        s.push_str(&format!("s{i} = \"{word}\"\n"));
    }
    let d = error("5,000 alternatives", s);
    assert!(
        d.starts_with(
            "t.abnf:2:1: error: entry 'e': tagged DFA exceeds the state budget of 20000 states"
        ),
        "{d}"
    );
}

#[test]
fn many_small_rules_naming_sets() {
    // 60,000 rules, each a copy of a 1,300-alternative class: every one
    // could name an expected-byte set; their total work is bounded.
    let alts: Vec<String> = (0..1_300)
        .map(|i| format!("%x{:02X}", 0x20 + i % 200))
        .collect();
    let mut s = format!(";@ entry e\ne = r0 r1\nbig = {}\n", alts.join(" / "));
    for i in 0..60_000 {
        s.push_str(&format!("r{i} = big\n"));
    }
    let c = ok("60,000 small rules", s);
    let t = c.machines[0].tables.as_tables();
    assert_eq!(t.state_len(), 3);
    agrees(&c, &[b"  ".to_vec(), b" ".to_vec(), b"\xe7\xe7".to_vec()]);
}

#[test]
fn expected_texts_name_rules_no_entry_reaches() {
    // RFC 3986's messages say `BIT` (core.abnf's %x30-31), a rule none of
    // its entries references: the sets come from every rule.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar/rfc3986.abnf");
    let c = guarded("rfc3986", move || compile_file(&path, Options::default())).unwrap();
    let sizes = uridfa_codegen::lower::RuleSizes::new(&c.grammar);
    let bit = c.grammar.rule_index("BIT").unwrap();
    for (entry, _) in &c.grammar.entries {
        let root = c.grammar.rule_index(entry).unwrap();
        assert!(!sizes.reachable(root).contains(&bit), "{entry} reaches BIT");
    }
    let t = c.machines[0].tables.as_tables();
    assert!(
        t.expected
            .iter()
            .any(|&r| t.str(r) == "BIT, \".\" or \"2\" to \"5\""),
        "{:?}",
        t.expected.iter().map(|&r| t.str(r)).collect::<Vec<_>>()
    );
}

#[test]
fn built_in_entries_are_far_below_the_expansion_limit() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar");
    let mut largest = (0, String::new());
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("abnf") {
            continue;
        }
        let g = uridfa_codegen::abnf::load(&path).unwrap();
        let sizes = uridfa_codegen::lower::RuleSizes::new(&g);
        for (rule, _) in &g.entries {
            let n = sizes.nodes[g.rule_index(rule).unwrap()];
            if n > largest.0 {
                largest = (n, format!("{} {rule}", g.name));
            }
        }
    }
    eprintln!(
        "largest built-in entry: {} nodes ({})",
        largest.0, largest.1
    );
    assert!(largest.0 > 0);
    assert!(
        largest.0 < uridfa_codegen::lower::MAX_EXPANSION / 16,
        "{largest:?}"
    );
}
