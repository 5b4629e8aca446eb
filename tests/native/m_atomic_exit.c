/* Issue 9: a thread that exits inside an atomic section ends the section (an
 * atomic-end event before its exit), on both sides of the model. */
#include <pthread.h>
#include <stddef.h>
extern void __VERIFIER_atomic_begin(void);
static int x, y;
static void *t1(void *a)
{
    __VERIFIER_atomic_begin();
    x = 1;
    return NULL;
}
static void *t2(void *a)
{
    y = x;
    return NULL;
}
int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
