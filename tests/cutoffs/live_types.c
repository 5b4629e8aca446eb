/* Liveness attack: locals of unusual sizes and instructions, live across
 * pthread calls: long double (fld/fstp tbyte: 10 bytes of a 16-byte
 * slot), _Complex double and _Complex long double, __int128 (two 8-byte
 * halves), SSE vectors (movaps), a float array, a bit-field struct and
 * a union written through one member and read through another.  A size
 * or kill taken wrong zeroes part of a live value.
 * Must report: only `seen == 0` (thr ran first). */
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t; /* global: main takes no frame address (that pins its frame) */

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

typedef int v4 __attribute__((vector_size(16)));
typedef double v2d __attribute__((vector_size(16)));

int main(void)
{
    pthread_create(&t, 0, thr, 0);
    long double x = 3.25L;
    _Complex double z = 1.0 + 2.0i;
    _Complex long double zl = 3.0L + 4.0iL;
    __int128 w = ((__int128)5 << 64) | 7;
    v4 v = {1, 2, 3, 4};
    v2d d = {0.5, 1.5};
    float f[3] = {1.5f, 2.5f, 3.5f};
    struct { unsigned a : 3, b : 7, c : 22; } bits = {5, 100, 12345};
    union { double d; unsigned long long u; } un;
    un.d = 2.0;
    visible();
    x *= 2;
    visible();
    v = v + v;
    d = d * d;
    visible();
    int seen;
    pthread_mutex_lock(&m);
    seen = g;
    pthread_mutex_unlock(&m);
    visible();
    pthread_join(t, 0);
    assert(x == 6.5L);
    assert(__real__ z == 1.0 && __imag__ z == 2.0);
    assert(__real__ zl == 3.0L && __imag__ zl == 4.0L);
    assert(w == (((__int128)5 << 64) | 7));
    assert(v[0] == 2 && v[3] == 8);
    assert(d[0] == 0.25 && d[1] == 2.25);
    assert(f[0] + f[1] + f[2] == 7.5f);
    assert(bits.a == 5 && bits.b == 100 && bits.c == 12345);
    assert(un.u == 0x4000000000000000ull);
    assert(seen == 0); /* fails when thr ran first */
    return 0;
}
