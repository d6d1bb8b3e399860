//! Stage 7: emit Rust source for a compiled grammar.
//!
//! The output is plain `static` arrays and one `Tables` value per entry rule,
//! built as `proc-macro2` tokens with `quote`, checked by `syn` and formatted
//! by `prettyplease`. No code per state, no `unsafe`, absolute paths
//! (`::uridfa_runtime::...`), and a header naming the generator, the input
//! and its SHA-256. The output depends only on the input: no hash-map order
//! and no timestamps.
//!
//! Principal function: [`emit`]; principal type: [`EmitError`].

use crate::compiled::{Compiled, Machine};
use crate::pipeline::tables::{AfterKindsBuf, TablesBuf, TransBuf};
use crate::support::diag::Diagnostic;
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

pub mod view;

/// Why [`emit`] failed (see Note [stage errors] in [`crate::driver`]).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum EmitError {
    /// The generated tokens do not parse back as a Rust file: a generator
    /// bug.
    DoesNotParse(syn::Error),
}

impl EmitError {
    /// This error as a diagnostic at `span` (e.g. the grammar's first
    /// entry), its message this error's `Display`.
    pub fn at(&self, span: crate::support::diag::Span) -> Diagnostic {
        Diagnostic::new(span, self.to_string())
    }
}

impl std::fmt::Display for EmitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EmitError::DoesNotParse(e) => write!(f, "generated code does not parse: {e}"),
        }
    }
}

impl std::error::Error for EmitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EmitError::DoesNotParse(e) => Some(e),
        }
    }
}

/// `URI-reference` → `URI_REFERENCE`.
pub fn const_name(rule: &str) -> String {
    let mut s: String = rule
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    if s.starts_with(|c: char| c.is_ascii_digit()) || s.is_empty() {
        s.insert(0, '_');
    }
    s
}

fn ident(s: &str) -> Ident {
    Ident::new(s, Span::call_site())
}

fn u32s<I: IntoIterator<Item = u32>>(xs: I) -> Vec<Literal> {
    xs.into_iter().map(Literal::u32_unsuffixed).collect()
}

/// A `[u8; N]` array's initializer, `*b"..."`: Note [byte arrays as byte
/// strings].
fn bytes(xs: &[u8]) -> TokenStream {
    let lit = Literal::byte_string(xs);
    quote!(*#lit)
}

// Note [byte arrays as byte strings]
//
// Every `[u8; N]` table (byte classes, one-byte transitions and cells, the
// run tables) is written as one byte-string literal rather than an array of
// integer literals. A dependent compiles the committed tables on every clean
// build, and rustc type-checks, borrow-checks and evaluates an array literal
// element by element, while a byte string is one token and one constant.
// The bytes are the same either way; only the source text differs. The
// struct arrays (edges, operations, final entries) stay struct literals, one
// a line where it fits in `TABLES_WIDTH`: measured against one `const fn`
// call per element (`Edge::new(..)`), the literals build faster.

/// The ABNF text of `rule`'s definition, as written in its file.
fn rule_text(c: &Compiled, rule: &str) -> String {
    c.grammar.rule_text(rule)
}

/// The static's name of a `;@ component` rule's tables: `PATH_ABEMPTY_RULE`
/// (an entry's is [`const_name`]; the suffix keeps `HOST_RULE` apart from
/// the capture index `HOST`).
pub fn component_const_name(rule: &str) -> String {
    format!("{}_RULE", const_name(rule))
}

/// The static's name of the item tables of list region `region` (`*to`)
/// of entry `rule`: `MAILTO_URI_LIST_TO`.
pub fn list_const_name(rule: &str, region: &str) -> String {
    item_const_name(&const_name(rule), region)
}

/// The name of the item tables of the region `region` (`*to`) of the
/// machine whose tables are named `base` (`MAILTOURI`, or an item's
/// `MAILTOURI_LIST_TO` for a list inside its items).
pub fn item_const_name(base: &str, region: &str) -> String {
    format!("{base}_LIST_{}", const_name(region.trim_start_matches('*')))
}

/// Every item machine under `m` (whose tables are named `base`), at every
/// level, in pre-order, each with its tables' name ([`item_const_name`]).
pub fn item_machines<'a>(base: &str, m: &'a Machine, out: &mut Vec<(String, &'a Machine)>) {
    for l in &m.lists {
        let name = item_const_name(base, &l.machine.tables.rule);
        out.push((name.clone(), &l.machine));
        item_machines(&name, &l.machine, out);
    }
}

/// The name of a capture's index constant: `HOST`, or `LIST_TO` for the
/// list region `*to`.
pub fn capture_const_name(name: &str) -> String {
    match name.strip_prefix('*') {
        Some(rule) => format!("LIST_{}", const_name(rule)),
        None => const_name(name),
    }
}

/// The element type, initializer and `Trans` variant of an ID array.
fn ids_tokens(ids: &TransBuf) -> (TokenStream, TokenStream, TokenStream) {
    match ids {
        TransBuf::U8(v) => (quote!(u8), bytes(v), quote!(U8)),
        TransBuf::U16(v) => {
            let vals = u32s(v.iter().map(|&x| u32::from(x)));
            (quote!(u16), quote!([#(#vals),*]), quote!(U16))
        }
        TransBuf::U32(v) => {
            let vals = u32s(v.iter().copied());
            (quote!(u32), quote!([#(#vals),*]), quote!(U32))
        }
    }
}

/// The items of one machine's tables, named after `base`. `after_of`: the
/// base of an earlier machine of the grammar with the same kinds decided
/// after the match, whose statics this one shares (the entries of a
/// grammar all have the same ones).
fn machine_tokens(c: &Compiled, t: &TablesBuf, base: &str, after_of: Option<&str>) -> TokenStream {
    let name = ident(base);
    let id = |suffix: &str| ident(&format!("{base}_{suffix}"));
    let (classes_id, trans_id, edges_id, ops_id, finals_id) = (
        id("CLASSES"),
        id("TRANS"),
        id("EDGES"),
        id("OPS"),
        id("FINALS"),
    );
    let (comp_id, exp_id) = (id("STATE_COMPONENT"), id("STATE_EXPECTED"));
    let sets_id = id("COMPONENT_SETS");
    let classes = bytes(&t.classes);
    let (trans_ty, trans_vals, trans_variant) = ids_tokens(&t.trans);
    let stride_tok = t.stride;
    let trans_len = t.trans.len();
    // The `size` profile (the runtime without `fast-tables`): both
    // forms emitted, `Trans::pick` chooses at compile time and the linker
    // drops the other array.
    let cells_id = id("CELLS");
    let (cells_static, trans_expr) = match t.index8_cells() {
        Some(cells) => {
            let n = cells.len();
            let cells = bytes(&cells);
            (
                quote!(static #cells_id: [u8; #n] = #cells;),
                quote!(::uridfa_runtime::Trans::pick(
                    ::uridfa_runtime::Trans::#trans_variant(&#trans_id),
                    ::uridfa_runtime::Trans::Index8 { cells: &#cells_id, stride: #stride_tok },
                )),
            )
        }
        None => (
            quote!(),
            quote!(::uridfa_runtime::Trans::#trans_variant(&#trans_id)),
        ),
    };
    let state_final_id = id("STATE_FINAL");
    let (state_final_ty, state_final_vals, state_final_variant) = ids_tokens(&t.state_final);
    let edges = t.edges.iter().map(|e| {
        let (a, b, c, d) = (e.target, e.accel, e.ops_len, e.ops);
        quote!(::uridfa_runtime::Edge { target: #a, accel: #b, ops_len: #c, ops: #d })
    });
    let edges_len = t.edges.len();
    let ops = t.ops.iter().map(|o| {
        let (d, s) = (o.dst, o.src);
        quote!(::uridfa_runtime::Op { dst: #d, src: #s })
    });
    let ops_len = t.ops.len();
    let accels_id = id("ACCELS");
    let accels = t.accels.iter().map(|a| {
        let [w0, w1, w2, w3] = a.0;
        quote!(::uridfa_runtime::ByteSet([#w0, #w1, #w2, #w3]))
    });
    let accels_len = t.accels.len();
    let accel_nibbles_id = id("ACCEL_NIBBLES");
    let accel_nibbles = t.accel_nibbles.iter().map(|rows| bytes(rows));
    let accel_nibbles_len = t.accel_nibbles.len();
    let accel_escapes_id = id("ACCEL_ESCAPES");
    let accel_escapes = t.accel_escapes.iter().map(|e| {
        let (b, d) = (e.byte, e.digits);
        quote!(::uridfa_runtime::Escape { byte: #b, digits: #d })
    });
    let accel_escapes_len = t.accel_escapes.len();
    let accel_lut_id = id("ACCEL_LUT");
    let (accel_lut_static, accel_lut) = match &t.accel_lut {
        Some(lut) => (
            {
                let lut = bytes(lut);
                quote!(static #accel_lut_id: [u8; 256] = #lut;)
            },
            quote!(Some(&#accel_lut_id)),
        ),
        None => (quote!(), quote!(None)),
    };
    // Note [kinds after the match] (in `lower.rs`).
    let (after_static, after) = match &t.after.classes {
        Some(after_classes) => {
            let (ac_id, at_id) = match after_of {
                Some(other) => (
                    ident(&format!("{other}_AFTER_CLASSES")),
                    ident(&format!("{other}_AFTER_TRANS")),
                ),
                None => (id("AFTER_CLASSES"), id("AFTER_TRANS")),
            };
            let at = t.after.trans.iter().map(|&x| Literal::u16_unsuffixed(x));
            let at_len = t.after.trans.len();
            let kinds = t.after.kinds.iter().map(|k| {
                let (c, s) = (k.capture, k.start);
                quote!(::uridfa_runtime::AfterKind { capture: #c, start: #s })
            });
            let stride = t.after.stride;
            let statics = match after_of {
                Some(_) => quote!(),
                None => {
                    let after_classes = bytes(after_classes);
                    quote! {
                    static #ac_id: [u8; 256] = #after_classes;
                    static #at_id: [u16; #at_len] = [#(#at),*];
                    }
                }
            };
            (
                statics,
                quote!(::uridfa_runtime::AfterKinds {
                    kinds: &[#(#kinds),*],
                    classes: Some(&#ac_id),
                    stride: #stride,
                    trans: &#at_id,
                }),
            )
        }
        None => (quote!(), quote!(::uridfa_runtime::AfterKinds::NONE)),
    };
    let finals = t.finals.iter().map(|f| {
        let (a, b, c) = (f.accept, f.ops_start, f.ops_len);
        quote!(::uridfa_runtime::Final { accept: #a, ops_start: #b, ops_len: #c })
    });
    let finals_len = t.finals.len();
    let comps = t
        .state_component
        .iter()
        .map(|&r| Literal::u16_unsuffixed(r));
    let exps = t.state_expected.iter().map(|&r| Literal::u16_unsuffixed(r));
    let sets_len = t.component_sets.len();
    let sets = t.component_sets.iter().map(|r| {
        let (s, l) = (r.start, r.len);
        quote!(::uridfa_runtime::StrRef { start: #s, len: #l })
    });
    let state_len = t.state_len();
    let rule = &t.rule;
    let (stride, start, special, reg_len) = (t.stride, t.start, t.special, t.reg_len);
    let utf8 = t.utf8;
    let stride_recip = Literal::u64_unsuffixed(t.stride_recip);
    let grammar = &c.grammar.name;
    let doc = match rule.strip_prefix('*') {
        // Note [repeated captures]: an entry's list items.
        Some(holder) => format!(
            " Item tables of the list region `{rule}` (a repetition in `{holder}` whose items \
             hold captures) from `grammar/{grammar}.abnf`:\n\n ```abnf\n {}\n ```\n\n \
             {state_len} states, {stride} byte classes, {reg_len} registers, {} table bytes.",
            rule_text(c, holder.split('#').next().unwrap_or(holder)),
            t.as_tables().table_bytes()
        ),
        None => format!(
            " Tables for `{rule}` from `grammar/{grammar}.abnf`:\n\n ```abnf\n {}\n ```\n\n {state_len} states, {stride} byte classes, {reg_len} registers, {} table bytes.",
            rule_text(c, rule),
            t.as_tables().table_bytes()
        ),
    };
    quote! {
        static #classes_id: [u8; 256] = #classes;
        static #trans_id: [#trans_ty; #trans_len] = #trans_vals;
        #cells_static
        static #edges_id: [::uridfa_runtime::Edge; #edges_len] = [#(#edges),*];
        static #ops_id: [::uridfa_runtime::Op; #ops_len] = [#(#ops),*];
        static #accels_id: [::uridfa_runtime::ByteSet; #accels_len] = [#(#accels),*];
        #accel_lut_static
        static #accel_nibbles_id: [[u8; 32]; #accel_nibbles_len] = [#(#accel_nibbles),*];
        static #accel_escapes_id: [::uridfa_runtime::Escape; #accel_escapes_len] = [#(#accel_escapes),*];
        #after_static
        static #finals_id: [::uridfa_runtime::Final; #finals_len] = [#(#finals),*];
        static #state_final_id: [#state_final_ty; #state_len] = #state_final_vals;
        static #comp_id: [u16; #state_len] = [#(#comps),*];
        static #exp_id: [u16; #state_len] = [#(#exps),*];
        static #sets_id: [::uridfa_runtime::StrRef; #sets_len] = [#(#sets),*];
        #[doc = #doc]
        pub static #name: ::uridfa_runtime::Tables<'static> = ::uridfa_runtime::Tables {
            rule: #rule,
            classes: &#classes_id,
            stride: #stride,
            stride_recip: #stride_recip,
            trans: #trans_expr,
            start: #start,
            special: #special,
            edges: &#edges_id,
            ops: &#ops_id,
            accels: &#accels_id,
            accel_lut: #accel_lut,
            accel_nibbles: &#accel_nibbles_id,
            accel_escapes: &#accel_escapes_id,
            finals: &#finals_id,
            state_final: ::uridfa_runtime::Trans::#state_final_variant(&#state_final_id),
            reg_len: #reg_len,
            captures: &CAPTURES,
            state_component: &#comp_id,
            component_sets: &#sets_id,
            state_expected: &#exp_id,
            expected: &EXPECTED,
            strings: STRINGS,
            after: #after,
            utf8: #utf8,
        };
    }
}

/// The items [`emit`] writes for `c`, as tokens, before formatting: every
/// entry's tables, and the grammar-level items `STRINGS`, `CAPTURES`,
/// `EXPECTED`, one `usize` constant per capture (its index, e.g. `HOST`),
/// `CAPTURE_LEN`, `REG_LEN` (the most registers any entry needs) and
/// `CHARSET_UTF8`. Paths into the runtime are `::uridfa_runtime::...`;
/// [`tokens_at`] roots them elsewhere.
pub fn tokens(c: &Compiled) -> TokenStream {
    // The entries of one grammar share captures, but each table set interns
    // its own strings; merge them into one blob with one EXPECTED list.
    let mut strings = String::new();
    let mut expected: Vec<(u32, u32)> = Vec::new();
    let mut fixed = Vec::new();
    // Entries first, then components, then the entries' list items: the
    // entries' strings and expected lists keep the offsets they have
    // without the others.
    let mut items = Vec::new();
    for m in &c.machines {
        item_machines(&const_name(&m.tables.rule), m, &mut items);
    }
    let item_names: Vec<String> = items.iter().map(|(n, _)| n.clone()).collect();
    for m in c
        .machines
        .iter()
        .chain(&c.components)
        .chain(items.iter().map(|&(_, m)| m))
    {
        let mut t = m.tables.clone();
        let offset = strings.len() as u32;
        strings.push_str(&t.strings);
        let exp_offset = expected.len() as u16;
        for e in &t.expected {
            expected.push((e.start + offset, e.len));
        }
        for x in &mut t.state_expected {
            *x += exp_offset;
        }
        for cap in &mut t.captures {
            cap.name.start += offset;
        }
        for set in &mut t.component_sets {
            set.start += offset;
        }
        fixed.push(t);
    }
    let first = fixed
        .first()
        .map(|t| t.captures.clone())
        .unwrap_or_default();
    let captures = first.iter().map(|cap| {
        let (s, l, k) = (cap.name.start, cap.name.len, cap.kind_of);
        let (region, repeated) = (cap.region, cap.repeated);
        quote!(::uridfa_runtime::CaptureInfo { name: ::uridfa_runtime::StrRef { start: #s, len: #l }, kind_of: #k, region: #region, repeated: #repeated })
    });
    let capture_len = first.len();
    let capture_consts = c.machines.first().into_iter().flat_map(|m| {
        m.lowered.components.iter().enumerate().map(|(i, comp)| {
            let name = ident(&capture_const_name(&comp.name));
            let doc = match comp.kind_of {
                None if comp.region => format!(
                    " Index of the list region `{}`: the span of a repetition in `{}` whose \
                     items hold captures (`uridfa_runtime::items`).",
                    comp.name,
                    comp.name.trim_start_matches('*')
                ),
                None if comp.repeated => format!(
                    " Index of the `{}` capture, which can occur more than once: its \
                     occurrences inside list regions are found with `uridfa_runtime::items`.",
                    comp.name
                ),
                None => format!(" Index of the `{}` capture.", comp.name),
                Some(k) => format!(
                    " Index of the `{}` capture, a kind of `{}`.",
                    comp.name, m.lowered.components[k].name
                ),
            };
            quote!(#[doc = #doc] pub const #name: usize = #i;)
        })
    });
    // Over the entries and their list items only: component tables are
    // for validation.
    let reg_len = c
        .machines
        .iter()
        .flat_map(Machine::with_items)
        .map(|m| m.tables.reg_len as usize)
        .max()
        .unwrap_or(0);
    let expected_len = expected.len();
    let expected = expected
        .iter()
        .map(|&(s, l)| quote!(::uridfa_runtime::StrRef { start: #s, len: #l }));
    let mut machines = TokenStream::new();
    let mut after_bases: Vec<(&AfterKindsBuf, String)> = Vec::new();
    for (i, t) in fixed.iter().enumerate() {
        let base = if i < c.machines.len() {
            const_name(&t.rule)
        } else if i < c.machines.len() + c.components.len() {
            component_const_name(&t.rule)
        } else {
            item_names[i - c.machines.len() - c.components.len()].clone()
        };
        // Note [kinds after the match]: one copy of the after-kind DFAs
        // per grammar, shared by the machines that have the same.
        let after_of = after_bases
            .iter()
            .find(|(a, _)| t.after.classes.is_some() && *a == &t.after)
            .map(|(_, b)| b.clone());
        machines.extend(machine_tokens(c, t, &base, after_of.as_deref()));
        if after_of.is_none() && t.after.classes.is_some() {
            after_bases.push((&t.after, base));
        }
    }
    let encode_len = c.encode_sets.len();
    let encode_refs = c.encode_sets.iter().map(|e| {
        let id = ident(&format!("{}_SET", const_name(&e.name)));
        quote!(&#id)
    });
    let encode_sets = c.encode_sets.iter().map(|e| {
        let id = ident(&format!("{}_SET", const_name(&e.name)));
        let [f0, f1, f2, f3] = crate::pipeline::encode_set::EncodeSetBuf::words(&e.first);
        let [r0, r1, r2, r3] = crate::pipeline::encode_set::EncodeSetBuf::words(&e.rest);
        let [p0, p1, p2, p3] = crate::pipeline::encode_set::EncodeSetBuf::words(&e.pct);
        let (name, rule, empty) = (&e.name, &e.rule, e.accepts_empty);
        let doc = format!(
            " The percent-encoding set of `{rule}` (`;@ encode-set {name} = {rule}` in \
             `grammar/{}.abnf`), derived from its rule:\n\n ```abnf\n {}\n ```\n\n \
             The encoder writes a byte literally when it is in the set, else as `%XX`; \
             the result always matches the rule{}.",
            c.grammar.name,
            rule_text(c, rule),
            if empty {
                ""
            } else {
                " (unless empty: the rule needs at least one character)"
            }
        );
        quote! {
            #[doc = #doc]
            pub static #id: ::uridfa_runtime::EncodeSet = ::uridfa_runtime::EncodeSet {
                name: #name,
                rule: #rule,
                first: ::uridfa_runtime::ByteSet([#f0, #f1, #f2, #f3]),
                rest: ::uridfa_runtime::ByteSet([#r0, #r1, #r2, #r3]),
                pct: ::uridfa_runtime::ByteSet([#p0, #p1, #p2, #p3]),
                accepts_empty: #empty,
            };
        }
    });
    let entry_len = c.machines.len();
    let entry_refs = c.machines.iter().map(|m| {
        let id = ident(&const_name(&m.tables.rule));
        quote!(&#id)
    });
    // Note [repeated captures]: each entry's list regions and item tables.
    let with_lists = c
        .machines
        .iter()
        .map(|m| (const_name(&m.tables.rule), m))
        .chain(items.iter().map(|(n, m)| (n.clone(), *m)))
        .filter(|(_, m)| !m.lists.is_empty());
    let list_statics = with_lists.map(|(base, m)| {
        let id = ident(&format!("{base}_LISTS"));
        let len = m.lists.len();
        let lists = m.lists.iter().map(|l| {
            let region = l.region;
            let name = item_const_name(&base, &l.machine.tables.rule);
            let item = ident(&name);
            let inner = if l.machine.lists.is_empty() {
                quote!(&[])
            } else {
                let id = ident(&format!("{name}_LISTS"));
                quote!(&#id)
            };
            quote!(::uridfa_runtime::List { region: #region, item: &#item, lists: #inner })
        });
        let doc = format!(
            " The list regions of `{}`: repetitions whose items hold captures, each with the \
             tables that read one item (`uridfa_runtime::items`) and the lists inside its items.",
            m.tables.rule
        );
        quote! {
            #[doc = #doc]
            pub static #id: [::uridfa_runtime::List<'static>; #len] = [#(#lists),*];
        }
    });
    // Every entry's list regions, in `;@ entry` order (empty for an entry
    // without lists), for code that picks an entry at run time.
    let entry_lists = c.machines.iter().map(|m| {
        if m.lists.is_empty() {
            quote!(&[])
        } else {
            let id = ident(&format!("{}_LISTS", const_name(&m.tables.rule)));
            quote!(&#id)
        }
    });
    let component_len = c.components.len();
    let component_refs = c.components.iter().map(|m| {
        let id = ident(&component_const_name(&m.tables.rule));
        quote!(&#id)
    });
    let gname = &c.grammar.name;
    let utf8 = c.grammar.utf8;
    let tokens = quote! {
        /// The grammar's name (its file stem).
        pub static GRAMMAR: &str = #gname;
        /// Every entry's tables, in `;@ entry` order.
        pub static ENTRIES: [&::uridfa_runtime::Tables<'static>; #entry_len] = [#(#entry_refs),*];
        /// Every entry's list regions (Note [repeated captures]), in
        /// `;@ entry` order: `ENTRY_LISTS[i]` belongs to `ENTRIES[i]`.
        pub static ENTRY_LISTS: [&[::uridfa_runtime::List<'static>]; #entry_len] = [#(#entry_lists),*];
        /// Every `;@ component` rule's tables, in pragma order (each also
        /// as `<RULE>_RULE`): one component's own rule, for builders.
        pub static COMPONENT_RULES: [&::uridfa_runtime::Tables<'static>; #component_len] = [#(#component_refs),*];
        /// Names of captures and expected-byte texts.
        pub static STRINGS: &str = #strings;
        /// The grammar's captures, in tag order.
        pub static CAPTURES: [::uridfa_runtime::CaptureInfo; #capture_len] = [#(#captures),*];
        static EXPECTED: [::uridfa_runtime::StrRef; #expected_len] = [#(#expected),*];
        /// The number of captures.
        pub const CAPTURE_LEN: usize = #capture_len;
        /// The most registers any entry of this grammar needs.
        pub const REG_LEN: usize = #reg_len;
        /// Whether the grammar says `;@ charset utf-8` (its tables match
        /// UTF-8 characters; see `uridfa_runtime::Error::at_char_start`).
        pub const CHARSET_UTF8: bool = #utf8;
        #(#capture_consts)*
        #(#encode_sets)*
        /// Every `;@ encode-set`, in pragma order (each also as `<NAME>_SET`).
        pub static ENCODE_SETS: [&::uridfa_runtime::EncodeSet; #encode_len] = [#(#encode_refs),*];
        #machines
        #(#list_statics)*
    };
    tokens
}

/// [`tokens`] with every `::uridfa_runtime` path rooted at `runtime`
/// instead: `#[derive(uridfa::Grammar)]` passes
/// `::uridfa::__private::runtime`, so that the crate using it needs no
/// dependency on `uridfa-runtime`, and its tables follow whatever this
/// module emits.
pub fn tokens_at(c: &Compiled, runtime: &TokenStream) -> TokenStream {
    reroot(tokens(c), runtime)
}

/// Replaces each `::uridfa_runtime` in `ts` by `runtime`.
fn reroot(ts: TokenStream, runtime: &TokenStream) -> TokenStream {
    use proc_macro2::{Group, Spacing, TokenTree};
    let tts: Vec<TokenTree> = ts.into_iter().collect();
    let mut out = TokenStream::new();
    let mut i = 0;
    while i < tts.len() {
        let is_root = matches!(
            (&tts[i], tts.get(i + 1), tts.get(i + 2)),
            (TokenTree::Punct(a), Some(TokenTree::Punct(b)), Some(TokenTree::Ident(name)))
                if a.as_char() == ':' && a.spacing() == Spacing::Joint
                    && b.as_char() == ':' && name == "uridfa_runtime"
        );
        if is_root {
            out.extend(runtime.clone());
            i += 3;
            continue;
        }
        match &tts[i] {
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), reroot(g.stream(), runtime));
                inner.set_span(g.span());
                out.extend([TokenTree::Group(inner)]);
            }
            tt => out.extend([tt.clone()]),
        }
        i += 1;
    }
    out
}

/// Emits the Rust source for every entry of `c` ([`tokens`], formatted).
/// `shown_path` names the grammar file in the header (e.g.
/// `grammar/rfc3986.abnf`).
///
/// # Errors
///
/// [`EmitError::DoesNotParse`] if the tokens do not parse back as a Rust
/// file (a generator bug).
pub fn emit(c: &Compiled, shown_path: &str) -> Result<String, EmitError> {
    let body = format_file_at(tokens(c), TABLES_WIDTH)?;
    Ok(header(c, shown_path) + &body)
}

/// The first line of a generated file: the generator, the grammar file
/// and its SHA-256.
fn header(c: &Compiled, shown_path: &str) -> String {
    let source = c
        .grammar
        .sources
        .files
        .get(c.grammar.file)
        .map(|f| f.text.as_bytes())
        .unwrap_or_default();
    format!(
        "// @generated by uridfa-codegen {} from {} (sha256 {}) — do not edit\n",
        env!("CARGO_PKG_VERSION"),
        shown_path,
        sha256_hex(source)
    )
}

/// `tokens` as a formatted Rust file, without a header.
fn format_file(tokens: TokenStream) -> Result<String, EmitError> {
    format_file_at(tokens, COMPACT_WIDTH)
}

/// [`format_file`] with struct literals joined up to `width` bytes a line.
fn format_file_at(tokens: TokenStream, width: usize) -> Result<String, EmitError> {
    let file: syn::File = syn::parse2(tokens).map_err(EmitError::DoesNotParse)?;
    Ok(compact_to(&prettyplease::unparse(&file), width))
}

/// The SHA-256 of `data` as lower-case hex (the `sha256sum` form), for the
/// header of a generated file.
fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The longest line [`compact_to`] makes in a views file.
const COMPACT_WIDTH: usize = 100;

/// The longest line [`compact_to`] makes in a tables file: wide enough for
/// an `Edge` literal with a packed operation word on one line.
const TABLES_WIDTH: usize = 120;

/// Puts each struct literal whose fields fit on one line of at most
/// `width` bytes on that line (`Op { src: 65535u16, dst: 3u16,
/// kind: 0u8 },` rather than five lines), innermost first. prettyplease
/// gives every field its own line, which made the generated files five
/// times longer than their content; they are committed (`src/generated/`),
/// so their size matters. Only whitespace changes.
fn compact_to(src: &str, width: usize) -> String {
    let mut lines: Vec<String> = src.lines().map(str::to_owned).collect();
    loop {
        let mut out: Vec<String> = Vec::with_capacity(lines.len());
        let mut changed = false;
        let mut i = 0;
        while i < lines.len() {
            let line = &lines[i];
            if line.ends_with(" {") && !line.trim_start().starts_with("//") {
                let indent = line.len() - line.trim_start().len();
                // The fields, each one line with balanced braces, up to the
                // closing brace at the same indentation.
                let mut j = i + 1;
                let mut fields = Vec::new();
                while let Some(l) = lines.get(j) {
                    let t = l.trim_start();
                    let field = l.len() - t.len() > indent
                        && t.ends_with(',')
                        && t.matches('{').count() == t.matches('}').count()
                        && !t.starts_with("//");
                    if !field {
                        break;
                    }
                    fields.push(t.trim_end_matches(','));
                    j += 1;
                }
                let close = lines.get(j).map(|l| l.trim_start());
                let closes = matches!(close, Some("}" | "},") if lines[j].len() - 1 - usize::from(close == Some("},")) == indent);
                if closes && !fields.is_empty() {
                    let joined = format!("{} {} {}", line, fields.join(", "), close.unwrap_or("}"));
                    if joined.len() <= width {
                        out.push(joined);
                        changed = true;
                        i = j + 1;
                        continue;
                    }
                }
            }
            out.push(lines[i].clone());
            i += 1;
        }
        lines = out;
        if !changed {
            let mut text = lines.join("\n");
            text.push('\n');
            return text;
        }
    }
}

#[cfg(test)]
mod compact_tests {
    #[test]
    fn struct_literals_go_on_one_line_innermost_first() {
        let src = "pub static A: [X; 1] = [\n    X {\n        a: Y {\n            b: 1u8,\n        },\n        c: 2u8,\n    },\n];\n";
        assert_eq!(
            super::compact_to(src, super::COMPACT_WIDTH),
            "pub static A: [X; 1] = [\n    X { a: Y { b: 1u8 }, c: 2u8 },\n];\n"
        );
    }

    #[test]
    fn long_literals_stay_as_they_are() {
        let long = "x".repeat(120);
        let src = format!("    X {{\n        a: {long},\n    }},\n");
        assert_eq!(super::compact_to(&src, super::COMPACT_WIDTH), src);
    }
}

#[cfg(test)]
mod reroot_tests {
    use crate::driver::{compile_str, Options};

    #[test]
    fn every_runtime_path_moves_and_nothing_else_changes() {
        let text = ";@ entry a\n;@ capture b\na = b \"-\" 1*\"x\"\nb = 1*\"x\"\n";
        let c = compile_str("t.abnf", text, Options::default()).unwrap();
        let plain = super::tokens(&c).to_string();
        let moved = super::tokens_at(&c, &quote::quote!(::uridfa::__private::runtime)).to_string();
        assert!(plain.contains(":: uridfa_runtime :: Tables"), "{plain}");
        assert!(!moved.contains(":: uridfa_runtime"), "{moved}");
        assert_eq!(
            moved.replace(":: uridfa :: __private :: runtime", ":: uridfa_runtime"),
            plain
        );
    }
}

#[cfg(test)]
mod sha256_tests {
    /// FIPS 180-4's examples (the NIST "SHA256.pdf" vectors).
    #[test]
    fn fips_180_vectors() {
        for (data, want) in [
            (
                &b"abc"[..],
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            ),
            (
                b"",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            ),
            (
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            ),
        ] {
            assert_eq!(super::sha256_hex(data), want);
        }
    }
}

#[cfg(test)]
mod charset_tests {
    use crate::driver::{compile_str, Options};

    #[test]
    fn charset_utf8_const_follows_the_pragma() {
        let ascii = "\n;@ entry a\na = \"x\"\n";
        let utf8 = "\n;@ charset utf-8\n;@ entry a\na = %xE9\n";
        for (text, want) in [(ascii, "false"), (utf8, "true")] {
            let c = compile_str("t.abnf", text, Options::default()).unwrap();
            let src = super::emit(&c, "t.abnf").unwrap();
            let line = format!("pub const CHARSET_UTF8: bool = {want};");
            assert!(src.contains(&line), "{src}");
        }
    }

    /// `;@ component` rules get `<RULE>_RULE` tables and `COMPONENT_RULES`,
    /// and the entries' items come out exactly as without them.
    #[test]
    fn components_leave_the_entries_alone() {
        // (`b` once: a capture in two places is an error.)
        let plain = "\n;@ entry a\n;@ capture b\na = b \"-\" 1*\"x\"\nb = 1*\"x\"\n";
        let with = plain.replace(";@ entry a\n", ";@ entry a\n;@ component b a\n");
        let emit = |text: &str| {
            let c = compile_str("t.abnf", text, Options::default()).unwrap();
            super::emit(&c, "t.abnf").unwrap()
        };
        let (plain, with) = (emit(plain), emit(&with));
        assert!(
            with.contains("pub static B_RULE: ::uridfa_runtime::Tables"),
            "{with}"
        );
        assert!(
            with.contains("pub static A_RULE: ::uridfa_runtime::Tables"),
            "{with}"
        );
        let flat: String = with.split_whitespace().collect();
        assert!(
            flat.contains(
                "COMPONENT_RULES:[&::uridfa_runtime::Tables<'static>;2usize]=[&B_RULE,&A_RULE,]"
            ),
            "{with}"
        );
        // Everything from the capture constants on (the entry's tables
        // included) is unchanged; the components' items come after.
        let tail = |s: &str| s[s.find("pub const CAPTURE_LEN").unwrap()..].to_string();
        assert!(
            tail(&with).starts_with(tail(&plain).trim_end()),
            "{plain}\n---\n{with}"
        );
        // Unknown and duplicate component rules are errors.
        for (text, msg) in [
            (
                ";@ entry a\n;@ component z\na = \"x\"\n",
                "unknown rule 'z'",
            ),
            (
                ";@ entry a\n;@ component a A\na = \"x\"\n",
                "duplicate component 'A'",
            ),
        ] {
            let e = compile_str("t.abnf", text, Options::default())
                .unwrap_err()
                .to_string();
            assert!(e.contains(msg), "{e}");
        }
    }
}

#[cfg(test)]
mod error_tests {
    use super::EmitError;
    use std::error::Error as _;

    /// Tokens that are not a Rust file (what a generator bug would make)
    /// give [`EmitError::DoesNotParse`], with syn's error as its source.
    #[test]
    fn unparsable_tokens_are_an_emit_error() {
        let e = super::format_file(quote::quote!(pub static X: = 1;)).unwrap_err();
        let EmitError::DoesNotParse(inner) = &e;
        assert_eq!(
            e.to_string(),
            format!("generated code does not parse: {inner}")
        );
        assert!(e.source().unwrap().is::<syn::Error>());
        let span = crate::support::diag::Span::new(0, 1, 2);
        let d = e.at(span);
        assert_eq!((d.span, d.message), (span, e.to_string()));
    }
}
