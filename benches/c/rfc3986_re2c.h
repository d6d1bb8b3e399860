/* The re2c peer's components (benches/c/rfc3986.re): start and end of
 * each, NULL for an absent one. */
#ifndef RFC3986_RE2C_H
#define RFC3986_RE2C_H

typedef struct {
    const unsigned char *scheme_start, *scheme_end, *userinfo_start, *userinfo_end,
        *host_start, *host_end, *port_start, *port_end, *path_start, *path_end,
        *query_start, *query_end, *fragment_start, *fragment_end;
} re2c_components;

/* 0 if the NUL-terminated s is an RFC 3986 URI-reference, else -1. */
int re2c_uri_reference(const unsigned char *s, re2c_components *c);

#endif
