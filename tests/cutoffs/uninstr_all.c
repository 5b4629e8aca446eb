/* class 5: a whole translation unit the compiler did not instrument
 * (flags after ravel's -fsanitize=thread, tests/cutoffs/run.sh): no
 * access of the program is an event, so shared data is read and written
 * under a mutex, whose operations are.  The template of uninstr.c: fa
 * reads x and, if it is 1, changes state that no event records (hidden)
 * and yields once more; the two orders of the first critical sections
 * reach fb's sem_wait with equal fingerprints unless that state is part
 * of the state, and fa observes it only when fb's last critical section
 * ran first.  Must report the assertion `!hidden`, as --no-cutoffs does.
 * At 664a6c0 the default said "no error, exhaustive". */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
int hidden, other, x, y;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
sem_t s, t;
__attribute__((noinline)) static void set_hidden(int *p) { *p = 1; }
__attribute__((noinline)) static void wipe(void)
{
    char z[8192];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0;
}
void *fa(void *a)
{
    pthread_mutex_lock(&m);
    int r = x;
    pthread_mutex_unlock(&m);
    if (r) {
        set_hidden(&hidden);
        sched_yield(); /* one more event: this order is the larger configuration */
    } else {
        set_hidden(&other);
    }
    wipe();
    sem_post(&s);
    sem_wait(&t);
    pthread_mutex_lock(&m);
    int ry = y;
    pthread_mutex_unlock(&m);
    if (ry) assert(!hidden);
    return 0;
}
void *fb(void *a)
{
    pthread_mutex_lock(&m);
    x = 1;
    pthread_mutex_unlock(&m);
    sem_wait(&s);
    sem_post(&t);
    pthread_mutex_lock(&m);
    y = 1;
    pthread_mutex_unlock(&m);
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
