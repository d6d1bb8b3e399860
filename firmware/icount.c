/* icount.c: instructions per URL of the C output on QEMU's Cortex-M
 * boards (firmware/icount runs it). Under `-icount shift=0` QEMU runs one
 * instruction per nanosecond of virtual time, which SysTick counts: the
 * program calibrates ticks against a loop of known length, then times
 * each call on each URL of the host file urls.txt (one per line, read
 * over semihosting) and prints, per function, the mean instructions per
 * URL with the cost of an empty call taken off, and the most stack a call
 * took (from the caller's stack pointer: the call's own frame and every
 * frame below it, painted before the call and read after it).
 * -DWITH_HTTP_PARSER and
 * -DWITH_YUAREL add those parsers, from sources the caller supplies. */
#include <stdint.h>
#include <string.h>

#include "rfc3986.h"
#include "semihost.h"

#ifdef WITH_HTTP_PARSER
#include "http_parser.h"
#endif
#ifdef WITH_YUAREL
#include "yuarel.h"
#endif

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define MAX_URL 4096

static uint8_t line[MAX_URL + 1];
static char copy[MAX_URL + 1];
static uint8_t in_buf[512];
static size_t in_len, in_at;
static int32_t urls;

/* The next line of urls.txt into `line`; its length, or -1 at the end.
 * A line longer than MAX_URL is cut there. */
static long next_line(void)
{
    size_t n = 0;
    for (;;) {
        uint8_t b;
        if (in_at == in_len) {
            in_len = semihost_read(urls, in_buf, sizeof in_buf);
            in_at = 0;
            if (in_len == 0) {
                return n == 0 ? -1 : (long)n;
            }
        }
        b = in_buf[in_at++];
        if (b == '\n') {
            return (long)n;
        }
        if (n < MAX_URL) {
            line[n++] = b;
        }
    }
}

static void put_u(uint64_t v)
{
    char digits[24];
    size_t i = sizeof digits - 1;
    digits[i] = '\0';
    do {
        digits[--i] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v != 0);
    semihost_puts(digits + i);
}

static uint32_t ticks(void)
{
    return SYST_CVR;
}

/* The ticks between two readings (SysTick counts down, 24 bits). */
static uint32_t since(uint32_t t0)
{
    return (t0 - ticks()) & 0xFFFFFFu;
}

typedef int (*parse_fn)(const uint8_t *s, size_t n);

__attribute__((noinline)) static int empty(const uint8_t *s, size_t n)
{
    return (int)(s != NULL) + (int)n;
}

__attribute__((noinline)) static int split(const uint8_t *s, size_t n)
{
    uridfa_span spans[RFC3986_SPANS];
    uridfa_error err;
    return rfc3986_uri_reference_split(s, n, spans, &err);
}

__attribute__((noinline)) static int split_raw(const uint8_t *s, size_t n)
{
    uridfa_span spans[RFC3986_SPANS];
    uridfa_error err;
    return rfc3986_uri_reference_split_raw(s, n, spans, &err);
}

__attribute__((noinline)) static int validate(const uint8_t *s, size_t n)
{
    uridfa_error err;
    return rfc3986_uri_reference_validate(s, n, &err);
}

#ifdef WITH_HTTP_PARSER
__attribute__((noinline)) static int parse_http(const uint8_t *s, size_t n)
{
    struct http_parser_url u;
    http_parser_url_init(&u);
    return http_parser_parse_url((const char *)s, n, 0, &u);
}
#endif

#ifdef WITH_YUAREL
/* yuarel_parse writes into its input: it gets a copy, made before the
 * clock starts (see run). */
__attribute__((noinline)) static int parse_yuarel(const uint8_t *s, size_t n)
{
    struct yuarel url;
    (void)s;
    (void)n;
    return yuarel_parse(&url, copy);
}
#endif

struct parser {
    const char *name;
    parse_fn fn;
    uint64_t ticks;
    uint32_t rejected;
    uint32_t stack;
};

static struct parser parsers[] = {
    {"empty call", empty, 0, 0, 0},
    {"split", split, 0, 0, 0},
    {"split_raw", split_raw, 0, 0, 0},
    {"validate", validate, 0, 0, 0},
#ifdef WITH_HTTP_PARSER
    {"http_parser_parse_url", parse_http, 0, 0, 0},
#endif
#ifdef WITH_YUAREL
    {"yuarel_parse", parse_yuarel, 0, 0, 0},
#endif
};

/* How far below the caller's stack pointer the stack is painted. */
#define STACK_PAINT 2048u
#define PAINT 0xA5A5A5A5u

static uint32_t stack_pointer(void)
{
    uint32_t sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    return sp;
}

#define PARSER_LEN (sizeof parsers / sizeof parsers[0])

/* Instructions per tick, times 1000: a loop of 2 instructions a turn. */
static uint64_t calibrate(void)
{
    const uint32_t turns = 1000000u;
    uint32_t r = turns;
    const uint32_t t0 = ticks();
    __asm__ volatile(".syntax unified\n1: subs %0, %0, #1\n\tbne 1b" : "+l"(r) : : "cc");
    return (uint64_t)2u * turns * 1000u / since(t0);
}

int main(void)
{
    uint64_t per_tick, count = 0;
    size_t k;
    long n;
    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 5u; /* enabled, the processor's clock, no interrupt */
    per_tick = calibrate();
    urls = semihost_open("urls.txt", 0);
    if (urls < 0) {
        semihost_puts("icount: cannot open urls.txt\n");
        return 1;
    }
    while ((n = next_line()) >= 0) {
        count++;
        for (k = 0; k < PARSER_LEN; k++) {
            uint32_t t0;
            int r;
            /* Painted without a call (a call's frame would lie in the
             * painted words); no interrupt is enabled. */
            volatile uint32_t *const top = (volatile uint32_t *)(uintptr_t)stack_pointer();
            volatile uint32_t *p = top - STACK_PAINT / 4u;
            while (p != top) {
                *p++ = PAINT;
            }
            memcpy(copy, line, (size_t)n);
            copy[n] = '\0';
            t0 = ticks();
            r = parsers[k].fn(line, (size_t)n);
            parsers[k].ticks += since(t0);
            parsers[k].rejected += r != 0;
            for (p = top - STACK_PAINT / 4u; p != top && *p == PAINT; p++) {
            }
            if ((uint32_t)(top - p) * 4u > parsers[k].stack) {
                parsers[k].stack = (uint32_t)(top - p) * 4u;
            }
        }
    }
    semihost_puts("instructions per tick x1000: ");
    put_u(per_tick);
    semihost_puts("\nurls: ");
    put_u(count);
    semihost_puts("\n");
    for (k = 1; k < PARSER_LEN && count != 0; k++) {
        /* Tenths of an instruction per URL, the empty call taken off. */
        const uint64_t insns = parsers[k].ticks * per_tick / 100u;
        const uint64_t base = parsers[0].ticks * per_tick / 100u;
        const uint64_t tenths = (insns - base) / count;
        semihost_puts(parsers[k].name);
        semihost_puts(": ");
        put_u(tenths / 10u);
        semihost_puts(".");
        put_u(tenths % 10u);
        semihost_puts(" instructions per URL; stack ");
        put_u(parsers[k].stack);
        semihost_puts(" bytes; rejected ");
        put_u(parsers[k].rejected);
        semihost_puts("\n");
    }
    return 0;
}
