/*
 * proto.c — the runtime's side of the protocol with ravel (protocol.h):
 * waiting for a request and answering it through the doorbells, with raw
 * system calls (sys.h) so that nothing the program can reach is touched.
 * It owns no state; the fork server (start.c) and the reset engine
 * (engine.c) serve executions with it.
 */
#include "rt.h"
#include "kernel.h"
#include "state.h"
#include "fault.h"
#include "sys.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

/* Protocol I/O goes through raw system calls (sys.h): nothing the program
 * defines or preloads can intercept it. */
static void proto_write(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        long r = rv_sys_write(fd, c, n);
        if (r == -EINTR) continue;
        if (r <= 0) rv_sys_exit(70);
        c += r;
        n -= (size_t)r;
    }
}

bool rv_proto_wait_request(rv_server_bells *v)
{
    rv_shm *s = v->shm;
    rv_bell *b = &s->to_server;
    uint32_t want = ++v->seen;
    uint64_t t0 = rv_ticks(), max = __atomic_load_n(&s->spin_ticks, __ATOMIC_RELAXED);
    bool spun = !v->asleep && rv_bell_spin(b, want, &v->spin, max);
    if (!spun) {
        bool byte = v->asleep; /* a new server's first request always writes one */
        v->asleep = false;
        for (;;) {
            if (!byte && !rv_bell_sleep(b, want)) break;
            byte = false;
            char c;
            long r;
            while ((r = rv_sys_read(RV_FD_REQ, &c, 1)) == -EINTR) {
            }
            if (r <= 0) return false;
            if (rv_bell_arrived(b, want)) break;
        }
    }
    rv_spin_adapt(&v->spin, max, rv_ticks() - t0, spun);
    return true;
}

void rv_proto_answer(rv_server_bells *v, int32_t *field, int32_t val)
{
    __atomic_store_n(field, val, __ATOMIC_RELAXED);
    if (rv_bell_ring(&v->shm->to_ravel)) proto_write(RV_FD_RSP, "", 1);
}
