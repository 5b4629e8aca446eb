/* Writes of different widths that leave the same bytes are the same
 * state (issue 28 part 1; two_branches.h's template): fa writes g either
 * by one 8-byte memset (when it read x == 1, with two more events: the
 * larger configuration) or by two 4-byte stores of the same bytes.  With
 * the memory image exact, the larger configuration is a cutoff, as it is
 * when both branches use the same memset (-DSAME): the same executions;
 * -DOTHER stores other bytes in the second branch, which are another
 * state (more executions).  No error. */
#include <stdint.h>
#include <string.h>
_Alignas(8) uint32_t g[2];
#define BRANCH_A() memset(g, 7, sizeof g)
#if defined SAME
#define BRANCH_B() memset(g, 7, sizeof g)
#elif defined OTHER
#define BRANCH_B() (g[0] = 0x07070707, g[1] = 0x07070708)
#else
#define BRANCH_B() (g[0] = 0x07070707, g[1] = 0x07070707)
#endif
#define YIELDS() (sched_yield(), sched_yield())
#define CHECK()  ((void)0)
#include "two_branches.h"
