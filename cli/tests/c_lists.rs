//! The C output's walk over lists at every level (docs/c.md, Note
//! [repeated captures] in `uridfa-codegen`) against the Rust views'
//! walk (`uridfa::__private::Spans::occurrences`, what a generated
//! view's plural accessors read).
//!
//! For grammars with lists inside list items (RFC 9110's Accept,
//! `examples/mailto/grammar/accept.abnf`; two and four levels written
//! here), one level (`examples/mailto`), and a capture that occurs both
//! outside and inside lists: the generator writes the C, a harness built
//! with gcc and clang (`-std=c99 -Wall -Wextra -Werror -pedantic`, then
//! under `-fsanitize=address,undefined`) runs each entry's `NAME_R_split`
//! and, for every capture, `NAME_R_walk` (every occurrence at every level)
//! and, inside each occurrence, `NAME_walk_within` for every capture. The
//! Rust side computes the same from the same compiled tables; acceptance
//! and every occurrence must agree. Inputs: each entry's generated inputs
//! and their mutants (`uridfa_codegen::sample`), and for Accept RFC 9110's
//! examples. The Rust walk itself is checked against the `abnf` package
//! on Accept in `tests/lists.rs`.

use crate::compilers;
use crate::scale;
use crate::skip;
use compilers::{have, STRICT};

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use uridfa_codegen::compiled::{Compiled, ListMachine, Machine};
use uridfa_codegen::driver::{compile_file, compile_str, Options};
use uridfa_codegen::sample::{self, Rng};
use uridfa_runtime::{List, Tables};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Lists nested two deep (`elem`'s parameters inside each `list` item).
const NESTED: &str = "\
;@ entry list
;@ capture elem token param
list  = elem *(\",\" elem)
elem  = token *(\";\" param)
param = 1*ALPHA \"=\" 1*ALPHA
token = 1*ALPHA
";

/// Four levels, each a list of the next (URIDFA_MAX_LIST_DEPTH).
const FOUR: &str = "\
;@ entry r
;@ capture x
r = 1*(\"0\" a)
a = 1*(\"1\" b)
b = 1*(\"2\" c)
c = 1*(\"3\" x)
x = 1*ALPHA
";

/// A capture outside every list and inside one (`head`), and a second
/// capture in the list's items.
const PAIRS: &str = "\
;@ entry r
;@ capture head item
r = head *(\";\" item)
head = 1*ALPHA
item = 1*DIGIT [\"-\" head]
";

/// The grammars, compiled, and their names for messages.
fn grammars() -> Vec<(String, Compiled)> {
    let mut out = Vec::new();
    for p in ["accept.abnf", "mailto.abnf"] {
        let path = root().join("examples/mailto/grammar").join(p);
        let c = compile_file(&path, Options::default())
            .unwrap_or_else(|d| panic!("{}: {d}", path.display()));
        out.push((p.to_owned(), c));
    }
    for (name, text) in [
        ("nested.abnf", NESTED),
        ("four.abnf", FOUR),
        ("pairs.abnf", PAIRS),
    ] {
        let c = compile_str(name, text, Options::default()).unwrap_or_else(|d| panic!("{d}"));
        out.push((name.to_owned(), c));
    }
    out
}

/// The runtime's lists of `lists`, at every level, leaked (a test process).
fn leak_lists(lists: &[ListMachine]) -> &'static [List<'static>] {
    let out: Vec<List<'static>> = lists
        .iter()
        .map(|l| List {
            region: l.region,
            item: Box::leak(Box::new(
                Box::leak(Box::new(l.machine.tables.clone())).as_tables(),
            )),
            lists: leak_lists(&l.machine.lists),
        })
        .collect();
    Box::leak(out.into_boxed_slice())
}

/// One entry of one grammar: its tables and lists (Rust), its C names.
struct Entry<'a> {
    tables: &'static Tables<'static>,
    lists: &'static [List<'static>],
    captures: usize,
    /// `accept`, `accept_accept`, `ACCEPT`.
    g: String,
    base: String,
    gu: String,
    machine: &'a Machine,
    depth: usize,
}

fn depth(lists: &[List<'_>]) -> usize {
    lists.iter().map(|l| 1 + depth(l.lists)).max().unwrap_or(0)
}

/// Every entry with lists, and the generated C of each grammar in `dir`.
fn entries<'a>(gs: &'a [(String, Compiled)], dir: &Path) -> Vec<Entry<'a>> {
    let mut out = Vec::new();
    for (name, c) in gs {
        uridfa_codegen::c::generate(c, name, dir).unwrap();
        let g = uridfa_codegen::c::emit::grammar_c_name(c);
        for m in c.machines.iter().filter(|m| !m.lists.is_empty()) {
            let tables: &'static Tables<'static> =
                Box::leak(Box::new(Box::leak(Box::new(m.tables.clone())).as_tables()));
            assert!(
                m.with_items().iter().all(|x| x.tables.reg_len <= 64),
                "{name}: the Rust walk below uses 64 registers"
            );
            let lists = leak_lists(&m.lists);
            out.push(Entry {
                tables,
                lists,
                captures: tables.capture_len(),
                base: format!("{g}_{}", uridfa_codegen::c::emit::c_name(&m.tables.rule)),
                gu: g.to_ascii_uppercase(),
                g: g.clone(),
                machine: m,
                depth: depth(lists),
            });
        }
    }
    out
}

/// The harness: per entry a function over the generated API, and a main
/// that reads jobs (entry `u16`, length `u32`, bytes) and writes for each
/// the split's result (`u32`) and, if it matched, for every capture its
/// occurrences (`1`, start, end as `u64`, then for every capture the
/// occurrences inside it, `1` start end ... `0`), then `0`.
fn harness(entries: &[Entry<'_>], gs: &[(String, Compiled)]) -> String {
    let mut h = String::from("#include <stdio.h>\n#include <stdlib.h>\n");
    for (_, c) in gs {
        h.push_str(&format!(
            "#include \"{}.h\"\n",
            uridfa_codegen::c::emit::grammar_c_name(c)
        ));
    }
    h.push_str(
        r#"
static void put(uint64_t v, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        putchar((int)(v >> (8 * i) & 0xFF));
    }
}

#define ENTRY(G, B, GU)                                                                  \
    static void run_##B(const uint8_t *s, size_t n)                                      \
    {                                                                                    \
        uridfa_span spans[GU##_SPANS];                                                   \
        uridfa_error err;                                                                \
        G##_walk w, inner;                                                               \
        uridfa_occurrence o, p;                                                          \
        size_t k, d;                                                                     \
        const int rc = B##_split(s, n, spans, &err);                                     \
        put((uint64_t)rc, 4);                                                            \
        if (rc != 0) {                                                                   \
            return;                                                                      \
        }                                                                                \
        for (k = 0; k < GU##_CAPTURES; k++) {                                            \
            B##_walk(&w, s, n, spans, k);                                                \
            while (G##_walk_next(&w, &o)) {                                              \
                put(1, 1);                                                               \
                put(o.span.start, 8);                                                    \
                put(o.span.end, 8);                                                      \
                for (d = 0; d < GU##_CAPTURES; d++) {                                    \
                    G##_walk_within(&inner, s, &o, d);                                   \
                    while (G##_walk_next(&inner, &p)) {                                  \
                        put(1, 1);                                                       \
                        put(p.span.start, 8);                                            \
                        put(p.span.end, 8);                                              \
                    }                                                                    \
                    put(0, 1);                                                           \
                }                                                                        \
            }                                                                            \
            put(0, 1);                                                                   \
        }                                                                                \
    }
"#,
    );
    for e in entries {
        h.push_str(&format!("ENTRY({}, {}, {})\n", e.g, e.base, e.gu));
    }
    h.push_str(
        "\nstatic int get(void *p, size_t n) { return fread(p, 1, n, stdin) == n; }\n\n\
         int main(void)\n{\n    static uint8_t buf[1 << 16];\n    uint8_t head[6];\n    \
         while (get(head, 6)) {\n        \
         const unsigned e = (unsigned)head[0] | (unsigned)head[1] << 8;\n        \
         const size_t n = (size_t)head[2] | (size_t)head[3] << 8 | (size_t)head[4] << 16 | \
         (size_t)head[5] << 24;\n        \
         if (n > sizeof buf || !get(buf, n)) {\n            return 2;\n        }\n        \
         switch (e) {\n",
    );
    for (i, e) in entries.iter().enumerate() {
        h.push_str(&format!(
            "        case {i}: run_{}(buf, n); break;\n",
            e.base
        ));
    }
    h.push_str(
        "        default: return 3;\n        }\n    }\n    return fflush(stdout) != 0;\n}\n",
    );
    h
}

type Occ = (usize, usize);

/// What the Rust walk gives for `input`: `None` if it does not match, else
/// for every capture its occurrences, each with the occurrences of every
/// capture inside it.
#[allow(clippy::type_complexity)]
fn rust(e: &Entry<'_>, input: &str) -> Option<Vec<Vec<(Occ, Vec<Vec<Occ>>)>>> {
    let spans = uridfa::__private::Spans::<128>::parse_str::<64>(e.tables, input).ok()?;
    Some(
        (0..e.captures)
            .map(|k| {
                spans
                    .occurrences::<64>(e.lists, k, (0, input.len()))
                    .map(|(span, sub, lists)| {
                        let inner = (0..e.captures)
                            .map(|d| {
                                sub.occurrences::<64>(lists, d, span)
                                    .map(|(s, _, _)| s)
                                    .collect()
                            })
                            .collect();
                        (span, inner)
                    })
                    .collect()
            })
            .collect(),
    )
}

/// Reads the harness's answer for one job of entry `e`.
#[allow(clippy::type_complexity)]
fn read_c(e: &Entry<'_>, r: &mut impl Read) -> Option<Vec<Vec<(Occ, Vec<Vec<Occ>>)>>> {
    let mut u = |n: usize| {
        let mut b = vec![0u8; n];
        r.read_exact(&mut b).expect("the harness stopped early");
        b.iter().rev().fold(0u64, |v, &x| v << 8 | u64::from(x)) as usize
    };
    if u(4) != 0 {
        return None;
    }
    let mut out = Vec::new();
    for _ in 0..e.captures {
        let mut occs = Vec::new();
        while u(1) == 1 {
            let span = (u(8), u(8));
            let mut inner = Vec::new();
            for _ in 0..e.captures {
                let mut v = Vec::new();
                while u(1) == 1 {
                    v.push((u(8), u(8)));
                }
                inner.push(v);
            }
            occs.push((span, inner));
        }
        out.push(occs);
    }
    Some(out)
}

/// The inputs of entry `i`: generated ones and mutants (UTF-8 only: the
/// Rust walk reads `&str`), and for Accept RFC 9110's examples.
fn inputs(e: &Entry<'_>, rng: &mut Rng, per_entry: usize) -> Vec<String> {
    let mut out = Vec::new();
    if e.base == "accept_accept" {
        out.extend(
            [
                "text/*, text/plain, text/plain;format=flowed, */*",
                "text/html;charset=utf-8, Text/HTML;Charset=\"utf-8\", \
                 text/html; charset=\"utf-8\", text/html;charset=UTF-8",
                "audio/*; q=0.2, audio/basic",
                "text/plain; q=0.5, text/html, text/x-dvi; q=0.8, text/x-c",
                "",
            ]
            .map(String::from),
        );
    }
    for k in 0..per_entry {
        let mut v = Vec::new();
        sample::generate(&e.machine.lowered.hir, rng, &mut v);
        if k % 3 == 0 {
            v = sample::mutate(&v, rng);
        }
        if let Ok(s) = String::from_utf8(v) {
            if s.len() < 1 << 16 {
                out.push(s);
            }
        }
    }
    out
}

fn build(cc: &str, dir: &Path, flags: &[&str], exe: &str) -> PathBuf {
    let mut sources: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    sources.sort();
    let out = dir.join(exe);
    let status = Command::new(cc)
        .args(STRICT)
        .args(flags)
        .arg("-I")
        .arg(dir)
        .args(&sources)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success(), "{cc} {flags:?} failed");
    out
}

/// Runs the jobs through `exe`; returns (accepted, occurrences below the
/// first level of lists) and panics on the first differences.
/// What the Rust walk gives for one job ([`rust`]).
type Answer = Option<Vec<Vec<(Occ, Vec<Vec<Occ>>)>>>;

/// Runs the jobs through `exe` and compares each answer with `wants`
/// (the Rust walk's, computed once for every build).
fn run(
    exe: &Path,
    entries: &[Entry<'_>],
    jobs: &[(usize, String)],
    wants: &[Answer],
) -> (usize, usize) {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut failures = Vec::new();
    let (mut accepted, mut deep) = (0, 0);
    std::thread::scope(|s| {
        s.spawn(move || {
            let mut w = BufWriter::new(stdin);
            for (e, input) in jobs {
                w.write_all(&(*e as u16).to_le_bytes()).unwrap();
                w.write_all(&(input.len() as u32).to_le_bytes()).unwrap();
                w.write_all(input.as_bytes()).unwrap();
            }
            w.flush().unwrap();
        });
        for ((ei, input), want) in jobs.iter().zip(wants) {
            let e = &entries[*ei];
            let got = read_c(e, &mut out);
            if let Some(w) = &want {
                accepted += 1;
                // A grammar with lists inside list items, and a capture
                // met more than twice (a rough count of inputs that
                // reach the inner lists).
                if e.depth > 1 && w.iter().any(|occs| occs.len() > 2) {
                    deep += 1;
                }
            }
            if got != *want && failures.len() < 10 {
                failures.push(format!(
                    "{} on {input:?}:\n  C    {got:?}\n  Rust {want:?}",
                    e.base
                ));
            }
        }
    });
    let status = child.wait().unwrap();
    assert!(status.success(), "the harness failed: {status}");
    assert!(
        failures.is_empty(),
        "the C walk differs from the Rust walk:\n{}",
        failures.join("\n")
    );
    (accepted, deep)
}

#[test]
fn c_walks_lists_at_every_level_as_the_rust_views() {
    let gs = grammars();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-lists");
    let _ = std::fs::remove_dir_all(&dir);
    let entries = entries(&gs, &dir);
    assert_eq!(
        entries.iter().map(|e| e.depth).max(),
        Some(uridfa_runtime::MAX_LIST_DEPTH),
        "the four-level grammar reaches MAX_LIST_DEPTH"
    );
    std::fs::write(dir.join("harness.c"), harness(&entries, &gs)).unwrap();
    let mut rng = Rng::new(0x9110_c115);
    let jobs: Vec<(usize, String)> = entries
        .iter()
        .enumerate()
        .flat_map(|(i, e)| {
            inputs(e, &mut rng, scale::scaled(1_500))
                .into_iter()
                .map(move |s| (i, s))
                .collect::<Vec<_>>()
        })
        .collect();
    let wants: Vec<Answer> = jobs
        .iter()
        .map(|(ei, input)| rust(&entries[*ei], input))
        .collect();
    let mut ran = 0;
    for cc in ["gcc", "clang"] {
        if !have(cc) {
            continue;
        }
        let exe = build(cc, &dir, &["-O2"], &format!("harness-{cc}"));
        let (accepted, deep) = run(&exe, &entries, &jobs, &wants);
        eprintln!(
            "c_lists ({cc}): {} inputs, {accepted} accepted, {deep} from grammars with nested lists with a capture met more than twice; \
             C and Rust agree",
            jobs.len()
        );
        assert!(
            accepted > jobs.len() / 3 && deep > scale::scaled(300),
            "{accepted} {deep}"
        );
        ran += 1;
    }
    // AddressSanitizer and UBSan, with clang if there is one.
    let san = ["clang", "gcc"].into_iter().find(|cc| {
        Command::new(cc)
            .arg("--version")
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    });
    if let Some(cc) = san {
        let exe = build(
            cc,
            &dir,
            &[
                "-O1",
                "-g",
                "-fsanitize=address,undefined",
                "-fno-sanitize-recover=all",
            ],
            "harness-san",
        );
        run(&exe, &entries, &jobs, &wants);
    }
    if ran == 0 {
        skip::note(format_args!("SKIP: neither gcc nor clang"));
    }
}

/// `examples/c/accept.c` (the walk of docs/c.md) builds with gcc and clang
/// as C99 with `-pedantic`, from `uridfa generate --lang c`'s files, and
/// prints RFC 9110 §12.5.1's example's media ranges and parameters, read
/// off the RFC's text by hand.
#[test]
fn the_accept_example_walks_both_levels() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-accept-example");
    let _ = std::fs::remove_dir_all(&dir);
    let o = Command::new(env!("CARGO_BIN_EXE_uridfa"))
        .args(["generate", "--lang", "c", "--grammar-file"])
        .arg(root().join("examples/mailto/grammar/accept.abnf"))
        .arg("--out")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut ran = 0;
    for cc in ["gcc", "clang"] {
        if !have(cc) {
            continue;
        }
        let exe = dir.join(format!("accept-{cc}"));
        let status = Command::new(cc)
            .args(STRICT)
            .arg("-Os")
            .arg("-I")
            .arg(&dir)
            .arg(root().join("examples/c/accept.c"))
            .args(["uridfa.c", "accept.c"].map(|f| dir.join(f)))
            .arg("-o")
            .arg(&exe)
            .status()
            .unwrap();
        assert!(status.success(), "{cc} on examples/c/accept.c");
        let o = Command::new(&exe)
            .arg("text/plain; q=0.5, text/html, text/x-dvi; q=0.8, text/x-c")
            .output()
            .unwrap();
        assert!(o.status.success());
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            "media-range text/plain; q=0.5\n  q = 0.5\nmedia-range text/html\n\
             media-range text/x-dvi; q=0.8\n  q = 0.8\nmedia-range text/x-c\n"
        );
        let o = Command::new(&exe)
            .arg("text/html;charset=\"utf-8\";format=flowed, */*")
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            "media-range text/html;charset=\"utf-8\";format=flowed\n  charset = \"utf-8\"\n  \
             format = flowed\nmedia-range */*\n"
        );
        // A space inside a type is no Accept value (`token` has none).
        // Its message, texts included (uridfa_describe): after `a`, RFC
        // 9110's `type = token` goes on with a `tchar` or ends at "/".
        let o = Command::new(&exe).arg("a b").output().unwrap();
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            "error: unexpected ' ' at 1 in media-range; expected tchar or \"/\"\n"
        );
        ran += 1;
    }
    if ran == 0 {
        skip::note(format_args!("SKIP: neither gcc nor clang"));
    }
}
