/* Writes of different widths that leave the same bytes are the same
 * state (issue 28 part 1): fa writes g either by one 8-byte memset (when
 * it read x == 1, with two more events: the larger configuration) or by
 * two 4-byte stores of the same bytes.  With the memory image exact, the
 * larger configuration is a cutoff, as it is when both branches use the
 * same memset (-DSAME), so the two explore the same number of executions;
 * -DOTHER stores other bytes in the second branch, which are another
 * state (more executions).  No error. */
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdint.h>
#include <string.h>
_Alignas(8) uint32_t g[2];
int x, y;
sem_t s, t;
__attribute__((noinline)) static void wipe(void)
{
    char z[8192];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0;
}
void *fa(void *a)
{
    if (x) {
        memset(g, 7, sizeof g);
        sched_yield();
        sched_yield();
    } else {
#if defined SAME
        memset(g, 7, sizeof g);
#elif defined OTHER
        g[0] = 0x07070707;
        g[1] = 0x07070708;
#else
        g[0] = 0x07070707;
        g[1] = 0x07070707;
#endif
    }
    wipe();
    sem_post(&s);
    sem_wait(&t);
    return 0;
}
void *fb(void *a)
{
    x = 1;
    sem_wait(&s);
    sem_post(&t);
    y = 1;
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    sem_init(&s, 0, 0);
    sem_init(&t, 0, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
