/* A failing assert() of <assert.h> outside reach_error: under unreach-call
 * it ends the program like abort() (only reach_error violates the
 * property); under the default --property=all it is an error. */
#include <assert.h>
#include <pthread.h>

int x;

void *t(void *arg)
{
    x = 1;
    return 0;
}

int main(void)
{
    pthread_t th;
    pthread_create(&th, 0, t, 0);
    assert(x == 0);
    pthread_join(th, 0);
    return 0;
}
