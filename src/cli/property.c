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
#include <string.h>

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

rv_verdict rv_property_verdict(rv_property p, const rv_explore *x)
{
    rv_verdict v = {.kind = RV_VERDICT_UNKNOWN};
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
    } else {
        v.kind = RV_VERDICT_TRUE;
        snprintf(v.text, sizeof v.text, "TRUE");
        return v;
    }
    snprintf(v.text, sizeof v.text, "UNKNOWN");
    return v;
}
