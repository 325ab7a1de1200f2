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

#include "topo/units.h"

#include <csv.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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
    mo->symmetric = RM_SYMMETRIC_AUTO;
    mo->warn = NULL;
    mo->warn_ctx = NULL;
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
    unsigned char delim; /* ',' '\t' ';' or ' ' (detected on the first line) */
    int ws;              /* whitespace-separated: runs of blanks are one separator */
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
    if (t->ws && (!s || len == 0))
        return; /* whitespace-separated: a run of blanks is one separator */
    if (s && len > 0) {
        if (memchr(s, '\0', len)) { /* a NUL byte inside a field */
            t->failed = 4;
            return;
        }
        /* whitespace-separated: "speed (Gflop/s)" is one header cell */
        const char *prev = t->ws && t->cur.n > 0 && (*(char *)s == '(' || *(char *)s == '[')
                               ? t->cur.f[t->cur.n - 1] : NULL;
        size_t plen = prev ? strlen(prev) + 1 : 0;
        v = field_text(t, plen + len);
        if (!v) {
            t->failed = 1;
            return;
        }
        if (prev) {
            memcpy(v, prev, plen - 1);
            v[plen - 1] = ' ';
            t->cur.n--;
        }
        memcpy(v + plen, s, len);
        v[plen + len] = '\0';
        /* semicolon-separated (a spreadsheet's export): a decimal comma */
        char *comma = t->delim == ';' ? strchr(v, ',') : NULL;
        if (comma && !strchr(comma + 1, ',') && !strchr(v, '.')) {
            *comma = '.';
            char *end;
            errno = 0;
            (void)strtod(v, &end);
            while (*end == ' ' || *end == '\t')
                end++;
            if (end == v || *end)
                *comma = ',';
        }
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

/* The separator from the first line (outside quotes): a tab, else the more
 * frequent of ';' and ',' (',' on a tie), else blanks between words, else
 * ','. */
static void detect_delim(csv_table *t, const char *b, size_t n, struct csv_parser *p)
{
    size_t tabs = 0, semis = 0, commas = 0, blanks = 0;
    int quoted = 0, word = 0;
    for (size_t i = 0; i < n && (quoted || (b[i] != '\n' && b[i] != '\r')); i++) {
        char c = b[i];
        if (c == '"')
            quoted = !quoted;
        else if (!quoted) {
            tabs += c == '\t';
            semis += c == ';';
            commas += c == ',';
            blanks += c == ' ' && word;
            word = c != ' ';
        }
    }
    t->delim = tabs ? '\t' : semis > commas ? ';' : commas ? ',' : blanks ? ' ' : ',';
    t->ws = t->delim == ' ';
    csv_set_delim(p, t->delim);
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
        if (first)
            detect_delim(t, buf + off, n - off, &p);
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

/* ---- units (the shared table, topo/units.h) ----------------------------- */

/* A unit word as written (for messages) and what it means. */
typedef struct unit {
    int set;
    char name[48];
    rmi_unit u;
} unit;

static int unit_from(const char *s, size_t len, unit *out)
{
    rmi_unit u;
    if (rmi_unit_parse(s, len, &u) != 0)
        return -1;
    out->set = 1;
    out->u = u;
    while (len > 0 && (*s == ' ' || *s == '\t')) {
        s++;
        len--;
    }
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    snprintf(out->name, sizeof out->name, "%.*s", (int)(len < 47 ? len : 47), s);
    return 0;
}

/* A word that is meant as a unit (a '/', or the ending of a rate): an
 * unknown one is refused, never taken for a label. */
static int unit_like(const char *s, size_t len)
{
    static const char *const ends[] = {"ps", "/s", "flops", "flop", "bit", "bits", "byte", "bytes"};
    if (memchr(s, '/', len))
        return 1;
    for (size_t k = 0; k < sizeof ends / sizeof ends[0]; k++) {
        size_t e = strlen(ends[k]);
        if (len >= e && strncasecmp(s + len - e, ends[k], e) == 0)
            return 1;
    }
    return 0;
}

/* A header cell "NAME", "NAME (UNIT)", "NAME [UNIT]" or "UNIT": *word gets
 * NAME's span (may be empty), *u the unit (u->set = 0 if none). 0, or -1 if
 * the cell has a bracket with an unknown unit or is a bare word meant as a
 * unit that is not one ("Mbytes/s"). */
static int header_cell(const char *cell, const char **word, size_t *wlen, unit *u)
{
    memset(u, 0, sizeof *u);
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
        if (unit_from(open + 1, (size_t)(end - open - 1), u) != 0)
            return -1;
        *wlen = (size_t)(open - cell);
        while (*wlen > 0 && cell[*wlen - 1] == ' ')
            (*wlen)--;
        return 0;
    }
    if (unit_from(cell, strlen(cell), u) == 0) {
        *wlen = 0;
        return 0;
    }
    return unit_like(cell, strlen(cell)) ? -1 : 0;
}

/* The unit of kind(s) kind_mask from the file (fu) and the option (opt):
 * they must agree; default def. */
static rm_status pick_unit(const char *fname, const char *what, const unit *fu, const char *opt,
                           const char *def, int kind_mask, double *factor, rmi_unit_kind *kind,
                           unit *used, rm_error *err)
{
    unit ou = {0}, du = {0};
    if (opt && (unit_from(opt, strlen(opt), &ou) != 0 || !((1 << ou.u.kind) & kind_mask)))
        return rm_error_set(err, RM_EINPUT, "unknown %s unit '%s' (%s)", what, opt,
                            rmi_unit_spellings(kind_mask));
    if (fu->set && ou.set && (fu->u.factor != ou.u.factor || fu->u.kind != ou.u.kind))
        return rm_error_set(err, RM_EINPUT, "%s: the header says %s in %s, the option %s",
                            fname, what, fu->name, ou.name);
    if (!fu->set && !ou.set)
        unit_from(def, strlen(def), &du);
    const unit *u = fu->set ? fu : ou.set ? &ou : &du;
    if (!((1 << u->u.kind) & kind_mask))
        return rm_error_set(err, RM_EINPUT, "%s: %s is a unit of %s, not of %s (%s)", fname,
                            u->name, rmi_unit_kind_name(u->u.kind), what,
                            rmi_unit_spellings(kind_mask));
    *factor = u->u.factor;
    if (kind)
        *kind = u->u.kind;
    if (used)
        *used = *u;
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

/* empty, "-" or a number: a matrix cell, not a host name */
static int is_value(const char *c)
{
    double x;
    return !c || !strcmp(c, "-") || parse_num(c, &x) == 0;
}

static void mwarn(const rm_matrix_options *mo, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (mo->warn)
        mo->warn(mo->warn_ctx, msg);
    else
        rm_warn_stderr(NULL, msg);
}

/* ---- layouts ------------------------------------------------------------ */

static const char *delim_name(const csv_table *t)
{
    return t->ws ? "whitespace-separated" : t->delim == '\t' ? "tab-separated"
                                        : t->delim == ';'  ? "semicolon-separated"
                                                           : "comma-separated";
}

/* What the reader saw, for a refusal: "comma-separated, a header of 4
 * fields, then 3 rows of 5 fields". */
static const char *layout_seen(const csv_table *t, char *buf, size_t size)
{
    int first = t->n_rows > 1 ? t->rows[1].n : 0, same = 1;
    for (int r = 2; r < t->n_rows; r++)
        same &= t->rows[r].n == first;
    snprintf(buf, size, "saw %s, a first row of %d fields, then %d rows%s%d fields%s",
             delim_name(t), t->n_rows ? t->rows[0].n : 0, t->n_rows > 0 ? t->n_rows - 1 : 0,
             same ? " of " : ", the first of ", first, same ? "" : " (ragged)");
    return buf;
}

#define LAYOUTS                                                                                \
    "a square matrix (a header of the host names, with or without a corner cell, then one "    \
    "row per host, with or without its name first) or an edge list (src,dst,bandwidth"         \
    "[,latency], one line per measured pair)"

/* A square matrix's shape in a table: n hosts named in row 1 from column
 * c0 (0: no corner cell, 1: a corner cell), each row i + 1 the values of
 * host i, after its name when named. */
typedef struct sqview {
    int n, c0, named;
    const char *corner;
} sqview;

static const char *hname(const csv_table *t, const sqview *v, int j)
{
    return t->rows[0].f[v->c0 + j];
}

/* The shape of t (file fname), or -1 when it is not a square matrix with
 * names (then maybe an edge list). */
static int square_shape(const csv_table *t, sqview *v)
{
    memset(v, 0, sizeof *v);
    if (t->n_rows < 2 || t->rows[0].n < 1)
        return -1;
    const csv_row *hdr = &t->rows[0];
    int R = t->n_rows - 1, c0 = hdr->n - R;
    if (c0 != 0 && c0 != 1)
        return -1;
    int named = 1, unnamed = 1;
    for (int i = 0; i < R && (named || unnamed); i++) {
        const csv_row *r = &t->rows[i + 1];
        const char *h = hdr->f[c0 + i];
        named &= r->n > 0 && r->f[0] && h && strcmp(r->f[0], h) == 0;
        unnamed &= r->n == R && (r->n == 0 || is_value(r->f[0]));
    }
    if (!named && !unnamed)
        return -1;
    v->n = R;
    v->c0 = c0;
    v->named = named;
    v->corner = c0 ? hdr->f[0] : NULL;
    return 0;
}

/* An edge list: every row 3 or 4 fields (the same count), the third a
 * number except in a header row 1. 3 or 4, else 0. */
static int edge_shape(const csv_table *t, int *header)
{
    if (t->n_rows < 1)
        return 0;
    int k = t->rows[0].n;
    if (k != 3 && k != 4)
        return 0;
    double x;
    *header = parse_num(t->rows[0].f[2], &x) != 0;
    if (*header && t->n_rows < 2)
        return 0;
    for (int r = *header; r < t->n_rows; r++) {
        const csv_row *row = &t->rows[r];
        if (row->n != k || !row->f[0] || !row->f[1] || parse_num(row->f[2], &x) != 0)
            return 0;
    }
    return k;
}

/* The matrix read from the bandwidth file: host names, bandwidths (Mb/s)
 * and, from an edge list with a fourth column, latencies (s). */
typedef struct matrix {
    int n;
    const char **names; /* into the table */
    double *val;        /* n*n, NaN = no link (and the diagonal) */
    double *lat;        /* n*n s, or NULL */
    int edge_list;
    sqview v;           /* a square matrix's shape */
    unit bw_unit;       /* the unit the values were read in */
} matrix;

static void matrix_free(matrix *m)
{
    free(m->names);
    free(m->val);
    free(m->lat);
    memset(m, 0, sizeof *m);
}

static rm_status alloc_values(matrix *m, int with_lat, const char *fname, rm_error *err)
{
    size_t nn = (size_t)m->n * (size_t)m->n;
    m->val = malloc(nn * sizeof *m->val);
    m->lat = with_lat ? malloc(nn * sizeof *m->lat) : NULL;
    if (!m->val || (with_lat && !m->lat))
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", fname);
    for (size_t k = 0; k < nn; k++) {
        m->val[k] = NAN;
        if (m->lat)
            m->lat[k] = NAN;
    }
    return RM_OK;
}

/* a bandwidth > 0 in the file, 0 once converted: the least double, unusable
 * (topo/io/unusable.h) */
static double bw_value(double x, double factor)
{
    double v = x * factor;
    return v == 0.0 ? DBL_TRUE_MIN : v;
}

typedef struct name_occ {
    const char *s;
    int occ; /* 2 * row + column */
} name_occ;

static int cmp_occ(const void *a, const void *b)
{
    const name_occ *x = a, *y = b;
    int c = strcmp(x->s, y->s);
    return c ? c : (x->occ > y->occ) - (x->occ < y->occ);
}

static int cmp_first(const void *a, const void *b)
{
    const name_occ *x = a, *y = b;
    return (x->occ > y->occ) - (x->occ < y->occ);
}

/* An edge list (k = 3 or 4 columns, header row 1 or none): hosts in the
 * order of their first appearance; a pair given one way only is that
 * figure both ways (one line per measured pair). */
static rm_status read_edge_list(const csv_table *t, const char *fname, int k, int header,
                                const char *opt_unit, const char *lat_opt_unit, matrix *m,
                                rm_error *err)
{
    double bwf = 1, latf = 1;
    unit fu = {0}, lu = {0};
    const char *word;
    size_t wlen;
    if (header) {
        const csv_row *h = &t->rows[0];
        if (header_cell(h->f[2], &word, &wlen, &fu) != 0)
            return rm_error_set(err, RM_EINPUT, "%s: row 1, column 3: '%s': unknown bandwidth unit (%s)",
                                fname, h->f[2] ? h->f[2] : "", rmi_unit_spellings(1));
        if (k == 4 && header_cell(h->f[3], &word, &wlen, &lu) != 0)
            return rm_error_set(err, RM_EINPUT, "%s: row 1, column 4: '%s': unknown latency unit (%s)",
                                fname, h->f[3] ? h->f[3] : "", rmi_unit_spellings(8));
    }
    rm_status st = pick_unit(fname, "bandwidth", &fu, opt_unit, "Mb/s", 1, &bwf, NULL, &m->bw_unit, err);
    if (!st && k == 4)
        st = pick_unit(fname, "latency", &lu, lat_opt_unit, "s", 8, &latf, NULL, NULL, err);
    if (st)
        return st;
    int rows = t->n_rows - header;
    name_occ *occ = malloc((size_t)rows * 2 * sizeof *occ);
    int *id = malloc((size_t)rows * 2 * sizeof *id);
    if (!occ || !id) {
        free(occ);
        free(id);
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", fname);
    }
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < 2; c++)
            occ[2 * r + c] = (name_occ){t->rows[r + header].f[c], 2 * r + c};
    qsort(occ, (size_t)rows * 2, sizeof *occ, cmp_occ);
    /* the distinct names, each with its first occurrence, in that order */
    int n = 0;
    for (int q = 0; q < 2 * rows; q++)
        if (q == 0 || strcmp(occ[q].s, occ[q - 1].s) != 0)
            occ[n++] = occ[q];
    if (n > RM_MATRIX_MAX_HOSTS) {
        free(occ);
        free(id);
        return rm_error_set(err, RM_ELIMIT, "%s: %d hosts, at most %d", fname, n, RM_MATRIX_MAX_HOSTS);
    }
    qsort(occ, (size_t)n, sizeof *occ, cmp_first);
    m->n = n;
    m->edge_list = k;
    m->names = malloc((size_t)n * sizeof *m->names);
    if (!m->names) {
        free(occ);
        free(id);
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", fname);
    }
    for (int i = 0; i < n; i++)
        m->names[i] = occ[i].s;
    free(occ);
    /* each end's id: names sorted by first occurrence, looked up by bsearch
     * on a sorted copy */
    name_occ *byname = malloc((size_t)n * sizeof *byname);
    if (!byname) {
        free(id);
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", fname);
    }
    for (int i = 0; i < n; i++)
        byname[i] = (name_occ){m->names[i], i};
    qsort(byname, (size_t)n, sizeof *byname, cmp_occ);
    for (int q = 0; q < 2 * rows; q++) {
        const char *s = t->rows[q / 2 + header].f[q % 2];
        int lo = 0, hi = n - 1;
        id[q] = -1;
        while (lo <= hi) {
            int mid = (lo + hi) / 2, c = strcmp(byname[mid].s, s);
            if (!c) {
                id[q] = byname[mid].occ;
                break;
            }
            if (c < 0)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
    }
    free(byname);
    if ((st = alloc_values(m, k == 4, fname, err))) {
        free(id);
        return st;
    }
    for (int r = 0; r < rows && !st; r++) {
        const csv_row *row = &t->rows[r + header];
        int i = id[2 * r], j = id[2 * r + 1], line = r + header + 1;
        double x, y = 0;
        size_t ij = (size_t)i * n + j;
        if (i == j)
            st = rm_error_set(err, RM_EINPUT, "%s: row %d: host '%s' to itself (an edge list "
                              "names two hosts)", fname, line, row->f[0]);
        else if (!isnan(m->val[ij]))
            st = rm_error_set(err, RM_EINPUT, "%s: row %d: the pair %s -> %s a second time",
                              fname, line, row->f[0], row->f[1]);
        else if (parse_num(row->f[2], &x) || !(x > 0) || !isfinite(x * bwf))
            st = rm_error_set(err, RM_EINPUT, "%s: row %d, column 3 (%s -> %s): expected a "
                              "bandwidth > 0, got '%s'", fname, line, row->f[0], row->f[1],
                              row->f[2]);
        else if (k == 4 && (parse_num(row->f[3], &y) || !(y >= 0) || !isfinite(y * latf)))
            st = rm_error_set(err, RM_EINPUT, "%s: row %d, column 4 (%s -> %s): expected a "
                              "latency >= 0, got '%s'", fname, line, row->f[0], row->f[1],
                              row->f[3] ? row->f[3] : "");
        else {
            m->val[ij] = bw_value(x, bwf);
            if (m->lat)
                m->lat[ij] = y * latf;
        }
    }
    free(id);
    if (st)
        return st;
    /* one line per measured pair: a pair given one way is that figure both ways */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            size_t ij = (size_t)i * n + j, ji = (size_t)j * n + i;
            if (i != j && isnan(m->val[ij]) && !isnan(m->val[ji])) {
                m->val[ij] = m->val[ji];
                if (m->lat)
                    m->lat[ij] = m->lat[ji];
            }
        }
    return RM_OK;
}

/* The header of a square matrix t: the corner's unit (kind_mask) and the
 * names (checked: none empty, no duplicate). */
static rm_status square_header(const csv_table *t, const char *fname, const sqview *v, int check_names,
                               unit *fu, rm_error *err)
{
    const char *word;
    size_t wlen;
    if (v->n > RM_MATRIX_MAX_HOSTS)
        return rm_error_set(err, RM_ELIMIT, "%s: %d hosts, at most %d", fname, v->n,
                            RM_MATRIX_MAX_HOSTS);
    if (v->c0 && header_cell(v->corner, &word, &wlen, fu) != 0)
        return rm_error_set(err, RM_EINPUT, "%s: row 1, column 1: '%s': unknown %s unit (%s)",
                            fname, v->corner, check_names ? "bandwidth" : "latency",
                            rmi_unit_spellings(check_names ? 1 : 8));
    for (int j = 0; check_names && j < v->n; j++) {
        const char *hj = hname(t, v, j);
        if (!hj)
            return rm_error_set(err, RM_EINPUT, "%s: row 1, column %d: empty host name", fname,
                                v->c0 + j + 1);
        for (int i = 0; i < j; i++)
            if (strcmp(hname(t, v, i), hj) == 0)
                return rm_error_set(err, RM_EINPUT,
                                    "%s: row 1, column %d: duplicate host name '%s' (also column %d)",
                                    fname, v->c0 + j + 1, hj, v->c0 + i + 1);
    }
    return RM_OK;
}

/* The bandwidth file: a square matrix or an edge list. */
static rm_status read_bw(const csv_table *t, const char *fname, const char *opt_unit,
                         const char *lat_opt_unit, matrix *m, rm_error *err)
{
    char seen[200];
    memset(m, 0, sizeof *m);
    if (t->n_rows < 1 || t->rows[0].n < 2)
        return rm_error_set(err, RM_EINPUT, "%s: expected %s; %s", fname, LAYOUTS,
                            layout_seen(t, seen, sizeof seen));
    sqview v;
    int header = 0, k = 0;
    if (square_shape(t, &v) != 0) {
        if ((k = edge_shape(t, &header)))
            return read_edge_list(t, fname, k, header, opt_unit, lat_opt_unit, m, err);
        /* the classic layout's messages: a corner cell, then the names */
        v.c0 = 1;
        v.n = t->rows[0].n - 1;
        v.named = 1;
        v.corner = t->rows[0].f[0];
    }
    m->v = v;
    m->n = v.n;
    unit fu = {0};
    double f;
    rm_status st = square_header(t, fname, &v, 1, &fu, err);
    if (!st)
        st = pick_unit(fname, "bandwidth", &fu, opt_unit, "Mb/s", 1, &f, NULL, &m->bw_unit, err);
    if (st)
        return st;
    if (t->n_rows - 1 != v.n)
        return rm_error_set(err, RM_EINPUT,
                            "%s: size mismatch: the header names %d hosts, the matrix has %d rows "
                            "(expected %s; %s)",
                            fname, v.n, t->n_rows - 1, LAYOUTS, layout_seen(t, seen, sizeof seen));
    int n = v.n;
    m->names = malloc((size_t)n * sizeof *m->names);
    if (!m->names)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", fname);
    for (int j = 0; j < n; j++)
        m->names[j] = hname(t, &v, j);
    if ((st = alloc_values(m, 0, fname, err)))
        return st;
    for (int i = 0; i < n; i++) {
        const csv_row *r = &t->rows[i + 1];
        const char *hi = m->names[i];
        if (r->n != n + v.named)
            return rm_error_set(err, RM_EINPUT, "%s: row %d: %d fields, expected %d (%s%d "
                                "bandwidths; %s)", fname, i + 2, r->n, n + v.named,
                                v.named ? "host name + " : "", n,
                                layout_seen(t, seen, sizeof seen));
        if (v.named && (!r->f[0] || strcmp(r->f[0], hi) != 0))
            return rm_error_set(err, RM_EINPUT,
                                "%s: row %d, column 1: host '%s', expected '%s' (rows in the "
                                "order of the header's columns)", fname, i + 2,
                                r->f[0] ? r->f[0] : "", hi);
        for (int j = 0; j < n; j++) {
            const char *c = r->f[j + v.named];
            int col = j + v.named + 1;
            double x = NAN;
            if (i == j) {
                if (c && strcmp(c, "-") && parse_num(c, &x))
                    return rm_error_set(err, RM_EINPUT, "%s: row %d, column %d (diagonal, host '%s'): "
                                        "expected empty, '-' or a number, got '%s'", fname, i + 2,
                                        col, hi, c);
                continue;
            }
            if (!c || !strcmp(c, "-"))
                continue; /* no direct link */
            if (parse_num(c, &x) || !(x > 0) || !isfinite(x * f))
                return rm_error_set(err, RM_EINPUT,
                                    "%s: row %d, column %d (%s -> %s): expected a bandwidth > 0 "
                                    "(empty cell or '-': no link), got '%s'", fname, i + 2, col, hi,
                                    m->names[j], c);
            m->val[(size_t)i * n + j] = bw_value(x, f);
        }
    }
    return RM_OK;
}

/* The latency matrix tl (named ln): a square matrix of the bandwidth
 * file's hosts in its order (m), a latency >= 0 where it has a link and an
 * empty cell where it has none; the diagonal ignored. Into lat[n*n] (s;
 * NaN off the links). */
static rm_status read_latency(const csv_table *tl, const char *ln, const char *opt_unit,
                              const matrix *m, const char *bw_name, double *lat, rm_error *err)
{
    int n = m->n;
    char seen[200];
    sqview v;
    if (square_shape(tl, &v) != 0 || v.n != n) {
        v.c0 = 1;
        v.n = n;
        v.named = 1;
        v.corner = tl->n_rows ? cell(&tl->rows[0], 0) : NULL;
        if (tl->n_rows < 1 || tl->rows[0].n != n + 1)
            return rm_error_set(err, RM_EINPUT,
                                "%s: row 1: %d fields, expected %d (a corner cell, then the %d "
                                "hosts of %s; %s)",
                                ln, tl->n_rows < 1 ? 0 : tl->rows[0].n, n + 1, n, bw_name,
                                layout_seen(tl, seen, sizeof seen));
    }
    unit fu = {0};
    double factor;
    rm_status st = square_header(tl, ln, &v, 0, &fu, err);
    if (!st)
        st = pick_unit(ln, "latency", &fu, opt_unit, "s", 8, &factor, NULL, NULL, err);
    if (st)
        return st;
    for (int j = 0; j < n; j++) {
        const char *h = hname(tl, &v, j);
        if (!h || strcmp(h, m->names[j]) != 0)
            return rm_error_set(err, RM_EINPUT,
                                "%s: row 1, column %d: host '%s', expected '%s' (the hosts of %s, "
                                "in its order)",
                                ln, v.c0 + j + 1, h ? h : "", m->names[j], bw_name);
    }
    if (tl->n_rows - 1 != n)
        return rm_error_set(err, RM_EINPUT,
                            "%s: size mismatch: the header names %d hosts, the matrix has %d rows",
                            ln, n, tl->n_rows - 1);
    for (int i = 0; i < n; i++) {
        const csv_row *r = &tl->rows[i + 1];
        const char *hi = m->names[i];
        if (r->n != n + v.named)
            return rm_error_set(err, RM_EINPUT,
                                "%s: row %d: %d fields, expected %d (%s%d latencies)", ln,
                                i + 2, r->n, n + v.named, v.named ? "host name + " : "", n);
        if (v.named && (!r->f[0] || strcmp(r->f[0], hi) != 0))
            return rm_error_set(err, RM_EINPUT,
                                "%s: row %d, column 1: host '%s', expected '%s' (rows in the "
                                "order of the header's columns)",
                                ln, i + 2, r->f[0] ? r->f[0] : "", hi);
        for (int j = 0; j < n; j++) {
            const char *c = r->f[j + v.named];
            int col = j + v.named + 1;
            double x = NAN;
            lat[(size_t)i * n + j] = NAN;
            if (i == j) {
                if (c && strcmp(c, "-") && parse_num(c, &x))
                    return rm_error_set(err, RM_EINPUT,
                                        "%s: row %d, column %d (diagonal, host '%s'): expected "
                                        "empty, '-' or a number, got '%s'",
                                        ln, i + 2, col, hi, c);
                continue;
            }
            if (c && !strcmp(c, "-"))
                c = NULL;
            int link = !isnan(m->val[(size_t)i * n + j]);
            if (!link && c)
                return rm_error_set(err, RM_EINPUT,
                                    "%s: row %d, column %d (%s -> %s): a latency '%s' for a pair "
                                    "without a link (empty in %s)",
                                    ln, i + 2, col, hi, m->names[j], c, bw_name);
            if (!link)
                continue;
            if (!c || parse_num(c, &x) || !(x >= 0) || !isfinite(x * factor))
                return rm_error_set(err, RM_EINPUT,
                                    "%s: row %d, column %d (%s -> %s): expected a latency >= 0 "
                                    "(the pair has a bandwidth in %s), got '%s'",
                                    ln, i + 2, col, hi, m->names[j], bw_name, c ? c : "");
            lat[(size_t)i * n + j] = x * factor;
        }
    }
    return RM_OK;
}

/* ---- asymmetry ---------------------------------------------------------- */

static double rel_diff(double a, double b)
{
    double hi = a > b ? a : b;
    return hi > 0 ? fabs(a - b) / hi : 0;
}

static double combine(double a, double b, rm_symmetric mode, int latency)
{
    if (mode == RM_SYMMETRIC_MEAN || mode == RM_SYMMETRIC_AUTO)
        return 0.5 * a + 0.5 * b;
    /* max: the better figure (larger bandwidth, smaller latency); min: the worse */
    int larger = (mode == RM_SYMMETRIC_MAX) != latency;
    return larger ? (a > b ? a : b) : (a < b ? a : b);
}

/* What the two directions of a pair become (mo->symmetric): one-sided
 * pairs (a triangle) take their one figure both ways under max, mean and
 * min; pairs with two figures get one; under auto, noise (at most
 * RM_SYMMETRIC_NOISE) is averaged, a larger asymmetry kept, and a warning
 * names the largest. */
static rm_status settle_asymmetry(const char *fname, matrix *m, double *lat,
                                  const rm_matrix_options *mo, rm_error *err)
{
    int n = m->n;
    rm_symmetric mode = mo->symmetric;
    if (mode == RM_SYMMETRIC_NONE)
        return RM_OK;
    double worst = 0;
    int wi = -1, wj = -1, upper = 0, lower = 0, both = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            size_t ij = (size_t)i * n + j, ji = (size_t)j * n + i;
            double a = m->val[ij], b = m->val[ji];
            if (isnan(a) && isnan(b))
                continue;
            if (isnan(a) != isnan(b)) {
                upper += !isnan(a);
                lower += !isnan(b);
                if (worst < INFINITY)
                    wi = isnan(a) ? j : i, wj = isnan(a) ? i : j, worst = INFINITY;
                continue;
            }
            both++;
            double d = rel_diff(a, b);
            if (lat && rel_diff(lat[ij], lat[ji]) > d)
                d = rel_diff(lat[ij], lat[ji]);
            if (d > worst)
                worst = d, wi = i, wj = j;
        }
    if (mode == RM_SYMMETRIC_AUTO && both == 0 && (upper == 0) != (lower == 0))
        return rm_error_set(err, RM_EINPUT,
                            "%s: %s triangle (every pair given one way only, no cell %s the "
                            "diagonal): a symmetric matrix given by half? Read it with "
                            "--symmetric max|mean|min (rm_matrix_options.symmetric), which "
                            "gives each pair its figure both ways",
                            fname, upper ? "an upper" : "a lower", upper ? "below" : "above");
    if (worst == 0)
        return RM_OK;
    size_t wij = (size_t)wi * n + wj, wji = (size_t)wj * n + wi;
    char fig[160];
    if (isinf(worst))
        snprintf(fig, sizeof fig, "%s -> %s %.6g Mb/s, %s -> %s none", m->names[wi],
                 m->names[wj], m->val[wij], m->names[wj], m->names[wi]);
    else {
        char la[40] = "", lb[40] = "";
        if (lat) {
            snprintf(la, sizeof la, " %.3g s", lat[wij]);
            snprintf(lb, sizeof lb, " %.3g s", lat[wji]);
        }
        snprintf(fig, sizeof fig, "%.3g %% (%s -> %s %.6g Mb/s%s, %s -> %s %.6g Mb/s%s)",
                 100 * worst, m->names[wi], m->names[wj], m->val[wij], la, m->names[wj],
                 m->names[wi], m->val[wji], lb);
    }
    if (mode == RM_SYMMETRIC_AUTO && !(worst <= RM_SYMMETRIC_NOISE)) {
        mwarn(mo, "%s: the two directions differ, the largest asymmetry %s: a directed "
              "platform, one one-way link per cell (--symmetric max|mean|min: one link per "
              "pair)", fname, fig);
        return RM_OK;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            size_t ij = (size_t)i * n + j, ji = (size_t)j * n + i;
            double a = m->val[ij], b = m->val[ji];
            if (isnan(a) && isnan(b))
                continue;
            if (isnan(a) || isnan(b)) {
                m->val[ij] = m->val[ji] = isnan(a) ? b : a;
                if (lat)
                    lat[ij] = lat[ji] = isnan(a) ? lat[ji] : lat[ij];
                continue;
            }
            m->val[ij] = m->val[ji] = combine(a, b, mode, 0);
            if (lat)
                lat[ij] = lat[ji] = combine(lat[ij], lat[ji], mode, 1);
        }
    if (mode == RM_SYMMETRIC_AUTO)
        mwarn(mo, "%s: the largest asymmetry, %s, is within the %g %% of measurement noise: "
              "each pair gets the mean of its two figures, one undirected link (--symmetric "
              "none keeps each direction)", fname, fig, 100 * RM_SYMMETRIC_NOISE);
    return RM_OK;
}

/* ---- the platform ------------------------------------------------------- */

rm_status rm_platform_read_matrix(FILE *bw, const char *bw_name, FILE *sp, const char *sp_name,
                                  const rm_matrix_options *mo, rm_platform **out, rm_error *err)
{
    return rm_platform_read_matrices(bw, bw_name, NULL, NULL, sp, sp_name, mo, NULL, out, err);
}

/* The speeds ts (named sp_name): header "host,speed" or "host,w" with an
 * optional unit, or "host,UNIT" (a speed or cycle-time unit: "gflops",
 * "s/Mflop"), then one row per host of the matrix m, any order. Into w[n]
 * (cycle-times, s/Mflop). */
static rm_status read_speeds(const csv_table *ts, const char *sp_name, const char *opt_unit,
                             const matrix *m, const char *bw_name, double *w,
                             const rm_matrix_options *mo, rm_error *err)
{
    const char *word;
    size_t wlen;
    unit fu;
    int n = m->n;
    char seen[200];
    if (ts->n_rows < 1 || ts->rows[0].n != 2)
        return rm_error_set(err, RM_EINPUT, "%s: row 1: expected the header 'host,speed' or "
                            "'host,w' (a unit may follow: 'speed (Gflop/s)', or stand alone: "
                            "'host,GFLOPS'); %s", sp_name, layout_seen(ts, seen, sizeof seen));
    const char *h2 = ts->rows[0].f[1];
    if (header_cell(h2, &word, &wlen, &fu) != 0)
        return rm_error_set(err, RM_EINPUT, "%s: row 1, column 2: '%s': unknown unit (%s)",
                            sp_name, h2 ? h2 : "", rmi_unit_spellings(6));
    int is_w;
    if (wlen == 0 && fu.set && (fu.u.kind == RMI_UNIT_SPEED || fu.u.kind == RMI_UNIT_CYCLE))
        is_w = fu.u.kind == RMI_UNIT_CYCLE; /* "host,gflops" */
    else if ((wlen == 5 && strncasecmp(word, "speed", 5) == 0) ||
             (wlen == 1 && (word[0] == 'w' || word[0] == 'W')))
        is_w = wlen == 1;
    else
        return rm_error_set(err, RM_EINPUT, "%s: row 1, column 2: expected 'speed' or 'w', "
                            "optionally with a unit in parentheses, or a unit alone, got '%s' "
                            "(%s)", sp_name, h2 ? h2 : "", rmi_unit_spellings(6));
    rmi_unit_kind kind;
    double sp_factor;
    unit used;
    rm_status st = pick_unit(sp_name, is_w ? "cycle-time" : "speed", &fu, opt_unit,
                             is_w ? "s/Mflop" : "Mflop/s", is_w ? 4 : 2, &sp_factor, &kind,
                             &used, err);
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
            if (strcmp(m->names[k], h) == 0)
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
    double wmin = INFINITY;
    int imin = 0;
    for (int i = 0; i < n; i++) {
        if (isnan(w[i]))
            return rm_error_set(err, RM_EINPUT, "%s: no row for host '%s' (%s %d of %s)",
                                sp_name, m->names[i], m->edge_list ? "host" : "column",
                                m->edge_list ? i + 1 : m->v.c0 + i + 1, bw_name);
        if (w[i] < wmin)
            wmin = w[i], imin = i;
    }
    /* plausibility: above 100 Tflop/s per host, the values are flop/s (or
     * Gflop/s read as a cycle-time) in the wrong unit */
    if (1.0 / wmin > 1e8)
        mwarn(mo, "%s: host '%s' computes %.3g Mflop/s (read in %s%s): more than 100 Tflop/s, "
              "are the values in flop/s? Give the unit in the header ('speed (flop/s)', "
              "'host,Gf') or --speed-unit", sp_name, m->names[imin], 1.0 / wmin, used.name,
              fu.set || opt_unit ? "" : ", the default");
    return RM_OK;
}

/* Build: n hosts named m->names with cycle-times w, a link per bandwidth
 * of m->val (one per pair when val and lat are symmetric — same value or
 * both empty — else one per cell, directed), latencies from lat (NULL: 0);
 * the platform is named after bw_name's base name without extension. */
static rm_status build_platform(const char *bw_name, const matrix *m, const double *lat,
                                const double *w, rm_platform **out, rm_error *err)
{
    int n = m->n;
    const double *val = m->val;
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
        if ((st = rm_platform_set_label(p, i, m->names[i]))) {
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
    if ((unsigned)mo->symmetric > RM_SYMMETRIC_MIN)
        return rm_error_set(err, RM_EINPUT, "rm_platform_read_matrices: symmetric %d is not an "
                            "rm_symmetric", (int)mo->symmetric);
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
    double *w = NULL, *lat = NULL;
    matrix m;
    if ((st = read_bw(&tb, bw_name, mo->bandwidth_unit, latency_unit, &m, err)))
        goto done;
    int n = m.n;
    w = malloc((size_t)n * sizeof *w);
    if (!w) {
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", bw_name);
        goto done;
    }
    if (lt && m.lat) {
        st = rm_error_set(err, RM_EINPUT, "%s: the edge list has a latency column: no latency "
                          "matrix %s as well", bw_name, lt_name);
        goto done;
    }
    if (lt) {
        lat = malloc((size_t)n * (size_t)n * sizeof *lat);
        if (!lat) {
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", lt_name);
            goto done;
        }
        if ((st = read_latency(&tl, lt_name, latency_unit, &m, bw_name, lat, err)))
            goto done;
    } else if (m.lat) {
        lat = m.lat;
        m.lat = NULL;
    }
    if ((st = read_speeds(&ts, sp_name, mo->speed_unit, &m, bw_name, w, mo, err)))
        goto done;
    /* plausibility: above 10 Tb/s per pair, b/s or B/s read as Mb/s */
    double bmax = 0;
    int bi = 0, bj = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (m.val[(size_t)i * n + j] > bmax)
                bmax = m.val[(size_t)i * n + j], bi = i, bj = j;
    if (bmax > 1e7)
        mwarn(mo, "%s: %s -> %s: %.3g Mb/s (read in %s): more than 10 Tb/s, are the values "
              "in b/s or B/s? Give the unit in the corner cell ('B/s', 'bandwidth (Bps)') or "
              "--bandwidth-unit", bw_name, m.names[bi], m.names[bj], bmax, m.bw_unit.name);
    if ((st = settle_asymmetry(bw_name, &m, lat, mo, err)))
        goto done;
    /* build */
    st = build_platform(bw_name, &m, lat, w, out, err);
done:
    matrix_free(&m);
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
