/* OPEN (not run in CI): the dead-stack scrub is a write no explorer sees.
 * fa publishes the address of a local of publish() (the store to gp is an
 * event) and returns from it; main, if it saw gp, writes 0x42 through the
 * pointer into fa's popped frame and reads it back.  fa's next visible
 * action (sched_yield) zeroes its dead stack (sched.c, scrub_dead), which
 * holds that slot: main reads 0 when its write came before the yield, 0x42
 * when after.  The yield and main's accesses are independent events, so
 * both orders are one trace to the partial-order explorers: dfs
 * --keep-going --count-traces finds the assertion (19 executions, 3
 * traces, 1 failing), while the default udpor, --no-cutoffs, optimal and
 * dpor say "no error found; the exploration was exhaustive" after 2
 * executions (and --no-cutoffs/optimal's executions differ from dfs's
 * traces).  The program has undefined behaviour (a pointer to a popped
 * frame), but ravel's algorithms disagree on it; dangling_stack.c, where
 * the owner's non-escaping local reuses the slot, holds up.  (The
 * runtime's own frames at the yield land on the slot too, before the
 * scrub.)  Idea: report an access by one thread to another thread's
 * stack below the program's stack pointer at that thread's last action
 * (slot + 1 in sched.c, program_ret_slot) as a use of a dead stack object
 * (an error kind of its own).  Not done (2026-11-27): that test is not a
 * property of the trace.  Where the owner stands when another thread's
 * access comes depends on how many of its events ran before, and its
 * events after the publication are independent of that access: if fa,
 * after its yield, called a function whose live local covers v's slot and
 * made an action there, main's access would be "dead" when it came before
 * that action and "live" after, in two interleavings of one Mazurkiewicz
 * trace, so the partial-order explorers (one interleaving per trace)
 * could miss what dfs reports.  A sound report needs the frame's death
 * itself to be an event (a return or the scrub, dependent with accesses
 * to the frame). */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
int *volatile gp;
__attribute__((noinline)) static void publish(void)
{
    int v[4];
    v[0] = 0;
    gp = &v[0]; /* an event; v's frame dies on return */
}
void *fa(void *a)
{
    publish();
    sched_yield(); /* the scrub zeroes publish's dead frame */
    return 0;
}
int main(void)
{
    pthread_t ta;
    pthread_create(&ta, 0, fa, 0);
    int *q = gp;
    if (!q) return 0;
    *q = 0x42; /* into fa's dead frame: before or after fa's scrub */
    int r = *q;
    pthread_join(ta, 0);
    assert(r == 0x42);
    return 0;
}
