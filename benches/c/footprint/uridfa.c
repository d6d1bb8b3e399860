/* Parses an RFC 3986 URI-reference with uridfa's C output and returns its
 * host's length (docs/c.md, footprint). */
#include <string.h>

#include "rfc3986.h"

/* run.sh builds it with split_raw (the host needs no kind) and with split. */
#ifndef SPLIT
#define SPLIT rfc3986_uri_reference_split_raw
#endif

#ifdef MESSAGE
#include <stdio.h>
#endif

int main(int argc, char **argv)
{
    uridfa_span sp[RFC3986_CAPTURES];
    const char *s = argv[argc - 1];
#ifdef MESSAGE
    /* With -DMESSAGE it also prints the error's message (texts included:
     * uridfa_describe links this entry's texts). */
    uridfa_error err;
    if (SPLIT((const uint8_t *)s, strlen(s), sp, &err) != 0) {
        char message[256];
        uridfa_describe(&rfc3986_uri_reference_texts, &err);
        uridfa_error_message(&err, message, sizeof message);
        puts(message);
        return -1;
    }
#else
    if (SPLIT((const uint8_t *)s, strlen(s), sp, NULL) != 0) {
        return -1;
    }
#endif
    if (sp[RFC3986_HOST].start == URIDFA_ABSENT) {
        return -1;
    }
    return (int)(sp[RFC3986_HOST].end - sp[RFC3986_HOST].start);
}
