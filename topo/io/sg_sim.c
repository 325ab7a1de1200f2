/*
 * sg_sim.c — the parent side of rmi_sg_simulate (topo/io/sg_sim.h): vet the
 * SimGrid platform file, fork a child that runs the ring's steps with
 * SimGrid's engine (topo/io/sg_sim.cpp), read the steps' ends back over a
 * pipe, and turn them into the steady-state pace.
 */
#define _POSIX_C_SOURCE 200809L
#include "topo/io/sg_sim.h"
#include "topo/io/readers.h"
#include "topo/io/sg_child.h"
#include "topo/io/sg_vet.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

static rm_status vet_file(const char *path, rm_error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return rm_error_set(err, RM_EINPUT, "%s: cannot open file: %s", path, strerror(errno));
    struct stat sb;
    rm_status st = RM_OK;
    rmi_sg_buf b = {0};
    if (fstat(fd, &sb) || !S_ISREG(sb.st_mode))
        st = rm_error_set(err, RM_EINPUT,
                          "%s: not a regular file (a SimGrid platform file is expected)", path);
    else {
        int rc = rmi_sg_read_all(fd, &b, (size_t)RM_SIMGRID_MAX_BYTES);
        if (rc == -1)
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        else if (rc == -3)
            st = rm_error_set(err, RM_ELIMIT,
                              "%s: larger than the %lld bytes ringmap reads as a SimGrid platform",
                              path, (long long)RM_SIMGRID_MAX_BYTES);
        else if (rc)
            st = rm_error_set(err, RM_EINPUT, "%s: cannot read file: %s", path, strerror(errno));
    }
    close(fd);
    if (!st)
        st = rmi_sg_vet(b.d, b.n, path, err);
    free(b.d);
    return st;
}

static rm_status check_spec(const char *path, const rmi_sg_sim_spec *s, rm_error *err)
{
    if (!path || !s || !s->hosts || !s->flops)
        return rm_error_set(err, RM_EINVAL, "SimGrid simulation: NULL argument");
    if (s->q < 1 || s->steps < 2 || !(s->bytes >= 0.0 && isfinite(s->bytes)) ||
        !(s->timeout_s > 0.0))
        return rm_error_set(err, RM_EINVAL,
                            "SimGrid simulation: q = %d, %d steps, %g bytes, timeout %g s "
                            "(need q >= 1, steps >= 2, bytes finite >= 0, timeout > 0)",
                            s->q, s->steps, s->bytes, s->timeout_s);
    if ((long long)s->q * 2LL * (long long)s->steps > RMI_SG_SIM_MAX_MESSAGES)
        return rm_error_set(err, RM_ELIMIT,
                            "SimGrid simulation: %d positions x 2 messages x %d steps: more than "
                            "the %lld messages simulated at most",
                            s->q, s->steps, (long long)RMI_SG_SIM_MAX_MESSAGES);
    for (int k = 0; k < s->q; k++) {
        double b = s->bnd_flops ? s->bnd_flops[k] : 0.0;
        if (!s->hosts[k] || !(s->flops[k] >= 0.0 && isfinite(s->flops[k])) ||
            !(b >= 0.0 && b <= s->flops[k]))
            return rm_error_set(err, RM_EINVAL,
                                "SimGrid simulation: ring position %d: %g flop, boundary %g "
                                "(need finite >= 0, boundary <= flop)",
                                k, s->flops[k], b);
    }
    return RM_OK;
}

rm_status rmi_sg_simulate(const char *path, const rmi_sg_sim_spec *spec, rmi_sg_sim_result *out,
                          rm_error *err)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!out)
        return rm_error_set(err, RM_EINVAL, "SimGrid simulation: NULL argument");
    rm_status st = check_spec(path, spec, err);
    if (!st)
        st = vet_file(path, err);
    if (st)
        return st;
    int rfd = -1, wfd = -1;
    char dir[4096];
    pid_t pid = rmi_sg_fork(path, -1, &rfd, &wfd, dir, sizeof dir, err);
    if (pid < 0)
        return RM_EINTERNAL; /* pipe or fork failed: err says which */
    if (pid == 0) {
        /* the wall-time budget: SIGALRM ends the child */
        double t = ceil(spec->timeout_s);
        alarm(t > 1e6 ? 1000000u : (unsigned)t);
        _exit(rmi_sg_child_simulate(path, dir, spec, wfd));
    }
    rmi_sg_buf rb = {0};
    int rr = rmi_sg_read_all(rfd, &rb, (size_t)spec->steps * 8 + (1u << 16));
    close(rfd);
    int status = rmi_sg_reap(pid, rr == -1 || rr == -3);
    unsigned char *b = rb.d;
    size_t n = rb.n;
    if (rr == -1)
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory reading SimGrid's simulation", path);
    else if (rr)
        st = rm_error_set(err, RM_EINTERNAL, "%s: cannot read SimGrid's simulation", path);
    else if (n >= 8 && memcmp(b, "ERR!", 4) == 0) {
        uint32_t len;
        memcpy(&len, b + 4, 4);
        if (len > n - 8)
            len = (uint32_t)(n - 8);
        st = rm_error_set(err, RM_EINPUT, "%s: SimGrid's simulation failed: %.*s", path, (int)len,
                          (const char *)b + 8);
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        st = rm_error_set(err, RM_ELIMIT, "%s: SimGrid's simulation took more than %g s", path,
                          spec->timeout_s);
    else if (WIFSIGNALED(status))
        st = rm_error_set(err, RM_EINPUT, "%s: SimGrid's simulation failed (signal %d)", path,
                          WTERMSIG(status));
    else {
        int32_t K = 0;
        if (n >= 8)
            memcpy(&K, b + 4, 4);
        if (n < 8 || memcmp(b, "RMSS", 4) != 0 || K != spec->steps ||
            n != 8 + (size_t)K * 8 + 4 || memcmp(b + n - 4, "END!", 4) != 0)
            st = rm_error_set(err, RM_EINTERNAL,
                              "%s: SimGrid's simulation ended without its result (status %d)",
                              path, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        else if (!(out->end = malloc(sizeof(double) * (size_t)K)))
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        else {
            memcpy(out->end, b + 8, sizeof(double) * (size_t)K);
            out->steps = K;
            int h = K / 2;
            out->pace = (out->end[K - 1] - out->end[h - 1]) / (double)(K - h);
        }
    }
    free(b);
    return st;
}
