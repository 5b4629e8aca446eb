/* Issue 9: the key registry is shared state: two threads creating keys get
 * indices in the order they create them (an RMW of the registry, then the
 * write of *key, as events).  -DBUG asserts that `a` got the first index. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static pthread_key_t ka, kb;

static void *a(void *arg)
{
    pthread_key_create(&ka, NULL);
    return NULL;
}

static void *b(void *arg)
{
    pthread_key_create(&kb, NULL);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, a, NULL);
    pthread_create(&t2, NULL, b, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    assert(ka != kb);
#ifdef BUG
    assert(ka < kb);
#endif
    return 0;
}
