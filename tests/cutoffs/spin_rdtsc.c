/* spin_rdtsc.c — a spin with a timeout on the time stamp counter: every
 * real run ends (after about a second).  rdtsc is an instruction, not a
 * call: its value comes from outside the program, so the loop's states
 * only seem to repeat.  It must make them unique (never cut, never taken
 * for a cycle): a limit, not non-termination (which was reported) nor
 * "exhaustive" (a cutoff would end the spin before its timeout). */
#include <sched.h>
#include <stdatomic.h>
#include <x86intrin.h>

atomic_int flag;

int main(void)
{
    unsigned long long t0 = __rdtsc();
    while (!atomic_load(&flag) && __rdtsc() - t0 < 3000000000ull) sched_yield(); /* marker: spin */
    return 0;
}
