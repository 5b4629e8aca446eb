/* alive.c — main creates N threads (-DN) that each lock a mutex once;
 * all N are alive at once (main, the lowest thread, creates them all
 * before any runs), or with -DK at most K: main creates them in waves of
 * K and joins a wave before it creates the next; then main writes its own peak resident
 * set (getrusage, KiB) to the file OUT (-DOUT=\"path\"): bench/threads/mem.sh
 * divides its growth by N.  (The file makes the execution a fork of the
 * program's server: the peak includes the server's pages.) */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#ifndef OUT
#define OUT "/dev/null"
#endif

#ifndef N
#define N 1000
#endif
#ifndef K
#define K N
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int sum;
static pthread_t t[K];

static void *work(void *a)
{
    pthread_mutex_lock(&m);
    sum++;
    pthread_mutex_unlock(&m);
    return a;
}

int main(void)
{
    for (int done = 0; done < N; done += K) {
        int k = N - done < K ? N - done : K;
        for (int i = 0; i < k; i++) pthread_create(&t[i], 0, work, 0);
        for (int i = 0; i < k; i++) pthread_join(t[i], 0);
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    char buf[64];
    int n = snprintf(buf, sizeof buf, "%ld %d\n", ru.ru_maxrss, sum);
    int fd = open(OUT, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        if (write(fd, buf, (size_t)n) < 0) n = 0;
        close(fd);
    }
    return 0;
}
