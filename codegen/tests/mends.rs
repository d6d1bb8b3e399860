//! Mends, the generator's side: extra entries for a file without
//! `;@ entry`, `=/` on a core rule, a missing file, and budget errors at
//! the rule that spent the budget.
//!
//! Run: `cargo test -p uridfa-codegen --test codegen -- mends::`.

use uridfa_codegen::driver::{compile_file, compile_str, compile_str_with_entries, Options};

fn accepts(c: &uridfa_codegen::driver::Compiled, input: &str) -> bool {
    uridfa_runtime::validate(&c.machines[0].tables.as_tables(), input.as_bytes()).is_ok()
}

#[test]
fn extra_entries_stand_in_for_a_missing_entry_pragma() {
    let text = "date = 4DIGIT \"-\" 2DIGIT\nyear = 4DIGIT\n";
    // Without a pragma, nothing is built.
    let c = compile_str("t.abnf", text, Options::default()).unwrap();
    assert!(c.machines.is_empty());
    // Named by the caller (ASCII case ignored), the rule is built as its
    // definition names it.
    let c = compile_str_with_entries("t.abnf", text, Options::default(), &["DATE"]).unwrap();
    assert_eq!(c.machines.len(), 1);
    assert_eq!(c.machines[0].lowered.rule, "date");
    assert!(accepts(&c, "2024-05"));
    assert!(!accepts(&c, "2024"));
    // A rule that is already an entry is not built twice; an unknown name
    // is skipped (the caller reports it).
    let text = ";@ entry year\nyear = 4DIGIT\ndate = year \"-\" 2DIGIT\n";
    let c = compile_str_with_entries(
        "t.abnf",
        text,
        Options::default(),
        &["YEAR", "nope", "date"],
    )
    .unwrap();
    let rules: Vec<&str> = c.machines.iter().map(|m| m.lowered.rule.as_str()).collect();
    assert_eq!(rules, ["year", "date"]);
    // An extra entry's errors point at its rule's definition.
    let text = "x = 30000\"a\"\n";
    let d = compile_str_with_entries("t.abnf", text, Options::default(), &["x"])
        .unwrap_err()
        .to_string();
    assert!(
        d.starts_with("t.abnf:1:1: error: entry 'x': its shortest match is 30000 bytes long"),
        "{d}"
    );
}

#[test]
fn incremental_alternatives_extend_a_core_rule() {
    // RFC 5234 §3.3: `ALPHA =/ "_"` adds "_" to the grammar's ALPHA
    // (B.1: ALPHA = %x41-5A / %x61-7A).
    let text = ";@ entry r\nALPHA =/ \"_\"\nr = 1*ALPHA\n";
    let c = compile_str("t.abnf", text, Options::default()).unwrap();
    for ok in ["a_b", "_", "AZaz", "__"] {
        assert!(accepts(&c, ok), "{ok}");
    }
    for bad in ["", "1", "a-b", "a b"] {
        assert!(!accepts(&c, bad), "{bad}");
    }
    // Core rules that use the extended one see the extension (HEXDIG uses
    // DIGIT); after the rule that uses it, too.
    let text = ";@ entry r\nr = 1*HEXDIG\nDIGIT =/ \"x\"\n";
    let c = compile_str("t.abnf", text, Options::default()).unwrap();
    assert!(accepts(&c, "0xFF"));
    assert!(!accepts(&c, "0yFF"));
    // The grammar's copy only: another grammar's ALPHA is unchanged.
    let c = compile_str("u.abnf", ";@ entry r\nr = 1*ALPHA\n", Options::default()).unwrap();
    assert!(!accepts(&c, "a_b"));
    // A rule that is neither defined before nor a core rule is an error.
    let d = compile_str(
        "t.abnf",
        ";@ entry r\nFOO =/ \"_\"\nr = \"a\"\n",
        Options::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        d.starts_with("t.abnf:2:1: error: '=/' adds to rule 'FOO', which is not defined before it"),
        "{d}"
    );
    // Defining the core rule after extending it is a duplicate.
    let d = compile_str(
        "t.abnf",
        ";@ entry r\nALPHA =/ \"_\"\nALPHA = \"a\"\nr = ALPHA\n",
        Options::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        d.starts_with(
            "t.abnf:3:1: error: duplicate rule 'ALPHA' (first defined at <built-in core.abnf>:"
        ),
        "{d}"
    );
}

#[test]
fn a_missing_file_says_so_without_an_excerpt() {
    let p = std::env::temp_dir().join(format!("uridfa-mends-{}-absent.abnf", std::process::id()));
    let d = compile_file(&p, Options::default())
        .unwrap_err()
        .to_string();
    assert_eq!(
        d,
        format!(
            "{0}: error: cannot read grammar file: No such file or directory (os error 2)\n\n\
             error: 1 error in {0}",
            p.display()
        )
    );
}
