/* getenv_spin.c — a program that reads its environment and then spins:
 * getenv writes no memory, so it must not make the states after it unique
 * (it did: every state of such a program was unique, cutoffs never held,
 * and the spin loop ran to --max-events in every execution). */
#include <pthread.h>
#include <stdlib.h>

static volatile int flag;

static void *spin(void *arg)
{
    (void)arg;
    while (!flag) {
    }
    return NULL;
}

int main(void)
{
    pthread_t t;
    const char *home = getenv("HOME");
    (void)home;
    pthread_create(&t, NULL, spin, NULL);
    flag = 1;
    pthread_join(t, NULL);
    return 0;
}
