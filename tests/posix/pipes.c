/* Orders through the kernel (issue 27; src/runtime/pipes.c).
 * MODE 0: two writers into one pipe, main reads both after the joins and
 *   asserts w1's byte came first: wrong in one of the two orders of the
 *   writes (dfs finds it); every other algorithm ran one execution and
 *   said "no error, exhaustive" before pipes.c.
 * MODE 1: the same with a socketpair(AF_UNIX, SOCK_STREAM).
 * MODE 2: a pipe used by main alone before and after a thread that does
 *   not touch it, made after the thread was joined: results stay
 *   exhaustive (2 traces: the thread's store and main's read of x).
 * MODE 3: a handshake: the thread stores data, then writes a byte; main
 *   reads the byte, then data.  Correct, but the read blocks the process
 *   where main runs first (--timeout): never "exhaustive". */
#include <assert.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

int fd[2], x, data;

static void *w1(void *a)
{
    char c = 'a';
    (void)a;
    write(fd[1], &c, 1);
    return 0;
}
static void *w2(void *a)
{
    char c = 'b';
    (void)a;
    write(fd[1], &c, 1);
    return 0;
}
static void *store(void *a)
{
    (void)a;
    x = 1;
    return 0;
}
static void *handshake(void *a)
{
    char c = 'x';
    (void)a;
    data = 42;
    write(fd[1], &c, 1);
    return 0;
}

int main(void)
{
    pthread_t t1, t2;
    char c[2];
    if (MODE == 0 || MODE == 1) {
        if (MODE == 0) pipe(fd);
        else socketpair(AF_UNIX, SOCK_STREAM, 0, fd);
        pthread_create(&t1, 0, w1, 0);
        pthread_create(&t2, 0, w2, 0);
        pthread_join(t1, 0);
        pthread_join(t2, 0);
        read(fd[0], c, 2);
        assert(c[0] == 'a');
    } else if (MODE == 2) {
        pthread_create(&t1, 0, store, 0);
        int seen = x;
        pthread_join(t1, 0);
        pipe(fd);
        c[0] = (char)seen;
        write(fd[1], c, 1);
        read(fd[0], c + 1, 1);
        assert(c[1] == c[0]);
    } else {
        pipe(fd);
        pthread_create(&t1, 0, handshake, 0);
        read(fd[0], c, 1);
        assert(data == 42);
        pthread_join(t1, 0);
    }
    return 0;
}
