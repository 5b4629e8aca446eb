/* depcache.c — direct look-up of the build cache; see depcache.h. */
#include "depcache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/util.h"

#define MAGIC "ravel-direct 1\n"

static bool deps_has(const rv_deps *d, const char *p, size_t n)
{
    /* markers repeat the same few files: look at the newest first */
    for (size_t i = d->n; i-- > 0;)
        if (!strncmp(d->path[i], p, n) && !d->path[i][n]) return true;
    return false;
}

static void deps_add(rv_deps *d, const char *p, size_t n)
{
    if (deps_has(d, p, n)) return;
    if (d->n == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 64;
        d->path = rv_xrealloc(d->path, d->cap * sizeof *d->path);
    }
    char *s = rv_xmalloc(n + 1);
    memcpy(s, p, n);
    s[n] = 0;
    d->path[d->n++] = s;
}

/* The file name of a line marker starting at `line` (after "# N "), unescaped
 * into out[0..cap); its length, or -1 if the line is no marker. */
static long marker_name(const char *line, const char *end, char *out, size_t cap)
{
    const char *p = line;
    if (p >= end || *p++ != '#' || p >= end || *p++ != ' ') return -1;
    if (p >= end || *p < '0' || *p > '9') return -1;
    while (p < end && *p >= '0' && *p <= '9') p++;
    if (end - p < 2 || p[0] != ' ' || p[1] != '"') return -1;
    p += 2;
    size_t n = 0;
    for (; p < end && *p != '"' && *p != '\n'; p++) {
        if (*p == '\\' && p + 1 < end) p++;
        if (n + 1 >= cap) return -1;
        out[n++] = *p;
    }
    if (p >= end || *p != '"') return -1;
    out[n] = 0;
    return (long)n;
}

void rv_deps_from_pp(rv_deps *d, const char *pp, size_t n)
{
    const char *end = pp + n;
    char name[4096];
    for (const char *line = pp; line < end;) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        const char *le = nl ? nl : end;
        long k = marker_name(line, le, name, sizeof name);
        if (k > 0 && name[0] != '<') deps_add(d, name, (size_t)k);
        line = nl ? nl + 1 : end;
    }
}

void rv_deps_free(rv_deps *d)
{
    for (size_t i = 0; i < d->n; i++) free(d->path[i]);
    free(d->path);
    memset(d, 0, sizeof *d);
}

/* XXH3-128 of a file's bytes as 32 hex digits; false if unreadable.  With
 * `clock`, also says whether the bytes mention a clock macro. */
static bool hash_file(const char *path, char hex[33], bool *clock)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    size_t cap = 1 << 16, n = 0, r;
    char *b = rv_xmalloc(cap);
    while ((r = fread(b + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) b = rv_xrealloc(b, cap *= 2);
    }
    bool ok = !ferror(f);
    fclose(f);
    if (ok) {
        rv_hash128 h = rv_hash(b, n);
        snprintf(hex, 33, "%016llx%016llx", (unsigned long long)h.hi, (unsigned long long)h.lo);
        if (clock)
            *clock = memmem(b, n, "__DATE__", 8) || memmem(b, n, "__TIME__", 8) ||
                     memmem(b, n, "__TIMESTAMP__", 13);
    }
    free(b);
    return ok;
}

static char *manifest_path(const char *root, const char *dkey)
{
    return rv_xasprintf("%s/%s.direct", root, dkey);
}

void rv_depcache_store(const char *root, const char *dkey, const char *key, const rv_deps *d)
{
    char *path = manifest_path(root, dkey);
    char *tmp = rv_xasprintf("%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    bool ok = f && fprintf(f, MAGIC "key %s\n", key) > 0;
    for (size_t i = 0; ok && i < d->n; i++) {
        char hex[33];
        bool clock = false;
        ok = !strchr(d->path[i], '\n') && hash_file(d->path[i], hex, &clock) && !clock &&
             fprintf(f, "%s %s\n", hex, d->path[i]) > 0;
    }
    if (f && fclose(f) != 0) ok = false;
    if (!ok || rename(tmp, path) != 0) unlink(tmp);
    free(tmp);
    free(path);
}

bool rv_depcache_lookup(const char *root, const char *dkey, char key[33])
{
    char *path = manifest_path(root, dkey);
    FILE *f = fopen(path, "r");
    free(path);
    if (!f) return false;
    char line[4200];
    bool ok = fgets(line, sizeof line, f) && !strcmp(line, MAGIC) && fgets(line, sizeof line, f) &&
              sscanf(line, "key %32[0-9a-f]", key) == 1 && strlen(key) == 32;
    while (ok && fgets(line, sizeof line, f)) {
        size_t n = strlen(line);
        if (n < 35 || line[n - 1] != '\n' || line[32] != ' ') {
            ok = false;
            break;
        }
        line[n - 1] = 0;
        line[32] = 0;
        char hex[33];
        ok = hash_file(line + 33, hex, NULL) && !strcmp(hex, line);
    }
    fclose(f);
    return ok;
}
