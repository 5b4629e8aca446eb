/*
 * compile.h — the compile driver: turns C sources into a program wired to
 * ravel's runtime (DESIGN §2.1), and caches the result.
 *
 * Steps (see the symbol-wiring comment at the end of src/runtime/protocol.h):
 *   1. compile each source with `-fsanitize=thread -O0 -g` and the user's
 *      flags after them (so `-O1` wins), into an object;
 *   2. rename the objects' symbols with objcopy: main -> __ravel_user_main;
 *      an undefined X -> __ravel_X when the runtime archive defines it; an
 *      undefined thread/process function ravel does not model ->
 *      __ravel_unsup_X, bound to a generated stub that reports it; a
 *      global the program defines under a name the runtime imports or
 *      defines itself (write, fork, malloc, rt, ...) -> __ravel_own_X in
 *      every object, so the runtime cannot be hijacked (DESIGN §1);
 *   3. generate the table of __VERIFIER_atomic_* functions;
 *   4. link `-no-pie` with libravel_rt.a (never with TSan's runtime).
 *
 * Cache: a build lives in <root>/<key>/prog, key = XXH3-128 of the
 * preprocessed sources, every flag, the compiler's path and version and the
 * runtime archive's contents.  A build is made in a private temporary
 * directory and published by rename(2), so a reader sees a whole binary or
 * none, and two ravel processes may build the same key concurrently.
 * Computing the key preprocesses; depcache.h finds it without, for a
 * program whose files have not changed since it was last built.
 * Root: $XDG_CACHE_HOME/ravel, else ~/.cache/ravel, else
 * /tmp/ravel-cache-$UID.
 */
#ifndef RAVEL_BACKENDS_NATIVE_COMPILE_H
#define RAVEL_BACKENDS_NATIVE_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct rv_compile_opts {
    const char *const *sources; /* C files, at least one */
    size_t nsources;
    /* The user's flags (after `--`): -l/-L/-Wl,/-Xlinker and .a/.o/.so
     * files go to the link, -pthread to both, everything else to the
     * compiler. */
    const char *const *flags;
    size_t nflags;
    const char *cc;        /* NULL: $CC, else clang, else gcc; may hold words ("ccache clang") */
    const char *runtime;   /* libravel_rt.a; NULL: $RAVEL_RUNTIME, else next to the ravel binary */
    const char *cache_dir; /* NULL: the default root above */
    bool no_cache;         /* rebuild even if cached (and replace the cache entry) */
} rv_compile_opts;

typedef struct rv_build {
    char *binary; /* the linked program (heap string) */
    char *diag;   /* compiler/linker output: warnings, or the errors on failure; never NULL after
                     rv_compile */
    bool cached;  /* reused an existing build */
} rv_build;

/* Build the program.  Returns 0 on success; 1 if the program does not
 * compile or link (diag holds the compiler's diagnostics), or a flag would
 * change the outputs (-o, -c, -S, -E, -shared, -fsanitize=...); -1 if
 * ravel could not run the tools or write the cache (diag says why). */
int rv_compile(const rv_compile_opts *o, rv_build *out);
void rv_build_free(rv_build *b);

/* The compiler rv_compile would use for `cc` (as in rv_compile_opts.cc):
 * a static or heap-owned string, never NULL. */
const char *rv_compile_pick_cc(const char *cc);

/* Run a tool (argv[0] looked up in PATH) without a shell; its stdout is
 * collected into *out and its stderr into *err (heap strings, NUL
 * terminated; either pointer may be NULL to discard).  Returns the exit
 * status, 128+N if killed by signal N, or -1 if it could not be started
 * (then *err says why). */
int rv_run_tool(char *const argv[], char **out, size_t *outlen, char **err);

/* True for a thread or process function ravel does not model by default
 * (pthread_*, sem_*, thrd_*, mtx_*, cnd_*, tss_*, posix_spawn*, call_once,
 * fork, vfork, the exec family, system, popen, clone, daemon, forkpty,
 * timer_create). */
bool rv_is_thread_process_fn(const char *name);
/* Whether a source file is C++ by its name (.cpp, .cc, .cxx, .c++, .C). */
bool rv_compile_is_cxx(const char *src);

#endif
