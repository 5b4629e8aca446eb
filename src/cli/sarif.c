/*
 * sarif.c — the SARIF 2.1.0 log of a run (--sarif=FILE), for CI systems
 * and code-scanning services.
 *
 * One run; its tool.driver lists a rule per kind of error found
 * (`deadlock`, `data-race`, `assertion`, ...), and every distinct error
 * (a violation of the property; limits are not results) is one result:
 *  - locations: where it happened (the erring thread's innermost frame;
 *    for a deadlock, the first blocked thread of its cycle), with the
 *    function as a logical location;
 *  - codeFlows: one code flow of the failing execution with a thread flow
 *    per thread, each step a threadFlowLocation whose executionOrder is
 *    its place in the whole execution (so viewers interleave the threads
 *    as they ran); the end (the error, each blocked thread's pending
 *    action, a race's other access) is marked "essential";
 *  - stacks: the call stack of every thread involved;
 *  - relatedLocations: a race's other access, each blocked thread's wait;
 *  - partialFingerprints: a hash of the kind and the source lines involved,
 *    stable across runs and schedules, so a service can tell a known error
 *    from a new one.
 * Paths are relative to the directory ravel ran in (uriBaseId SRCROOT,
 * given in originalUriBaseIds), absolute ones are file: URIs.  The
 * properties emitted are exactly those of the SARIF 2.1.0 schema's
 * objects (tests/report checks them against the schema's definitions).
 */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/util.h"
#include "explain.h"

/* A URI reference for a path: unreserved characters and '/' as they are,
 * the rest percent-encoded; an absolute path becomes a file: URI. */
static void uri(FILE *f, const char *path)
{
    fputc('"', f);
    if (path[0] == '/') fputs("file://", f);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p))
            fputc(*p, f);
        else
            fprintf(f, "%%%02X", *p);
    }
    fputc('"', f);
}

static void text_message(FILE *f, const char *text)
{
    fputs("{\"text\": ", f);
    rv_json_str(f, text && *text ? text : "-");
    fputc('}', f);
}

/* A source position: from a frame, else from a "file:line (function)". */
typedef struct pos {
    char file[1024];
    unsigned line;
    char func[256];
} pos;

static bool pos_of_frame(const rv_xframe *fr, pos *p)
{
    if (!fr || !fr->file || !fr->line) return false;
    snprintf(p->file, sizeof p->file, "%s", fr->file);
    p->line = fr->line;
    snprintf(p->func, sizeof p->func, "%s", fr->func ? fr->func : "");
    return true;
}

static bool pos_of_text(const char *loc, pos *p)
{
    if (!loc) return false;
    const char *sp = strchr(loc, ' ');
    size_t n = sp ? (size_t)(sp - loc) : strlen(loc);
    const char *colon = memrchr(loc, ':', n);
    if (!colon || colon == loc) return false;
    snprintf(p->file, sizeof p->file, "%.*s", (int)(colon - loc), loc);
    p->line = (unsigned)strtoul(colon + 1, NULL, 10);
    p->func[0] = 0;
    if (sp && sp[1] == '(') {
        const char *e = strchr(sp, ')');
        if (e) snprintf(p->func, sizeof p->func, "%.*s", (int)(e - sp - 2), sp + 2);
    }
    return p->line > 0;
}

static bool pos_of(const rv_xstack *s, const char *loc, pos *p)
{
    return (s && s->n && pos_of_frame(&s->f[0], p)) || pos_of_text(loc, p);
}

/* A location object (SARIF 3.28) with an optional message and id. */
static void location(FILE *f, const pos *p, const char *msg, long id)
{
    fputc('{', f);
    if (id >= 0) fprintf(f, "\"id\": %ld, ", id);
    fputs("\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", f);
    uri(f, p->file);
    if (p->file[0] != '/') fputs(", \"uriBaseId\": \"SRCROOT\"", f);
    fprintf(f, "}, \"region\": {\"startLine\": %u}}", p->line);
    if (p->func[0]) {
        fputs(", \"logicalLocations\": [{\"name\": ", f);
        rv_json_str(f, p->func);
        fputs(", \"kind\": \"function\"}]", f);
    }
    if (msg) {
        fputs(", \"message\": ", f);
        text_message(f, msg);
    }
    fputc('}', f);
}

static void stack_obj(FILE *f, const rv_xstack *s, const char *msg, unsigned tid)
{
    fputs("{\"message\": ", f);
    text_message(f, msg);
    fputs(", \"frames\": [", f);
    bool first = true;
    for (size_t k = 0; k < s->n; k++) {
        pos p;
        if (!pos_of_frame(&s->f[k], &p)) continue;
        fputs(first ? "{\"location\": " : ", {\"location\": ", f);
        first = false;
        location(f, &p, NULL, -1);
        if (tid != RV_NO_THREAD) fprintf(f, ", \"threadId\": %u", tid);
        fputc('}', f);
    }
    fputs("]}", f);
}

/* ---- rules ------------------------------------------------------------------------ */

/* A rule per kind of error.  `help` is what a code-scanning service shows
 * under an alert (GitHub: the rule's help panel), so it says what the kind
 * means and how to look at the failing execution; `tags` and the
 * precision (every result is a real execution, never a guess) are the
 * properties such services read to file and filter alerts. */
typedef struct rule {
    const char *id, *name, *text, *help, *tag;
} rule;

#define RV_HELP_TAIL                                                                               \
    " The result's code flow is the failing execution, step by step per thread. To see it "        \
    "again: `ravel replay PROGRAM SCHEDULE` prints it, `ravel report SCHEDULE` writes its HTML "   \
    "report, `ravel replay --gdb PROGRAM SCHEDULE` runs it under gdb and stops at the error (the " \
    "schedule file is named in the result's properties)."

static const rule rules[] = {
    {"assertion", "AssertionFailure", "An assertion fails in some interleaving.",
     "An assert() in the program fails in the execution shown: the threads' steps, in this "
     "order, reach a state the assertion rules out." RV_HELP_TAIL,
     "correctness"},
    {"abort", "Abort", "The program calls abort() in some interleaving.",
     "The program calls abort() in the execution shown." RV_HELP_TAIL, "correctness"},
    {"reach-error", "ReachError", "reach_error() or __VERIFIER_error() is called.",
     "The execution shown reaches reach_error() or __VERIFIER_error(), the error location of an "
     "SV-COMP task." RV_HELP_TAIL,
     "correctness"},
    {"deadlock", "Deadlock", "Every unfinished thread is blocked.",
     "In the execution shown, every thread that has not finished waits for something no other "
     "thread will give (a mutex held by a waiting thread, a join of a blocked thread, a condition "
     "no one signals). The related locations are the threads' waits; for a cycle of mutexes, take "
     "them in one global order." RV_HELP_TAIL,
     "concurrency"},
    {"livelock", "Livelock", "An execution goes on without end under the fair bound.",
     "The execution shown runs on without end although every thread is scheduled fairly: the "
     "threads keep each other from making progress." RV_HELP_TAIL,
     "concurrency"},
    {"crash", "Crash", "The program is killed by a signal in some interleaving.",
     "The program is killed by a signal (e.g. SIGSEGV) in the execution shown." RV_HELP_TAIL,
     "correctness"},
    {"stack-overflow", "StackOverflow", "A thread overflows its stack.",
     "A thread overflows its stack in the execution shown (unbounded recursion, or a large local "
     "array)." RV_HELP_TAIL,
     "correctness"},
    {"misuse", "ApiMisuse", "A threads API is used against its specification.",
     "A threads API call is undefined in the state the execution shown reaches (e.g. unlocking a "
     "mutex the thread does not hold, joining a thread twice)." RV_HELP_TAIL,
     "concurrency"},
    {"unsupported", "Unsupported", "The program calls a function ravel does not model.",
     "The program calls a function whose effect on other threads ravel does not model, so it "
     "cannot say what the program does from there on." RV_HELP_TAIL,
     "tooling"},
    {"data-race", "DataRace",
     "Two accesses to the same memory, one a write, are not ordered by synchronisation.",
     "Two threads access the same memory, at least one of them writes, and no synchronisation "
     "orders the two accesses: the program's behaviour is undefined (C11 5.1.2.4). The result's "
     "stacks are those of both accesses, like ThreadSanitizer's report; the related location is "
     "the other access. Protect the object with a mutex or make the accesses atomic." RV_HELP_TAIL,
     "concurrency"},
};
#define NRULES (sizeof rules / sizeof *rules)

static const char *kind_of(const rv_error *e)
{
    return e->livelock ? "livelock" : rv_end_name(e->kind);
}

static int rule_index(const char *kind)
{
    for (size_t i = 0; i < NRULES; i++)
        if (!strcmp(rules[i].id, kind)) return (int)i;
    return -1;
}

static bool is_result(const rv_report *r, const rv_error *e)
{
    return rv_end_is_bug(e->kind) && rv_property_violated_by(r->property, e) &&
           rule_index(kind_of(e)) >= 0;
}

static void write_rules(FILE *f, const rv_report *r, int *index_of)
{
    fputs("\"rules\": [", f);
    int n = 0;
    for (size_t k = 0; k < NRULES; k++) {
        index_of[k] = -1;
        bool used = false;
        for (size_t i = 0; i < r->x->nerrors && !used; i++)
            used =
                is_result(r, &r->x->errors[i]) && !strcmp(kind_of(&r->x->errors[i]), rules[k].id);
        if (!used) continue;
        index_of[k] = n++;
        fputs(n > 1 ? ",\n        {\"id\": " : "\n        {\"id\": ", f);
        rv_json_str(f, rules[k].id);
        fputs(", \"name\": ", f);
        rv_json_str(f, rules[k].name);
        fputs(", \"shortDescription\": ", f);
        text_message(f, rules[k].text);
        fputs(", \"help\": ", f);
        text_message(f, rules[k].help);
        fputs(", \"defaultConfiguration\": {\"level\": \"error\"}", f);
        fputs(", \"properties\": {\"tags\": [", f);
        rv_json_str(f, rules[k].tag);
        fputs("], \"precision\": \"very-high\", \"problem.severity\": \"error\"}}", f);
    }
    fputs("]", f);
}

/* ---- one result ------------------------------------------------------------------------ */

/* FNV-1a over the kind and the lines of the threads involved. */
static uint64_t fingerprint(const char *kind, const rv_explained *x)
{
    uint64_t h = 1469598103934665603ull;
    const char *parts[1] = {kind};
    for (const char *s = parts[0]; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
    for (size_t i = 0; x && i < x->nth; i++) {
        pos p;
        if (!pos_of(&x->th[i].stack, x->th[i].location, &p)) continue;
        char buf[1100];
        snprintf(buf, sizeof buf, "|%s:%u", p.file, p.line);
        for (const char *s = buf; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
    }
    return h;
}

/* The involved thread whose place marks the result: the erring one, or
 * the first blocked thread of a deadlock that waits for a mutex. */
static const rv_xthread *primary(const rv_explained *x)
{
    const rv_xthread *best = NULL;
    for (size_t i = 0; x && i < x->nth; i++) {
        const rv_xthread *h = &x->th[i];
        if (h->role == RV_ROLE_ERROR) return h;
        if (h->role == RV_ROLE_BLOCKED && !best) best = h;
        if (h->role == RV_ROLE_BLOCKED && h->tid < x->tr.nthreads &&
            x->tr.threads[h->tid].holder != RV_NO_THREAD && best && best->tid == 0)
            best = h;
    }
    return best;
}

static void thread_flows(FILE *f, const rv_explained *x)
{
    const rv_trace *t = &x->tr;
    fputs("\"threadFlows\": [", f);
    bool firstflow = true;
    for (unsigned tid = 0; tid < t->nthreads; tid++) {
        bool any = false;
        for (size_t k = 0; k < t->n && !any; k++) any = t->ev[k].act.tid == tid;
        for (size_t i = 0; i < x->nth && !any; i++) any = x->th[i].tid == tid;
        if (!any) continue;
        fprintf(f, "%s{\"id\": \"thread %u\", \"message\": ",
                firstflow ? "\n          " : ",\n          ", tid);
        firstflow = false;
        char m[64];
        snprintf(m, sizeof m, "thread %u%s", tid, tid ? "" : " (main)");
        text_message(f, m);
        fputs(", \"locations\": [", f);
        bool first = true;
        for (size_t k = 0; k < t->n; k++) {
            if (t->ev[k].act.tid != tid) continue;
            pos p;
            const rv_xstep *s = &x->steps[k];
            if (!pos_of(&s->stack, s->location, &p)) {
                snprintf(p.file, sizeof p.file, "?");
                p.line = 1;
                p.func[0] = 0;
            }
            fputs(first ? "\n            {\"location\": " : ",\n            {\"location\": ", f);
            first = false;
            char msg[600];
            snprintf(msg, sizeof msg, "step %zu: %s", k + 1, s->action);
            location(f, &p, msg, -1);
            fprintf(f, ", \"executionOrder\": %zu, \"nestingLevel\": 0", k + 1);
            if (s->stack.n > 1) {
                fputs(", \"stack\": ", f);
                stack_obj(f, &s->stack, "at this step", tid);
            }
            fputc('}', f);
        }
        for (size_t i = 0; i < x->nth; i++) {
            const rv_xthread *h = &x->th[i];
            pos p;
            if (h->tid != tid || !pos_of(&h->stack, h->location, &p)) continue;
            fputs(first ? "\n            {\"location\": " : ",\n            {\"location\": ", f);
            first = false;
            char msg[700];
            if (h->role == RV_ROLE_OTHER_ACCESS)
                snprintf(msg, sizeof msg, "the other access of the race, after step %zu", h->step);
            else if (h->role == RV_ROLE_BLOCKED)
                snprintf(msg, sizeof msg, "at the end: %s", h->what);
            else
                snprintf(msg, sizeof msg, "the error: %s", x->tr.msg);
            location(f, &p, msg, -1);
            /* the other access ran between steps; the end comes after them all */
            size_t order = h->role == RV_ROLE_OTHER_ACCESS ? h->step : t->n + 1;
            fprintf(f,
                    ", \"executionOrder\": %zu, \"nestingLevel\": 0, \"importance\": \"essential\"",
                    order);
            if (h->stack.n) {
                fputs(", \"stack\": ", f);
                stack_obj(f, &h->stack, "here", tid);
            }
            fputc('}', f);
        }
        if (first) { /* nothing placed: a thread flow needs a location */
            pos p = {"?", 1, ""};
            fputs("{\"location\": ", f);
            location(f, &p, "no step with a known source line", -1);
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputs("]", f);
}

static void write_result(FILE *f, const rv_report *r, size_t i, const int *index_of)
{
    const rv_error *e = &r->x->errors[i];
    const rv_explained *x = r->explained ? r->explained[i] : NULL;
    const char *kind = kind_of(e);
    int ri = rule_index(kind);
    fputs("\n      {\"ruleId\": ", f);
    rv_json_str(f, kind);
    fprintf(f, ", \"ruleIndex\": %d, \"level\": \"error\", \"message\": ", index_of[ri]);
    text_message(f, e->msg[0] ? e->msg : kind);
    const rv_xthread *p0 = primary(x);
    pos p;
    fputs(",\n       \"locations\": [", f);
    if (p0 && pos_of(&p0->stack, p0->location, &p))
        location(f, &p, NULL, -1);
    else if (pos_of_text(e->pc && r->x->backend && r->x->backend->ops->location
                             ? r->x->backend->ops->location(r->x->backend, e->pc)
                             : NULL,
                         &p))
        location(f, &p, NULL, -1);
    fputs("]", f);
    fprintf(f, ",\n       \"partialFingerprints\": {\"ravelError/v1\": \"%016" PRIx64 "\"}",
            fingerprint(kind, x));
    if (x && x->tr.n + x->nth > 0) {
        fputs(",\n       \"codeFlows\": [{\"message\": ", f);
        text_message(f, "the failing execution, step by step");
        fputs(", ", f);
        thread_flows(f, x);
        fputs("}]", f);
    }
    bool first = true;
    fputs(",\n       \"stacks\": [", f);
    for (size_t k = 0; x && k < x->nth; k++) {
        const rv_xthread *h = &x->th[k];
        if (!h->stack.n) continue;
        char m[600];
        snprintf(m, sizeof m, "thread %u: %s", h->tid,
                 h->role == RV_ROLE_OTHER_ACCESS ? "the other access" : h->what);
        fputs(first ? "" : ", ", f);
        first = false;
        stack_obj(f, &h->stack, m, h->tid);
    }
    fputs("]", f);
    first = true;
    long id = 1;
    fputs(",\n       \"relatedLocations\": [", f);
    for (size_t k = 0; x && k < x->nth; k++) {
        const rv_xthread *h = &x->th[k];
        if (h == p0 || !pos_of(&h->stack, h->location, &p)) continue;
        char m[600];
        snprintf(m, sizeof m, "thread %u: %s", h->tid,
                 h->role == RV_ROLE_OTHER_ACCESS ? "the other access" : h->what);
        fputs(first ? "" : ", ", f);
        first = false;
        location(f, &p, m, id++);
    }
    fputs("]", f);
    fputs(",\n       \"properties\": {\"schedule\": ", f);
    rv_json_str(f, r->schedule_files ? r->schedule_files[i] : NULL);
    fputs(", \"replay\": ", f);
    rv_json_str(f, r->replay_cmds ? r->replay_cmds[i] : NULL);
    fprintf(f, ", \"steps\": %zu}}", e->nsched);
}

static void write_log(FILE *f, const rv_report *r)
{
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) snprintf(cwd, sizeof cwd, "/");
    int index_of[NRULES];
    fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
          "  \"version\": \"2.1.0\",\n  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": "
          "\"ravel\", \"version\": ",
          f);
    rv_json_str(f, RV_VERSION);
    fputs(", ", f);
    write_rules(f, r, index_of);
    fputs("}},\n    \"originalUriBaseIds\": {\"SRCROOT\": {\"uri\": ", f);
    char *root = rv_xasprintf("%s/", strcmp(cwd, "/") ? cwd : "");
    uri(f, root);
    free(root);
    fputs("}},\n    \"invocations\": [{\"executionSuccessful\": true", f);
    if (r->algo) fprintf(f, ", \"exitCode\": %d", rv_report_exit_code(r));
    fputs(", \"properties\": {\"program\": ", f);
    rv_json_str(f, r->program);
    fputs(", \"algorithm\": ", f);
    rv_json_str(f, r->algo);
    fprintf(f, ", \"executions\": %" PRIu64 ", \"exhaustive\": %s}}],\n    \"results\": [",
            r->x->stats.executions, r->x->stats.exhaustive ? "true" : "false");
    bool first = true;
    for (size_t i = 0; i < r->x->nerrors; i++) {
        if (!is_result(r, &r->x->errors[i])) continue;
        if (!first) fputc(',', f);
        first = false;
        write_result(f, r, i, index_of);
    }
    fputs("]\n  }]\n}\n", f);
}

int rv_sarif_write(const char *path, const rv_report *r, char *err, size_t cap)
{
    return rv_report_file_write(path, write_log, r, err, cap);
}
