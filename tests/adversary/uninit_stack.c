/* Stale stack below a thread's frame: fa writes a pattern deep in its
 * stack (a local array that never escapes: no events) only when it read
 * x == 1; later, when y is set, it reads the same slot uninitialised.
 * The runtime zeroed the dead stack after each visible action only when
 * fingerprints were requested (udpor with cutoffs), so dfs and
 * --no-cutoffs saw the pattern and reported the assertion while the
 * default udpor said "no error, exhaustive".  Now the dead stack is
 * scrubbed in every mode (src/runtime/sched.c, scrub_dead): every
 * algorithm runs the same program, in which the pattern is gone at the
 * next visible action.
 * -DZ=12000: frames deeper than the scrub's fixed 8 KiB margin.  deep_write
 * makes no call and no shared access, so it has no __tsan_func_entry hook
 * and the runtime never saw its frame: the pattern survived, dfs reported
 * the assertion and the default udpor (cutoffs) said "no error,
 * exhaustive" (found by the sixth speed pass).  The scrub now also reaches
 * the program's largest static frame below the deepest hooked one
 * (-fstack-usage: compile.c max_frame_of, sched.c scrub_margin). */
#ifndef Z
#define Z 6000
#endif
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
int x, y;
sem_t s, t;
__attribute__((noinline)) static void deep_write(void)
{
    char z[Z];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0x42;
}
__attribute__((noinline)) static int deep_read(void)
{
    char z[Z];
    return z[0];
}
void *fa(void *a)
{
    if (x) {
        deep_write();
        sched_yield();
    }
    sem_post(&s);
    sem_wait(&t);
    if (y) assert(deep_read() != 0x42);
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
