/* Increments inside __VERIFIER_atomic_begin/end and inside a function named
 * __VERIFIER_atomic_* run without interruption: no update is lost.  With
 * -DBROKEN neither is atomic and the assertion fails. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
static int x;

#ifdef BROKEN
#define SECTION_BEGIN()
#define SECTION_END()
#define INC plain_inc
#else
#define SECTION_BEGIN() __VERIFIER_atomic_begin()
#define SECTION_END() __VERIFIER_atomic_end()
#define INC __VERIFIER_atomic_inc
#endif

void INC(void)
{
    int v = x;
    x = v + 1;
}

static void *worker(void *arg)
{
    SECTION_BEGIN();
    int v = x;
    x = v + 1;
    SECTION_END();
    INC();
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(x == 4);
    return 0;
}
