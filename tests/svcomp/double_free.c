/* Two threads free the same block when both see it non-NULL: a double
 * free in the interleavings where both read p before either clears it. */
#include <pthread.h>
#include <stdlib.h>

int *p;

void *t(void *arg)
{
    int *q = p;
    if (q) {
        p = 0;
        free(q); /* MARK free */
    }
    return 0;
}

int main(void)
{
    pthread_t a, b;
    p = malloc(sizeof *p);
    pthread_create(&a, 0, t, 0);
    pthread_create(&b, 0, t, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
