/*
 * explain.h — what a report shows about one error beyond its summary: the
 * failing execution step by step with the call stack of every step and
 * the program's names for the objects, the stacks of the threads
 * involved at the end (the erring thread, each blocked thread of a
 * deadlock, both accesses of a data race), for the text, JSON, HTML and
 * SARIF reports (report.c, html.c, sarif.c).
 *
 * How: rv_explain replays the error's schedule once with the backend's
 * explain log on (runtime/protocol.h: the runtime records a shadow call
 * stack of the program's instrumented functions and the innermost
 * frame's bytes at every event), and, for a data race, once more with a
 * watch on the other access, whose stack the race detector no longer
 * has.  Names come from the DWARF of the program (debuginfo.h): globals
 * with their member and index path, locals of the frame that holds them,
 * objects reached through a pointer local of the acting function; else
 * the backend's symbol-table name.  Replays are deterministic (the
 * premise of every schedule file); should one end otherwise than the
 * error did, the explanation keeps the error's own trace and has no
 * stacks (ok = false), never a stack of another execution.
 *
 * A backend without an explain log (PV programs) gives steps with names
 * and locations but no stacks.
 */
#ifndef RAVEL_CLI_EXPLAIN_H
#define RAVEL_CLI_EXPLAIN_H

#include "cli.h"

typedef struct rv_xframe {
    uint64_t pc;
    const char *func; /* NULL if unknown */
    const char *file; /* NULL if unknown */
    unsigned line;
    bool inlined;
} rv_xframe;

typedef struct rv_xstack {
    rv_xframe *f; /* innermost first, the program's frames only */
    size_t n;
    bool more; /* outer frames were not kept (deep recursion) */
} rv_xstack;

typedef struct rv_xstep {
    char *action;   /* with the program's names */
    char *location; /* "file:line (function)", or NULL */
    rv_xstack stack;
} rv_xstep;

/* A thread's part in the error. */
typedef enum { RV_ROLE_ERROR, RV_ROLE_BLOCKED, RV_ROLE_OTHER_ACCESS } rv_role;

typedef struct rv_xthread {
    unsigned tid;
    rv_role role;
    char *what; /* "waits for lock(fork_[1])", "write of counter", "assertion failed" */
    char *location;
    rv_xstack stack;
    size_t step;       /* the step (0-based) it belongs after; the execution's length at the end */
    bool visible_step; /* the role is an event of trace (not a plain access of drf) */
} rv_xthread;

typedef struct rv_explained {
    bool stacks;     /* stacks were recorded */
    rv_trace tr;     /* the execution explained */
    rv_xstep *steps; /* tr.n */
    rv_xthread *th;  /* the threads involved, the erring one first */
    size_t nth;
    char *object; /* the error's object (race, misuse), or NULL */
} rv_explained;

/* Explain error e (a bug with a trace) on backend b; never fails: at
 * worst the error's trace with the backend's names. */
void rv_explain(rv_backend *b, const rv_error *e, rv_explained *out);
/* Run the schedule s[0..n) (policy STOP) into t and describe its end as an
 * error e (pointing into s and t) for rv_explain; -1 if the backend
 * failed (t->msg says why). */
int rv_error_of_schedule(rv_backend *b, const rv_step *s, size_t n, rv_trace *t, rv_error *e);
/* The index of the step that created thread tid, or -1 (main, or not in
 * the trace): "created by" in the reports, as ThreadSanitizer shows it. */
long rv_explain_creation(const rv_explained *x, unsigned tid);
void rv_explained_free(rv_explained *x);
/* Every bug of x (limits get NULL), for rv_report.explained. */
rv_explained **rv_explain_all(rv_explore *x);
void rv_explain_all_free(rv_explained **v, size_t n);

/* The object at addr as the program names it: debug info of b's program
 * (a global's member or element), else the backend's name; NULL if none.
 * len: bytes accessed, 0 for a synchronisation object.  The string lives
 * until the process ends or the program changes. */
const char *rv_names_object(rv_backend *b, uint64_t addr, uint64_t len);

/* Text and JSON parts of the reports (report.c): the stacks of the
 * threads involved, indented; and the "stacks" member of an error. */
void rv_explain_human(FILE *out, const rv_explained *x);
void rv_explain_json(FILE *out, const rv_explained *x);
/* One frame as text: "func file:line". */
void rv_xframe_str(const rv_xframe *f, char *buf, size_t cap);

#endif
