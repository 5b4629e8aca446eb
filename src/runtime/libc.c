/*
 * libc.c — calls of C library functions that keep hidden process-wide
 * state, as visible events (issue 10, class 5: "two threads calling
 * rand() share state").
 *
 * rand() reads and advances a seed that lives inside the C library; the
 * program never touches it, so no TSan hook ever reports it and two
 * threads' calls would look independent: an explorer would run one order
 * only and miss the behaviours in which the values swap.  The compile
 * driver (src/backends/native/compile.c, libc_families) routes every call
 * of such a function through a generated trampoline that calls
 * __ravel_libc_call with the family's 8-byte object (defined by the
 * generated stubs.c, one per state family: the PRNG, the environment,
 * the static time buffer, ...) before it jumps to the
 * real function.  Here the call becomes an event on that object, through
 * the same path as an atomic memory access (memory.c, rv_mem_event), so:
 *  - calls of one family from two threads are dependent (an RMW each; a
 *    function that only reads the state, such as getenv, is a read: two
 *    readers stay independent, a reader and a writer do not);
 *  - calls of different families, and every function outside the list
 *    (printf, fgets, ...), stay independent;
 *  - the flag RV_AF_ATOMIC keeps memory mode drf from calling two calls a
 *    data race (the C library serialises them with its own lock, or the
 *    program could not call them from threads at all).
 * The RMW also increments the object, so its value counts the family's
 * calls so far (what the event "wrote" is visible to the fingerprint).
 * The trampoline still sets __ravel_taint afterwards: the library's own
 * state is not part of the state of a configuration, so the state after
 * the call is unique (docs/UDPOR.md "What a state contains").
 *
 * Outside an execution (rt.active false: constructors, the fork server
 * before the first request, atexit handlers after the end) this is a
 * no-op, and the C library function simply runs.
 *
 * Owns: no state.
 */
#include "rt.h"

/* Called only from the generated trampolines, with every argument register
 * of the real call saved.  write_obj: the family object the function
 * changes (or NULL); read_obj: a family object it only reads (or NULL);
 * pc: the return address of the program's call, so that reports name the
 * program's line. */
void __ravel_libc_call(uint64_t *write_obj, const uint64_t *read_obj, uint64_t pc)
{
    if (!rt.active || !rt.running) return;
    if (read_obj) rv_mem_event(RV_ACT_READ, read_obj, sizeof *read_obj, pc, RV_AF_ATOMIC);
    if (write_obj) {
        rv_mem_event(RV_ACT_RMW, write_obj, sizeof *write_obj, pc, RV_AF_ATOMIC);
        ++*write_obj; /* after the event: this thread's turn */
    }
}
