/* Memory exact at the byte level (issue 28 part 1; docs/UDPOR.md "What a
 * state contains"): bytes the runtime writes without an event are part of
 * the state.  fa runs A when it read x == 1 (and one more event, a yield:
 * that configuration is the larger one and would be cut), B otherwise;
 * the two leave the same events' values and differ only in bytes the
 * heap wrote, which fa's check sees only in an interleaving explored
 * after the cut (y set).  two_branches.h's template; -DCASE=1..5:
 *   1 realloc's copy (the old block's byte is overwritten by free's link)
 *   2 strdup's copy (the source is overwritten afterwards)
 *   3 a fresh block's fill: one block of 4 MiB + 16 or two of 2 MiB leave
 *     the same pointers and bump pointer, and q[1000] is past the big
 *     block's fill (zero) but inside the small one's (0xbe)
 *   4 free by a thread that did not allocate the block changes none of
 *     its bytes, only the allocator's freed flag: free again is a double
 *     free after A only
 *   5 calloc's zeroing of a fresh block, against malloc's fill */
#include <stdlib.h>
#include <string.h>
#ifndef CASE
#define CASE 1
#endif
char *volatile p, *volatile q;
char g[8];
#if CASE == 1
#define SETUP()   (p = malloc(16))
#define BRANCH(c) (p[0] = (c), q = realloc(p, 64))
#define BAD       (q[0] == 'A')
#elif CASE == 2
#define SETUP()   ((void)0)
#define BRANCH(c) (g[0] = (c), q = strdup(g), g[0] = 'C')
#define BAD       (q[0] == 'A')
#elif CASE == 3
#define SETUP() ((void)0)
#define BRANCH(c)                                                                                  \
    ((c) == 'A' ? (p = malloc((4 << 20) + 16), q = p + (2 << 20) + 16)                             \
                : (p = malloc(2 << 20), q = malloc(2 << 20)))
#define BAD (q[1000] == 0)
#elif CASE == 4
#define SETUP()   ((void)0)
#define BRANCH(c) ((c) == 'A' ? free(p) : (void)0)
#define BAD       (free(p), 0) /* a double free after A */
#elif CASE == 5
#define SETUP()   ((void)0)
#define BRANCH(c) (p = (c) == 'A' ? calloc(1, 16) : malloc(16))
#define BAD       (p[3] == 0)
#endif
#define BRANCH_A() BRANCH('A')
#define BRANCH_B() BRANCH('B')
#define CHECK()    assert(!BAD)
#if CASE == 4
#define MAIN_SETUP() (p = malloc(16)) /* main's block: fa's free changes none of its bytes */
#endif
#include "two_branches.h"
