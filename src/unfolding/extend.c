/*
 * extend.c — from executions to the unfolding: mapping a trace onto events
 * (hash-consing each event's canonical name) and computing the conflicting
 * extensions of the executed configuration (seed 001 Alg. 1 line 14,
 * seed 004 §3.6, generalised to every action kind of DESIGN §2.6).
 *
 * Extensions.  Every extension ⟨a, H⟩ of a prefix of C belongs to a thread
 * t and a position in t's events: after p (the <-maximal t-event of H, or
 * none), a is t's next action after p (known from C: the next t-event, or
 * the pending action at the end; it is a function of [p]).  H = [p] ∪ ↓S
 * for an antichain S of events of C, none ≤ p, none ≥ the next t-event, all
 * dependent with a (seed 001 Def. 3: the maximal events of a history are
 * dependent with the action).  Whether a is enabled at state(H), and its
 * results, are computed by replaying H's events of C in execution order
 * through a small model of the synchronisation objects (any linearisation
 * of H reaches state(H)).  For a mutex, S ranges over a chain, so the
 * enumeration is linear; for memory writes after concurrent reads it is the
 * number of antichains of those reads, which is the number of such events
 * in the unfolding.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unfolding.h"

/* ---- mapping a trace --------------------------------------------------- */

static rv_semobj *sem_of(rv_unf *u, uint64_t obj)
{
    for (size_t i = 0; i < u->nsems; i++)
        if (u->sems[i].obj == obj) return &u->sems[i];
    if (u->nsems == u->capsems) {
        u->capsems = u->capsems ? 2 * u->capsems : 8;
        u->sems = rv_xrealloc(u->sems, u->capsems * sizeof *u->sems);
    }
    u->sems[u->nsems] = (rv_semobj){.obj = obj, .lo = 0};
    return &u->sems[u->nsems++];
}

static bool sem_decrements(const rv_action *a)
{
    return a->kind == RV_ACT_SEM_WAIT || (a->kind == RV_ACT_SEM_TRYWAIT && a->arg);
}

/* A semaphore's initial count is at least (decrements - posts + 1) before
 * each decrement (it was positive then). */
static void learn_sems(rv_unf *u, const rv_trace *t)
{
    for (size_t i = 0; i < t->n; i++) {
        const rv_action *a = &t->ev[i].act;
        if (!sem_decrements(a)) continue;
        int64_t net = 0;
        for (size_t k = 0; k < i; k++) {
            const rv_action *b = &t->ev[k].act;
            if (b->obj != a->obj) continue;
            if (b->kind == RV_ACT_SEM_POST)
                net--;
            else if (sem_decrements(b))
                net++;
        }
        rv_semobj *s = sem_of(u, a->obj);
        if (net + 1 > s->lo) s->lo = net + 1;
    }
}

static void note_inconsistent(rv_unf *u, const char *why, const rv_action *a)
{
    if (u->inconsistent) return;
    u->inconsistent = true;
    char buf[96];
    snprintf(u->why, sizeof u->why, "%s: %s", why, rv_action_str(a, buf, sizeof buf));
}

/* The executed action agrees with the model's prediction for the event. */
static void check_same(rv_unf *u, const rv_uevent *e, const rv_action *a)
{
    if (e->act.kind != a->kind || e->act.obj != a->obj || e->act.obj2 != a->obj2)
        note_inconsistent(u, "event name clash", a);
    switch (a->kind) {
    case RV_ACT_TRYLOCK:
    case RV_ACT_SEM_TRYWAIT:
    case RV_ACT_BROADCAST:
    case RV_ACT_ONCE_BEGIN:
        if (e->act.arg != a->arg) note_inconsistent(u, "predicted result differs", a);
        break;
    default:
        break;
    }
}

/* An execution that stopped in the middle: its last event was fatal. */
static bool stopped_early(rv_end e)
{
    return (rv_end_is_bug(e) && e != RV_END_DEADLOCK) || e == RV_END_INFEASIBLE;
}

static void mark_dead(rv_unf *u, rv_uevent *twin)
{
    twin->dead = true;
    if (twin->tparent)
        twin->tparent->dead_child = true;
    else
        u->root_dead |= 1ull << twin->act.tid;
}

/* The fatal event of the last step: its non-fatal twin (history under
 * rv_dependent: preds) is dead; the fatal event's history is every event
 * before it (last[u] = index of thread u's last event). */
static rv_uevent *intern_fatal(rv_unf *u, const rv_action *a, uint32_t val, rv_uevent *tp,
                               rv_uevent *const *preds, size_t np, const int32_t *last, bool *isnew)
{
    rv_uevent *twin = rv_unf_intern(u, a, val, tp, preds, np, NULL);
    bool fresh = !twin->dead;
    mark_dead(u, twin);
    rv_uevent *all[RV_MAX_THREADS];
    size_t na = 0;
    for (unsigned k = 0; k < RV_MAX_THREADS; k++)
        if (last[k] >= 0) all[na++] = u->cur[last[k]];
    rv_action f = *a;
    f.flags |= RV_UF_ERR;
    rv_uevent *x = rv_unf_intern(u, &f, val, tp, all, na, isnew);
    if (fresh) rv_unf_fatal_variants(u, twin);
    return x;
}

size_t rv_unf_map_trace(rv_unf *u, const rv_trace *t, bool cutoffs)
{
    for (size_t i = 0; i < u->ncur; i++) u->cur[i]->pos = -1;
    u->ncur = 0;
    u->cutmask = 0;
    if (u->capcur < t->n) {
        u->capcur = t->n;
        u->cur = rv_xrealloc(u->cur, u->capcur * sizeof *u->cur);
    }
    learn_sems(u, t);
    size_t n = t->n, T = RV_MAX_THREADS, created = 0;
    /* vc[i*T+u]: events of thread u in [ev i]; tpos[i]: ev i's index in its thread */
    uint32_t *vc = rv_xcalloc(n * T + 1, sizeof *vc);
    uint32_t *tpos = rv_xcalloc(n + 1, sizeof *tpos);
    int32_t *tprev = rv_xcalloc(n + 1, sizeof *tprev); /* previous event of the same thread */
    unsigned maxtid = 0;
    uint32_t cnt[RV_MAX_THREADS] = {0};
    int32_t last[RV_MAX_THREADS];
    for (size_t k = 0; k < T; k++) last[k] = -1;
    rv_uevent *preds[RV_MAX_THREADS * 4];
    for (size_t i = 0; i < n; i++) {
        const rv_event *ev = &t->ev[i];
        unsigned tid = ev->act.tid;
        uint32_t *v = &vc[i * T];
        size_t np = 0;
        /* dropped: above a cutoff (a cause was cut or dropped) */
        bool dropped = last[tid] >= 0 && !u->cur[last[tid]];
        /* Backward scan: a dependent event not yet in the past is maximal
         * (anything above it has a larger index and was seen first).  The
         * events are visited in decreasing index, thread by thread (tprev
         * links), skipping a thread once its next event is in the past
         * (then so are its earlier ones): a spinning thread no longer makes
         * the mapping quadratic (minutes at --max-events=100000, issue 9). */
        int32_t at[RV_MAX_THREADS];
        memcpy(at, last, sizeof at);
        for (;;) {
            int32_t jmax = -1;
            unsigned kmax = 0;
            for (unsigned k = 0; k <= maxtid; k++) {
                if (at[k] >= 0 && tpos[at[k]] <= v[k]) at[k] = -1; /* the rest is in the past */
                if (at[k] > jmax) jmax = at[k], kmax = k;
            }
            if (jmax < 0) break;
            size_t jj = (size_t)jmax;
            at[kmax] = tprev[jj];
            if (!rv_dependent(&t->ev[jj].act, &ev->act)) continue;
            if (!u->cur[jj]) dropped = true;
            if (np < sizeof preds / sizeof preds[0]) preds[np++] = u->cur[jj];
            for (size_t k = 0; k < T; k++)
                if (vc[jj * T + k] > v[k]) v[k] = vc[jj * T + k];
        }
        tprev[i] = last[tid];
        if (tid > maxtid) maxtid = tid;
        tpos[i] = ++cnt[tid];
        v[tid] = tpos[i];
        bool fatal = i + 1 == n && stopped_early(t->end);
        for (size_t k = 0; fatal && k < T; k++) dropped |= last[k] >= 0 && !u->cur[last[k]];
        if (dropped) { /* not in the cutoff-free prefix: not interned */
            u->cur[i] = NULL;
            last[tid] = (int32_t)i;
            u->cutmask |= 1ull << (tid & 63);
            continue;
        }
        rv_uevent *tp = last[tid] >= 0 ? u->cur[last[tid]] : NULL;
        bool isnew;
        rv_uevent *e;
        if (fatal) {
            e = intern_fatal(u, &ev->act, ev->val, tp, preds, np, last, &isnew);
        } else {
            e = rv_unf_intern(u, &ev->act, ev->val, tp, preds, np, &isnew);
        }
        if (isnew) {
            created++;
        } else {
            check_same(u, e, &ev->act);
        }
        e->act.arg = ev->act.arg;
        e->act.ndom = ev->act.ndom;
        e->val = ev->val;
        e->pc = ev->pc;
        if (ev->fp_lo || ev->fp_hi) {
            e->fp_lo = ev->fp_lo;
            e->fp_hi = ev->fp_hi;
            e->wv_lo = ev->wv_lo;
            e->wv_hi = ev->wv_hi;
            e->taint = ev->taint;
            e->has_fp = true;
        }
        e->executed = true;
        e->pos = (int32_t)i;
        u->cur[i] = e;
        last[tid] = (int32_t)i;
        if (cutoffs && rv_unf_cutoff(u, e)) { /* in U, but not in C */
            e->pos = -1;
            u->cur[i] = NULL;
            u->cutmask |= 1ull << (tid & 63);
        }
    }
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        rv_uevent *e = u->cur[i];
        if (!e) continue;
        e->pos = (int32_t)w;
        u->cur[w++] = e;
    }
    u->ncur = w;
    free(vc);
    free(tpos);
    free(tprev);
    return created;
}

/* ---- the model of synchronisation state at a history ----------------- */

typedef struct hist {
    rv_uevent *p;  /* thread predecessor (or NULL) */
    rv_uevent **S; /* other maximal events */
    size_t ns;
} hist;

static bool in_hist(const rv_uevent *y, const hist *h)
{
    if (h->p && rv_unf_leq(y, h->p)) return true;
    for (size_t i = 0; i < h->ns; i++)
        if (rv_unf_leq(y, h->S[i])) return true;
    return false;
}

typedef struct objstate {
    bool created, exited, pexit, begun, ended;
    unsigned holder; /* RV_NO_THREAD when free */
    unsigned hcount;
    uint64_t mkind;
    uint64_t waiting; /* threads waiting on the condvar (woken bits cleared) */
    int64_t sem;      /* posts - decrements */
    unsigned atomic;  /* thread inside an atomic section + 1, or 0 */
} objstate;

static void apply_mutex(objstate *s, const rv_action *b)
{
    switch (b->kind) {
    case RV_ACT_LOCK:
    case RV_ACT_WAIT2:
        if (s->holder == b->tid)
            s->hcount++;
        else
            s->holder = b->tid, s->hcount = 1;
        break;
    case RV_ACT_TRYLOCK:
        if (!b->arg) break;
        if (s->holder == b->tid)
            s->hcount++;
        else
            s->holder = b->tid, s->hcount = 1;
        break;
    case RV_ACT_UNLOCK:
        if (s->hcount) s->hcount--;
        if (!s->hcount) s->holder = RV_NO_THREAD;
        break;
    case RV_ACT_WAIT1:
        s->hcount = 0;
        s->holder = RV_NO_THREAD;
        break;
    case RV_ACT_MUTEX_INIT:
        s->holder = RV_NO_THREAD;
        s->hcount = 0;
        s->mkind = b->arg;
        break;
    default:
        break;
    }
}

/* Replay H's events (in execution order) for the objects a touches. */
static void state_at(rv_unf *u, const rv_action *a, const hist *h, objstate *s)
{
    memset(s, 0, sizeof *s);
    s->holder = RV_NO_THREAD;
    uint64_t m = rv_mutex_of(a);
    for (size_t i = 0; i < u->ncur; i++) {
        const rv_uevent *y = u->cur[i];
        const rv_action *b = &y->act;
        bool rel = b->kind == RV_ACT_PEXIT || rv_is_atomic_section(b) ||
                   (b->kind == RV_ACT_CREATE && b->obj == a->tid) || (m && rv_mutex_of(b) == m) ||
                   b->obj == a->obj;
        if (!rel || !in_hist(y, h)) continue;
        if (b->kind == RV_ACT_PEXIT) s->pexit = true;
        if (b->kind == RV_ACT_ATOMIC_BEGIN) s->atomic = b->tid + 1u;
        if (b->kind == RV_ACT_ATOMIC_END) s->atomic = 0;
        if (rv_is_atomic_section(b)) continue;
        if (b->kind == RV_ACT_CREATE && b->obj == a->tid) s->created = true;
        if (m && rv_mutex_of(b) == m) apply_mutex(s, b);
        if (b->obj != a->obj) continue;
        switch (b->kind) {
        case RV_ACT_WAIT1:
            s->waiting |= 1ull << b->tid;
            break;
        case RV_ACT_SIGNAL:
            if (b->arg != RV_NO_THREAD) s->waiting &= ~(1ull << b->arg);
            break;
        case RV_ACT_BROADCAST:
            s->waiting &= ~b->arg;
            break;
        case RV_ACT_SEM_POST:
            s->sem++;
            break;
        case RV_ACT_SEM_WAIT:
            s->sem--;
            break;
        case RV_ACT_SEM_TRYWAIT:
            s->sem -= b->arg ? 1 : 0;
            break;
        case RV_ACT_ONCE_BEGIN:
            if (b->arg) s->begun = true;
            break;
        case RV_ACT_ONCE_END:
            s->ended = true;
            break;
        default:
            break;
        }
    }
    if (a->kind == RV_ACT_JOIN) {
        /* the joined thread's exit: its maximal event in H */
        for (size_t i = 0; i < u->ncur; i++) {
            const rv_uevent *y = u->cur[i];
            if (y->act.kind == RV_ACT_EXIT && y->act.tid == a->obj && in_hist(y, h))
                s->exited = true;
        }
    }
}

/* A semaphore's initial count: obj2 - 1 when the backend reports it
 * (obj2 = initial count + 1), else the lower bound learnt from executions
 * (which can miss events: docs/UDPOR.md). */
static int64_t sem_init(rv_unf *u, const rv_action *a)
{
    return a->obj2 ? (int64_t)a->obj2 - 1 : sem_of(u, a->obj)->lo;
}

static bool mutex_free_for(const objstate *s, unsigned t)
{
    /* PTHREAD_MUTEX_NORMAL is 0: relocking it deadlocks */
    return s->holder == RV_NO_THREAD || (s->holder == t && s->mkind != 0);
}

/* The concrete actions (with results and value choice) of template a at H;
 * 0 when a is disabled there. */
static size_t concretise(rv_unf *u, const rv_action *a, bool root, const hist *h, rv_action *out,
                         uint32_t *vals, size_t cap)
{
    objstate s;
    state_at(u, a, h, &s);
    if (s.pexit) return 0;
    if (!root && !h->p && !s.created) return 0;
    unsigned t = a->tid;
    if (s.atomic && s.atomic != t + 1u) return 0; /* another thread's atomic section */
    out[0] = *a;
    vals[0] = 0;
    switch (a->kind) {
    case RV_ACT_LOCK:
        return mutex_free_for(&s, t);
    case RV_ACT_TRYLOCK:
        out[0].arg = s.holder == RV_NO_THREAD || (s.holder == t && s.mkind == 1);
        return 1;
    case RV_ACT_WAIT2:
        return !((s.waiting >> t) & 1) && mutex_free_for(&s, t);
    case RV_ACT_JOIN:
        return s.exited;
    case RV_ACT_SEM_WAIT:
        return sem_init(u, a) + s.sem > 0;
    case RV_ACT_SEM_TRYWAIT:
        out[0].arg = sem_init(u, a) + s.sem > 0;
        return 1;
    case RV_ACT_ONCE_BEGIN:
        if (s.begun && !s.ended) return 0;
        out[0].arg = !s.begun;
        return 1;
    case RV_ACT_BROADCAST:
        out[0].arg = s.waiting & ~(1ull << t);
        return 1;
    case RV_ACT_SIGNAL: {
        uint64_t w = s.waiting & ~(1ull << t);
        if (!w) {
            out[0].arg = RV_NO_THREAD;
            out[0].ndom = 1;
            return 1;
        }
        size_t k = 0;
        for (unsigned v = 0; v < RV_MAX_THREADS && k < cap; v++)
            if ((w >> v) & 1) {
                out[k] = *a;
                out[k].arg = v;
                out[k].ndom = (uint32_t)__builtin_popcountll(w);
                vals[k] = (uint32_t)k;
                k++;
            }
        return k;
    }
    case RV_ACT_NONDET: {
        size_t k = 0;
        for (uint32_t v = 0; v < a->ndom && k < cap; v++, k++) {
            out[k] = *a;
            out[k].arg = a->obj2 + v;
            vals[k] = v;
        }
        return k;
    }
    default:
        return 1;
    }
}

/* May template a (results unknown) depend on b?  Signals and broadcasts
 * depend on waits according to whom they wake: take the union. */
static bool may_depend(const rv_action *a, const rv_action *b)
{
    if (a->kind == RV_ACT_SIGNAL || a->kind == RV_ACT_BROADCAST) {
        rv_action x = *a, y = *a;
        x.arg = a->kind == RV_ACT_SIGNAL ? RV_NO_THREAD : 0;
        y.arg = a->kind == RV_ACT_SIGNAL ? b->tid : ~0ull;
        return rv_unf_dep(&x, b) || rv_unf_dep(&y, b);
    }
    return rv_unf_dep(a, b);
}

/* ---- enumeration of histories ----------------------------------------- */

typedef struct xctx {
    rv_unf *u;
    rv_action tmpl;
    bool root;
    rv_uevent *p;
    rv_uevent **R; /* candidate maximal events */
    size_t nr;
    rv_uevent **S; /* chosen antichain */
    size_t ns;
    size_t created;
    bool fatal; /* enumerate fatal variants of dead twins */
} xctx;

/* The non-fatal event ⟨a, H'⟩ with H' the part of H that a depends on under
 * rv_dependent (its maximal dependent events and p), if known. */
static rv_uevent *dep_twin(xctx *c, const hist *h, const rv_action *a, uint32_t val)
{
    rv_uevent *m[RV_MAX_THREADS + 1];
    size_t nm = 0;
    if (c->p) m[nm++] = c->p;
    for (size_t i = c->u->ncur; i-- > 0;) {
        rv_uevent *y = c->u->cur[i];
        if (y->act.tid == a->tid || !rv_dependent(&y->act, a) || !in_hist(y, h)) continue;
        bool below = false;
        for (size_t k = 0; k < nm && !below; k++) below = rv_unf_leq(y, m[k]);
        if (!below && nm < RV_MAX_THREADS + 1) m[nm++] = y;
    }
    return rv_unf_find(c->u, a, val, m, nm);
}

static void emit(xctx *c)
{
    hist h = {.p = c->p, .S = c->S, .ns = c->ns};
    rv_action acts[RV_MAX_THREADS + 1];
    uint32_t vals[RV_MAX_THREADS + 1];
    size_t k = concretise(c->u, &c->tmpl, c->root, &h, acts, vals, RV_MAX_THREADS + 1);
    rv_uevent *preds[RV_MAX_THREADS * 4];
    for (size_t i = 0; i < k; i++) {
        if (c->fatal) {
            /* only where the history under rv_dependent names a dead twin */
            rv_uevent *twin = dep_twin(c, &h, &acts[i], vals[i]);
            if (!twin || !twin->dead) continue;
            acts[i].flags |= RV_UF_ERR;
        }
        bool ok = true;
        for (size_t s = 0; s < c->ns && ok; s++) ok = rv_unf_dep(&acts[i], &c->S[s]->act);
        if (!ok) continue;
        size_t np = 0;
        if (c->p) preds[np++] = c->p;
        for (size_t s = 0; s < c->ns && np < sizeof preds / sizeof preds[0]; s++)
            preds[np++] = c->S[s];
        bool isnew;
        rv_unf_intern(c->u, &acts[i], vals[i], c->p, preds, np, &isnew);
        c->created += isnew;
    }
}

/* Every antichain of R[i..]: include R[i] only if concurrent with S. */
static void antichains(xctx *c, size_t i)
{
    if (i == c->nr) {
        emit(c);
        return;
    }
    antichains(c, i + 1);
    rv_uevent *y = c->R[i];
    for (size_t s = 0; s < c->ns; s++)
        if (!rv_unf_concurrent(y, c->S[s])) return;
    c->S[c->ns++] = y;
    antichains(c, i + 1);
    c->ns--;
}

/* Extensions of thread t after p with template a; x = t's next event in C
 * (NULL at the end). */
static size_t extend_position(rv_unf *u, const rv_action *a, bool root, rv_uevent *p, rv_uevent *x,
                              bool fatal)
{
    xctx c = {.u = u, .tmpl = *a, .root = root, .p = p, .fatal = fatal};
    c.tmpl.flags &= (uint8_t)~RV_UF_ERR;
    rv_action any = c.tmpl;
    if (fatal) any.flags |= RV_UF_ERR; /* a fatal event's history may hold anything */
    a = &any;
    c.R = rv_xmalloc((u->ncur + 1) * sizeof *c.R);
    c.S = rv_xmalloc((u->ncur + 1) * sizeof *c.S);
    for (size_t i = 0; i < u->ncur; i++) {
        rv_uevent *y = u->cur[i];
        if (y->act.tid == a->tid) continue;
        if (p && rv_unf_leq(y, p)) continue;
        if (x && rv_unf_leq(x, y)) continue;
        if (!may_depend(a, &y->act)) continue;
        c.R[c.nr++] = y;
    }
    antichains(&c, 0);
    free(c.R);
    free(c.S);
    return c.created;
}

static bool has_dead_child(const rv_unf *u, const rv_uevent *p, unsigned tid)
{
    return p ? p->dead_child : ((u->root_dead >> tid) & 1);
}

size_t rv_unf_extend(rv_unf *u, const rv_trace *t, bool pending)
{
    size_t created = 0;
    for (unsigned tid = 0; tid < t->nthreads && tid < RV_MAX_THREADS; tid++) {
        const rv_thread_end *te = &t->threads[tid];
        if (te->state == RV_T_NONE) continue;
        bool root = te->parent == RV_NO_THREAD;
        rv_uevent *p = NULL;
        size_t k = 0;
        for (size_t i = 0; i < u->ncur; i++) {
            rv_uevent *x = u->cur[i];
            if (x->act.tid != tid) continue;
            rv_action a = x->act;
            created += extend_position(u, &a, root, p, x, false);
            if (has_dead_child(u, p, tid)) created += extend_position(u, &a, root, p, x, true);
            p = x;
            k++;
        }
        /* t's next action after C: its next event in the trace when C was
         * restricted by cutoffs (a suffix of each thread is dropped), else
         * its pending action */
        const rv_action *tail = NULL;
        for (size_t i = 0; i < t->n && !tail; i++)
            if (t->ev[i].act.tid == tid && k-- == 0) tail = &t->ev[i].act;
        if (!tail && pending && te->state == RV_T_LIVE && te->pending.kind != RV_ACT_NONE)
            tail = &te->pending;
        if (tail && !(p && rv_unf_is_err(p))) {
            created += extend_position(u, tail, root, p, NULL, false);
            if (has_dead_child(u, p, tid)) created += extend_position(u, tail, root, p, NULL, true);
        }
    }
    return created;
}
