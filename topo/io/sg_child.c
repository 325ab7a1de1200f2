/*
 * sg_child.c — the parent's side of every SimGrid child (topo/io/sg_child.h):
 * the fork with its default signal dispositions and its directory, the pipe
 * read whole, the wait.
 */
#define _POSIX_C_SOURCE 200809L
#include "topo/io/sg_child.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

int rmi_sg_buf_reserve(rmi_sg_buf *b, size_t more)
{
    if (b->n + more <= b->cap)
        return 0;
    size_t nc = b->cap ? b->cap : 1 << 16;
    while (nc < b->n + more) {
        if (nc > SIZE_MAX / 2)
            return -1;
        nc *= 2;
    }
    unsigned char *d = realloc(b->d, nc);
    if (!d)
        return -1;
    b->d = d;
    b->cap = nc;
    return 0;
}

int rmi_sg_read_all(int fd, rmi_sg_buf *b, size_t limit)
{
    for (;;) {
        if (rmi_sg_buf_reserve(b, 1 << 16))
            return -1;
        ssize_t r = read(fd, b->d + b->n, b->cap - b->n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -2;
        if (r == 0)
            return 0;
        b->n += (size_t)r;
        if (b->n > limit)
            return -3;
    }
}

pid_t rmi_sg_fork(const char *shown, int log_fd, int *rfd, int *wfd, char *dir, size_t dir_n,
                  rm_error *err)
{
    int pfd[2];
    if (pipe(pfd)) {
        rm_error_set(err, RM_EINTERNAL, "%s: pipe: %s", shown, strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(pfd[0]);
        close(pfd[1]);
        rm_error_set(err, RM_EINTERNAL, "%s: fork: %s", shown, strerror(e));
        return -1;
    }
    if (pid > 0) {
        close(pfd[1]);
        *rfd = pfd[0];
        return pid;
    }
    /* the child: only _exit (no atexit handlers, no leak check of
     * SimGrid's singletons) */
    close(pfd[0]);
#ifdef __linux__
    /* killed with its parent (a killed ringmap leaves no child behind); a
     * parent gone before prctl took effect: end now */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent)
        _exit(1);
    /* default dispositions: a SimGrid abort kills the child plainly,
     * whatever handlers the parent (a sanitizer, a fuzzer) installed */
    signal(SIGPIPE, SIG_DFL);
    signal(SIGABRT, SIG_DFL);
    signal(SIGSEGV, SIG_DFL);
    signal(SIGBUS, SIG_DFL);
    signal(SIGFPE, SIG_DFL);
    signal(SIGILL, SIG_DFL);
    signal(SIGALRM, SIG_DFL);
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) {
        dup2(nul, 0);
        dup2(log_fd >= 0 ? log_fd : nul, 1);
        dup2(log_fd >= 0 ? log_fd : nul, 2);
    }
    snprintf(dir, dir_n, "%s", shown);
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    else
        snprintf(dir, dir_n, ".");
    *wfd = pfd[1];
    return 0;
}

int rmi_sg_reap(pid_t pid, int kill_first)
{
    if (kill_first)
        kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            break;
    return status;
}
