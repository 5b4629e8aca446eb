/* A counting semaphore passes two items from a producer to a consumer;
 * sem_trywait on an empty semaphore fails with EAGAIN. */
#include <assert.h>
#include <errno.h>
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
    assert(buf[0] == 10);
    sem_wait(&items);
    assert(buf[1] == 20);
    errno = 0;
    assert(sem_trywait(&items) == -1 && errno == EAGAIN);
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
