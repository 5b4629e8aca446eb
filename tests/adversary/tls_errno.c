/* Two threads write errno (the C library's TLS, written by the program
 * through __errno_location(): instrumented, so events).  Each thread has
 * its own errno: the writes are independent (one trace) and no data race.
 * Before per-thread TLS areas every thread's errno had one address: sc
 * counted 2 traces and drf reported a data race on it. */
#include <errno.h>
#include <pthread.h>
void *f(void *a)
{
    errno = (int)(long)a;
    return 0;
}
int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, f, (void *)1);
    pthread_create(&b, 0, f, (void *)2);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
