/* uridfa's C split over every kasztp URL three times, for an instruction
 * count (benches/c/cachegrind.sh; docs/c.md, speed). SPLIT picks the
 * entry point (default rfc3986_uri_reference_split).
 *
 *   prof KASZTP_FILE */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"

#ifndef SPLIT
#define SPLIT rfc3986_uri_reference_split
#endif

static char buf[1 << 22];
static volatile size_t sink;

int main(int argc, char **argv)
{
    FILE *f = argc > 1 ? fopen(argv[1], "r") : NULL;
    size_t n, acc = 0;
    int r;
    if (f == NULL) {
        fprintf(stderr, "usage: prof KASZTP_FILE\n");
        return 2;
    }
    n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    for (r = 0; r < 3; r++) {
        char *p = buf, *e = buf + n;
        while (p < e) {
            char *nl = memchr(p, '\n', (size_t)(e - p));
            size_t len = nl != NULL ? (size_t)(nl - p) : (size_t)(e - p);
            uridfa_span sp[RFC3986_SPANS];
            if (SPLIT((const uint8_t *)p, len, sp, NULL) == 0) {
                acc += sp[RFC3986_HOST].end;
            }
            p += len + 1;
        }
    }
    sink = acc;
    return 0;
}
