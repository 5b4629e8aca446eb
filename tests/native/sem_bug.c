/* The consumer reads the second item after a single sem_wait: in some
 * interleaving the producer has not written it yet. */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>
static sem_t items;
static int buf[2];

static void *producer(void *arg)
{
    buf[0] = 10;
    sem_post(&items);
    buf[1] = 20;
    sem_post(&items);
    return NULL;
}

static void *consumer(void *arg)
{
    sem_wait(&items);
    assert(buf[1] == 20); /* @bug */
    return NULL;
}

int main(void)
{
    sem_init(&items, 0, 0);
    pthread_t p, c;
    pthread_create(&c, NULL, consumer, NULL);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    return 0;
}
