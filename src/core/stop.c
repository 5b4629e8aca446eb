/* stop.c — SIGINT/SIGTERM and the run's deadline as one stop flag (stop.h). */
#include "stop.h"

#include <signal.h>
#include <stddef.h>

#include "util.h"

static volatile sig_atomic_t stop_signo;
static double deadline;
static void (*tick_fn)(void *);
static void *tick_arg;
static double tick_every, tick_next;

/* The first signal asks the run to stop and report; a second one, while
 * that is under way, is not ignored: its default action ends ravel. */
static void on_signal(int signo)
{
    if (stop_signo) {
        signal(signo, SIG_DFL);
        raise(signo);
        return;
    }
    stop_signo = signo;
}

void rv_stop_install(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocking wait returns EINTR and looks */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void rv_stop_set_deadline(double t)
{
    deadline = t;
}

double rv_stop_deadline(void)
{
    return deadline;
}

int rv_stop_signal(void)
{
    return stop_signo;
}

const char *rv_stop_signal_name(int signo)
{
    return signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "a signal";
}

bool rv_stop_requested(void)
{
    return stop_signo || (deadline > 0 && rv_now() >= deadline);
}

bool rv_stop_poll(void)
{
    if (stop_signo) return true;
    if (!tick_fn && deadline <= 0) return false;
    double now = rv_now();
    if (tick_fn && now >= tick_next) {
        tick_next = now + tick_every;
        tick_fn(tick_arg);
    }
    return deadline > 0 && now >= deadline;
}

void rv_stop_set_tick(void (*fn)(void *arg), void *arg, double every)
{
    tick_fn = fn;
    tick_arg = arg;
    tick_every = every;
    tick_next = fn ? rv_now() + every : 0;
}
