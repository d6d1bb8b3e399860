/* RFC 3986 `URI-reference`, written from its Appendix A as a Ragel
 * machine: the second peer generator of the benches, beside re2c. It
 * splits the same seven components as the re2c peer (benches/c/rfc3986.re) into the same struct.
 *
 * How Ragel expresses captures: it has no tags, only actions on the
 * transitions of the determinized machine, which run whenever any
 * alternative that is still alive takes that transition. A start or end
 * action inside an alternative that later dies has already run. So the
 * captures are written by hand here, as Ragel users do (Mongrel's HTTP
 * parser is the classic case): actions only on the delimiters (`:` after
 * the scheme, `//`, `@`, the port's `:`, the path's first `/`, `?`, `#`,
 * the final NUL), the one wrong guess corrected by hand (a `:` inside
 * userinfo first looks like the port's: the `@` clears it), and the
 * components computed from the delimiters after the match. That is a
 * design per grammar, not a transcription of it; `benches/c-peer` checks
 * that it agrees with uridfa on every input it benches.
 *
 * The input is `n` bytes ending with a NUL byte (as for the re2c peer);
 * Ragel reads up to `s + n`. Build: `ragel -G2 rfc3986.rl -o rfc3986_ragel.c`. */
#include <stddef.h>

#include "rfc3986_re2c.h"

%%{
    machine uri_reference;
    alphtype unsigned char;

    action colon  { colon = p; }
    action dslash { auth = p + 1; }
    action at     { at = p; pcolon = NULL; }
    action pcolon { pcolon = p; }
    action path   { if (path == NULL) path = p; }
    action query  { if (query == NULL) query = p; }
    action frag   { frag = p; }
    action done   { end = p; }

    ALPHA         = [A-Za-z];
    DIGIT         = [0-9];
    HEXDIG        = [0-9A-Fa-f];
    unreserved    = ALPHA | DIGIT | [\-._~];
    pct_encoded   = "%" HEXDIG HEXDIG;
    sub_delims    = [!$&'()*+,;=];
    pchar         = unreserved | pct_encoded | sub_delims | [:@];

    scheme        = ALPHA (ALPHA | DIGIT | [+.\-])*;
    userinfo      = (unreserved | pct_encoded | sub_delims | ":")*;
    dec_octet     = DIGIT | [1-9] DIGIT | "1" DIGIT DIGIT | "2" [0-4] DIGIT | "25" [0-5];
    IPv4address   = dec_octet "." dec_octet "." dec_octet "." dec_octet;
    h16           = HEXDIG{1,4};
    ls32          = h16 ":" h16 | IPv4address;
    IPv6address   =                               (h16 ":"){6} ls32
                  |                          "::" (h16 ":"){5} ls32
                  | (                 h16)? "::" (h16 ":"){4} ls32
                  | ((h16 ":"){,1} h16)?   "::" (h16 ":"){3} ls32
                  | ((h16 ":"){,2} h16)?   "::" (h16 ":"){2} ls32
                  | ((h16 ":"){,3} h16)?   "::"  h16 ":"     ls32
                  | ((h16 ":"){,4} h16)?   "::"              ls32
                  | ((h16 ":"){,5} h16)?   "::"              h16
                  | ((h16 ":"){,6} h16)?   "::";
    IPvFuture     = [vV] HEXDIG+ "." (unreserved | sub_delims | ":")+;
    IP_literal    = "[" (IPv6address | IPvFuture) "]";
    reg_name      = (unreserved | pct_encoded | sub_delims)*;
    host          = IP_literal | IPv4address | reg_name;
    port          = DIGIT*;
    authority     = (userinfo "@" @at)? host (":" @pcolon port)?;

    segment       = pchar*;
    segment_nz    = pchar+;
    segment_nz_nc = (unreserved | pct_encoded | sub_delims | "@")+;
    path_abempty  = ("/" @path segment)*;
    path_absolute = "/" (segment_nz ("/" segment)*)?;
    path_noscheme = segment_nz_nc ("/" segment)*;
    path_rootless = segment_nz ("/" segment)*;

    query         = (pchar | [/?])*;
    fragment      = (pchar | [/?])*;
    tail          = ("?" @query query)? ("#" @frag fragment)? 0 @done;

    hier_part     = "//" @dslash authority path_abempty | (path_absolute | path_rootless)?;
    relative_part = "//" @dslash authority path_abempty | (path_absolute | path_noscheme)?;

    main := (scheme ":" @colon hier_part | relative_part) tail;

    write data noerror nofinal noentry;
}%%

int ragel_uri_reference(const unsigned char *s, size_t n, re2c_components *c)
{
    const unsigned char *p = s, *pe = s + n;
    const unsigned char *colon = NULL, *auth = NULL, *at = NULL, *pcolon = NULL;
    const unsigned char *path = NULL, *query = NULL, *frag = NULL, *end = NULL;
    int cs;
    %% write init;
    %% write exec;
    if (end == NULL || end + 1 != pe)
        return -1;
    /* The components, from the delimiters. */
    const unsigned char *path_end = query != NULL ? query : frag != NULL ? frag : end;
    c->scheme_start = colon != NULL ? s : NULL;
    c->scheme_end = colon;
    c->userinfo_start = c->userinfo_end = NULL;
    c->host_start = c->host_end = c->port_start = c->port_end = NULL;
    if (auth != NULL) {
        const unsigned char *auth_end = path != NULL ? path : path_end;
        if (at != NULL) {
            c->userinfo_start = auth;
            c->userinfo_end = at;
        }
        c->host_start = at != NULL ? at + 1 : auth;
        c->host_end = pcolon != NULL ? pcolon : auth_end;
        if (pcolon != NULL) {
            c->port_start = pcolon + 1;
            c->port_end = auth_end;
        }
        c->path_start = auth_end;
    } else {
        c->path_start = colon != NULL ? colon + 1 : s;
    }
    c->path_end = path_end;
    c->query_start = query != NULL ? query + 1 : NULL;
    c->query_end = query != NULL ? (frag != NULL ? frag : end) : NULL;
    c->fragment_start = frag != NULL ? frag + 1 : NULL;
    c->fragment_end = frag != NULL ? end : NULL;
    return 0;
}
