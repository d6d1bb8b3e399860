//! Writes a compiled grammar's `NAME.h` and `NAME.c` ([`files`]): every
//! entry's tables (and its list regions' item tables) as `static const`
//! arrays and one `const uridfa_tables`, the capture indices as upper-case
//! macros, and per entry rule `R` the functions `NAME_R_validate`,
//! `NAME_R_split` and `NAME_R_start` (a streaming machine), with
//! `NAME_feed` and `NAME_finish` per grammar.
//!
//! The tables are the ones the Rust emitter writes
//! ([`crate::pipeline::emit`]), field for field, except for the texts of
//! error messages: each state's component and expected-bytes text is an
//! offset into one NUL-separated blob per machine (offset 0: none), in a
//! `const uridfa_texts NAME_R_texts` of its own that only
//! `uridfa_describe` and `uridfa_capture_name` read (Note [texts only when
//! asked for]), so the C driver hands out plain C strings. The output
//! depends only on the input.

use super::{forms, lists};
use crate::compiled::{Compiled, Machine};
use crate::pipeline::emit::capture_const_name;
use crate::pipeline::tables::{AfterKindsBuf, TransBuf};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The two files of one grammar (see [`files`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CFiles {
    /// `NAME.h`, e.g. `rfc3986.h`.
    pub header_name: String,
    /// Its text.
    pub header: String,
    /// `NAME.c`, e.g. `rfc3986.c`.
    pub source_name: String,
    /// Its text.
    pub source: String,
}

pub use super::error::{diagnostic, EmitCError};

use super::text::array;
pub use super::text::c_name;

/// The grammar's file stem in C: its name with `-` → `_` (`rfc3986`),
/// with a `g` in front of a name that starts with a digit (`3986.abnf`
/// gives `g3986`), which no C identifier may.
pub fn grammar_c_name(c: &Compiled) -> String {
    prefix_digit(c_name(&c.grammar.name))
}

fn prefix_digit(name: String) -> String {
    if name.starts_with(|c: char| c.is_ascii_digit()) || name.is_empty() {
        format!("g{name}")
    } else {
        name
    }
}

/// `uridfa.h`'s `URIDFA_REG_SLOTS`: the registers a split of tables with
/// `reg_len` registers uses.
pub fn reg_slots(reg_len: u32) -> u32 {
    match reg_len {
        0..=29 => 32,
        30..=61 => 64,
        n => n,
    }
}

/// The NUL-separated texts of a machine, each once, a text that ends
/// another one stored as that one's tail (`"]"` inside `HEXDIG or "]"`);
/// offset 0 is the empty text, which stands for none.
struct Texts {
    blob: Vec<u8>,
    at: BTreeMap<String, u32>,
}

impl Texts {
    /// The blob of `texts` (empty ones and repeats ignored).
    fn new<'a>(texts: impl IntoIterator<Item = Option<&'a str>>) -> Texts {
        let mut all: Vec<&str> = texts
            .into_iter()
            .flatten()
            .filter(|t| !t.is_empty())
            .collect();
        // Longest first, so that a text's tail is placed before it is
        // looked for; ties in text order, for a stable blob.
        all.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        all.dedup();
        let mut blob = vec![0];
        let mut at = BTreeMap::new();
        let mut placed: Vec<(usize, &str)> = Vec::new();
        for text in all {
            let o = match placed.iter().find(|(_, p)| p.ends_with(text)) {
                Some(&(o, p)) => o + p.len() - text.len(),
                None => {
                    let o = blob.len();
                    blob.extend_from_slice(text.as_bytes());
                    blob.push(0);
                    placed.push((o, text));
                    o
                }
            };
            at.insert(text.to_owned(), o as u32);
        }
        Texts { blob, at }
    }

    /// The offset of `text` (0 for none), which [`Texts::new`] was given.
    fn at(&self, text: Option<&str>) -> u32 {
        text.and_then(|t| self.at.get(t)).copied().unwrap_or(0)
    }
}

/// A C comment's text: no `*/` inside.
fn comment(s: &str) -> String {
    s.replace("*/", "* /")
}

fn ids(ids: &TransBuf) -> (&'static str, u8, String) {
    match ids {
        TransBuf::U8(v) => ("uint8_t", 1, array(v, 20)),
        TransBuf::U16(v) => ("uint16_t", 2, array(v, 16)),
        TransBuf::U32(v) => ("uint32_t", 4, array(v, 12)),
    }
}

/// A C string literal of `bytes` (escaped with octal escapes).
fn c_string(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    let mut col = 0;
    for &b in bytes {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'?' => out.push_str("\\?"),
            0x20..=0x7e => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\{b:03o}");
            }
        }
        col += 1;
        if b == 0 && col > 60 {
            out.push_str("\"\n    \"");
            col = 0;
        }
    }
    out.push('"');
    out
}

/// One machine that [`files`] writes: its C name (`rfc3986_uri_reference`),
/// its machine, a comment, and whether it is a list region's item tables.
struct Out<'a> {
    base: String,
    m: &'a Machine,
    doc: String,
    item: bool,
}

/// One machine's arrays and `const uridfa_tables`, named after `base`
/// (`rfc3986_uri_reference`). `after_of`: an earlier machine whose
/// after-kind DFAs are the same, whose cells this one shares, and
/// `classes_of` one that wrote their 256-byte class table (Note [kind
/// classes through the machine's]). Returns whether this one wrote that
/// table.
fn machine(
    out: &mut String,
    o: &Out<'_>,
    after_of: Option<&str>,
    classes_of: Option<&str>,
    first: &[(bool, Option<Vec<u8>>)],
) -> Result<bool, EmitCError> {
    let (t, base, doc, item) = (&o.m.tables, o.base.as_str(), o.doc.as_str(), o.item);
    let tables = t.as_tables();
    let state_len = t.state_len();
    let _ = writeln!(out, "/* {} */", comment(doc));
    let (tty, twidth, tvals) = ids(&t.trans);
    let up = base.to_ascii_uppercase();
    // Note [classes before transitions]: a one-byte table follows the
    // classes in one array.
    let classes = array(t.classes, 32);
    let one_byte = |vals: &str| {
        format!(
            "static const uint8_t {base}_classes[] = {},\n{};\n\
             #define {base}_trans ({base}_classes + 256)",
            classes.trim_end_matches("\n}").trim_end_matches(','),
            vals.trim_start_matches("{\n").trim_start_matches("{ ")
        )
    };
    match forms::small_trans(t) {
        // Note [small tables]: both forms, chosen when the C is compiled.
        Some(small) if twidth > 1 => {
            let _ = writeln!(
                out,
                "#ifndef URIDFA_FAST\n{}\n\
                 #define {up}_TRANS_WIDTH URIDFA_INDEXED8\n#define {up}_DRIVE uridfa_drive8i\n\
                 #define {up}_SPECIAL {}\n#else",
                one_byte(&array(small, 20)),
                state_len
            );
            let _ = writeln!(
                out,
                "static const uint8_t {base}_classes[256] = {classes};\n\
                 static const {tty} {base}_trans[] = {tvals};\n\
                 #define {up}_TRANS_WIDTH {twidth}\n#define {up}_DRIVE uridfa_drive{}\n\
                 #define {up}_SPECIAL {}\n#endif",
                8 * twidth,
                t.special
            );
        }
        _ if twidth == 1 => {
            let _ = writeln!(
                out,
                "{}\n#define {up}_TRANS_WIDTH 1\n#define {up}_DRIVE uridfa_drive8\n\
                 #define {up}_SPECIAL {}",
                one_byte(&tvals),
                t.special
            );
        }
        _ => {
            let _ = writeln!(
                out,
                "static const uint8_t {base}_classes[256] = {classes};\n\
                 static const {tty} {base}_trans[] = {tvals};\n\
                 #define {up}_TRANS_WIDTH {twidth}\n#define {up}_DRIVE uridfa_drive{}\n\
                 #define {up}_SPECIAL {}",
                8 * twidth,
                t.special
            );
        }
    }
    let edges = t.edges.iter().map(|e| {
        format!(
            "{{ UINT64_C({:#x}), {}, {}, {} }}",
            e.ops, e.target, e.accel, e.ops_len
        )
    });
    let _ = writeln!(
        out,
        "static const uridfa_edge {base}_edges[] = {};",
        array(edges, 2)
    );
    let ops = t.ops.iter().map(|o| format!("{{ {}, {} }}", o.dst, o.src));
    let _ = writeln!(
        out,
        "static const uridfa_op {base}_ops[] = {};",
        array(ops, 8)
    );
    // Note [sets in byte tables].
    if !t.accels.is_empty() {
        let planes = t.accels.len().div_ceil(8);
        let lut = (0..planes).flat_map(|p| {
            (0..256usize).map(move |b| {
                (0..8)
                    .filter(|&bit| {
                        t.accels
                            .get(8 * p + bit)
                            .is_some_and(|set| set.0[b >> 6] >> (b & 63) & 1 == 1)
                    })
                    .fold(0u8, |v, bit| v | 1 << bit)
            })
        });
        let _ = writeln!(
            out,
            "static const uint8_t {base}_accel_lut[{}] = {};",
            256 * planes,
            array(lut, 32)
        );
    }
    if !t.accel_escapes.is_empty() {
        let esc = t
            .accel_escapes
            .iter()
            .map(|e| format!("{{ {}, {} }}", e.digits, e.byte));
        let _ = writeln!(
            out,
            "static const uridfa_escape {base}_accel_escapes[] = {};",
            array(esc, 8)
        );
    }
    let after_base = after_of.unwrap_or(base);
    let kinds = super::kinds::arrays(out, t, base, after_of, classes_of, first);
    let (after_classes, wrote_classes, has_rows, map) = (
        kinds.classes,
        kinds.wrote_classes,
        kinds.has_rows,
        kinds.mapped,
    );
    let finals = t.finals.iter().map(|f| {
        format!(
            "{{ {}, {}, {} }}",
            f.ops_start,
            f.ops_len,
            u8::from(f.accept)
        )
    });
    let _ = writeln!(
        out,
        "static const uridfa_final {base}_finals[] = {};",
        array(finals, 4)
    );
    let (fty, fwidth, fvals) = ids(&t.state_final);
    let _ = writeln!(out, "static const {fty} {base}_state_final[] = {fvals};");
    // Note [texts of one machine].
    let component = |c: u16| tables.component_text(c);
    let expected = |e: u16| t.expected.get(usize::from(e)).map(|&r| tables.str(r));
    let texts = Texts::new(
        t.state_component
            .iter()
            .map(|&c| component(c))
            .chain(t.state_expected.iter().map(|&e| expected(e)))
            .chain((0..t.captures.len()).map(|k| tables.capture_name(k))),
    );
    let mut pairs: Vec<(u32, u32)> = vec![(0, 0)];
    let mut pair_of: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    pair_of.insert((0, 0), 0);
    let state_texts: Vec<usize> = t
        .state_component
        .iter()
        .zip(&t.state_expected)
        .map(|(&c, &e)| {
            let pair = (texts.at(component(c)), texts.at(expected(e)));
            *pair_of.entry(pair).or_insert_with(|| {
                pairs.push(pair);
                pairs.len() - 1
            })
        })
        .collect();
    let names: Vec<u32> = (0..t.captures.len())
        .map(|k| texts.at(tables.capture_name(k)))
        .collect();
    if texts.blob.len() > usize::from(u16::MAX) {
        return Err(EmitCError::TextsTooLong(texts.blob.len()));
    }
    let text_width = if pairs.len() <= 256 { 1 } else { 2 };
    let _ = writeln!(
        out,
        "static const char {base}_strings[] = {};",
        c_string(texts.blob.strip_suffix(&[0]).unwrap_or(&texts.blob))
    );
    let _ = writeln!(
        out,
        "static const {} {base}_state_texts[] = {};",
        if text_width == 1 {
            "uint8_t"
        } else {
            "uint16_t"
        },
        array(state_texts, 20)
    );
    let _ = writeln!(
        out,
        "static const uint16_t {base}_text_pairs[] = {};",
        array(pairs.iter().flat_map(|&(c, e)| [c, e]), 16)
    );
    let _ = writeln!(
        out,
        "static const uint16_t {base}_capture_names[] = {};",
        array(names, 20)
    );
    // Note [texts only when asked for].
    let _ = writeln!(
        out,
        "const uridfa_texts {base}_texts = {{\n    \
         {base}_strings, {base}_capture_names, {base}_state_texts, {base}_text_pairs,\n    \
         {state_len}, {}, {text_width}\n}};",
        t.captures.len()
    );
    let opt = |cond: bool, name: String| if cond { name } else { "NULL".to_owned() };
    let has_after = t.after.classes.is_some();
    // The entry's tables, then (for an entry with kinds decided after the
    // match) a copy without them for `_split_raw`, so that a program that
    // never decides a kind links none of their data (Note [raw tables]).
    let raw_too = has_after && !item;
    for raw in [false, true] {
        if raw && !raw_too {
            continue;
        }
        let after = has_after && !raw;
        let _ = writeln!(
            out,
            "const uridfa_tables {base}_{}tables = {{\n    \
             {up}_DRIVE, {},\n    {base}_classes, {base}_trans, {base}_edges, {base}_ops,\n    \
             {}, {},\n    \
             {base}_finals, {base}_state_final,\n    \
             {}, {}, {}, {},\n    \
             {},\n    \
             {}u,\n    \
             {}, {}, {up}_SPECIAL, {state_len}, {}, {},\n    \
             {}, {}, {}, {},\n    \
             {up}_TRANS_WIDTH, {fwidth}, {}, {}, {}, {}\n}};\n",
            if raw { "raw_" } else { "" },
            if t.utf8 { "uridfa_char_start" } else { "NULL" },
            opt(!t.accels.is_empty(), format!("{base}_accel_lut")),
            opt(!t.accel_escapes.is_empty(), format!("{base}_accel_escapes")),
            opt(after, format!("{base}_after_kinds")),
            opt(after, after_classes.clone()),
            opt(after, format!("{after_base}_after_trans")),
            opt(after && has_rows, format!("{base}_after_first")),
            c_string(t.rule.as_bytes()),
            stride_inverse(t.stride).1,
            t.stride,
            t.start,
            t.reg_len,
            reg_slots(t.reg_len),
            t.captures.len(),
            if after { t.after.kinds.len() } else { 0 },
            if after { t.after.stride } else { 0 },
            t.accels.len(),
            u8::from(t.utf8),
            if after {
                forms::kind_width(&t.after)
            } else {
                0
            },
            u8::from(after && map),
            stride_inverse(t.stride).0,
        );
    }
    Ok(wrote_classes)
}

// Note [texts of one machine]
//
// Each machine has its own texts: a NUL-separated blob of the component
// and expected-bytes texts its states use and its captures' names (offset
// 0: none), the distinct (component, expected) pairs of offsets, and one
// byte per state naming its pair (two when a machine has more than 256
// pairs). The machines of a grammar share most texts, but a program
// links only the machines it calls (`-Wl,--gc-sections`), so one blob per
// grammar put all of them in every program: RFC 3986's `URI-reference`
// uses 326 of the grammar's 1,461 bytes of texts. And a state's two
// `uint16_t` offsets (756 bytes for `URI-reference`) become a byte and a
// share of 39 pairs (345 bytes). docs/c.md measures the footprint.

// Note [texts only when asked for]
//
// As in Rust, where `Error` is an offset and a kind and the texts come
// from the tables on demand (`Error::component(&tables)`), a C error
// holds the state, and its texts come from a separate object per table
// set, `const uridfa_texts NAME_R_texts`, which `uridfa_describe` reads.
// Nothing that `split`, `validate` or a machine uses points at it, so a
// program that never calls `uridfa_describe` or `uridfa_capture_name`
// links none of the texts with `-Wl,--gc-sections`, and no build switch
// is needed (`-DURIDFA_NO_TEXTS`, which left them out, is no longer read):
// 1,280 bytes of RFC 3986's `URI-reference` in the footprint program
// (docs/c.md). The raw tables of `_split_raw` share their entry's texts.

// Note [sets in byte tables]
//
// The Rust tables hold the byte sets of accelerated runs as bit sets
// (`accels`, 32 bytes each) and the first eight again as bits of one
// byte table (`accel_lut`, 256 bytes), which the run loop reads. The C
// tables hold only byte tables, one per eight sets (`accel_lut`: bit
// `k % 8` of entry `256 * (k / 8) + b` says whether set `k` holds byte
// `b`), so the driver has one run loop and no bit sets: for RFC 3986's
// `URI-reference` (eight sets) 256 bytes of data and a loop less.

// Note [raw tables]
//
// `NAME_R_split` decides the kinds decided after the match, so its tables
// point at the kinds' DFAs (for RFC 3986's host: 900 bytes of data and
// the code that runs them). `NAME_R_split_raw` leaves the kinds absent and
// uses a copy of the tables struct without them, so a firmware image that
// only splits (`-ffunction-sections -fdata-sections -Wl,--gc-sections`)
// links neither; docs/c.md measures both.

/// The SHA-256 of `data` as lower-case hex.
fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

// Note [component tables]
//
// A `;@ component` rule (RFC 3986's `host`, `path-abempty`, ...) gets
// tables of its own, as in the Rust output (`HOST_RULE`), so that a
// program can check one component (a host it builds) without a whole
// URI: `rfc3986_host_validate` and `_split`, the same functions as an
// entry's, and the same capture indices, for a component machine
// captures with the grammar's list (`RFC3986_IPV4ADDRESS` in a host). A
// component rule that is also an entry has its entry's functions and
// nothing more; its list regions, if any, are not written (nor are they
// in Rust).

/// The `;@ component` machines that [`files`] writes, in pragma order:
/// those whose rule is not also an entry (Note [component tables]).
pub fn components(c: &Compiled) -> Vec<&Machine> {
    c.components
        .iter()
        .filter(|m| {
            !c.machines
                .iter()
                .any(|e| c_name(&e.tables.rule) == c_name(&m.tables.rule))
        })
        .collect()
}

/// The names of the `const uridfa_tables` that [`files`] writes for `c`,
/// in order: each entry's (`rfc3986_uri_reference_tables`), followed by
/// the item tables of its list regions, in
/// [`Machine::lists`](crate::compiled::Machine::lists) order.
pub fn tables_names(c: &Compiled) -> Vec<String> {
    let g = grammar_c_name(c);
    let mut names = Vec::new();
    for m in &c.machines {
        let base = format!("{g}_{}", c_name(&m.tables.rule));
        names.push(format!("{base}_tables"));
        for (item, _) in lists::items_of(&base, m) {
            names.push(format!("{item}_tables"));
        }
    }
    names
}

/// The names of the `const uridfa_tables` of [`components`]
/// (`rfc3986_host_tables`), in the same order.
pub fn component_tables_names(c: &Compiled) -> Vec<String> {
    let g = grammar_c_name(c);
    components(c)
        .iter()
        .map(|m| format!("{g}_{}_tables", c_name(&m.tables.rule)))
        .collect()
}

/// `NAME.h` and `NAME.c` for `c` (see the module docs); `shown_path`
/// names the grammar file in their first line, with its SHA-256.
///
/// # Errors
///
/// [`EmitCError::TextsTooLong`] if the grammar's error texts do not fit
/// `uint16_t` offsets; [`EmitCError::NameClash`] if a capture's constant
/// would be one of the header's own macros.
///
/// # Example
///
/// ```
/// use uridfa_codegen::driver::{compile_str, Options};
/// let c = compile_str("g.abnf", ";@ entry r\nr = \"a\" 1*\"b\"\n", Options::default())?;
/// let f = uridfa_codegen::c::emit::files(&c, "g.abnf")?;
/// assert_eq!(f.header_name, "g.h");
/// assert!(f.header.contains("int g_r_split(const uint8_t *s, size_t n,"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn files(c: &Compiled, shown_path: &str) -> Result<CFiles, EmitCError> {
    let g = grammar_c_name(c);
    let gu = g.to_ascii_uppercase();
    let source_text = c
        .grammar
        .sources
        .files
        .get(c.grammar.file)
        .map(|f| f.text.as_bytes())
        .unwrap_or_default();
    let first_line = format!(
        "/* @generated by uridfa-codegen {} from {} (sha256 {}) -- DO NOT EDIT */\n",
        env!("CARGO_PKG_VERSION"),
        comment(shown_path),
        sha256_hex(source_text)
    );
    // The machines: each entry, then its list regions' item tables, then
    // the `;@ component` rules (Note [component tables]).
    let mut outs: Vec<Out<'_>> = Vec::new();
    for m in &c.machines {
        let rule = &m.tables.rule;
        outs.push(Out {
            base: format!("{g}_{}", c_name(rule)),
            m,
            doc: format!(
                "Tables for `{rule}` from {shown_path}:\n   {}\n   {} states, {} byte classes, \
                 {} registers.",
                c.grammar.rule_text(rule),
                m.tables.state_len(),
                m.tables.stride,
                m.tables.reg_len
            ),
            item: false,
        });
        for (item, im) in lists::items_of(&format!("{g}_{}", c_name(rule)), m) {
            outs.push(Out {
                base: item,
                m: im,
                doc: format!(
                    "Item tables of the list region `{}` of `{rule}` (a repetition whose items \
                     hold captures): uridfa_item_next cuts the region into items.",
                    im.tables.rule
                ),
                item: true,
            });
        }
    }
    for m in components(c) {
        let rule = &m.tables.rule;
        outs.push(Out {
            base: format!("{g}_{}", c_name(rule)),
            m,
            doc: format!(
                "Tables for the component rule `{rule}` (`;@ component`) from {shown_path}:\n   \
                 {}\n   {} states, {} byte classes, {} registers; the grammar's captures.",
                c.grammar.rule_text(rule),
                m.tables.state_len(),
                m.tables.stride,
                m.tables.reg_len
            ),
            item: false,
        });
    }
    let mut body = String::new();
    // Per distinct kinds: the machine that wrote their cells, and the one
    // that wrote their 256-byte classes, if one did.
    let mut after_bases: Vec<(&AfterKindsBuf, String, Option<String>)> = Vec::new();
    for o in &outs {
        let t = &o.m.tables;
        let shared = after_bases
            .iter_mut()
            .find(|(a, _, _)| t.after.classes.is_some() && *a == &t.after);
        let first = super::decide::first_decisions(c, t);
        match shared {
            Some((_, of, classes_of)) => {
                if machine(&mut body, o, Some(of), classes_of.as_deref(), &first)? {
                    *classes_of = Some(o.base.clone());
                }
            }
            None => {
                let wrote = machine(&mut body, o, None, None, &first)?;
                if t.after.classes.is_some() {
                    after_bases.push((&t.after, o.base.clone(), wrote.then(|| o.base.clone())));
                }
            }
        }
    }
    let reg_slots_max = outs
        .iter()
        .map(|o| reg_slots(o.m.tables.reg_len))
        .max()
        .unwrap_or(32);

    // NAME.h
    let mut h = first_line.clone();
    let guard = format!("URIDFA_{gu}_H");
    let _ = write!(
        h,
        "/* uridfa's tables for the grammar `{}` in C: see docs/c.md. */\n\
         #ifndef {guard}\n#define {guard}\n\n#include \"uridfa.h\"\n\n\
         #ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n",
        c.grammar.name
    );
    let comps = c
        .machines
        .first()
        .map(|m| m.lowered.components.as_slice())
        .unwrap_or_default();
    if let Some(clash) = comps.iter().find(|k| {
        ["CAPTURES", "SPANS", "REG_SLOTS", "LIST_DEPTH"]
            .contains(&capture_const_name(&k.name).as_str())
    }) {
        return Err(EmitCError::NameClash(clash.name.clone()));
    }
    let _ = writeln!(
        h,
        "/* The number of captures: a split writes {gu}_CAPTURES spans. */\n\
         #define {gu}_CAPTURES {}\n\
         /* The length to declare a spans array with: {gu}_CAPTURES, or 1 for a\n   \
         grammar without captures (C has no arrays of length 0). */\n\
         #define {gu}_SPANS {}\n",
        comps.len(),
        comps.len().max(1)
    );
    for (i, comp) in comps.iter().enumerate() {
        let what = match comp.kind_of {
            None if comp.region => format!(
                "the list region `{}` (its items: uridfa_item_next)",
                comp.name
            ),
            None if comp.repeated => format!(
                "the `{}` capture (it can occur more than once: the occurrences inside list \
                 regions are in their items)",
                comp.name
            ),
            None => format!("the `{}` capture", comp.name),
            Some(k) => format!(
                "the `{}` capture, a kind of `{}`{}",
                comp.name,
                comps.get(k).map_or("?", |p| p.name.as_str()),
                if comp.after {
                    " decided after the match"
                } else {
                    ""
                }
            ),
        };
        let _ = writeln!(
            h,
            "/* Index of {}. */\n#define {gu}_{} {i}",
            comment(&what),
            capture_const_name(&comp.name)
        );
    }
    let _ = writeln!(
        h,
        "\n/* The registers a split of any entry of this grammar uses. */\n\
         #define {gu}_REG_SLOTS {reg_slots_max}\n\n\
         /* A streaming machine of this grammar, owned by the caller: start it\n   \
         with NAME_R_start, feed it with {g}_feed, end it with {g}_finish. */\n\
         typedef struct {{\n    uridfa_machine m;\n    size_t regs[{gu}_REG_SLOTS];\n}} {g}_machine;\n"
    );
    // Note [walks over lists]: only a grammar whose entries have lists.
    let depth = c.machines.iter().map(lists::depth).max().unwrap_or(0);
    h.push_str(&lists::walk_type(&g, &gu, depth));
    for o in &outs {
        let _ = writeln!(
            h,
            "/* {} */\nextern const uridfa_tables {}_tables;\n\
             /* Its texts: uridfa_describe(&{1}_texts, &err) fills an error's component\n   \
             and expected texts; uridfa_capture_name(&{1}_texts, k). */\n\
             extern const uridfa_texts {1}_texts;",
            comment(&o.doc),
            o.base
        );
        if o.item {
            let _ = writeln!(h);
            continue;
        }
        let b = &o.base;
        if o.m.tables.after.classes.is_some() {
            let _ = writeln!(
                h,
                "/* The same tables without the kinds decided after the match, which\n   \
                 {b}_split_raw uses (so that a program that decides no kind links none of\n   \
                 their data). */\nextern const uridfa_tables {b}_raw_tables;"
            );
        }
        if c.machines.iter().any(|e| std::ptr::eq(e, o.m)) {
            h.push_str(&lists::entry_decls(o.m, b, &g, &gu));
        }
        let _ = writeln!(
            h,
            "/* Whether all of s[0..n) matches `{rule}`: 0, or an error kind (err filled\n   \
             if not NULL). */\n\
             int {b}_validate(const uint8_t *s, size_t n, uridfa_error *err);\n\
             /* {b}_validate, and the span of every capture into spans[0..{gu}_CAPTURES),\n   \
             indexed by the {gu}_* constants (URIDFA_ABSENT for an absent one); spans\n   \
             holds {gu}_SPANS entries (or is NULL when {gu}_CAPTURES is 0). */\n\
             int {b}_split(const uint8_t *s, size_t n, uridfa_span *spans, uridfa_error *err);\n\
             /* {b}_split without the kinds decided after the match (absent; see\n   \
             uridfa_kind_after). */\n\
             int {b}_split_raw(const uint8_t *s, size_t n, uridfa_span *spans, uridfa_error *err);\n\
             /* Starts m as a machine for `{rule}`. */\n\
             void {b}_start({g}_machine *m);\n",
            rule = o.m.tables.rule
        );
    }
    let _ = writeln!(
        h,
        "{}/* Feeds the next chunk to m: 0, or the error (absolute offset). */\n\
         int {g}_feed({g}_machine *m, const uint8_t *s, size_t n, uridfa_error *err);\n\
         /* Ends m's input: 0 if what was fed matches, and every capture's span into\n   \
         spans (if not NULL), the kinds decided after the match absent (see\n   \
         uridfa_decide_kinds). */\n\
         int {g}_finish({g}_machine *m, uridfa_span *spans, uridfa_error *err);\n\n\
         #ifdef __cplusplus\n}}\n#endif\n\n#endif /* {guard} */",
        lists::grammar_decls(&g, depth)
    );

    // NAME.c
    let mut s = first_line;
    let _ = write!(s, "#include \"{g}.h\"\n\n");
    s.push_str(&body);
    for o in outs.iter().filter(|o| !o.item) {
        let b = &o.base;
        let slots = reg_slots(o.m.tables.reg_len);
        // Note [raw tables].
        let raw = if o.m.tables.after.classes.is_some() {
            "raw_"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "int {b}_validate(const uint8_t *s, size_t n, uridfa_error *err)\n{{\n    \
             return uridfa_validate(&{b}_tables, s, n, err);\n}}\n\n\
             int {b}_split(const uint8_t *s, size_t n, uridfa_span *spans, uridfa_error *err)\n{{\n    \
             size_t regs[{slots}];\n    \
             return uridfa_split(&{b}_tables, s, n, regs, spans, err);\n}}\n\n\
             int {b}_split_raw(const uint8_t *s, size_t n, uridfa_span *spans, uridfa_error *err)\n{{\n    \
             size_t regs[{slots}];\n    \
             return uridfa_split_raw(&{b}_{raw}tables, s, n, regs, spans, err);\n}}\n\n\
             void {b}_start({g}_machine *m)\n{{\n    \
             uridfa_machine_start(&m->m, &{b}_tables, m->regs);\n}}\n"
        );
    }
    for m in &c.machines {
        s.push_str(&lists::entry_source(
            m,
            &format!("{g}_{}", c_name(&m.tables.rule)),
            &g,
            &gu,
        ));
    }
    s.push_str(&lists::grammar_source(&g, &gu, depth));
    let _ = writeln!(
        s,
        "int {g}_feed({g}_machine *m, const uint8_t *s, size_t n, uridfa_error *err)\n{{\n    \
         return uridfa_machine_feed(&m->m, s, n, err);\n}}\n\n\
         int {g}_finish({g}_machine *m, uridfa_span *spans, uridfa_error *err)\n{{\n    \
         return uridfa_machine_finish(&m->m, spans, err);\n}}"
    );
    Ok(CFiles {
        header_name: format!("{g}.h"),
        header: h,
        source_name: format!("{g}.c"),
        source: s,
    })
}

/// The C tables' `stride_twos` and `stride_inv` for a stride: `stride` is
/// `odd << twos` with `odd` odd, and `inv` is `odd`'s inverse modulo
/// 2^32, so that the C driver computes a state's index as
/// `(id >> twos) * inv` in 32 bits (Note [state index by the odd inverse]
/// in `uridfa.c`). `(0, 0)` for a zero stride (a machine without classes
/// has no state IDs to divide).
fn stride_inverse(stride: u32) -> (u32, u32) {
    if stride == 0 {
        return (0, 0);
    }
    let twos = stride.trailing_zeros();
    let odd = stride >> twos;
    // Newton's iteration doubles the correct low bits: `odd` itself is
    // right to 3 bits (odd * odd == 1 mod 8), so four steps reach 48.
    let mut inv = odd;
    for _ in 0..4 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(odd.wrapping_mul(inv)));
    }
    (twos, inv)
}

#[cfg(test)]
#[path = "emit_tests.rs"]
mod tests;
