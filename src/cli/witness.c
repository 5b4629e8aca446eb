/*
 * witness.c — SV-COMP violation witnesses (issue 13 part 1).
 *
 * Contract: given a violation found under an SV-COMP property (rv_witness:
 * the program's source file, the property and its .prp file, the error
 * with its failing execution, and the backend that symbolizes code
 * addresses), write
 *  - rv_witness_graphml: a GraphML 1.0 violation witness in the format of
 *    sosy-lab/sv-witnesses (README "Exchange Format for Violation
 *    Witnesses"): graph data witness-type = violation_witness,
 *    sourcecodelang C, producer, specification (the .prp's text, or the
 *    property's formula when none was read), programfile, programhash
 *    (SHA-256 of the source file, computed here), architecture (64bit:
 *    ravel runs LP64 only), creationtime (UTC, ISO 8601).  The automaton
 *    is one path: an entry node, one edge per step of the failing
 *    execution whose code address lies in the program file (startline =
 *    its line, threadId = the acting thread's canonical id, 0 = main;
 *    createThread = the new thread's id on a pthread_create), then an
 *    edge for the error's own location, into the violation node.  Steps
 *    without a line of the program (thread exits, C library code) get no
 *    edge: a witness edge that matches no program edge would only stall a
 *    validator.  Lines of a preprocessed program (.i) are found through its
 *    line markers (the debug information names the original files).  A __VERIFIER_nondet_* step
 * carries its value as an assumption "\result == V;" with assumption.resultfunction, when its line
 * calls exactly one such function.
 *  - rv_witness_yaml: a format 2.0 violation witness (entry_type
 *    violation_sequence) for unreach-call only, and only when the call of
 *    reach_error is known: the error's location is a line of the program
 *    that calls reach_error (the runtime reports a call of the program's
 *    own reach_error at its call site, before the body runs: compile.c
 *    wire_targets); the target waypoint sits at that call, its column
 *    where "reach_error" starts.  Format 2.0 has no threads, so the
 * witness is one segment holding the target waypoint: it says where the violation is, not which
 * interleaving reaches it (that is the GraphML's job).  Returns 1 when it does not fit (nothing
 * written). Both write to a temporary file and rename it into place.  Return 0, or -1 with a
 * message in err.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../core/util.h"
#include "cli.h"

/* ---- SHA-256 (FIPS 180-4 §6.2) -------------------------------------------------------- */

typedef struct sha256 {
    uint32_t h[8];
    uint8_t buf[64];
    uint64_t len; /* bytes hashed */
} sha256;

static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t ror(uint32_t x, int n)
{
    return (x >> n) | (x << (32 - n));
}

static void sha256_block(sha256 *s, const uint8_t *p)
{
    uint32_t w[64], v[8];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    memcpy(v, s->h, sizeof v);
    for (int i = 0; i < 64; i++) {
        uint32_t S1 = ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25);
        uint32_t ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
        uint32_t t1 = v[7] + S1 + ch + K256[i] + w[i];
        uint32_t S0 = ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22);
        uint32_t maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
        memmove(v + 1, v, 7 * sizeof v[0]);
        v[4] += t1;
        v[0] = t1 + S0 + maj;
    }
    for (int i = 0; i < 8; i++) s->h[i] += v[i];
}

static void sha256_init(sha256 *s)
{
    static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(s->h, h0, sizeof h0);
    s->len = 0;
}

static void sha256_update(sha256 *s, const uint8_t *p, size_t n)
{
    while (n) {
        size_t used = s->len % 64, take = 64 - used < n ? 64 - used : n;
        memcpy(s->buf + used, p, take);
        s->len += take;
        p += take;
        n -= take;
        if (s->len % 64 == 0) sha256_block(s, s->buf);
    }
}

static void sha256_hex(sha256 *s, char out[65])
{
    uint64_t bits = s->len * 8;
    uint8_t pad = 0x80, zero = 0, lenbe[8];
    sha256_update(s, &pad, 1);
    while (s->len % 64 != 56) sha256_update(s, &zero, 1);
    for (int i = 0; i < 8; i++) lenbe[i] = (uint8_t)(bits >> (56 - 8 * i));
    sha256_update(s, lenbe, 8);
    for (int i = 0; i < 8; i++) snprintf(out + 8 * i, 9, "%08x", s->h[i]);
}

int rv_sha256_file(const char *path, char hex[65])
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    sha256 s;
    sha256_init(&s);
    uint8_t buf[1 << 14];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) sha256_update(&s, buf, n);
    int bad = ferror(f);
    fclose(f);
    if (bad) return -1;
    sha256_hex(&s, hex);
    return 0;
}

/* ---- locations ------------------------------------------------------------------------ */

/* The program's source: its text, and for a preprocessed file (.i) the
 * origin of each of its lines from the line markers (`# N "file"`), since
 * the debug information names the original files and lines while a
 * witness must name lines of the program file itself. */
typedef struct origin {
    const char *file; /* into text (not terminated: flen bytes), NULL if none */
    size_t flen;
    unsigned line;
} origin;
typedef struct progsrc {
    const char *path;
    char real[PATH_MAX];
    bool have_real;
    char *text;
    origin *map; /* map[k]: origin of line k+1; NULL without markers */
    unsigned nlines;
} progsrc;

static char *read_all(const char *path);

/* A line marker "# N "file"" or "#line N "file"": sets *o (the line after
 * it is line N of file). */
static bool line_marker(const char *l, size_t n, origin *o)
{
    const char *p = l, *end = l + n;
    if (p == end || *p != '#') return false;
    p++;
    while (p < end && *p == ' ') p++;
    if (end - p >= 4 && !strncmp(p, "line", 4)) p += 4;
    while (p < end && *p == ' ') p++;
    if (p == end || *p < '0' || *p > '9') return false;
    unsigned long line = strtoul(p, NULL, 10);
    while (p < end && *p >= '0' && *p <= '9') p++;
    while (p < end && *p == ' ') p++;
    if (p == end || *p != '"') return false;
    const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));
    if (!q) return false;
    o->file = p + 1;
    o->flen = (size_t)(q - p - 1);
    o->line = (unsigned)line;
    return true;
}

static void progsrc_open(progsrc *ps, const char *path)
{
    memset(ps, 0, sizeof *ps);
    ps->path = path;
    ps->have_real = realpath(path, ps->real) != NULL;
    ps->text = read_all(path);
    if (!ps->text) return;
    size_t cap = 0;
    bool markers = false;
    origin cur = {0};
    for (const char *p = ps->text; *p;) {
        size_t n = strcspn(p, "\n");
        if (ps->nlines == cap)
            ps->map = rv_xrealloc(ps->map, (cap = cap ? 2 * cap : 256) * sizeof *ps->map);
        origin m;
        if (line_marker(p, n, &m)) {
            markers = true;
            ps->map[ps->nlines] = (origin){0};
            cur = m;
        } else {
            ps->map[ps->nlines] = cur;
            if (cur.file) cur.line++;
        }
        ps->nlines++;
        p += n;
        if (*p) p++;
    }
    if (!markers) {
        free(ps->map);
        ps->map = NULL;
    }
}

static void progsrc_close(progsrc *ps)
{
    free(ps->text);
    free(ps->map);
}

static const char *base_name(const char *f, size_t *len)
{
    const char *b = f;
    for (size_t i = 0; i < *len; i++)
        if (f[i] == '/') b = f + i + 1;
    *len -= (size_t)(b - f);
    return b;
}

/* The program line whose origin is (file, line) (first such), or 0. */
static unsigned mapped_line(const progsrc *ps, const char *file, unsigned line)
{
    size_t fl = strlen(file);
    const char *fb = base_name(file, &fl);
    for (unsigned k = 0; k < ps->nlines; k++) {
        const origin *o = &ps->map[k];
        if (!o->file || o->line != line) continue;
        size_t ol = o->flen;
        const char *ob = base_name(o->file, &ol);
        if (ol == fl && !memcmp(ob, fb, fl)) return k + 1;
    }
    return 0;
}

/* "FILE:LINE (func)" or "FILE:LINE" as the backend symbolizes a code
 * address: the line of the program it is, when FILE is the program's
 * source (same file by realpath, else same name), or through the line
 * markers of a preprocessed program; 0 otherwise.  func (may be NULL) gets
 * the function name or "". */
static unsigned line_in_program(const progsrc *ps, const char *loc, char *func, size_t fcap)
{
    if (func && fcap) func[0] = 0;
    if (!loc) return 0;
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", loc);
    char *paren = strstr(buf, " (");
    if (paren) {
        *paren = 0;
        if (func) {
            snprintf(func, fcap, "%s", paren + 2);
            char *close = strrchr(func, ')');
            if (close) *close = 0;
        }
    }
    char *colon = strrchr(buf, ':');
    if (!colon) return 0;
    *colon = 0;
    char *end;
    unsigned long line = strtoul(colon + 1, &end, 10);
    if (*end || !line || line > UINT_MAX) return 0;
    char real[PATH_MAX];
    bool same;
    if (ps->have_real && realpath(buf, real)) {
        same = !strcmp(real, ps->real);
    } else {
        size_t l1 = strlen(buf), l2 = strlen(ps->path);
        const char *b1 = base_name(buf, &l1), *b2 = base_name(ps->path, &l2);
        same = l1 == l2 && !memcmp(b1, b2, l1);
    }
    if (ps->map) return mapped_line(ps, buf, (unsigned)line);
    return same ? (unsigned)line : 0;
}

static const char *where(const rv_witness *w, uint64_t pc)
{
    rv_backend *b = w->backend;
    return pc && b && b->ops->location ? b->ops->location(b, pc) : NULL;
}

/* ---- shared metadata ------------------------------------------------------------------ */

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 1024, n = 0, r;
    char *s = rv_xmalloc(cap);
    while ((r = fread(s + n, 1, cap - n - 1, f)) > 0)
        if ((n += r) + 1 == cap) s = rv_xrealloc(s, cap *= 2);
    fclose(f);
    s[n] = 0;
    return s;
}

/* The specification: the .prp's text without its trailing newlines, or
 * the property's formula (heap string). */
static char *specification(const rv_witness *w)
{
    char *t = w->prp_file ? read_all(w->prp_file) : NULL;
    if (t) {
        size_t n = strlen(t);
        while (n && (t[n - 1] == '\n' || t[n - 1] == '\r' || t[n - 1] == ' ')) t[--n] = 0;
        return t;
    }
    switch (w->property) {
    case RV_PROP_UNREACH_CALL:
        return rv_xstrdup("CHECK( init(main()), LTL(G ! call(reach_error())) )");
    case RV_PROP_NO_DATA_RACE:
        return rv_xstrdup("CHECK( init(main()), LTL(G ! data-race) )");
    case RV_PROP_NO_DEADLOCK:
        return rv_xstrdup("CHECK( init(main()), LTL(G ! deadlock) )");
    case RV_PROP_VALID_MEMSAFETY:
        return rv_xstrdup("CHECK( init(main()), LTL(G valid-free) )\n"
                          "CHECK( init(main()), LTL(G valid-deref) )\n"
                          "CHECK( init(main()), LTL(G valid-memtrack) )");
    default:
        return rv_xstrdup("");
    }
}

static void utc_now(char *out, size_t cap)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(out, cap, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void xml_str(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        default:
            fputc(*s, f);
        }
    }
}

FILE *rv_tmpfile_open(const char *path, char **tmp, char *err, size_t cap)
{
    *tmp = rv_xasprintf("%s.tmp%d", path, (int)getpid());
    FILE *f = fopen(*tmp, "w");
    if (!f) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        free(*tmp);
    }
    return f;
}

int rv_tmpfile_commit(FILE *f, char *tmp, const char *path, char *err, size_t cap)
{
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) < 0) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

static char *source_line(const char *text, unsigned line);

/* ---- GraphML 1.0 ---------------------------------------------------------------------- */

static const char graphml_keys[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
    "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
    "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
    " <key attr.name=\"witness-type\" attr.type=\"string\" for=\"graph\" id=\"witness-type\"/>\n"
    " <key attr.name=\"sourcecodelang\" attr.type=\"string\" for=\"graph\" "
    "id=\"sourcecodelang\"/>\n"
    " <key attr.name=\"producer\" attr.type=\"string\" for=\"graph\" id=\"producer\"/>\n"
    " <key attr.name=\"specification\" attr.type=\"string\" for=\"graph\" "
    "id=\"specification\"/>\n"
    " <key attr.name=\"programFile\" attr.type=\"string\" for=\"graph\" id=\"programfile\"/>\n"
    " <key attr.name=\"programHash\" attr.type=\"string\" for=\"graph\" id=\"programhash\"/>\n"
    " <key attr.name=\"architecture\" attr.type=\"string\" for=\"graph\" id=\"architecture\"/>\n"
    " <key attr.name=\"creationTime\" attr.type=\"string\" for=\"graph\" id=\"creationtime\"/>\n"
    " <key attr.name=\"isEntryNode\" attr.type=\"boolean\" for=\"node\" id=\"entry\">\n"
    "  <default>false</default>\n </key>\n"
    " <key attr.name=\"isViolationNode\" attr.type=\"boolean\" for=\"node\" id=\"violation\">\n"
    "  <default>false</default>\n </key>\n"
    " <key attr.name=\"startline\" attr.type=\"int\" for=\"edge\" id=\"startline\"/>\n"
    " <key attr.name=\"threadId\" attr.type=\"string\" for=\"edge\" id=\"threadId\"/>\n"
    " <key attr.name=\"createThread\" attr.type=\"string\" for=\"edge\" id=\"createThread\"/>\n"
    " <key attr.name=\"assumption\" attr.type=\"string\" for=\"edge\" id=\"assumption\"/>\n"
    " <key attr.name=\"assumption.resultfunction\" attr.type=\"string\" for=\"edge\" "
    "id=\"assumption.resultfunction\"/>\n";

static void graph_data(FILE *f, const char *key, const char *val)
{
    fprintf(f, "  <data key=\"%s\">", key);
    xml_str(f, val);
    fputs("</data>\n", f);
}

typedef struct wedge {
    unsigned line, tid;
    int created;     /* createThread, or -1 */
    char nondet[64]; /* the __VERIFIER_nondet_* function whose result is value, or "" */
    long long value;
} wedge;

/* Node n (violation: the last one) and, for n > 0, edge n-1 -> n. */
static void node_edge(FILE *f, unsigned n, const wedge *e, bool violation)
{
    fprintf(f, "  <node id=\"N%u\"", n);
    if (n == 0 || violation) {
        fputs(">\n", f);
        if (n == 0) fputs("   <data key=\"entry\">true</data>\n", f);
        if (violation) fputs("   <data key=\"violation\">true</data>\n", f);
        fputs("  </node>\n", f);
    } else {
        fputs("/>\n", f);
    }
    if (n == 0) return;
    fprintf(f, "  <edge source=\"N%u\" target=\"N%u\">\n", n - 1, n);
    fprintf(f, "   <data key=\"startline\">%u</data>\n", e->line);
    fprintf(f, "   <data key=\"threadId\">%u</data>\n", e->tid);
    if (e->created >= 0) fprintf(f, "   <data key=\"createThread\">%d</data>\n", e->created);
    if (e->nondet[0]) {
        fprintf(f, "   <data key=\"assumption\">\\result == %lld;</data>\n", e->value);
        fprintf(f, "   <data key=\"assumption.resultfunction\">%s</data>\n", e->nondet);
    }
    fputs("  </edge>\n", f);
}

/* A nondet step's value (lo = obj2, plus the choice) as an assumption on
 * the result of the __VERIFIER_nondet_* function its line calls, when the
 * line calls exactly one (else the edge carries none). */
static void nondet_assumption(wedge *e, const char *text, const rv_event *ev)
{
    char *src = source_line(text, e->line);
    const char *p = src ? strstr(src, "__VERIFIER_nondet_") : NULL;
    if (p && !strstr(p + 1, "__VERIFIER_nondet_")) {
        size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        if (n < sizeof e->nondet) {
            memcpy(e->nondet, p, n);
            e->nondet[n] = 0;
            e->value = (long long)((int64_t)ev->act.obj2 + (int64_t)ev->val);
        }
    }
    free(src);
}

/* The path: the steps with a line of the program, then the error's own
 * place unless the last step was it (under a property reach_error and
 * abort are steps of their own); the last node is the violation node (the
 * entry node itself when no step had a line of the program). */
static void graphml_path(FILE *f, const rv_witness *w, const progsrc *ps)
{
    const rv_trace *t = w->error->trace;
    size_t n = 0, cap = (t ? t->n : 0) + 1;
    wedge *e = rv_xcalloc(cap, sizeof *e);
    const char *text = ps->text;
    for (size_t i = 0; t && i < t->n; i++) {
        const rv_event *ev = &t->ev[i];
        unsigned line = line_in_program(ps, where(w, ev->pc), NULL, 0);
        if (!line) continue;
        e[n] = (wedge){.line = line,
                       .tid = ev->act.tid,
                       .created = ev->act.kind == RV_ACT_CREATE ? (int)ev->act.obj : -1};
        if (ev->act.kind == RV_ACT_NONDET && text) nondet_assumption(&e[n], text, ev);
        n++;
    }
    unsigned eline = line_in_program(ps, where(w, w->error->pc), NULL, 0);
    if (eline && (!n || e[n - 1].line != eline || e[n - 1].tid != w->error->tid))
        e[n++] = (wedge){.line = eline, .tid = w->error->tid, .created = -1};
    for (size_t k = 0; k <= n; k++) node_edge(f, (unsigned)k, k ? &e[k - 1] : NULL, k == n);
    free(e);
}

int rv_witness_graphml(const char *path, const rv_witness *w, char *err, size_t cap)
{
    char hash[65];
    if (rv_sha256_file(w->program, hash) < 0) {
        snprintf(err, cap, "cannot read %s: %s", w->program, strerror(errno));
        return -1;
    }
    char *tmp;
    FILE *f = rv_tmpfile_open(path, &tmp, err, cap);
    if (!f) return -1;
    char when[32];
    progsrc ps;
    progsrc_open(&ps, w->program);
    char *spec = specification(w);
    utc_now(when, sizeof when);
    fputs(graphml_keys, f);
    fputs(" <graph edgedefault=\"directed\">\n", f);
    graph_data(f, "witness-type", "violation_witness");
    graph_data(f, "sourcecodelang", "C");
    graph_data(f, "producer", "ravel " RV_VERSION);
    graph_data(f, "specification", spec);
    graph_data(f, "programfile", w->program);
    graph_data(f, "programhash", hash);
    graph_data(f, "architecture", "64bit");
    graph_data(f, "creationtime", when);
    graphml_path(f, w, &ps);
    fputs(" </graph>\n</graphml>\n", f);
    free(spec);
    progsrc_close(&ps);
    return rv_tmpfile_commit(f, tmp, path, err, cap);
}

/* ---- YAML 2.0 ------------------------------------------------------------------------- */

/* Line `line` (1-based) of text, NUL-terminated in a copy (heap), or NULL. */
static char *source_line(const char *text, unsigned line)
{
    for (unsigned l = 1; l < line && text; l++) {
        text = strchr(text, '\n');
        if (text) text++;
    }
    if (!text) return NULL;
    size_t n = strcspn(text, "\n");
    char *s = rv_xmalloc(n + 1);
    memcpy(s, text, n);
    s[n] = 0;
    return s;
}

static void yaml_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        if (*s == '\n')
            fputs("\\n", f);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

/* A random (version 4) UUID. */
static void uuid4(char out[37])
{
    uint8_t r[16] = {0};
    FILE *u = fopen("/dev/urandom", "rb");
    if (!u || fread(r, 1, sizeof r, u) != sizeof r) {
        uint64_t x = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ull ^ (uint64_t)getpid();
        for (int i = 0; i < 16; i++) r[i] = (uint8_t)(x >> (8 * (i % 8))) ^ (uint8_t)(i * 37);
    }
    if (u) fclose(u);
    r[6] = (uint8_t)((r[6] & 0x0f) | 0x40);
    r[8] = (uint8_t)((r[8] & 0x3f) | 0x80);
    char *p = out;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) *p++ = '-';
        p += sprintf(p, "%02x", r[i]);
    }
}

int rv_witness_yaml(const char *path, const rv_witness *w, char *err, size_t cap)
{
    if (w->property != RV_PROP_UNREACH_CALL || !w->error) return 1;
    char func[256];
    progsrc ps;
    progsrc_open(&ps, w->program);
    unsigned line = line_in_program(&ps, where(w, w->error->pc), func, sizeof func);
    const char *text = line ? ps.text : NULL;
    char *src = text && line ? source_line(text, line) : NULL;
    const char *call = src ? strstr(src, "reach_error") : NULL;
    unsigned column = call ? (unsigned)(call - src) + 1 : 0;
    free(src);
    progsrc_close(&ps);
    if (!call) return 1; /* not at a call site */
    char hash[65], when[32], uuid[37];
    if (rv_sha256_file(w->program, hash) < 0) {
        snprintf(err, cap, "cannot read %s: %s", w->program, strerror(errno));
        return -1;
    }
    char *tmp;
    FILE *f = rv_tmpfile_open(path, &tmp, err, cap);
    if (!f) return -1;
    utc_now(when, sizeof when);
    uuid4(uuid);
    fputs("- entry_type: violation_sequence\n  metadata:\n    format_version: \"2.0\"\n", f);
    fprintf(f, "    uuid: \"%s\"\n    creation_time: \"%s\"\n", uuid, when);
    fputs("    producer:\n      name: \"ravel\"\n      version: \"" RV_VERSION "\"\n", f);
    fputs("    task:\n      input_files:\n        - ", f);
    yaml_str(f, w->program);
    fputs("\n      input_file_hashes:\n        ", f);
    yaml_str(f, w->program);
    fprintf(f, ": \"%s\"\n", hash);
    fputs("      specification: \"G ! call(reach_error())\"\n", f);
    fputs("      data_model: \"LP64\"\n      language: \"C\"\n", f);
    fputs("  content:\n    - segment:\n        - waypoint:\n            type: \"target\"\n"
          "            action: \"follow\"\n            location:\n              file_name: ",
          f);
    yaml_str(f, w->program);
    fprintf(f, "\n              line: %u\n              column: %u\n", line, column);
    if (func[0]) {
        fputs("              function: ", f);
        yaml_str(f, func);
        fputc('\n', f);
    }
    return rv_tmpfile_commit(f, tmp, path, err, cap);
}
