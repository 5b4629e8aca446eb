/*
 * live.c — the program's dead frame bytes zeroed at each visible action,
 * from the liveness table the compile driver wrote next to the binary
 * (its format: livetable.h; what "dead" means and why the analysis is
 * sound: src/backends/native/liveness.h).
 *
 * Why zero rather than leave the bytes out of the fingerprint: a dead byte
 * is never read by its own frame, but once the frame returns, an
 * uninitialised local of a later frame at the same depth may read it.
 * Zeroed in place, the whole stack is equal whenever the fingerprints are
 * (fingerprint_last still hashes every byte), so equal fingerprints give
 * equal futures whatever the program reads; and the frame itself cannot
 * tell, by the definition of dead.  Done in every mode, like the other
 * scrubs (one semantics: every explorer runs the same program).
 *
 * Cost per visible action: one binary search of the sites per program
 * frame walked (usually one to three) and the dead ranges' bytes, written
 * only where not zero already (main's stack is write-tracked by the reset
 * engine).
 *
 * Owns: the loaded liveness table (sites, ranges).
 */
#include "rt.h"
#include "sys.h"

#include "livetable.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

static const rv_live_site *sites;
static const rv_live_range *ranges;
static size_t nsites;

extern char __executable_start[], etext[];

/* The table, if there is one for this very binary: its code range inside
 * the executable's and the hash of that code equal to the table's. */
static void live_load(void);

/* The program's errno is kept: it runs before main, and a program without
 * a table (no file to open: ENOENT) must find errno as it left it in its
 * constructors (tests/engine process_state). */
void rv_live_load(void)
{
    int saved = errno;
    live_load();
    errno = saved;
}

static void live_load(void)
{
    const char *e = getenv("RAVEL_LIVENESS");
    if (e && strcmp(e, "0") == 0) return;
    char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 6);
    if (n <= 0) return;
    memcpy(path + n, ".live", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st;
    void *m = MAP_FAILED;
    if (fstat(fd, &st) == 0 && (size_t)st.st_size >= sizeof(rv_live_header))
        m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (m == MAP_FAILED) return;
    const rv_live_header *h = m;
    size_t size = (size_t)st.st_size;
    bool ok =
        h->magic == RV_LIVE_MAGIC && h->nsites < (1u << 24) && h->nranges < (1u << 28) &&
        size == sizeof *h + h->nsites * sizeof(rv_live_site) + h->nranges * sizeof(rv_live_range) &&
        h->code_lo >= (uint64_t)(uintptr_t)__executable_start && h->code_lo < h->code_hi &&
        h->code_hi <= (uint64_t)(uintptr_t)etext &&
        XXH3_64bits((const void *)(uintptr_t)h->code_lo, h->code_hi - h->code_lo) == h->code_hash;
    const rv_live_site *s = (const rv_live_site *)(h + 1);
    const rv_live_range *r = (const rv_live_range *)(s + (ok ? h->nsites : 0));
    /* every range inside its frame: a damaged table must not zero the
     * runtime's frames below the program's */
    for (size_t i = 0; ok && i < h->nsites; i++) {
        ok = (uint64_t)s[i].first + s[i].n <= h->nranges && (i == 0 || s[i - 1].ret < s[i].ret);
        for (uint32_t k = 0; ok && k < s[i].n; k++) {
            const rv_live_range *x = &r[s[i].first + k];
            ok = x->lo < x->hi && x->hi <= 0 && (int64_t)x->lo >= -(int64_t)s[i].frame;
        }
    }
    if (!ok) {
        munmap(m, size);
        return;
    }
    sites = s;
    ranges = r;
    nsites = h->nsites;
}

static const rv_live_site *site_at(uint64_t ret)
{
    size_t lo = 0, hi = nsites;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (sites[mid].ret < ret)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < nsites && sites[lo].ret == ret ? &sites[lo] : NULL;
}

/* Zero [p, p + n) where it is not zero. */
static void zero_dead(char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i]) p[i] = 0;
}

void rv_live_scrub(const rv_thr *t, uint64_t *slot)
{
    /* an explain run (protocol.h) names objects through the pointers in
     * the frames, dead or not, and under gdb (RV_REQ_KEEP_DEAD) a person
     * prints them; bytes never read again change nothing */
    if (!nsites || !slot || (rt.flags & (RV_REQ_EXPLAIN | RV_REQ_KEEP_DEAD))) return;
    const char *hi = t->stack_hi;
    uint64_t *ret_at = slot;
    /* Up the program's frames: a frame is known by the site of the
     * return address into it; its rbp is the stack pointer after that
     * return plus the site's frame size, and the frame below saved it
     * (checked: a frame whose saved rbp disagrees, or that is not
     * where the table says, ends the walk, and nothing of it is zeroed). */
    for (int depth = 0; depth < 64; depth++) {
        uint64_t ret = *ret_at == (uint64_t)(uintptr_t)rv_return_scrub ? t->ret_to : *ret_at;
        const rv_live_site *s = site_at(ret);
        if (!s) return;
        char *sp = (char *)(ret_at + 1), *rbp = sp + s->frame;
        if (rbp + 16 > hi || rbp < sp || ((uintptr_t)rbp & 7)) return;
        if (ret_at[-1] != (uint64_t)(uintptr_t)rbp) return;
        for (uint32_t k = 0; k < s->n; k++) {
            const rv_live_range *r = &ranges[s->first + k];
            zero_dead(rbp + r->lo, (size_t)(r->hi - r->lo));
        }
        ret_at = (uint64_t *)(rbp + 8);
    }
}
