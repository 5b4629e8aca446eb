/*
 * pv.c — the PV backend (contract in pv.h): each process is compiled to a
 * small instruction list (P, V, NONDET with two targets, JMP, EXIT) and
 * interpreted; resources are counting semaphores whose initial count is the
 * capacity (seed 003 §1.2).
 */
#include "pv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/util.h"
#include "../../pv/pv_lang.h"

typedef enum op_kind { OP_P, OP_V, OP_NONDET, OP_JMP, OP_EXIT } op_kind;

typedef struct instr {
    op_kind op;
    int res;       /* P, V */
    int t0, t1;    /* NONDET: targets for values 0 and 1; JMP: t0 */
    int line, col; /* source position */
} instr;

typedef struct code {
    instr *ins;
    int n, cap;
    uint64_t base; /* pc of ins[0] is base + 1 */
} code;

typedef struct pv_backend {
    rv_backend pub;
    rv_pv_prog *prog;
    int nthreads;
    code *code;   /* per thread */
    uint64_t npc; /* total instructions */
    char **locs;  /* location strings, by pc - 1, built lazily */
    /* execution state */
    int *pc;    /* per thread: index of the pending visible instruction */
    int *count; /* per resource: free units */
    int *held;  /* nthreads x nres */
} pv_backend;

/* ---- compilation ---- */

static int emit(code *c, op_kind op, int line, int col)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 16;
        c->ins = rv_xrealloc(c->ins, (size_t)c->cap * sizeof *c->ins);
    }
    c->ins[c->n] = (instr){.op = op, .line = line, .col = col, .res = -1};
    return c->n++;
}

static void compile(code *c, const rv_pv_node *n)
{
    int i, j;
    switch (n->kind) {
    case RV_PV_ONE:
        break;
    case RV_PV_P:
    case RV_PV_V:
        i = emit(c, n->kind == RV_PV_P ? OP_P : OP_V, n->line, n->col);
        c->ins[i].res = n->res;
        break;
    case RV_PV_SEQ:
        compile(c, n->a);
        compile(c, n->b);
        break;
    case RV_PV_ALT: /* NONDET L R; L: a; JMP E; R: b; E: */
        i = emit(c, OP_NONDET, n->line, n->col);
        c->ins[i].t0 = c->n;
        compile(c, n->a);
        j = emit(c, OP_JMP, n->line, n->col);
        c->ins[i].t1 = c->n;
        compile(c, n->b);
        c->ins[j].t0 = c->n;
        break;
    case RV_PV_STAR: /* H: NONDET E B; B: a; JMP H; E:  (0 leaves the loop) */
        i = emit(c, OP_NONDET, n->line, n->col);
        c->ins[i].t1 = c->n;
        compile(c, n->a);
        j = emit(c, OP_JMP, n->line, n->col);
        c->ins[j].t0 = i;
        c->ins[i].t0 = c->n;
        break;
    }
}

/* Follows jumps to the next visible instruction. */
static int settle(const code *c, int k)
{
    while (c->ins[k].op == OP_JMP) k = c->ins[k].t0;
    return k;
}

/* ---- execution ---- */

static bool enabled(const pv_backend *b, int t)
{
    if (b->pc[t] < 0) return false;
    const instr *in = &b->code[t].ins[b->pc[t]];
    return in->op != OP_P || b->count[in->res] > 0;
}

static uint64_t enabled_mask(const pv_backend *b)
{
    uint64_t m = 0;
    for (int t = 0; t < b->nthreads; t++)
        if (b->pc[t] >= 0 && enabled(b, t)) m |= 1ull << t;
    return m;
}

static rv_action pending_action(const pv_backend *b, int t)
{
    const instr *in = &b->code[t].ins[b->pc[t]];
    rv_action a = {.tid = (uint16_t)t, .ndom = 1};
    switch (in->op) {
    case OP_P:
    case OP_V:
        a.kind = in->op == OP_P ? RV_ACT_SEM_WAIT : RV_ACT_SEM_POST;
        a.obj = (uint64_t)in->res + 1;
        a.obj2 = (uint64_t)b->prog->cap[in->res] + 1; /* initial count + 1, for UDPOR */
        break;
    case OP_NONDET:
        a.kind = RV_ACT_NONDET;
        a.ndom = 2;
        break;
    case OP_EXIT:
        a.kind = RV_ACT_EXIT;
        break;
    case OP_JMP:
        break;
    }
    return a;
}

static uint64_t pc_of(const pv_backend *b, int t)
{
    return b->code[t].base + (uint64_t)b->pc[t] + 1;
}

static void reset_state(pv_backend *b)
{
    for (int t = 0; t < b->nthreads; t++) b->pc[t] = settle(&b->code[t], 0);
    for (int r = 0; r < b->prog->nres; r++) b->count[r] = b->prog->cap[r];
    memset(b->held, 0, (size_t)b->nthreads * (size_t)b->prog->nres * sizeof *b->held + 1);
}

/* Executes thread t's pending instruction with value v. */
static void step(pv_backend *b, int t, uint32_t v)
{
    const code *c = &b->code[t];
    const instr *in = &c->ins[b->pc[t]];
    int nr = b->prog->nres, next = b->pc[t] + 1;
    switch (in->op) {
    case OP_P:
        b->count[in->res]--;
        b->held[t * nr + in->res]++;
        break;
    case OP_V:
        b->count[in->res]++;
        b->held[t * nr + in->res]--;
        break;
    case OP_NONDET:
        next = v ? in->t1 : in->t0;
        break;
    case OP_EXIT:
        b->pc[t] = -1;
        return;
    case OP_JMP:
        break;
    }
    b->pc[t] = settle(c, next);
}

static bool all_finished(const pv_backend *b)
{
    for (int t = 0; t < b->nthreads; t++)
        if (b->pc[t] >= 0) return false;
    return true;
}

static void fingerprint(const pv_backend *b, int t, rv_event *e)
{
    uint64_t key[2] = {(uint64_t)t, b->pc[t] < 0 ? 0 : pc_of(b, t)};
    rv_hash128 h = rv_hash(key, sizeof key);
    e->fp_lo = h.lo;
    e->fp_hi = h.hi;
}

static void fill_end(const pv_backend *b, rv_trace *out)
{
    int nr = b->prog->nres;
    rv_trace_set_nthreads(out, (unsigned)b->nthreads);
    for (int t = 0; t < b->nthreads; t++) {
        rv_thread_end *te = &out->threads[t];
        memset(te, 0, sizeof *te);
        te->parent = RV_NO_THREAD;
        te->index = (uint32_t)t;
        te->holder = RV_NO_THREAD;
        if (b->pc[t] < 0) {
            te->state = RV_T_FINISHED;
            continue;
        }
        te->state = RV_T_LIVE;
        te->enabled = enabled(b, t);
        te->pending = pending_action(b, t);
        te->pending_pc = pc_of(b, t);
        const instr *in = &b->code[t].ins[b->pc[t]];
        if (in->op == OP_P && !te->enabled)
            for (int u = 0; u < b->nthreads; u++)
                if (b->held[u * nr + in->res] > 0) {
                    te->holder = (uint64_t)u;
                    break;
                }
    }
}

static int pv_execute(rv_backend *be, const rv_step *prefix, size_t n, rv_policy pol, rv_trace *out)
{
    pv_backend *b = (pv_backend *)be;
    rv_trace_reset(out);
    out->err_tid = RV_NO_THREAD;
    reset_state(b);
    uint64_t max = be->limits.max_events;
    if (be->limits.budget && (!max || be->limits.budget < max)) max = be->limits.budget;
    double deadline = be->limits.timeout_s > 0 ? rv_now() + be->limits.timeout_s : 0;
    int last = -1;
    uint32_t nev[RV_MASK_THREADS] = {0};
    for (size_t i = 0;; i++) {
        uint64_t en = enabled_mask(b);
        if (all_finished(b)) {
            out->end = RV_END_COMPLETE;
            break;
        }
        if (!en) {
            out->end = RV_END_DEADLOCK;
            break;
        }
        if (max && out->n >= max) {
            out->end = RV_END_EVENT_LIMIT;
            break;
        }
        if (deadline && (i & 1023) == 1023 && rv_now() > deadline) {
            out->end = RV_END_TIMEOUT;
            break;
        }
        int t;
        uint32_t v = 0;
        if (i < n) {
            t = prefix[i].tid;
            v = prefix[i].val;
            if (t >= b->nthreads || !(en >> t & 1) || v >= pending_action(b, t).ndom) {
                out->end = RV_END_DIVERGED;
                out->err_tid = (uint16_t)t;
                snprintf(out->msg, sizeof out->msg,
                         "step %zu: thread %d not enabled or value %u out of range", i, t, v);
                break;
            }
        } else if (pol == RV_POLICY_STOP) {
            out->end = RV_END_PREFIX;
            break;
        } else if (pol == RV_POLICY_STAY && last >= 0 && (en >> last & 1)) {
            t = last;
        } else if (pol == RV_POLICY_LEAST) {
            uint64_t pref = en & ~be->limits.avoid;
            t = (int)rv_least_thread(pref ? pref : en, nev);
        } else {
            uint64_t pref = en & ~be->limits.avoid;
            t = __builtin_ctzll(pref ? pref : en);
        }
        rv_event *e = rv_trace_push(out);
        e->act = pending_action(b, t);
        e->enabled = en;
        uint64_t above = t < 63 ? en >> (t + 1) << (t + 1) : 0; /* PV: at most 64 threads */
        e->next_en = above ? (uint32_t)__builtin_ctzll(above) : RV_NO_THREAD;
        e->pc = pc_of(b, t);
        e->val = v;
        if (e->act.kind == RV_ACT_NONDET) e->act.arg = v;
        step(b, t, v);
        if (be->limits.fingerprints) fingerprint(b, t, e);
        last = t;
        nev[t]++;
    }
    fill_end(b, out);
    return 0;
}

static const char *pv_location(rv_backend *be, uint64_t pc)
{
    pv_backend *b = (pv_backend *)be;
    if (pc == 0 || pc > b->npc) return NULL;
    if (!b->locs[pc - 1]) {
        for (int t = 0; t < b->nthreads; t++) {
            const code *c = &b->code[t];
            if (pc > c->base && pc <= c->base + (uint64_t)c->n) {
                const instr *in = &c->ins[pc - 1 - c->base];
                if (in->op == OP_EXIT)
                    b->locs[pc - 1] = rv_xasprintf("%s:%d:%d (end of process %d)", b->prog->file,
                                                   in->line, in->col, t);
                else
                    b->locs[pc - 1] = rv_xasprintf("%s:%d:%d", b->prog->file, in->line, in->col);
            }
        }
    }
    return b->locs[pc - 1];
}

static const char *pv_object_name(rv_backend *be, uint64_t obj)
{
    pv_backend *b = (pv_backend *)be;
    if (obj == 0 || obj > (uint64_t)b->prog->nres) return NULL;
    return b->prog->res_name[obj - 1];
}

static void pv_destroy(rv_backend *be)
{
    pv_backend *b = (pv_backend *)be;
    for (int t = 0; t < b->nthreads; t++) free(b->code[t].ins);
    for (uint64_t i = 0; i < b->npc; i++) free(b->locs[i]);
    free(b->locs);
    free(b->code);
    free(b->pc);
    free(b->count);
    free(b->held);
    rv_pv_free(b->prog);
    free(b);
}

static const rv_backend_ops pv_ops = {
    .execute = pv_execute,
    .location = pv_location,
    .object_name = pv_object_name,
    .destroy = pv_destroy,
};

/* The end position of a process, for the location of its EXIT. */
static void end_pos(const rv_pv_node *n, int *line, int *col)
{
    while (n->kind == RV_PV_SEQ || n->kind == RV_PV_ALT) n = n->b;
    *line = n->line;
    *col = n->col;
}

static rv_backend *make_backend(rv_pv_prog *prog, const rv_limits *lim)
{
    pv_backend *b = rv_xcalloc(1, sizeof *b);
    b->pub.ops = &pv_ops;
    b->pub.name = "pv";
    if (lim) b->pub.limits = *lim;
    b->prog = prog;
    b->nthreads = prog->nthreads;
    b->code = rv_xcalloc((size_t)b->nthreads, sizeof *b->code);
    for (int t = 0; t < b->nthreads; t++) {
        code *c = &b->code[t];
        compile(c, prog->thread[t]);
        int l, k;
        end_pos(prog->thread[t], &l, &k);
        emit(c, OP_EXIT, l, k);
        c->base = b->npc;
        b->npc += (uint64_t)c->n;
    }
    b->locs = rv_xcalloc((size_t)b->npc + 1, sizeof *b->locs);
    b->pc = rv_xcalloc((size_t)b->nthreads + 1, sizeof *b->pc);
    b->count = rv_xcalloc((size_t)prog->nres + 1, sizeof *b->count);
    b->held = rv_xcalloc((size_t)b->nthreads * (size_t)prog->nres + 1, sizeof *b->held);
    return &b->pub;
}

rv_backend *rv_pv_open(const char *path, const rv_limits *lim, char *err, size_t errcap)
{
    rv_pv_prog *p = rv_pv_parse_file(path, err, errcap);
    return p ? make_backend(p, lim) : NULL;
}

rv_backend *rv_pv_open_string(const char *name, const char *text, const rv_limits *lim, char *err,
                              size_t errcap)
{
    rv_pv_prog *p = rv_pv_parse(name, text, err, errcap);
    return p ? make_backend(p, lim) : NULL;
}
