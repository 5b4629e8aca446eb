/* A thread attribute whose value glibc keeps outside the object: the
 * affinity (OP=0) and the signal mask (OP=1) live in an extension the C
 * library allocates, and the setter leaves the object's bytes (a pointer
 * to it) as they were.  The runtime's setter was a read event of the
 * object only, so fb's getter looked independent of fa's setter: udpor
 * ran fb first, its one execution, and said "no error, exhaustive"; dfs
 * runs fa first in some trace and fb then reads fa's set: the assertion
 * (adversary of issue 27; src/runtime/posix_ext.c attr_ext_back).  With
 * NOBUG=1 nothing fails and dfs has 2 traces (fb's get before or after
 * fa's set), udpor had 1 execution.  Only
 * the runtime's wrappers are called (no C library function that taints):
 * sets are written as words. */
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>

#ifndef NOBUG
#define NOBUG 0
#endif
#ifndef OP
#define OP 0
#endif

pthread_attr_t pa;

#if OP == 0
static void set(unsigned long w)
{
    cpu_set_t c = {{w}};
    pthread_attr_setaffinity_np(&pa, sizeof c, &c);
}
static unsigned long get(void)
{
    cpu_set_t r = {{0}};
    pthread_attr_getaffinity_np(&pa, sizeof r, &r);
    return r.__bits[0];
}
#else
static void set(unsigned long w)
{
    sigset_t c = {{w}};
    pthread_attr_setsigmask_np(&pa, &c);
}
static unsigned long get(void)
{
    sigset_t r = {{0}};
    pthread_attr_getsigmask_np(&pa, &r);
    return r.__val[0];
}
#endif

void *fb(void *a)
{
    unsigned long g = get();
    assert(g != 1 || NOBUG); /* fails when fa's set came first */
    return 0;
}
void *fa(void *a)
{
    set(1);
    return 0;
}
int main(void)
{
    pthread_attr_init(&pa);
    set(4); /* the extension exists before the threads: fa only copies */
    pthread_t ta, tb;
    pthread_create(&tb, 0, fb, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_join(tb, 0);
    pthread_join(ta, 0);
    return 0;
}
