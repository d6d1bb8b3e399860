//! An acceptance oracle that shares no code with `uridfa-codegen`: a small
//! ABNF reader and a set-of-end-positions recognizer written for the tests
//! only (`tests/common/abnf.rs`), run on every grammar file in `grammar/` and every `;@ entry` rule,
//! and compared with the generated tables (`uridfa::GRAMMARS`,
//! `uridfa_runtime::validate`).
//!
//! `codegen/src/support/oracle.rs` builds regex-automata's DFA and PikeVM from our
//! own lowered expression, and draws its inputs from it, so a bug in the
//! ABNF front end (parsing, imports, `=/`, case rules, repetition bounds,
//! numeric values) cannot show there. Here the `.abnf` text is read a
//! second time, by different code, and the question is only "does the
//! whole input match the rule?".
//!
//! The recognizer: `ends(node, at)` is the set of positions where a match
//! of `node` starting at `at` can end. Alternation is the union of its
//! alternatives (ABNF alternation is not ordered for acceptance),
//! concatenation threads the sets, repetition iterates them, and rule
//! references are memoized per (rule, position). The input matches when
//! its length is in `ends(rule, 0)`. The grammars have no recursion (the
//! generator rejects it), so the memo never sees a cycle; a cycle would
//! panic here.
//!
//! Inputs (2,608 distinct with the corpora present): the inputs of every
//! `../shared/corpora/*.jsonl` file (validity, components, normalization)
//! and the resolution corpora's bases and references, a sample of 150
//! lines of `../shared/corpora/urls/kasztp.txt`, the spec examples written
//! below, and two seeded mutations of each. Per grammar and entry, the
//! test prints how many inputs each side accepts and how many agree, and
//! asserts full agreement: every entry of every grammar must agree on every
//! input, and see both answers. One recognizer (with its memo) per input
//! serves all entries of a grammar, which keeps the run to a few seconds
//! in a debug build.
//!
//! `cargo test -p uridfa --test integration -- independent_abnf:: --nocapture`

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use common::abnf::{Grammar, Recognizer, Rules};
use common::{read_jsonl, Json};

// ---------------------------------------------------------------------------
// Inputs

/// Examples quoted from the documents in `../shared/specs`, so that every
/// grammar sees inputs of its own kind even without the corpora.
const SPEC_EXAMPLES: &[&str] = &[
    // RFC 3986 §1.1.2
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    // RFC 3986 §3
    "foo://example.com:8042/over/there?name=ferret#nose",
    "urn:example:animal:ferret:nose",
    // RFC 3986 §5.4
    "http://a/b/c/d;p?q",
    "g:h",
    "../../../g",
    "./g",
    "//g",
    "?y",
    "g;x?y#s",
    "",
    // RFC 1738 §3
    "ftp://@host.com/",
    "ftp://foo:@host.com/",
    "ftp://myname@host.dom/%2Fetc/motd",
    "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
    "wais://quake.think.com/directory-of-servers?earthquake",
    "file://vms.host.edu/disk$user/my/notes/note12345.txt",
    "prospero://host.dom//pros/name;field=value",
    "news:*",
    "nntp://news.example/alt.test/12",
    // RFC 3987 §3.1, RFC 6874 §2, RFC 8141 §2
    "http://r\u{e9}sum\u{e9}.example.org",
    "http://www.example.org/D\u{fc}rst",
    "http://[fe80::a%25en1]",
    "urn:example:a123,z456",
    "URN:example:a123,z456?+abc",
    "urn:example:weather?=op=map&lat=39.56&lon=-104.85",
];

/// Distinct inputs from the corpora (when present) and [`SPEC_EXAMPLES`],
/// with mutations; about 2,000.
fn inputs() -> Vec<Vec<u8>> {
    let mut base: BTreeSet<Vec<u8>> = SPEC_EXAMPLES
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    if let Some(dir) = common::corpora_dir() {
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".jsonl"))
            .collect();
        names.sort();
        for name in &names {
            for (_, rec) in read_jsonl(name).unwrap() {
                for key in ["input", "base", "ref"] {
                    if let Some(s) = rec.get(key).and_then(Json::as_str) {
                        if s.len() <= 200 {
                            base.insert(s.as_bytes().to_vec());
                        }
                    }
                }
            }
        }
        if let Ok(text) = std::fs::read_to_string(dir.join("urls/kasztp.txt")) {
            let lines: Vec<&str> = text.lines().collect();
            for l in lines.iter().step_by(lines.len() / 150 + 1) {
                base.insert(l.trim_start_matches('\u{feff}').as_bytes().to_vec());
            }
        }
    } else {
        common::skip::note(format_args!(
            "SKIPPED in part: ../shared/corpora not found; the spec examples and their mutations only"
        ));
    }
    let mut rng = uridfa_codegen::sample::Rng::new(0x1a2b_3c4d);
    let interesting = b"%:/?#[]@!$&'()*+,;=-._~ \"<>\\^`{|}aZ09\x7f\xc3\xa9\xff";
    let mut out: BTreeSet<Vec<u8>> = base.clone();
    for s in &base {
        for _ in 0..2 {
            let mut m = s.clone();
            let at = rng.below(m.len() as u64 + 1) as usize;
            let b = interesting[rng.below(interesting.len() as u64) as usize];
            match rng.below(4) {
                0 if at < m.len() => {
                    m.remove(at);
                }
                1 if at < m.len() => m[at] = b,
                2 => m.truncate(at),
                _ => m.insert(at, b),
            }
            out.insert(m);
        }
    }
    out.into_iter().collect()
}

// ---------------------------------------------------------------------------
// The comparison

#[test]
fn every_grammar_and_entry_agrees_with_an_independent_abnf_recognizer() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar");
    let inputs = inputs();
    eprintln!("{} inputs", inputs.len());
    // Every grammar file with entries is built in.
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".abnf").map(String::from))
        .collect();
    files.sort();
    let mut built: Vec<&str> = uridfa::GRAMMARS.iter().map(|g| g.name).collect();
    built.sort();
    let with_entries: Vec<&str> = files
        .iter()
        .map(String::as_str)
        .filter(|f| {
            !Grammar::load(&dir.join(format!("{f}.abnf")))
                .entries
                .is_empty()
        })
        .collect();
    assert_eq!(
        with_entries, built,
        "grammar files with entries vs uridfa::GRAMMARS"
    );

    let mut report = Vec::new();
    let mut failures = Vec::new();
    let mut compared: BTreeMap<&str, usize> = BTreeMap::new();
    for g in uridfa::GRAMMARS {
        let grammar = Grammar::load(&dir.join(format!("{}.abnf", g.name)));
        let rules = Rules::new(&grammar);
        let entries: Vec<String> = g
            .entries
            .iter()
            .map(|t| t.rule.to_ascii_lowercase())
            .collect();
        assert_eq!(entries, grammar.entries, "{}: entry rules", g.name);
        // One recognizer per input serves every entry (they share rules).
        let entry_rules: Vec<usize> = entries.iter().map(|e| rules.index(e)).collect();
        let answers: Vec<Vec<bool>> = inputs
            .iter()
            .map(|input| match Recognizer::new(&rules, input) {
                Some(mut r) => entry_rules.iter().map(|&e| r.accepts(e)).collect(),
                None => vec![false; entry_rules.len()],
            })
            .collect();
        for (k, t) in g.entries.iter().enumerate() {
            let (mut ours, mut theirs, mut agree) = (0, 0, 0);
            let mut shown = 0;
            for (input, answer) in inputs.iter().zip(&answers) {
                let a = uridfa_runtime::validate(t, input).is_ok();
                let b = answer[k];
                ours += usize::from(a);
                theirs += usize::from(b);
                if a == b {
                    agree += 1;
                } else if shown < 5 {
                    shown += 1;
                    failures.push(format!(
                        "{} {}: {:?}: tables {}, recognizer {}",
                        g.name,
                        t.rule,
                        String::from_utf8_lossy(input),
                        if a { "accept" } else { "reject" },
                        if b { "accepts" } else { "rejects" },
                    ));
                }
            }
            report.push(format!(
                "{:>38} {:<24} {agree}/{} agree; tables accept {ours}, recognizer {theirs}",
                g.name,
                t.rule,
                inputs.len()
            ));
            *compared.entry(g.name).or_default() += agree;
            // Each entry must see both answers, or the comparison says little.
            assert!(theirs > 0, "{} {}: no input accepted", g.name, t.rule);
            assert!(
                theirs < inputs.len(),
                "{} {}: every input accepted",
                g.name,
                t.rule
            );
        }
    }
    eprintln!("{}", report.join("\n"));
    for (name, n) in &compared {
        eprintln!("{name:>38}: {n} (input, entry) pairs agree");
    }
    assert!(
        failures.is_empty(),
        "tables and the independent recognizer disagree:\n{}",
        failures.join("\n")
    );
    // 12 grammar files with entries (all but core.abnf), 52 entries
    // (rfc8089 added `file-URI`, rfc6068 `mailtoURI`).
    assert_eq!(compared.len(), 12);
    let entries: usize = uridfa::GRAMMARS.iter().map(|g| g.entries.len()).sum();
    assert_eq!(entries, 52);
    assert_eq!(compared.values().sum::<usize>(), entries * inputs.len());
    if common::corpora_dir().is_some() {
        assert_eq!(inputs.len(), 2608, "inputs drawn from the corpora");
    }
}

/// The recognizer itself, on hand-written grammars: it can say no, and it
/// reads every construct the grammar files use.
#[test]
fn recognizer_reads_each_construct() {
    let dir = std::env::temp_dir().join(format!("independent-abnf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("core.abnf"),
        "DIGIT = %x30-39\nALPHA = %x41-5A / %x61-7A\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("t.abnf"),
        ";@ import core.abnf\n;@ entry a\n\
         a = 2*3DIGIT \"x\" [ b ] ; comment / \"no\"\n\
         a =/ %s\"Q\" c\n\
         b = *( ALPHA / \"-\" )\n\
         c = %x41.42 2ALPHA / %i\"z\" 0<nothing>\n",
    )
    .unwrap();
    let g = Rules::new(&Grammar::load(&dir.join("t.abnf")));
    let a = g.index("a");
    let yes = ["12x", "123X", "12xab-c", "QABcd", "Qz", "QZ"];
    let no = ["1x", "1234x", "12", "qz", "QAB", "QABcde", "12x1", ""];
    for s in yes {
        assert!(Recognizer::matches(&g, a, s.as_bytes()), "{s}");
    }
    for s in no {
        assert!(!Recognizer::matches(&g, a, s.as_bytes()), "{s}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
