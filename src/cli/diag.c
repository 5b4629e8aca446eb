/*
 * diag.c — the compiler's diagnostics as the user sees them.
 *
 * ravel compiles the program several times over (a preprocessor run for
 * the cache key, the compile with ThreadSanitizer instrumentation, a
 * retry with -fgnu89-inline, C++ sources), with flags of its own.  What
 * the compiler says about those is ravel's business, never the user's:
 *  - "argument unused during compilation: 'F'" for a flag F that ravel
 *    added (-fsanitize=thread, -O0, -g, ...; a preprocessed `.i` input
 *    makes every compile flag unused in the preprocessor run), and
 *    "previously preprocessed input" for a `.i` file, are dropped; the
 *    same warning about a flag the user gave after `--` is kept, but for
 *    a `.i` input (there it comes from ravel's preprocessor run, and the
 *    flag does act in the compile);
 *  - the same diagnostic (its first line and the lines of context that
 *    follow it) is shown once, however many runs printed it;
 *  - "N warnings generated." counts lines are dropped (they count a run's
 *    diagnostics, not what is shown).
 * What is left is printed under one line that says whose it is:
 *   ravel check: the compiler's warnings on prog.c (built with -O0 -g and
 *   ThreadSanitizer instrumentation; not ravel's findings):
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "../core/util.h"

/* The flag named in "...argument unused during compilation: 'F' [...]". */
static bool unused_flag(const char *line, char *flag, size_t cap)
{
    const char *k = strstr(line, "argument unused during compilation: '");
    if (!k) return false;
    k += strlen("argument unused during compilation: '");
    const char *e = strchr(k, '\'');
    if (!e) return false;
    snprintf(flag, cap, "%.*s", (int)(e - k), k);
    return true;
}

static bool users_flag(const char *flag, char *const *flags, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(flags[i], flag)) return true;
    return false;
}

/* "N warnings generated." and the like. */
static bool count_line(const char *line)
{
    size_t k = strspn(line, "0123456789");
    return k &&
           (!strcmp(line + k, " warning generated.") || !strcmp(line + k, " warnings generated.") ||
            !strcmp(line + k, " error generated.") || !strcmp(line + k, " errors generated.") ||
            !strcmp(line + k, " warnings and 1 error generated.") ||
            strstr(line + k, " warnings and ") != NULL);
}

/* A diagnostic about ravel's own doing (above). */
static bool ravels_own(const char *line, char *const *flags, size_t n, bool preprocessed)
{
    char flag[256];
    if (unused_flag(line, flag, sizeof flag)) return preprocessed || !users_flag(flag, flags, n);
    return strstr(line, ": previously preprocessed input") != NULL;
}

/* A line that starts a diagnostic ("file:line:col: warning: ...", "cc:
 * warning: ...", "In function ..."), as opposed to its context lines. */
static bool starts_diagnostic(const char *line)
{
    return line[0] && line[0] != ' ' && line[0] != '\t' && strchr(line, ':');
}

char *rv_diag_filter(const char *diag, char *const *flags, size_t nflags, bool preprocessed)
{
    size_t cap = strlen(diag) + 1, len = 0;
    char *out = rv_xmalloc(cap);
    out[0] = 0;
    char *copy = rv_xstrdup(diag);
    /* blocks: a diagnostic line and its context; kept unless seen */
    char **seen = NULL;
    size_t nseen = 0;
    char *block = NULL;
    size_t blen = 0;
    bool drop = false;
    char *save = NULL;
    for (char *line = strtok_r(copy, "\n", &save);; line = strtok_r(NULL, "\n", &save)) {
        if (!line || starts_diagnostic(line)) {
            /* the block so far is complete */
            if (block && !drop) {
                bool dup = false;
                for (size_t i = 0; i < nseen && !dup; i++) dup = !strcmp(seen[i], block);
                if (!dup) {
                    memcpy(out + len, block, blen + 1);
                    len += blen;
                    seen = rv_xrealloc(seen, (nseen + 1) * sizeof *seen);
                    seen[nseen++] = block;
                    block = NULL;
                }
            }
            free(block);
            block = NULL;
            blen = 0;
            if (!line) break;
            drop = ravels_own(line, flags, nflags, preprocessed);
        }
        if (count_line(line)) continue;
        size_t k = strlen(line);
        block = rv_xrealloc(block, blen + k + 2);
        memcpy(block + blen, line, k);
        blen += k;
        block[blen++] = '\n';
        block[blen] = 0;
    }
    for (size_t i = 0; i < nseen; i++) free(seen[i]);
    free(seen);
    free(copy);
    return out;
}

void rv_diag_show(FILE *f, const char *diag, const rv_cli_opts *o, const char *cmd,
                  const char *program, bool failed)
{
    if (!diag || !*diag) return;
    bool pre = false;
    for (size_t i = 0; i < o->npos; i++) {
        size_t n = strlen(o->pos[i]);
        pre |= n > 2 && !strcmp(o->pos[i] + n - 2, ".i");
    }
    char *text = rv_diag_filter(diag, o->cflags, o->ncflags, pre);
    if (*text && !failed)
        fprintf(f,
                "ravel %s: the compiler's warnings on %s (built with -O0 -g and ThreadSanitizer "
                "instrumentation; not ravel's findings):\n",
                cmd, program);
    fputs(text, f);
    free(text);
}
