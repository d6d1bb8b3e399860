//! Regular recursion (Note [regular recursion] in `abnf`): a recursive
//! grammar whose recursion never embeds compiles to the automaton of the
//! same language written with repetitions. Each case is checked two ways:
//! against the repetition form written by hand from the recursion (same
//! answer on every input over the grammar's alphabet up to a length, same
//! minimal plain DFA), and against the PyPI `abnf` engine, which reads the
//! recursive rules as they are (right recursion; it does not take left
//! recursion). Recursion that embeds keeps its error, which names the
//! cycle and the embedding reference and suggests `;@ depth`.

use crate::skip;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use uridfa_codegen::driver::{compile_str_with_entries, Compiled, Options};
use uridfa_codegen::oracle::plain_dfa_state_len;

fn compile(text: &str, entry: &str) -> Compiled {
    compile_str_with_entries("t.abnf", text, Options::default(), &[entry])
        .unwrap_or_else(|e| panic!("{e}"))
}

fn error(text: &str, entry: &str) -> String {
    match compile_str_with_entries("t.abnf", text, Options::default(), &[entry]) {
        Ok(_) => panic!("expected an error for {text}"),
        Err(e) => e.to_string(),
    }
}

fn accepts(c: &Compiled, input: &[u8]) -> bool {
    uridfa_runtime::validate(&c.machines[0].tables.as_tables(), input).is_ok()
}

/// Every string over `alphabet` of at most `len` bytes.
fn inputs(alphabet: &[u8], len: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..len {
        let mut next = Vec::new();
        for s in &last {
            for &b in alphabet {
                let mut t = s.clone();
                t.push(b);
                next.push(t);
            }
        }
        all.extend(next.iter().cloned());
        last = next;
    }
    all
}

/// The recursive grammar and its repetition form accept the same inputs
/// and have minimal plain DFAs of the same size; returns the recursive
/// machine and how many of the inputs it accepts.
fn same_language(
    recursive: &str,
    repeated: &str,
    entry: &str,
    alphabet: &[u8],
    len: usize,
) -> (Compiled, Vec<Vec<u8>>) {
    let (a, b) = (compile(recursive, entry), compile(repeated, entry));
    let mut accepted = Vec::new();
    for input in inputs(alphabet, len) {
        let (x, y) = (accepts(&a, &input), accepts(&b, &input));
        assert_eq!(x, y, "{entry} on {:?}", String::from_utf8_lossy(&input));
        if x {
            accepted.push(input);
        }
    }
    assert!(!accepted.is_empty(), "{entry}: no input accepted");
    let plain = |c: &Compiled| plain_dfa_state_len(&c.machines[0].tables.as_tables()).unwrap();
    assert_eq!(plain(&a), plain(&b), "{entry}: minimal DFA sizes");
    (a, accepted)
}

/// The `abnf` engine's answer on each input (`None` without the engine,
/// after a visible skip; a failure under `CI`).
fn oracle(text: &str, entry: &str, inputs: &[Vec<u8>]) -> Option<Vec<bool>> {
    let ready = Command::new("python3")
        .args(["-c", "import abnf"])
        .status()
        .is_ok_and(|s| s.success());
    if !ready {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install the `abnf` package (pip install abnf)"
        );
        skip::note(format_args!(
            "SKIP: python3 with the `abnf` package not found (pip install abnf): recursion \
             not compared with an independent engine"
        ));
        return None;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("recursion");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{entry}.abnf"));
    std::fs::write(&file, text).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/oracles/abnf_captures.py");
    let mut child = Command::new("python3")
        .arg(script)
        .arg(&file)
        .arg(entry)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().unwrap();
    let text: Vec<u8> = inputs
        .iter()
        .flat_map(|i| i.iter().copied().chain([b'\n']))
        .collect();
    let writer = std::thread::spawn(move || stdin.write_all(&text));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "the oracle failed");
    let answers: Vec<bool> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.contains("\"ok\": true"))
        .collect();
    assert_eq!(answers.len(), inputs.len());
    Some(answers)
}

fn agrees_with_oracle(text: &str, entry: &str, alphabet: &[u8], len: usize) {
    let c = compile(text, entry);
    let all = inputs(alphabet, len);
    let Some(answers) = oracle(text, entry, &all) else {
        return;
    };
    for (input, want) in all.iter().zip(answers) {
        assert_eq!(
            accepts(&c, input),
            want,
            "{entry} on {:?}",
            String::from_utf8_lossy(input)
        );
    }
}

/// RFC 1034 §3.5 (imported by RFC 6265 §4.1.1).
const LDH: &str = "\
label = let-dig [ [ ldh-str ] let-dig ]
ldh-str = let-dig-hyp / let-dig-hyp ldh-str
let-dig-hyp = let-dig / \"-\"
let-dig = ALPHA / DIGIT
";

#[test]
fn rfc1034_ldh_str_is_a_repetition() {
    // `ldh-str = X / X ldh-str` is `*X X`, i.e. `1*X`.
    let repeated = LDH.replace(
        "ldh-str = let-dig-hyp / let-dig-hyp ldh-str",
        "ldh-str = 1*let-dig-hyp",
    );
    same_language(LDH, &repeated, "ldh-str", b"a1-.", 6);
    same_language(LDH, &repeated, "label", b"a1-.", 6);
    agrees_with_oracle(LDH, "label", b"a1-.", 5);
}

/// RFC 9051 §9 `sequence-set` and `uid-set`, with the rules they use.
const IMAP: &str = "\
sequence-set = (seq-number / seq-range) [\",\" sequence-set] / seq-last-command
seq-last-command = \"$\"
seq-number = nz-number / \"*\"
seq-range = seq-number \":\" seq-number
nz-number = digit-nz *DIGIT
digit-nz = %x31-39
uid-set = (uniqueid / uid-range) *(\",\" uid-set)
uid-range = (uniqueid \":\" uniqueid)
uniqueid = nz-number
";

#[test]
fn rfc9051_sequence_set_and_uid_set() {
    // `S = A ["," S] / L` is `*(A ",") (A / L)`.
    let repeated = IMAP.replace(
        "sequence-set = (seq-number / seq-range) [\",\" sequence-set] / seq-last-command",
        "sequence-set = *((seq-number / seq-range) \",\") ((seq-number / seq-range) / \
         seq-last-command)",
    );
    same_language(IMAP, &repeated, "sequence-set", b"10*:,$", 5);
    // `U = A *("," U)` is `A *("," A)`.
    let repeated = IMAP.replace(
        "uid-set = (uniqueid / uid-range) *(\",\" uid-set)",
        "uid-set = (uniqueid / uid-range) *(\",\" (uniqueid / uid-range))",
    );
    same_language(IMAP, &repeated, "uid-set", b"10:,", 6);
    agrees_with_oracle(IMAP, "sequence-set", b"10*:,$", 4);
    agrees_with_oracle(IMAP, "uid-set", b"10:,", 5);
}

#[test]
fn mutual_right_recursion() {
    // a = x b / z, b = y a / w: a = *("xy") ("z" / "xw").
    let recursive = "a = \"x\" b / \"z\"\nb = \"y\" a / \"w\"\n";
    let repeated = "a = *(\"x\" \"y\") (\"z\" / \"x\" \"w\")\n";
    same_language(recursive, repeated, "a", b"xyzw", 7);
    agrees_with_oracle(recursive, "a", b"xyzw", 6);
}

#[test]
fn left_recursion() {
    // RFC 1034's original `subdomain = label / subdomain "." label`:
    // `label *("." label)`.
    let recursive = "subdomain = label / subdomain \".\" label\nlabel = 1*ALPHA\n";
    let repeated = "subdomain = label *(\".\" label)\nlabel = 1*ALPHA\n";
    same_language(recursive, repeated, "subdomain", b"ab.", 7);
    // Left recursion through a second rule and an option.
    // a = (a "y" / "") "x" / "z" is ("x" / "z") *("y" "x").
    let recursive = "a = b \"x\" / \"z\"\nb = [a \"y\"]\n";
    let repeated = "a = (\"x\" / \"z\") *(\"y\" \"x\")\n";
    same_language(recursive, repeated, "a", b"xyz", 7);
}

#[test]
fn a_rule_beside_the_recursion_is_unchanged() {
    // A rule that uses a rewritten rule, and one that does not.
    let text = format!("host = ldh-str \".\" ldh-str\nother = 2DIGIT\n{LDH}");
    let c = compile(&text, "host");
    assert!(accepts(&c, b"a-b.c"));
    assert!(!accepts(&c, b"a-b."));
    let c = compile(&text, "other");
    assert!(accepts(&c, b"42"));
}

#[test]
fn embedding_recursion_names_the_reference_and_the_pragma() {
    // RFC 5322 §3.2.2, `comment` inside `ccontent`.
    let text = "\
comment = \"(\" *([FWS] ccontent) [FWS] \")\"
ccontent = ctext / comment
ctext = %x21-27 / %x2A-5B / %x5D-7E
FWS = 1*WSP
";
    let e = error(text, "comment");
    assert!(
        e.contains(
            "t.abnf:1:23: error: rule 'comment' is recursive: comment -> ccontent -> comment; \
             its reference to 'ccontent' here has input on both sides, so 'comment' nests, \
             which no finite automaton matches; accept a bounded nesting with ';@ depth \
             comment N' (e.g. N = 3)"
        ),
        "{e}"
    );
    assert_eq!(e.matches("error: rule").count(), 1, "{e}");
    // One set recursing on both sides is not rewritten.
    let e = error("a = \"x\" a / a \"y\" / \"z\"\n", "a");
    assert!(
        e.contains("it recurses on the left in one place and on the right in another"),
        "{e}"
    );
}
