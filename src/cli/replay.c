/* replay.c — `ravel replay`: run one schedule from a schedule file and show
 * the execution step by step with source locations. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"

static const char *loc_of(rv_backend *b, uint64_t pc)
{
    return pc && b->ops->location ? b->ops->location(b, pc) : NULL;
}

/* The schedule of a livelock ends inside it: the execution stopped with
 * the schedule, the program still running (check.c writes "outcome
 * livelock" for it). */
static bool livelock(const rv_trace *t, const rv_schedfile *sf)
{
    return sf->livelock && t->end == RV_END_PREFIX && t->n == sf->nsteps;
}

/* The thread and code address the outcome is about: the failing one, or
 * for a livelock the last step's (where it spins). */
static void culprit(const rv_trace *t, const rv_schedfile *sf, unsigned *tid, uint64_t *pc)
{
    *tid = t->err_tid;
    *pc = t->err_pc;
    if (livelock(t, sf) && t->n) {
        *tid = t->ev[t->n - 1].act.tid;
        *pc = t->ev[t->n - 1].pc;
    }
}

/* The exit code for how the replayed execution ended. */
static int outcome_code(const rv_trace *t, const rv_schedfile *sf)
{
    if (rv_end_is_bug(t->end) || livelock(t, sf)) return RV_EXIT_BUG;
    if (t->end == RV_END_DIVERGED || t->end == RV_END_INTERNAL) return RV_EXIT_USAGE;
    if (rv_end_is_incomplete(t->end)) return RV_EXIT_INCOMPLETE;
    return RV_EXIT_OK;
}

/* One line of prose for the outcome; the caller adds the details. */
static void outcome_text(rv_backend *b, const rv_trace *t, const rv_schedfile *sf, char *buf,
                         size_t cap)
{
    switch (t->end) {
    case RV_END_COMPLETE:
        snprintf(buf, cap, "the program completed (exit status %d)", t->exit_code);
        break;
    case RV_END_PREFIX:
        if (livelock(t, sf))
            snprintf(buf, cap,
                     "livelock: the schedule's %zu steps went past --max-depth within the fair "
                     "bound and the program goes on (its threads wait for each other and never "
                     "block)",
                     sf->nsteps);
        else
            snprintf(buf, cap, "the schedule ended before the program did; no error on this path");
        break;
    case RV_END_INFEASIBLE:
        snprintf(buf, cap, "infeasible: a __VERIFIER_assume failed");
        break;
    case RV_END_DIVERGED: {
        int k;
        if (t->n < sf->nsteps)
            k = snprintf(buf, cap,
                         "the schedule does not fit the program: step #%zu asks for thread %u "
                         "(value %u), which cannot run there%s%s",
                         t->n + 1, sf->steps[t->n].tid, sf->steps[t->n].val, t->msg[0] ? ": " : "",
                         t->msg);
        else
            k = snprintf(buf, cap, "the schedule does not fit the program at step #%zu%s%s",
                         t->n + 1, t->msg[0] ? ": " : "", t->msg);
        char causes[640];
        rv_nondet_causes(b, t, causes, sizeof causes);
        if (k > 0 && (size_t)k < cap)
            snprintf(buf + k, cap - (size_t)k,
                     ".  The program changed since the schedule was written, or it behaved "
                     "differently this time; likely causes: %s",
                     causes);
        break;
    }
    default:
        /* "deadlock: 3 threads blocked", not "deadlock: deadlock: ..." */
        if (!strncmp(t->msg, rv_end_name(t->end), strlen(rv_end_name(t->end))))
            snprintf(buf, cap, "%s", t->msg);
        else
            snprintf(buf, cap, "%s%s%s", rv_end_name(t->end), t->msg[0] ? ": " : "", t->msg);
    }
}

/* A value of len bytes as the program would see it: signed decimal when
 * small, hex otherwise (addresses, bit patterns). */
static void value_str(uint64_t v, uint64_t len, char *buf, size_t cap)
{
    int64_t s = len >= 8 ? (int64_t)v : (int64_t)(v << (64 - 8 * len)) >> (64 - 8 * len);
    if (s > -1000000000000 && s < 1000000000000)
        snprintf(buf, cap, "%" PRId64, s);
    else
        snprintf(buf, cap, "0x%" PRIx64, len >= 8 ? v : v & (((uint64_t)1 << (8 * len)) - 1));
}

/* What a memory step read and wrote (accesses of at most 8 bytes, whose
 * values the runtime records): " = 1" for a read, " := 2" for a write,
 * " = 1 := 2" for a read-modify-write; "" when not known. */
static void values_str(const rv_event *e, char *buf, size_t cap)
{
    buf[0] = 0;
    if (!rv_is_memory(&e->act) || !e->act.len || e->act.len > 8) return;
    char v[32];
    size_t k = 0;
    bool reads = e->act.kind == RV_ACT_READ || e->act.kind == RV_ACT_RMW;
    bool writes = e->act.kind == RV_ACT_WRITE || e->act.kind == RV_ACT_RMW;
    if (reads && (e->vflags & RV_EV_OLD)) {
        value_str(e->old, e->act.len, v, sizeof v);
        k += (size_t)snprintf(buf + k, cap - k, " = %s", v);
    }
    if (writes && (e->vflags & RV_EV_WVAL) && k < cap) {
        value_str(e->wval, e->act.len, v, sizeof v);
        snprintf(buf + k, cap - k, " := %s", v);
    }
}

static void human_replay(rv_backend *b, const rv_trace *t, const rv_schedfile *sf)
{
    for (size_t i = 0; i < t->n; i++) {
        const rv_event *e = &t->ev[i];
        char act[320], vals[80];
        rv_cli_action_str(b, &e->act, act, sizeof act);
        values_str(e, vals, sizeof vals);
        printf("#%-4zu thread %-2u  %s%s", i + 1, e->act.tid, act, vals);
        const char *loc = loc_of(b, e->pc);
        if (loc) printf("  at %s", loc);
        putchar('\n');
    }
    char text[1024];
    outcome_text(b, t, sf, text, sizeof text);
    printf("outcome: %s%s\n", rv_end_is_bug(t->end) || livelock(t, sf) ? "ERROR " : "", text);
    unsigned tid;
    uint64_t pc;
    culprit(t, sf, &tid, &pc);
    if ((rv_end_is_bug(t->end) || livelock(t, sf)) && tid != RV_NO_THREAD) {
        printf("  in thread %u", tid);
        const char *loc = loc_of(b, pc);
        if (loc) printf(" at %s", loc);
        putchar('\n');
    }
    if (t->signo && (t->end == RV_END_CRASH || t->end == RV_END_STACK_OVERFLOW))
        printf("  signal %d (%s), faulting address 0x%" PRIx64 "\n", t->signo, strsignal(t->signo),
               t->err_addr);
    if (t->end == RV_END_DEADLOCK) {
        for (unsigned i = 0; i < t->nthreads; i++) {
            const rv_thread_end *th = &t->threads[i];
            if (th->state != RV_T_LIVE) continue;
            char act[320];
            printf("  thread %u waits for %s", i,
                   rv_cli_action_str(b, &th->pending, act, sizeof act));
            const char *loc = loc_of(b, th->pending_pc);
            if (loc) printf(" at %s", loc);
            if (th->holder != RV_NO_THREAD && rv_mutex_of(&th->pending))
                printf("; the mutex is held by thread %" PRIu64, th->holder);
            putchar('\n');
        }
    }
}

/* "read" and "wrote": the bytes a memory step of at most 8 bytes read and
 * wrote, as unsigned numbers (little-endian), when known. */
static void json_values(const rv_event *e)
{
    if (!rv_is_memory(&e->act) || !e->act.len || e->act.len > 8) return;
    if ((e->act.kind == RV_ACT_READ || e->act.kind == RV_ACT_RMW) && (e->vflags & RV_EV_OLD))
        printf(", \"read\": %" PRIu64, e->old);
    if ((e->act.kind == RV_ACT_WRITE || e->act.kind == RV_ACT_RMW) && (e->vflags & RV_EV_WVAL))
        printf(", \"wrote\": %" PRIu64, e->wval);
}

static void json_replay(rv_backend *b, const rv_trace *t, const rv_schedfile *sf,
                        const char *program, const char *path)
{
    printf("{\n  \"program\": ");
    rv_json_str(stdout, program);
    printf(",\n  \"schedule_file\": ");
    rv_json_str(stdout, path);
    printf(",\n  \"steps\": [");
    for (size_t i = 0; i < t->n; i++) {
        const rv_event *e = &t->ev[i];
        char act[320];
        printf("%s\n    {\"step\": %zu, \"thread\": %u, \"value\": %u, \"action\": ", i ? "," : "",
               i + 1, e->act.tid, e->val);
        rv_json_str(stdout, rv_cli_action_str(b, &e->act, act, sizeof act));
        printf(", \"location\": ");
        rv_json_str(stdout, loc_of(b, e->pc));
        json_values(e);
        putchar('}');
    }
    printf("%s],\n  \"outcome\": {\"kind\": ", t->n ? "\n  " : "");
    rv_json_str(stdout, livelock(t, sf) ? "livelock" : rv_end_name(t->end));
    char text[1024];
    outcome_text(b, t, sf, text, sizeof text);
    printf(", \"message\": ");
    rv_json_str(stdout, text);
    unsigned tid;
    uint64_t pc;
    culprit(t, sf, &tid, &pc);
    printf(", \"thread\": ");
    if (tid == RV_NO_THREAD)
        printf("null");
    else
        printf("%u", tid);
    printf(", \"location\": ");
    rv_json_str(stdout, loc_of(b, pc));
    printf("},\n  \"exit_code\": %d\n}\n", outcome_code(t, sf));
}

/* Whether the command line names the sources the schedule was made on. */
static bool same_program(const rv_cli_opts *o, const rv_schedfile *sf)
{
    if (o->npos - 1 != sf->nprogram) return false;
    for (size_t i = 0; i < sf->nprogram; i++)
        if (strcmp(o->pos[i], sf->program[i])) return false;
    return true;
}

/* The file's `options` words then the command line, through one parser. */
static int parse_with_file_options(int argc, char **argv, const rv_schedfile *sf, rv_cli_opts *o)
{
    if (sf->noptions) {
        char **fargv = rv_xcalloc(sf->noptions + 2, sizeof *fargv);
        fargv[0] = "replay";
        for (size_t i = 0; i < sf->noptions; i++) fargv[i + 1] = sf->options[i];
        rv_cli_opts tmp = *o;
        int rc = rv_cli_parse((int)sf->noptions + 1, fargv, "replay", &tmp);
        free(fargv);
        if (rc < 0 || tmp.npos || tmp.dashdash) {
            fprintf(stderr, "ravel replay: bad 'options' line in the schedule file\n");
            rv_cli_opts_free(&tmp);
            return -1;
        }
        o->lim = tmp.lim;
        o->property = tmp.property; /* the steps of abort() and friends (check.c) */
    }
    return rv_cli_parse(argc, argv, "replay", o);
}

rv_replay_fn rv_replay_takeover;

int rv_cli_replay(int argc, char **argv)
{
    rv_cli_opts o;
    rv_cli_defaults(&o);
    rv_cli_opts first;
    rv_cli_defaults(&first);
    /* a first pass finds the schedule file (and --help, usage errors) */
    if (rv_cli_parse(argc, argv, "replay", &first) < 0) {
        rv_cli_opts_free(&first);
        return RV_EXIT_USAGE;
    }
    if (first.help) {
        rv_cli_usage(stdout, "replay");
        rv_cli_opts_free(&first);
        return RV_EXIT_OK;
    }
    if (first.npos < 2) {
        fprintf(stderr, "ravel replay: expected a program and a schedule file (usage: ravel replay "
                        "[options] FILE.c... SCHEDULE [-- cflags])\n");
        rv_cli_opts_free(&first);
        return RV_EXIT_USAGE;
    }
    const char *path = first.pos[first.npos - 1];
    rv_cli_opts_free(&first);
    rv_schedfile sf;
    char err[1024];
    if (rv_schedfile_read(path, &sf, err, sizeof err) < 0) {
        fprintf(stderr, "ravel replay: %s\n", err);
        return RV_EXIT_USAGE;
    }
    int code = RV_EXIT_USAGE;
    if (parse_with_file_options(argc, argv, &sf, &o) < 0) goto out;
    if (!o.dashdash && sf.ncflags) {
        /* the flags the check ran with, unless the command line gives others */
        for (size_t i = 0; i < sf.ncflags; i++) {
            o.cflags = rv_xrealloc(o.cflags, (o.ncflags + 1) * sizeof *o.cflags);
            o.cflags[o.ncflags++] = sf.cflags[i];
        }
    }
    if (!o.quiet && !same_program(&o, &sf))
        fprintf(stderr, "ravel replay: note: %s was written for %s\n", path, sf.program[0]);
    o.lim.show_output = !o.json;
    /* on the heap: RV_MAX_THREADS records are 1.3 MB */
    rv_thread_end *reg = rv_xcalloc(RV_MAX_THREADS, sizeof *reg);
    for (unsigned t = 0; t < sf.nthreads; t++) {
        reg[t].parent = sf.parent[t];
        reg[t].index = sf.index[t];
    }
    rv_backend *b = rv_cli_open_program("replay", &o, o.pos, o.npos - 1, reg, sf.nthreads);
    free(reg);
    if (!b) goto out;
    if (o.gdb || rv_replay_takeover) { /* gdb.c, reportcmd.c */
        code = (o.gdb ? rv_replay_gdb : rv_replay_takeover)(&o, b, path, &sf);
        b->ops->destroy(b);
        goto out;
    }
    const char *program = o.pos[0];
    if (!o.json) {
        printf("replaying %zu steps of %s on %s\n", sf.nsteps, path, program);
        fflush(stdout);
    }
    rv_trace t;
    rv_trace_init(&t);
    int rc = rv_execute(b, sf.steps, sf.nsteps, RV_POLICY_STOP, &t);
    fflush(stdout);
    if (rc < 0) {
        fprintf(stderr, "ravel replay: the execution failed: %s\n", t.msg);
        code = RV_EXIT_USAGE;
    } else {
        if (o.json)
            json_replay(b, &t, &sf, program, path);
        else
            human_replay(b, &t, &sf);
        code = outcome_code(&t, &sf);
        if (t.end == RV_END_DIVERGED && !o.json) {
            char text[1024];
            outcome_text(b, &t, &sf, text, sizeof text);
            fprintf(stderr, "ravel replay: %s\n", text);
        }
    }
    rv_trace_free(&t);
    b->ops->destroy(b);
out:
    rv_schedfile_free(&sf);
    rv_cli_opts_free(&o);
    return code;
}
