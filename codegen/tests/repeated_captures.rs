//! Repeated captures (Note [repeated captures] in `uridfa-codegen`'s
//! `pipeline::lists`): which repetitions become list regions, the items
//! the run time finds again, and the proof's refusals with their
//! witnesses, each worked out by hand from the grammar.

use uridfa_codegen::compiled::Compiled;
use uridfa_codegen::driver::{compile_str, Options};
use uridfa_runtime::{items, split, Span};

fn ok(text: &str) -> Compiled {
    compile_str("t.abnf", text, Options::default()).unwrap_or_else(|d| panic!("{d}"))
}

fn error(text: &str) -> String {
    compile_str("t.abnf", text, Options::default())
        .map(|_| ())
        .expect_err("the grammar should be refused")
        .to_string()
}

/// Every occurrence of capture `name` on `input`: the entry's own span
/// and those of every item of every list, at every level (lists inside
/// items), sorted by start, as text.
fn occurrences(c: &Compiled, input: &str, name: &str) -> Option<Vec<String>> {
    let m = &c.machines[0];
    let t = m.tables.as_tables();
    let k = t.capture_index(name).expect("a capture");
    let caps = split::<64>(&t, input.as_bytes()).ok()?;
    let own: Vec<Option<Span>> = (0..t.capture_len()).map(|i| caps.get(i)).collect();
    let mut found: Vec<Span> = own[k].into_iter().collect();
    in_lists(&m.lists, input, &own, k, &mut found);
    found.sort();
    Some(
        found
            .iter()
            .map(|&(s, e)| input[s..e].to_string())
            .collect(),
    )
}

/// Pushes to `found` the spans of capture `k` in the items of `lists`
/// (regions read from `spans`, absolute offsets), recursively.
fn in_lists(
    lists: &[uridfa_codegen::compiled::ListMachine],
    input: &str,
    spans: &[Option<Span>],
    k: usize,
    found: &mut Vec<Span>,
) {
    for l in lists {
        let item = l.machine.tables.as_tables();
        let Some(region) = spans[l.region] else {
            continue;
        };
        for span in items(&item, input.as_bytes(), region) {
            let (a, b) = span.expect("an item");
            let sub = split::<64>(&item, &input.as_bytes()[a..b]).expect("the item splits");
            let sub: Vec<Option<Span>> = (0..item.capture_len())
                .map(|i| sub.get(i).map(|(s, e)| (s + a, e + a)))
                .collect();
            found.extend(sub[k]);
            in_lists(&l.machine.lists, input, &sub, k, found);
        }
    }
}

const LIST: &str = "\
;@ entry to
;@ capture addr local
to    = addr *(\",\" addr)
addr  = local \"@\" 1*ALPHA
local = 1*ALPHA
";

#[test]
fn a_capture_in_a_list_gives_every_occurrence_in_input_order() {
    let c = ok(LIST);
    let m = &c.machines[0];
    assert_eq!(m.lists.len(), 1);
    let comps = &m.lowered.components;
    // addr, local, then the region `*to`.
    assert_eq!(comps.len(), 3);
    assert!(comps[0].repeated && comps[1].repeated && !comps[0].region);
    assert!(comps[2].region && comps[2].name == "*to");
    let t = m.tables.as_tables();
    assert!(t.captures[2].region && !t.captures[2].repeated);
    assert_eq!(
        occurrences(&c, "a@x,bb@y,c@zz", "addr"),
        Some(vec!["a@x".into(), "bb@y".into(), "c@zz".into()])
    );
    assert_eq!(
        occurrences(&c, "a@x,bb@y,c@zz", "local"),
        Some(vec!["a".into(), "bb".into(), "c".into()])
    );
    assert_eq!(occurrences(&c, "a@x", "addr"), Some(vec!["a@x".into()]));
    assert_eq!(occurrences(&c, "a@x,", "addr"), None);
}

#[test]
fn an_error_inside_a_list_names_no_region() {
    let c = ok(LIST);
    let t = c.machines[0].tables.as_tables();
    let e = uridfa_runtime::validate(&t, b"a@x,1").unwrap_err();
    assert_eq!(e.offset(), 4);
    // The region `*to` is no component of the grammar.
    assert_eq!(e.component(&t), None);
}

#[test]
fn items_are_found_in_a_region_that_holds_a_separator() {
    // `"` ... `"` may hold the separator: the item's own machine reads
    // past it, and the proof accepts the list.
    let c = ok("\
;@ entry r
;@ capture q
r = q *(\",\" q)
q = DQUOTE *(ALPHA / \",\") DQUOTE
");
    assert_eq!(
        occurrences(&c, "\"a,b\",\",\",\"\"", "q"),
        Some(vec!["\"a,b\"".into(), "\",\"".into(), "\"\"".into()])
    );
}

#[test]
fn a_list_whose_items_cannot_be_cut_again_is_refused_with_a_shortest_witness() {
    // x* over "abcd" is "ab" "cd" (the only factorization), but "abc" is
    // the longest prefix that is an x: no shorter region shows it ("abc"
    // alone is one item either way).
    let d = error(";@ entry r\n;@ capture x\nr = *x\nx = \"ab\" / \"abc\" / \"cd\"\n");
    assert!(
        d.starts_with(
            "t.abnf:3:5: error: entry 'r': this repetition holds captures, so each item is \
             found again after the match (list '*r'); but its items cannot be found again \
             after the match: in the list \"abcd\" the grammar reads the first item as \"ab\", \
             but the longest prefix that is an item is \"abc\""
        ),
        "{d}"
    );
}

#[test]
fn leftmost_first_that_prefers_a_shorter_item_is_refused() {
    // x = "a" / "aa": leftmost-first reads "aa" as two items "a" "a"; the
    // longest prefix that is an x is "aa".
    let d = error(";@ entry r\n;@ capture x\nr = *x\nx = \"a\" / \"aa\"\n");
    assert!(
        d.contains(
            "in the list \"aa\" the grammar reads the first item as \"a\", but the longest \
             prefix that is an item is \"aa\""
        ),
        "{d}"
    );
    // The other order is provable: leftmost-first takes "aa" first too.
    let c = ok(";@ entry r\n;@ capture x\nr = *x\nx = \"aa\" / \"a\"\n");
    assert_eq!(
        occurrences(&c, "aaaaa", "x"),
        Some(vec!["aa".into(), "aa".into(), "a".into()])
    );
}

#[test]
fn an_item_that_can_be_empty_is_refused() {
    let d = error(";@ entry r\n;@ capture x\nr = \"<\" *x \">\"\nx = *\"a\"\n");
    assert!(
        d.starts_with(
            "t.abnf:3:9: error: entry 'r': this repetition holds captures, so each item is \
             found again after the match (list '*r'); but its repeated part can match the \
             empty string"
        ),
        "{d}"
    );
}

/// RFC 9110 §5.6.1's `#rule` around §5.6.6's parameters, simplified:
/// `elem` is a list item, and holds a list of its own.
const NESTED: &str = "\
;@ entry list
;@ capture elem token param
list  = elem *(\",\" elem)
elem  = token *(\";\" param)
param = 1*ALPHA \"=\" 1*ALPHA
token = 1*ALPHA
";

#[test]
fn a_list_inside_a_list_item_gives_every_occurrence_at_every_level() {
    let c = ok(NESTED);
    let m = &c.machines[0];
    // Regions `*list` (the entry's) and `*elem` (in `elem`): the entry
    // holds the first elem's `*elem` and `*list`; `*list`'s items hold
    // an `*elem` of their own.
    let names: Vec<&str> = m
        .lowered
        .components
        .iter()
        .map(|k| k.name.as_str())
        .collect();
    assert_eq!(names, ["elem", "token", "param", "*list", "*elem"]);
    assert_eq!(m.lists.len(), 2);
    let outer = m.lists.iter().find(|l| l.region == 3).expect("*list");
    assert_eq!(outer.machine.lists.len(), 1);
    assert_eq!(outer.machine.lists[0].region, 4);
    assert!(outer.machine.lists[0].machine.lists.is_empty());
    let input = "a;q=b;r=c,d,e;s=f";
    assert_eq!(
        occurrences(&c, input, "elem"),
        Some(vec!["a;q=b;r=c".into(), "d".into(), "e;s=f".into()])
    );
    assert_eq!(
        occurrences(&c, input, "token"),
        Some(vec!["a".into(), "d".into(), "e".into()])
    );
    assert_eq!(
        occurrences(&c, input, "param"),
        Some(vec!["q=b".into(), "r=c".into(), "s=f".into()])
    );
    assert_eq!(occurrences(&c, "a;q=b,", "param"), None);
}

#[test]
fn lists_nest_at_most_four_levels_and_past_it_are_refused_where_written() {
    // Four levels: r > a > b > c, each a list of the next.
    let four = ";@ entry r\n;@ capture x\nr = 1*(\"0\" a)\na = 1*(\"1\" b)\n\
                b = 1*(\"2\" c)\nc = 1*(\"3\" x)\nx = 1*ALPHA\n";
    let c = ok(four);
    assert_eq!(
        occurrences(&c, "01z2y3x3w1v", "x"),
        None,
        "not in the language: each level needs its next"
    );
    assert_eq!(
        occurrences(&c, "012z3y3x0123w", "x"),
        None,
        "not in the language"
    );
    assert_eq!(
        occurrences(&c, "0123x3y23z0123w", "x"),
        Some(vec!["x".into(), "y".into(), "z".into(), "w".into()])
    );
    // Five: the fifth repetition (line 8) is refused.
    let five = ";@ entry r\n;@ capture x\nr = 1*(\"0\" a)\na = 1*(\"1\" b)\n\
                b = 1*(\"2\" c)\nc = 1*(\"3\" d)\nd = 1*(\"4\" x)\nx = 1*ALPHA\n";
    let d = error(five);
    assert!(
        d.contains(
            "t.abnf:7:5: error: this repetition holds captures and lies in the item of a list \
             4 levels deep ('*d'): lists nest at most 4 levels"
        ),
        "{d}"
    );
}

#[test]
fn an_inner_list_is_proved_against_its_item_machine() {
    // The inner list is `x = "a" / "aa"` repeated, as in
    // `leftmost_first_that_prefers_a_shorter_item_is_refused`, inside the
    // items of an outer list: refused at the inner repetition (line 4).
    let d =
        error(";@ entry r\n;@ capture y x\nr = 1*(\",\" y)\ny = \"-\" *x\nx = \"a\" / \"aa\"\n");
    assert!(
        d.contains(
            "t.abnf:4:9: error: entry 'r': this repetition holds captures, so each item is \
             found again after the match (list '*y'); but its items cannot be found again \
             after the match: in the list \"aa\" the grammar reads the first item as \"a\""
        ),
        "{d}"
    );
    let c = ok(";@ entry r\n;@ capture y x\nr = 1*(\",\" y)\ny = \"-\" *x\nx = \"aa\" / \"a\"\n");
    assert_eq!(
        occurrences(&c, ",-aaa,-,-a", "x"),
        Some(vec!["aa".into(), "a".into(), "a".into()])
    );
    assert_eq!(
        occurrences(&c, ",-aaa,-,-a", "y"),
        Some(vec!["-aaa".into(), "-".into(), "-a".into()])
    );
}

#[test]
fn an_ambiguity_in_an_inner_list_shows_uridfa_s_reading_of_it() {
    // `p q` splits the a's of an item of `*(";" p q)` two ways, inside
    // the items of `1*("," y)`: the shortest witness ",-;a" (worked by
    // hand) is read by uridfa as greedy `p` (leftmost-first), which only
    // the inner list's item tables report.
    let c = ok(
        ";@ entry r\n;@ capture y p q\nr = 1*(\",\" y)\ny = \"-\" *(\";\" p q)\n\
                p = *\"a\"\nq = *\"b\" *\"a\"\n",
    );
    let lint = uridfa_codegen::ambiguity::lint(&c, &Default::default());
    assert_eq!(lint.findings.len(), 1);
    let f = &lint.findings[0];
    assert!(
        f.diagnostic
            .message
            .starts_with("entry 'r' (at t.abnf:1:10) is ambiguous: the input \",-;a\""),
        "{}",
        f.diagnostic.message
    );
    assert_eq!(
        f.notes[..2],
        [
            // The first (and only) occurrence of each, in the one item.
            "uridfa reads:    p #1 = \"a\", q #1 = \"\"".to_string(),
            "another reading: p #1 = \"\", q #1 = \"a\"".to_string()
        ]
    );
}

#[test]
fn a_list_rule_referenced_twice_is_one_list() {
    // RFC 3986's `path-abempty` is in `hier-part` and `relative-part`:
    // one region, cut once, so its items are read once.
    let c = ok(";@ entry r\n;@ capture s\nr = \"a:\" p / \"b\" p\np = *(\"/\" s)\ns = *ALPHA\n");
    assert_eq!(c.machines[0].lists.len(), 1);
    assert_eq!(
        occurrences(&c, "a:/x//y", "s"),
        Some(vec!["x".into(), "".into(), "y".into()])
    );
    assert_eq!(occurrences(&c, "b/x", "s"), Some(vec!["x".into()]));
}

#[test]
fn c_output_writes_the_lists_at_every_level() {
    // NESTED: `*list` (elem after the first), whose items hold `*elem`
    // (params), and the first elem's `*elem` at the top level.
    let c = ok(NESTED);
    let f = uridfa_codegen::c::emit::files(&c, "t.abnf").expect("C reads nested lists");
    let names = uridfa_codegen::c::emit::tables_names(&c);
    assert_eq!(
        names,
        [
            "t_list_tables",
            "t_list_list_elem_tables",
            "t_list_list_list_tables",
            "t_list_list_list_list_elem_tables"
        ],
        "pre-order, as Machine::with_items"
    );
    for n in &names {
        assert!(
            f.source.contains(&format!("const uridfa_tables {n} = {{")),
            "{n}"
        );
    }
    assert!(
        f.header.contains("#define T_LIST_DEPTH 2\n"),
        "{}",
        f.header
    );
    assert!(f
        .source
        .contains("{ &t_list_list_list_tables, t_list_list_list_lists, 3, 1 }"));
    // One level: depth 1, and a grammar without lists has no walk.
    let one = uridfa_codegen::c::emit::files(&ok(LIST), "t.abnf").expect("one level");
    assert!(one.header.contains("#define T_LIST_DEPTH 1\n"));
    let none = ok(";@ entry r\n;@ capture x\nr = x \"-\" 1*ALPHA\nx = 1*DIGIT\n");
    let none = uridfa_codegen::c::emit::files(&none, "t.abnf").expect("no lists");
    assert!(!none.header.contains("LIST_DEPTH") && !none.header.contains("_walk"));
}

#[test]
fn counted_lists_are_proved_per_bound() {
    let c = ok(";@ entry r\n;@ capture x y\nr = 1*3(x \",\" y)\nx = 1*DIGIT\ny = 1*ALPHA\n");
    assert_eq!(
        occurrences(&c, "1,a22,bb3,c", "y"),
        Some(vec!["a".into(), "bb".into(), "c".into()])
    );
    assert_eq!(occurrences(&c, "1,a2,b3,c4,d", "y"), None);
    let d = error(";@ entry r\n;@ capture x\nr = 1*40x\nx = \"a\"\n");
    assert!(d.contains("needs a proof per bound (at most 16)"), "{d}");
}

#[test]
fn optional_elements_are_no_lists() {
    // `[x]` occurs at most once: an ordinary capture, no region.
    let c = ok(";@ entry r\n;@ capture x\nr = [x] \"b\"\nx = \"a\"\n");
    assert!(c.machines[0].lists.is_empty());
    assert!(!c.machines[0].lowered.components[0].repeated);
}

#[test]
fn items_of_a_span_that_is_no_list_end_in_an_error() {
    let c = ok(LIST);
    let item = c.machines[0].lists[0].machine.tables.as_tables();
    // The item tables read `"," addr`.
    let input = b"a@x,b@y;c@z";
    let found: Vec<_> = items(&item, input, (3, 11)).collect();
    assert_eq!(found[0], Ok((3, 7)));
    // ";c@z" starts no item: the error is at the ';' and ends the run.
    assert_eq!(found.len(), 2);
    assert_eq!(found[1].map_err(|e| e.offset()), Err(7));
    // An empty region has no items; one outside the input is corrupt.
    assert_eq!(items(&item, input, (5, 5)).count(), 0);
    let past: Vec<_> = items(&item, input, (3, 40)).collect();
    assert!(matches!(
        past[..],
        [Err(e)] if e.kind() == uridfa_runtime::ErrorKind::CorruptTables
    ));
}

#[test]
fn the_checker_refuses_a_region_that_is_a_kind_or_repeated() {
    let c = ok(LIST);
    let buf = c.machines[0].tables.clone();
    let mut caps = buf.captures.clone();
    caps[2].repeated = true;
    let t = uridfa_runtime::Tables {
        captures: &caps,
        ..buf.as_tables()
    };
    let e = uridfa_runtime::check(&t).unwrap_err();
    assert_eq!((e.invariant, e.at), (7, 2));
    let mut caps = buf.captures.clone();
    caps[0].kind_of = 2;
    let t = uridfa_runtime::Tables {
        captures: &caps,
        ..buf.as_tables()
    };
    assert_eq!(uridfa_runtime::check(&t).unwrap_err().invariant, 7);
}

#[test]
fn an_entry_reaches_the_captures_of_its_lists() {
    // `;@ views separate` gives a view the accessors of what its entry
    // reaches: the captures inside a list count.
    let c = ok(LIST);
    assert_eq!(
        uridfa_codegen::emit::view::reaches(&c, "to"),
        [true, true, true]
    );
}

#[test]
fn the_ambiguity_check_looks_inside_list_items() {
    // In an item ",aa", `p` and `q` can split the a's three ways; the
    // entry's machine does not tag them (the list's item machine does),
    // and the check reads the expression before the list was cut out.
    // The shortest witness is one item of one "a".
    let c = ok(";@ entry r\n;@ capture p q\nr = *(\",\" i)\ni = p q\np = *\"a\"\nq = *\"a\"\n");
    let lint = uridfa_codegen::ambiguity::lint(&c, &Default::default());
    let texts: Vec<String> = lint
        .findings
        .iter()
        .map(|f| f.diagnostic.message.clone())
        .collect();
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(
        texts[0].starts_with("entry 'r' (at t.abnf:1:10) is ambiguous: the input \",a\""),
        "{texts:?}"
    );
    assert_eq!(lint.findings[0].entry, "r");
}

#[test]
fn two_ways_to_cut_a_list_are_an_ambiguity() {
    // `1*x` with `x = 1*"a"`: "aa" is one item or two. The proof passes
    // (leftmost-first takes "aa", the longest prefix), and the ambiguity
    // check finds the other reading.
    let c = ok(";@ entry r\n;@ capture x\nr = 1*x\nx = 1*\"a\"\n");
    let lint = uridfa_codegen::ambiguity::lint(&c, &Default::default());
    assert_eq!(lint.findings.len(), 1);
    let f = &lint.findings[0];
    assert!(
        f.diagnostic.message.contains("the input \"aa\""),
        "{}",
        f.diagnostic.message
    );
    assert!(
        // The first occurrence is where the cuts differ: "aa" or "a".
        f.notes[0].contains("uridfa reads:") && f.notes[0].contains("x #1 = \"aa\""),
        "{:?}",
        f.notes
    );
}

#[test]
fn repeated_optional_items_are_a_list_of_the_items() {
    let c = ok(";@ entry r\n;@ capture c\nr = 5[c] \"b\"\nc = \"a\"\n");
    assert_eq!(
        occurrences(&c, "aab", "c"),
        Some(vec!["a".into(), "a".into()])
    );
    assert_eq!(occurrences(&c, "aaaaaab", "c"), None);
}

/// `lists` as the runtime's `List`s, leaked (as the CLI does).
fn runtime_lists(
    lists: &[uridfa_codegen::compiled::ListMachine],
) -> &'static [uridfa_runtime::List<'static>] {
    let out: Vec<uridfa_runtime::List<'static>> = lists
        .iter()
        .map(|l| {
            let buf = Box::leak(Box::new(l.machine.tables.clone()));
            uridfa_runtime::List {
                region: l.region,
                item: Box::leak(Box::new(buf.as_tables())),
                lists: runtime_lists(&l.machine.lists),
            }
        })
        .collect();
    Box::leak(out.into_boxed_slice())
}

#[test]
fn the_checker_covers_lists_at_every_level() {
    let c = ok(NESTED);
    let m = &c.machines[0];
    let t = m.tables.as_tables();
    let lists = runtime_lists(&m.lists);
    uridfa_runtime::check_lists(&t, lists).expect("the generator's lists");
    // `*elem`'s items, whose tables have a region `*elem` (4) too: chained
    // five deep, past MAX_LIST_DEPTH.
    let outer = m.lists.iter().find(|l| l.region == 3).expect("*list");
    let inner = &outer.machine.lists[0];
    let item: &'static uridfa_runtime::Tables<'static> = Box::leak(Box::new(
        Box::leak(Box::new(inner.machine.tables.clone())).as_tables(),
    ));
    let mut chain: &'static [uridfa_runtime::List<'static>] = &[];
    for depth in 1..=5 {
        chain = Box::leak(Box::new([uridfa_runtime::List {
            region: 4,
            item,
            lists: chain,
        }]));
        let got = uridfa_runtime::check_lists(&t, chain);
        if depth <= uridfa_runtime::MAX_LIST_DEPTH {
            got.expect("within the bound");
        } else {
            let e = got.expect_err("past the bound");
            assert_eq!((e.invariant, e.at), (14, 5));
        }
    }
    // A region that is a capture but no region.
    let bad = [uridfa_runtime::List {
        region: 1,
        item,
        lists: &[],
    }];
    let e = uridfa_runtime::check_lists(&t, &bad).expect_err("token is no region");
    assert_eq!(e.invariant, 14);
}

#[test]
fn an_ambiguity_in_an_earlier_occurrence_is_found() {
    // The list's OWS or `m`'s own `*( ";" OWS )` may take the space after
    // the first `m`: in "a; ,a" (worked by hand; no shorter input has a
    // list item, and without one the space is `m`'s) the first `m` is
    // "a; " or "a;", while the last is "a" either way. Comparing last
    // values alone misses it; every occurrence of a repeated capture
    // counts. uridfa reads greedily: `m` keeps the space.
    let c = ok(";@ entry r\n;@ capture m\nr = m *( OWS \",\" OWS m )\n\
                m = \"a\" *( \";\" OWS )\nOWS = *\" \"\n");
    let lint = uridfa_codegen::ambiguity::lint(&c, &Default::default());
    assert_eq!(lint.findings.len(), 1, "{lint}");
    let f = &lint.findings[0];
    assert!(
        f.diagnostic
            .message
            .starts_with("entry 'r' (at t.abnf:1:10) is ambiguous: the input \"a; ,a\""),
        "{}",
        f.diagnostic.message
    );
    assert_eq!(
        f.notes[..2],
        [
            "uridfa reads:    m #1 = \"a; \"".to_string(),
            "another reading: m #1 = \"a;\"".to_string()
        ]
    );
}
