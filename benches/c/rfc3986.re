/* RFC 3986 `URI-reference`, written from its Appendix A as a re2c
 * regular expression with tags for seven components (scheme, userinfo,
 * host, port, path, query, fragment): the peer generator of
 * docs/c.md's figures (footprint and speed; benches/c/run.sh). The input
 * ends with a NUL byte, which no URI contains (re2c's sentinel method). */
#include <stddef.h>

#include "rfc3986_re2c.h"

int re2c_uri_reference(const unsigned char *s, re2c_components *c)
{
    const unsigned char *YYCURSOR = s, *YYMARKER;
    const unsigned char *s1, *s2, *u1, *u2, *h1, *h2, *p1, *p2, *a1, *a2, *a3, *q1, *q2, *f1, *f2;
    /*!stags:re2c format = 'const unsigned char *@@;\n'; */
    /*!re2c
        re2c:define:YYCTYPE = "unsigned char";
        re2c:yyfill:enable = 0;
        re2c:flags:tags = 1;

        ALPHA        = [A-Za-z];
        DIGIT        = [0-9];
        HEXDIG       = [0-9A-Fa-f];
        unreserved   = ALPHA | DIGIT | [-._~];
        pct_encoded  = "%" HEXDIG HEXDIG;
        sub_delims   = [!$&'()*+,;=];
        pchar        = unreserved | pct_encoded | sub_delims | [:@];

        scheme       = ALPHA (ALPHA | DIGIT | [+.-])*;
        userinfo     = (unreserved | pct_encoded | sub_delims | ":")*;
        dec_octet    = DIGIT | [1-9] DIGIT | "1" DIGIT DIGIT | "2" [0-4] DIGIT | "25" [0-5];
        IPv4address  = dec_octet "." dec_octet "." dec_octet "." dec_octet;
        h16          = HEXDIG{1,4};
        ls32         = h16 ":" h16 | IPv4address;
        IPv6address  =                              (h16 ":"){6} ls32
                     |                         "::" (h16 ":"){5} ls32
                     | (                 h16)? "::" (h16 ":"){4} ls32
                     | ((h16 ":"){0,1} h16)? "::" (h16 ":"){3} ls32
                     | ((h16 ":"){0,2} h16)? "::" (h16 ":"){2} ls32
                     | ((h16 ":"){0,3} h16)? "::"  h16 ":"     ls32
                     | ((h16 ":"){0,4} h16)? "::"              ls32
                     | ((h16 ":"){0,5} h16)? "::"              h16
                     | ((h16 ":"){0,6} h16)? "::";
        IPvFuture    = [vV] HEXDIG+ "." (unreserved | sub_delims | ":")+;
        IP_literal   = "[" (IPv6address | IPvFuture) "]";
        reg_name     = (unreserved | pct_encoded | sub_delims)*;
        host         = IP_literal | IPv4address | reg_name;
        port         = DIGIT*;
        authority    = (@u1 userinfo @u2 "@")? @h1 host @h2 (":" @p1 port @p2)?;

        segment        = pchar*;
        segment_nz     = pchar+;
        segment_nz_nc  = (unreserved | pct_encoded | sub_delims | "@")+;
        path_abempty   = ("/" segment)*;
        path_absolute  = "/" (segment_nz ("/" segment)*)?;
        path_noscheme  = segment_nz_nc ("/" segment)*;
        path_rootless  = segment_nz ("/" segment)*;

        query        = (pchar | [/?])*;
        fragment     = (pchar | [/?])*;
        tail         = ("?" @q1 query @q2)? ("#" @f1 fragment @f2)? "\x00";

        hier_part     = "//" authority @a1 path_abempty | @a3 (path_absolute | path_rootless)?;
        relative_part = "//" authority @a1 path_abempty | @a3 (path_absolute | path_noscheme)?;

        @s1 scheme @s2 ":" hier_part @a2 tail {
            c->scheme_start = s1; c->scheme_end = s2;
            goto done;
        }
        relative_part @a2 tail {
            c->scheme_start = c->scheme_end = NULL;
            goto done;
        }
        * { return -1; }
    */
done:
    c->userinfo_start = u1; c->userinfo_end = u2;
    c->host_start = h1; c->host_end = h2;
    c->port_start = p1; c->port_end = p2;
    c->path_start = a1 != NULL ? a1 : a3; c->path_end = a2;
    c->query_start = q1; c->query_end = q2;
    c->fragment_start = f1; c->fragment_end = f2;
    return 0;
}
