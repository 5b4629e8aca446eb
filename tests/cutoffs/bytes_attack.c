/* Attacks on the memory image (issue 28 part 1; docs/UDPOR.md "What a
 * state contains"): two configurations that differ only in bytes the
 * program reads later must never be one state.  two_branches.h's
 * template (A: x read as 1, one yield more, the larger configuration;
 * B: otherwise); CHECK() fails after A only.  -DCASE=1..4:
 *   1 a write hidden in a freed-then-reused block: A and B write other
 *     bytes at offset 5000 of an 8 KiB block, free it and get it back
 *     from malloc; the refill writes 0xbe over the first 4 KiB only
 *     (memory.c FILL_MAX), so the byte survives the free and the reuse
 *   2 an object reallocated at the same address with other content: a
 *     block freed and allocated again (the same address both times) holds
 *     what A and B wrote in its second life, the first life's bytes
 *     equal; the free-list link and the refill overwrite the first
 *     life's difference, not the second's
 *   3 memmove over an overlapping range: A and B fill 8 bytes with the
 *     same values in other orders and widths, then move them by 3 bytes
 *     over themselves: A's source holds one byte other than B's, which
 *     the overlap copies into the destination and then overwrites in
 *     the source (its difference survives only through the move)
 *   4 memcpy of a struct over a struct (a copy by assignment) whose
 *     source is then cleared: only the copy keeps A's field */
#include <stdlib.h>
#include <string.h>
#ifndef CASE
#define CASE 1
#endif
char *volatile p, *volatile q;
char g[16];
struct pair {
    int a;
    short b;
    char c;
};
struct pair s1, s2;
#if CASE == 1
static void branch(char c)
{
    p = malloc(8192);
    p[5000] = c;
    free(p);
    q = malloc(8192); /* the same block */
}
#define BAD (q[5000] == 'A')
#elif CASE == 2
static void branch(char c)
{
    p = malloc(16);
    p[0] = 'X'; /* the first life: equal */
    free(p);
    q = malloc(16); /* the same address */
    q[9] = c;
}
#define BAD (q[9] == 'A')
#elif CASE == 3
static void branch(char c)
{
    if (c == 'A') {
        memset(g, 1, 8);
        g[1] = 'A';
    } else {
        g[1] = 'B';
        memset(g + 2, 1, 6);
        g[0] = 1;
    }
    memmove(g + 3, g, 5); /* g[4] = g[1] */
    g[1] = 1;             /* the source's difference overwritten */
}
#define BAD (g[4] == 'A')
#elif CASE == 4
static void branch(char c)
{
    s1.a = 1;
    s1.b = 2;
    s1.c = c;
    s2 = s1;
    memset(&s1, 0, sizeof s1);
}
#define BAD (s2.c == 'A')
#endif
#define BRANCH_A() branch('A')
#define BRANCH_B() branch('B')
#define CHECK()    assert(!BAD)
#include "two_branches.h"
