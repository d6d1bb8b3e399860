/* startup.c: the reset path of the bare-metal programs on QEMU's Cortex-M
 * boards (one linker script per board in boards/): the vector table, .data copied from flash, .bss
 * cleared, main, and the exit status over semihosting. A fault ends the
 * program with status 70 instead of hanging. */
#include <stdint.h>
#include <string.h>

#include "semihost.h"

extern uint32_t __stack_top[];
extern uint8_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[];
int main(void);

void reset_handler(void) __attribute__((noreturn));
void fault_handler(void) __attribute__((noreturn));

void reset_handler(void)
{
    memcpy(__data_start, __data_load, (size_t)(__data_end - __data_start));
    memset(__bss_start, 0, (size_t)(__bss_end - __bss_start));
    semihost_exit(main());
}

void fault_handler(void)
{
    semihost_puts("fault: the program stopped on a processor fault\n");
    semihost_exit(70);
}

typedef void (*vector)(void);
__attribute__((section(".vectors"), used)) static const vector vectors[16] = {
    (vector)(uintptr_t)__stack_top,
    reset_handler,
    fault_handler, /* NMI */
    fault_handler, /* HardFault */
    fault_handler, /* MemManage */
    fault_handler, /* BusFault */
    fault_handler, /* UsageFault */
    0, 0, 0, 0,
    fault_handler, /* SVCall */
    fault_handler, /* DebugMonitor */
    0,
    fault_handler, /* PendSV */
    fault_handler, /* SysTick */
};
