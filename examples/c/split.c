/* Splits the RFC 3986 URI-references given on the command line with
 * uridfa's C output (docs/c.md):
 *
 *   cc -std=c99 -Os -I c -o split examples/c/split.c c/uridfa.c c/rfc3986.c
 *   ./split 'http://user@example.com:8080/a?q#f'
 *
 * Prints each present component as `NAME = "VALUE"`, or the error.
 * Exit status 0 if every argument is a URI-reference, else 1. */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"

int main(int argc, char **argv)
{
    int status = 0;
    int a;
    for (a = 1; a < argc; a++) {
        const uint8_t *s = (const uint8_t *)argv[a];
        const size_t n = strlen(argv[a]);
        uridfa_span spans[RFC3986_SPANS];
        uridfa_error err;
        size_t k;
        printf("%s\n", argv[a]);
        if (rfc3986_uri_reference_split(s, n, spans, &err) != 0) {
            char message[256];
            /* The texts come only when asked for (docs/c.md). */
            uridfa_describe(&rfc3986_uri_reference_texts, &err);
            uridfa_error_message(&err, message, sizeof message);
            printf("  error: %s\n", message);
            status = 1;
            continue;
        }
        for (k = 0; k < RFC3986_CAPTURES; k++) {
            if (spans[k].start != URIDFA_ABSENT) {
                printf("  %s = \"%.*s\"\n", uridfa_capture_name(&rfc3986_uri_reference_texts, k),
                       (int)(spans[k].end - spans[k].start), argv[a] + spans[k].start);
            }
        }
        if (spans[RFC3986_HOST].start != URIDFA_ABSENT) {
            printf("  host length: %lu\n",
                   (unsigned long)(spans[RFC3986_HOST].end - spans[RFC3986_HOST].start));
        }
    }
    return status;
}
