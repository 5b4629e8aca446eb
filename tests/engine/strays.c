/* A mapping made during an execution and left in place must be gone when
 * the next execution starts, also when the process has more mappings than
 * the reset engine used to read at once (256): N threads first leave
 * their stacks and heap arenas mapped (kept between executions).  Each
 * execution leaves two mappings: 300,000 bytes anywhere (as glibc's
 * malloc maps a large block; too large for the hole where the engine's
 * probe page goes), and a page at a fixed address with
 * MAP_FIXED_NOREPLACE, which fails if the previous execution's page is
 * still there.  Two threads race on x for several executions.  The
 * program maps memory itself, so the reset engine runs it only when
 * asked (--engine=reset). */
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#ifndef N
#define N 120
#endif
#ifndef MAPPINGS
#define MAPPINGS 256
#endif
#define FIXED ((void *)0x600000000000ull)

static int x;

static void *helper(void *arg)
{
    free(malloc(16)); /* maps this thread's heap arena */
    return arg;
}

static void *racer(void *arg)
{
    x = x + (int)(intptr_t)arg;
    return NULL;
}

static int mappings(void)
{
    int lines = 0, c;
    FILE *m = fopen("/proc/self/maps", "r");
    while ((c = fgetc(m)) != EOF) lines += c == '\n';
    fclose(m);
    return lines;
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        pthread_t t;
        pthread_create(&t, NULL, helper, NULL);
        pthread_join(t, NULL);
    }
    assert(mappings() > MAPPINGS); /* what the test is about */
    char *big = mmap(NULL, 300000, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert(big != MAP_FAILED); /* not unmapped */
    void *p = mmap(FIXED, 4096, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    assert(p == FIXED); /* the previous execution's page is gone */
    *(volatile char *)p = *big;
    pthread_t a, b;
    pthread_create(&a, NULL, racer, (void *)1L);
    pthread_create(&b, NULL, racer, (void *)2L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
