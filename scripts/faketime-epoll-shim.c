/*
 * Preloaded before libfaketime in the moved-clock test runs (scripts/test-api-at.sh), so PostgreSQL
 * finds deadlocks there as it does on a real clock.
 *
 * libfaketime wraps epoll_wait and epoll_pwait and switches its faking off for the duration of the
 * call. A PostgreSQL backend waiting for a lock sleeps in epoll_wait, and the SIGALRM handler that
 * runs the deadlock check reads the clock from inside that call: it reads the real time, finds the
 * check not yet due by the whole offset of a clock moved into the future, and arms the timer again
 * for that long, so two transactions waiting for each other wait for good. These two functions go
 * straight to the kernel instead, so a handler running during the wait reads the faked clock like
 * everything else. Nothing else changes: the waits take no time argument that libfaketime would
 * scale, since the runs move the clock without speeding it up.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <unistd.h>

int epoll_wait(int epfd, struct epoll_event *events, int maxevents, int timeout) {
  return (int)syscall(SYS_epoll_pwait, epfd, events, maxevents, timeout, NULL, _NSIG / 8);
}

int epoll_pwait(int epfd, struct epoll_event *events, int maxevents, int timeout, const sigset_t *sigmask) {
  return (int)syscall(SYS_epoll_pwait, epfd, events, maxevents, timeout, sigmask, _NSIG / 8);
}
