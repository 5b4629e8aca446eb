/* check.c — `ravel check`: building or loading the program, exploring,
 * writing schedule files, reporting. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../backends/native/compile.h"
#include "../backends/native/native.h"
#include "../backends/pv/pv.h"
#include "../core/stop.h"
#include "../core/util.h"
#include "../explorers/estimate.h"
#include "../explorers/jobs.h"
#include "../explorers/ranks.h"
#include "../unfolding/unfolding.h"
#include "explain.h"

/* ---- the program -------------------------------------------------------------- */

static bool has_ext(const char *f, const char *ext)
{
    size_t n = strlen(f), m = strlen(ext);
    return n > m && !strcmp(f + n - m, ext);
}

/* Check the positional files: one .pv, or .c sources.  Sets *pv. */
static int classify_files(const char *cmd, char **files, size_t n, bool *pv)
{
    size_t npv = 0;
    for (size_t i = 0; i < n; i++) {
        if (has_ext(files[i], ".pv"))
            npv++;
        else if (!has_ext(files[i], ".c") && !has_ext(files[i], ".i") &&
                 !rv_compile_is_cxx(files[i])) {
            fprintf(stderr,
                    "ravel %s: %s: expected a C source (.c), a C++ source (.cpp, .cc, .cxx) or a "
                    "PV program (.pv)\n",
                    cmd, files[i]);
            return -1;
        }
    }
    if (npv && n > 1) {
        fprintf(stderr, "ravel %s: a PV program is checked on its own\n", cmd);
        return -1;
    }
    *pv = npv == 1;
    return 0;
}

double rv_cli_build_s;
bool rv_cli_build_cached;

rv_backend *rv_cli_open_program(const char *cmd, const rv_cli_opts *o, char **files, size_t nfiles,
                                const rv_thread_end *registry, unsigned nreg)
{
    bool pv;
    if (classify_files(cmd, files, nfiles, &pv) < 0) return NULL;
    char err[1024] = "";
    rv_backend *b;
    if (pv) {
        b = rv_pv_open(files[0], &o->lim, err, sizeof err);
        if (!b) fprintf(stderr, "%s\n", err);
        return b;
    }
    /* a property makes abort() and friends steps of their own (runtime/verifier.c) */
    if (o->property > RV_PROP_ALL)
        setenv("RAVEL_FATAL_STEPS", "1", 1);
    else
        unsetenv("RAVEL_FATAL_STEPS");
    rv_compile_opts co = {
        .sources = (const char *const *)files,
        .nsources = nfiles,
        .flags = (const char *const *)o->cflags,
        .nflags = o->ncflags,
        .cc = o->cc,
        .no_cache = o->no_cache,
    };
    rv_build bd;
    double t0 = rv_now();
    int rc = rv_compile(&co, &bd);
    rv_cli_build_s = rv_now() - t0;
    rv_cli_build_cached = rc == 0 && bd.cached;
    if (rc != 0 && rv_stop_requested()) { /* the build was stopped: the caller reports it */
        rv_build_free(&bd);
        return NULL;
    }
    if (rc != 0) {
        rv_diag_show(stderr, bd.diag, o, cmd, files[0], true);
        if (rc > 0)
            fprintf(stderr, "ravel %s: %s does not compile\n", cmd, files[0]);
        else
            fprintf(stderr, "ravel %s: could not build %s\n", cmd, files[0]);
        rv_build_free(&bd);
        return NULL;
    }
    if (!o->quiet) rv_diag_show(stderr, bd.diag, o, cmd, files[0], false); /* warnings */
    b = rv_native_open(bd.binary, &o->lim, registry, nreg, err, sizeof err);
    if (!b) fprintf(stderr, "ravel %s: cannot run %s: %s\n", cmd, files[0], err);
    rv_build_free(&bd);
    return b;
}

/* ---- schedule files --------------------------------------------------------------- */

static char *file_stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char *s = rv_xstrdup(base);
    char *dot = strrchr(s, '.');
    if (dot && dot != s) *dot = 0;
    return s;
}

static char *join_quoted(char *const *w, size_t n)
{
    size_t cap = 1, len = 0;
    char *out = rv_xmalloc(cap);
    out[0] = 0;
    for (size_t i = 0; i < n; i++) {
        char *q = rv_shell_quote(w[i]);
        size_t k = strlen(q);
        out = rv_xrealloc(out, cap = len + k + 2);
        if (len) out[len++] = ' ';
        memcpy(out + len, q, k + 1);
        len += k;
        free(q);
    }
    return out;
}

/* The command that replays schedule file `path`. */
static char *replay_command(const rv_cli_opts *o, const char *path)
{
    char *prog = join_quoted(o->pos, o->npos);
    char *p = rv_shell_quote(path);
    char *self = rv_shell_quote(rv_cli_argv0);
    char *cc = o->cc ? rv_shell_quote(o->cc) : NULL;
    char *flags = join_quoted(o->cflags, o->ncflags);
    char *opt = cc ? rv_xasprintf("--cc=%s ", cc) : rv_xstrdup("");
    char *full =
        rv_xasprintf("%s replay %s%s %s%s%s", self, opt, prog, p, o->ncflags ? " -- " : "", flags);
    free(opt);
    free(prog), free(p), free(self), free(cc), free(flags);
    return full;
}

static int mkdir_p(const char *dir)
{
    char *p = rv_xstrdup(dir);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        mkdir(p, 0777);
        *s = '/';
    }
    int r = mkdir(p, 0777);
    free(p);
    return r == 0 || errno == EEXIST ? 0 : -1;
}

/* Write error i's schedule file; returns its path or NULL (warned). */
static char *write_schedule(const rv_cli_opts *o, const rv_explore *x, size_t i, char **cmd_out)
{
    const rv_error *e = &x->errors[i];
    size_t number =
        rv_report_number(x, o->property < 0 ? RV_PROP_ALL : (rv_property)o->property, i);
    if (mkdir_p(o->out_dir) < 0) {
        fprintf(stderr, "ravel: cannot create %s: %s\n", o->out_dir, strerror(errno));
        return NULL;
    }
    char *stem = file_stem(o->pos[0]);
    char *path = rv_xasprintf("%s/%s-%s-%zu.schedule", o->out_dir, stem,
                              e->livelock ? "livelock" : rv_end_name(e->kind), number);
    free(stem);
    rv_schedfile sf = {
        .program = o->pos,
        .nprogram = o->npos,
        .cflags = o->cflags,
        .ncflags = o->ncflags,
        .steps = e->schedule,
        .nsteps = e->nsched,
        .livelock = e->livelock,
    };
    sf.options = rv_cli_replay_options(o, &sf.noptions);
    if (e->trace) {
        sf.nthreads = e->trace->nthreads;
        for (unsigned t = 0; t < sf.nthreads; t++) {
            sf.parent[t] = e->trace->threads[t].parent;
            sf.index[t] = e->trace->threads[t].index;
        }
    }
    *cmd_out = replay_command(o, path);
    char err[512];
    int rc = rv_schedfile_write(path, &sf, *cmd_out, err, sizeof err);
    for (size_t k = 0; k < sf.noptions; k++) free(sf.options[k]);
    free(sf.options);
    if (rc < 0) {
        fprintf(stderr, "ravel: %s\n", err);
        free(path);
        free(*cmd_out);
        *cmd_out = NULL;
        return NULL;
    }
    return path;
}

/* ---- violation witnesses (witness.c) -------------------------------------------------- */

/* FILE.graphml -> FILE.yml; anything else gets ".yml" appended (heap). */
static char *yaml_path_for(const char *graphml)
{
    size_t n = strlen(graphml);
    if (n > 8 && !strcmp(graphml + n - 8, ".graphml"))
        return rv_xasprintf("%.*s.yml", (int)(n - 8), graphml);
    return rv_xasprintf("%s.yml", graphml);
}

/* Under an SV-COMP property with verdict FALSE: the witnesses of the first
 * violation, GraphML at --witness or next to its schedule file (".graphml"
 * for ".schedule"), format 2.0 beside it when it fits.  Under `all` none:
 * no SV-COMP specification says "any error". */
static void write_witnesses(const rv_cli_opts *o, const rv_task *task, rv_backend *b, rv_report *r,
                            char **graphml, char **yaml)
{
    *graphml = *yaml = NULL;
    if (!r->property_given || r->property == RV_PROP_ALL || r->model_why) return;
    size_t i = 0;
    while (i < r->x->nerrors && !rv_property_violated_by(r->property, &r->x->errors[i])) i++;
    if (i == r->x->nerrors || !r->x->errors[i].trace) return;
    const char *sched = r->schedule_files[i];
    if (o->witness)
        *graphml = rv_xstrdup(o->witness);
    else if (sched && strlen(sched) > 9 && !strcmp(sched + strlen(sched) - 9, ".schedule"))
        *graphml = rv_xasprintf("%.*s.graphml", (int)(strlen(sched) - 9), sched);
    else
        return; /* no schedule file: its warning was printed */
    rv_witness w = {
        .program = o->pos[0],
        .prp_file = task ? task->property_file : NULL,
        .property = r->property,
        .backend = b,
        .error = &r->x->errors[i],
    };
    char err[512];
    if (rv_witness_graphml(*graphml, &w, err, sizeof err) < 0) {
        fprintf(stderr, "ravel: witness: %s\n", err);
        free(*graphml);
        *graphml = NULL;
        return;
    }
    *yaml = yaml_path_for(*graphml);
    int rc = rv_witness_yaml(*yaml, &w, err, sizeof err);
    if (rc < 0) fprintf(stderr, "ravel: witness: %s\n", err);
    if (rc != 0) {
        free(*yaml);
        *yaml = NULL;
    }
}

/* ---- ravel check ---------------------------------------------------------------------- */

static bool is_task_file(const char *f)
{
    return has_ext(f, ".yml") || has_ext(f, ".yaml");
}

/* `ravel check task.yml`: the task's input files become the program, its
 * property the --property (unless given), its data model is honoured as
 * far as ravel can (data_model_of). */
static int setup_task(rv_cli_opts *o, rv_task *t)
{
    if (rv_task_read(o->pos[0], o->property, t) < 0) return -1;
    if (o->property < 0) o->property = t->property;
    t->task_file = o->pos[0];
    free(o->pos);
    o->pos = rv_xcalloc(t->ninputs, sizeof *o->pos);
    for (size_t i = 0; i < t->ninputs; i++) o->pos[i] = t->inputs[i];
    o->npos = t->ninputs;
    return 0;
}

/* The data model asked for: --data-model, else the task's.  ravel's
 * runtime is x86-64 only, so an ILP32 program is compiled and run as LP64;
 * its verdict stands only if rv_data_model_check finds nothing in its code
 * that behaves differently under the two models, else it is UNKNOWN
 * (why in model_why).  --data-model=LP64 asks for LP64 semantics: no check. */
static const char *data_model_of(const rv_cli_opts *o, const rv_task *t, char *model_why,
                                 size_t cap, const char **why)
{
    const char *dm = o->data_model ? o->data_model : t->data_model;
    *why = NULL;
    if (!dm || strcmp(dm, "ILP32")) return dm;
    if (rv_data_model_check(o->pos, o->npos, o->cflags, o->ncflags, model_why, cap) != 0)
        *why = model_why;
    return dm;
}

/* --property: the explorer's classification; no-data-race is checked in
 * memory mode drf (synchronisation interleaved, races detected). */
static void setup_property(rv_cli_opts *o)
{
    if (o->property <= RV_PROP_ALL) return;
    o->opt.classify = rv_property_classify;
    o->opt.property = o->property;
    if (o->property == RV_PROP_NO_DATA_RACE) {
        o->opt.memory = RV_MEM_DRF;
        o->lim.drf = true;
    }
}

/* --jobs: a worker's own program process, from the binary the checked
 * backend runs (native) or the PV file (jobs.h). */
typedef struct reopen_ctx {
    const rv_cli_opts *o;
    rv_backend *b;
} reopen_ctx;

static rv_backend *reopen_program(void *arg, const rv_limits *lim, char *err, size_t cap)
{
    const reopen_ctx *r = arg;
    const char *bin = r->b->ops->binary ? r->b->ops->binary(r->b) : NULL;
    if (bin) return rv_native_open(bin, lim, NULL, 0, err, cap);
    return rv_pv_open(r->o->pos[0], lim, err, cap);
}

static int explore_jobs(const rv_cli_opts *o, rv_explore *x, rv_jobs *jobs)
{
    reopen_ctx r = {o, x->backend};
    return rv_jobs_run(x, o->jobs, reopen_program, &r, jobs);
}

/* --mpi: what it cannot run is refused on every rank alike (exit 2)
 * before MPI starts; then this rank and the number of ranks.  A rank
 * other than 0 says nothing but its errors (rank 0 reports). */
static int start_mpi(rv_cli_opts *o, unsigned *rank, unsigned *ranks)
{
    char err[256] = "";
    const char *no = NULL;
    if (!rv_mpi_built())
        no = "--mpi: this ravel was built without MPI (install Open MPI's libopenmpi-dev and "
             "rebuild: make)";
    else if (o->jobs > 1)
        no = "--mpi runs one worker per MPI rank: it does not take --jobs";
    else if (o->estimate)
        no = "--mpi applies to an exploration, not to --estimate";
    else
        no = rv_jobs_refusal(&o->opt, "--mpi");
    if (!no && rv_mpi_init(rank, ranks, err, sizeof err) < 0) no = err;
    if (no) {
        fprintf(stderr, "ravel check: %s\n", no);
        return RV_EXIT_USAGE;
    }
    if (*rank > 0) o->quiet = true;
    return 0;
}

/* --mpi, rank r > 0: serve rank 0's coordinator with this rank's worker. */
static int serve_rank(const rv_cli_opts *o, rv_explore *x)
{
    reopen_ctx r = {o, x->backend};
    return rv_mpi_serve(x, reopen_program, &r) < 0 ? RV_EXIT_INCOMPLETE : RV_EXIT_OK;
}

static int explore_ranks(const rv_cli_opts *o, rv_explore *x, rv_jobs *jobs)
{
    reopen_ctx r = {o, x->backend};
    return rv_mpi_coordinate(x, reopen_program, &r, jobs);
}

static const char *default_algo(void)
{
    return rv_algo_lookup("udpor") ? "udpor" : "dfs";
}

/* Did an execution end at the thread bound `cap` an algorithm imposes? */
static bool thread_cap_hit(const rv_explore *x, unsigned cap)
{
    char what[64];
    snprintf(what, sizeof what, "more than %u threads (--max-threads)", cap);
    return strstr(x->stats.incomplete_why, what) != NULL;
}

/* ---- ravel's own memory ------------------------------------------------------------------ */

/* What rv_cli_check reports on; also the handler's view when ravel runs out of memory. */
typedef struct check_run {
    rv_cli_opts *o;
    rv_task *task;
    bool is_task;
    rv_backend *b;
    rv_explore *x;
    double t0; /* the exploration's start ("time") */
    const char *data_model, *model_why;
} check_run;

static void fill_report(rv_report *r, const check_run *c)
{
    rv_explore *x = c->x;
    *r = (rv_report){
        .program = c->is_task ? c->task->task_file : c->o->pos[0],
        .algo = c->o->opt.algo,
        .udpor = !strcmp(c->o->opt.algo, "udpor"),
        .count_traces = c->o->opt.count_traces,
        .time_s = rv_now() - c->t0,
        .build_s = rv_cli_build_s,
        .build_cached = rv_cli_build_cached,
        .x = x,
        .schedule_files = rv_xcalloc(x->nerrors + 1, sizeof(char *)),
        .replay_cmds = rv_xcalloc(x->nerrors + 1, sizeof(char *)),
        .property = c->o->property < 0 ? RV_PROP_ALL : (rv_property)c->o->property,
        .property_given = c->o->property >= 0,
        .task = c->is_task ? c->task : NULL,
        .data_model = c->data_model,
        .model_why = c->model_why,
    };
}

/* One of ravel's own allocations failed (util.h rv_out_of_memory; under
 * `ulimit -v` or a memory-starved machine): the summary of what was
 * explored, in the form asked for (JSON stays one valid object), with the
 * reason, then exit 3 (1 if an error was found).  No schedule files or
 * witnesses: writing them needs memory ravel may not have; each error's
 * schedule is in the summary. */
static void report_oom(size_t n, void *p)
{
    check_run *c = p;
    rv_stats *st = &c->x->stats;
    rv_progress_finish(c->x);
    st->exhaustive = false;
    snprintf(st->incomplete_why, sizeof st->incomplete_why,
             "ravel ran out of memory allocating %zu bytes (the result covers what was explored "
             "before)",
             n);
    rv_report r;
    fill_report(&r, c);
    int code = rv_report_exit_code(&r);
    fflush(stdout);
    if (c->o->json)
        rv_report_json(stdout, &r);
    else
        rv_report_human(stdout, &r);
    fflush(stdout);
    fprintf(stderr, "ravel check: out of memory (allocating %zu bytes)\n", n);
    _exit(code);
}

/* The run was stopped by SIGINT or SIGTERM or by --time-limit (stop.h)
 * before the program could be explored, while it was built or started:
 * the summary (or JSON) of an empty exploration, not exhaustive, exit 3. */
static int report_stopped_build(const rv_cli_opts *o, const rv_task *task, double dt)
{
    rv_explore x;
    memset(&x, 0, sizeof x);
    x.options = o->opt;
    x.opt = &x.options;
    x.stats.time_limited = true;
    x.stats.interrupted = rv_stop_signal();
    if (x.stats.interrupted)
        snprintf(x.stats.incomplete_why, sizeof x.stats.incomplete_why,
                 "interrupted: stopped by %s while the program was built or started",
                 rv_stop_signal_name(x.stats.interrupted));
    else
        snprintf(x.stats.incomplete_why, sizeof x.stats.incomplete_why,
                 "time-limit: stopped after --time-limit=%g s while the program was built or "
                 "started",
                 o->opt.time_limit_s);
    rv_report r = {
        .program = task ? task->task_file : o->pos[0],
        .algo = o->opt.algo,
        .udpor = !strcmp(o->opt.algo, "udpor"),
        .count_traces = o->opt.count_traces,
        .time_s = dt,
        .x = &x,
        .property = o->property < 0 ? RV_PROP_ALL : (rv_property)o->property,
        .property_given = o->property >= 0,
        .task = task,
    };
    if (o->json)
        rv_report_json(stdout, &r);
    else
        rv_report_human(stdout, &r);
    return rv_report_exit_code(&r);
}

int rv_cli_check(int argc, char **argv)
{
    rv_cli_opts o;
    rv_cli_defaults(&o);
    if (rv_cli_parse(argc, argv, "check", &o) < 0) {
        rv_cli_opts_free(&o);
        return RV_EXIT_USAGE;
    }
    if (o.help) {
        rv_cli_usage(stdout, "check");
        rv_cli_opts_free(&o);
        return RV_EXIT_OK;
    }
    if (!o.npos) {
        fprintf(stderr, "ravel check: no program given (usage: ravel check [options] FILE.c... "
                        "[-- cflags])\n");
        rv_cli_opts_free(&o);
        return RV_EXIT_USAGE;
    }
    rv_task task = {0};
    bool is_task = o.npos == 1 && is_task_file(o.pos[0]);
    if (is_task && setup_task(&o, &task) < 0) {
        rv_task_free(&task);
        rv_cli_opts_free(&o);
        return RV_EXIT_USAGE;
    }
    char model_why[400];
    const char *model_dep;
    const char *data_model = data_model_of(&o, &task, model_why, sizeof model_why, &model_dep);
    setup_property(&o);
    /* --estimate sizes dfs's tree unless another algorithm is named */
    o.opt.algo = o.algo ? o.algo : o.estimate ? "dfs" : default_algo();
    if (!rv_algo_lookup(o.opt.algo)) {
        fprintf(stderr, "ravel check: unknown algorithm '%s' (available: %s)\n", o.opt.algo,
                rv_algo_names());
        rv_cli_opts_free(&o);
        return RV_EXIT_USAGE;
    }
    const char *no_estimate = o.estimate ? rv_estimate_refusal(&o.opt) : NULL;
    if (no_estimate || (o.seed_given && !o.estimate)) {
        fprintf(stderr, "ravel check: %s\n",
                no_estimate ? no_estimate : "--seed applies to --estimate only");
        rv_cli_opts_free(&o);
        return RV_EXIT_USAGE;
    }
    const char *no_jobs = o.jobs > 1 ? o.estimate ? "--jobs applies to an exploration, not to "
                                                    "--estimate"
                                                  : rv_jobs_refusal(&o.opt, "--jobs=N (N > 1)")
                                     : NULL;
    if (no_jobs) {
        fprintf(stderr, "ravel check: %s\n", no_jobs);
        rv_cli_opts_free(&o);
        return RV_EXIT_USAGE;
    }
    unsigned rank = 0, ranks = 1;
    int mpi_code = o.mpi ? start_mpi(&o, &rank, &ranks) : 0;
    if (mpi_code) {
        rv_cli_opts_free(&o);
        return mpi_code;
    }
    if (o.udpor_only && strcmp(o.opt.algo, "udpor") && !o.quiet)
        fprintf(stderr, "ravel check: note: --%s applies to --algo=udpor only; ignored\n",
                o.udpor_only);
    /* SIGINT, SIGTERM and --time-limit stop the run, the build and the
     * program's start included, with a report of what was done (stop.h):
     * the limit counts from here (rv_explore_run takes the origin) */
    double t0 = rv_now();
    rv_stop_install();
    if (o.opt.time_limit_s > 0) {
        o.opt.time_origin = t0;
        rv_stop_set_deadline(t0 + o.opt.time_limit_s);
    }
    rv_backend *b = rv_cli_open_program("check", &o, o.pos, o.npos, NULL, 0);
    /* --mpi: every rank built the program, or none goes on; the exit code
     * is rank 0's (mpirun returns the first non-zero one): the worst of
     * the ranks' (3 when a rank's build was stopped by the time limit) */
    int worst = o.mpi ? rv_mpi_worst(b                     ? RV_EXIT_OK
                                     : rv_stop_requested() ? RV_EXIT_INCOMPLETE
                                                           : RV_EXIT_USAGE)
                      : RV_EXIT_OK;
    if (b && worst) {
        if (rank == 0)
            fprintf(stderr,
                    "ravel check: --mpi: another rank could not build or open the program (its "
                    "message says why)\n");
        b->ops->destroy(b);
        rv_task_free(&task);
        rv_cli_opts_free(&o);
        return rank == 0 ? worst : RV_EXIT_OK;
    }
    if (!b) {
        /* --mpi: rank 0 alone reports */
        int code = !rv_stop_requested() ? RV_EXIT_USAGE
                   : rank > 0           ? RV_EXIT_INCOMPLETE
                              : report_stopped_build(&o, is_task ? &task : NULL, rv_now() - t0);
        rv_task_free(&task);
        rv_cli_opts_free(&o);
        return code;
    }
    /* udpor's unfolding holds RV_UNF_MAX_THREADS (unfolding.h), the race
     * detector RV_DRF_MAX_THREADS: their executions end at that thread as
     * at the --max-threads bound.  The race detector's clocks are as wide
     * as the bound, so it stays 64 unless the user asks for more.  udpor
     * with one execution goes on: that execution is reported without the
     * unfolding when it has more threads (udpor.c unmapped_ok).  dfs and
     * the DPOR engine (dpor, source, optimal, the bounded searches: thread
     * sets with words above 64, dpor.c) hold RV_MAX_THREADS.  On the
     * backend's limits, not the options: a schedule's replay options stay
     * what the user gave. */
    /* --max-threads given is the user's bound for a program that creates
     * threads without bound: no thread bound takes over at it (explore.c) */
    if (o.lim.max_threads && !o.opt.thread_bound) o.opt.no_thread_bound = true;
    bool dpor_engine =
        (strcmp(o.opt.algo, "dfs") && strcmp(o.opt.algo, "udpor")) || o.opt.bound != RV_BOUND_NONE;
    bool unf = !dpor_engine && !strcmp(o.opt.algo, "udpor") && o.opt.max_executions != 1;
    unsigned cap = unf ? RV_UNF_MAX_THREADS : RV_MAX_THREADS;
    if (o.lim.drf && cap > RV_DRF_MAX_THREADS) cap = RV_DRF_MAX_THREADS;
    if (!b->limits.max_threads && o.lim.drf && cap > RV_MASK_THREADS)
        b->limits.max_threads = RV_MASK_THREADS;
    /* the unfolding's memory grows as events × threads: more than its
     * default when --max-threads says so (unfolding.h) */
    if (!b->limits.max_threads && unf && !o.lim.drf) b->limits.max_threads = RV_UNF_DEF_THREADS;
    if (!b->limits.max_threads || b->limits.max_threads > cap) {
        if (b->limits.max_threads && !o.quiet)
            fprintf(stderr, "ravel check: note: --max-threads=%u lowered to %u (--algo=%s%s)\n",
                    (unsigned)b->limits.max_threads, cap, o.opt.algo,
                    o.lim.drf ? ", --memory=drf" : "");
        b->limits.max_threads = cap;
    }
    /* spurious wake-ups: see property.c (explored under --spurious-wakeups) */
    if (o.property > RV_PROP_ALL && !o.lim.spurious) b = rv_wait_spy_new(b);
    double tx = rv_now(); /* "time": the exploration's */
    rv_explore x;
    rv_explore_init(&x, b, &o.opt);
    /* how big is it? (estimate.c); --mpi, rank r > 0: rank 0 reports */
    if (o.estimate || (o.mpi && rank > 0)) {
        int code = o.estimate ? rv_cli_estimate(&o, &x) : serve_rank(&o, &x);
        rv_explore_free(&x);
        b->ops->destroy(b);
        rv_task_free(&task);
        rv_cli_opts_free(&o);
        return code;
    }
    rv_progress_attach(&x, &o);
    check_run run = {.o = &o,
                     .task = &task,
                     .is_task = is_task,
                     .b = b,
                     .x = &x,
                     .t0 = tx,
                     .data_model = data_model,
                     .model_why = model_dep};
    rv_set_oom_handler(report_oom, &run);
    rv_jobs *jobs = o.jobs > 1 || o.mpi ? rv_xcalloc(1, sizeof *jobs) : NULL;
    int rc = !jobs   ? rv_explore_run(&x)
             : o.mpi ? explore_ranks(&o, &x, jobs)
                     : explore_jobs(&o, &x, jobs);
    if (jobs && jobs->rerun) {
        if (!o.quiet)
            fprintf(stderr, "ravel check: note: %s: %s; exploring again with one process\n",
                    o.mpi ? "--mpi" : "--jobs", jobs->why);
        free(jobs);
        jobs = NULL;
        rv_progress_finish(&x);
        rv_explore_free(&x);
        rv_explore_init(&x, b, &o.opt);
        rv_progress_attach(&x, &o);
        rc = rv_explore_run(&x);
    }
    if (b->engine_switched) {
        /* the reset engine left mid-way (an execution changed kernel
         * state: runtime/engine.c "Kernel state"); what ran under it is
         * thrown away and the whole exploration runs under fork */
        b->engine_switched = false;
        rv_progress_finish(&x);
        rv_explore_free(&x);
        rv_explore_init(&x, b, &o.opt);
        rv_progress_attach(&x, &o);
        rc = rv_explore_run(&x);
    }
    rv_progress_finish(&x);
    if (rc < 0) {
        fprintf(stderr, "ravel check: the exploration failed: %s\n", x.stats.incomplete_why);
        x.stats.exhaustive = false;
    }
    if (o.lim.drf && cap > RV_MASK_THREADS && !o.quiet && thread_cap_hit(&x, RV_MASK_THREADS) &&
        b->limits.max_threads == RV_MASK_THREADS)
        fprintf(stderr,
                "ravel check: note: --memory=drf holds 64 threads per execution unless "
                "--max-threads says more (up to %d: its clocks have an entry per thread)\n",
                cap);
    if (unf && !o.lim.drf && !o.quiet && b->limits.max_threads == RV_UNF_DEF_THREADS &&
        thread_cap_hit(&x, RV_UNF_DEF_THREADS))
        fprintf(stderr,
                "ravel check: note: --algo=udpor holds %d threads per execution unless "
                "--max-threads says more (up to %d: the unfolding's clocks have an entry per "
                "thread per event); one execution, --max-executions=1, may have more\n",
                RV_UNF_DEF_THREADS, RV_MAX_THREADS);
    if (cap < RV_MAX_THREADS && !o.quiet && thread_cap_hit(&x, cap)) /* --memory=drf only */
        fprintf(stderr,
                "ravel check: note: --memory=drf holds at most %u threads per execution (its "
                "clocks have an entry per thread); without it every algorithm goes to %d\n",
                cap, RV_MAX_THREADS);
    rv_report r;
    fill_report(&r, &run);
    r.jobs = jobs;
    char wait_at[512];
    if (rv_wait_spy_saw(b, wait_at, sizeof wait_at)) r.cond_wait_at = wait_at;
    if (b->no_true[0]) r.no_true = b->no_true;
    for (size_t i = 0; i < x.nerrors; i++)
        r.schedule_files[i] = write_schedule(&o, &x, i, &r.replay_cmds[i]);
    char *witness, *witness_yaml;
    write_witnesses(&o, is_task ? &task : NULL, b, &r, &witness, &witness_yaml);
    r.witness = witness;
    r.witness_yaml = witness_yaml;
    r.explained = rv_explain_all(&x);
    rv_report_files(&o, &r);
    int code = rv_report_exit_code(&r);
    if (o.json)
        rv_report_json(stdout, &r);
    else if (!o.quiet || code != RV_EXIT_OK)
        rv_report_human(stdout, &r);
    for (size_t i = 0; i < x.nerrors; i++) free(r.schedule_files[i]), free(r.replay_cmds[i]);
    free(r.schedule_files);
    free(r.replay_cmds);
    rv_report_files_free(&r);
    rv_explain_all_free(r.explained, x.nerrors);
    free(witness);
    free(witness_yaml);
    rv_set_oom_handler(NULL, NULL);
    free(jobs);
    rv_explore_free(&x);
    b->ops->destroy(b);
    rv_task_free(&task);
    rv_cli_opts_free(&o);
    return code;
}
