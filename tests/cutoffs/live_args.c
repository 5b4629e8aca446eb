/* Liveness attack: arguments in memory.  A large struct passed by value
 * (copied to the outgoing area, read by the callee above its rbp), more
 * than six arguments (the seventh and eighth on the stack, which the
 * callee modifies), a large struct returned through a hidden pointer
 * (sret), and varargs read with va_arg after visible actions (va_list
 * points into the callee's register save area and into the caller's
 * outgoing area).  Every callee does pthread calls before it reads its
 * arguments, so the runtime zeroes dead bytes of every frame on the way
 * up while the arguments are still to be read (every mode zeroes, so
 * the thread is created only at the end, to keep dfs small).
 * Must report: only `seen == 0` (thr ran first). */
#include <assert.h>
#include <pthread.h>
#include <stdarg.h>

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

struct big { long v[9]; };

static long by_value(struct big b)
{
    visible();
    long s = 0;
    for (int i = 0; i < 9; i++) s += b.v[i];
    b.v[0] = 0; /* the callee's copy */
    visible();
    return s + b.v[0];
}

static long many(int a, int b, int c, int d, int e, int f, int g7, long h8)
{
    visible();
    g7 += 1; /* the callee changes its stack argument */
    h8 *= 2;
    visible();
    return a + b + c + d + e + f + g7 + h8;
}

static struct big make(long base)
{
    struct big r;
    for (int i = 0; i < 9; i++) r.v[i] = base + i;
    visible();
    return r;
}

static long sum_va(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++) {
        visible();
        s += va_arg(ap, long);
    }
    va_end(ap);
    return s;
}

static double sum_vd(int n, ...)
{
    va_list ap, aq;
    va_start(ap, n);
    va_copy(aq, ap);
    double s = 0;
    for (int i = 0; i < n; i++) {
        visible();
        s += va_arg(aq, double);
    }
    va_end(aq);
    va_end(ap);
    return s;
}

int main(void)
{
    struct big b = {{1, 2, 3, 4, 5, 6, 7, 8, 9}};
    long s1 = by_value(b);
    long s2 = many(1, 2, 3, 4, 5, 6, 7, 8);
    struct big r = make(100);
    long s3 = sum_va(9, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    double s4 = sum_vd(10, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0);
    pthread_t t;
    pthread_create(&t, 0, thr, 0); /* late: dfs stays small */
    pthread_mutex_lock(&m);
    int seen = g;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    assert(s1 == 45 - 0 && b.v[0] == 1);
    assert(s2 == 1 + 2 + 3 + 4 + 5 + 6 + 8 + 16);
    assert(r.v[0] == 100 && r.v[8] == 108);
    assert(s3 == 45);
    assert(s4 == 55.0);
    assert(seen == 0); /* fails when thr ran first */
    return 0;
}
