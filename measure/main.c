/*
 * main.c — ringmap-measure: run by mpirun with one rank per host, it measures
 * each host's cycle-time with the stencil kernel of iterapp (stencil.h) at
 * several problem sizes (points of a functional performance model, seed
 * 003) and the bandwidth and latency of every pair of hosts by ping-pong in
 * the rounds of a round-robin tournament, and writes a GML platform that
 * `ringmap map` reads (include/ringmap_measure.h does the measuring; this
 * file is the command line, the kernel and the emulation).
 *
 * Built twice: with Open MPI (installed), and with smpicc -DRM_SMPI for
 * SimGrid SMPI, where the kernel declares its flops to the simulator
 * (smpi_execute_flops) instead of computing.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap_measure.h"

#include "cli/outfile.h"
#include "iterapp/stencil.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef RM_SMPI
#include <smpi/smpi.h>
#else
#include "iterapp/run.h" /* rmi_wait_until */
#endif

#define MAX_LIST 64
#define MEASURE_MAX_EMULATED_S 86400.0 /* an emulated measurement ends within a day */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mpirun -np P [--hostfile HOSTS] ringmap-measure [options]\n"
            "Measure a platform for ringmap, one MPI rank per host: every host's cycle-time\n"
            "w (s/Mflop) with the stencil kernel of iterapp at several sizes (points of a\n"
            "functional performance model), and the bandwidth (Mb/s) and latency (s) of\n"
            "every pair of hosts by ping-pong; writes a GML platform for `ringmap map`.\n"
            "\n"
            "  -o, --output FILE     the GML platform ('-' = standard output, the default)\n"
            "  --rows N              stencil rows (one unit = one column of N rows): 1000\n"
            "  --steps N             stencil steps per timed run: 10\n"
            "  --sizes LIST          problem sizes in columns, increasing: 16,64,256\n"
            "  --reps N              timed runs per size (median kept): 5\n"
            "  --msg-sizes LIST      ping-pong message sizes in bytes, increasing, >= 8:\n"
            "                        8,64,512,4096,32768,262144,2097152,4194304\n"
            "  --pp-reps SMALL,LARGE ping-pongs per size up to 8192 bytes / above: 100,20\n"
            "  --warmup N            untimed ping-pongs per size first: 2\n"
            "  --one-pair            one pair at a time (a shared backbone); default: the\n"
            "                        pairs of a round at once (no host in two pairs)\n"
            "  --host-names LIST     names of the hosts of ranks 0..P-1 (default: the\n"
            "                        processor names, which must then be distinct)\n"
            "  --emulate FILE        emulate slow hosts and links on one machine (tests):\n"
            "                        lines 'host H w W' (s/Mflop) and 'link H1 H2 B L'\n"
            "                        (Mb/s, s); H = a rank or a host name\n"
            "  -q, --quiet           no progress on the terminal\n"
            "  -h, --help            this text\n"
            "Exit status: 0 ok, 2 bad option or input, 1 internal failure.\n"
            "See docs/cluster-to-run.md.\n");
}

/* ---- the stencil kernel (iterapp/stencil.h): one unit = one column ---- */

typedef struct stencil_kernel {
    long rows, steps;
    double *a, *b;     /* two slabs of (c + 2) * rows doubles */
    long cap;          /* columns allocated */
    double emu_w;      /* emulated cycle-time s/Mflop, 0: none */
    double mflop_unit; /* Mflop of one unit (one column, all steps) */
} stencil_kernel;

static int stencil_prepare(long units, void *user)
{
    stencil_kernel *k = user;
#ifdef RM_SMPI
    (void)units;
    (void)k;
    return 0;
#else
    if (units > k->cap) {
        size_t cells = (size_t)(units + 2) * (size_t)k->rows;
        double *a = realloc(k->a, cells * sizeof *a), *b = a ? realloc(k->b, cells * sizeof *b) : NULL;
        if (a)
            k->a = a;
        if (!b)
            return 1;
        k->b = b;
        k->cap = units;
    }
    rmi_stencil_init_slab(k->a, k->rows, units, 0, units);
    memcpy(k->a, k->a + units * k->rows, sizeof *k->a * (size_t)k->rows); /* ghosts: periodic */
    memcpy(k->a + (units + 1) * k->rows, k->a + k->rows, sizeof *k->a * (size_t)k->rows);
    memcpy(k->b, k->a, sizeof *k->a * (size_t)(units + 2) * (size_t)k->rows);
    return 0;
#endif
}

static int stencil_run(long units, void *user)
{
    stencil_kernel *k = user;
#ifdef RM_SMPI
    /* the simulated host times the declared work */
    smpi_execute_flops((double)units * (double)(k->rows - 2) * RM_STENCIL_FLOPS_PER_CELL *
                       (double)k->steps);
#else
    double t0 = MPI_Wtime();
    for (long s = 0; s < k->steps; s++) {
        rmi_stencil_step_slab(k->rows, units, k->a, k->b);
        double *t = k->a;
        k->a = k->b;
        k->b = t;
    }
    if (k->emu_w > 0) /* a slower host: pad to its time */
        rmi_wait_until(t0 + k->emu_w * k->mflop_unit * (double)units);
#endif
    return 0;
}

/* ---- option parsing ---- */

static int say(int rank, const char *fmt, ...)
{
    if (rank == 0) {
        va_list ap;
        va_start(ap, fmt);
        fputs("ringmap-measure: ", stderr);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
    return 2;
}

static int parse_long(const char *s, long lo, long hi, long *v)
{
    char *e;
    errno = 0;
    long x = strtol(s, &e, 10);
    if (e == s || *e || errno || x < lo || x > hi)
        return -1;
    *v = x;
    return 0;
}

static int parse_double(const char *s, double *v)
{
    char *e;
    errno = 0;
    double x = strtod(s, &e);
    if (e == s || *e || errno || !isfinite(x))
        return -1;
    *v = x;
    return 0;
}

/* comma-separated integers lo..hi, strictly increasing; returns the count or -1 */
static int parse_list(const char *s, long lo, long hi, long *out)
{
    int n = 0;
    char buf[1024];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n == MAX_LIST || parse_long(tok, lo, hi, &out[n]) || (n && out[n] <= out[n - 1]))
            return -1;
        n++;
    }
    return n ? n : -1;
}

typedef struct args {
    const char *output, *emulate, *host_names;
    long rows, steps, reps, warmup, pp_small, pp_large;
    long sizes[MAX_LIST], msg[MAX_LIST];
    int n_sizes, n_msg, one_pair, quiet, help;
} args;

static int parse_args(int argc, char **argv, int rank, args *a)
{
    memset(a, 0, sizeof *a);
    a->output = "-";
    a->rows = 1000;
    a->steps = 10;
    a->reps = 5;
    a->warmup = 2;
    a->pp_small = 100;
    a->pp_large = 20;
    const long ds[] = {16, 64, 256}, dm[] = {8, 64, 512, 4096, 32768, 262144, 2097152, 4194304};
    memcpy(a->sizes, ds, sizeof ds);
    a->n_sizes = 3;
    memcpy(a->msg, dm, sizeof dm);
    a->n_msg = 8;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = 1;
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            a->help = 1;
            return 0;
        } else if (!strcmp(o, "-q") || !strcmp(o, "--quiet")) {
            a->quiet = 1;
            takes = 0;
        } else if (!strcmp(o, "--one-pair")) {
            a->one_pair = 1;
            takes = 0;
        } else if (!strcmp(o, "-o") || !strcmp(o, "--output") || !strcmp(o, "--emulate") ||
                   !strcmp(o, "--host-names") || !strcmp(o, "--rows") || !strcmp(o, "--steps") ||
                   !strcmp(o, "--sizes") || !strcmp(o, "--reps") || !strcmp(o, "--msg-sizes") ||
                   !strcmp(o, "--pp-reps") || !strcmp(o, "--warmup")) {
            if (!v)
                return say(rank, "%s needs a value (see --help)", o);
            if (!strcmp(o, "-o") || !strcmp(o, "--output"))
                a->output = v;
            else if (!strcmp(o, "--emulate"))
                a->emulate = v;
            else if (!strcmp(o, "--host-names"))
                a->host_names = v;
            else if (!strcmp(o, "--rows")) {
                if (parse_long(v, 3, 1L << 24, &a->rows))
                    return say(rank, "--rows: expected an integer 3..16777216, got '%s'", v);
            } else if (!strcmp(o, "--steps")) {
                if (parse_long(v, 1, 1000000, &a->steps))
                    return say(rank, "--steps: expected an integer 1..1000000, got '%s'", v);
            } else if (!strcmp(o, "--reps")) {
                if (parse_long(v, 1, 100000, &a->reps))
                    return say(rank, "--reps: expected an integer 1..100000, got '%s'", v);
            } else if (!strcmp(o, "--warmup")) {
                if (parse_long(v, 0, 100000, &a->warmup))
                    return say(rank, "--warmup: expected an integer 0..100000, got '%s'", v);
            } else if (!strcmp(o, "--sizes")) {
                if ((a->n_sizes = parse_list(v, 1, 1L << 24, a->sizes)) < 0)
                    return say(rank, "--sizes: expected up to %d increasing integers 1..16777216 "
                                     "separated by commas, got '%s'",
                               MAX_LIST, v);
            } else if (!strcmp(o, "--msg-sizes")) {
                if ((a->n_msg = parse_list(v, 8, 1L << 30, a->msg)) < 2)
                    return say(rank, "--msg-sizes: expected 2 to %d increasing sizes 8..2^30 "
                                     "bytes separated by commas, got '%s'",
                               MAX_LIST, v);
            } else if (!strcmp(o, "--pp-reps")) {
                char buf[64], *c;
                if (strlen(v) >= sizeof buf || !(c = strchr(strcpy(buf, v), ',')) ||
                    (*c = 0, parse_long(buf, 1, 1000000, &a->pp_small)) ||
                    parse_long(c + 1, 1, 1000000, &a->pp_large))
                    return say(rank, "--pp-reps: expected SMALL,LARGE (integers 1..1000000), "
                                     "got '%s'",
                               v);
            }
        } else {
            return say(rank, "unknown option '%s' (see --help)", o);
        }
        i += takes;
    }
    /* a column of rows doubles, all slabs within an int count */
    if ((double)(a->sizes[a->n_sizes - 1] + 2) * (double)a->rows > 1e9)
        return say(rank, "--rows x the largest --sizes is too large (at most 10^9 cells)");
#ifdef RM_SMPI
    if (a->emulate)
        return say(rank, "--emulate: not under SimGrid SMPI (the simulated platform is the "
                         "emulation)");
#endif
    return -1;
}

/* ---- the emulation spec ---- */

static int host_index(const char *s, int p, char **names)
{
    long v;
    if (!parse_long(s, 0, p - 1, &v))
        return (int)v;
    for (int i = 0; i < p; i++)
        if (names[i] && !strcmp(names[i], s))
            return i;
    return -1;
}

/* Read FILE into w[p] (0: not emulated), bw[p*p], lat[p*p]. Returns -1 or 2. */
static int read_emulation(const char *path, int p, char **names, double *w, double *bw,
                          double *lat, int rank)
{
    rm_error err = {RM_OK, ""};
    FILE *f = rm_input_open(path, &err); /* a regular file of at most 256 MiB */
    if (!f)
        return say(rank, "--emulate: %s", err.msg);
    char line[1024];
    int ln = 0, rc = -1;
    while (rc < 0 && fgets(line, sizeof line, f)) {
        ln++;
        char *h = strchr(line, '#');
        if (h)
            *h = 0;
        char kw[16], x[256], y[256], z[64], u[64], extra[8];
        int got = sscanf(line, "%15s %255s %255s %63s %63s %7s", kw, x, y, z, u, extra);
        if (got <= 0)
            continue;
        double d1, d2;
        if (!strcmp(kw, "host") && got == 4 && !strcmp(y, "w") && !parse_double(z, &d1) && d1 > 0) {
            int i = host_index(x, p, names);
            if (i < 0)
                rc = say(rank, "%s:%d: '%s' is not a rank 0..%d or a host name", path, ln, x, p - 1);
            else
                w[i] = d1;
        } else if (!strcmp(kw, "link") && got == 5 && !parse_double(z, &d1) && d1 > 0 &&
                   !parse_double(u, &d2) && d2 >= 0) {
            int i = host_index(x, p, names), j = host_index(y, p, names);
            if (i < 0 || j < 0 || i == j)
                rc = say(rank, "%s:%d: expected two different hosts (ranks 0..%d or names)", path,
                         ln, p - 1);
            else {
                bw[(size_t)i * p + j] = bw[(size_t)j * p + i] = d1;
                lat[(size_t)i * p + j] = lat[(size_t)j * p + i] = d2;
            }
        } else
            rc = say(rank, "%s:%d: expected 'host H w W' (W > 0, s/Mflop) or 'link H1 H2 B L' "
                           "(B > 0 Mb/s, L >= 0 s)",
                     path, ln);
    }
    if (rc < 0 && ferror(f))
        rc = say(rank, "--emulate: cannot read '%s'", path);
    fclose(f);
    return rc;
}

/* ---- progress on a terminal (rank 0) ---- */

static void progress(void *user, const char *what, int done, int total)
{
    (void)user;
    fprintf(stderr, "\rringmap-measure: %-9s %3d/%-3d", what, done, total);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

/* ---- main ---- */

static int run(int rank, int p, int argc, char **argv)
{
    args a;
    int rc = parse_args(argc, argv, rank, &a);
    if (a.help) {
        if (rank == 0)
            usage(stdout);
        return 0;
    }
    if (rc >= 0)
        return rc;

    /* host names: given, or the processor names */
    char **names = calloc((size_t)p, sizeof *names);
    char *namebuf = a.host_names ? strdup(a.host_names) : NULL;
    if (!names || (a.host_names && !namebuf))
        return say(rank, "out of memory"), 1;
    if (a.host_names) {
        int n = 0;
        for (char *save = NULL, *t = strtok_r(namebuf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            if (n < p)
                names[n] = t;
            n++;
        }
        if (n != p)
            rc = say(rank, "--host-names: %d names for %d ranks (one per rank, comma-separated)",
                     n, p);
        for (int i = 0; rc < 0 && i < p; i++)
            for (int j = 0; rc < 0 && j < i; j++)
                if (!strcmp(names[i], names[j]))
                    rc = say(rank, "--host-names: '%s' given twice", names[i]);
    }

    /* the output checked before measuring (rank 0 writes) */
    if (rc < 0 && rank == 0)
        rc = rmi_out_check("-o", a.output, (const char *[]){a.emulate}, 1) < 0 ? -1 : 2;
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);

    stencil_kernel sk = {.rows = a.rows, .steps = a.steps};
    sk.mflop_unit = (double)(a.rows - 2) * RM_STENCIL_FLOPS_PER_CELL * 1e-6 * (double)a.steps;
    double *emu_w = NULL, *emu_bw = NULL, *emu_lat = NULL;
    if (rc < 0 && a.emulate) {
        emu_w = calloc((size_t)p, sizeof *emu_w);
        emu_bw = calloc((size_t)p * p, sizeof *emu_bw);
        emu_lat = calloc((size_t)p * p, sizeof *emu_lat);
        if (!emu_w || !emu_bw || !emu_lat)
            rc = say(rank, "out of memory"), rc = 1;
        else
            rc = read_emulation(a.emulate, p, names, emu_w, emu_bw, emu_lat, rank);
        /* bounded emulation: the emulated kernel runs (the largest size,
           every repetition) and the largest message's round trips of each
           pair end within a day (a w of 1e300 slept for ever) */
        double runs = (double)(a.reps + a.warmup), trips = (double)(a.pp_small > a.pp_large ? a.pp_small : a.pp_large);
        for (int i = 0; rc < 0 && i < p; i++) {
            double t = emu_w[i] * sk.mflop_unit * (double)a.sizes[a.n_sizes - 1] * runs;
            if (!(t <= MEASURE_MAX_EMULATED_S))
                rc = say(rank, "--emulate %s: host %d (w %g s/Mflop) would compute %.3g s (%ld "
                               "columns x %ld runs), more than one day",
                         a.emulate, i, emu_w[i], t, a.sizes[a.n_sizes - 1], a.reps + a.warmup);
            for (int j = 0; rc < 0 && j < p; j++) {
                double b = emu_bw[(size_t)i * p + j], l = emu_lat[(size_t)i * p + j];
                double tl = b > 0 ? (l + (double)a.msg[a.n_msg - 1] * 8e-6 / b) * 2 * trips : 0;
                if (!(tl <= MEASURE_MAX_EMULATED_S))
                    rc = say(rank, "--emulate %s: link %d-%d (%g Mb/s, %g s) would take %.3g s "
                                   "(%ld-byte messages), more than one day",
                             a.emulate, i, j, b, l, tl, a.msg[a.n_msg - 1]);
            }
        }
        if (rc < 0)
            sk.emu_w = emu_w[rank];
    }
    rm_measure_kernel k = {.name = "stencil",
                           .mflop_per_unit = sk.mflop_unit,
                           .prepare = stencil_prepare,
                           .run = stencil_run,
                           .user = &sk};
    rm_measure_opts o;
    rm_measure_opts_init(&o);
    o.n_sizes = a.n_sizes;
    o.sizes = a.sizes;
    o.kernel_reps = (int)a.reps;
    o.n_msg = a.n_msg;
    o.msg_sizes = a.msg;
    o.reps_small = (int)a.pp_small;
    o.reps_large = (int)a.pp_large;
    o.warmup = (int)a.warmup;
    o.concurrent = !a.one_pair;
    o.emu_bandwidth = emu_bw;
    o.emu_latency = emu_lat;
    if (rank == 0 && !a.quiet && isatty(STDERR_FILENO))
        o.progress = progress;

    rm_measure_result res;
    memset(&res, 0, sizeof res);
    rm_error err = {0};
    if (rc < 0) {
        rm_status st = rm_measure_platform(MPI_COMM_WORLD, &k, &o, &res, &err);
        if (st)
            rc = say(rank, "%s", err.msg), rc = rm_status_exit_code(st);
    }
    if (rc < 0 && rank == 0) {
        if (a.host_names)
            for (int i = 0; i < p; i++) {
                free(res.names[i]);
                res.names[i] = strdup(names[i]);
                if (!res.names[i])
                    rc = 1;
            }
        char comment[512];
        snprintf(comment, sizeof comment,
                 "ringmap-measure %s: %d hosts, kernel %s (%ld rows, %ld steps per run, "
                 "%.6g Mflop per column), ping-pong %ld..%ld bytes, medians",
                 RINGMAP_VERSION, p, k.name, a.rows, a.steps, sk.mflop_unit, a.msg[0],
                 a.msg[a.n_msg - 1]);
        rm_out out;
        if (rc < 0 && (rc = rmi_out_open(&out, "-o", a.output)) < 0) {
            rm_status st = rm_measure_write_gml(out.f, &res, comment, &err);
            if (st) {
                rmi_out_abort(&out);
                rc = say(rank, "%s", err.msg), rc = rm_status_exit_code(st);
            } else
                rc = rmi_out_commit(&out) ? 1 : -1;
        }
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    rm_measure_result_destroy(&res);
    free(sk.a);
    free(sk.b);
    free(emu_w);
    free(emu_bw);
    free(emu_lat);
    free(names);
    free(namebuf);
    return rc < 0 ? 0 : rc;
}

int main(int argc, char **argv)
{
    if (MPI_Init(&argc, &argv) != MPI_SUCCESS) {
        fprintf(stderr, "ringmap-measure: MPI_Init failed\n");
        return 1;
    }
    int rank, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int rc = run(rank, p, argc, argv);
    MPI_Finalize();
    return rc;
}
