/* One process, interleaved rounds: uridfa's C driver (c/) against re2c's
 * code for the same grammar (rfc3986.re) and uriparser, on a file of URLs
 * (the kasztp URLs in docs/c.md; labelled by the file's name) and on 4 KiB
 * queries (docs/c.md; benches/c/run.sh builds and runs it).
 * Each parser reads the same seven components (scheme, userinfo, host,
 * port, path, query, fragment: their lengths are summed). First checks
 * that uridfa and re2c agree on every URL of the file (acceptance and the
 * seven components), and counts where uriparser's acceptance differs.
 *
 *   bench URL_FILE [ROUNDS]
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <uriparser/Uri.h>

#include "rfc3986.h"
#include "rfc3986_re2c.h"

typedef struct {
    unsigned char *s; /* NUL-terminated */
    size_t n;
} input;

static size_t len_of(const uridfa_span *sp)
{
    return sp->start == URIDFA_ABSENT ? 0 : sp->end - sp->start;
}

static size_t uridfa_split7(const input *in)
{
    uridfa_span sp[RFC3986_CAPTURES];
    if (rfc3986_uri_reference_split(in->s, in->n, sp, NULL) != 0) {
        return 0;
    }
    return 1 + len_of(&sp[RFC3986_SCHEME]) + len_of(&sp[RFC3986_USERINFO]) +
           len_of(&sp[RFC3986_HOST]) + len_of(&sp[RFC3986_PORT]) + len_of(&sp[RFC3986_PATH]) +
           len_of(&sp[RFC3986_QUERY]) + len_of(&sp[RFC3986_FRAGMENT]);
}

static size_t uridfa_raw7(const input *in)
{
    uridfa_span sp[RFC3986_CAPTURES];
    if (rfc3986_uri_reference_split_raw(in->s, in->n, sp, NULL) != 0) {
        return 0;
    }
    return 1 + len_of(&sp[RFC3986_SCHEME]) + len_of(&sp[RFC3986_USERINFO]) +
           len_of(&sp[RFC3986_HOST]) + len_of(&sp[RFC3986_PORT]) + len_of(&sp[RFC3986_PATH]) +
           len_of(&sp[RFC3986_QUERY]) + len_of(&sp[RFC3986_FRAGMENT]);
}

static size_t uridfa_validate1(const input *in)
{
    return rfc3986_uri_reference_validate(in->s, in->n, NULL) == 0;
}

static size_t diff(const unsigned char *a, const unsigned char *b)
{
    return a == NULL || b == NULL ? 0 : (size_t)(b - a);
}

static size_t re2c_split7(const input *in)
{
    re2c_components c;
    if (re2c_uri_reference(in->s, &c) != 0) {
        return 0;
    }
    return 1 + diff(c.scheme_start, c.scheme_end) + diff(c.userinfo_start, c.userinfo_end) +
           diff(c.host_start, c.host_end) + diff(c.port_start, c.port_end) +
           diff(c.path_start, c.path_end) + diff(c.query_start, c.query_end) +
           diff(c.fragment_start, c.fragment_end);
}

static size_t range(const UriTextRangeA *r)
{
    return r->first == NULL ? 0 : (size_t)(r->afterLast - r->first);
}

static size_t uriparser_split7(const input *in)
{
    UriUriA uri;
    const char *err;
    size_t sum = 0;
    UriPathSegmentA *seg;
    if (uriParseSingleUriExA(&uri, (const char *)in->s, (const char *)in->s + in->n, &err) !=
        URI_SUCCESS) {
        return 0;
    }
    sum = 1 + range(&uri.scheme) + range(&uri.userInfo) + range(&uri.hostText) +
          range(&uri.portText) + range(&uri.query) + range(&uri.fragment);
    for (seg = uri.pathHead; seg != NULL; seg = seg->next) {
        sum += range(&seg->text);
    }
    uriFreeUriMembersA(&uri);
    return sum;
}

typedef size_t (*parser)(const input *);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static volatile size_t sink;

/* Best of `rounds` interleaved rounds: ns per input for each parser. */
static void race(const char *name, const input *ins, size_t count, int rounds)
{
    static const parser parsers[] = {uridfa_split7, uridfa_raw7, uridfa_validate1, re2c_split7,
                                     uriparser_split7};
    static const char *const names[] = {"uridfa split", "uridfa split_raw", "uridfa validate",
                                        "re2c", "uriparser"};
    double best[5] = {1e300, 1e300, 1e300, 1e300, 1e300};
    size_t bytes = 0, i;
    int r, p;
    for (i = 0; i < count; i++) {
        bytes += ins[i].n;
    }
    for (r = 0; r < rounds; r++) {
        for (p = 0; p < 5; p++) {
            size_t acc = 0;
            const double t0 = now();
            for (i = 0; i < count; i++) {
                acc += parsers[p](&ins[i]);
            }
            {
                const double t = (now() - t0) / (double)count;
                sink += acc;
                if (t < best[p]) {
                    best[p] = t;
                }
            }
        }
    }
    printf("%s (%lu inputs, %.1f B each), best of %d rounds, ns per input:\n", name,
           (unsigned long)count, (double)bytes / (double)count, rounds);
    for (p = 0; p < 5; p++) {
        printf("  %-16s %10.1f   (uridfa split / this: %.2f)\n", names[p], best[p],
               best[0] / best[p]);
    }
}

static input make(const char *prefix, const char *pattern, size_t total)
{
    input in;
    const size_t pl = strlen(prefix), ql = strlen(pattern);
    size_t n = pl;
    in.s = malloc(total + 1);
    memcpy(in.s, prefix, pl);
    while (n + ql <= total) {
        memcpy(in.s + n, pattern, ql);
        n += ql;
    }
    in.s[n] = 0;
    in.n = n;
    return in;
}

static int agree(const input *in)
{
    uridfa_span sp[RFC3986_CAPTURES];
    re2c_components c;
    const int u = rfc3986_uri_reference_split(in->s, in->n, sp, NULL) == 0;
    const int r = re2c_uri_reference(in->s, &c) == 0;
    const unsigned char *s = in->s;
    const int kinds[7] = {RFC3986_SCHEME, RFC3986_USERINFO, RFC3986_HOST, RFC3986_PORT,
                          RFC3986_PATH, RFC3986_QUERY, RFC3986_FRAGMENT};
    const unsigned char *starts[7], *ends[7];
    int k;
    if (u != r) {
        return 0;
    }
    if (!u) {
        return 1;
    }
    starts[0] = c.scheme_start, ends[0] = c.scheme_end;
    starts[1] = c.userinfo_start, ends[1] = c.userinfo_end;
    starts[2] = c.host_start, ends[2] = c.host_end;
    starts[3] = c.port_start, ends[3] = c.port_end;
    starts[4] = c.path_start, ends[4] = c.path_end;
    starts[5] = c.query_start, ends[5] = c.query_end;
    starts[6] = c.fragment_start, ends[6] = c.fragment_end;
    for (k = 0; k < 7; k++) {
        const uridfa_span *x = &sp[kinds[k]];
        if (starts[k] == NULL) {
            if (x->start != URIDFA_ABSENT) {
                return 0;
            }
        } else if (x->start != (size_t)(starts[k] - s) || x->end != (size_t)(ends[k] - s)) {
            return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    FILE *f;
    static char line[1 << 16];
    input *ins = NULL;
    size_t count = 0, cap = 0, i, disagree = 0, accepted = 0, uriparser_differs = 0;
    int rounds = argc > 2 ? atoi(argv[2]) : 15;
    input q[2];
    /* The corpus is labelled by its file's name, without directory and
     * extension (kasztp.txt: kasztp). */
    char label[256];
    const char *base;
    if (argc < 2 || (f = fopen(argv[1], "r")) == NULL) {
        fprintf(stderr, "usage: bench URL_FILE [ROUNDS]\n");
        return 2;
    }
    base = strrchr(argv[1], '/') != NULL ? strrchr(argv[1], '/') + 1 : argv[1];
    snprintf(label, sizeof label, "%s", base);
    if (strrchr(label, '.') != NULL && strrchr(label, '.') != label) {
        *strrchr(label, '.') = '\0';
    }
    while (fgets(line, sizeof line, f) != NULL) {
        size_t n = strcspn(line, "\n");
        if (n == 0) {
            continue;
        }
        if (count == cap) {
            cap = cap ? 2 * cap : 1024;
            ins = realloc(ins, cap * sizeof *ins);
        }
        ins[count].s = malloc(n + 1);
        memcpy(ins[count].s, line, n);
        ins[count].s[n] = 0;
        ins[count].n = n;
        count++;
    }
    fclose(f);
    for (i = 0; i < count; i++) {
        disagree += !agree(&ins[i]);
        accepted += uridfa_split7(&ins[i]) != 0;
        uriparser_differs += (uridfa_split7(&ins[i]) != 0) != (uriparser_split7(&ins[i]) != 0);
    }
    printf("corpus %s: %lu URLs, %lu accepted by uridfa; uridfa and re2c disagree on %lu "
           "(acceptance or one of seven components); uriparser's acceptance differs on %lu\n",
           label, (unsigned long)count, (unsigned long)accepted, (unsigned long)disagree,
           (unsigned long)uriparser_differs);
    if (disagree != 0) {
        return 1;
    }
    q[0] = make("http://example.com/search?", "a=b&", 4096);
    q[1] = make("http://example.com/search?", "key=value&x=%41b", 4096);
    for (i = 0; i < 2; i++) {
        if (!agree(&q[i]) || uridfa_split7(&q[i]) == 0) {
            printf("query %lu: disagreement or rejected\n", (unsigned long)i);
            return 1;
        }
    }
    race(label, ins, count, rounds);
    race("4 KiB query, `a=b&` repeated", &q[0], 1, rounds * 2000);
    race("4 KiB query, `key=value&x=%41b` repeated", &q[1], 1, rounds * 2000);
    return 0;
}
