/*
 * jobs.c — parallel --algo=dfs over worker processes (jobs.h).
 *
 * The tree is dfs.c's: a node is a prefix schedule, its children the
 * enabled threads in ascending order and below each the values of the
 * step's value choice.  A worker keeps dfs.c's stack of frames (the step
 * taken, the next thread to try, the value domain) above a floor: the
 * frames below it belong to the unit's fixed prefix, the floor frame may
 * still move to its untried siblings, deeper frames are the worker's own.
 *
 * Messages (a header {type, length} and a payload, over one pipe each
 * way per worker; the pipes are enlarged so that no write of either side
 * waits while the other writes):
 *   to a worker:  UNIT frames | SPLIT | BOUND steps | GRANT n | STOP
 *   from it:      GIVE frames | DONE unused-grant | ERROR error | PROGRESS
 *                 counts | MORE | HALT | FINAL stats
 * The coordinator hands units to idle workers; while a worker is idle and
 * no unit is queued it asks every busy worker once to SPLIT; a worker
 * answers after its next execution that leaves a frame with untried
 * siblings (GIVE), so a request is never refused and never repeated.
 * Determinism: the answer does not depend on who ran what (jobs.h; docs/
 * DESIGN.md "Parallel dfs").
 */
#include "jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/stop.h"
#include "../core/util.h"

const char *rv_jobs_refusal(const rv_options *opt, const char *flag)
{
    static char why[320];
    const char *what = NULL;
    if (strcmp(opt->algo, "dfs") || opt->bound != RV_BOUND_NONE)
        what = "supports --algo=dfs without a bound only; dpor, source, optimal, the bounded "
               "searches and udpor explore sequentially (--jobs=1)";
    else if (opt->count_traces)
        what = "does not take --count-traces (the workers would each count the traces they saw; "
               "the distinct ones need one table): use --jobs=1";
    else if (opt->thread_bound)
        what = "does not take --thread-bound (the search is repeated per level): use --jobs=1";
    else if (opt->classify)
        what = "does not take --property or a task file yet: use --jobs=1";
    if (!what) return NULL;
    snprintf(why, sizeof why, "%s %s", flag, what);
    return why;
}

/* ---- messages ------------------------------------------------------------------------------ */

enum {
    M_UNIT = 1, /* to a worker */
    M_SPLIT,
    M_BOUND,
    M_GRANT,
    M_STOP,
    M_GIVE, /* to the coordinator */
    M_DONE,
    M_ERROR,
    M_PROGRESS,
    M_MORE,
    M_HALT,
    M_FINAL,
};

typedef struct hdr {
    uint32_t type, len;
} hdr;

typedef struct buf {
    char *p;
    size_t n, cap;
} buf;

static void buf_put(buf *b, const void *p, size_t n)
{
    if (b->n + n > b->cap) {
        b->cap = b->n + n > 2 * b->cap ? b->n + n : 2 * b->cap;
        b->p = rv_xrealloc(b->p, b->cap);
    }
    if (n) memcpy(b->p + b->n, p, n);
    b->n += n;
}

static bool write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t k = write(fd, c, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        c += k;
        n -= (size_t)k;
    }
    return true;
}

static bool read_all(int fd, void *p, size_t n)
{
    char *c = p;
    while (n) {
        ssize_t k = read(fd, c, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        c += k;
        n -= (size_t)k;
    }
    return true;
}

/* One message: the header and the payload in one write. */
static bool send_msg(int fd, uint32_t type, const void *p, size_t n)
{
    buf b = {0};
    hdr h = {type, (uint32_t)n};
    buf_put(&b, &h, sizeof h);
    buf_put(&b, p, n);
    bool ok = write_all(fd, b.p, b.n);
    free(b.p);
    return ok;
}

/* The next message into *type and b (its payload); false at EOF. */
static bool recv_msg(int fd, uint32_t *type, buf *b)
{
    hdr h;
    if (!read_all(fd, &h, sizeof h)) return false;
    b->n = 0;
    buf_put(b, NULL, 0);
    if (h.len > b->cap) {
        b->cap = h.len;
        b->p = rv_xrealloc(b->p, b->cap);
    }
    if (!read_all(fd, b->p, h.len)) return false;
    b->n = h.len;
    *type = h.type;
    return true;
}

static bool readable(int fd, int ms)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    return poll(&p, 1, ms) > 0;
}

/* ---- the order of dfs ---------------------------------------------------------------------- */

/* dfs tries threads in ascending order and under each thread its values in
 * ascending order, so it visits the leaves in the lexicographic order of
 * their (thread, value) sequences. */
static int step_cmp(const rv_step *a, const rv_step *b)
{
    if (a->tid != b->tid) return a->tid < b->tid ? -1 : 1;
    if (a->val != b->val) return a->val < b->val ? -1 : 1;
    return 0;
}

static int sched_cmp(const rv_step *a, size_t na, const rv_step *b, size_t nb)
{
    for (size_t i = 0; i < na && i < nb; i++) {
        int c = step_cmp(&a[i], &b[i]);
        if (c) return c;
    }
    return na < nb ? -1 : na > nb;
}

/* Every leaf below prefix p comes after leaf b in dfs's order. */
static bool after(const rv_step *p, size_t n, const rv_step *b, size_t nb)
{
    for (size_t i = 0; i < n && i < nb; i++) {
        int c = step_cmp(&p[i], &b[i]);
        if (c) return c > 0;
    }
    return false;
}

/* ---- a worker -------------------------------------------------------------------------------- */

typedef struct frame {
    uint32_t next; /* lowest enabled thread above tid, RV_NO_THREAD if none */
    uint16_t tid;
    uint32_t val, ndom;
    rv_action ran; /* the step as it ran (RV_ACT_NONE: not yet) */
} frame;

typedef struct worker {
    unsigned id;
    int in, out; /* from and to the coordinator */
    rv_explore x;
    rv_trace t;
    frame *st;
    size_t depth, cap, floor;
    rv_step *prefix;
    size_t capprefix;
    rv_step *bound; /* without --keep-going: the least error's schedule so far */
    size_t nbound;
    bool has_bound, want_split, stop;
    uint64_t granted; /* --max-executions: executions the coordinator allowed so far */
    uint64_t units, donated;
    uint64_t kill_after; /* RAVEL_JOBS_TEST_KILL: die by SIGKILL after this many (tests) */
    double last_progress;
    buf rx;
} worker;

static uint64_t used(const rv_explore *x)
{
    return x->stats.executions + x->stats.infeasible + x->stats.incomplete;
}

static void put_u64(buf *b, uint64_t v)
{
    buf_put(b, &v, sizeof v);
}

static void send_buf(worker *w, uint32_t type, buf *b)
{
    if (!send_msg(w->out, type, b->p, b->n)) w->stop = true; /* the coordinator is gone */
    b->n = 0;
}

static void handle(worker *w, uint32_t type)
{
    switch (type) {
    case M_SPLIT:
        w->want_split = true;
        break;
    case M_BOUND:
        w->nbound = w->rx.n / sizeof(rv_step);
        w->bound = rv_xrealloc(w->bound, (w->nbound + 1) * sizeof *w->bound);
        memcpy(w->bound, w->rx.p, w->rx.n);
        w->has_bound = true;
        break;
    case M_GRANT: {
        uint64_t g;
        memcpy(&g, w->rx.p, sizeof g);
        w->granted += g;
        break;
    }
    case M_STOP:
        w->stop = true;
        break;
    }
}

/* Read what the coordinator sent, without waiting. */
static void inbox(worker *w)
{
    uint32_t type;
    while (!w->stop && readable(w->in, 0)) {
        if (!recv_msg(w->in, &type, &w->rx)) {
            w->stop = true;
            return;
        }
        handle(w, type);
    }
}

/* --max-executions (limit): may one more execution run?  Asks the
 * coordinator for more when the grant is used up and waits for its answer
 * (a grant, or STOP when the limit is reached). */
static bool may_run(worker *w, uint64_t limit)
{
    if (!limit || used(&w->x) < w->granted) return true;
    buf b = {0};
    send_buf(w, M_MORE, &b);
    uint32_t type;
    while (!w->stop && used(&w->x) >= w->granted) {
        if (!recv_msg(w->in, &type, &w->rx)) return false;
        handle(w, type);
    }
    return !w->stop;
}

static void push(worker *w, const rv_event *e)
{
    if (w->depth == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 1024;
        w->st = rv_xrealloc(w->st, w->cap * sizeof *w->st);
    }
    w->st[w->depth++] =
        (frame){e->next_en, e->act.tid, e->val, e->act.ndom ? e->act.ndom : 1, e->act};
}

static bool has_sibling(const frame *f)
{
    return f->val + 1 < f->ndom || f->next != RV_NO_THREAD;
}

/* Move frame f to its next sibling (dfs.c's order: values, then the next
 * thread, whose domain and next the run of it will tell). */
static void to_sibling(frame *f)
{
    if (f->val + 1 < f->ndom) {
        f->val++;
    } else {
        f->tid = (uint16_t)f->next;
        f->val = 0;
        f->ndom = 1;
        f->next = RV_NO_THREAD;
    }
    f->ran.kind = RV_ACT_NONE;
}

/* The deepest frame above the floor with an untried sibling moves to it;
 * false when the unit is done. */
static bool backtrack(worker *w)
{
    while (w->depth > w->floor) {
        frame *f = &w->st[w->depth - 1];
        if (has_sibling(f)) {
            to_sibling(f); /* the last frame of the next prefix: its run tells ran */
            return true;
        }
        w->depth--;
    }
    return false;
}

static size_t make_prefix(worker *w)
{
    if (w->depth + 1 > w->capprefix) {
        w->capprefix = 2 * w->depth + 1;
        w->prefix = rv_xrealloc(w->prefix, w->capprefix * sizeof *w->prefix);
    }
    for (size_t i = 0; i < w->depth; i++) w->prefix[i] = (rv_step){w->st[i].tid, 0, w->st[i].val};
    return w->depth;
}

/* SPLIT: give away every untried sibling of the shallowest frame that has
 * one, as the unit of its prefix and its next sibling; the frame here is
 * then done.  Shallowest: the biggest part of the tree per message. */
static void donate(worker *w)
{
    size_t i = w->floor;
    while (i < w->depth && !has_sibling(&w->st[i])) i++;
    if (i == w->depth) return; /* nothing to give yet: answer after a later execution */
    buf b = {0};
    buf_put(&b, w->st, i * sizeof *w->st);
    frame f = w->st[i];
    to_sibling(&f);
    buf_put(&b, &f, sizeof f);
    w->st[i].ndom = w->st[i].val + 1; /* the current choice stays: it is on the path */
    w->st[i].next = RV_NO_THREAD;
    send_buf(w, M_GIVE, &b);
    free(b.p);
    w->want_split = false;
    w->donated++;
}

/* rv_trace as bytes: the struct, its events, its thread records. */
static void put_trace(buf *b, const rv_trace *t)
{
    buf_put(b, t, sizeof *t);
    buf_put(b, t->ev, t->n * sizeof *t->ev);
    buf_put(b, t->threads, t->nthreads * sizeof *t->threads);
}

/* An error as ERROR's payload: the record, its schedule, its trace. */
static void send_error(worker *w, const rv_error *e)
{
    buf b = {0};
    rv_error h = *e;
    h.schedule = NULL;
    h.trace = NULL;
    buf_put(&b, &h, sizeof h);
    buf_put(&b, e->schedule, e->nsched * sizeof *e->schedule);
    put_trace(&b, e->trace);
    send_buf(w, M_ERROR, &b);
    free(b.p);
}

/* Errors are deduplicated per unit only: a later unit may reach the same
 * error earlier in dfs's order, and the coordinator keeps the earliest. */
static void forget_errors(rv_explore *x)
{
    for (size_t i = 0; i < x->nerrors; i++) {
        free(x->errors[i].schedule);
        rv_trace_free(x->errors[i].trace);
        free(x->errors[i].trace);
    }
    x->nerrors = 0;
}

static void progress(worker *w, bool force)
{
    double now = rv_now();
    if (!force && now - w->last_progress < 0.2) return;
    w->last_progress = now;
    buf b = {0};
    put_u64(&b, used(&w->x));
    put_u64(&b, w->x.stats.events);
    send_buf(w, M_PROGRESS, &b);
    free(b.p);
}

static void halt(worker *w)
{
    buf b = {0};
    send_buf(w, M_HALT, &b);
}

/* Explore the unit of k frames (jobs.h) in dfs's order. */
static void explore_unit(worker *w, const frame *unit, size_t k, uint64_t limit)
{
    w->depth = 0;
    for (size_t i = 0; i < k; i++) {
        if (w->depth == w->cap) {
            w->cap = w->cap ? 2 * w->cap : 1024;
            w->st = rv_xrealloc(w->st, w->cap * sizeof *w->st);
        }
        w->st[w->depth++] = unit[i];
    }
    w->floor = k ? k - 1 : 0;
    w->units++;
    size_t sent = 0;
    size_t n = make_prefix(w);
    rv_explore *x = &w->x;
    for (;;) {
        inbox(w);
        if (w->stop) break;
        if (w->has_bound && after(w->prefix, n, w->bound, w->nbound)) break;
        if (!may_run(w, limit)) break;
        if (w->kill_after && used(x) >= w->kill_after) raise(SIGKILL);
        if (rv_execute(x->backend, w->prefix, n, RV_POLICY_FIRST, &w->t)) {
            rv_observe(x, &w->t);
            halt(w);
            break;
        }
        bool same = true;
        for (size_t i = 0; same && i + 1 < n; i++)
            same = rv_explore_repeated(x, &w->t, i, &w->st[i].ran);
        if (!same) {
            halt(w);
            break;
        }
        if (n && w->t.n >= n) {
            frame *f = &w->st[n - 1];
            f->ran = w->t.ev[n - 1].act;
            f->ndom = f->ran.ndom ? f->ran.ndom : 1;
            if (f->val == 0) f->next = w->t.ev[n - 1].next_en;
        }
        for (size_t i = n; i < w->t.n; i++) push(w, &w->t.ev[i]);
        if (w->t.n < n) w->depth = w->t.n;
        bool go = rv_observe(x, &w->t);
        for (; sent < x->nerrors; sent++) send_error(w, &x->errors[sent]);
        progress(w, false);
        if (!go) {
            /* an error without --keep-going ends the unit (what follows is
             * after it in dfs's order); the time limit the run; anything
             * else (the backend failed) the run too */
            if (!x->stats.stopped && !x->stats.time_limited) halt(w);
            break;
        }
        if (w->depth < k) break; /* the unit's own prefix was not repeated */
        if (w->want_split) donate(w);
        if (!backtrack(w)) break;
        n = make_prefix(w);
    }
    forget_errors(x);
}

typedef struct final {
    rv_stats stats;
    char engine[8];
    char engine_why[160];
    bool engine_switched;
    uint64_t units, donated;
} final;

static void worker_main(worker *w, rv_jobs_open_fn open, void *arg, const rv_explore *parent)
{
    char err[512] = "";
    rv_limits lim = parent->backend->limits;
    rv_backend *b = open(arg, &lim, err, sizeof err);
    if (!b) {
        fprintf(stderr, "ravel check: worker %u: %s\n", w->id, err);
        _exit(1);
    }
    rv_options opt = *parent->opt;
    uint64_t limit = opt.max_executions;
    opt.max_executions = 0; /* global: granted by the coordinator */
    rv_explore_init(&w->x, b, &opt);
    w->x.t0 = parent->t0;
    w->x.deadline = parent->deadline;
    b->limits.deadline = parent->deadline;
    rv_trace_init(&w->t);
    const char *kill = getenv("RAVEL_JOBS_TEST_KILL"); /* "WORKER:EXECUTIONS" (tests) */
    unsigned kid;
    unsigned long long kn;
    if (kill && sscanf(kill, "%u:%llu", &kid, &kn) == 2 && kid == w->id) w->kill_after = kn;
    uint32_t type;
    while (!w->stop && recv_msg(w->in, &type, &w->rx)) {
        if (type != M_UNIT) {
            handle(w, type);
            continue;
        }
        size_t k = w->rx.n / sizeof(frame);
        frame *unit = rv_xmalloc((k + 1) * sizeof *unit);
        if (w->rx.n) memcpy(unit, w->rx.p, w->rx.n); /* the root unit is empty */
        explore_unit(w, unit, k, limit);
        free(unit);
        progress(w, true);
        if (w->stop) break;
        /* the grant not used goes back: another worker may need it */
        buf d = {0};
        put_u64(&d, limit && w->granted > used(&w->x) ? w->granted - used(&w->x) : 0);
        if (limit) w->granted = used(&w->x);
        w->want_split = false;
        send_buf(w, M_DONE, &d);
        free(d.p);
    }
    final f = {.stats = w->x.stats,
               .engine_switched = b->engine_switched,
               .units = w->units,
               .donated = w->donated};
    memcpy(f.engine, b->engine, sizeof f.engine);
    memcpy(f.engine_why, b->engine_why, sizeof f.engine_why);
    send_msg(w->out, M_FINAL, &f, sizeof f);
    rv_trace_free(&w->t);
    b->ops->destroy(b);
    _exit(0);
}

/* ---- the coordinator ------------------------------------------------------------------------- */

typedef struct unit {
    frame *f;
    size_t k;
} unit;

typedef struct cworker {
    pid_t pid;
    int to, from;
    bool busy, asked, waiting, final, gone;
    uint64_t granted;
    uint64_t progress_used, progress_events;
} cworker;

typedef struct coord {
    rv_explore *x;
    rv_jobs *j;
    const rv_jobs_link *link;
    cworker w[RV_JOBS_MAX];
    unsigned n;
    unit *q; /* queued units, FIFO from qhead */
    size_t nq, qhead, capq;
    uint64_t limit, left; /* --max-executions and what is not granted yet */
    bool stopping, failed;
    buf rx;
} coord;

static bool unit_after_bound(const coord *c, const unit *u)
{
    if (c->x->opt->keep_going || !c->x->nerrors) return false;
    rv_step *p = rv_xmalloc((u->k + 1) * sizeof *p);
    for (size_t i = 0; i < u->k; i++) p[i] = (rv_step){u->f[i].tid, 0, u->f[i].val};
    const rv_error *e = &c->x->errors[0];
    bool r = after(p, u->k, e->schedule, e->nsched);
    free(p);
    return r;
}

static void to_worker(coord *c, unsigned i, uint32_t type, const void *p, size_t n)
{
    if (c->w[i].gone) return;
    c->j->messages++;
    send_msg(c->w[i].to, type, p, n); /* a dead worker is seen at its pipe's end */
}

static void enqueue(coord *c, frame *f, size_t k)
{
    if (c->nq == c->capq) {
        c->capq = c->capq ? 2 * c->capq : 16;
        c->q = rv_xrealloc(c->q, c->capq * sizeof *c->q);
    }
    c->q[c->nq++] = (unit){f, k};
}

static bool idle_worker(const coord *c, unsigned *i)
{
    for (unsigned k = 0; k < c->n; k++)
        if (!c->w[k].busy && !c->w[k].gone) {
            *i = k;
            return true;
        }
    return false;
}

/* Hand the queued units to idle workers; ask the busy ones to split while
 * a worker is still idle. */
static void dispatch(coord *c)
{
    unsigned i;
    while (c->qhead < c->nq && idle_worker(c, &i)) {
        unit u = c->q[c->qhead++];
        if (!unit_after_bound(c, &u)) {
            to_worker(c, i, M_UNIT, u.f, u.k * sizeof *u.f);
            c->w[i].busy = true;
            c->j->units++;
        }
        free(u.f);
    }
    if (c->qhead == c->nq) c->qhead = c->nq = 0;
    if (!idle_worker(c, &i)) return;
    for (unsigned k = 0; k < c->n; k++)
        if (c->w[k].busy && !c->w[k].asked && !c->w[k].gone) {
            to_worker(c, k, M_SPLIT, NULL, 0);
            c->w[k].asked = true;
        }
}

/* Every worker stops and answers with its final statistics, which then
 * replace the running sums of the progress messages. */
static void stop_all(coord *c)
{
    if (c->stopping) return;
    c->stopping = true;
    c->x->stats.executions = c->x->stats.events = 0;
    for (unsigned k = 0; k < c->n; k++) to_worker(c, k, M_STOP, NULL, 0);
}

/* --max-executions: grant what a worker asks for, a share of what is
 * left; when nothing is left and every busy worker waits for more, the
 * limit is reached. */
static void grants(coord *c)
{
    bool busy_free = false;
    for (unsigned k = 0; k < c->n; k++) {
        cworker *w = &c->w[k];
        if (!w->waiting || w->gone) continue;
        if (c->left) {
            uint64_t g = c->left / (2 * c->n);
            if (!g) g = 1;
            c->left -= g;
            w->granted += g;
            w->waiting = false;
            to_worker(c, k, M_GRANT, &g, sizeof g);
        }
    }
    for (unsigned k = 0; k < c->n; k++)
        if (c->w[k].busy && !c->w[k].waiting && !c->w[k].gone) busy_free = true;
    bool anyone_waits = false;
    for (unsigned k = 0; k < c->n; k++) anyone_waits |= c->w[k].waiting && !c->w[k].gone;
    if (anyone_waits && !c->left && !busy_free) stop_all(c);
}

static int step_list_cmp(const void *a, const void *b)
{
    const rv_error *x = a, *y = b;
    return sched_cmp(x->schedule, x->nsched, y->schedule, y->nsched);
}

static void free_error(rv_error *e)
{
    free(e->schedule);
    if (e->trace) {
        rv_trace_free(e->trace);
        free(e->trace);
    }
}

/* The error of an ERROR payload, owning its schedule and trace. */
static void read_error(const buf *b, rv_error *e)
{
    const char *p = b->p;
    memcpy(e, p, sizeof *e);
    p += sizeof *e;
    e->schedule = rv_xmalloc((e->nsched + 1) * sizeof *e->schedule);
    memcpy(e->schedule, p, e->nsched * sizeof *e->schedule);
    p += e->nsched * sizeof *e->schedule;
    rv_trace view;
    memcpy(&view, p, sizeof view);
    p += sizeof view;
    view.ev = (rv_event *)p;
    p += view.n * sizeof *view.ev;
    view.threads = (rv_thread_end *)p;
    e->trace = rv_xcalloc(1, sizeof *e->trace);
    rv_trace_init(e->trace);
    rv_trace_copy(e->trace, &view);
}

/* Keep each distinct error with its earliest schedule in dfs's order;
 * without --keep-going only the earliest error, whose schedule bounds what
 * the workers still explore. */
static void merge_error(coord *c, rv_error *e)
{
    rv_explore *x = c->x;
    rv_error *o = NULL;
    for (size_t i = 0; i < x->nerrors && !o; i++)
        if (x->errors[i].key_lo == e->key_lo && x->errors[i].key_hi == e->key_hi) o = &x->errors[i];
    if (!o && !x->opt->keep_going && x->nerrors) o = &x->errors[0];
    if (o && sched_cmp(e->schedule, e->nsched, o->schedule, o->nsched) >= 0) {
        free_error(e);
        return;
    }
    if (o) {
        free_error(o);
        *o = *e;
    } else {
        if (x->nerrors == x->caperrors) {
            x->caperrors = x->caperrors ? 2 * x->caperrors : 4;
            x->errors = rv_xrealloc(x->errors, x->caperrors * sizeof *x->errors);
        }
        x->errors[x->nerrors++] = *e;
    }
    if (!x->opt->keep_going) { /* errors[0] moved earlier: the new bound */
        const rv_error *b = &x->errors[0];
        for (unsigned k = 0; k < c->n; k++)
            to_worker(c, k, M_BOUND, b->schedule, b->nsched * sizeof *b->schedule);
    }
}

/* The reasons of a worker's stats.incomplete_why that are not already in
 * x's; the time limit's own is said once, by the coordinator. */
static void merge_reasons(rv_explore *x, const char *why)
{
    char *s = rv_xstrdup(why), *p = s;
    while (p && *p) {
        char *next = strstr(p, "; also: ");
        if (next) *next = 0;
        if (strncmp(p, "time-limit:", 11) && strncmp(p, "interrupted:", 12) &&
            strcmp(p, "; and more"))
            rv_explore_incomplete(x, p);
        p = next ? next + 8 : NULL;
    }
    free(s);
}

static void merge_final(coord *c, unsigned i, const final *f)
{
    rv_stats *s = &c->x->stats;
    const rv_stats *ws = &f->stats;
    rv_jobs_worker *jw = &c->j->w[i];
    jw->executions = ws->executions;
    jw->infeasible = ws->infeasible;
    jw->incomplete = ws->incomplete;
    jw->events = ws->events;
    jw->units = f->units;
    jw->donated = f->donated;
    s->executions += ws->executions;
    s->infeasible += ws->infeasible;
    s->incomplete += ws->incomplete;
    s->blocked += ws->blocked;
    s->events += ws->events;
    s->thread_bound_cut += ws->thread_bound_cut;
    s->thread_cap_hit |= ws->thread_cap_hit;
    s->diverged |= ws->diverged;
    s->stopped |= ws->stopped;
    if (ws->time_limited && !s->time_limited) {
        s->time_limited = true;
        s->interrupted = ws->interrupted;
    }
    if (!ws->exhaustive) {
        s->exhaustive = false;
        merge_reasons(c->x, ws->incomplete_why);
    }
    rv_backend *b = c->x->backend;
    if (f->engine[0] && !b->engine[0]) {
        memcpy(b->engine, f->engine, sizeof b->engine);
        memcpy(b->engine_why, f->engine_why, sizeof b->engine_why);
    }
    if (f->engine_switched && !c->j->rerun) {
        c->j->rerun = true;
        snprintf(c->j->why, sizeof c->j->why,
                 "the reset engine left mid-way in worker %u (an execution changed kernel state)",
                 i);
    }
}

/* "worker 1 of --jobs=2 was killed by signal 9 (Killed)", "rank 2 of --mpi
 * (3 ranks) on host h ended without answering (exit status 1)" */
static void worker_died(coord *c, unsigned i)
{
    cworker *w = &c->w[i];
    w->gone = true;
    int st = 0;
    char where[96] = "";
    if (w->pid > 0)
        waitpid(w->pid, &st, 0);
    else
        st = c->link->status(c->link->ctx, i, where, sizeof where);
    w->pid = 0;
    if (w->final) return;
    int sig = WIFSIGNALED(st) ? WTERMSIG(st) : -1;
    c->j->w[i].died = sig;
    char who[160], why[320];
    snprintf(who, sizeof who, "%s %u of %s%s%s", c->link->who, i, c->link->group,
             where[0] ? " on host " : "", where);
    if (sig > 0)
        snprintf(why, sizeof why,
                 "%s was killed by signal %d (%s); the part of the tree it held was not explored",
                 who, sig, strsignal(sig));
    else
        snprintf(why, sizeof why,
                 "%s ended without answering (exit status %d); the part of the tree it held was "
                 "not explored",
                 who, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    rv_explore_incomplete(c->x, why);
    c->failed = true;
    stop_all(c);
}

static void on_message(coord *c, unsigned i, uint32_t type)
{
    cworker *w = &c->w[i];
    c->j->messages++;
    switch (type) {
    case M_GIVE: {
        size_t k = c->rx.n / sizeof(frame);
        frame *f = rv_xmalloc((k + 1) * sizeof *f);
        memcpy(f, c->rx.p, c->rx.n);
        w->asked = false;
        enqueue(c, f, k);
        break;
    }
    case M_DONE: {
        uint64_t unused;
        memcpy(&unused, c->rx.p, sizeof unused);
        c->left += unused;
        w->granted -= unused;
        w->busy = w->asked = false;
        break;
    }
    case M_ERROR: {
        rv_error e;
        read_error(&c->rx, &e);
        merge_error(c, &e);
        break;
    }
    case M_PROGRESS: {
        uint64_t u, ev;
        memcpy(&u, c->rx.p, sizeof u);
        memcpy(&ev, c->rx.p + sizeof u, sizeof ev);
        w->progress_used = u;
        w->progress_events = ev;
        uint64_t su = 0, se = 0;
        for (unsigned k = 0; k < c->n; k++)
            su += c->w[k].progress_used, se += c->w[k].progress_events;
        if (!c->stopping) {
            c->x->stats.executions = su;
            c->x->stats.events = se;
        }
        break;
    }
    case M_MORE:
        w->waiting = true;
        break;
    case M_HALT:
        stop_all(c);
        break;
    case M_FINAL:
        w->final = true;
        w->busy = false;
        break;
    }
}

static void tick(void *arg)
{
    rv_explore *x = arg;
    x->progress(x, rv_now() - x->t0, x->progress_arg);
}

static bool all_final(const coord *c)
{
    for (unsigned k = 0; k < c->n; k++)
        if (!c->w[k].final && !c->w[k].gone) return false;
    return true;
}

static bool all_idle(const coord *c)
{
    if (c->qhead < c->nq) return false;
    for (unsigned k = 0; k < c->n; k++)
        if (c->w[k].busy && !c->w[k].gone) return false;
    return true;
}

/* Wait up to 100 ms for messages and handle them. */
static void serve(coord *c)
{
    struct pollfd p[RV_JOBS_MAX];
    unsigned who[RV_JOBS_MAX], m = 0;
    for (unsigned k = 0; k < c->n; k++)
        if (!c->w[k].gone) {
            p[m] = (struct pollfd){.fd = c->w[k].from, .events = POLLIN};
            who[m++] = k;
        }
    if (!m) return;
    if (poll(p, m, 100) <= 0) return;
    for (unsigned k = 0; k < m; k++) {
        if (!(p[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        uint32_t type;
        if (!recv_msg(p[k].fd, &type, &c->rx)) {
            worker_died(c, who[k]);
            continue;
        }
        on_message(c, who[k], type);
        if (type == M_FINAL) {
            final f;
            memcpy(&f, c->rx.p, sizeof f);
            merge_final(c, who[k], &f);
        }
    }
}

static void stop_for_time(rv_explore *x)
{
    rv_stats *s = &x->stats;
    s->time_limited = true;
    s->exhaustive = false;
    s->interrupted = rv_stop_signal();
}

/* An error that is a bug, not a limit (explore.c's test for the thread
 * bound's iteration). */
static bool found_bug(const rv_explore *x)
{
    for (size_t i = 0; i < x->nerrors; i++)
        if (rv_end_is_bug(x->errors[i].kind) && !rv_end_is_incomplete(x->errors[i].kind))
            return true;
    return false;
}

int rv_jobs_pipes(int down[2], int up[2])
{
    if (pipe2(down, O_CLOEXEC)) return -1;
    if (pipe2(up, O_CLOEXEC)) {
        close(down[0]), close(down[1]);
        return -1;
    }
    /* room for a deep unit or an error's trace without a writer waiting */
    fcntl(down[1], F_SETPIPE_SZ, 1 << 20);
    fcntl(up[1], F_SETPIPE_SZ, 1 << 20);
    return 0;
}

pid_t rv_jobs_fork_worker(const rv_explore *x, unsigned id, rv_jobs_open_fn open, void *arg,
                          const int *inherited, size_t ninherited, int *to, int *from)
{
    int down[2], up[2];
    if (rv_jobs_pipes(down, up)) return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(down[0]), close(down[1]), close(up[0]), close(up[1]);
        return -1;
    }
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive the coordinator */
        rv_stop_set_tick(NULL, NULL, 0);
        /* another worker's pipe held open here would hide its end */
        for (size_t k = 0; k < ninherited; k++) close(inherited[k]);
        close(down[1]);
        close(up[0]);
        worker w = {.id = id, .in = down[0], .out = up[1]};
        worker_main(&w, open, arg, x);
    }
    close(down[0]);
    close(up[1]);
    *to = down[1];
    *from = up[0];
    return pid;
}

static int spawn(coord *c, unsigned i)
{
    int fds[2 * RV_JOBS_MAX], to, from;
    for (unsigned k = 0; k < i; k++) fds[2 * k] = c->w[k].to, fds[2 * k + 1] = c->w[k].from;
    pid_t pid = 0;
    if (c->link->start(c->link->ctx, c->x, i, fds, 2 * (size_t)i, &to, &from, &pid) < 0) return -1;
    c->w[i] = (cworker){.pid = pid, .to = to, .from = from};
    return 0;
}

/* --jobs: a local process per worker. */
typedef struct local_link {
    rv_jobs_open_fn open;
    void *arg;
} local_link;

static int local_start(void *ctx, const rv_explore *x, unsigned i, const int *inherited,
                       size_t ninherited, int *to, int *from, pid_t *pid)
{
    const local_link *l = ctx;
    *pid = rv_jobs_fork_worker(x, i, l->open, l->arg, inherited, ninherited, to, from);
    return *pid < 0 ? -1 : 0;
}

int rv_jobs_run(rv_explore *x, unsigned n, rv_jobs_open_fn open, void *arg, rv_jobs *j)
{
    if (n > RV_JOBS_MAX) n = RV_JOBS_MAX;
    local_link l = {open, arg};
    rv_jobs_link link = {.start = local_start, .ctx = &l, .who = "worker"};
    snprintf(link.group, sizeof link.group, "--jobs=%u", n);
    return rv_jobs_run_over(x, n, &link, j);
}

void rv_jobs_clock(rv_explore *x)
{
    x->t0 = rv_now();
    double origin = x->opt->time_origin > 0 ? x->opt->time_origin : x->t0;
    x->deadline = x->opt->time_limit_s > 0 ? origin + x->opt->time_limit_s : 0;
    x->backend->limits.deadline = x->deadline;
}

int rv_jobs_run_over(rv_explore *x, unsigned n, const rv_jobs_link *link, rv_jobs *j)
{
    memset(j, 0, sizeof *j);
    if (n > RV_JOBS_MAX) n = RV_JOBS_MAX;
    j->n = n;
    rv_jobs_clock(x);
    double outer = rv_stop_deadline();
    rv_stop_set_deadline(x->deadline);
    coord *c = rv_xcalloc(1, sizeof *c);
    c->x = x;
    c->j = j;
    c->link = link;
    c->limit = c->left = x->opt->max_executions;
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    for (unsigned i = 0; i < n; i++) {
        if (spawn(c, i) < 0) {
            c->n = i;
            char why[160];
            snprintf(why, sizeof why, "could not start %s %u of %s", link->who, i, link->group);
            rv_explore_incomplete(x, why);
            c->failed = true;
            break;
        }
        c->n = i + 1;
    }
    if (x->progress) rv_stop_set_tick(tick, x, x->progress_every);
    enqueue(c, rv_xmalloc(sizeof(frame)), 0); /* the root */
    if (c->failed) stop_all(c);
    while (!all_final(c)) {
        if (!c->stopping) {
            dispatch(c);
            if (c->limit) grants(c);
            if (all_idle(c)) stop_all(c);
        }
        if (!c->stopping && rv_stop_poll()) {
            stop_for_time(x);
            stop_all(c);
        }
        serve(c);
    }
    for (unsigned k = 0; k < c->n; k++) {
        if (c->w[k].pid > 0) waitpid(c->w[k].pid, NULL, 0);
        close(c->w[k].to);
        close(c->w[k].from);
    }
    for (size_t k = c->qhead; k < c->nq; k++) free(c->q[k].f);
    free(c->q);
    free(c->rx.p);
    signal(SIGPIPE, old_pipe);
    rv_stop_set_tick(NULL, NULL, 0);
    rv_stop_set_deadline(outer);
    rv_stats *s = &x->stats;
    if (s->time_limited) rv_explore_time_reason(x);
    if (c->limit && s->executions + s->infeasible + s->incomplete >= c->limit)
        rv_explore_incomplete(x, "--max-executions reached");
    /* dfs's order: the errors as the sequential run lists them */
    if (x->nerrors > 1) qsort(x->errors, x->nerrors, sizeof *x->errors, step_list_cmp);
    if (s->stopped) s->exhaustive = false;
    if (s->thread_cap_hit && !x->opt->no_thread_bound && !s->time_limited && !s->diverged &&
        !found_bug(x) && !(c->limit && s->executions + s->infeasible + s->incomplete >= c->limit) &&
        !j->rerun) {
        j->rerun = true;
        snprintf(j->why, sizeof j->why,
                 "the program reached the thread cap; the search goes on under a thread bound, "
                 "which runs sequentially");
    }
    int rc = c->failed && !s->executions && !x->nerrors ? -1 : 0;
    free(c);
    return rc;
}
