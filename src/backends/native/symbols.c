/* symbols.c — address names for reports; see symbols.h. */
#include "symbols.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../core/util.h"
#include "../../runtime/protocol.h"
#include "compile.h"

#define MAIN_STACK_TOP 0x7ffffffff000ull
#define MAIN_STACK_LOW (MAIN_STACK_TOP - (128ull << 20))

/* How long one addr2line answer may take before we give up on the tool. */
#define ANSWER_TIMEOUT_MS 3000

typedef struct sym {
    uint64_t addr, size;
    char *name;
    uint64_t key; /* data: hash of the name and its rank among same-named (rv_symbols_key) */
} sym;

typedef struct symtab {
    sym *v;
    size_t n, cap;
} symtab;

/* Memo of answers: open addressing on (kind, address). */
typedef struct memo_slot {
    uint64_t key; /* address * 2 + kind; 0 = empty (address 0 is never looked up) */
    char *val;    /* may be NULL (no name) */
} memo_slot;

struct rv_symbols {
    char *binary;
    symtab data, code;
    memo_slot *memo;
    size_t nmemo, capmemo;
    uint64_t *keys; /* rv_symbols_key's memo: address, key pairs; address 0 = empty */
    size_t nkeys, capkeys;
    pid_t tool; /* addr2line, or 0 when not (or no longer) running */
    int sock;
    bool tool_failed;
    bool loaded; /* the symbol table is read on the first lookup */
    char cwd[4096];
};

/* ---- the symbol table ---------------------------------------------------- */

static int cmp_sym(const void *a, const void *b)
{
    const sym *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void symtab_add(symtab *t, uint64_t addr, uint64_t size, const char *name)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->v = rv_xrealloc(t->v, t->cap * sizeof *t->v);
    }
    /* the program's main was renamed by the compile driver */
    if (!strcmp(name, "__ravel_user_main")) name = "main";
    t->v[t->n++] = (sym){addr, size, rv_xstrdup(name), 0};
}

/* The symbol whose [addr, addr + size) holds a, or NULL. */
static const sym *symtab_find(const symtab *t, uint64_t a)
{
    size_t lo = 0, hi = t->n; /* first symbol with addr > a */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->v[mid].addr <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* symbols may nest or share addresses: look back over a few */
    for (size_t i = lo, k = 0; i-- > 0 && k < 8; k++)
        if (a < t->v[i].addr + t->v[i].size) return &t->v[i];
    return NULL;
}

static int cmp_sym_ptr_name(const void *a, const void *b)
{
    const sym *x = *(sym *const *)a, *y = *(sym *const *)b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->addr < y->addr ? -1 : x->addr > y->addr);
}

static uint64_t fnv64(const char *z)
{
    uint64_t h = 1469598103934665603ull;
    for (; *z; z++) h = (h ^ (uint8_t)*z) * 1099511628211ull;
    return h;
}

/* Each data symbol's key: its name and its rank among the symbols of the
 * same name by address (t sorted by address). */
static void rank_data(symtab *t)
{
    if (!t->n) return;
    sym **by = rv_xmalloc(t->n * sizeof *by);
    for (size_t i = 0; i < t->n; i++) by[i] = &t->v[i];
    qsort(by, t->n, sizeof *by, cmp_sym_ptr_name);
    for (size_t i = 0, rank = 0; i < t->n; i++) {
        rank = i && !strcmp(by[i]->name, by[i - 1]->name) ? rank + 1 : 0;
        by[i]->key = fnv64(by[i]->name) ^ (rank + 1) * 0x9e3779b97f4a7c15ull;
    }
    free(by);
}

static void load_symbols(rv_symbols *s)
{
    if (s->loaded) return;
    s->loaded = true;
    char *txt;
    char *argv[] = {"nm", "-S", "--defined-only", s->binary, NULL};
    if (rv_run_tool(argv, &txt, NULL, NULL) != 0) {
        free(txt);
        return;
    }
    for (char *line = strtok(txt, "\n"); line; line = strtok(NULL, "\n")) {
        char a[64], z[64], type[8], name[512];
        if (sscanf(line, "%63s %63s %7s %511s", a, z, type, name) != 4) continue; /* sizeless */
        uint64_t addr = strtoull(a, NULL, 16), size = strtoull(z, NULL, 16);
        if (!size) continue;
        char ty = type[0];
        if (strchr("TtWw", ty))
            symtab_add(&s->code, addr, size, name);
        else if (strchr("BbDdRrGgSsVv", ty))
            symtab_add(&s->data, addr, size, name);
    }
    free(txt);
    if (s->data.n) qsort(s->data.v, s->data.n, sizeof *s->data.v, cmp_sym);
    rank_data(&s->data);
    if (s->code.n) qsort(s->code.v, s->code.n, sizeof *s->code.v, cmp_sym);
}

/* ---- memo ---------------------------------------------------------------- */

static memo_slot *memo_slot_for(rv_symbols *s, uint64_t key)
{
    size_t mask = s->capmemo - 1, i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & mask;
    while (s->memo[i].key && s->memo[i].key != key) i = (i + 1) & mask;
    return &s->memo[i];
}

static const char *memo_get(rv_symbols *s, uint64_t key, bool *found)
{
    *found = false;
    if (!s->capmemo) return NULL;
    memo_slot *m = memo_slot_for(s, key);
    *found = m->key == key;
    return m->val;
}

static const char *memo_put(rv_symbols *s, uint64_t key, char *val)
{
    if (2 * (s->nmemo + 1) > s->capmemo) {
        memo_slot *old = s->memo;
        size_t oldcap = s->capmemo;
        s->capmemo = oldcap ? 2 * oldcap : 64;
        s->memo = rv_xcalloc(s->capmemo, sizeof *s->memo);
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].key) *memo_slot_for(s, old[i].key) = old[i];
        free(old);
    }
    memo_slot *m = memo_slot_for(s, key);
    m->key = key;
    m->val = val;
    s->nmemo++;
    return val;
}

/* ---- the addr2line coprocess ---------------------------------------------- */

static void tool_stop(rv_symbols *s)
{
    if (s->tool > 0) {
        kill(s->tool, SIGKILL);
        while (waitpid(s->tool, NULL, 0) < 0 && errno == EINTR) {
        }
    }
    if (s->sock >= 0) close(s->sock);
    s->tool = 0;
    s->sock = -1;
}

static void tool_fail(rv_symbols *s)
{
    tool_stop(s);
    s->tool_failed = true;
}

static bool tool_start(rv_symbols *s)
{
    int sv[2];
    /* A socket rather than pipes: send() with MSG_NOSIGNAL cannot raise
     * SIGPIPE in ravel if the tool dies. */
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) return false;
    pid_t pid = fork();
    if (pid < 0) {
        close(sv[0]), close(sv[1]);
        return false;
    }
    if (pid == 0) {
        dup2(sv[1], 0);
        dup2(sv[1], 1);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) dup2(devnull, 2);
        execlp("addr2line", "addr2line", "-f", "-C", "-e", s->binary, (char *)NULL);
        _exit(127);
    }
    close(sv[1]);
    s->tool = pid;
    s->sock = sv[0];
    return true;
}

/* Read until `lines` newlines arrived (or the deadline passes). */
static bool read_lines(rv_symbols *s, char *out, size_t cap, int lines)
{
    size_t n = 0;
    double deadline = rv_now() + ANSWER_TIMEOUT_MS / 1000.0;
    while (lines > 0) {
        int left = (int)((deadline - rv_now()) * 1000);
        if (left <= 0) return false;
        struct pollfd p = {s->sock, POLLIN, 0};
        int r = poll(&p, 1, left);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        if (n + 1 >= cap) return false;
        ssize_t k = recv(s->sock, out + n, cap - 1 - n, 0);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        for (ssize_t i = 0; i < k; i++)
            if (out[n + (size_t)i] == '\n') lines--;
        n += (size_t)k;
    }
    out[n] = 0;
    return true;
}

/* Ask addr2line about one address: fills func and fileline, or false. */
static bool tool_ask(rv_symbols *s, uint64_t a, char *func, size_t fcap, char *fl, size_t flcap)
{
    if (s->tool_failed) return false;
    if (!s->tool && !tool_start(s)) {
        tool_fail(s);
        return false;
    }
    char q[32];
    int len = snprintf(q, sizeof q, "0x%llx\n", (unsigned long long)a);
    char ans[8192];
    if (send(s->sock, q, (size_t)len, MSG_NOSIGNAL) != len || !read_lines(s, ans, sizeof ans, 2)) {
        tool_fail(s);
        return false;
    }
    char *nl = strchr(ans, '\n');
    *nl = 0;
    char *second = nl + 1;
    second[strcspn(second, "\n")] = 0;
    snprintf(func, fcap, "%s", ans);
    snprintf(fl, flcap, "%s", second);
    return true;
}

/* "file.c:12" from addr2line's "/abs/dir/file.c:12 (discriminator 2)":
 * drop the discriminator and the current directory. */
static void tidy_fileline(const rv_symbols *s, char *fl)
{
    char *d = strstr(fl, " (discriminator");
    if (d) *d = 0;
    size_t n = strlen(s->cwd);
    if (n && !strncmp(fl, s->cwd, n) && fl[n] == '/')
        memmove(fl, fl + n + 1, strlen(fl + n + 1) + 1);
}

static char *describe_code(rv_symbols *s, uint64_t pc)
{
    load_symbols(s);
    uint64_t a = pc - 1;
    char func[1024], fl[4096];
    if (tool_ask(s, a, func, sizeof func, fl, sizeof fl) && strncmp(fl, "??", 2)) {
        tidy_fileline(s, fl);
        if (!strcmp(func, "__ravel_user_main")) strcpy(func, "main");
        if (strcmp(func, "??")) return rv_xasprintf("%s (%s)", fl, func);
        return rv_xstrdup(fl);
    }
    const sym *f = symtab_find(&s->code, a);
    if (f) return rv_xasprintf("0x%llx (%s)", (unsigned long long)pc, f->name);
    return rv_xasprintf("0x%llx", (unsigned long long)pc);
}

/* ---- data ------------------------------------------------------------------ */

static char *describe_data(rv_symbols *s, uint64_t a)
{
    load_symbols(s);
    const sym *g = symtab_find(&s->data, a);
    if (g) {
        if (a == g->addr) return rv_xstrdup(g->name);
        return rv_xasprintf("%s+%llu", g->name, (unsigned long long)(a - g->addr));
    }
    if (a >= RV_HEAP_BASE && a < RV_HEAP_BASE + RV_MAX_THREADS * RV_HEAP_SPAN) {
        uint64_t t = (a - RV_HEAP_BASE) / RV_HEAP_SPAN, off = (a - RV_HEAP_BASE) % RV_HEAP_SPAN;
        return rv_xasprintf("heap of thread %llu +0x%llx", (unsigned long long)t,
                            (unsigned long long)off);
    }
    if (a >= RV_STACK_BASE && a < RV_STACK_BASE + RV_MAX_THREADS * RV_STACK_SPAN) {
        uint64_t t = (a - RV_STACK_BASE) / RV_STACK_SPAN;
        return rv_xasprintf("stack of thread %llu", (unsigned long long)t);
    }
    /* Thread 0 keeps the process stack.  The native backend turns address
     * randomisation off, so that stack ends at the top of the user address
     * space, and shared libraries are mapped at least 128 MiB below it (with
     * the default stack limit): the top 128 MiB are main's stack. */
    if (a >= MAIN_STACK_LOW && a < MAIN_STACK_TOP) return rv_xstrdup("stack of thread 0");
    return NULL;
}

/* ---- layout-independent keys ----------------------------------------------- */

static uint64_t key_of(rv_symbols *s, uint64_t a)
{
    load_symbols(s);
    const sym *g = symtab_find(&s->data, a);
    if (!g) return a;
    uint64_t k = (g->key ^ (a - g->addr) * 0xc2b2ae3d27d4eb4full) * 0x9e3779b97f4a7c15ull;
    return (k ^ k >> 31) | 1ull << 63;
}

uint64_t rv_symbols_key(rv_symbols *s, uint64_t addr)
{
    if (!addr) return 0;
    if (2 * (s->nkeys + 1) > s->capkeys) { /* grow, rehash */
        size_t cap = s->capkeys ? 2 * s->capkeys : 1024;
        uint64_t *nk = rv_xcalloc(2 * cap, sizeof *nk);
        for (size_t i = 0; i < s->capkeys; i++) {
            uint64_t a = s->keys[2 * i];
            if (!a) continue;
            size_t j = (size_t)((a * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
            while (nk[2 * j]) j = (j + 1) & (cap - 1);
            nk[2 * j] = a;
            nk[2 * j + 1] = s->keys[2 * i + 1];
        }
        free(s->keys);
        s->keys = nk;
        s->capkeys = cap;
    }
    size_t mask = s->capkeys - 1, i = (size_t)((addr * 0x9e3779b97f4a7c15ull) >> 20) & mask;
    while (s->keys[2 * i] && s->keys[2 * i] != addr) i = (i + 1) & mask;
    if (!s->keys[2 * i]) {
        s->keys[2 * i] = addr;
        s->keys[2 * i + 1] = key_of(s, addr);
        s->nkeys++;
    }
    return s->keys[2 * i + 1];
}

/* ---- API -------------------------------------------------------------------- */

rv_symbols *rv_symbols_open(const char *binary)
{
    rv_symbols *s = rv_xcalloc(1, sizeof *s);
    s->binary = rv_xstrdup(binary);
    s->sock = -1;
    if (!getcwd(s->cwd, sizeof s->cwd)) s->cwd[0] = 0;
    return s;
}

void rv_symbols_close(rv_symbols *s)
{
    if (!s) return;
    tool_stop(s);
    free(s->keys);
    for (size_t i = 0; i < s->capmemo; i++) free(s->memo[i].val);
    free(s->memo);
    for (size_t i = 0; i < s->data.n; i++) free(s->data.v[i].name);
    for (size_t i = 0; i < s->code.n; i++) free(s->code.v[i].name);
    free(s->data.v);
    free(s->code.v);
    free(s->binary);
    free(s);
}

const char *rv_symbols_location(rv_symbols *s, uint64_t pc)
{
    if (!pc) return NULL;
    bool found;
    const char *v = memo_get(s, pc * 2, &found);
    if (found) return v;
    return memo_put(s, pc * 2, describe_code(s, pc));
}

const char *rv_symbols_function(rv_symbols *s, uint64_t pc)
{
    if (!pc) return NULL;
    load_symbols(s);
    const sym *f = symtab_find(&s->code, pc - 1);
    return f ? f->name : NULL;
}

const char *rv_symbols_object(rv_symbols *s, uint64_t addr)
{
    if (!addr) return NULL;
    bool found;
    const char *v = memo_get(s, addr * 2 + 1, &found);
    if (found) return v;
    return memo_put(s, addr * 2 + 1, describe_data(s, addr));
}
