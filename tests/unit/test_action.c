/*
 * test_action.c — rv_dependent() checked three ways:
 *  1. symmetric over every pair of a small action universe;
 *  2. sound against a brute-force semantic model: whenever two actions of
 *     different threads fail to commute in some state of a tiny model
 *     (memory bytes, counting semaphores, normal mutexes), rv_dependent()
 *     must say "dependent"; for memory actions it must be exact;
 *  3. the condition-variable cases of seed 004 §3.1, one by one;
 *  4. sound against the one model (src/core/model.h): over every state
 *     reachable in a few steps of two threads on two mutexes, a condvar, a
 *     semaphore, a once control, a third thread (create/join/detach/exit)
 *     and atomic sections, two actions of different threads that
 *     rv_dependent() calls independent commute: each stays enabled after
 *     the other with the same result, and both orders reach one state.
 * Prints "PASS unit/<name>" or "FAIL unit/<name>: ..." lines.
 */
#include <stdio.h>
#include <string.h>

#include "core/action.h"
#include "core/model.h"

static int failures;
static char why[512];

static void report(const char *name, int nfail)
{
    if (nfail)
        printf("FAIL unit/%s: %d cases wrong, first: %s\n", name, nfail, why);
    else
        printf("PASS unit/%s\n", name);
    failures += nfail != 0;
}

static rv_action act(rv_kind k, unsigned tid, uint64_t obj, uint64_t obj2, uint64_t arg,
                     uint64_t len)
{
    rv_action a;
    memset(&a, 0, sizeof a);
    a.kind = (uint8_t)k;
    a.tid = (uint16_t)tid;
    a.ndom = 1;
    a.obj = obj;
    a.obj2 = obj2;
    a.arg = arg;
    a.len = len;
    return a;
}

/* ---- 1. symmetry over a universe --------------------------------------- */
#define UMAX 20000
static rv_action U[UMAX];
static int nu;

static void build_universe(void)
{
    static const uint64_t objs[] = {1, 2, 0x100, 0x102};
    static const uint64_t args[] = {0, 1, 2, 3, RV_NO_THREAD};
    static const uint64_t lens[] = {1, 2, 4};
    for (int k = 1; k < RV_ACT_KIND_COUNT; k++)
        for (unsigned t = 0; t < 3; t++)
            for (size_t o = 0; o < 4; o++)
                for (size_t o2 = 0; o2 < 2; o2++)
                    for (size_t g = 0; g < 5; g++)
                        for (size_t l = 0; l < 3; l++) {
                            bool mem = k == RV_ACT_READ || k == RV_ACT_WRITE || k == RV_ACT_RMW;
                            if (!mem && l) continue;
                            uint64_t obj = objs[o];
                            if (k == RV_ACT_CREATE || k == RV_ACT_JOIN) obj = o; /* a thread id */
                            if (nu < UMAX)
                                U[nu++] = act((rv_kind)k, t, obj, objs[o2], args[g], lens[l]);
                        }
}

static void test_symmetry(void)
{
    int bad = 0;
    for (int i = 0; i < nu; i++)
        for (int j = 0; j < nu; j++)
            if (rv_dependent(&U[i], &U[j]) != rv_dependent(&U[j], &U[i])) {
                if (!bad++) {
                    char a[128], b[128];
                    snprintf(why, sizeof why, "%s by %u vs %s by %u",
                             rv_action_str(&U[i], a, sizeof a), U[i].tid,
                             rv_action_str(&U[j], b, sizeof b), U[j].tid);
                }
            }
    report("dependent-symmetric", bad);
}

/* rv_dep_sig is a sound filter: dependent actions share a bit.  Over the
 * universe, plus memory ranges that cross 8-byte granules. */
static int sig_misses(const rv_action *a, const rv_action *b)
{
    if (!rv_dependent(a, b) || (rv_dep_sig(a) & rv_dep_sig(b))) return 0;
    char x[128], y[128];
    snprintf(why, sizeof why, "%s by %u and %s by %u are dependent, signatures disjoint",
             rv_action_str(a, x, sizeof x), a->tid, rv_action_str(b, y, sizeof y), b->tid);
    return 1;
}

static void test_signature(void)
{
    int bad = 0;
    for (int i = 0; i < nu; i++)
        for (int j = 0; j < nu; j++) bad += sig_misses(&U[i], &U[j]);
    for (uint64_t o1 = 0x1000; o1 < 0x1000 + 40; o1++)
        for (uint64_t l1 = 1; l1 <= 17; l1 += 4)
            for (uint64_t o2 = 0x1000; o2 < 0x1000 + 40; o2++)
                for (uint64_t l2 = 1; l2 <= 17; l2 += 4) {
                    rv_action a = act(RV_ACT_WRITE, 0, o1, 0, 0, l1);
                    rv_action b = act(RV_ACT_READ, 1, o2, 0, 0, l2);
                    bad += sig_misses(&a, &b);
                }
    rv_action big = act(RV_ACT_WRITE, 0, 0x2000, 0, 0, 4096),
              one = act(RV_ACT_READ, 1, 0x2ff8, 0, 0, 8);
    bad += sig_misses(&big, &one);
    report("dependent-signature", bad);
}

static void test_same_thread(void)
{
    int bad = 0;
    for (int i = 0; i < nu; i++)
        for (int j = 0; j < nu; j++)
            if (U[i].tid == U[j].tid && !rv_dependent(&U[i], &U[j]) && !bad++)
                snprintf(why, sizeof why, "actions %d and %d of one thread independent", i, j);
    report("dependent-program-order", bad);
}

/* ---- 2. brute-force semantics ------------------------------------------ */
/* State: 4 bytes of memory (addresses 0x100..0x103, values 0..1), two
 * semaphores (objs 1, 2; counts 0..2) and two normal mutexes (objs 1, 2 in
 * a separate namespace; owner 0 = free, else tid+1). */
typedef struct st {
    uint8_t mem[4];
    uint8_t sem[3]; /* small counts; posts may go higher */
    uint8_t mtx[3];
} st;

/* Executes a on s; returns false if a is not enabled in s.  *obs is what
 * the acting thread observes (read values, trylock results). */
static bool step(st *s, const rv_action *a, unsigned *obs)
{
    *obs = 0;
    switch (a->kind) {
    case RV_ACT_READ:
        for (uint64_t i = 0; i < a->len; i++) *obs = *obs * 2 + s->mem[a->obj - 0x100 + i];
        return true;
    case RV_ACT_WRITE: /* writes the thread's id-dependent value */
        for (uint64_t i = 0; i < a->len; i++) s->mem[a->obj - 0x100 + i] = (uint8_t)(a->tid & 1);
        return true;
    case RV_ACT_RMW: /* fetch-and-flip */
        for (uint64_t i = 0; i < a->len; i++) {
            *obs = *obs * 2 + s->mem[a->obj - 0x100 + i];
            s->mem[a->obj - 0x100 + i] ^= 1;
        }
        return true;
    case RV_ACT_SEM_WAIT:
        if (!s->sem[a->obj]) return false;
        s->sem[a->obj]--;
        return true;
    case RV_ACT_SEM_TRYWAIT:
        *obs = s->sem[a->obj] > 0;
        if (*obs) s->sem[a->obj]--;
        return true;
    case RV_ACT_SEM_POST:
        s->sem[a->obj]++;
        return true;
    case RV_ACT_LOCK:
        if (s->mtx[a->obj]) return false;
        s->mtx[a->obj] = (uint8_t)(a->tid + 1);
        return true;
    case RV_ACT_TRYLOCK:
        *obs = s->mtx[a->obj] == 0;
        if (*obs) s->mtx[a->obj] = (uint8_t)(a->tid + 1);
        return true;
    case RV_ACT_UNLOCK:
        if (s->mtx[a->obj] != a->tid + 1) return false;
        s->mtx[a->obj] = 0;
        return true;
    }
    return false;
}

/* Do a and b fail to commute in some model state?  (One disables the
 * other, or the two orders differ in final state or in what either
 * thread observes.)  Enumerates all states. */
static bool semantically_dependent(const rv_action *a, const rv_action *b)
{
    for (unsigned code = 0; code < 16 * 9 * 9; code++) {
        st s;
        unsigned c = code;
        for (int i = 0; i < 4; i++) s.mem[i] = (c >> i) & 1;
        c >>= 4;
        s.sem[0] = 0, s.sem[1] = c % 3, s.sem[2] = (c / 3) % 3;
        c /= 9;
        /* mutexes: free, held by thread 0 or by thread 1 */
        s.mtx[0] = 0, s.mtx[1] = c % 3, s.mtx[2] = (c / 3) % 3;
        st s1 = s, s2 = s;
        unsigned oa1, ob1, oa2, ob2;
        bool ea = step(&s1, a, &oa1);
        st t = s;
        unsigned o;
        bool eb0 = step(&t, b, &o);
        if (!ea || !eb0) continue;            /* not both enabled here */
        if (!step(&s1, b, &ob1)) return true; /* a disables b */
        if (!step(&s2, b, &ob2)) return true;
        if (!step(&s2, a, &oa2)) return true; /* b disables a */
        if (memcmp(&s1, &s2, sizeof s1) || oa1 != oa2 || ob1 != ob2) return true;
    }
    return false;
}

static void test_semantics(void)
{
    static const rv_kind mk[] = {RV_ACT_READ, RV_ACT_WRITE, RV_ACT_RMW};
    static const rv_kind sk[] = {RV_ACT_SEM_WAIT, RV_ACT_SEM_TRYWAIT, RV_ACT_SEM_POST};
    static const rv_kind lk[] = {RV_ACT_LOCK, RV_ACT_TRYLOCK, RV_ACT_UNLOCK};
    rv_action as[400];
    int n = 0;
    for (int k = 0; k < 3; k++)
        for (unsigned t = 0; t < 2; t++) {
            for (uint64_t addr = 0x100; addr < 0x104; addr++)
                for (uint64_t len = 1; len <= 2 && addr + len <= 0x104; len++)
                    as[n++] = act(mk[k], t, addr, 0, 0, len);
            for (uint64_t o = 1; o <= 2; o++) as[n++] = act(sk[k], t, o, 0, 0, 0);
        }
    int nmem_sem = n;
    for (int k = 0; k < 3; k++)
        for (unsigned t = 0; t < 2; t++)
            for (uint64_t o = 1; o <= 2; o++) as[n++] = act(lk[k], t, o, 0, 0, 0);
    int bad_sound = 0, bad_exact = 0;
    char wsound[256] = "", wexact[256] = "";
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            const rv_action *a = &as[i], *b = &as[j];
            if (a->tid == b->tid) continue;
            /* semaphores and mutexes live in separate model namespaces */
            bool a_m = i >= nmem_sem, b_m = j >= nmem_sem;
            if (a_m != b_m && !rv_is_memory(a) && !rv_is_memory(b))
                continue; /* a semaphore and a mutex are distinct objects in the model */
            bool sem = semantically_dependent(a, b);
            bool dep = rv_dependent(a, b);
            char x[128], y[128];
            if (sem && !dep && !bad_sound++)
                snprintf(wsound, sizeof wsound, "%s t%u / %s t%u do not commute",
                         rv_action_str(a, x, sizeof x), a->tid, rv_action_str(b, y, sizeof y),
                         b->tid);
            if (rv_is_memory(a) && rv_is_memory(b) && sem != dep && !bad_exact++)
                snprintf(wexact, sizeof wexact, "%s / %s: model %d, rv_dependent %d",
                         rv_action_str(a, x, sizeof x), rv_action_str(b, y, sizeof y), sem, dep);
        }
    snprintf(why, sizeof why, "%s", wsound);
    report("dependent-sound-vs-model", bad_sound);
    snprintf(why, sizeof why, "%s", wexact);
    report("dependent-memory-exact", bad_exact);
}

/* ---- 3. seed 004 §3.1: condition variables ------------------------------ */
static int expect(bool got, bool want, const char *what)
{
    if (got == want) return 0;
    snprintf(why, sizeof why, "%s: got %s", what, got ? "dependent" : "independent");
    return 1;
}

static void test_condvars(void)
{
    const uint64_t C = 0x500, C2 = 0x600, M = 0x700, M2 = 0x800;
    int bad = 0;
    rv_action w1 = act(RV_ACT_WAIT1, 1, C, M, 0, 0);
    rv_action w2 = act(RV_ACT_WAIT2, 1, C, M, 0, 0);
    rv_action sig1 = act(RV_ACT_SIGNAL, 2, C, 0, 1, 0);             /* wakes thread 1 */
    rv_action sig3 = act(RV_ACT_SIGNAL, 2, C, 0, 3, 0);             /* wakes thread 3 */
    rv_action lost = act(RV_ACT_SIGNAL, 2, C, 0, RV_NO_THREAD, 0);  /* lost */
    rv_action lost3 = act(RV_ACT_SIGNAL, 3, C, 0, RV_NO_THREAD, 0); /* lost, other thread */
    rv_action bro1 = act(RV_ACT_BROADCAST, 2, C, 0, 1u << 1, 0);
    rv_action bro3 = act(RV_ACT_BROADCAST, 2, C, 0, 1u << 3, 0);
    rv_action bro0 = act(RV_ACT_BROADCAST, 2, C, 0, 0, 0); /* lost broadcast */
    rv_action bro0b = act(RV_ACT_BROADCAST, 3, C, 0, 0, 0);
    rv_action sig1c2 = act(RV_ACT_SIGNAL, 2, C2, 0, 1, 0);
    rv_action lostc2 = act(RV_ACT_SIGNAL, 2, C2, 0, RV_NO_THREAD, 0);
    rv_action lock = act(RV_ACT_LOCK, 2, M, 0, 0, 0);
    rv_action unlock = act(RV_ACT_UNLOCK, 2, M, 0, 0, 0);
    rv_action lock2 = act(RV_ACT_LOCK, 2, M2, 0, 0, 0);
    rv_action w1b = act(RV_ACT_WAIT1, 3, C, M, 0, 0);
    rv_action w1m2 = act(RV_ACT_WAIT1, 3, C, M2, 0, 0);
    /* w1 of thread i: mutex ops on l, signals to i, lost signals, any broadcast */
    bad += expect(rv_dependent(&w1, &lock), true, "w1 vs lock of its mutex");
    bad += expect(rv_dependent(&w1, &unlock), true, "w1 vs unlock of its mutex");
    bad += expect(rv_dependent(&w1, &lock2), false, "w1 vs lock of another mutex");
    bad += expect(rv_dependent(&w1, &w1b), true, "w1 vs w1 on the same mutex");
    bad += expect(rv_dependent(&w1, &w1m2), false, "w1 vs w1 with other mutex, no notify");
    bad += expect(rv_dependent(&w1, &sig1), true, "w1(i) vs sig to i");
    bad += expect(rv_dependent(&w1, &sig3), false, "w1(i) vs sig to j != i");
    bad += expect(rv_dependent(&w1, &lost), true, "w1 vs lost signal");
    bad += expect(rv_dependent(&w1, &bro1), true, "w1(i) vs broadcast waking i");
    bad += expect(rv_dependent(&w1, &bro3), true, "w1(i) vs broadcast waking others");
    bad += expect(rv_dependent(&w1, &bro0), true, "w1 vs lost broadcast");
    bad += expect(rv_dependent(&w1, &sig1c2), false, "w1 vs signal on another condvar");
    bad += expect(rv_dependent(&w1, &lostc2), false, "w1 vs lost signal on another condvar");
    /* w2 of thread i: mutex ops on l, notifications directed to i only */
    bad += expect(rv_dependent(&w2, &lock), true, "w2 vs lock of its mutex");
    bad += expect(rv_dependent(&w2, &sig1), true, "w2(i) vs sig to i");
    bad += expect(rv_dependent(&w2, &sig3), false, "w2(i) vs sig to j");
    bad += expect(rv_dependent(&w2, &lost), false, "w2 vs lost signal");
    bad += expect(rv_dependent(&w2, &bro1), true, "w2(i) vs broadcast containing i");
    bad += expect(rv_dependent(&w2, &bro3), false, "w2(i) vs broadcast without i");
    bad += expect(rv_dependent(&w2, &bro0), false, "w2 vs lost broadcast");
    /* notifications among themselves */
    bad += expect(rv_dependent(&lost, &lost3), false, "lost signal vs lost signal");
    bad += expect(rv_dependent(&bro0, &lost3), false, "lost broadcast vs lost signal");
    bad += expect(rv_dependent(&bro0b, &bro0), false, "lost broadcast vs lost broadcast");
    rv_action sig3t3 = act(RV_ACT_SIGNAL, 3, C, 0, 3, 0);
    rv_action bro1t3 = act(RV_ACT_BROADCAST, 3, C, 0, 1u << 1, 0);
    bad += expect(rv_dependent(&sig3t3, &lost), true, "non-lost signal vs lost signal");
    bad += expect(rv_dependent(&sig3t3, &sig1), true, "signal vs signal, same condvar");
    bad += expect(rv_dependent(&bro1t3, &lost), true, "non-lost broadcast vs lost signal");
    bad += expect(rv_dependent(&bro1t3, &sig1c2), false, "notifications on different condvars");
    report("dependent-condvar-seed004", bad);
}

static void test_threads(void)
{
    int bad = 0;
    rv_action create2 = act(RV_ACT_CREATE, 0, 2, 0, 0, 0);
    rv_action join2 = act(RV_ACT_JOIN, 0, 2, 0, 0, 0);
    rv_action w = act(RV_ACT_WRITE, 2, 0x100, 0, 0, 4);
    rv_action w3 = act(RV_ACT_WRITE, 3, 0x100, 0, 0, 4);
    rv_action exit2 = act(RV_ACT_EXIT, 2, 0, 0, 0, 0);
    rv_action exit3 = act(RV_ACT_EXIT, 3, 0, 0, 0, 0);
    rv_action pexit = act(RV_ACT_PEXIT, 3, 0, 0, 0, 0);
    rv_action yield = act(RV_ACT_YIELD, 3, 0, 0, 0, 0);
    rv_action rd = act(RV_ACT_READ, 1, 0x100, 0, 0, 4);
    bad += expect(rv_dependent(&create2, &w), true, "create(t) vs an action of t");
    bad += expect(rv_dependent(&create2, &w3), false, "create(t) vs an action of another thread");
    bad += expect(rv_dependent(&join2, &exit2), true, "join(t) vs exit of t");
    bad += expect(rv_dependent(&join2, &exit3), false, "join(t) vs exit of another thread");
    bad += expect(rv_dependent(&pexit, &rd), true, "process exit vs anything");
    bad += expect(rv_dependent(&yield, &rd), false, "yield vs another thread's read");
    bad += expect(rv_dependent(&exit2, &exit3), false, "exits of two threads");
    report("dependent-threads", bad);
}

/* ---- 4. the one model: independent actions commute --------------------- */
enum { M1 = 1, M2 = 2, CV = 5, SEM = 6, ONCE = 7, T3 = 3, RW = 8, BAR = 9 };

typedef struct mw {
    rv_mutex_st mx[2]; /* M1, M2 */
    rv_cond_st cv;
    rv_sem_st sem;
    int32_t once;
    rv_world_st w;
    /* what a program would do next, to stay in reachable states */
    uint32_t saved[4]; /* recursion count released by w1, per thread */
    uint8_t waiting;   /* threads between w1 and w2 */
    uint8_t runner;    /* thread that runs the once initialiser + 1 */
    uint8_t dead;      /* a misuse ended the execution */
    uint8_t inbar;     /* threads between a barrier arrive and their leave */
    uint32_t bgen[4];  /* the generation each of them arrived in */
    rv_rwlock_st rw;   /* RW */
    rv_barrier_st bar; /* BAR */
} mw;

static rv_mstate view(mw *m, const rv_action *a)
{
    rv_mstate v = {.w = &m->w};
    uint64_t mx = rv_mutex_of(a);
    if (mx) v.mx = &m->mx[mx - 1];
    if (rv_on_cond(a)) v.cv = &m->cv;
    if (rv_on_sem(a)) v.sem = &m->sem;
    if (rv_on_once(a)) v.once = &m->once;
    if (rv_on_rwlock(a)) v.rw = &m->rw;
    if (rv_on_barrier(a)) v.bar = &m->bar;
    return v;
}

#define NTMPL 96
static rv_action tmpl[NTMPL];
static int ntmpl;

static void add_tmpl(rv_kind k, unsigned t, uint64_t obj, uint64_t obj2, uint64_t arg)
{
    tmpl[ntmpl++] = act(k, t, obj, obj2, arg, 0);
}

static void build_templates(void)
{
    for (unsigned t = 1; t <= 2; t++) {
        add_tmpl(RV_ACT_LOCK, t, M1, 0, 0);
        add_tmpl(RV_ACT_LOCK, t, M2, 0, 0);
        add_tmpl(RV_ACT_TRYLOCK, t, M1, 0, 0);
        add_tmpl(RV_ACT_UNLOCK, t, M1, 0, 0);
        add_tmpl(RV_ACT_UNLOCK, t, M2, 0, 0);
        add_tmpl(RV_ACT_MUTEX_INIT, t, M1, 0, t); /* recursive (1), errorcheck (2) */
        add_tmpl(RV_ACT_MUTEX_DESTROY, t, M1, 0, 0);
        add_tmpl(RV_ACT_WAIT1, t, CV, M1, 0);
        add_tmpl(RV_ACT_WAIT2, t, CV, M1, 0);
        add_tmpl(RV_ACT_SIGNAL, t, CV, 0, 0);
        add_tmpl(RV_ACT_BROADCAST, t, CV, 0, 0);
        add_tmpl(RV_ACT_COND_INIT, t, CV, 0, 0);
        add_tmpl(RV_ACT_COND_DESTROY, t, CV, 0, 0);
        add_tmpl(RV_ACT_SEM_INIT, t, SEM, 0, 1);
        add_tmpl(RV_ACT_SEM_DESTROY, t, SEM, 0, 0);
        add_tmpl(RV_ACT_SEM_WAIT, t, SEM, 0, 0);
        add_tmpl(RV_ACT_SEM_TRYWAIT, t, SEM, 0, 0);
        add_tmpl(RV_ACT_SEM_POST, t, SEM, 0, 0);
        add_tmpl(RV_ACT_ONCE_BEGIN, t, ONCE, 0, 0);
        add_tmpl(RV_ACT_ONCE_END, t, ONCE, 0, 0);
        add_tmpl(RV_ACT_CREATE, t, T3, 0, t - 1); /* thread 2 creates it detached */
        add_tmpl(RV_ACT_JOIN, t, T3, 0, 0);
        add_tmpl(RV_ACT_DETACH, t, T3, 0, 0);
        add_tmpl(RV_ACT_ATOMIC_BEGIN, t, 0, 0, 0);
        add_tmpl(RV_ACT_ATOMIC_END, t, 0, 0, 0);
        add_tmpl(RV_ACT_NONDET, t, 0, 0, 0);
        tmpl[ntmpl - 1].ndom = 2;
    }
    add_tmpl(RV_ACT_EXIT, T3, 0, 0, 0);
    add_tmpl(RV_ACT_PEXIT, T3, 0, 0, 0);
}

/* Issue 13: timed acquires, timed condition wake-ups, read-write locks
 * and barriers, with the objects they meet. */
static void add_timed(rv_kind k, unsigned t, uint64_t obj, uint64_t obj2)
{
    add_tmpl(k, t, obj, obj2, 0);
    tmpl[ntmpl - 1].flags = RV_AF_TIMED;
}

static void build_posix_templates(void)
{
    for (unsigned t = 1; t <= 2; t++) {
        add_tmpl(RV_ACT_LOCK, t, M1, 0, 0);
        add_tmpl(RV_ACT_UNLOCK, t, M1, 0, 0);
        add_timed(RV_ACT_TRYLOCK, t, M1, 0);
        add_tmpl(RV_ACT_WAIT1, t, CV, M1, 0);
        add_timed(RV_ACT_WAIT2, t, CV, M1);
        add_tmpl(RV_ACT_SIGNAL, t, CV, 0, 0);
        add_tmpl(RV_ACT_BROADCAST, t, CV, 0, 0);
        add_tmpl(RV_ACT_SEM_POST, t, SEM, 0, 0);
        add_tmpl(RV_ACT_SEM_WAIT, t, SEM, 0, 0);
        add_timed(RV_ACT_SEM_TRYWAIT, t, SEM, 0);
        add_tmpl(RV_ACT_RDLOCK, t, RW, 0, 0);
        add_tmpl(RV_ACT_TRYRDLOCK, t, RW, 0, 0);
        add_timed(RV_ACT_TRYRDLOCK, t, RW, 0);
        add_tmpl(RV_ACT_WRLOCK, t, RW, 0, 0);
        add_tmpl(RV_ACT_TRYWRLOCK, t, RW, 0, 0);
        add_timed(RV_ACT_TRYWRLOCK, t, RW, 0);
        add_tmpl(RV_ACT_RDUNLOCK, t, RW, 0, 0);
        add_tmpl(RV_ACT_WRUNLOCK, t, RW, 0, 0);
        add_tmpl(RV_ACT_RW_INIT, t, RW, 0, 0);
        add_tmpl(RV_ACT_RW_DESTROY, t, RW, 0, 0);
        add_tmpl(RV_ACT_BAR_INIT, t, BAR, 0, 2);
        add_tmpl(RV_ACT_BAR_ARRIVE, t, BAR, 0, 0);
        add_tmpl(RV_ACT_BAR_LEAVE, t, BAR, 0, 0);
        add_tmpl(RV_ACT_BAR_DESTROY, t, BAR, 0, 0);
    }
}

/* Would a program issue a (a template) next in m? */
static bool plausible(const mw *m, const rv_action *a)
{
    unsigned t = a->tid;
    bool waits = (m->waiting >> t) & 1;
    if (m->dead || m->w.pexit) return false;
    if (t == T3) return ((m->w.created >> T3) & 1) && !((m->w.exited >> T3) & 1);
    if (waits) return a->kind == RV_ACT_WAIT2;
    if ((m->inbar >> t) & 1) return a->kind == RV_ACT_BAR_LEAVE;
    switch (a->kind) {
    case RV_ACT_BAR_LEAVE:
        return false;
    case RV_ACT_WRUNLOCK: /* the runtime announces the unlock the caller's role says */
        return m->rw.writer == (int32_t)t + 1;
    case RV_ACT_RDUNLOCK:
        return m->rw.writer != (int32_t)t + 1;
    case RV_ACT_WAIT2:
        return false;
    case RV_ACT_ONCE_END:
        return m->runner == t + 1 && m->once == 1;
    case RV_ACT_CREATE:
        return !((m->w.created >> T3) & 1);
    case RV_ACT_ATOMIC_BEGIN:
        return m->w.atomic == 0;
    case RV_ACT_ATOMIC_END:
        return m->w.atomic == t + 1;
    default:
        return true;
    }
}

/* The concrete action of template a in m with value choice val (its
 * results filled in, w2's count from the program), the error number it
 * returns, and the state after it (a misuse marks the state dead). */
static int run(mw *m, const rv_action *a, uint32_t val, rv_action *out)
{
    *out = *a;
    if (a->kind == RV_ACT_WAIT2) out->arg = m->saved[a->tid];
    if (a->kind == RV_ACT_BAR_LEAVE) out->arg = m->bgen[a->tid];
    rv_mstate v = view(m, out);
    int r = rv_model_apply(&v, out, val, NULL, 0);
    if (r == RV_MODEL_MISUSE) m->dead = 1;
    if (out->kind == RV_ACT_BAR_ARRIVE && r == 0 && !(out->arg & 1)) {
        m->inbar |= (uint8_t)(1u << a->tid);
        m->bgen[a->tid] = (uint32_t)(out->arg >> 1);
    }
    if (out->kind == RV_ACT_BAR_LEAVE) m->inbar &= (uint8_t) ~(1u << a->tid);
    if (out->kind == RV_ACT_WAIT1 && r == 0) {
        m->waiting |= (uint8_t)(1u << a->tid);
        m->saved[a->tid] = (uint32_t)out->arg;
    }
    if (out->kind == RV_ACT_WAIT2) m->waiting &= (uint8_t) ~(1u << a->tid);
    if (out->kind == RV_ACT_ONCE_BEGIN && out->arg) m->runner = (uint8_t)(a->tid + 1);
    return r;
}

static bool enabled_in(mw *m, const rv_action *a)
{
    rv_action x = *a;
    if (a->kind == RV_ACT_WAIT2) x.arg = m->saved[a->tid];
    if (a->kind == RV_ACT_BAR_LEAVE) x.arg = m->bgen[a->tid];
    rv_mstate v = view(m, &x);
    return rv_model_enabled(&v, &x);
}

static uint32_t domain_in(mw *m, const rv_action *a)
{
    rv_mstate v = view(m, a);
    return rv_model_domain(&v, a);
}

/* Run template a in m so that it yields concrete action want (same result
 * arg); false if no value choice does. */
static bool run_as(mw *m, const rv_action *a, const rv_action *want, int *r)
{
    if (!enabled_in(m, a)) return false;
    uint32_t dom = domain_in(m, a);
    for (uint32_t v = 0; v < dom; v++) {
        mw c;
        memcpy(&c, m, sizeof c);
        rv_action x;
        int rr = run(&c, a, v, &x);
        if (x.arg != want->arg) continue;
        memcpy(m, &c, sizeof c);
        *r = rr;
        return true;
    }
    return false;
}

/* Do the concrete actions ca (template a, value va) and cb (b, vb) of m
 * commute: each enabled after the other with the same result, both orders
 * reaching one state?  (Neither misuses alone.) */
static bool commute(const mw *m, const rv_action *a, uint32_t va, const rv_action *b, uint32_t vb,
                    const rv_action *ca, const rv_action *cb)
{
    mw ab, ba, alone;
    rv_action x;
    memcpy(&alone, m, sizeof alone);
    int ra = run(&alone, a, va, &x);
    memcpy(&alone, m, sizeof alone);
    int rb = run(&alone, b, vb, &x);
    int r;
    memcpy(&ab, m, sizeof ab);
    if (!run_as(&ab, a, ca, &r) || r != ra) return false;
    if (!run_as(&ab, b, cb, &r) || r != rb) return false;
    memcpy(&ba, m, sizeof ba);
    if (!run_as(&ba, b, cb, &r) || r != rb) return false;
    if (!run_as(&ba, a, ca, &r) || r != ra) return false;
    return memcmp(&ab, &ba, sizeof ab) == 0;
}

#define MAXST 60000
static mw seen[MAXST];
static int nseen;

static bool visit(const mw *m)
{
    for (int i = 0; i < nseen; i++)
        if (!memcmp(&seen[i], m, sizeof *m)) return false;
    if (nseen < MAXST) memcpy(&seen[nseen++], m, sizeof *m);
    return true;
}

static void explore_states(const mw *m, int depth)
{
    if (!visit(m) || depth == 0) return;
    for (int i = 0; i < ntmpl; i++) {
        const rv_action *a = &tmpl[i];
        mw c;
        memcpy(&c, m, sizeof c);
        if (!plausible(&c, a) || !enabled_in(&c, a)) continue;
        uint32_t dom = domain_in(&c, a);
        for (uint32_t v = 0; v < dom; v++) {
            mw d;
            memcpy(&d, m, sizeof d);
            rv_action x;
            run(&d, a, v, &x);
            if (!d.dead) explore_states(&d, depth - 1);
        }
    }
}

/* Misuse: if either action ends the execution in m, the other order must
 * end it too (at the same action) for them to commute. */
static bool misuse_commutes(const mw *m, const rv_action *a, uint32_t va, const rv_action *b,
                            uint32_t vb)
{
    mw x, y;
    rv_action ca, cb;
    memcpy(&x, m, sizeof x);
    run(&x, a, va, &ca);
    memcpy(&y, m, sizeof y);
    run(&y, b, vb, &cb);
    if (!x.dead && !y.dead) return true;
    /* a misuses alone: after b, a (as the same concrete action) still misuses */
    if (x.dead) {
        mw z;
        memcpy(&z, m, sizeof z);
        int r;
        if (!y.dead && (!run_as(&z, b, &cb, &r) || !run_as(&z, a, &ca, &r) || !z.dead))
            return false;
    }
    if (y.dead) {
        mw z;
        memcpy(&z, m, sizeof z);
        int r;
        if (!x.dead && (!run_as(&z, a, &ca, &r) || !run_as(&z, b, &cb, &r) || !z.dead))
            return false;
    }
    return true;
}

static void check_model_pairs(const char *name);

static void test_model(void)
{
    build_templates();
    for (int k = 0; k < 3; k++) { /* static kinds of M1: normal, recursive, errorcheck */
        mw m;
        memset(&m, 0, sizeof m);
        m.mx[0].kind = k;
        m.w.created = 1u << 1 | 1u << 2;
        explore_states(&m, 4);
    }
    check_model_pairs("dependent-model");
}

/* The same check over the issue-13 objects, from an initialised condvar
 * and a semaphore at 0 (a statically initialised rwlock; the barrier
 * starts uninitialised: its init is a template). */
static void test_model_posix(void)
{
    nseen = 0;
    ntmpl = 0;
    build_posix_templates();
    mw m;
    memset(&m, 0, sizeof m);
    m.w.created = 1u << 1 | 1u << 2;
    m.sem.status = RV_MST_INIT;
    m.cv.status = RV_MST_INIT;
    explore_states(&m, 4);
    check_model_pairs("dependent-model-posix");
}

static void check_model_pairs(const char *name)
{
    int bad = 0, checked = 0;
    for (int s = 0; s < nseen; s++) {
        mw *m = &seen[s];
        for (int i = 0; i < ntmpl; i++)
            for (int j = 0; j < ntmpl; j++) {
                const rv_action *a = &tmpl[i], *b = &tmpl[j];
                if (a->tid == b->tid || !plausible(m, a) || !plausible(m, b)) continue;
                if (!enabled_in(m, a) || !enabled_in(m, b)) continue;
                for (uint32_t va = 0; va < domain_in(m, a); va++)
                    for (uint32_t vb = 0; vb < domain_in(m, b); vb++) {
                        rv_action ca, cb;
                        mw t1;
                        memcpy(&t1, m, sizeof t1);
                        run(&t1, a, va, &ca);
                        memcpy(&t1, m, sizeof t1);
                        run(&t1, b, vb, &cb);
                        if (rv_dependent(&ca, &cb)) continue;
                        checked++;
                        bool ok = misuse_commutes(m, a, va, b, vb);
                        mw x;
                        memcpy(&x, m, sizeof x);
                        rv_action d1;
                        run(&x, a, va, &d1);
                        bool anydead = x.dead;
                        memcpy(&x, m, sizeof x);
                        run(&x, b, vb, &d1);
                        anydead |= x.dead;
                        if (ok && !anydead) ok = commute(m, a, va, b, vb, &ca, &cb);
                        if (!ok && !bad++) {
                            char p[128], q[128];
                            snprintf(why, sizeof why,
                                     "%s by %u and %s by %u do not commute in state %d but are "
                                     "independent (values %u, %u)",
                                     rv_action_str(&ca, p, sizeof p), ca.tid,
                                     rv_action_str(&cb, q, sizeof q), cb.tid, s, va, vb);
                        }
                    }
            }
    }
    printf("# %s: %d states, %d independent pairs checked\n", name, nseen, checked);
    if (checked == 0 && !bad++) snprintf(why, sizeof why, "no independent pair checked");
    report(name, bad);
}

/* Memory levels (issue 27 part 6): rv_mem_code gives every (level, unit)
 * its own code, for the units of addresses at the ends of each level's
 * range, at powers of two and at neighbours of those (every pair
 * compared), and rv_mem_level places every
 * range, up to the whole address space, where it spans at most
 * RV_MEM_SPAN units. */
static void test_mem_codes(void)
{
    enum { NA = 64 * 3 * 3 + 4 };
    static uint64_t addr[NA], code[NA * RV_MEM_LEVELS];
    static unsigned lv[NA * RV_MEM_LEVELS];
    static uint64_t un[NA * RV_MEM_LEVELS];
    size_t na = 0, nc = 0;
    for (unsigned b = 0; b < 64; b++)
        for (int d = -1; d <= 1; d++) {
            uint64_t p = (uint64_t)1 << b;
            addr[na++] = p + (uint64_t)d;
            addr[na++] = (p | 0x0123456789abcdefull >> (63 - b)) + (uint64_t)d;
            addr[na++] = ~p + (uint64_t)d;
        }
    addr[na++] = 0;
    addr[na++] = UINT64_MAX;
    addr[na++] = 0x7ffffffff000ull; /* top of user space */
    addr[na++] = 0x400000ull;       /* a program's globals */
    int bad = 0;
    for (unsigned l = 0; l < RV_MEM_LEVELS; l++) {
        /* distinct units of level l */
        size_t first = nc;
        for (size_t i = 0; i < na; i++) {
            uint64_t u = addr[i] >> rv_mem_shift(l);
            bool seen = false;
            for (size_t j = first; j < nc; j++) seen |= un[j] == u;
            if (seen) continue;
            lv[nc] = l;
            un[nc] = u;
            code[nc] = rv_mem_code(l, u);
            if (!code[nc] || code[nc] >> 62) {
                if (!bad++)
                    snprintf(why, sizeof why, "level %u unit %#llx: code %#llx outside [1, 2^62)",
                             l, (unsigned long long)u, (unsigned long long)code[nc]);
            }
            nc++;
        }
    }
    /* every pair: a collision is two (level, unit) pairs with one code */
    for (size_t i = 0; i < nc; i++)
        for (size_t j = i + 1; j < nc; j++)
            if (code[i] == code[j] && !bad++)
                snprintf(why, sizeof why, "level %u unit %#llx and level %u unit %#llx: code %#llx",
                         lv[i], (unsigned long long)un[i], lv[j], (unsigned long long)un[j],
                         (unsigned long long)code[i]);
    printf("# mem_codes: %zu (level, unit) pairs, all codes distinct: %s\n", nc,
           bad ? "no" : "yes");
    /* levels: the span at the level chosen, and the finest such level */
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < na; j++) {
            uint64_t lo = addr[i], hi = addr[j];
            if (hi < lo) continue;
            unsigned k = rv_mem_level(lo, hi);
            uint64_t span = (hi >> rv_mem_shift(k)) - (lo >> rv_mem_shift(k));
            bool finer_fits =
                k && (hi >> rv_mem_shift(k - 1)) - (lo >> rv_mem_shift(k - 1)) < RV_MEM_SPAN;
            if ((k >= RV_MEM_LEVELS || span >= RV_MEM_SPAN || finer_fits) && !bad++)
                snprintf(why, sizeof why, "[%#llx, %#llx] at level %u spans %llu units",
                         (unsigned long long)lo, (unsigned long long)hi, k,
                         (unsigned long long)span + 1);
        }
    /* the last byte of a range that passes the end of the address space */
    if (rv_mem_last(UINT64_MAX - 3, 100) != UINT64_MAX || rv_mem_last(5, 0) != 5 ||
        rv_mem_last(5, 3) != 7 || rv_mem_last(1, UINT64_MAX) != UINT64_MAX)
        if (!bad++) snprintf(why, sizeof why, "rv_mem_last cuts wrong");
    report("mem_codes", bad);
}

/* A range whose end passes the last address (a wild length: memset(p, 0,
 * (size_t)-1) is recorded before it faults) covers every byte from p on:
 * it depends on an access above p.  Computed as obj + len, the end wrapped
 * below p and the two were independent. */
static void test_wild_ranges(void)
{
    int bad = 0;
    const uint64_t p = 0x10000, x = 0x7fff0000;
    rv_action wild = act(RV_ACT_WRITE, 1, p, 0, 0, UINT64_MAX);
    rv_action wild_read = act(RV_ACT_READ, 1, p, 0, 0, UINT64_MAX - 8);
    rv_action wr = act(RV_ACT_WRITE, 2, x, 0, 0, 8), rd = act(RV_ACT_READ, 2, x, 0, 0, 8);
    rv_action below = act(RV_ACT_WRITE, 2, p - 8, 0, 0, 8);
    rv_action create = act(RV_ACT_CREATE, 2, 3, x, 0, 8);
    struct {
        const rv_action *a, *b;
        bool dep;
        const char *what;
    } c[] = {
        {&wild, &wr, true, "wild write / write above"},
        {&wild, &rd, true, "wild write / read above"},
        {&wild_read, &wr, true, "wild read / write above"},
        {&wild_read, &rd, false, "wild read / read above"},
        {&wild, &below, false, "wild write / write below it"},
        {&wild, &create, true, "wild write / create's *thread above"},
    };
    for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
        bool d1 = rv_dependent(c[i].a, c[i].b), d2 = rv_dependent(c[i].b, c[i].a);
        bool sig = (rv_dep_sig(c[i].a) & rv_dep_sig(c[i].b)) != 0;
        if ((d1 != c[i].dep || d2 != c[i].dep || (c[i].dep && !sig)) && !bad++)
            snprintf(why, sizeof why, "%s: dependent %d/%d, signatures meet %d, expected %d",
                     c[i].what, d1, d2, sig, c[i].dep);
    }
    report("wild_ranges", bad);
}

int main(void)
{
    build_universe();
    test_mem_codes();
    test_wild_ranges();
    test_symmetry();
    test_signature();
    test_same_thread();
    test_semantics();
    test_condvars();
    test_threads();
    test_model();
    test_model_posix();
    return 0; /* failures are reported as FAIL lines */
}
