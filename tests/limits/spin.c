/* spin.c — main loops forever without a visible operation: the first
 * execution never ends by itself. */
#include <pthread.h>

int x;

static void *t(void *a)
{
    x = 1;
    return a;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    for (;;) __asm__ volatile(""); /* marker: spin */
}
