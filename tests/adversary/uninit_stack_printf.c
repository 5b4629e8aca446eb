/* A C library call reaching deeper than any fixed scrub floor.  fa, only
 * when it read x == 1, calls printf("%.*f", P, 7.0 / 9) (glibc 2.36's
 * __printf_fp allocas its wide-character work buffer: about 27 KiB of
 * stack for P = 5000, 48 KiB for P = 12000, most of it the digit '0');
 * later, when y is set, a recursion D levels deep (480-byte frames)
 * counts the '0' bytes it finds in its uninitialised arrays.  printf is
 * on the pure list (no taint), so nothing else marks the state after it
 * unique.  Before the deep-call record (sched.c, scrub_deep) the scrub
 * reached 8 KiB below the deepest frame: dfs --keep-going reported the
 * assertion (1,164 executions) and the default udpor said "no error
 * found; the exploration was exhaustive" after 3 executions.  Now the
 * call's trampoline records it and the next visible action zeroes the
 * whole dead stack, in every mode: no run sees the digits.
 * OP: 0 printf, 1 fprintf, 2 snprintf (the runtime's wrapper formats
 * into a bounce buffer), 3 vfprintf.  MAIN: thread 0 (the process's
 * stack) does fa's part. */
#ifndef P
#define P 5000
#endif
#ifndef D
#define D (P * 12 / 1000)
#endif
#ifndef OP
#define OP 0
#endif
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
#include <stdarg.h>
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
#if OP == 3
static void vf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
}
#endif
static void fmt(void)
{
#if OP == 0
    printf("%.*f\n", P, 7.0 / 9);
#elif OP == 1
    fprintf(stdout, "%.*f\n", P, 7.0 / 9);
#elif OP == 2
    static char b[P + 8];
    snprintf(b, sizeof b, "%.*f", P, 7.0 / 9);
#else
    vf("%.*f\n", P, 7.0 / 9);
#endif
}
void *fa(void *a)
{
    if (x) {
        fmt();
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
#ifdef MAIN
    pthread_create(&tb, 0, fb, 0);
    fa(0);
#else
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
#endif
    pthread_join(tb, 0);
    return 0;
}
