/* OPEN (not run in CI): a C library call reaching deeper than the
 * scrub's floor.  fa, only when it read x == 1, calls
 * printf("%.*f", P, 7.0 / 9) (glibc 2.36's __printf_fp allocas its
 * wide-character work buffer: about 27 KiB of stack for P = 5000, most
 * of it the digit '0'); later, when y is set, a recursion D levels deep
 * (480-byte frames) counts the '0' bytes it finds in its uninitialised
 * arrays.  printf is a deep callee (compile.c stack_light), so the floor
 * reaches 8 KiB further, not 27: the buffer survives in every mode.
 * printf is on the pure list (no taint), so nothing marks the state
 * after it unique: dfs --keep-going reports the assertion (1,164
 * executions), --no-cutoffs finds it, and the default udpor says "no
 * error found; the exploration was exhaustive" after 3 executions.
 * RAVEL_CHECK_SCRUB=1 says "scrub check: thread 1's yield wrote 25280
 * bytes below the runtime's frame, under the scrub's floor (8896 bytes
 * below it; deep callee "printf")".  The same holds for fprintf,
 * dprintf, vfprintf (same code) and any deep function no hook sees.
 * No fixed margin is sound (glibc allocas up to 64 KiB per buffer).
 * Idea: give every deep callee a trampoline that sets a flag, as the
 * tainting ones do ("orl $1, __ravel_taint"), and after a visible action
 * with the flag set zero the thread's dead stack with zero_nonzero down
 * to the guard page (reads 16 MiB: too slow per printf) or to a bound of
 * 128 KiB plus a check (check_below_floor) that ends the execution as
 * unsupported when something lies below it. */
#ifndef D
#define D 60
#endif
#ifndef P
#define P 5000
#endif
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
#include <stdio.h>
int x, y;
sem_t s, t;
__attribute__((noinline)) static int deep_read(int n)
{
    char z[480];
    int c = 0;
    for (int i = 0; i < (int)sizeof z; i++) c += z[i] == '0';
    if (n) c += deep_read(n - 1);
    return c;
}
void *fa(void *a)
{
    if (x) {
        printf("%.*f\n", P, 7.0 / 9);
        sched_yield();
    }
    sem_post(&s);
    sem_wait(&t);
    if (y) assert(deep_read(D) < 40);
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
