/*
 * test_names.c — the stable names the JSON output promises (error "kind"s)
 * and the classification of execution ends; and the trace buffer
 * (push/copy/schedule) round trip.
 */
#include <stdio.h>
#include <string.h>

#include "core/trace.h"

int main(void)
{
    static const struct {
        rv_end e;
        const char *name;
        bool bug, incomplete;
    } want[] = {
        {RV_END_ASSERT, "assertion", true, false},
        {RV_END_ABORT, "abort", true, false},
        {RV_END_DEADLOCK, "deadlock", true, false},
        {RV_END_CRASH, "crash", true, false},
        {RV_END_STACK_OVERFLOW, "stack-overflow", true, false},
        {RV_END_MISUSE, "misuse", true, false},
        {RV_END_UNSUPPORTED, "unsupported", true, false},
        {RV_END_RACE, "data-race", true, false},
        {RV_END_EVENT_LIMIT, "event-limit", false, true},
        {RV_END_TIMEOUT, "timeout", false, true},
        {RV_END_COMPLETE, "complete", false, false},
        {RV_END_INFEASIBLE, "infeasible", false, false},
        {RV_END_INTERNAL, "internal", false, false},
    };
    int bad = 0;
    char why[256] = "";
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *n = rv_end_name(want[i].e);
        if (strcmp(n, want[i].name) || rv_end_is_bug(want[i].e) != want[i].bug ||
            rv_end_is_incomplete(want[i].e) != want[i].incomplete) {
            if (!bad++)
                snprintf(
                    why, sizeof why, "end %d: name '%s' bug %d incomplete %d, expected '%s' %d %d",
                    (int)want[i].e, n, rv_end_is_bug(want[i].e), rv_end_is_incomplete(want[i].e),
                    want[i].name, want[i].bug, want[i].incomplete);
        }
    }
    /* every end has a distinct name */
    for (int a = 0; a < RV_END_COUNT; a++)
        for (int b = a + 1; b < RV_END_COUNT; b++)
            if (!strcmp(rv_end_name((rv_end)a), rv_end_name((rv_end)b)) && !bad++)
                snprintf(why, sizeof why, "ends %d and %d share the name '%s'", a, b,
                         rv_end_name((rv_end)a));
    if (bad)
        printf("FAIL unit/end-names: %s\n", why);
    else
        printf("PASS unit/end-names\n");

    /* trace buffer: 1000 pushes, copy, schedule */
    rv_trace t, u;
    rv_trace_init(&t);
    rv_trace_init(&u);
    for (unsigned i = 0; i < 1000; i++) {
        rv_event *e = rv_trace_push(&t);
        e->act.tid = (uint16_t)(i % 7);
        e->val = i % 3;
        e->act.obj = i;
    }
    rv_trace_copy(&u, &t);
    rv_step st[1000];
    rv_trace_schedule(&u, 1000, st);
    bad = u.n != 1000;
    for (unsigned i = 0; i < 1000 && !bad; i++)
        bad = u.ev[i].act.obj != i || st[i].tid != i % 7 || st[i].val != i % 3;
    rv_trace_reset(&u);
    bad |= u.n != 0 || u.err_tid != RV_NO_THREAD;
    printf(bad ? "FAIL unit/trace-buffer: push/copy/schedule/reset round trip\n"
               : "PASS unit/trace-buffer\n");
    rv_trace_free(&t);
    rv_trace_free(&u);
    return 0;
}
