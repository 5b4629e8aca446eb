/* Uses a function a reset may not undo (fopen): --engine=auto forks and
 * says why. */
#include <pthread.h>
#include <stdio.h>

static int x;
static void *t(void *arg)
{
    x++;
    return NULL;
}

int main(void)
{
    FILE *f = fopen("/dev/null", "w");
    pthread_t a;
    pthread_create(&a, NULL, t, NULL);
    x++;
    pthread_join(a, NULL);
    if (f) fclose(f);
    return 0;
}
