//! The generator is bounded on every grammar, continued: the
//! budgets a grammar's entries, encode sets and imports share, and the
//! folds that keep runs of optional elements linear. Each compile runs under
//! the wall-clock guard of `bounded.rs` (`common/mod.rs`).
//!
//! Run: `cargo test -p uridfa-codegen --test codegen -- bounded_budgets::`.

use crate::common;

use common::*;
use std::fs;
use uridfa_codegen::driver::Compiled;
use uridfa_codegen::oracle::Oracle;

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
    let opts = uridfa_codegen::driver::Options::default();
    for name in crate::common::grammar_files() {
        let path = crate::common::grammar_dir().join(&name);
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
        let c = crate::common::built_in(&name);
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
        // (`5[c]` with `c` captured is a list now, its capture in the item
        // machine: Note [repeated captures]. Two captured options over the
        // same language keep the capture that blocks the fold.)
        ";@ entry r\n;@ capture c d\nr = [c] [d]\nc = \"a\"\nd = \"a\"\n",
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
    // Without the budget, `4000["a"]` took 590 MB and 4 s, `8000["a"]` 1.6 GB.
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
    // With a capture, `4000[c]` is a list of up to 4,000 items (Note
    // [repeated captures]), refused at once, at the repetition: proving it
    // would take a proof per bound.
    let d = error(
        "4000[c]",
        entry("4000[c]", "c = \"a\"\n").replace("r = ", ";@ capture c\nr = "),
    );
    assert!(
        d.starts_with(
            "t.abnf:3:5: error: entry 'r': this repetition holds captures, so each item is \
             found again after the match (list '*r'); but a counted repetition of up to 4000 \
             items with captures needs a proof per bound (at most 16)"
        ),
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
