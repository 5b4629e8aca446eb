/*
 * cli.c — `ravel spaces` (see spaces.h): parse a PV program, enumerate the
 * branch combinations of its choices (seed 003 §2.1: "programs with choice
 * can be handled by computing the trace spaces on each branch"), and count
 * schedulings per combination; or build the scheduling automaton (§3).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "spaces.h"

#define MAX_PATHS_PER_PROCESS 100000L

typedef struct opts {
    bool count, automaton, full, json;
    double timeout;
    const char *file;
} opts;

static void usage(FILE *f)
{
    fputs("usage: ravel spaces [--count] [--automaton [--full]] [--json] [--timeout S] prog.pv\n"
          "  schedulings (dihomotopy classes of total executions) of a PV program, with one\n"
          "  representative interleaving each (seed 003 §2); --automaton prints the reduced\n"
          "  scheduling automaton of p0* | ... | pn* as DOT (§3), --full the unreduced one.\n",
          f);
}

static int parse_args(int argc, char **argv, opts *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--count"))
            o->count = true;
        else if (!strcmp(a, "--automaton"))
            o->automaton = true;
        else if (!strcmp(a, "--full"))
            o->full = true;
        else if (!strcmp(a, "--json"))
            o->json = true;
        else if (!strcmp(a, "--timeout") || !strncmp(a, "--timeout=", 10)) {
            const char *v = a[9] == '=' ? a + 10 : (i + 1 < argc ? argv[++i] : NULL);
            char *end;
            if (!v || (o->timeout = strtod(v, &end)) < 0 || *end) {
                fprintf(stderr, "ravel spaces: --timeout needs a number of seconds\n");
                return 2;
            }
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 1;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "ravel spaces: unknown option %s\n", a);
            usage(stderr);
            return 2;
        } else if (o->file) {
            fprintf(stderr, "ravel spaces: one program at a time\n");
            return 2;
        } else {
            o->file = a;
        }
    }
    if (!o->file) {
        usage(stderr);
        return 2;
    }
    return 0;
}

static void print_summary(const opts *o, const rv_sp_result *tot, uint64_t combos, double t0,
                          bool limit)
{
    if (o->json) {
        printf("{\"schedulings\": %llu, \"dead_matrices\": %llu, \"alive_matrices\": %llu, "
               "\"branch_combinations\": %llu, \"complete\": %s, \"time_s\": %.3f, "
               "\"peak_rss_mb\": %.1f}\n",
               (unsigned long long)tot->schedulings, (unsigned long long)tot->dead,
               (unsigned long long)tot->alive, (unsigned long long)combos, limit ? "false" : "true",
               rv_now() - t0, rv_peak_rss_mb());
        return;
    }
    printf("%s%llu schedulings (%llu minimal dead matrices, %llu maximal alive matrices, %llu "
           "branch combination%s, %.3f s)\n",
           limit ? "limit hit: at least " : "", (unsigned long long)tot->schedulings,
           (unsigned long long)tot->dead, (unsigned long long)tot->alive,
           (unsigned long long)combos, combos == 1 ? "" : "s", rv_now() - t0);
}

/* The interleaving `rep` of processes' ops, e.g. "0:P(a) 1:P(b) 0:V(a)". */
static void print_rep(const rv_pv_prog *p, const rv_pv_path *const *proc, const int *rep, int len)
{
    int *pos = rv_xcalloc((size_t)p->nthreads, sizeof *pos);
    for (int s = 0; s < len; s++) {
        int t = rep[s];
        const rv_pv_op *op = &proc[t]->op[pos[t]++];
        printf("%s%d:%c(%s)", s ? " " : "", t, op->is_p ? 'P' : 'V', p->res_name[op->res]);
    }
    if (len == 0) printf("(empty)");
    putchar('\n');
    free(pos);
}

static void print_choices(const rv_pv_prog *p, const rv_pv_path *const *proc)
{
    printf("# branches:");
    for (int t = 0; t < p->nthreads; t++) {
        if (!proc[t]->nchoice) continue;
        printf(" %d:", t);
        for (int c = 0; c < proc[t]->nchoice; c++) putchar(proc[t]->choice[c] ? 'R' : 'L');
    }
    putchar('\n');
}

static int run_automaton(const opts *o, rv_pv_prog *p, double deadline, double t0)
{
    int n = p->nthreads;
    for (int t = 0; t < n; t++) {
        const rv_pv_node *b = p->thread[t];
        if (b->kind != RV_PV_STAR || rv_pv_has_star(b->a) || rv_pv_has_alt(b->a)) {
            fprintf(stderr,
                    "%s:%d:%d: --automaton needs every process to be a loop q* with q "
                    "free of loops and choices (seed 003 §3.1)\n",
                    p->file, b->line, b->col);
            return 2;
        }
    }
    rv_pv_path **body = rv_xcalloc((size_t)n, sizeof *body);
    for (int t = 0; t < n; t++) rv_pv_paths(p->thread[t]->a, 1, &body[t]);
    rv_sp_automaton a;
    char msg[256];
    int rc = rv_sp_automaton_build(n, (const rv_pv_path *const *)body, p->nres, p->cap, deadline,
                                   &a, msg, sizeof msg);
    int ret = 0;
    if (rc == -2) {
        fprintf(stderr, "%s: %s\n", p->file, msg);
        ret = 2;
    } else if (rc == -1) {
        fprintf(stderr, "%s: time limit hit\n", p->file);
        ret = 3;
    } else if (o->json) {
        printf("{\"vertices\": %zu, \"edges\": %zu, \"reduced_vertices\": %zu, "
               "\"reduced_edges\": %zu, \"time_s\": %.3f, \"peak_rss_mb\": %.1f}\n",
               a.vert.count, a.nedges, a.nreduced, a.nredges, rv_now() - t0, rv_peak_rss_mb());
    } else {
        rv_sp_automaton_dot(&a, n, !o->full, stdout);
    }
    rv_sp_automaton_free(&a);
    for (int t = 0; t < n; t++) rv_pv_paths_free(body[t], 1);
    free(body);
    return ret;
}

/* The paths of every process (choices enumerated); 0, 2 (a loop) or 3. */
static int load_paths(const rv_pv_prog *p, rv_pv_path **paths, long *np)
{
    for (int t = 0; t < p->nthreads; t++)
        if (rv_pv_has_star(p->thread[t])) {
            fprintf(stderr,
                    "%s:%d:%d: process %d has a loop: use --automaton for p0* | ... | pn* "
                    "(seed 003 §3)\n",
                    p->file, p->thread[t]->line, p->thread[t]->col, t);
            return 2;
        }
    for (int t = 0; t < p->nthreads; t++) {
        np[t] = rv_pv_paths(p->thread[t], MAX_PATHS_PER_PROCESS, &paths[t]);
        if (np[t] < 0) {
            fprintf(stderr, "%s: process %d has more than %ld branch combinations\n", p->file, t,
                    MAX_PATHS_PER_PROCESS);
            return 3;
        }
    }
    return 0;
}

/* Next branch combination (odometer over the processes' paths). */
static bool next_combination(int n, long *pick, const long *np)
{
    int t = n - 1;
    while (t >= 0 && ++pick[t] == np[t]) pick[t--] = 0;
    return t >= 0;
}

static void print_reps(const rv_pv_prog *p, const rv_pv_path *const *proc, const rv_sp_result *r,
                       uint64_t first, bool branching)
{
    if (branching) print_choices(p, proc);
    for (uint64_t k = 0; k < r->schedulings; k++) {
        printf("scheduling %llu: ", (unsigned long long)(first + k + 1));
        print_rep(p, proc, r->reps[k], r->total_len);
    }
}

/* Sums the schedulings of every branch combination (seed 003 §2.1). */
static int run_schedulings(const opts *o, rv_pv_prog *p, double deadline, double t0)
{
    int n = p->nthreads;
    rv_pv_path **paths = rv_xcalloc((size_t)n + 1, sizeof *paths);
    long *np = rv_xcalloc((size_t)n + 1, sizeof *np);
    long *pick = rv_xcalloc((size_t)n + 1, sizeof *pick);
    const rv_pv_path **proc = rv_xcalloc((size_t)n + 1, sizeof *proc);
    int ret = load_paths(p, paths, np);
    rv_sp_result tot = {0};
    uint64_t combos = 0;
    bool reps = !o->count && !o->json, branching = false;
    for (int t = 0; t < n && !ret; t++) branching |= np[t] > 1;
    for (bool more = ret == 0; more; more = next_combination(n, pick, np)) {
        for (int t = 0; t < n; t++) proc[t] = &paths[t][pick[t]];
        rv_sp_result r;
        int rc = rv_sp_schedulings(n, proc, p->nres, p->cap, reps, deadline, &r);
        combos++;
        if (rc != 0 || r.limit) ret = 3;
        if (r.stuck) {
            fprintf(stderr, "ravel spaces: internal error: no path in an alive matrix\n");
            ret = 1;
        }
        if (reps && !ret) print_reps(p, proc, &r, tot.schedulings, branching);
        tot.dead += r.dead;
        tot.alive += r.alive;
        tot.schedulings += r.schedulings;
        rv_sp_result_free(&r);
        if (ret) break;
    }
    if (ret != 2) print_summary(o, &tot, combos, t0, ret == 3);
    for (int t = 0; t < n; t++) rv_pv_paths_free(paths[t], np[t] < 0 ? 0 : np[t]);
    free(paths);
    free(np);
    free(pick);
    free(proc);
    return ret;
}

int rv_spaces_main(int argc, char **argv)
{
    opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc) return rc == 1 ? 0 : rc;
    double t0 = rv_now();
    double deadline = o.timeout > 0 ? t0 + o.timeout : 0;
    char err[512];
    rv_pv_prog *p = rv_pv_parse_file(o.file, err, sizeof err);
    if (!p) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    rc = o.automaton ? run_automaton(&o, p, deadline, t0) : run_schedulings(&o, p, deadline, t0);
    rv_pv_free(p);
    return rc;
}
