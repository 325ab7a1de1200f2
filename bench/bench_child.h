/*
 * bench_child.h — what the benchmarks share: a monotonic clock, a hash of a
 * ring's host order, and running one case in a forked child with a time limit
 * and its peak RSS (bench_speed, bench_scale). Header-only (static functions).
 */
#ifndef RM_BENCH_CHILD_H
#define RM_BENCH_CHILD_H

#include "ringmap.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Seconds on CLOCK_MONOTONIC. */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* FNV-1a over the ring's host order (equal rings, equal hashes). */
static inline unsigned long long bench_ring_hash(const rm_mapping *m)
{
    unsigned long long h = 1469598103934665603ULL;
    for (int k = 0; k < m->q; k++)
        h = (h ^ (unsigned long long)m->ring[k]) * 1099511628211ULL;
    return h;
}

/* The child's end: write the result (res_size bytes) to fd and _exit. */
static inline void bench_child_report(int fd, const void *res, size_t res_size)
{
    if (write(fd, res, res_size) < 0)
        _exit(3);
    _exit(0);
}

/* Runs child(fd, ctx) in a forked process killed by SIGALRM after max_seconds
 * (0: no limit); the child writes a result struct whose first member is
 * `int ok` through bench_child_report. *rss_kb = the child's peak RSS.
 * Returns 0 ok, 1 timeout, 2 failure. */
static inline int bench_run_in_child(void (*child)(int fd, void *ctx), void *ctx, void *res,
                                     size_t res_size, int max_seconds, long *rss_kb)
{
    int fds[2];
    if (pipe(fds))
        return 2;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return 2;
    if (pid == 0) {
        close(fds[0]);
        if (max_seconds > 0)
            alarm((unsigned)max_seconds);
        child(fds[1], ctx);
        _exit(2);
    }
    close(fds[1]);
    memset(res, 0, res_size);
    ssize_t n = read(fds[0], res, res_size);
    close(fds[0]);
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    wait4(pid, &status, 0, &ru);
    *rss_kb = ru.ru_maxrss;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        return 1;
    int ok;
    memcpy(&ok, res, sizeof ok);
    return n == (ssize_t)res_size && ok ? 0 : 2;
}

#endif /* RM_BENCH_CHILD_H */
