/* names.c — objects named as the program names them, and stacks through
 * calls (tests/report): a global array element, a member of a global
 * structure, a heap structure's member reached through a pointer local,
 * and an assertion three calls deep. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct queue {
    int n;
    pthread_mutex_t lock;
    int items[4];
};
struct config {
    int mode;
    int slots[3];
};
static struct config cfg;
static int table[5];

static void push(struct queue *q, int v)
{
    pthread_mutex_lock(&q->lock); /* LOCK-Q */
    q->items[q->n++] = v;
    pthread_mutex_unlock(&q->lock);
}
static void check(int v)
{
    assert(v != 7); /* ASSERT */
}
static void deeper(int v)
{
    check(v); /* CALL-CHECK */
}
static void *worker(void *arg)
{
    struct queue *q = arg;
    push(q, 3);
    table[2] = 1;    /* TABLE */
    cfg.slots[1] = 5; /* SLOT */
    deeper(cfg.slots[1] + table[2] + 1); /* CALL-DEEPER */
    return 0;
}
int main(void)
{
    struct queue *q = malloc(sizeof *q);
    q->n = 0;
    pthread_mutex_init(&q->lock, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, q);
    pthread_join(t, 0);
    return 0;
}
