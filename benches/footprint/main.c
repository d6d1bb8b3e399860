/* Calls the staticlib's host_len on the last argument (run.sh). */
#include <stddef.h>
#include <string.h>

long host_len(const unsigned char *p, size_t n);

int main(int argc, char **argv)
{
    const char *s = argv[argc - 1];
    return (int)host_len((const unsigned char *)s, strlen(s));
}
