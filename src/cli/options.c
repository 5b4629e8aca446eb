/* options.c — the options of `ravel check` and `ravel replay`: one table,
 * one parser, precise messages for bad values. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "../explorers/estimate.h"
#include "../explorers/jobs.h"

const char *rv_cli_argv0 = "ravel";

#define DEFAULT_MAX_EVENTS 100000
#define DEFAULT_TIMEOUT_S  10.0
#define DEFAULT_HEAP_MB    1024
#define DEFAULT_OUTPUT_MB  64
#define DEFAULT_CACHE_MB   1024
#define DEFAULT_NONDET_LO  (-1)
#define DEFAULT_NONDET_HI  2

void rv_cli_defaults(rv_cli_opts *o)
{
    memset(o, 0, sizeof *o);
    o->opt.cutoffs = true;
    o->opt.memory = RV_MEM_SC;
    o->opt.cache_mb = DEFAULT_CACHE_MB;
    o->lim.max_events = DEFAULT_MAX_EVENTS;
    o->lim.timeout_s = DEFAULT_TIMEOUT_S;
    o->lim.max_heap_mb = DEFAULT_HEAP_MB;
    o->lim.max_output_mb = DEFAULT_OUTPUT_MB;
    o->lim.nondet_lo = DEFAULT_NONDET_LO;
    o->lim.nondet_hi = DEFAULT_NONDET_HI;
    o->out_dir = "ravel-out";
    o->progress = -1;
    o->property = -1;
    o->jobs = 1;
}

void rv_cli_opts_free(rv_cli_opts *o)
{
    free(o->pos);
    free(o->cflags);
    o->pos = o->cflags = NULL;
    o->npos = o->ncflags = 0;
}

/* ---- values ------------------------------------------------------------------ */

static bool parse_u64(const char *s, uint64_t *out)
{
    if (!*s || *s == '-' || *s == '+' || *s == ' ') return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end) return false;
    *out = v;
    return true;
}

static bool parse_i64(const char *s, const char **end_out, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *s == ' ' || *s == '+') return false;
    *end_out = end;
    *out = v;
    return true;
}

typedef enum arg_kind { A_FLAG, A_VALUE } arg_kind;

typedef struct optdef {
    const char *name; /* without the leading -- */
    arg_kind kind;
    bool replay; /* also an option of `ravel replay` */
    int id;
} optdef;

enum {
    O_ALGO,
    O_COUNT,
    O_KEEP,
    O_JSON,
    O_MAXEV,
    O_TIMEOUT,
    O_MAXEX,
    O_MAXMEM,
    O_MAXTHREADS,
    O_NONDET,
    O_POSIX,
    O_SPURIOUS,
    O_OUT,
    O_CC,
    O_NOCACHE,
    O_QUIET,
    O_CUT,
    O_NOCUT,
    O_ALT,
    O_MEMORY,
    O_CACHEMB,
    O_CACHEKB,
    O_DOT,
    O_TIMELIMIT,
    O_PROGRESS,
    O_NOPROGRESS,
    O_HELP,
    O_PBOUND,
    O_FBOUND,
    O_MAXDEPTH,
    O_LSTATES,
    O_PROPERTY,
    O_DATAMODEL,
    O_WITNESS,
    O_ENGINE,
    O_SCHEDPOL,
    O_DEEPEN,
    O_REALCLOCK,
    O_TBOUND,
    O_HTML, /* reports (html.c, sarif.c) and replay under gdb (gdb.c) */
    O_NOHTML,
    O_SARIF,
    O_GDB,
    O_BREAKSTEP,
    O_MAXOUT,
    O_ESTIMATE, /* estimate.c */
    O_SEED,
    O_JOBS, /* jobs.c */
    O_MPI   /* ranks.c */
};

static const optdef optdefs[] = {
    {"algo", A_VALUE, false, O_ALGO},
    {"count-traces", A_FLAG, false, O_COUNT},
    {"keep-going", A_FLAG, false, O_KEEP},
    {"json", A_FLAG, true, O_JSON},
    {"max-events", A_VALUE, true, O_MAXEV},
    {"timeout", A_VALUE, true, O_TIMEOUT},
    {"engine", A_VALUE, true, O_ENGINE},
    {"max-executions", A_VALUE, false, O_MAXEX},
    {"max-memory", A_VALUE, true, O_MAXMEM},
    {"max-threads", A_VALUE, true, O_MAXTHREADS},
    {"max-output", A_VALUE, true, O_MAXOUT},
    {"nondet-domain", A_VALUE, true, O_NONDET},
    {"posix-exit", A_FLAG, true, O_POSIX},
    {"spurious-wakeups", A_FLAG, true, O_SPURIOUS},
    {"real-clock", A_FLAG, true, O_REALCLOCK},
    {"out", A_VALUE, false, O_OUT},
    {"cc", A_VALUE, true, O_CC},
    {"no-cache", A_FLAG, true, O_NOCACHE},
    {"quiet", A_FLAG, true, O_QUIET},
    {"cutoffs", A_FLAG, false, O_CUT},
    {"no-cutoffs", A_FLAG, false, O_NOCUT},
    {"alt", A_VALUE, false, O_ALT},
    {"memory", A_VALUE, true, O_MEMORY},
    {"cache-mb", A_VALUE, false, O_CACHEMB},
    {"cache-kb", A_VALUE, false, O_CACHEKB},
    {"dot", A_VALUE, false, O_DOT},
    {"schedule-policy", A_VALUE, false, O_SCHEDPOL},
    {"deepen", A_VALUE, false, O_DEEPEN},
    {"time-limit", A_VALUE, false, O_TIMELIMIT},
    {"progress", A_FLAG, false, O_PROGRESS},
    {"no-progress", A_FLAG, false, O_NOPROGRESS},
    {"help", A_FLAG, true, O_HELP},
    {"preemption-bound", A_VALUE, false, O_PBOUND},
    {"fair-bound", A_VALUE, false, O_FBOUND},
    {"max-depth", A_VALUE, false, O_MAXDEPTH},
    {"thread-bound", A_VALUE, false, O_TBOUND},
    {"local-states", A_VALUE, false, O_LSTATES},
    {"property", A_VALUE, true, O_PROPERTY},
    {"data-model", A_VALUE, false, O_DATAMODEL},
    {"witness", A_VALUE, false, O_WITNESS},
    {"html", A_VALUE, false, O_HTML},
    {"no-html", A_FLAG, false, O_NOHTML},
    {"sarif", A_VALUE, false, O_SARIF},
    {"gdb", A_FLAG, true, O_GDB},
    {"break-step", A_VALUE, true, O_BREAKSTEP},
    {"estimate", A_VALUE, false, O_ESTIMATE},
    {"seed", A_VALUE, false, O_SEED},
    {"jobs", A_VALUE, false, O_JOBS},
    {"mpi", A_FLAG, false, O_MPI},
};

/* Whether subcommand cmd takes option d: check takes all but those of a
 * replay under gdb; replay those marked, and --gdb, --break-step; report
 * (a report made from a schedule file) those of replay and the report
 * files. */
static bool takes(const char *cmd, const optdef *d)
{
    bool gdb = d->id == O_GDB || d->id == O_BREAKSTEP;
    bool files = d->id == O_HTML || d->id == O_SARIF;
    if (!strcmp(cmd, "check")) return !gdb;
    if (!strcmp(cmd, "report")) return (d->replay && !gdb) || files;
    return d->replay;
}

static int bad_value(const char *cmd, const char *name, const char *want, const char *got)
{
    fprintf(stderr, "ravel %s: --%s expects %s, got '%s'\n", cmd, name, want, got);
    return -1;
}

static int set_nondet(const char *cmd, const char *v, rv_limits *lim)
{
    const char *end;
    int64_t lo, hi;
    if (!parse_i64(v, &end, &lo) || *end != ':' || !parse_i64(end + 1, &end, &hi) || *end)
        return bad_value(cmd, "nondet-domain", "LO:HI (two integers)", v);
    /* the explorer picks among hi - lo + 1 values, counted in 32 bits */
    if (lo > hi || (uint64_t)hi - (uint64_t)lo >= UINT32_MAX)
        return bad_value(cmd, "nondet-domain", "LO:HI with LO <= HI and fewer than 2^32 values", v);
    lim->nondet_lo = lo;
    lim->nondet_hi = hi;
    return 0;
}

/* The bounded searches of seed 002 (src/explorers/bounded.c). */
static int set_bound_value(const char *cmd, const optdef *d, const char *v, rv_cli_opts *o)
{
    uint64_t u;
    switch (d->id) {
    case O_PBOUND:
        o->opt.bound = RV_BOUND_PREEMPTION;
        o->opt.bound_iterative = !strcmp(v, "iterative");
        if (o->opt.bound_iterative) return 0;
        if (!parse_u64(v, &u) || u > 1000)
            return bad_value(cmd, d->name, "a number of preemptions (0-1000) or 'iterative'", v);
        o->opt.bound_c = u;
        return 0;
    case O_FBOUND:
        if (!parse_u64(v, &u) || u > 1000000)
            return bad_value(cmd, d->name, "a number of yields (0-1000000)", v);
        o->opt.bound = RV_BOUND_FAIR;
        o->opt.bound_iterative = false;
        o->opt.bound_c = u;
        return 0;
    case O_MAXDEPTH:
        if (!parse_u64(v, &u) || u == 0 || u > (1ull << 32))
            return bad_value(cmd, d->name, "a positive number of steps", v);
        o->opt.max_depth = u;
        return 0;
    case O_LSTATES:
        if (!*v) return bad_value(cmd, d->name, "a file name", v);
        o->opt.local_states_path = v;
        return 0;
    case O_TBOUND: /* explore.c: 1 .. N; 0: never bound the threads */
        if (!parse_u64(v, &u) || u > RV_MAX_THREADS)
            return bad_value(cmd, d->name,
                             "a number of threads each thread may create (0: no thread bound)", v);
        o->opt.thread_bound = (uint32_t)u;
        o->opt.no_thread_bound = u == 0;
        return 0;
    }
    return -1;
}

/* A bound is sound only with the searches built for it: BPOR (dpor) and
 * the naive bounded DFS; cutting another algorithm's search would not
 * keep seed 002's guarantee.  Without --algo a bound means BPOR. */
static int check_bound(const char *cmd, rv_cli_opts *o)
{
    bool local = o->opt.local_states_path != NULL;
    if (o->opt.bound == RV_BOUND_NONE) {
        if (!local) return 0;
        if (o->algo && !strcmp(o->algo, "dpor")) return 0;
        fprintf(stderr, "ravel %s: --local-states needs --algo=dpor or a bound\n", cmd);
        return -1;
    }
    if (!o->algo) o->algo = "dpor";
    if (strcmp(o->algo, "dpor") && strcmp(o->algo, "dfs")) {
        fprintf(stderr,
                "ravel %s: --%s is sound only with --algo=dpor (BPOR) or --algo=dfs (naive), "
                "not --algo=%s\n",
                cmd, o->opt.bound == RV_BOUND_FAIR ? "fair-bound" : "preemption-bound", o->algo);
        return -1;
    }
    return 0;
}

/* --property, --data-model and --witness (SV-COMP, property.c, task.c and
 * witness.c). */
static int set_svcomp_value(const char *cmd, const optdef *d, const char *v, rv_cli_opts *o)
{
    if (d->id == O_PROPERTY) {
        o->property = rv_property_lookup(v);
        if (o->property < 0)
            return bad_value(cmd, d->name,
                             "unreach-call, no-deadlock, no-data-race, valid-memsafety or all", v);
        return 0;
    }
    if (d->id == O_WITNESS) {
        if (!*v) return bad_value(cmd, d->name, "a file name", v);
        o->witness = v;
        return 0;
    }
    if (strcmp(v, "ILP32") && strcmp(v, "LP64")) return bad_value(cmd, d->name, "ILP32 or LP64", v);
    o->data_model = v;
    return 0;
}

static int set_value(const char *cmd, const optdef *d, const char *v, rv_cli_opts *o)
{
    uint64_t u;
    switch (d->id) {
    case O_ALGO:
        if (!*v) return bad_value(cmd, d->name, "an algorithm name", v);
        o->algo = v;
        return 0;
    case O_MAXEV:
        if (!parse_u64(v, &u) || u == 0 || u > (1ull << 32))
            return bad_value(cmd, d->name, "a positive integer (at most 2^32)", v);
        o->lim.max_events = u;
        return 0;
    case O_TIMEOUT: {
        char *end;
        double t = strtod(v, &end);
        if (!*v || *end || !isfinite(t) || t < 0 || t > 1e7)
            return bad_value(cmd, d->name, "a number of seconds >= 0 (0 = none)", v);
        o->lim.timeout_s = t;
        return 0;
    }
    case O_TIMELIMIT: {
        char *end;
        double t = strtod(v, &end);
        if (!*v || *end || !isfinite(t) || t <= 0 || t > 1e9)
            return bad_value(cmd, d->name, "a positive number of seconds", v);
        o->opt.time_limit_s = t;
        return 0;
    }
    case O_MAXEX:
        if (!parse_u64(v, &u) || u == 0) return bad_value(cmd, d->name, "a positive integer", v);
        o->opt.max_executions = u;
        return 0;
    case O_MAXMEM:
        if (!parse_u64(v, &u) || u == 0 || u > (1ull << 24))
            return bad_value(cmd, d->name, "a positive number of MB", v);
        o->lim.max_heap_mb = u;
        return 0;
    case O_MAXOUT:
        if (!parse_u64(v, &u) || u > (1ull << 24))
            return bad_value(cmd, d->name, "a number of MB (0 = no limit)", v);
        o->lim.max_output_mb = u;
        return 0;
#define MAXT_STR_(x) #x
#define MAXT_STR(x)  MAXT_STR_(x)
    case O_MAXTHREADS:
        if (!parse_u64(v, &u) || u == 0 || u > RV_MAX_THREADS)
            return bad_value(cmd, d->name,
                             "a number of threads from 1 to " MAXT_STR(RV_MAX_THREADS), v);
        o->lim.max_threads = (uint32_t)u;
        return 0;
    case O_CACHEMB:
        if (!parse_u64(v, &u) || u == 0 || u > (1ull << 24))
            return bad_value(cmd, d->name, "a positive number of MB", v);
        o->opt.cache_mb = u;
        o->opt.cache_bytes = 0; /* the last of --cache-mb / --cache-kb holds */
        return 0;
    case O_CACHEKB: /* the bound in KiB: small enough to discard G for real on small programs */
        if (!parse_u64(v, &u) || u == 0 || u > (1ull << 34))
            return bad_value(cmd, d->name, "a positive number of KiB", v);
        o->opt.cache_bytes = u << 10;
        return 0;
    case O_NONDET:
        return set_nondet(cmd, v, &o->lim);
    case O_OUT:
        if (!*v) return bad_value(cmd, d->name, "a directory", v);
        o->out_dir = v;
        return 0;
    case O_CC:
        if (!v[strspn(v, " \t")]) return bad_value(cmd, d->name, "a compiler", v);
        o->cc = v;
        return 0;
    case O_ALT:
        if (!strcmp(v, "exact")) {
            o->opt.alt_k = 0;
            return 0;
        }
        if (v[0] == 'k' && parse_u64(v + 1, &u) && u >= 1 && u <= 1000) {
            o->opt.alt_k = (unsigned)u;
            return 0;
        }
        return bad_value(cmd, d->name, "'exact' or kN with 1 <= N <= 1000 (e.g. k2)", v);
    case O_MEMORY:
        if (!strcmp(v, "sc"))
            o->opt.memory = RV_MEM_SC;
        else if (!strcmp(v, "drf"))
            o->opt.memory = RV_MEM_DRF;
        else
            return bad_value(cmd, d->name, "'sc' or 'drf'", v);
        o->lim.drf = o->opt.memory == RV_MEM_DRF; /* replay runs without an explorer */
        return 0;
    case O_ENGINE:
        if (!strcmp(v, "auto"))
            o->lim.engine = RV_ENGINE_AUTO;
        else if (!strcmp(v, "fork"))
            o->lim.engine = RV_ENGINE_FORK_ONLY;
        else if (!strcmp(v, "reset"))
            o->lim.engine = RV_ENGINE_RESET_ALWAYS;
        else
            return bad_value(cmd, d->name, "'auto', 'fork' or 'reset'", v);
        return 0;
    case O_DOT:
        if (!*v) return bad_value(cmd, d->name, "a file name", v);
        o->opt.dot_path = v;
        return 0;
    case O_SCHEDPOL:
        if (!strcmp(v, "least"))
            o->opt.least_first = true;
        else if (!strcmp(v, "lowest"))
            o->opt.least_first = false;
        else
            return bad_value(cmd, d->name, "'least' or 'lowest'", v);
        return 0;
    case O_DEEPEN: /* udpor.c: the first pass's horizon in events, 0 = one pass */
        if (!parse_u64(v, &u) || u > (1ull << 32))
            return bad_value(cmd, d->name, "a number of events (0: off)", v);
        o->opt.deepen = u;
        return 0;
    case O_PROPERTY:
    case O_DATAMODEL:
    case O_WITNESS:
        return set_svcomp_value(cmd, d, v, o);
    case O_HTML:
    case O_SARIF:
        if (!*v) return bad_value(cmd, d->name, "a file name", v);
        *(d->id == O_HTML ? &o->html : &o->sarif) = v;
        return 0;
    case O_BREAKSTEP:
        if (!parse_u64(v, &u) || u == 0 || u > (1ull << 32))
            return bad_value(cmd, d->name, "a step number (from 1)", v);
        o->break_step = u;
        return 0;
    case O_ESTIMATE:
        if (!parse_u64(v, &u) || u == 0 || u > 100000000)
            return bad_value(cmd, d->name, "a number of random paths (1-100000000)", v);
        o->estimate = u;
        return 0;
    case O_JOBS:
        if (!parse_u64(v, &u) || u == 0 || u > RV_JOBS_MAX)
            return bad_value(cmd, d->name, "a number of worker processes (1-256)", v);
        o->jobs = (unsigned)u;
        return 0;
    case O_SEED:
        if (!parse_u64(v, &u)) return bad_value(cmd, d->name, "a non-negative integer", v);
        o->seed = u;
        o->seed_given = true;
        return 0;
    default:
        return set_bound_value(cmd, d, v, o);
    }
    return -1;
}

static void set_flag(const optdef *d, rv_cli_opts *o)
{
    switch (d->id) {
    case O_COUNT:
        o->opt.count_traces = true;
        break;
    case O_KEEP:
        o->opt.keep_going = true;
        break;
    case O_JSON:
        o->json = true;
        break;
    case O_POSIX:
        o->lim.posix_exit = true;
        break;
    case O_SPURIOUS:
        o->lim.spurious = true;
        break;
    case O_REALCLOCK:
        o->lim.real_clock = true;
        break;
    case O_NOCACHE:
        o->no_cache = true;
        break;
    case O_MPI:
        o->mpi = true;
        break;
    case O_QUIET:
        o->quiet = true;
        break;
    case O_CUT:
        o->opt.cutoffs = true;
        break;
    case O_NOCUT:
        o->opt.cutoffs = false;
        break;
    case O_PROGRESS:
        o->progress = 1;
        break;
    case O_NOPROGRESS:
        o->progress = 0;
        break;
    case O_HELP:
        o->help = true;
        break;
    case O_NOHTML:
        o->no_html = true;
        break;
    case O_GDB:
        o->gdb = true;
        break;
    }
}

static void push(char ***v, size_t *n, char *s)
{
    *v = rv_xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = s;
}

/* One "--name[=value]" at argv[*i]; may consume argv[*i + 1]. */
static int parse_option(int argc, char **argv, int *i, const char *cmd, rv_cli_opts *o)
{
    const char *arg = argv[*i] + 2;
    const char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
    for (size_t k = 0; k < sizeof optdefs / sizeof *optdefs; k++) {
        const optdef *d = &optdefs[k];
        if (strlen(d->name) != n || strncmp(d->name, arg, n)) continue;
        if (!takes(cmd, d)) {
            if (d->replay || d->id == O_HTML || d->id == O_SARIF)
                fprintf(stderr, "ravel %s: --%s is not an option of `ravel %s`\n", cmd, d->name,
                        cmd);
            else
                fprintf(stderr, "ravel %s: --%s is an option of `ravel check` only\n", cmd,
                        d->name);
            return -1;
        }
        if (d->id == O_CUT || d->id == O_NOCUT || d->id == O_ALT || d->id == O_CACHEMB ||
            d->id == O_CACHEKB || d->id == O_DOT || d->id == O_SCHEDPOL || d->id == O_DEEPEN)
            o->udpor_only = d->name;
        if (d->kind == A_FLAG) {
            if (eq) {
                fprintf(stderr, "ravel %s: --%s takes no value\n", cmd, d->name);
                return -1;
            }
            set_flag(d, o);
            return 0;
        }
        const char *v = eq ? eq + 1 : NULL;
        if (!v && d->id == O_ESTIMATE) { /* --estimate[=N]: the value is optional */
            o->estimate = RV_ESTIMATE_DEFAULT_SAMPLES;
            return 0;
        }
        if (!v) {
            if (*i + 1 >= argc) {
                fprintf(stderr, "ravel %s: --%s needs a value\n", cmd, d->name);
                return -1;
            }
            v = argv[++*i];
        }
        return set_value(cmd, d, v, o);
    }
    fprintf(stderr, "ravel %s: unknown option '%s' (see `ravel help %s`)\n", cmd, argv[*i], cmd);
    return -1;
}

int rv_cli_parse(int argc, char **argv, const char *cmd, rv_cli_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            o->dashdash = true;
            for (int k = i + 1; k < argc; k++) push(&o->cflags, &o->ncflags, argv[k]);
            return check_bound(cmd, o);
        }
        if (!strcmp(a, "-h")) {
            o->help = true;
        } else if (!strncmp(a, "--", 2)) {
            if (parse_option(argc, argv, &i, cmd, o) < 0) return -1;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr,
                    "ravel %s: unknown option '%s' (compiler flags go after `--`, see `ravel help "
                    "%s`)\n",
                    cmd, a, cmd);
            return -1;
        } else {
            push(&o->pos, &o->npos, argv[i]);
        }
    }
    return check_bound(cmd, o);
}

char **rv_cli_replay_options(const rv_cli_opts *o, size_t *n)
{
    char **v = NULL;
    *n = 0;
    if (o->lim.posix_exit) push(&v, n, rv_xstrdup("--posix-exit"));
    if (o->lim.spurious) push(&v, n, rv_xstrdup("--spurious-wakeups"));
    if (o->lim.real_clock) push(&v, n, rv_xstrdup("--real-clock"));
    if (o->lim.drf) push(&v, n, rv_xstrdup("--memory=drf"));
    if (o->property > RV_PROP_ALL)
        push(&v, n, rv_xasprintf("--property=%s", rv_property_name((rv_property)o->property)));
    if (o->lim.nondet_lo != DEFAULT_NONDET_LO || o->lim.nondet_hi != DEFAULT_NONDET_HI)
        push(&v, n,
             rv_xasprintf("--nondet-domain=%lld:%lld", (long long)o->lim.nondet_lo,
                          (long long)o->lim.nondet_hi));
    if (o->lim.max_events != DEFAULT_MAX_EVENTS)
        push(&v, n, rv_xasprintf("--max-events=%llu", (unsigned long long)o->lim.max_events));
    if (o->lim.max_heap_mb != DEFAULT_HEAP_MB)
        push(&v, n, rv_xasprintf("--max-memory=%llu", (unsigned long long)o->lim.max_heap_mb));
    if (o->lim.max_output_mb != DEFAULT_OUTPUT_MB)
        push(&v, n, rv_xasprintf("--max-output=%llu", (unsigned long long)o->lim.max_output_mb));
    if (o->lim.max_threads)
        push(&v, n, rv_xasprintf("--max-threads=%u", (unsigned)o->lim.max_threads));
    return v;
}
