/* compile.c — the compile driver; see compile.h. */
#include "compile.h"
#include "liveness.h"
#include "objscan.h"
#include "rawinsn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../core/stop.h"
#include "../../core/util.h"
#include "depcache.h"

/* Bumped whenever the way a build is made changes, so old cache entries
 * are never reused for a different recipe. */
/* 13: the liveness table, prog.live (liveness.h); 14: SV-COMP targets
 * (reach_error, __VERIFIER_error) the program defines are caught on entry
 * (wire_targets); 15: the reset engine's checks (linked_unseen's
 * allow-list, find_raw_insn, __ravel_cpu_clock); 16: C sources compiled
 * through assembly and their objects scanned (objscan.h), the link line
 * judged by linked_unseen for instrumentation and liveness too; 17: a
 * target inlined away gets its entry hook too (pp_names_target); 18: the
 * build says what it could not model (__ravel_no_true, read by native.c:
 * C library functions that write without events, reads of uninitialized
 * variables, with -Wuninitialized on); 19: instructions that read from
 * outside (rdtsc) make states unique (find_input_insn); 20: a C library
 * function called through its address makes every state unique
 * (note_impure_addresses); 22: calls of unmodelled writers ask
 * __ravel_unmodelled_call; 23: objscan keeps unescaped spill slots across
 * calls (a CAS's `expected`); 24: the system-call-like functions
 * (sysout.c: stat, pipe, readv, ...) are bound to their wrappers instead
 * of unmodelled trampolines, and keep the fork engine (wrapped_io); 26:
 * calls of libstdc++'s compiled functions ask __ravel_unmodelled_call;
 * 27: so do the references to them that are not calls (a vtable of the
 * program's, a function pointer) and the virtual functions of
 * libstdc++'s own vtables (cxx_vtables); 28: the merge of 27 with main's
 * own 27 (this_thread's mangled prefix): one recipe for both; 29: C++
 * sources include ravel_cxx.h (no extern templates: cxx_prelude); 30:
 * inline asm that is only compiler barriers, pause or fences, judged on
 * clang's IR (asm_inert), no longer makes its source unseen; 31: the
 * time family merged into env (libc_family_of), objscan's vtable loads;
 * 32: the C++ guard functions are the runtime's (libstdc++'s guard.o
 * dropped) */
#define RECIPE "ravel-build-32/live-" RV_LIVE_VERSION

/* -Wuninitialized: a read of an indeterminate value is one ravel cannot
 * explore (it runs whatever the stack held), so the build notes each one
 * the compiler sees (uninit_reads) and no verdict says TRUE for it */
static const char *const default_cflags[] = {"-fsanitize=thread", "-O0", "-g", "-Wuninitialized"};
/* clang's TSan pass drops the read of a read-modify-write (`x++`) in the
 * same basic block as the write; ravel needs both to be visible (DESIGN
 * §2.1: every source-level access is an operation). */
static const char *const clang_cflags[] = {"-mllvm", "-tsan-instrument-read-before-write=1"};

/* ---- growable strings and string lists -------------------------------- */

typedef struct buf {
    char *p;
    size_t n, cap;
} buf;

static void buf_add(buf *b, const void *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->p = rv_xrealloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static void buf_puts(buf *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

static char *buf_take(buf *b)
{
    if (!b->p) return rv_xstrdup("");
    char *p = b->p;
    b->p = NULL;
    b->n = b->cap = 0;
    return p;
}

typedef struct strv {
    char **v;
    size_t n, cap;
} strv;

/* Appends a copy of s; v stays NULL-terminated (an argv). */
static void strv_add(strv *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->v = rv_xrealloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = rv_xstrdup(s);
    a->v[a->n] = NULL;
}

static void strv_free(strv *a)
{
    for (size_t i = 0; i < a->n; i++) free(a->v[i]);
    free(a->v);
    memset(a, 0, sizeof *a);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void strv_sort(strv *a)
{
    if (a->n) qsort(a->v, a->n, sizeof *a->v, cmp_str);
}

static bool strv_has_sorted(const strv *a, const char *s)
{
    return a->n && bsearch(&s, a->v, a->n, sizeof *a->v, cmp_str) != NULL;
}

static bool strv_has(const strv *a, const char *s)
{
    for (size_t i = 0; i < a->n; i++)
        if (!strcmp(a->v[i], s)) return true;
    return false;
}

/* ---- running tools ------------------------------------------------------ */

static bool drain(int *fd, buf *b)
{
    char tmp[65536];
    ssize_t r = read(*fd, tmp, sizeof tmp);
    if (r > 0) {
        if (b) buf_add(b, tmp, (size_t)r);
        return true;
    }
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) return true;
    close(*fd);
    *fd = -1;
    return false;
}

int rv_run_tool(char *const argv[], char **out, size_t *outlen, char **err)
{
    int po[2], pe[2];
    if (pipe2(po, O_CLOEXEC) < 0) goto fail_early;
    if (pipe2(pe, O_CLOEXEC) < 0) {
        close(po[0]), close(po[1]);
        goto fail_early;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
        goto fail_early;
    }
    if (pid == 0) {
        /* a group of its own: a stop ends the driver's children too (a
         * compiler proper or an assembler would keep the pipes open) */
        setpgid(0, 0);
        dup2(po[1], 1);
        dup2(pe[1], 2);
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0) dup2(devnull, 0);
        execvp(argv[0], argv);
        dprintf(2, "ravel: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid); /* (also here: no stop can miss the group) */
    close(po[1]);
    close(pe[1]);
    buf bo = {0}, be = {0};
    int fds[2] = {po[0], pe[0]};
    bool killed = false;
    while (fds[0] >= 0 || fds[1] >= 0) {
        struct pollfd p[2] = {{fds[0], POLLIN, 0}, {fds[1], POLLIN, 0}};
        /* the run asked to stop (--time-limit, SIGINT; stop.h): the tool
         * is ended, the build fails and the caller reports the stop */
        int r = poll(p, 2, 100);
        if (!killed && rv_stop_poll()) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            killed = true;
        }
        if (r < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (r == 0) continue;
        if (fds[0] >= 0 && p[0].revents) drain(&fds[0], out ? &bo : NULL);
        if (fds[1] >= 0 && p[1].revents) drain(&fds[1], err ? &be : NULL);
    }
    for (int i = 0; i < 2; i++)
        if (fds[i] >= 0) close(fds[i]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    if (outlen) *outlen = bo.n;
    if (out) *out = buf_take(&bo);
    if (err) *err = buf_take(&be);
    if (WIFEXITED(st)) return WEXITSTATUS(st);
    return WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;

fail_early:
    if (err) *err = rv_xasprintf("ravel: cannot run %s: %s\n", argv[0], strerror(errno));
    if (out) *out = rv_xstrdup("");
    if (outlen) *outlen = 0;
    return -1;
}

/* ---- the compiler and the runtime --------------------------------------- */

/* Full path of an executable found in PATH (or the name itself if it has a
 * slash), or NULL. */
static char *which(const char *name)
{
    if (strchr(name, '/')) return access(name, X_OK) == 0 ? rv_xstrdup(name) : NULL;
    const char *path = getenv("PATH");
    if (!path) path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *p = path;; p++) {
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char *cand = rv_xasprintf("%.*s/%s", (int)n, n ? p : ".", name);
        if (access(cand, X_OK) == 0) return cand;
        free(cand);
        if (!e) return NULL;
        p = e;
    }
}

const char *rv_compile_pick_cc(const char *cc)
{
    if (cc && *cc) return cc;
    const char *env = getenv("CC");
    if (env && *env) return env;
    char *c = which("clang");
    if (c) {
        free(c);
        return "clang";
    }
    return "gcc";
}

static char *default_runtime(void)
{
    const char *env = getenv("RAVEL_RUNTIME");
    if (env && *env) return rv_xstrdup(env);
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return rv_xstrdup("libravel_rt.a");
    self[n] = 0;
    char *slash = strrchr(self, '/');
    if (slash) *slash = 0;
    /* next to ravel in a build tree; PREFIX/lib/ravel for PREFIX/bin/ravel
     * once installed (`make install`) */
    char *here = rv_xasprintf("%s/libravel_rt.a", self);
    if (access(here, R_OK) == 0) return here;
    char *installed = rv_xasprintf("%s/../lib/ravel/libravel_rt.a", self);
    if (access(installed, R_OK) == 0) {
        free(here);
        return installed;
    }
    free(installed);
    return here;
}

static bool read_file(const char *path, buf *b)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    char tmp[65536];
    size_t r;
    while ((r = fread(tmp, 1, sizeof tmp, f)) > 0) buf_add(b, tmp, r);
    bool ok = !ferror(f);
    fclose(f);
    return ok;
}

static bool write_file(const char *path, const char *s)
{
    FILE *f = fopen(path, "w");
    if (!f) return false;
    bool ok = fputs(s, f) >= 0;
    return (fclose(f) == 0) && ok;
}

/* Names X for which the runtime archive defines a global __ravel_X,
 * sorted.  Internal names of the protocol are left out so that a program
 * symbol called, say, `unsupported` is never bound to them. */
static int runtime_wrapped(const char *rt, strv *out, char **why)
{
    char *txt, *err;
    char *argv[] = {"nm", "--defined-only", (char *)rt, NULL};
    int st = rv_run_tool(argv, &txt, NULL, &err);
    if (st != 0) {
        *why = rv_xasprintf("ravel: nm failed on the runtime %s:\n%s", rt, err);
        free(txt), free(err);
        return -1;
    }
    free(err);
    for (char *line = strtok(txt, "\n"); line; line = strtok(NULL, "\n")) {
        char type, name[512];
        if (sscanf(line, "%*s %c %511s", &type, name) != 2) continue;
        if (!(type >= 'A' && type <= 'Z')) continue; /* local symbols cannot be linked to */
        if (strncmp(name, "__ravel_", 8)) continue;
        const char *x = name + 8;
        if (!*x || !strcmp(x, "unsupported") || !strncmp(x, "unsup_", 6) ||
            !strcmp(x, "user_main") || !strcmp(x, "atomic_fns") || !strcmp(x, "natomic_fns"))
            continue;
        strv_add(out, x);
    }
    free(txt);
    strv_sort(out);
    return 0;
}

/* Names the program may define and call for itself and the runtime also
 * uses: the API ravel offers the program (__VERIFIER_*, reach_error, the
 * TSan hooks) and the link glue (__ravel_*, main) are wired elsewhere. */
static bool program_api_name(const char *x)
{
    return !strncmp(x, "__ravel_", 8) || !strncmp(x, "__VERIFIER_", 11) ||
           !strncmp(x, "__tsan_", 7) || !strcmp(x, "main") || !strcmp(x, "reach_error");
}

/* Names the runtime binds to that a program's definition must never
 * replace, sorted: every symbol the archive imports (write, read, fork,
 * mmap, memcpy, malloc, sigaction, exit, ...: what it talks to ravel and
 * the kernel with) and every internal global it defines (rt, rv_*).  The
 * program's own definitions of these are renamed (reserve_own_defs), so a
 * program that defines `write` keeps its function and the runtime still
 * reaches libc's (DESIGN §2.1, "A runtime the program cannot hijack"). */
static int runtime_reserved(const char *rt, strv *out, char **why)
{
    char *txt, *err;
    char *argv[] = {"nm", (char *)rt, NULL};
    int st = rv_run_tool(argv, &txt, NULL, &err);
    if (st != 0) {
        *why = rv_xasprintf("ravel: nm failed on the runtime %s:\n%s", rt, err);
        free(txt), free(err);
        return -1;
    }
    free(err);
    for (char *line = strtok(txt, "\n"); line; line = strtok(NULL, "\n")) {
        /* "                 U name" or "addr type name" */
        char f[3][512];
        int k = sscanf(line, "%511s %511s %511s", f[0], f[1], f[2]);
        if (k < 2) continue;
        char type = f[k - 2][0];
        const char *name = f[k - 1];
        bool global = (type >= 'A' && type <= 'Z') || type == 'u' || type == 'w' || type == 'v';
        if (!global || program_api_name(name) || strv_has(out, name)) continue;
        strv_add(out, name);
    }
    free(txt);
    strv_sort(out);
    return 0;
}

bool rv_is_thread_process_fn(const char *n)
{
    /* names reserved by POSIX <pthread.h>, <semaphore.h>, <spawn.h> and C11
     * <threads.h> */
    static const char *const prefixes[] = {"pthread_", "sem_", "thrd_",      "mtx_",
                                           "cnd_",     "tss_", "posix_spawn"};
    static const char *const exact[] = {
        "call_once", "fork",   "vfork",  "_Fork",   "execl",    "execle",  "execlp",
        "execv",     "execve", "execvp", "execvpe", "execveat", "fexecve", "system",
        "popen",     "clone",  "clone3", "__clone", "daemon",   "forkpty", "timer_create"};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (!strncmp(n, prefixes[i], strlen(prefixes[i]))) return true;
    for (size_t i = 0; i < sizeof exact / sizeof *exact; i++)
        if (!strcmp(n, exact[i])) return true;
    return false;
}

/* ---- flags --------------------------------------------------------------- */

/* Split a command like $CC ("ccache clang") at blanks; no quoting, as
 * make does not quote $CC either. */
static void split_words(const char *s, strv *out)
{
    while (*s) {
        s += strspn(s, " \t");
        size_t n = strcspn(s, " \t");
        if (!n) break;
        char *w = rv_xasprintf("%.*s", (int)n, s);
        strv_add(out, w);
        free(w);
        s += n;
    }
}

static bool ends_with(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && !strcmp(s + n - m, suf);
}

/* Flags that would change what the driver produces: ravel picks the
 * outputs, and another sanitizer would need its own runtime. */
static const char *forbidden_flag(const rv_compile_opts *o)
{
    static const char *const bad[] = {"-o", "-c", "-S", "-E", "-shared", "-fsanitize="};
    for (size_t i = 0; i < o->nflags; i++)
        for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
            size_t n = strlen(bad[k]);
            bool prefix = bad[k][n - 1] == '=';
            if (prefix ? !strncmp(o->flags[i], bad[k], n) : !strcmp(o->flags[i], bad[k]))
                return o->flags[i];
        }
    return NULL;
}

/* Link-time optimisation: with it clang's -S writes LLVM IR, not the
 * assembly ravel instruments and scans, and the link would compile the
 * program again without ravel's passes.  It does not change what a
 * program may do, so the flag is dropped (note_lto says so). */
static bool lto_flag(const char *f)
{
    return !strcmp(f, "-flto") || !strncmp(f, "-flto=", 6) || !strcmp(f, "-ffat-lto-objects") ||
           !strcmp(f, "-fno-fat-lto-objects") || !strcmp(f, "-fno-lto");
}

static void note_lto(const rv_compile_opts *o, buf *diag)
{
    for (size_t i = 0; i < o->nflags; i++)
        if (lto_flag(o->flags[i]) && strcmp(o->flags[i], "-fno-lto")) {
            buf_puts(diag, "ravel: note: link-time optimisation flags are ignored (ravel "
                           "instruments and scans each file's own object code)\n");
            return;
        }
}

/* Split the user's flags into compiler and linker flags (compile.h). */
static void split_flags(const rv_compile_opts *o, strv *cflags, strv *ldflags)
{
    for (size_t i = 0; i < o->nflags; i++) {
        const char *f = o->flags[i];
        bool pair =
            (!strcmp(f, "-l") || !strcmp(f, "-L") || !strcmp(f, "-Xlinker")) && i + 1 < o->nflags;
        if (pair) {
            strv_add(ldflags, f);
            strv_add(ldflags, o->flags[++i]);
        } else if (!strncmp(f, "-l", 2) || !strncmp(f, "-L", 2) || !strncmp(f, "-Wl,", 4) ||
                   (f[0] != '-' && (ends_with(f, ".a") || ends_with(f, ".o") ||
                                    ends_with(f, ".so") || strstr(f, ".so.")))) {
            strv_add(ldflags, f);
        } else if (lto_flag(f)) {
            continue; /* noted by note_lto */
        } else if (!strcmp(f, "-pthread")) {
            strv_add(cflags, f);
            strv_add(ldflags, f);
        } else {
            strv_add(cflags, f);
        }
    }
}

/* ---- the cache ------------------------------------------------------------ */

static int mkdir_p(const char *path)
{
    char *p = rv_xstrdup(path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        mkdir(p, 0700);
        *s = '/';
    }
    int r = mkdir(p, 0700);
    free(p);
    if (r < 0 && errno != EEXIST) return -1;
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode) && access(path, W_OK) == 0 ? 0 : -1;
}

static char *cache_root(const char *want)
{
    if (want) return mkdir_p(want) == 0 ? rv_xstrdup(want) : NULL;
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    char *cands[3] = {
        xdg && *xdg == '/' ? rv_xasprintf("%s/ravel", xdg) : NULL,
        home && *home == '/' ? rv_xasprintf("%s/.cache/ravel", home) : NULL,
        rv_xasprintf("/tmp/ravel-cache-%u", (unsigned)getuid()),
    };
    char *root = NULL;
    for (int i = 0; i < 3; i++) {
        if (!root && cands[i] && mkdir_p(cands[i]) == 0)
            root = cands[i];
        else
            free(cands[i]);
    }
    return root;
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    (void)st, (void)flag, (void)f;
    remove(p);
    return 0;
}

static void rm_rf(const char *dir)
{
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Remove what builds killed midway left behind: private directories
 * (`<key>.tmp-*`, `<key>.old-*`) untouched for an hour, so never one that
 * a running build still uses. */
static void sweep_stale(const char *root)
{
    DIR *d = opendir(root);
    if (!d) return;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, ".tmp-") && !strstr(e->d_name, ".old-")) continue;
        char *p = rv_xasprintf("%s/%s", root, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode) && now - st.st_mtime > 3600) rm_rf(p);
        free(p);
    }
    closedir(d);
}

/* ---- one build ------------------------------------------------------------ */

typedef struct job {
    const rv_compile_opts *o;
    const char *cc;
    char *rt;
    strv cflags, ldflags;
    buf diag;
    char *dir;          /* private build directory */
    strv ccv;           /* the compiler command: `ccache clang` is two words */
    bool is_clang;      /* from `cc --version` */
    bool gnu89;         /* retrying with GNU89 inline semantics (build_inline_retry) */
    bool cxx;           /* a source is C++ (rv_compile_is_cxx): see "C++" below */
    char *cxx_prelude;  /* ravel_cxx.h beside the runtime, or NULL (cxx_prelude) */
    strv cxxv;          /* the C++ compiler command (cxx_compiler) */
    rv_deps deps;       /* the files preprocessing read (compute_key), for depcache */
    bool *names_target; /* per source: its preprocessed text names an SV-COMP
                           target (compute_key; wire_targets) */
} job;

static void add_cc(const job *j, strv *argv)
{
    for (size_t i = 0; i < j->ccv.n; i++) strv_add(argv, j->ccv.v[i]);
}

/* The compiler for one source: the C++ compiler for a C++ source. */
static void add_cc_for(const job *j, strv *argv, const char *src)
{
    bool cxx = j->cxx && rv_compile_is_cxx(src);
    const strv *v = cxx ? &j->cxxv : &j->ccv;
    for (size_t i = 0; i < v->n; i++) strv_add(argv, v->v[i]);
    if (cxx && j->cxx_prelude) {
        strv_add(argv, "-include");
        strv_add(argv, j->cxx_prelude);
    }
}

static void add_default_flags(const job *j, strv *argv)
{
    for (size_t i = 0; i < sizeof default_cflags / sizeof *default_cflags; i++)
        strv_add(argv, default_cflags[i]);
    if (j->is_clang)
        for (size_t i = 0; i < sizeof clang_cflags / sizeof *clang_cflags; i++)
            strv_add(argv, clang_cflags[i]);
}

/* Run a tool; its stderr goes to the diagnostics.  Returns its status. */
static int run_diag(job *j, strv *argv, char **out, size_t *outlen)
{
    char *err;
    int st = rv_run_tool(argv->v, out, outlen, &err);
    buf_puts(&j->diag, err);
    free(err);
    return st;
}

static void add_hash(buf *key, const void *p, size_t n)
{
    rv_hash128 h = rv_hash(p, n);
    buf_add(key, &h, sizeof h);
}

static void add_hash_str(buf *key, const char *s)
{
    add_hash(key, s, strlen(s) + 1);
}

/* ---- C++ ------------------------------------------------------------------
 *
 * A C++ source (.cpp, .cc, .cxx, .c++, .C) is compiled by the C++ compiler
 * that goes with the C one (clang++ for clang, g++ for gcc; $CXX if set),
 * with the same instrumentation; the user's flags go to every source.
 * The C++ standard library is linked statically, from a copy of
 * libstdc++.a whose objects are rewired as the program's are
 * (cxx_stdlib): std::thread::_M_start_thread, condition_variable::wait,
 * thread::join, call_once's proxies and operator new live in the library
 * and call pthread_create, pthread_cond_wait, malloc, ... themselves, and
 * those calls must reach the runtime too (DESIGN §2 "C++").  A dynamic
 * libstdc++.so would call the C library's pthread_create directly, which
 * no rewiring of the program's objects reaches. */

bool rv_compile_is_cxx(const char *src)
{
    return ends_with(src, ".cpp") || ends_with(src, ".cc") || ends_with(src, ".cxx") ||
           ends_with(src, ".c++") || ends_with(src, ".C");
}

/* The C++ compiler command: $CXX, or the C command with its compiler word
 * mapped (clang -> clang++, clang-14 -> clang++-14, gcc -> g++, cc -> c++). */
static void cxx_compiler(job *j)
{
    const char *env = getenv("CXX");
    if (env && *env) {
        split_words(env, &j->cxxv);
        if (j->cxxv.n) return;
    }
    for (size_t i = 0; i + 1 < j->ccv.n; i++) strv_add(&j->cxxv, j->ccv.v[i]);
    const char *cc = j->ccv.n ? j->ccv.v[j->ccv.n - 1] : "cc";
    const char *base = strrchr(cc, '/') ? strrchr(cc, '/') + 1 : cc;
    size_t dir = (size_t)(base - cc);
    char *cxx;
    if (!strncmp(base, "clang", 5))
        cxx = rv_xasprintf("%.*sclang++%s", (int)dir, cc, base + 5);
    else if (strstr(base, "gcc"))
        cxx = rv_xasprintf("%.*s%.*sg++%s", (int)dir, cc, (int)(strstr(base, "gcc") - base), base,
                           strstr(base, "gcc") + 3);
    else
        cxx = rv_xasprintf("%.*sc++", (int)dir, cc);
    strv_add(&j->cxxv, cxx);
    free(cxx);
}

/* ravel_cxx.h beside the runtime library rt (heap), or NULL if it is not
 * there (a runtime named by RAVEL_RUNTIME alone).  Every C++ source
 * includes it first: libstdc++'s `extern template` declarations are off,
 * so std::string, the streams and the facets are instantiated in the
 * program's objects, instrumented, instead of called in the library's
 * uninstrumented copies, which cxx_unmodelled gates (without it those
 * calls stay gated: fewer exhaustive answers, none wrong). */
static char *cxx_prelude(const char *rt)
{
    const char *slash = strrchr(rt, '/');
    char *h =
        slash ? rv_xasprintf("%.*s/ravel_cxx.h", (int)(slash - rt), rt) : rv_xstrdup("ravel_cxx.h");
    if (access(h, R_OK) == 0) return h;
    free(h);
    return NULL;
}

/* Path of the static libstdc++ the C++ compiler links (heap), or NULL. */
static char *cxx_stdlib_path(job *j)
{
    strv argv = {0};
    for (size_t i = 0; i < j->cxxv.n; i++) strv_add(&argv, j->cxxv.v[i]);
    strv_add(&argv, "-print-file-name=libstdc++.a");
    char *out = NULL;
    int st = run_diag(j, &argv, &out, NULL);
    strv_free(&argv);
    if (st != 0 || !out) {
        free(out);
        return NULL;
    }
    out[strcspn(out, "\n")] = 0;
    if (out[0] != '/' || access(out, R_OK) != 0) { /* printed the bare name: not found */
        free(out);
        return NULL;
    }
    return out;
}

/* The C++ compiler's version and the static library's bytes go into the
 * cache key: 0, or -1 (diag). */
static int cxx_version_key(job *j, buf *key)
{
    strv argv = {0};
    for (size_t i = 0; i < j->cxxv.n; i++) strv_add(&argv, j->cxxv.v[i]);
    strv_add(&argv, "--version");
    char *ver = NULL;
    int st = run_diag(j, &argv, &ver, NULL);
    strv_free(&argv);
    if (st != 0) {
        buf_puts(&j->diag, "ravel: the C++ compiler '");
        buf_puts(&j->diag, j->cxxv.v[j->cxxv.n - 1]);
        buf_puts(&j->diag, "' does not work (install clang, or g++; or set CXX)\n");
        free(ver);
        return -1;
    }
    add_hash_str(key, ver);
    free(ver);
    char *lib = cxx_stdlib_path(j);
    buf b = {0};
    if (!lib || !read_file(lib, &b)) {
        buf_puts(&j->diag, "ravel: no static C++ library (libstdc++.a) found: install "
                           "libstdc++-12-dev (Debian), which ravel links C++ programs with\n");
        free(lib);
        free(b.p);
        return -1;
    }
    add_hash_str(key, lib);
    add_hash(key, b.p, b.n);
    free(lib);
    free(b.p);
    return 0;
}

/* Environment variables that change what the preprocessor reads. */
static const char *const pp_env[] = {"CPATH",           "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
                                     "GCC_EXEC_PREFIX", "COMPILER_PATH",  "CCC_OVERRIDE_OPTIONS"};

/* The direct key (depcache.h): every input of compute_key's key but the
 * preprocessed text, with the compiler named by its file's identity
 * instead of its `--version` (an upgrade replaces the file).  False when
 * direct look-up does not apply: a compiler command of several words
 * (`ccache clang`: the compiler behind it is unseen), C++ (its library's
 * bytes are part of the key), or an input that cannot be read. */
static bool direct_key(const job *j, char hex[33])
{
    if (j->cxx || j->ccv.n != 1) return false;
    char *ccpath = which(j->ccv.v[0]);
    struct stat st;
    if (!ccpath || stat(ccpath, &st) != 0) {
        free(ccpath);
        return false;
    }
    buf key = {0};
    add_hash_str(&key, RECIPE "-direct");
    add_hash_str(&key, ccpath);
    free(ccpath);
    uint64_t id[5] = {st.st_dev, st.st_ino, (uint64_t)st.st_size, (uint64_t)st.st_mtim.tv_sec,
                      (uint64_t)st.st_mtim.tv_nsec};
    add_hash(&key, id, sizeof id);
    char cwd[4096];
    add_hash_str(&key, getcwd(cwd, sizeof cwd) ? cwd : "?");
    for (size_t i = 0; i < j->o->nflags; i++) add_hash_str(&key, j->o->flags[i]);
    for (size_t i = 0; i < sizeof pp_env / sizeof *pp_env; i++) {
        const char *v = getenv(pp_env[i]);
        add_hash_str(&key, v ? v : "\x01unset");
    }
    bool ok = true;
    for (size_t s = 0; ok && s < j->o->nsources; s++) {
        buf src = {0};
        ok = read_file(j->o->sources[s], &src);
        add_hash_str(&key, j->o->sources[s]);
        add_hash(&key, src.p ? src.p : "", src.n);
        free(src.p);
    }
    buf rt = {0};
    ok = ok && read_file(j->rt, &rt);
    if (ok) add_hash(&key, rt.p, rt.n);
    free(rt.p);
    if (ok) {
        rv_hash128 h = rv_hash(key.p, key.n);
        snprintf(hex, 33, "%016llx%016llx", (unsigned long long)h.hi, (unsigned long long)h.lo);
    }
    free(key.p);
    return ok;
}

/* Does preprocessed text name reach_error or __VERIFIER_error (an
 * identifier outside line markers, string and character literals)?  A
 * target the compiler inlined everywhere leaves no symbol in the object
 * (`static inline`, always_inline, -O2), so the object's symbols alone
 * would not get it its entry hook (wire_targets) and its body would run
 * unseen: an `assert(0)` in it is no violation of unreach-call, a wrong
 * TRUE (tests/svcomp/inline_target.c). */
static bool pp_names_target(const char *pp, size_t n)
{
    const char *end = pp + n;
    bool line_start = true;
    for (const char *p = pp; p < end;) {
        char c = *p;
        if (line_start && c == '#') { /* a line marker or a pragma */
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            p = nl ? nl : end;
            continue;
        }
        if (c == '\n') {
            line_start = true;
            p++;
            continue;
        }
        if (c == ' ' || c == '\t') {
            p++;
            continue;
        }
        line_start = false;
        if (c == '"' || c == '\'') { /* a literal: skip it, escapes included */
            for (p++; p < end && *p != c && *p != '\n'; p++)
                if (*p == '\\' && p + 1 < end) p++;
            p++;
            continue;
        }
        if (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            const char *b = p;
            while (p < end && (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                               (*p >= '0' && *p <= '9')))
                p++;
            size_t k = (size_t)(p - b);
            if ((k == 11 && !memcmp(b, "reach_error", 11)) ||
                (k == 16 && !memcmp(b, "__VERIFIER_error", 16)))
                return true;
            continue;
        }
        p++;
    }
    return false;
}

/* The cache key as 32 hex digits; -1 if preprocessing failed (the
 * program's fault), -2 if the compiler or the runtime is unusable. */
static int compute_key(job *j, char hex[33])
{
    buf key = {0};
    add_hash_str(&key, RECIPE);
    char *ccpath = which(j->ccv.v[0]);
    add_hash_str(&key, ccpath ? ccpath : j->ccv.v[0]);
    for (size_t i = 1; i < j->ccv.n; i++) add_hash_str(&key, j->ccv.v[i]);
    free(ccpath);
    strv argv = {0};
    add_cc(j, &argv);
    strv_add(&argv, "--version");
    char *ver = NULL;
    int st = run_diag(j, &argv, &ver, NULL);
    strv_free(&argv);
    if (st != 0) {
        char *m = rv_xasprintf("ravel: the compiler '%s' does not work (`%s --version` failed)\n",
                               j->cc, j->cc);
        buf_puts(&j->diag, m);
        free(m);
        free(ver);
        free(key.p);
        return -2;
    }
    add_hash_str(&key, ver);
    j->is_clang = strstr(ver, "clang") != NULL;
    free(ver);
    if (j->cxx && cxx_version_key(j, &key) < 0) {
        free(key.p);
        return -2;
    }
    /* the debug information records the build directory, and reports show
     * source paths through it */
    char cwd[4096];
    add_hash_str(&key, getcwd(cwd, sizeof cwd) ? cwd : "?");
    for (size_t i = 0; i < j->o->nflags; i++) add_hash_str(&key, j->o->flags[i]);
    buf rt = {0};
    if (!read_file(j->rt, &rt)) {
        buf_puts(&j->diag, "ravel: cannot read the runtime library ");
        buf_puts(&j->diag, j->rt);
        buf_puts(&j->diag, ": build ravel with `make` (or set RAVEL_RUNTIME)\n");
        free(key.p);
        return -2;
    }
    add_hash(&key, rt.p, rt.n);
    free(rt.p);
    for (size_t s = 0; s < j->o->nsources; s++) {
        add_cc_for(j, &argv, j->o->sources[s]);
        strv_add(&argv, "-E");
        /* as the compile will see it: -fsanitize=thread changes what
         * `__has_feature(thread_sanitizer)` includes */
        for (size_t i = 0; i < sizeof default_cflags / sizeof *default_cflags; i++)
            strv_add(&argv, default_cflags[i]);
        for (size_t i = 0; i < j->cflags.n; i++) strv_add(&argv, j->cflags.v[i]);
        strv_add(&argv, j->o->sources[s]);
        char *pp;
        size_t n;
        st = run_diag(j, &argv, &pp, &n);
        strv_free(&argv);
        add_hash_str(&key, j->o->sources[s]);
        add_hash(&key, pp, n);
        rv_deps_from_pp(&j->deps, pp, n);
        if (!j->names_target) j->names_target = rv_xcalloc(j->o->nsources, sizeof *j->names_target);
        j->names_target[s] = st == 0 && pp_names_target(pp, n);
        free(pp);
        if (st != 0) {
            free(key.p);
            return -1;
        }
    }
    add_default_flags(j, &argv);
    for (size_t i = 0; i < argv.n; i++) add_hash_str(&key, argv.v[i]);
    strv_free(&argv);
    rv_hash128 h = rv_hash(key.p, key.n);
    free(key.p);
    snprintf(hex, 33, "%016llx%016llx", (unsigned long long)h.hi, (unsigned long long)h.lo);
    return 0;
}

/* Symbols of an object: undefined ones, defined ones, and the defined
 * __VERIFIER_atomic_* functions with their sizes and binding. */
typedef struct objsyms {
    strv undef, def;
    strv gdef;   /* the defined symbols other objects can link to */
    strv atomic; /* names */
    strv atomic_local;
    unsigned long *atomic_size;
    strv target;       /* the SV-COMP targets it defines (is_target_name) */
    strv target_local; /* ... of them, the static ones */
    unsigned long *target_size;
} objsyms;

/* The functions whose call is the violation of unreach-call: reach_error
 * (SV-COMP since 2021) and __VERIFIER_error (before). */
static bool is_target_name(const char *x)
{
    return !strcmp(x, "reach_error") || !strcmp(x, "__VERIFIER_error");
}

/* Does the object call a target defined elsewhere (or the runtime's)? */
static bool imports_target(const objsyms *s)
{
    for (size_t i = 0; i < s->undef.n; i++)
        if (is_target_name(s->undef.v[i])) return true;
    return false;
}

static int scan_object(job *j, const char *obj, objsyms *s)
{
    strv argv = {0};
    strv_add(&argv, "nm");
    strv_add(&argv, "-S");
    strv_add(&argv, obj);
    char *txt;
    int st = run_diag(j, &argv, &txt, NULL);
    strv_free(&argv);
    if (st != 0) {
        free(txt);
        return -1;
    }
    for (char *line = strtok(txt, "\n"); line; line = strtok(NULL, "\n")) {
        /* "U name" (undefined), "addr type name", "addr size type name" */
        char f[4][512];
        int k = sscanf(line, "%511s %511s %511s %511s", f[0], f[1], f[2], f[3]);
        if (k == 2 && (f[0][0] == 'U' || f[0][0] == 'w') && !f[0][1]) {
            strv_add(&s->undef, f[1]);
            continue;
        }
        if (k < 3) continue;
        char type = f[k - 2][0];
        const char *name = f[k - 1];
        unsigned long size = k == 4 ? strtoul(f[1], NULL, 16) : 0;
        strv_add(&s->def, name);
        if ((type >= 'A' && type <= 'Z') || type == 'u' || type == 'i') strv_add(&s->gdef, name);
        if (!strncmp(name, "__VERIFIER_atomic_", 18) && strchr("TtWw", type)) {
            strv_add(&s->atomic, name);
            s->atomic_size = rv_xrealloc(s->atomic_size, s->atomic.n * sizeof *s->atomic_size);
            s->atomic_size[s->atomic.n - 1] = size;
            if (type == 't') strv_add(&s->atomic_local, name);
        }
        if (is_target_name(name) && strchr("TtWw", type)) {
            strv_add(&s->target, name);
            s->target_size = rv_xrealloc(s->target_size, s->target.n * sizeof *s->target_size);
            s->target_size[s->target.n - 1] = size;
            if (type == 't') strv_add(&s->target_local, name);
        }
    }
    free(txt);
    return 0;
}

static void objsyms_free(objsyms *s)
{
    strv_free(&s->undef);
    strv_free(&s->def);
    strv_free(&s->gdef);
    strv_free(&s->atomic);
    strv_free(&s->atomic_local);
    free(s->atomic_size);
    strv_free(&s->target);
    strv_free(&s->target_local);
    free(s->target_size);
}

static bool is_c_identifier(const char *s)
{
    if (!*s || (*s >= '0' && *s <= '9')) return false;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9')))
            return false;
    return true;
}

/* The generated stubs.c, built up while the objects are rewired. */
typedef struct wiring {
    strv stubbed; /* unsupported functions that have a stub */
    buf stubs;    /* declarations and stub functions */
    buf table;    /* rows of __ravel_atomic_fns */
    size_t natomic;
    buf targets; /* rows of __ravel_target_fns */
    size_t ntarget;
    strv impure;             /* C library functions given a tainting trampoline */
    strv unmodelled;         /* ... of them, those known to write through pointers */
    strv uninit;             /* "file:line 'x'": reads of uninitialized variables (uninit_reads) */
    strv families;           /* libc state families whose object stubs.c defines */
    bool uninstrumented;     /* the program holds code built without instrumentation */
    bool hw_input;           /* ... or instructions that read from outside (rdtsc) */
    char *reset_unsafe;      /* the first import a reset may not undo (engine.c), or NULL */
    char *unexplored;        /* code_facts.unexplored (moved), or NULL */
    bool cpu_clock;          /* the program may read the CPU clock (imports_cpu_clock) */
    bool cxx;                /* a C++ build: cxx_unsupported names are stubbed too */
    unsigned long max_frame; /* the largest static stack frame of the program's functions */
    char *deep_callee;       /* the first import that may run deep uninstrumented frames, or NULL */
    strv deep;               /* deep imports given a recording trampoline (deep_record) */
    bool deep_always;        /* a deep import named other than by a call: no trampoline */
    bool dynamic_frames;     /* a function's frame has no static bound (alloca, a VLA) */
    strv dynamic_fns;        /* ... those functions */
    strv uninstrumented_why; /* every source or input built without instrumentation */
    strv cxx_fns;            /* the functions libstdc++.a defines, sorted (cxx_lib_functions) */
    strv cxx_virtuals;       /* those of libstdc++'s vtables' slots that ask (cxx_vtables) */
} wiring;

static void buf_printf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void buf_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s;
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (n < 0) {
        fprintf(stderr, "ravel: out of memory\n");
        exit(3);
    }
    buf_add(b, s, (size_t)n);
    free(s);
}

/* What the compiler made of the program's own code, for the decisions
 * that depend on code ravel cannot see into (objscan.h): the first
 * reason it holds code built without instrumentation (every state is
 * then unique: RV_TAINT_UNINSTRUMENTED) and the first reason it may let
 * a stack address out or return twice (no liveness table: liveness.h).
 * NULL: none found. */
typedef struct code_facts {
    char *uninstrumented;
    char *stack_out;
    /* the first code that may access memory shared with other threads
     * without events (objscan.h question 3, code ravel did not compile):
     * no result is then exhaustive (__ravel_unexplored) */
    char *unexplored;
    strv uninstrumented_all; /* every such source or input, for the summary
                                ("file (what)": taint_note) */
} code_facts;

static void note(char **slot, const char *why)
{
    if (!*slot) *slot = rv_xstrdup(why);
}

/* Code built without instrumentation: why (the first reason), and where
 * ("base-name-of-where (what)") among all of them. */
static void note_uninstrumented(code_facts *cf, const char *why, const char *where,
                                const char *what)
{
    note(&cf->uninstrumented, why);
    const char *base = where ? strrchr(where, '/') : NULL;
    char *x = where ? rv_xasprintf("%s (%s)", base ? base + 1 : where, what) : rv_xstrdup(what);
    if (!strv_has(&cf->uninstrumented_all, x)) strv_add(&cf->uninstrumented_all, x);
    free(x);
}

static void note_both(code_facts *cf, const char *why, const char *where, const char *what)
{
    note_uninstrumented(cf, why, where, what);
    note(&cf->stack_out, why);
}

/* The language the user's flags force on the sources (`-x lang`,
 * `-xlang`), or NULL: a source compiled as anything but C (assembly
 * through `-x assembler`) is code the driver cannot judge. */
static const char *forced_language(const job *j)
{
    const char *lang = NULL;
    for (size_t i = 0; i < j->cflags.n; i++) {
        const char *f = j->cflags.v[i];
        if (!strcmp(f, "-x") && i + 1 < j->cflags.n)
            lang = j->cflags.v[++i];
        else if (!strncmp(f, "-x", 2) && f[2])
            lang = f + 2;
    }
    return lang && strcmp(lang, "c") && strcmp(lang, "none") ? lang : NULL;
}

/* Source s compiled with `mode` (-c: an object, as the user's compiler
 * would; -S: assembly; -emit-llvm: LLVM IR as text, clang only) into out.  For -S with clang,
 * -fverbose-asm after the user's flags (the last one wins): clang writes its comment around
 * file-scope assembly only then (gcc marks it with #APP always).  Both
 * write out's .su beside it (frame sizes: max_frame_of).  `entry_hooks`
 * adds -finstrument-functions (wire_targets). */
static int compile_source(job *j, size_t s, const char *mode, const char *out, bool entry_hooks)
{
    strv argv = {0};
    add_cc_for(j, &argv, j->o->sources[s]);
    strv_add(&argv, strcmp(mode, "-emit-llvm") ? mode : "-S");
    if (!strcmp(mode, "-emit-llvm")) strv_add(&argv, mode);
    add_default_flags(j, &argv);
    for (size_t i = 0; i < j->cflags.n; i++) strv_add(&argv, j->cflags.v[i]);
    if (j->gnu89) strv_add(&argv, "-fgnu89-inline");
    strv_add(&argv, "-fstack-usage");
    if (entry_hooks) strv_add(&argv, "-finstrument-functions");
    if (j->is_clang && !strcmp(mode, "-S")) strv_add(&argv, "-fverbose-asm");
    strv_add(&argv, j->o->sources[s]);
    strv_add(&argv, "-o");
    strv_add(&argv, out);
    int st = run_diag(j, &argv, NULL, NULL);
    strv_free(&argv);
    return st == 0 ? 0 : 1;
}

/* Assemble asm_ into obj with the same compiler; of the user's flags only
 * those for the assembler (-Wa,..., -Xassembler ...) apply. */
static int assemble(job *j, const char *asm_, const char *obj)
{
    strv argv = {0};
    add_cc(j, &argv);
    strv_add(&argv, "-c");
    for (size_t i = 0; i < j->cflags.n; i++) {
        const char *f = j->cflags.v[i];
        if (!strncmp(f, "-Wa,", 4)) strv_add(&argv, f);
        if (!strcmp(f, "-Xassembler") && i + 1 < j->cflags.n) {
            strv_add(&argv, f);
            strv_add(&argv, j->cflags.v[++i]);
        }
    }
    strv_add(&argv, asm_);
    strv_add(&argv, "-o");
    strv_add(&argv, obj);
    int st = run_diag(j, &argv, NULL, NULL);
    strv_free(&argv);
    return st == 0 ? 0 : 1;
}

/* True when every inline asm statement of source s is inert
 * (rv_ir_asm_inert: compiler barriers, pause, fences), judged on clang's
 * LLVM IR of it, where the program cannot forge the assembly's markers.
 * False with gcc (no IR) and whenever unsure.  Costs one more front-end
 * run, only for sources whose assembly has markers. */
static bool asm_inert(job *j, size_t s, const char *obj, bool entry_hooks)
{
    if (!j->is_clang) return false;
    /* a name of its own: -fstack-usage writes a .su beside it, which must
     * not replace the object's */
    char *ll = rv_xasprintf("%.*s-ir.ll", (int)strlen(obj) - 2, obj);
    char *su = rv_xasprintf("%.*s-ir.su", (int)strlen(obj) - 2, obj);
    buf ir = {0};
    bool inert = compile_source(j, s, "-emit-llvm", ll, entry_hooks) == 0 && read_file(ll, &ir) &&
                 ir.p && rv_ir_asm_inert(ir.p);
    free(ir.p);
    unlink(ll);
    unlink(su);
    free(ll);
    free(su);
    return inert;
}

/* Compile source s into obj: 0, or 1 (diagnostics in j->diag).  A C
 * source goes through assembly, which the compiler marks where it holds
 * inline assembly (rv_asm_marker); for GNU as and clang's integrated
 * assembler the object is the one `-c` writes (the same code and line
 * table).  C++ and sources forced to another language are compiled
 * directly (their code is judged unseen anyway: build). */
static int compile_one(job *j, size_t s, const char *obj, bool entry_hooks, code_facts *cf)
{
    const char *src = j->o->sources[s];
    if (j->cxx || forced_language(j)) return compile_source(j, s, "-c", obj, entry_hooks);
    char *asm_ = rv_xasprintf("%.*s.s", (int)strlen(obj) - 2, obj);
    int rc = compile_source(j, s, "-S", asm_, entry_hooks);
    buf text = {0};
    if (rc == 0 && !read_file(asm_, &text)) {
        buf_puts(&j->diag, "ravel: cannot read the compiler's assembly output\n");
        rc = -1;
    }
    const char *m = rc == 0 && text.p ? rv_asm_marker(text.p) : NULL;
    if (m && asm_inert(j, s, obj, entry_hooks)) m = NULL;
    if (m) {
        char *why = rv_xasprintf("inline assembly in %s", src);
        note_both(cf, why, src, "inline assembly");
        free(why);
    }
    free(text.p);
    if (rc == 0) rc = assemble(j, asm_, obj);
    unlink(asm_); /* the cached build does not need it */
    free(asm_);
    return rc;
}

/* Code that accesses memory other threads may reach without events: in
 * `where` (a source or what is linked), at `what`. */
static void note_unexplored(code_facts *cf, const char *where, const char *what)
{
    if (cf->unexplored) return;
    const char *base = strrchr(where, '/');
    cf->unexplored = rv_xasprintf("code built without instrumentation accesses memory other "
                                  "threads may reach, without events: %s: %s",
                                  base ? base + 1 : where, what);
}

/* What an object's machine code shows (objscan.h). */
static void scan_code(const char *obj, const char *src, code_facts *cf)
{
    rv_objscan sc;
    char *why = NULL;
    if (rv_objscan_file(obj, &sc, &why) != 0) {
        char *w = rv_xasprintf("code of %s that cannot be read (%s)", src, why);
        note_both(cf, w, src, "code that cannot be read");
        free(w);
        free(why);
        return;
    }
    if (sc.unhooked) {
        char *w = rv_xasprintf("%s: %s", src, sc.unhooked);
        /* the function (or section) the first such store is in */
        char *fn = rv_xasprintf("%.*s", (int)strcspn(sc.unhooked, "+:"), sc.unhooked);
        note_uninstrumented(cf, w, src, fn);
        free(fn);
        free(w);
    }
    if (sc.unexplored) note_unexplored(cf, src, sc.unexplored);
    if (sc.stack_out) {
        char *w = rv_xasprintf("%s: %s", src, sc.stack_out);
        note(&cf->stack_out, w);
        free(w);
    }
    rv_objscan_free(&sc);
}

/* The function of the stack-usage line holding `tab` (its location,
 * "file:line:column:function", ends at the line's first tab), added to
 * fns once. */
static void add_su_function(const char *text, const char *tab, strv *fns)
{
    const char *line = tab;
    while (line > text && line[-1] != '\n') line--;
    const char *first_tab = memchr(line, '\t', (size_t)(tab - line) + 1);
    const char *name = first_tab;
    while (name > line && name[-1] != ':') name--;
    char *fn = rv_xasprintf("%.*s", (int)(first_tab - name), name);
    if (*fn && !strv_has(fns, fn)) strv_add(fns, fn);
    free(fn);
}

/* The largest static frame in the stack-usage file that -fstack-usage
 * wrote beside obj (lines "location<TAB>bytes<TAB>qualifiers", clang and
 * gcc alike); 0 if there is none.  The runtime's dead-stack scrub must
 * reach that far below the deepest frame it saw: a function that makes
 * no call and no shared access has no __tsan_func_entry hook, so its
 * frame is seen by nobody (state.c, rv_dead_floor).  *dynamic is set when a
 * frame has no static bound: nothing bounds how deep it reaches, and the
 * function is added to dynamic_fns. */
static unsigned long max_frame_of(const char *obj, bool *dynamic, strv *dynamic_fns)
{
    size_t n = strlen(obj);
    char *su = rv_xasprintf("%.*s.su", (int)(n > 2 && !strcmp(obj + n - 2, ".o") ? n - 2 : n), obj);
    buf b = {0};
    unsigned long max = 0;
    if (read_file(su, &b) && b.n) {
        buf_add(&b, "", 1);
        /* the number after each tab (after the second one per line, the
         * qualifiers, it reads 0) */
        for (char *tab = strchr(b.p, '\t'); tab; tab = strchr(tab + 1, '\t')) {
            unsigned long v = strtoul(tab + 1, NULL, 10);
            if (v > max) max = v;
            /* "dynamic" alone: alloca or a VLA of no static bound
             * ("dynamic,bounded" counts its bound in the size) */
            if (!strncmp(tab + 1, "dynamic", 7) && (tab[8] == '\n' || !tab[8])) {
                *dynamic = true;
                add_su_function(b.p, tab, dynamic_fns);
            }
        }
    }
    free(b.p);
    free(su);
    return max;
}

/* The reset engine (src/runtime/engine.c) undoes what a function does to
 * the process's memory, nothing else: a program that imports a function
 * which may change other process state (open files and descriptors,
 * mappings, signal handlers and masks, the working directory, child
 * processes, ...) runs with a fork per execution.  This is the list of
 * what is known to touch memory only (or to write to stdout/stderr, whose
 * output a fork would write as well); everything else counts as unsafe.
 * Functions the runtime wraps (pthread, malloc, exit, sleeps, ...) and the
 * thread/process functions bound to "unsupported" stubs never get here.
 * The prefixes match only the C library's functions: linked_unseen lets
 * no other library onto the link line, and the engine refuses a process
 * that maps code of any other (engine.c, foreign_code: LD_PRELOAD).
 * Not here: getpid (a forked child's differs from the pid its
 * constructors saw, the engine's process keeps one pid), quick_exit and
 * at_quick_exit (quick_exit ends the process without the exit path the
 * engine ends an execution on: engine.c, last_destructor). */
static bool reset_safe(const char *x)
{
    /* clang-format off */
    static const char *const prefixes[] = {
        "__tsan_", "__VERIFIER_", "__ravel_", "str", "mem", "wcs", "wmem", "is", "to", "ato",
        "__isoc99_s", "__isoc23_s", "__ctype_", "__udiv", "__div", "__mod", "__umod", "__mul",
        "__pop", "__clz", "__ctz", "__extend", "__trunc", "__fix", "__float", "__builtin_",
        "__stack_chk_", "__assert", "__errno_location"};
    static const char *const names[] = {
        "printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsprintf", "vsnprintf",
        "puts", "putchar", "fputs", "fputc", "putc", "fwrite", "fflush", "perror", "__printf_chk",
        "__fprintf_chk", "__sprintf_chk", "__snprintf_chk", "__vfprintf_chk", "__vsnprintf_chk",
        "__vsprintf_chk", "__vprintf_chk", "__memcpy_chk", "__memset_chk", "__memmove_chk",
        "__strcpy_chk", "__strcat_chk", "__strncpy_chk", "__strncat_chk", "sscanf", "abs", "labs",
        "llabs", "div", "ldiv", "lldiv", "rand", "srand", "rand_r", "random", "srandom", "drand48",
        "srand48", "lrand48", "mrand48", "qsort", "bsearch", "getenv", "time", "clock",
        "clock_gettime", "gettimeofday", "atexit", "on_exit", "__cxa_atexit", "__dso_handle",
        "setjmp", "_setjmp",
        "longjmp", "_longjmp", "stdout", "stderr", "abort", "exit", "_exit", "_Exit", "assert",
        "sqrt", "sqrtf", "pow", "powf", "exp", "expf", "log", "logf", "log2", "log10", "sin", "cos",
        "tan", "atan", "atan2", "floor", "floorf", "ceil", "ceilf", "fabs", "fabsf", "fmod",
        "round", "roundf", "lround", "trunc", "fmin", "fmax", "ldexp", "frexp", "modf", "nan",
        "__fpclassify", "__isnan", "__isinf", "sched_yield", "nanosleep", "sleep", "usleep",
        "getchar", "localtime", "gmtime", "ctime", "asctime", "difftime", "mktime", "strftime"};
    /* clang-format on */
    if (!strncmp(x, "memfd_", 6)) return false;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (!strncmp(x, prefixes[i], strlen(prefixes[i]))) return true;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(x, names[i])) return true;
    return false;
}

/* The libraries a program may link and still run under the reset
 * engine: parts of the C library, whose functions reset_safe judges. */
static bool glibc_part(const char *name)
{
    static const char *const parts[] = {"m", "pthread", "rt", "dl", "c"};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        if (!strcmp(name, parts[i])) return true;
    return false;
}

/* Whatever on the link line may bring code or imports that reset_safe
 * does not see: the first such flag, or NULL.  An allow-list: `-lNAME`
 * (or `-l NAME`) for a part of the C library (glibc_part) and `-pthread`
 * pass; everything else counts, so that no spelling of a library escapes
 * the check (issue 27 part 3: `libx.so.1`, `-Wl,-lx`, `-Xlinker -lx`,
 * `-l:libx.so`, an archive or object), nor a `-L` directory or a linker
 * option that may change what `-lm` means (a libm.so of the program's
 * own, --wrap, --defsym, an rpath).  With only the C library linked, an
 * import the C library does not define fails to link, so reset_safe's
 * name prefixes (`str`, `mem`, ...) only ever match its functions. */
static const char *linked_unseen(const job *j)
{
    for (size_t i = 0; i < j->ldflags.n; i++) {
        const char *f = j->ldflags.v[i];
        if (!strcmp(f, "-pthread")) continue;
        if (!strcmp(f, "-l") && i + 1 < j->ldflags.n && glibc_part(j->ldflags.v[i + 1])) {
            i++;
            continue;
        }
        if (!strncmp(f, "-l", 2) && glibc_part(f + 2)) continue;
        return f;
    }
    return NULL;
}

/* The reset engine's other blind spot: an instruction in the program's
 * own code that changes process state without an import (rawinsn.h: a
 * system call in inline assembly).  Sets w->reset_unsafe to it; 0, or -1
 * (diag) if an object cannot be read. */
static int find_raw_insn(job *j, const strv *objs, wiring *w)
{
    for (size_t s = 0; s < objs->n; s++) {
        char what[256];
        int r = rv_raw_insn(objs->v[s], what, sizeof what);
        if (r < 0) {
            buf_printf(&j->diag, "ravel: %s\n", what);
            return -1;
        }
        if (r) {
            w->reset_unsafe = rv_xasprintf("%s (%s)", what, j->o->sources[s]);
            return 0;
        }
    }
    return 0;
}

/* Instructions whose results come from outside the program (rawinsn.h,
 * rv_input_insn: rdtsc, rdrand, ...) make every state unique, as code
 * built without instrumentation does: each object's first one is added to
 * w->uninstrumented_why.  0, or -1 (diag) if an object cannot be read. */
static int find_input_insn(job *j, const strv *objs, wiring *w)
{
    for (size_t s = 0; s < objs->n; s++) {
        char what[256];
        int r = rv_input_insn(objs->v[s], what, sizeof what);
        if (r < 0) {
            buf_printf(&j->diag, "ravel: %s\n", what);
            return -1;
        }
        if (r) {
            const char *src = j->o->sources[s], *base = strrchr(src, '/');
            char *x = rv_xasprintf("%s (%s)", base ? base + 1 : src, what);
            strv_add(&w->uninstrumented_why, x);
            free(x);
            w->hw_input = true;
        }
    }
    return 0;
}

/* Whether the program imports a function that may read the process's
 * CPU clock, which the reset engine then reads at the start of every
 * execution (engine.c, rv_engine_cpu_clock): a forked child's starts at
 * zero. */
static bool imports_cpu_clock(const objsyms *syms, size_t ns)
{
    for (size_t s = 0; s < ns; s++)
        for (size_t i = 0; i < syms[s].undef.n; i++)
            if (!strcmp(syms[s].undef.v[i], "clock") ||
                !strcmp(syms[s].undef.v[i], "clock_gettime"))
                return true;
    return false;
}

/* What C++ code calls that blocks the one OS thread or keeps state the
 * runtime cannot switch per thread, with what the user sees: futex waits
 * (libstdc++ calls syscall(SYS_futex) for std::future, std::async,
 * std::atomic::wait, std::counting_semaphore, std::latch, std::barrier) and
 * the C library's
 * per-OS-thread list of thread_local destructors.  NULL: none. */
static const char *cxx_unsupported(const char *x)
{
    if (!strcmp(x, "syscall"))
        return "syscall (a futex wait: std::future, std::async, std::atomic::wait, "
               "std::counting_semaphore, std::latch or std::barrier)";
    if (!strcmp(x, "__cxa_thread_atexit_impl"))
        return "__cxa_thread_atexit_impl (a thread_local object with a destructor)";
    return NULL;
}

/* A rename line binding x to the stub __ravel_unsup_x, and the stub once. */
static void stub_unsupported(const char *x, buf *ren, wiring *w)
{
    buf_printf(ren, "%s __ravel_unsup_%s\n", x, x);
    if (strv_has(&w->stubbed, x)) return;
    strv_add(&w->stubbed, x);
    const char *label = w->cxx && cxx_unsupported(x) ? cxx_unsupported(x) : x;
    buf_printf(&w->stubs,
               "void __ravel_unsup_%s(void)\n{\n"
               "    __ravel_unsupported(\"%s\", __builtin_return_address(0));\n}\n",
               x, label);
}

/* Functions the runtime wraps (src/runtime/libcmem.c, sysout.c) that still
 * change or read process state the reset engine does not undo (a
 * descriptor's or a stream's position, a file, a descriptor made, a child
 * reaped, the C library's databases): such a program runs with a fork per
 * execution, as when they were not wrapped (none of them was reset_safe). */
static bool wrapped_io(const char *x)
{
    /* the last seven open a stream or change its buffer (streams.c) */
    static const char *const io[] = {"read",        "pread",    "recv",           "fgets",
                                     "fread",       "getline",  "getdelim",       "dprintf",
                                     "vdprintf",    "fmemopen", "open_memstream", "open_wmemstream",
                                     "fopencookie", "setvbuf",  "setbuf",         "setbuffer"};
    /* sysout.c: system-call-like functions, all of them */
    static const char *const sys[] = {
        "pipe",           "pipe2",          "stat",        "lstat",       "fstat",
        "fstatat",        "stat64",         "lstat64",     "fstat64",     "fstatat64",
        "getcwd",         "realpath",       "readlink",    "gethostname", "ttyname_r",
        "ptsname_r",      "times",          "uname",       "getrusage",   "getrlimit",
        "getrlimit64",    "ftime",          "wait",        "waitpid",     "getentropy",
        "getrandom",      "readv",          "preadv",      "preadv64",    "accept",
        "accept4",        "getsockname",    "getpeername", "recvfrom",    "recvmsg",
        "getsockopt",     "select",         "poll",        "fgetpos",     "fgetpos64",
        "fgets_unlocked", "fread_unlocked", "fgetws",      "getpwnam_r",  "getpwuid_r",
        "getgrnam_r",     "getgrgid_r",     "getaddrinfo", "iconv",       "socketpair"};
    for (size_t i = 0; i < sizeof io / sizeof *io; i++)
        if (!strcmp(x, io[i])) return true;
    for (size_t i = 0; i < sizeof sys / sizeof *sys; i++)
        if (!strcmp(x, sys[i])) return true;
    return false;
}

/* Imports whose code below the program's frames stays within the
 * runtime's own reach (state.c, RV_RETURN_SCRUB_BELOW): the runtime's
 * wrappers of synchronisation, memory and exits, and the C library's
 * string and memory primitives, which use no stack to speak of.  Any
 * other import (printf, sscanf, qsort, libstdc++, ...) may leave frames
 * well below the deepest hooked one, so the runtime scrubs a further
 * margin after each visible action of such a program (scrub_margin). */
static bool stack_light(const char *x)
{
    /* clang-format off */
    static const char *const prefixes[] = {
        "__tsan_", "__VERIFIER_", "__ravel_", "pthread_", "sem_", "thrd_", "mtx_", "cnd_", "tss_",
        "__atomic_", "__sync_", "__pthread_"};
    static const char *const names[] = {
        "malloc", "calloc", "realloc", "reallocarray", "free", "aligned_alloc", "posix_memalign",
        "memalign", "valloc", "malloc_usable_size", "memcpy", "memmove", "memset", "memcmp", "bcmp",
        "bcopy", "bzero", "explicit_bzero", "mempcpy", "memchr", "memrchr", "rawmemchr", "strlen",
        "strnlen", "strcmp", "strncmp", "strcpy", "strncpy", "stpcpy", "strcat", "strncat",
        "strchr", "strrchr", "strdup", "__assert_fail", "__assert", "abort", "exit", "_exit",
        "_Exit", "__errno_location", "__stack_chk_fail", "sched_yield", "sleep", "usleep",
        "nanosleep", "call_once", "abs", "labs", "llabs", "setjmp", "_setjmp", "__sigsetjmp",
        "sigsetjmp", "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk",
        "__cyg_profile_func_enter", "__cyg_profile_func_exit"};
    /* clang-format on */
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (!strncmp(x, prefixes[i], strlen(prefixes[i]))) return true;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(x, names[i])) return true;
    return false;
}

/* The instructions of a deep callee's trampoline that record the call
 * for the runtime's scrub (state.c, rv_scrub_deep): the caller's stack
 * pointer (its return address's slot) and the return address, in
 * __ravel_deep, unless an outer deep call already recorded a higher
 * slot (a callback of bsearch calling printf).  Such a callee (not
 * stack_light) may write anywhere down to the guard page; after it the
 * runtime zeroes the thread's whole dead stack at the next visible
 * action.  Clobbers only r11 and the flags, as a PLT entry may: every
 * argument register reaches the callee intact. */
static void deep_record(buf *a)
{
    buf_puts(a, "    cmpq %rsp, __ravel_deep(%rip)\\n    jae 1f\\n"
                "    movq %rsp, __ravel_deep(%rip)\\n    movq (%rsp), %r11\\n"
                "    movq %r11, __ravel_deep+8(%rip)\\n1:\\n");
}

/* The instructions of a tainting trampoline `self` (state.c, rv_taint):
 * set the taint and, for the first tainting call since the thread's last
 * event, say where it came from: the return address at (%rsp) and a code
 * address inside the trampoline (self + 1), whose name names the C
 * library function in the reports (rv_event.taint_pc, taint_fn).  Clobbers
 * only r11 and the flags. */
static void taint_asm(buf *a, const char *self)
{
    buf_printf(a,
               "    cmpq $0, __ravel_taint_pc(%%rip)\\n    jne 2f\\n"
               "    movq (%%rsp), %%r11\\n    movq %%r11, __ravel_taint_pc(%%rip)\\n"
               "    leaq %s+1(%%rip), %%r11\\n    movq %%r11, __ravel_taint_fn(%%rip)\\n"
               "2:\\n    orl $1, __ravel_taint(%%rip)\\n",
               self);
}

/* A frameless trampoline __ravel_deep_x (section ravel_leaf, as the
 * tainting ones) that records the call (deep_record), sets the taint if
 * `taint`, and jumps to `target`. */
static void deep_trampoline(const char *x, const char *target, bool taint, wiring *w)
{
    buf a = {0};
    buf_printf(&a,
               "__asm__(\".pushsection ravel_leaf,\\\"ax\\\",@progbits\\n"
               ".globl __ravel_deep_%s\\n.type __ravel_deep_%s, @function\\n"
               "__ravel_deep_%s:\\n",
               x, x, x);
    deep_record(&a);
    if (taint) {
        char *self = rv_xasprintf("__ravel_deep_%s", x);
        taint_asm(&a, self);
        free(self);
    }
    buf_printf(&a, "    jmp %s\\n.size __ravel_deep_%s, .-__ravel_deep_%s\\n.popsection\\n\");\n",
               target, x, x);
    buf_puts(&w->stubs, a.p);
    free(a.p);
}

/* Data the C library exports that a program may name without calling it:
 * an undefined symbol that is neither called nor one of these may be a
 * deep function whose address is taken (no trampoline sees its calls). */
static bool libc_data(const char *x)
{
    /* clang-format off */
    static const char *const data[] = {
        "stdin", "stdout", "stderr", "environ", "__environ", "optarg", "optind", "opterr",
        "optopt", "program_invocation_name", "program_invocation_short_name", "timezone",
        "daylight", "tzname", "signgam", "h_errno", "__stack_chk_guard", "__dso_handle",
        "_GLOBAL_OFFSET_TABLE_", "__progname", "__progname_full", "etext", "_etext", "edata",
        "_edata", "end", "_end", "__bss_start", "__executable_start", "__data_start",
        "data_start", "_DYNAMIC", "__ehdr_start"};
    /* clang-format on */
    for (size_t i = 0; i < sizeof data / sizeof *data; i++)
        if (!strcmp(x, data[i])) return true;
    return !strncmp(x, "__start_", 8) || !strncmp(x, "__stop_", 7); /* a section's bounds */
}

/* Calls of x get a recording trampoline: x is deep, and the program has
 * no uninstrumented code (whose own calls no trampoline sees: its states
 * are all unique instead, and the scrub keeps a margin, state.c). */
static bool deep_recorded(const char *x, const wiring *w)
{
    return !w->uninstrumented && !stack_light(x) && is_c_identifier(x);
}

/* Rename lines for the undefined symbols of one object, and a stub for
 * each unsupported function not stubbed yet. */
static void wire_undefined(const objsyms *sy, const strv *all_def, const strv *wrapped, buf *ren,
                           wiring *w)
{
    for (size_t i = 0; i < sy->undef.n; i++) {
        const char *x = sy->undef.v[i];
        if (strv_has_sorted(all_def, x)) continue; /* defined by another source */
        if (!w->deep_callee && !stack_light(x))
            w->deep_callee = rv_xstrdup(is_c_identifier(x) ? x : "a library function");
        bool unsup = rv_is_thread_process_fn(x) || (w->cxx && cxx_unsupported(x));
        if (strv_has_sorted(wrapped, x) && deep_recorded(x, w)) {
            /* the wrapper calls the C library's deep code (printf's
             * vprintf), before or after its events: recorded on entry,
             * and the record stays while the thread is inside the call
             * (state.c, rv_deep_inside) */
            buf_printf(ren, "%s __ravel_deep_%s\n", x, x);
            if (!strv_has(&w->deep, x)) {
                strv_add(&w->deep, x);
                char *target = rv_xasprintf("__ravel_%s", x);
                deep_trampoline(x, target, false, w);
                free(target);
            }
            if (wrapped_io(x) && !w->reset_unsafe) w->reset_unsafe = rv_xstrdup(x);
        } else if (strv_has_sorted(wrapped, x)) {
            buf_printf(ren, "%s __ravel_%s\n", x, x);
            if (wrapped_io(x) && !w->reset_unsafe) w->reset_unsafe = rv_xstrdup(x);
        } else if (!unsup && !reset_safe(x)) {
            if (!w->reset_unsafe) w->reset_unsafe = rv_xstrdup(x);
        } else if (unsup && is_c_identifier(x)) {
            stub_unsupported(x, ren, w);
        }
    }
}

/* The rewired copy of libstdc++.a, dir/libstdc++.a (see "C++" above): its
 * undefined symbols the runtime wraps are bound to the runtime, the thread
 * and process functions it does not model and cxx_unsupported's to
 * stubs, everything else (the C library) stays.  objcopy rewrites every
 * member of the archive in one run.  Returns 0, or -1 (diag). */
static int cxx_stdlib(job *j, const strv *wrapped, wiring *w, char **out)
{
    *out = NULL;
    char *lib = cxx_stdlib_path(j);
    if (!lib) {
        buf_puts(&j->diag, "ravel: no static C++ library (libstdc++.a) found\n");
        return -1;
    }
    strv argv = {0};
    strv_add(&argv, "nm");
    strv_add(&argv, "-u");
    strv_add(&argv, lib);
    char *txt = NULL, *err = NULL;
    int st = rv_run_tool(argv.v, &txt, NULL, &err); /* (nm notes members without symbols) */
    strv_free(&argv);
    if (st != 0) buf_puts(&j->diag, err);
    free(err);
    if (st != 0) {
        free(txt), free(lib);
        buf_puts(&j->diag, "ravel: nm failed on the C++ library\n");
        return -1;
    }
    buf ren = {0};
    strv seen = {0};
    for (char *line = strtok(txt, "\n"); line; line = strtok(NULL, "\n")) {
        char t[64], x[512];
        if (sscanf(line, "%63s %511s", t, x) != 2 || strv_has_sorted(&seen, x)) continue;
        strv_add(&seen, x);
        strv_sort(&seen);
        if (strv_has_sorted(wrapped, x))
            buf_printf(&ren, "%s __ravel_%s\n", x, x);
        else if ((rv_is_thread_process_fn(x) || cxx_unsupported(x)) && is_c_identifier(x))
            stub_unsupported(x, &ren, w);
    }
    free(txt);
    strv_free(&seen);
    char *renfile = rv_xasprintf("%s/rename-libstdc++.txt", j->dir);
    *out = rv_xasprintf("%s/libstdc++.a", j->dir);
    bool ok = write_file(renfile, ren.p ? ren.p : "");
    char *opt = rv_xasprintf("--redefine-syms=%s", renfile);
    strv_add(&argv, "objcopy");
    strv_add(&argv, opt);
    strv_add(&argv, lib);
    strv_add(&argv, *out);
    st = ok ? run_diag(j, &argv, NULL, NULL) : -1;
    strv_free(&argv);
    /* guard.o defines only the three guard functions, which the runtime
     * replaces (sync.c): its renamed copies would clash with them */
    if (st == 0 && strv_has_sorted(wrapped, "__cxa_guard_acquire")) {
        strv_add(&argv, "ar");
        strv_add(&argv, "d");
        strv_add(&argv, *out);
        strv_add(&argv, "guard.o");
        st = run_diag(j, &argv, NULL, NULL);
        strv_free(&argv);
    }
    free(opt), free(renfile), free(ren.p), free(lib);
    if (st != 0) {
        buf_puts(&j->diag, "ravel: objcopy failed on the C++ library\n");
        free(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}

/* The name stubs.c gives symbol x of object s: x itself, or for a static
 * one (in `locals`) a unique global name (rename line + `globalize`).
 * Heap string. */
static char *stubs_name(size_t s, const char *x, const strv *locals, buf *ren, strv *globalize)
{
    if (!strv_has(locals, x)) return rv_xstrdup(x);
    char *name = rv_xasprintf("%s.ravel%zu", x, s);
    buf_printf(ren, "%s %s\n", x, name);
    strv_add(globalize, name);
    return name;
}

/* Table rows for the atomic functions of object s. */
static void wire_atomic(size_t s, const objsyms *sy, buf *ren, strv *globalize, wiring *w)
{
    for (size_t i = 0; i < sy->atomic.n; i++) {
        char *name = stubs_name(s, sy->atomic.v[i], &sy->atomic_local, ren, globalize);
        buf_printf(&w->stubs, "extern const char ravel_af%zu[] __asm__(\"%s\");\n", w->natomic,
                   name);
        buf_printf(&w->table, "    {ravel_af%zu, %luul},\n", w->natomic, sy->atomic_size[i]);
        w->natomic++;
        free(name);
    }
}

/* SV-COMP targets (is_target_name) the program defines.  Under
 * unreach-call the violation is the call itself, whatever the body does
 * (sv-benchmarks define reach_error as assert(0), __assert_fail with a
 * literal or __PRETTY_FUNCTION__ name, abort(), an empty body, with or
 * without parameters): the call must be recognised by the function
 * entered, never by a text the body passes.  An object that defines one
 * is built with -finstrument-functions, whose entry hook names the
 * function entered even where it was inlined (gcc and clang alike), and
 * the targets' addresses go into the table __ravel_target_fns: the
 * runtime's hook (runtime/verifier.c) ends the execution there, before the
 * body runs (a static target under its stubs_name).  A renamed or weakened
 * symbol would not do: calls inside the defining object are resolved by
 * the assembler when the target is static. */
static void wire_targets(size_t s, const objsyms *sy, buf *ren, strv *globalize, wiring *w)
{
    for (size_t i = 0; i < sy->target.n; i++) {
        const char *t = sy->target.v[i];
        char *name = stubs_name(s, t, &sy->target_local, ren, globalize);
        buf_printf(&w->stubs, "extern const char ravel_tf%zu[] __asm__(\"%s\");\n", w->ntarget,
                   name);
        buf_printf(&w->targets, "    {ravel_tf%zu, %luul, \"%s\"},\n", w->ntarget,
                   sy->target_size[i], t);
        w->ntarget++;
        free(name);
    }
}

/* Does every target object s defines call the entry hook inside its own
 * code?  A target built without it (no_instrument_function, an
 * -finstrument-functions-exclude-* flag) would run its body unseen, so
 * the build fails instead (diag).  Offsets from `objdump -t` (section,
 * value, size of the target) and `objdump -r` (the section's PLT32
 * relocations against __cyg_profile_func_enter). */
static int targets_hooked(job *j, const char *obj, const objsyms *sy)
{
    char *tab = NULL, *rel = NULL;
    strv argv = {0};
    strv_add(&argv, "objdump");
    strv_add(&argv, "-t");
    strv_add(&argv, obj);
    int st = run_diag(j, &argv, &tab, NULL);
    strv_free(&argv);
    strv_add(&argv, "objdump");
    strv_add(&argv, "-r");
    strv_add(&argv, obj);
    if (st == 0) st = run_diag(j, &argv, &rel, NULL);
    strv_free(&argv);
    int rc = st == 0 ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < sy->target.n; i++) {
        /* "0000000000000040 g     F .text  0000000000000012 reach_error" */
        char sec[256] = "";
        unsigned long lo = 0, size = 0;
        for (const char *l = tab; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
            char f[6][256];
            int k = sscanf(l, "%255s %255s %255s %255s %255s %255s", f[0], f[1], f[2], f[3], f[4],
                           f[5]);
            if (k >= 5 && !strcmp(f[k - 1], sy->target.v[i]) && !strcmp(f[k - 4], "F")) {
                snprintf(sec, sizeof sec, "%s", f[k - 3]);
                lo = strtoul(f[0], NULL, 16);
                size = strtoul(f[k - 2], NULL, 16);
                break;
            }
        }
        /* another name for the same code (an alias, either way): the
         * hook sees the address, not the name called, so a call of the
         * other name would count as a call of the target (a wrong FALSE:
         * tests/svcomp/run.sh t_target_alias) */
        for (const char *l = tab; sec[0] && l && *l && rc == 0;
             l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
            char f[6][256];
            int k = sscanf(l, "%255s %255s %255s %255s %255s %255s", f[0], f[1], f[2], f[3], f[4],
                           f[5]);
            if (k >= 5 && strcmp(f[k - 1], sy->target.v[i]) && !strcmp(f[k - 3], sec) &&
                strtoul(f[0], NULL, 16) == lo && !strcmp(f[k - 4], "F") &&
                !is_target_name(f[k - 1])) {
                buf_printf(&j->diag,
                           "ravel: %s, the unreach-call target, has another name, %s (an alias): "
                           "ravel could not tell their calls apart\n",
                           sy->target.v[i], f[k - 1]);
                rc = 1;
            }
        }
        bool hooked = false, in_sec = false;
        for (const char *l = rel; sec[0] && l && *l && !hooked;
             l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
            char a[256], b[256], c[512];
            if (!strncmp(l, "RELOCATION RECORDS FOR [", 24)) {
                in_sec = !strncmp(l + 24, sec, strlen(sec)) && l[24 + strlen(sec)] == ']';
                continue;
            }
            if (!in_sec || sscanf(l, "%255s %255s %511s", a, b, c) != 3) continue;
            unsigned long off = strtoul(a, NULL, 16);
            hooked = !strcmp(b, "R_X86_64_PLT32") && !strncmp(c, "__cyg_profile_func_enter", 24) &&
                     off >= lo && off < lo + size;
        }
        if (!hooked) {
            buf_printf(&j->diag,
                       "ravel: %s, the unreach-call target, is built without its entry hook "
                       "(no_instrument_function, or -finstrument-functions-exclude-*?): ravel "
                       "could not see its calls\n",
                       sy->target.v[i]);
            rc = 1;
        }
    }
    free(tab);
    free(rel);
    return rc;
}

/* The program's global definitions that the runtime reserves
 * (runtime_reserved), sorted: each is renamed __ravel_own_X in every
 * object, definitions and references alike, so the program's calls reach
 * its own function and the runtime's reach the C library's. */
static void reserve_own_defs(const objsyms *syms, size_t ns, const strv *reserved, strv *own)
{
    for (size_t s = 0; s < ns; s++)
        for (size_t i = 0; i < syms[s].gdef.n; i++) {
            const char *x = syms[s].gdef.v[i];
            if (strv_has_sorted(reserved, x) && !strv_has(own, x)) strv_add(own, x);
        }
    strv_sort(own);
}

/* Rename lines for the reserved names object sy mentions. */
static void wire_own(const objsyms *sy, const strv *own, buf *ren)
{
    for (size_t i = 0; i < own->n; i++)
        if (strv_has(&sy->def, own->v[i]) || strv_has(&sy->undef, own->v[i]))
            buf_printf(ren, "%s __ravel_own_%s\n", own->v[i], own->v[i]);
}

/* ---- state the program changes without events (cutoffs, issue 10) ----
 *
 * A state of a configuration is sound only if every change to it is an
 * event or marks the state unique (docs/UDPOR.md "What a state
 * contains").  Two kinds of code change it unseen: C library functions
 * that write memory or keep hidden state (rand, strerror, fscanf, gmtime_r,
 * time, ...), and code built without instrumentation.  Each call of such
 * a function goes through a generated trampoline that sets a bit in the
 * runtime's __ravel_taint (one store, no register touched) before jumping
 * to it; the runtime folds the bit into the caller's next fingerprint, so
 * the states after the call are unique (never cut, never a witness) and
 * the summary names the source.  Functions not known pure get one: the
 * allow-list below holds functions that only read their arguments, or
 * write only to errno (part of the thread's record) or to an output
 * stream the program does not read back; bsearch reads only through the
 * program's comparator (instrumented code). */
static bool pure_libc_fn(const char *n)
{
    static const char *const pure[] = {"__assert_fail",
                                       "__stack_chk_fail",
                                       "__errno_location",
                                       "__ctype_b_loc",
                                       "__ctype_tolower_loc",
                                       "__ctype_toupper_loc",
                                       "abort",
                                       "exit",
                                       "_exit",
                                       "_Exit",
                                       "strlen",
                                       "strnlen",
                                       "strcmp",
                                       "strncmp",
                                       "strcasecmp",
                                       "strncasecmp",
                                       "strcoll",
                                       "memcmp",
                                       "memchr",
                                       "memrchr",
                                       "rawmemchr",
                                       "strchr",
                                       "strrchr",
                                       "strchrnul",
                                       "strstr",
                                       "strcasestr",
                                       "strspn",
                                       "strcspn",
                                       "strpbrk",
                                       "bcmp",
                                       "index",
                                       "rindex",
                                       "atoi",
                                       "atol",
                                       "atoll",
                                       "atof",
                                       "abs",
                                       "labs",
                                       "llabs",
                                       "isalpha",
                                       "isdigit",
                                       "isalnum",
                                       "isspace",
                                       "isupper",
                                       "islower",
                                       "isxdigit",
                                       "ispunct",
                                       "isprint",
                                       "iscntrl",
                                       "isgraph",
                                       "toupper",
                                       "tolower",
                                       "sqrt",
                                       "sqrtf",
                                       "sqrtl",
                                       "pow",
                                       "powf",
                                       "exp",
                                       "expf",
                                       "log",
                                       "logf",
                                       "log2",
                                       "log10",
                                       "sin",
                                       "sinf",
                                       "cos",
                                       "cosf",
                                       "tan",
                                       "atan",
                                       "atan2",
                                       "floor",
                                       "floorf",
                                       "ceil",
                                       "ceilf",
                                       "fabs",
                                       "fabsf",
                                       "fmod",
                                       "round",
                                       "roundf",
                                       "trunc",
                                       "lround",
                                       "fmin",
                                       "fmax",
                                       "hypot",
                                       "cbrt",
                                       "printf",
                                       "fprintf",
                                       "vprintf",
                                       "vfprintf",
                                       "puts",
                                       "fputs",
                                       "putchar",
                                       "putc",
                                       "fputc",
                                       "fflush",
                                       "perror",
                                       "fwrite",
                                       "putchar_unlocked",
                                       "dprintf",
                                       "__printf_chk",
                                       "__fprintf_chk",
                                       "__vfprintf_chk",
                                       "getpid",
                                       "getuid",
                                       "geteuid",
                                       "bsearch",
                                       "difftime"};
    for (size_t i = 0; i < sizeof pure / sizeof *pure; i++)
        if (!strcmp(n, pure[i])) return true;
    return false;
}

/* C library functions with hidden process-wide state (issue 10, class 5:
 * "two threads calling rand() share state").  Besides the taint, their
 * trampoline makes a visible event before the call (src/runtime/libc.c):
 * an RMW of the 8-byte object of the state family the function changes
 * (`write`) and/or a read of the family it only reads (`read`), so that
 * calls of one family from two threads are dependent and every other pair
 * of calls stays independent.  The objects are __ravel_libc_<family>,
 * defined by the generated stubs.c.  A family is the state glibc shares
 * between the functions: rand and random use one generator, localtime
 * and gmtime one static struct tm, and so on.  Thread-local buffers of
 * the C library count too: every thread of the program runs on the one
 * OS thread of the runtime, so glibc's per-thread strerror buffer is
 * shared.  docs/DESIGN.md §2 "C library state" lists the families; the
 * functions not listed (printf, strncpy, time, fgets, ...) only taint:
 * their state is per stream, per buffer the program passes, or outside
 * the program (files), and making output dependent would multiply the
 * traces of every program that prints. */
typedef struct libc_family {
    const char *fn, *write, *read;
} libc_family;

static const libc_family *libc_family_of(const char *n)
{
    static const libc_family fams[] = {
        /* the random(3) generator; rand and srand are random and srandom */
        {"rand", "prng", NULL},
        {"srand", "prng", NULL},
        {"random", "prng", NULL},
        {"srandom", "prng", NULL},
        {"initstate", "prng", NULL},
        {"setstate", "prng", NULL},
        /* drand48 and friends; erand48/nrand48/jrand48 keep the seed in
         * the caller's array but use the shared multiplier (lcong48) */
        {"drand48", "rand48", NULL},
        {"erand48", "rand48", NULL},
        {"lrand48", "rand48", NULL},
        {"nrand48", "rand48", NULL},
        {"mrand48", "rand48", NULL},
        {"jrand48", "rand48", NULL},
        {"srand48", "rand48", NULL},
        {"seed48", "rand48", NULL},
        {"lcong48", "rand48", NULL},
        /* the environment: readers are reads, so two getenv stay independent */
        {"getenv", NULL, "env"},
        {"secure_getenv", NULL, "env"},
        {"setenv", "env", NULL},
        {"unsetenv", "env", NULL},
        {"putenv", "env", NULL},
        {"clearenv", "env", NULL},
        /* the static struct tm and asctime buffer, and the time zone state
         * that tzset fills from TZ: one family with the environment.  A
         * call that reads TZ and changes the time zone state makes one
         * event, right before the call: two events (a read of env, an RMW
         * of a time family) would let another thread's setenv run between
         * them, unseen by the dependence (tests/adversary/tz_env_events.c).
         * strftime calls tzset too (POSIX: tzname set as if by tzset). */
        {"localtime", "env", NULL},
        {"gmtime", "env", NULL},
        {"ctime", "env", NULL},
        {"asctime", "env", NULL},
        {"localtime_r", "env", NULL},
        {"ctime_r", "env", NULL},
        {"mktime", "env", NULL},
        {"timelocal", "env", NULL},
        {"tzset", "env", NULL},
        {"strftime", "env", NULL},
        /* static (or glibc thread-local, thus shared) result buffers */
        {"strerror", "strerror", NULL},
        {"strsignal", "strsignal", NULL},
        {"tmpnam", "tmpnam", NULL},
        {"getlogin", "getlogin", NULL},
        {"cuserid", "getlogin", NULL},
        {"ttyname", "ttyname", NULL},
        {"ptsname", "ptsname", NULL},
        {"inet_ntoa", "inet_ntoa", NULL},
        {"l64a", "l64a", NULL},
        {"crypt", "crypt", NULL},
        {"getdate", "getdate", NULL},
        {"ecvt", "cvt", NULL},
        {"fcvt", "cvt", NULL},
        {"qecvt", "cvt", NULL},
        {"qfcvt", "cvt", NULL},
        /* the locale (also read by nl_langinfo; localeconv fills a static
         * struct) */
        {"setlocale", "locale", NULL},
        {"localeconv", "locale", NULL},
        {"nl_langinfo", NULL, "locale"},
        /* directory streams: one family for all (a DIR is opened by libc's
         * own allocator, its address is no stable name) */
        {"readdir", "dirstream", NULL},
        {"readdir64", "dirstream", NULL},
        /* the one hash table of hsearch(3) */
        {"hcreate", "hsearch", NULL},
        {"hsearch", "hsearch", NULL},
        {"hdestroy", "hsearch", NULL},
        /* the user, group and host databases' static results */
        {"getpwnam", "passwd", NULL},
        {"getpwuid", "passwd", NULL},
        {"getpwent", "passwd", NULL},
        {"setpwent", "passwd", NULL},
        {"endpwent", "passwd", NULL},
        {"getgrnam", "group", NULL},
        {"getgrgid", "group", NULL},
        {"getgrent", "group", NULL},
        {"setgrent", "group", NULL},
        {"endgrent", "group", NULL},
        {"gethostbyname", "hostent", NULL},
        {"gethostbyaddr", "hostent", NULL},
        /* multibyte conversion shift state kept inside the library */
        {"mblen", "mbstate", NULL},
        {"mbtowc", "mbstate", NULL},
        {"wctomb", "mbstate", NULL},
        /* getopt's optind/optarg/optopt and its saved position */
        {"getopt", "getopt", NULL},
        {"getopt_long", "getopt", NULL},
        {"getopt_long_only", "getopt", NULL},
        /* lgamma and gamma set the global signgam */
        {"lgamma", "signgam", NULL},
        {"lgammaf", "signgam", NULL},
        {"lgammal", "signgam", NULL},
        {"gamma", "signgam", NULL},
        {"gammaf", "signgam", NULL},
    };
    for (size_t i = 0; i < sizeof fams / sizeof *fams; i++)
        if (!strcmp(n, fams[i].fn)) return &fams[i];
    return NULL;
}

/* The undefined functions object obj calls (R_X86_64_PLT32 relocations):
 * only functions get a trampoline, never data such as stdout. */
static int called_functions(job *j, const char *obj, strv *out)
{
    strv argv = {0};
    strv_add(&argv, "objdump");
    strv_add(&argv, "-r");
    strv_add(&argv, obj);
    char *txt;
    int st = run_diag(j, &argv, &txt, NULL);
    strv_free(&argv);
    if (st != 0) {
        free(txt);
        return -1;
    }
    for (char *line = strtok(txt, "\n"); line; line = strtok(NULL, "\n")) {
        char off[64], type[64], sym[512];
        if (sscanf(line, "%63s %63s %511s", off, type, sym) != 3) continue;
        if (strcmp(type, "R_X86_64_PLT32") && strcmp(type, "R_X86_64_PC32")) continue;
        char *plus = strpbrk(sym, "+-");
        if (plus) *plus = 0;
        if (strcmp(type, "R_X86_64_PLT32")) continue;
        if (!strv_has(out, sym)) strv_add(out, sym);
    }
    free(txt);
    return 0;
}

/* The family object `name` in stubs.c (once), and its operand for the
 * trampoline: its address, or a null pointer when the function has none. */
static void family_operand(const char *name, const char *reg, buf *asm_, wiring *w)
{
    if (!name) {
        buf_printf(asm_, "    xorl %%e%s, %%e%s\\n", reg, reg);
        return;
    }
    if (!strv_has(&w->families, name)) {
        strv_add(&w->families, name);
        buf_printf(&w->stubs, "unsigned long long __ravel_libc_%s __attribute__((aligned(8)));\n",
                   name);
    }
    buf_printf(asm_, "    leaq __ravel_libc_%s(%%rip), %%r%s\\n", name, reg);
}

/* Family functions that write no memory at all: their event is the whole
 * effect, so the state after them is not tainted (getenv returns a
 * pointer into the environment and changes nothing; a taint there made
 * every state of a program that reads its environment unique). */
static bool writes_nothing(const char *fn)
{
    return !strcmp(fn, "getenv") || !strcmp(fn, "secure_getenv");
}

static bool writes_through_pointers(const char *x);
static void c_string_body(buf *out, const char *s);

/* The output of `tool opt libstdc++.a` (heap), or NULL (diag). */
static char *cxx_lib_tool(job *j, const char *tool, const char *opt)
{
    char *lib = cxx_stdlib_path(j);
    if (!lib) {
        buf_puts(&j->diag, "ravel: no static C++ library (libstdc++.a) found\n");
        return NULL;
    }
    strv argv = {0};
    strv_add(&argv, tool);
    strv_add(&argv, opt);
    strv_add(&argv, lib);
    char *txt = NULL, *err = NULL;
    int st = rv_run_tool(argv.v, &txt, NULL, &err);
    strv_free(&argv);
    free(lib);
    if (st != 0) {
        if (err) buf_puts(&j->diag, err);
        buf_printf(&j->diag, "ravel: %s failed on the C++ library\n", tool);
        free(txt);
        txt = NULL;
    }
    free(err);
    return txt;
}

/* The functions the rewired libstdc++.a defines (its text symbols, nm
 * types T and W), sorted into w->cxx_fns: their compiled code is not
 * instrumented.  Returns 0, or -1 (diag). */
static int cxx_lib_functions(job *j, wiring *w)
{
    char *txt = cxx_lib_tool(j, "nm", "--defined-only");
    if (!txt) return -1;
    for (char *line = strtok(txt, "\n"); line; line = strtok(NULL, "\n")) {
        char addr[64], t[8], x[4096];
        if (sscanf(line, "%63s %7s %4095s", addr, t, x) == 3 &&
            (!strcmp(t, "T") || !strcmp(t, "W")))
            strv_add(&w->cxx_fns, x);
    }
    free(txt);
    strv_sort(&w->cxx_fns);
    return 0;
}

/* A member of one of the standard exception classes (std::exception,
 * runtime_error, logic_error, ...: _ZN[K]St<len><class>...) other than
 * an assignment: a throw constructs, reads and destroys its own new
 * exception object, which no other thread sees before it is caught (the
 * message is a reference-counted string of the library's own, counted
 * by atomic instructions on memory the program's code never touches).
 * An assignment works on an object that exists already, which other
 * threads may see: it is asked like the rest. */
static bool std_exception_member(const char *x)
{
    static const char *const cls[] = {
        "exception",       "bad_alloc",     "bad_cast",          "bad_typeid",
        "logic_error",     "domain_error",  "invalid_argument",  "length_error",
        "out_of_range",    "runtime_error", "range_error",       "overflow_error",
        "underflow_error", "system_error",  "bad_function_call", "bad_array_new_length",
        "bad_exception"};
    if (strncmp(x, "_ZN", 3)) return false;
    const char *p = x + 3;
    if (*p == 'K') p++;
    if (strncmp(p, "St", 2)) return false;
    p += 2;
    char *end;
    unsigned long n = strtoul(p, &end, 10);
    if (end == p) return false;
    for (size_t i = 0; i < sizeof cls / sizeof *cls; i++)
        if (strlen(cls[i]) == n && !strncmp(end, cls[i], n)) return strncmp(end + n, "aS", 2) != 0;
    return false;
}

/* A libstdc++ function whose accesses to memory another thread can see
 * are the runtime's events, or which touches only memory no other thread
 * can see: its calls ask nothing (cxx_unmodelled).  By prefix of the
 * mangled (or C) name, each with why. */
static bool cxx_modelled(const char *x)
{
    static const char *const pre[] = {
        /* operator new, new[], delete, delete[]: malloc and free, the runtime's heap */
        "_Znw",
        "_Zna",
        "_Zdl",
        "_Zda",
        /* std::thread: start and join are the runtime's pthread_create and
         * pthread_join; they and detach store only into the std::thread
         * object, which the thread that owns it alone uses */
        "_ZNSt6thread",
        /* condition_variable: wait, notify_* are the runtime's pthread_cond_* */
        "_ZNSt18condition_variable",
        /* condition_variable_any's constructor, destructor: its own new mutex */
        "_ZNSt22condition_variable_any",
        /* this_thread::sleep_for: the runtime's nanosleep (a yield) */
        "_ZNSt11this_thread",
        /* the clocks: a value returned, no program memory */
        "_ZNSt6chrono",
        /* terminate, unexpected: the program ends */
        "_ZSt9terminatev",
        "_ZSt10unexpectedv",
        /* the calling thread's own count of exceptions in flight */
        "_ZSt18uncaught_exceptionv",
        "_ZSt19uncaught_exceptionsv",
        /* type_info and the ABI's type_info classes: constant objects */
        "_ZNKSt9type_info",
        "_ZNSt9type_info",
        "_ZN10__cxxabiv1",
        "_ZNK10__cxxabiv1",
        /* the error categories: constant objects; message() returns a new string */
        "_ZNSt3_V215system_categoryEv",
        "_ZNSt3_V216generic_categoryEv",
        "_ZNKSt3_V214error_category",
        "_ZNSt3_V214error_category",
        /* throwing and catching: the exception object is new memory the
         * throwing thread alone holds until a handler of its own catches
         * it; the exception globals are per thread */
        "__cxa_allocate_exception",
        "__cxa_free_exception",
        "__cxa_allocate_dependent_exception",
        "__cxa_free_dependent_exception",
        "__cxa_init_primary_exception",
        "__cxa_throw",
        "__cxa_rethrow",
        "__cxa_begin_catch",
        "__cxa_end_catch",
        "__cxa_get_exception_ptr",
        "__cxa_current_exception_type",
        "__cxa_get_globals",
        "__cxa_call_terminate",
        "__cxa_call_unexpected",
        "__cxa_bad_cast",
        "__cxa_bad_typeid",
        "__cxa_pure_virtual",
        "__cxa_deleted_virtual",
        "__cxa_throw_bad_array",
        "__cxa_tm_cleanup",
        "__gxx_personality_v0",
        /* a function-local static's guard: the runtime's (sync.c), bound
         * before this list is asked; listed for a runtime without them */
        "__cxa_guard_",
        /* thread_local destructors: a list per thread (the C library's
         * part is reported unsupported, cxx_unsupported) */
        "__cxa_thread_atexit",
        /* call_once's callee, run inside the runtime's pthread_once */
        "__once_proxy",
        /* dynamic_cast: reads constant type_info and vtables, and the
         * object's vptr, which only its constructors and destructor write */
        "__dynamic_cast",
    };
    for (size_t i = 0; i < sizeof pre / sizeof *pre; i++)
        if (!strncmp(x, pre[i], strlen(pre[i]))) return true;
    if (std_exception_member(x)) return true;
    /* std::__throw_logic_error and the rest (_ZSt<len>__throw_...): they
     * build a new exception object and throw it */
    if (!strncmp(x, "_ZSt", 4)) {
        const char *t = x + 4;
        while (*t >= '0' && *t <= '9') t++;
        if (!strncmp(t, "__throw_", 8)) return true;
    }
    return false;
}

/* A function of libstdc++'s compiled code (cxx_lib_functions: the
 * program calls it, or takes its address, and does not define it:
 * std::string's members, which libstdc++ instantiates explicitly
 * (`extern template`), the streams, locales, __cxa_demangle, ...): its
 * loads and stores of the program's memory are no events (tests/cxx
 * cxx_string_race.cpp: every explorer said "no error, exhaustive"), so a
 * call is unmodelled like a C library writer (unmodelled.c: exhaustive
 * only when no other thread may run), unless cxx_modelled. */
static bool cxx_unmodelled(const char *x, const wiring *w)
{
    return w->cxx && strv_has_sorted(&w->cxx_fns, x) && !cxx_modelled(x);
}

/* One slot of libstdc++'s vtables whose calls ask unmodelled.c: code
 * inlined from libstdc++'s headers calls virtual functions of the
 * library's objects through the library's own vtables (std::stringbuf's
 * sputc calls overflow(), sgetc underflow()), which no trampoline of a
 * name reaches (tests/cxx cxx_lib_race.cpp OP=4: "no error, exhaustive"
 * but for dfs).  The sections .data.rel.ro._ZTV<class> of libstdc++.a
 * hold one vtable each; their R_X86_64_64 relocations (`readelf -rW`)
 * name the function of each slot.  A slot is listed when its vtable is
 * not the program's own (all_def: the program's copy wins and its slots
 * are the program's references, wired by name) and its function is
 * libstdc++'s and not cxx_modelled.  A local vtable (an anonymous
 * namespace's class: the error categories, pmr's new_delete and null
 * resources, the locale's facet shims) cannot be named from stubs.c and
 * is not listed.  stubs.c gets the table (a weak reference to each
 * vtable: one the link leaves out is NULL), the names, an array for the
 * slots' old values and a 16-byte stub per slot; unmodelled.c patches
 * the slots before the program's constructors.  Returns 0, or -1
 * (diag). */
static int cxx_vtables(job *j, const strv *all_def, wiring *w)
{
    char *txt = cxx_lib_tool(j, "readelf", "-rW");
    if (!txt) return -1;
    static const char sec[] = "Relocation section '.rela.data.rel.ro._ZTV";
    strv seen = {0}, vtables = {0};
    buf table = {0}, stubs = {0};
    size_t n = 0;
    const char *vt = NULL; /* the vtable of the current section, or NULL */
    char vtname[4096];
    for (char *line = strtok(txt, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "Relocation section", 18)) {
            vt = NULL;
            if (strncmp(line, sec, sizeof sec - 1)) continue;
            const char *b = line + sizeof sec - 5, *e = strchr(b, '\'');
            if (!e || (size_t)(e - b) >= sizeof vtname) continue;
            memcpy(vtname, b, (size_t)(e - b));
            vtname[e - b] = 0;
            if (!strv_has_sorted(all_def, vtname)) vt = vtname;
            continue;
        }
        char off[64], info[64], type[64], val[64], fn[4096], plus[8], add[64];
        if (!vt || sscanf(line, "%63s %63s %63s %63s %4095s %7s %63s", off, info, type, val, fn,
                          plus, add) != 7)
            continue;
        if (strcmp(type, "R_X86_64_64") || strcmp(add, "0") || !cxx_unmodelled(fn, w) ||
            strv_has_sorted(all_def, fn))
            continue;
        char *key = rv_xasprintf("%s+%s", vt, off);
        bool dup = strv_has(&seen, key);
        if (!dup) strv_add(&seen, key);
        free(key);
        if (dup) continue;
        size_t v = 0;
        while (v < vtables.n && strcmp(vtables.v[v], vt)) v++;
        if (v == vtables.n) {
            strv_add(&vtables, vt);
            buf_printf(&w->stubs,
                       "extern const char ravel_vt%zu[] __asm__(\"%s\") __attribute__((weak));\n",
                       v, vt);
        }
        if (!strv_has(&w->cxx_virtuals, fn)) {
            strv_add(&w->cxx_virtuals, fn);
            buf_printf(&w->stubs, "extern const char __ravel_unmodelled_fn_%s[];\n", fn);
        }
        buf_printf(&table, "    {ravel_vt%zu, 0x%sul, __ravel_unmodelled_fn_%s},\n", v, off, fn);
        buf_printf(&stubs,
                   "    movl $%zu, %%r11d\\n    jmp __ravel_cxx_virtual\\n    .p2align 4\\n", n);
        n++;
    }
    free(txt);
    strv_free(&seen);
    strv_free(&vtables);
    if (n) {
        buf_puts(&w->stubs, "typedef struct { const char *vtable; unsigned long off; const char "
                            "*name; } ravel_cxxslot;\n"
                            "const ravel_cxxslot __ravel_cxx_slots[] = {\n");
        buf_puts(&w->stubs, table.p);
        buf_printf(&w->stubs, "};\nconst unsigned long __ravel_cxx_nslots = %zu;\n", n);
        buf_printf(&w->stubs, "void *__ravel_cxx_orig[%zu];\n", n);
        buf_puts(&w->stubs, "__asm__(\".pushsection .text\\n    .p2align 4\\n"
                            "    .globl __ravel_cxx_stubs\\n__ravel_cxx_stubs:\\n");
        buf_puts(&w->stubs, stubs.p);
        buf_puts(&w->stubs, "    .popsection\\n\");\n");
    }
    free(table.p);
    free(stubs.p);
    return 0;
}

/* A call of x must ask unmodelled.c whether it may race. */
static bool unmodelled_fn(const char *x, const wiring *w)
{
    return writes_through_pointers(x) || cxx_unmodelled(x, w);
}

/* x's trampoline asks unmodelled.c: its name joins w->unmodelled, whose
 * strings unmodelled_strings writes. */
static void unmodelled_name(const char *x, wiring *w)
{
    if (!strv_has(&w->unmodelled, x)) strv_add(&w->unmodelled, x);
}

/* libstdc++'s template arguments that its typedefs name, shortened in
 * what the user reads ("std::string::assign(char const*)"). */
static void shorten_cxx_name(buf *out, const char *s)
{
    static const char *const longer[][2] = {
        {"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >",
         "std::string"},
        {"std::basic_string<char, std::char_traits<char>, std::allocator<char> >", "std::string"},
        {"std::__cxx11::basic_string<wchar_t, std::char_traits<wchar_t>, "
         "std::allocator<wchar_t> >",
         "std::wstring"},
        {"std::__cxx11::basic_stringbuf<char, std::char_traits<char>, std::allocator<char> >",
         "std::stringbuf"},
        {"std::__cxx11::basic_ostringstream<char, std::char_traits<char>, std::allocator<char> >",
         "std::ostringstream"},
        {"std::__cxx11::basic_istringstream<char, std::char_traits<char>, std::allocator<char> >",
         "std::istringstream"},
        {"std::__cxx11::basic_stringstream<char, std::char_traits<char>, std::allocator<char> >",
         "std::stringstream"},
        {"std::basic_streambuf<char, std::char_traits<char> >", "std::streambuf"},
        {"std::basic_ostream<char, std::char_traits<char> >", "std::ostream"},
        {"std::basic_istream<char, std::char_traits<char> >", "std::istream"},
        {"std::basic_iostream<char, std::char_traits<char> >", "std::iostream"},
        {"std::basic_ios<char, std::char_traits<char> >", "std::ios"},
        {"std::basic_filebuf<char, std::char_traits<char> >", "std::filebuf"},
        {"std::basic_ofstream<char, std::char_traits<char> >", "std::ofstream"},
        {"std::basic_ifstream<char, std::char_traits<char> >", "std::ifstream"},
    };
    while (*s) {
        size_t i = 0, n = sizeof longer / sizeof *longer;
        for (; i < n; i++)
            if (!strncmp(s, longer[i][0], strlen(longer[i][0]))) break;
        if (i < n) {
            buf_puts(out, longer[i][1]);
            s += strlen(longer[i][0]);
        } else {
            buf_add(out, s++, 1);
        }
    }
}

/* The names of the functions in w->unmodelled as strings in stubs.c, for
 * the runtime's reason (unmodelled.c), and as the user reads them in
 * *shown: a C++ name demangled by c++filt (one run for all) and
 * shortened; the mangled name if c++filt fails. */
static void unmodelled_strings(wiring *w, strv *shown)
{
    strv all = {0}, argv = {0};
    for (size_t i = 0; i < w->unmodelled.n; i++) strv_add(&all, w->unmodelled.v[i]);
    for (size_t i = 0; i < w->cxx_virtuals.n; i++)
        if (!strv_has(&w->unmodelled, w->cxx_virtuals.v[i])) strv_add(&all, w->cxx_virtuals.v[i]);
    strv_add(&argv, "c++filt");
    for (size_t i = 0; i < all.n; i++)
        if (!strncmp(all.v[i], "_Z", 2)) strv_add(&argv, all.v[i]);
    char *txt = NULL;
    bool filt = argv.n > 1 && rv_run_tool(argv.v, &txt, NULL, NULL) == 0;
    char *line = filt ? txt : NULL;
    for (size_t i = 0; i < all.n; i++) {
        const char *x = all.v[i];
        buf b = {0};
        char *nl = line && !strncmp(x, "_Z", 2) ? strchr(line, '\n') : NULL;
        if (nl) {
            *nl = 0;
            shorten_cxx_name(&b, line);
            line = nl + 1;
        } else {
            buf_puts(&b, x);
        }
        buf_printf(&w->stubs, "const char __ravel_unmodelled_fn_%s[] = \"", x);
        c_string_body(&w->stubs, b.p);
        buf_puts(&w->stubs, "\";\n");
        if (i < w->unmodelled.n) strv_add(shown, b.p); /* the calls, not the vtables */
        free(b.p);
    }
    free(txt);
    strv_free(&argv);
    strv_free(&all);
}

/* The trampoline __ravel_impure_x of a function with hidden state
 * (libc_family_of: fam) or one that writes the program's memory without
 * events (writes_through_pointers), or both.  It saves every register an
 * argument can be in (rdi, rsi, rdx, rcx, r8, r9, rax: the vector count
 * of a variadic call, xmm0-xmm7) with the stack 16-byte aligned (8 at
 * entry + 7 pushes + 128), calls
 *  - __ravel_libc_call(write object, read object, the program's return
 *    address) for a family: the family's event;
 *  - __ravel_unmodelled_call(x's name, the return address) for an
 *    unmodelled one: no result is exhaustive when the call may be
 *    concurrent with another thread (src/runtime/unmodelled.c);
 * restores them, sets the taint (after the event: the call's change
 * belongs to the state after it), records a deep call and jumps to the
 * real function, which returns straight to the program. */
static void hooked_trampoline(const char *x, const libc_family *fam, bool deep, wiring *w)
{
    static const char *const gpr[] = {"rdi", "rsi", "rdx", "rcx", "r8", "r9", "rax"};
    buf a = {0};
    buf_printf(&a,
               ".pushsection .text\\n.globl __ravel_impure_%s\\n"
               ".type __ravel_impure_%s, @function\\n"
               "__ravel_impure_%s:\\n",
               x, x, x);
    for (size_t i = 0; i < 7; i++) buf_printf(&a, "    pushq %%%s\\n", gpr[i]);
    buf_puts(&a, "    subq $128, %rsp\\n");
    for (int i = 0; i < 8; i++) buf_printf(&a, "    movups %%xmm%d, %d(%%rsp)\\n", i, 16 * i);
    if (fam) {
        family_operand(fam->write, "di", &a, w);
        family_operand(fam->read, "si", &a, w);
        buf_puts(&a, "    movq 184(%rsp), %rdx\\n"
                     "    call __ravel_libc_call\\n");
    }
    if (unmodelled_fn(x, w)) {
        unmodelled_name(x, w);
        buf_printf(&a,
                   "    leaq __ravel_unmodelled_fn_%s(%%rip), %%rdi\\n"
                   "    movq 184(%%rsp), %%rsi\\n"
                   "    call __ravel_unmodelled_call\\n",
                   x);
    }
    for (int i = 0; i < 8; i++) buf_printf(&a, "    movups %d(%%rsp), %%xmm%d\\n", 16 * i, i);
    buf_puts(&a, "    addq $128, %rsp\\n");
    for (size_t i = 7; i-- > 0;) buf_printf(&a, "    popq %%%s\\n", gpr[i]);
    if (!writes_nothing(x)) {
        char *self = rv_xasprintf("__ravel_impure_%s", x);
        taint_asm(&a, self);
        free(self);
    }
    if (deep) deep_record(&a); /* after the event: the call's frames follow it */
    buf_printf(&a,
               "    jmp %s@PLT\\n"
               ".size __ravel_impure_%s, .-__ravel_impure_%s\\n.popsection\\n",
               x, x, x);
    buf_printf(&w->stubs, "__asm__(\"%s\");\n", a.p);
    free(a.p);
}

/* C library functions the runtime does not wrap that write the program's
 * memory through a pointer argument (issue 9 part 2).  Their writes are
 * no events: a race through them is not explored (another thread's access
 * to the bytes looks independent of the call), so the compile driver
 * says so; the call still taints the state, so cutoffs stay sound.  The
 * wrapped ones (src/runtime/libcmem.c, memory.c) never get here, nor do
 * the functions that hand the program's memory to a stream (setvbuf,
 * fmemopen, open_memstream, ...): the output functions then write it
 * later, inside calls taken for pure output, so the runtime wraps them
 * and a call that does so makes the result not exhaustive
 * (src/runtime/streams.c, tests/adversary/memstream_race.c).  Only
 * functions glibc exports belong here: Annex K's strtok_s and qsort_s,
 * localeconv_r and getwline are none, so a program that calls them
 * defines them itself and its own stores are instrumented events. */
static bool writes_through_pointers(const char *x)
{
    static const char *const fns[] = {"scanf",
                                      "fscanf",
                                      "vscanf",
                                      "vfscanf",
                                      "__isoc99_scanf",
                                      "__isoc99_fscanf",
                                      "__isoc99_vscanf",
                                      "__isoc99_vfscanf",
                                      "gmtime_r",
                                      "localtime_r",
                                      "asctime_r",
                                      "ctime_r",
                                      "rand_r",
                                      "erand48",
                                      "nrand48",
                                      "jrand48",
                                      "seed48",
                                      "frexp",
                                      "frexpf",
                                      "modf",
                                      "modff",
                                      "sincos",
                                      "sincosf",
                                      "remquo",
                                      "lgamma_r",
                                      "strerror_r",
                                      "__xpg_strerror_r",
                                      "getcwd",
                                      "realpath",
                                      "pipe",
                                      "pipe2",
                                      "socketpair",
                                      "stat",
                                      "fstat",
                                      "lstat",
                                      "fstatat",
                                      "readv",
                                      "preadv",
                                      "recvfrom",
                                      "recvmsg",
                                      "getsockopt",
                                      "getsockname",
                                      "getpeername",
                                      "accept",
                                      "select",
                                      "poll",
                                      "wait",
                                      "waitpid",
                                      "sigprocmask",
                                      "sigemptyset",
                                      "sigfillset",
                                      "sigaddset",
                                      "sigdelset",
                                      "mbstowcs",
                                      "wcstombs",
                                      "mbrtowc",
                                      "mbsrtowcs",
                                      "wcrtomb",
                                      "wcsrtombs",
                                      "iconv",
                                      "inet_pton",
                                      "inet_ntop",
                                      "getaddrinfo",
                                      "times",
                                      "uname",
                                      "getrusage",
                                      "getrlimit",
                                      "clock_getres",
                                      "strxfrm",
                                      "memccpy",
                                      "swab",
                                      "strfry",
                                      "memfrob",
                                      "wcscpy",
                                      "wcsncpy",
                                      "wcscat",
                                      "wmemcpy",
                                      "wmemmove",
                                      "wmemset",
                                      "fgetws",
                                      "getdents",
                                      "readlink",
                                      "getpwnam_r",
                                      "getpwuid_r",
                                      "getgrnam_r",
                                      "getgrgid_r",
                                      "gethostname",
                                      "ttyname_r",
                                      "confstr",
                                      "fgetpos",
                                      "ptsname_r",
                                      "getentropy",
                                      "getrandom",
                                      "drand48_r",
                                      "random_r",
                                      "fgets_unlocked",
                                      "fread_unlocked",
                                      "timespec_get",
                                      "ftime",
                                      "wcstol",
                                      "wcstoul",
                                      "wcstod"};
    for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
        if (!strcmp(x, fns[i])) return true;
    return false;
}

/* One warning naming the unwrapped functions that write through pointers
 * (writes_through_pointers) or libstdc++'s (cxx_unmodelled) the program
 * calls: the first eight, and how many more. */
static void warn_unmodelled(job *j, const strv *fns)
{
    buf_puts(&j->diag, "ravel: warning: the C and C++ library functions");
    for (size_t i = 0; i < fns->n && i < 8; i++) {
        buf_puts(&j->diag, i ? ", " : " ");
        buf_puts(&j->diag, fns->v[i]);
    }
    if (fns->n > 8) buf_printf(&j->diag, " and %zu more", fns->n - 8);
    buf_puts(&j->diag, " access the program's memory without events: a call made while another "
                       "thread may run makes the result not exhaustive (docs/DESIGN.md, \"C "
                       "library calls\")\n");
}

/* The trampoline of a function that only taints: frameless (sp holds
 * the caller's return address throughout), in section ravel_leaf, so that
 * a report of where a thread was (fault.c program_frame) looks through it
 * to the caller. */
static void impure_trampoline(const char *x, wiring *w)
{
    buf a = {0};
    buf_printf(&a,
               "__asm__(\".pushsection ravel_leaf,\\\"ax\\\",@progbits\\n"
               ".globl __ravel_impure_%s\\n"
               ".type __ravel_impure_%s, @function\\n__ravel_impure_%s:\\n",
               x, x, x);
    char *self = rv_xasprintf("__ravel_impure_%s", x);
    taint_asm(&a, self);
    free(self);
    /* a size: reports name the function by the symbol holding an address */
    buf_printf(
        &a, "    jmp %s@PLT\\n.size __ravel_impure_%s, .-__ravel_impure_%s\\n.popsection\\n\");\n",
        x, x, x);
    buf_puts(&w->stubs, a.p);
    free(a.p);
}

/* Rename lines and trampolines for object s's calls of C library
 * functions not known pure (see above). */
static void wire_impure(const objsyms *sy, const strv *called, const strv *all_def,
                        const strv *wrapped, buf *ren, wiring *w)
{
    for (size_t i = 0; i < sy->undef.n; i++) {
        const char *x = sy->undef.v[i];
        const libc_family *fam = libc_family_of(x);
        /* a family function is wired even when only its address is taken
         * (its name says it is a function, never data such as stdout) */
        if (strv_has_sorted(all_def, x) || strv_has_sorted(wrapped, x)) continue;
        if (rv_is_thread_process_fn(x)) continue;
        if (!strncmp(x, "__tsan_", 7) || !strncmp(x, "__ravel_", 8) ||
            !strncmp(x, "__VERIFIER_", 11))
            continue;
        bool deep = !w->uninstrumented && !stack_light(x);
        /* a function found at run time is called past every trampoline */
        if (deep && (!strcmp(x, "dlsym") || !strcmp(x, "dlvsym"))) w->deep_always = true;
        /* a function of libstdc++ whose address is taken (a vtable of the
         * program's class that inherits it, a function pointer, an atexit
         * handler) is known to be a function: its trampoline asks too */
        if (!fam && !strv_has(called, x) && !cxx_unmodelled(x, w)) {
            /* its address taken, never called here: no trampoline */
            if (deep && !libc_data(x)) w->deep_always = true;
            continue;
        }
        if (!is_c_identifier(x)) {
            if (deep) w->deep_always = true;
            continue;
        }
        if (pure_libc_fn(x)) {
            if (!deep) continue;
            buf_printf(ren, "%s __ravel_deep_%s\n", x, x);
            if (strv_has(&w->deep, x)) continue;
            strv_add(&w->deep, x);
            char *target = rv_xasprintf("%s@PLT", x);
            deep_trampoline(x, target, false, w);
            free(target);
            continue;
        }
        bool hooked = fam || unmodelled_fn(x, w);
        buf_printf(ren, "%s __ravel_%s_%s\n", x, deep && !hooked ? "deep" : "impure", x);
        if (strv_has(&w->impure, x)) continue;
        strv_add(&w->impure, x);
        if (hooked)
            hooked_trampoline(x, fam, deep, w);
        else if (deep) {
            /* the taint and the record of a deep call in one trampoline */
            char *target = rv_xasprintf("%s@PLT", x);
            deep_trampoline(x, target, true, w);
            free(target);
        } else {
            impure_trampoline(x, w);
        }
    }
}

/* A compiler flag that leaves code uninstrumented however the object
 * looks: -fno-sanitize= naming thread (or all) after ravel's
 * -fsanitize=thread, an ignore list. */
static const char *uninstrumenting_flag(const job *j)
{
    for (size_t i = 0; i < j->cflags.n; i++) {
        const char *f = j->cflags.v[i];
        if (!strncmp(f, "-fno-sanitize=", 14) && (strstr(f, "thread") || strstr(f, "all")))
            return f;
        if (!strncmp(f, "-fsanitize-ignorelist=", 22) || !strncmp(f, "-fsanitize-blacklist=", 21))
            return f;
    }
    return NULL;
}

/* What the program's code is, beyond its objects' machine code: C++
 * (libstdc++ and unwinding), sources of another language, link inputs
 * other than parts of the C library (linked_unseen: the same allow-list
 * as the reset engine's), uninstrumenting flags. */
static void judge_build(const job *j, code_facts *cf)
{
    if (j->cxx) note_both(cf, "libstdc++", NULL, "libstdc++");
    const char *lang = forced_language(j);
    if (lang) {
        char *w = rv_xasprintf("sources compiled as '%s'", lang);
        note_both(cf, w, NULL, w);
        note_unexplored(cf, w, "code ravel cannot see into");
        free(w);
    }
    const char *l = linked_unseen(j);
    if (l) {
        char *w = rv_xasprintf("what %s links", l);
        note_both(cf, w, l, "linked");
        note_unexplored(cf, l, "code ravel did not compile");
        free(w);
    }
    const char *f = uninstrumenting_flag(j);
    if (f) note_uninstrumented(cf, f, NULL, f);
}

/* C library functions whose address object sy takes without calling
 * them there (adversary of issue 27, tests/cutoffs `addr_taken`): only a
 * call's reference is given a trampoline (wire_impure: an undefined
 * symbol that is not called may be data, which a trampoline's address
 * would break), so a call through the address taints nothing and its
 * stores are in no state; the default mode cut off the configuration
 * that memccpy had written through a function pointer and said "no
 * error, exhaustive" where dfs found the assertion; so did every call of
 * an impure function under -fno-plt (`call *X@GOTPCREL(%rip)`).  Such a
 * program is judged like code built without instrumentation: every
 * state unique.
 * Pure functions (comparators such as strcmp), family functions (wired
 * whatever the reference), the runtime's, stubs and the C library's
 * known data are not such functions. */
static void note_impure_addresses(const objsyms *sy, const strv *called, const strv *all_def,
                                  const strv *wrapped, const char *src, code_facts *cf)
{
    for (size_t i = 0; i < sy->undef.n; i++) {
        const char *x = sy->undef.v[i];
        if (strv_has(called, x) || strv_has_sorted(all_def, x) || strv_has_sorted(wrapped, x) ||
            rv_is_thread_process_fn(x) || libc_family_of(x) || pure_libc_fn(x) || libc_data(x) ||
            !strncmp(x, "__tsan_", 7) || !strncmp(x, "__ravel_", 8) ||
            !strncmp(x, "__VERIFIER_", 11))
            continue;
        char *what = rv_xasprintf("%s called through its address", x);
        char *why = rv_xasprintf("%s: %s", src, what);
        note_uninstrumented(cf, why, src, what);
        /* no trampoline asks whether such a call races (unmodelled.c):
         * every execution counts as one where it may */
        if (writes_through_pointers(x) && !cf->unexplored)
            cf->unexplored = rv_xasprintf("%s: %s, which writes the program's memory without "
                                          "events, whether or not other threads run",
                                          strrchr(src, '/') ? strrchr(src, '/') + 1 : src, what);
        free(why);
        free(what);
    }
}

/* Rewrite object s's symbols in place with objcopy: 0, or -1 (diag).
 * called: the functions it calls (called_functions). */
static int rewire_object(job *j, size_t s, const char *obj, const objsyms *sy, const strv *all_def,
                         const strv *wrapped, const strv *own, const strv *called, wiring *w)
{
    buf ren = {0};
    strv globalize = {0}, argv = {0};
    buf_puts(&ren, "main __ravel_user_main\n");
    wire_own(sy, own, &ren);
    wire_undefined(sy, all_def, wrapped, &ren, w);
    wire_impure(sy, called, all_def, wrapped, &ren, w);
    wire_atomic(s, sy, &ren, &globalize, w);
    wire_targets(s, sy, &ren, &globalize, w);
    char *renfile = rv_xasprintf("%s/rename%zu.txt", j->dir, s);
    bool ok = write_file(renfile, ren.p);
    strv_add(&argv, "objcopy");
    char *opt = rv_xasprintf("--redefine-syms=%s", renfile);
    strv_add(&argv, opt);
    free(opt);
    for (size_t i = 0; i < globalize.n; i++) {
        opt = rv_xasprintf("--globalize-symbol=%s", globalize.v[i]);
        strv_add(&argv, opt);
        free(opt);
    }
    strv_add(&argv, obj);
    int st = ok ? run_diag(j, &argv, NULL, NULL) : -1;
    if (st != 0) buf_puts(&j->diag, "ravel: objcopy failed on the program's object\n");
    strv_free(&argv);
    strv_free(&globalize);
    free(renfile);
    free(ren.p);
    return st == 0 ? 0 : -1;
}

/* The table __ravel_<what>_fns of type `type` with n rows and its length
 * __ravel_n<what>_fns. */
static void fn_table(buf *out, const char *type, const char *what, const buf *rows, size_t n)
{
    if (n)
        buf_printf(out, "const %s __ravel_%s_fns[] = {\n%s};\n", type, what, rows->p);
    else
        buf_printf(out, "const %s __ravel_%s_fns[1] = {{0, 0}};\n", type, what);
    buf_printf(out, "const unsigned long __ravel_n%s_fns = %zu;\n", what, n);
}

/* The whole stubs.c (heap string); both table symbols are always
 * defined, the array with a dummy row when empty (C has no empty arrays). */
/* "a, b, c" (the sorted strings) appended to b after `what`. */
static void note_list(buf *b, const char *what, strv *v)
{
    if (!v->n) return;
    strv_sort(v);
    buf_printf(b, "%s%s: ", b->n ? "; " : "", what);
    for (size_t i = 0; i < v->n; i++) buf_printf(b, "%s%s", i ? ", " : "", v->v[i]);
}

/* What in the build makes states unique (protocol.h taint_note; docs/
 * UDPOR.md "What a state contains"): every C library function called
 * that taints the state, every source or input built without
 * instrumentation, every function with a frame of variable size. */
static char *taint_note(wiring *w)
{
    buf b = {0};
    strv fns = {0};
    for (size_t i = 0; i < w->impure.n; i++)
        if (!writes_nothing(w->impure.v[i])) strv_add(&fns, w->impure.v[i]);
    note_list(&b, "C library functions called", &fns);
    strv_free(&fns);
    note_list(&b, "code built without instrumentation", &w->uninstrumented_why);
    note_list(&b, "frames of variable size", &w->dynamic_fns);
    return buf_take(&b);
}

/* s as the body of a C string literal: a source path or flag in it may
 * hold any byte */
static void c_string_body(buf *out, const char *s)
{
    for (const char *c = s; *c; c++)
        if (*c == '"' || *c == '\\' || (unsigned char)*c < ' ' || (unsigned char)*c > '~')
            buf_printf(out, "\\%03o", (unsigned char)*c);
        else
            buf_add(out, c, 1);
}

/* Why no verdict may say TRUE for this build (backend.h no_true; docs/
 * CLI.md "Properties and verdicts"), "" if nothing: the reads of
 * uninitialized variables the compiler reported.  (The C library
 * functions that write memory without events are judged per call at run
 * time: src/runtime/unmodelled.c.) */
static char *no_true_note(wiring *w)
{
    buf b = {0};
    if (w->uninit.n) {
        buf_puts(&b, "the compiler reports a read of an uninitialized variable (");
        for (size_t i = 0; i < w->uninit.n && i < 3; i++)
            buf_printf(&b, "%s%s", i ? ", " : "", w->uninit.v[i]);
        buf_puts(&b, w->uninit.n > 3 ? ", ...)" : ")");
        buf_puts(&b, ": only the value the stack happened to hold was explored");
    }
    return b.p ? buf_take(&b) : rv_xstrdup("");
}

static char *stubs_source(wiring *w)
{
    buf out = {0};
    buf_puts(&out, "/* Generated by ravel: stubs for unsupported functions and the table\n"
                   " * of __VERIFIER_atomic_* functions (src/runtime/protocol.h). */\n"
                   "extern void __ravel_unsupported(const char *name, void *pc)\n"
                   "    __attribute__((noreturn));\n");
    if (w->stubs.p) buf_puts(&out, w->stubs.p);
    buf_puts(&out, "typedef struct { const void *start; unsigned long size; } ravel_afn;\n");
    fn_table(&out, "ravel_afn", "atomic", &w->table, w->natomic);
    buf_puts(&out, "typedef struct { const void *start; unsigned long size; const char *name; } "
                   "ravel_tfn;\n");
    fn_table(&out, "ravel_tfn", "target", &w->targets, w->ntarget);
    buf_printf(&out, "const unsigned __ravel_uninstrumented = %d;\n",
               w->uninstrumented || w->hw_input);
    buf_printf(&out, "const unsigned long __ravel_max_frame = %lu;\n", w->max_frame);
    buf_printf(&out, "const unsigned __ravel_dynamic_frames = %d;\n", w->dynamic_frames);
    buf_printf(&out, "const char __ravel_deep_callee[] = \"%s\";\n",
               w->deep_callee ? w->deep_callee : "");
    buf_printf(&out, "const unsigned __ravel_deep_always = %d;\n", w->deep_always);
    buf_puts(&out, "const char __ravel_reset_unsafe[] = \"");
    c_string_body(&out, w->reset_unsafe ? w->reset_unsafe : "");
    buf_puts(&out, "\";\n");
    buf_printf(&out, "const unsigned __ravel_cpu_clock = %d;\n", w->cpu_clock);
    buf_puts(&out, "const char __ravel_unexplored[] = \"");
    c_string_body(&out, w->unexplored ? w->unexplored : "");
    buf_puts(&out, "\";\n");
    /* the trampolines' flag; weak, as the runtime's (a runtime without it
     * still links) */
    if (w->impure.n)
        buf_puts(&out, "__attribute__((weak)) unsigned __ravel_taint;\n"
                       "__attribute__((weak)) unsigned long __ravel_taint_pc, __ravel_taint_fn;\n");
    char *no_true = no_true_note(w);
    buf_puts(&out, "const char __ravel_no_true[] = \"");
    c_string_body(&out, no_true);
    buf_puts(&out, "\";\n");
    free(no_true);
    char *note = taint_note(w);
    buf_puts(&out, "const char __ravel_taint_note[] = \"");
    for (const char *c = note; *c; c++) /* names and file names: escape what C needs */
        if (*c == '"' || *c == '\\')
            buf_printf(&out, "\\%c", *c);
        else if ((unsigned char)*c >= ' ')
            buf_add(&out, c, 1);
    buf_puts(&out, "\";\n");
    free(note);
    return buf_take(&out);
}

/* Two marker functions linked right before and right after the runtime
 * archive: its members land between them in .text, so the runtime can
 * tell its own frames from the program's when it reports where a crash
 * happened (fault.c, program_frame).  Returns 0, or -1 (diag). */
static int write_markers(job *j, char **begin, char **end)
{
    *begin = rv_xasprintf("%s/rt_begin.c", j->dir);
    *end = rv_xasprintf("%s/rt_end.c", j->dir);
    if (write_file(*begin, "void __ravel_rt_begin(void) {}\n") &&
        write_file(*end, "void __ravel_rt_end(void) {}\n"))
        return 0;
    buf_puts(&j->diag, "ravel: cannot write the generated runtime markers\n");
    return -1;
}

/* Link the objects, stubs and runtime into j->dir/prog: 0, or 1 (diag).
 * A C++ build links the rewired libstdc++ (cxxlib) before the runtime,
 * whose members it needs, outside the runtime's markers (its frames are
 * reported as the program's). */
static int link_program(job *j, const strv *objs, const char *stubs_c, const char *cxxlib)
{
    char *rt_begin, *rt_end;
    if (write_markers(j, &rt_begin, &rt_end) < 0) {
        free(rt_begin), free(rt_end);
        return -1;
    }
    strv argv = {0};
    add_cc(j, &argv);
    strv_add(&argv, "-no-pie");
    strv_add(&argv, "-w");
    for (size_t i = 0; i < objs->n; i++) strv_add(&argv, objs->v[i]);
    strv_add(&argv, stubs_c);
    if (cxxlib) strv_add(&argv, cxxlib);
    strv_add(&argv, rt_begin);
    strv_add(&argv, j->rt);
    strv_add(&argv, rt_end);
    free(rt_begin), free(rt_end);
    strv_add(&argv, "-o");
    char *prog = rv_xasprintf("%s/prog", j->dir);
    strv_add(&argv, prog);
    free(prog);
    for (size_t i = 0; i < j->ldflags.n; i++) strv_add(&argv, j->ldflags.v[i]);
    strv_add(&argv, "-lm");
    strv_add(&argv, "-ldl");
    int st = run_diag(j, &argv, NULL, NULL);
    strv_free(&argv);
    return st == 0 ? 0 : 1;
}

/* The liveness table next to the linked program (liveness.h), unless the
 * program's code may let a stack address out or re-enter a frame
 * (cf->stack_out: inline assembly, C++, unknown link inputs, objscan.h's
 * question 2) or it imports a function that is neither the runtime's nor
 * on liveness.c's list (rv_live_import_ok).  The table only sharpens
 * cutoffs, so failing to write one is no error: without it every frame
 * is hashed whole (so does the runtime under RAVEL_LIVENESS=0,
 * src/runtime/live.c).  RAVEL_LIVE_STATS=1 says which it was. */
static void live_table(job *j, const objsyms *syms, size_t ns, const strv *all_def,
                       const strv *wrapped, const code_facts *cf)
{
    char *no = cf->stack_out ? rv_xstrdup(cf->stack_out) : NULL;
    for (size_t s = 0; s < ns && !no; s++)
        for (size_t i = 0; i < syms[s].undef.n && !no; i++) {
            const char *x = syms[s].undef.v[i];
            if (strv_has_sorted(all_def, x) || strv_has_sorted(wrapped, x) || program_api_name(x) ||
                rv_is_thread_process_fn(x) || rv_live_import_ok(x))
                continue; /* the program's, the runtime's, a stub's, known */
            no = rv_xasprintf("the program imports %s", x);
        }
    if (no) {
        if (getenv("RAVEL_LIVE_STATS")) fprintf(stderr, "ravel: liveness: no table: %s\n", no);
        free(no);
        return;
    }
    char *prog = rv_xasprintf("%s/prog", j->dir), *out = rv_xasprintf("%s/prog.live", j->dir);
    char *why = NULL;
    rv_live_stats st;
    int rc = rv_live_write(prog, "__ravel_rt_begin", out, &st, &why);
    if (getenv("RAVEL_LIVE_STATS")) {
        if (rc == 0)
            fprintf(
                stderr,
                "ravel: liveness: %zu of %zu functions analysed, %zu call sites, %zu dead bytes\n",
                st.analysed, st.functions, st.sites, st.dead_bytes);
        else
            fprintf(stderr, "ravel: liveness: no table: %s\n", why);
    }
    free(why);
    free(prog);
    free(out);
}

/* The compiler's reports of reads of uninitialized variables in the
 * diagnostics so far (clang: -Wuninitialized, -Wsometimes-uninitialized;
 * gcc: -Wmaybe-uninitialized too), as "file.c:12 'x'" (the file's base
 * name), each once. */
static void uninit_reads(const char *diag, strv *out)
{
    static const char *const tags[] = {"[-Wuninitialized", "[-Wsometimes-uninitialized",
                                       "[-Wmaybe-uninitialized"};
    for (const char *l = diag; l && *l;) {
        const char *e = strchr(l, '\n');
        size_t n = e ? (size_t)(e - l) : strlen(l);
        char *line = rv_xasprintf("%.*s", (int)n, l);
        l = e ? e + 1 : l + n;
        bool hit = false;
        for (size_t t = 0; t < sizeof tags / sizeof *tags; t++)
            hit |= strstr(line, tags[t]) != NULL;
        char *w = strstr(line, ": warning: ");
        if (hit && w) {
            /* "path:line:col: warning: variable 'x' is uninitialized ..." */
            *w = 0;
            char *col = strrchr(line, ':');
            if (col) *col = 0;
            const char *base = strrchr(line, '/');
            base = base ? base + 1 : line;
            char *q1 = strchr(w + 1, '\''), *q2 = q1 ? strchr(q1 + 1, '\'') : NULL;
            char *item =
                q2 ? rv_xasprintf("%s %.*s", base, (int)(q2 - q1 + 1), q1) : rv_xstrdup(base);
            if (!strv_has(out, item)) strv_add(out, item);
            free(item);
        }
        free(line);
    }
}

/* Compile every source; rewire symbols; write stubs.c; link.  Returns 0,
 * 1 (the program's fault: diag) or -1 (ravel's fault: diag). */
static int build(job *j, const strv *wrapped, const strv *reserved)
{
    size_t ns = j->o->nsources;
    objsyms *syms = rv_xcalloc(ns, sizeof *syms);
    strv objs = {0}, all_def = {0}, own = {0};
    wiring w = {0};
    code_facts cf = {0};
    int rc = 0;
    for (size_t s = 0; s < ns && rc == 0; s++) {
        char *obj = rv_xasprintf("%s/obj%zu.o", j->dir, s);
        strv_add(&objs, obj);
        free(obj);
        rc = compile_one(j, s, objs.v[s], false, &cf);
        if (rc == 0 && scan_object(j, objs.v[s], &syms[s]) < 0) rc = -1;
        /* again, with entry hooks (wire_targets), if it defines a target,
         * or names one it neither defines nor imports: inlined away */
        if (rc == 0 && (syms[s].target.n ||
                        (j->names_target && j->names_target[s] && !imports_target(&syms[s])))) {
            objsyms_free(&syms[s]);
            memset(&syms[s], 0, sizeof syms[s]);
            rc = compile_one(j, s, objs.v[s], true, &cf);
            if (rc == 0 && scan_object(j, objs.v[s], &syms[s]) < 0) rc = -1;
            if (rc == 0) rc = targets_hooked(j, objs.v[s], &syms[s]);
        }
        if (rc == 0) {
            unsigned long f = max_frame_of(objs.v[s], &w.dynamic_frames, &w.dynamic_fns);
            if (f > w.max_frame) w.max_frame = f;
            scan_code(objs.v[s], j->o->sources[s], &cf);
        }
        for (size_t i = 0; rc == 0 && i < syms[s].def.n; i++) strv_add(&all_def, syms[s].def.v[i]);
    }
    strv_sort(&all_def);
    if (rc == 0 && !strv_has_sorted(&all_def, "main")) {
        buf_puts(&j->diag, "ravel: the program defines no `main` function\n");
        rc = 1;
    }
    for (size_t s = 0; rc == 0 && s < ns; s++)
        if (strv_has(&syms[s].def, "__cyg_profile_func_enter") ||
            strv_has(&syms[s].def, "__cyg_profile_func_exit"))
            for (size_t t = 0; t < ns; t++)
                if (syms[t].target.n) {
                    buf_puts(&j->diag, "ravel: the program defines __cyg_profile_func_enter or "
                                       "_exit, the hook ravel catches calls of reach_error with\n");
                    rc = 1;
                    break;
                }
    if (rc == 0) reserve_own_defs(syms, ns, reserved, &own);
    strv *called = rv_xcalloc(ns, sizeof *called);
    for (size_t s = 0; s < ns && rc == 0; s++) {
        if (called_functions(j, objs.v[s], &called[s]) != 0) {
            buf_puts(&j->diag, "ravel: objdump failed on the program's object\n");
            rc = -1;
        } else {
            note_impure_addresses(&syms[s], &called[s], &all_def, wrapped, j->o->sources[s], &cf);
        }
    }
    /* libstdc++ is built without instrumentation, and its imports are not seen */
    w.cxx = j->cxx;
    if (rc == 0 && j->cxx) rc = cxx_lib_functions(j, &w);
    judge_build(j, &cf);
    w.uninstrumented = cf.uninstrumented != NULL;
    w.uninstrumented_why = cf.uninstrumented_all; /* moved: freed with w */
    memset(&cf.uninstrumented_all, 0, sizeof cf.uninstrumented_all);
    if (w.uninstrumented && getenv("RAVEL_LIVE_STATS"))
        fprintf(stderr, "ravel: code built without instrumentation: %s\n", cf.uninstrumented);
    const char *unseen = j->cxx ? "libstdc++" : linked_unseen(j);
    if (unseen) w.reset_unsafe = rv_xasprintf("what %s links", unseen);
    if (rc == 0 && !w.reset_unsafe) rc = find_raw_insn(j, &objs, &w);
    w.cpu_clock = imports_cpu_clock(syms, ns);
    /* code ravel did not compile, or compiled without hooks, runs frames
     * no hook sees */
    if (w.uninstrumented) w.deep_callee = rv_xstrdup(cf.uninstrumented);
    w.unexplored = cf.unexplored; /* moved: freed with w */
    cf.unexplored = NULL;
    if (rc == 0) rc = find_input_insn(j, &objs, &w);
    for (size_t s = 0; s < ns && rc == 0; s++)
        rc = rewire_object(j, s, objs.v[s], &syms[s], &all_def, wrapped, &own, &called[s], &w);
    for (size_t s = 0; s < ns; s++) strv_free(&called[s]);
    free(called);
    if (rc == 0 && j->cxx) rc = cxx_vtables(j, &all_def, &w);
    strv shown = {0};
    if (rc == 0) unmodelled_strings(&w, &shown);
    if (rc == 0 && shown.n) warn_unmodelled(j, &shown);
    strv_free(&shown);
    if (rc == 0) uninit_reads(j->diag.p, &w.uninit);
    char *cxxlib = NULL;
    if (rc == 0 && j->cxx) rc = cxx_stdlib(j, wrapped, &w, &cxxlib);
    if (rc == 0) {
        char *src = stubs_source(&w);
        char *stubs_c = rv_xasprintf("%s/stubs.c", j->dir);
        if (write_file(stubs_c, src)) {
            rc = link_program(j, &objs, stubs_c, cxxlib);
        } else {
            buf_puts(&j->diag, "ravel: cannot write the generated stubs\n");
            rc = -1;
        }
        free(stubs_c);
        free(src);
    }
    if (rc == 0) live_table(j, syms, ns, &all_def, wrapped, &cf);
    if (cxxlib) unlink(cxxlib); /* 6 MB the cached build does not need */
    free(cxxlib);
    free(w.reset_unsafe);
    free(w.unexplored);
    free(w.deep_callee);
    free(cf.uninstrumented);
    free(cf.stack_out);
    strv_free(&w.stubbed);
    strv_free(&w.impure);
    strv_free(&w.dynamic_fns);
    strv_free(&w.uninstrumented_why);
    strv_free(&w.deep);
    strv_free(&w.unmodelled);
    strv_free(&w.cxx_fns);
    strv_free(&w.cxx_virtuals);
    strv_free(&w.uninit);
    strv_free(&w.families);
    free(w.stubs.p);
    free(w.table.p);
    free(w.targets.p);
    for (size_t s = 0; s < ns; s++) objsyms_free(&syms[s]);
    free(syms);
    strv_free(&objs);
    strv_free(&all_def);
    strv_free(&own);
    return rc;
}

/* C99 (6.7.4p7): a function defined `inline` without `extern` in a
 * translation unit is an inline definition only; some other unit must
 * define it externally.  Compilers at -O0 call it and never emit it, so a
 * program that relies on the inline definition alone (about 30 SV-COMP
 * tasks; invalid C99, but every verifier accepts it) does not link, with
 * plain `cc` either.  GNU89 semantics emit an external definition of a
 * plain `inline` function.  They are used only for a build whose link
 * failed on an undefined reference: a valid C99 program (one unit with
 * `extern inline f` or `extern int f(int);` giving the external
 * definition, headers with inline definitions included by several units)
 * links the first time and is built exactly as the user's compiler would;
 * under GNU89 it could get duplicate or missing definitions instead.  If
 * the retry fails too, the first attempt's diagnostics are reported.  A
 * program whose header holds such an inline definition and is included by
 * several units links under neither semantics (ravel reports the first). */
static bool user_chose_inline_semantics(const job *j)
{
    for (size_t i = 0; i < j->cflags.n; i++) {
        const char *f = j->cflags.v[i];
        if (strstr(f, "gnu89-inline")) return true;
    }
    return false;
}

static int build_inline_retry(job *j, const strv *wrapped, const strv *reserved)
{
    int rc = build(j, wrapped, reserved);
    if (rc != 1 || !j->diag.p || !strstr(j->diag.p, "undefined reference to") ||
        user_chose_inline_semantics(j))
        return rc;
    buf first = j->diag;
    j->diag = (buf){0};
    j->gnu89 = true;
    rc = build(j, wrapped, reserved);
    if (rc == 0) {
        buf_puts(&j->diag, "ravel: note: the program links only with GNU89 inline semantics (C99 "
                           "inline functions without an external definition): built with "
                           "-fgnu89-inline\n");
        free(first.p);
    } else {
        free(j->diag.p);
        j->diag = first;
    }
    return rc;
}

/* Make dir the cache entry `final`.  If another process published the same
 * key meanwhile, its build (identical by construction) is kept, unless
 * `replace` (--no-cache) asks for ours. */
static int publish(const char *dir, const char *final, bool replace)
{
    if (rename(dir, final) == 0) return 0;
    if (errno != ENOTEMPTY && errno != EEXIST) return -1;
    if (!replace) {
        rm_rf(dir);
        return 0;
    }
    char *old = rv_xasprintf("%s.old-%ld", final, (long)getpid());
    rm_rf(old);
    int r = -1;
    if (rename(final, old) == 0 && rename(dir, final) == 0) r = 0;
    rm_rf(old);
    free(old);
    return r;
}

void rv_build_free(rv_build *b)
{
    free(b->binary);
    free(b->diag);
    memset(b, 0, sizeof *b);
}

static int finish(job *j, rv_build *out, int rc)
{
    out->diag = buf_take(&j->diag);
    rv_deps_free(&j->deps);
    free(j->names_target);
    strv_free(&j->ccv);
    strv_free(&j->cxxv);
    strv_free(&j->cflags);
    strv_free(&j->ldflags);
    free(j->rt);
    free(j->cxx_prelude);
    free(j->dir);
    return rc;
}

/* A cached build: its warnings were shown when it was built. */
static int cached(job *j, rv_build *out, char *prog)
{
    out->binary = prog;
    out->cached = true;
    free(j->diag.p);
    j->diag = (buf){0};
    return finish(j, out, 0);
}

int rv_compile(const rv_compile_opts *o, rv_build *out)
{
    memset(out, 0, sizeof *out);
    job j = {.o = o, .cc = rv_compile_pick_cc(o->cc)};
    split_words(j.cc, &j.ccv);
    if (!j.ccv.n) strv_add(&j.ccv, "cc");
    for (size_t s = 0; s < o->nsources; s++) j.cxx |= rv_compile_is_cxx(o->sources[s]);
    if (j.cxx) cxx_compiler(&j);
    j.rt = o->runtime ? rv_xstrdup(o->runtime) : default_runtime();
    if (j.cxx) j.cxx_prelude = cxx_prelude(j.rt);
    split_flags(o, &j.cflags, &j.ldflags);
    if (o->nsources == 0) {
        buf_puts(&j.diag, "ravel: no source file\n");
        return finish(&j, out, -1);
    }
    const char *bad = forbidden_flag(o);
    if (bad) {
        char *m = rv_xasprintf("ravel: the compiler flag '%s' cannot be given after `--` (ravel "
                               "chooses the outputs and the instrumentation)\n",
                               bad);
        buf_puts(&j.diag, m);
        free(m);
        return finish(&j, out, 1);
    }
    note_lto(o, &j.diag);
    for (size_t s = 0; s < o->nsources; s++) {
        if (access(o->sources[s], R_OK) != 0) {
            char *m = rv_xasprintf("ravel: cannot read %s: %s\n", o->sources[s], strerror(errno));
            buf_puts(&j.diag, m);
            free(m);
            return finish(&j, out, 1);
        }
    }
    char hex[33], dkey[33];
    char *root = cache_root(o->cache_dir);
    bool direct = root && direct_key(&j, dkey);
    if (direct && !o->no_cache && rv_depcache_lookup(root, dkey, hex)) {
        char *prog = rv_xasprintf("%s/%s/prog", root, hex);
        if (access(prog, X_OK) == 0) {
            free(root);
            return cached(&j, out, prog);
        }
        free(prog);
    }
    int k = compute_key(&j, hex);
    if (k < 0) {
        free(root);
        return finish(&j, out, k == -1 ? 1 : -1);
    }
    if (!root) {
        buf_puts(&j.diag, "ravel: no writable cache directory\n");
        return finish(&j, out, -1);
    }
    char *final = rv_xasprintf("%s/%s", root, hex);
    char *prog = rv_xasprintf("%s/prog", final);
    if (!o->no_cache && access(prog, X_OK) == 0) {
        if (direct) rv_depcache_store(root, dkey, hex, &j.deps);
        free(final);
        free(root);
        return cached(&j, out, prog);
    }
    sweep_stale(root);
    char *tmpl = rv_xasprintf("%s/%s.tmp-XXXXXX", root, hex);
    if (!mkdtemp(tmpl)) {
        char *m = rv_xasprintf("ravel: cannot create %s: %s\n", tmpl, strerror(errno));
        buf_puts(&j.diag, m);
        free(m), free(tmpl), free(final), free(prog), free(root);
        return finish(&j, out, -1);
    }
    j.dir = tmpl;
    strv wrapped = {0}, reserved = {0};
    char *why = NULL;
    int rc = runtime_wrapped(j.rt, &wrapped, &why);
    if (rc == 0) rc = runtime_reserved(j.rt, &reserved, &why);
    if (rc < 0) {
        buf_puts(&j.diag, why);
        free(why);
    } else {
        rc = build_inline_retry(&j, &wrapped, &reserved);
    }
    strv_free(&wrapped);
    strv_free(&reserved);
    if (rc == 0 && publish(j.dir, final, o->no_cache) < 0) {
        char *m =
            rv_xasprintf("ravel: cannot publish the build to %s: %s\n", final, strerror(errno));
        buf_puts(&j.diag, m);
        free(m);
        rc = -1;
    }
    if (rc != 0) {
        rm_rf(j.dir);
        free(prog);
    } else {
        out->binary = prog;
        if (direct) rv_depcache_store(root, dkey, hex, &j.deps);
    }
    free(final);
    free(root);
    return finish(&j, out, rc);
}
