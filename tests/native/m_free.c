/* Issue 9: free is a write over the freed block, so a read of the block by
 * another thread is ordered with it (2 traces: before or after). */
#include <pthread.h>
#include <stdlib.h>
static int *volatile p;
static int seen;

static void *reader(void *arg)
{
    seen = p[0];
    return NULL;
}

int main(void)
{
    p = malloc(4 * sizeof *p);
    p[0] = 1;
    pthread_t t;
    pthread_create(&t, NULL, reader, NULL);
    free(p);
    pthread_join(t, NULL);
    return 0;
}
