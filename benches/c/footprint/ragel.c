/* The same with Ragel's code for the same grammar (benches/c/rfc3986.rl). */
#include <string.h>

#include "rfc3986_re2c.h"

int ragel_uri_reference(const unsigned char *s, size_t n, re2c_components *c);

int main(int argc, char **argv)
{
    re2c_components c;
    const unsigned char *s = (const unsigned char *)argv[argc - 1];
    /* The input with its NUL, as the machine reads it. */
    if (ragel_uri_reference(s, strlen((const char *)s) + 1, &c) != 0 || c.host_start == NULL) {
        return -1;
    }
    return (int)(c.host_end - c.host_start);
}
