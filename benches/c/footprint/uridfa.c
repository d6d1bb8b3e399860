/* Parses an RFC 3986 URI-reference with uridfa's C output and returns its
 * host's length (docs/c.md, footprint). */
#include <string.h>

#include "rfc3986.h"

/* run.sh builds it with split_raw (the host needs no kind) and with split. */
#ifndef SPLIT
#define SPLIT rfc3986_uri_reference_split_raw
#endif

int main(int argc, char **argv)
{
    uridfa_span sp[RFC3986_CAPTURES];
    const char *s = argv[argc - 1];
    if (SPLIT((const uint8_t *)s, strlen(s), sp, NULL) != 0 ||
        sp[RFC3986_HOST].start == URIDFA_ABSENT) {
        return -1;
    }
    return (int)(sp[RFC3986_HOST].end - sp[RFC3986_HOST].start);
}
