/*
 * fault.h — fault.c's contract: fatal signals become a verdict
 * (rv_install_crash_handlers, once per process, before the first
 * execution), and the test of which code is the program's, for the crash
 * report and for state.c's boundary between the program's frames and the
 * runtime's.
 *
 * Owns: no state (the alternate signal stack is fault.c's).
 */
#ifndef RAVEL_RUNTIME_FAULT_H
#define RAVEL_RUNTIME_FAULT_H

#include <stdbool.h>
#include <stdint.h>

void rv_install_crash_handlers(void);
/* pc is code of the program itself: in the executable, outside the
 * runtime and the C library. */
bool rv_program_code(uint64_t pc);

#endif
