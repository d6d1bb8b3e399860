/* The C side of cli/tests/c_driver.rs: reads jobs on stdin, runs uridfa's
 * C driver, writes the results on stdout (little-endian binary; the Rust
 * test compares them with uridfa_runtime). `machines` and `machine_len`
 * come from the registry the test writes.
 *
 * Job: u8 op, u16 machine, u32 len, len bytes; op 1 (items) adds u16 item
 * machine, u64 region start, u64 region end before the bytes.
 * Op 0 reply: i32 split rc; on error u64 offset, u8 byte, u32 state,
 * u16 message length and the message; else u16 capture count and a u64
 * start and end per capture; then u8 validate-and-split_raw-agree (and, on
 * an error, its texts NULL until uridfa_describe), u32 stream
 * disagreements (whole input against every chunk split).
 * Op 1 reply: u32 item count, a u64 start and end per item, i32 rc (0 or
 * the error kind), u64 error offset, u16 message length and the message
 * (with the item tables' texts).
 * Op 2 (no input bytes: len 0): the capture names of the machine's texts,
 * u16 count, then per capture u16 length (0xFFFF: NULL) and the name.
 * Errors are described (uridfa_describe) with `machine_texts`; before
 * that, split must have left their texts NULL (checked with validate).
 * An absent span is u64 all ones whatever the width of size_t.
 *
 * With -DHARNESS_SEMIHOSTING (firmware/, the bare-metal builds) the jobs
 * come from the host file jobs.bin and the replies go to replies.bin over
 * ARM semihosting, without a C library's stdio; the HARNESS_MAX_* sizes
 * below can be made smaller for a board's RAM. */
#include <string.h>

#include "uridfa.h"

#ifdef HARNESS_SEMIHOSTING
#include "semihost.h"

static int32_t jobs_file, replies_file;
static uint8_t in_buf[256], out_buf[256];
static size_t in_len, in_at, out_len;

static void harness_exit(int status)
{
    semihost_exit(status);
}

static void flush_out(void)
{
    if (out_len != 0 && semihost_write(replies_file, out_buf, out_len) != 0) {
        harness_exit(3);
    }
    out_len = 0;
}

static size_t harness_write(const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++) {
        if (out_len == sizeof out_buf) {
            flush_out();
        }
        out_buf[out_len++] = b[i];
    }
    return n;
}

static size_t harness_read(void *p, size_t n)
{
    uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++) {
        if (in_at == in_len) {
            in_len = semihost_read(jobs_file, in_buf, sizeof in_buf);
            in_at = 0;
            if (in_len == 0) {
                break;
            }
        }
        b[i] = in_buf[in_at++];
    }
    return i;
}

static int harness_open(void)
{
    jobs_file = semihost_open("jobs.bin", 0);
    replies_file = semihost_open("replies.bin", 1);
    return jobs_file >= 0 && replies_file >= 0;
}

static int harness_close(void)
{
    flush_out();
    return 1;
}
#else
#include <stdio.h>
#include <stdlib.h>

static void harness_exit(int status)
{
    exit(status);
}

static size_t harness_write(const void *p, size_t n)
{
    return fwrite(p, 1, n, stdout);
}

static size_t harness_read(void *p, size_t n)
{
    return fread(p, 1, n, stdin);
}

static int harness_open(void)
{
    return 1;
}

static int harness_close(void)
{
    return fflush(stdout) == 0;
}
#endif

extern const uridfa_tables *const machines[];
extern const uridfa_texts *const machine_texts[];
extern const size_t machine_len;

#ifndef HARNESS_MAX_INPUT
#define HARNESS_MAX_INPUT (1u << 20)
#endif
#ifndef HARNESS_MAX_CAPS
#define HARNESS_MAX_CAPS 256
#endif
#ifndef HARNESS_MAX_REGS
#define HARNESS_MAX_REGS 1024
#endif
#ifndef HARNESS_MAX_ITEMS
#define HARNESS_MAX_ITEMS 4096
#endif
#ifndef HARNESS_MESSAGE
#define HARNESS_MESSAGE 1024
#endif
#define MAX_INPUT HARNESS_MAX_INPUT
#define MAX_CAPS HARNESS_MAX_CAPS
#define MAX_REGS HARNESS_MAX_REGS

static uint8_t input[MAX_INPUT];

static void put(const void *p, size_t n)
{
    if (harness_write(p, n) != n) {
        harness_exit(3);
    }
}

static void put_u8(uint8_t v) { put(&v, 1); }

static void put_u16(uint16_t v)
{
    uint8_t b[2];
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    put(b, 2);
}

static void put_u32(uint32_t v)
{
    put_u16((uint16_t)v);
    put_u16((uint16_t)(v >> 16));
}

static void put_u64(uint64_t v)
{
    put_u32((uint32_t)v);
    put_u32((uint32_t)(v >> 32));
}

/* A span's end: URIDFA_ABSENT as u64 all ones. */
static void put_size(size_t v)
{
    put_u64(v == URIDFA_ABSENT ? UINT64_MAX : (uint64_t)v);
}

static int get(void *p, size_t n)
{
    return harness_read(p, n) == n;
}

static uint64_t get_le(size_t n)
{
    uint8_t b[8];
    uint64_t v = 0;
    size_t i;
    if (!get(b, n)) {
        harness_exit(4);
    }
    for (i = n; i-- > 0;) {
        v = v << 8 | b[i];
    }
    return v;
}

static int same_error(const uridfa_error *a, const uridfa_error *b)
{
    return a->offset == b->offset && a->kind == b->kind && a->byte == b->byte &&
           a->state == b->state && a->component == b->component && a->expected == b->expected;
}

/* Feeds s[0..n) in the chunks that `cuts` (ascending, inside 0..n) makes
 * and compares with the whole input's result. */
static int stream_differs(const uridfa_tables *t, const uint8_t *s, size_t n,
                          const size_t *cuts, size_t cut_len, int whole_rc,
                          const uridfa_error *whole_err, const uridfa_span *whole)
{
    static size_t regs[MAX_REGS];
    uridfa_machine m;
    uridfa_span spans[MAX_CAPS];
    uridfa_error err;
    size_t from = 0, c, k;
    int rc = 0;
    uridfa_machine_start(&m, t, regs);
    for (c = 0; c <= cut_len && rc == 0; c++) {
        const size_t to = c < cut_len ? cuts[c] : n;
        rc = uridfa_machine_feed(&m, s + from, to - from, &err);
        from = to;
    }
    if (rc == 0) {
        rc = uridfa_machine_finish(&m, spans, &err);
    } else {
        /* Every later call returns the same error. */
        uridfa_error again;
        if (uridfa_machine_finish(&m, spans, &again) != rc || !same_error(&err, &again)) {
            return 1;
        }
    }
    if (rc != whole_rc) {
        return 1;
    }
    if (rc != 0) {
        return !same_error(&err, whole_err);
    }
    uridfa_decide_kinds(t, s, n, spans);
    for (k = 0; k < t->capture_len; k++) {
        if (spans[k].start != whole[k].start || spans[k].end != whole[k].end) {
            return 1;
        }
    }
    return 0;
}

/* uridfa_split_raw agrees with uridfa_split: the same error, or the same
 * spans but for the kinds decided after the match, which are absent until
 * uridfa_decide_kinds decides them. */
static int raw_differs(const uridfa_tables *t, size_t n, int rc, const uridfa_error *err,
                       const uridfa_span *whole)
{
    static size_t regs[MAX_REGS];
    uridfa_span raw[MAX_CAPS];
    uridfa_error rerr;
    size_t k, j;
    const int rrc = uridfa_split_raw(t, input, n, regs, raw, &rerr);
    if (rrc != rc) {
        return 1;
    }
    if (rc != 0) {
        return !same_error(err, &rerr);
    }
    for (k = 0; k < t->capture_len; k++) {
        int after = 0;
        for (j = 0; j < t->after_len; j++) {
            after |= t->after_kinds[j].capture == k;
        }
        if (after ? raw[k].start != URIDFA_ABSENT
                  : raw[k].start != whole[k].start || raw[k].end != whole[k].end) {
            return 1;
        }
    }
    uridfa_decide_kinds(t, input, n, raw);
    return memcmp(raw, whole, t->capture_len * sizeof raw[0]) != 0;
}

/* Puts the message of err, described with x, as u16 length and bytes. */
static void put_message(const uridfa_texts *x, uridfa_error err)
{
    char message[HARNESS_MESSAGE];
    size_t len;
    uridfa_describe(x, &err);
    len = uridfa_error_message(&err, message, sizeof message);
    if (len >= sizeof message) {
        len = sizeof message - 1;
    }
    put_u16((uint16_t)len);
    put(message, len);
}

static void split_job(const uridfa_tables *t, const uridfa_texts *x, size_t n)
{
    static size_t regs[MAX_REGS];
    static size_t cuts[MAX_INPUT];
    uridfa_span spans[MAX_CAPS];
    uridfa_error err, verr;
    uint32_t differs = 0;
    size_t k;
    int vrc;
    const int rc = uridfa_split(t, input, n, regs, spans, &err);
    put_u32((uint32_t)rc);
    if (rc != 0) {
        put_u64(err.offset);
        put_u8(err.byte);
        put_u32(err.state);
        put_message(x, err);
    } else {
        put_u16(t->capture_len);
        for (k = 0; k < t->capture_len; k++) {
            put_size(spans[k].start);
            put_size(spans[k].end);
        }
    }
    vrc = uridfa_validate(t, input, n, &verr);
    put_u8((uint8_t)(vrc == rc && (rc == 0 || same_error(&err, &verr)) &&
                     (rc == 0 || (err.component == NULL && err.expected == NULL)) &&
                     !raw_differs(t, n, rc, &err, spans)));
    /* Two chunks, cut at every offset (at 64 spread offsets when long). */
    for (k = 0; k <= n; k++) {
        const size_t at = n <= 200 ? k : k * n / 64;
        if (n > 200 && k > 64) {
            break;
        }
        differs += (uint32_t)stream_differs(t, input, n, &at, 1, rc, &err, spans);
    }
    /* One byte per chunk, and empty chunks. */
    if (n <= 4096) {
        for (k = 0; k < n; k++) {
            cuts[k] = k + 1 < n ? k + 1 : n;
        }
        differs += (uint32_t)stream_differs(t, input, n, cuts, n, rc, &err, spans);
    }
    put_u32(differs);
}

static void items_job(const uridfa_tables *item, const uridfa_texts *x, size_t start,
                      size_t end, size_t n)
{
    uridfa_span spans[HARNESS_MAX_ITEMS];
    uridfa_error err;
    uint32_t count = 0, i;
    size_t pos = start;
    int rc;
    memset(&err, 0, sizeof err);
    while ((rc = uridfa_item_next(item, input, &pos, end < n ? end : n, &spans[count], &err)) ==
               1 &&
           count < HARNESS_MAX_ITEMS - 1) {
        count++;
    }
    if (rc == 1) {
        rc = 0;
    }
    put_u32(count);
    for (i = 0; i < count; i++) {
        put_u64(spans[i].start);
        put_u64(spans[i].end);
    }
    put_u32((uint32_t)rc);
    put_u64(rc == 0 ? 0 : err.offset);
    if (rc == 0) {
        put_u16(0);
    } else {
        put_message(x, err);
    }
}

static void names_job(const uridfa_texts *x, const uridfa_tables *t)
{
    size_t k;
    put_u16(t->capture_len);
    for (k = 0; k < t->capture_len; k++) {
        const char *name = uridfa_capture_name(x, k);
        if (name == NULL) {
            put_u16(0xFFFFu);
        } else {
            put_u16((uint16_t)strlen(name));
            put(name, strlen(name));
        }
    }
}

int main(void)
{
    uint8_t op;
    if (!harness_open()) {
        return 7;
    }
    while (get(&op, 1)) {
        const size_t m = (size_t)get_le(2);
        size_t item = 0, start = 0, end = 0, n;
        if (op == 1) {
            item = (size_t)get_le(2);
            start = (size_t)get_le(8);
            end = (size_t)get_le(8);
        }
        n = (size_t)get_le(4);
        if (m >= machine_len || item >= machine_len || n > MAX_INPUT || !get(input, n)) {
            return 5;
        }
        if (op == 0) {
            split_job(machines[m], machine_texts[m], n);
        } else if (op == 1) {
            items_job(machines[item], machine_texts[item], start, end, n);
        } else {
            names_job(machine_texts[m], machines[m]);
        }
    }
    return harness_close() ? 0 : 6;
}
