/* The footprint programs of docs/c.md (firmware/measure): one call each,
 * on an input the compiler cannot see, measured against the same program
 * built with -DEMPTY. -DCALL_VALIDATE, -DCALL_SPLIT_RAW, else split; the
 * peers with -DCALL_HTTP_PARSER and -DCALL_YUAREL (their sources given to
 * firmware/measure). */
#include "rfc3986.h"
#if CALL_HTTP_PARSER
#include "http_parser.h"
#endif
#if CALL_YUAREL
#include "yuarel.h"
#endif

const uint8_t *volatile footprint_input;
volatile size_t footprint_len;
volatile size_t footprint_sink;

int main(void)
{
#ifndef EMPTY
    uridfa_span spans[RFC3986_SPANS];
    uridfa_error err;
    size_t r;
#if CALL_HTTP_PARSER
    struct http_parser_url u;
    http_parser_url_init(&u);
    r = (size_t)http_parser_parse_url((const char *)footprint_input, footprint_len, 0, &u);
    spans[0].start = u.field_data[0].off;
    err.offset = 0;
#elif CALL_YUAREL
    struct yuarel url;
    r = (size_t)yuarel_parse(&url, (char *)(uintptr_t)footprint_input);
    spans[0].start = (size_t)(url.host != NULL);
    err.offset = 0;
#elif CALL_VALIDATE
    r = (size_t)rfc3986_uri_reference_validate(footprint_input, footprint_len, &err);
    spans[0].start = 0;
#elif CALL_SPLIT_RAW
    r = (size_t)rfc3986_uri_reference_split_raw(footprint_input, footprint_len, spans, &err);
#else
    r = (size_t)rfc3986_uri_reference_split(footprint_input, footprint_len, spans, &err);
#endif
    footprint_sink = r + spans[0].start + err.offset;
#endif
    return 0;
}
