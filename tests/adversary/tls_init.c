/* __thread variables start fresh in every thread and in every execution:
 * main changes its own copies before creating the threads; each thread
 * checks the initial values (one from an initialiser, one zero) and
 * changes one.  main's unordered read of x gives several traces, so
 * several executions reuse the same thread stacks and TLS areas (under
 * both engines).  The only error is the final assertion, in the traces
 * where main reads x after thread 1 wrote it. */
#include <assert.h>
#include <pthread.h>
__thread int counter = 7;
__thread long zeroed;
int x;
void *f(void *a)
{
    int id = (int)(long)a;
    assert(counter == 7 && zeroed == 0);
    counter = id;
    x = id;
    return 0;
}
int main(void)
{
    counter = 42;
    zeroed = -1;
    pthread_t a, b;
    pthread_create(&a, 0, f, (void *)1);
    int r = x;
    pthread_join(a, 0);
    pthread_create(&b, 0, f, (void *)2);
    pthread_join(b, 0);
    assert(counter == 42 && zeroed == -1);
    assert(r != 1);
    return 0;
}
