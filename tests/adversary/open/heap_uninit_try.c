/* OPEN for OBJ 0, 1, 3, 4 (OBJ 2 and 5, fixed, run in CI: run.sh
 * t_sem_uninit_heap*).  Synchronisation objects in heap storage used
 * before their init.  main mallocs a mutex, a rwlock and a semaphore,
 * creates t, then initialises them; t uses one (OBJ): 0 trylock, 1
 * tryrdlock, 2 sem_trywait (fixed: model.c resets a try's result before
 * a misuse), 3 mutex timedlock, 4 rwlock timedwrlock, 5 sem_timedwait.
 * When t's call comes first, the runtime sees the heap fill (0xbe...):
 * "use/lock of an uninitialised ..." (misuse), found by every algorithm.
 * But the unfolding starts a mutex or rwlock from the all-zero state (a
 * statically initialised, usable object: rv_model_start knows only the
 * static kind the action carries), so it predicts success:
 *   OBJ 0, 1: udpor "predicted result differs: trylock/tryrdlock"
 *             (exhaustive false; dfs: 3 and 5 traces);
 *   OBJ 3, 4: udpor "a replayed configuration diverged" and optimal
 *             "behaved nondeterministically" (the timed call's domain is
 *             2 in the zero state, 1 on the heap fill).
 * Same errors everywhere, but udpor/optimal are not exhaustive.  A fix:
 * the runtime tells "never initialised storage" in the action (as the
 * static kind in a mutex action's len: rv_model_mutex_static_kind could
 * return a 4th value, rv_model_start then start from an uninitialised
 * status; rwlock actions would need the same), spin locks likewise.
 *   ravel check --keep-going --no-cutoffs tests/adversary/open/heap_uninit_try.c -- -DOBJ=0
 *   ravel check --keep-going --algo=dfs --count-traces tests/adversary/open/heap_uninit_try.c --
 * -DOBJ=0 */
#include <pthread.h>
#include <stdlib.h>
#include <semaphore.h>
#include <time.h>
static pthread_mutex_t *m;
static pthread_rwlock_t *l;
static sem_t *s;
static void *thr(void *a)
{
    struct timespec ts = {0, 0};
#if OBJ == 0
    if (pthread_mutex_trylock(m) == 0) pthread_mutex_unlock(m);
#elif OBJ == 1
    if (pthread_rwlock_tryrdlock(l) == 0) pthread_rwlock_unlock(l);
#elif OBJ == 2
    if (sem_trywait(s) == 0) sem_post(s);
#elif OBJ == 3
    if (pthread_mutex_timedlock(m, &ts) == 0) pthread_mutex_unlock(m);
#elif OBJ == 4
    if (pthread_rwlock_timedwrlock(l, &ts) == 0) pthread_rwlock_unlock(l);
#elif OBJ == 5
    if (sem_timedwait(s, &ts) == 0) sem_post(s);
#endif
    return a;
}
int main(void)
{
    pthread_t t;
    m = malloc(sizeof *m);
    l = malloc(sizeof *l);
    s = malloc(sizeof *s);
    pthread_create(&t, 0, thr, 0);
    pthread_mutex_init(m, 0);
    pthread_rwlock_init(l, 0);
    sem_init(s, 0, 1);
    pthread_join(t, 0);
    return 0;
}
