/* C library functions that write the program's memory (strncpy, strcat,
 * snprintf, sprintf, stpcpy, strncat) were called through the "impure"
 * trampoline only (a taint for cutoffs), so their writes were no events:
 * main's read of d looked independent of fc, every explorer but dfs ran
 * one order, and all of them (udpor with and without cutoffs, optimal,
 * dpor, source) said "no error, exhaustive" while dfs finds main reading
 * the copied byte.  They are now wrapped (src/runtime/memory.c) and write
 * at a write event.  OP selects the function. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
char d[8];
int done;
void *fc(void *a)
{
    done = 1; /* an event first, so that the write is not in fc's creation */
#if OP == 0
    strncpy(d, "xy", 3);
#elif OP == 1
    strcat(d, "x");
#elif OP == 2
    snprintf(d, sizeof d, "%d", 7);
#elif OP == 3
    sprintf(d, "%s", "x");
#elif OP == 4
    stpcpy(d, "x");
#else
    strncat(d, "xyz", 1);
#endif
    return 0;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, fc, 0);
    char c = d[0];
    pthread_join(t, 0);
    assert(c == 0); /* fails when main reads after fc wrote */
    return 0;
}
