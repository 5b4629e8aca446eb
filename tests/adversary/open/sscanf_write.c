/* OPEN (not run by CI): C library functions that write through a pointer
 * the program passes, other than the wrapped string/sprintf functions
 * (sscanf, fgets, qsort, strtok_r, gmtime_r, read, ...), still write
 * without events: main's read of v looks independent of fc's sscanf, so
 * every explorer except dfs runs one order and says "no error,
 * exhaustive":
 *   build/release/ravel check --algo=dfs tests/adversary/open/sscanf_write.c    (assertion)
 *   build/release/ravel check tests/adversary/open/sscanf_write.c               (no error)
 * The states are tainted (cutoffs stay sound for themselves); the
 * dependence is missing.  A fix wraps each such function (memory.c) or
 * gives the impure trampoline a write event over its pointer arguments. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
int v, done;
void *fc(void *a)
{
    done = 1;
    sscanf("7", "%d", &v);
    return 0;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, fc, 0);
    int c = v;
    pthread_join(t, 0);
    assert(c == 0);
    return 0;
}
