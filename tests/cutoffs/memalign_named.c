/* posix_memalign writes *out without an event (the runtime's write on the
 * program's behalf): the states after it are unique, and the summary says
 * why (unique_states_from names the source). */
#include <pthread.h>
#include <stdlib.h>
int x;
void *t(void *a)
{
    x = 1;
    return a;
}
int main(void)
{
    void *p;
    pthread_t h;
    if (posix_memalign(&p, 64, 32)) return 1;
    pthread_create(&h, 0, t, 0);
    x = 2;
    pthread_join(h, 0);
    free(p);
    return 0;
}
