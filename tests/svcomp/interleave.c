/* reach_error needs one interleaving: the reader between the writer's two
 * stores. */
#include <pthread.h>
extern void reach_error(void);

int a;

void *writer(void *arg)
{
    a = 1;
    a = 2;
    return 0;
}

void *reader(void *arg)
{
    if (a == 1) reach_error(); /* MARK reach */
    return 0;
}

int main(void)
{
    pthread_t w, r;
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r, 0, reader, 0);
    pthread_join(w, 0);
    pthread_join(r, 0);
    return 0;
}
