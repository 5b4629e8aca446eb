/* sscanf writes v through its pointer argument.  It did so without an
 * event (only the string and sprintf functions were wrapped): main's read
 * of v looked independent of fc's sscanf, so every explorer except dfs
 * ran one order and said "no error, exhaustive".  sscanf is now wrapped
 * (src/runtime/libcmem.c): the input is read at a read event and each
 * destination written at its own write event.  2 traces; the assertion
 * fails when main reads v after fc's sscanf. */
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
