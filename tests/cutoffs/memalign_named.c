/* posix_memalign writes *out at a write event (src/runtime/progmem.c;
 * before issue 27 part 2 without one, and the states after it were
 * unique): the state folds the pointer like any write, so no state is
 * unique. */
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
