/* test_schedfile.c — schedule files (round trip, line-numbered errors), shell
 * quoting, JSON string escaping and the option parser of src/cli.  Prints
 * PASS/FAIL lines; linked against libravel.a by tests/cli/run.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

static int failures;
static const char *current;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("FAIL cli/%s: line %d: %s\n", current, __LINE__, #cond);                        \
            failures++;                                                                            \
            return;                                                                                \
        }                                                                                          \
    } while (0)

static void pass(void)
{
    printf("PASS cli/%s\n", current);
}

static void test_roundtrip(void)
{
    current = "schedfile_roundtrip";
    char dir[] = "/tmp/ravel-sched-XXXXXX";
    CHECK(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/x.schedule", dir);
    char *prog[] = {"prog.c", "dir with space/b.c"};
    char *cflags[] = {"-DN=3", "-DMSG='it''s'"};
    char *opts[] = {"--posix-exit"};
    rv_schedfile sf = {.program = prog,
                       .nprogram = 2,
                       .cflags = cflags,
                       .ncflags = 2,
                       .options = opts,
                       .noptions = 1,
                       .nthreads = 3,
                       .livelock = true};
    sf.parent[0] = RV_NO_THREAD, sf.index[0] = 0;
    sf.parent[1] = 0, sf.index[1] = 0;
    sf.parent[2] = 0, sf.index[2] = 1;
    /* enough steps to wrap at 80 columns */
    rv_step steps[100];
    for (int i = 0; i < 100; i++)
        steps[i] = (rv_step){.tid = (uint16_t)(i % 3), .val = i % 7 == 0 ? 12u : 0};
    sf.steps = steps;
    sf.nsteps = 100;
    char err[512];
    CHECK(rv_schedfile_write(path, &sf, "ravel replay prog.c x.schedule", err, sizeof err) == 0);
    /* every line within 80 columns, the comment first */
    FILE *f = fopen(path, "r");
    CHECK(f);
    char line[512];
    int n = 0;
    bool wide = false;
    while (fgets(line, sizeof line, f)) {
        if (n++ == 0 && strcmp(line, "# ravel replay prog.c x.schedule\n")) wide = true;
        if (strlen(line) > 81) wide = true;
    }
    fclose(f);
    CHECK(!wide);
    rv_schedfile back;
    CHECK(rv_schedfile_read(path, &back, err, sizeof err) == 0);
    CHECK(back.nprogram == 2 && !strcmp(back.program[1], "dir with space/b.c"));
    CHECK(back.ncflags == 2 && !strcmp(back.cflags[1], "-DMSG='it''s'"));
    CHECK(back.noptions == 1 && !strcmp(back.options[0], "--posix-exit"));
    CHECK(back.livelock);
    CHECK(back.nthreads == 3 && back.parent[0] == RV_NO_THREAD && back.parent[2] == 0 &&
          back.index[2] == 1);
    CHECK(back.nsteps == 100);
    for (int i = 0; i < 100; i++)
        CHECK(back.steps[i].tid == steps[i].tid && back.steps[i].val == steps[i].val);
    rv_schedfile_free(&back);
    unlink(path);
    rmdir(dir);
    pass();
}

/* Parse `text`; expect failure with exactly `want` as the message. */
static bool parse_fails_with(const char *text, const char *want)
{
    rv_schedfile f;
    char err[512] = "";
    if (rv_schedfile_parse(text, "s", &f, err, sizeof err) == 0) {
        printf("# parsed although bad: %s\n", text);
        rv_schedfile_free(&f);
        return false;
    }
    if (strcmp(err, want)) {
        printf("# got '%s', want '%s'\n", err, want);
        return false;
    }
    return true;
}

static void test_bad_files(void)
{
    current = "schedfile_errors";
    CHECK(parse_fails_with("", "s: empty file, not a ravel schedule file"));
    CHECK(parse_fails_with("# c\nhello\n",
                           "s:2: not a ravel schedule file (expected 'ravel-schedule 1')"));
    CHECK(parse_fails_with("ravel-schedule 2\n",
                           "s:1: unsupported schedule file version '2' (this ravel reads 1)"));
    CHECK(parse_fails_with("ravel-schedule 1\nsteps\n0\n", "s: no 'program' line"));
    CHECK(parse_fails_with("ravel-schedule 1\nprogram p.c\n", "s: no 'steps' line"));
    CHECK(parse_fails_with(
        "ravel-schedule 1\nprogram p.c\nfoo 1\n",
        "s:3: unknown line 'foo' (expected program, cflags, options, outcome, thread or steps)"));
    CHECK(parse_fails_with("ravel-schedule 1\nprogram p.c\noutcome deadlock\n",
                           "s:3: unknown outcome 'deadlock' (expected livelock)"));
    CHECK(parse_fails_with("ravel-schedule 1\nprogram p.c\nthread 1 - 0\n",
                           "s:3: thread 1 listed out of order (expected thread 0)"));
    CHECK(parse_fails_with("ravel-schedule 1\nprogram p.c\nthread 0 - 0\nthread 1 1 0\n",
                           "s:4: bad parent '1' of thread 1 (a smaller thread id, or -)"));
    CHECK(parse_fails_with("ravel-schedule 1\nprogram p.c\nthread 0 - 0\nthread 1 0\n",
                           "s:4: expected 'thread ID PARENT INDEX'"));
    CHECK(parse_fails_with(
        "ravel-schedule 1\nprogram p.c\nthread 0 - 0\nthread 1 0 0\nsteps\n0 1\n1 2\n",
        "s:7: bad step '2' (expected THREAD or THREAD:VALUE, thread < 2)"));
    CHECK(parse_fails_with("ravel-schedule 1\nprogram p.c\nsteps 0 1:x\n",
                           "s:3: bad step '1:x' (expected THREAD or THREAD:VALUE, thread < 16384)"));
    CHECK(parse_fails_with("ravel-schedule 1\nprogram p.c\nsteps 0 -1\n",
                           "s:3: bad step '-1' (expected THREAD or THREAD:VALUE, thread < 16384)"));
    CHECK(parse_fails_with("ravel-schedule 1\nprogram 'p.c\nsteps\n",
                           "s:2: unclosed quote in 'program'"));
    CHECK(parse_fails_with("ravel-schedule 1\nprogram\nsteps\n", "s:2: 'program' names no file"));
    CHECK(parse_fails_with(
        "ravel-schedule 1\nprogram p.c\nsteps 99999999999999999999999\n",
        "s:3: bad step '99999999999999999999999' (expected THREAD or THREAD:VALUE, thread < 16384)"));
    /* accepted: comments, blank lines, CRLF, steps on the steps line */
    rv_schedfile f;
    char err[256];
    CHECK(rv_schedfile_parse(
              "# x\r\n\r\nravel-schedule 1\r\nprogram p.c\r\nsteps 0 1:3\r\n\r\n# c\n2\n", "s", &f,
              err, sizeof err) == 0);
    CHECK(f.nsteps == 3 && f.steps[1].tid == 1 && f.steps[1].val == 3 && f.steps[2].tid == 2);
    rv_schedfile_free(&f);
    pass();
}

static void test_schedule_str(void)
{
    current = "schedule_string";
    rv_step s[] = {{.tid = 0}, {.tid = 0}, {.tid = 1}, {.tid = 1, .val = 2}};
    char *str = rv_schedule_str(s, 4);
    CHECK(!strcmp(str, "0 0 1 1:2"));
    free(str);
    str = rv_schedule_str(s, 0);
    CHECK(!strcmp(str, ""));
    free(str);
    pass();
}

static void test_shell_quote(void)
{
    current = "shell_quote";
    const char *words[] = {"plain.c", "-DN=3", "a b", "it's", "", "$HOME", "x\"y"};
    const char *want[] = {"plain.c", "-DN=3", "'a b'", "'it'\\''s'", "''", "'$HOME'", "'x\"y'"};
    for (int i = 0; i < 7; i++) {
        char *q = rv_shell_quote(words[i]);
        CHECK(!strcmp(q, want[i]));
        char **w;
        size_t n;
        CHECK(rv_shell_split(q, &w, &n) == 0 && n == 1 && !strcmp(w[0], words[i]));
        free(w[0]);
        free(w);
        free(q);
    }
    pass();
}

static void test_json_escape(void)
{
    current = "json_escape";
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    rv_json_str(f, "a\"b\\c\nd\te\x01\x1f\x7f é");
    fputc(' ', f);
    rv_json_str(f, NULL);
    fclose(f);
    CHECK(!strcmp(buf, "\"a\\\"b\\\\c\\nd\\te\\u0001\\u001f\\u007f é\" null"));
    free(buf);
    pass();
}

/* Run the option parser on a command line; returns its result. */
static int parse(const char *cmd, rv_cli_opts *o, int argc, char **argv)
{
    rv_cli_defaults(o);
    return rv_cli_parse(argc, argv, cmd, o);
}

static void test_options(void)
{
    current = "option_parser";
    rv_cli_opts o;
    char *a1[] = {"check",    "--algo=dfs",    "--max-events",
                  "50",       "--timeout=2.5", "--nondet-domain=-3:7",
                  "--alt=k2", "--memory=drf",  "--no-cutoffs",
                  "--json",   "p.c",           "q.c",
                  "--",       "-DN=2",         "--json"};
    CHECK(parse("check", &o, 15, a1) == 0);
    CHECK(!strcmp(o.algo, "dfs") && o.lim.max_events == 50 && o.lim.timeout_s == 2.5);
    CHECK(o.lim.nondet_lo == -3 && o.lim.nondet_hi == 7 && o.opt.alt_k == 2);
    CHECK(o.opt.memory == RV_MEM_DRF && !o.opt.cutoffs && o.json);
    CHECK(o.npos == 2 && !strcmp(o.pos[1], "q.c") && o.ncflags == 2 &&
          !strcmp(o.cflags[1], "--json"));
    size_t n;
    char **ro = rv_cli_replay_options(&o, &n);
    CHECK(n == 3 && !strcmp(ro[0], "--memory=drf") && !strcmp(ro[1], "--nondet-domain=-3:7") &&
          !strcmp(ro[2], "--max-events=50"));
    CHECK(o.lim.drf);
    for (size_t i = 0; i < n; i++)
        free(ro[i]);
    free(ro);
    rv_cli_opts_free(&o);
    /* defaults */
    char *a2[] = {"check", "p.c"};
    CHECK(parse("check", &o, 2, a2) == 0);
    CHECK(o.lim.max_events == 100000 && o.lim.timeout_s == 10 && o.lim.max_heap_mb == 1024);
    CHECK(o.lim.nondet_lo == -1 && o.lim.nondet_hi == 2 && o.opt.cutoffs && !o.opt.keep_going);
    CHECK(!strcmp(o.out_dir, "ravel-out") && o.algo == NULL);
    rv_cli_opts_free(&o);
    /* rejected */
    const char *bad[] = {"--max-events=0",
                         "--max-events=-5",
                         "--max-events=1x",
                         "--timeout=-1",
                         "--timeout=nan",
                         "--nondet-domain=3:1",
                         "--nondet-domain=1",
                         "--alt=k0",
                         "--memory=tso",
                         "--bogus",
                         "-x",
                         "--json=1",
                         "--max-executions=",
                         "--max-memory=0"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char *a[] = {"check", (char *)bad[i], "p.c"};
        if (parse("check", &o, 3, a) != -1) {
            printf("# accepted %s\n", bad[i]);
            CHECK(0);
        }
        rv_cli_opts_free(&o);
    }
    char *a3[] = {"check", "--algo"};
    CHECK(parse("check", &o, 2, a3) == -1);
    rv_cli_opts_free(&o);
    char *a4[] = {"replay", "--keep-going", "p.c", "s"};
    CHECK(parse("replay", &o, 4, a4) == -1);
    rv_cli_opts_free(&o);
    pass();
}

int main(void)
{
    /* the parser's messages are for users; keep them out of the test's output */
    if (!freopen("/dev/null", "w", stderr)) return 2;
    test_roundtrip();
    test_bad_files();
    test_schedule_str();
    test_shell_quote();
    test_json_escape();
    test_options();
    return failures ? 1 : 0;
}
