/*
 * fuzzgen.c — random C programs for ravel's native differential fuzzer
 * (tests/fuzz/run.sh; issue 9 part 5, issue 10).  Deterministic: a seed
 * always prints the same program.
 *
 *   fuzzgen SEED [--drop=ID,ID,...]   one program (standalone main)
 *   RAVEL_FUZZ_AVOID=nondet,assume   never generate these statement kinds
 *                                     (kind_name[]; to look past a known bug)
 *   RAVEL_FUZZ_SIZE=N                 the largest interleavings() estimate
 *   RAVEL_FUZZ_EXT=1                  also the rest of POSIX threads:
 *                                     read-write locks (rd/wr/try/timed),
 *                                     barriers, spin locks, timed mutex,
 *                                     semaphore and condition waits (new
 *                                     statement kinds; without it every
 *                                     seed prints the program it always did)
 *   RAVEL_FUZZ_UNINSTR=1              also code built without instrumentation:
 *                                     a no_sanitize function (spelt
 *                                     no_sanitize("thread") or
 *                                     no_sanitize_thread) that reads and
 *                                     writes a shared int under a mutex,
 *                                     whose value other statements assert
 *                                     on (issue 27 part 5: its writes are
 *                                     no events, so the driver must make
 *                                     every state unique; under the mutex
 *                                     they race with nothing, so dfs is
 *                                     still the ground truth).  Combines
 *                                     with RAVEL_FUZZ_EXT; without it
 *                                     every seed prints the program it
 *                                     always did
 *   RAVEL_FUZZ_OUT=1                  also branch-chosen out-parameters of
 *                                     runtime entry points (issue 27 part
 *                                     2): a branch on shared state chooses
 *                                     which global a call stores into
 *                                     (attribute getters, sem_getvalue,
 *                                     pthread_setcancelstate's old state,
 *                                     sscanf, memcpy, posix_memalign,
 *                                     strtol's end, main's pthread_join
 *                                     value), and other statements read
 *                                     the globals back (new statement
 *                                     kinds, drawn after RAVEL_FUZZ_EXT's:
 *                                     without the switch every seed prints
 *                                     the program it always did)
 *   fuzzgen --batch FIRST N           N programs (seeds FIRST..FIRST+N-1) in
 *                                     one file: main runs the program whose
 *                                     seed is in $RAVEL_FUZZ_PROG, so one
 *                                     build serves N programs
 *
 * Every program starts with a line
 *   //@ prog SEED class=exact|loops flags=... features=a,b,c nstmts=N
 * that the runner reads: `flags` go to every ravel command for it
 * (--nondet-domain), `features` are what the program uses, `nstmts` the
 * number of statement ids that --drop may remove (the shrinker's units:
 * dropping a statement drops what it encloses; dropping a worker's
 * pthread_create drops the thread).  Dropping changes only what is
 * printed, never the random stream, so a seed with a drop list is
 * deterministic too.
 *
 * Programs have main plus 1-3 workers (plus at most one thread created on
 * a branch), so 2-4 threads.  Class "exact" programs are finite (every
 * loop is bounded) so that --algo=dfs --count-traces is ground truth;
 * class "loops" programs also have unbounded spin loops and are only used
 * to compare cutoffs against a bounded dfs.  All identifiers of a program
 * carry the prefix pSEED_ so that many programs fit in one file.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- random stream ---------------------------------------------------- */
static uint64_t rng;
static uint64_t next(void)
{
    /* splitmix64 */
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static int pick(int n)
{
    return (int)(next() % (uint64_t)n);
}
static int chance(int pct)
{
    return pick(100) < pct;
}

/* ---- growing text buffers --------------------------------------------- */
typedef struct {
    char *s;
    size_t n, cap;
} sbuf;
static void sb_vadd(sbuf *b, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int k = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (b->n + (size_t)k + 1 > b->cap) {
        b->cap = (b->n + (size_t)k + 1) * 2;
        b->s = realloc(b->s, b->cap);
        if (!b->s) exit(2);
    }
    vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
    b->n += (size_t)k;
}
static void sb_add(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vadd(b, fmt, ap);
    va_end(ap);
}

/* ---- features ------------------------------------------------------------ */
enum {
    F_PLAIN,
    F_ASSERT,
    F_MUTEX,
    F_ERRORCHECK,
    F_RECURSIVE,
    F_RECURSIVE_NP,
    F_TRYLOCK,
    F_CONDVAR,
    F_BROADCAST,
    F_CV_RECURSIVE,
    F_SEM,
    F_SEM_TRYWAIT,
    F_ATOMIC,
    F_CAS,
    F_C11,
    F_NONDET_UCHAR,
    F_NONDET_CHAR,
    F_NONDET_BOOL,
    F_NONDET_INT,
    F_ASSUME,
    F_ATOMIC_SECTION,
    F_NESTED_SECTION,
    F_CREATE_BRANCH,
    F_JOIN,
    F_DETACH,
    F_KEY,
    F_MALLOC,
    F_MEMCPY,
    F_ERRNO,
    F_LOOP,
    F_SPIN,
    F_RWLOCK, /* RAVEL_FUZZ_EXT only, from here on */
    F_RW_TRY,
    F_RW_TIMED,
    F_BARRIER,
    F_SPINLOCK,
    F_TIMEDLOCK,
    F_SEM_TIMED,
    F_COND_TIMED,
    F_UNINSTR,  /* RAVEL_FUZZ_UNINSTR only */
    F_OUTPARAM, /* RAVEL_FUZZ_OUT only, from here on */
    F_OUT_PTR,
    F_OUT_JOIN,
    F_COUNT
};
static const char *fname[F_COUNT] = {"plain",          "assert",        "mutex",
                                     "errorcheck",     "recursive",     "recursive_np",
                                     "trylock",        "condvar",       "broadcast",
                                     "cv_recursive",   "sem",           "sem_trywait",
                                     "atomic",         "cas",           "c11",
                                     "nondet_uchar",   "nondet_char",   "nondet_bool",
                                     "nondet_int",     "assume",        "atomic_section",
                                     "nested_section", "create_branch", "join",
                                     "detach",         "key",           "malloc",
                                     "memcpy",         "errno",         "loop",
                                     "spin",           "rwlock",        "rw_try",
                                     "rw_timed",       "barrier",       "spinlock",
                                     "timedlock",      "sem_timed",     "cond_timed",
                                     "uninstr",        "outparam",      "out_ptr",
                                     "out_join"};
static int used[F_COUNT];

/* ---- the program being generated ------------------------------------------ */
enum { MK_NORMAL, MK_ERRORCHECK, MK_RECURSIVE, MK_RECURSIVE_NP, MK_DEFAULT_INIT };
#define MAXW 3
#define MAXF (MAXW + 2) /* main, workers, the thread created on a branch */
#define FX   (MAXW + 1) /* its function index */
static struct {
    int loops;         /* class loops: unbounded spin loops allowed */
    int nw;            /* workers created by main */
    int nv;            /* shared ints v0.. */
    int na;            /* atomics: a0 (C11 atomic_int), a1 (int with __atomic) */
    int nm, mk[2];     /* mutexes m0, m1 and their kinds */
    int cv, cvk;       /* condition variable, kind of its mutex */
    int sem, sem_init; /* semaphore and its initial count */
    int key, key_dtor; /* pthread key */
    int heap;          /* shared heap block gp */
    int nondet_int;    /* uses int nondet: needs --nondet-domain */
    int xthread;       /* a worker may create a thread on a branch */
    int detach[MAXW];  /* main detaches worker i instead of joining */
    int budget[MAXF];  /* visible operations left per function */
    int nondet_left;   /* 8-bit nondets allowed (each multiplies dfs) */
    int sections;      /* atomic sections allowed */
    int rw, bar, sl;   /* RAVEL_FUZZ_EXT: rwlock, barrier (count 2), spin lock */
    int hide_attr;     /* RAVEL_FUZZ_UNINSTR: how @hide is excluded (hide_attrs) */
    int want_pair;     /* RAVEL_FUZZ_UNINSTR: issue 27's template (st_pair_worker) */
    int pair, pair_id; /* it was generated; its worker half's statement id */
    int out;           /* RAVEL_FUZZ_OUT: the out globals o0, o1 (int), q0, q1 (void *) */
    int matype, detst; /* the mutex attribute's type, the thread attribute's detach state */
    int outjoin;       /* main joins worker 0 into q0 or q1, chosen by v0 */
} P;
static int ext;                          /* $RAVEL_FUZZ_EXT */
static int uninstr;                      /* $RAVEL_FUZZ_UNINSTR */
static int outp;                         /* $RAVEL_FUZZ_OUT */
static int held_rw[MAXF], held_sl[MAXF]; /* rwlock / spin lock held by the function */
static sbuf fn[MAXF];
static int cur;                 /* function being generated */
static int held[MAXF][3];       /* lock count per mutex (2 = cv mutex) */
static int in_section;          /* inside an atomic section */
static int nstmts;              /* statement ids handed out */
static sbuf main_pre, main_mid; /* main before the creates, between creates and joins */
static int wid[MAXW];           /* statement id of each worker (its create) */
static int final_assert, fa_v, fa_c;
static int ev[MAXF];           /* visible operations spent per function */
static int nondets;            /* nondets drawn (dropped or not) */
static unsigned char *dropped; /* by id */
static int sup[256], sp;       /* suppression stack */

static int stmt_begin(void)
{
    int id = ++nstmts;
    int d = sup[sp] || (dropped && id < 100000 && dropped[id]);
    sup[++sp] = d;
    return id;
}
static void stmt_end(void)
{
    sp--;
}
static int live(void)
{
    return !sup[sp];
}
static void use(int f)
{
    if (live()) used[f] = 1;
}

static void emit(int depth, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(int depth, const char *fmt, ...)
{
    if (!live()) return;
    sb_add(&fn[cur], "%*s", 4 * depth + 4, "");
    va_list ap;
    va_start(ap, fmt);
    sb_vadd(&fn[cur], fmt, ap);
    va_end(ap);
    sb_add(&fn[cur], "\n");
}

static int spend(int n)
{
    if (P.budget[cur] < n) return 0;
    P.budget[cur] -= n;
    ev[cur] += n;
    return 1;
}

static void stmts(int depth, int k);

/* ---- statement kinds ---------------------------------------------------------- */
static int V(void)
{
    return pick(P.nv);
}

static void st_plain(int depth)
{
    int v = V(), w = V(), c = pick(3);
    use(F_PLAIN);
    switch (pick(5)) {
    case 0:
    case 1:
        emit(depth, "@v%d = %d;", v, c + 1);
        break;
    case 2:
        emit(depth, "l += @v%d;", v);
        break;
    case 3:
        emit(depth, "@v%d = @v%d + 1;", v, w);
        break;
    default:
        emit(depth, "if (@v%d == %d) @v%d = %d;", v, c, w, pick(3) + 1);
        break;
    }
}

static void st_assert(int depth)
{
    use(F_ASSERT);
    if (chance(20))
        emit(depth, "assert(l != %d);", 1 + pick(3));
    else {
        int v = V();
        emit(depth, "assert(@v%d != %d);", v, 1 + pick(3));
    }
}

static const char *mname(int m)
{
    return m == 2 ? "@cm" : m == 0 ? "@m0" : "@m1";
}
static int mkind(int m)
{
    return m == 2 ? P.cvk : P.mk[m];
}
static int recursive(int m)
{
    return mkind(m) == MK_RECURSIVE || mkind(m) == MK_RECURSIVE_NP;
}

static void st_mutex(int depth)
{
    int m = pick(P.nm), k = mkind(m);
    const char *n = mname(m);
    use(F_MUTEX);
    if (k == MK_ERRORCHECK) use(F_ERRORCHECK);
    if (k == MK_RECURSIVE) use(F_RECURSIVE);
    if (k == MK_RECURSIVE_NP) use(F_RECURSIVE_NP);
    if (held[cur][m] && !recursive(m)) {
        /* the owner locks again: EDEADLK for errorcheck (never for normal:
         * that is a self-deadlock, not interesting) */
        if (k == MK_ERRORCHECK)
            emit(depth, "assert(pthread_mutex_lock(&%s) == EDEADLK);", n);
        else
            emit(depth, "l += pthread_mutex_trylock(&%s) == EBUSY;", n), use(F_TRYLOCK);
        return;
    }
    if (!held[cur][m] && k == MK_ERRORCHECK && chance(20)) {
        emit(depth, "assert(pthread_mutex_unlock(&%s) == EPERM);", n);
        return;
    }
    int body = 1 + pick(2);
    held[cur][m]++;
    if (chance(25)) {
        use(F_TRYLOCK);
        emit(depth, "if (pthread_mutex_trylock(&%s) == 0) {", n);
        stmts(depth + 1, body);
        emit(depth + 1, "pthread_mutex_unlock(&%s);", n);
        emit(depth, "}%s", chance(40) ? " else l++;" : "");
    } else {
        emit(depth, "pthread_mutex_lock(&%s);", n);
        stmts(depth, body);
        emit(depth, "pthread_mutex_unlock(&%s);", n);
    }
    held[cur][m]--;
}

static void st_cv_wait(int depth)
{
    use(F_CONDVAR);
    int twice = recursive(2) && chance(60);
    if (recursive(2)) use(F_CV_RECURSIVE);
    emit(depth, "pthread_mutex_lock(&@cm);");
    if (twice) emit(depth, "pthread_mutex_lock(&@cm);");
    held[cur][2] += 1 + twice;
    emit(depth, "while (@flag < 1) pthread_cond_wait(&@cv, &@cm);");
    if (chance(50)) emit(depth, "@flag--;");
    if (chance(40)) stmts(depth, 1);
    held[cur][2] -= 1 + twice;
    if (twice) emit(depth, "pthread_mutex_unlock(&@cm);");
    emit(depth, "pthread_mutex_unlock(&@cm);");
}

static void st_cv_notify(int depth)
{
    use(F_CONDVAR);
    int b = chance(50);
    if (b) use(F_BROADCAST);
    const char *what = b ? "broadcast" : "signal";
    if (chance(20)) { /* flag under the mutex, notify after it (legal) */
        emit(depth, "pthread_mutex_lock(&@cm); @flag++; pthread_mutex_unlock(&@cm);");
        emit(depth, "pthread_cond_%s(&@cv);", what);
        return;
    }
    emit(depth, "pthread_mutex_lock(&@cm);");
    emit(depth, "@flag++;");
    emit(depth, "pthread_cond_%s(&@cv);", what);
    emit(depth, "pthread_mutex_unlock(&@cm);");
}

static void st_sem(int depth)
{
    use(F_SEM);
    switch (pick(5)) {
    case 0:
        emit(depth, "sem_wait(&@s);");
        break;
    case 1:
    case 2:
        use(F_SEM_TRYWAIT), use(F_ERRNO);
        emit(depth, "if (sem_trywait(&@s) == 0) l++; else assert(errno == EAGAIN);");
        break;
    default:
        emit(depth, "sem_post(&@s);");
        break;
    }
}

static void st_atomic(int depth)
{
    use(F_ATOMIC);
    int a = pick(P.na), c = pick(3);
    if (a == 0) { /* C11 */
        use(F_C11);
        switch (pick(5)) {
        case 0:
            emit(depth, "atomic_store(&@a0, %d);", c);
            break;
        case 1:
            emit(depth, "l += atomic_load(&@a0);");
            break;
        case 2:
            emit(depth, "atomic_fetch_add(&@a0, 1);");
            break;
        default:
            use(F_CAS);
            emit(depth,
                 "{ int e = %d; if (atomic_compare_exchange_strong(&@a0, &e, %d)) l++; else l += "
                 "e; }",
                 c, pick(3));
            break;
        }
        return;
    }
    switch (pick(5)) {
    case 0:
        emit(depth, "__atomic_store_n(&@a1, %d, __ATOMIC_SEQ_CST);", c);
        break;
    case 1:
        emit(depth, "l += __atomic_exchange_n(&@a1, %d, __ATOMIC_SEQ_CST);", c);
        break;
    case 2:
        emit(depth, "__atomic_fetch_add(&@a1, 1, __ATOMIC_SEQ_CST);");
        break;
    default: {
        use(F_CAS);
        int nv = pick(3), v = V();
        /* issue 9 part 3: also CAS the low byte or half of @a1 (partial
         * overlaps with its int accesses; little-endian), chosen from the
         * values already drawn so that the random stream is unchanged */
        const char *ty = (c * 3 + nv) % 4 == 0   ? "unsigned char"
                         : (c * 3 + nv) % 4 == 1 ? "unsigned short"
                                                 : "int";
        char cast[32] = "";
        if (strcmp(ty, "int")) snprintf(cast, sizeof cast, "(%s *)", ty);
        emit(depth,
             "{ %s e = %d; if (__atomic_compare_exchange_n(%s&@a1, &e, %d, 0, __ATOMIC_SEQ_CST, "
             "__ATOMIC_SEQ_CST)) @v%d = 1; else l += e; }",
             ty, c, cast, nv, v);
        break;
    }
    }
}

static void st_nondet(int depth)
{
    int kind = P.nondet_int && chance(50) ? 3 : pick(3);
    if (kind != 2) nondets++;
    if (kind < 2 && P.nondet_left <= 0) kind = 2;
    switch (kind) {
    case 0: { /* values above 64 matter: the range sits anywhere in 0..255 */
        use(F_NONDET_UCHAR), use(F_ASSUME);
        int lo = pick(254), hi = lo + pick(3);
        P.nondet_left--;
        emit(
            depth,
            "{ unsigned char c = __VERIFIER_nondet_uchar(); __VERIFIER_assume(c >= %d && c <= %d);",
            lo, hi);
        int c = lo + pick(hi - lo + 1);
        emit(depth + 1, "if (c == %d) @v%d = c - %d; else l += c; }", c, V(), lo - 1);
        break;
    }
    case 1: {
        use(F_NONDET_CHAR), use(F_ASSUME);
        int lo = -128 + pick(254), hi = lo + pick(3);
        P.nondet_left--;
        emit(depth, "{ char c = __VERIFIER_nondet_char(); __VERIFIER_assume(c >= %d && c <= %d);",
             lo, hi);
        int c = lo + pick(hi - lo + 1);
        emit(depth + 1, "if (c == %d) @v%d = 2; }", c, V());
        break;
    }
    case 2: {
        use(F_NONDET_BOOL);
        int v = V();
        emit(depth, "if (__VERIFIER_nondet_bool()) @v%d = %d;", v, 1 + pick(2));
        break;
    }
    default: {
        use(F_NONDET_INT);
        int c = pick(3);
        emit(depth, "{ int c = __VERIFIER_nondet_int(); if (c > %d) @v%d = c; }", c, V());
        break;
    }
    }
}

static void st_assume(int depth)
{
    use(F_ASSUME);
    int v = V();
    emit(depth, "__VERIFIER_assume(@v%d != %d);", v, 1 + pick(2));
}

static void st_section(int depth)
{
    use(F_ATOMIC_SECTION);
    P.sections--;
    emit(depth, "__VERIFIER_atomic_begin();");
    in_section++;
    stmts(depth + 1, 1 + pick(2));
    if (chance(55)) {
        use(F_NESTED_SECTION);
        emit(depth + 1, "__VERIFIER_atomic_begin();");
        stmts(depth + 2, 1);
        emit(depth + 1, "__VERIFIER_atomic_end();");
    }
    in_section--;
    emit(depth, "__VERIFIER_atomic_end();");
}

static void st_key(int depth)
{
    use(F_KEY);
    int c = 1 + pick(3);
    if (chance(50))
        emit(depth, "pthread_setspecific(@key, (void *)%dL);", c);
    else
        emit(depth, "if ((long)pthread_getspecific(@key) == %d) @v%d = %d;", c, V(), c);
}

static void st_heap(int depth)
{
    use(F_MALLOC);
    int v = V();
    switch (P.heap ? pick(4) : pick(2)) {
    case 0:
        use(F_MEMCPY);
        emit(depth,
             "{ int *p = malloc(sizeof *p); *p = @v%d; memcpy(&@v%d, p, sizeof(int)); free(p); }",
             v, V());
        break;
    case 1:
        use(F_LOOP);
        emit(depth, "for (int i = 0; i < 2; i++) { char *p = malloc(8 + i); p[0] = (char)l; l += "
                    "p[0]; free(p); }");
        break;
    case 2:
        emit(depth, "@gp[%d] = @v%d;", pick(2), v);
        break;
    default:
        use(F_MEMCPY);
        emit(depth, "memcpy(&@v%d, &@gp[%d], sizeof(int));", v, pick(2));
        break;
    }
}

static void st_errno(int depth)
{
    use(F_ERRNO);
    int c = 1 + pick(40);
    emit(depth, "errno = %d;", c);
    stmts(depth, 1);
    emit(depth, "assert(errno == %d);", c);
}

static void st_loop(int depth)
{
    use(F_LOOP);
    if (chance(40)) { /* a bounded spin: revisits the state it started in */
        use(F_SPIN);
        if (P.na && chance(50))
            emit(depth, "for (int i = 0; i < 2 && atomic_load(&@a0) == 0; i++) l++;");
        else
            emit(depth, "for (int i = 0; i < 2 && @v%d == 0; i++) l++;", V());
        return;
    }
    if (chance(40)) { /* toggle: the same value written twice */
        int v = V();
        emit(depth, "@v%d = 1; @v%d = 0;", v, v);
        return;
    }
    emit(depth, "for (int i = 0; i < 2; i++) {");
    stmts(depth + 1, 1);
    emit(depth, "}");
}

/* class loops: an unbounded wait on a shared value */
static void st_unbounded(int depth)
{
    use(F_SPIN);
    int v = V();
    switch (pick(3)) {
    case 0:
        emit(depth, "while (@v%d == 0) ;", v);
        break;
    case 1:
        if (P.na) {
            emit(depth, "while (atomic_load(&@a0) != %d) ;", 1 + pick(2));
            break;
        }
        /* fall through */
    default:
        if (P.nm) {
            const char *n = mname(pick(P.nm));
            emit(depth,
                 "for (;;) { pthread_mutex_lock(&%s); int d = @v%d; pthread_mutex_unlock(&%s); if "
                 "(d) break; }",
                 n, v, n);
        } else
            emit(depth, "while (@v%d != %d) ;", v, 1 + pick(2));
        break;
    }
}

static void st_create_branch(int depth)
{
    use(F_CREATE_BRANCH);
    P.xthread = 2; /* used */
    int v = V();
    const char *op = chance(50) ? "==" : "!=";
    emit(depth, "if (@v%d %s %d) { pthread_create(&@tx, NULL, @wx, NULL); @txc = 1; }", v, op,
         pick(2));
}

/* ---- RAVEL_FUZZ_EXT: the rest of POSIX threads ---------------------------- */

static void st_rwlock(int depth)
{
    use(F_RWLOCK);
    int wr = chance(50), how = pick(3); /* blocking, try, timed */
    const char *k = wr ? "wr" : "rd";
    held_rw[cur] = 1;
    if (how == 1) {
        use(F_RW_TRY);
        emit(depth, "if (pthread_rwlock_try%slock(&@rw) == 0) {", k);
        stmts(depth + 1, 1);
        emit(depth + 1, "pthread_rwlock_unlock(&@rw);");
        emit(depth, "} else l++;");
    } else if (how == 2) {
        use(F_RW_TIMED);
        emit(depth,
             "{ int r = pthread_rwlock_timed%slock(&@rw, &@ts); assert(r == 0 || r == "
             "ETIMEDOUT); if (r == 0) {",
             k);
        stmts(depth + 1, 1);
        emit(depth + 1, "pthread_rwlock_unlock(&@rw); } }");
    } else {
        emit(depth, "pthread_rwlock_%slock(&@rw);", k);
        stmts(depth, 1 + pick(2));
        emit(depth, "pthread_rwlock_unlock(&@rw);");
    }
    held_rw[cur] = 0;
}

static void st_barrier(int depth)
{
    use(F_BARRIER);
    emit(depth,
         "if (pthread_barrier_wait(&@bar) == PTHREAD_BARRIER_SERIAL_THREAD) @v%d = %d; "
         "else l++;",
         V(), 1 + pick(2));
}

static void st_spinlock(int depth)
{
    use(F_SPINLOCK);
    held_sl[cur] = 1;
    if (chance(40)) {
        emit(depth, "if (pthread_spin_trylock(&@sl) == 0) {");
        stmts(depth + 1, 1);
        emit(depth + 1, "pthread_spin_unlock(&@sl);");
        emit(depth, "} else l++;");
    } else {
        emit(depth, "pthread_spin_lock(&@sl);");
        stmts(depth, 1);
        emit(depth, "pthread_spin_unlock(&@sl);");
    }
    held_sl[cur] = 0;
}

/* a timed wait on an object the program has (the caller checked one) */
static void st_timed(int depth)
{
    int opts[3], n = 0;
    if (P.nm && !held[cur][0] && (P.nm < 2 || !held[cur][1])) opts[n++] = 0;
    if (P.sem) opts[n++] = 1;
    if (P.cv && !held[cur][2]) opts[n++] = 2;
    if (!n) {
        emit(depth, "l++;");
        return;
    }
    switch (opts[pick(n)]) {
    case 0: {
        use(F_TIMEDLOCK);
        int m = pick(P.nm);
        const char *nm = mname(m);
        held[cur][m]++;
        emit(depth, "{ int r = pthread_mutex_timedlock(&%s, &@ts); if (r == 0) {", nm);
        stmts(depth + 1, 1);
        emit(depth + 1, "pthread_mutex_unlock(&%s); } else assert(r == ETIMEDOUT); }", nm);
        held[cur][m]--;
        break;
    }
    case 1:
        use(F_SEM_TIMED), use(F_ERRNO);
        emit(depth, "if (sem_timedwait(&@s, &@ts) == 0) l++; else assert(errno == ETIMEDOUT);");
        break;
    default:
        use(F_COND_TIMED), use(F_CONDVAR);
        emit(depth, "pthread_mutex_lock(&@cm);");
        emit(depth, "while (@flag < 1) if (pthread_cond_timedwait(&@cv, &@cm, &@ts) == ETIMEDOUT) "
                    "break;");
        if (chance(50)) emit(depth, "if (@flag > 0) @flag--;");
        emit(depth, "pthread_mutex_unlock(&@cm);");
        break;
    }
}

/* ---- RAVEL_FUZZ_UNINSTR: code built without instrumentation ------------------ */

/* The spellings of @hide's exclusion (both gcc's and clang's). */
static const char *hide_attrs[] = {"no_sanitize(\"thread\")", "no_sanitize_thread"};

/* issue 27's template (tests/cutoffs/uninstr.c) between main and worker
 * 0.  Worker 0's half (here, its first statement) writes @px, then waits
 * for main's half (generate), which reads @px: which variable @hide
 * changes depends on the order, and the branch that changes @ph has one
 * more event (the larger configuration: main, the lowest thread, runs
 * first and reads 0 first); the two orders meet at the worker's
 * sem_wait, and only the larger one, after the worker's @py = 1, sees
 * @ph == 1.  @wipe makes the stack below main's frame the same on both
 * branches, so that only @ph tells the two orders apart.  Only main
 * touches @ph and @pg: unseen accesses that race with nothing, so dfs
 * stays the ground truth. */
static void st_pair_worker(int depth)
{
    P.pair = 1, P.pair_id = nstmts;
    ev[cur] += 2; /* for interleavings(): the handshake orders most of it */
    use(F_UNINSTR), use(F_SEM);
    emit(depth, "@px = 1; sem_wait(&@ps); sem_post(&@pt); @py = 1;");
}

/* main's half */
static void st_pair_main(int depth)
{
    ev[cur] += 3;
    use(F_ASSERT);
    emit(depth, "if (@px) { @hide(&@ph, 1); sched_yield(); } else @hide(&@pg, 1);");
    emit(depth, "@wipe();");
    emit(depth, "sem_post(&@ps); sem_wait(&@pt); if (@py) assert(@ph != 1);");
}

/* Under an unheld mutex: @h changed by @hide (no event), or asserted on
 * (an event: the read is instrumented). */
static void st_uninstr(int depth)
{
    int opts[2], n = 0;
    for (int m = 0; m < P.nm; m++)
        if (!held[cur][m]) opts[n++] = m;
    if (!n) {
        emit(depth, "l++;");
        return;
    }
    const char *mn = mname(opts[pick(n)]);
    use(F_UNINSTR), use(F_MUTEX);
    int form = pick(20);
    if (form < 9 && spend(1)) {
        /* issue 27's shape: which variable changes depends on a shared
         * value, and one branch has one more event, so that the larger
         * configuration meets the smaller one's state but for @h */
        emit(depth,
             "pthread_mutex_lock(&%s); if (@v%d == %d) { @hide(&@h, 1); sched_yield(); } else "
             "@hide(&@g, 1); pthread_mutex_unlock(&%s);",
             mn, V(), pick(2), mn);
    } else if (form < 14) {
        emit(depth, "pthread_mutex_lock(&%s); @hide(&@h, %d); pthread_mutex_unlock(&%s);", mn,
             1 + pick(2), mn);
    } else {
        /* mostly 1: the value the shape above gives */
        static const int c[] = {0, 1, 1, 1, 2, 3};
        use(F_ASSERT);
        emit(depth, "pthread_mutex_lock(&%s); assert(@h != %d); pthread_mutex_unlock(&%s);", mn,
             c[pick(6)], mn);
    }
}

/* ---- RAVEL_FUZZ_OUT: branch-chosen out-parameters (issue 27 part 2) ------ */

/* A branch on a shared variable chooses which global a runtime entry
 * point stores into; the pointer is not kept.  Unless the store is part
 * of the state (src/runtime/progmem.c), the two branches fold to one
 * state at the next cutoff point and the default mode cuts off the one
 * whose global a later statement checks. */
static void st_outparam(int depth)
{
    int v = V(), c = pick(3), ptr = chance(25);
    const char *cond = chance(50) ? "==" : "!=";
    if (ptr) {
        use(F_OUT_PTR);
        const char *call[] = {"posix_memalign(@OUT, 16, 8)", "strtol(\"12x\", (char **)@OUT, 10)"};
        const char *k = call[pick(2)];
        char a[160], b[160];
        snprintf(a, sizeof a, "%s", k);
        snprintf(b, sizeof b, "%s", k);
        char *x = strstr(a, "@OUT"), *y = strstr(b, "@OUT");
        memcpy(x, "&@q0", 4), memcpy(y, "&@q1", 4);
        emit(depth, "if (@v%d %s %d) (void)%s; else (void)%s;", v, cond, c, a, b);
        return;
    }
    use(F_OUTPARAM);
    int n = 0;
    const char *opts[6];
    opts[n++] = "pthread_mutexattr_gettype(&@ma, &@o%d)";
    opts[n++] = "pthread_attr_getdetachstate(&@pa, &@o%d)";
    opts[n++] = "sscanf(\"7\", \"%%d\", &@o%d)";
    opts[n++] = "memcpy(&@o%d, &@v0, sizeof(int))";
    opts[n++] = "pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &@o%d)";
    if (P.sem) opts[n++] = "sem_getvalue(&@s, &@o%d)";
    const char *k = opts[pick(n)];
    char a[160], b[160];
    snprintf(a, sizeof a, k, 0);
    snprintf(b, sizeof b, k, 1);
    if (chance(50))
        emit(depth, "if (@v%d %s %d) (void)%s; else (void)%s;", v, cond, c, a, b);
    else
        emit(depth, "if (@v%d %s %d) (void)%s;", v, cond, c, a);
}

/* reads an out global back */
static void st_outread(int depth)
{
    use(F_OUTPARAM);
    int o = pick(2), c = pick(4) - 1;
    switch (pick(4)) {
    case 0:
        use(F_ASSERT);
        emit(depth, "assert(@o%d != %d);", o, c);
        break;
    case 1:
        emit(depth, "if (@q%d) l++; else @v%d = %d;", o, V(), 1 + pick(2));
        break;
    default:
        emit(depth, "if (@o%d == %d) @v%d = %d;", o, c, V(), 1 + pick(2));
        break;
    }
}

/* One statement with its own id; the kinds allowed depend on the program's
 * objects, the budget and the context (no blocking call inside an atomic
 * section except sometimes a lock). */
/* statement kinds, in stmt()'s order, and their weights in this program
 * (a few "focus" kinds weigh more, so that small programs still combine
 * several features) */
/* NKIND0 kinds without a switch, NKIND_EXT with RAVEL_FUZZ_EXT, K_UNINSTR
 * with RAVEL_FUZZ_UNINSTR, K_OUT and K_OUTREAD with RAVEL_FUZZ_OUT (the
 * kinds of a switch that is off weigh nothing, so each switch alone draws
 * the stream it always did) */
enum { NKIND0 = 16, NKIND_EXT = 20, K_UNINSTR = NKIND_EXT, K_OUT, K_OUTREAD, NKIND };
static int nkind = NKIND0;
static const int base_weight[NKIND] = {14, 8, 12, 6, 6, 7, 8, 9, 3, 5, 4, 5,
                                       3,  6, 3,  5, 8, 5, 5, 6, 8, 8, 6};
static const char *kind_name[NKIND] = {
    "plain",  "assert",  "mutex",    "cv_wait", "cv_notify", "sem",  "atomic", "nondet",
    "assume", "section", "key",      "heap",    "errno",     "loop", "spin",   "create",
    "rwlock", "barrier", "spinlock", "timed",   "uninstr",   "out",  "outread"};
static int weight[NKIND];
static const char *avoid; /* $RAVEL_FUZZ_AVOID: kinds never generated */
static int avoided(int k)
{
    if (!avoid) return 0;
    size_t n = strlen(kind_name[k]);
    for (const char *p = avoid; (p = strstr(p, kind_name[k])); p += n)
        if ((p == avoid || p[-1] == ',') && (p[n] == ',' || !p[n])) return 1;
    return 0;
}
static int pick_kind(void)
{
    int sum = 0;
    for (int k = 0; k < nkind; k++) sum += weight[k];
    int r = pick(sum);
    for (int k = 0; k < nkind; k++)
        if ((r -= weight[k]) < 0) return k;
    return 0;
}

static void stmt(int depth)
{
    stmt_begin();
    int tries = 0;
    for (;;) {
        int r = pick_kind();
        if (++tries > 20 || P.budget[cur] <= 0) {
            /* out of budget: a statement without visible operations, so
             * that interleavings() stays an honest size */
            emit(depth, "l++;");
            break;
        }
        if (r == 0) {
            if (!spend(1)) continue;
            st_plain(depth);
        } else if (r == 1) {
            if (!spend(1)) continue;
            st_assert(depth);
        } else if (r == 2) {
            if (!P.nm || depth > 2 || !spend(3)) continue;
            st_mutex(depth);
        } else if (r == 3) {
            if (!P.cv || in_section || held[cur][2] || depth > 1 || !spend(5)) continue;
            st_cv_wait(depth);
        } else if (r == 4) {
            if (!P.cv || in_section || held[cur][2] || !spend(3)) continue;
            st_cv_notify(depth);
        } else if (r == 5) {
            if (!P.sem || in_section || !spend(1)) continue;
            st_sem(depth);
        } else if (r == 6) {
            if (!P.na || !spend(1)) continue;
            st_atomic(depth);
        } else if (r == 7) {
            if (!spend(3)) continue;
            st_nondet(depth);
        } else if (r == 8) {
            if (cur == 0 || !spend(1)) continue;
            st_assume(depth);
        } else if (r == 9) {
            if (P.sections <= 0 || in_section || depth > 1 || !spend(3)) continue;
            st_section(depth);
        } else if (r == 10) {
            if (!P.key || !spend(1)) continue;
            st_key(depth);
        } else if (r == 11) {
            if (!spend(4)) continue;
            st_heap(depth);
        } else if (r == 12) {
            if (depth > 1 || !spend(2)) continue;
            st_errno(depth);
        } else if (r == 13) {
            if (depth > 1 || !spend(3)) continue;
            st_loop(depth);
        } else if (r == 14) {
            if (!P.loops || in_section || depth > 1 || !spend(2)) continue;
            st_unbounded(depth);
        } else if (r == 15) {
            if (P.xthread != 1 || cur == 0 || cur == FX || in_section || !spend(3)) continue;
            st_create_branch(depth);
        } else if (r == 16) {
            if (!P.rw || held_rw[cur] || in_section || depth > 2 || !spend(3)) continue;
            st_rwlock(depth);
        } else if (r == 17) {
            if (!P.bar || in_section || depth > 1 || cur == FX || !spend(2)) continue;
            st_barrier(depth);
        } else if (r == 18) {
            if (!P.sl || held_sl[cur] || depth > 2 || !spend(3)) continue;
            st_spinlock(depth);
        } else if (r == 19) {
            if (in_section || depth > 1 || !spend(3)) continue;
            st_timed(depth);
        } else if (r == K_UNINSTR) {
            if (!P.nm || in_section || depth > 2 || !spend(3)) continue;
            st_uninstr(depth);
        } else if (r == K_OUT) {
            if (!P.out || in_section || depth > 1 || !spend(3)) continue;
            st_outparam(depth);
        } else {
            if (!P.out || !spend(1)) continue;
            st_outread(depth);
        }
        break;
    }
    stmt_end();
}

static void stmts(int depth, int k)
{
    for (int i = 0; i < k; i++) stmt(depth);
}

/* ---- a whole program ------------------------------------------------------- */
static void generate(void)
{
    memset(&P, 0, sizeof P);
    memset(used, 0, sizeof used);
    memset(held, 0, sizeof held);
    memset(ev, 0, sizeof ev);
    nondets = 0;
    for (int f = 0; f < MAXF; f++) fn[f].n = 0;
    main_pre.n = main_mid.n = 0;
    nstmts = 0;
    sp = 0;
    in_section = 0;
    memset(held_rw, 0, sizeof held_rw);
    memset(held_sl, 0, sizeof held_sl);

    P.loops = chance(10);
    P.nw = chance(45) ? 1 : chance(60) ? 2 : 3;
    P.nv = 1 + pick(3);
    P.na = chance(35) ? 1 + pick(2) : 0;
    P.nm = chance(55) ? 1 + pick(2) : 0;
    for (int m = 0; m < 2; m++) P.mk[m] = pick(5);
    P.cv = chance(35);
    P.cvk = chance(50) ? (chance(50) ? MK_RECURSIVE : MK_RECURSIVE_NP) : MK_NORMAL;
    P.sem = chance(35);
    P.sem_init = pick(3);
    P.key = chance(25);
    P.key_dtor = chance(50);
    P.heap = chance(20);
    P.nondet_int = chance(30);
    P.nondet_left = 1;
    P.sections = chance(35) ? 1 + pick(2) : 0;
    P.xthread = P.nw < MAXW && chance(60);
    if (ext) { /* drawn only with the switch: the default stream is unchanged */
        P.rw = chance(40);
        P.bar = chance(25);
        P.sl = chance(30);
    }
    for (int k = 0; k < nkind; k++) weight[k] = base_weight[k];
    weight[0] += !!avoid; /* never all zero */
    /* the kinds the focus draws from (as ever): RAVEL_FUZZ_OUT's draw from
     * every kind but K_UNINSTR, numbered as before K_UNINSTR came */
    int drawn = outp ? NKIND - 1 : ext ? NKIND_EXT : NKIND0;
    for (int i = 0; i < 2; i++) {
        int k = 2 + pick(drawn - 2);
        if (outp && k >= K_UNINSTR) k++;
        weight[k] *= 5;
        if (k == 3 || k == 4) weight[3] *= 2, weight[4] *= 2, P.cv = 1; /* wait and notify */
        if (k == 2 && !P.nm) P.nm = 1;
        if (k == 5) P.sem = 1;
        if (k == 6 && !P.na) P.na = 1 + pick(2);
        if (k == 9 && !P.sections) P.sections = 1;
        if (k == 10) P.key = 1;
        if (k == 16 && ext) P.rw = 1;
        if (k == 17 && ext) P.bar = 1;
        if (k == 18 && ext) P.sl = 1;
        if (k == 19 && !P.nm && !P.sem && !P.cv) P.sem = 1;
    }
    if (ext) { /* and one focus among the new kinds */
        int k = NKIND0 + pick(NKIND_EXT - NKIND0);
        weight[k] *= 6;
        P.rw |= k == 16;
        P.bar |= k == 17;
        P.sl |= k == 18;
        if (k == 19 && !P.nm && !P.sem && !P.cv) P.nm = 1;
    }
    if (!uninstr && nkind > K_UNINSTR) weight[K_UNINSTR] = 0;
    if (uninstr) { /* drawn only with the switch */
        if (!ext)
            for (int k = NKIND0; k < NKIND_EXT; k++) weight[k] = 0;
        if (chance(60)) weight[K_UNINSTR] *= 4;
        if (!P.nm) P.nm = 1;
        P.hide_attr = pick(2);
        P.want_pair = chance(40);
    }
    if (outp) { /* drawn last: RAVEL_FUZZ_EXT's stream is unchanged */
        if (!ext)
            for (int k = NKIND0; k < NKIND_EXT; k++) weight[k] = 0;
        P.out = 1;
        P.matype = pick(3);
        P.detst = pick(2);
        P.outjoin = chance(50);
        weight[K_OUT + pick(2)] *= 3;
    }
    for (int k = 0; k < NKIND; k++)
        if (avoided(k)) weight[k] = 0;
    int total = 6 + pick(5);       /* visible operations shared by the threads */
    for (int f = 0; f < MAXF; f++) /* dfs grows fast with 4 threads */
        P.budget[f] = P.nw == 3 ? 1 + pick(2) : total / (P.nw + 1) + pick(2);

    /* workers */
    for (int w = 0; w < P.nw; w++) {
        cur = 1 + w;
        if (w == 0 && P.xthread == 1 && chance(70)) {
            ev[cur] += 3;
            stmt_begin();
            st_create_branch(0);
            stmt_end();
        }
        if (w == 0 && P.want_pair) {
            stmt_begin();
            st_pair_worker(0);
            stmt_end();
        }
        stmts(0, 1 + pick(3));
        /* a worker that may create a thread also joins it (sometimes) */
        if (w == 0 && P.xthread == 2 && chance(60)) {
            stmt_begin();
            use(F_JOIN);
            emit(0, "if (@txc) pthread_join(@tx, NULL);");
            stmt_end();
        }
    }
    /* the thread created on a branch */
    cur = FX;
    P.budget[FX] = 2;
    if (P.xthread == 2) stmts(0, 1 + pick(2));
    /* main: before the creates, the creates (each worker's statement id),
     * between the creates and the joins, the joins, a final assertion */
    cur = 0;
    for (int w = 0; w < P.nw; w++) P.detach[w] = chance(12);
    if (chance(50)) stmts(0, 1);
    if (fn[0].n) sb_add(&main_pre, "%s", fn[0].s), fn[0].n = 0;
    for (int w = 0; w < P.nw; w++) wid[w] = stmt_begin(), stmt_end();
    stmts(0, 1 + pick(2));
    if (P.pair) { /* the template's other half; dropped with its worker's */
        sup[++sp] = dropped && (dropped[P.pair_id] || dropped[wid[0]]);
        st_pair_main(0);
        sp--;
    }
    if (fn[0].n) sb_add(&main_mid, "%s", fn[0].s), fn[0].n = 0;
    final_assert = chance(40);
    fa_v = pick(P.nv), fa_c = 1 + pick(3);
}

/* A rough size of plain DFS's tree: the multinomial number of
 * interleavings of the threads' visible operations (roughly: the costs
 * given to spend()), times 8 per nondet (an 8-bit one is 256 branches,
 * mostly infeasible at once).  DFS may still exceed its cap: such a
 * program is skipped and counted by the runner. */
static double interleavings(void)
{
    int n[MAXF], k = 0, sum = 0;
    n[k++] = ev[0] + 2 * P.nw;
    for (int w = 0; w < P.nw; w++) n[k++] = ev[1 + w];
    if (P.xthread == 2) n[k++] = ev[FX];
    double r = 1;
    for (int i = 0; i < k; i++) { /* prod over i of C(n_0+..+n_i, n_i) */
        for (int j = 1; j <= n[i]; j++) r = r * (sum + j) / j;
        sum += n[i];
    }
    return r * (1 << (2 * nondets));
}

/* The program text; '@' in the bodies becomes the prefix. */
static void put(FILE *o, const char *s, const char *pre)
{
    for (; *s; s++)
        if (*s == '@')
            fputs(pre, o);
        else
            fputc(*s, o);
}

static const char *kind_init[] = {"PTHREAD_MUTEX_INITIALIZER", "", "",
                                  "PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP",
                                  "PTHREAD_MUTEX_INITIALIZER"};
static const char *kind_type[] = {"PTHREAD_MUTEX_NORMAL", "PTHREAD_MUTEX_ERRORCHECK",
                                  "PTHREAD_MUTEX_RECURSIVE"};

static void print_program(FILE *o, unsigned long long seed, int standalone, double size)
{
    char pre[32];
    snprintf(pre, sizeof pre, "p%llu_", seed);
    sbuf b = {0};
    sbuf mb = {0}; /* main's body, generated here: it needs the workers' facts */
    /* declarations */
    for (int v = 0; v < P.nv; v++) sb_add(&b, "RV_U static int @v%d;\n", v);
    if (P.na >= 1) sb_add(&b, "RV_U static atomic_int @a0;\n");
    if (P.na >= 2) sb_add(&b, "RV_U static int @a1;\n");
    for (int m = 0; m < P.nm; m++) {
        int k = P.mk[m];
        if (*kind_init[k])
            sb_add(&b, "RV_U static pthread_mutex_t @m%d = %s;\n", m, kind_init[k]);
        else
            sb_add(&b, "RV_U static pthread_mutex_t @m%d; /* %s, set by main */\n", m,
                   kind_type[k]);
    }
    if (P.cv)
        sb_add(&b,
               "RV_U static pthread_mutex_t @cm = %s;\nRV_U static pthread_cond_t @cv = "
               "PTHREAD_COND_INITIALIZER;\nRV_U static int @flag;\n",
               P.cvk == MK_NORMAL ? "PTHREAD_MUTEX_INITIALIZER"
               : P.cvk == MK_RECURSIVE_NP
                   ? "PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP"
                   : "PTHREAD_MUTEX_INITIALIZER /* made recursive by main */");
    if (P.sem) sb_add(&b, "RV_U static sem_t @s;\n");
    if (ext)
        sb_add(&b, "RV_U static struct timespec @ts; /* the deadline is no event: time-outs are "
                   "choices */\n");
    if (P.rw) sb_add(&b, "RV_U static pthread_rwlock_t @rw = PTHREAD_RWLOCK_INITIALIZER;\n");
    if (P.bar) sb_add(&b, "RV_U static pthread_barrier_t @bar;\n");
    if (P.sl) sb_add(&b, "RV_U static pthread_spinlock_t @sl;\n");
    if (P.key) sb_add(&b, "RV_U static pthread_key_t @key;\nRV_U static int @dk;\n");
    if (P.key && P.key_dtor) sb_add(&b, "static void @dtor(void *p) { @dk += (int)(long)p; }\n");
    if (P.heap) sb_add(&b, "RV_U static int *@gp;\n");
    if (used[F_UNINSTR])
        sb_add(&b,
               "RV_U static int @h, @g, @ph, @pg, @px, @py;\nRV_U static sem_t @ps, @pt;\n"
               "/* overwrites what the calls before it left below the frame (its stores "
               "are to its own frame) */\n__attribute__((%s, noinline)) RV_U static void "
               "@wipe(void) { char z[8192]; for (int i = 0; i < (int)sizeof z; i++) z[i] = 0; "
               "}\n/* built "
               "without "
               "instrumentation: its accesses are no "
               "events */\n__attribute__((%s, noinline)) RV_U static void @hide(int *p, int v) "
               "{ *p = *p * 2 + v; }\n",
               hide_attrs[P.hide_attr], hide_attrs[P.hide_attr]);
    if (P.out)
        sb_add(&b, "RV_U static int @o0 = -1, @o1 = -1;\nRV_U static void *@q0, *@q1;\n"
                   "RV_U static pthread_mutexattr_t @ma;\nRV_U static pthread_attr_t @pa;\n");
    if (P.xthread) sb_add(&b, "RV_U static pthread_t @tx;\nRV_U static int @txc;\n");
    if (P.xthread == 2) {
        sb_add(&b, "static void *@wx(void *arg)\n{\n    int l = 0;\n");
        if (fn[FX].n) sb_add(&b, "%s", fn[FX].s);
        sb_add(&b, "    return (void *)(long)l;\n}\n");
    }
    for (int w = 0; w < P.nw; w++) {
        sb_add(&b, "static void *@w%d(void *arg)\n{\n    int l = 0;\n", w);
        if (fn[1 + w].n) sb_add(&b, "%s", fn[1 + w].s);
        sb_add(&b, "    return (void *)(long)l;\n}\n");
    }

    /* main */
    sb_add(&mb, "static void @main(void)\n{\n    int l = 0;\n    pthread_t t[%d];\n", P.nw);
    int attr = 0;
    for (int m = 0; m < P.nm; m++) attr |= !*kind_init[P.mk[m]];
    if (P.cv && P.cvk == MK_RECURSIVE) attr = 1;
    if (attr) sb_add(&mb, "    pthread_mutexattr_t at;\n    pthread_mutexattr_init(&at);\n");
    for (int m = 0; m < P.nm; m++)
        if (!*kind_init[P.mk[m]])
            sb_add(&mb,
                   "    pthread_mutexattr_settype(&at, %s);\n    pthread_mutex_init(&@m%d, &at);\n",
                   kind_type[P.mk[m]], m);
    if (P.cv && P.cvk == MK_RECURSIVE)
        sb_add(&mb, "    pthread_mutexattr_settype(&at, PTHREAD_MUTEX_RECURSIVE);\n    "
                    "pthread_mutex_init(&@cm, &at);\n");
    if (P.sem) sb_add(&mb, "    sem_init(&@s, 0, %d);\n", P.sem_init);
    if (P.pair) sb_add(&mb, "    sem_init(&@ps, 0, 0);\n    sem_init(&@pt, 0, 0);\n");
    if (P.bar) sb_add(&mb, "    pthread_barrier_init(&@bar, NULL, 2);\n");
    if (P.sl) sb_add(&mb, "    pthread_spin_init(&@sl, PTHREAD_PROCESS_PRIVATE);\n");
    if (P.key) sb_add(&mb, "    pthread_key_create(&@key, %s);\n", P.key_dtor ? "@dtor" : "NULL");
    if (P.heap) sb_add(&mb, "    @gp = calloc(2, sizeof(int));\n");
    if (P.out)
        sb_add(&mb,
               "    pthread_mutexattr_init(&@ma);\n    pthread_mutexattr_settype(&@ma, %s);\n"
               "    pthread_attr_init(&@pa);\n    pthread_attr_setdetachstate(&@pa, %s);\n",
               kind_type[P.matype],
               P.detst ? "PTHREAD_CREATE_DETACHED" : "PTHREAD_CREATE_JOINABLE");
    if (main_pre.n) sb_add(&mb, "%s", main_pre.s);
    for (int w = 0; w < P.nw; w++)
        if (!(dropped && dropped[wid[w]]))
            sb_add(&mb, "    pthread_create(&t[%d], NULL, @w%d, NULL);\n", w, w);
    if (main_mid.n) sb_add(&mb, "%s", main_mid.s);
    int all_joined = 1;
    for (int w = 0; w < P.nw; w++) {
        sup[++sp] = dropped && dropped[wid[w]];
        if (live()) {
            if (P.detach[w])
                use(F_DETACH), all_joined = 0;
            else
                use(F_JOIN);
            if (w == 0 && !P.detach[w] && P.outjoin) {
                use(F_OUT_JOIN); /* the value into q0 or q1, chosen by v0 */
                sb_add(&mb, "    pthread_join(t[0], @v0 ? &@q0 : &@q1);\n");
            } else
                sb_add(&mb,
                       P.detach[w] ? "    pthread_detach(t[%d]);\n"
                                   : "    pthread_join(t[%d], NULL);\n",
                       w);
        }
        sp--;
    }
    if (P.xthread == 2) all_joined = 0;
    if (final_assert) {
        sup[++sp] = dropped && dropped[nstmts + 1];
        if (live()) use(F_ASSERT), sb_add(&mb, "    assert(@v%d != %d);\n", fa_v, fa_c);
        sp--;
    }
    if (P.heap && all_joined) sb_add(&mb, "    free(@gp);\n");
    sb_add(&mb, "    (void)l;\n}\n");

    /* header line */
    fprintf(o, "//@ prog %llu class=%s flags=%s features=", seed, P.loops ? "loops" : "exact",
            P.nondet_int && used[F_NONDET_INT] ? "--nondet-domain=0:2" : "");
    int first = 1;
    for (int f = 0; f < F_COUNT; f++)
        if (used[f]) fprintf(o, "%s%s", first ? "" : ",", fname[f]), first = 0;
    fprintf(o, " nstmts=%d size=%.0f\n", nstmts + final_assert, size);
    if (b.n) put(o, b.s, pre);
    put(o, mb.s, pre);
    if (standalone) fprintf(o, "int main(void)\n{\n    %smain();\n    return 0;\n}\n", pre);
    free(b.s);
    free(mb.s);
}

static void prelude(FILE *o)
{
    fputs("#define _GNU_SOURCE\n#include <assert.h>\n#include <errno.h>\n#include "
          "<pthread.h>\n#include <semaphore.h>\n"
          "#include <stdatomic.h>\n#include <stdlib.h>\n#include <string.h>\n"
          "extern void __VERIFIER_assume(int);\nextern void __VERIFIER_atomic_begin(void);\n"
          "extern void __VERIFIER_atomic_end(void);\nextern unsigned char "
          "__VERIFIER_nondet_uchar(void);\n"
          "extern char __VERIFIER_nondet_char(void);\nextern _Bool __VERIFIER_nondet_bool(void);\n"
          "extern int __VERIFIER_nondet_int(void);\n#define RV_U __attribute__((unused))\n",
          o);
    if (outp) fputs("#include <stdio.h>\n", o); /* sscanf */
}

/* the largest interleavings() kept (RAVEL_FUZZ_SIZE) */
static double limit = 1000;

static void one(unsigned long long seed, int standalone)
{
    rng = seed * 0x2545f4914f6cdd1dull + 1;
    int tries = 0;
    do generate();
    while (interleavings() > limit && ++tries < 1000);
    print_program(stdout, seed, standalone, interleavings());
}

int main(int argc, char **argv)
{
    if (getenv("RAVEL_FUZZ_SIZE")) limit = atof(getenv("RAVEL_FUZZ_SIZE"));
    avoid = getenv("RAVEL_FUZZ_AVOID");
    ext = getenv("RAVEL_FUZZ_EXT") && atoi(getenv("RAVEL_FUZZ_EXT")) > 0;
    uninstr = getenv("RAVEL_FUZZ_UNINSTR") && atoi(getenv("RAVEL_FUZZ_UNINSTR")) > 0;
    outp = getenv("RAVEL_FUZZ_OUT") && atoi(getenv("RAVEL_FUZZ_OUT")) > 0;
    if (ext) nkind = NKIND_EXT;
    if (uninstr) nkind = K_UNINSTR + 1;
    if (outp) nkind = NKIND;
    if (argc >= 4 && !strcmp(argv[1], "--batch")) {
        unsigned long long first = strtoull(argv[2], NULL, 10), n = strtoull(argv[3], NULL, 10);
        printf(
            "/* generated by tests/fuzz/fuzzgen --batch %llu %llu: main runs the program named by "
            "$RAVEL_FUZZ_PROG */\n",
            first, n);
        prelude(stdout);
        for (unsigned long long s = first; s < first + n; s++) one(s, 0);
        printf("int main(void)\n{\n    const char *e = getenv(\"RAVEL_FUZZ_PROG\");\n"
               "    switch (e ? atol(e) : 0) {\n");
        for (unsigned long long s = first; s < first + n; s++)
            printf("    case %llu: p%llu_main(); break;\n", s, s);
        printf("    }\n    return 0;\n}\n");
        return 0;
    }
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: fuzzgen SEED [--drop=ID,...] | fuzzgen --batch FIRST N\n");
        return 2;
    }
    unsigned long long seed = strtoull(argv[1], NULL, 10);
    if (argc == 3) {
        if (strncmp(argv[2], "--drop=", 7)) return 2;
        dropped = calloc(100000, 1);
        for (char *p = argv[2] + 7; *p;) {
            long id = strtol(p, &p, 10);
            if (id > 0 && id < 100000) dropped[id] = 1;
            if (*p == ',')
                p++;
            else if (*p)
                return 2;
        }
    }
    printf("/* generated by tests/fuzz/fuzzgen %s%s%s */\n", argv[1], argc == 3 ? " " : "",
           argc == 3 ? argv[2] : "");
    prelude(stdout);
    one(seed, 1);
    return 0;
}
