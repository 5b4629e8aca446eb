/* arena_full.c — a thread asks for 5 GiB in one block: more than its own
 * heap arena holds (4 GiB, protocol.h RV_HEAP_SPAN), whatever
 * --max-memory allows the execution as a whole. */
#include <stdlib.h>

int main(void)
{
    char *p = malloc((size_t)5 << 30);
    if (p) p[0] = 1;
    return 0;
}
