/* ILP32 tasks whose verdict depends on the data model (gen.sh preprocesses
 * this file with -m32).  ravel runs programs as LP64, so for these it must
 * answer UNKNOWN, never the LP64 verdict.
 *   LONG  a counter of type unsigned long wraps at 2^32 under ILP32 (its
 *         expected verdict, FALSE) but not under LP64 (where ravel, running
 *         it as LP64, would find no call of reach_error: TRUE);
 *   ATTR  a correct program that hands a pthread_attr_t to the C library
 *         (36 bytes under ILP32, 56 under LP64: TRUE, and what the LP64
 *         library writes into the ILP32 object is not the program's). */
#include <assert.h>
#include <pthread.h>
void reach_error() { assert(0); }

#ifdef LONG
unsigned long ticks = 0xfffffffful;

void *tick(void *arg)
{
    ticks = ticks + 1;
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, tick, 0);
    pthread_join(t, 0);
    if (ticks == 0) reach_error(); /* ILP32: the counter wrapped */
    return 0;
}
#else
int done;

void *work(void *arg)
{
    done = 1;
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_create(&t, &attr, work, 0);
    pthread_join(t, 0);
    if (!done) reach_error();
    return 0;
}
#endif
