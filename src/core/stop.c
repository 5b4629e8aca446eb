/* stop.c — SIGINT/SIGTERM and the run's deadline as one stop flag (stop.h). */
#include "stop.h"

#include <signal.h>
#include <stddef.h>
#include <time.h>

#include "util.h"

static volatile sig_atomic_t stop_signo;
static double deadline;
static void (*tick_fn)(void *);
static void *tick_arg;
static double tick_every, tick_next;

/* When the first signal came (CLOCK_MONOTONIC, seconds). */
static volatile double stop_at;

/* A second signal within this many seconds of the first is the same
 * request: timeout(1) sends its signal to ravel and then to ravel's
 * process group, so ravel gets it twice at once. */
#define SAME_REQUEST_S 1.0

static double monotonic_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts); /* async-signal-safe */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The first signal asks the run to stop and report; a second one, while
 * that is under way and not part of the same request, is not ignored: its
 * default action ends ravel (a user who presses Ctrl-C again). */
static void on_signal(int signo)
{
    double now = monotonic_s();
    if (stop_signo) {
        if (now - stop_at < SAME_REQUEST_S) return;
        signal(signo, SIG_DFL);
        raise(signo);
        return;
    }
    stop_at = now;
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
