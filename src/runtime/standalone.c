/*
 * standalone.c — a schedule for a run without ravel: `ravel replay --gdb`
 * (src/cli/gdb.c) starts the program under gdb with no fork server, and
 * hands the schedule and the run's settings over in the environment:
 *   RAVEL_STEPS    the steps, "T" or "T:V" separated by spaces (as in a
 *                  schedule file); the run stops after them (policy STOP),
 *                  so it follows the schedule exactly as a replay does
 *   RAVEL_THREADS  the canonical thread table "PARENT:INDEX ..." for
 *                  threads 1, 2, ... (thread 0 is main)
 *   RAVEL_FLAGS    the request flags (protocol.h RV_REQ_*), decimal
 *   RAVEL_NONDET   LO:HI, the domain of wide nondet values
 *   RAVEL_MAX_THREADS  threads one execution may create
 * Without RAVEL_STEPS nothing changes: the program runs by the runtime's
 * own policy.  A malformed value is ignored from its first bad token on
 * (the replay then diverges, and the runtime says so).
 *
 * Owns: no state beyond the schedule it reads from the environment.
 */
#include "rt.h"

#include <stdlib.h>
#include <sys/mman.h>

static unsigned long number(const char **p, bool *ok)
{
    char *end;
    unsigned long v = strtoul(*p, &end, 10);
    *ok = end != *p;
    *p = end;
    return v;
}

static void skip_spaces(const char **p)
{
    while (**p == ' ' || **p == '\t' || **p == '\n') (*p)++;
}

static void read_steps(rv_shm *s, const char *txt)
{
    size_t cap = 1;
    for (const char *c = txt; *c; c++) cap += *c == ' ';
    rv_step *steps =
        mmap(NULL, cap * sizeof *steps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (steps == MAP_FAILED) return;
    size_t n = 0;
    const char *p = txt;
    for (skip_spaces(&p); *p && n < cap; skip_spaces(&p)) {
        bool ok;
        unsigned long t = number(&p, &ok), v = 0;
        if (!ok) break;
        if (*p == ':') {
            p++;
            v = number(&p, &ok);
            if (!ok) break;
        }
        steps[n++] = (rv_step){.tid = (uint16_t)t, .val = (uint32_t)v};
    }
    rt.steps = steps;
    s->nsteps = (uint32_t)n;
    s->max_steps = cap;
    s->policy = RV_POLICY_STOP;
}

static void read_threads(rv_shm *s, const char *txt)
{
    const char *p = txt;
    for (skip_spaces(&p); *p && s->nreg < RV_MAX_THREADS; skip_spaces(&p)) {
        bool ok;
        unsigned long parent = number(&p, &ok);
        if (!ok || *p++ != ':') break;
        unsigned long index = number(&p, &ok);
        if (!ok) break;
        s->reg_parent[s->nreg] = (uint16_t)parent;
        s->reg_index[s->nreg] = (uint32_t)index;
        s->nreg++;
    }
}

void rv_standalone_schedule(rv_shm *s)
{
    const char *steps = getenv("RAVEL_STEPS");
    if (!steps) return;
    read_steps(s, steps);
    const char *v = getenv("RAVEL_THREADS");
    if (v) read_threads(s, v);
    if ((v = getenv("RAVEL_FLAGS"))) s->flags = (uint32_t)strtoul(v, NULL, 10);
    if ((v = getenv("RAVEL_MAX_THREADS"))) s->max_threads = (uint32_t)strtoul(v, NULL, 10);
    if ((v = getenv("RAVEL_NONDET"))) {
        char *end;
        long long lo = strtoll(v, &end, 10);
        if (*end == ':') {
            s->nondet_lo = lo;
            s->nondet_hi = strtoll(end + 1, NULL, 10);
        }
    }
}
