/* Every execution must start from the memory a fresh process has: globals,
 * statics, libc's state (rand, stdio), the heap (also glibc's own, through
 * strdup, and a block large enough for glibc to mmap it).  Under the reset
 * engine a leak from one execution into the next fails an assertion. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int runs;
static int x;
static char *big;

static void at_end(void)
{
    x = -1; /* runs after the last event; the next execution must not see it */
}

static void *t(void *arg)
{
    static int calls; /* per thread function, must start at 0 each execution */
    calls++;
    x = x + (int)(long)arg;
    return NULL;
}

int main(void)
{
    assert(++runs == 1);
    assert(x == 0);
    assert(big == NULL);
    assert(rand() == 1804289383); /* glibc's first value without srand */
    char *block = malloc(1000);
    memset(block, 1, 1000);
    char text[300000];
    memset(text, 'a', sizeof text - 1);
    text[sizeof text - 1] = 0;
    big = strdup(text); /* glibc's malloc: mmap for a block this large */
    printf("%d\n", (int)strlen(big));
    atexit(at_end);
    pthread_t a, b;
    pthread_create(&a, NULL, t, (void *)1L);
    pthread_create(&b, NULL, t, (void *)2L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(x != 2); /* fails when thread a's write is lost */
    free(big);
    free(block);
    return 0;
}
