/* Liveness attack: setjmp/longjmp.  x is written before setjmp and read
 * only on the path that longjmp resumes; on the normal path nothing reads
 * it after `jump()`, so a table computed from main's code would call it
 * dead at that call and zero it at jump()'s visible actions; after
 * longjmp, `x == 5` would fail.  The driver writes no table for a
 * program naming setjmp (compile.c returns_twice), so it must not.
 * Must report: only `seen == 0` (thr ran first). */
#include <assert.h>
#include <pthread.h>
#include <setjmp.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t; /* global: main takes no frame address (that pins its frame) */
jmp_buf jb;
static void *thr(void *p) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
static void jump(void) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); longjmp(jb, 1); }
int main(void)
{
    pthread_create(&t, 0, thr, 0);
    volatile int x = 5;
    if (setjmp(jb)) {
        assert(x == 5);
        pthread_mutex_lock(&m);
        int seen = g;
        pthread_mutex_unlock(&m);
        pthread_join(t, 0);
        assert(seen == 0);
        return 0;
    }
    x = 5;
    jump();
    return 1;
}
