/*
 * hostfile.c — the rank order of an MPI launch file (rm_hostfile_read,
 * include/ringmap/ring.h): Open MPI hostfiles and rankfiles, MPICH/SMPI
 * machinefiles, plain lists. One ring position per line (Legrand et al.
 * 2004 §2.1: one process per host of the ring); slot counts are checked
 * and reported, not turned into positions.
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include "ringmap/ring.h"
#include "topo/input_file.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct entry {
    char *name;
    int line;
    long rank; /* rankfile: the rank; else -1 */
} entry;

typedef struct reader {
    const char *path;
    entry *e;
    int n, cap;
    long max_slots;
    int rank_lines, host_lines;
} reader;

static const char *const WS = " \t\r\v\f\n";

/* A count "N": an integer >= 1 (at most LONG_MAX); -1 otherwise. */
static long parse_count(const char *s)
{
    if (!*s || *s == '-' || *s == '+')
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < 1)
        return -1;
    return v;
}

static rm_status add(reader *r, const char *name, size_t len, int line, long rank,
                     rm_error *err)
{
    if (len == 0)
        return rm_error_set(err, RM_EINPUT, "%s:%d: an empty host name", r->path, line);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
            return rm_error_set(err, RM_EINPUT, "%s:%d: a control character in the host name",
                                r->path, line);
    if (r->n == INT_MAX)
        return rm_error_set(err, RM_EINPUT, "%s:%d: too many hosts", r->path, line);
    if (r->n == r->cap) {
        int cap = r->cap ? (r->cap > INT_MAX / 2 ? INT_MAX : 2 * r->cap) : 16;
        entry *e = realloc(r->e, (size_t)cap * sizeof *e);
        if (!e)
            return rm_error_set(err, RM_ENOMEM, "out of memory reading %s", r->path);
        r->e = e, r->cap = cap;
    }
    char *c = malloc(len + 1);
    if (!c)
        return rm_error_set(err, RM_ENOMEM, "out of memory reading %s", r->path);
    memcpy(c, name, len);
    c[len] = '\0';
    r->e[r->n++] = (entry){c, line, rank};
    return RM_OK;
}

/* "slots=N", "max_slots=N", "max-slots=N" (counts >= 1) or another KEY=VALUE
 * (an option of the launcher, ignored). */
static rm_status option_token(reader *r, char *tok, int line, rm_error *err)
{
    char *eq = strchr(tok, '=');
    if (!eq || eq == tok)
        return rm_error_set(err, RM_EINPUT,
                            "%s:%d: unexpected '%s' after the host name (expected slots=N)",
                            r->path, line, tok);
    *eq = '\0';
    int slots = strcmp(tok, "slots") == 0;
    if (slots || !strcmp(tok, "max_slots") || !strcmp(tok, "max-slots")) {
        long v = parse_count(eq + 1);
        if (v < 0)
            return rm_error_set(err, RM_EINPUT, "%s:%d: %s=%s: expected an integer >= 1",
                                r->path, line, tok, eq + 1);
        if (slots && v > r->max_slots)
            r->max_slots = v;
    }
    return RM_OK;
}

/* "rank N=HOST [slot=...]" (Open MPI rankfile). */
static rm_status rank_line(reader *r, char *save, int line, rm_error *err)
{
    char *tok = strtok_r(NULL, WS, &save);
    char *eq = tok ? strchr(tok, '=') : NULL;
    if (!eq)
        return rm_error_set(err, RM_EINPUT, "%s:%d: expected 'rank N=HOST'", r->path, line);
    *eq = '\0';
    char *end;
    errno = 0;
    long rank = strtol(tok, &end, 10);
    if (!*tok || *tok == '-' || *tok == '+' || *end || errno || rank > INT_MAX - 1)
        return rm_error_set(err, RM_EINPUT, "%s:%d: rank '%s': expected an integer >= 0",
                            r->path, line, tok);
    r->rank_lines++;
    return add(r, eq + 1, strlen(eq + 1), line, rank, err); /* slot=... ignored */
}

/* One line of a hostfile, machinefile or list: "HOST[:N] [KEY=VALUE ...]". */
static rm_status host_line(reader *r, char *tok, char *save, int line, rm_error *err)
{
    char *colon = strchr(tok, ':');
    size_t len = colon ? (size_t)(colon - tok) : strlen(tok);
    if (colon) { /* HOST:N (MPICH, SMPI); HOST:N:... (Hydra's interface) too */
        char *n2 = strchr(colon + 1, ':');
        if (n2)
            *n2 = '\0';
        long v = parse_count(colon + 1);
        if (v < 0)
            return rm_error_set(err, RM_EINPUT, "%s:%d: '%s': expected HOST:N with N an "
                                "integer >= 1", r->path, line, tok);
        if (v > r->max_slots)
            r->max_slots = v;
    }
    rm_status st = RM_OK;
    for (char *o = strtok_r(NULL, WS, &save); o && !st; o = strtok_r(NULL, WS, &save))
        st = option_token(r, o, line, err);
    r->host_lines++;
    return st ? st : add(r, tok, len, line, -1, err);
}

/* The rankfile's positions: ranks 0..n-1, each once; e sorted by rank. */
static rm_status order_ranks(reader *r, rm_error *err)
{
    entry *by = calloc((size_t)r->n, sizeof *by);
    if (!by)
        return rm_error_set(err, RM_ENOMEM, "out of memory reading %s", r->path);
    rm_status st = RM_OK;
    for (int i = 0; i < r->n && !st; i++) {
        long k = r->e[i].rank;
        if (k < r->n && by[k].name)
            st = rm_error_set(err, RM_EINPUT, "%s:%d: rank %ld again (first on line %d)",
                              r->path, r->e[i].line, k, by[k].line);
        else if (k < r->n)
            by[k] = r->e[i];
    }
    for (int k = 0; k < r->n && !st; k++)
        if (!by[k].name)
            st = rm_error_set(err, RM_EINPUT,
                              "%s: rank %d missing (a rankfile of %d lines gives ranks 0..%d)",
                              r->path, k, r->n, r->n - 1);
    if (st) {
        free(by);
        return st;
    }
    free(r->e);
    r->e = by;
    r->cap = r->n;
    return RM_OK;
}

static rm_status read_lines(reader *r, FILE *f, rm_error *err)
{
    char *buf = NULL;
    size_t bcap = 0;
    ssize_t len;
    int line = 0;
    rm_status st = RM_OK;
    while (!st && (len = getline(&buf, &bcap, f)) >= 0) {
        line++;
        if (memchr(buf, '\0', (size_t)len)) {
            st = rm_error_set(err, RM_EINPUT, "%s:%d: a NUL byte (not a text file)", r->path,
                              line);
            break;
        }
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        char *save = NULL, *tok = strtok_r(buf, WS, &save);
        if (!tok)
            continue;
        st = strcmp(tok, "rank") == 0 ? rank_line(r, save, line, err)
                                      : host_line(r, tok, save, line, err);
        if (!st && r->rank_lines && r->host_lines)
            st = rm_error_set(err, RM_EINPUT,
                              "%s:%d: a rankfile ('rank N=HOST') and hostfile lines mixed",
                              r->path, line);
    }
    if (!st && ferror(f))
        st = rm_error_set(err, RM_EINPUT, "%s: read error", r->path);
    free(buf);
    return st;
}

rm_status rm_hostfile_read(const char *path, rm_hostfile **out, rm_error *err)
{
    if (!path || !out)
        return rm_error_set(err, RM_EINVAL, "rm_hostfile_read: %s is NULL",
                            !path ? "path" : "out");
    *out = NULL;
    FILE *f = rmi_input_fopen(path, err); /* regular file, 256 MiB (topo/input_file.h) */
    if (!f)
        return err && err->status ? err->status : RM_EINPUT;
    reader r = {.path = path, .max_slots = 1};
    rm_status st = read_lines(&r, f, err);
    fclose(f);
    if (!st && r.n == 0)
        st = rm_error_set(err, RM_EINPUT, "%s: no host in the file (an empty ring)", path);
    if (!st && r.rank_lines)
        st = order_ranks(&r, err);
    rm_hostfile *h = NULL;
    if (!st) {
        h = calloc(1, sizeof *h);
        if (h) {
            h->names = calloc((size_t)r.n, sizeof *h->names);
            h->where = calloc((size_t)r.n, sizeof *h->where);
            h->lines = calloc((size_t)r.n, sizeof *h->lines);
        }
        if (!h || !h->names || !h->where || !h->lines)
            st = rm_error_set(err, RM_ENOMEM, "out of memory reading %s", path);
    }
    for (int k = 0; !st && k < r.n; k++) {
        int n = snprintf(NULL, 0, "%s:%d", path, r.e[k].line);
        h->where[k] = malloc((size_t)n + 1);
        if (!h->where[k]) {
            st = rm_error_set(err, RM_ENOMEM, "out of memory reading %s", path);
            break;
        }
        snprintf(h->where[k], (size_t)n + 1, "%s:%d", path, r.e[k].line);
        h->names[k] = r.e[k].name;
        r.e[k].name = NULL;
        h->lines[k] = r.e[k].line;
        h->q = k + 1;
    }
    if (h && !st) {
        h->max_slots = r.max_slots;
        h->rankfile = r.rank_lines > 0;
    }
    for (int k = 0; k < r.n; k++)
        free(r.e[k].name);
    free(r.e);
    if (st) {
        if (h && h->names) { /* names moved so far: h->q of them */
            for (int k = 0; k < r.n; k++)
                free(h->where ? h->where[k] : NULL);
        }
        if (h) {
            for (int k = 0; k < h->q; k++)
                free(h->names[k]);
            free(h->names), free(h->where), free(h->lines), free(h);
        }
        return st;
    }
    *out = h;
    return RM_OK;
}

void rm_hostfile_free(rm_hostfile *h)
{
    if (!h)
        return;
    for (int k = 0; k < h->q; k++) {
        free(h->names[k]);
        free(h->where[k]);
    }
    free(h->names);
    free(h->where);
    free(h->lines);
    free(h);
}
