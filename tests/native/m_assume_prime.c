/* A thread whose assume fails before its first visible action: it stops
 * while it is being primed, inside main's create event (fuzzer seed 19983
 * at -O1, where the compiler folded `v = 2; assume(v != 2)` into
 * assume(0)).  The runtime scheduled other threads from inside the create
 * event, recording it twice: dfs counted 6 "deadlock" traces, udpor 1.
 * Every execution is infeasible: 0 traces, no error, exit 0. */
#include <pthread.h>
extern void __VERIFIER_assume(int);
static int x;

static void *writer(void *a)
{
    x = 1;
    return a;
}

static void *stopper(void *a)
{
    __VERIFIER_assume(0);
    return a;
}

int main(void)
{
    pthread_t t0, t1;
    pthread_create(&t0, 0, writer, 0);
    pthread_create(&t1, 0, stopper, 0);
    pthread_join(t0, 0);
    pthread_join(t1, 0);
    return 0;
}
