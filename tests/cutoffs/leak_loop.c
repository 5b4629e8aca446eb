/* class 6: one long loop that leaks heap.  fa allocates until fb stops it;
 * with the stop late enough the heap limit (--max-heap, 64 MiB here by
 * run.sh's flag) is exceeded.  Without the bump pointer in the state the
 * loop's states repeat and the loop is cut after one iteration. */
#include <pthread.h>
#include <stdlib.h>
int stop;
void *fa(void *a)
{
    while (!stop) (void)malloc(1 << 20);
    return 0;
}
int main(void)
{
    pthread_t ta;
    pthread_create(&ta, 0, fa, 0);
    stop = 1;
    pthread_join(ta, 0);
    return 0;
}
