/* property.c — `--property`: which ends of an execution are violations,
 * and the SV-COMP verdict of an exploration (docs/CLI.md "Properties and
 * verdicts").
 *
 * Under a property every end that is a bug today falls in one of three
 * classes (rv_end_class): a violation (an error, as today), benign (the
 * program ended; SV-COMP: abort() under unreach-call is "this path is
 * infeasible", a deadlock is no call of reach_error), or unknown: the
 * property does not cover it and ravel cannot run the program past it
 * (undefined behaviour: a crash, API misuse; a function ravel does not
 * model), so no TRUE verdict can follow, yet a violation found elsewhere
 * still gives FALSE.  The table is in prop_class below. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "cli.h"

static const char *const prop_names[RV_PROP_COUNT] = {
    [RV_PROP_ALL] = "all",
    [RV_PROP_UNREACH_CALL] = "unreach-call",
    [RV_PROP_NO_DEADLOCK] = "no-deadlock",
    [RV_PROP_NO_DATA_RACE] = "no-data-race",
    [RV_PROP_VALID_MEMSAFETY] = "valid-memsafety",
};

const char *rv_property_name(rv_property p)
{
    return (unsigned)p < RV_PROP_COUNT ? prop_names[p] : "?";
}

int rv_property_lookup(const char *name)
{
    for (int p = 0; p < RV_PROP_COUNT; p++)
        if (!strcmp(name, prop_names[p])) return p;
    return -1;
}

/* valid-memsafety: what ravel observes of it.  A fault (SIGSEGV, SIGBUS)
 * is an invalid dereference; runtime/memory.c reports a second free of a
 * block of its heap as misuse "double free of ...".  Nothing else of
 * valid-deref, valid-free or valid-memtrack is observed. */
static const char *memsafety_sub(const rv_trace *t, rv_end e, const char *msg)
{
    if (e == RV_END_CRASH && t && (t->signo == SIGSEGV || t->signo == SIGBUS)) return "valid-deref";
    if (e == RV_END_MISUSE && !strncmp(msg, "double free", 11)) return "valid-free";
    return NULL;
}

/* The class of a bug end e under p.  t may be NULL (then only e counts). */
static rv_end_class prop_class(rv_property p, rv_end e, const rv_trace *t, const char *msg)
{
    if (p == RV_PROP_ALL) return RV_CLASS_VIOLATION;
    switch (e) {
    case RV_END_REACH_ERROR:
        return p == RV_PROP_UNREACH_CALL ? RV_CLASS_VIOLATION : RV_CLASS_BENIGN;
    case RV_END_ABORT:
    case RV_END_ASSERT: /* __assert_fail outside reach_error: the program aborts */
        return RV_CLASS_BENIGN;
    case RV_END_DEADLOCK:
        return p == RV_PROP_NO_DEADLOCK ? RV_CLASS_VIOLATION : RV_CLASS_BENIGN;
    case RV_END_NONTERM: /* as a livelock: no SV-COMP property here is about termination */
        return RV_CLASS_BENIGN;
    case RV_END_RACE:
        /* a race ends the execution in drf mode: past it nothing was run */
        return p == RV_PROP_NO_DATA_RACE ? RV_CLASS_VIOLATION : RV_CLASS_UNKNOWN;
    case RV_END_CRASH:
    case RV_END_MISUSE:
        if (p == RV_PROP_VALID_MEMSAFETY && memsafety_sub(t, e, msg)) return RV_CLASS_VIOLATION;
        return RV_CLASS_UNKNOWN;
    default: /* stack overflow, unsupported call */
        return RV_CLASS_UNKNOWN;
    }
}

rv_end_class rv_property_classify(const rv_trace *t, int property, char *why, size_t cap)
{
    rv_end_class c = prop_class((rv_property)property, t->end, t, t->msg);
    if (c == RV_CLASS_UNKNOWN)
        snprintf(why, cap, "an execution ended in %s (%s), which --property=%s does not cover",
                 rv_end_name(t->end), t->msg, rv_property_name((rv_property)property));
    return c;
}

bool rv_property_violated_by(rv_property p, const rv_error *e)
{
    if (!rv_end_is_bug(e->kind)) return false; /* a limit */
    if (e->livelock) return p == RV_PROP_ALL;  /* no SV-COMP property is about livelocks */
    return prop_class(p, e->kind, e->trace, e->msg) == RV_CLASS_VIOLATION;
}

/* The SV-COMP name of what was violated: the property, or for
 * valid-memsafety its sub-property; under `all` the error's kind. */
static const char *violated_name(rv_property p, const rv_error *e)
{
    if (p == RV_PROP_VALID_MEMSAFETY) return memsafety_sub(e->trace, e->kind, e->msg);
    if (p == RV_PROP_ALL) return e->livelock ? "livelock" : rv_end_name(e->kind);
    return rv_property_name(p);
}

rv_verdict rv_property_verdict(rv_property p, const rv_explore *x, const char *cond_wait_at,
                               const char *model_why, const char *no_true)
{
    rv_verdict v = {.kind = RV_VERDICT_UNKNOWN};
    if (model_why) { /* neither a violation nor its absence carries over */
        snprintf(v.reason, sizeof v.reason,
                 "the program asks for data model ILP32 and was checked as LP64, but its "
                 "behaviour may differ between them (%s); --data-model=LP64 accepts the LP64 "
                 "semantics",
                 model_why);
        snprintf(v.text, sizeof v.text, "UNKNOWN");
        return v;
    }
    for (size_t i = 0; i < x->nerrors; i++) {
        if (!rv_property_violated_by(p, &x->errors[i])) continue;
        v.kind = RV_VERDICT_FALSE;
        snprintf(v.text, sizeof v.text, "FALSE(%s)", violated_name(p, &x->errors[i]));
        return v;
    }
    const rv_stats *st = &x->stats;
    if (!st->exhaustive) {
        snprintf(v.reason, sizeof v.reason, "%s",
                 st->incomplete_why[0] ? st->incomplete_why : "the exploration is not exhaustive");
    } else if (p == RV_PROP_VALID_MEMSAFETY) {
        snprintf(v.reason, sizeof v.reason,
                 "no fault nor double free found, but ravel cannot prove valid-deref "
                 "(accesses that do not fault), valid-free (frees of foreign pointers) nor "
                 "valid-memtrack (leaks)");
    } else if (no_true && no_true[0]) {
        /* e.g. a store the C library makes is no event: an order or a race
         * through it was never explored (tests/svcomp unmodelled_write) */
        snprintf(v.reason, sizeof v.reason, "no violation found, but %s", no_true);
    } else if (cond_wait_at) {
        snprintf(v.reason, sizeof v.reason,
                 "no violation found, but the program waits on a condition variable (%s) and "
                 "spurious wake-ups, which POSIX allows, were not explored (--spurious-wakeups)",
                 cond_wait_at);
    } else {
        v.kind = RV_VERDICT_TRUE;
        snprintf(v.text, sizeof v.text, "TRUE");
        return v;
    }
    snprintf(v.text, sizeof v.text, "UNKNOWN");
    return v;
}

/* ---- condition-variable waits ------------------------------------------------
 *
 * POSIX lets pthread_cond_wait return without a signal (a spurious
 * wake-up) and SV-COMP tasks count on it (pthread-divine); ravel's model
 * produces one only under --spurious-wakeups (off by default: a
 * `while (!c) wait` loop then has executions of every length).  So
 * without the option a TRUE verdict cannot be given for a program that
 * waited on a condition variable in some execution: this backend wrapper
 * (not installed under the option) notes the first such wait
 * (RV_ACT_WAIT1) while the explorer runs, and the verdict becomes UNKNOWN
 * with the wait's location. */
typedef struct wait_spy {
    rv_backend base;
    rv_backend *inner;
    uint64_t wait_pc; /* first condition wait seen, 0 if none */
    bool saw_wait;
} wait_spy;

static int spy_execute(rv_backend *b, const rv_step *prefix, size_t n, rv_policy pol, rv_trace *out)
{
    wait_spy *s = (wait_spy *)b;
    s->inner->limits = b->limits; /* explorers set budgets and deadlines per execution */
    int rc = rv_execute(s->inner, prefix, n, pol, out);
    b->limits = s->inner->limits;
    memcpy(b->engine, s->inner->engine, sizeof b->engine);
    memcpy(b->engine_why, s->inner->engine_why, sizeof b->engine_why);
    b->engine_switched = s->inner->engine_switched;
    memcpy(b->taint_note, s->inner->taint_note, sizeof b->taint_note);
    memcpy(b->no_true, s->inner->no_true, sizeof b->no_true);
    for (size_t i = 0; !s->saw_wait && i < out->n; i++)
        if (out->ev[i].act.kind == RV_ACT_WAIT1) {
            s->saw_wait = true;
            s->wait_pc = out->ev[i].pc;
        }
    return rc;
}

static const char *spy_location(rv_backend *b, uint64_t pc)
{
    wait_spy *s = (wait_spy *)b;
    return s->inner->ops->location ? s->inner->ops->location(s->inner, pc) : NULL;
}

static const char *spy_function(rv_backend *b, uint64_t pc)
{
    wait_spy *s = (wait_spy *)b;
    return s->inner->ops->function ? s->inner->ops->function(s->inner, pc) : NULL;
}

static const char *spy_object_name(rv_backend *b, uint64_t obj)
{
    wait_spy *s = (wait_spy *)b;
    return s->inner->ops->object_name ? s->inner->ops->object_name(s->inner, obj) : NULL;
}

static struct rv_xl_head *spy_explain_log(rv_backend *b)
{
    wait_spy *s = (wait_spy *)b;
    return s->inner->ops->explain_log ? s->inner->ops->explain_log(s->inner) : NULL;
}

static const char *spy_binary(rv_backend *b)
{
    wait_spy *s = (wait_spy *)b;
    return s->inner->ops->binary ? s->inner->ops->binary(s->inner) : NULL;
}

static void spy_destroy(rv_backend *b)
{
    wait_spy *s = (wait_spy *)b;
    s->inner->ops->destroy(s->inner);
    free(s);
}

static const rv_backend_ops spy_ops = {
    .execute = spy_execute,
    .location = spy_location,
    .function = spy_function,
    .object_name = spy_object_name,
    .destroy = spy_destroy,
    .explain_log = spy_explain_log,
    .binary = spy_binary,
};

rv_backend *rv_wait_spy_new(rv_backend *inner)
{
    wait_spy *s = rv_xcalloc(1, sizeof *s);
    s->base.ops = &spy_ops;
    s->base.name = inner->name;
    s->base.limits = inner->limits;
    s->inner = inner;
    return &s->base;
}

bool rv_wait_spy_saw(rv_backend *b, char *where, size_t cap)
{
    if (b->ops != &spy_ops) return false;
    wait_spy *s = (wait_spy *)b;
    if (!s->saw_wait) return false;
    const char *loc = spy_location(b, s->wait_pc);
    snprintf(where, cap, "%s", loc ? loc : "an unknown location");
    return true;
}
