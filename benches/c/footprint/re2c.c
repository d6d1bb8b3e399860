/* The same with re2c's code for the same grammar (benches/c/rfc3986.re). */
#include <string.h>

#include "rfc3986_re2c.h"

int main(int argc, char **argv)
{
    re2c_components c;
    const unsigned char *s = (const unsigned char *)argv[argc - 1];
    if (re2c_uri_reference(s, &c) != 0 || c.host_start == NULL) {
        return -1;
    }
    return (int)(c.host_end - c.host_start) + (int)(strlen((const char *)s) & 0);
}
