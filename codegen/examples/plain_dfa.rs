//! Prints the size of the minimal plain DFA (no tags) of a rule, built by
//! regex-automata from the rule's lowered expression: what a budget
//! refusal of the tagged determinizer is measured against. Then the tagged
//! determinizer's own figures for the same rule (states before
//! minimization, steps, bytes), or the budget it stopped at.
//! `cargo run --release -p uridfa-codegen --example plain_dfa -- FILE RULE`

use regex_automata::dfa::{dense, StartKind};
use regex_automata::nfa::thompson;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, rule] = args.as_slice() else {
        eprintln!("usage: plain_dfa FILE RULE");
        return ExitCode::FAILURE;
    };
    let lowered = uridfa_codegen::abnf::load(file.as_ref()).and_then(|g| {
        let span = g.rule(rule).map(|r| r.span).unwrap_or_default();
        uridfa_codegen::lower::lower(&g, rule, span)
    });
    let lowered = match lowered {
        Ok(l) => l,
        Err(d) => {
            eprintln!("{d}");
            return ExitCode::FAILURE;
        }
    };
    // Note [rules built once]: the expression holds placeholders for the
    // rules built once, which regex-automata cannot read.
    if lowered.shared.is_some() {
        println!("{rule}: rules built once (too large to inline): no regex-automata figure");
    } else if let Err(code) = regex_automata_figure(rule, &lowered) {
        return code;
    }
    let start = Instant::now();
    let tagged = uridfa_codegen::nfa::compile(&lowered)
        .map_err(|e| e.to_string())
        .and_then(|nfa| {
            let t = uridfa_codegen::driver::determinize(
                &nfa,
                &lowered,
                uridfa_codegen::driver::Options::default().state_budget,
            );
            t.map(|t| (nfa.states().len(), t))
                .map_err(|e| e.to_string())
        });
    match tagged {
        Ok((nfa_len, t)) => println!(
            "{rule}: tagged NFA {nfa_len} states; tagged DFA {} states before minimization, \
             {} byte classes, {} steps, {} bytes, in {:?}",
            t.states.len(),
            t.classes.len(),
            t.work,
            t.bytes,
            start.elapsed()
        ),
        Err(e) => println!("{rule}: tagged DFA: {e} (after {:?})", start.elapsed()),
    }
    ExitCode::SUCCESS
}

/// regex-automata's minimal plain DFA of `lowered`, printed.
fn regex_automata_figure(
    rule: &str,
    lowered: &uridfa_codegen::lower::Lowered,
) -> Result<(), ExitCode> {
    let start = Instant::now();
    let nfa = thompson::Compiler::new()
        .configure(
            thompson::Config::new()
                .utf8(false)
                .which_captures(thompson::WhichCaptures::None),
        )
        .build_from_hir(&lowered.hir);
    let nfa = match nfa {
        Ok(nfa) => nfa,
        Err(e) => {
            eprintln!("{e}");
            return Err(ExitCode::FAILURE);
        }
    };
    let dfa = dense::Builder::new()
        .configure(
            dense::Config::new()
                .minimize(true)
                .start_kind(StartKind::Anchored)
                .dfa_size_limit(Some(1 << 30))
                .determinize_size_limit(Some(1 << 30)),
        )
        .build_from_nfa(&nfa);
    match dfa {
        Ok(dfa) => {
            // The transition table is one row of `stride` u32s per state.
            let rows = dfa.memory_usage() / (dfa.stride() * 4);
            println!(
                "{rule}: NFA {} states; minimal plain DFA about {rows} states ({} bytes), in {:?}",
                nfa.states().len(),
                dfa.memory_usage(),
                start.elapsed()
            );
        }
        Err(e) => {
            eprintln!("{e}");
            return Err(ExitCode::FAILURE);
        }
    }
    Ok(())
}
