/* Liveness attack: control flow the analysis must follow or refuse.  A
 * dense switch (a jump table: the function must be left out), computed
 * goto (likewise), goto back into a loop, a local live around a loop
 * whose body does visible actions, a volatile local read by the next
 * iteration, and recursion with visible actions at the bottom and
 * locals read on the way back up.
 * Must report: only `seen == 0` (thr ran first). */
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

static void *thr(void *p)
{
    pthread_mutex_lock(&m);
    g = 1;
    pthread_mutex_unlock(&m);
    return p;
}

static void visible(void)
{
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
}

static int table(int k)
{
    int keep = 1000 + k, r;
    switch (k) {
    case 0: visible(); r = keep + 1; break;
    case 1: visible(); r = keep + 2; break;
    case 2: visible(); r = keep + 3; break;
    case 3: visible(); r = keep + 4; break;
    case 4: visible(); r = keep + 5; break;
    case 5: visible(); r = keep + 6; break;
    default: r = -1;
    }
    return r;
}

static int computed(int k)
{
    static void *const where[] = {&&a, &&b};
    int keep = 7 * k;
    goto *where[k & 1];
a:
    visible();
    return keep + 1;
b:
    visible();
    return keep + 2;
}

static int loops(void)
{
    int acc = 0, n = 0;
    volatile int prev = 3;
again:
    for (int i = 0; i < 3; i++) {
        int before = prev;
        visible();
        prev = before + i;
        acc += prev;
    }
    if (++n < 2) goto again;
    return acc;
}

static int rec(int d)
{
    int mine = d * 3 + 1;
    if (d == 0) {
        visible();
        return mine;
    }
    int below = rec(d - 1);
    visible();
    return mine + below;
}

int main(void)
{
    int t0 = table(2), t1 = table(5), c0 = computed(0), c1 = computed(3);
    int l = loops(), r = rec(5);
    pthread_t t;
    pthread_create(&t, 0, thr, 0);
    pthread_mutex_lock(&m);
    int seen = g;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    assert(t0 == 1005 && t1 == 1011);
    assert(c0 == 1 && c1 == 23);
    /* prev: 3,4,6 then 6,7,9 */
    assert(l == 3 + 4 + 6 + 6 + 7 + 9);
    assert(r == 1 + 4 + 7 + 10 + 13 + 16);
    assert(seen == 0); /* fails when thr ran first */
    return 0;
}
