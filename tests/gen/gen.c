/*
 * gen.c — a random C program generator for differential testing of ravel's
 * exploration algorithms.  Deterministic: the same seed prints the same
 * program.
 *
 *   gen SEED > prog.c
 *
 * A program has 2 or 3 threads besides main, 1–3 shared ints, 0–2 mutexes
 * and sometimes a condition-variable hand-off (a waiter that waits in a
 * proper while loop, and usually a notifier).  Thread bodies mix plain
 * reads and writes, read-modify-writes, critical sections (sometimes nested
 * in an order that can deadlock), conditionals on shared values, and
 * assertions that sometimes fail.  Locals are never escaped, so the only
 * visible operations are the shared accesses and the pthread calls.  The
 * size is kept small enough for plain DFS to exhaust: an upper bound on the
 * number of interleavings is computed and the program is regenerated (from
 * the same random stream) while it is too large.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;
static uint64_t next(void)
{
    /* splitmix64 */
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static int pick(int n) { return (int)(next() % (uint64_t)n); }
static int chance(int pct) { return pick(100) < pct; }

#define MAXT 3
static int nthreads, nvars, nmutex, use_cv, cv_notifier, cv_waiter, cv_broadcast;
static char body[MAXT][4096];
static int events[MAXT]; /* upper bound on visible events per thread */
static int held[4];      /* mutexes held while generating */

static void emit(int t, int depth, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#include <stdarg.h>
static void emit(int t, int depth, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    size_t n = strlen(body[t]);
    snprintf(body[t] + n, sizeof body[t] - n, "%*s%s\n", 4 * depth + 4, "", line);
}

static void simple_stmt(int t, int depth)
{
    int v = pick(nvars), w = pick(nvars), c = pick(3);
    switch (pick(6)) {
    case 0:
    case 1:
        emit(t, depth, "v%d = %d;", v, c + 1);
        events[t] += 1;
        break;
    case 2:
        emit(t, depth, "l = v%d;", v);
        events[t] += 1;
        break;
    case 3:
        emit(t, depth, "v%d = v%d + 1;", v, w);
        events[t] += 2;
        break;
    case 4:
        emit(t, depth, "if (v%d == %d) v%d = %d;", v, c, w, pick(3) + 1);
        events[t] += 2;
        break;
    default:
        emit(t, depth, "assert(v%d != %d);", v, pick(3) + 1);
        events[t] += 1;
        break;
    }
}

static void stmt(int t, int depth)
{
    if (nmutex && depth < 2 && chance(depth ? 50 : 35)) {
        int m = pick(nmutex);
        if (held[m]) { simple_stmt(t, depth); return; }
        held[m] = 1;
        emit(t, depth, "pthread_mutex_lock(&m%d);", m);
        int k = 1 + pick(2);
        for (int i = 0; i < k; i++) stmt(t, depth + 1);
        emit(t, depth, "pthread_mutex_unlock(&m%d);", m);
        held[m] = 0;
        events[t] += 2;
        return;
    }
    simple_stmt(t, depth);
}

/* An upper bound on the executions plain DFS explores: the number of
 * interleavings of main's events (create 1..n, then per thread a read of
 * its pthread_t and the join, then exit) with each thread's events (at most
 * events[t], plus its exit) between its create and its join, ignoring that
 * locks and waits only remove interleavings.  Memoised over positions. */
static double memo[16 * 16 * 16 * 16];
static int len_[MAXT];
static double count_from(int pm, int *pos)
{
    int key = pm;
    for (int t = 0; t < MAXT; t++) key = key * 16 + pos[t];
    if (memo[key] >= 0) return memo[key];
    int mainlen = 3 * nthreads + 1;
    double n = 0;
    int all = 1;
    for (int t = 0; t < nthreads; t++) all &= pos[t] == len_[t];
    if (pm == mainlen && all) return memo[key] = 1;
    if (pm < mainlen) {
        /* main's event pm: create (pm < n), then pairs read/join, then exit */
        int ok = 1;
        if (pm >= nthreads && pm < 3 * nthreads && (pm - nthreads) % 2 == 1)
            ok = pos[(pm - nthreads) / 2] == len_[(pm - nthreads) / 2];
        if (ok) n += count_from(pm + 1, pos);
    }
    for (int t = 0; t < nthreads; t++)
        if (pm > t && pos[t] < len_[t]) {
            pos[t]++;
            n += count_from(pm, pos);
            pos[t]--;
        }
    return memo[key] = n;
}

static double interleavings(void)
{
    int pos[MAXT] = {0};
    for (int t = 0; t < MAXT; t++) len_[t] = t < nthreads ? (events[t] + 1 > 15 ? 15 : events[t] + 1) : 0;
    for (size_t i = 0; i < sizeof memo / sizeof memo[0]; i++) memo[i] = -1;
    return count_from(0, pos);
}

static void generate(void)
{
    nthreads = 2 + chance(40);
    nvars = 1 + pick(3);
    nmutex = pick(3);
    use_cv = chance(35);
    cv_waiter = pick(nthreads);
    cv_notifier = chance(75) ? (cv_waiter + 1 + pick(nthreads - 1)) % nthreads : -1;
    cv_broadcast = chance(40);
    int len = nthreads == 3 ? 3 : 4;
    for (int t = 0; t < nthreads; t++) {
        body[t][0] = 0;
        events[t] = 0;
        memset(held, 0, sizeof held);
        int k = 1 + pick(len);
        for (int i = 0; i < k; i++) {
            if (use_cv && t == cv_waiter && i == k / 2) {
                emit(t, 0, "pthread_mutex_lock(&cm);");
                emit(t, 0, "while (!flag) pthread_cond_wait(&cv, &cm);");
                emit(t, 0, "pthread_mutex_unlock(&cm);");
                events[t] += 6;
            }
            if (use_cv && t == cv_notifier && i == k / 2) {
                emit(t, 0, "pthread_mutex_lock(&cm);");
                emit(t, 0, "flag = 1;");
                emit(t, 0, "pthread_cond_%s(&cv);", cv_broadcast ? "broadcast" : "signal");
                emit(t, 0, "pthread_mutex_unlock(&cm);");
                events[t] += 4;
            }
            stmt(t, 0);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen SEED\n");
        return 2;
    }
    unsigned long long seed = strtoull(argv[1], NULL, 10);
    rng = seed * 0x2545f4914f6cdd1dull + 1;
    int tries = 0;
    do generate();
    while (interleavings() > 20000 && ++tries < 1000);

    printf("/* generated by tests/gen/gen %llu */\n", seed);
    printf("#include <assert.h>\n#include <pthread.h>\n#include <stddef.h>\n\n");
    for (int v = 0; v < nvars; v++) printf("static int v%d;\n", v);
    for (int m = 0; m < nmutex; m++) printf("static pthread_mutex_t m%d = PTHREAD_MUTEX_INITIALIZER;\n", m);
    if (use_cv)
        printf("static pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;\n"
               "static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;\n"
               "static int flag;\n");
    for (int t = 0; t < nthreads; t++) {
        printf("\nstatic void *thread%d(void *arg)\n{\n    int l = 0;\n", t);
        fputs(body[t], stdout);
        printf("    return (void *)(long)l;\n}\n");
    }
    printf("\nint main(void)\n{\n    pthread_t t[%d];\n", nthreads);
    for (int t = 0; t < nthreads; t++) printf("    pthread_create(&t[%d], NULL, thread%d, NULL);\n", t, t);
    for (int t = 0; t < nthreads; t++) printf("    pthread_join(t[%d], NULL);\n", t);
    if (chance(30)) printf("    assert(v0 != %d);\n", pick(3) + 1);
    printf("    return 0;\n}\n");
    return 0;
}
