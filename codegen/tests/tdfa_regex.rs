//! The tagged DFA against regex-automata's PikeVM on small regexes, where
//! every capture group is its own component.

use regex_automata::nfa::thompson::pikevm::PikeVM;
use regex_automata::{Anchored, Input};
use uridfa_codegen::driver::{compile_lowered, Options};
use uridfa_codegen::lower::{Component, Lowered};

fn lowered(re: &str) -> Lowered {
    let hir = regex_syntax::ParserBuilder::new()
        .utf8(false)
        .unicode(false)
        .build()
        .parse(re)
        .unwrap();
    let groups = hir.properties().explicit_captures_len();
    Lowered {
        rule: "re".into(),
        span: Default::default(),
        hir,
        components: (0..groups)
            .map(|i| Component {
                name: format!("g{}", i + 1),
                kind_of: None,
                after: false,
                region: false,
                repeated: false,
            })
            .collect(),
        group_component: (0..groups).collect(),
        named_sets: Vec::new().into(),
        utf8: false,
        after: Vec::new(),
        lists: Vec::new(),
        whole: None,
        shared: None,
        nesting: None,
    }
}

fn check(re: &str, inputs: &[&str], minimize: bool) {
    let l = lowered(re);
    let oracle_nfa = uridfa_codegen::nfa::compile_anchored_end(&l).unwrap();
    let vm = PikeVM::new_from_nfa(oracle_nfa).unwrap();
    let m = compile_lowered(
        l,
        Options {
            minimize,
            ..Options::default()
        },
    )
    .unwrap();
    let t = m.tables.as_tables();
    let mut cache = vm.create_cache();
    for input in inputs {
        let mut caps = vm.create_captures();
        vm.search(
            &mut cache,
            &Input::new(input.as_bytes()).anchored(Anchored::Yes),
            &mut caps,
        );
        let ours = uridfa_runtime::split::<16>(&t, input.as_bytes());
        assert_eq!(caps.is_match(), ours.is_ok(), "{re} on {input:?}: {ours:?}");
        if let Ok(ours) = ours {
            for g in 1..caps.group_len() {
                let want = caps.get_group(g).map(|s| (s.start, s.end));
                assert_eq!(ours.get(g - 1), want, "{re} on {input:?} group {g}");
            }
        }
    }
}

#[test]
fn small_regexes_agree_with_pikevm() {
    let inputs = [
        "", "a", "b", "ab", "aab", "abab", "ba", "aaa", "abb", "a:b", "x:y:z", "::", "a@b:1",
        "a:b@c:2", "@", "a@",
    ];
    let res = [
        "(a*)(b*)",
        "(a|ab)(b*)",
        "(?:(a)|b)*",
        "(a*)*",
        "([a-z]+):(.*)",
        "(?:([a-z:]*)@)?([a-z]*)(?::([0-9]*))?",
        "(a?)(a?)(a?)aaa",
        "((a)|(b))*",
        "(?:(a)b|(a)a)*",
        "",
        "a|()",
    ];
    for re in res {
        check(re, &inputs, true);
        check(re, &inputs, false);
    }
}
