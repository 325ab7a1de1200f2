/*
 * measure.c — the measurements of ringmap-measure (include/ringmap_measure.h):
 * kernel times at several problem sizes on every host (points of a
 * functional performance model, Lastovetsky and Reddy), ping-pong between every pair of
 * hosts in the rounds of a round-robin tournament, and the GML platform
 * written from them.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap_measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef RM_SMPI
#include <smpi/smpi.h>
#endif

static const long default_sizes[] = {16, 64, 256};
static const long default_msg[] = {8, 64, 512, 4096, 32768, 262144, 2097152, 4194304};

void rm_measure_opts_init(rm_measure_opts *o)
{
    memset(o, 0, sizeof *o);
    o->n_sizes = 3;
    o->sizes = default_sizes;
    o->kernel_reps = 5;
    o->n_msg = (int)(sizeof default_msg / sizeof default_msg[0]);
    o->msg_sizes = default_msg;
    o->reps_small = 100;
    o->reps_large = 20;
    o->large_size = 8192;
    o->warmup = 2;
    o->concurrent = 1;
}

int rm_measure_rounds(int p)
{
    return p < 2 ? 0 : (p % 2 == 0 ? p - 1 : p);
}

int rm_measure_partner(int p, int round, int rank)
{
    if (p < 2 || rank < 0 || rank >= p || round < 0 || round >= rm_measure_rounds(p))
        return -1;
    int n = p % 2 == 0 ? p : p + 1; /* players; player n-1 is the bye when p is odd */
    int partner;
    if (rank == n - 1)
        partner = round;
    else if (rank == round)
        partner = n - 1;
    else
        partner = ((2 * round - rank) % (n - 1) + (n - 1)) % (n - 1);
    return partner >= p ? -1 : partner;
}

void rm_measure_result_destroy(rm_measure_result *r)
{
    if (!r)
        return;
    if (r->names)
        for (int i = 0; i < r->p; i++)
            free(r->names[i]);
    free(r->names);
    free(r->sizes);
    free(r->kernel_time);
    free(r->w);
    free(r->msg_sizes);
    free(r->oneway);
    free(r->bandwidth);
    free(r->latency);
    memset(r, 0, sizeof *r);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* median of v[0..n) (sorts v) */
static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* The emulation's clock: CLOCK_MONOTONIC, shared by the processes of one
 * machine (MPI_Wtime may count from each process's own start). */
static double mono_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Wait until mono_now() >= deadline: sleep to 100 us before, then spin (as
 * iterapp's rmi_wait_until, on the shared clock). */
static void mono_wait_until(double deadline)
{
    double left = deadline - mono_now();
    if (left > 150e-6) {
        double s = left - 100e-6;
        struct timespec ts;
        ts.tv_sec = (time_t)s;
        ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
        nanosleep(&ts, NULL);
    }
    while (mono_now() < deadline)
        ;
}

/* Under emulation every process of the platform shares one machine's few
 * cores: a process spinning in MPI_Recv or in a rendezvous MPI_Send would take
 * them from the processes that must meet their emulated deadlines. So the
 * messages are nonblocking and the wait polls with 20 us sleeps; the exact
 * time is the emulated delivery time the message carries (mono_wait_until). */
static int wait_sleepy(MPI_Request *rq)
{
    int done = 0, rc = MPI_SUCCESS;
    while (rc == MPI_SUCCESS && !done) {
        rc = MPI_Test(rq, &done, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && !done) {
            struct timespec ts = {0, 20000};
            nanosleep(&ts, NULL);
        }
    }
    return rc;
}

/* A barrier that does not spin (outside SMPI): processes that finished their
 * part wait here while the others still time their kernel or ping-pong. */
static void barrier_sleepy(MPI_Comm comm)
{
#ifdef RM_SMPI
    MPI_Barrier(comm);
#else
    MPI_Request rq;
    if (MPI_Ibarrier(comm, &rq) == MPI_SUCCESS)
        wait_sleepy(&rq);
#endif
}

static int recv_msg(void *buf, int n, int src, int tag, MPI_Comm comm, int sleepy)
{
    if (!sleepy)
        return MPI_Recv(buf, n, MPI_BYTE, src, tag, comm, MPI_STATUS_IGNORE);
    MPI_Request rq;
    int rc = MPI_Irecv(buf, n, MPI_BYTE, src, tag, comm, &rq);
    return rc == MPI_SUCCESS ? wait_sleepy(&rq) : rc;
}

static int send_msg(void *buf, int n, int dst, int tag, MPI_Comm comm, int sleepy)
{
    if (!sleepy)
        return MPI_Send(buf, n, MPI_BYTE, dst, tag, comm);
    MPI_Request rq;
    int rc = MPI_Isend(buf, n, MPI_BYTE, dst, tag, comm, &rq);
    return rc == MPI_SUCCESS ? wait_sleepy(&rq) : rc;
}

/* Agree on a verdict: the worst status of all ranks (collective). The
 * message of the lowest failing rank is copied to every rank. */
static rm_status agree(MPI_Comm comm, rm_status st, rm_error *err)
{
    int mine = (int)st, worst = 0;
    if (MPI_Allreduce(&mine, &worst, 1, MPI_INT, MPI_MAX, comm) != MPI_SUCCESS)
        return rm_error_set(err, RM_EINTERNAL, "ringmap-measure: MPI_Allreduce failed");
    if (worst == 0)
        return RM_OK;
    int rank;
    MPI_Comm_rank(comm, &rank);
    int cand = st ? rank : 1 << 30, first = 0;
    MPI_Allreduce(&cand, &first, 1, MPI_INT, MPI_MIN, comm);
    char msg[sizeof err->msg];
    if (err && st)
        memcpy(msg, err->msg, sizeof msg);
    else
        msg[0] = 0;
    MPI_Bcast(msg, (int)sizeof msg, MPI_CHAR, first, comm);
    msg[sizeof msg - 1] = 0;
    return rm_error_set(err, (rm_status)worst, "%s", msg);
}

static rm_status check_opts(const rm_measure_kernel *k, const rm_measure_opts *o, int p,
                            rm_error *err)
{
    if (!k || !k->run || !(k->mflop_per_unit > 0) || !isfinite(k->mflop_per_unit))
        return rm_error_set(err, RM_EINPUT, "measure: the kernel needs a run function and "
                                            "mflop_per_unit > 0");
    if (o->n_sizes < 1 || !o->sizes || o->kernel_reps < 1 || o->kernel_reps > 1000000)
        return rm_error_set(err, RM_EINPUT, "measure: at least one kernel size and 1..10^6 runs");
    for (int i = 0; i < o->n_sizes; i++)
        if (o->sizes[i] < 1 || (i && o->sizes[i] <= o->sizes[i - 1]))
            return rm_error_set(err, RM_EINPUT, "measure: kernel sizes must be >= 1 and "
                                                "strictly increasing (size %d: %ld)",
                                i + 1, o->sizes[i]);
    if (p >= 2) {
        if (o->n_msg < 2 || !o->msg_sizes)
            return rm_error_set(err, RM_EINPUT, "measure: at least two message sizes (latency "
                                                "from the smallest, bandwidth from the slope)");
        for (int i = 0; i < o->n_msg; i++)
            if (o->msg_sizes[i] < 8 || o->msg_sizes[i] > (1L << 30) ||
                (i && o->msg_sizes[i] <= o->msg_sizes[i - 1]))
                return rm_error_set(err, RM_EINPUT, "measure: message sizes must be 8..2^30 "
                                                    "bytes, strictly increasing (size %d: %ld)",
                                    i + 1, o->msg_sizes[i]);
        if (o->reps_small < 1 || o->reps_large < 1 || o->warmup < 0 ||
            o->reps_small > 1000000 || o->reps_large > 1000000 || o->warmup > 1000000)
            return rm_error_set(err, RM_EINPUT, "measure: repetitions 1..10^6, warm-up 0..10^6");
    }
#ifdef RM_SMPI
    if (o->emu_bandwidth || o->emu_latency)
        return rm_error_set(err, RM_EINPUT, "measure: no emulation under SimGrid SMPI "
                                            "(the simulated platform times the messages)");
#endif
    return RM_OK;
}

/* Kernel times of this host at every size (medians), into t[n_sizes]. */
static rm_status time_kernel(MPI_Comm comm, const rm_measure_kernel *k, const rm_measure_opts *o,
                             int rank, double *t, rm_error *err)
{
    rm_status st = RM_OK;
    double *v = malloc(sizeof *v * (size_t)o->kernel_reps);
    if (!v)
        st = rm_error_set(err, RM_ENOMEM, "measure: out of memory");
    for (int i = 0; i < o->n_sizes; i++) {
        if (!st && k->prepare && k->prepare(o->sizes[i], k->user))
            st = rm_error_set(err, RM_EINPUT, "measure: host %d: the kernel's set-up failed at "
                                              "size %ld",
                              rank, o->sizes[i]);
        if ((st = agree(comm, st, err)))
            break;
        MPI_Barrier(comm);
        for (int r = 0; !st && r < o->kernel_reps; r++) {
            double t0 = MPI_Wtime();
            if (k->run(o->sizes[i], k->user))
                st = rm_error_set(err, RM_EINPUT, "measure: host %d: the kernel failed at size "
                                                  "%ld",
                                  rank, o->sizes[i]);
            v[r] = MPI_Wtime() - t0;
        }
        barrier_sleepy(comm);
        if (!st) {
            t[i] = median(v, o->kernel_reps);
            if (!(t[i] > 0))
                st = rm_error_set(err, RM_EINPUT, "measure: host %d: the kernel took no "
                                                  "measurable time at size %ld (give larger "
                                                  "sizes)",
                                  rank, o->sizes[i]);
        }
        if ((st = agree(comm, st, err)))
            break;
        if (rank == 0 && o->progress)
            o->progress(o->progress_user, "kernel", i + 1, o->n_sizes);
    }
    free(v);
    return st;
}

/* One ping-pong series with partner at message size s: the initiator
 * (lower rank) stores the median one-way time in *oneway. */
static rm_status pingpong(MPI_Comm comm, const rm_measure_opts *o, int p, int rank, int partner,
                          long s, unsigned char *buf, double *v, double *oneway, rm_error *err)
{
    int initiator = rank < partner;
    int reps = s <= o->large_size ? o->reps_small : o->reps_large;
    double emu_to = 0, emu_back = 0; /* emulated one-way times (s), 0: none */
    if (o->emu_bandwidth) {
        double b1 = o->emu_bandwidth[(size_t)rank * p + partner];
        double b2 = o->emu_bandwidth[(size_t)partner * p + rank];
        double l1 = o->emu_latency ? o->emu_latency[(size_t)rank * p + partner] : 0;
        double l2 = o->emu_latency ? o->emu_latency[(size_t)partner * p + rank] : 0;
        if (b1 > 0)
            emu_to = l1 + (double)s * 8e-6 / b1;
        if (b2 > 0)
            emu_back = l2 + (double)s * 8e-6 / b2;
    }
    const int tag = 77;
    int sleepy = o->emu_bandwidth != NULL;
    for (int r = -o->warmup; r < reps; r++) {
        int rc;
        if (initiator) {
            double t0 = MPI_Wtime();
            if (emu_to > 0) {
                double now = mono_now();
                memcpy(buf, &now, sizeof now);
            }
            rc = send_msg(buf, (int)s, partner, tag, comm, sleepy);
            if (rc == MPI_SUCCESS)
                rc = recv_msg(buf, (int)s, partner, tag, comm, sleepy);
            if (rc == MPI_SUCCESS && emu_back > 0) {
                double sent;
                memcpy(&sent, buf, sizeof sent);
                mono_wait_until(sent + emu_back);
            }
            if (r >= 0)
                v[r] = MPI_Wtime() - t0;
        } else {
            rc = recv_msg(buf, (int)s, partner, tag, comm, sleepy);
            if (rc == MPI_SUCCESS && emu_to > 0) {
                double sent;
                memcpy(&sent, buf, sizeof sent);
                mono_wait_until(sent + emu_to);
            }
            if (rc == MPI_SUCCESS && emu_back > 0) {
                double now = mono_now();
                memcpy(buf, &now, sizeof now);
            }
            if (rc == MPI_SUCCESS)
                rc = send_msg(buf, (int)s, partner, tag, comm, sleepy);
        }
        if (rc != MPI_SUCCESS)
            return rm_error_set(err, RM_EINTERNAL, "measure: ping-pong %d-%d failed (MPI error "
                                                   "%d)",
                                rank, partner, rc);
    }
    if (initiator)
        *oneway = median(v, reps) / 2;
    return RM_OK;
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

rm_status rm_measure_platform(MPI_Comm comm, const rm_measure_kernel *kernel,
                              const rm_measure_opts *opts, rm_measure_result *res, rm_error *err)
{
    if (!opts || !res)
        return rm_error_set(err, RM_EINVAL, "rm_measure_platform: NULL argument");
    memset(res, 0, sizeof *res);
    int p, rank;
    if (MPI_Comm_size(comm, &p) != MPI_SUCCESS || MPI_Comm_rank(comm, &rank) != MPI_SUCCESS)
        return rm_error_set(err, RM_EINTERNAL, "measure: not a valid communicator");
    const rm_measure_opts *o = opts;
    rm_status st = agree(comm, check_opts(kernel, o, p, err), err);
    if (st)
        return st;
    res->p = p;
    res->mflop_per_unit = kernel->mflop_per_unit;

    /* host names, gathered everywhere */
    char name[MPI_MAX_PROCESSOR_NAME + 1] = {0};
    int len = 0;
    MPI_Get_processor_name(name, &len);
    char *all = malloc((size_t)p * (MPI_MAX_PROCESSOR_NAME + 1));
    res->names = calloc((size_t)p, sizeof *res->names);
    if (!all || !res->names)
        st = rm_error_set(err, RM_ENOMEM, "measure: out of memory");
    if ((st = agree(comm, st, err)))
        goto out;
    MPI_Allgather(name, MPI_MAX_PROCESSOR_NAME + 1, MPI_CHAR, all, MPI_MAX_PROCESSOR_NAME + 1,
                  MPI_CHAR, comm);
    for (int i = 0; !st && i < p; i++) {
        all[(size_t)i * (MPI_MAX_PROCESSOR_NAME + 1) + MPI_MAX_PROCESSOR_NAME] = 0;
        if (!(res->names[i] = dup_str(all + (size_t)i * (MPI_MAX_PROCESSOR_NAME + 1))))
            st = rm_error_set(err, RM_ENOMEM, "measure: out of memory");
    }
    if ((st = agree(comm, st, err)))
        goto out;

    /* the kernel on every host at once (distinct machines) */
    size_t np = (size_t)p;
    double *t = malloc(sizeof *t * (size_t)o->n_sizes);
    if (rank == 0) {
        res->n_sizes = o->n_sizes;
        res->sizes = malloc(sizeof *res->sizes * (size_t)o->n_sizes);
        res->kernel_time = malloc(sizeof *res->kernel_time * np * (size_t)o->n_sizes);
        res->w = malloc(sizeof *res->w * np);
        res->n_msg = p >= 2 ? o->n_msg : 0;
        res->msg_sizes = malloc(sizeof *res->msg_sizes * (size_t)o->n_msg);
        res->oneway = calloc(np * np * (size_t)o->n_msg, sizeof *res->oneway);
        res->bandwidth = calloc(np * np, sizeof *res->bandwidth);
        res->latency = calloc(np * np, sizeof *res->latency);
        if (!res->sizes || !res->kernel_time || !res->w || !res->msg_sizes || !res->oneway ||
            !res->bandwidth || !res->latency)
            st = rm_error_set(err, RM_ENOMEM, "measure: out of memory");
        else {
            memcpy(res->sizes, o->sizes, sizeof *res->sizes * (size_t)o->n_sizes);
            memcpy(res->msg_sizes, o->msg_sizes, sizeof *res->msg_sizes * (size_t)o->n_msg);
        }
    }
    if (!t)
        st = rm_error_set(err, RM_ENOMEM, "measure: out of memory");
    if ((st = agree(comm, st, err))) {
        free(t);
        goto out;
    }
    st = time_kernel(comm, kernel, o, rank, t, err);
    if (!st)
        MPI_Gather(t, o->n_sizes, MPI_DOUBLE, res->kernel_time, o->n_sizes, MPI_DOUBLE, 0, comm);
    free(t);
    if (st)
        goto out;
    if (rank == 0)
        for (int r = 0; r < p; r++) {
            int last = o->n_sizes - 1;
            res->w[r] = res->kernel_time[(size_t)r * o->n_sizes + last] /
                        ((double)o->sizes[last] * kernel->mflop_per_unit);
        }
    if (p < 2)
        goto out;

    /* ping-pong, pair by pair, in the tournament's rounds */
    long smax = o->msg_sizes[o->n_msg - 1];
    int vmax = o->reps_small > o->reps_large ? o->reps_small : o->reps_large;
    unsigned char *buf = calloc((size_t)smax, 1);
    double *v = malloc(sizeof *v * (size_t)vmax);
    double *ow = malloc(sizeof *ow * (size_t)o->n_msg); /* this round's one-way times */
    double *allow = rank == 0 ? malloc(sizeof *allow * np * (size_t)o->n_msg) : NULL;
    if (!buf || !v || !ow || (rank == 0 && !allow))
        st = rm_error_set(err, RM_ENOMEM, "measure: out of memory");
    st = agree(comm, st, err);
    int rounds = rm_measure_rounds(p);
    for (int rd = 0; !st && rd < rounds; rd++) {
        int partner = rm_measure_partner(p, rd, rank);
        /* one pair at a time when not concurrent: the pairs of the round in
         * turn, each rank waiting at the barrier of the others' turns */
        int turns = o->concurrent ? 1 : p;
        for (int turn = 0; !st && turn < turns; turn++) {
            int mine = partner >= 0 && (o->concurrent || turn == (rank < partner ? rank : partner));
            if (mine)
                for (int m = 0; !st && m < o->n_msg; m++)
                    st = pingpong(comm, o, p, rank, partner, o->msg_sizes[m], buf, v, &ow[m], err);
            barrier_sleepy(comm);
        }
        st = agree(comm, st, err);
        if (st)
            break;
        /* the initiator's one-way times to rank 0 */
        for (int m = 0; m < o->n_msg; m++)
            if (!(partner >= 0 && rank < partner))
                ow[m] = -1;
        MPI_Gather(ow, o->n_msg, MPI_DOUBLE, allow, o->n_msg, MPI_DOUBLE, 0, comm);
        if (rank == 0) {
            for (int r = 0; r < p; r++) {
                int s = rm_measure_partner(p, rd, r);
                if (s < 0 || r > s)
                    continue;
                for (int m = 0; m < o->n_msg; m++) {
                    double x = allow[(size_t)r * o->n_msg + m];
                    res->oneway[((size_t)r * np + s) * o->n_msg + m] = x;
                    res->oneway[((size_t)s * np + r) * o->n_msg + m] = x;
                }
            }
            if (o->progress)
                o->progress(o->progress_user, "ping-pong", rd + 1, rounds);
        }
    }
    free(buf);
    free(v);
    free(ow);
    free(allow);
    if (st)
        goto out;
    if (rank == 0)
        for (int r = 0; r < p && !st; r++)
            for (int s = 0; s < p && !st; s++) {
                if (r == s)
                    continue;
                const double *x = res->oneway + ((size_t)r * np + s) * o->n_msg;
                double dt = x[o->n_msg - 1] - x[0];
                double ds = (double)(o->msg_sizes[o->n_msg - 1] - o->msg_sizes[0]);
                if (!(dt > 0) || !(x[0] > 0))
                    st = rm_error_set(err, RM_EINPUT,
                                      "measure: hosts %d and %d: the one-way time does not grow "
                                      "with the message size (%g s at %ld bytes, %g s at %ld "
                                      "bytes): give larger messages or more repetitions",
                                      r, s, x[0], o->msg_sizes[0], x[o->n_msg - 1],
                                      o->msg_sizes[o->n_msg - 1]);
                else {
                    /* the affine cost t(s) = latency + s / bandwidth through the
                     * smallest and the largest size: latency is its intercept */
                    double lat = x[0] - (double)o->msg_sizes[0] * dt / ds;
                    res->latency[(size_t)r * np + s] = lat > 0 ? lat : 0;
                    res->bandwidth[(size_t)r * np + s] = ds * 8e-6 / dt;
                }
            }
    st = agree(comm, st, err);
out:
    free(all);
    if (st) {
        rm_measure_result_destroy(res);
    }
    return st;
}

rm_status rm_measure_write_gml(FILE *f, const rm_measure_result *r, const char *comment,
                               rm_error *err)
{
    if (!f || !r || !r->names || !r->w)
        return rm_error_set(err, RM_EINVAL, "rm_measure_write_gml: no result (rank 0 only)");
    for (int i = 0; i < r->p; i++) {
        for (const char *c = r->names[i]; *c; c++)
            if (*c == '"' || *c == '&' || (unsigned char)*c < 32)
                return rm_error_set(err, RM_EINPUT,
                                    "measure: host %d: name '%s' has a character GML cannot hold "
                                    "in a label",
                                    i, r->names[i]);
        for (int j = 0; j < i; j++)
            if (!strcmp(r->names[i], r->names[j]))
                return rm_error_set(err, RM_EINPUT,
                                    "measure: ranks %d and %d run on the same host '%s': one "
                                    "rank per host (or name the hosts)",
                                    j, i, r->names[i]);
    }
    int ok = 1;
    if (comment) {
        /* GML comments: '#' in column 1 (igraph 0.10) */
        ok &= fprintf(f, "# %s\n", comment) > 0;
    }
    ok &= fprintf(f, "graph [\n  directed 0\n") > 0;
    for (int i = 0; i < r->p; i++) {
        ok &= fprintf(f, "  node [ id %d label \"%s\" w %.9g", i, r->names[i], r->w[i]) > 0;
        ok &= fprintf(f, " fpm_mflop_per_unit %.9g fpm_x \"", r->mflop_per_unit) > 0;
        for (int k = 0; k < r->n_sizes; k++)
            ok &= fprintf(f, "%s%ld", k ? " " : "", r->sizes[k]) > 0;
        ok &= fprintf(f, "\" fpm_t \"") > 0;
        for (int k = 0; k < r->n_sizes; k++)
            ok &= fprintf(f, "%s%.6g", k ? " " : "", r->kernel_time[(size_t)i * r->n_sizes + k]) > 0;
        ok &= fprintf(f, "\" ]\n") > 0;
    }
    for (int i = 0; i < r->p; i++)
        for (int j = i + 1; j < r->p; j++)
            ok &= fprintf(f, "  edge [ source %d target %d bandwidth %.6g latency %.6g ]\n", i, j,
                          r->bandwidth[(size_t)i * r->p + j], r->latency[(size_t)i * r->p + j]) > 0;
    ok &= fprintf(f, "]\n") > 0;
    if (!ok || ferror(f))
        return rm_error_set(err, RM_EINTERNAL, "measure: writing the platform failed");
    return RM_OK;
}
