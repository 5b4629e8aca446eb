/*
 * backend.h — how explorers run programs (DESIGN §2.5).
 *
 * Explorers never see how a program runs: they ask a backend to execute a
 * prefix schedule and then continue by a policy until the execution ends,
 * and receive the trace.  Backends: native (C programs through the runtime,
 * src/backends/native) and pv (PV programs interpreted in-process,
 * src/backends/pv).
 *
 * Contract of execute():
 *  - Deterministic: the same prefix yields the same events, enabled sets and
 *    pending actions (canonical thread ids and object names, DESIGN §2.4).
 *  - Steps [0, n) follow the prefix.  If step i names a thread that is not
 *    enabled, or a value >= ndom, the execution ends RV_END_DIVERGED.
 *  - After the prefix the policy picks; RV_POLICY_STOP ends with
 *    RV_END_PREFIX (unless the execution already ended).
 *  - Returns 0, or -1 if the backend itself failed (then out->msg says why
 *    and out->end is RV_END_INTERNAL); a program's crash is not a failure.
 */
#ifndef RAVEL_BACKENDS_BACKEND_H
#define RAVEL_BACKENDS_BACKEND_H

#include "../core/trace.h"

typedef struct rv_limits {
    uint64_t max_events;  /* per execution */
    uint64_t budget;      /* this execution only: end with RV_END_EVENT_LIMIT after this many
                           * events if fewer than max_events (0 = max_events); lets an
                           * explorer stop a run early and extend it only if needed */
    uint64_t avoid;       /* this execution only: RV_POLICY_FIRST and _LEAST pick these threads only
                           * when no other thread is enabled (a scheduling preference) */
    double timeout_s;     /* per execution, wall clock; 0 = none */
    double deadline;      /* rv_now() time at which the whole exploration stops (--time-limit):
                           * an execution still running then is cut; 0 = none */
    uint64_t max_heap_mb; /* per execution (native); also bounds its resident memory */
    uint64_t max_output_mb; /* largest file the program may write, its stdout included; 0 = none */
    uint32_t max_threads;   /* threads per execution, main included; 0 = RV_MAX_THREADS (native) */
    uint32_t thread_bound;  /* each thread's creates beyond this many are held: its thread waits
                               for good (RV_AF_BOUND; explore.c's iteration); 0 = none */
    int64_t nondet_lo, nondet_hi; /* domain for nondet of types wider than 8 bits */
    bool posix_exit;              /* returning from main ends the program */
    bool spurious;                /* condition waits may wake spuriously (--spurious-wakeups) */
    bool real_clock;              /* the C library's clocks, not the virtual one (--real-clock) */
    bool show_output;             /* let the program's stdout/stderr through (replay) */
    bool fingerprints;            /* fill rv_event.fp_lo/fp_hi (costs time; for cutoffs) */
    bool drf; /* memory mode drf: plain accesses are not events, races are errors */
    /* the explorer reads neither rv_event.enabled nor next_en (udpor): the
     * backend may leave them partial (trace.h) and save the work */
    bool lazy_enabled;
    /* free runs (RV_POLICY_FIRST, _LEAST; with fingerprints): a thread that
     * comes back to a state it had without changing anything others can
     * see (a spin-wait) gives way to the other enabled threads until one
     * of them changes something (udpor: short first executions) */
    bool give_way;
    uint8_t engine; /* RV_ENGINE_* (native): how executions are run */
    bool explain;   /* native: fill the explain log (runtime/protocol.h) for a report */
} rv_limits;

/* rv_limits.engine (DESIGN §2 "Engines"): UNSET (no --engine given)
 * takes $RAVEL_ENGINE, else AUTO; AUTO resets one process between
 * executions when the program allows it and forks otherwise; FORK forks a
 * child per execution; RESET resets even a program that imports functions
 * outside the known-safe list (still forking if the kernel cannot). */
enum { RV_ENGINE_UNSET = 0, RV_ENGINE_AUTO, RV_ENGINE_FORK_ONLY, RV_ENGINE_RESET_ALWAYS };

typedef struct rv_backend rv_backend;

typedef struct rv_backend_ops {
    int (*execute)(rv_backend *b, const rv_step *prefix, size_t n, rv_policy pol, rv_trace *out);
    /* "file.c:12 (function)" for a code address, or NULL; the string lives
     * until the backend is destroyed. */
    const char *(*location)(rv_backend *b, uint64_t pc);
    /* The function symbol holding a code address given as a return
     * address (the instruction before it), or NULL; optional. */
    const char *(*function)(rv_backend *b, uint64_t pc);
    /* A readable name for an object (a variable's name for a native
     * address, a resource name for PV), or NULL. */
    const char *(*object_name)(rv_backend *b, uint64_t obj);
    /* A key for an object that names it as its address does but does not
     * depend on where the program's globals were laid out (a variable's
     * name and the offset in it; see symbols.h), for orders that must not
     * change with the layout (cutoff.c's labels), or NULL: the address. */
    uint64_t (*object_key)(rv_backend *b, uint64_t obj);
    void (*destroy)(rv_backend *b);
    /* Optional (native): the explain log of the shared memory, which the
     * next execution run with limits.explain fills (its watch fields may
     * be set before), and the program binary it runs; NULL if none. */
    struct rv_xl_head *(*explain_log)(rv_backend *b);
    const char *(*binary)(rv_backend *b);
} rv_backend_ops;

struct rv_backend {
    const rv_backend_ops *ops;
    const char *name; /* "native", "pv" */
    rv_limits limits;
    /* The engine that ran the executions ("fork", "reset"; "" if none ran
     * or not applicable) and why a reset was not used ("" if it was or was
     * not asked for); filled by the native backend. */
    char engine[8];
    char engine_why[160];
    /* Set when the engine changed during the run (the reset engine left
     * because an execution changed kernel state it cannot put back:
     * native.c, fall_back_to_fork): the executions before ran under the
     * other engine, and a replay across the two need not give the same
     * events, so the caller redoes the exploration (check.c). */
    bool engine_switched;
    /* While an execution runs and the backend waits for it: the number of
     * events it has executed so far (read by the progress line, stop.h's
     * tick); NULL otherwise. */
    const volatile uint64_t *running_events;
    /* What in the program's build makes states unique (the C library
     * functions it calls that taint the state, code built without
     * instrumentation, frames of variable size), "" if nothing or not
     * known; filled by the native backend (docs/UDPOR.md "What a state
     * contains"). */
    char taint_note[512];
    /* Why no exploration of this build may conclude that there is no
     * error, "" if nothing says so: what the build could not model (the C
     * library functions it calls that write the program's memory without
     * events; reads of uninitialized variables the compiler reports);
     * filled by the native backend from the build (compile.c,
     * __ravel_no_true).  Under a property the verdict is then UNKNOWN,
     * never TRUE (cli/property.c). */
    char no_true[400];
};

static inline int rv_execute(rv_backend *b, const rv_step *p, size_t n, rv_policy pol,
                             rv_trace *out)
{
    return b->ops->execute(b, p, n, pol, out);
}

#endif
