/*
 * native.c — the native backend: drives the fork server inside a compiled
 * program (protocol in src/runtime/protocol.h).
 *
 * Robustness: the program can crash, hang, exit, or kill its server; none
 * of that may hang or crash ravel.  Every wait has a deadline; a child past
 * its --timeout is killed; a dead server is restarted once per execution.
 * With the reset engine (protocol.h) the "child" is the server itself: a
 * timeout's SIGXCPU ends only the execution, a kill ends the server, which
 * is then restarted like a dead one.
 */
#include "native.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../core/stop.h"
#include "../../core/util.h"
#include "../../runtime/protocol.h"
#include "elfimage.h"
#include "symbols.h"

typedef struct native {
    rv_backend base;
    char *binary;
    rv_shm *shm;
    size_t shm_size;
    int shm_fd;
    int req_fd, rsp_fd;
    pid_t server;
    bool answered;       /* some server of this backend has answered a request */
    bool reset;          /* the running server has answered and runs the reset engine */
    uint32_t sent, seen; /* doorbells: requests sent, answers received (protocol.h) */
    rv_spinner spin;
    uint64_t spin_max; /* shm->spin_ticks while spinning pays (spin_gate) */
    unsigned ncpus;
    double gate_at; /* when spin_gate looks again */
    unsigned busy;  /* spin_gate's looks in a row that found more runnable threads than CPUs */
    bool cut;       /* the last execution was cut by limits.deadline or a signal (stop.h),
                       not by --timeout */
    bool over;      /* the last execution was ended for its resident memory (watch_memory) */
    uint64_t rss, rss_base; /* its resident bytes then; the running server's, between executions */
    double base_at;         /* when rss_base is read again */
    rv_symbols *sym;
} native;

/* ------------------------------------------------------------------ */
/* The server process.                                                 */

/* Move fd to exactly `want` in the child, whatever numbers collide. */
static void place_fd(int fd, int want)
{
    if (fd != want) dup2(fd, want);
}

/* --max-output: the largest file the program may write (RLIMIT_FSIZE,
 * so stdout and stderr redirected to a file too), never more than the
 * user's own limit.  A write past it raises SIGXFSZ, which the runtime
 * reports as a resource limit (fault.c); a program that floods its output
 * into a file, or writes one in a loop, stops there instead of filling the
 * disk.  The terminal, pipes and /dev/null (where `ravel check` sends the
 * output) are not files: there a flood only costs time, up to --timeout. */
static void limit_file_size(uint64_t mb)
{
    struct rlimit r;
    if (!mb || getrlimit(RLIMIT_FSIZE, &r)) return;
    rlim_t want = (rlim_t)mb << 20;
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur <= want) return;
    r.rlim_cur = r.rlim_max != RLIM_INFINITY && r.rlim_max < want ? r.rlim_max : want;
    setrlimit(RLIMIT_FSIZE, &r);
}

static void exec_server(native *nb, int req_r, int rsp_w)
{
    /* lift every fd above the target range first so dup2 cannot clobber one */
    int s = fcntl(nb->shm_fd, F_DUPFD, 300), q = fcntl(req_r, F_DUPFD, 300),
        r = fcntl(rsp_w, F_DUPFD, 300);
    place_fd(s, RV_FD_SHM);
    place_fd(q, RV_FD_REQ);
    place_fd(r, RV_FD_RSP);
    int devnull = open("/dev/null", O_RDWR);
    dup2(devnull, 0);
    if (!nb->base.limits.show_output) {
        dup2(devnull, 1);
        dup2(devnull, 2);
    }
    /* a process group of its own: a terminal's ^C reaches ravel alone,
     * which stops the exploration and reports (stop.h); the program would
     * otherwise die of it in the middle of an execution, a "crash" */
    setpgid(0, 0);
    setenv("RAVEL_SERVER", "1", 1);
    /* resolve every symbol at load: otherwise the reset engine would undo
     * the lazy binding after each execution and pay for it again */
    setenv("LD_BIND_NOW", "1", 1);
    limit_file_size(nb->base.limits.max_output_mb);
    personality(ADDR_NO_RANDOMIZE); /* same library and stack addresses in every run */
    rv_stack_limit_restore();       /* the user's, not the one ravel raised for itself */
    char *argv[] = {nb->binary, NULL};
    execv(nb->binary, argv);
    _exit(127);
}

static int start_server(native *nb, char *err, size_t cap)
{
    int req[2], rsp[2];
    if (pipe2(req, O_CLOEXEC) || pipe2(rsp, O_CLOEXEC)) {
        snprintf(err, cap, "pipe: %s", strerror(errno));
        return -1;
    }
    /* the previous server, if any, is gone (stop_server) */
    rv_shm *s = nb->shm;
    s->to_server.seq = s->to_ravel.seq = 0;
    s->to_ravel.sleeping = 0;
    s->to_server.sleeping = 1; /* the server starts in a read of its pipe */
    nb->sent = nb->seen = 0;
    nb->reset = false;
    nb->spin = (rv_spinner){.limit = nb->spin_max};
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, cap, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) exec_server(nb, req[0], rsp[1]);
    close(req[0]);
    close(rsp[1]);
    nb->req_fd = req[1];
    nb->rsp_fd = rsp[0];
    nb->server = pid;
    return 0;
}

static void stop_server(native *nb)
{
    if (nb->server <= 0) return;
    close(nb->req_fd);
    close(nb->rsp_fd);
    /* the server exits on EOF; make sure of it */
    for (int i = 0; i < 100; i++) {
        if (waitpid(nb->server, NULL, WNOHANG) == nb->server) {
            nb->server = 0;
            return;
        }
        usleep(1000);
    }
    kill(nb->server, SIGKILL);
    waitpid(nb->server, NULL, 0);
    nb->server = 0;
}

/* A stoppable wait looks at the stop flag (and draws the progress line)
 * this often, in milliseconds. */
#define STOP_SLICE_MS 100

/* Read exactly n bytes within timeout_ms (<0: no deadline).  Returns 1 on
 * success, 0 on EOF/error, -1 on timeout, or when `stoppable` and the run
 * was asked to stop (rv_stop_poll, polled every STOP_SLICE_MS). */
static int read_deadline(int fd, void *p, size_t n, int timeout_ms, bool stoppable)
{
    char *c = p;
    double end = rv_now() + timeout_ms / 1000.0;
    while (n) {
        int wait = -1;
        if (timeout_ms >= 0) {
            double left = end - rv_now();
            if (left <= 0) return -1;
            wait = (int)(left * 1000) + 1;
        }
        if (stoppable && (wait < 0 || wait > STOP_SLICE_MS)) wait = STOP_SLICE_MS;
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int r = poll(&pfd, 1, wait);
        if (stoppable && r <= 0 && rv_stop_poll()) return -1;
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) {
            if (timeout_ms >= 0 && rv_now() >= end) return -1;
            continue;
        }
        ssize_t k = read(fd, c, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return 0;
        c += k;
        n -= (size_t)k;
    }
    return 1;
}

/* Wait for the server's next answer (protocol.h "Doorbells") within
 * timeout_ms (<0: no deadline): its value, then 1; 0 if the server is
 * gone, -1 on timeout or, when `stoppable`, when the run was asked to
 * stop (stop.h). */
static int wait_answer(native *nb, int32_t *field, int32_t *value, int timeout_ms, bool stoppable)
{
    rv_bell *b = &nb->shm->to_ravel;
    uint32_t want = nb->seen + 1;
    uint64_t t0 = rv_ticks();
    uint64_t max = __atomic_load_n(&nb->shm->spin_ticks, __ATOMIC_RELAXED);
    bool spun = rv_bell_spin(b, want, &nb->spin, max);
    if (!spun) {
        double end = rv_now() + timeout_ms / 1000.0;
        for (;;) {
            if (!rv_bell_sleep(b, want)) break;
            int left = -1;
            if (timeout_ms >= 0) {
                double l = end - rv_now();
                left = l > 0 ? (int)(l * 1000) + 1 : 0;
            }
            char c;
            int r = left == 0 ? -1 : read_deadline(nb->rsp_fd, &c, 1, left, stoppable);
            if (r == 0) return 0;
            if (r == -1) {
                if (rv_bell_wake(b)) return -1;
                /* the server has just answered: its byte comes at once */
                if (read_deadline(nb->rsp_fd, &c, 1, 1000, false) != 1) return 0;
            }
            if (rv_bell_arrived(b, want)) break;
        }
    }
    rv_spin_adapt(&nb->spin, max, rv_ticks() - t0, spun);
    nb->seen = want;
    *value = __atomic_load_n(field, __ATOMIC_RELAXED);
    return 1;
}

/* ------------------------------------------------------------------ */
/* One execution.                                                      */

static void prepare_request(native *nb, const rv_step *prefix, size_t n, rv_policy pol)
{
    rv_shm *s = nb->shm;
    const rv_limits *l = &nb->base.limits;
    if (n) memcpy(rv_shm_steps(s), prefix, n * sizeof *prefix);
    s->nsteps = (uint32_t)n;
    s->policy = pol;
    s->budget = l->budget && l->budget < s->max_events ? l->budget : s->max_events;
    s->avoid = l->avoid;
    s->flags = (l->posix_exit ? RV_REQ_POSIX_EXIT : 0) |
               (l->fingerprints ? RV_REQ_FINGERPRINTS : 0) |
               (l->show_output ? RV_REQ_SHOW_OUTPUT : 0) | (l->drf ? RV_REQ_DRF : 0) |
               (l->spurious ? RV_REQ_SPURIOUS : 0) | (l->lazy_enabled ? RV_REQ_LAZY_ENABLED : 0) |
               (l->give_way && l->fingerprints ? RV_REQ_GIVE_WAY : 0) |
               (l->real_clock ? RV_REQ_REAL_CLOCK : 0) | (l->explain ? RV_REQ_EXPLAIN : 0);
    if (l->explain) {
        rv_xl_head *h = rv_shm_explain(s);
        h->used = 0;
        h->truncated = 0;
    }
    s->max_heap = l->max_heap_mb ? l->max_heap_mb << 20 : UINT64_MAX;
    s->max_threads = l->max_threads ? l->max_threads : RV_MAX_THREADS;
    s->thread_bound = l->thread_bound;
    s->nondet_lo = l->nondet_lo;
    s->nondet_hi = l->nondet_hi;
    rv_shm_clear_results(s);
}

/* How long to wait for the running child: --timeout, or less if the whole
 * exploration's deadline (--time-limit) comes first (then nb->cut); -1 for
 * no limit at all. */
static int child_wait_ms(native *nb)
{
    const rv_limits *l = &nb->base.limits;
    double t = l->timeout_s > 0 ? l->timeout_s : -1;
    nb->cut = false;
    if (l->deadline > 0) {
        double left = l->deadline - rv_now();
        if (left < 0.001) left = 0.001;
        if (t < 0 || left < t) {
            t = left;
            nb->cut = true;
        }
    }
    return t < 0 ? -1 : (int)(t * 1000) + 1;
}

/* How long the server may take to answer a request with the child's pid:
 * it forks at once, but the first answer also waits for the program to
 * load and run its constructors. */
#define PID_DEADLINE_MS 30000
/* How long a child past its --timeout may take to say where it is. */
#define WHERE_DEADLINE_MS 200

/* Spinning pays only while each side has a CPU of its own: with more
 * threads runnable than CPUs (/proc/loadavg's fourth field, read every
 * 10 ms) a spinner may hold the very CPU its sender waits for (measured:
 * lockloop 3 times as slow on a loaded machine), so then neither side
 * spins (shm->spin_ticks 0).  Only two looks in a row count: the field is
 * a snapshot, and a kernel thread or a short-lived process that happens
 * to be runnable at one look turned spinning off for the next 10 ms on
 * an idle machine (issue 11: 800-2,000 of philo_flags N=14's 16,383
 * waits a side, each then a sleep and a wake-up on the critical path). */
static void spin_gate(native *nb)
{
    double now = rv_now();
    if (!nb->spin_max || now < nb->gate_at) return;
    nb->gate_at = now + 0.01;
    char buf[128];
    int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
    if (fd >= 0) close(fd);
    if (n <= 0) return;
    buf[n] = 0;
    const char *p = buf;
    for (int f = 0; f < 3 && p; f++) {
        p = strchr(p, ' ');
        if (p) p++;
    }
    if (!p) return;
    long running = strtol(p, NULL, 10);
    nb->busy = running > (long)nb->ncpus ? nb->busy + 1 : 0;
    __atomic_store_n(&nb->shm->spin_ticks, nb->busy < 2 ? nb->spin_max : 0, __ATOMIC_RELAXED);
}

/* The resident memory of the process running an execution, watched
 * (issue 27 part 6).  --max-memory counts the program's heap exactly, at
 * the allocation; memory that is not heap (mmap, the C library's own
 * allocations, thread stacks, thread-local storage, the race detector's
 * tables) it does not: a program that mapped and filled 64 MiB regions in
 * a loop took 11 GB of the machine before its --timeout.  So while an
 * execution runs past WATCH_FIRST_MS, ravel reads its resident size every
 * WATCH_MS at most, and ends it (as a --timeout does, SIGXCPU first, so
 * the report says where the program was) when it has grown past the
 * server's resident size between executions (rss_base, read at most every
 * 100 ms: with the reset engine it holds the pages earlier executions
 * left) by more than --max-memory plus WATCH_SLACK_MB. */
#define WATCH_FIRST_MS 10
#define WATCH_MS       100
#define WATCH_SLACK_MB 512ull

static uint64_t resident_bytes(pid_t pid)
{
    char path[64], buf[128];
    snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return 0;
    buf[n] = 0;
    char *p = strchr(buf, ' ');
    return p ? strtoull(p + 1, NULL, 10) * (uint64_t)sysconf(_SC_PAGESIZE) : 0;
}

static uint64_t watch_limit(const native *nb)
{
    uint64_t mb = nb->base.limits.max_heap_mb;
    return mb ? (mb + WATCH_SLACK_MB) << 20 : 0;
}

/* Between executions: the server's resident size, at most every 100 ms. */
static void watch_base(native *nb)
{
    double now = rv_now();
    if (!watch_limit(nb) || now < nb->base_at || nb->server <= 0) return;
    nb->base_at = now + 0.1;
    nb->rss_base = resident_bytes(nb->server);
}

/* Wait for the execution's status within timeout_ms (<0: none), watching
 * pid's resident memory: as wait_answer (stoppable: -1 at once when a
 * stop is requested, stop.h), and -1 with nb->over set when the memory
 * limit ended the wait. */
static int wait_watched(native *nb, pid_t pid, int32_t *st, int timeout_ms)
{
    int32_t *stf = &nb->shm->status;
    uint64_t limit = watch_limit(nb);
    if (!limit) return wait_answer(nb, stf, st, timeout_ms, true);
    double end = rv_now() + timeout_ms / 1000.0;
    int slice = WATCH_FIRST_MS;
    for (;;) {
        int ms = slice;
        if (timeout_ms >= 0) {
            double left = end - rv_now();
            int l = left > 0 ? (int)(left * 1000) + 1 : 0;
            if (l <= ms) return wait_answer(nb, stf, st, l, true);
        }
        int r = wait_answer(nb, stf, st, ms, true);
        if (r != -1 || rv_stop_requested()) return r;
        uint64_t rss = resident_bytes(pid);
        if (rss > nb->rss_base + limit) {
            nb->over = true;
            nb->rss = rss;
            return -1;
        }
        slice = slice * 2 < WATCH_MS ? slice * 2 : WATCH_MS;
    }
}

/* Why the program's process ended before its server answered once: it
 * ended before main (a constructor that failed an assertion, called
 * reach_error, exited, or used what ravel does not support before main).
 * The process is not reaped (WNOWAIT): stop_server does that.  Before,
 * every such end read "the program did not start (is it a ravel
 * build?)", also for an assertion failing in a constructor. */
static const char *ended_before_main(const native *nb)
{
    static char msg[256];
    siginfo_t si = {0};
    for (int i = 0; i < 200; i++) { /* it is ending: up to 1 s */
        si.si_pid = 0;
        if (waitid(P_PID, (id_t)nb->server, &si, WEXITED | WNOHANG | WNOWAIT) != 0) return NULL;
        if (si.si_pid == nb->server) break;
        usleep(5000);
    }
    if (si.si_pid != nb->server) return NULL;
    const char *hint = "in a constructor? ravel does not explore code that runs before main";
    if (si.si_code == CLD_EXITED && si.si_status == 127)
        return NULL; /* exec failed (exec_server): not a program that ran */
    if (si.si_code == CLD_EXITED)
        snprintf(msg, sizeof msg, "the program exited with status %d before main started (%s)",
                 si.si_status, hint);
    else
        snprintf(msg, sizeof msg, "the program was killed by %s before main started (%s)",
                 strsignal(si.si_status), hint);
    return msg;
}

/* Send the request and collect the child's pid and status.  Returns 0, or
 * -1 if the server is gone or silent (then *why says so).  Every wait has
 * a deadline, so a program that breaks the protocol ends the exploration
 * with a message instead of hanging ravel. */
static int run_child(native *nb, int *status, bool *timed_out, const char **why)
{
    spin_gate(nb);
    nb->sent++;
    if (rv_bell_ring(&nb->shm->to_server) && write(nb->req_fd, "", 1) != 1) {
        /* a program that ends before its server reads (a constructor that
         * exits) closes the pipe before the first request is written */
        const char *e = nb->answered ? NULL : ended_before_main(nb);
        *why = nb->answered ? "the program's fork server is not running"
               : e          ? e
                            : "the program did not start its server (it ended first: a "
                              "constructor that exits?)";
        return -1;
    }
    int32_t pid = nb->server;
    int r = 1;
    if (!nb->reset) r = wait_answer(nb, &nb->shm->pid, &pid, PID_DEADLINE_MS, true);
    if (r != 1 || pid <= 0) {
        if (r == -1 && rv_stop_requested())
            *why = "the exploration was stopped while the program started";
        else if (pid < 0)
            *why = "the program's fork server could not fork";
        else if (r == -1)
            *why = nb->answered ? "the program's fork server stopped answering (30 s)"
                                : "the program did not answer within 30 s of starting (a "
                                  "constructor that does not return?)";
        else if (nb->answered)
            *why = "the program's fork server died";
        else if (!(*why = ended_before_main(nb)))
            *why = "the program did not start (is it a ravel build?)";
        return -1;
    }
    if (!nb->answered) {
        /* the server says which engine it runs once, before its first answer */
        rv_shm *s = nb->shm;
        snprintf(nb->base.engine, sizeof nb->base.engine, "%s",
                 s->engine_used == RV_ENGINE_RESET ? "reset" : "fork");
        snprintf(nb->base.engine_why, sizeof nb->base.engine_why, "%.*s", (int)sizeof s->engine_why,
                 s->engine_why);
        snprintf(nb->base.taint_note, sizeof nb->base.taint_note, "%.*s", (int)sizeof s->taint_note,
                 s->taint_note);
    }
    nb->answered = true;
    /* a reset server answers only its first request with a pid (its own) */
    nb->reset = nb->shm->engine_used == RV_ENGINE_RESET;
    int32_t st = 0;
    int32_t *stf = &nb->shm->status;
    nb->over = false;
    nb->base.running_events = &nb->shm->nevents; /* the progress line reads it */
    r = wait_watched(nb, pid, &st, child_wait_ms(nb));
    nb->base.running_events = NULL;
    *timed_out = r == -1;
    if (r != -1 || nb->over) nb->cut = false;
    if (r == -1 && !nb->over && rv_stop_signal()) nb->cut = true;
    if (r == -1) {
        /* ask the runtime where the program is (protocol.h), then kill */
        kill(pid, SIGXCPU);
        r = wait_answer(nb, stf, &st, WHERE_DEADLINE_MS, false);
        if (r == -1) {
            kill(pid, SIGKILL);
            r = wait_answer(nb, stf, &st, PID_DEADLINE_MS, false);
        }
    }
    if (r != 1) {
        kill(pid, SIGKILL);
        *why = "the program's fork server died";
        return -1;
    }
    *status = st;
    return 0;
}

/* "data race on counter: write by thread 1 and read by thread 2 are not
 * ordered by synchronisation (prog.c:12 (f) and prog.c:20 (main))" */
static void describe_race(native *nb, rv_trace *t)
{
    char what[sizeof t->msg];
    snprintf(what, sizeof what, "%s", t->msg);
    const char *obj = rv_symbols_object(nb->sym, t->err_addr);
    char addr[32];
    snprintf(addr, sizeof addr, "%#llx", (unsigned long long)t->err_addr);
    char here[200], there[200];
    snprintf(here, sizeof here, "%s", rv_symbols_location(nb->sym, t->err_pc));
    snprintf(there, sizeof there, "%s", rv_symbols_location(nb->sym, t->err_pc2));
    snprintf(t->msg, sizeof t->msg,
             "data race on %s: %s are not ordered by synchronisation (%s and %s)", obj ? obj : addr,
             what, here, there);
}

/* The runtime cannot name source lines: a reason it gives may hold a
 * return address as "<pc 0x...>" (src/runtime/unmodelled.c); each
 * becomes "file:line (function)". */
static void name_pcs(native *nb, char *s, size_t cap)
{
    static const char tag[] = "<pc 0x";
    char *p;
    while ((p = strstr(s, tag))) {
        char *end;
        unsigned long long pc = strtoull(p + 4, &end, 16);
        if (*end != '>') break;
        char rest[512];
        snprintf(rest, sizeof rest, "%s", end + 1);
        const char *at = rv_symbols_location(nb->sym, pc);
        snprintf(p, cap - (size_t)(p - s), "%s%s", at ? at : "an unknown place", rest);
    }
}

static void copy_result(native *nb, rv_trace *out, int status, bool timed_out)
{
    rv_shm *s = nb->shm;
    rv_trace_reset(out);
    uint64_t n = s->nevents <= s->max_events ? s->nevents : s->max_events;
    if (out->cap < n) {
        out->cap = n;
        out->ev = rv_xrealloc(out->ev, n * sizeof *out->ev);
    }
    if (n) memcpy(out->ev, rv_shm_events(s), n * sizeof *out->ev);
    out->n = n;
    out->end = (rv_end)s->end;
    out->exit_code = s->exit_code;
    out->signo = s->signo;
    out->err_tid = (uint16_t)s->err_tid;
    out->err_pc = s->err_pc;
    out->err_addr = s->err_addr;
    out->nonexhaustive = (uint8_t)s->nonexhaustive;
    rv_trace_set_nthreads(out, s->nthreads <= RV_MAX_THREADS ? s->nthreads : 0);
    if (out->nthreads) memcpy(out->threads, s->threads, out->nthreads * sizeof *out->threads);
    snprintf(out->msg, sizeof out->msg, "%s", s->msg);
    snprintf(out->unexplored, sizeof out->unexplored, "%.*s", (int)sizeof s->unexplored - 1,
             s->unexplored);
    name_pcs(nb, out->unexplored, sizeof out->unexplored);
    out->err_pc2 = s->err_pc2;
    if (out->end == RV_END_RACE) describe_race(nb, out);
    if (timed_out && nb->over) {
        out->end = RV_END_RESOURCE;
        out->err_tid = (uint16_t)s->running;
        snprintf(out->msg, sizeof out->msg,
                 "the program's resident memory grew by %llu MB, past --max-memory=%llu plus %llu "
                 "MB for what is not heap (mmap, the C library's allocations, stacks)",
                 (unsigned long long)((nb->rss - nb->rss_base) >> 20),
                 (unsigned long long)nb->base.limits.max_heap_mb, WATCH_SLACK_MB);
    } else if (timed_out && nb->cut) {
        out->end = RV_END_TIMEOUT;
        out->err_tid = (uint16_t)s->running;
        if (rv_stop_signal())
            snprintf(out->msg, sizeof out->msg,
                     "the exploration was stopped by %s during this execution (thread %u running)",
                     rv_stop_signal_name(rv_stop_signal()), s->running);
        else
            snprintf(out->msg, sizeof out->msg,
                     "the exploration's --time-limit passed during this execution (thread %u "
                     "running)",
                     s->running);
    } else if (timed_out) {
        out->end = RV_END_TIMEOUT;
        out->err_tid = (uint16_t)s->running;
        snprintf(out->msg, sizeof out->msg,
                 "execution exceeded the time limit of %g s in thread %u (a loop without visible "
                 "operations?)",
                 nb->base.limits.timeout_s, s->running);
    } else if (out->end == RV_END_NONE) {
        out->err_tid = (uint16_t)s->running;
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) {
            /* before the runtime's handler was installed, or after its end */
            out->end = RV_END_RESOURCE;
            snprintf(out->msg, sizeof out->msg,
                     "the program wrote a file past --max-output=%llu MB",
                     (unsigned long long)nb->base.limits.max_output_mb);
        } else if (WIFSIGNALED(status)) {
            out->end = RV_END_CRASH;
            out->signo = WTERMSIG(status);
            snprintf(out->msg, sizeof out->msg, "killed by signal %d (%s)", WTERMSIG(status),
                     strsignal(WTERMSIG(status)));
        } else {
            out->end = RV_END_INTERNAL;
            snprintf(out->msg, sizeof out->msg,
                     "the program ended without reporting (exit status %d)",
                     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        }
    }
}

/* A reset server that left because an execution changed kernel state a
 * reset cannot put back (engine.c, "Kernel state"; shm->engine_quit):
 * every execution it answered had started from the start's state, so
 * their results stand, and the next server forks (the summary says why). */
static bool fall_back_to_fork(native *nb)
{
    rv_shm *s = nb->shm;
    if (!s->engine_quit[0]) return false;
    s->engine = RV_ENGINE_FORK;
    s->engine_used = RV_ENGINE_FORK; /* the new server sets it only when asked for a reset */
    snprintf(nb->base.engine, sizeof nb->base.engine, "fork");
    snprintf(nb->base.engine_why, sizeof nb->base.engine_why, "%.*s", (int)sizeof s->engine_quit,
             s->engine_quit);
    /* the new server's first answer copies engine_why (run_child) */
    memcpy(s->engine_why, s->engine_quit, sizeof s->engine_why);
    s->engine_quit[0] = 0;
    nb->base.engine_switched = true;
    return true;
}

static int native_execute(rv_backend *b, const rv_step *prefix, size_t n, rv_policy pol,
                          rv_trace *out)
{
    native *nb = (native *)b;
    if (n > nb->shm->max_steps) {
        rv_trace_reset(out);
        out->end = RV_END_INTERNAL;
        snprintf(out->msg, sizeof out->msg, "schedule of %zu steps exceeds the event limit", n);
        return -1;
    }
    const rv_limits *l = &nb->base.limits;
    if (rv_stop_signal() || (l->deadline > 0 && rv_now() >= l->deadline)) {
        /* past the exploration's --time-limit, or signalled: nothing more runs */
        rv_trace_reset(out);
        out->end = RV_END_TIMEOUT;
        out->err_tid = RV_NO_THREAD;
        snprintf(out->msg, sizeof out->msg, "%s",
                 rv_stop_signal() ? "the exploration was stopped by a signal"
                                  : "the exploration's --time-limit has passed");
        return 0;
    }
    const char *why = NULL;
    for (int attempt = 0; attempt < 2; attempt++) {
        prepare_request(nb, prefix, n, pol);
        int status = 0;
        bool timed_out = false;
        if (run_child(nb, &status, &timed_out, &why) == 0) {
            copy_result(nb, out, status, timed_out);
            watch_base(nb);
            return 0;
        }
        char err[256];
        stop_server(nb);
        bool fell_back = fall_back_to_fork(nb);
        /* a server that never answered will not do better the second
         * time, unless it left the reset engine (its first execution made
         * a trapped system call) */
        if ((!nb->answered && !fell_back) || start_server(nb, err, sizeof err)) break;
    }
    rv_trace_reset(out);
    out->end = RV_END_INTERNAL;
    snprintf(out->msg, sizeof out->msg, "%s", why ? why : "cannot run the program");
    return -1;
}

static const char *native_location(rv_backend *b, uint64_t pc)
{
    native *nb = (native *)b;
    return pc ? rv_symbols_location(nb->sym, pc) : NULL;
}

static const char *native_function(rv_backend *b, uint64_t pc)
{
    return rv_symbols_function(((native *)b)->sym, pc);
}

static const char *native_object(rv_backend *b, uint64_t addr)
{
    return rv_symbols_object(((native *)b)->sym, addr);
}

static uint64_t native_object_key(rv_backend *b, uint64_t addr)
{
    return rv_symbols_key(((native *)b)->sym, addr);
}

static rv_xl_head *native_explain_log(rv_backend *b)
{
    native *nb = (native *)b;
    return nb->shm ? rv_shm_explain(nb->shm) : NULL;
}

static const char *native_binary(rv_backend *b)
{
    return ((native *)b)->binary;
}

static void native_destroy(rv_backend *b)
{
    native *nb = (native *)b;
    stop_server(nb);
    if (nb->shm && getenv("RAVEL_ENGINE_STATS"))
        fprintf(stderr, "ravel: engine: %llu pre-runs confirmed (%llu steps), %llu redone\n",
                (unsigned long long)nb->shm->pre_confirmed, (unsigned long long)nb->shm->pre_steps,
                (unsigned long long)nb->shm->pre_redone);
    if (nb->shm) munmap(nb->shm, nb->shm_size);
    if (nb->shm_fd >= 0) close(nb->shm_fd);
    rv_symbols_close(nb->sym);
    free(nb->binary);
    free(nb);
}

static const rv_backend_ops native_ops = {
    .execute = native_execute,
    .location = native_location,
    .function = native_function,
    .object_name = native_object,
    .object_key = native_object_key,
    .destroy = native_destroy,
    .explain_log = native_explain_log,
    .binary = native_binary,
};

/* RAVEL_ENGINE=fork|reset|auto in the environment is the engine when no
 * --engine was given: it lets a test suite run in either engine without
 * changing its command lines.  With neither, auto: reset when the program
 * allows it, else fork (docs/DESIGN.md §2 "Engines"). */
static uint32_t engine_request(uint8_t engine)
{
    const char *env = getenv("RAVEL_ENGINE");
    if (engine == RV_ENGINE_UNSET) {
        engine = RV_ENGINE_AUTO;
        if (env && !strcmp(env, "fork")) engine = RV_ENGINE_FORK_ONLY;
        if (env && !strcmp(env, "reset")) engine = RV_ENGINE_RESET_ALWAYS;
    }
    switch (engine) {
    case RV_ENGINE_FORK_ONLY:
        return RV_ENGINE_FORK;
    case RV_ENGINE_RESET_ALWAYS:
        return RV_ENGINE_RESET | RV_ENGINE_FORCE;
    default:
        return RV_ENGINE_RESET;
    }
}

/* The doorbells' longest spin (protocol.h), in time-stamp counter ticks
 * measured here against the clock: SPIN_US, adapted down by each side as
 * waits turn out longer.  None with fewer than two CPUs to run on: there
 * a spinning side would only keep the other from running. */
#define SPIN_US 200
static uint64_t spin_ticks(unsigned *ncpus)
{
    cpu_set_t set;
    *ncpus = sched_getaffinity(0, sizeof set, &set) ? 1 : (unsigned)CPU_COUNT(&set);
    if (*ncpus < 2) return 0;
    double us = SPIN_US;
    const char *e = getenv("RAVEL_SPIN_US");
    if (e) us = atof(e);
    if (!(us > 0)) return 0;
    if (us > 10000) us = 10000;
    double t0 = rv_now(), t;
    uint64_t k0 = rv_ticks();
    while ((t = rv_now()) - t0 < 100e-6) {
    }
    return (uint64_t)((double)(rv_ticks() - k0) / ((t - t0) * 1e6) * us);
}

static int map_shared(native *nb, const rv_thread_end *registry, unsigned nthreads, char *err,
                      size_t cap)
{
    uint64_t max_events = nb->base.limits.max_events ? nb->base.limits.max_events : 100000;
    nb->shm_size = rv_shm_full_size(max_events, max_events);
    nb->shm_fd = memfd_create("ravel-shm", 0);
    if (nb->shm_fd < 0 || ftruncate(nb->shm_fd, (off_t)nb->shm_size)) {
        snprintf(err, cap, "shared memory: %s", strerror(errno));
        return -1;
    }
    nb->shm = mmap(NULL, nb->shm_size, PROT_READ | PROT_WRITE, MAP_SHARED, nb->shm_fd, 0);
    if (nb->shm == MAP_FAILED) {
        /* its size grows with --max-events: say so (under ulimit -v) */
        nb->shm = NULL;
        snprintf(err, cap,
                 "cannot map %llu MB of shared memory for --max-events=%llu: %s (an "
                 "address-space limit, ulimit -v?)",
                 (unsigned long long)(nb->shm_size >> 20), (unsigned long long)max_events,
                 strerror(errno));
        return -1;
    }
    rv_shm *s = nb->shm;
    s->magic = RV_PROTOCOL_MAGIC;
    s->max_steps = max_events;
    s->max_events = max_events;
    rv_shm_explain(s)->watch_tid = RV_NO_THREAD;
    s->nreg = 1;
    s->engine = engine_request(nb->base.limits.engine);
    s->spin_ticks = nb->spin_max = spin_ticks(&nb->ncpus);
    for (unsigned i = 1; registry && i < nthreads && i < RV_MAX_THREADS; i++) {
        s->reg_parent[i] = registry[i].parent;
        s->reg_index[i] = registry[i].index;
        s->nreg = i + 1;
    }
    return 0;
}

/* What the build could not model (compile.c, __ravel_no_true): a build
 * that cannot be read, or does not say, counts as one that could not, so
 * that no verdict claims what was not explored. */
static void read_no_true(native *nb)
{
    rv_elf im;
    char *u = nb->base.no_true;
    size_t cap = sizeof nb->base.no_true;
    if (!rv_elf_read(nb->binary, &im)) {
        snprintf(u, cap, "the build could not be read to see what it could not model");
        return;
    }
    if (!rv_elf_cstring(&im, "__ravel_no_true", u, cap))
        snprintf(u, cap, "the build does not say what it could not model");
    rv_elf_free(&im);
}

rv_backend *rv_native_open(const char *binary, const rv_limits *lim, const rv_thread_end *registry,
                           unsigned nthreads, char *err, size_t errcap)
{
    signal(SIGPIPE, SIG_IGN);
    if (access(binary, X_OK)) {
        snprintf(err, errcap, "%s: %s", binary, strerror(errno));
        return NULL;
    }
    native *nb = rv_xcalloc(1, sizeof *nb);
    nb->base.ops = &native_ops;
    nb->base.name = "native";
    nb->base.limits = *lim;
    nb->binary = rv_xstrdup(binary);
    nb->shm_fd = -1;
    if (map_shared(nb, registry, nthreads, err, errcap) || start_server(nb, err, errcap)) {
        native_destroy(&nb->base);
        return NULL;
    }
    nb->sym = rv_symbols_open(binary);
    read_no_true(nb);
    return &nb->base;
}
