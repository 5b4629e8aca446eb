/* heap_grow.c — calloc, then realloc doubling a buffer and filling the new
 * half each time: stopped by --max-memory, or by the address-space limit
 * (then said so), never by ravel running out of memory. */
#include <stdlib.h>
#include <string.h>

int main(void)
{
    size_t n = 4096;
    char *p = calloc(1, n);
    for (;;) {
        char *q = realloc(p, 2 * n);
        if (!q) break;
        p = q;
        memset(p + n, 7, n);
        n *= 2;
    }
    return 0;
}
