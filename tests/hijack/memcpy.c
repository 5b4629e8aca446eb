/* A program that defines its own memcpy (tests/hijack/hijack.h). */
#include <string.h>
#define HIJACK_USE() memcpy(&dst, &src, 1)
/* t2 does not copy: the byte copies are events, and dfs would explore
 * tens of thousands of interleavings */
#define HIJACK_USE2() ((void)0)
#define HIJACK_CALLS  1
static char src = 1, dst;
#include "hijack.h"

void *memcpy(void *d, const void *s, size_t n)
{
    char *dd = d;
    const char *ss = s;
    count_call();
    while (n--) *dd++ = *ss++;
    return d;
}
