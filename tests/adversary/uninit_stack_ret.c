/* Stale stack below a thread's frame, left by frames that were live at a
 * visible action: fa, only when it read x == 1, recurses D levels deep
 * (480-byte frames, about 20 KiB), each frame filling its array with a
 * pattern, and the bottom frame reads the global g (a visible action);
 * the frames then return, calling no function hook, to fa's sched_yield.
 * Later, when y is set, a recursion as deep reads the same slot
 * uninitialised.  The scrub's low-water mark restarted empty after each
 * action, so the floor after the yield was only 4 KiB under its frame:
 * the pattern survived, dfs and --no-cutoffs reported the assertion
 * (1,179 executions) and the default udpor said "no error, exhaustive"
 * after 3 (2 cutoffs); RAVEL_CHECK_SCRUB=1 said "thread 1's yield wrote
 * 20480 bytes below the runtime's frame, under the scrub's floor (4096
 * bytes below it)".  gcc builds, whose stack stores are events, hit the
 * same hole with uninit_stack_rec.c.  The mark now restarts at the
 * action's own frame (sched.c, dead_floor): no mode sees the pattern. */
#ifndef D
#define D 40
#endif
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
int x, y, g;
sem_t s, t;
__attribute__((noinline)) static int deep_write(int n)
{
    char z[480];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0x42;
    if (n) return deep_write(n - 1) + z[n];
    return g; /* a visible action at the bottom, every frame live */
}
__attribute__((noinline)) static int deep_read(int n)
{
    char z[480];
    if (n) return deep_read(n - 1);
    return z[100];
}
void *fa(void *a)
{
    if (x) {
        deep_write(D);
        sched_yield();
    }
    sem_post(&s);
    sem_wait(&t);
    if (y) assert(deep_read(D) != 0x42);
    return 0;
}
void *fb(void *a)
{
    x = 1;
    sem_wait(&s);
    sem_post(&t);
    y = 1;
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    sem_init(&s, 0, 0);
    sem_init(&t, 0, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
