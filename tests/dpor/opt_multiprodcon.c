/* --algo=optimal must explore each Mazurkiewicz trace once: 248, as
 * --algo=source and --algo=udpor --no-cutoffs count (tests/dpor/run.sh,
 * t_optimal_multiprodcon).  Reduced from Dpu's multiprodcon benchmark:
 * three producers append two base-3 digits each to buf under mutex m and
 * send one request to slot tmp % 5 (lock, increment, unlock of q[slot]),
 * tmp being buf after their own second digit; one worker takes slot 4.
 * The slot a producer locks depends on the order of the m sections, so
 * which lock events race changes between executions.
 * Optimal used to explore 245 (missing the traces where producer 1 runs
 * both m sections back to back and its send to slot 4 precedes the
 * worker's, m orders 1 1 2 0 0 2, 0 1 1 2 0 2, 1 1 0 2 2 0).  The race
 * worker lock(q[4]) -> producer 1 lock(q[4]) was reversed at the root
 * with v = producer 1's m sections . its lock(q[4]), ravel's notdep
 * stopping at e'; winsert took v as covered by a pending branch ordering
 * producer 0's m sections next, and the race that would reorder them in
 * that branch was discarded by the sleep test (Algorithm 2 line 7): the
 * worker, asleep since the root, is a weak initial of v = [lock(m)].
 * Fixed as in the paper (Abdulla et al., JACM 2017, Algorithm 2):
 * notdep(e, E) holds all of E after e that does not happen after e (line
 * 5), so v pins the m order, and every race of each maximal execution is
 * taken (line 3), those of the replayed prefix too, since v now depends
 * on what the execution does after e'.  With only the first change: 247
 * (m order 1 0 0 2 1 2 lost, its race seen only in an earlier execution).
 * (Unreduced variant, 5 workers: optimal 944 before, 956 distinct traces
 * with udpor, source and dpor.)  dfs does not finish in minutes. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t q[5] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                               PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static unsigned buf;
static int req[5];

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&q[4]);
    if (req[4]) req[4]--;
    pthread_mutex_unlock(&q[4]);
    return 0;
}

static void *producer(void *arg)
{
    unsigned id = (unsigned)(unsigned long)arg, tmp = 0;
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        buf = buf * 3 + id;
        tmp = buf;
        pthread_mutex_unlock(&m);
    }
    unsigned dst = tmp % 5;
    pthread_mutex_lock(&q[dst]);
    req[dst]++;
    pthread_mutex_unlock(&q[dst]);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    for (unsigned long i = 0; i < 3; i++) pthread_create(&t, 0, producer, (void *)i);
    pthread_exit(0);
}
