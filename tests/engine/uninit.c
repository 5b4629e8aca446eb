/* Issue 11 part 2: an execution must start from the registers and stack
 * bytes a fresh fork would have, whichever engine runs it.  getenv goes
 * through the compile driver's trampoline, which stores every argument
 * register and xmm0-7 below spill()'s frame whatever the program put in
 * them; work()'s array is never written, so it holds those bytes (and
 * whatever else earlier calls left there), live across the thread's
 * create and join: the fingerprints (--local-states) hash them, and the
 * program reads them.  Under the reset engine the vector registers once
 * held the previous execution's values (its last fingerprint's hash
 * state): main's states and the error's line differed from the fork
 * engine's from the second execution on (fuzzer seed 306). */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static int x;

static void *t(void *arg)
{
    x = 1;
    return arg;
}

__attribute__((noinline)) static void spill(void)
{
    (void)getenv("RAVEL_NO_SUCH_VARIABLE");
}

__attribute__((noinline)) static void work(void)
{
    volatile unsigned long w[96]; /* never written */
    pthread_t a;
    pthread_create(&a, NULL, t, NULL);
    x = 2;
    pthread_join(a, NULL);
    unsigned long h = 0;
    for (int i = 0; i < 96; i++) h = h * 1000003 + w[i];
    /* the bytes choose the line of the error: one line in every
     * execution when they are the same in every execution */
    switch (h % 8) {
    case 0: assert(!"uninitialised stack, class 0"); break;
    case 1: assert(!"uninitialised stack, class 1"); break;
    case 2: assert(!"uninitialised stack, class 2"); break;
    case 3: assert(!"uninitialised stack, class 3"); break;
    case 4: assert(!"uninitialised stack, class 4"); break;
    case 5: assert(!"uninitialised stack, class 5"); break;
    case 6: assert(!"uninitialised stack, class 6"); break;
    default: assert(!"uninitialised stack, class 7"); break;
    }
}

int main(void)
{
    spill();
    work();
    return 0;
}
