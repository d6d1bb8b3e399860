//! Every entry rule of every built-in grammar against regex-automata's
//! dense DFA (acceptance) and PikeVM (spans), built by `uridfa-codegen`
//! from the same grammar file: the first byte picks the entry rule, the
//! rest is the input. The generated tables must accept exactly what the
//! DFA accepts, and `split` must give the PikeVM's spans.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use uridfa_codegen::driver::{compile_file, Options};
use uridfa_codegen::oracle::Oracle;
use uridfa_runtime::{split_with, validate, Tables};

/// (built-in tables, oracle) for each entry rule, in `uridfa::GRAMMARS`
/// order.
fn entries() -> &'static [(&'static Tables<'static>, Oracle)] {
    static ENTRIES: OnceLock<Vec<(&'static Tables<'static>, Oracle)>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar");
        let mut out = Vec::new();
        for g in uridfa::GRAMMARS {
            let path = format!("{dir}/{}.abnf", g.name);
            let compiled = compile_file(path.as_ref(), Options::default())
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            for t in g.entries {
                let m = compiled.machine(t.rule).expect("entry compiled");
                out.push((*t, Oracle::new(&m.lowered).expect("oracle builds")));
            }
        }
        out
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, input)) = data.split_first() else {
        return;
    };
    let entries = entries();
    let (t, oracle) = &entries[usize::from(pick) % entries.len()];
    let accepted = oracle.accepts(input);
    assert_eq!(
        validate(t, input).is_ok(),
        accepted,
        "{}: acceptance of {input:?}",
        t.rule
    );
    let mut regs = vec![0usize; t.reg_len as usize];
    let mut spans = vec![None; t.capture_len()];
    let ours = split_with(t, input, &mut regs, &mut spans).map(|()| spans);
    let theirs = oracle.spans(&mut oracle.cache(), input);
    assert_eq!(ours.ok(), theirs, "{}: spans of {input:?}", t.rule);
});
