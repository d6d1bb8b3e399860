/* uridfa.c: the portable C driver of uridfa's tables (see uridfa.h and
 * docs/c.md). One loop over the transition table per table width; the
 * same rules as the Rust runtime's driver (runtime/src/drive.rs, Note [the
 * hot loop]): one class load, one transition load and one compare per
 * byte; edges with register operations, the dead state and accelerated
 * runs behind that compare. */
#include "uridfa.h"

#include <string.h>

#define URIDFA_NIL URIDFA_ABSENT
#define URIDFA_NO_ACCEL 0xFFFFu
#define URIDFA_NO_ESCAPE 0xFFFFu
#define URIDFA_OP_POS 0xFFFFu
#define URIDFA_OP_NIL 0xFFFEu
/* The most registers for the register file without branches. */
#define URIDFA_WIDE_REGS 61u
/* The most operations an edge packs into its word. */
#define URIDFA_PACKED_LEN 5u

/* The hot loop's helpers are inlined into it (an out-of-line call per
 * edge kept the loop's values in memory: 22 % of split's time on kasztp). */
#if defined(__GNUC__) || defined(__clang__)
#define URIDFA_INLINE static __inline__ __attribute__((always_inline))
#else
#define URIDFA_INLINE static
#endif

/* The byte table of accelerated set k, and its bit (codegen: Note [sets
 * in byte tables]). */
#define URIDFA_LUT(t, k) ((t)->accel_lut + (((size_t)(k) >> 3) << 8))
#define URIDFA_BIT(k) ((uint8_t)(1u << ((k) & 7u)))

/* The end of the run of accelerated set k from j: the first byte the
 * run's state does not loop on, valid escapes (`%` HEXDIG HEXDIG) of an
 * escape-aware set stepped over (Rust: Note [escape-aware runs]). */
URIDFA_INLINE size_t skip_accel(const uridfa_tables *t, unsigned k, const uint8_t *s,
                                size_t n, size_t j)
{
    const uint8_t *lut = URIDFA_LUT(t, k);
    const uint8_t mask = URIDFA_BIT(k);
    for (;;) {
        const uridfa_escape *e;
        const uint8_t *dlut;
        uint8_t dmask;
        /* Through a pointer: a register fewer than an index and the
         * input's start, so that the loops keep their values in registers
         * where the driver is inlined (split_tags). */
        const uint8_t *p = s + j;
        const uint8_t *const end = s + n;
        while (end - p >= 4 && (lut[p[0]] & lut[p[1]] & lut[p[2]] & lut[p[3]] & mask)) {
            p += 4;
        }
        while (p != end && (lut[*p] & mask)) {
            p++;
        }
        j = (size_t)(p - s);
        /* The escape is read only where the run stops, so that the loops
         * above keep their values in registers. */
        if (t->accel_escapes == NULL || n - j <= 2u) {
            return j;
        }
        e = &t->accel_escapes[k];
        if (e->digits == URIDFA_NO_ESCAPE || s[j] != e->byte) {
            return j;
        }
        dlut = URIDFA_LUT(t, e->digits);
        dmask = URIDFA_BIT(e->digits);
        if (!(dlut[s[j + 1]] & dmask) || !(dlut[s[j + 2]] & dmask)) {
            return j;
        }
        j += 3u;
    }
}

/* Runs ops[start .. start + len) at position pos. */
static void run_ops(const uridfa_tables *t, uint32_t start, uint32_t len, size_t *regs,
                    size_t pos)
{
    const uridfa_op *op = t->ops + start;
    const uridfa_op *end = op + len;
    if (t->reg_len <= URIDFA_WIDE_REGS) {
        /* A register file of 32 or 64 slots: NIL and the position are
         * slots too, so every operation is one copy. */
        const unsigned m = t->reg_slots - 1u;
        regs[URIDFA_OP_POS & m] = pos;
        for (; op != end; op++) {
            regs[op->dst & m] = regs[op->src & m];
        }
        return;
    }
    for (; op != end; op++) {
        size_t v;
        if (op->src == URIDFA_OP_POS) {
            v = pos;
        } else if (op->src == URIDFA_OP_NIL) {
            v = URIDFA_NIL;
        } else {
            v = regs[op->src];
        }
        regs[op->dst] = v;
    }
}

/* Runs the operations of edge e at position pos. */
URIDFA_INLINE void run_edge(const uridfa_tables *t, const uridfa_edge *e, size_t *regs, size_t pos)
{
    if (t->reg_len <= URIDFA_WIDE_REGS && e->ops_len <= URIDFA_PACKED_LEN) {
        /* Five copies, straight-line; the padding copies slot 61 onto
         * itself (Rust: Note [packed operations]). */
        const unsigned m = t->reg_slots - 1u;
        const uint64_t w = e->ops;
        regs[URIDFA_OP_POS & m] = pos;
#define URIDFA_COPY(k)                                                                       \
    regs[(unsigned)(w >> (12u * (k))) & m] = regs[(unsigned)(w >> (12u * (k) + 6u)) & m]
#ifdef __OPTIMIZE_SIZE__
        {
            /* The word moves down by a constant 12 bits per copy: a shift
             * by a variable amount is a library call on Thumb-1
             * (__aeabi_llsr on Cortex-M0), one per copy. */
            uint64_t v = w;
            unsigned k;
            for (k = 0; k < URIDFA_PACKED_LEN; k++) {
                const unsigned field = (unsigned)v;
                regs[field & m] = regs[(field >> 6) & m];
                v >>= 12;
            }
        }
#else
        /* Written out: gcc -O2 kept the loop of five (7 % of split's
         * instructions on kasztp were its control). -Os keeps the loop.
         * The last two only for an edge of four or five: on the kasztp
         * URLs every edge taken has at most three (a third of the copies
         * were padding), and the branch is rarely taken. */
        URIDFA_COPY(0);
        URIDFA_COPY(1);
        URIDFA_COPY(2);
        if (e->ops_len > 3u) {
            URIDFA_COPY(3);
            URIDFA_COPY(4);
        }
#endif
#undef URIDFA_COPY
        return;
    }
    run_ops(t, (uint32_t)e->ops, e->ops_len, regs, pos);
}

/* Note [state index by the odd inverse]. A state ID is its index times
 * the stride (invariant 2), so the division id / stride is exact: with
 * stride = odd << twos, id >> twos is index * odd, and multiplying by
 * odd's inverse modulo 2^32 (odd * inv == 1 mod 2^32; the generator
 * computes it) gives index * odd * inv == index mod 2^32, which is the
 * index itself: one shift and one 32-bit multiply, exact for every ID a
 * u32 holds. Rust's (id * ceil(2^40 / stride)) >> 40 (invariant 11)
 * needs a 64-bit product, a library call on Cortex-M0 (__aeabi_lmul),
 * and a division past 2^24 states (__aeabi_uidiv); this needs neither,
 * on any target. The driver trusts its tables: an ID that is not a
 * state's gives a wrong index. */

/* The index of the state with ID id: id / stride, without a division
 * and in 32 bits (Note [state index by the odd inverse]). */
URIDFA_INLINE uint32_t state_index(const uridfa_tables *t, uint32_t id)
{
    return (uint32_t)((id >> t->stride_twos) * t->stride_inv);
}

static int fail(int kind, size_t offset, uint8_t byte, uint32_t state, uridfa_error *err)
{
    if (err != NULL) {
        err->offset = offset;
        err->kind = kind;
        err->byte = byte;
        err->state = state;
        /* The texts only when asked for: uridfa_describe. */
        err->component = NULL;
        err->expected = NULL;
    }
    return kind;
}

/* The dead state after state (an ID) on the byte at pos. */
static int byte_error(const uridfa_tables *t, uint32_t state, uint8_t byte, size_t pos,
                      uridfa_error *err)
{
    return fail(URIDFA_UNEXPECTED_BYTE, pos, byte, state_index(t, state), err);
}

/* One driver per form of the transition table: runs s[0..n) from
 * *statep, offsets counted from base; regs NULL for validation (edges
 * taken without their operations). MUL turns a transition's value into a
 * state ID: 1 for premultiplied IDs, the stride for the state indices of
 * the default one-byte tables (URIDFA_INDEXED8; see docs/c.md). */
#define URIDFA_DEFINE_DRIVE(NAME, T, TRANS, MUL) URIDFA_DEFINE_DRIVE_AS(, NAME, T, TRANS, MUL)
/* The same with storage class QUAL (URIDFA_INLINE for split's copy). */
#define URIDFA_DEFINE_DRIVE_AS(QUAL, NAME, T, TRANS, MUL)                                      \
    QUAL int NAME(const uridfa_tables *t, const uint8_t *s, size_t n, size_t base, uint32_t *statep, \
             size_t *regs, uridfa_error *err)                                                  \
    {                                                                                          \
        const uint8_t *cls = t->classes;                                                       \
        const T *tr = (TRANS);                                                                 \
        const uint32_t special = t->special;                                                   \
        uint32_t state = *statep;                                                              \
        size_t i = 0;                                                                          \
        for (;;) {                                                                             \
            uint32_t next;                                                                     \
            const uridfa_edge *e;                                                              \
            for (;;) {                                                                         \
                if (i == n) {                                                                  \
                    *statep = state;                                                           \
                    return URIDFA_OK;                                                          \
                }                                                                              \
                next = tr[state + cls[s[i]]];                                                  \
                if (next >= special) {                                                         \
                    break;                                                                     \
                }                                                                              \
                state = next * (MUL);                                                          \
                i++;                                                                           \
            }                                                                                  \
            if (next == special) {                                                             \
                return byte_error(t, state, s[i], base + i, err);                              \
            }                                                                                  \
            e = &t->edges[next - special - 1u];                                                \
            if (regs != NULL) {                                                                \
                run_edge(t, e, regs, base + i);                                                \
            }                                                                                  \
            i++;                                                                               \
            if (e->accel != URIDFA_NO_ACCEL) {                                                 \
                i = skip_accel(t, e->accel, s, n, i);                                          \
            }                                                                                  \
            state = e->target;                                                                 \
        }                                                                                      \
    }

/* A one-byte table follows the classes (codegen: Note [classes before
 * transitions]): one pointer for both. */
URIDFA_DEFINE_DRIVE(uridfa_drive8, uint8_t, cls + 256, 1u)
URIDFA_DEFINE_DRIVE(uridfa_drive16, uint16_t, (const uint16_t *)t->trans, 1u)
URIDFA_DEFINE_DRIVE(uridfa_drive32, uint32_t, (const uint32_t *)t->trans, 1u)
URIDFA_DEFINE_DRIVE(uridfa_drive8i, uint8_t, cls + 256, t->stride)
#ifndef __OPTIMIZE_SIZE__
/* uridfa_drive8i again, for split and split_raw to inline (see split_tags). */
URIDFA_DEFINE_DRIVE_AS(URIDFA_INLINE, drive8i_inline, uint8_t, cls + 256, t->stride)
#endif

/* The tables' own driver (each names the one for its form). */
URIDFA_INLINE int drive(const uridfa_tables *t, const uint8_t *s, size_t n, size_t base,
                 uint32_t *statep, size_t *regs, uridfa_error *err)
{
    return t->drive(t, s, n, base, statep, regs, err);
}

/* Rust: sequence_start. The lead byte of the UTF-8 sequence that the byte
 * at `at` interrupts: a lead byte among the up to three bytes before it,
 * followed by fewer continuation bytes than its sequence needs; else
 * URIDFA_ABSENT. */
static size_t sequence_start(const uint8_t *s, size_t at)
{
    size_t back;
    for (back = 1; back <= 3 && back <= at; back++) {
        const uint8_t b = s[at - back];
        if (b >= 0x80 && b <= 0xBF) {
            continue;
        }
        if (b >= 0xC0 && b <= 0xDF) {
            return back < 2 ? at - back : URIDFA_ABSENT;
        }
        if (b >= 0xE0 && b <= 0xEF) {
            return back < 3 ? at - back : URIDFA_ABSENT;
        }
        if (b >= 0xF0 && b <= 0xF7) {
            return at - back;
        }
        return URIDFA_ABSENT;
    }
    return URIDFA_ABSENT;
}

/* Rust: Error::at_char_start. For utf8 tables (their `char_start`), an
 * unexpected byte at
 * err->offset (counted from base) inside the sequence of s[0..n), which
 * was run from `state`, moves to the sequence's lead byte with the state
 * there, found by running s up to it again without tags. */
void uridfa_char_start(const uridfa_tables *t, const uint8_t *s, size_t base, uint32_t state,
                       uridfa_error *err)
{
    size_t lead;
    if (err == NULL || err->kind != URIDFA_UNEXPECTED_BYTE || err->offset < base) {
        return;
    }
    lead = sequence_start(s, err->offset - base);
    if (lead == URIDFA_ABSENT || drive(t, s, lead, base, &state, NULL, NULL) != URIDFA_OK) {
        return;
    }
    (void)byte_error(t, state, s[lead], base + lead, err);
}

/* The tables' own uridfa_char_start, if they match UTF-8 (others link
 * none of its code). */
static void char_start(const uridfa_tables *t, const uint8_t *s, size_t base, uint32_t state,
                       uridfa_error *err)
{
    if (t->char_start != NULL) {
        t->char_start(t, s, base, state, err);
    }
}

URIDFA_INLINE uint32_t id_at(const void *ids, uint8_t width, size_t i)
{
    switch (width) {
    case 1:
    case URIDFA_INDEXED8:
        return ((const uint8_t *)ids)[i];
    case 2:
        return ((const uint16_t *)ids)[i];
    default:
        return ((const uint32_t *)ids)[i];
    }
}

/* The final entry of state (an ID). */
URIDFA_INLINE const uridfa_final *final_of(const uridfa_tables *t, uint32_t state)
{
    return &t->finals[id_at(t->state_final, t->final_width, state_index(t, state))];
}

/* The end of the input at pos in state: 0 if it accepts (then its final
 * operations run, if regs), else the error. Inlined: out of line it cost
 * split a call per URL (about 2 ns of 75 on kasztp; docs/c.md, speed). */
URIDFA_INLINE int finish_at(const uridfa_tables *t, uint32_t state, size_t pos, size_t *regs,
                            uridfa_error *err)
{
    const uridfa_final *f = final_of(t, state);
    if (!f->accept) {
        return fail(URIDFA_UNEXPECTED_END, pos, 0, state_index(t, state), err);
    }
    if (regs != NULL) {
        run_ops(t, f->ops_start, f->ops_len, regs, pos);
    }
    return URIDFA_OK;
}

static void clear_regs(const uridfa_tables *t, size_t *regs)
{
    /* URIDFA_NIL is all ones. */
    memset(regs, 0xFF, (size_t)t->reg_slots * sizeof *regs);
}

URIDFA_INLINE void read_spans(const uridfa_tables *t, const size_t *regs, uridfa_span *spans)
{
    size_t k;
    for (k = 0; k < t->capture_len; k++) {
        const size_t a = regs[2u * k], b = regs[2u * k + 1u];
        /* Present when both tags are set and in order (a NIL start is
         * above every end); without a branch, which mispredicted. */
        const int present = (a <= b) & (b != URIDFA_NIL);
        spans[k].start = present ? a : URIDFA_ABSENT;
        spans[k].end = present ? b : URIDFA_ABSENT;
    }
}

/* uridfa_validate without moving an error to its character's start: as
 * Rust's uridfa_runtime::validate (for uridfa_item_next). */
static int validate_at_byte(const uridfa_tables *t, const uint8_t *s, size_t n,
                            uridfa_error *err)
{
    uint32_t state = t->start;
    const int r = drive(t, s, n, 0, &state, NULL, err);
    if (r != URIDFA_OK) {
        return r;
    }
    return finish_at(t, state, n, NULL, err);
}

int uridfa_validate(const uridfa_tables *t, const uint8_t *s, size_t n, uridfa_error *err)
{
    const int r = validate_at_byte(t, s, n, err);
    if (r != URIDFA_OK) {
        char_start(t, s, 0, t->start, err);
    }
    return r;
}

/* Whether kind k (an index into after_kinds) accepts all of s[0..n).
 * While the DFA stays in one cell, the next byte's cell is read from that
 * cell's row without waiting for the previous load: a run (a reg-name's
 * letters) goes at a byte every cycle or two instead of a load chain
 * (docs/c.md, speed). */
static int kind_accepts(const uridfa_tables *t, unsigned k, const uint8_t *s, size_t n)
{
    /* A byte's kind class is cls[pre[b]]: through the machine's classes,
     * or the kinds' own 256 followed by the identity (codegen: Note [kind
     * classes through the machine's]). */
    const uint8_t *pre = t->after_mapped ? t->classes : t->after_classes;
    const uint8_t *cls = t->after_mapped ? t->after_classes : t->after_classes + 256;
    const size_t stride = t->after_stride;
    unsigned cell = t->after_kinds[k].start;
    size_t i = 0;
    /* Cells are a state's index and its accept bit (codegen: Note [kind
     * cells by index]), of one or two bytes. */
#define URIDFA_KCLASS(b) cls[pre[b]]
#define URIDFA_KIND_RUN(T)                                                                   \
    {                                                                                        \
        const T *tr = (const T *)t->after_trans;                                             \
        while (i < n && cell != 0u) {                                                        \
            const T *row = tr + (cell >> 1) * stride;                                        \
            while (i < n && row[URIDFA_KCLASS(s[i])] == cell) {                               \
                i++;                                                                         \
            }                                                                                \
            if (i < n) {                                                                     \
                cell = row[URIDFA_KCLASS(s[i])];                                              \
                i++;                                                                         \
            }                                                                                \
        }                                                                                    \
    }
    if (t->after_width == 1u) {
        URIDFA_KIND_RUN(uint8_t)
    } else {
        URIDFA_KIND_RUN(uint16_t)
    }
#undef URIDFA_KIND_RUN
#undef URIDFA_KCLASS
    return cell & 1u;
}

size_t uridfa_kind_after(const uridfa_tables *t, size_t parent, const uint8_t *s, size_t n)
{
    unsigned k;
    for (k = 0; k < t->after_len; k++) {
        if (t->after_kinds[k].parent == parent && kind_accepts(t, k, s, n)) {
            return t->after_kinds[k].capture;
        }
    }
    return URIDFA_ABSENT;
}

/* Rust: Note [kinds after the match]. For each parent (in the order of
 * its first kind, which names it: `first` below 0xFFFF) with a span
 * inside s[0..n), the first of its kinds that accepts the span gets it.
 * After a match the parent's span is in its rule's language, so its first
 * byte may decide the kind (codegen: Note [kinds decided by the first
 * byte]) before any kind's DFA runs. */
static void decide_kinds_regs(const uridfa_tables *t, const uint8_t *s, size_t n, size_t *regs)
{
    const uridfa_after_kind *kind = t->after_kinds;
    const uridfa_after_kind *end = kind + t->after_len;
    for (; kind != end; kind++) {
        const size_t p = kind->parent;
        const size_t a = regs[2u * p], b = regs[2u * p + 1u];
        size_t c;
        uint8_t d = 0xFFu;
        if (kind->first == 0xFFFFu || a > b || b > n) {
            continue;
        }
        if (kind->first != 0xFFFEu && a < b) {
            d = t->after_first[kind->first + t->classes[s[a]]];
        }
        if (d == 0xFFu) {
            c = uridfa_kind_after(t, p, s + a, b - a);
        } else if (d == 0xFEu) {
            c = URIDFA_ABSENT;
        } else {
            c = t->after_kinds[d].capture;
        }
        if (c != URIDFA_ABSENT) {
            regs[2u * c] = a;
            regs[2u * c + 1u] = b;
        }
    }
}

void uridfa_decide_kinds(const uridfa_tables *t, const uint8_t *s, size_t n, uridfa_span *spans)
{
    unsigned k;
    for (k = 0; k < t->after_len; k++) {
        const size_t p = t->after_kinds[k].parent;
        const size_t a = spans[p].start, b = spans[p].end;
        size_t c;
        if (t->after_kinds[k].first == 0xFFFFu || a == URIDFA_ABSENT || a > b || b > n) {
            continue;
        }
        c = uridfa_kind_after(t, p, s + a, b - a);
        if (c != URIDFA_ABSENT) {
            spans[c].start = a;
            spans[c].end = b;
        }
    }
}

/* Validates and leaves the tags in regs (the kinds decided after the
 * match not decided). split_raw calls only this, so a program that never
 * decides a kind links none of their code. Inlined into both: a program
 * links one of them, and the call cost split about 22 instructions per
 * kasztp URL (docs/c.md, speed). Except at -Os, the default form's driver
 * is inlined too (the others are called through the tables): no call and
 * no second prologue per input, and the registers known to be there, so
 * the edges copy without a test (3 to 4 % of split's time on kasztp,
 * docs/c.md; at -Os it would add the driver's size to a program). */
URIDFA_INLINE int split_tags(const uridfa_tables *t, const uint8_t *s, size_t n, size_t *regs,
                             uridfa_error *err)
{
    uint32_t state = t->start;
    int r;
    clear_regs(t, regs);
#ifndef __OPTIMIZE_SIZE__
    if (t->trans_width == URIDFA_INDEXED8) {
        r = drive8i_inline(t, s, n, 0, &state, regs, err);
    } else
#endif
    {
        r = drive(t, s, n, 0, &state, regs, err);
    }
    if (r != URIDFA_OK) {
        char_start(t, s, 0, t->start, err);
        return r;
    }
    return finish_at(t, state, n, regs, err);
}

/* split and split_raw hold the default form's byte loop (split_tags):
 * except at -Os they start on a 64-byte boundary, so that where the loop
 * falls against the instruction fetch's 64-byte blocks does not depend
 * on what the program links before them (the loop across two blocks was
 * 15 % slower on kasztp here; docs/c.md, speed). */
#if !defined(__OPTIMIZE_SIZE__) && (defined(__GNUC__) || defined(__clang__))
#define URIDFA_HOT_ALIGN __attribute__((aligned(64)))
#else
#define URIDFA_HOT_ALIGN
#endif

URIDFA_HOT_ALIGN
int uridfa_split(const uridfa_tables *t, const uint8_t *s, size_t n, size_t *regs,
                 uridfa_span *spans, uridfa_error *err)
{
    const int r = split_tags(t, s, n, regs, err);
    if (r != URIDFA_OK) {
        return r;
    }
    if (t->after_len != 0) {
        decide_kinds_regs(t, s, n, regs);
    }
    read_spans(t, regs, spans);
    return URIDFA_OK;
}

URIDFA_HOT_ALIGN
int uridfa_split_raw(const uridfa_tables *t, const uint8_t *s, size_t n, size_t *regs,
                     uridfa_span *spans, uridfa_error *err)
{
    const int r = split_tags(t, s, n, regs, err);
    if (r == URIDFA_OK) {
        read_spans(t, regs, spans);
    }
    return r;
}

void uridfa_machine_start(uridfa_machine *m, const uridfa_tables *t, size_t *regs)
{
    m->tables = t;
    m->regs = regs;
    m->pos = 0;
    m->state = t->start;
    m->failed = 0;
    memset(&m->error, 0, sizeof m->error);
    m->open_at = URIDFA_ABSENT;
    m->open_state = 0;
    m->tail_len = 0;
    clear_regs(t, regs);
}

static int machine_failed(const uridfa_machine *m, uridfa_error *err)
{
    if (err != NULL) {
        *err = m->error;
    }
    return m->error.kind;
}

/* Rust: Note [characters across chunks] (runtime/src/stream.rs). The
 * bytes fed before (m->tail) followed by the last up to three of
 * s[0..n), into w; *old is how many came from the tail. Returns the
 * window's length. */
static size_t window(const uridfa_machine *m, const uint8_t *s, size_t n, uint8_t w[6],
                     size_t *old)
{
    size_t len = 0, i;
    for (i = 0; i < m->tail_len; i++) {
        w[len++] = m->tail[i];
    }
    *old = len;
    for (i = n > 3u ? n - 3u : 0; i < n; i++) {
        w[len++] = s[i];
    }
    return len;
}

/* Whether s[0..n), which leaves no character of its own open, extends the
 * one open before it. */
static int continues_open_char(const uridfa_machine *m, const uint8_t *s, size_t n)
{
    uint8_t w[6];
    size_t old;
    const size_t len = window(m, s, n, w, &old);
    const size_t lead = sequence_start(w, len);
    return n < 3u && lead != URIDFA_ABSENT && lead < old;
}

/* Keeps the last three bytes fed, s[0..n) included. */
static void push_tail(uridfa_machine *m, const uint8_t *s, size_t n)
{
    uint8_t w[6];
    size_t old, i;
    const size_t len = window(m, s, n, w, &old);
    const size_t from = len > 3u ? len - 3u : 0;
    m->tail_len = 0;
    for (i = from; i < len; i++) {
        m->tail[m->tail_len++] = w[i];
    }
}

/* uridfa_char_start for an error in the chunk s[0..n) fed at m->pos from
 * m->state, whose character may have begun in an earlier chunk. */
static void machine_char_start(const uridfa_machine *m, const uint8_t *s, size_t n,
                               uridfa_error *err)
{
    const uridfa_tables *t = m->tables;
    uint8_t w[6];
    size_t k, old, len, lead;
    uint32_t state = m->state;
    if (err->kind != URIDFA_UNEXPECTED_BYTE || err->offset < m->pos) {
        return;
    }
    k = err->offset - m->pos;
    len = window(m, s, k < n ? k : n, w, &old);
    lead = sequence_start(w, len);
    if (lead == URIDFA_ABSENT) {
        return;
    }
    if (lead >= old) {
        /* The character began in this chunk: run up to it again. */
        const size_t i = k - (len - old) + (lead - old);
        if (i >= n || drive(t, s, i, m->pos, &state, NULL, NULL) != URIDFA_OK) {
            return;
        }
        (void)byte_error(t, state, s[i], m->pos + i, err);
    } else {
        /* It began in an earlier chunk, where its state was kept. */
        const size_t offset = m->pos - (old - lead);
        if (m->open_at != offset) {
            return;
        }
        (void)byte_error(t, m->open_state, w[lead], offset, err);
    }
}

int uridfa_machine_feed(uridfa_machine *m, const uint8_t *s, size_t n, uridfa_error *err)
{
    const uridfa_tables *t = m->tables;
    uint32_t state = m->state, at_lead;
    size_t cut;
    int r;
    if (m->failed) {
        return machine_failed(m, err);
    }
    if (!t->utf8) {
        r = drive(t, s, n, m->pos, &m->state, m->regs, &m->error);
        if (r != URIDFA_OK) {
            m->failed = 1;
            return machine_failed(m, err);
        }
        m->pos += n;
        return URIDFA_OK;
    }
    /* A character left open at the end of this chunk starts at `cut`. */
    cut = sequence_start(s, n);
    if (cut == URIDFA_ABSENT) {
        cut = n;
    }
    r = drive(t, s, cut, m->pos, &state, m->regs, &m->error);
    at_lead = state;
    if (r == URIDFA_OK) {
        r = drive(t, s + cut, n - cut, m->pos + cut, &state, m->regs, &m->error);
    }
    if (r != URIDFA_OK) {
        machine_char_start(m, s, n, &m->error);
        m->failed = 1;
        return machine_failed(m, err);
    }
    /* Kept only now: an error in the rest may still need the character
     * left open by an earlier chunk. */
    if (cut < n) {
        m->open_at = m->pos + cut;
        m->open_state = at_lead;
    } else if (!continues_open_char(m, s, n)) {
        m->open_at = URIDFA_ABSENT;
    }
    push_tail(m, s, n);
    m->state = state;
    m->pos += n;
    return URIDFA_OK;
}

int uridfa_machine_finish(uridfa_machine *m, uridfa_span *spans, uridfa_error *err)
{
    int r;
    if (m->failed) {
        return machine_failed(m, err);
    }
    r = finish_at(m->tables, m->state, m->pos, m->regs, &m->error);
    if (r != URIDFA_OK) {
        m->failed = 1;
        return machine_failed(m, err);
    }
    if (spans != NULL) {
        read_spans(m->tables, m->regs, spans);
    }
    return URIDFA_OK;
}

/* The longest accepted prefix of s[0..n) from state, into *len (Rust:
 * Note [longest prefix]): 1 if there is one. */
static int longest(const uridfa_tables *t, const uint8_t *s, size_t n, uint32_t state,
                   size_t *len)
{
    int found = final_of(t, state)->accept;
    size_t i = 0;
    *len = 0;
    while (i < n) {
        const uint32_t next = id_at(t->trans, t->trans_width, state + t->classes[s[i]]);
        if (next < t->special) {
            state = t->trans_width == URIDFA_INDEXED8 ? next * t->stride : next;
            i++;
        } else if (next == t->special) {
            break;
        } else {
            const uridfa_edge *e = &t->edges[next - t->special - 1u];
            state = e->target;
            i++;
            if (e->accel != URIDFA_NO_ACCEL) {
                i = skip_accel(t, e->accel, s, n, i);
            }
        }
        if (final_of(t, state)->accept) {
            found = 1;
            *len = i;
        }
    }
    return found;
}

int uridfa_longest_prefix(const uridfa_tables *t, const uint8_t *s, size_t n, size_t *len)
{
    return longest(t, s, n, t->start, len);
}

int uridfa_item_next(const uridfa_tables *item, const uint8_t *s, size_t *pos, size_t end,
                     uridfa_span *out, uridfa_error *err)
{
    const size_t start = *pos;
    size_t len;
    int r;
    if (start >= end) {
        return 0;
    }
    /* Whatever happens, this step is the last unless it finds an item. */
    *pos = end;
    if (longest(item, s + start, end - start, item->start, &len) && len > 0) {
        out->start = start;
        out->end = start + len;
        *pos = start + len;
        return 1;
    }
    r = validate_at_byte(item, s + start, end - start, err);
    if (r == URIDFA_OK) {
        return fail(URIDFA_NOT_AN_ITEM, start, 0, 0, err);
    }
    if (err != NULL) {
        err->offset += start;
    }
    return r;
}

/* The span of a capture if it lies inside `within`, else absent. */
static uridfa_span span_inside(uridfa_span span, uridfa_span within)
{
    if (span.start == URIDFA_ABSENT || span.start < within.start || span.end > within.end) {
        span.start = URIDFA_ABSENT;
        span.end = URIDFA_ABSENT;
    }
    return span;
}

void uridfa_walk_start(uridfa_walk *w, const uint8_t *s, const uridfa_span *spans,
                       size_t capture_len, const uridfa_list *lists, size_t list_len,
                       size_t capture, uridfa_span within, uridfa_span *buf, size_t *regs)
{
    uridfa_walk_level *l = &w->level[0];
    w->s = s;
    w->capture = capture;
    w->within = within;
    w->buf = buf;
    w->regs = regs;
    w->depth = 0;
    l->lists = lists;
    l->list_len = list_len;
    l->next = 0;
    l->spans = spans;
    l->list = NULL;
    l->pos = 0;
    l->end = 0;
    if (capture >= capture_len) {
        l->list_len = 0;
        l->own.start = URIDFA_ABSENT;
        l->own.end = URIDFA_ABSENT;
        return;
    }
    l->own = span_inside(spans[capture], within);
}

/* The walk of Rust's Occurrences (src/parts.rs), step for step: in a list,
 * its next item one level down; else the level's next list region inside
 * `within`, the level's own occurrence first if it starts no later; else
 * the own occurrence; else one level up. */
int uridfa_walk_next(uridfa_walk *w, uridfa_occurrence *o)
{
    for (;;) {
        uridfa_walk_level *l = &w->level[w->depth];
        int entered = 0;
        if (l->list != NULL) {
            const uridfa_tables *t = l->list->item;
            uridfa_span item;
            uridfa_span *sub;
            size_t k;
            if (uridfa_item_next(t, w->s, &l->pos, l->end, &item, NULL) != 1) {
                l->list = NULL;
                continue;
            }
            sub = w->buf + w->depth * (size_t)t->capture_len;
            if (uridfa_split(t, w->s + item.start, item.end - item.start, w->regs, sub, NULL) !=
                URIDFA_OK) {
                continue;
            }
            for (k = 0; k < t->capture_len; k++) {
                if (sub[k].start != URIDFA_ABSENT) {
                    sub[k].start += item.start;
                    sub[k].end += item.start;
                }
            }
            if (w->depth < URIDFA_MAX_LIST_DEPTH) {
                uridfa_walk_level *down = &w->level[w->depth + 1];
                down->lists = l->list->lists;
                down->list_len = l->list->list_len;
                down->next = 0;
                down->spans = sub;
                down->own = span_inside(sub[w->capture], w->within);
                down->list = NULL;
                w->depth++;
            }
            continue;
        }
        while (l->next < l->list_len) {
            const uridfa_list *list = &l->lists[l->next++];
            const uridfa_span region = span_inside(l->spans[list->region], w->within);
            if (region.start == URIDFA_ABSENT) {
                continue;
            }
            if (l->own.start != URIDFA_ABSENT && l->own.start <= region.start) {
                /* This list again after the occurrence. */
                l->next--;
                break;
            }
            l->list = list;
            l->pos = region.start;
            l->end = region.end;
            entered = 1;
            break;
        }
        if (entered) {
            continue;
        }
        if (l->own.start != URIDFA_ABSENT) {
            o->span = l->own;
            o->spans = l->spans;
            o->lists = l->lists;
            o->list_len = l->list_len;
            l->own.start = URIDFA_ABSENT;
            l->own.end = URIDFA_ABSENT;
            return 1;
        }
        if (w->depth == 0) {
            return 0;
        }
        w->depth--;
    }
}

/* The text `which` (0: component, 1: expected) of state (an index):
 * each state names a pair of offsets into the blob, 0 for none (codegen:
 * Note [texts of one machine]). */
static const char *text_at(const uridfa_texts *x, uint32_t state, unsigned which)
{
    size_t pair;
    uint16_t at;
    if (state >= x->state_len) {
        return NULL;
    }
    pair = x->text_width == 1 ? ((const uint8_t *)x->state_texts)[state]
                              : ((const uint16_t *)x->state_texts)[state];
    at = x->text_pairs[2u * pair + which];
    return at == 0 ? NULL : x->blob + at;
}

void uridfa_describe(const uridfa_texts *x, uridfa_error *err)
{
    const int stateful = err->kind == URIDFA_UNEXPECTED_BYTE || err->kind == URIDFA_UNEXPECTED_END;
    err->component = stateful ? text_at(x, err->state, 0) : NULL;
    err->expected = stateful ? text_at(x, err->state, 1) : NULL;
}

const char *uridfa_capture_name(const uridfa_texts *x, size_t k)
{
    if (k >= x->capture_len) {
        return NULL;
    }
    return x->blob + x->capture_names[k];
}

/* Appends text to buf[0..cap) at *len (NUL-terminated, truncated). */
static void put(char *buf, size_t cap, size_t *len, const char *text)
{
    for (; *text != '\0'; text++, (*len)++) {
        if (*len + 1u < cap) {
            buf[*len] = *text;
            buf[*len + 1u] = '\0';
        }
    }
}

/* Appends v in decimal, by subtracting powers of ten: no division, which
 * is a library call on Cortex-M0 (__aeabi_uidivmod). */
static void put_size(char *buf, size_t cap, size_t *len, size_t v)
{
    size_t pow[3 * sizeof(size_t)];
    size_t k = 0;
    pow[0] = 1;
    while (pow[k] <= SIZE_MAX / 10u && pow[k] * 10u <= v) {
        pow[k + 1] = pow[k] * 10u;
        k++;
    }
    for (;;) {
        char digit[2] = {'0', '\0'};
        while (v >= pow[k]) {
            v -= pow[k];
            digit[0]++;
        }
        put(buf, cap, len, digit);
        if (k == 0) {
            break;
        }
        k--;
    }
}

size_t uridfa_error_message(const uridfa_error *e, char *buf, size_t cap)
{
    size_t len = 0;
    if (cap != 0) {
        buf[0] = '\0';
    }
    switch (e->kind) {
    case URIDFA_UNEXPECTED_BYTE:
        put(buf, cap, &len, "unexpected ");
        if (e->byte == '\'') {
            put(buf, cap, &len, "\"'\"");
        } else if (e->byte >= 0x20 && e->byte <= 0x7e) {
            const char shown[4] = {'\'', (char)e->byte, '\'', '\0'};
            put(buf, cap, &len, shown);
        } else {
            const char *hex = "0123456789ABCDEF";
            const char shown[5] = {'0', 'x', hex[e->byte >> 4], hex[e->byte & 15u], '\0'};
            put(buf, cap, &len, "byte ");
            put(buf, cap, &len, shown);
        }
        put(buf, cap, &len, " at ");
        break;
    case URIDFA_UNEXPECTED_END:
        put(buf, cap, &len, "unexpected end of input at ");
        break;
    default:
        put(buf, cap, &len, "no item of the list region at ");
        break;
    }
    put_size(buf, cap, &len, e->offset);
    if (e->component != NULL) {
        put(buf, cap, &len, " in ");
        put(buf, cap, &len, e->component);
    }
    if (e->expected != NULL) {
        put(buf, cap, &len, "; expected ");
        put(buf, cap, &len, e->expected);
    }
    return len;
}
