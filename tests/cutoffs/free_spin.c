/* Issue 28's 14-line program (part 1): a struct written field by field
 * and freed, then a spin-wait on a flag another thread sets.  The free
 * writes the whole block over the two 4-byte fields; that made every later
 * state unique and the spin ran into the event limit.  With the memory
 * image exact: exhaustive in 2 executions, as without the free (-DNO_FREE;
 * the closed form: the flag read set, or read clear until the state
 * repeats). */
#include <pthread.h>
#include <stdlib.h>
struct s {
    int a;
    int b;
};
static int flag;
static void *thr(void *x)
{
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    return x;
}
int main(void)
{
    struct s *p = malloc(sizeof *p);
    p->a = 1;
    p->b = 2;
#ifndef NO_FREE
    free(p);
#endif
    pthread_t t;
    pthread_create(&t, 0, thr, 0);
    while (!__atomic_load_n(&flag, __ATOMIC_SEQ_CST))
        ;
    pthread_join(t, 0);
    return 0;
}
