/* many.c — three threads writing and reading one variable 30 times each:
 * far more interleavings (and traces) than any machine explores in
 * seconds, so a --time-limit always stops it first. */
#include <pthread.h>

int x;

static void *writer(void *a)
{
    for (int i = 0; i < 30; i++) x = i;
    return a;
}

static void *reader(void *a)
{
    int seen = 0;
    for (int i = 0; i < 30; i++) seen += x;
    return (void *)(long)seen;
}

int main(void)
{
    pthread_t a, b, c;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, writer, 0);
    pthread_create(&c, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
