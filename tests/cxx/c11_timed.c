/* C11 timed calls run on the runtime's pthread timed calls (c11threads.c):
 * timing out is always a possible outcome, so the assertion is reached
 * with thrd_timedout. */
#include <assert.h>
#include <threads.h>
#include <time.h>

static mtx_t m;
static cnd_t cv;

static int holder(void *arg)
{
    mtx_lock(&m);
    mtx_unlock(&m);
    return 0;
}

int main(void)
{
    thrd_t t;
    struct timespec ts = {0, 0};
    mtx_init(&m, mtx_timed);
    cnd_init(&cv);
    thrd_create(&t, holder, NULL);
#ifdef COND
    mtx_lock(&m);
    int r = cnd_timedwait(&cv, &m, &ts);
    mtx_unlock(&m);
#else
    int r = mtx_timedlock(&m, &ts);
    if (r == thrd_success) mtx_unlock(&m);
#endif
    assert(r != thrd_timedout); /* @timedout */
    thrd_join(t, NULL);
    return 0;
}
