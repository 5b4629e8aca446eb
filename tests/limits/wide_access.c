/* wide_access.c — accesses of every width race with a narrow one.  udpor's
 * mapping and the trace counter file an access at the level of its width
 * (8-byte granules up to 512 bytes, coarser units above: action.h
 * rv_mem_level) and must find every dependence that filing per granule
 * found, across levels, in every order.  -DW=bytes the fill, -DC=bytes
 * the copy, -DOFF=the narrow write's offset (inside or past the others).
 * -DPRE=n makes main write n times first: a wide access then has more
 * events before it than units below its level, and looks through the
 * chains instead of scanning the events (extend.c mem_chains).  The trace
 * counts are those of dfs and optimal. */
#include <assert.h>
#include <pthread.h>
#include <string.h>

#ifndef W
#define W 4096
#endif
#ifndef C
#define C W
#endif
#ifndef OFF
#define OFF 4
#endif
#ifndef PRE
#define PRE 0
#endif
#define N ((W > C ? W : C) + OFF + 64)

static char buf[N], copy[C];
static volatile char pad[64];

static void *filler(void *a)
{
    memset(buf, 1, W); /* a wide write */
    return a;
}

static void *poker(void *a)
{
    buf[OFF] = 5; /* a narrow write inside (or past) the wide ranges */
    return a;
}

static void *copier(void *a)
{
    memcpy(copy, buf, C); /* a wide read */
    return a;
}

int main(void)
{
    pthread_t t[3];
    for (int i = 0; i < PRE; i++) pad[i % 64] = (char)i;
    pthread_create(&t[0], 0, filler, 0);
    pthread_create(&t[1], 0, poker, 0);
    pthread_create(&t[2], 0, copier, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
#ifdef BUG
    /* the poke, then the copy, then the fill: the only order that fails
     * (when OFF lies inside both) */
    if (OFF < C) assert(!(copy[OFF] == 5 && buf[OFF] == 1));
#endif
    return 0;
}
