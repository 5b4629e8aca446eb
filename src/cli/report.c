/* report.c — what `ravel check` prints: the human summary, the --json
 * object, and actions rendered with the program's own names. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../core/stop.h"
#include "../core/util.h"
#include "../explorers/jobs.h"
#include "../unfolding/unfolding.h"
#include "explain.h"

void rv_json_str(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"':
            fputs("\\\"", out);
            break;
        case '\\':
            fputs("\\\\", out);
            break;
        case '\n':
            fputs("\\n", out);
            break;
        case '\r':
            fputs("\\r", out);
            break;
        case '\t':
            fputs("\\t", out);
            break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                fprintf(out, "\\u%04x", *p);
            else
                fputc(*p, out); /* UTF-8 passes through */
        }
    }
    fputc('"', out);
}

static const char *location(rv_backend *b, uint64_t pc)
{
    const char *l = pc && b->ops->location ? b->ops->location(b, pc) : NULL;
    return l;
}

/* The explorer also records executions cut by a limit (event limit,
 * timeout), with their schedules; only violations of the property make
 * the verdict an error (under a property the explorer records no other
 * bug but a livelock, property.c). */
static size_t count_bugs(const rv_explore *x, rv_property p)
{
    size_t n = 0;
    for (size_t i = 0; i < x->nerrors; i++) n += rv_property_violated_by(p, &x->errors[i]);
    return n;
}

/* Under a property an UNKNOWN verdict of an exhaustive exploration
 * (valid-memsafety, condition waits) is exit 3 too: no error was found,
 * but not every behaviour the property speaks of was covered. */
int rv_report_exit_code(const rv_report *r)
{
    const rv_explore *x = r->x;
    if (r->property_given && r->model_why) return RV_EXIT_INCOMPLETE; /* UNKNOWN */
    if (count_bugs(x, r->property)) return RV_EXIT_BUG;
    if (!x->stats.exhaustive) return RV_EXIT_INCOMPLETE;
    if (r->property_given &&
        rv_property_verdict(r->property, x, r->cond_wait_at, r->model_why, r->no_true).kind ==
            RV_VERDICT_UNKNOWN)
        return RV_EXIT_INCOMPLETE;
    return RV_EXIT_OK;
}

/* ---- human summary ---------------------------------------------------------- */

/* Does thread i act in t's non-termination cycle (its last t->cycle
 * events)? */
static bool in_cycle(const rv_trace *t, unsigned i)
{
    for (size_t k = t->n - (t->cycle <= t->n ? t->cycle : 0); k < t->n; k++)
        if (t->ev[k].act.tid == i) return true;
    return false;
}

/* The unfinished threads as they stand at the end of t, but for those of
 * its cycle when skip_cycle. */
static void human_threads(FILE *out, rv_backend *b, const rv_trace *t, bool skip_cycle)
{
    for (unsigned i = 0; i < t->nthreads; i++) {
        const rv_thread_end *th = &t->threads[i];
        if (th->state != RV_T_LIVE || (skip_cycle && in_cycle(t, i))) continue;
        char act[256];
        rv_cli_action_str(b, &th->pending, act, sizeof act);
        fprintf(out, "    thread %u %s %s", i, th->enabled ? "could do" : "waits for", act);
        const char *loc = location(b, th->pending_pc);
        if (loc) fprintf(out, " at %s", loc);
        if (th->holder != RV_NO_THREAD && rv_mutex_of(&th->pending))
            fprintf(out, "; the mutex is held by thread %" PRIu64, th->holder);
        fputc('\n', out);
    }
}

/* " (value 0)" for a read whose bytes the backend recorded (8 at most), or "". */
static void value_suffix(const rv_event *ev, char *buf, size_t cap)
{
    buf[0] = 0;
    if (ev->act.kind == RV_ACT_READ && (ev->vflags & RV_EV_OLD) && ev->act.len <= 8)
        snprintf(buf, cap, " (value %" PRIu64 ")", ev->old);
}

/* A non-termination's cycle: the last t->cycle events of its trace. */
static void human_cycle(FILE *out, rv_backend *b, const rv_trace *t)
{
    fprintf(out, "  the cycle (then the same state again):\n");
    for (size_t k = t->n - t->cycle; k < t->n; k++) {
        const rv_event *ev = &t->ev[k];
        char act[256], val[48];
        rv_cli_action_str(b, &ev->act, act, sizeof act);
        value_suffix(ev, val, sizeof val);
        fprintf(out, "    thread %u %s%s", ev->act.tid, act, val);
        const char *loc = location(b, ev->pc);
        if (loc) fprintf(out, " at %s", loc);
        fputc('\n', out);
    }
    bool any = false;
    for (unsigned i = 0; i < t->nthreads; i++)
        any |= t->threads[i].state == RV_T_LIVE && !in_cycle(t, i);
    if (any) {
        fputs("  the other unfinished threads wait for good:\n", out);
        human_threads(out, b, t, true);
    } else {
        fputs("  every other thread has finished\n", out);
    }
}

/* The error's kind as reported: a livelock (fair-bounded search) is
 * recorded as a bug end with a flag. */
static const char *error_kind(const rv_error *e)
{
    return e->livelock ? "livelock" : rv_end_name(e->kind);
}

size_t rv_report_number(const rv_explore *x, rv_property p, size_t i)
{
    bool bug = rv_property_violated_by(p, &x->errors[i]);
    size_t n = 1;
    for (size_t k = 0; k < i; k++) n += rv_property_violated_by(p, &x->errors[k]) == bug;
    return n;
}

static void human_error(FILE *out, const rv_report *r, size_t i)
{
    rv_backend *b = r->x->backend;
    const rv_error *e = &r->x->errors[i];
    const char *kind = error_kind(e);
    fprintf(out, "\n%s %zu: ", rv_property_violated_by(r->property, e) ? "error" : "limit",
            rv_report_number(r->x, r->property, i));
    /* "deadlock: 3 threads blocked", not "deadlock: deadlock: ..." */
    if (!strncmp(e->msg, kind, strlen(kind)))
        fprintf(out, "%s\n", e->msg);
    else
        fprintf(out, "%s%s%s\n", kind, e->msg[0] ? ": " : "", e->msg);
    if (e->tid != RV_NO_THREAD) {
        fprintf(out, "  in thread %u", e->tid);
        const char *loc = location(b, e->pc);
        if (loc) fprintf(out, " at %s", loc);
        fputc('\n', out);
    }
    const rv_trace *t = e->trace;
    if (t && t->signo && (e->kind == RV_END_CRASH || e->kind == RV_END_STACK_OVERFLOW)) {
        fprintf(out, "  signal %d (%s), faulting address 0x%" PRIx64 "\n", t->signo,
                strsignal(t->signo), t->err_addr);
    }
    if (t && e->kind == RV_END_DEADLOCK) {
        fputs("  every unfinished thread is blocked:\n", out);
        human_threads(out, b, t, false);
    }
    if (t && e->kind == RV_END_NONTERM && t->cycle && t->cycle <= t->n) human_cycle(out, b, t);
    rv_explain_human(out, r->explained ? r->explained[i] : NULL);
    fprintf(out, "  after %zu step%s\n", e->nsched, e->nsched == 1 ? "" : "s");
    if (r->schedule_files && r->schedule_files[i])
        fprintf(out, "  schedule: %s\n  replay:   %s\n", r->schedule_files[i], r->replay_cmds[i]);
}

static const char *verdict(const rv_explore *x, char *buf, size_t cap)
{
    const rv_stats *st = &x->stats;
    size_t bugs = count_bugs(x, RV_PROP_ALL);
    if (bugs == 1 && st->stopped)
        snprintf(buf, cap, "ERROR: 1 error found (stopped at the first; --keep-going finds all)");
    else if (bugs)
        snprintf(buf, cap, "ERROR: %zu distinct error%s found", bugs, bugs > 1 ? "s" : "");
    else if (st->exhaustive)
        snprintf(buf, cap, "no error found; the exploration was exhaustive");
    else
        snprintf(buf, cap, "INCOMPLETE: no error found, but the exploration is not exhaustive (%s)",
                 st->incomplete_why[0] ? st->incomplete_why : "a limit was hit");
    return buf;
}

/* What the bound did.  Only a search that ran to its end can say that the
 * bound cut nothing (it used to say so after 0 executions). */
static const char *bound_state(const rv_stats *st)
{
    if (st->bound_complete)
        return st->bound_reached ? "reached: some executions were cut"
                                 : "not reached: it cut no execution";
    return st->bound_reached
               ? "reached: some executions were cut; the search stopped before its end"
               : "the search stopped before its end: whether the bound cuts an "
                 "execution is not known";
}

/* What the thread bound did (explore.c, run_thread_bound). */
static const char *thread_bound_state(const rv_stats *st)
{
    static char buf[160];
    if (!st->thread_bound_cut) return "it held no create back";
    snprintf(buf, sizeof buf, "it held a create back in %" PRIu64 " execution%s",
             st->thread_bound_cut, st->thread_bound_cut == 1 ? "" : "s");
    return buf;
}

/* Under --property or for a task file: the SV-COMP verdict. */
static void human_verdict(FILE *out, const rv_report *r)
{
    rv_verdict v =
        rv_property_verdict(r->property, r->x, r->cond_wait_at, r->model_why, r->no_true);
    fprintf(out, "property    %s\n", rv_property_name(r->property));
    if (r->task && r->task->expected)
        fprintf(out, "expected    %s%s%s%s (from the task file; not used)\n", r->task->expected,
                r->task->expected_sub ? "(" : "",
                r->task->expected_sub ? r->task->expected_sub : "",
                r->task->expected_sub ? ")" : "");
    if (r->data_model && !strcmp(r->data_model, "ILP32"))
        fprintf(out, "data model  ILP32, checked as LP64: %s\n",
                r->model_why ? "the program may depend on it" : "no dependence found");
    if (v.kind == RV_VERDICT_UNKNOWN)
        fprintf(out, "verdict     UNKNOWN (%s)\n", v.reason);
    else
        fprintf(out, "verdict     %s\n", v.text);
    if (r->witness) fprintf(out, "witness     %s\n", r->witness);
    if (r->witness_yaml) fprintf(out, "witness     %s (format 2.0)\n", r->witness_yaml);
}

/* ---- sources of unique states (docs/UDPOR.md "What a state contains") ---- */

static void json_key(FILE *out, const char *k, bool *first);

/* The C library function whose trampoline or wrapper holds the code
 * address fn (a return address), without the prefix ravel gives those:
 * "__ravel_impure_rand" is the program's call of rand. */
static void callee_name(const rv_report *r, uint64_t fn, char *out, size_t n)
{
    static const char *const prefixes[] = {"__ravel_impure_", "__ravel_deep_", "__ravel_"};
    rv_backend *b = r->x->backend;
    const char *name = fn && b && b->ops->function ? b->ops->function(b, fn) : NULL;
    if (n) out[0] = 0;
    if (!name) return;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (!strncmp(name, prefixes[i], strlen(prefixes[i]))) {
            name += strlen(prefixes[i]);
            break;
        }
    snprintf(out, n, "%s", name);
}

static const char *src_location(const rv_report *r, uint64_t pc)
{
    rv_backend *b = r->x->backend;
    const char *loc = b && b->ops->location && pc ? b->ops->location(b, pc) : NULL;
    return loc ? loc : "an unknown place";
}

/* What made states unique at one source: "rand" (a call), "a write of
 * 70000 bytes", "a stack deeper than 256 KiB", ... */
static void unique_src_what(const rv_report *r, const rv_unique_src *x, char *out, size_t n)
{
    callee_name(r, x->fn, out, n);
    if (out[0]) return;
    switch (x->why) {
    case RV_UNIQ_BIG_WRITE:
        snprintf(out, n, "a write of %u bytes", x->len);
        break;
    case RV_TAINT_DEEP_STACK:
        snprintf(out, n, "a stack deeper than 256 KiB");
        break;
    case RV_TAINT_PLAIN:
        snprintf(out, n, "a plain access");
        break;
    case RV_UNIQ_HI_SYNC:
        snprintf(out, n, "an event of a thread above 63");
        break;
    case RV_UNIQ_KIND:
        snprintf(out, n, "an event the state does not fold");
        break;
    default:
        snprintf(out, n, "a C library call");
    }
}

static void human_unique(FILE *out, const rv_report *r)
{
    const rv_stats *st = &r->x->stats;
    fprintf(out, "unique      states after %s (never cut)\n", st->unique_states);
    for (unsigned i = 0; i < st->nunique_src; i++) {
        char what[160];
        unique_src_what(r, &st->unique_src[i], what, sizeof what);
        fprintf(out, "            - %s at %s\n", what, src_location(r, st->unique_src[i].pc));
    }
    if (st->unique_src_more) fputs("            - and more\n", out);
    const rv_backend *b = r->x->backend;
    if (b && b->taint_note[0]) fprintf(out, "            the build: %s\n", b->taint_note);
}

static void json_unique(FILE *out, const rv_report *r, bool *first)
{
    const rv_stats *st = &r->x->stats;
    json_key(out, "unique_states_from", first);
    rv_json_str(out, st->unique_states[0] ? st->unique_states : NULL);
    json_key(out, "unique_sources", first);
    fputc('[', out);
    for (unsigned i = 0; i < st->nunique_src; i++) {
        const rv_unique_src *x = &st->unique_src[i];
        char why[256], what[160];
        rv_unf_unique_str(x->why, why, sizeof why);
        unique_src_what(r, x, what, sizeof what);
        fputs(i ? ", {\"reason\": " : "{\"reason\": ", out);
        rv_json_str(out, why);
        fputs(", \"what\": ", out);
        rv_json_str(out, what);
        fputs(", \"location\": ", out);
        rv_json_str(out, src_location(r, x->pc));
        fputc('}', out);
    }
    fputc(']', out);
    json_key(out, "unique_sources_more", first);
    fputs(st->unique_src_more ? "true" : "false", out);
    const rv_backend *b = r->x->backend;
    json_key(out, "unique_build", first);
    rv_json_str(out, st->unique_states[0] && b && b->taint_note[0] ? b->taint_note : NULL);
}

/* --jobs=N: "jobs        2 workers; executions 9071 + 9071; 14 units";
 * --mpi: "mpi         3 ranks; executions ..." */
static void human_jobs(FILE *out, const rv_jobs *j)
{
    if (j->mpi)
        fprintf(out, "mpi         %u rank%s; executions", j->n, j->n == 1 ? "" : "s");
    else
        fprintf(out, "jobs        %u workers; executions", j->n);
    for (unsigned i = 0; i < j->n; i++)
        fprintf(out, "%s%" PRIu64, i ? " + " : " ", j->w[i].executions);
    fprintf(out, "; %" PRIu64 " work units\n", j->units);
}

void rv_report_human(FILE *out, const rv_report *r)
{
    const rv_stats *st = &r->x->stats;
    fprintf(out, "program     %s\n", r->program);
    fprintf(out, "algorithm   %s\n", r->algo);
    const rv_backend *b = r->x->backend;
    if (b && b->engine[0])
        fprintf(out, "engine      %s%s%s%s\n", b->engine, b->engine_why[0] ? " (no reset: " : "",
                b->engine_why, b->engine_why[0] ? ")" : "");
    fprintf(out, "executions  %" PRIu64 " (blocked %" PRIu64 ", infeasible %" PRIu64 ")",
            st->executions, st->blocked, st->infeasible);
    /* not counted among them (a count in the parentheses read as a part) */
    if (st->incomplete) fprintf(out, "; %" PRIu64 " more cut short by a limit", st->incomplete);
    fputc('\n', out);
    fprintf(out, "events      %" PRIu64 "\n", st->events);
    if (r->udpor) {
        fprintf(out, "cutoffs     %" PRIu64 "\n", st->cutoffs);
        if (st->passes > 1)
            fprintf(out,
                    "passes      %" PRIu64 " (--deepen; the last one: %" PRIu64 " executions)\n",
                    st->passes, st->last_pass_executions);
        fprintf(out, "avg |U|     %.1f events at a maximal configuration\n", st->avg_u);
        fprintf(out, "unfolding   %.1f MB peak", st->unf_peak / 1048576.0);
        if (st->removes)
            fprintf(out, " (cache G discarded %" PRIu64 " times, %" PRIu64 " events freed)",
                    st->removes, st->evicted);
        fputc('\n', out);
        if (st->unique_states[0]) human_unique(out, r);
    }
    if (st->bounded)
        fprintf(out, "bound       %s %" PRId64 " (%s)\n",
                r->x->opt->bound == RV_BOUND_FAIR ? "fair" : "preemption", st->bound,
                bound_state(st));
    if (st->thread_bound)
        fprintf(out, "threads     each thread creates at most %u (--thread-bound; %s)\n",
                st->thread_bound, thread_bound_state(st));
    if (r->count_traces)
        fprintf(out,
                "traces      %" PRIu64 " (complete %" PRIu64 ", deadlocked %" PRIu64
                ", failing %" PRIu64 ")\n",
                st->traces, st->traces_complete, st->traces_deadlock, st->traces_error);
    if (r->jobs) human_jobs(out, r->jobs);
    fprintf(out, "errors      %zu\n", count_bugs(r->x, r->property));
    fprintf(out, "time        %.2f s exploring; %.2f s building%s\n", r->time_s, r->build_s,
            r->build_cached ? " (cached)" : "");
    fprintf(out, "memory      %.1f MB peak\n", rv_peak_rss_mb());
    if (r->html) fprintf(out, "report      %s\n", r->html);
    if (r->sarif) fprintf(out, "sarif       %s\n", r->sarif);
    if (r->property_given) {
        human_verdict(out, r);
    } else {
        /* room for the longest reason and the words around it (a 512-byte
         * buffer cut a reason of three parts mid-word: "... was not") */
        char v[sizeof r->x->stats.incomplete_why + 128];
        fprintf(out, "verdict     %s\n", verdict(r->x, v, sizeof v));
    }
    /* the findings first, then the executions cut at a limit (each class
     * numbered on its own: a real error used to come as "error 10" after
     * nine "limit N" blocks) */
    for (int bugs = 1; bugs >= 0; bugs--)
        for (size_t i = 0; i < r->x->nerrors; i++)
            if (rv_property_violated_by(r->property, &r->x->errors[i]) == bugs)
                human_error(out, r, i);
}

/* ---- JSON ---------------------------------------------------------------------- */

static void json_key(FILE *out, const char *k, bool *first)
{
    fputs(*first ? "\n  " : ",\n  ", out);
    *first = false;
    rv_json_str(out, k);
    fputs(": ", out);
}

static void json_u64(FILE *out, const char *k, uint64_t v, bool *first)
{
    json_key(out, k, first);
    fprintf(out, "%" PRIu64, v);
}

/* "cycle": the events of a non-termination's cycle. */
static void json_cycle(FILE *out, rv_backend *b, const rv_trace *t)
{
    size_t c = t->cycle <= t->n ? t->cycle : 0;
    bool first = true;
    fputs(", \"cycle\": [", out);
    for (size_t k = t->n - c; k < t->n; k++) {
        const rv_event *ev = &t->ev[k];
        char act[256];
        fprintf(out, "%s{\"thread\": %u, \"action\": ", first ? "" : ", ", ev->act.tid);
        first = false;
        rv_json_str(out, rv_cli_action_str(b, &ev->act, act, sizeof act));
        fputs(", \"location\": ", out);
        rv_json_str(out, location(b, ev->pc));
        fputs(", \"value\": ", out);
        if (ev->act.kind == RV_ACT_READ && (ev->vflags & RV_EV_OLD) && ev->act.len <= 8)
            fprintf(out, "%" PRIu64, ev->old);
        else
            fputs("null", out);
        fputc('}', out);
    }
    fputc(']', out);
}

static void json_error(FILE *out, const rv_report *r, size_t i)
{
    rv_backend *b = r->x->backend;
    const rv_error *e = &r->x->errors[i];
    fputs("{\"kind\": ", out);
    rv_json_str(out, error_kind(e));
    fputs(", \"message\": ", out);
    rv_json_str(out, e->msg);
    fputs(", \"thread\": ", out);
    if (e->tid == RV_NO_THREAD)
        fputs("null", out);
    else
        fprintf(out, "%u", e->tid);
    fputs(", \"location\": ", out);
    rv_json_str(out, location(b, e->pc));
    char *sched = rv_schedule_str(e->schedule, e->nsched);
    fputs(", \"schedule\": ", out);
    rv_json_str(out, sched);
    free(sched);
    fputs(", \"schedule_file\": ", out);
    rv_json_str(out, r->schedule_files ? r->schedule_files[i] : NULL);
    if (e->trace && e->trace->err_pc2) {
        fputs(", \"other_location\": ", out);
        rv_json_str(out, location(b, e->trace->err_pc2));
    }
    if (e->trace && (e->kind == RV_END_CRASH || e->kind == RV_END_STACK_OVERFLOW)) {
        if (e->trace->signo) fprintf(out, ", \"signal\": %d", e->trace->signo);
        fprintf(out, ", \"address\": \"0x%" PRIx64 "\"", e->trace->err_addr);
    }
    if (e->trace && e->kind == RV_END_NONTERM) json_cycle(out, b, e->trace);
    if (e->trace && (e->kind == RV_END_DEADLOCK || e->kind == RV_END_NONTERM)) {
        fputs(", \"blocked\": [", out);
        bool firstt = true;
        for (unsigned t = 0; t < e->trace->nthreads; t++) {
            const rv_thread_end *th = &e->trace->threads[t];
            if (th->state != RV_T_LIVE || (e->kind == RV_END_NONTERM && in_cycle(e->trace, t)))
                continue;
            char act[256];
            fprintf(out, "%s{\"thread\": %u, \"waits_for\": ", firstt ? "" : ", ", t);
            firstt = false;
            rv_json_str(out, rv_cli_action_str(b, &th->pending, act, sizeof act));
            fputs(", \"location\": ", out);
            rv_json_str(out, location(b, th->pending_pc));
            fputs(", \"holder\": ", out);
            if (th->holder == RV_NO_THREAD || !rv_mutex_of(&th->pending))
                fputs("null", out);
            else
                fprintf(out, "%" PRIu64, th->holder);
            fputc('}', out);
        }
        fputc(']', out);
    }
    rv_explain_json(out, r->explained ? r->explained[i] : NULL);
    fputc('}', out);
}

static void json_verdict(FILE *out, const rv_report *r, bool *first)
{
    rv_verdict v =
        rv_property_verdict(r->property, r->x, r->cond_wait_at, r->model_why, r->no_true);
    json_key(out, "property", first);
    rv_json_str(out, rv_property_name(r->property));
    json_key(out, "verdict", first);
    rv_json_str(out, v.text);
    json_key(out, "verdict_reason", first);
    rv_json_str(out, v.kind == RV_VERDICT_UNKNOWN ? v.reason : NULL);
    json_key(out, "witness", first);
    rv_json_str(out, r->witness);
    json_key(out, "witness_yaml", first);
    rv_json_str(out, r->witness_yaml);
    json_key(out, "data_model", first);
    rv_json_str(out, r->data_model);
    json_key(out, "data_model_dependence", first);
    rv_json_str(out, r->model_why);
    if (!r->task) return;
    json_key(out, "input_files", first);
    fputc('[', out);
    for (size_t i = 0; i < r->task->ninputs; i++) {
        if (i) fputs(", ", out);
        rv_json_str(out, r->task->inputs[i]);
    }
    fputc(']', out);
    json_key(out, "property_file", first);
    rv_json_str(out, r->task->property_file);
    json_key(out, "expected_verdict", first);
    rv_json_str(out, r->task->expected);
    if (r->task->expected_sub) {
        json_key(out, "expected_subproperty", first);
        rv_json_str(out, r->task->expected_sub);
    }
}

/* --jobs=N, --mpi: "jobs": {"transport": "fork" | "mpi", "workers" (ranks
 * under mpi: per_worker[r] is rank r's), "units", "messages", "per_worker":
 * [...]} */
static void json_jobs(FILE *out, const rv_jobs *j, bool *first)
{
    json_key(out, "jobs", first);
    fprintf(out,
            "{\"transport\": \"%s\", \"workers\": %u, \"units\": %" PRIu64
            ", \"messages\": %" PRIu64 ", \"per_worker\": [",
            j->mpi ? "mpi" : "fork", j->n, j->units, j->messages);
    for (unsigned i = 0; i < j->n; i++) {
        const rv_jobs_worker *w = &j->w[i];
        fprintf(out,
                "%s{\"executions\": %" PRIu64 ", \"infeasible\": %" PRIu64
                ", \"incomplete_executions\": %" PRIu64 ", \"events\": %" PRIu64
                ", \"units\": %" PRIu64 ", \"donated\": %" PRIu64 ", \"died\": ",
                i ? ", " : "", w->executions, w->infeasible, w->incomplete, w->events, w->units,
                w->donated);
        if (w->died > 0)
            rv_json_str(out, strsignal(w->died));
        else
            fputs(w->died ? "\"exited\"" : "null", out);
        fputc('}', out);
    }
    fputs("]}", out);
}

void rv_report_json(FILE *out, const rv_report *r)
{
    const rv_stats *st = &r->x->stats;
    bool first = true;
    fputc('{', out);
    json_key(out, "program", &first);
    rv_json_str(out, r->program);
    json_key(out, "algorithm", &first);
    rv_json_str(out, r->algo);
    const rv_backend *b = r->x->backend;
    json_key(out, "engine", &first);
    rv_json_str(out, b && b->engine[0] ? b->engine : NULL);
    json_key(out, "engine_fallback", &first);
    rv_json_str(out, b && b->engine_why[0] ? b->engine_why : NULL);
    json_u64(out, "executions", st->executions, &first);
    json_u64(out, "blocked", st->blocked, &first);
    json_u64(out, "infeasible", st->infeasible, &first);
    json_u64(out, "incomplete_executions", st->incomplete, &first);
    json_u64(out, "events", st->events, &first);
    json_u64(out, "cutoffs", st->cutoffs, &first);
    if (r->udpor) {
        json_key(out, "avg_u", &first);
        fprintf(out, "%.1f", st->avg_u);
        json_u64(out, "passes", st->passes, &first);
        json_u64(out, "last_pass_executions", st->last_pass_executions, &first);
        json_u64(out, "cache_removes", st->removes, &first);
        json_u64(out, "evicted", st->evicted, &first);
        json_key(out, "unfolding_peak_mb", &first);
        fprintf(out, "%.2f", st->unf_peak / 1048576.0);
        json_unique(out, r, &first);
    }
    if (r->count_traces) {
        json_u64(out, "traces", st->traces, &first);
        json_u64(out, "traces_complete", st->traces_complete, &first);
        json_u64(out, "traces_deadlock", st->traces_deadlock, &first);
        json_u64(out, "traces_error", st->traces_error, &first);
    }
    if (st->bounded) {
        json_key(out, "bound_kind", &first);
        rv_json_str(out, r->x->opt->bound == RV_BOUND_FAIR ? "fair" : "preemption");
        json_key(out, "bound", &first);
        fprintf(out, "%" PRId64, st->bound);
        json_key(out, "bound_reached", &first);
        fputs(st->bound_reached ? "true" : "false", out);
        json_key(out, "bound_complete", &first);
        fputs(st->bound_complete ? "true" : "false", out);
    }
    if (st->thread_bound) {
        json_u64(out, "thread_bound", st->thread_bound, &first);
        json_u64(out, "thread_bound_cut", st->thread_bound_cut, &first);
    }
    json_key(out, "exhaustive", &first);
    fputs(st->exhaustive ? "true" : "false", out);
    json_key(out, "incomplete_reason", &first);
    rv_json_str(out, st->exhaustive || !st->incomplete_why[0] ? NULL : st->incomplete_why);
    json_key(out, "interrupted", &first); /* the signal that stopped the run, or null */
    rv_json_str(out, st->interrupted ? rv_stop_signal_name(st->interrupted) : NULL);
    json_verdict(out, r, &first);
    json_key(out, "html", &first);
    rv_json_str(out, r->html);
    json_key(out, "sarif", &first);
    rv_json_str(out, r->sarif);
    if (r->jobs) json_jobs(out, r->jobs, &first);
    json_key(out, "errors", &first);
    fputc('[', out);
    for (size_t i = 0; i < r->x->nerrors; i++) {
        fputs(i ? ",\n    " : "\n    ", out);
        json_error(out, r, i);
    }
    fputs(r->x->nerrors ? "\n  ]" : "]", out);
    json_key(out, "time_s", &first);
    fprintf(out, "%.3f", r->time_s);
    json_key(out, "build_time_s", &first);
    fprintf(out, "%.3f", r->build_s);
    json_key(out, "peak_rss_mb", &first);
    fprintf(out, "%.1f", rv_peak_rss_mb());
    json_key(out, "exit_code", &first);
    fprintf(out, "%d", rv_report_exit_code(r));
    fputs("\n}\n", out);
}
