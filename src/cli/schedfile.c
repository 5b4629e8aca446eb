/* schedfile.c — schedule files: write, parse, and their small helpers; the
 * format is in cli.h and docs/CLI.md. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/util.h"

#define WRAP 80

/* ---- shell words ---------------------------------------------------------- */

char *rv_shell_quote(const char *w)
{
    bool plain = *w != 0;
    for (const char *p = w; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%", *p))
            plain = false;
    if (plain) return rv_xstrdup(w);
    /* '...' with each ' written as '\'' */
    size_t n = 3;
    for (const char *p = w; *p; p++) n += *p == '\'' ? 4 : 1;
    char *q = rv_xmalloc(n), *o = q;
    *o++ = '\'';
    for (const char *p = w; *p; p++) {
        if (*p == '\'') {
            memcpy(o, "'\\''", 4);
            o += 4;
        } else {
            *o++ = *p;
        }
    }
    *o++ = '\'';
    *o = 0;
    return q;
}

int rv_shell_split(const char *line, char ***words, size_t *n)
{
    *words = NULL;
    *n = 0;
    size_t cap = 0, len = strlen(line);
    char *w = rv_xmalloc(len + 1);
    const char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        size_t k = 0;
        while (*p && *p != ' ' && *p != '\t') {
            if (*p == '\'') {
                const char *end = strchr(p + 1, '\'');
                if (!end) {
                    free(w);
                    for (size_t i = 0; i < *n; i++) free((*words)[i]);
                    free(*words);
                    *words = NULL;
                    *n = 0;
                    return -1;
                }
                memcpy(w + k, p + 1, (size_t)(end - p - 1));
                k += (size_t)(end - p - 1);
                p = end + 1;
            } else if (*p == '\\' && p[1]) {
                w[k++] = p[1];
                p += 2;
            } else {
                w[k++] = *p++;
            }
        }
        w[k] = 0;
        if (*n == cap) {
            cap = cap ? 2 * cap : 8;
            *words = rv_xrealloc(*words, cap * sizeof **words);
        }
        (*words)[(*n)++] = rv_xstrdup(w);
    }
    free(w);
    return 0;
}

char *rv_schedule_str(const rv_step *s, size_t n)
{
    size_t cap = n * 24 + 1, len = 0;
    char *out = rv_xmalloc(cap);
    out[0] = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i].val)
            len +=
                (size_t)snprintf(out + len, cap - len, "%s%u:%u", i ? " " : "", s[i].tid, s[i].val);
        else
            len += (size_t)snprintf(out + len, cap - len, "%s%u", i ? " " : "", s[i].tid);
    }
    return out;
}

/* ---- writing -------------------------------------------------------------- */

static void put_words(FILE *f, const char *key, char *const *w, size_t n)
{
    fputs(key, f);
    for (size_t i = 0; i < n; i++) {
        char *q = rv_shell_quote(w[i]);
        fprintf(f, " %s", q);
        free(q);
    }
    fputc('\n', f);
}

static void put_steps(FILE *f, const rv_step *s, size_t n)
{
    fputs("steps\n", f);
    size_t col = 0;
    for (size_t i = 0; i < n; i++) {
        char tok[32];
        int k = s[i].val ? snprintf(tok, sizeof tok, "%u:%u", s[i].tid, s[i].val)
                         : snprintf(tok, sizeof tok, "%u", s[i].tid);
        if (col && col + 1 + (size_t)k > WRAP) {
            fputc('\n', f);
            col = 0;
        }
        if (col) fputc(' ', f), col++;
        fputs(tok, f);
        col += (size_t)k;
    }
    if (col) fputc('\n', f);
}

int rv_schedfile_write(const char *path, const rv_schedfile *sf, const char *comment, char *err,
                       size_t errcap)
{
    char *tmp = rv_xasprintf("%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errcap, "cannot write %s: %s", tmp, strerror(errno));
        free(tmp);
        return -1;
    }
    if (comment) fprintf(f, "# %s\n", comment);
    fputs("ravel-schedule 1\n", f);
    put_words(f, "program", sf->program, sf->nprogram);
    if (sf->ncflags) put_words(f, "cflags", sf->cflags, sf->ncflags);
    if (sf->noptions) put_words(f, "options", sf->options, sf->noptions);
    if (sf->livelock) fputs("outcome livelock\n", f);
    for (unsigned t = 0; t < sf->nthreads; t++) {
        if (sf->parent[t] == RV_NO_THREAD)
            fprintf(f, "thread %u - %u\n", t, sf->index[t]);
        else
            fprintf(f, "thread %u %u %u\n", t, sf->parent[t], sf->index[t]);
    }
    put_steps(f, sf->steps, sf->nsteps);
    bool ok = !ferror(f);
    if (fclose(f) != 0) ok = false;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errcap, "cannot write %s: %s", path, strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

/* ---- parsing -------------------------------------------------------------- */

typedef struct parser {
    const char *name;
    unsigned line;
    char *err;
    size_t errcap;
} parser;

static int perr(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int perr(parser *p, const char *fmt, ...)
{
    int k = snprintf(p->err, p->errcap, "%s:%u: ", p->name, p->line);
    va_list ap;
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < p->errcap) vsnprintf(p->err + k, p->errcap - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

/* A decimal number in [0, max], the whole of [s, s+n). */
static bool parse_num(const char *s, size_t n, unsigned long max, unsigned long *out)
{
    if (n == 0 || n > 20) return false;
    unsigned long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        unsigned long d = (unsigned long)(s[i] - '0');
        if (v > max / 10 || (v == max / 10 && d > max % 10)) return false; /* v*10+d > max */
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static int parse_thread_line(parser *p, const char *rest, rv_schedfile *f)
{
    char id[32], par[32], idx[32], extra[2];
    if (sscanf(rest, "%31s %31s %31s %1s", id, par, idx, extra) != 3)
        return perr(p, "expected 'thread ID PARENT INDEX'");
    unsigned long t, pa = RV_NO_THREAD, ix;
    if (!parse_num(id, strlen(id), RV_MAX_THREADS - 1, &t))
        return perr(p, "bad thread id '%s' (0..%d)", id, RV_MAX_THREADS - 1);
    if (t != f->nthreads)
        return perr(p, "thread %lu listed out of order (expected thread %u)", t, f->nthreads);
    if (strcmp(par, "-") && (!parse_num(par, strlen(par), RV_MAX_THREADS - 1, &pa) || pa >= t))
        return perr(p, "bad parent '%s' of thread %lu (a smaller thread id, or -)", par, t);
    if (!parse_num(idx, strlen(idx), UINT32_MAX, &ix))
        return perr(p, "bad index '%s' of thread %lu", idx, t);
    f->parent[t] = (uint16_t)pa;
    f->index[t] = (uint32_t)ix;
    f->nthreads++;
    return 0;
}

static int parse_step_tokens(parser *p, const char *line, rv_schedfile *f, size_t *cap)
{
    const char *s = line;
    for (;;) {
        while (*s == ' ' || *s == '\t') s++;
        if (!*s) return 0;
        size_t n = strcspn(s, " \t");
        const char *colon = memchr(s, ':', n);
        size_t tn = colon ? (size_t)(colon - s) : n;
        unsigned long tid, val = 0;
        unsigned long maxt = f->nthreads ? f->nthreads - 1 : RV_MAX_THREADS - 1;
        if (!parse_num(s, tn, maxt, &tid) ||
            (colon && !parse_num(colon + 1, n - tn - 1, UINT32_MAX, &val)))
            return perr(p, "bad step '%.*s' (expected THREAD or THREAD:VALUE, thread < %lu)",
                        (int)n, s, maxt + 1);
        if (f->nsteps == *cap) {
            *cap = *cap ? 2 * *cap : 256;
            f->steps = rv_xrealloc(f->steps, *cap * sizeof *f->steps);
        }
        f->steps[f->nsteps++] = (rv_step){.tid = (uint16_t)tid, .val = (uint32_t)val};
        s += n;
    }
}

static int parse_words(parser *p, const char *rest, char ***w, size_t *n, const char *what)
{
    if (*w) return perr(p, "second '%s' line", what);
    if (rv_shell_split(rest, w, n) < 0) return perr(p, "unclosed quote in '%s'", what);
    return 0;
}

static int parse_line(parser *p, char *line, rv_schedfile *f, bool *header, bool *in_steps,
                      size_t *cap)
{
    if (*in_steps) return parse_step_tokens(p, line, f, cap);
    char *sp = line + strcspn(line, " \t");
    char *rest = *sp ? sp + 1 + strspn(sp + 1, " \t") : sp;
    *sp = 0;
    if (!*header) {
        if (strcmp(line, "ravel-schedule"))
            return perr(p, "not a ravel schedule file (expected 'ravel-schedule 1')");
        if (strcmp(rest, "1"))
            return perr(p, "unsupported schedule file version '%s' (this ravel reads 1)", rest);
        *header = true;
        return 0;
    }
    if (!strcmp(line, "program")) {
        if (parse_words(p, rest, &f->program, &f->nprogram, "program") < 0) return -1;
        return f->nprogram ? 0 : perr(p, "'program' names no file");
    }
    if (!strcmp(line, "cflags")) return parse_words(p, rest, &f->cflags, &f->ncflags, "cflags");
    if (!strcmp(line, "options")) return parse_words(p, rest, &f->options, &f->noptions, "options");
    if (!strcmp(line, "thread")) return parse_thread_line(p, rest, f);
    if (!strcmp(line, "outcome")) {
        if (strcmp(rest, "livelock"))
            return perr(p, "unknown outcome '%s' (expected livelock)", rest);
        f->livelock = true;
        return 0;
    }
    if (!strcmp(line, "steps")) {
        *in_steps = true;
        return parse_step_tokens(p, rest, f, cap);
    }
    return perr(
        p, "unknown line '%s' (expected program, cflags, options, outcome, thread or steps)", line);
}

int rv_schedfile_parse(const char *text, const char *name, rv_schedfile *f, char *err,
                       size_t errcap)
{
    memset(f, 0, sizeof *f);
    parser p = {name, 0, err, errcap};
    bool header = false, in_steps = false;
    size_t cap = 0;
    char *copy = rv_xstrdup(text);
    int rc = 0;
    for (char *line = copy; line && rc == 0;) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = 0;
        p.line++;
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r') line[--n] = 0;
        char *s = line + strspn(line, " \t");
        if (*s && *s != '#') rc = parse_line(&p, s, f, &header, &in_steps, &cap);
        line = nl ? nl + 1 : NULL;
    }
    free(copy);
    p.line = 0;
    if (rc == 0 && !header) {
        snprintf(err, errcap, "%s: empty file, not a ravel schedule file", name);
        rc = -1;
    } else if (rc == 0 && !f->program) {
        snprintf(err, errcap, "%s: no 'program' line", name);
        rc = -1;
    } else if (rc == 0 && !in_steps) {
        snprintf(err, errcap, "%s: no 'steps' line", name);
        rc = -1;
    }
    if (rc != 0) rv_schedfile_free(f);
    return rc;
}

int rv_schedfile_read(const char *path, rv_schedfile *f, char *err, size_t errcap)
{
    memset(f, 0, sizeof *f);
    FILE *in = fopen(path, "r");
    if (!in) {
        snprintf(err, errcap, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    char *text = rv_xmalloc(cap);
    size_t r;
    while ((r = fread(text + n, 1, cap - n - 1, in)) > 0) {
        n += r;
        if (cap - n - 1 == 0) text = rv_xrealloc(text, cap *= 2);
    }
    bool bad = ferror(in);
    fclose(in);
    text[n] = 0;
    if (bad || memchr(text, 0, n)) {
        snprintf(err, errcap, "%s: %s", path,
                 bad ? "read error" : "binary data, not a schedule file");
        free(text);
        return -1;
    }
    int rc = rv_schedfile_parse(text, path, f, err, errcap);
    free(text);
    return rc;
}

void rv_schedfile_free(rv_schedfile *f)
{
    for (size_t i = 0; i < f->nprogram; i++) free(f->program[i]);
    for (size_t i = 0; i < f->ncflags; i++) free(f->cflags[i]);
    for (size_t i = 0; i < f->noptions; i++) free(f->options[i]);
    free(f->options);
    free(f->program);
    free(f->cflags);
    free(f->steps);
    memset(f, 0, sizeof *f);
}
