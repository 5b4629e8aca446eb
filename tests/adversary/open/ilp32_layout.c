/* OPEN (not run in CI): ILP32 layouts seen through what the data model
 * check (src/cli/datamodel.c) does not look at (the adversary of issue 27
 * part 1).  Each program is checked as a task of data_model ILP32:
 *   ravel check --property=unreach-call --data-model=ILP32 ilp32_layout.c -- -DCMP
 * and the ground truth is the i386 program itself (gcc -m32 or clang -m32,
 * then run it: reach_error's assertion fails or not).
 *   -DCMP   `&arr[0].c + 1 == &arr[1].a` with struct { int a; long long b;
 *           int c; }: one past c is the next element's a under ILP32
 *           (long long 4-aligned, size 16), not under LP64 (size 24).  The
 *           i386 program calls reach_error; ravel answers TRUE (a wrong
 *           TRUE) on 1447346 and on the attack13 branch: no long, no
 *           sizeof, no cast, no union, no call with the structure.
 *   -DTHREAD  pthread_create(&t, 0, f, &s) with struct { int *p; int x; }
 *           and f reading its argument as int[]: q[1] is s.x under ILP32,
 *           the pointer's upper half under LP64.  The i386 program does
 *           not call reach_error; ravel answers FALSE (a wrong FALSE).  The
 *           same read through `void *v = &s` was wrong too on 1447346 and
 *           is UNKNOWN since the attack13 branch (a pointer to a structure
 *           converted to void *); the thread functions' arguments are
 *           exempt (opaque_pointer_callee), or nearly every pthread task
 *           that hands a structure to its threads would be UNKNOWN.
 * Idea (sound without data flow): treat a pointer to a type whose layout
 * differs (a pointer, long, long long, double or long double, a structure
 * or union holding one) as a dependence as soon as it is converted to
 * void * also as pthread_create's argument (the thread may read it as
 * another type), and a pointer comparison after arithmetic on a pointer
 * into such a structure; both make many pthread tasks UNKNOWN, which is
 * why they are not done yet. */
#include <assert.h>
void reach_error(void)
{
    assert(0);
}

#ifdef CMP
struct P {
    int a;
    long long b;
    int c;
};
struct P arr[2];
#endif
#ifdef THREAD
#include <pthread.h>
struct S {
    int *p;
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
#ifdef THREAD
    s.x = 7;
    pthread_t t;
    pthread_create(&t, 0, f, &s);
    pthread_join(t, 0);
#endif
    return 0;
}
