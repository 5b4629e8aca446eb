/* progress.c — the progress line of `ravel check` on stderr: executions,
 * their rate, events and elapsed time, redrawn at most PROGRESS_HZ times
 * a second, also while one long execution runs (with its events so far)
 * or while the explorer works on one (the line is drawn from stop.h's
 * tick, which every long loop reaches).  On a terminal it is one line rewritten in place and erased
 * before the report; when forced (--progress) onto something else, each
 * update is a line of its own.  It never goes to stdout, so --json output
 * stays clean. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <unistd.h>

#define PROGRESS_HZ 4

typedef struct progress {
    bool tty;   /* stderr is a terminal: redraw in place */
    bool drawn; /* a line is on the terminal */
} progress;

static void draw(const rv_explore *x, double elapsed, void *arg)
{
    progress *p = arg;
    const rv_stats *s = &x->stats;
    uint64_t runs = s->executions + s->blocked + s->infeasible + s->incomplete;
    double rate = elapsed > 0 ? (double)runs / elapsed : 0;
    const volatile uint64_t *running = x->backend ? x->backend->running_events : NULL;
    char now[64] = "";
    if (running) snprintf(now, sizeof now, "; executing: %" PRIu64 " events", *running);
    fprintf(stderr, "%sravel: %" PRIu64 " executions (%.0f/s), %" PRIu64 " events, %.1f s%s%s",
            p->tty ? "\r" : "", runs, rate, s->events, elapsed, now, p->tty ? "\033[K" : "\n");
    fflush(stderr);
    p->drawn = p->tty;
}

void rv_progress_attach(rv_explore *x, const rv_cli_opts *o)
{
    bool tty = isatty(2) == 1;
    bool on = o->progress == 1 || (o->progress == -1 && tty && !o->quiet);
    if (!on) return;
    progress *p = calloc(1, sizeof *p);
    if (!p) return;
    p->tty = tty;
    x->progress = draw;
    x->progress_arg = p;
    x->progress_every = 1.0 / PROGRESS_HZ;
}

void rv_progress_finish(rv_explore *x)
{
    progress *p = x->progress_arg;
    if (!x->progress || !p) return;
    if (p->drawn) fputs("\r\033[K", stderr);
    fflush(stderr);
    free(p);
    x->progress = NULL;
    x->progress_arg = NULL;
}
