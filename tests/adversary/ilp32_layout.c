/* ILP32 layouts seen through what the data model check
 * (src/cli/datamodel.c) once did not look at (the adversary of issue 27
 * part 1).  Each program is checked as a task of data_model ILP32:
 *   ravel check --property=unreach-call --data-model=ILP32 ilp32_layout.c -- -DCMP
 * and the ground truth is the i386 program itself (gcc -m32, then run
 * it: reach_error's assertion fails or not).  ravel runs the LP64 program,
 * so where the two differ its answer must be UNKNOWN, never the LP64
 * verdict.
 *   -DCMP    `&arr[0].c + 1 == &arr[1].a` with struct { int a; long long b;
 *            int c; }: one past c is the next element's a under ILP32
 *            (long long 4-aligned, size 16), not under LP64 (size 24).  The
 *            i386 program calls reach_error; ravel answered TRUE.
 *   -DCMP_VAR  the same through a pointer variable stepped with ++: the
 *            variable holds a member's address, so its ++ counts (as
 *            would the comparison with &arr[1].a).
 *   -DARITH  a store through &arr[0].c + 1, read back as arr[1].a: the
 *            i386 program calls reach_error; LP64 writes padding.
 *   -DMEMBER_VAR  a store through q[1] with q = &arr[0].c, read back as
 *            arr[1].a: the i386 program calls reach_error (arithmetic on
 *            a variable that holds a member's address counts).
 *   -DTHREAD  pthread_create(&t, 0, f, &s) with struct { int *p; int x; }
 *            and f reading its argument as int[]: q[1] is s.x under ILP32,
 *            the pointer's upper half under LP64.  The i386 program does
 *            not call reach_error; ravel answered FALSE.
 *   -DTHREAD_INTS  the same with struct { int p; int x; }: one layout
 *            under both models, so the LP64 verdict (TRUE) stands. */
#include <assert.h>
void reach_error(void)
{
    assert(0);
}

#if defined(CMP) || defined(CMP_VAR) || defined(ARITH) || defined(MEMBER_VAR)
struct P {
    int a;
    long long b;
    int c;
};
struct P arr[2];
#endif
#if defined(THREAD) || defined(THREAD_INTS)
#include <pthread.h>
struct S {
#ifdef THREAD
    int *p;
#else
    int p;
#endif
    int x;
} s;
static void *f(void *arg)
{
    int *q = arg;
    if (q[1] != 7) reach_error();
    return 0;
}
#endif

int main(void)
{
#ifdef CMP
    if (&arr[0].c + 1 == &arr[1].a) reach_error();
#endif
#ifdef CMP_VAR
    int *q = &arr[0].c;
    q++;
    if (q == &arr[1].a) reach_error();
#endif
#ifdef ARITH
    int *q = &arr[0].c + 1;
    *q = 5;
    if (arr[1].a == 5) reach_error();
#endif
#ifdef MEMBER_VAR
    int *q;
    q = &arr[0].c;
    q[1] = 5;
    if (arr[1].a == 5) reach_error();
#endif
#if defined(THREAD) || defined(THREAD_INTS)
    s.x = 7;
    pthread_t t;
    pthread_create(&t, 0, f, &s);
    pthread_join(t, 0);
#endif
    return 0;
}
