/*
 * test_pv.c — the PV language (exact error messages with line and column,
 * printing round trip) and the PV backend (events, enabled sets, ends,
 * thread states, locations, limits, determinism).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/pv/pv.h"
#include "pv/pv_lang.h"

static int failures;
#define CHECK(name, cond, ...)                                                                     \
    do {                                                                                           \
        if (cond)                                                                                  \
            printf("PASS %s\n", name);                                                             \
        else {                                                                                     \
            printf("FAIL %s: ", name);                                                             \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static void parse_error(const char *name, const char *text, const char *want)
{
    char err[512];
    rv_pv_prog *p = rv_pv_parse("t.pv", text, err, sizeof err);
    CHECK(name, !p && !strcmp(err, want), "got \"%s\", want \"%s\"", p ? "(parsed)" : err, want);
    rv_pv_free(p);
}

static void test_errors(void)
{
    parse_error("err-undeclared", "resource a;\nP(a).V(b)",
                "t.pv:2:8: undeclared resource 'b' (declare it: resource b;)");
    parse_error("err-unheld-v", "resource a;\nV(a)",
                "t.pv:2:1: V(a) releases a resource this process does not hold here");
    parse_error("err-unbalanced-choice", "resource a;\nP(a) + 1",
                "t.pv:2:6: the two branches of '+' must end holding the same resources");
    parse_error("err-loop-leaks", "resource a;\n  (P(a))*",
                "t.pv:2:9: a loop body must release every resource it takes");
    parse_error("err-nested-par", "resource a;\nP(a).(V(a) | 1)",
                "t.pv:2:12: parallel composition '|' is only allowed at the top level");
    parse_error("err-eof", "resource a;\nP(a", "t.pv:2:4: expected ')', found end of file");
    parse_error("err-capacity", "resource a : 0; 1",
                "t.pv:1:14: capacity must be between 1 and 1000000");
    parse_error("err-twice", "resource a, a; 1", "t.pv:1:13: resource 'a' declared twice");
    parse_error("err-comment", "resource a;\n  /* open", "t.pv:2:3: unterminated comment");
    parse_error("err-junk", "resource a;\nP(a).V(a) $",
                "t.pv:2:11: expected '.', '+', '|', '*' or end of file, found '$'");
    parse_error("err-empty", "", "t.pv:1:1: expected P(..), V(..), 1 or '(', found end of file");
    parse_error("err-two", "resource a; P(a).V(a) | 2",
                "t.pv:1:25: expected 1 (the empty process), found '2'");
    parse_error("err-late-decl", "resource a; 1 | resource b;",
                "t.pv:1:17: declarations must come before the program");
    parse_error("err-unclosed", "resource a;\n(P(a).V(a) P(a)",
                "t.pv:2:12: expected ')' to close the '(' at 2:1, found 'P'");
    char err[256];
    rv_pv_prog *p = rv_pv_parse("t.pv",
                                "# comment\nresource a, s : 2; // more\n/* x */ P(a).(V(a).P(a) + "
                                "1)*.V(a) | (P(s).V(s))*.1",
                                err, sizeof err);
    bool ok = p && p->nres == 2 && p->cap[0] == 1 && p->cap[1] == 2 && p->nthreads == 2;
    CHECK("parse-ok", ok, "%s", p ? "wrong shape" : err);
    if (p) {
        char *s1 = rv_pv_str(p, p->thread[0]);
        rv_pv_prog *q =
            rv_pv_parse("u.pv", "resource a, s : 2; P(a).(V(a).P(a) + 1)*.V(a)", err, sizeof err);
        char *s2 = q ? rv_pv_str(q, q->thread[0]) : NULL;
        CHECK("print-roundtrip", s2 && !strcmp(s1, s2) && !strcmp(s1, "P(a).(V(a).P(a) + 1)*.V(a)"),
              "%s vs %s", s1, s2 ? s2 : "-");
        free(s1);
        free(s2);
        rv_pv_free(q);
    }
    rv_pv_free(p);
    rv_backend *b = rv_pv_open("/nonexistent/x.pv", NULL, err, sizeof err);
    CHECK("open-missing", !b && strstr(err, "/nonexistent/x.pv"), "%s", err);
}

static rv_backend *open_text(const char *text, const rv_limits *lim)
{
    char err[256];
    rv_backend *b = rv_pv_open_string("t.pv", text, lim, err, sizeof err);
    if (!b) printf("# %s\n", err);
    return b;
}

static void test_backend(void)
{
    rv_trace t, u;
    rv_trace_init(&t);
    rv_trace_init(&u);
    rv_backend *b = open_text("resource a;\nP(a).V(a) | P(a).V(a)", NULL);
    rv_execute(b, NULL, 0, RV_POLICY_FIRST, &t);
    /* t0: P (both enabled), V (t1 blocked), EXIT; then t1 */
    static const uint8_t kinds[] = {RV_ACT_SEM_WAIT, RV_ACT_SEM_POST, RV_ACT_EXIT,
                                    RV_ACT_SEM_WAIT, RV_ACT_SEM_POST, RV_ACT_EXIT};
    static const uint64_t en[] = {3, 1, 3, 2, 2, 2};
    static const uint16_t tids[] = {0, 0, 0, 1, 1, 1};
    bool ok = t.end == RV_END_COMPLETE && t.n == 6 && t.nthreads == 2;
    for (size_t i = 0; ok && i < 6; i++)
        ok = t.ev[i].act.kind == kinds[i] && t.ev[i].enabled == en[i] &&
             t.ev[i].act.tid == tids[i] && (kinds[i] == RV_ACT_EXIT || t.ev[i].act.obj == 1) &&
             t.ev[i].pc != 0;
    ok = ok && t.threads[0].state == RV_T_FINISHED && t.threads[1].parent == RV_NO_THREAD;
    CHECK("backend-first", ok, "end %d, %zu events", t.end, t.n);
    const char *loc = b->ops->location(b, t.ev[4].pc);
    CHECK("backend-location", loc && !strcmp(loc, "t.pv:2:18"), "%s", loc ? loc : "NULL");
    const char *on = b->ops->object_name(b, 1);
    CHECK("backend-object-name", on && !strcmp(on, "a") && !b->ops->object_name(b, 2), "%s",
          on ? on : "NULL");
    rv_step bad[] = {{.tid = 0}, {.tid = 1}};
    rv_execute(b, bad, 2, RV_POLICY_FIRST, &t);
    CHECK("backend-diverged", t.end == RV_END_DIVERGED && t.n == 1, "end %d", t.end);
    rv_step badval[] = {{.tid = 0, .val = 1}};
    rv_execute(b, badval, 1, RV_POLICY_FIRST, &t);
    CHECK("backend-diverged-value", t.end == RV_END_DIVERGED && t.n == 0, "end %d", t.end);
    rv_step stop[] = {{.tid = 1}};
    rv_execute(b, stop, 1, RV_POLICY_STOP, &t);
    ok = t.end == RV_END_PREFIX && t.n == 1 && t.threads[0].state == RV_T_LIVE &&
         !t.threads[0].enabled && t.threads[0].pending.kind == RV_ACT_SEM_WAIT &&
         t.threads[0].holder == 1 && t.threads[1].enabled;
    CHECK("backend-stop-pending", ok, "end %d", t.end);
    b->ops->destroy(b);

    /* Swiss flag: 0 takes a, 1 takes b -> deadlock */
    b = open_text("resource a, b; P(a).P(b).V(b).V(a) | P(b).P(a).V(a).V(b)", NULL);
    rv_step sw[] = {{.tid = 0}, {.tid = 1}};
    rv_execute(b, sw, 2, RV_POLICY_FIRST, &t);
    ok = t.end == RV_END_DEADLOCK && t.n == 2 && t.threads[0].pending.obj == 2 &&
         t.threads[0].holder == 1 && t.threads[1].pending.obj == 1 && t.threads[1].holder == 0 &&
         !t.threads[0].enabled;
    CHECK("backend-deadlock", ok, "end %d, %zu events", t.end, t.n);
    b->ops->destroy(b);

    /* loops: 0 leaves, 1 iterates; event limit; STAY policy; fingerprints */
    rv_limits lim = {.max_events = 3, .fingerprints = true};
    b = open_text("resource a; (P(a).V(a))* | 1", &lim);
    rv_execute(b, NULL, 0, RV_POLICY_FIRST, &t);
    ok = t.end == RV_END_COMPLETE && t.n == 3 && t.ev[0].act.kind == RV_ACT_NONDET &&
         t.ev[0].act.ndom == 2 && t.ev[1].act.kind == RV_ACT_EXIT;
    CHECK("backend-loop-leave", ok, "end %d, %zu events", t.end, t.n);
    rv_step it[] = {{.tid = 0, .val = 1}};
    rv_execute(b, it, 1, RV_POLICY_FIRST, &t);
    CHECK("backend-event-limit",
          t.end == RV_END_EVENT_LIMIT && t.n == 3 && t.ev[2].act.kind == RV_ACT_SEM_POST,
          "end %d, %zu", t.end, t.n);
    rv_execute(b, it, 1, RV_POLICY_FIRST, &u);
    ok = t.n == u.n && !memcmp(t.ev, u.ev, t.n * sizeof *t.ev) && t.ev[0].fp_lo != 0;
    CHECK("backend-deterministic", ok, "runs differ");
    rv_step it2[] = {{.tid = 0, .val = 1}, {.tid = 0}, {.tid = 0}, {.tid = 0, .val = 1}};
    b->limits.max_events = 0;
    rv_execute(b, it2, 4, RV_POLICY_STAY, &u);
    /* the loop head is at the same position after one iteration */
    ok = u.end == RV_END_COMPLETE && u.n == 9 && u.ev[2].fp_lo == u.ev[5].fp_lo &&
         u.ev[2].fp_hi == u.ev[5].fp_hi && u.ev[0].fp_lo != u.ev[1].fp_lo;
    CHECK("backend-fingerprints", ok, "end %d, %zu events", u.end, u.n);
    b->ops->destroy(b);

    /* capacity 2: two P(s) enabled together, the third blocks */
    b = open_text("resource s : 2; P(s).V(s) | P(s).V(s) | P(s).V(s)", NULL);
    rv_step cap[] = {{.tid = 0}, {.tid = 1}};
    rv_execute(b, cap, 2, RV_POLICY_STOP, &t);
    ok = t.ev[1].enabled == 7 && !t.threads[2].enabled && t.threads[0].enabled &&
         t.ev[0].act.obj2 == 3;
    CHECK("backend-capacity", ok, "enabled %llx", (unsigned long long)t.ev[1].enabled);
    b->ops->destroy(b);
    rv_trace_free(&t);
    rv_trace_free(&u);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_errors();
    test_backend();
    return failures ? 1 : 0;
}
