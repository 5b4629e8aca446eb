/*
 * cli.h — the `ravel` command line: subcommands, reports, schedule files.
 *
 * Files: main.c (dispatch), usage.c (help texts), options.c (the option
 * table and parser of check and replay), check.c (`ravel check`), replay.c
 * (`ravel replay`), report.c (human summary, JSON, action rendering),
 * schedfile.c (schedule files), property.c (--property and verdicts),
 * task.c (SV-COMP task files), witness.c (SV-COMP violation witnesses),
 * explain.c and debuginfo.c (stacks and names of an error's execution),
 * html.c, sarif.c, reportcmd.c (`ravel report`), gdb.c (`replay --gdb`),
 * diag.c (the compiler's diagnostics as shown).
 * docs/CLI.md is the user's reference.
 *
 * Exit codes (DESIGN §5), shared by every subcommand:
 *   0 no error found and the exploration was exhaustive,
 *   1 an error was found, 2 usage, compile or schedule-file error,
 *   3 incomplete (a limit was hit, or a sampled domain) and no error.
 *
 * Schedule file (text, line-oriented, `#` starts a comment line):
 *   # ravel replay prog.c ravel-out/prog-assertion-1.schedule
 *   ravel-schedule 1
 *   program prog.c [more sources...]
 *   cflags -DN=3                   (optional; shell-quoted words)
 *   thread 0 - 0                   (canonical id, parent or '-', index)
 *   thread 1 0 0
 *   options --posix-exit           (optional: options of the run that matter to replay)
 *   outcome livelock               (optional: the steps end inside a livelock)
 *   steps
 *   0 0 1 1:2 ...                  (thread or thread:value; any wrapping)
 * Invariant: a file written by rv_schedfile_write parses back to the same
 * rv_schedfile, and thread lines list ids 0..n-1 in order.
 */
#ifndef RAVEL_CLI_CLI_H
#define RAVEL_CLI_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "../core/trace.h"
#include "../explorers/explorer.h"

#define RV_VERSION "0.1.0"

enum { RV_EXIT_OK = 0, RV_EXIT_BUG = 1, RV_EXIT_USAGE = 2, RV_EXIT_INCOMPLETE = 3 };

/* How the user invoked ravel (argv[0] of the process), for the replay
 * command lines we print. */
extern const char *rv_cli_argv0;

/* --property (property.c): what counts as a violation. */
typedef enum rv_property {
    RV_PROP_ALL = 0, /* every bug (the default) */
    RV_PROP_UNREACH_CALL,
    RV_PROP_NO_DEADLOCK,
    RV_PROP_NO_DATA_RACE,
    RV_PROP_VALID_MEMSAFETY,
    RV_PROP_COUNT
} rv_property;

/* Options of check and replay (options.c). */
typedef struct rv_cli_opts {
    rv_options opt;
    rv_limits lim;
    const char *algo; /* NULL: the default */
    bool json, quiet, no_cache, help;
    int progress; /* --progress 1, --no-progress 0, else -1: when stderr is a terminal */
    const char *out_dir, *cc;
    char **pos; /* positional arguments (files) */
    size_t npos;
    char **cflags; /* after `--` */
    size_t ncflags;
    bool dashdash;
    const char *udpor_only; /* the last udpor-only option given, for a warning */
    int property;           /* rv_property given by --property, or -1 (the task's, else all) */
    const char *data_model; /* --data-model=ILP32|LP64 (overrides a task's), or NULL */
    const char *witness;    /* --witness=FILE (GraphML), or NULL: next to the schedule */
    const char *html;       /* --html=FILE, or NULL: next to the schedule files on an error */
    bool no_html;           /* --no-html */
    const char *sarif;      /* --sarif=FILE, or NULL: none */
    bool gdb;               /* replay --gdb (gdb.c) */
    uint64_t break_step;    /* replay --break-step=K (1-based), or 0 */
    uint64_t estimate;      /* --estimate[=N]: random paths to walk (estimate.c), or 0 */
    uint64_t seed;          /* --seed=S of --estimate's random paths */
    bool seed_given;
    unsigned jobs; /* --jobs=N: worker processes (src/explorers/jobs.h); 1: sequential */
    bool mpi;      /* --mpi: a worker per MPI rank (src/explorers/ranks.h) */
} rv_cli_opts;

/* Defaults of every option. */
void rv_cli_defaults(rv_cli_opts *o);
/* Parse argv[1..argc) of subcommand `cmd` ("check" or "replay": replay
 * accepts only the options that change how one execution runs) into o,
 * which holds the defaults or earlier settings.  Returns 0, or -1 after
 * printing a precise message to stderr.  o points into argv. */
int rv_cli_parse(int argc, char **argv, const char *cmd, rv_cli_opts *o);
void rv_cli_opts_free(rv_cli_opts *o);
/* The options a replay must repeat to run the same program: words like
 * "--posix-exit", "--nondet-domain=0:3" (heap strings, *n of them). */
char **rv_cli_replay_options(const rv_cli_opts *o, size_t *n);

/* Build (C) or parse (PV) the program and open its backend with o->lim
 * (and the thread registry, for native replays); NULL after printing why
 * (the caller exits 2). */
rv_backend *rv_cli_open_program(const char *cmd, const rv_cli_opts *o, char **files, size_t nfiles,
                                const rv_thread_end *registry, unsigned nreg);
/* The last build's wall-clock time and whether it reused the cache. */
extern double rv_cli_build_s;
extern bool rv_cli_build_cached;
/* Compiler diagnostics without what concerns ravel's own flags, each
 * once (diag.c); rv_diag_show prints them under a line saying whose they
 * are (not for a failed build: those are errors, shown as they are). */
char *rv_diag_filter(const char *diag, char *const *flags, size_t nflags, bool preprocessed);
void rv_diag_show(FILE *f, const char *diag, const rv_cli_opts *o, const char *cmd,
                  const char *program, bool failed);

/* --estimate (estimate.c): walk o->estimate random paths of x's tree and
 * print the estimate (human or JSON); returns the exit code. */
int rv_cli_estimate(const rv_cli_opts *o, rv_explore *x);

/* Subcommands: argv[0] is the subcommand's name; return the exit code. */
int rv_cli_check(int argc, char **argv);
int rv_cli_replay(int argc, char **argv);
/* Usage of a topic (NULL or "ravel": the overview; "check"; "replay"). */
void rv_cli_usage(FILE *f, const char *topic);

/* ---- schedule files (schedfile.c) ---- */
typedef struct rv_schedfile {
    char **program; /* sources */
    size_t nprogram;
    char **cflags;
    size_t ncflags;
    char **options; /* see rv_cli_replay_options */
    size_t noptions;
    unsigned nthreads;
    uint16_t parent[RV_MAX_THREADS]; /* RV_NO_THREAD for a root thread */
    uint32_t index[RV_MAX_THREADS];
    rv_step *steps;
    size_t nsteps;
    /* the steps are a livelock's (a fair-bounded search: the execution goes
     * on past them), so that a replay ending with the schedule reports it */
    bool livelock;
} rv_schedfile;

/* Writes atomically (temp + rename).  `comment` (may be NULL) becomes the
 * first line, after "# ".  Returns 0, or -1 with a message in err. */
int rv_schedfile_write(const char *path, const rv_schedfile *f, const char *comment, char *err,
                       size_t errcap);
/* Parse; on error returns -1 with "NAME:LINE: message" in err.  On success
 * f owns heap copies (rv_schedfile_free). */
int rv_schedfile_parse(const char *text, const char *name, rv_schedfile *f, char *err,
                       size_t errcap);
int rv_schedfile_read(const char *path, rv_schedfile *f, char *err, size_t errcap);
void rv_schedfile_free(rv_schedfile *f);
/* "0 0 1 1:2": the steps as one line (heap string). */
char *rv_schedule_str(const rv_step *s, size_t n);
/* A word quoted for a POSIX shell only when it needs it (heap string). */
char *rv_shell_quote(const char *w);
/* Split a line of shell-quoted words ('...' and plain words): the inverse
 * of rv_shell_quote on words joined by spaces.  Returns -1 on an unclosed
 * quote. */
int rv_shell_split(const char *line, char ***words, size_t *n);

/* ---- the progress line (progress.c) ---- */
/* Attach a progress line on stderr to x if o asks for one (--progress, or
 * stderr is a terminal and neither --no-progress nor --quiet). */
void rv_progress_attach(rv_explore *x, const rv_cli_opts *o);
/* Erase the line (a terminal) before anything else is printed. */
void rv_progress_finish(rv_explore *x);

/* ---- properties and verdicts (property.c) ---- */
const char *rv_property_name(rv_property p);
int rv_property_lookup(const char *name); /* -1 if unknown */
/* rv_classify_fn for rv_options.classify. */
rv_end_class rv_property_classify(const rv_trace *t, int property, char *why, size_t cap);
/* True when error e (as recorded by the explorer) violates p. */
bool rv_property_violated_by(rv_property p, const rv_error *e);

typedef enum { RV_VERDICT_TRUE, RV_VERDICT_FALSE, RV_VERDICT_UNKNOWN } rv_verdict_kind;
typedef struct rv_verdict {
    rv_verdict_kind kind;
    char text[64];    /* "TRUE", "FALSE(unreach-call)", "UNKNOWN" */
    char reason[512]; /* UNKNOWN: why */
} rv_verdict;
/* TRUE: exhaustive, no violation, no condition wait (cond_wait_at: where
 * one was, or NULL), nothing the build could not model (no_true: what,
 * or NULL or ""; rv_backend.no_true), and never for valid-memsafety
 * (ravel cannot prove it);
 * FALSE(what): a violation was found; UNKNOWN otherwise, and always when
 * model_why is set (an ILP32 program checked as LP64 whose behaviour may
 * depend on the data model: rv_data_model_check says why). */
rv_verdict rv_property_verdict(rv_property p, const rv_explore *x, const char *cond_wait_at,
                               const char *model_why, const char *no_true);
/* A backend that runs `inner` (and destroys it) and notes whether any
 * execution waited on a condition variable; rv_wait_spy_saw then says
 * where (false for any other backend).  Spurious wake-ups (property.c). */
rv_backend *rv_wait_spy_new(rv_backend *inner);
bool rv_wait_spy_saw(rv_backend *b, char *where, size_t cap);

/* ---- SV-COMP task files (task.c) ---- */
typedef struct rv_task {
    const char *task_file; /* as the user named it */
    char **inputs;         /* input files, relative to the current directory */
    size_t ninputs;
    int property;        /* rv_property, or -1: none supported */
    char *property_file; /* as resolved */
    char *expected;      /* expected_verdict of that property ("true"/"false"), or NULL */
    char *expected_sub;  /* its subproperty, or NULL */
    char *data_model;    /* "ILP32", "LP64" or NULL */
} rv_task;
/* Read task file path; `want` is the --property given (-1: none) and
 * picks among the task's properties.  Returns 0, or -1 after printing a
 * precise message (the caller exits 2). */
int rv_task_read(const char *path, int want, rv_task *t);
void rv_task_free(rv_task *t);
/* Map the property of a .prp file's text; -1 with the formula in *what
 * (heap) when ravel does not check it. */
int rv_prp_property(const char *text, char **what);

/* May the behaviour of the program in these C files differ between the
 * ILP32 and LP64 data models (datamodel.c; contract in its header)?  0 no
 * dependence found; 1 one found, -1 not known: why says which. */
int rv_data_model_check(char *const *files, size_t n, char *const *cflags, size_t ncflags,
                        char *why, size_t cap);

/* ---- SV-COMP violation witnesses (witness.c; contract in its header) ---- */
typedef struct rv_witness {
    const char *program;   /* the source file the witness refers to */
    const char *prp_file;  /* the task's property file, or NULL */
    rv_property property;  /* the property violated (not RV_PROP_ALL) */
    rv_backend *backend;   /* symbolizes code addresses */
    const rv_error *error; /* the violation, with its failing execution */
} rv_witness;
/* GraphML 1.0; 0, or -1 with a message in err. */
int rv_witness_graphml(const char *path, const rv_witness *w, char *err, size_t cap);
/* Format 2.0 (unreach-call with a known reach_error call site only): 0
 * written, 1 does not fit (nothing written), -1 error (message in err). */
int rv_witness_yaml(const char *path, const rv_witness *w, char *err, size_t cap);
/* SHA-256 of a file's bytes as 64 hex digits; -1 if it cannot be read. */
int rv_sha256_file(const char *path, char hex[65]);

/* ---- reports (report.c) ---- */
/* s as a JSON string literal, quotes included (NULL gives null). */
void rv_json_str(FILE *out, const char *s);
/* rv_action_str with object addresses replaced by the program's names
 * (explain.c: debug information, else the backend's names). */
char *rv_cli_action_str(rv_backend *b, const rv_action *a, char *buf, size_t cap);

typedef struct rv_report {
    const char *program; /* as the user named it */
    const char *algo;
    bool udpor; /* show cutoffs */
    bool count_traces;
    double time_s;  /* the exploration (and the reports' replays are not in it) */
    double build_s; /* building the program (or finding it in the cache) */
    bool build_cached;
    rv_explore *x;
    char **schedule_files; /* per error, or NULL entries */
    char **replay_cmds;    /* per error */
    rv_property property;
    bool property_given;             /* --property or a task file: the SV-COMP verdict line */
    const rv_task *task;             /* NULL unless checking a task file */
    const char *cond_wait_at;        /* a condition wait seen under a property (no TRUE), or NULL */
    const char *no_true;             /* what the build could not model (no TRUE), or NULL */
    const char *witness;             /* the GraphML violation witness written, or NULL */
    const char *witness_yaml;        /* the format 2.0 one, or NULL */
    const char *data_model;          /* the data model asked for (task or --data-model), or NULL */
    const char *model_why;           /* ILP32 checked as LP64 and its code may depend on it: why */
    struct rv_explained **explained; /* per error: stacks and names (explain.h), or NULL */
    const char *html;                /* the HTML report written, or NULL */
    const char *sarif;               /* the SARIF log written, or NULL */
    const struct rv_jobs *jobs;      /* --jobs=N > 1: per-worker counts (jobs.h), or NULL */
} rv_report;

void rv_report_human(FILE *out, const rv_report *r);
/* Error i's number in its class (errors, the property's violations; or
 * limits, executions cut by a limit), from 1: "error 1", "limit 3", and
 * its schedule file's name. */
size_t rv_report_number(const rv_explore *x, rv_property p, size_t i);
void rv_report_json(FILE *out, const rv_report *r);
/* The exit code a finished exploration deserves. */
int rv_report_exit_code(const rv_report *r);

/* ---- report files (html.c, sarif.c) ---- */
/* The HTML report (html.c) and the SARIF 2.1.0 log (sarif.c) of r: 0, or
 * -1 with a message in err. */
int rv_html_write(const char *path, const rv_report *r, char *err, size_t cap);
int rv_sarif_write(const char *path, const rv_report *r, char *err, size_t cap);
/* A file written whole or not at all (witness.c): rv_tmpfile_open opens
 * path's temporary sibling (*tmp, its name); rv_tmpfile_commit closes it
 * and renames it to path, or removes it on any error; both free *tmp when
 * they fail or are done, and say why in err. */
FILE *rv_tmpfile_open(const char *path, char **tmp, char *err, size_t cap);
int rv_tmpfile_commit(FILE *f, char *tmp, const char *path, char *err, size_t cap);
/* Write path through fill atomically (a temporary file renamed). */
int rv_report_file_write(const char *path, void (*fill)(FILE *, const rv_report *),
                         const rv_report *r, char *err, size_t cap);
/* After the schedule files of `ravel check`: the HTML report when an
 * error was found (--html, else DIR/<program>.html next to the schedule
 * files; none with --no-html; always when --html is given) and the SARIF
 * log (--sarif); sets r->html and r->sarif (heap strings, freed by
 * rv_report_files_free).  Failures are warnings. */
void rv_report_files(const rv_cli_opts *o, rv_report *r);
void rv_report_files_free(rv_report *r);

/* `ravel replay` hands its program and schedule over to one of these
 * once the program is built (instead of printing the steps): --gdb
 * (gdb.c), and rv_replay_takeover when set (`ravel report`, reportcmd.c).
 * They return the exit code. */
typedef int (*rv_replay_fn)(const rv_cli_opts *o, rv_backend *b, const char *schedule,
                            const rv_schedfile *sf);
extern rv_replay_fn rv_replay_takeover;
int rv_replay_gdb(const rv_cli_opts *o, rv_backend *b, const char *schedule,
                  const rv_schedfile *sf);
/* `ravel report [FILE.c...] SCHEDULE` (reportcmd.c). */
int rv_cli_report(int argc, char **argv);

#endif
