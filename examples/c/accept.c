/* Reads an HTTP Accept value (RFC 9110 section 12.5.1) with uridfa's C
 * output: a list of media ranges, each with a list of parameters, walked
 * at every level without allocating (docs/c.md, "Repeated captures"):
 *
 *   uridfa generate --lang c --grammar-file examples/mailto/grammar/accept.abnf --out out
 *   cc -std=c99 -Os -I out -o accept examples/c/accept.c out/uridfa.c out/accept.c
 *   ./accept 'text/html;charset=utf-8, text/plain;q=0.5'
 *
 * Prints each media range, then each of its parameters as `NAME = VALUE`.
 * Exit status 0 if the argument is an Accept value, else 1. */
#include <stdio.h>
#include <string.h>

#include "accept.h"

/* Prints s[span.start..span.end). */
static void put(const char *s, uridfa_span span)
{
    printf("%.*s", (int)(span.end - span.start), s + span.start);
}

int main(int argc, char **argv)
{
    const char *text = argc > 1 ? argv[1] : "";
    const uint8_t *s = (const uint8_t *)text;
    const size_t n = strlen(text);
    uridfa_span spans[ACCEPT_SPANS];
    uridfa_error err;
    accept_walk ranges, params;
    uridfa_occurrence range, param;
    if (accept_accept_split(s, n, spans, &err) != 0) {
        char message[256];
        uridfa_describe(&accept_accept_texts, &err);
        uridfa_error_message(&err, message, sizeof message);
        printf("error: %s\n", message);
        return 1;
    }
    /* Every media range, the first (a capture of the entry's own split)
     * and those in the list's items, in input order. */
    accept_accept_walk(&ranges, s, n, spans, ACCEPT_MEDIA_RANGE);
    while (accept_walk_next(&ranges, &range)) {
        printf("media-range ");
        put(text, range.span);
        printf("\n");
        /* Its parameters: the items of the list inside this media range.
         * param.spans is the split of one parameter's item. */
        accept_walk_within(&params, s, &range, ACCEPT_PARAMETER);
        while (accept_walk_next(&params, &param)) {
            printf("  ");
            put(text, param.spans[ACCEPT_PARAMETER_NAME]);
            printf(" = ");
            put(text, param.spans[ACCEPT_PARAMETER_VALUE]);
            printf("\n");
        }
    }
    return 0;
}
