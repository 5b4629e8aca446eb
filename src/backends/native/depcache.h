/*
 * depcache.h — direct look-up of the build cache (DESIGN §1 "Compile"):
 * find a build's key from the bytes of the files it was preprocessed from,
 * without running the compiler.
 *
 * The build key (compile.c) hashes the *preprocessed* sources, so finding
 * it costs a `cc --version` and a `cc -E` per source: about 40 ms of CPU,
 * five times ravel's own start-up on a small program, paid by every
 * `ravel check` of an unchanged program.  A manifest, stored once per
 * build under a *direct key* (every input of the build key except the
 * preprocessed text: recipe, compiler identity, flags, directory, runtime,
 * the sources' own bytes), lists every file the preprocessor read (the
 * line markers of its output) with the XXH3-128 of its bytes.  While each
 * listed file still has those bytes, preprocessing would read the same
 * text, so the stored build key is the key.
 *
 * Invariant: a manifest is written only after its build key was computed
 * by preprocessing, and it names that key; a look-up never returns a key
 * whose inputs it has not re-hashed.  What it cannot see (as ccache's
 * direct mode): a header *created* after the build earlier on the include
 * path than the one the preprocessor read — `--no-cache` rebuilds.
 * Files that use __DATE__, __TIME__ or __TIMESTAMP__ get no manifest
 * (their preprocessed text changes with the clock).
 *
 * Cost: a look-up reads and hashes the listed files (about 80 headers,
 * well under a millisecond from the page cache).
 */
#ifndef RAVEL_BACKENDS_NATIVE_DEPCACHE_H
#define RAVEL_BACKENDS_NATIVE_DEPCACHE_H

#include <stdbool.h>
#include <stddef.h>

/* The set of files the preprocessor read, in first-seen order. */
typedef struct rv_deps {
    char **path;
    size_t n, cap;
} rv_deps;

/* Adds the files named by the line markers (`# N "file" ...`) of the
 * preprocessor output pp[0..n), skipping <built-in> and <command line>. */
void rv_deps_from_pp(rv_deps *d, const char *pp, size_t n);
void rv_deps_free(rv_deps *d);

/* Writes <root>/<dkey>.direct naming `key` and the hash of each file of d
 * (atomically: a reader sees a whole manifest or none).  Writes nothing if
 * a file cannot be read or mentions a clock macro. */
void rv_depcache_store(const char *root, const char *dkey, const char *key, const rv_deps *d);

/* The build key stored under dkey, if every file the manifest lists still
 * hashes as recorded: true and key[0..32] filled; false otherwise. */
bool rv_depcache_lookup(const char *root, const char *dkey, char key[33]);

#endif
