/* Synchronisation objects in heap storage used before their init.  main
 * mallocs a mutex, a rwlock, a semaphore, a condition variable and a spin
 * lock, creates t, then initialises them; t uses one (OBJ): 0 trylock,
 * 1 tryrdlock, 2 sem_trywait, 3 mutex timedlock, 4 rwlock timedwrlock,
 * 5 sem_timedwait, 6 cond_signal, 7 spin_trylock.  When t's call comes
 * first it meets the heap fill (0xbe...): a misuse ("... of an
 * uninitialised ..."), found by every algorithm.  The unfolding must start
 * the object uninitialised too, not as a statically initialised, usable
 * one, or it predicts a success the program never has (was: udpor and
 * optimal not exhaustive for OBJ 0, 1, 3, 4; dfs counted 49 traces for
 * OBJ 6, its signal choosing among the fill's "waiters", and udpor then
 * repeated one execution until ravel's stack overflowed).  The runtime
 * says so in every action on the object (model.h RV_MK_RAW, RV_AF_RAW). */
#include <pthread.h>
#include <stdlib.h>
#include <semaphore.h>
#include <time.h>
static pthread_mutex_t *m;
static pthread_rwlock_t *l;
static sem_t *s;
static pthread_cond_t *c;
static pthread_spinlock_t *sp;
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
#elif OBJ == 6
    pthread_cond_signal(c);
#elif OBJ == 7
    if (pthread_spin_trylock(sp) == 0) pthread_spin_unlock(sp);
#endif
    return a;
}
int main(void)
{
    pthread_t t;
    m = malloc(sizeof *m);
    l = malloc(sizeof *l);
    s = malloc(sizeof *s);
    c = malloc(sizeof *c);
    sp = malloc(sizeof *sp);
    pthread_create(&t, 0, thr, 0);
    pthread_mutex_init(m, 0);
    pthread_rwlock_init(l, 0);
    sem_init(s, 0, 1);
    pthread_cond_init(c, 0);
    pthread_spin_init(sp, 0);
    pthread_join(t, 0);
    return 0;
}
