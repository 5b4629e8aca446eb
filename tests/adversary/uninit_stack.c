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
 * (-fstack-usage: compile.c max_frame_of, sched.c dead_floor).
 * -DREC: the pattern is written by a recursion D levels deep (480-byte
 * frames, about 20 KiB, no events) and read by one as deep.  clang
 * builds used to leave out TSan's function hooks (they served only
 * __VERIFIER_atomic_ functions), so the scrub never saw how deep the
 * thread had been and reached 8 KiB: dfs and --no-cutoffs reported the
 * assertion (1,164 executions) and the default udpor said "no error,
 * exhaustive" after 3.  The hooks are always on now (compile.c) and no
 * mode sees the pattern.
 * -DREC -DRET: the recursion's bottom frame reads a global (a visible
 * action) and the frames then return, calling no hook, to fa's
 * sched_yield.  The scrub's low-water mark restarted empty after each
 * action, so the floor after the yield was only 4 KiB under its frame:
 * dfs and --no-cutoffs reported the assertion (1,179 executions), the
 * default udpor said "no error, exhaustive" after 3; RAVEL_CHECK_SCRUB=1
 * said the yield "wrote 20480 bytes below the runtime's frame, under the
 * scrub's floor (4096 bytes below it)".  gcc builds, whose stack stores
 * are events, hit the same hole with -DREC alone.  The mark now restarts
 * at the action's own frame (sched.c, dead_floor).
 * -DVLA: the pattern is written and read through variable-length arrays
 * of Z bytes.  No bound the scrub knows reaches a frame of variable size
 * (-fstack-usage says "dynamic"), so the pattern survives in every mode
 * alike and dfs finds the assertion; the default udpor used to cut the
 * state (3 executions, "no error, exhaustive").  Now such a program's
 * states are unique (RV_TAINT_DYNAMIC_FRAME) and every mode finds it.
 * -DPRINTF: a C library call reaching deeper than any fixed scrub floor.
 * fa, only when it read x == 1, calls printf("%.*f", P, 7.0 / 9) (glibc
 * 2.36's __printf_fp allocas its wide-character work buffer: about 27 KiB
 * of stack for P = 5000, 48 KiB for P = 12000, most of it the digit
 * '0'); later, when y is set, a recursion D levels deep (480-byte frames)
 * counts the '0' bytes it finds in its uninitialised arrays.  printf is
 * on the pure list (no taint), so nothing else marks the state after it
 * unique.  Before the deep-call record (sched.c, scrub_deep) the scrub
 * reached 8 KiB below the deepest frame: dfs --keep-going reported the
 * assertion (1,164 executions) and the default udpor said "no error
 * found; the exploration was exhaustive" after 3 executions.  Now the
 * call's trampoline records it and the next visible action zeroes the
 * whole dead stack, in every mode: no run sees the digits.
 * OP: 0 printf, 1 fprintf, 2 snprintf (the runtime's wrapper formats
 * into a bounce buffer), 3 vfprintf.  -DMAIN: thread 0 (the process's
 * stack) does fa's part. */
#ifndef Z
#define Z 6000
#endif
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
int x, y;
sem_t s, t;
#if defined(PRINTF)
#ifndef P
#define P 5000
#endif
#ifndef D
#define D (P * 12 / 1000)
#endif
#ifndef OP
#define OP 0
#endif
__attribute__((noinline)) static int count_digits(int n)
{
    char z[480];
    int c = 0;
    for (int i = 0; i < (int)sizeof z; i++) c += z[i] == '0';
    if (n) c += count_digits(n - 1);
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
static void deep_write(void)
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
/* the pattern, as the other variants' assertion expects it */
static int deep_read(void) { return count_digits(D) < 40 ? 0 : 0x42; }
#elif defined(REC)
#ifndef D
#define D 40
#endif
#ifdef RET
int g;
/* ... the bottom frame reads g (a visible action), every frame live */
__attribute__((noinline)) static int deep_write_at(int n)
{
    char z[480];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0x42;
    if (n) return deep_write_at(n - 1) + z[n];
    return g;
}
#else
__attribute__((noinline)) static void deep_write_at(int n)
{
    char z[480];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0x42;
    if (n) deep_write_at(n - 1);
}
#endif
__attribute__((noinline)) static int deep_read_at(int n)
{
    char z[480];
    if (n) return deep_read_at(n - 1);
    return z[100];
}
static void deep_write(void) { deep_write_at(D); }
static int deep_read(void) { return deep_read_at(D); }
#elif defined(VLA)
__attribute__((noinline)) static void deep_write_n(int n)
{
    char z[n];
    for (int i = 0; i < n; i++) z[i] = 0x42;
}
__attribute__((noinline)) static int deep_read_n(int n)
{
    char z[n];
    return z[0];
}
static void deep_write(void) { deep_write_n(Z); }
static int deep_read(void) { return deep_read_n(Z); }
#else
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
#endif
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
