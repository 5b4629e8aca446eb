/*
 * test_reasons.c — the list of reasons an exploration is not exhaustive
 * (rv_explore_incomplete, explore.c).  Issue 28 part 8: a reason cut at
 * the end of the buffer named the wrong limit ("... (non-terminating?
 * raise --ma").  A reason is in the list whole or not at all; when one
 * does not fit, the list ends with "; and more"; repeats are not added.
 */
#include <stdio.h>
#include <string.h>

#include "explorers/explorer.h"

static int bad;
static char why[512];

static void fail(const char *what)
{
    if (!bad++) snprintf(why, sizeof why, "%s", what);
}

/* Every "; also: "-separated part of s is one of the n reasons given,
 * the last one possibly followed by "; and more". */
static void check_whole(const char *s, char reasons[][160], int n)
{
    char buf[sizeof((rv_stats *)0)->incomplete_why];
    snprintf(buf, sizeof buf, "%s", s);
    char *more = strstr(buf, "; and more");
    if (more) {
        if (strcmp(more, "; and more")) fail("'; and more' is not at the end");
        *more = 0;
    }
    for (char *p = buf; p;) {
        char *next = strstr(p, "; also: ");
        if (next) *next = 0;
        int found = 0;
        for (int i = 0; i < n; i++) found |= !strcmp(p, reasons[i]);
        if (!found) {
            char m[400];
            snprintf(m, sizeof m, "a part of the list is no reason given whole: '%.300s'", p);
            fail(m);
        }
        p = next ? next + strlen("; also: ") : NULL;
    }
}

int main(void)
{
    static rv_explore x;
    char reasons[40][160];
    const size_t cap = sizeof x.stats.incomplete_why;
    int n = 0;
    /* more reasons than fit, each ending with the option to raise */
    for (size_t used = 0; used < 2 * cap; n++) {
        snprintf(reasons[n], sizeof reasons[n],
                 "thread %d: execution exceeded %d events (non-terminating? raise --max-events)", n,
                 1000 + n);
        used += strlen(reasons[n]) + 8;
    }
    for (int i = 0; i < n; i++) rv_explore_incomplete(&x, reasons[i]);
    rv_explore_incomplete(&x, reasons[0]); /* a repeat changes nothing */
    const char *s = x.stats.incomplete_why;
    if (x.stats.exhaustive) fail("exhaustive after a reason");
    if (strncmp(s, reasons[0], strlen(reasons[0]))) fail("the first reason is not first");
    if (!strstr(s, "; also: ")) fail("no second reason");
    size_t len = strlen(s);
    if (len < 10 || strcmp(s + len - 10, "; and more"))
        fail("the full list does not end with '; and more'");
    if (len >= cap) fail("the list does not fit its buffer");
    check_whole(s, reasons, n);
    /* a single reason longer than the buffer is marked cut */
    static rv_explore y;
    char longer[2 * sizeof y.stats.incomplete_why];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    rv_explore_incomplete(&y, longer);
    len = strlen(y.stats.incomplete_why);
    if (len != cap - 1 || strcmp(y.stats.incomplete_why + len - 3, "..."))
        fail("a reason longer than the buffer is not marked cut ('...')");
    if (bad)
        printf("FAIL unit/reasons: %s [list: %.300s...]\n", why, s);
    else
        printf("PASS unit/reasons\n");
    return bad != 0;
}
