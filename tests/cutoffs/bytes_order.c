/* Memory exact at the byte level (issue 28 part 1; docs/UDPOR.md "What a
 * state contains"): the same writes in the other order leave other bytes.
 * fa makes the same writes, with the same values, in either order: FIRST
 * then SECOND when it read x == 1 (and one more event, a yield: that
 * configuration is the larger one and would be cut), SECOND then FIRST
 * otherwise.  A state that composed the writes without their order (the
 * last value written to each range, or a sum of the values) would call
 * the two equal; the bytes differ, and fa's assertion sees the first
 * order's bytes only in an interleaving explored after the cut (y set).
 * two_branches.h's template; -DCASE=1..6 picks the writes:
 *   1 memset, then a one-byte store into it
 *   2 a struct copy (16 bytes), then one byte of it
 *   3 free and malloc (the block reused, refilled), then a byte of it
 *   4 strings of different lengths into one buffer
 *   5 an overlapping memmove and a store into its source
 *   6 an 8-byte store and a 2-byte store inside it */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifndef CASE
#define CASE 1
#endif
#if CASE == 1
char g[8];
#define FIRST()  memset(g, 'a', sizeof g)
#define SECOND() (g[3] = 'b')
#define BAD      (g[3] == 'b' && g[4] == 'a')
#elif CASE == 2
struct s {
    char c[16];
} src = {"PPPPPPPPPPPPPPP"}, dst;
#define FIRST()  (dst = src)
#define SECOND() (dst.c[5] = 'q')
#define BAD      (dst.c[5] == 'q')
#elif CASE == 3
char *volatile p;
#define FIRST()  (free(p), p = malloc(16))
#define SECOND() (p[5] = 'Z')
#define BAD      (p[5] == 'Z')
#elif CASE == 4
char g[8];
#define FIRST()  strcpy(g, "hello")
#define SECOND() strcpy(g, "hi")
#define BAD      (g[1] == 'i' && g[3] == 'l')
#elif CASE == 5
char g[8] = "abcdef";
#define FIRST()  memmove(g + 1, g, 4)
#define SECOND() (g[0] = 'z')
#define BAD      (g[1] == 'a')
#elif CASE == 6
_Alignas(8) unsigned char g[8];
#define FIRST()  (*(volatile uint64_t *)g = 0x1111111111111111ull)
#define SECOND() (*(volatile uint16_t *)(g + 2) = 0x2222)
#define BAD      (g[2] == 0x22)
#endif
#define BRANCH_A() (FIRST(), SECOND())
#define BRANCH_B() (SECOND(), FIRST())
#define CHECK()    assert(!BAD)
#if CASE == 3
#define SETUP() (p = malloc(16)) /* fa's own block: its free list gives it back */
#endif
#include "two_branches.h"
