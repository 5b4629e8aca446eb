/*
 * reportcmd.c — `ravel report [options] [FILE.c...] SCHEDULE`: the HTML
 * report (and with --sarif the SARIF log) of one schedule file, made
 * afterwards.  It is `ravel replay` (same options, the program and flags
 * the schedule file names, the same build) with the replay handed over
 * here: the schedule is run with the explain log (explain.c) and the
 * report is written as `ravel check` writes it, without the summary of
 * the run that found the error (the schedule file does not hold it).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "explain.h"

static const char *html_path, *sarif_path;

/* SCHEDULE with .html for .schedule (or appended). */
static char *html_for(const char *schedule)
{
    size_t n = strlen(schedule);
    if (n > 9 && !strcmp(schedule + n - 9, ".schedule"))
        return rv_xasprintf("%.*s.html", (int)(n - 9), schedule);
    return rv_xasprintf("%s.html", schedule);
}

static int make_report(const rv_cli_opts *o, rv_backend *b, const char *schedule,
                       const rv_schedfile *sf)
{
    rv_trace t;
    rv_trace_init(&t);
    rv_error e;
    if (rv_error_of_schedule(b, sf->steps, sf->nsteps, &t, &e) < 0) {
        fprintf(stderr, "ravel report: the execution failed: %s\n", t.msg);
        rv_trace_free(&t);
        return RV_EXIT_USAGE;
    }
    rv_explore x;
    memset(&x, 0, sizeof x);
    x.backend = b;
    x.errors = &e;
    x.nerrors = 1;
    rv_explained *xp = rv_xmalloc(sizeof *xp);
    rv_explain(b, &e, xp);
    char *sched = rv_xstrdup(schedule), *cmd = NULL;
    rv_report r = {
        .program = sf->program[0],
        .x = &x,
        .schedule_files = &sched,
        .replay_cmds = &cmd,
        .property = o->property > RV_PROP_ALL ? (rv_property)o->property : RV_PROP_ALL,
        .explained = &xp,
    };
    char err[512];
    int code = rv_end_is_bug(t.end)          ? RV_EXIT_BUG
               : rv_end_is_incomplete(t.end) ? RV_EXIT_INCOMPLETE
               : t.end == RV_END_DIVERGED    ? RV_EXIT_USAGE
                                             : RV_EXIT_OK;
    char *html = html_path ? rv_xstrdup(html_path) : html_for(schedule);
    if (rv_html_write(html, &r, err, sizeof err) < 0) {
        fprintf(stderr, "ravel report: %s\n", err);
        code = RV_EXIT_USAGE;
    } else if (!o->quiet) {
        printf("report      %s\n", html);
    }
    if (sarif_path && rv_sarif_write(sarif_path, &r, err, sizeof err) < 0) {
        fprintf(stderr, "ravel report: %s\n", err);
        code = RV_EXIT_USAGE;
    } else if (sarif_path && !o->quiet) {
        printf("sarif       %s\n", sarif_path);
    }
    if (t.end == RV_END_DIVERGED)
        fprintf(stderr, "ravel report: the schedule does not fit the program: %s\n", t.msg);
    free(html);
    free(sched);
    rv_explained_free(xp);
    free(xp);
    rv_trace_free(&t);
    return code;
}

/* The command line as `ravel replay` takes it: --html and --sarif taken
 * out (kept here), the program's files from the schedule file when only
 * the schedule is named. */
int rv_cli_report(int argc, char **argv)
{
    rv_cli_opts o;
    rv_cli_defaults(&o);
    if (rv_cli_parse(argc, argv, "report", &o) < 0) {
        rv_cli_opts_free(&o);
        return RV_EXIT_USAGE;
    }
    if (o.help) {
        rv_cli_usage(stdout, "report");
        rv_cli_opts_free(&o);
        return RV_EXIT_OK;
    }
    if (!o.npos) {
        fprintf(stderr, "ravel report: expected a schedule file (usage: ravel report [options] "
                        "[FILE.c...] SCHEDULE [-- cflags])\n");
        rv_cli_opts_free(&o);
        return RV_EXIT_USAGE;
    }
    html_path = o.html;
    sarif_path = o.sarif;
    rv_schedfile sf = {0};
    bool from_file = o.npos == 1;
    if (from_file) {
        char err[1024];
        if (rv_schedfile_read(o.pos[0], &sf, err, sizeof err) < 0) {
            fprintf(stderr, "ravel report: %s\n", err);
            rv_cli_opts_free(&o);
            return RV_EXIT_USAGE;
        }
    }
    char **av = rv_xcalloc((size_t)argc + sf.nprogram + 2, sizeof *av);
    int n = 0;
    av[n++] = "replay";
    for (size_t i = 0; i < sf.nprogram; i++) av[n++] = sf.program[i];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            while (i < argc) av[n++] = argv[i++];
            break;
        }
        if (!strcmp(a, "--html") || !strcmp(a, "--sarif")) {
            i++; /* its value */
            continue;
        }
        if (!strncmp(a, "--html=", 7) || !strncmp(a, "--sarif=", 8)) continue;
        av[n++] = argv[i];
    }
    rv_replay_takeover = make_report;
    int code = rv_cli_replay(n, av);
    rv_replay_takeover = NULL;
    free(av);
    rv_schedfile_free(&sf);
    rv_cli_opts_free(&o);
    return code;
}
