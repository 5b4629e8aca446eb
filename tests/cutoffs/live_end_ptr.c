/* Liveness attack: a pointer one past the end of a local array.  Built
 * with -O2 -fno-omit-frame-pointer, clang folds `&a[8]` into one
 * `lea rdi, [rbp-0x10]` while the array itself lies below, at
 * [rbp-0x30, rbp-0x10), written by plain stores.  liveness.c pins only
 * the bytes from the lowest `lea` up to rbp, so a[0..6] count as dead
 * after `call sum_before` (outer never reads them again), and the
 * runtime zeroes them at the visible actions inside sum_before, which
 * then reads them through e[-8..-1] (valid C: e - 8 == a).
 * Must report: only the assertion `first == 0` (thr ran first); never
 * `s == 36`, which fails only if the array was zeroed under the callee
 * (RAVEL_LIVENESS=0 gives the ground truth: executions 3). */
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g, first = -1;

static void *thr(void *p)
{
    pthread_mutex_lock(&m);
    g++;
    pthread_mutex_unlock(&m);
    return p;
}

/* reads the 8 ints before e, after a visible action */
__attribute__((noinline)) int sum_before(int *e)
{
    int loc[4];
    loc[0] = g;
    pthread_mutex_lock(&m);
    first = g;
    int s = 0;
    for (int i = 1; i <= 8; i++) s += e[-i];
    pthread_mutex_unlock(&m);
    __asm__ volatile("" ::"r"(loc) : "memory");
    return s;
}

__attribute__((noinline)) int outer(int v)
{
    int a[8];
    a[0] = v, a[1] = v + 1, a[2] = v + 2, a[3] = v + 3;
    a[4] = v + 4, a[5] = v + 5, a[6] = v + 6, a[7] = v + 7;
    return sum_before(&a[8]);
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, thr, 0);
    int s = outer(1);
    pthread_join(t, 0);
    assert(s == 36);     /* never fails: the array's sum */
    assert(first == 0);  /* fails when thr locked first */
    return 0;
}
