/* Liveness attack: clang's __builtin_setjmp/__builtin_longjmp, which call
 * no C library function (so compile.c's returns_twice never sees them):
 * the same shape as live_setjmp.c.  Sound only because the function with
 * __builtin_setjmp copies rbp into a register (`mov rax, rbp`) and is
 * left out whole (RAVEL_LIVE_DEBUG=1 shows it), as is the one with
 * __builtin_longjmp (it loads rbp).
 * Must report: only `seen == 0` (thr ran first); never `x == 5`. */
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t; /* global: main takes no frame address (that pins its frame) */
void *jb[5];
static void *thr(void *p) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
static void jump(void) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); __builtin_longjmp(jb, 1); }
int main(void)
{
    pthread_create(&t, 0, thr, 0);
    volatile int x = 5;
    if (__builtin_setjmp(jb)) {
        assert(x == 5);
        pthread_mutex_lock(&m);
        int seen = g;
        pthread_mutex_unlock(&m);
        pthread_join(t, 0);
        assert(seen == 0);
        return 0;
    }
    x = 5;
    jump();
    return 1;
}
