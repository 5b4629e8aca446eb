/* explain.c — the failing execution with stacks and names; see explain.h. */
#include "explain.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "../runtime/protocol.h"
#include "debuginfo.h"

/* ---- names --------------------------------------------------------------------- */

/* The debug information of the one program a ravel process reports on,
 * and the names it gave out (they live as long as it). */
static struct {
    char *binary;
    rv_dbg *dbg;
    char **strs;
    size_t n, cap;
} names;

static void names_close(void)
{
    rv_dbg_close(names.dbg);
    for (size_t i = 0; i < names.n; i++) free(names.strs[i]);
    free(names.strs);
    free(names.binary);
    memset(&names, 0, sizeof names);
}

static rv_dbg *dbg_of(rv_backend *b)
{
    const char *bin = b && b->ops->binary ? b->ops->binary(b) : NULL;
    if (!bin) return NULL;
    if (names.binary && !strcmp(names.binary, bin)) return names.dbg;
    static bool registered;
    if (!registered) atexit(names_close);
    registered = true;
    names_close();
    names.binary = rv_xstrdup(bin);
    names.dbg = rv_dbg_open(bin);
    return names.dbg;
}

static const char *keep(const char *s)
{
    for (size_t i = names.n; i-- > 0 && i + 32 > names.n;)
        if (!strcmp(names.strs[i], s)) return names.strs[i];
    if (names.n == names.cap) {
        names.cap = names.cap ? 2 * names.cap : 64;
        names.strs = rv_xrealloc(names.strs, names.cap * sizeof *names.strs);
    }
    return names.strs[names.n++] = rv_xstrdup(s);
}

const char *rv_names_object(rv_backend *b, uint64_t addr, uint64_t len)
{
    rv_dbg *d = dbg_of(b);
    char buf[256];
    if (d && rv_dbg_global(d, addr, len, buf, sizeof buf)) return keep(buf);
    return b && b->ops->object_name ? b->ops->object_name(b, addr) : NULL;
}

/* Kinds that access len bytes. */
static uint64_t access_len(const rv_action *a)
{
    return a->kind == RV_ACT_READ || a->kind == RV_ACT_WRITE || a->kind == RV_ACT_RMW ? a->len : 0;
}

char *rv_cli_action_str(rv_backend *b, const rv_action *a, char *buf, size_t cap)
{
    if (!b || !rv_action_names_objects(a)) return rv_action_str(a, buf, cap);
    const char *n1 = a->obj ? rv_names_object(b, a->obj, access_len(a)) : NULL;
    const char *n2 = a->obj2 ? rv_names_object(b, a->obj2, 0) : NULL;
    return rv_action_str_named(a, n1, n2, buf, cap);
}

/* ---- the explain log --------------------------------------------------------------- */

typedef struct xlog {
    rv_xl_rec **ev;  /* per event, or NULL */
    rv_xl_rec **thr; /* per thread at the end, or NULL */
    rv_xl_rec *err, *watch;
    size_t nev;
    unsigned nthr;
} xlog;

static rv_xl_rec *copy_rec(const rv_xl_rec *r)
{
    rv_xl_rec *c = rv_xmalloc(sizeof *c);
    memcpy(c, r, sizeof *c);
    return c;
}

static void read_log(const rv_xl_head *h, xlog *l, size_t nev, unsigned nthr)
{
    l->nev = nev;
    l->nthr = nthr;
    l->ev = rv_xcalloc(nev + 1, sizeof *l->ev);
    l->thr = rv_xcalloc(nthr + 1, sizeof *l->thr);
    const rv_xl_rec *r = (const rv_xl_rec *)(h + 1);
    for (uint64_t k = 0; k < h->used / sizeof *r; k++, r++) {
        if (r->kind == RV_XL_EVENT && r->index < nev && !l->ev[r->index])
            l->ev[r->index] = copy_rec(r);
        else if (r->kind == RV_XL_THREAD && r->tid < nthr && !l->thr[r->tid])
            l->thr[r->tid] = copy_rec(r);
        else if (r->kind == RV_XL_ERROR && !l->err)
            l->err = copy_rec(r);
    }
}

static void free_log(xlog *l)
{
    for (size_t i = 0; l->ev && i < l->nev; i++) free(l->ev[i]);
    for (unsigned i = 0; l->thr && i < l->nthr; i++) free(l->thr[i]);
    free(l->ev);
    free(l->thr);
    free(l->err);
    free(l->watch);
}

/* The last watch record of the log. */
static rv_xl_rec *last_watch(const rv_xl_head *h)
{
    const rv_xl_rec *r = (const rv_xl_rec *)(h + 1), *found = NULL;
    for (uint64_t k = 0; k < h->used / sizeof *r; k++)
        if (r[k].kind == RV_XL_WATCH) found = &r[k];
    return found ? copy_rec(found) : NULL;
}

/* ---- stacks ---------------------------------------------------------------------------- */

static void push_frame(rv_xstack *s, rv_xframe f)
{
    s->f = rv_xrealloc(s->f, (s->n + 1) * sizeof *s->f);
    s->f[s->n++] = f;
}

static rv_xstack stack_of(rv_backend *b, rv_dbg *d, const rv_xl_rec *r)
{
    rv_xstack s = {0};
    if (!r) return s;
    for (uint32_t k = 0; k < r->nframes && k < RV_XL_DEPTH; k++) {
        uint64_t pc = r->pc[k];
        if (!pc || (d && !rv_dbg_program_code(d, pc))) continue;
        rv_dbg_frame f[4];
        size_t n = d ? rv_dbg_frames(d, pc, f, 4) : 0;
        for (size_t i = 0; i < n; i++)
            push_frame(&s, (rv_xframe){pc, f[i].func, f[i].file, f[i].line, f[i].inlined});
        if (!n) {
            const char *loc = b->ops->location ? b->ops->location(b, pc) : NULL;
            push_frame(&s, (rv_xframe){pc, NULL, loc, 0, false});
        }
    }
    s.more = r->depth > r->nframes;
    return s;
}

static void free_stack(rv_xstack *s)
{
    free(s->f);
    s->f = NULL;
    s->n = 0;
}

void rv_xframe_str(const rv_xframe *f, char *buf, size_t cap)
{
    if (f->file && f->line)
        snprintf(buf, cap, "%s %s:%u%s", f->func ? f->func : "??", f->file, f->line,
                 f->inlined ? " (inlined)" : "");
    else if (f->file) /* the backend's "file:line (function)" */
        snprintf(buf, cap, "%s", f->file);
    else
        snprintf(buf, cap, "%s 0x%" PRIx64, f->func ? f->func : "??", f->pc);
}

/* ---- names in context ------------------------------------------------------------------ */

#define MAIN_STACK_TOP 0x7ffffffff000ull
#define MAIN_STACK_LOW (MAIN_STACK_TOP - (128ull << 20))

/* The thread whose stack holds addr, or -1. */
static int stack_owner(uint64_t addr)
{
    if (addr >= MAIN_STACK_LOW && addr < MAIN_STACK_TOP) return 0;
    if (addr >= RV_STACK_BASE && addr < RV_STACK_BASE + RV_MAX_THREADS * RV_STACK_SPAN)
        return (int)((addr - RV_STACK_BASE) / RV_STACK_SPAN);
    return -1;
}

/* Thread u's stack as it is while step `at` executes: its record at that
 * step if it acts, else its next step's (it waits at that action), else
 * its stack at the end. */
static const rv_xl_rec *record_during(const xlog *l, const rv_trace *t, size_t at, unsigned u)
{
    for (size_t i = at; i < t->n && i < l->nev; i++)
        if (t->ev[i].act.tid == u && l->ev[i]) return l->ev[i];
    return u < l->nthr ? l->thr[u] : NULL;
}

typedef struct ctx {
    rv_backend *b;
    rv_dbg *d;
    const xlog *l;
    const rv_trace *t;
} ctx;

/* The name of addr (len bytes) at step `at` by thread tid (at = t->n: the end). */
static const char *name_in(const ctx *c, size_t at, unsigned tid, uint64_t addr, uint64_t len)
{
    char buf[320];
    if (!addr) return NULL;
    if (c->d && rv_dbg_global(c->d, addr, len, buf, sizeof buf)) return keep(buf);
    int u = c->l ? stack_owner(addr) : -1;
    const rv_xl_rec *mine = c->l ? record_during(c->l, c->t, at, tid) : NULL;
    if (c->d && u >= 0) {
        const rv_xl_rec *r = (unsigned)u == tid ? mine : record_during(c->l, c->t, at, (unsigned)u);
        for (uint32_t k = 0; r && k < r->nframes && k < RV_XL_DEPTH; k++) {
            if (!r->fb[k] || addr >= r->fb[k] + 16) continue;
            char var[256];
            if (!rv_dbg_local(c->d, r->pc[k], r->fb[k], addr, len, var, sizeof var)) break;
            rv_dbg_frame f;
            const char *fn = rv_dbg_frames(c->d, r->pc[k], &f, 1) && f.func ? f.func : "?";
            if ((unsigned)u == tid && k == 0)
                snprintf(buf, sizeof buf, "%s", var);
            else if ((unsigned)u == tid)
                snprintf(buf, sizeof buf, "%s (in %s)", var, fn);
            else
                snprintf(buf, sizeof buf, "%s (in %s, thread %d)", var, fn, u);
            return keep(buf);
        }
    }
    if (c->d && mine && mine->frame_len &&
        rv_dbg_through_pointer(c->d, mine->pc[0], mine->fb[0], mine->frame, mine->frame_lo,
                               mine->frame_len, addr, len, buf, sizeof buf))
        return keep(buf);
    return c->b->ops->object_name ? c->b->ops->object_name(c->b, addr) : NULL;
}

static char *action_in(const ctx *c, size_t at, const rv_action *a)
{
    char buf[512];
    if (!rv_action_names_objects(a)) return rv_xstrdup(rv_action_str(a, buf, sizeof buf));
    const char *n1 = name_in(c, at, a->tid, a->obj, access_len(a));
    const char *n2 = a->obj2 ? name_in(c, at, a->tid, a->obj2, 0) : NULL;
    return rv_xstrdup(rv_action_str_named(a, n1, n2, buf, sizeof buf));
}

static char *location_of(rv_backend *b, const rv_xstack *s, uint64_t pc)
{
    if (s->n && s->f[0].file && s->f[0].line)
        return rv_xasprintf("%s:%u (%s)", s->f[0].file, s->f[0].line,
                            s->f[0].func ? s->f[0].func : "?");
    const char *l = pc && b->ops->location ? b->ops->location(b, pc) : NULL;
    return l ? rv_xstrdup(l) : NULL;
}

/* ---- the threads involved ---------------------------------------------------------------- */

static rv_xthread *add_thread(rv_explained *x)
{
    x->th = rv_xrealloc(x->th, (x->nth + 1) * sizeof *x->th);
    rv_xthread *t = &x->th[x->nth++];
    memset(t, 0, sizeof *t);
    return t;
}

/* The other thread of a race: "... by thread N and ... by thread M" (race.c). */
static int race_other(const rv_trace *t)
{
    const char *p = strstr(t->msg, " by thread ");
    if (p) p = strstr(p + 1, " by thread ");
    return p ? atoi(p + 11) : -1;
}

static void involved(const ctx *c, rv_explained *x)
{
    const rv_trace *t = c->t;
    const xlog *l = c->l;
    if (t->end == RV_END_DEADLOCK) {
        for (unsigned i = 0; i < t->nthreads; i++) {
            const rv_thread_end *te = &t->threads[i];
            if (te->state != RV_T_LIVE) continue;
            rv_xthread *h = add_thread(x);
            h->tid = i;
            h->role = RV_ROLE_BLOCKED;
            h->step = t->n;
            h->stack = stack_of(c->b, c->d, l && i < l->nthr ? l->thr[i] : NULL);
            char *act = action_in(c, t->n, &te->pending);
            h->what = rv_xasprintf("%s %s", te->enabled ? "could do" : "waits for", act);
            free(act);
            h->location = location_of(c->b, &h->stack, te->pending_pc);
        }
        return;
    }
    if (t->err_tid == RV_NO_THREAD) return;
    rv_xthread *h = add_thread(x);
    h->tid = t->err_tid;
    h->role = RV_ROLE_ERROR;
    h->step = t->n;
    h->stack = stack_of(c->b, c->d, l ? l->err : NULL);
    h->what = rv_xstrdup(rv_end_name(t->end));
    h->location = location_of(c->b, &h->stack, t->err_pc);
    if (t->end == RV_END_RACE) {
        int u = race_other(t);
        rv_xthread *o = add_thread(x);
        o->tid = u < 0 ? RV_NO_THREAD : (unsigned)u;
        o->role = RV_ROLE_OTHER_ACCESS;
        o->step = l && l->watch ? l->watch->index : t->n;
        o->stack = stack_of(c->b, c->d, l ? l->watch : NULL);
        o->location = location_of(c->b, &o->stack, t->err_pc2);
        o->what = rv_xstrdup("the other access");
    }
}

/* ---- explaining ---------------------------------------------------------------------------- */

static bool same_execution(const rv_trace *a, const rv_trace *b)
{
    return a->end == b->end && a->n == b->n && a->err_tid == b->err_tid && a->err_pc == b->err_pc;
}

/* Run the schedule with the explain log; the log is read into l.  False
 * when it could not be run, or ended otherwise than `want`. */
static bool explain_run(rv_backend *b, const rv_error *e, rv_trace *out, xlog *l)
{
    rv_xl_head *h = b->ops->explain_log ? b->ops->explain_log(b) : NULL;
    if (!h || !e->trace) return false;
    rv_limits saved = b->limits;
    b->limits.explain = true;
    b->limits.budget = 0;
    b->limits.avoid = 0;
    b->limits.deadline = 0; /* a --time-limit that has passed must not stop the report */
    b->limits.show_output = false;
    bool ok = rv_execute(b, e->schedule, e->nsched, RV_POLICY_STOP, out) == 0 &&
              same_execution(out, e->trace);
    if (ok) read_log(h, l, out->n, out->nthreads);
    if (ok && out->end == RV_END_RACE) {
        int u = race_other(out);
        rv_trace again;
        rv_trace_init(&again);
        h->watch_tid = u < 0 ? RV_NO_THREAD : (uint32_t)u;
        h->watch_pc = out->err_pc2;
        h->watch_addr = out->err_addr;
        if (u >= 0 && rv_execute(b, e->schedule, e->nsched, RV_POLICY_STOP, &again) == 0 &&
            same_execution(&again, e->trace))
            l->watch = last_watch(h);
        h->watch_tid = RV_NO_THREAD;
        rv_trace_free(&again);
    }
    b->limits = saved;
    return ok;
}

void rv_explain(rv_backend *b, const rv_error *e, rv_explained *x)
{
    memset(x, 0, sizeof *x);
    rv_trace_init(&x->tr);
    xlog l = {0};
    x->stacks = explain_run(b, e, &x->tr, &l);
    if (!x->stacks && e->trace) rv_trace_copy(&x->tr, e->trace);
    ctx c = {b, dbg_of(b), x->stacks ? &l : NULL, &x->tr};
    x->steps = rv_xcalloc(x->tr.n + 1, sizeof *x->steps);
    for (size_t i = 0; i < x->tr.n; i++) {
        const rv_event *ev = &x->tr.ev[i];
        rv_xstep *s = &x->steps[i];
        s->stack = stack_of(b, c.d, c.l && i < l.nev ? l.ev[i] : NULL);
        s->action = action_in(&c, i, &ev->act);
        s->location = location_of(b, &s->stack, ev->pc);
    }
    involved(&c, x);
    if (x->tr.err_addr && x->tr.end != RV_END_CRASH && x->tr.end != RV_END_STACK_OVERFLOW) {
        const char *o = name_in(&c, x->tr.n, x->tr.err_tid, x->tr.err_addr, 1);
        x->object = o ? rv_xstrdup(o) : NULL;
    }
    free_log(&l);
}

int rv_error_of_schedule(rv_backend *b, const rv_step *s, size_t n, rv_trace *t, rv_error *e)
{
    int rc = rv_execute(b, s, n, RV_POLICY_STOP, t);
    memset(e, 0, sizeof *e);
    e->kind = t->end;
    e->tid = t->err_tid;
    e->pc = t->err_pc;
    e->schedule = (rv_step *)s;
    e->nsched = n;
    e->trace = t;
    snprintf(e->msg, sizeof e->msg, "%s", t->msg);
    return rc;
}

void rv_explained_free(rv_explained *x)
{
    if (!x) return;
    for (size_t i = 0; x->steps && i < x->tr.n; i++) {
        free(x->steps[i].action);
        free(x->steps[i].location);
        free_stack(&x->steps[i].stack);
    }
    free(x->steps);
    for (size_t i = 0; i < x->nth; i++) {
        free(x->th[i].what);
        free(x->th[i].location);
        free_stack(&x->th[i].stack);
    }
    free(x->th);
    free(x->object);
    rv_trace_free(&x->tr);
    memset(x, 0, sizeof *x);
}

rv_explained **rv_explain_all(rv_explore *x)
{
    rv_explained **v = rv_xcalloc(x->nerrors + 1, sizeof *v);
    for (size_t i = 0; i < x->nerrors; i++) {
        const rv_error *e = &x->errors[i];
        if (!rv_end_is_bug(e->kind) || !e->trace || e->livelock) continue;
        v[i] = rv_xmalloc(sizeof *v[i]);
        rv_explain(x->backend, e, v[i]);
    }
    return v;
}

void rv_explain_all_free(rv_explained **v, size_t n)
{
    for (size_t i = 0; v && i < n; i++) {
        rv_explained_free(v[i]);
        free(v[i]);
    }
    free(v);
}

/* ---- text and JSON ------------------------------------------------------------------------- */

static const char *role_name(rv_role r)
{
    return r == RV_ROLE_BLOCKED ? "blocked" : r == RV_ROLE_OTHER_ACCESS ? "other access" : "error";
}

/* The step that created thread tid (its creator's CREATE event), or -1
 * for main and for a thread whose creation the trace does not hold.
 * ThreadSanitizer shows where each thread of a race was created; so do
 * the reports, from the step's stack. */
long rv_explain_creation(const rv_explained *x, unsigned tid)
{
    for (size_t j = 0; tid != 0 && tid != RV_NO_THREAD && j < x->tr.n; j++)
        if (x->tr.ev[j].act.kind == RV_ACT_CREATE && x->tr.ev[j].act.obj == tid) return (long)j;
    return -1;
}

static void human_stack(FILE *out, const rv_xstack *s)
{
    for (size_t k = 0; k < s->n; k++) {
        char f[512];
        rv_xframe_str(&s->f[k], f, sizeof f);
        fprintf(out, "    #%zu %s\n", k, f);
    }
    if (s->more) fputs("    ... (outer frames not kept)\n", out);
}

void rv_explain_human(FILE *out, const rv_explained *x)
{
    if (!x || !x->stacks) return;
    /* where the threads of a race were created, as ThreadSanitizer shows
     * (a deadlock's threads are listed without: every philosopher was made
     * by the same loop; the JSON has it for every thread) */
    bool race = false;
    for (size_t i = 0; i < x->nth; i++) race |= x->th[i].role == RV_ROLE_OTHER_ACCESS;
    for (size_t i = 0; i < x->nth; i++) {
        const rv_xthread *h = &x->th[i];
        if (!h->stack.n) continue;
        if (h->role == RV_ROLE_BLOCKED)
            fprintf(out, "  stack of thread %u (%s):\n", h->tid, h->what);
        else if (h->role == RV_ROLE_OTHER_ACCESS)
            fprintf(out, "  stack of the other access (thread %u):\n", h->tid);
        else
            fprintf(out, "  stack of thread %u:\n", h->tid);
        human_stack(out, &h->stack);
        long c = race ? rv_explain_creation(x, h->tid) : -1;
        if (c >= 0 && x->steps[c].stack.n) {
            fprintf(out, "  thread %u was created by thread %u at:\n", h->tid,
                    (unsigned)x->tr.ev[c].act.tid);
            human_stack(out, &x->steps[c].stack);
        }
    }
}

static void json_frames(FILE *out, const rv_xstack *s)
{
    fputc('[', out);
    for (size_t k = 0; k < s->n; k++) {
        const rv_xframe *f = &s->f[k];
        fputs(k ? ", {\"function\": " : "{\"function\": ", out);
        rv_json_str(out, f->func);
        fputs(", \"file\": ", out);
        rv_json_str(out, f->line ? f->file : NULL);
        if (f->line)
            fprintf(out, ", \"line\": %u", f->line);
        else
            fputs(", \"line\": null", out);
        fprintf(out, ", \"pc\": \"0x%" PRIx64 "\"%s}", f->pc,
                f->inlined ? ", \"inlined\": true" : "");
    }
    fputc(']', out);
}

void rv_explain_json(FILE *out, const rv_explained *x)
{
    if (!x) return;
    fputs(", \"stacks\": [", out);
    bool first = true;
    for (size_t i = 0; x->stacks && i < x->nth; i++) {
        const rv_xthread *h = &x->th[i];
        fputs(first ? "{\"thread\": " : ", {\"thread\": ", out);
        first = false;
        if (h->tid == RV_NO_THREAD)
            fputs("null", out);
        else
            fprintf(out, "%u", h->tid);
        fputs(", \"role\": ", out);
        rv_json_str(out, role_name(h->role));
        fputs(", \"what\": ", out);
        rv_json_str(out, h->what);
        fputs(", \"frames\": ", out);
        json_frames(out, &h->stack);
        fprintf(out, ", \"more\": %s", h->stack.more ? "true" : "false");
        long c = rv_explain_creation(x, h->tid);
        if (c >= 0) {
            fprintf(out, ", \"created_by\": {\"thread\": %u, \"step\": %ld, \"frames\": ",
                    (unsigned)x->tr.ev[c].act.tid, c + 1);
            json_frames(out, &x->steps[c].stack);
            fputc('}', out);
        }
        fputc('}', out);
    }
    fputc(']', out);
    if (x->object) {
        fputs(", \"object\": ", out);
        rv_json_str(out, x->object);
    }
}
