/* A pointer to a popped frame read by another thread while the owner
 * reuses the slot for a non-escaping local (no event).  Found nothing:
 * kept as a regression. */
/* a pointer to a popped frame: the slot is rewritten by a later call of
 * the same thread without an event (a non-escaping local), so another
 * thread's read of it depends on that thread's progress */
#include <assert.h>
#include <pthread.h>
int *volatile p;
int go;
__attribute__((noinline)) static void publish(void)
{
    int v = 1;
    p = &v;
    go = 1;
}
__attribute__((noinline)) static int other(int k)
{
    volatile int w = k;
    return w;
}
void *fa(void *a)
{
    publish();
    other(7);
    go = 2;
    return 0;
}
int main(void)
{
    pthread_t ta;
    pthread_create(&ta, 0, fa, 0);
    if (go == 1) {
        int r = *p;
        assert(r == 1);
    }
    pthread_join(ta, 0);
    return 0;
}
