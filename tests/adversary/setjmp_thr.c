/* longjmp out of a nested call with a mutex held, in a thread; the
 * jmp_buf is thread-local.  Found nothing: kept as a regression. */
#include <assert.h>
#include <pthread.h>
#include <setjmp.h>
int x, y;
__thread jmp_buf jb;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void inner(int k)
{
    pthread_mutex_lock(&m);
    x += k;
    if (x == 3) longjmp(jb, x); /* leaves with the mutex held */
    pthread_mutex_unlock(&m);
}
void *fa(void *a)
{
    int r = setjmp(jb);
    if (r) {
        y = r;
        pthread_mutex_unlock(&m);
        return 0;
    }
    inner((int)(long)a);
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, fa, (void *)1);
    pthread_create(&tb, 0, fa, (void *)2);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    assert(x == 3);
    pthread_mutex_lock(&m);
    assert(y == 0);
    return 0;
}
