/* C99 inline helpers without an external definition (as in about 30
 * sv-benchmarks tasks): at -O0 the calls stay calls and no compiler emits
 * the function, so the program does not link with plain `cc -O0`.  ravel
 * retries the build with GNU89 inline semantics.  Two threads increment a
 * counter through the helper without a lock: the lost update reaches
 * reach_error (FALSE), and with -DLOCKED it cannot (TRUE). */
#include <pthread.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "inline_helper.c", 3, "reach_error"); }

inline int inc(int x) { return x + 1; }
inline void store(int *p, int v) { *p = v; }

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
#ifdef LOCKED
    pthread_mutex_lock(&m);
#endif
    int c = counter;
    store(&counter, inc(c));
#ifdef LOCKED
    pthread_mutex_unlock(&m);
#endif
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (counter != 2) reach_error();
    return 0;
}
