/* libFuzzer target: uridfa's C driver (c/) against the Rust runtime
 * (fuzz/c/src/lib.rs, oracle_split), on every entry of rfc3986, rfc3987
 * and rfc2396. The first byte picks the machine, the second a chunk split
 * for the streaming machine; the rest is the input. Built and run by
 * .ci/fuzz-c (clang -fsanitize=fuzzer,address,undefined). */
#include <stdlib.h>
#include <string.h>

#include "rfc2396.h"
#include "rfc3986.h"
#include "rfc3987.h"

int oracle_split(const char *grammar, const char *rule, const uint8_t *s, size_t n,
                 size_t *spans, size_t cap_len, size_t *offset);

struct machine {
    const char *grammar;
    const uridfa_tables *tables;
};

static const struct machine machines[] = {
    {"rfc3986", &rfc3986_uri_reference_tables}, {"rfc3986", &rfc3986_uri_tables},
    {"rfc3986", &rfc3986_absolute_uri_tables},  {"rfc3986", &rfc3986_relative_ref_tables},
    {"rfc3987", &rfc3987_iri_reference_tables}, {"rfc3987", &rfc3987_iri_tables},
    {"rfc2396", &rfc2396_uri_reference_tables},
};

#define MACHINES (sizeof machines / sizeof machines[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t regs[64], want[128], offset = 0, k, cut;
    uridfa_span spans[64], streamed[64];
    uridfa_error err, serr;
    uridfa_machine m;
    const struct machine *mc;
    const uint8_t *s;
    size_t n;
    int rc, want_rc, src;
    if (size < 2) {
        return 0;
    }
    mc = &machines[data[0] % MACHINES];
    s = data + 2;
    n = size - 2;
    cut = n == 0 ? 0 : data[1] % (n + 1);
    rc = uridfa_split(mc->tables, s, n, regs, spans, &err);
    want_rc = oracle_split(mc->grammar, mc->tables->rule, s, n, want, mc->tables->capture_len,
                           &offset);
    if (want_rc < 0 || rc != want_rc) {
        abort();
    }
    if (rc != 0 && err.offset != offset) {
        abort();
    }
    for (k = 0; rc == 0 && k < mc->tables->capture_len; k++) {
        if (spans[k].start != want[2 * k] || spans[k].end != want[2 * k + 1]) {
            abort();
        }
    }
    /* The streaming machine, in two chunks, agrees with the whole input. */
    uridfa_machine_start(&m, mc->tables, regs);
    src = uridfa_machine_feed(&m, s, cut, &serr);
    if (src == 0) {
        src = uridfa_machine_feed(&m, s + cut, n - cut, &serr);
    }
    if (src == 0) {
        src = uridfa_machine_finish(&m, streamed, &serr);
    }
    if (src != rc || (rc != 0 && serr.offset != err.offset)) {
        abort();
    }
    if (rc == 0) {
        uridfa_decide_kinds(mc->tables, s, n, streamed);
        if (memcmp(streamed, spans, mc->tables->capture_len * sizeof spans[0]) != 0) {
            abort();
        }
    }
    return 0;
}
