/*
 * estimate.c — the report of `ravel check --estimate[=N]`
 * (src/explorers/estimate.h): the estimated number of executions and time,
 * each with a 95% confidence interval.
 *
 * The interval is the normal approximation mean ± 1.96·s/√N over the N
 * path weights (s: their sample standard deviation).  Knuth's weights are
 * heavy-tailed on unbalanced trees, so the interval is a guide, not a
 * guarantee: the report says how many paths it rests on.  Its lower end is
 * never below what one path proves (one execution when any was seen).
 * Exit code: 0 after an estimate (it verifies nothing, and says so), 3 if
 * it was stopped before any path or the program did not repeat itself.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "../explorers/estimate.h"
#include "cli.h"

typedef struct interval {
    double mid, lo, hi;
} interval;

static interval interval_of(double mean, double sd, uint64_t n)
{
    double h = rv_estimate_halfwidth(sd, n);
    interval r = {mean, mean - h, mean + h};
    double floor_ = mean > 0 ? 1 : 0; /* a seen execution is one at least */
    if (r.lo < floor_) r.lo = floor_;
    return r;
}

/* A count: exact below 10^6, else in scientific notation. */
static void put_count(FILE *f, double v)
{
    if (v < 1e6)
        fprintf(f, "%.0f", v);
    else
        fprintf(f, "%.2e", v);
}

static void put_time(FILE *f, double s)
{
    if (s < 120)
        fprintf(f, "%.3g s", s);
    else if (s < 2 * 3600)
        fprintf(f, "%.3g min", s / 60);
    else if (s < 3 * 86400)
        fprintf(f, "%.3g h", s / 3600);
    else
        fprintf(f, "%.3g days", s / 86400);
}

static void human(FILE *f, const rv_cli_opts *o, const rv_explore *x, const rv_estimate *e,
                  double per_run)
{
    interval ex = interval_of(e->execs, e->execs_sd, e->samples);
    interval lv = interval_of(e->leaves, e->leaves_sd, e->samples);
    fprintf(f,
            "estimate: %s --algo=%s (Knuth's estimator, %" PRIu64 " random path%s, seed %" PRIu64
            "; nothing was verified)\n",
            o->pos[0], x->opt->algo, e->samples, e->samples == 1 ? "" : "s", e->seed);
    fprintf(f, "  executions: ~");
    put_count(f, ex.mid);
    fprintf(f, "  (95%% confidence interval ");
    put_count(f, ex.lo);
    fprintf(f, " .. ");
    put_count(f, ex.hi);
    fprintf(f, ", normal approximation)\n");
    fprintf(f, "  time:       ~");
    put_time(f, lv.mid * per_run);
    fprintf(f, "  (");
    put_time(f, lv.lo * per_run);
    fprintf(f, " .. ");
    put_time(f, lv.hi * per_run);
    fprintf(f, ", at %.3g ms per execution, measured over the sample's %" PRIu64 " runs)\n",
            per_run * 1e3, e->runs);
    if (e->samples < 30) fprintf(f, "  note: fewer than 30 paths: the interval is a rough guide\n");
    if (e->error_paths)
        fprintf(f,
                "  note: %" PRIu64 " sampled path%s ended in an error; the exploration stops at "
                "the first error unless --keep-going\n",
                e->error_paths, e->error_paths == 1 ? "" : "s");
    if (e->infeasible_paths)
        fprintf(f, "  note: %" PRIu64 " sampled path%s ended in a failed assume (not counted)\n",
                e->infeasible_paths, e->infeasible_paths == 1 ? "" : "s");
    if (e->limit_paths)
        fprintf(f,
                "  note: %" PRIu64 " sampled path%s hit a limit (--max-events, --timeout, ...)\n",
                e->limit_paths, e->limit_paths == 1 ? "" : "s");
    if (e->stopped)
        fprintf(f,
                "  note: stopped after %" PRIu64 " of %" PRIu64 " paths (time limit or signal)\n",
                e->samples, e->samples_asked);
}

static void json(FILE *f, const rv_cli_opts *o, const rv_explore *x, const rv_estimate *e,
                 double per_run)
{
    interval ex = interval_of(e->execs, e->execs_sd, e->samples);
    interval lv = interval_of(e->leaves, e->leaves_sd, e->samples);
    fprintf(f, "{\"program\": ");
    rv_json_str(f, o->pos[0]);
    fprintf(f, ", \"algo\": ");
    rv_json_str(f, x->opt->algo);
    fprintf(f,
            ", \"estimate\": {\"method\": \"knuth\", \"paths\": %" PRIu64
            ", \"paths_asked\": %" PRIu64 ", \"seed\": %" PRIu64 ", \"runs\": %" PRIu64
            ", \"confidence\": 0.95"
            ", \"executions\": %.17g, \"executions_lo\": %.17g, \"executions_hi\": %.17g"
            ", \"leaves\": %.17g, \"seconds_per_execution\": %.6g"
            ", \"time_s\": %.6g, \"time_s_lo\": %.6g, \"time_s_hi\": %.6g"
            ", \"error_paths\": %" PRIu64 ", \"infeasible_paths\": %" PRIu64
            ", \"limit_paths\": %" PRIu64 ", \"stopped\": %s}}\n",
            e->samples, e->samples_asked, e->seed, e->runs, ex.mid, ex.lo, ex.hi, lv.mid, per_run,
            lv.mid * per_run, lv.lo * per_run, lv.hi * per_run, e->error_paths, e->infeasible_paths,
            e->limit_paths, e->stopped ? "true" : "false");
}

int rv_cli_estimate(const rv_cli_opts *o, rv_explore *x)
{
    rv_estimate e;
    rv_estimate_run(x, o->estimate, o->seed_given ? o->seed : 1, &e);
    if (e.failed) {
        fprintf(stderr, "ravel check: --estimate: %s\n", e.why);
        return RV_EXIT_INCOMPLETE;
    }
    if (!e.samples) {
        fprintf(stderr, "ravel check: --estimate: stopped before the first path\n");
        return RV_EXIT_INCOMPLETE;
    }
    double per_run = e.runs ? e.run_s / (double)e.runs : 0;
    if (o->json)
        json(stdout, o, x, &e, per_run);
    else
        human(stdout, o, x, &e, per_run);
    return RV_EXIT_OK;
}
