//! The lists of the C output (Note [walks over lists]): the item tables'
//! names at every level, each entry's `uridfa_list` tree, and the walk
//! types and functions a grammar with lists gets.

use super::text::{array, c_name};
use crate::compiled::Machine;
use std::fmt::Write as _;

// Note [walks over lists]
//
// A list region's items hold captures, and an item may hold lists of its
// own (RFC 9110's Accept: parameters inside each media range), at most
// MAX_LIST_DEPTH levels (Note [repeated captures]). The C gets item
// tables for every level, named by path (`{base}_list_{region}`, again
// below it), and per entry a `uridfa_list` tree (`NAME_R_lists`), the
// Rust `List`s. The walk (`uridfa_walk_next` in `uridfa.c`) is Rust's
// `Occurrences` (src/parts.rs) step for step, over a stack of
// `URIDFA_MAX_LIST_DEPTH + 1` frames, a span buffer of `NAME_LIST_DEPTH`
// splits and the registers, all in the caller's `NAME_walk`. A grammar
// whose entries have no lists gets none of it, so its header is what it
// was.

/// The item machines of `m`'s lists at every level, in
/// [`Machine::with_items`](crate::compiled::Machine::with_items) order
/// (pre-order), each with its C name: `{base}_list_{region}` for a list of
/// `m` (`base` is `m`'s), and the same again below it
/// (`accept_accept_list_accept_list_parameters`).
pub(super) fn items_of<'m>(base: &str, m: &'m Machine) -> Vec<(String, &'m Machine)> {
    let mut out = Vec::new();
    for l in &m.lists {
        let item = format!("{base}_list_{}", list_c_name(&l.machine.tables.rule));
        out.push((item.clone(), &l.machine));
        out.extend(items_of(&item, &l.machine));
    }
    out
}

/// How deep `m`'s lists nest (0: none; 1: lists whose items hold none).
pub(super) fn depth(m: &Machine) -> usize {
    m.lists
        .iter()
        .map(|l| 1 + depth(&l.machine))
        .max()
        .unwrap_or(0)
}

/// Writes the `uridfa_list` arrays of `m`'s lists (those inside the
/// items first, as C needs them defined before use) into `out`; `base`
/// is `m`'s C name, and the array is `{base}_lists`.
fn arrays(out: &mut String, base: &str, m: &Machine) {
    let mut rows = Vec::new();
    for l in &m.lists {
        let item = format!("{base}_list_{}", list_c_name(&l.machine.tables.rule));
        let inner = if l.machine.lists.is_empty() {
            "NULL".to_string()
        } else {
            arrays(out, &item, &l.machine);
            format!("{item}_lists")
        };
        rows.push(format!(
            "{{ &{item}_tables, {inner}, {}, {} }}",
            l.region,
            l.machine.lists.len()
        ));
    }
    let _ = writeln!(
        out,
        "const uridfa_list {base}_lists[{}] = {};
",
        m.lists.len(),
        array(rows.into_iter(), 1)
    );
}

/// The C name of an item machine's region (`*to` → `to`, `*to#2` →
/// `to_2`: the second repetition in `to`).
fn list_c_name(rule: &str) -> String {
    c_name(rule.trim_start_matches('*'))
}

/// The header's `NAME_LIST_DEPTH` and `NAME_walk` type, for a grammar
/// whose lists nest `depth` levels (nothing for 0).
pub(super) fn walk_type(g: &str, gu: &str, depth: usize) -> String {
    if depth == 0 {
        return String::new();
    }
    format!(
        "/* How deep the lists of this grammar's entries nest (1: lists whose items\n   \
         hold none; at most URIDFA_MAX_LIST_DEPTH). */\n\
         #define {gu}_LIST_DEPTH {depth}\n\n\
         /* A walk over every occurrence of a capture at every level of lists, in\n   \
         input order, owned by the caller (no allocation): start it with\n   \
         NAME_R_walk or {g}_walk_within, step it with {g}_walk_next. */\n\
         typedef struct {{\n    uridfa_walk w;\n    uridfa_span buf[{gu}_LIST_DEPTH * {gu}_SPANS];\n    \
         size_t regs[{gu}_REG_SLOTS];\n}} {g}_walk;\n\n"
    )
}

/// The header's declarations of the entry `m` (C name `b`): its lists and
/// `b_walk` (nothing without lists).
pub(super) fn entry_decls(m: &Machine, b: &str, g: &str, gu: &str) -> String {
    if m.lists.is_empty() {
        return String::new();
    }
    format!(
        "/* The list regions of `{rule}` and their item tables, at every level. */\n\
         extern const uridfa_list {b}_lists[{}];\n\
         /* Starts w over every occurrence of capture `capture` (a {gu}_* constant)\n   \
         in s[0..n), whose {b}_split is `spans`: the one the split reports and\n   \
         those in the items of its lists, at every level, in input order. */\n\
         void {b}_walk({g}_walk *w, const uint8_t *s, size_t n, const uridfa_span *spans,\n    \
         size_t capture);\n",
        m.lists.len(),
        rule = m.tables.rule
    )
}

/// The header's `g_walk_within` and `g_walk_next` (nothing for a grammar
/// without lists).
pub(super) fn grammar_decls(g: &str, depth: usize) -> String {
    if depth == 0 {
        return String::new();
    }
    format!(
        "/* Starts w over every occurrence of capture `capture` inside the occurrence\n   \
         o (which another walk gave over s): the captures nested in o, and those in\n   \
         the lists inside it. */\n\
         void {g}_walk_within({g}_walk *w, const uint8_t *s, const uridfa_occurrence *o,\n    \
         size_t capture);\n\
         /* The walk's next occurrence into *o: 1, or 0 when none is left. o->spans\n   \
         stays valid until the next call. */\n\
         int {g}_walk_next({g}_walk *w, uridfa_occurrence *o);\n"
    )
}

/// The source's `uridfa_list` arrays and `b_walk` of the entry `m` (C
/// name `b`; nothing without lists).
pub(super) fn entry_source(m: &Machine, b: &str, g: &str, gu: &str) -> String {
    let mut s = String::new();
    if m.lists.is_empty() {
        return s;
    }
    arrays(&mut s, b, m);
    let _ = writeln!(
        s,
        "void {b}_walk({g}_walk *w, const uint8_t *s, size_t n, const uridfa_span *spans,\n    \
         size_t capture)\n{{\n    \
         uridfa_span within;\n    within.start = 0;\n    within.end = n;\n    \
         uridfa_walk_start(&w->w, s, spans, {gu}_CAPTURES, {b}_lists, {}, capture, within,\n        \
         w->buf, w->regs);\n}}\n",
        m.lists.len()
    );
    s
}

/// The source's `g_walk_within` and `g_walk_next` (nothing for a grammar
/// without lists).
pub(super) fn grammar_source(g: &str, gu: &str, depth: usize) -> String {
    if depth == 0 {
        return String::new();
    }
    format!(
        "void {g}_walk_within({g}_walk *w, const uint8_t *s, const uridfa_occurrence *o,\n    \
         size_t capture)\n{{\n    \
         uridfa_walk_start(&w->w, s, o->spans, {gu}_CAPTURES, o->lists, o->list_len, capture,\n        \
         o->span, w->buf, w->regs);\n}}\n\n\
         int {g}_walk_next({g}_walk *w, uridfa_occurrence *o)\n{{\n    \
         return uridfa_walk_next(&w->w, o);\n}}\n\n"
    )
}
