/* issue 9: main spins on z != 2 while a thread creates and joins an empty
 * thread, then writes z twice.  With cutoffs this hung in settle(). */
#include <pthread.h>
int z;
void *empty(void *a)
{
    return 0;
}
void *t1(void *a)
{
    pthread_t e;
    pthread_create(&e, 0, empty, 0);
    pthread_join(e, 0);
    z = 1;
    z = 2;
    return 0;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, t1, 0);
    while (z != 2) {
    }
    pthread_join(t, 0);
    return 0;
}
