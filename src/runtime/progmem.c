/*
 * progmem.c — the one way the runtime writes memory the program can see,
 * and reads it on the program's behalf (issue 27 part 2).
 *
 * The runtime writes through pointers the program passes (pthread_join's
 * *retval, an attribute getter's result, sscanf's destinations, ...).  A
 * store that is no event is invisible twice: to the dependence relation
 * (another thread's access to the bytes looks independent of the call),
 * and to the state of a configuration, whose memory is the image the
 * events leave (docs/UDPOR.md "What a state contains").  Two
 * configurations that differed only in such bytes folded to one state,
 * and the default mode cut off the one with the bug
 * (tests/cutoffs/outparam.c, one program per interposed function).
 *
 * Contract: every store of the runtime to memory the program can reach is
 *  - rv_out / rv_out_fill: a write event over exactly the bytes stored,
 *    then the store; or
 *  - rv_out_event, then the caller's own store into that range before the
 *    thread's next event (wrappers that let the C library compute in
 *    place, a heap block's refill);
 * or one of these, each accounted for in the state another way:
 *  - pthread_create's *thread, stored by the create event itself
 *    (action.h) with rv_acct_event_store: its change of the memory image
 *    is in the create event's wv (image.c).  A separate write event after
 *    the create would let another thread read the old handle of a thread
 *    that exists, which glibc never shows (it stores the handle before
 *    the thread starts);
 *  - a heap block's header, its fill and calloc's zeros on a fresh block
 *    (memory.c): rv_acct_begin/rv_acct_end, whose change of the image
 *    goes to the thread's last event (image.c); a fresh block is
 *    unreachable, so no event orders anything with them;
 *  - the storage of synchronisation objects (mutexes, condition
 *    variables, semaphores, once controls, read-write locks, barriers,
 *    spin locks): the model's overlays, replayed from the events by the
 *    fold (src/core/model.h); POSIX makes their bytes opaque, and image.c
 *    keeps what a later plain write over them changes.
 * The runtime's reads of the program's memory go through rv_in (a read
 * event, then the copy), so that another thread's write to an attribute
 * object is ordered with the call that uses it.  errno is kept across
 * each event (the scheduler may run other threads in between; the value
 * a wrapper leaves is the call's).  Outside an execution (constructors
 * before main, rt.active false) the events are no-ops, and only the copy
 * happens: no other thread exists yet.
 *
 * Owns: no state.
 */
#include "rt.h"

#include <errno.h>
#include <string.h>

void rv_out_event(void *dst, size_t n, uint64_t pc)
{
    int e = errno;
    rv_mem_event(RV_ACT_WRITE, dst, n, pc, 0);
    errno = e;
}

void rv_out(void *dst, const void *src, size_t n, uint64_t pc)
{
    rv_out_event(dst, n, pc);
    memcpy(dst, src, n);
}

void rv_out_fill(void *dst, int c, size_t n, uint64_t pc)
{
    rv_out_event(dst, n, pc);
    memset(dst, c, n);
}

void rv_in(void *dst, const void *src, size_t n, uint64_t pc)
{
    int e = errno;
    rv_mem_event(RV_ACT_READ, src, n, pc, 0);
    errno = e;
    memcpy(dst, src, n);
}
