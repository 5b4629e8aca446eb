/* A data race on x (no lock in t), and reach_error unreachable: FALSE
 * under no-data-race, TRUE under unreach-call. */
#include <pthread.h>
extern void reach_error(void);

int x;

void *t(void *arg)
{
    x = 1; /* MARK race */
    return 0;
}

int main(void)
{
    pthread_t th;
    pthread_create(&th, 0, t, 0);
    x = 2;
    pthread_join(th, 0);
    if (x != 1 && x != 2) reach_error();
    return 0;
}
