/* Accesses of code built without instrumentation are no events, so their
 * interleavings are never explored, in any mode (adversary of issue 27
 * part 5).  Two threads each load x and store x + 1 with C11 atomics;
 * the final assertion fails when both load 0 (a lost update).  With
 * -fno-sanitize-thread-atomics (or no_sanitize, an ignore list,
 * -fno-sanitize=thread) the atomics are plain instructions: dfs and
 * udpor ran each thread's body as one step and said "no error,
 * exhaustive" (exit 0).  Seen on ee4a129:
 *   ravel check --algo=dfs uninstr_atomics.c                                  -> assertion (21 executions)
 *   ravel check --algo=dfs uninstr_atomics.c -- -fno-sanitize-thread-atomics  -> exit 0, exhaustive (14)
 *   ravel check uninstr_atomics.c -- -fno-sanitize-thread-atomics             -> exit 0, exhaustive (1)
 * Now the build's object scan finds every load, store or atomic of the
 * program's code that no ThreadSanitizer hook announces and that may
 * reach memory shared with other threads (objscan.h, question 3), and no
 * result of such a program is exhaustive: exit 3, the reason names the
 * function and the file (tests/adversary/run.sh uninstr_*).
 * OP=1: f's accesses are plain and f carries no_sanitize("thread")
 *   (ThreadSanitizer instruments atomics even there); -DINSTR drops the
 *   attribute: the ground truth (dfs finds the lost update);
 * OP=2: only a load is uninstrumented (peek), the writer's store is an
 *   event; -DINSTR: the ground truth (the assertion);
 * OP=3: control: the uninstrumented function only computes (its
 *   arguments, its stack): no error, and the result stays exhaustive. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#define NOSAN __attribute__((no_sanitize("thread"), noinline))
atomic_int x;
#if OP == 1
/* plain accesses: ThreadSanitizer instruments atomics even in a function
 * marked no_sanitize, but not these */
#ifndef INSTR
NOSAN
#endif
void *f(void *a)
{
    volatile int *p = (volatile int *)&x;
    int v = *p;
    *p = v + 1;
    return 0;
}
#else
void *f(void *a)
{
    int v = atomic_load(&x);
    atomic_store(&x, v + 1);
    return 0;
}
#endif
#if OP == 2
#ifndef INSTR
NOSAN
#endif
static int peek(void)
{
    return *(volatile int *)&x; /* a plain load: no_sanitize leaves it alone */
}
void *reader(void *a)
{
    assert(peek() == 0);
    return 0;
}
void *writer(void *a)
{
    atomic_store(&x, 1);
    return 0;
}
#elif OP == 3
NOSAN static int twice(int v)
{
    int t[4] = {v, v, v, v};
    return t[v & 3] + t[(v + 1) & 3];
}
void *g(void *a)
{
    int v = atomic_load(&x);
    atomic_store(&x, twice(v));
    return 0;
}
#endif
int main(void)
{
    pthread_t a, b;
#if OP == 2
    pthread_create(&a, 0, reader, 0);
    pthread_create(&b, 0, writer, 0);
#elif OP == 3
    pthread_create(&a, 0, g, 0);
    pthread_create(&b, 0, g, 0);
#else
    pthread_create(&a, 0, f, 0);
    pthread_create(&b, 0, f, 0);
#endif
    pthread_join(a, 0);
    pthread_join(b, 0);
#if OP == 3
    assert(atomic_load(&x) <= 4);
#else
    assert(OP == 2 || atomic_load(&x) == 2);
#endif
    return 0;
}
