/* A spin whose states never repeat (each rand() call changes the C
 * library's hidden state: the states after it are unique), so udpor stops
 * the first execution at its budget, which is not --max-events. */
#include <pthread.h>
#include <stdlib.h>

int flag;

static void *w(void *a)
{
    flag = 1;
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    while (!flag) rand();
    pthread_join(t, 0);
    return 0;
}
