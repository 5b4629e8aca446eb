/* mock.c — the in-process test backend of mock.h. */
#include "mock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#define OBJ_MUTEX(m) (0x1000u + 8u * (unsigned)(m))
#define OBJ_COND(c)  (0x2000u + 8u * (unsigned)(c))
#define OBJ_VAR(x)   (0x3000u + 8u * (unsigned)(x))
#define OBJ_SEM(s)   (0x4000u + 8u * (unsigned)(s))
#define NOBJ         4

typedef struct mthr {
    int state;          /* rv_tstate */
    int pc, reg, phase; /* phase 1: between WAIT1 and WAIT2 */
    int waiting;
} mthr;

typedef struct mock {
    rv_backend b;
    mprog p;
    mthr th[MOCK_MAXT];
    int owner[NOBJ], count[NOBJ]; /* owner = tid + 1 */
    int64_t mem[NOBJ];
    int64_t before; /* the variable an event writes, before it */
    int sem[NOBJ];
    uint64_t waiters[NOBJ];
    int failed;
} mock;

static const minstr *cur(mock *m, int t)
{
    static const minstr ex = {.op = M_EXIT};
    return m->th[t].pc < m->p.ni[t] ? &m->p.code[t][m->th[t].pc] : &ex;
}

/* Run local instructions of t until its next visible one. */
static void run_local(mock *m, int t, rv_trace *out)
{
    mthr *h = &m->th[t];
    for (int guard = 0; guard < 1000 && h->state == RV_T_LIVE; guard++) {
        const minstr *in = cur(m, t);
        if (in->op == M_BRANCH) {
            h->pc += (h->reg == in->b) ? 1 + in->c : 1;
        } else if (in->op == M_JMP) {
            h->pc = in->c;
            if (in->b) h->reg = 0; /* mock_prodcons: a dead temporary */
        } else if (in->op == M_ASSERT) {
            if (h->reg == in->b && !m->failed) {
                m->failed = 1;
                out->end = RV_END_ASSERT;
                out->err_tid = (uint16_t)t;
                out->err_pc = (uint64_t)(t << 8 | h->pc);
                snprintf(out->msg, sizeof out->msg, "assertion at t%d:%d", t, h->pc);
            }
            h->pc++;
        } else {
            return;
        }
    }
}

static rv_action pending(mock *m, int t)
{
    const minstr *in = cur(m, t);
    mthr *h = &m->th[t];
    rv_action a = {.tid = (uint16_t)t, .ndom = 1};
    switch (in->op) {
    case M_LOCK:
        a.kind = RV_ACT_LOCK;
        a.obj = OBJ_MUTEX(in->a);
        break;
    case M_UNLOCK:
        a.kind = RV_ACT_UNLOCK;
        a.obj = OBJ_MUTEX(in->a);
        break;
    case M_TRYLOCK:
        a.kind = RV_ACT_TRYLOCK;
        a.obj = OBJ_MUTEX(in->a);
        break;
    case M_READ:
        a.kind = RV_ACT_READ;
        a.obj = OBJ_VAR(in->a);
        a.len = 8;
        break;
    case M_WRITE:
        a.kind = RV_ACT_WRITE;
        a.obj = OBJ_VAR(in->a);
        a.len = 8;
        break;
    case M_RMW:
    case M_ADDB:
        a.kind = RV_ACT_RMW;
        a.obj = OBJ_VAR(in->a);
        a.len = 8;
        break;
    case M_NONDET:
        a.kind = RV_ACT_NONDET;
        a.ndom = (uint32_t)in->b;
        break;
    case M_WAIT:
        a.kind = h->phase ? RV_ACT_WAIT2 : RV_ACT_WAIT1;
        a.obj = OBJ_COND(in->a);
        a.obj2 = OBJ_MUTEX(in->b);
        break;
    case M_SIGNAL:
        a.kind = RV_ACT_SIGNAL;
        a.obj = OBJ_COND(in->a);
        a.ndom = m->waiters[in->a] ? (uint32_t)__builtin_popcountll(m->waiters[in->a]) : 1;
        break;
    case M_BCAST:
        a.kind = RV_ACT_BROADCAST;
        a.obj = OBJ_COND(in->a);
        break;
    case M_SEMW:
        a.kind = RV_ACT_SEM_WAIT;
        a.obj = OBJ_SEM(in->a);
        a.obj2 = 1u + (unsigned)m->p.seminit[in->a];
        break;
    case M_SEMP:
        a.kind = RV_ACT_SEM_POST;
        a.obj = OBJ_SEM(in->a);
        a.obj2 = 1u + (unsigned)m->p.seminit[in->a];
        break;
    case M_CREATE:
        a.kind = RV_ACT_CREATE;
        a.obj = (uint64_t)in->a;
        break;
    case M_JOIN:
        a.kind = RV_ACT_JOIN;
        a.obj = (uint64_t)in->a;
        break;
    case M_YIELD:
        a.kind = RV_ACT_YIELD;
        break;
    default:
        a.kind = RV_ACT_EXIT;
        break;
    }
    return a;
}

static bool enabled(mock *m, int t)
{
    if (m->th[t].state != RV_T_LIVE) return false;
    rv_action a = pending(m, t);
    const minstr *in = cur(m, t);
    switch (a.kind) {
    case RV_ACT_LOCK:
        return m->owner[in->a] == 0;
    case RV_ACT_WAIT2:
        return !m->th[t].waiting && m->owner[in->b] == 0;
    case RV_ACT_SEM_WAIT:
        return m->sem[in->a] > 0;
    case RV_ACT_JOIN:
        return m->th[in->a].state == RV_T_FINISHED;
    default:
        return true;
    }
}

static void apply(mock *m, int t, rv_event *ev, uint32_t val)
{
    mthr *h = &m->th[t];
    const minstr *in = cur(m, t);
    rv_action *a = &ev->act;
    uint64_t w;
    uint64_t wrote[2] = {0, 0};
    if (rv_is_memory(a)) m->before = m->mem[(a->obj - OBJ_VAR(0)) / 8];
    switch (in->op) {
    case M_LOCK:
        m->owner[in->a] = t + 1;
        break;
    case M_UNLOCK:
        m->owner[in->a] = 0;
        break;
    case M_TRYLOCK:
        h->reg = m->owner[in->a] == 0;
        if (h->reg) m->owner[in->a] = t + 1;
        a->arg = (uint64_t)h->reg;
        break;
    case M_READ:
        h->reg = (int)m->mem[in->a];
        break;
    case M_WRITE:
        m->mem[in->a] = (in->b + (in->c ? h->reg : 0)) % (m->p.mod ? m->p.mod : 3);
        wrote[0] = 1 + (uint64_t)in->a, wrote[1] = (uint64_t)m->mem[in->a];
        break;
    case M_RMW:
        h->reg = (int)m->mem[in->a];
        m->mem[in->a] = (m->mem[in->a] + 1) % 3;
        wrote[0] = 1 + (uint64_t)in->a, wrote[1] = (uint64_t)m->mem[in->a];
        break;
    case M_ADDB:
        h->reg = (int)m->mem[in->a];
        if (h->reg + in->b >= 0 && h->reg + in->b <= in->c) m->mem[in->a] += in->b;
        break;
    case M_NONDET:
        h->reg = (int)val;
        a->arg = val;
        break;
    case M_WAIT:
        if (!h->phase) {
            m->owner[in->b] = 0;
            m->waiters[in->a] |= 1ull << t;
            h->waiting = 1;
            h->phase = 1;
            ev->val = 0;
            return; /* pc stays: WAIT2 is next */
        }
        m->owner[in->b] = t + 1;
        h->phase = 0;
        break;
    case M_SIGNAL:
        w = m->waiters[in->a];
        if (!w) {
            a->arg = RV_NO_THREAD;
            break;
        }
        for (uint32_t i = 0; i < val; i++) w &= w - 1;
        a->arg = (uint64_t)__builtin_ctzll(w);
        m->waiters[in->a] &= ~(1ull << a->arg);
        m->th[a->arg].waiting = 0;
        break;
    case M_BCAST:
        a->arg = m->waiters[in->a];
        for (int u = 0; u < MOCK_MAXT; u++)
            if ((a->arg >> u) & 1) m->th[u].waiting = 0;
        m->waiters[in->a] = 0;
        break;
    case M_SEMW:
        m->sem[in->a]--;
        break;
    case M_SEMP:
        m->sem[in->a]++;
        break;
    case M_CREATE:
        m->th[in->a].state = RV_T_LIVE;
        break;
    case M_EXIT:
        h->state = RV_T_FINISHED;
        break;
    default:
        break;
    }
    h->pc++;
    (void)wrote;
}

static void fingerprint(mock *m, int t, rv_event *ev)
{
    const rv_action *a = &ev->act;
    mthr *h = &m->th[t];
    int64_t st[5] = {t, h->pc, h->reg, h->phase, h->state};
    rv_hash128 hh = rv_hash(st, sizeof st);
    ev->fp_lo = hh.lo;
    ev->fp_hi = hh.hi | 1; /* never zero: zero means "no fingerprint" */
    if (a->kind == RV_ACT_WRITE || a->kind == RV_ACT_RMW) { /* the image's change (trace.h) */
        rv_memh h = rv_memh_xor(rv_memh_range(a->obj, &m->before, sizeof m->before),
                                rv_memh_range(a->obj, &m->mem[(a->obj - OBJ_VAR(0)) / 8], 8));
        ev->wv_lo = h.lo;
        ev->wv_hi = h.hi;
        ev->vflags |= RV_EV_WV;
    }
}

static uint64_t enabled_mask(mock *m)
{
    uint64_t en = 0;
    for (int t = 0; t < m->p.nthreads; t++)
        if (enabled(m, t)) en |= 1ull << t;
    return en;
}

static int mock_execute(rv_backend *b, const rv_step *prefix, size_t n, rv_policy pol,
                        rv_trace *out)
{
    mock *m = (mock *)b;
    rv_trace_reset(out);
    memset(m->th, 0, sizeof m->th);
    memset(m->owner, 0, sizeof m->owner);
    memset(m->mem, 0, sizeof m->mem);
    memset(m->waiters, 0, sizeof m->waiters);
    memcpy(m->sem, m->p.seminit, sizeof m->p.seminit);
    m->failed = 0;
    rv_trace_set_nthreads(out, (unsigned)m->p.nthreads);
    for (int t = 0; t < m->p.nthreads; t++) {
        m->th[t].state = (t == 0 || !m->p.spawn) ? RV_T_LIVE : RV_T_NONE;
        out->threads[t].parent = (t == 0 || !m->p.spawn) ? RV_NO_THREAD : 0;
    }
    for (int t = 0; t < m->p.nthreads; t++) run_local(m, t, out);
    uint32_t nev[RV_MASK_THREADS] = {0};
    for (size_t i = 0; !m->failed; i++) {
        uint64_t en = enabled_mask(m);
        if (!en) {
            bool live = false;
            for (int t = 0; t < m->p.nthreads; t++) live |= m->th[t].state == RV_T_LIVE;
            out->end = live ? RV_END_DEADLOCK : RV_END_COMPLETE;
            break;
        }
        uint64_t lim = b->limits.max_events;
        if (b->limits.budget && (!lim || b->limits.budget < lim)) lim = b->limits.budget;
        if (lim && i >= lim) {
            out->end = RV_END_EVENT_LIMIT;
            snprintf(out->msg, sizeof out->msg, "event limit");
            break;
        }
        int t;
        uint32_t val = 0;
        if (i < n) {
            t = prefix[i].tid;
            val = prefix[i].val;
            if (t >= m->p.nthreads || !((en >> t) & 1) || val >= pending(m, t).ndom) {
                out->end = RV_END_DIVERGED;
                snprintf(out->msg, sizeof out->msg, "step %zu diverged", i);
                break;
            }
        } else if (pol == RV_POLICY_STOP) {
            out->end = RV_END_PREFIX;
            break;
        } else if (pol == RV_POLICY_LEAST) {
            uint64_t pref = en & ~b->limits.avoid;
            t = (int)rv_least_thread(pref ? pref : en, nev);
        } else {
            uint64_t pref = en & ~b->limits.avoid;
            t = __builtin_ctzll(pref ? pref : en);
        }
        rv_event *ev = rv_trace_push(out);
        ev->act = pending(m, t);
        ev->enabled = en;
        uint64_t above = t < 63 ? en >> (t + 1) << (t + 1) : 0; /* trace.h: next_en */
        ev->next_en = above ? (uint32_t)__builtin_ctzll(above) : RV_NO_THREAD;
        ev->val = val;
        ev->pc = (uint64_t)(t << 8 | m->th[t].pc);
        apply(m, t, ev, val);
        if (ev->act.kind == RV_ACT_CREATE) run_local(m, (int)ev->act.obj, out);
        run_local(m, t, out);
        nev[t]++;
        if (b->limits.fingerprints) fingerprint(m, t, ev);
    }
    for (int t = 0; t < m->p.nthreads; t++) {
        rv_thread_end *te = &out->threads[t];
        te->state = (uint8_t)m->th[t].state;
        if (te->state == RV_T_LIVE) {
            te->pending = pending(m, t);
            te->enabled = enabled(m, t);
            te->pending_pc = (uint64_t)(t << 8 | m->th[t].pc);
        }
    }
    return 0;
}

rv_hash128 mock_state(rv_backend *b)
{
    mock *m = (mock *)b;
    int64_t w[MOCK_MAXT * 5 + NOBJ * 5 + 1];
    size_t k = 0;
    for (int t = 0; t < MOCK_MAXT; t++) {
        w[k++] = m->th[t].state;
        w[k++] = m->th[t].pc;
        w[k++] = m->th[t].reg;
        w[k++] = m->th[t].phase;
        w[k++] = m->th[t].waiting;
    }
    for (int o = 0; o < NOBJ; o++) {
        w[k++] = m->owner[o];
        w[k++] = m->count[o];
        w[k++] = m->mem[o];
        w[k++] = m->sem[o];
        w[k++] = (int64_t)m->waiters[o];
    }
    w[k++] = m->failed;
    return rv_hash(w, k * sizeof *w);
}

static void mock_destroy(rv_backend *b)
{
    free(b);
}

static const rv_backend_ops mock_ops = {.execute = mock_execute, .destroy = mock_destroy};

rv_backend *mock_open(const mprog *p)
{
    mock *m = rv_xcalloc(1, sizeof *m);
    m->b.ops = &mock_ops;
    m->b.name = "mock";
    m->p = *p;
    return &m->b;
}

/* ---- random programs ---------------------------------------------------- */

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}
#define R(n) ((int)(rnd(&s) % (uint64_t)(n)))

static void put(mprog *p, int t, int op, int a, int b, int c)
{
    if (p->ni[t] >= MOCK_MAXI - 1) return;
    p->code[t][p->ni[t]++] = (minstr){op, a, b, c};
}

/* A simple (lock-neutral) instruction. */
static void simple(mprog *p, int t, uint64_t *sp, int nv, int ncond, int nsem, int asserts)
{
    uint64_t s = *sp;
    switch (R(asserts ? 9 : 8)) {
    case 0:
    case 1:
        put(p, t, M_READ, R(nv), 0, 0);
        break;
    case 2:
    case 3:
        put(p, t, M_WRITE, R(nv), R(3), R(2));
        break;
    case 4:
        put(p, t, M_NONDET, 0, 2, 0);
        break;
    case 5:
        put(p, t, M_READ, R(nv), 0, 0);
        put(p, t, M_BRANCH, 0, R(2), 1);
        put(p, t, M_WRITE, R(nv), 1 + R(2), 0);
        break;
    case 6:
        if (ncond)
            put(p, t, R(3) ? M_SIGNAL : M_BCAST, R(ncond), 0, 0);
        else
            put(p, t, M_RMW, R(nv), 0, 0);
        break;
    case 7:
        if (nsem)
            put(p, t, R(2) ? M_SEMP : M_SEMW, R(nsem), 0, 0);
        else
            put(p, t, M_YIELD, 0, 0, 0);
        break;
    default:
        put(p, t, M_ASSERT, 0, 7 + R(3), 0);
        break; /* reg == 7.. never... */
    }
    *sp = s;
}

/* A spin-wait on a random variable for a random value (loops == 3): read
 * it, leave when it holds the value, else (perhaps after a yield) read it
 * again; sometimes inside a critical section, so that another thread may
 * wait for the mutex as long as the spin lasts, and sometimes reading
 * another variable first, whose writes come between the loop's reads. */
static void spin(mprog *p, int t, uint64_t *sp, int nv, int nm)
{
    uint64_t s = *sp;
    int m = R(3) == 0 ? R(nm) : -1;
    if (m >= 0) put(p, t, M_LOCK, m, 0, 0);
    int at = p->ni[t], yield = R(2);
    if (R(2)) put(p, t, M_READ, R(nv), 0, 0); /* a read the exit does not look at */
    put(p, t, M_READ, R(nv), 0, 0);
    put(p, t, M_BRANCH, 0, R(3), 1 + yield);
    if (yield) put(p, t, M_YIELD, 0, 0, 0);
    put(p, t, M_JMP, 0, 0, at);
    if (m >= 0) put(p, t, M_UNLOCK, m, 0, 0);
    *sp = s;
}

void mock_random(mprog *p, uint64_t seed, int loops)
{
    memset(p, 0, sizeof *p);
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 12345;
    for (int i = 0; i < 4; i++) rnd(&s);
    p->nthreads = 2 + R(2);
    if (loops == 1) p->nthreads = 2;
    p->spawn = R(3) == 0;
    int nm = 1 + R(2), nv = 1 + R(2), ncond = R(3) == 0 ? 1 : 0, nsem = R(4) == 0 ? 1 : 0;
    if (loops == 1 || loops == 2) nsem = 0; /* unbalanced posts in a loop: an unbounded count */
    int asserts = R(4) == 0;
    p->seminit[0] = R(2);
    int len = loops == 1 || loops == 2 ? 2 : 1 + R(3);
    for (int t = 0; t < p->nthreads; t++) {
        if (t == 0 && p->spawn)
            for (int c = 1; c < p->nthreads; c++) put(p, 0, M_CREATE, c, 0, 0);
        for (int k = 0; k < len; k++) {
            if (loops == 3 && R(3) == 0) spin(p, t, &s, nv, nm);
            int kind = R(4);
            if (kind == 0) {
                int m = R(nm);
                put(p, t, M_LOCK, m, 0, 0);
                if (ncond && m == 0 && R(3) == 0) {
                    put(p, t, M_WAIT, 0, 0, 0);
                } else {
                    simple(p, t, &s, nv, ncond, 0, asserts);
                    if (nm > 1 && R(3) == 0) {
                        int m2 = 1 - m;
                        put(p, t, M_LOCK, m2, 0, 0);
                        put(p, t, M_WRITE, R(nv), R(3), 0);
                        put(p, t, M_UNLOCK, m2, 0, 0);
                    }
                }
                put(p, t, M_UNLOCK, m, 0, 0);
            } else if (kind == 1 && R(2)) {
                int m = R(nm);
                put(p, t, M_TRYLOCK, m, 0, 0);
                put(p, t, M_BRANCH, 0, 0, 2);
                put(p, t, M_WRITE, R(nv), 2, 0);
                put(p, t, M_UNLOCK, m, 0, 0);
            } else {
                simple(p, t, &s, nv, ncond, nsem, asserts);
            }
        }
        if (asserts && R(2)) {
            put(p, t, M_READ, R(nv), 0, 0);
            put(p, t, M_ASSERT, 0, 2, 0);
        }
        /* back to the loop head: after thread 0's creates, so that a loop
         * program stays finite-state (a fixed number of threads) */
        if (loops == 1 || loops == 2)
            put(p, t, M_JMP, 0, 0, t == 0 && p->spawn ? p->nthreads - 1 : 0);
    }
    if (p->spawn && R(2) && loops != 1 && loops != 2)
        for (int c = 1; c < p->nthreads; c++) put(p, 0, M_JOIN, c, 0, 0);
}

void mock_print(const mprog *p)
{
    static const char *nm[] = {"lock",   "unlock", "trylock", "read", "write", "rmw",    "nondet",
                               "wait",   "signal", "bcast",   "semw", "semp",  "create", "join",
                               "branch", "assert", "jmp",     "exit", "yield", "addb"};
    for (int t = 0; t < p->nthreads; t++) {
        printf("# t%d:", t);
        for (int i = 0; i < p->ni[t]; i++)
            printf(" %s(%d,%d,%d)", nm[p->code[t][i].op], p->code[t][i].a, p->code[t][i].b,
                   p->code[t][i].c);
        printf("\n");
    }
}

void mock_prodcons(mprog *p, int which, int bound, int keep, int gran)
{
    memset(p, 0, sizeof *p);
    p->nthreads = 3;
    p->mod = 64;
    for (int t = 0; t < 2; t++) { /* producers: lock; if (c < B) c += inc; unlock */
        int i = which == 'b' ? t : 0, inc = which == 'b' ? 1 : 1 + t;
        if (gran) {
            if (gran == 1) put(p, t, M_LOCK, i, 0, 0);
            put(p, t, M_ADDB, i, inc, bound);
            if (gran == 1) put(p, t, M_UNLOCK, i, 0, 0);
            put(p, t, M_JMP, 0, 1, 0);
            continue;
        }
        put(p, t, M_LOCK, i, 0, 0);
        put(p, t, M_READ, i, 0, 0);
        if (inc == 2) put(p, t, M_BRANCH, 0, bound, 2);
        put(p, t, M_BRANCH, 0, bound + 1 - inc, 1);
        put(p, t, M_WRITE, i, inc, 1);
        put(p, t, M_UNLOCK, i, 0, 0);
        put(p, t, M_JMP, 0, 1, 0);
    }
    for (int i = 0; i < (which == 'b' ? 2 : 1); i++) { /* consumer: if (c > 0) c--; */
        if (gran) {
            if (gran == 1) put(p, 2, M_LOCK, i, 0, 0);
            put(p, 2, M_ADDB, i, -1, bound);
            if (gran == 1) put(p, 2, M_UNLOCK, i, 0, 0);
            if (!keep) put(p, 2, M_JMP, 0, 1, p->ni[2] + 1);
            continue;
        }
        put(p, 2, M_LOCK, i, 0, 0);
        put(p, 2, M_READ, i, 0, 0);
        put(p, 2, M_BRANCH, 0, 0, 1);
        put(p, 2, M_WRITE, i, -1, 1);
        put(p, 2, M_UNLOCK, i, 0, 0);
        if (!keep) put(p, 2, M_JMP, 0, 1, p->ni[2] + 1);
    }
    put(p, 2, M_JMP, 0, !keep, 0);
}
