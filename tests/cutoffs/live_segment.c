/* Liveness attack: a segment override on a frame operand.  liveness.c
 * skips every memory operand with a segment register as "fs:/gs: thread
 * data", but in 64-bit mode a ds:, es:, cs: or ss: override is ignored by
 * the CPU: `movl %ds:-8(%rbp), ...` (here from inline asm) reads the
 * frame.  Missed, x is dead at the pthread calls before it and zeroed.
 * Must report: only `seen == 0` (thr ran first); never `v == 5`. */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t;
static void *thr(void *p) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
int main(void)
{
    pthread_create(&t, 0, thr, 0);
    int x = 5, v = 0;
    pthread_mutex_lock(&m);
    int seen = g;
    pthread_mutex_unlock(&m);
    __asm__ volatile("movl %%ds:%1, %0" : "=r"(v) : "m"(x));
    pthread_join(t, 0);
    assert(v == 5);
    assert(seen == 0);
    return 0;
}
