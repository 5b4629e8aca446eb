/* main aborts right after creating t; only if t runs first does it reach
 * reach_error.  The first execution (lowest thread first) aborts: an
 * explorer must treat the abort as the end of the program that it is
 * (dependent with every other thread's step) to find the other order. */
#include <pthread.h>
extern void abort(void);
extern void reach_error(void);

void *t(void *arg)
{
    reach_error();
    return 0;
}

int main(void)
{
    pthread_t th;
    pthread_create(&th, 0, t, 0);
    abort();
    return 0;
}
