/* A seqlock with two writers.  Readers retry while the sequence is odd or
 * changed under them.  WRITERS_LOCKED=1 serialises the writers with a
 * mutex (correct); WRITERS_LOCKED=0 lets two writers interleave their
 * increments, so the sequence can be even mid-write and a reader accepts
 * a torn pair (the assertion). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifndef WRITERS_LOCKED
#define WRITERS_LOCKED 1
#endif
struct seqlock {
    atomic_uint seq;
    pthread_mutex_t wlock;
    atomic_int a, b; /* the protected pair: always equal when consistent */
};
static struct seqlock sl = {0, PTHREAD_MUTEX_INITIALIZER, 0, 0};

static void sl_write(struct seqlock *s, int v)
{
    if (WRITERS_LOCKED) pthread_mutex_lock(&s->wlock);
    atomic_fetch_add(&s->seq, 1);
    atomic_store(&s->a, v);
    atomic_store(&s->b, v);
    atomic_fetch_add(&s->seq, 1);
    if (WRITERS_LOCKED) pthread_mutex_unlock(&s->wlock);
}

static void sl_read(struct seqlock *s, int *a, int *b)
{
    unsigned s1, s2;
    do {
        s1 = atomic_load(&s->seq);
        if (s1 & 1) continue;
        *a = atomic_load(&s->a);
        *b = atomic_load(&s->b);
        s2 = atomic_load(&s->seq);
    } while ((s1 & 1) || s1 != s2);
}

static void *writer(void *arg)
{
    sl_write(&sl, (int)(long)arg);
    return 0;
}

int main(void)
{
    pthread_t w1, w2;
    pthread_create(&w1, 0, writer, (void *)1L);
    pthread_create(&w2, 0, writer, (void *)2L);
    int a, b;
    sl_read(&sl, &a, &b);
    assert(a == b); /* torn read @torn */
    pthread_join(w1, 0);
    pthread_join(w2, 0);
    return 0;
}
