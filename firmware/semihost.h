/* semihost.h: the few ARM semihosting calls the firmware programs use
 * (files on the host, the exit status), as QEMU implements them with
 * `-semihosting-config enable=on,target=native`. No C library needed. */
#ifndef URIDFA_FIRMWARE_SEMIHOST_H
#define URIDFA_FIRMWARE_SEMIHOST_H

#include <stddef.h>
#include <stdint.h>

/* Opens the host file `path` ("rb" or "wb": mode 1 or 5 of SYS_OPEN);
 * returns its handle, or -1. */
int32_t semihost_open(const char *path, int write);
/* Reads up to n bytes; returns how many were read (0 at the end). */
size_t semihost_read(int32_t handle, void *p, size_t n);
/* Writes all n bytes; returns 0, or -1 on an error. */
int semihost_write(int32_t handle, const void *p, size_t n);
/* Writes a NUL-terminated text to the debug console (QEMU's stdout). */
void semihost_puts(const char *text);
/* Ends the program with `status` (0: success) as QEMU's exit status. */
void semihost_exit(int status) __attribute__((noreturn));

#endif
