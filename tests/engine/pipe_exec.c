/* A pipe made in every execution (issue 27 part 2: pipe is sysout.c's
 * wrapper now, and must not change which engine runs the program nor the
 * result).  The thread's byte goes through the pipe; which byte depends
 * on a race, so the executions differ.  With -DLEAK the ends stay open
 * (so does -DBUG's failing execution, which never reaches the close):
 * under a forced reset the engine's descriptor check sees the table
 * changed and redoes the exploration under fork (engine.c
 * kernel_state); -DBUG asserts the byte that only one order gives.
 * Ground truth: --engine=fork (tests/engine/run.sh t_pipe_engines). */
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

int x, fds[2];

void *writer(void *a)
{
    char c = x ? 'a' : 'b';
    assert(write(fds[1], &c, 1) == 1);
    return a;
}

int main(void)
{
    assert(pipe(fds) == 0);
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    x = 1;
    pthread_join(t, 0);
    char c = 0;
    assert(read(fds[0], &c, 1) == 1);
#ifdef BUG
    assert(c == 'a');
#else
    assert(c == 'a' || c == 'b');
#endif
#ifndef LEAK
    close(fds[0]);
    close(fds[1]);
#endif
    return 0;
}
