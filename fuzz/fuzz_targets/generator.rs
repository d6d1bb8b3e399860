//! The generator on small random grammars: the input's bytes choose up to
//! four rules over the letters `a`–`c` (literals, `%x` ranges, repetitions,
//! groups, options, alternations, references to later rules) with some of
//! them captured. A grammar either compiles, into tables that pass
//! `uridfa_runtime::check` and agree with regex-automata's DFA and PikeVM
//! on inputs drawn from the same bytes, or fails with `file:line:col`
//! diagnostics. The raw bytes, taken as grammar text, must also give
//! tables or diagnostics, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uridfa_codegen::driver::{compile_str, Options};
use uridfa_codegen::oracle::Oracle;
use uridfa_runtime::{check, split_with, validate};

/// Reads choices from the input; zeros when it runs out.
struct Choices<'a>(&'a [u8]);

impl Choices<'_> {
    fn next(&mut self, n: u8) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b % n
            }
            None => 0,
        }
    }
}

fn element(c: &mut Choices<'_>, rule: usize, rules: usize, depth: u32) -> String {
    let atom = match c.next(if depth > 2 { 3 } else { 6 }) {
        0 => ["\"a\"", "\"b\"", "\"ab\"", "%x61", "%x61-63", "%s\"c\""][usize::from(c.next(6))]
            .to_owned(),
        1 if rule + 1 < rules => format!(
            "r{}",
            rule + 1 + usize::from(c.next((rules - rule - 1) as u8))
        ),
        1 | 2 => "\"c\"".to_owned(),
        3 => format!("( {} )", alternation(c, rule, rules, depth + 1)),
        4 => format!("[ {} ]", alternation(c, rule, rules, depth + 1)),
        _ => format!(
            "( {} {} )",
            element(c, rule, rules, depth + 1),
            element(c, rule, rules, depth + 1)
        ),
    };
    match c.next(6) {
        0 => format!("*{atom}"),
        1 => format!("{}{atom}", c.next(4)),
        2 => format!("{}*{}{atom}", c.next(3), 2 + c.next(3)),
        _ => atom,
    }
}

fn alternation(c: &mut Choices<'_>, rule: usize, rules: usize, depth: u32) -> String {
    let n = 1 + c.next(3);
    (0..n)
        .map(|_| {
            let m = 1 + c.next(3);
            (0..m)
                .map(|_| element(c, rule, rules, depth))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

fuzz_target!(|data: &[u8]| {
    // The raw bytes as grammar text: tables or diagnostics.
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(d) = compile_str(
            "raw.abnf",
            text,
            Options {
                state_budget: 2_000,
                ..Options::default()
            },
        ) {
            assert!(d.to_string().contains("raw.abnf:"), "{d}");
        }
    }
    let mut c = Choices(data);
    let rules = 1 + usize::from(c.next(4));
    let mut text = String::from(";@ entry r0\n");
    let captured: Vec<String> = (1..rules)
        .filter(|_| c.next(2) == 0)
        .map(|r| format!("r{r}"))
        .collect();
    if !captured.is_empty() {
        text.push_str(&format!(";@ capture {}\n", captured.join(" ")));
    }
    for r in 0..rules {
        text.push_str(&format!("r{r} = {}\n", alternation(&mut c, r, rules, 0)));
    }
    let compiled = match compile_str(
        "fuzz.abnf",
        &text,
        Options {
            state_budget: 2_000,
            ..Options::default()
        },
    ) {
        Ok(compiled) => compiled,
        Err(d) => {
            assert!(d.to_string().contains("fuzz.abnf:"), "{text}\n{d}");
            return;
        }
    };
    let m = &compiled.machines[0];
    let t = m.tables.as_tables();
    check(&t).unwrap_or_else(|e| panic!("{text}\n{e}"));
    let oracle = Oracle::new(&m.lowered).expect("oracle builds");
    let mut cache = oracle.cache();
    // Inputs over a, b, c (and one byte outside) from the rest.
    for chunk in c.0.chunks(7).take(16) {
        let input: Vec<u8> = chunk.iter().map(|&b| b"abcd"[usize::from(b % 4)]).collect();
        assert_eq!(
            validate(&t, &input).is_ok(),
            oracle.accepts(&input),
            "{text}\n{input:?}"
        );
        let mut regs = vec![0usize; t.reg_len as usize];
        let mut spans = vec![None; t.capture_len()];
        let ours = split_with(&t, &input, &mut regs, &mut spans)
            .map(|()| spans)
            .ok();
        assert_eq!(ours, oracle.spans(&mut cache, &input), "{text}\n{input:?}");
    }
});
