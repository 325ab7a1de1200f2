/*
 * csv.c — a platform from a measured bandwidth matrix and host speeds, two
 * CSV files with host names (include/ringmap/measured.h, docs/measured-matrix.md). The CSV
 * syntax (RFC 4180: quotes, embedded commas and line breaks) is libcsv's;
 * this file collects the records, then checks and interprets them, naming
 * the file, row and column of every error.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, isatty */
#include "ringmap/topo.h"
#include "ringmap/measured.h"
#include "topo/input_file.h"
#include "topo/io/formats.h"
#include "topo/io/unusable.h"

#include <csv.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RM_MATRIX_MAX_HOSTS 4096
/* a matrix of the most hosts has 1 + 4096 rows of 1 + 4096 cells */
#define RM_CSV_MAX_CELLS ((size_t)(RM_MATRIX_MAX_HOSTS + 1) * (RM_MATRIX_MAX_HOSTS + 1))
#define RM_CSV_MAX_FIELD 4096
/* libcsv's field buffer may hold one field of RM_CSV_MAX_FIELD bytes (it
 * grows by 128 bytes): csv_realloc refuses more, so that a file without a
 * separator (/dev/zero) stops at once instead of growing one field. */
#define RM_CSV_MAX_BUFFER ((size_t)RM_CSV_MAX_FIELD + 256)
#define RM_CSV_BLOCK 65536 /* the fields' text is kept in blocks of this size */

void rm_matrix_options_init(rm_matrix_options *mo)
{
    if (!mo)
        return;
    memset(mo, 0, sizeof *mo); /* and the reserved tail */
    mo->bandwidth_unit = NULL;
    mo->speed_unit = NULL;
}

/* ---- the records of a CSV file ----------------------------------------- */

typedef struct csv_row {
    int n;
    char **f; /* n fields; NULL = empty */
} csv_row;

/* A block of fields' text; the fields point into it, so it never moves. */
typedef struct csv_block {
    struct csv_block *next;
    size_t used;
    char text[RM_CSV_BLOCK];
} csv_block;

typedef struct csv_table {
    int n_rows, cap_rows;
    csv_row *rows;
    csv_row cur; /* the record being read */
    int cap_cur;
    size_t cells;
    csv_block *text; /* the fields' text, newest block first */
    int failed; /* 1: out of memory, 2: too big, 3: field too long */
} csv_table;

/* Room for len + 1 bytes of field text (linear in the file: one malloc per
 * 64 KiB instead of one per cell). */
static char *field_text(csv_table *t, size_t len)
{
    if (!t->text || RM_CSV_BLOCK - t->text->used < len + 1) {
        csv_block *b = malloc(sizeof *b);
        if (!b)
            return NULL;
        b->next = t->text;
        b->used = 0;
        t->text = b;
    }
    char *v = t->text->text + t->text->used;
    t->text->used += len + 1;
    return v;
}

static void *csv_realloc(void *p, size_t size)
{
    return size > RM_CSV_MAX_BUFFER ? NULL : realloc(p, size);
}

static void on_field(void *s, size_t len, void *data)
{
    csv_table *t = data;
    if (t->failed)
        return;
    if (++t->cells > RM_CSV_MAX_CELLS) {
        t->failed = 2;
        return;
    }
    if (len > RM_CSV_MAX_FIELD) {
        t->failed = 3;
        return;
    }
    if (t->cur.n == t->cap_cur) {
        int nc = t->cap_cur ? 2 * t->cap_cur : 16;
        char **f = realloc(t->cur.f, (size_t)nc * sizeof *f);
        if (!f) {
            t->failed = 1;
            return;
        }
        t->cur.f = f;
        t->cap_cur = nc;
    }
    char *v = NULL;
    if (s && len > 0) {
        if (memchr(s, '\0', len)) { /* a NUL byte inside a field */
            t->failed = 4;
            return;
        }
        v = field_text(t, len);
        if (!v) {
            t->failed = 1;
            return;
        }
        memcpy(v, s, len);
        v[len] = '\0';
    }
    t->cur.f[t->cur.n++] = v;
}

static void on_row(int c, void *data)
{
    csv_table *t = data;
    (void)c;
    if (t->failed)
        return;
    if (t->n_rows == t->cap_rows) {
        int nc = t->cap_rows ? 2 * t->cap_rows : 16;
        csv_row *r = realloc(t->rows, (size_t)nc * sizeof *r);
        if (!r) {
            t->failed = 1;
            return;
        }
        t->rows = r;
        t->cap_rows = nc;
    }
    /* shrink the record to its fields */
    csv_row row = {t->cur.n, NULL};
    if (row.n) {
        row.f = realloc(t->cur.f, (size_t)row.n * sizeof *row.f);
        if (!row.f)
            row.f = t->cur.f;
    } else {
        free(t->cur.f);
    }
    t->rows[t->n_rows++] = row;
    t->cur.f = NULL;
    t->cur.n = t->cap_cur = 0;
}

static void table_free(csv_table *t)
{
    for (int r = 0; r < t->n_rows; r++)
        free(t->rows[r].f);
    free(t->cur.f);
    free(t->rows);
    while (t->text) {
        csv_block *b = t->text;
        t->text = b->next;
        free(b);
    }
    memset(t, 0, sizeof *t);
}

static rm_status table_read(FILE *f, const char *name, csv_table *t, rm_error *err)
{
    memset(t, 0, sizeof *t);
    struct csv_parser p;
    /* a regular file of at most RM_INPUT_MAX_BYTES, or a stream (a pipe,
     * standard input) read up to that many bytes: bounded time and memory */
    struct stat sb;
    int fd = fileno(f);
    if (fd >= 0 && fstat(fd, &sb) == 0) {
        if (S_ISDIR(sb.st_mode) || S_ISBLK(sb.st_mode) || S_ISSOCK(sb.st_mode) ||
            (S_ISCHR(sb.st_mode) && !isatty(fd)))
            return rm_error_set(err, RM_EINPUT, "%s: not a regular file (%s)", name,
                                S_ISDIR(sb.st_mode)   ? "a directory"
                                : S_ISBLK(sb.st_mode) ? "a block device"
                                : S_ISCHR(sb.st_mode) ? "a character device"
                                                      : "a socket");
        if (S_ISREG(sb.st_mode) && (long long)sb.st_size > RM_INPUT_MAX_BYTES)
            return rm_error_set(err, RM_EINPUT,
                                "%s: %lld bytes, more than the limit of %lld MiB for an input file",
                                name, (long long)sb.st_size, RM_INPUT_MAX_BYTES >> 20);
    }
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_EMPTY_IS_NULL) != 0)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
    csv_set_realloc_func(&p, csv_realloc);
    char buf[65536];
    size_t n;
    long long total = 0;
    int first = 1;
    rm_status st = RM_OK;
    while (!t->failed && (n = fread(buf, 1, sizeof buf, f)) > 0) {
        if ((total += (long long)n) > RM_INPUT_MAX_BYTES) {
            st = rm_error_set(err, RM_EINPUT,
                              "%s: more than the limit of %lld MiB for an input file", name,
                              RM_INPUT_MAX_BYTES >> 20);
            break;
        }
        size_t off = 0;
        if (first && n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
            off = 3; /* UTF-8 byte order mark */
        first = 0;
        if (csv_parse(&p, buf + off, n - off, on_field, on_row, t) != n - off) {
            if (csv_error(&p) == CSV_ENOMEM) /* csv_realloc: one field too long */
                st = rm_error_set(err, RM_EINPUT, "%s: row %d: a field longer than %d characters",
                                  name, t->n_rows + 1, RM_CSV_MAX_FIELD);
            else
                st = rm_error_set(err, RM_EINPUT, "%s: row %d: malformed CSV: %s", name,
                              t->n_rows + 1, csv_strerror(csv_error(&p)));
            break;
        }
    }
    if (!st && ferror(f))
        st = rm_error_set(err, RM_EINPUT, "%s: read error", name);
    if (!st && !t->failed && csv_fini(&p, on_field, on_row, t) != 0)
        st = rm_error_set(err, RM_EINPUT, "%s: row %d: malformed CSV: %s", name, t->n_rows + 1,
                          csv_strerror(csv_error(&p)));
    csv_free(&p);
    if (!st && t->failed)
        st = t->failed == 1   ? rm_error_set(err, RM_ENOMEM, "%s: out of memory", name)
             : t->failed == 2 ? rm_error_set(err, RM_ELIMIT,
                                             "%s: more than %zu cells (at most %d hosts)", name,
                                             RM_CSV_MAX_CELLS, RM_MATRIX_MAX_HOSTS)
             : t->failed == 3 ? rm_error_set(err, RM_EINPUT, "%s: row %d: a field longer than %d characters",
                                             name, t->n_rows + 1, RM_CSV_MAX_FIELD)
                              : rm_error_set(err, RM_EINPUT, "%s: row %d: a NUL byte in a field",
                                             name, t->n_rows + 1);
    if (st)
        table_free(t);
    return st;
}

/* ---- units -------------------------------------------------------------- */

typedef struct unit {
    const char *name;
    double factor; /* to Mb/s, Mflop/s or s/Mflop */
    int kind;      /* 0 bandwidth, 1 speed, 2 cycle-time, 3 latency (to s) */
} unit;

static const unit units[] = {
    {"b/s", 1e-6, 0},        {"bit/s", 1e-6, 0},      {"bps", 1e-6, 0},
    {"kb/s", 1e-3, 0},       {"kbit/s", 1e-3, 0},     {"kbps", 1e-3, 0},
    {"Mb/s", 1, 0},          {"Mbit/s", 1, 0},        {"Mbps", 1, 0},
    {"Gb/s", 1e3, 0},        {"Gbit/s", 1e3, 0},      {"Gbps", 1e3, 0},
    {"B/s", 8e-6, 0},        {"kB/s", 8e-3, 0},       {"KB/s", 8e-3, 0},
    {"MB/s", 8, 0},          {"GB/s", 8e3, 0},
    {"flop/s", 1e-6, 1},     {"kflop/s", 1e-3, 1},    {"Mflop/s", 1, 1},
    {"Gflop/s", 1e3, 1},     {"s/flop", 1e6, 2},      {"s/kflop", 1e3, 2},
    {"s/Mflop", 1, 2},       {"s/Gflop", 1e-3, 2},
    {"s", 1, 3},             {"ms", 1e-3, 3},         {"us", 1e-6, 3},
    {"ns", 1e-9, 3},
};

static const unit *unit_find(const char *s, size_t len)
{
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strlen(units[i].name) == len && strncmp(units[i].name, s, len) == 0)
            return &units[i];
    return NULL;
}

/* A header cell "NAME", "NAME (UNIT)", "NAME [UNIT]" or "UNIT": *word gets
 * NAME's span (may be empty), *u the unit (NULL if none). 0, or -1 if the
 * cell has a bracket with an unknown unit (or is a bare unknown word when
 * unit_only). */
static int header_cell(const char *cell, const char **word, size_t *wlen, const unit **u)
{
    *u = NULL;
    *word = cell ? cell : "";
    *wlen = strlen(*word);
    if (!cell)
        return 0;
    const char *open = strpbrk(cell, "([");
    if (open) {
        char close = *open == '(' ? ')' : ']';
        const char *end = strchr(open, close);
        if (!end || end[1] != '\0')
            return -1;
        const char *a = open + 1;
        while (*a == ' ')
            a++;
        const char *b = end;
        while (b > a && b[-1] == ' ')
            b--;
        *u = unit_find(a, (size_t)(b - a));
        if (!*u)
            return -1;
        *wlen = (size_t)(open - cell);
        while (*wlen > 0 && cell[*wlen - 1] == ' ')
            (*wlen)--;
        return 0;
    }
    *u = unit_find(cell, strlen(cell));
    if (*u)
        *wlen = 0;
    return 0;
}

/* The unit of kind(s) kinds (bit mask) from the file (fu) and the option
 * (opt): they must agree; default def. */
static rm_status pick_unit(const char *fname, const char *what, const unit *fu, const char *opt,
                           const char *def, int kind_mask, double *factor, int *kind,
                           rm_error *err)
{
    const unit *ou = NULL;
    if (opt) {
        ou = unit_find(opt, strlen(opt));
        if (!ou || !((1 << ou->kind) & kind_mask))
            return rm_error_set(err, RM_EINPUT, "unknown %s unit '%s'", what, opt);
    }
    if (fu && ou && fu->factor != ou->factor)
        return rm_error_set(err, RM_EINPUT, "%s: the header says %s in %s, the option %s",
                            fname, what, fu->name, ou->name);
    const unit *u = fu ? fu : ou ? ou : unit_find(def, strlen(def));
    if (!((1 << u->kind) & kind_mask))
        return rm_error_set(err, RM_EINPUT, "%s: %s is not a unit of %s", fname, u->name, what);
    *factor = u->factor;
    if (kind)
        *kind = u->kind;
    return RM_OK;
}

/* ---- numbers ------------------------------------------------------------ */

static int parse_num(const char *s, double *x)
{
    if (!s)
        return -1;
    char *end = NULL;
    errno = 0;
    *x = strtod(s, &end);
    while (end && (*end == ' ' || *end == '\t'))
        end++;
    /* a subnormal (1e-310) is a number (topo/io/unusable.h); an underflow to 0 is not */
    return end == s || *end || (errno == ERANGE && !rm_is_subnormal(*x)) || !isfinite(*x) ? -1 : 0;
}

static const char *cell(const csv_row *r, int k)
{
    return k < r->n ? r->f[k] : NULL;
}

/* ---- the latency matrix ------------------------------------------------- */

/* The latency matrix tl (named ln): the same hosts in the same order as the
 * bandwidth matrix (header hdr, n hosts, values bwv, NaN = no link), a
 * latency >= 0 where the bandwidth matrix has a link and an empty cell where
 * it has none; the diagonal ignored. Into lat[n*n] (s; NaN off the links). */
static rm_status read_latency(const csv_table *tl, const char *ln, const char *opt_unit,
                              const csv_row *hdr, int n, const char *bw_name, const double *bwv,
                              double *lat, rm_error *err)
{
    if (tl->n_rows < 1 || tl->rows[0].n != n + 1)
        return rm_error_set(err, RM_EINPUT,
                            "%s: row 1: %d fields, expected %d (a corner cell, then the %d "
                            "hosts of %s)",
                            ln, tl->n_rows < 1 ? 0 : tl->rows[0].n, n + 1, n, bw_name);
    const csv_row *lh = &tl->rows[0];
    const char *word;
    size_t wlen;
    const unit *fu;
    if (header_cell(lh->f[0], &word, &wlen, &fu) != 0)
        return rm_error_set(err, RM_EINPUT,
                            "%s: row 1, column 1: '%s': unknown latency unit (s, ms, us, ns)", ln,
                            lh->f[0]);
    double factor;
    rm_status st = pick_unit(ln, "latency", fu, opt_unit, "s", 8, &factor, NULL, err);
    if (st)
        return st;
    for (int j = 0; j < n; j++)
        if (!lh->f[j + 1] || strcmp(lh->f[j + 1], hdr->f[j + 1]) != 0)
            return rm_error_set(err, RM_EINPUT,
                                "%s: row 1, column %d: host '%s', expected '%s' (the hosts of %s, "
                                "in its order)",
                                ln, j + 2, lh->f[j + 1] ? lh->f[j + 1] : "", hdr->f[j + 1],
                                bw_name);
    if (tl->n_rows - 1 != n)
        return rm_error_set(err, RM_EINPUT,
                            "%s: size mismatch: the header names %d hosts, the matrix has %d rows",
                            ln, n, tl->n_rows - 1);
    for (int i = 0; i < n; i++) {
        const csv_row *r = &tl->rows[i + 1];
        const char *hi = hdr->f[i + 1];
        if (r->n != n + 1)
            return rm_error_set(err, RM_EINPUT,
                                "%s: row %d: %d fields, expected %d (host name + %d latencies)", ln,
                                i + 2, r->n, n + 1, n);
        if (!r->f[0] || strcmp(r->f[0], hi) != 0)
            return rm_error_set(err, RM_EINPUT,
                                "%s: row %d, column 1: host '%s', expected '%s' (rows in the "
                                "order of the header's columns)",
                                ln, i + 2, r->f[0] ? r->f[0] : "", hi);
        for (int j = 0; j < n; j++) {
            const char *c = r->f[j + 1];
            double x = NAN;
            lat[(size_t)i * n + j] = NAN;
            if (i == j) {
                if (c && strcmp(c, "-") && parse_num(c, &x))
                    return rm_error_set(err, RM_EINPUT,
                                        "%s: row %d, column %d (diagonal, host '%s'): expected "
                                        "empty, '-' or a number, got '%s'",
                                        ln, i + 2, j + 2, hi, c);
                continue;
            }
            int link = !isnan(bwv[(size_t)i * n + j]);
            if (!link && c)
                return rm_error_set(err, RM_EINPUT,
                                    "%s: row %d, column %d (%s -> %s): a latency '%s' for a pair "
                                    "without a link (empty in %s)",
                                    ln, i + 2, j + 2, hi, hdr->f[j + 1], c, bw_name);
            if (!link)
                continue;
            if (!c || parse_num(c, &x) || !(x >= 0) || !isfinite(x * factor))
                return rm_error_set(err, RM_EINPUT,
                                    "%s: row %d, column %d (%s -> %s): expected a latency >= 0 "
                                    "(the pair has a bandwidth in %s), got '%s'",
                                    ln, i + 2, j + 2, hi, hdr->f[j + 1], bw_name, c ? c : "");
            lat[(size_t)i * n + j] = x * factor;
        }
    }
    return RM_OK;
}

/* ---- the platform ------------------------------------------------------- */

rm_status rm_platform_read_matrix(FILE *bw, const char *bw_name, FILE *sp, const char *sp_name,
                                  const rm_matrix_options *mo, rm_platform **out, rm_error *err)
{
    return rm_platform_read_matrices(bw, bw_name, NULL, NULL, sp, sp_name, mo, NULL, out, err);
}

/* The bandwidth matrix's header (tb's row 1): a corner cell (empty, a label,
 * a unit or both), then n distinct host names; the matrix has n rows.
 * *bw_factor converts its values to Mb/s. */
static rm_status read_bw_header(const csv_table *tb, const char *bw_name, const char *opt_unit,
                                int *n_out, double *bw_factor, rm_error *err)
{
    if (tb->n_rows < 1 || tb->rows[0].n < 2)
        return rm_error_set(err, RM_EINPUT,
                            "%s: row 1: expected a header: a corner cell, then the host names",
                            bw_name);
    const csv_row *hdr = &tb->rows[0];
    int n = hdr->n - 1;
    if (n > RM_MATRIX_MAX_HOSTS)
        return rm_error_set(err, RM_ELIMIT, "%s: %d hosts, at most %d", bw_name, n,
                            RM_MATRIX_MAX_HOSTS);
    const char *word;
    size_t wlen;
    const unit *fu;
    /* the corner: empty, a label ("host"), a unit ("Mb/s") or both ("bw (Gb/s)") */
    if (header_cell(hdr->f[0], &word, &wlen, &fu) != 0)
        return rm_error_set(err, RM_EINPUT,
                            "%s: row 1, column 1: '%s': unknown bandwidth unit (b/s, kb/s, Mb/s, "
                            "Gb/s, B/s, kB/s, MB/s, GB/s)", bw_name, hdr->f[0]);
    rm_status st = pick_unit(bw_name, "bandwidth", fu, opt_unit, "Mb/s", 1, bw_factor, NULL, err);
    if (st)
        return st;
    for (int j = 0; j < n; j++) {
        const char *hj = hdr->f[j + 1];
        if (!hj)
            return rm_error_set(err, RM_EINPUT, "%s: row 1, column %d: empty host name", bw_name,
                                j + 2);
        for (int i = 0; i < j; i++)
            if (strcmp(hdr->f[i + 1], hj) == 0)
                return rm_error_set(err, RM_EINPUT,
                                    "%s: row 1, column %d: duplicate host name '%s' (also column %d)",
                                    bw_name, j + 2, hj, i + 2);
    }
    if (tb->n_rows - 1 != n)
        return rm_error_set(err, RM_EINPUT,
                            "%s: size mismatch: the header names %d hosts, the matrix has %d rows",
                            bw_name, n, tb->n_rows - 1);
    *n_out = n;
    return RM_OK;
}

/* The bandwidth matrix's rows: val[n*n] (Mb/s; NaN = no direct link, and on
 * the diagonal). */
static rm_status read_bandwidths(const csv_table *tb, const char *bw_name, int n, double bw_factor,
                                 double *val, rm_error *err)
{
    const csv_row *hdr = &tb->rows[0];
    for (int i = 0; i < n; i++) {
        const csv_row *r = &tb->rows[i + 1];
        const char *hi = hdr->f[i + 1];
        if (r->n != n + 1)
            return rm_error_set(err, RM_EINPUT, "%s: row %d: %d fields, expected %d (host name + %d "
                                "bandwidths)", bw_name, i + 2, r->n, n + 1, n);
        if (!r->f[0] || strcmp(r->f[0], hi) != 0)
            return rm_error_set(err, RM_EINPUT,
                                "%s: row %d, column 1: host '%s', expected '%s' (rows in the "
                                "order of the header's columns)", bw_name, i + 2,
                                r->f[0] ? r->f[0] : "", hi);
        for (int j = 0; j < n; j++) {
            const char *c = r->f[j + 1];
            double x = NAN;
            if (i == j) {
                if (c && strcmp(c, "-") && parse_num(c, &x))
                    return rm_error_set(err, RM_EINPUT, "%s: row %d, column %d (diagonal, host '%s'): "
                                        "expected empty, '-' or a number, got '%s'", bw_name, i + 2,
                                        j + 2, hi, c);
                val[(size_t)i * n + j] = NAN;
                continue;
            }
            if (!c) {
                val[(size_t)i * n + j] = NAN; /* no direct link */
                continue;
            }
            if (parse_num(c, &x) || !(x > 0) || !isfinite(x * bw_factor))
                return rm_error_set(err, RM_EINPUT,
                                    "%s: row %d, column %d (%s -> %s): expected a bandwidth > 0 "
                                    "(empty cell: no link), got '%s'", bw_name, i + 2, j + 2, hi,
                                    hdr->f[j + 1], c);
            val[(size_t)i * n + j] = x * bw_factor;
            if (val[(size_t)i * n + j] == 0.0) /* > 0 in the file, 0 once converted: the least */
                val[(size_t)i * n + j] = DBL_TRUE_MIN; /* double, unusable (topo/io/unusable.h) */
        }
    }
    return RM_OK;
}

/* The speeds ts (named sp_name): header "host,speed" or "host,w" with an
 * optional unit, then one row per host of the matrix (header hdr, n hosts),
 * any order. Into w[n] (cycle-times, s/Mflop). */
static rm_status read_speeds(const csv_table *ts, const char *sp_name, const char *opt_unit,
                             const csv_row *hdr, int n, const char *bw_name, double *w,
                             rm_error *err)
{
    const char *word;
    size_t wlen;
    const unit *fu;
    if (ts->n_rows < 1 || ts->rows[0].n != 2)
        return rm_error_set(err, RM_EINPUT, "%s: row 1: expected the header 'host,speed' or "
                            "'host,w' (a unit may follow: 'speed (Gflop/s)')", sp_name);
    if (header_cell(ts->rows[0].f[1], &word, &wlen, &fu) != 0 ||
        !((wlen == 5 && strncmp(word, "speed", 5) == 0) || (wlen == 1 && word[0] == 'w')))
        return rm_error_set(err, RM_EINPUT, "%s: row 1, column 2: expected 'speed' or 'w', "
                            "optionally with a unit in parentheses, got '%s'", sp_name,
                            ts->rows[0].f[1] ? ts->rows[0].f[1] : "");
    int is_w = word[0] == 'w', kind;
    double sp_factor;
    rm_status st = pick_unit(sp_name, is_w ? "cycle-time" : "speed", fu, opt_unit,
                             is_w ? "s/Mflop" : "Mflop/s", is_w ? 4 : 2, &sp_factor, &kind, err);
    if (st)
        return st;
    for (int i = 0; i < n; i++)
        w[i] = NAN;
    for (int r = 1; r < ts->n_rows; r++) {
        const csv_row *row = &ts->rows[r];
        if (row->n != 2)
            return rm_error_set(err, RM_EINPUT, "%s: row %d: %d fields, expected 2 (host, %s)",
                                sp_name, r + 1, row->n, is_w ? "w" : "speed");
        const char *h = cell(row, 0);
        int i = -1;
        for (int k = 0; h && k < n && i < 0; k++)
            if (strcmp(hdr->f[k + 1], h) == 0)
                i = k;
        if (i < 0)
            return rm_error_set(err, RM_EINPUT, "%s: row %d, column 1: host '%s' is not in the "
                                "bandwidth matrix %s", sp_name, r + 1, h ? h : "", bw_name);
        if (!isnan(w[i]))
            return rm_error_set(err, RM_EINPUT, "%s: row %d, column 1: host '%s' given twice",
                                sp_name, r + 1, h);
        double x;
        if (parse_num(cell(row, 1), &x) || !(x > 0) || !isfinite(x * sp_factor) ||
            !(x * sp_factor > 0))
            return rm_error_set(err, RM_EINPUT, "%s: row %d, column 2 (host '%s'): expected a %s "
                                "> 0, got '%s'", sp_name, r + 1, h, is_w ? "cycle-time" : "speed",
                                cell(row, 1) ? cell(row, 1) : "");
        x *= sp_factor;
        w[i] = is_w ? x : 1.0 / x;
        if (!isfinite(w[i]) || !(w[i] > 0))
            return rm_error_set(err, RM_EINPUT, "%s: row %d, column 2 (host '%s'): out of range",
                                sp_name, r + 1, h);
    }
    for (int i = 0; i < n; i++)
        if (isnan(w[i]))
            return rm_error_set(err, RM_EINPUT, "%s: no row for host '%s' (column %d of %s)",
                                sp_name, hdr->f[i + 1], i + 2, bw_name);
    return RM_OK;
}

/* Build: n hosts named by hdr with cycle-times w, a link per bandwidth of
 * val (one per pair when val and lat are symmetric — same value or both
 * empty — else one per cell, directed), latencies from lat (NULL: 0); the
 * platform is named after bw_name's base name without extension. */
static rm_status build_platform(const char *bw_name, const csv_row *hdr, int n, const double *val,
                                const double *lat, const double *w, rm_platform **out,
                                rm_error *err)
{
    int directed = 0, n_links = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j)
                continue;
            double a = val[(size_t)i * n + j], b = val[(size_t)j * n + i];
            if (isnan(a) != isnan(b) || (!isnan(a) && a != b))
                directed = 1;
            if (lat && !isnan(a) && !isnan(b) && lat[(size_t)i * n + j] != lat[(size_t)j * n + i])
                directed = 1;
            n_links += !isnan(a);
        }
    if (!directed)
        n_links /= 2;
    const char *base = strrchr(bw_name, '/');
    base = base ? base + 1 : bw_name;
    char pname[256];
    snprintf(pname, sizeof pname, "%s", base);
    char *dot = strrchr(pname, '.');
    if (dot && dot != pname)
        *dot = '\0';
    rm_platform *p = rm_platform_new(pname, n, n_links, directed);
    if (!p)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", bw_name);
    rm_status st;
    for (int i = 0; i < n; i++) {
        p->nodes[i].is_host = 1;
        p->nodes[i].w = w[i];
        if ((st = rm_platform_set_label(p, i, hdr->f[i + 1]))) {
            rm_error_set(err, st, "%s: out of memory", bw_name);
            rm_platform_free(p);
            return st;
        }
    }
    int l = 0;
    for (int i = 0; i < n; i++)
        for (int j = directed ? 0 : i + 1; j < n; j++) {
            double a = val[(size_t)i * n + j];
            if (i == j || isnan(a))
                continue;
            p->links[l].source = i;
            p->links[l].target = j;
            p->links[l].bandwidth = a;
            if (lat)
                p->links[l].latency = lat[(size_t)i * n + j];
            l++;
        }
    if ((st = rm_platform_finalize(p, err))) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
        rm_error_set(err, st, "%s: %s", bw_name, msg);
        rm_platform_free(p);
        return st;
    }
    *out = p;
    return RM_OK;
}

rm_status rm_platform_read_matrices(FILE *bw, const char *bw_name, FILE *lt, const char *lt_name,
                                    FILE *sp, const char *sp_name, const rm_matrix_options *mo,
                                    const char *latency_unit, rm_platform **out, rm_error *err)
{
    if (out)
        *out = NULL;
    if (!bw || !sp || !out)
        return rm_error_set(err, RM_EINVAL, "rm_platform_read_matrices: %s is NULL",
                            !bw ? "bw (the bandwidth matrix stream)" : !sp ? "sp (the speeds stream)" : "out");
    bw_name = bw_name ? bw_name : "bandwidth matrix";
    sp_name = sp_name ? sp_name : "speeds";
    lt_name = lt_name ? lt_name : "latency matrix";
    rm_matrix_options dmo;
    if (!mo) {
        rm_matrix_options_init(&dmo);
        mo = &dmo;
    }
    /* parse: the records of the two or three files (libcsv) */
    csv_table tb, ts, tl;
    memset(&tl, 0, sizeof tl);
    rm_status st = table_read(bw, bw_name, &tb, err);
    if (st)
        return st;
    st = table_read(sp, sp_name, &ts, err);
    if (st) {
        table_free(&tb);
        return st;
    }
    if (lt && (st = table_read(lt, lt_name, &tl, err))) {
        table_free(&tb);
        table_free(&ts);
        return st;
    }
    /* convert: the records to bandwidths, latencies and cycle-times */
    double *val = NULL, *w = NULL, *lat = NULL;
    int n = 0;
    double bw_factor;
    if ((st = read_bw_header(&tb, bw_name, mo->bandwidth_unit, &n, &bw_factor, err)))
        goto done;
    const csv_row *hdr = &tb.rows[0];
    val = malloc((size_t)n * (size_t)n * sizeof *val);
    w = malloc((size_t)n * sizeof *w);
    if (!val || !w) {
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", bw_name);
        goto done;
    }
    if ((st = read_bandwidths(&tb, bw_name, n, bw_factor, val, err)))
        goto done;
    if (lt) {
        lat = malloc((size_t)n * (size_t)n * sizeof *lat);
        if (!lat) {
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", lt_name);
            goto done;
        }
        if ((st = read_latency(&tl, lt_name, latency_unit, hdr, n, bw_name, val, lat, err)))
            goto done;
    }
    if ((st = read_speeds(&ts, sp_name, mo->speed_unit, hdr, n, bw_name, w, err)))
        goto done;
    /* build */
    st = build_platform(bw_name, hdr, n, val, lat, w, out, err);
done:
    free(val);
    free(w);
    free(lat);
    table_free(&tb);
    table_free(&ts);
    table_free(&tl);
    return st;
}

/* The format table's reader of "csv" (topo/io/formats.def): a bandwidth matrix
 * alone is not a platform (the hosts' speeds are in another file), so
 * reading one file as csv is refused with the function that reads it. */
rm_status rmi_platform_read_csv_alone(const char *path, const rm_read_options *ro,
                                      rm_platform **out, rm_error *err)
{
    (void)ro;
    if (out)
        *out = NULL;
    return rm_error_set(err, RM_EINVAL,
                        "%s: a measured bandwidth matrix (csv) needs the hosts' speeds from "
                        "another file: read it with rm_platform_read_matrices",
                        path ? path : "(null)");
}
