/* State outside the program's variables that an execution changes and
 * the next one must find as a forked child does (issue 27 part 3): errno
 * (main's, in the static TLS block), a thread-local variable a
 * constructor set, the environment's strings and array (at the top of
 * main's stack), rand's state seeded by a constructor, the SSE and x87
 * control registers (rounding modes), a counter of calls kept in static
 * storage.  Each execution checks what it finds at main's start and then
 * changes all of it; the reset engine runs here (every import is on its
 * safe list) and must find nothing changed. */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "racers.h"

static int errno0, rand0, calls;
static _Thread_local int tls = 7;

static unsigned mxcsr(void)
{
    unsigned m;
    __asm__ volatile("stmxcsr %0" : "=m"(m));
    return m;
}

static unsigned short x87_cw(void)
{
    unsigned short c;
    __asm__ volatile("fnstcw %0" : "=m"(c));
    return c;
}

__attribute__((constructor)) static void setup(void)
{
    srand(12345);
    rand0 = rand();
    srand(12345);
    tls = 11;
    errno0 = errno;
}

static int once(void)
{
    return ++calls;
}

int main(int argc, char **argv, char **envp)
{
    (void)argc, (void)argv;
    assert(errno == errno0);
    assert(tls == 11);
    assert(rand() == rand0);
    assert(mxcsr() == 0x1f80 && x87_cw() == 0x37f);
    assert(once() == 1);
    assert(!getenv("RAVEL_PROCESS_STATE"));
    /* change all of it */
    static char var[] = "RAVEL_PROCESS_STATE=1";
    if (envp[0]) envp[0] = var;
    errno = 77;
    tls = 12;
    unsigned m = 0x1f80 | 0x6000; /* round toward zero */
    __asm__ volatile("ldmxcsr %0" : : "m"(m));
    unsigned short cw = 0x0f7f;
    __asm__ volatile("fldcw %0" : : "m"(cw));
    pthread_t t[2];
    race_start(t, NULL);
    race_join(t);
    return 0;
}
