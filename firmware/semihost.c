/* semihost.c: ARM semihosting (the `bkpt 0xab` interface of Cortex-M),
 * as declared in semihost.h. */
#include "semihost.h"

#include <string.h>

#define SYS_OPEN 0x01u
#define SYS_CLOSE 0x02u
#define SYS_WRITE0 0x04u
#define SYS_WRITE 0x05u
#define SYS_READ 0x06u
#define SYS_EXIT 0x18u
#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static uint32_t call(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

int32_t semihost_open(const char *path, int write)
{
    const uint32_t args[3] = {(uint32_t)(uintptr_t)path, write ? 5u : 1u, (uint32_t)strlen(path)};
    return (int32_t)call(SYS_OPEN, args);
}

size_t semihost_read(int32_t handle, void *p, size_t n)
{
    const uint32_t args[3] = {(uint32_t)handle, (uint32_t)(uintptr_t)p, (uint32_t)n};
    /* SYS_READ returns the number of bytes NOT read. */
    const uint32_t left = call(SYS_READ, args);
    return left > n ? 0 : n - left;
}

int semihost_write(int32_t handle, const void *p, size_t n)
{
    const uint32_t args[3] = {(uint32_t)handle, (uint32_t)(uintptr_t)p, (uint32_t)n};
    return call(SYS_WRITE, args) == 0 ? 0 : -1;
}

void semihost_puts(const char *text)
{
    (void)call(SYS_WRITE0, text);
}

void semihost_exit(int status)
{
    const uint32_t args[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
    if (status == 0) {
        (void)call(SYS_EXIT, (const void *)(uintptr_t)ADP_STOPPED_APPLICATION_EXIT);
    }
    /* The status itself (QEMU exits with it). */
    (void)call(SYS_EXIT_EXTENDED, args);
    for (;;) {
    }
}
