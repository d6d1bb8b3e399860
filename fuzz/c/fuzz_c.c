/* libFuzzer target: uridfa's C driver (c/) against the Rust runtime
 * (fuzz/c/src/lib.rs, oracle_split), on every entry and every `;@
 * component` rule's tables (rfc3986_host_tables, ...) of rfc3986, rfc3987
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
    /* Entries. */
    {"rfc3986", &rfc3986_uri_reference_tables},
    {"rfc3986", &rfc3986_uri_tables},
    {"rfc3986", &rfc3986_absolute_uri_tables},
    {"rfc3986", &rfc3986_relative_ref_tables},
    {"rfc3987", &rfc3987_iri_reference_tables},
    {"rfc3987", &rfc3987_iri_tables},
    {"rfc3987", &rfc3987_absolute_iri_tables},
    {"rfc3987", &rfc3987_irelative_ref_tables},
    {"rfc2396", &rfc2396_uri_reference_tables},
    {"rfc2396", &rfc2396_absoluteuri_tables},
    {"rfc2396", &rfc2396_relativeuri_tables},
    /* `;@ component` rules (Rust: BuiltinGrammar::components). */
    {"rfc3986", &rfc3986_scheme_tables},
    {"rfc3986", &rfc3986_userinfo_tables},
    {"rfc3986", &rfc3986_host_tables},
    {"rfc3986", &rfc3986_port_tables},
    {"rfc3986", &rfc3986_path_tables},
    {"rfc3986", &rfc3986_path_abempty_tables},
    {"rfc3986", &rfc3986_path_absolute_tables},
    {"rfc3986", &rfc3986_path_noscheme_tables},
    {"rfc3986", &rfc3986_path_rootless_tables},
    {"rfc3986", &rfc3986_query_tables},
    {"rfc3986", &rfc3986_fragment_tables},
    {"rfc3987", &rfc3987_scheme_tables},
    {"rfc3987", &rfc3987_iuserinfo_tables},
    {"rfc3987", &rfc3987_ihost_tables},
    {"rfc3987", &rfc3987_port_tables},
    {"rfc3987", &rfc3987_ipath_tables},
    {"rfc3987", &rfc3987_ipath_abempty_tables},
    {"rfc3987", &rfc3987_ipath_absolute_tables},
    {"rfc3987", &rfc3987_ipath_noscheme_tables},
    {"rfc3987", &rfc3987_ipath_rootless_tables},
    {"rfc3987", &rfc3987_iquery_tables},
    {"rfc3987", &rfc3987_ifragment_tables},
    {"rfc2396", &rfc2396_scheme_tables},
    {"rfc2396", &rfc2396_userinfo_tables},
    {"rfc2396", &rfc2396_host_tables},
    {"rfc2396", &rfc2396_port_tables},
    {"rfc2396", &rfc2396_reg_name_tables},
    {"rfc2396", &rfc2396_path_tables},
    {"rfc2396", &rfc2396_query_tables},
    {"rfc2396", &rfc2396_fragment_tables},
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
