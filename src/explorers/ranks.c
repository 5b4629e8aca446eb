/*
 * ranks.c — --mpi: jobs.c's coordinator over MPI ranks (ranks.h).
 *
 * jobs.c speaks to each worker over a byte stream (a pipe each way).
 * Here the worker of rank r > 0 is a process forked on rank r as --jobs
 * forks one, and the two ends of its streams are relayed: on rank r the
 * rank's process moves the worker's bytes to rank 0 and rank 0's to the
 * worker; on rank 0 a relay thread moves them between MPI and pipes the
 * coordinator reads and writes as it would a local worker's.  So the
 * protocol, the units, the merging and the limits are jobs.c's, unchanged.
 *
 * Over MPI, between rank 0 and rank r, two kinds of message:
 *   T_DATA  bytes of the stream (in order: MPI does not overtake
 *           messages of one sender to one receiver on one communicator)
 *   T_END   the stream's end.  From rank r: its worker ended, with the
 *           wait status and the host, sent after its last bytes; rank 0
 *           then closes the coordinator's pipe and jobs.c asks the status
 *           (rank_status) for the reason.  From rank 0: the coordinator
 *           is done with rank r; rank r closes its worker's input.
 * Sends are non-blocking (two relays sending large messages to each
 * other at once must not wait for each other) and the relays never block
 * in MPI: they poll the pipes for a millisecond, then probe.
 */
#include "ranks.h"

#include <stdio.h>

#ifndef RAVEL_HAVE_MPI

bool rv_mpi_built(void)
{
    return false;
}

int rv_mpi_init(unsigned *rank, unsigned *size, char *err, size_t cap)
{
    snprintf(err, cap, "this ravel was built without MPI");
    return -1;
}

int rv_mpi_worst(int code)
{
    return code;
}

int rv_mpi_coordinate(rv_explore *x, rv_jobs_open_fn open, void *arg, rv_jobs *j)
{
    return -1;
}

int rv_mpi_serve(rv_explore *x, rv_jobs_open_fn open, void *arg)
{
    return -1;
}

#else

#include <errno.h>
#include <fcntl.h>
#include <mpi.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/util.h"

enum { T_DATA = 1, T_END = 2 };

typedef struct end_msg {
    int status; /* waitpid's */
    char host[MPI_MAX_PROCESSOR_NAME < 96 ? MPI_MAX_PROCESSOR_NAME : 96];
} end_msg;

/* One stream relayed between this process's pipes and a peer rank. */
typedef struct link_end {
    int peer;
    int rd;    /* bytes read here go to the peer; -1 at its end */
    int wr;    /* bytes from the peer are written here; -1 closed */
    char *out; /* from the peer, not yet written to wr */
    size_t nout, offout, capout;
    bool sent_end, got_end;
    pid_t worker;       /* rank r: its worker, reaped at the end of rd */
    end_msg end;        /* rank 0: what rank r said at its end */
    volatile int ended; /* rank 0: end is filled (read by the coordinator's thread) */
} link_end;

typedef struct pending {
    MPI_Request rq;
    void *p;
} pending;

typedef struct relay {
    link_end *e;
    unsigned n;
    pending *pd;
    size_t npd, cappd;
} relay;

static int my_rank;
static pid_t mpi_pid; /* the process that initialised MPI (not a forked child) */

static void finish(void)
{
    int done = 0;
    if (getpid() == mpi_pid && !MPI_Finalized(&done) && !done) MPI_Finalize();
}

bool rv_mpi_built(void)
{
    return true;
}

int rv_mpi_init(unsigned *rank, unsigned *size, char *err, size_t cap)
{
    int provided = 0, r = 0, s = 0;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        snprintf(err, cap, "MPI_Init failed");
        return -1;
    }
    mpi_pid = getpid();
    atexit(finish);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &s);
    my_rank = r;
    if (provided < MPI_THREAD_SERIALIZED) {
        snprintf(err, cap, "this MPI does not allow calls from a thread other than the main one");
        return -1;
    }
    if (s > RV_JOBS_MAX) {
        snprintf(err, cap, "--mpi takes at most %d ranks (this job has %d)", RV_JOBS_MAX, s);
        return -1;
    }
    *rank = (unsigned)r;
    *size = (unsigned)s;
    return 0;
}

int rv_mpi_worst(int code)
{
    int worst = code;
    MPI_Allreduce(&code, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return worst;
}

/* ---- the relay ---------------------------------------------------------------------------------
 */

static void isend(relay *rl, int peer, int tag, const void *p, size_t n)
{
    if (rl->npd == rl->cappd) {
        rl->cappd = rl->cappd ? 2 * rl->cappd : 16;
        rl->pd = rv_xrealloc(rl->pd, rl->cappd * sizeof *rl->pd);
    }
    pending *q = &rl->pd[rl->npd++];
    q->p = rv_xmalloc(n ? n : 1);
    memcpy(q->p, p, n);
    MPI_Isend(q->p, (int)n, MPI_BYTE, peer, tag, MPI_COMM_WORLD, &q->rq);
}

static void reap_sends(relay *rl)
{
    for (size_t i = 0; i < rl->npd;) {
        int done = 0;
        MPI_Test(&rl->pd[i].rq, &done, MPI_STATUS_IGNORE);
        if (!done) {
            i++;
            continue;
        }
        free(rl->pd[i].p);
        rl->pd[i] = rl->pd[--rl->npd];
    }
}

/* The end of e's input: say so to the peer, with the worker's status on
 * rank r (reaped here). */
static void input_ended(relay *rl, link_end *e)
{
    close(e->rd);
    e->rd = -1;
    end_msg m = {0};
    if (e->worker > 0) {
        while (waitpid(e->worker, &m.status, 0) < 0 && errno == EINTR) {
        }
        e->worker = 0;
        int len = 0;
        char host[MPI_MAX_PROCESSOR_NAME];
        MPI_Get_processor_name(host, &len);
        snprintf(m.host, sizeof m.host, "%s", host);
    }
    isend(rl, e->peer, T_END, &m, sizeof m);
    e->sent_end = true;
}

static void pump_in(relay *rl, link_end *e)
{
    char chunk[1 << 16];
    ssize_t k = read(e->rd, chunk, sizeof chunk);
    if (k < 0 && (errno == EINTR || errno == EAGAIN)) return;
    if (k <= 0) {
        input_ended(rl, e);
        return;
    }
    isend(rl, e->peer, T_DATA, chunk, (size_t)k);
}

static void pump_out(link_end *e)
{
    while (e->wr >= 0 && e->offout < e->nout) {
        ssize_t k = write(e->wr, e->out + e->offout, e->nout - e->offout);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0 && errno == EAGAIN) return;
        if (k <= 0) { /* the reader is gone: what is left has no one to read it */
            e->nout = e->offout = 0;
            break;
        }
        e->offout += (size_t)k;
    }
    if (e->offout == e->nout) e->nout = e->offout = 0;
    if (e->got_end && !e->nout && e->wr >= 0) {
        close(e->wr);
        e->wr = -1;
    }
}

static link_end *by_peer(relay *rl, int peer)
{
    for (unsigned i = 0; i < rl->n; i++)
        if (rl->e[i].peer == peer) return &rl->e[i];
    return NULL;
}

static void receive(relay *rl)
{
    for (;;) {
        int flag = 0, n = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (!flag) return;
        MPI_Get_count(&st, MPI_BYTE, &n);
        char *p = rv_xmalloc(n ? (size_t)n : 1);
        MPI_Recv(p, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        link_end *e = by_peer(rl, st.MPI_SOURCE);
        if (e && st.MPI_TAG == T_DATA && e->wr >= 0) {
            if (e->nout + (size_t)n > e->capout) {
                e->capout = 2 * (e->nout + (size_t)n);
                e->out = rv_xrealloc(e->out, e->capout);
            }
            memcpy(e->out + e->nout, p, (size_t)n);
            e->nout += (size_t)n;
        } else if (e && st.MPI_TAG == T_END) {
            if ((size_t)n >= sizeof e->end) memcpy(&e->end, p, sizeof e->end);
            e->got_end = true;
            __atomic_store_n(&e->ended, 1, __ATOMIC_RELEASE);
        }
        free(p);
        if (e) pump_out(e);
    }
}

static bool finished(const relay *rl)
{
    if (rl->npd) return false;
    for (unsigned i = 0; i < rl->n; i++) {
        const link_end *e = &rl->e[i];
        if (!e->sent_end || !e->got_end || e->wr >= 0) return false;
    }
    return true;
}

/* Move bytes until every stream has ended both ways. */
static void run_relay(relay *rl)
{
    struct pollfd p[2 * RV_JOBS_MAX];
    link_end *who[2 * RV_JOBS_MAX];
    while (!finished(rl)) {
        unsigned m = 0;
        for (unsigned i = 0; i < rl->n; i++) {
            link_end *e = &rl->e[i];
            if (e->rd < 0 && !e->sent_end) { /* never started: nothing will come */
                isend(rl, e->peer, T_END, &(end_msg){.status = 255 << 8}, sizeof(end_msg));
                e->sent_end = true;
            }
            if (e->rd >= 0) p[m] = (struct pollfd){.fd = e->rd, .events = POLLIN}, who[m++] = e;
            if (e->wr >= 0 && e->nout)
                p[m] = (struct pollfd){.fd = e->wr, .events = POLLOUT}, who[m++] = e;
        }
        int k = m ? poll(p, m, 1) : 0;
        if (!m) usleep(1000);
        for (unsigned i = 0; k > 0 && i < m; i++) {
            if (!p[i].revents) continue;
            if (p[i].fd == who[i]->rd && who[i]->rd >= 0)
                pump_in(rl, who[i]);
            else if (p[i].fd == who[i]->wr)
                pump_out(who[i]);
        }
        receive(rl);
        for (unsigned i = 0; i < rl->n; i++) pump_out(&rl->e[i]);
        reap_sends(rl);
    }
}

static void free_relay(relay *rl)
{
    for (unsigned i = 0; i < rl->n; i++) free(rl->e[i].out);
    free(rl->pd);
}

/* ---- rank 0 ------------------------------------------------------------------------------------
 */

typedef struct rank0 {
    rv_jobs_open_fn open;
    void *arg;
    unsigned n;
    relay rl; /* e[r - 1]: rank r */
    pthread_t thread;
    bool started;
} rank0;

static void *relay_thread(void *arg)
{
    run_relay(arg);
    return NULL;
}

static void start_relay(rank0 *z)
{
    if (z->started || z->n < 2) return;
    /* the signals (SIGINT, the time limit's and progress's timers) are
     * the coordinator's: the relay thread is created with them blocked */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    z->started = !pthread_create(&z->thread, NULL, relay_thread, &z->rl);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!z->started) run_relay(&z->rl); /* no thread: end the other ranks now */
}

/* Worker 0 is forked here; worker r > 0 is rank r's, its streams the
 * relay's pipes.  The relay starts with the last: no fork follows it. */
static int rank_start(void *ctx, const rv_explore *x, unsigned i, const int *inherited,
                      size_t ninherited, int *to, int *from, pid_t *pid)
{
    rank0 *z = ctx;
    if (i == 0) {
        *pid = rv_jobs_fork_worker(x, 0, z->open, z->arg, inherited, ninherited, to, from);
        if (*pid < 0) return -1;
        if (z->n == 1) start_relay(z);
        return 0;
    }
    int down[2], up[2];
    if (rv_jobs_pipes(down, up)) return -1;
    fcntl(up[1], F_SETFL, O_NONBLOCK); /* the relay never waits on one stream */
    link_end *e = &z->rl.e[i - 1];
    e->rd = down[0];
    e->wr = up[1];
    *to = down[1];
    *from = up[0];
    *pid = 0;
    if (i == z->n - 1) start_relay(z);
    return 0;
}

static int rank_status(void *ctx, unsigned i, char *where, size_t cap)
{
    rank0 *z = ctx;
    link_end *e = &z->rl.e[i - 1];
    if (!__atomic_load_n(&e->ended, __ATOMIC_ACQUIRE)) { /* the relay closed without an end */
        snprintf(where, cap, "%s", "");
        return 255 << 8; /* "exit status 255" */
    }
    snprintf(where, cap, "%s", e->end.host);
    return e->end.status;
}

int rv_mpi_coordinate(rv_explore *x, rv_jobs_open_fn open, void *arg, rv_jobs *j)
{
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    rank0 z = {.open = open, .arg = arg, .n = (unsigned)size};
    z.rl.n = z.n - 1;
    z.rl.e = rv_xcalloc(z.n, sizeof *z.rl.e);
    for (unsigned r = 1; r < z.n; r++)
        z.rl.e[r - 1] = (link_end){.peer = (int)r, .rd = -1, .wr = -1};
    rv_jobs_link link = {.start = rank_start, .status = rank_status, .ctx = &z, .who = "rank"};
    snprintf(link.group, sizeof link.group, "--mpi (%u ranks)", z.n);
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    int rc = rv_jobs_run_over(x, z.n, &link, j);
    j->mpi = true;
    /* a start that failed before the last rank: the relay still ends the others */
    if (!z.started && z.n > 1) {
        for (unsigned r = 1; r < z.n; r++)
            if (z.rl.e[r - 1].wr >= 0) close(z.rl.e[r - 1].wr), z.rl.e[r - 1].wr = -1;
        start_relay(&z);
    }
    if (z.started) pthread_join(z.thread, NULL);
    signal(SIGPIPE, old_pipe);
    free_relay(&z.rl);
    free(z.rl.e);
    return rc;
}

/* ---- rank r > 0 --------------------------------------------------------------------------------
 */

int rv_mpi_serve(rv_explore *x, rv_jobs_open_fn open, void *arg)
{
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    rv_jobs_clock(x);
    link_end e = {.peer = 0, .rd = -1, .wr = -1};
    int to = -1, from = -1;
    pid_t pid = rv_jobs_fork_worker(x, (unsigned)my_rank, open, arg, NULL, 0, &to, &from);
    if (pid > 0) {
        fcntl(to, F_SETFL, O_NONBLOCK);
        e = (link_end){.peer = 0, .rd = from, .wr = to, .worker = pid};
    }
    relay rl = {.e = &e, .n = 1};
    run_relay(&rl);
    free_relay(&rl);
    signal(SIGPIPE, old_pipe);
    return pid > 0 ? 0 : -1;
}

#endif
