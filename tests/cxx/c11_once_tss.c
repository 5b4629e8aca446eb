/* C11 threads: call_once runs its function once among N threads and
 * main; each thread stores a value in a tss_t whose destructor counts the
 * values it is given (under a recursive mtx_t locked twice); mtx_init
 * rejects an unknown type, a plain mutex held by its owner is thrd_busy to
 * mtx_trylock, thrd_current/thrd_equal tell threads apart, and thrd_exit
 * passes its result to thrd_join.  -DBUG: the once function is also called
 * directly by a thread, so it runs twice in some executions. */
#include <assert.h>
#include <threads.h>

#ifndef N
#define N 2
#endif

static once_flag once = ONCE_FLAG_INIT;
static int inits;
static tss_t key;
static mtx_t rm;
static int dtor_sum, dtor_calls;
static int slot[N];

static void init(void)
{
    inits++;
}

static void dtor(void *p)
{
    assert(mtx_lock(&rm) == thrd_success);
    assert(mtx_lock(&rm) == thrd_success); /* recursive */
    dtor_sum += *(int *)p;
    dtor_calls++;
    mtx_unlock(&rm);
    mtx_unlock(&rm);
}

static int worker(void *arg)
{
    int id = (int)(long)arg;
    call_once(&once, init);
#ifdef BUG
    if (id == 1) init();
#endif
    assert(tss_get(key) == NULL);
    slot[id] = id + 10;
    assert(tss_set(key, &slot[id]) == thrd_success);
    assert(tss_get(key) == &slot[id]);
    thrd_exit(id + 20);
}

int main(void)
{
    thrd_t t[N];
    mtx_t plain, bad;
    assert(mtx_init(&bad, 7) == thrd_error);
    assert(mtx_init(&plain, mtx_timed) == thrd_success);
    assert(mtx_lock(&plain) == thrd_success);
    assert(mtx_trylock(&plain) == thrd_busy);
    mtx_unlock(&plain);
    assert(mtx_init(&rm, mtx_plain | mtx_recursive) == thrd_success);
    assert(tss_create(&key, dtor) == thrd_success);
    for (long i = 0; i < N; i++) thrd_create(&t[i], worker, (void *)i);
    call_once(&once, init);
    assert(thrd_equal(thrd_current(), thrd_current()) && !thrd_equal(thrd_current(), t[0]));
    int want = 0;
    for (int i = 0; i < N; i++) {
        int res;
        assert(thrd_join(t[i], &res) == thrd_success && res == i + 20);
        want += i + 10;
    }
    assert(inits == 1);
    assert(dtor_calls == N && dtor_sum == want);
    tss_delete(key);
    return 0;
}
