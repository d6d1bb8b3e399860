/* The same with uriparser (built from source, static: benches/c/run.sh). */
#include <string.h>

#include <uriparser/Uri.h>

int main(int argc, char **argv)
{
    UriUriA uri;
    const char *err, *s = argv[argc - 1];
    int n;
    if (uriParseSingleUriExA(&uri, s, s + strlen(s), &err) != URI_SUCCESS) {
        return -1;
    }
    n = uri.hostText.first == NULL ? -1 : (int)(uri.hostText.afterLast - uri.hostText.first);
    uriFreeUriMembersA(&uri);
    return n;
}
