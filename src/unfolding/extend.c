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

#include "../core/model.h"
#include "unfolding.h"

/* ---- mapping a trace --------------------------------------------------- */

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
    case RV_ACT_JOIN:
        if (e->act.arg != a->arg) note_inconsistent(u, "predicted result differs", a);
        break;
    default:
        break;
    }
}

/* An execution that stopped in the middle: its last event was fatal.  Not
 * an infeasible one: a failed __VERIFIER_assume stops its thread like a
 * thread blocked forever (the assume is no event, its outcome a function
 * of the thread's history), and the others ran on to the end. */
static bool stopped_early(rv_end e)
{
    return rv_end_is_bug(e) && e != RV_END_DEADLOCK;
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

/* The model's states (src/core/model.h) of the objects an action touches,
 * at a history: the same states and functions the runtime uses. */
typedef struct objstate {
    rv_mutex_st mx;
    rv_cond_st cv;
    rv_sem_st sem;
    int32_t once;
    rv_world_st w;
} objstate;

static bool on_mutex(const rv_action *a)
{
    return rv_mutex_of(a) != 0;
}

static bool on_cond(const rv_action *a)
{
    return rv_model_on_cond(a);
}

static bool on_sem(const rv_action *a)
{
    return rv_model_on_sem(a);
}

static bool on_once(const rv_action *a)
{
    return rv_model_on_once(a);
}

/* World events of b that a's enabledness or result reads: process exit,
 * atomic sections, the creation of a's thread, and for join/detach the
 * target's creation (detached attribute), detach and exit. */
static bool world_relevant(const rv_action *a, const rv_action *b)
{
    if (b->kind == RV_ACT_PEXIT || rv_is_atomic_section(b)) return true;
    if (b->kind == RV_ACT_CREATE && b->obj == a->tid) return true;
    if (a->kind != RV_ACT_JOIN && a->kind != RV_ACT_DETACH) return false;
    if (b->kind == RV_ACT_CREATE || b->kind == RV_ACT_DETACH) return b->obj == a->obj;
    return b->kind == RV_ACT_EXIT && b->tid == a->obj;
}

/* The model's view of s for action b: a's objects where b touches them,
 * scratch objects for b's other object (a wait's condvar when a is about
 * its mutex and the reverse; b was executed, so its mutex was held). */
static rv_mstate view_for(objstate *s, const rv_action *a, const rv_action *b, rv_mutex_st *smx,
                          rv_cond_st *scv)
{
    rv_mstate v = {.w = &s->w};
    uint64_t m = rv_mutex_of(a);
    if (on_mutex(b)) {
        *smx = (rv_mutex_st){.owner = b->tid + 1, .count = 1, .status = RV_MST_INIT};
        v.mx = m && rv_mutex_of(b) == m ? &s->mx : smx;
    }
    if (on_cond(b)) {
        *scv = (rv_cond_st){.status = RV_MST_INIT};
        v.cv = on_cond(a) && b->obj == a->obj ? &s->cv : scv;
    }
    if (on_sem(b)) v.sem = &s->sem;
    if (on_once(b)) v.once = &s->once;
    return v;
}

/* Does b change a state that a reads? */
static bool relevant(const rv_action *a, const rv_action *b)
{
    uint64_t m = rv_mutex_of(a);
    if (m && rv_mutex_of(b) == m) return true;
    if (b->obj == a->obj &&
        ((on_cond(a) && on_cond(b)) || (on_sem(a) && on_sem(b)) || (on_once(a) && on_once(b))))
        return true;
    return world_relevant(a, b);
}

/* Replay H's events (in execution order, a linearisation of H) for the
 * objects a touches, through the model (rv_model_redo: an executed event
 * with its recorded results). */
static void state_at(rv_unf *u, const rv_action *a, const hist *h, objstate *s)
{
    memset(s, 0, sizeof *s);
    rv_model_start(&s->mx, &s->cv, &s->sem, &s->once, a);
    for (size_t i = 0; i < u->ncur; i++) {
        const rv_uevent *y = u->cur[i];
        if (!relevant(a, &y->act) || !in_hist(y, h)) continue;
        rv_mutex_st smx;
        rv_cond_st scv;
        rv_mstate v = view_for(s, a, &y->act, &smx, &scv);
        rv_model_redo(&v, &y->act, y->val);
    }
}

/* The model's states of a's objects in s. */
static rv_mstate view_of(objstate *s, const rv_action *a)
{
    return (rv_mstate){.mx = on_mutex(a) ? &s->mx : NULL,
                       .cv = on_cond(a) ? &s->cv : NULL,
                       .sem = on_sem(a) ? &s->sem : NULL,
                       .once = on_once(a) ? &s->once : NULL,
                       .w = &s->w};
}

/* The concrete actions (with results and value choice) of template a at H,
 * at most cap; 0 when a is disabled there. */
static size_t concretise(rv_unf *u, const rv_action *a, bool root, const hist *h, rv_action *out,
                         uint32_t *vals, size_t cap)
{
    objstate s;
    state_at(u, a, h, &s);
    unsigned t = a->tid;
    if (!root && !h->p && !((s.w.created >> (t & 63)) & 1)) return 0;
    rv_mstate v = view_of(&s, a);
    if (!rv_model_enabled(&v, a)) return 0;
    uint32_t dom = rv_model_domain(&v, a);
    size_t k = 0;
    for (uint32_t val = 0; val < dom && k < cap; val++, k++) {
        objstate c = s;
        rv_mstate cv = view_of(&c, a);
        out[k] = *a;
        rv_model_apply(&cv, &out[k], val, NULL, 0);
        out[k].ndom = dom;
        vals[k] = val;
    }
    return k;
}

/* How many concrete actions template a can have (concretise's cap). */
static size_t max_choices(const rv_action *a)
{
    size_t n = RV_MAX_THREADS + 1;
    return a->kind == RV_ACT_NONDET && a->ndom > n ? a->ndom : n;
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
    size_t cap = max_choices(&c->tmpl);
    rv_action *acts = rv_xmalloc(cap * sizeof *acts);
    uint32_t *vals = rv_xmalloc(cap * sizeof *vals);
    size_t k = concretise(c->u, &c->tmpl, c->root, &h, acts, vals, cap);
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
    free(acts);
    free(vals);
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
