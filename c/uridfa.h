/* uridfa.h: the portable C driver of uridfa's tables.
 *
 * Written by uridfa-codegen beside each grammar's NAME.h / NAME.c; the
 * same text for every grammar. C99, no allocation, no global mutable
 * state, nothing beyond <stddef.h>, <stdint.h> and <string.h>. The
 * tables are `static const` data that the generator checked
 * (uridfa_runtime::check) before writing them; this driver trusts them.
 *
 * Mirrors the Rust runtime (crate uridfa-runtime): validate, split (with
 * the kinds decided after the match), a streaming machine, the longest
 * accepted prefix and the items of a list region. See docs/c.md. */
#ifndef URIDFA_H
#define URIDFA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A component's half-open byte range [start, end) in the input; both are
 * URIDFA_ABSENT for a component that is absent. An empty component that is
 * present has start == end. */
typedef struct {
    size_t start, end;
} uridfa_span;

/* The value of start and end of an absent component. */
#define URIDFA_ABSENT ((size_t)-1)

/* Return values (and uridfa_error.kind). */
#define URIDFA_OK 0
/* `offset` is a byte that cannot continue the input. */
#define URIDFA_UNEXPECTED_BYTE 1
/* The input ended (`offset` is its length) where more was required. */
#define URIDFA_UNEXPECTED_END 2
/* What is left of a list region has no item: a region that did not come
 * from a split with the matching tables (uridfa_item_next). */
#define URIDFA_NOT_AN_ITEM 3

/* Why an input was rejected: what Rust's uridfa_runtime::Error and its
 * describe() give. */
typedef struct {
    /* The byte offset the error refers to (absolute, for a machine). */
    size_t offset;
    /* URIDFA_UNEXPECTED_BYTE, URIDFA_UNEXPECTED_END or
     * URIDFA_NOT_AN_ITEM. */
    int kind;
    /* The offending byte (URIDFA_UNEXPECTED_BYTE). */
    uint8_t byte;
    /* The index of the state that rejected the input. */
    uint32_t state;
    /* The component being read, e.g. "path" or "scheme or path"; NULL if
     * none. Left NULL by every call until uridfa_describe fills it, so
     * that a program that never asks links none of the texts. */
    const char *component;
    /* What would have been accepted, e.g.
     * `pchar, "/", "?", "#" or end of input`; NULL if unknown (or not
     * asked for: uridfa_describe). */
    const char *expected;
} uridfa_error;

/* The texts of one table set (Rust: the texts of Tables, which
 * Error::component, Error::expected and Error::describe read): its
 * states' component and expected-bytes texts and its captures' names.
 * Each table set has its own object, NAME_R_texts, which nothing else
 * points at: a program that never calls uridfa_describe or
 * uridfa_capture_name links none of it (-Wl,--gc-sections). Written by
 * uridfa-codegen; opaque to users. */
typedef struct {
    /* NUL-separated texts; offset 0 is the empty text (none). */
    const char *blob;
    /* Each capture's name, an offset into blob. */
    const uint16_t *capture_names;
    /* Per state, its (component, expected) pair: text_width bytes. */
    const void *state_texts;
    /* The pairs, two offsets into blob each. */
    const uint16_t *text_pairs;
    uint32_t state_len;
    uint16_t capture_len;
    uint8_t text_width;
} uridfa_texts;

/* One register operation: regs[dst] = src (a register, POS or NIL). */
typedef struct {
    uint16_t dst, src;
} uridfa_op;

/* A transition with register operations: up to five packed in `ops`
 * (twelve bits each: destination slot, then source slot; 61 pads, 62 is
 * NIL, 63 the position) when the machine has at most 61 registers, else
 * `ops` indexes uridfa_tables.ops. */
typedef struct {
    uint64_t ops;
    uint32_t target;
    uint16_t accel;
    uint16_t ops_len;
} uridfa_edge;

/* What happens when the input ends in a state. */
typedef struct {
    uint32_t ops_start;
    uint16_t ops_len;
    uint8_t accept;
} uridfa_final;

/* An escape the accelerated runs of a set step over: `byte` and two
 * bytes of run set `digits`; digits == 0xFFFF for none. */
typedef struct {
    uint16_t digits;
    uint8_t byte;
} uridfa_escape;

/* A kind decided after the match (`;@ kind-after`). */
typedef struct {
    uint16_t capture, start, parent;
    /* For its parent's first kind, the offset of its row in
     * uridfa_tables.after_first (0xFFFE: no row); 0xFFFF for the others. */
    uint16_t first;
} uridfa_after_kind;

/* The data of one machine (an entry rule, or the items of a list region):
 * a tagged DFA over byte classes, the same tables as the Rust runtime's
 * Tables (see its `# Invariants`). Written by uridfa-codegen; opaque to
 * users, who call the generated functions. */
typedef struct uridfa_tables uridfa_tables;

/* A driver for one form of transition table (internal: the tables name
 * theirs, so that a program links only the one it uses). */
typedef int (*uridfa_drive_fn)(const uridfa_tables *t, const uint8_t *s, size_t n,
                               size_t base, uint32_t *statep, size_t *regs,
                               uridfa_error *err);

/* Moves an unexpected byte inside a UTF-8 character to its first byte
 * (internal: the tables of a `;@ charset utf-8` grammar name it). */
typedef void (*uridfa_char_start_fn)(const uridfa_tables *t, const uint8_t *s, size_t base,
                                     uint32_t state, uridfa_error *err);
void uridfa_char_start(const uridfa_tables *t, const uint8_t *s, size_t base, uint32_t state,
                       uridfa_error *err);

/* The drivers, by form: one-, two- and four-byte premultiplied state IDs
 * (two- and four-byte ones with -DURIDFA_FAST), and one-byte state
 * indices (internal). */
int uridfa_drive8(const uridfa_tables *t, const uint8_t *s, size_t n, size_t base,
                  uint32_t *statep, size_t *regs, uridfa_error *err);
int uridfa_drive16(const uridfa_tables *t, const uint8_t *s, size_t n, size_t base,
                   uint32_t *statep, size_t *regs, uridfa_error *err);
int uridfa_drive32(const uridfa_tables *t, const uint8_t *s, size_t n, size_t base,
                   uint32_t *statep, size_t *regs, uridfa_error *err);
int uridfa_drive8i(const uridfa_tables *t, const uint8_t *s, size_t n, size_t base,
                   uint32_t *statep, size_t *regs, uridfa_error *err);

struct uridfa_tables {
    uridfa_drive_fn drive;
    uridfa_char_start_fn char_start;
    const uint8_t *classes;
    const void *trans;
    const uridfa_edge *edges;
    const uridfa_op *ops;
    /* Bit k % 8 of accel_lut[256 * (k / 8) + b]: byte b is in run set k. */
    const uint8_t *accel_lut;
    const uridfa_escape *accel_escapes;
    const uridfa_final *finals;
    const void *state_final;
    const uridfa_after_kind *after_kinds;
    const uint8_t *after_classes;
    /* The kinds' cells (index << 1 | accept; row 0 dead), after_width
     * bytes each (codegen: Note [kind cells by index]). */
    const void *after_trans;
    /* Rows of the kinds that a span's first byte decides, one answer per
     * class of `classes`: the kind (an index into after_kinds), 0xFE
     * none, 0xFF undecided (codegen: Note [kinds decided by the first
     * byte]); NULL if no byte decides one. */
    const uint8_t *after_first;
    const char *rule;
    /* stride is stride_odd << stride_twos, stride_odd odd; stride_inv is
     * stride_odd's inverse modulo 2^32: a state ID's index is
     * (id >> stride_twos) * stride_inv in 32 bits (Note [state index by
     * the odd inverse], in uridfa.c). */
    uint32_t stride_inv;
    uint32_t stride, start, special, state_len, reg_len, reg_slots;
    uint16_t capture_len, after_len, after_stride, accel_len;
    /* 1: after_classes holds the kinds' class of each class of `classes`
     * (a byte's is after_classes[classes[b]]); 0: after_classes holds the
     * kinds' class of
     * each byte, then the identity over them (codegen: Note [kind classes
     * through the machine's]). */
    uint8_t trans_width, final_width, utf8, after_width, after_mapped, stride_twos;
};

/* uridfa_tables.trans_width of one-byte tables (the default unless
 * -DURIDFA_FAST, where state indices fit a byte): one byte per
 * transition, a state's index (not its ID) or an edge above the dead
 * state `special`; the driver multiplies by the stride. */
#define URIDFA_INDEXED8 0x81

/* The registers a split needs for tables of `reg_len` registers: 32 or 64
 * (a register file without branches: slot 62 % n holds NIL, 63 % n the
 * position), or `reg_len` for larger machines. */
#define URIDFA_REG_SLOTS(reg_len) \
    ((reg_len) <= 29 ? 32 : (reg_len) <= 61 ? 64 : (reg_len))

/* A streaming matcher: the caller owns it (each grammar's NAME_machine
 * holds one with its registers). Feed chunks, then finish; offsets are
 * absolute, from the first byte of the first chunk. Once a chunk fails,
 * every later call returns the same error. For tables of a `;@ charset
 * utf-8` grammar an error inside a character is at its first byte, even
 * when that byte came in an earlier chunk (Rust: Note [characters across
 * chunks]); the fields from `open_at` on are kept for that. */
typedef struct {
    const uridfa_tables *tables;
    size_t *regs;
    size_t pos;
    uint32_t state;
    int failed;
    uridfa_error error;
    /* When what was fed ends inside a character: its lead byte's offset
     * (else URIDFA_ABSENT) and the state there. */
    size_t open_at;
    uint32_t open_state;
    /* The last bytes fed (up to 3). */
    uint8_t tail[3];
    uint8_t tail_len;
} uridfa_machine;

/* Does all of s[0..n) match? 0, or an error kind (err filled if not
 * NULL). For tables of a `;@ charset utf-8` grammar (rfc3987) an error
 * inside a UTF-8 character is reported at the character's first byte,
 * with the state there (Rust: Error::at_char_start); so in every call
 * below but uridfa_item_next, which reports what Rust's items does. */
int uridfa_validate(const uridfa_tables *t, const uint8_t *s, size_t n,
                    uridfa_error *err);

/* uridfa_validate, and each capture's span into spans[0 ..
 * t->capture_len), the kinds decided after the match included. `regs`
 * holds t->reg_slots registers. */
int uridfa_split(const uridfa_tables *t, const uint8_t *s, size_t n,
                 size_t *regs, uridfa_span *spans, uridfa_error *err);

/* uridfa_split without deciding the kinds decided after the match: they
 * stay absent (uridfa_kind_after decides one when asked, as Rust's typed
 * views do). About 8 % faster on the kasztp URLs, where uridfa_split
 * decides RFC 3986's `IPv4address` or `reg-name` for each host (mostly
 * from its first byte), and a program that calls only this links none of
 * the kinds' code. */
int uridfa_split_raw(const uridfa_tables *t, const uint8_t *s, size_t n,
                     size_t *regs, uridfa_span *spans, uridfa_error *err);

/* Starts a machine over `t` with `regs` (t->reg_slots registers). */
void uridfa_machine_start(uridfa_machine *m, const uridfa_tables *t,
                          size_t *regs);

/* Feeds the next chunk. 0, or the error (with its absolute offset). */
int uridfa_machine_feed(uridfa_machine *m, const uint8_t *s, size_t n,
                        uridfa_error *err);

/* Ends the input: 0 if what was fed matches, and each capture's span
 * into `spans` if not NULL. The kinds decided after the match stay absent
 * (the machine keeps no bytes): uridfa_decide_kinds decides them. */
int uridfa_machine_finish(uridfa_machine *m, uridfa_span *spans,
                          uridfa_error *err);

/* Decides the kinds decided after the match from the whole input s[0..n)
 * and the spans a machine wrote: what uridfa_split does itself. */
void uridfa_decide_kinds(const uridfa_tables *t, const uint8_t *s, size_t n,
                         uridfa_span *spans);

/* The kind capture that a span s[0..n) of capture `parent` is, decided
 * after the match (the first kind whose rule accepts all of it), or
 * URIDFA_ABSENT. */
size_t uridfa_kind_after(const uridfa_tables *t, size_t parent,
                         const uint8_t *s, size_t n);

/* The length of the longest prefix of s[0..n) that the rule accepts into
 * *len: 1 if there is one, 0 if none. */
int uridfa_longest_prefix(const uridfa_tables *t, const uint8_t *s,
                          size_t n, size_t *len);

/* The next item of a list region [*pos, end) of s (inside s: the span a
 * split of s reported for the region), cut with the region's
 * item tables: 1 and its span (then *pos moves past it), 0 when the
 * region is done, or an error kind (err filled) when what is left has no
 * item. Each item's own captures are a uridfa_split of its bytes with
 * the item tables. */
int uridfa_item_next(const uridfa_tables *item, const uint8_t *s,
                     size_t *pos, size_t end, uridfa_span *out,
                     uridfa_error *err);

/* How deep list regions nest: an entry's lists are level 1, a list inside
 * one of their items level 2, and so on (Rust: MAX_LIST_DEPTH). The
 * generator refuses a grammar whose lists nest deeper. */
#define URIDFA_MAX_LIST_DEPTH 4

/* One list region of a table set and the tables that read its items (Rust:
 * uridfa_runtime::List). Each entry's `NAME_R_lists` array holds its lists;
 * `lists` are those of the item tables themselves (a list inside this
 * list's items, as RFC 9110's parameters inside each media range of an
 * Accept), `list_len` of them. */
typedef struct uridfa_list uridfa_list;
struct uridfa_list {
    const uridfa_tables *item;
    const uridfa_list *lists;
    uint32_t region;
    uint32_t list_len;
};

/* One occurrence of a capture, from uridfa_walk_next: its span, the spans
 * of the split that holds it (the entry's, or one item's; capture_len
 * entries, absolute offsets: the captures nested in the occurrence are
 * there) and the lists of the tables that made that split (where the
 * lists inside the occurrence are). `spans` stays valid until the next
 * uridfa_walk_next on the same walk. */
typedef struct {
    uridfa_span span;
    const uridfa_span *spans;
    const uridfa_list *lists;
    size_t list_len;
} uridfa_occurrence;

/* One level of a walk (internal). */
typedef struct {
    const uridfa_list *lists;
    size_t list_len, next;
    const uridfa_span *spans;
    uridfa_span own;
    const uridfa_list *list;
    size_t pos, end;
} uridfa_walk_level;

/* A walk over every occurrence of one capture at every level of lists, in
 * input order: the occurrence a split reports itself, and those in the
 * items of each list region of that split, recursively (Rust: a generated
 * view's plural accessors). The caller owns it; it allocates nothing. */
typedef struct {
    const uint8_t *s;
    size_t capture;
    uridfa_span within;
    uridfa_span *buf;
    size_t *regs;
    size_t depth;
    uridfa_walk_level level[URIDFA_MAX_LIST_DEPTH + 1];
} uridfa_walk;

/* Starts w over the occurrences of capture `capture` that lie inside
 * `within` of the input s: `spans` is a split of s (or an occurrence's
 * spans, to walk inside it; capture_len entries: a capture at or past it
 * has no occurrence) by tables whose lists are lists[0..list_len).
 * `buf` holds, for the splits of the items, URIDFA_MAX_LIST_DEPTH (or the
 * grammar's NAME_LIST_DEPTH) times the grammar's capture count spans;
 * `regs` the grammar's NAME_REG_SLOTS registers. The generated NAME_walk
 * holds both: see NAME_R_walk and NAME_walk_within. */
void uridfa_walk_start(uridfa_walk *w, const uint8_t *s, const uridfa_span *spans,
                       size_t capture_len, const uridfa_list *lists, size_t list_len,
                       size_t capture, uridfa_span within, uridfa_span *buf, size_t *regs);

/* The next occurrence into *o: 1, or 0 when there is none left (and on
 * every later call). */
int uridfa_walk_next(uridfa_walk *w, uridfa_occurrence *o);

/* Fills err->component and err->expected from the texts `x` of the
 * table set that reported err (NAME_R_texts for NAME_R_split, ...; a
 * list region's item texts for uridfa_item_next): the texts of the
 * state err->state, NULL where it has none (and for URIDFA_NOT_AN_ITEM).
 * Rust: Error::component and Error::expected. */
void uridfa_describe(const uridfa_texts *x, uridfa_error *err);

/* The name of capture k ("host") in the texts `x`, or NULL. */
const char *uridfa_capture_name(const uridfa_texts *x, size_t k);

/* The Rust runtime's message for `e` (Rust: Error::describe), e.g.
 * `unexpected ' ' at 10 in path; expected pchar, "/", "?", "#" or end of
 * input`, written NUL-terminated into buf[0..cap) (truncated if need
 * be). Returns the message's full length. The texts after the offset
 * are e->component and e->expected: call uridfa_describe first, or the
 * message ends at the offset. */
size_t uridfa_error_message(const uridfa_error *e, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* URIDFA_H */
