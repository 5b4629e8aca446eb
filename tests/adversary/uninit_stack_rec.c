/* Stale stack below a thread's frame, written by a recursion: fa, only
 * when it read x == 1, recurses D levels deep (480-byte frames, about
 * 20 KiB, no events), each frame filling its array with a pattern; later,
 * when y is set, a recursion as deep reads the same slot uninitialised.
 * clang builds used to leave out TSan's function hooks (they served only
 * __VERIFIER_atomic_ functions), so the scrub after each visible action
 * never saw how deep the thread had been and reached 8 KiB: the pattern
 * survived, dfs and --no-cutoffs reported the assertion (1,164
 * executions) and the default udpor said "no error, exhaustive" after 3.
 * The hooks are always on now (compile.c), the low-water mark reaches the
 * deepest frame (memory.c, __tsan_func_entry), and no mode sees the
 * pattern. */
#ifndef D
#define D 40
#endif
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
int x, y;
sem_t s, t;
__attribute__((noinline)) static void deep_write(int n)
{
    char z[480];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0x42;
    if (n) deep_write(n - 1);
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
