/*
 * simgrid.c — SimGrid platform files (.xml) read by SimGrid itself
 * (libsimgrid; docs/simgrid.md). SimGrid's engine is a process singleton that
 * reports errors by C++ exceptions and may abort: the file is loaded in a
 * forked child (topo/io/sg_loader.cpp, rmi_sg_child_extract) that writes the
 * hosts, the links and the route of every ordered host pair to a pipe (above
 * RM_SIMGRID_PAIRS_MAX hosts, SimGrid's route pieces instead: topo/io/sg_store.h);
 * this parent side decodes them and builds the rm_platform (see
 * rmi_platform_read_simgrid in topo/io/readers.h for the model).
 */
#define _POSIX_C_SOURCE 200809L
#include "topo/io/readers.h"
#include "topo/io/sg_files.h"
#include "topo/io/sg_child.h"
#include "topo/io/sg_loader.h"
#include "topo/io/sg_vet.h"
#include "topo/io/sg_pairmap.h"
#include "topo/io/sg_store.h"
#include "topo/io/sg_wire.h"
#include "topo/io/sg_wifi.h"
#include "topo/io/unusable.h"
#include "topo/io/warn.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* ------------------------------------------------------------------------ */
/* Small helpers                                                              */
/* ------------------------------------------------------------------------ */

static void sg_warn(const rm_read_options *ro, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#include <stdarg.h>
static void sg_warn(const rm_read_options *ro, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rmi_read_warn(ro, msg); /* the caller's callback or stderr (topo/io/warn.h) */
}

typedef rmi_sg_buf sg_buf; /* topo/io/sg_child.h */

/* The last meaningful lines of SimGrid's stderr (no backtrace lines), into
 * out (size n): what an abort said. */
static void sg_stderr_tail(int fd, char *out, size_t n)
{
    out[0] = '\0';
    if (fd < 0 || lseek(fd, 0, SEEK_SET) < 0)
        return;
    sg_buf b = {0};
    if (rmi_sg_read_all(fd, &b, (size_t)1 << 24) != 0 && !b.n) {
        free(b.d);
        return;
    }
    /* keep the lines that are not backtrace frames; when SimGrid logged
     * CRITICAL or ERROR lines (xbt_die, xbt_assert), only what they say,
     * without the time/source prefix: the warnings before an abort (e.g.
     * deprecated unit-less values) hide its reason */
    char *keep = malloc(b.n + 1);
    size_t k = 0;
    for (int pass = 0; pass < 2 && keep && !k; pass++) {
        size_t at = 0;
        while (at < b.n) {
            size_t e = at;
            while (e < b.n && b.d[e] != '\n')
                e++;
            const char *line = (const char *)b.d + at;
            size_t len = e - at;
            int frame = (len >= 4 && memcmp(line, "  ->", 4) == 0) ||
                        (len >= 9 && memcmp(line, "Backtrace", 9) == 0) || len == 0;
            if (pass == 0 && !frame) {
                /* "[0.000000] ./src/x.cpp:81: [root/CRITICAL] text" */
                const char *m = NULL;
                for (size_t i = 0; i + 8 <= len && !m; i++) {
                    if (line[i] != '/')
                        continue;
                    if (i + 11 <= len && memcmp(line + i, "/CRITICAL] ", 11) == 0)
                        m = line + i + 11;
                    else if (memcmp(line + i, "/ERROR] ", 8) == 0)
                        m = line + i + 8;
                }
                /* xbt's own "Exiting now." after an uncaught exception says nothing */
                if (m && !(line + len - m == 12 && memcmp(m, "Exiting now.", 12) == 0)) {
                    line = m;
                    len = (size_t)((const char *)b.d + e - m);
                } else
                    frame = 1;
            }
            if (!frame) {
                if (k)
                    keep[k++] = ' ';
                memcpy(keep + k, line, len);
                k += len;
            }
            at = e + 1;
        }
    }
    if (keep) {
        keep[k] = '\0';
        /* the tail that fits */
        const char *s = keep;
        if (k + 1 > n)
            s = keep + (k + 1 - n);
        snprintf(out, n, "%s", s);
        for (char *c = out; *c; c++)
            if ((unsigned char)*c < 0x20)
                *c = ' ';
    }
    free(keep);
    free(b.d);
}

/* Replace every occurrence of `from` in msg (size n) with `to`. */
static void sg_replace(char *msg, size_t n, const char *from, const char *to)
{
    size_t lf = strlen(from);
    char out[2048];
    size_t o = 0;
    for (const char *p = msg; *p && o + 1 < sizeof out;) {
        if (lf && strncmp(p, from, lf) == 0) {
            int w = snprintf(out + o, sizeof out - o, "%s", to);
            o += w > 0 ? (size_t)w : 0;
            if (o >= sizeof out)
                o = sizeof out - 1;
            p += lf;
        } else
            out[o++] = *p++;
    }
    out[o] = '\0';
    size_t len = strlen(out);
    if (len >= n)
        len = n - 1;
    memcpy(msg, out, len);
    msg[len] = '\0';
}

/* The whole file at path into b (at most RM_SIMGRID_MAX_BYTES). 0 ok. */
static int sg_slurp(const char *path, sg_buf *b)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = rmi_sg_read_all(fd, b, (size_t)RM_SIMGRID_MAX_BYTES);
    close(fd);
    if (!rc && rmi_sg_buf_reserve(b, 1))
        rc = -1;
    if (!rc)
        b->d[b->n] = '\0';
    return rc;
}

static int sg_line_at(const sg_buf *b, size_t at)
{
    int line = 1;
    for (size_t i = 0; i < at && i < b->n; i++)
        line += b->d[i] == '\n';
    return line;
}

/* The line of the first occurrence of needle in the file, 0 if none. */
static int sg_find_line(const char *path, const char *needle)
{
    sg_buf b = {0};
    int line = 0;
    if (!sg_slurp(path, &b)) {
        const char *hit = strstr((const char *)b.d, needle);
        if (hit)
            line = sg_line_at(&b, (size_t)(hit - (const char *)b.d));
    }
    free(b.d);
    return line;
}

/* The value of attribute name in the tag [tag, end) into out (size n);
 * 0 if absent. */
static int sg_tag_attr(const char *tag, const char *end, const char *name, char *out, size_t n)
{
    size_t ln = strlen(name);
    for (const char *q = tag + 1; q + ln < end; q++) {
        if (strncmp(q, name, ln) != 0 || !(q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\n' ||
                                           q[-1] == '\r'))
            continue;
        const char *v = q + ln;
        while (v < end && (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r'))
            v++;
        if (v >= end || *v != '=')
            continue;
        v++;
        while (v < end && (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r'))
            v++;
        if (v >= end || (*v != '"' && *v != '\''))
            continue;
        const char *e = memchr(v + 1, *v, (size_t)(end - v - 1));
        if (!e)
            return 0;
        size_t len = (size_t)(e - v - 1);
        if (len >= n)
            len = n - 1;
        memcpy(out, v + 1, len);
        out[len] = '\0';
        return 1;
    }
    return 0;
}

/* The zone routings SimGrid 3.32 knows (sg_platf.cpp, case-insensitive; the
 * cluster topologies are <cluster topology=...>). */
static const char *const sg_routings[] = {"Full", "Floyd", "Dijkstra", "DijkstraCache",
                                          "None", "Vivaldi", "Cluster", "Wifi"};

/* SimGrid's "Not a valid model!" (an xbt_die that names nothing): the first
 * element of the file whose routing SimGrid 3.32 does not know, as
 * "line N: <AS id="x" routing="RuleBased">" into out. 1 found, 0 not. */
static int sg_unknown_routing(const char *path, char *out, size_t n)
{
    sg_buf b = {0};
    int found = 0;
    if (sg_slurp(path, &b)) {
        free(b.d);
        return 0;
    }
    const char *s = (const char *)b.d;
    for (const char *t = strchr(s, '<'); t && !found; t = strchr(t + 1, '<')) {
        if (t[1] == '!' || t[1] == '?' || t[1] == '/')
            continue;
        const char *end = strchr(t, '>');
        if (!end)
            break;
        char val[64], id[128] = "", elem[32];
        if (!sg_tag_attr(t, end, "routing", val, sizeof val))
            continue;
        int known = 0;
        for (size_t i = 0; i < sizeof sg_routings / sizeof sg_routings[0]; i++)
            known |= strcasecmp(val, sg_routings[i]) == 0;
        if (known)
            continue;
        size_t el = strcspn(t + 1, " \t\r\n/>");
        if (el >= sizeof elem)
            el = sizeof elem - 1;
        memcpy(elem, t + 1, el);
        elem[el] = '\0';
        sg_tag_attr(t, end, "id", id, sizeof id);
        snprintf(out, n, "line %d: <%s id=\"%s\" routing=\"%s\">", sg_line_at(&b, (size_t)(t - s)),
                 elem, id, val);
        found = 1;
    }
    free(b.d);
    return found;
}

/* SimGrid's messages that end with a list of every name it has (every
 * config key, every netpoint of the platform: thousands): the list cut to
 * its first names. */
static void sg_trim_lists(char *msg, size_t n, const char *path)
{
    static const char *const lists[] = {" Existing config keys:", " Existing netpoints:"};
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        char *l = strstr(msg, lists[i]);
        if (!l)
            continue;
        if (i == 0) { /* "Bad config key: X Existing config keys: ..." */
            char key[128] = "", needle[140];
            const char *k = strstr(msg, "Bad config key: ");
            if (k) {
                k += 16;
                size_t kl = strcspn(k, " ");
                if (k + kl > l)
                    kl = (size_t)(l - k);
                if (kl >= sizeof key)
                    kl = sizeof key - 1;
                memcpy(key, k, kl);
                key[kl] = '\0';
            }
            snprintf(needle, sizeof needle, "\"%s\"", key);
            int line = key[0] ? sg_find_line(path, needle) : 0;
            char tail[400];
            if (line)
                snprintf(tail, sizeof tail,
                         " (line %d: a <config> <prop id=\"%s\"> that SimGrid 3.32 does not "
                         "have; remove it)",
                         line, key);
            else
                snprintf(tail, sizeof tail, " (an option SimGrid 3.32 does not have)");
            *l = '\0';
            if (strlen(msg) + strlen(tail) < n)
                strcat(msg, tail);
            continue;
        }
        /* keep about 200 characters of names, cut after a whole name */
        char *cut = l + strlen(lists[i]);
        size_t keep = strlen(cut) > 200 ? 200 : strlen(cut);
        char *comma = keep < strlen(cut) ? cut + keep : NULL;
        while (comma && comma > cut && *comma != ',')
            comma--;
        if (comma && comma > cut) {
            const char *tail = ", ...";
            *comma = '\0';
            if (strlen(msg) + strlen(tail) < n)
                strcat(msg, tail);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* The file: kind, size, version                                              */
/* ------------------------------------------------------------------------ */

/* Version of the <platform> element among the first bytes: >= 0 the
 * number, -1 no version attribute, -2 no <platform> found there. */
static double sg_file_version(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -2;
    char buf[65536 + 1];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if (buf[i] == '\0')
            buf[i] = ' ';
    const char *p = strstr(buf, "<platform");
    while (p && !(p[9] == ' ' || p[9] == '\t' || p[9] == '\n' || p[9] == '\r' || p[9] == '>' ||
                  p[9] == '/'))
        p = strstr(p + 9, "<platform");
    if (!p)
        return -2;
    const char *end = strchr(p, '>');
    if (!end)
        return -2;
    char val[64];
    if (!sg_tag_attr(p, end, "version", val, sizeof val))
        return -1;
    char *e;
    double x = strtod(val, &e);
    if (e == val || !isfinite(x) || x < 0)
        return 0.0;
    return x;
}

/* Copy src to dst (a new file). 0 ok. */
static int sg_copy(const char *src, const char *dst)
{
    int in = open(src, O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return -1;
    int out = open(dst, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (out < 0) {
        close(in);
        return -1;
    }
    char buf[65536];
    int rc = 0;
    for (;;) {
        ssize_t r = read(in, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            rc = r < 0 ? -1 : 0;
            break;
        }
        for (ssize_t at = 0; at < r;) {
            ssize_t w = write(out, buf + at, (size_t)(r - at));
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                rc = -1;
                break;
            }
            at += w;
        }
        if (rc)
            break;
    }
    close(in);
    if (close(out))
        rc = -1;
    return rc;
}

/* Run `simgrid_update_xml file` (no shell). 0 ok, 127 not found, else its
 * failure. */
static int sg_run_update(const char *file)
{
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa))
        return -1;
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    char a0[] = "simgrid_update_xml";
    char *argv[] = {a0, (char *)file, NULL};
    pid_t pid;
    int rc = posix_spawnp(&pid, "simgrid_update_xml", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc == ENOENT)
        return 127;
    if (rc)
        return -1;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return -1;
}

/* ------------------------------------------------------------------------ */
/* The child                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct sg_load {
    sg_buf data;       /* the stream */
    char stderr_tail[512];
    int exit_code;     /* child's exit status, -1 if killed */
    int signal;        /* the signal that killed it, 0 if none */
} sg_load;

static rm_status sg_run_child(const char *path, sg_load *ld, rm_error *err, const char *shown,
                              int pairs_max)
{
    memset(ld, 0, sizeof *ld);
    char tmpl[] = "/tmp/ringmap-sg-err-XXXXXX";
    int efd = mkstemp(tmpl);
    if (efd >= 0)
        unlink(tmpl);
    int rfd = -1, wfd = -1;
    char dir[4096]; /* the user's file's directory (shown; path may be a converted copy) */
    pid_t pid = rmi_sg_fork(shown, efd, &rfd, &wfd, dir, sizeof dir, err);
    if (pid < 0) {
        if (efd >= 0)
            close(efd);
        return RM_EINTERNAL; /* pipe or fork failed: err says which */
    }
    if (pid == 0) /* the child: SimGrid's messages go to the temporary file */
        _exit(rmi_sg_child_extract(path, dir, wfd, RM_SIMGRID_MAX_HOSTS, pairs_max));
    int rr = rmi_sg_read_all(rfd, &ld->data, (size_t)1 << 31);
    close(rfd);
    int status = rmi_sg_reap(pid, rr == -3 || rr == -1);
    ld->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    ld->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    sg_stderr_tail(efd, ld->stderr_tail, sizeof ld->stderr_tail);
    if (efd >= 0)
        close(efd);
    if (rr == -1)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory reading SimGrid's platform", shown);
    if (rr == -3)
        return rm_error_set(err, RM_ELIMIT, "%s: the platform's routes exceed 2 GiB", shown);
    if (rr == -2)
        return rm_error_set(err, RM_EINTERNAL, "%s: cannot read from the SimGrid loader", shown);
    return RM_OK;
}

/* ------------------------------------------------------------------------ */
/* Decoding the stream                                                        */
/* ------------------------------------------------------------------------ */

typedef struct sg_data {
    int H;
    char **hname;
    double *speed;
    int *cores;
    int64_t *rstart; /* H*H + 1: pair (i, j) -> offset into rlinks, rlen -1: none */
    int32_t *rlen;   /* H*H */
    int32_t *rlinks;
    double *rextra;   /* H*H: latency SimGrid's route has outside its links, s */
    int n_extra;      /* routes with latency outside their links (Vivaldi) */
    double max_extra; /* the largest such latency, s */
    int L;
    char **lname;
    double *bw, *lat; /* bytes/s, s */
    int *policy;
    int n_routers; /* SimGrid's routers */
    int Z;         /* the hosts' zones */
    char **zname;
    int *zcluster; /* Z: 1 for a <cluster>'s zone */
    int *hzone;    /* H: the zone of each host */
} sg_data;

static void sg_data_free(sg_data *d)
{
    if (d->hname)
        for (int i = 0; i < d->H; i++)
            free(d->hname[i]);
    if (d->lname)
        for (int i = 0; i < d->L; i++)
            free(d->lname[i]);
    free(d->hname);
    free(d->speed);
    free(d->cores);
    free(d->rstart);
    free(d->rlen);
    free(d->rlinks);
    free(d->rextra);
    free(d->lname);
    free(d->bw);
    free(d->lat);
    free(d->policy);
    if (d->zname)
        for (int z = 0; z < d->Z; z++)
            free(d->zname[z]);
    free(d->zname);
    free(d->zcluster);
    free(d->hzone);
    memset(d, 0, sizeof *d);
}

/* The hosts, links, routers and zones of the pieces st moved into d (the
 * store keeps its routes and the links' latencies); d's route table stays
 * NULL. On a failed allocation d->hzone stays NULL: sg_names sees no zone. */
static void sg_data_from_store(rmi_sg_store *st, sg_data *d)
{
    memset(d, 0, sizeof *d);
    d->H = st->H;
    d->hname = st->hname;
    d->speed = st->speed;
    d->cores = st->cores;
    st->hname = NULL;
    st->speed = NULL;
    st->cores = NULL;
    d->L = st->L;
    d->lname = st->lname;
    d->bw = st->bw;
    d->policy = st->policy;
    st->lname = NULL;
    st->bw = NULL;
    st->policy = NULL;
    d->lat = malloc(((size_t)st->L + 1) * sizeof *d->lat);
    if (d->lat)
        memcpy(d->lat, st->lat, (size_t)st->L * sizeof *d->lat);
    d->n_routers = st->n_routers;
    d->Z = st->Z;
    d->zname = st->zname;
    d->zcluster = st->zcluster;
    st->zname = NULL;
    st->zcluster = NULL;
    d->hzone = malloc((size_t)st->H * sizeof *d->hzone);
    for (int i = 0; d->hzone && i < st->H; i++)
        d->hzone[i] = st->npzone[i] >= 0 ? st->npzone[i] : 0;
}

/* RM_OK, RM_ENOMEM, or RM_EINTERNAL (a stream that is not what the child
 * writes: *bad_at set). An "ERR!" record: RM_EINPUT with its message. */
static rm_status sg_decode(const sg_buf *b, sg_data *d, rm_error *err, const char *shown)
{
    rmi_sg_rd r = {b->d, b->n, 0, 0, 0};
    memset(d, 0, sizeof *d);
    int limit = rmi_sg_magic(&r, "LIM!");
    if (limit || rmi_sg_magic(&r, "ERR!")) {
        char *m = rmi_sg_str(&r);
        for (char *c = m; c && *c; c++)
            if ((unsigned char)*c < 0x20)
                *c = ' ';
        if (m)
            sg_trim_lists(m, strlen(m) + 1, shown);
        rm_status st = limit ? rm_error_set(err, RM_ELIMIT, "%s: %s", shown, m ? m : "too large")
                             : rm_error_set(err, RM_EINPUT, "%s: SimGrid: %s", shown, m ? m : "error");
        free(m);
        return st;
    }
    if (!rmi_sg_magic(&r, "RMSG") || rmi_sg_i32(&r) != 4)
        goto bad;
    int H = rmi_sg_i32(&r);
    if (r.bad || H < 1 || H > RM_SIMGRID_MAX_HOSTS)
        goto bad;
    d->H = H;
    d->hname = calloc((size_t)H, sizeof *d->hname);
    d->speed = malloc((size_t)H * sizeof *d->speed);
    d->cores = malloc((size_t)H * sizeof *d->cores);
    d->rstart = malloc(((size_t)H * H + 1) * sizeof *d->rstart);
    d->rlen = malloc((size_t)H * H * sizeof *d->rlen);
    if (!d->hname || !d->speed || !d->cores || !d->rstart || !d->rlen)
        goto nomem;
    switch (rmi_sg_records(&r, H, d->hname, d->speed, NULL, d->cores)) {
    case -1: goto nomem;
    case -2: goto bad;
    }
    /* routes: one pass to find their total length (the stream is in memory) */
    size_t at0 = r.at, total = 0;
    for (size_t k = 0; k < (size_t)H * H; k++) {
        if (k / H == k % H)
            continue;
        int32_t n = rmi_sg_i32(&r);
        if (r.bad || n < -1 || (n > 0 && (size_t)n > (r.n - r.at) / 4))
            goto bad;
        if (n > 0) {
            r.at += (size_t)n * 4;
            total += (size_t)n;
        }
        if (n >= 0)
            (void)rmi_sg_f64(&r);
    }
    d->rlinks = malloc((total ? total : 1) * sizeof *d->rlinks);
    d->rextra = calloc((size_t)H * H, sizeof *d->rextra);
    if (!d->rlinks || !d->rextra)
        goto nomem;
    r.at = at0;
    size_t at = 0;
    for (size_t k = 0; k < (size_t)H * H; k++) {
        d->rstart[k] = (int64_t)at;
        if (k / H == k % H) {
            d->rlen[k] = 0;
            continue;
        }
        int32_t n = rmi_sg_i32(&r);
        d->rlen[k] = n;
        for (int32_t i = 0; i < n; i++)
            d->rlinks[at++] = rmi_sg_i32(&r);
        if (n >= 0) {
            double x = rmi_sg_f64(&r);
            if (r.bad || !(x >= 0) || !isfinite(x))
                goto bad;
            d->rextra[k] = x;
        }
    }
    d->rstart[(size_t)H * H] = (int64_t)at;
    d->n_extra = rmi_sg_i32(&r);
    d->max_extra = rmi_sg_f64(&r);
    int L = rmi_sg_i32(&r);
    if (r.bad || L < 0 || (size_t)L > r.n - r.at)
        goto bad;
    d->L = L;
    d->lname = calloc((size_t)L + 1, sizeof *d->lname);
    d->bw = malloc(((size_t)L + 1) * sizeof *d->bw);
    d->lat = malloc(((size_t)L + 1) * sizeof *d->lat);
    d->policy = malloc(((size_t)L + 1) * sizeof *d->policy);
    if (!d->lname || !d->bw || !d->lat || !d->policy)
        goto nomem;
    switch (rmi_sg_records(&r, L, d->lname, d->bw, d->lat, d->policy)) {
    case -1: goto nomem;
    case -2: goto bad;
    }
    for (size_t k = 0; k < at; k++)
        if (d->rlinks[k] < 0 || d->rlinks[k] >= L)
            goto bad;
    d->n_routers = rmi_sg_i32(&r);
    int Z = rmi_sg_i32(&r);
    if (r.bad || d->n_routers < 0 || Z < 1 || Z > H)
        goto bad;
    d->Z = Z;
    d->zname = calloc((size_t)Z, sizeof *d->zname);
    d->zcluster = malloc((size_t)Z * sizeof *d->zcluster);
    d->hzone = malloc((size_t)H * sizeof *d->hzone);
    if (!d->zname || !d->zcluster || !d->hzone)
        goto nomem;
    for (int z = 0; z < Z; z++) {
        d->zname[z] = rmi_sg_str(&r);
        d->zcluster[z] = rmi_sg_i32(&r);
        if (r.nomem)
            goto nomem;
        if (r.bad)
            goto bad;
    }
    for (int i = 0; i < H; i++) {
        d->hzone[i] = rmi_sg_i32(&r);
        if (r.bad || d->hzone[i] < 0 || d->hzone[i] >= Z)
            goto bad;
    }
    if (!rmi_sg_magic(&r, "END!") || r.at != r.n)
        goto bad;
    return RM_OK;
bad:
    sg_data_free(d);
    return rm_error_set(err, RM_EINTERNAL, "%s: the SimGrid loader's output is truncated or malformed",
                        shown);
nomem:
    sg_data_free(d);
    return rm_error_set(err, RM_ENOMEM, "%s: out of memory for SimGrid's platform", shown);
}

/* ------------------------------------------------------------------------ */
/* Reachability: the largest set of mutually reachable hosts (greedy)         */
/* ------------------------------------------------------------------------ */

/* SimGrid gives a route between two distinct hosts that crosses links; an
 * empty route is what SimGrid's Full routing answers for a pair the file
 * gives no route (a free, instant transfer in SimGrid): no route here. */
static int sg_route_ok(const sg_data *d, size_t k)
{
    /* or a route of no link whose latency SimGrid computes (a Vivaldi
     * zone's hosts without links: the coordinates' distance) */
    return d->rlen[k] > 0 || (d->rlen[k] == 0 && d->rextra[k] > 0);
}

/* alive[i] = 1 on entry for the hosts that may be kept, 1 on return for
 * the hosts kept. Greedy: while some kept pair has no route, drop the kept
 * host missing the most routes (ties: the last one). O(H^2). Returns the
 * number kept, -1 on ENOMEM. */
static int sg_reachable(const sg_data *d, char *alive)
{
    int H = d->H;
    if (H < 1) /* never: the stream has >= 1 host */
        return 0;
    int *miss = calloc((size_t)H, sizeof *miss);
    if (!miss)
        return -1;
    int kept = 0;
    for (int i = 0; i < H; i++) {
        if (!alive[i])
            continue;
        kept++;
        for (int j = 0; j < H; j++)
            if (i != j && alive[j] && !sg_route_ok(d, (size_t)i * H + j)) {
                miss[i]++;
                miss[j]++;
            }
    }
    for (;;) {
        int worst = -1;
        for (int i = 0; i < H; i++)
            if (alive[i] && miss[i] > 0 && (worst < 0 || miss[i] >= miss[worst]))
                worst = i;
        if (worst < 0)
            break;
        alive[worst] = 0;
        kept--;
        for (int j = 0; j < H; j++) {
            if (j == worst || !alive[j])
                continue;
            if (!sg_route_ok(d, (size_t)worst * H + j))
                miss[j]--;
            if (!sg_route_ok(d, (size_t)j * H + worst))
                miss[j]--;
        }
    }
    free(miss);
    return kept;
}

/* ------------------------------------------------------------------------ */
/* The platform                                                               */
/* ------------------------------------------------------------------------ */

/* The connection links: (tail, head) -> link index. */
typedef rmi_sg_pairmap sg_conn;

/* Index of (u, v), adding it as index *next if new; -1 ENOMEM. */
static int sg_conn_get(sg_conn *c, int u, int v, int *next)
{
    int added;
    int *slot = rmi_sg_pairmap_slot(c, u, v, 1024, &added);
    if (!slot)
        return -1;
    if (added)
        *slot = (*next)++;
    return *slot;
}

typedef struct sg_lk {
    int u, v;
    double lat; /* s: 0, or the latency SimGrid's route has outside its links */
} sg_lk;

/* The routes of the kept hosts as the platform's node and link numbering:
 * hosts first (hpos), then each link a route crosses (in order of first
 * use: lorig[used] = SimGrid link, lpos the inverse) as an entry and an exit
 * node joined by the link; then the connection links (the hops between
 * hosts and link ends, numbered from Lu up to next - 1, ends in cl). */
typedef struct sg_routes {
    int *hpos;  /* H: host -> kept position, -1 if left out */
    int *lpos;  /* L: SimGrid link -> used index, -1 if unused */
    int *lorig; /* L: used index -> SimGrid link */
    int Lu;     /* links used by the routes */
    size_t total; /* route entries (connections and links) */
    sg_conn conn;
    sg_lk *cl; /* connection links next - Lu */
    size_t ncl_cap;
    int next; /* links in all: used links + connections */
    int *rs, *rl; /* fixed_route_start, fixed_route_links */
} sg_routes;

static void sg_routes_free(sg_routes *r)
{
    free(r->hpos);
    free(r->lpos);
    free(r->lorig);
    free(r->conn.key);
    free(r->conn.val);
    free(r->cl);
    free(r->rs);
    free(r->rl);
}

/* The kept positions of the hosts, the used links and the size of the
 * route table (r->hpos, lpos, lorig, Lu, total). -1 ENOMEM. */
static int sg_used_links(const sg_data *d, const char *alive, sg_routes *r)
{
    int H = d->H;
    r->hpos = malloc((size_t)H * sizeof *r->hpos);
    r->lpos = malloc(((size_t)d->L + 1) * sizeof *r->lpos);
    r->lorig = malloc(((size_t)d->L + 1) * sizeof *r->lorig);
    if (!r->hpos || !r->lpos || !r->lorig)
        return -1;
    int k = 0;
    for (int i = 0; i < H; i++)
        r->hpos[i] = alive[i] ? k++ : -1;
    r->Lu = 0;
    for (int l = 0; l < d->L; l++)
        r->lpos[l] = -1;
    r->total = 0;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < H; j++) {
            if (i == j || !alive[i] || !alive[j])
                continue;
            size_t q = (size_t)i * H + j;
            for (int32_t t = 0; t < d->rlen[q]; t++) {
                int l = d->rlinks[d->rstart[q] + t];
                if (r->lpos[l] < 0) {
                    r->lorig[r->Lu] = l;
                    r->lpos[l] = r->Lu++;
                }
            }
            r->total += 2 * (size_t)d->rlen[q] + 1;
        }
    return 0;
}

/* The first link route q crosses twice (WIFI access points excepted, a
 * route between two stations crosses theirs twice), or -1. */
static int sg_route_twice(const sg_data *d, size_t q)
{
    for (int32_t t = 1; t < d->rlen[q]; t++)
        for (int32_t u = 0; u < t; u++)
            if (d->rlinks[d->rstart[q] + t] == d->rlinks[d->rstart[q] + u] &&
                d->policy[d->rlinks[d->rstart[q] + t]] != RM_SG_WIFI)
                return d->rlinks[d->rstart[q] + t];
    return -1;
}

/* The route of kept hosts i -> j, entries from rl[*at]: each hop to a
 * link's entry (or to j) on a connection link, then the link. -1 ENOMEM. */
static int sg_route_append(const sg_data *d, int kept, int i, int j, sg_routes *r, size_t *at)
{
    size_t q = (size_t)i * d->H + j;
    int prev = r->hpos[i];
    double extra = d->rextra[q];
    for (int32_t t = 0; t <= d->rlen[q]; t++) {
        int l = t < d->rlen[q] ? r->lpos[d->rlinks[d->rstart[q] + t]] : -1;
        int to = l >= 0 ? kept + 2 * l : r->hpos[j];
        int before = r->next;
        /* the last hop of a route with latency outside its links
         * (Vivaldi coordinates): a connection of its own that
         * carries that latency; else the shared one */
        int c = extra > 0 && l < 0 ? r->next++ : sg_conn_get(&r->conn, prev, to, &r->next);
        if (c < 0)
            return -1;
        if (c == before) { /* a new connection link */
            if ((size_t)(c - r->Lu) >= r->ncl_cap) {
                size_t nc = r->ncl_cap ? 2 * r->ncl_cap : 1024;
                sg_lk *x = realloc(r->cl, nc * sizeof *r->cl);
                if (!x)
                    return -1;
                r->cl = x;
                r->ncl_cap = nc;
            }
            r->cl[c - r->Lu].u = prev;
            r->cl[c - r->Lu].v = to;
            r->cl[c - r->Lu].lat = l < 0 ? extra : 0.0;
        }
        r->rl[(*at)++] = c;
        if (l >= 0) {
            r->rl[(*at)++] = l;
            prev = kept + 2 * l + 1;
        }
    }
    return 0;
}

/* Convert: the route table of the kept hosts (r; see sg_routes). */
static rm_status sg_routes_make(const sg_data *d, const char *alive, int kept, const char *path,
                                sg_routes *r, int *N, rm_error *err)
{
    int H = d->H;
    if (sg_used_links(d, alive, r))
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
    /* nodes: kept hosts, then each used link's entry and exit */
    long nn = (long)kept + 2L * r->Lu;
    if (nn > INT32_MAX / 2 || r->total > (size_t)INT32_MAX)
        return rm_error_set(err, RM_ELIMIT, "%s: the platform's routes are too large", path);
    *N = (int)nn;
    r->next = r->Lu; /* connection links are numbered after the used links */
    r->rs = malloc(((size_t)kept * kept + 1) * sizeof *r->rs);
    r->rl = malloc((r->total ? r->total : 1) * sizeof *r->rl);
    if (!r->rs || !r->rl)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
    size_t at = 0;
    for (int i = 0; i < H; i++) {
        if (!alive[i])
            continue;
        for (int j = 0; j < H; j++) {
            if (!alive[j])
                continue;
            r->rs[(size_t)r->hpos[i] * kept + r->hpos[j]] = (int)at;
            if (i == j)
                continue;
            int l = sg_route_twice(d, (size_t)i * H + j);
            if (l >= 0)
                return rm_error_set(err, RM_EINPUT,
                                    "%s: SimGrid's route %s -> %s crosses link \"%s\" twice "
                                    "(%s): the model has no route through one link twice",
                                    path, d->hname[i], d->hname[j], d->lname[l],
                                    d->policy[l] == RM_SG_WIFI ? "a WIFI access point" : "a loop");
            if (sg_route_append(d, kept, i, j, r, &at))
                return rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform",
                                    path);
        }
    }
    r->rs[(size_t)kept * kept] = (int)at;
    return RM_OK;
}

/* Build: the kept hosts' nodes (w from speed x cores, or one core's speed
 * with ro->one_core). */
static rm_status sg_build_hosts(const sg_data *d, const char *alive, const sg_routes *r,
                                const char *path, const rm_read_options *ro, rm_platform *p,
                                rm_error *err)
{
    for (int i = 0; i < d->H; i++) {
        if (!alive[i])
            continue;
        rm_node *nd = &p->nodes[r->hpos[i]];
        nd->is_host = 1;
        double cores = ro && ro->one_core ? 1.0 : (d->cores[i] > 0 ? d->cores[i] : 1);
        double sp = d->speed[i] * cores; /* flop/s */
        if (!(sp > 0) || !isfinite(sp))
            return rm_error_set(err, RM_EINPUT, "%s: host \"%s\": speed %g flop/s (must be > 0)",
                                path, d->hname[i], d->speed[i]);
        nd->w = 1e6 / sp; /* s/Mflop */
        if (rm_platform_set_label(p, r->hpos[i], d->hname[i]))
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
    }
    return RM_OK;
}

/* Build: each used link as its entry and exit nodes and the link between
 * them (bytes/s -> Mb/s); counts split-duplex, FATPIPE and WIFI links in
 * info. */
static rm_status sg_build_links(const sg_data *d, int kept, const sg_routes *r, const char *path,
                                rm_platform *p, rm_simgrid_info *info, rm_error *err)
{
    for (int l = 0; l < r->Lu; l++) {
        int o = r->lorig[l];
        size_t len = strlen(d->lname[o]);
        char *lab = malloc(len + 16);
        if (!lab)
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
        snprintf(lab, len + 16, "link:%s:in", d->lname[o]);
        rm_status st = rm_platform_set_label(p, kept + 2 * l, lab);
        snprintf(lab, len + 16, "link:%s:out", d->lname[o]);
        if (!st)
            st = rm_platform_set_label(p, kept + 2 * l + 1, lab);
        free(lab);
        if (st)
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
        rm_link *lk = &p->links[l];
        lk->source = kept + 2 * l;
        lk->target = kept + 2 * l + 1;
        lk->bandwidth = d->bw[o] * 8.0 / 1e6;
        lk->latency = d->lat[o];
        lk->backbone = d->policy[o] == RM_SG_FATPIPE;
        if (!(lk->latency >= 0) || !isfinite(lk->latency))
            return rm_error_set(err, RM_EINPUT, "%s: link \"%s\": latency %g s", path, d->lname[o],
                                d->lat[o]);
        if (d->policy[o] == RM_SG_NONLINEAR)
            return rm_error_set(err, RM_EINPUT,
                                "%s: link \"%s\": sharing policy NONLINEAR (a user callback) has no "
                                "bandwidth the model can take",
                                path, d->lname[o]);
        if (info) {
            size_t n = strlen(d->lname[o]);
            if ((n > 3 && strcmp(d->lname[o] + n - 3, "_UP") == 0) ||
                (n > 5 && strcmp(d->lname[o] + n - 5, "_DOWN") == 0))
                info->n_splitduplex++;
            info->n_fatpipe += d->policy[o] == RM_SG_FATPIPE;
            info->n_wifi += d->policy[o] == RM_SG_WIFI;
        }
    }
    /* connection links: no capacity of their own (a backbone far wider than
     * any link of the file), no latency */
    double maxbw = 0.0;
    for (int l = 0; l < r->Lu; l++) {
        double mb = d->bw[r->lorig[l]] * 8.0 / 1e6; /* bytes/s -> Mb/s */
        if (mb > maxbw)
            maxbw = mb;
    }
    double cbw = maxbw > 0 ? maxbw * 1e3 : 1e6;
    for (int c = r->Lu; c < r->next; c++) {
        rm_link *lk = &p->links[c];
        lk->source = r->cl[c - r->Lu].u;
        lk->target = r->cl[c - r->Lu].v;
        lk->bandwidth = cbw;
        lk->latency = r->cl[c - r->Lu].lat;
        lk->backbone = 1;
    }
    return RM_OK;
}

/* The file's names on the platform (rm_platform.link_ids, n_file_routers,
 * the clusters as groups, n_latency_routes): -1 ENOMEM. */
static int sg_names(const sg_data *d, const char *alive, const sg_routes *r, rm_platform *p)
{
    p->link_ids = calloc((size_t)p->n_links + 1, sizeof *p->link_ids);
    p->node_group = malloc(((size_t)p->n_nodes + 1) * sizeof *p->node_group);
    int *gz = malloc(((size_t)d->Z + 1) * sizeof *gz); /* zone -> group, -1 */
    if (!p->link_ids || !p->node_group || !gz) {
        free(gz);
        return -1;
    }
    for (int l = 0; l < r->Lu; l++)
        if (!(p->link_ids[l] = strdup(d->lname[r->lorig[l]]))) {
            free(gz);
            return -1;
        }
    p->n_file_routers = d->n_routers;
    for (int v = 0; v < p->n_nodes; v++)
        p->node_group[v] = -1;
    for (int z = 0; z < d->Z; z++)
        gz[z] = -1;
    for (int i = 0; i < d->H; i++) {
        int z = d->hzone[i];
        if (!alive[i] || !d->zcluster[z])
            continue;
        if (gz[z] < 0) {
            char **g = realloc(p->group_names, ((size_t)p->n_groups + 1) * sizeof *g);
            if (!g) {
                free(gz);
                return -1;
            }
            p->group_names = g;
            if (!(g[p->n_groups] = strdup(d->zname[z]))) {
                free(gz);
                return -1;
            }
            gz[z] = p->n_groups++;
        }
        p->node_group[r->hpos[i]] = gz[z];
    }
    free(gz);
    for (int i = 0; d->rlen && i < d->H; i++)
        for (int j = 0; alive[i] && j < d->H; j++) {
            size_t q = (size_t)i * d->H + j;
            if (i != j && alive[j] && d->rlen[q] == 0 && d->rextra[q] > 0)
                p->n_latency_routes++;
        }
    return 0;
}

/* A platform of n_nodes nodes and n_links links named after the file's stem,
 * with the kept hosts (sg_build_hosts) and the file's links (sg_build_links)
 * set: the part both readers (the all-pairs table and the route pieces)
 * share. *out gets the platform, also when a later step fails (the caller
 * frees it). RM_ENOMEM, or the two builders' errors. O(H + L). */
static rm_status sg_platform_new(const sg_data *d, const char *alive, int kept, const sg_routes *r,
                                 const char *path, const rm_read_options *ro, int n_nodes,
                                 int n_links, rm_simgrid_info *info, rm_platform **out,
                                 rm_error *err)
{
    char *name = rmi_path_stem(path);
    rm_platform *p = name ? rm_platform_new(name, n_nodes, n_links, 1) : NULL;
    free(name);
    *out = p;
    if (!p)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
    rm_status st = sg_build_hosts(d, alive, r, path, ro, p, err);
    return st ? st : sg_build_links(d, kept, r, path, p, info, err);
}

static rm_status sg_build(const sg_data *d, const char *alive, int kept, const char *path,
                          const rm_read_options *ro, rm_platform **out, rm_simgrid_info *info,
                          rm_error *err)
{
    sg_routes r = {0};
    rm_platform *p = NULL;
    int N = 0;
    rm_status st = sg_routes_make(d, alive, kept, path, &r, &N, err);
    if (st)
        goto done;
    if ((st = sg_platform_new(d, alive, kept, &r, path, ro, N, r.next, info, &p, err)))
        goto done;
    p->fixed_route_start = r.rs;
    p->fixed_route_links = r.rl;
    r.rs = r.rl = NULL;
    if (sg_names(d, alive, &r, p)) {
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
        goto done;
    }
    if (info) {
        info->n_hosts = d->H;
        info->n_kept = kept;
        info->n_links = r.Lu;
        info->n_connections = r.next - r.Lu;
    }
    if ((st = rm_platform_finalize(p, err))) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
        st = rm_error_set(err, st, "%s: %s", path, msg);
        goto done;
    }
    rmi_platform_warn_unusable(p, path, ro); /* links too slow for the model (topo/io/unusable.h) */
    *out = p;
    p = NULL;
done:
    rm_platform_free(p);
    sg_routes_free(&r);
    return st;
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                               */
/* ------------------------------------------------------------------------ */

/* The file must be a regular, readable file of bounded size. */
static rm_status sg_check_file(const char *path, rm_error *err)
{
    struct stat sb;
    if (stat(path, &sb))
        return rm_error_set(err, RM_EINPUT, "%s: cannot open file: %s", path, strerror(errno));
    if (!S_ISREG(sb.st_mode))
        return rm_error_set(err, RM_EINPUT, "%s: not a regular file (a SimGrid platform file is expected)",
                            path);
    if ((uint64_t)sb.st_size > RM_SIMGRID_MAX_BYTES)
        return rm_error_set(err, RM_ELIMIT,
                            "%s: %lld bytes: larger than the %lld bytes ringmap reads as a SimGrid "
                            "platform",
                            path, (long long)sb.st_size, (long long)RM_SIMGRID_MAX_BYTES);
    if (access(path, R_OK))
        return rm_error_set(err, RM_EINPUT, "%s: cannot open file: %s", path, strerror(errno));
    FILE *f = fopen(path, "rb");
    unsigned char bom[3];
    int has_bom = f && fread(bom, 1, 3, f) == 3 && bom[0] == 0xEF && bom[1] == 0xBB && bom[2] == 0xBF;
    if (f)
        fclose(f);
    if (has_bom) /* the other readers skip it; SimGrid's own XML parser cannot */
        return rm_error_set(err, RM_EINPUT,
                            "%s: starts with a UTF-8 byte order mark, which SimGrid's XML parser "
                            "refuses: remove its first 3 bytes",
                            path);
    return RM_OK;
}

/* Open the file at path (shown as `shown`), read it whole (a regular file
 * of at most RM_SIMGRID_MAX_BYTES, checked on the descriptor) and check it
 * with rmi_sg_vet (topo/io/sg_vet.h): XML, and no configuration key a
 * platform may not set. *fd: the open file, for SimGrid to load. */
static rm_status sg_open_vetted(const char *path, const char *shown, int *fd, rm_error *err)
{
    *fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (*fd < 0)
        return rm_error_set(err, RM_EINPUT, "%s: cannot open file: %s", shown, strerror(errno));
    struct stat sb;
    rm_status st = RM_OK;
    if (fstat(*fd, &sb) || !S_ISREG(sb.st_mode))
        st = rm_error_set(err, RM_EINPUT,
                          "%s: not a regular file (a SimGrid platform file is expected)", shown);
    else if ((uint64_t)sb.st_size > RM_SIMGRID_MAX_BYTES)
        st = rm_error_set(err, RM_ELIMIT,
                          "%s: %lld bytes: larger than the %lld bytes ringmap reads as a SimGrid "
                          "platform",
                          shown, (long long)sb.st_size, (long long)RM_SIMGRID_MAX_BYTES);
    sg_buf b = {0};
    if (!st) {
        int rc = rmi_sg_read_all(*fd, &b, (size_t)RM_SIMGRID_MAX_BYTES);
        if (rc == -1)
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", shown);
        else if (rc == -3)
            st = rm_error_set(err, RM_ELIMIT,
                              "%s: larger than the %lld bytes ringmap reads as a SimGrid platform",
                              shown, (long long)RM_SIMGRID_MAX_BYTES);
        else if (rc)
            st = rm_error_set(err, RM_EINPUT, "%s: cannot read file: %s", shown, strerror(errno));
    }
    if (!st)
        st = rmi_sg_vet(b.d, b.n, shown, err);
    free(b.d);
    if (st) {
        close(*fd);
        *fd = -1;
    }
    return st;
}

/* A file older than version 4 converted by simgrid_update_xml into
 * dir/p.xml (copy, size ncopy; dir a mkdtemp template); version ver. */
static rm_status sg_convert_old(const char *path, double ver, const rm_read_options *ro, char *dir,
                                char *copy, size_t ncopy, rm_error *err)
{
    if (!mkdtemp(dir))
        return rm_error_set(err, RM_EINTERNAL, "%s: cannot make a temporary directory: %s", path,
                            strerror(errno));
    snprintf(copy, ncopy, "%s/p.xml", dir);
    int rc = sg_copy(path, copy) ? -2 : sg_run_update(copy);
    if (rc) {
        unlink(copy);
        rmdir(dir);
        copy[0] = '\0';
        if (rc == 127)
            return rm_error_set(err, RM_EINPUT,
                                "%s: SimGrid platform version %g: SimGrid reads version 4 only "
                                "and simgrid_update_xml (which converts older files) is not "
                                "installed; convert the file with it",
                                path, ver);
        return rm_error_set(err, RM_EINPUT,
                            "%s: SimGrid platform version %g: simgrid_update_xml could not "
                            "convert it to version 4 (status %d)",
                            path, ver, rc);
    }
    sg_warn(ro,
            "%s: SimGrid platform version %g converted to version 4 with simgrid_update_xml "
            "(on a temporary copy; the file is unchanged)",
            path, ver);
    return RM_OK;
}

/* What a failed SimGrid child said, as an error naming the file. */
static rm_status sg_child_failed(const char *path, const sg_load *ld, rm_error *err)
{
    char where[300];
    if (strstr(ld->stderr_tail, "Not a valid model") && sg_unknown_routing(path, where, sizeof where))
        /* SimGrid's abort names nothing: name the zone */
        return rm_error_set(err, RM_EINPUT,
                            "%s: %s: SimGrid 3.32 has no such routing (it knows Full, Floyd, "
                            "Dijkstra, DijkstraCache, None, Vivaldi, Cluster, Wifi; RuleBased "
                            "is gone from SimGrid: write the zone's routes with Full or Floyd); "
                            "SimGrid said: Not a valid model!",
                            path, where);
    /* a deployment file (<actor>/<process> on hosts it does not
     * declare) given for the platform */
    const char *hint = strstr(ld->stderr_tail, "Cannot create actor")
                           ? " (a deployment file? ringmap reads the platform file: "
                             "its hosts, links and routes)"
                           : "";
    if (ld->signal)
        return rm_error_set(err, RM_EINPUT, "%s: SimGrid failed to load it (signal %d): %s%s",
                            path, ld->signal,
                            ld->stderr_tail[0] ? ld->stderr_tail : "no message", hint);
    return rm_error_set(err, RM_EINPUT, "%s: SimGrid failed to load it (status %d): %s%s", path,
                        ld->exit_code, ld->stderr_tail[0] ? ld->stderr_tail : "no message", hint);
}

/* Parse: SimGrid loads the file (converted first if older than version 4)
 * in a child; its hosts, links and routes decoded into d. */
static rm_status sg_parse(const char *path, const rm_read_options *ro, rm_simgrid_info *inf,
                          int pairs_max, sg_data *d, rmi_sg_store **pst, rm_error *err)
{
    rm_status st = sg_check_file(path, err);
    if (st)
        return st;
    { /* the trace, profile and included files it names (topo/io/sg_files.h) */
        char dir[4096];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash)
            *(slash == dir ? slash + 1 : slash) = '\0';
        else
            snprintf(dir, sizeof dir, ".");
        if ((st = rmi_sg_check_files(path, dir, err)))
            return st;
    }
    double ver = sg_file_version(path);
    inf->version = ver;
    if (ver == -1)
        return rm_error_set(err, RM_EINPUT,
                            "%s: <platform> has no version attribute (SimGrid reads version 4: "
                            "write version=\"4.1\" if the file is in that format, or convert an "
                            "older file with simgrid_update_xml)",
                            path);
    /* SimGrid is given the file that was checked, by its descriptor
     * (/proc/self/fd/N: no other file swapped in, no name ending in .so that
     * SimGrid would dlopen) */
    int fd = -1;
    if ((st = sg_open_vetted(path, path, &fd, err)))
        return st;
    char load[64];
    snprintf(load, sizeof load, "/proc/self/fd/%d", fd);
    if (access(load, R_OK))
        snprintf(load, sizeof load, "%s", ""); /* no /proc: by its name */
    char dir[] = "/tmp/ringmap-sg-XXXXXX";
    char copy[sizeof dir + 16] = "";
    if (ver >= 0 && ver < 4) {
        if ((st = sg_convert_old(path, ver, ro, dir, copy, sizeof copy, err))) {
            close(fd);
            return st;
        }
        inf->converted = 1;
        int cfd = -1; /* the converted copy is checked as well */
        char shown_copy[4200];
        snprintf(shown_copy, sizeof shown_copy, "%s (converted copy)", path);
        st = sg_open_vetted(copy, shown_copy, &cfd, err);
        if (!st) {
            close(fd);
            fd = cfd;
            snprintf(load, sizeof load, "/proc/self/fd/%d", fd);
            if (access(load, R_OK))
                snprintf(load, sizeof load, "%s", "");
        }
    }
    sg_load ld;
    memset(&ld, 0, sizeof ld);
    if (!st)
        st = sg_run_child(load[0] ? load : copy[0] ? copy : path, &ld, err, path, pairs_max);
    close(fd);
    if (copy[0]) {
        unlink(copy);
        rmdir(dir);
    }
    if (!st) {
        if (ld.signal || (ld.exit_code != 0 && ld.exit_code != 3))
            st = sg_child_failed(path, &ld, err);
        else if (ld.data.n >= 4 && memcmp(ld.data.d, "RMSP", 4) == 0) {
            /* above pairs_max hosts: the route pieces (topo/io/sg_store.h) */
            *pst = calloc(1, sizeof **pst);
            st = *pst ? rmi_sg_store_decode(ld.data.d, ld.data.n, *pst, err, path)
                      : rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
            if (st) {
                free(*pst);
                *pst = NULL;
            } else
                sg_data_from_store(*pst, d);
        } else
            st = sg_decode(&ld.data, d, err, path);
        if (st && err && load[0])
            sg_replace(err->msg, sizeof err->msg, load, copy[0] ? "(converted copy)" : path);
        if (st && copy[0] && err)
            sg_replace(err->msg, sizeof err->msg, copy, "(converted copy)");
    }
    free(ld.data.d);
    return st;
}

/* Convert: WIFI links get the file's first rate (SimGrid's API gives no
 * rate: get_bandwidth is 1, the normalised capacity of the link's
 * constraint; rate level 0 taken for every station), then every link
 * crossed by a route must have a bandwidth > 0 and a latency >= 0. */
static rm_status sg_link_values(const char *path, const rm_read_options *ro, sg_data *d,
                                rm_error *err)
{
    for (int l = 0; l < d->L; l++) {
        if (d->policy[l] != RM_SG_WIFI)
            continue;
        double rates[64];
        int nr = rmi_sg_wifi_rates(path, d->lname[l], rates, 64);
        if (nr < 1 || !(rates[0] > 0) || !isfinite(rates[0]))
            return rm_error_set(err, RM_EINPUT,
                                "%s: WIFI link \"%s\": no rate found in the file's <link "
                                "bandwidth> (SimGrid gives no bandwidth for a WIFI link): the model "
                                "cannot take it",
                                path, d->lname[l]);
        char list[256];
        size_t o = 0;
        list[0] = '\0';
        for (int i = 0; i < nr && o + 32 < sizeof list; i++)
            o += (size_t)snprintf(list + o, sizeof list - o, "%s%g", i ? ", " : "",
                                  rates[i] * 8.0 / 1e6);
        sg_warn(ro,
                "%s: WIFI link \"%s\": rates %s Mb/s; taken at its first rate, %g Mb/s (rate "
                "level 0 for every station; SimGrid needs each station's level set by the "
                "program, Link::set_host_wifi_rate, or aborts its first transfer); a route "
                "between two stations crosses it twice (up to the access point, down to the "
                "other station) and counts twice on it, as in SimGrid's sharing",
                path, d->lname[l], list, rates[0] * 8.0 / 1e6);
        d->bw[l] = rates[0];
    }
    /* the links' values (only links crossed by routes were sent) */
    for (int l = 0; l < d->L; l++) {
        if (!(d->bw[l] > 0) || !isfinite(d->bw[l]))
            return rm_error_set(err, RM_EINPUT,
                                "%s: link \"%s\": bandwidth %g bytes/s (SimGrid's value) must be "
                                "finite and > 0",
                                path, d->lname[l], d->bw[l]);
        if (!(d->lat[l] >= 0) || !isfinite(d->lat[l]))
            return rm_error_set(err, RM_EINPUT,
                                "%s: link \"%s\": latency %g s (SimGrid's value) must be finite "
                                "and >= 0",
                                path, d->lname[l], d->lat[l]);
    }
    return RM_OK;
}

/* Warn of the hosts left out (alive[i] == 0 and pick(d, i)): n of them,
 * the first names then "... (n in all)"; what says why. */
static void sg_warn_left_out(const char *path, const rm_read_options *ro, const sg_data *d,
                             const char *alive, int by_speed, int n, int of)
{
    char names[700];
    size_t o = 0;
    int shown = 0;
    names[0] = '\0';
    for (int i = 0; i < d->H && o < sizeof names - 80; i++)
        if (!alive[i] && (by_speed ? d->speed[i] == 0.0 : d->speed[i] != 0.0)) {
            o += (size_t)snprintf(names + o, sizeof names - o, "%s%s", shown ? ", " : "",
                                  d->hname[i]);
            shown++;
        }
    if (shown < n)
        snprintf(names + o, sizeof names - o, ", ... (%d in all)", n);
    if (by_speed)
        sg_warn(ro, "%s: %d host(s) of speed 0 left out (they cannot compute): %s", path, n,
                names);
    else
        sg_warn(ro,
                "%s: %d of %d hosts left out: SimGrid has no route (crossing links) "
                "between them and the others: %s",
                path, n, of, names);
}

/* The warnings after a platform is built: routes with latency outside
 * their links, and the core-count policy (docs/simgrid.md) when it
 * matters. */
static void sg_warn_built(const char *path, const rm_read_options *ro, const sg_data *d,
                          const char *alive)
{
    if (d->n_extra > 0)
        sg_warn(ro,
                "%s: SimGrid gives %d route(s) more latency than their links have (up to %g "
                "s: Vivaldi coordinates?); each such route is taken with SimGrid's route "
                "latency (Host::route_to): the excess on a connection of its own",
                path, d->n_extra, d->max_extra);
    if (ro->one_core)
        return;
    int multi = 0, maxc = 1;
    for (int i = 0; i < d->H; i++)
        if (alive[i] && d->cores[i] > 1) {
            multi++;
            if (d->cores[i] > maxc)
                maxc = d->cores[i];
        }
    if (multi)
        sg_warn(ro,
                "%s: %d host(s) with several cores (up to %d): w = speed x cores (one "
                "multi-threaded rank per host, the default); for single-threaded ranks "
                "(iterapp, one MPI rank per host) map with --one-core (w = speed)",
                path, multi, maxc);
}

/* Convert and build: hosts of speed 0 left out (a battery, a solar panel:
 * energy plugins' hosts cannot take a share of the work), then the hosts
 * no route joins to the others; the platform of the rest. */
static rm_status sg_keep_and_build(const char *path, const rm_read_options *ro, sg_data *d,
                                   rm_platform **out, rm_simgrid_info *inf, rm_error *err)
{
    char *alive = malloc((size_t)d->H);
    int nzero = 0;
    for (int i = 0; alive && i < d->H; i++) {
        alive[i] = d->speed[i] != 0.0; /* NaN, < 0, inf: refused below, naming the host */
        nzero += !alive[i];
    }
    if (alive && nzero)
        sg_warn_left_out(path, ro, d, alive, 1, nzero, d->H);
    int kept = alive ? sg_reachable(d, alive) : -1;
    if (kept < 0) {
        free(alive);
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    }
    rm_status st;
    if (d->H - nzero < 1) {
        st = rm_error_set(err, RM_EINPUT,
                          "%s: every host has speed 0 (%d host(s)): no host can compute, "
                          "nothing to map",
                          path, d->H);
    } else if (kept < 2 && d->H - nzero >= 2) {
        st = rm_error_set(err, RM_EINPUT,
                          "%s: SimGrid gives no route (crossing links) between any two of its "
                          "%d hosts%s",
                          path, d->H - nzero, nzero ? " of speed > 0" : "");
    } else {
        if (kept < d->H - nzero)
            sg_warn_left_out(path, ro, d, alive, 0, d->H - nzero - kept, d->H - nzero);
        st = sg_build(d, alive, kept, path, ro, out, inf, err);
        if (!st)
            sg_warn_built(path, ro, d, alive);
    }
    free(alive);
    return st;
}

/* The platform on the pieces (struct rm_fixed_pieces, topo/io/sg_store.h):
 * the kept hosts, every link of the pieces (entry, exit), one hub node and
 * the connection links to and from it; the store handed over to the
 * platform (freed on an error). */
static rm_status sg_pieces_build(const sg_data *d, const char *alive, int kept, const char *path,
                                 const rm_read_options *ro, rmi_sg_store *pst, rmi_sg_survey *sv,
                                 rm_platform **out, rm_simgrid_info *info, rm_error *err)
{
    sg_routes r = {0};
    rm_platform *p = NULL;
    rm_status st = RM_OK;
    struct rm_fixed_pieces *fp = calloc(1, sizeof *fp);
    int L = d->L;
    long nn = (long)kept + 2L * L + 1, nl = (long)L + 2L * kept + 2L * L;
    if (nn > INT32_MAX / 2 || nl > INT32_MAX / 2) {
        st = rm_error_set(err, RM_ELIMIT, "%s: the platform's routes are too large", path);
        goto done;
    }
    r.hpos = malloc((size_t)d->H * sizeof *r.hpos);
    r.lorig = malloc(((size_t)L + 1) * sizeof *r.lorig);
    r.cl = malloc(((size_t)(nl - L) + 1) * sizeof *r.cl);
    if (fp)
        fp->st_host = malloc(((size_t)kept + 1) * sizeof *fp->st_host);
    if (!fp || !r.hpos || !r.lorig || !r.cl || !fp->st_host) {
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
        goto done;
    }
    for (int i = 0, k = 0; i < d->H; i++) {
        r.hpos[i] = alive[i] ? k : -1;
        if (alive[i])
            fp->st_host[k++] = i;
    }
    r.Lu = L;
    if (!(fp->lpos = malloc(((size_t)L + 1) * sizeof *fp->lpos)) ||
        rmi_sg_store_link_order(pst, alive, r.lorig, fp->lpos, &fp->n_used)) {
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
        goto done;
    }
    int hub = (int)nn - 1;
    for (int i = 0; i < kept; i++) {
        r.cl[2 * i] = (sg_lk){i, hub, 0.0};
        r.cl[2 * i + 1] = (sg_lk){hub, i, 0.0};
    }
    for (int l = 0; l < L; l++) {
        r.cl[2 * kept + 2 * l] = (sg_lk){hub, kept + 2 * l, 0.0};
        r.cl[2 * kept + 2 * l + 1] = (sg_lk){kept + 2 * l + 1, hub, 0.0};
    }
    r.next = (int)nl;
    if ((st = sg_platform_new(d, alive, kept, &r, path, ro, (int)nn, (int)nl, info, &p, err)))
        goto done;
    if (rm_platform_set_label(p, hub, "hub") || sg_names(d, alive, &r, p)) {
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
        goto done;
    }
    fp->st = *pst;
    memset(pst, 0, sizeof *pst);
    fp->n_hosts = kept;
    { /* one flag per platform link: 0 for the connection links */
        char *ev = calloc((size_t)nl, 1);
        if (!ev) {
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory building the platform", path);
            goto done;
        }
        for (int k = 0; k < L; k++)
            ev[k] = sv->every[r.lorig[k]];
        fp->every = ev;
    }
    fp->hub = hub;
    fp->conn0 = L;
    fp->max_arcs = 3 * sv->max_links + 2;
    p->fixed_pieces = fp;
    fp = NULL;
    if (info) {
        info->n_hosts = d->H;
        info->n_kept = kept;
        info->n_links = L;
        info->n_connections = (int)nl - L;
    }
    if ((st = rm_platform_finalize(p, err))) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
        st = rm_error_set(err, st, "%s: %s", path, msg);
        goto done;
    }
    rmi_platform_warn_unusable(p, path, ro);
    *out = p;
    p = NULL;
done:
    rm_platform_free(p);
    rmi_fixed_pieces_free(fp);
    sg_routes_free(&r);
    return st;
}

/* sg_keep_and_build on the pieces: hosts of speed 0 left out; every pair
 * of the others must have a route that crosses no link twice (the survey,
 * zone pair by zone pair: no all-pairs walk). Frees pst. */
static rm_status sg_pieces_keep_and_build(const char *path, const rm_read_options *ro, sg_data *d,
                                          rmi_sg_store *pst, rm_platform **out,
                                          rm_simgrid_info *inf, rm_error *err)
{
    char *alive = malloc((size_t)d->H);
    rmi_sg_survey sv;
    memset(&sv, 0, sizeof sv);
    rm_status st = RM_OK;
    int nzero = 0;
    for (int i = 0; alive && i < d->H; i++) {
        alive[i] = d->speed[i] != 0.0;
        nzero += !alive[i];
    }
    if (!alive || !d->lat || !d->hzone || rmi_sg_store_survey(pst, alive, &sv)) {
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        goto done;
    }
    if (nzero)
        sg_warn_left_out(path, ro, d, alive, 1, nzero, d->H);
    if (d->H - nzero < 2)
        st = rm_error_set(err, RM_EINPUT,
                          "%s: %d host(s) of speed > 0 of %d: nothing to map", path, d->H - nzero,
                          d->H);
    else if (sv.miss_s >= 0)
        st = rm_error_set(err, RM_EINPUT,
                          "%s: SimGrid gives no route (crossing links) from host \"%s\" to \"%s\": "
                          "above %d hosts (the routes kept as pieces) every pair of hosts of "
                          "speed > 0 must have one",
                          path, d->hname[sv.miss_s], d->hname[sv.miss_d], RM_SIMGRID_PAIRS_MAX);
    else if (sv.twice_l >= 0)
        st = rm_error_set(err, RM_EINPUT,
                          "%s: SimGrid's route %s -> %s crosses link \"%s\" twice (a loop): the "
                          "model has no route through one link twice",
                          path, d->hname[sv.twice_s], d->hname[sv.twice_d], d->lname[sv.twice_l]);
    else {
        st = sg_pieces_build(d, alive, d->H - nzero, path, ro, pst, &sv, out, inf, err);
        if (!st)
            sg_warn_built(path, ro, d, alive);
    }
done:
    free(sv.every);
    free(alive);
    rmi_sg_store_free(pst);
    free(pst);
    return st;
}

rm_status rmi_platform_read_simgrid_ex(const char *path, const rm_read_options *ro,
                                       rm_platform **out, rm_simgrid_info *info, rm_error *err)
{
    return rmi_platform_read_simgrid_pairs(path, ro, 0, out, info, err);
}

rm_status rmi_platform_read_simgrid_pairs(const char *path, const rm_read_options *ro,
                                          int pairs_max, rm_platform **out,
                                          rm_simgrid_info *info, rm_error *err)
{
    rm_read_options defaults;
    if (!ro) {
        rm_read_options_init(&defaults);
        ro = &defaults;
    }
    if (out)
        *out = NULL;
    if (!path || !out)
        return rm_error_set(err, RM_EINPUT, "rmi_platform_read_simgrid: NULL argument");
    rm_simgrid_info inf;
    memset(&inf, 0, sizeof inf);
    sg_data d;
    memset(&d, 0, sizeof d);
    rmi_sg_store *pst = NULL;
    rm_status st = sg_parse(path, ro, &inf, pairs_max > 0 ? pairs_max : RM_SIMGRID_PAIRS_MAX, &d,
                            &pst, err);
    if (!st)
        st = sg_link_values(path, ro, &d, err);
    if (!st && pst) {
        inf.pieces = 1;
        st = sg_pieces_keep_and_build(path, ro, &d, pst, out, &inf, err);
        pst = NULL; /* the platform's, or freed */
    } else if (!st)
        st = sg_keep_and_build(path, ro, &d, out, &inf, err);
    if (pst) {
        rmi_sg_store_free(pst);
        free(pst);
    }
    sg_data_free(&d);
    if (info)
        *info = inf;
    return st;
}

rm_status rmi_platform_read_simgrid(const char *path, const rm_read_options *ro,
                                    rm_platform **out, rm_error *err)
{
    return rmi_platform_read_simgrid_ex(path, ro, out, NULL, err);
}
