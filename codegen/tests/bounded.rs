//! The generator is bounded on every grammar (issue 12): adversarial
//! grammars, generated here, each get their tables or one located error,
//! quickly. Each compile runs in a thread under a wall-clock guard, so a
//! regression fails instead of hanging; the guard is generous (debug build,
//! a shared machine), the release CLI takes well under a second on each.
//!
//! Run: `cargo test -p uridfa-codegen --test bounded`.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use uridfa_codegen::diag::Diagnostics;
use uridfa_codegen::driver::{compile_file, compile_str, Compiled, Options};
use uridfa_codegen::oracle::{plain_dfa_state_len, Oracle};

/// The most one compile may take here.
const GUARD: Duration = Duration::from_secs(30);

/// Runs `f` in a thread with a main thread's stack (8 MiB); fails the test
/// if it does not finish within [`GUARD`].
fn guarded<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    let start = Instant::now();
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let _ = tx.send(f());
        })
        .unwrap();
    match rx.recv_timeout(GUARD) {
        Ok(v) => {
            eprintln!("{what}: {:?}", start.elapsed());
            v
        }
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: not done after {GUARD:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: the compile panicked"),
    }
}

fn compile(what: &str, text: String) -> Result<Compiled, Diagnostics> {
    guarded(what, move || {
        compile_str("t.abnf", &text, Options::default())
    })
}

/// The one error `text` gives, rendered; fails if it compiles or gives
/// several.
fn error(what: &str, text: String) -> String {
    match compile(what, text) {
        Ok(_) => panic!("{what}: compiled, expected an error"),
        Err(d) => {
            assert_eq!(d.len(), 1, "{what}: {d}");
            d.to_string()
        }
    }
}

fn ok(what: &str, text: String) -> Compiled {
    compile(what, text).unwrap_or_else(|d| panic!("{what}: {d}"))
}

/// The doubling chain of the review: `r0 = r1 r1`, ..., `r40 = "a"`.
fn doubling(sep: &str) -> String {
    let mut s = String::new();
    for i in 0..40 {
        s.push_str(&format!("r{i} = r{} {sep} r{}\n", i + 1, i + 1));
    }
    s.push_str("r40 = \"a\"\n");
    s
}

/// `r0 = r1 / "a"`, ..., `r{n-1} = "a"`.
fn chain(n: usize) -> String {
    let mut s = String::from(";@ entry r0\n");
    for i in 0..n - 1 {
        s.push_str(&format!("r{i} = r{} / \"a\"\n", i + 1));
    }
    s.push_str(&format!("r{} = \"a\"\n", n - 1));
    s
}

/// Checks the tables of `c`'s first entry against the dense-DFA oracle on
/// `inputs`.
fn agrees(c: &Compiled, inputs: &[Vec<u8>]) {
    let m = &c.machines[0];
    let t = m.tables.as_tables();
    uridfa_runtime::check(&t).expect("tables pass their check");
    let oracle = Oracle::new(&m.lowered).expect("oracle builds");
    for input in inputs {
        assert_eq!(
            uridfa_runtime::validate(&t, input).is_ok(),
            oracle.accepts(input),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
}

const EXPANSION: &str = "expands to more than 1048576 expression nodes once the rules it \
     references are inlined (entry 'r0' uses it)";

#[test]
fn doubling_chain_concatenation() {
    let d = error("r0 = r1 r1", format!(";@ entry r0\n{}", doubling("")));
    assert!(
        d.starts_with(&format!("t.abnf:24:1: error: rule 'r22' {EXPANSION}")),
        "{d}"
    );
    assert!(d.contains("24 | r22 = r23  r23\n   | ^^^\n"), "{d}");
}

#[test]
fn doubling_chain_alternation() {
    let d = error("r0 = r1 / r1", format!(";@ entry r0\n{}", doubling("/")));
    assert!(
        d.starts_with(&format!("t.abnf:24:1: error: rule 'r22' {EXPANSION}")),
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

/// A fresh directory for import tests.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uridfa-bounded-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn file_error(main: &Path) -> String {
    let main = main.to_path_buf();
    match guarded("import", move || compile_file(&main, Options::default())) {
        Ok(_) => panic!("compiled, expected an error"),
        Err(d) => d.to_string(),
    }
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
        let d = compile_str("t.abnf", &s, Options::default()).unwrap_err();
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

/// `;@ entry e0 ... e{n-1}` with `e{i} = body "{i}"` (distinct rules).
fn many_entries(n: usize, body: &str) -> String {
    let names: Vec<String> = (0..n).map(|i| format!("e{i}")).collect();
    let mut s = format!(";@ entry {}\n", names.join(" "));
    for i in 0..n {
        s.push_str(&format!("e{i} = {body} \"{i}\"\n"));
    }
    s
}

#[test]
fn many_entries_share_one_state_budget() {
    // 400 entries of a 4,000-state chain: 1.6 million states in all (7.6 s
    // and 830 MB before the budget per grammar). The first 24 fit in the
    // 100,000 states; the 25th cannot, as its shortest match alone needs
    // more states than are left.
    let err = error("400 long entries", many_entries(400, "4000\"a\""));
    assert!(
        err.contains(
            "error: entry 'e24': its shortest match is 4002 bytes long, so any DFA for it \
             needs more than the state budget of"
        ) && err.contains(
            "(what the entries before it left of the grammar's budget of 100000 states); \
             not compiled: the 375 entries after it"
        ),
        "{err}"
    );
    // 2,000 entries of the classic 2^11-state machine (44 s and 1.7 GB
    // before): about 49 compile, the next runs out of what is left, and
    // the rest is not compiled.
    let err = error(
        "2000 exponential entries",
        many_entries(2000, "*(\"a\" / \"b\") \"a\" 10(\"a\" / \"b\")"),
    );
    assert!(
        err.contains("tagged DFA exceeds the state budget of")
            && err.contains(
                "(what the entries before it left of the grammar's budget of 100000 states); \
                 not compiled: the "
            )
            && err.contains(" entries after it"),
        "{err}"
    );
}

#[test]
fn many_entries_share_one_expansion_budget() {
    // 40 entries of 2^17 nodes each (a doubling chain 17 deep, shared):
    // each is far under the per-entry limit, together they pass the
    // grammar's 2^22.
    let mut s = String::new();
    let names: Vec<String> = (0..40).map(|i| format!("e{i}")).collect();
    s.push_str(&format!(";@ entry {}\n", names.join(" ")));
    for i in 0..40 {
        s.push_str(&format!("e{i} = d0 \"{i}\"\n"));
    }
    for i in 0..17 {
        s.push_str(&format!("d{i} = d{} / d{}\n", i + 1, i + 1));
    }
    s.push_str("d17 = \"a\"\n");
    let err = error("40 entries of 2^17 nodes", s);
    assert!(
        err.contains("expression nodes together (the grammar's budget); not compiled:")
            && err.contains(&format!(
                "more than {} expression nodes together",
                uridfa_codegen::driver::MAX_GRAMMAR_EXPANSION
            )),
        "{err}"
    );
}

#[test]
fn built_in_grammars_are_far_below_the_grammar_budgets() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar");
    let opts = uridfa_codegen::driver::Options::default();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("abnf") {
            continue;
        }
        let g = uridfa_codegen::abnf::load(&path).unwrap();
        if g.entries.is_empty() {
            continue;
        }
        let sizes = uridfa_codegen::lower::RuleSizes::new(&g);
        let nodes: u64 = g
            .entries
            .iter()
            .map(|(rule, _)| sizes.nodes[g.rule_index(rule).unwrap()])
            .sum();
        let c = uridfa_codegen::driver::compile_file(&path, opts).unwrap();
        let states: usize = c.machines.iter().map(|m| m.unminimized_state_len).sum();
        // Note [work limits]: each determinization far below its limits.
        let work = c.machines.iter().map(|m| m.tdfa.work).max().unwrap_or(0);
        let bytes = c.machines.iter().map(|m| m.tdfa.bytes).max().unwrap_or(0);
        eprintln!(
            "{}: {nodes} nodes, {states} states, determinization work {work} steps, {bytes} bytes",
            g.name
        );
        assert!(
            work < uridfa_codegen::tdfa::MAX_CLOSURE_WORK / 10,
            "{}",
            g.name
        );
        assert!(
            bytes < uridfa_codegen::tdfa::MAX_DETERMINIZATION_BYTES / 5,
            "{}",
            g.name
        );
        assert!(
            nodes < uridfa_codegen::driver::MAX_GRAMMAR_EXPANSION / 50,
            "{}",
            g.name
        );
        assert!(states < opts.grammar_state_budget / 10, "{}", g.name);
    }
}

/// `big = *( pct / %x61 / %x61 / ... )`: a set-like rule (the shape of
/// `segment = *pchar`) of `n` more alternatives.
fn big_set_rule(n: usize) -> String {
    let alts: Vec<&str> = std::iter::repeat_n("%x61", n).collect();
    format!(
        "big = *( pct / {} )\npct = \"%\" h h\nh = %x30-39 / %x41-46 / %x61-66\n",
        alts.join(" / ")
    )
}

#[test]
fn many_encode_sets_of_one_rule_derive_it_once() {
    // 5,000 pragmas naming one rule of 2,000 alternatives: 22 s when each
    // pragma derived its set.
    let mut s = String::from(";@ entry e\ne = \"a\"\n");
    s.push_str(&big_set_rule(2000));
    for i in 0..5000 {
        s.push_str(&format!(";@ encode-set s{i} = big\n"));
    }
    let c = ok("5000 encode sets of one rule", s);
    assert_eq!(c.encode_sets.len(), 5000);
    assert_eq!(c.encode_sets[4999].name, "s4999");
    assert!(c.encode_sets[4999].rest[usize::from(b'a')]);
    assert!(!c.encode_sets[4999].rest[usize::from(b'b')]);
}

#[test]
fn many_encode_sets_share_one_expansion_budget() {
    // 800 rules that each inline the 2,000 alternatives, one pragma each:
    // together past MAX_ENCODE_SET_EXPANSION.
    let mut s = String::from(";@ entry e\ne = \"a\"\n");
    s.push_str(&big_set_rule(2000));
    for i in 0..800 {
        s.push_str(&format!("r{i} = big\n;@ encode-set s{i} = r{i}\n"));
    }
    let err = error("800 encode sets of distinct rules", s);
    assert!(
        err.contains("expression nodes together (the grammar's budget); not derived: 's")
            && err.contains(&format!(
                "more than {} expression nodes together",
                uridfa_codegen::driver::MAX_ENCODE_SET_EXPANSION
            )),
        "{err}"
    );
}

#[test]
fn imports_share_one_size_limit() {
    // Seventeen files of just under 1 MiB each (comments and one rule):
    // each is under MAX_FILE_LEN, together they pass MAX_IMPORTED_LEN.
    let dir = temp_dir("many-imports");
    let filler = format!("; {}\n", "x".repeat(1000));
    let mut main = String::from(";@ entry e\ne = \"a\"\n");
    for i in 0..17 {
        let mut text = format!("r{i} = \"a\"\n");
        while text.len() + filler.len() < (1 << 20) - 64 {
            text.push_str(&filler);
        }
        fs::write(dir.join(format!("part{i}.abnf")), text).unwrap();
        main.push_str(&format!(";@ import part{i}.abnf\n"));
    }
    let path = dir.join("main.abnf");
    fs::write(&path, main).unwrap();
    let err = file_error(&path);
    assert!(
        err.contains(&format!(
            "import 'part16.abnf' would bring the files imported by this grammar past {} bytes in all",
            uridfa_codegen::abnf::MAX_IMPORTED_LEN
        )),
        "{err}"
    );
    assert!(err.contains("error: 1 error in"), "{err}");
    fs::remove_dir_all(&dir).unwrap();
}

/// Every input over `alphabet` of at most `max_len` bytes.
fn all_inputs(alphabet: &[u8], max_len: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    let mut layer = vec![Vec::new()];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for s in &layer {
            for &b in alphabet {
                let mut t: Vec<u8> = s.clone();
                t.push(b);
                next.push(t);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out
}

/// Checks acceptance and every component's span of `c`'s first entry
/// against regex-automata's dense DFA and PikeVM, built from the lowered
/// expression as it is, before Note [runs of optional elements]'s rewrite.
fn agrees_with_spans(c: &Compiled, inputs: &[Vec<u8>]) -> usize {
    let m = &c.machines[0];
    let t = m.tables.as_tables();
    uridfa_runtime::check(&t).expect("tables pass their check");
    let oracle = Oracle::new(&m.lowered).expect("oracle builds");
    let mut cache = oracle.cache();
    let mut accepted = 0;
    for input in inputs {
        let shown = String::from_utf8_lossy(input);
        let mut regs = vec![0; t.reg_len as usize];
        let mut out = vec![None; t.capture_len()];
        let ours = uridfa_runtime::split_with(&t, input, &mut regs, &mut out);
        assert_eq!(ours.is_ok(), oracle.accepts(input), "{shown:?}");
        if ours.is_ok() {
            let want = oracle.spans(&mut cache, input).expect("the PikeVM matches");
            assert_eq!(out, want, "spans of {shown:?}");
            accepted += 1;
        }
    }
    accepted
}

#[test]
fn runs_of_optional_elements_fold_exactly() {
    // Runs folded next to, between and inside captures, with items of
    // several lengths (so that the priority of the two forms matters),
    // lazy runs (`"" / x`), nested options, and runs that must not fold
    // (different items, a capture inside).
    let grammars = [
        ";@ entry r\n;@ capture c d e\nr = c d e\nc = 3[\"a\"]\nd = 2(\"a\" / \"\")\n\
         e = [\"a\"] [\"a\"] \"b\" *\"a\"\n",
        ";@ entry r\n;@ capture c d\nr = c d\nc = 3[x]\nd = 2[x] [\"b\"]\nx = \"a\" / \"ab\"\n",
        ";@ entry r\n;@ capture c d\nr = c d\nc = 2(\"\" / x)\nd = 3[x]\nx = \"a\" / \"ba\"\n",
        ";@ entry r\n;@ capture c d\nr = c [\"b\"] d\nc = [2[\"a\"]] [\"a\"]\nd = 2[[\"a\"]] [\"b\"] [\"b\"] [\"a\"]\n",
        ";@ entry r\n;@ capture c\nr = 3[c] [\"a\"] [\"a\"]\nc = \"a\"\n",
        ";@ entry r\n;@ capture c d\nr = c d\nc = *[\"a\"] [\"a\"]\nd = 2(\"a\" / \"b\" / \"\") 2[\"a\" \"b\"]\n",
    ];
    let inputs = all_inputs(b"ab", 9);
    for g in grammars {
        let c = ok(g, g.to_string());
        let accepted = agrees_with_spans(&c, &inputs);
        assert!(accepted > 5, "{g}: {accepted} accepted");
    }
}

#[test]
fn fold_gives_the_bounded_repetition() {
    // `n["a"]`, `n("a" / "")` and n `["a"]` in a row (one rule or several)
    // become `0*n"a"`; `n("" / "a")` its lazy form; a capture inside stops
    // the rewrite.
    let lowered = |text: &str| {
        let g = uridfa_codegen::abnf::parse("t.abnf", text).unwrap();
        let (rule, span) = g.entries[0].clone();
        uridfa_codegen::lower::lower(&g, &rule, span).unwrap().hir
    };
    let fold = uridfa_codegen::nfa::fold_optional_runs;
    let want = lowered(";@ entry r\nr = 0*5\"a\"\n");
    for text in [
        ";@ entry r\nr = 5[\"a\"]\n",
        ";@ entry r\nr = 5(\"a\" / \"\")\n",
        ";@ entry r\nr = [\"a\"] [\"a\"] 2[\"a\"] 0*1\"a\"\n",
        ";@ entry r\nr = o o o p\no = [\"a\"]\np = 2[\"a\"]\n",
        ";@ entry r\nr = [5[\"a\"]]\n",
    ] {
        let h = lowered(text);
        assert_ne!(h, want, "{text}");
        assert_eq!(fold(&h), want, "{text}");
    }
    let lazy = lowered(";@ entry r\nr = 5(\"\" / \"a\")\n");
    assert!(
        matches!(fold(&lazy).kind(), regex_syntax::hir::HirKind::Repetition(r)
            if r.min == 0 && r.max == Some(5) && !r.greedy),
        "{:?}",
        fold(&lazy)
    );
    for text in [
        ";@ entry r\n;@ capture c\nr = 5[c]\nc = \"a\"\n",
        ";@ entry r\nr = [\"a\"] [\"b\"] [\"a\"]\n",
        ";@ entry r\nr = (\"a\" / \"\") (\"\" / \"a\")\n",
    ] {
        let h = lowered(text);
        assert_eq!(fold(&h), h, "{text}");
    }
}

/// `;@ entry r` and `r = body`, with `rest` after.
fn entry(body: &str, rest: &str) -> String {
    format!(";@ entry r\nr = {body}\n{rest}")
}

#[test]
fn chains_of_optional_elements_are_linear() {
    // Issue 24: `4000["a"]` took 590 MB and 4 s, `8000["a"]` 1.6 GB.
    let spread: Vec<String> = (0..4000).map(|i| format!("o{i}")).collect();
    let spread_rules: String = (0..4000).map(|i| format!("o{i} = [\"a\"]\n")).collect();
    let cases = [
        (4000, entry("4000[\"a\"]", "")),
        (8000, entry("8000[\"a\"]", "")),
        (19000, entry("19000[\"a\"]", "")),
        (4000, entry("4000(\"a\" / \"\")", "")),
        (4000, entry("4000(\"\" / \"a\")", "")),
        (4000, entry(&vec!["[\"a\"]"; 4000].join(" "), "")),
        (4000, entry(&spread.join(" "), &spread_rules)),
        (4000, entry("1000(o o o o)", "o = [\"a\"]\n")),
        (4000, entry("1000[2[\"a\"] [[\"a\"]] (\"a\" / \"\")]", "")),
    ];
    let mut bytes = Vec::new();
    for (n, text) in cases {
        let what = text[..40.min(text.len())].to_string();
        let c = ok(&what, text);
        let m = &c.machines[0];
        let t = m.tables.as_tables();
        assert_eq!(t.state_len(), n + 1);
        for len in [0, 1, n - 1, n] {
            assert!(uridfa_runtime::validate(&t, "a".repeat(len).as_bytes()).is_ok());
        }
        assert!(uridfa_runtime::validate(&t, "a".repeat(n + 1).as_bytes()).is_err());
        assert!(uridfa_runtime::validate(&t, b"b").is_err());
        bytes.push((n, m.tdfa.bytes));
    }
    // Linear: a few hundred bytes per state, whatever the length.
    for (n, b) in bytes {
        assert!(b < 400 * (n + 1), "{n}: {b} bytes");
    }
}

#[test]
fn distinct_optional_elements_end_at_a_work_budget() {
    // No rewrite folds `["a"] ["b"] ["c"] ...`; the determinization's
    // limits (Note [work limits]) end it, at the entry rule.
    for n in [4000, 8000] {
        let body: Vec<String> = (0..n)
            .map(|i| format!("[\"{}\"]", char::from(b'a' + (i % 26) as u8)))
            .collect();
        let d = error(&format!("{n} distinct options"), entry(&body.join(" "), ""));
        assert!(
            d.starts_with(
                "t.abnf:2:1: error: entry 'r': tagged DFA construction exceeds its limit of "
            ) && d.contains("fewer optional elements in a row"),
            "{d}"
        );
    }
    // With captures, each item is larger: the memory limit ends it.
    let d = error(
        "4000[c]",
        entry("4000[c]", "c = \"a\"\n").replace("r = ", ";@ capture c\nr = "),
    );
    assert!(
        d.starts_with(&format!(
            "t.abnf:3:1: error: entry 'r': tagged DFA construction exceeds its limit of {} \
             bytes of kernels and transitions",
            uridfa_codegen::tdfa::MAX_DETERMINIZATION_BYTES
        )),
        "{d}"
    );
    // Below the limits, a shorter chain compiles and agrees.
    let body: Vec<String> = (0..300)
        .map(|i| format!("[\"{}\"]", char::from(b'a' + (i % 3) as u8)))
        .collect();
    let c = ok("300 distinct options", entry(&body.join(" "), ""));
    agrees(
        &c,
        &[
            b"".to_vec(),
            b"abc".to_vec(),
            b"cba".to_vec(),
            "abc".repeat(100).into_bytes(),
            "abc".repeat(101).into_bytes(),
        ],
    );
}
