/* task.c — SV-COMP task definition files (format_version 2.0) and their
 * property files (.prp).
 *
 * The subset of YAML read (every sv-benchmarks task file is written in
 * it): `key: value` lines, nesting by indentation, block sequences
 * (`- item`, `- key: value` starting a mapping), flow sequences
 * (`[a, b]`), plain and quoted scalars ('...', "..." without escapes), and
 * `#` comments.  Anything else (anchors, multi-line scalars, ...) is
 * rejected with its line number rather than misread.  Keys used:
 *   input_files: FILE | [FILE...] | - FILE...   (relative to the task file)
 *   properties: - property_file: P.prp
 *                 expected_verdict: true|false
 *                 subproperty: valid-deref     (optional)
 *   options: language: C, data_model: ILP32|LP64
 * Expected verdicts are not used; they are shown for the user.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "cli.h"

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *s = rv_xmalloc(cap);
    size_t r;
    while ((r = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (n + 1 == cap) s = rv_xrealloc(s, cap *= 2);
    }
    fclose(f);
    s[n] = 0;
    return s;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = 0;
    return s;
}

/* Cut a comment: '#' at the start or after a blank, outside quotes. */
static void strip_comment(char *s)
{
    char q = 0;
    for (char *p = s; *p; p++) {
        if (q) {
            if (*p == q) q = 0;
        } else if (*p == '\'' || *p == '"') {
            q = *p;
        } else if (*p == '#' && (p == s || p[-1] == ' ' || p[-1] == '\t')) {
            *p = 0;
            return;
        }
    }
}

/* A scalar without its quotes (in place); NULL if a quote is unclosed. */
static char *unquote(char *s)
{
    s = trim(s);
    size_t n = strlen(s);
    if (n && (s[0] == '\'' || s[0] == '"')) {
        if (n < 2 || s[n - 1] != s[0]) return NULL;
        s[n - 1] = 0;
        return s + 1;
    }
    return s;
}

typedef struct parser {
    const char *path;
    char *dir; /* the task file's directory, with a trailing '/', or "" */
    rv_task *t;
    int line;
    char **props, **expect, **sub; /* per property entry */
    size_t nprops;
} parser;

static int perr(parser *p, const char *fmt, const char *arg)
{
    fprintf(stderr, "ravel check: %s:%d: ", p->path, p->line);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return -1;
}

static char *resolve(const parser *p, const char *f)
{
    return f[0] == '/' ? rv_xstrdup(f) : rv_xasprintf("%s%s", p->dir, f);
}

static void add_input(parser *p, const char *f)
{
    rv_task *t = p->t;
    t->inputs = rv_xrealloc(t->inputs, (t->ninputs + 1) * sizeof *t->inputs);
    t->inputs[t->ninputs++] = resolve(p, f);
}

/* `[a, 'b', c]` */
static int flow_inputs(parser *p, char *v)
{
    size_t n = strlen(v);
    if (v[n - 1] != ']') return perr(p, "unterminated flow sequence '%s'", v);
    v[n - 1] = 0;
    for (char *tok = strtok(v + 1, ","); tok; tok = strtok(NULL, ",")) {
        char *f = unquote(tok);
        if (!f) return perr(p, "unclosed quote in '%s'", tok);
        if (*f) add_input(p, f);
    }
    return 0;
}

static void new_property(parser *p)
{
    size_t n = p->nprops + 1;
    p->props = rv_xrealloc(p->props, n * sizeof *p->props);
    p->expect = rv_xrealloc(p->expect, n * sizeof *p->expect);
    p->sub = rv_xrealloc(p->sub, n * sizeof *p->sub);
    p->props[p->nprops] = p->expect[p->nprops] = p->sub[p->nprops] = NULL;
    p->nprops = n;
}

static void set_str(char **dst, const char *v)
{
    free(*dst);
    *dst = rv_xstrdup(v);
}

/* key: value inside the section `top` (NULL at the top level). */
static int keyval(parser *p, const char *top, const char *key, char *v)
{
    if (!top) {
        if (!strcmp(key, "input_files")) {
            if (!*v) return 0; /* a block sequence follows */
            if (v[0] == '[') return flow_inputs(p, v);
            char *f = unquote(v);
            if (!f) return perr(p, "unclosed quote in '%s'", v);
            add_input(p, f);
        }
        return 0; /* format_version, properties:, options:, unknown keys */
    }
    char *s = unquote(v);
    if (!s) return perr(p, "unclosed quote in '%s'", v);
    if (!strcmp(top, "properties")) {
        if (!p->nprops) return perr(p, "'%s' outside a property entry", key);
        size_t i = p->nprops - 1;
        if (!strcmp(key, "property_file")) set_str(&p->props[i], s);
        if (!strcmp(key, "expected_verdict")) set_str(&p->expect[i], s);
        if (!strcmp(key, "subproperty")) set_str(&p->sub[i], s);
    } else if (!strcmp(top, "options") && !strcmp(key, "data_model")) {
        if (strcmp(s, "ILP32") && strcmp(s, "LP64"))
            return perr(p, "data_model '%s' (expected ILP32 or LP64)", s);
        set_str(&p->t->data_model, s);
    } else if (!strcmp(top, "options") && !strcmp(key, "language")) {
        if (strcmp(s, "C")) return perr(p, "language '%s': ravel checks C programs", s);
    }
    return 0;
}

static int parse_line(parser *p, char *raw, char *top, size_t topcap)
{
    strip_comment(raw);
    size_t indent = strspn(raw, " ");
    char *s = trim(raw);
    if (!*s || !strcmp(s, "---")) return 0;
    if (raw[indent] == '\t') return perr(p, "%s", "a tab in the indentation");
    if (indent == 0) {
        char *colon = strchr(s, ':');
        if (!colon) return perr(p, "expected 'key: value', got '%s'", s);
        *colon = 0;
        snprintf(top, topcap, "%s", trim(s));
        return keyval(p, NULL, top, trim(colon + 1));
    }
    if (!top[0]) return perr(p, "indented line '%s' outside a section", s);
    if (s[0] == '-' && (s[1] == ' ' || !s[1])) {
        char *item = trim(s + 1);
        if (!strcmp(top, "input_files")) {
            char *f = unquote(item);
            if (!f) return perr(p, "unclosed quote in '%s'", item);
            add_input(p, f);
            return 0;
        }
        if (!strcmp(top, "properties")) new_property(p);
        s = item;
        if (!*s) return 0;
    }
    if (s[0] == '&' || s[0] == '*' || s[0] == '|' || s[0] == '>')
        return perr(p, "unsupported YAML construct '%s'", s);
    char *colon = strstr(s, ": ");
    if (!colon && s[strlen(s) - 1] == ':') colon = s + strlen(s) - 1;
    if (!colon) return perr(p, "expected 'key: value', got '%s'", s);
    *colon = 0;
    return keyval(p, top, trim(s), trim(colon + 1));
}

/* ---- property files ----------------------------------------------------- */

int rv_prp_property(const char *text, char **what)
{
    /* the formula without blanks: "CHECK(init(main()),LTL(G!call(reach_error())))" */
    size_t n = strlen(text);
    char *f = rv_xmalloc(n + 1), *o = f;
    for (const char *c = text; *c; c++)
        if (!isspace((unsigned char)*c)) *o++ = *c;
    *o = 0;
    static const struct {
        const char *ltl;
        rv_property p;
    } known[] = {
        {"LTL(G!call(reach_error()))", RV_PROP_UNREACH_CALL},
        {"LTL(G!call(__VERIFIER_error()))", RV_PROP_UNREACH_CALL},
        {"LTL(G!data-race)", RV_PROP_NO_DATA_RACE},
        {"LTL(G!deadlock)", RV_PROP_NO_DEADLOCK}, /* ravel's own; not an SV-COMP property */
        {"LTL(Gvalid-free)", RV_PROP_VALID_MEMSAFETY},
        {"LTL(Gvalid-deref)", RV_PROP_VALID_MEMSAFETY},
        {"LTL(Gvalid-memtrack)", RV_PROP_VALID_MEMSAFETY},
    };
    int found = -1;
    bool other = false;
    for (char *line = f; *line;) {
        char *c = strstr(line, "CHECK(");
        if (!c) break;
        char *next = strstr(c + 6, "CHECK(");
        if (next) *next = 0;
        int this = -1;
        if (!strncmp(c + 6, "init(main()),", 13))
            for (size_t i = 0; i < sizeof known / sizeof *known; i++)
                if (!strncmp(c + 19, known[i].ltl, strlen(known[i].ltl))) this = (int)known[i].p;
        if (this < 0 || (found >= 0 && this != found)) other = true;
        found = this;
        if (!next) break;
        *next = 'C';
        line = next;
    }
    if (found < 0 || other) {
        *what = rv_xstrdup(text);
        size_t k = strlen(*what);
        while (k && isspace((unsigned char)(*what)[k - 1])) (*what)[--k] = 0;
        found = -1;
    }
    free(f);
    return found;
}

/* The property of entry i: its rv_property or -1 (message printed when
 * `loud`). */
static int entry_property(parser *p, size_t i, bool loud, char **resolved)
{
    if (!p->props[i]) {
        if (loud)
            fprintf(stderr, "ravel check: %s: a property entry without property_file\n", p->path);
        return -2;
    }
    *resolved = resolve(p, p->props[i]);
    char *text = read_text(*resolved);
    if (!text) {
        if (loud)
            fprintf(stderr, "ravel check: %s: cannot read the property file %s: %s\n", p->path,
                    *resolved, strerror(errno));
        return -2;
    }
    char *what = NULL;
    int prop = rv_prp_property(text, &what);
    if (prop < 0 && loud)
        fprintf(stderr,
                "ravel check: %s: unsupported property in %s: %s (ravel checks unreach-call, "
                "no-data-race, valid-memsafety and its own no-deadlock)\n",
                p->path, *resolved, what);
    free(what);
    free(text);
    return prop;
}

/* A property file ravel does not check, by its name: the test-generation
 * ones (coverage-*.prp) and those of other categories.  Tasks list them
 * beside unreach-call (coverage-error-call.prp, coverage-branches.prp), and
 * sv-benchmarks renamed or dropped some of them since: such an entry is
 * skipped when its file is missing, instead of failing the task. */
static bool unchecked_prp_name(const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    static const char *const names[] = {"termination.prp", "no-overflow.prp",
                                        "valid-memcleanup.prp", "def-behavior.prp"};
    if (!strncmp(b, "coverage-", 9)) return true;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(b, names[i])) return true;
    return false;
}

/* Pick the property: the one --property names, else the task's only
 * supported one. */
static int choose_property(parser *p, int want)
{
    rv_task *t = p->t;
    int chosen = -1, nsupported = 0;
    for (size_t i = 0; i < p->nprops; i++) {
        char *res = NULL;
        int prop = entry_property(p, i, false, &res);
        if (prop == -2 && p->props[i] && unchecked_prp_name(p->props[i])) {
            free(res); /* missing, and not a property ravel checks: skip it */
            continue;
        }
        if (prop == -2) { /* unreadable: say why */
            free(res);
            res = NULL;
            entry_property(p, i, true, &res);
            free(res);
            return -1;
        }
        bool take = want >= 0 ? prop == want : prop >= 0 && chosen < 0;
        nsupported += prop >= 0;
        if (take) {
            chosen = (int)i;
            t->property = prop;
            t->property_file = res;
            if (p->expect[i]) t->expected = rv_xstrdup(p->expect[i]);
            if (p->sub[i]) t->expected_sub = rv_xstrdup(p->sub[i]);
        } else {
            free(res);
        }
    }
    if (chosen >= 0 && want < 0 && nsupported > 1) {
        fprintf(stderr,
                "ravel check: %s: the task lists several properties ravel checks; choose one "
                "with --property\n",
                p->path);
        return -1;
    }
    if (chosen >= 0) return 0;
    if (want >= 0) { /* --property not in the task: checked anyway */
        fprintf(stderr, "ravel check: note: %s does not list --property=%s; checked anyway\n",
                p->path, rv_property_name((rv_property)want));
        return 0;
    }
    if (!p->nprops) {
        fprintf(stderr, "ravel check: %s: the task lists no property (give --property)\n", p->path);
        return -1;
    }
    for (size_t i = 0; i < p->nprops; i++) {
        char *res = NULL;
        int prop = entry_property(p, i, false, &res);
        free(res);
        res = NULL;
        if (prop == -2 && p->props[i] && unchecked_prp_name(p->props[i])) continue;
        entry_property(p, i, true, &res); /* prints why it is unsupported */
        free(res);
        return -1;
    }
    fprintf(stderr,
            "ravel check: %s: the task lists only properties ravel does not check (ravel checks "
            "unreach-call, no-data-race, valid-memsafety and its own no-deadlock)\n",
            p->path);
    return -1;
}

int rv_task_read(const char *path, int want, rv_task *t)
{
    memset(t, 0, sizeof *t);
    t->property = -1;
    char *text = read_text(path);
    if (!text) {
        fprintf(stderr, "ravel check: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    parser p = {.path = path, .t = t};
    const char *slash = strrchr(path, '/');
    p.dir = slash ? rv_xasprintf("%.*s/", (int)(slash - path), path) : rv_xstrdup("");
    char top[64] = "";
    int rc = 0;
    for (char *line = text; line && rc == 0;) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = 0;
        p.line++;
        rc = parse_line(&p, line, top, sizeof top);
        line = nl ? nl + 1 : NULL;
    }
    if (rc == 0 && !t->ninputs) {
        fprintf(stderr, "ravel check: %s: the task lists no input_files\n", path);
        rc = -1;
    }
    if (rc == 0) rc = choose_property(&p, want);
    for (size_t i = 0; i < p.nprops; i++) free(p.props[i]), free(p.expect[i]), free(p.sub[i]);
    free(p.props), free(p.expect), free(p.sub);
    free(p.dir);
    free(text);
    return rc;
}

void rv_task_free(rv_task *t)
{
    for (size_t i = 0; i < t->ninputs; i++) free(t->inputs[i]);
    free(t->inputs);
    free(t->property_file);
    free(t->expected);
    free(t->expected_sub);
    free(t->data_model);
    memset(t, 0, sizeof *t);
}
