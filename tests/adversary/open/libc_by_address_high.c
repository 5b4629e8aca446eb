/* OPEN (not run in CI): libc_by_address.c with OP=2, a descriptor made
 * at a chosen number (dup2 to 100) through a `syscall; ret` of the C
 * library reached by a computed address, while descriptor 64 stays free.
 * The reset engine compares descriptors 0 to 63 and the lowest free one
 * from 64 on after every reset (runtime/engine.c "Kernel state"), so it
 * does not see this one: under --engine=auto the second execution finds
 * descriptor 100 open and its assertion fails; every forked child starts
 * without it (fork: 4 executions, no error).  The same holds for other
 * kernel state changed that way (signal dispositions, the working
 * directory, the umask, limits, timers).
 *   ravel check --engine=fork --keep-going tests/adversary/open/libc_by_address_high.c
 *   ravel check --engine=auto --keep-going tests/adversary/open/libc_by_address_high.c
 * Idea: a seccomp filter, installed when the reset engine starts, that
 * traps (SECCOMP_RET_TRAP, before the call happens) the system calls
 * that change such state; the runtime's SIGSYS handler then leaves the
 * engine as a changed descriptor table does (quit_engine), and the
 * exploration is redone under fork.  Costs a filter run on every system
 * call, and its list must hold every call the reset-safe C library
 * functions and the runtime make. */
#define OP 2
#include "../libc_by_address.c"
