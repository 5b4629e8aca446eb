/* Liveness attack: locals whose address escapes to another thread, and
 * locals read only through pointers.  main's `box` escapes through
 * pthread_create's argument, `cell` through a global, `pair.b` through a
 * struct field (a pointer into the middle of a local struct), `slot`
 * through a pointer kept in another local and dereferenced after visible
 * calls.  main never reads them by name after they escape, so only the
 * `lea` rule (an address taken pins the bytes from it up to rbp) keeps
 * them live; the worker writes them while main is inside pthread calls,
 * and main checks them after the join.
 * Must report: only `seen == 0` (the worker ran first); never one of the
 * value assertions (they fail only if an escaped byte was zeroed). */
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
int *cell_ptr;
struct ref { int *p; };
struct ref shared_ref;

static void *worker(void *arg)
{
    int *box = arg;
    pthread_mutex_lock(&m);
    g = 1;
    box[0] += 10;
    box[3] += 30;
    *cell_ptr += 1;
    *shared_ref.p += 2;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void)
{
    int box[4] = {1, 2, 3, 4};
    int cell = 100;
    struct { int a, b; } pair = {7, 8};
    long slot = 55;
    long *keep = &slot;
    cell_ptr = &cell;
    shared_ref.p = &pair.b;
    pthread_t t;
    pthread_create(&t, 0, worker, box);
    pthread_mutex_lock(&m);
    int seen = g;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    int *b = box;
    assert(b[0] == 11 && b[1] == 2 && b[2] == 3 && b[3] == 34);
    assert(*cell_ptr == 101);
    assert(*shared_ref.p == 10 && shared_ref.p[-1] == 7);
    assert(*keep == 55);
    assert(seen == 0); /* fails when the worker locked first */
    return 0;
}
