/*
 * metis_graph.c — the user's graph in the METIS graph format (METIS 5.1
 * manual §4.1.1) and its coordinates (one line per vertex), for the ring
 * partition (include/ringmap/partition.h). A parser of user input: bounded
 * (the file through the library's input checks, counts checked against the
 * file's size before anything is allocated), strict, every refusal naming
 * the file and line.
 */
#include "ringmap/partition.h"

#include "topo/input_file.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void rm_graph_free(rm_graph *g)
{
    if (!g)
        return;
    free(g->xadj);
    free(g->adjncy);
    free(g->vwgt);
    free(g->adjwgt);
    free(g->xyz);
    free(g);
}

/* A cursor over the text, line by line. */
typedef struct cursor {
    const char *p, *end;
    long line;  /* number of the line last returned */
    const char *name;
} cursor;

/* The next line [*b, *e) (without its '\n' and a '\r' before it); 0 at the end. */
static int next_line(cursor *c, const char **b, const char **e)
{
    if (c->p >= c->end)
        return 0;
    const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
    const char *le = nl ? nl : c->end;
    *b = c->p;
    *e = le > c->p && le[-1] == '\r' ? le - 1 : le;
    c->p = nl ? nl + 1 : c->end;
    c->line++;
    return 1;
}

static const char *skip_blank(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    return s;
}

/* An integer token at *s (before e): 1 and *v, 0 at the end of the line,
 * -1 if the token is not an integer (or out of range). */
static int next_long(const char **s, const char *e, long *v)
{
    const char *t = skip_blank(*s, e);
    if (t >= e)
        return 0;
    char buf[32];
    size_t k = 0;
    while (t < e && *t != ' ' && *t != '\t') {
        if (k + 1 >= sizeof buf)
            return -1;
        buf[k++] = *t++;
    }
    buf[k] = '\0';
    char *end;
    errno = 0;
    long x = strtol(buf, &end, 10);
    if (*end || end == buf || errno == ERANGE)
        return -1;
    *v = x;
    *s = t;
    return 1;
}

static rm_status bad(rm_error *err, const cursor *c, const char *what)
{
    return rm_error_set(err, RM_EINPUT, "%s:%ld: %s", c->name, c->line, what);
}

typedef struct header {
    long n, m;
    int has_size, has_vwgt, has_ewgt;
} header;

static rm_status read_header(cursor *c, header *h, rm_error *err)
{
    const char *b, *e;
    while (next_line(c, &b, &e)) {
        const char *s = skip_blank(b, e);
        if (s < e && *s == '%')
            continue;
        long v[4] = {0, 0, 0, 1};
        int k = 0, r = 0;
        while (k < 5 && (r = next_long(&s, e, &v[k < 4 ? k : 3])) == 1)
            k++;
        if (r < 0 && k < 5)
            return bad(err, c, "header: expected 'n m [fmt [ncon]]' (integers)");
        if (k < 2 || k > 4)
            return bad(err, c, "header: expected 'n m [fmt [ncon]]': the vertex and edge counts, "
                               "then optionally the format (0, 1, 10, 11, 100, ...) and ncon");
        if (v[0] < 1 || v[0] > RM_GRAPH_MAX || v[1] < 0 || v[1] > RM_GRAPH_MAX)
            return rm_error_set(err, RM_EINPUT,
                                "%s:%ld: header: %ld vertices and %ld edges (need 1..%ld vertices, "
                                "0..%ld edges)",
                                c->name, c->line, v[0], v[1], RM_GRAPH_MAX, RM_GRAPH_MAX);
        long f = v[2];
        if (f < 0 || f > 111 || (f % 10) > 1 || (f / 10 % 10) > 1)
            return rm_error_set(err, RM_EINPUT,
                                "%s:%ld: header: format '%ld' (expected 0, 1, 10, 11, 100, 101, "
                                "110 or 111: vertex sizes, vertex weights, edge weights)",
                                c->name, c->line, f);
        if (k == 4 && v[3] != 1 && !(v[3] == 0 && !(f / 10 % 10)))
            return rm_error_set(err, RM_EINPUT,
                                "%s:%ld: header: ncon = %ld vertex weights per vertex (this reader "
                                "takes 1: one balance constraint)",
                                c->name, c->line, v[3]);
        h->n = v[0];
        h->m = v[1];
        h->has_size = f >= 100;
        h->has_vwgt = (f / 10) % 10 == 1;
        h->has_ewgt = f % 10 == 1;
        /* bounded before allocating: every vertex needs a line, every
           neighbour at least two bytes */
        size_t rest = (size_t)(c->end - c->p);
        if ((size_t)h->n > rest + 1 || (size_t)h->m > rest / 2 + 1)
            return rm_error_set(err, RM_EINPUT,
                                "%s:%ld: header: %ld vertices and %ld edges cannot fit in the %zu "
                                "bytes that follow",
                                c->name, c->line, h->n, h->m, rest);
        return RM_OK;
    }
    return rm_error_set(err, RM_EINPUT, "%s: no header line 'n m [fmt [ncon]]' (an empty file?)",
                        c->name);
}

/* (u, v, w) of one adjacency entry, sorted to check symmetry. */
typedef struct arc {
    long u, v, w;
    long line;
} arc;

static int cmp_arc(const void *a, const void *b)
{
    const arc *x = a, *y = b;
    if (x->u != y->u)
        return (x->u > y->u) - (x->u < y->u);
    return (x->v > y->v) - (x->v < y->v);
}

/* Every {u, v} listed in both rows, once each, with one weight. */
static rm_status check_symmetric(const rm_graph *g, const long *line_of, const char *name,
                                 rm_error *err)
{
    long na = g->xadj[g->n];
    arc *a = malloc((size_t)(na > 0 ? na : 1) * sizeof *a);
    if (!a)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
    for (long u = 0; u < g->n; u++)
        for (long i = g->xadj[u]; i < g->xadj[u + 1]; i++)
            a[i] = (arc){u, g->adjncy[i], g->adjwgt[i], line_of[u]};
    qsort(a, (size_t)na, sizeof *a, cmp_arc);
    rm_status st = RM_OK;
    for (long i = 0; i < na && !st; i++) {
        if (i > 0 && a[i].u == a[i - 1].u && a[i].v == a[i - 1].v) {
            st = rm_error_set(err, RM_EINPUT, "%s:%ld: vertex %ld lists neighbour %ld twice", name,
                              a[i].line, a[i].u + 1, a[i].v + 1);
            break;
        }
        arc key = {a[i].v, a[i].u, 0, 0};
        const arc *r = bsearch(&key, a, (size_t)na, sizeof *a, cmp_arc);
        if (!r)
            st = rm_error_set(err, RM_EINPUT,
                              "%s:%ld: vertex %ld lists neighbour %ld, but vertex %ld (line %ld) "
                              "does not list %ld: the graph must be undirected",
                              name, a[i].line, a[i].u + 1, a[i].v + 1, a[i].v + 1,
                              line_of[a[i].v], a[i].u + 1);
        else if (r->w != a[i].w)
            st = rm_error_set(err, RM_EINPUT,
                              "%s:%ld: edge %ld-%ld has weight %ld here and %ld on line %ld", name,
                              a[i].line, a[i].u + 1, a[i].v + 1, a[i].w, r->w, r->line);
    }
    free(a);
    return st;
}

/* One vertex line: [size] [weight] (neighbour [weight])*. */
static rm_status read_vertex(cursor *c, const header *h, rm_graph *g, long u, const char *b,
                             const char *e, long cap, rm_error *err)
{
    const char *s = b;
    long v;
    int r;
    if (h->has_size && (r = next_long(&s, e, &v)) != 1)
        return bad(err, c, r < 0 ? "vertex size: not an integer" : "expected the vertex size");
    if (h->has_size && v < 0)
        return bad(err, c, "vertex size: negative");
    g->vwgt[u] = 1;
    if (h->has_vwgt) {
        if ((r = next_long(&s, e, &v)) != 1)
            return bad(err, c,
                       r < 0 ? "vertex weight: not an integer" : "expected the vertex weight");
        if (v < 0 || v > LONG_MAX / RM_GRAPH_MAX)
            return rm_error_set(err, RM_EINPUT, "%s:%ld: vertex weight %ld (need 0..%ld)",
                                c->name, c->line, v, LONG_MAX / RM_GRAPH_MAX);
        g->vwgt[u] = v;
    }
    long i = g->xadj[u];
    while ((r = next_long(&s, e, &v)) == 1) {
        if (v < 1 || v > h->n)
            return rm_error_set(err, RM_EINPUT,
                                "%s:%ld: neighbour %ld of vertex %ld is not a vertex (1..%ld)",
                                c->name, c->line, v, u + 1, h->n);
        if (v - 1 == u)
            return rm_error_set(err, RM_EINPUT, "%s:%ld: vertex %ld lists itself (a self-loop)",
                                c->name, c->line, u + 1);
        if (i >= cap)
            return rm_error_set(err, RM_EINPUT,
                                "%s:%ld: more neighbours than the header's %ld edges allow "
                                "(2 m = %ld entries)",
                                c->name, c->line, h->m, 2 * h->m);
        long w = 1;
        if (h->has_ewgt) {
            if ((r = next_long(&s, e, &w)) != 1)
                return bad(err, c, r < 0 ? "edge weight: not an integer"
                                         : "a neighbour without its edge weight (format x1)");
            if (w < 1 || w > LONG_MAX / RM_GRAPH_MAX)
                return rm_error_set(err, RM_EINPUT, "%s:%ld: edge weight %ld (need 1..%ld)",
                                    c->name, c->line, w, LONG_MAX / RM_GRAPH_MAX);
        }
        g->adjncy[i] = v - 1;
        g->adjwgt[i] = w;
        i++;
    }
    if (r < 0)
        return bad(err, c, "a neighbour that is not an integer");
    g->xadj[u + 1] = i;
    return RM_OK;
}

static rm_status parse(cursor *c, rm_graph *g, long **line_of, rm_error *err)
{
    header h = {0, 0, 0, 0, 0};
    rm_status st = read_header(c, &h, err);
    if (st)
        return st;
    g->n = h.n;
    g->m = h.m;
    long cap = 2 * h.m;
    g->xadj = calloc((size_t)h.n + 1, sizeof *g->xadj);
    g->vwgt = malloc((size_t)h.n * sizeof *g->vwgt);
    g->adjncy = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *g->adjncy);
    g->adjwgt = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *g->adjwgt);
    *line_of = malloc((size_t)h.n * sizeof **line_of);
    if (!g->xadj || !g->vwgt || !g->adjncy || !g->adjwgt || !*line_of)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", c->name);
    long u = 0;
    const char *b, *e;
    while (u < h.n && next_line(c, &b, &e)) {
        const char *s = skip_blank(b, e);
        if (s < e && *s == '%')
            continue;
        (*line_of)[u] = c->line;
        if ((st = read_vertex(c, &h, g, u, b, e, cap, err)))
            return st;
        u++;
    }
    if (u < h.n)
        return rm_error_set(err, RM_EINPUT,
                            "%s:%ld: the header announces %ld vertices, the file has %ld vertex "
                            "lines",
                            c->name, c->line, h.n, u);
    while (next_line(c, &b, &e)) {
        const char *s = skip_blank(b, e);
        if (s < e && *s != '%')
            return rm_error_set(err, RM_EINPUT,
                                "%s:%ld: more vertex lines than the header's %ld vertices",
                                c->name, c->line, h.n);
    }
    if (g->xadj[h.n] != cap)
        return rm_error_set(err, RM_EINPUT,
                            "%s: the header announces %ld edges (%ld neighbour entries), the "
                            "vertex lines list %ld entries",
                            c->name, h.m, cap, g->xadj[h.n]);
    return RM_OK;
}

rm_status rm_graph_parse_metis(const char *text, size_t len, const char *name, rm_graph **out,
                               rm_error *err)
{
    if (out)
        *out = NULL;
    if (!text || !out)
        return rm_error_set(err, RM_EINVAL, "rm_graph_parse_metis: %s is NULL",
                            !text ? "text" : "out");
    if (!name)
        name = "<METIS graph>";
    if (memchr(text, '\0', len))
        return rm_error_set(err, RM_EINPUT, "%s: a NUL byte (not a text file)", name);
    cursor c = {text, text + len, 0, name};
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
        c.p += 3;
    rm_graph *g = calloc(1, sizeof *g);
    if (!g)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
    long *line_of = NULL;
    rm_status st = parse(&c, g, &line_of, err);
    if (!st)
        st = check_symmetric(g, line_of, name, err);
    free(line_of);
    if (st) {
        rm_graph_free(g);
        return st;
    }
    *out = g;
    return RM_OK;
}

/* The whole file (through the library's input checks) as text. */
static char *slurp(const char *path, size_t *len, rm_error *err)
{
    FILE *f = rmi_input_fopen(path, err);
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (n < cap)
            break;
        if (cap >= (size_t)RM_INPUT_MAX_BYTES + 1) {
            free(buf);
            fclose(f);
            rm_error_set(err, RM_EINPUT, "%s: more than the limit of 256 MiB", path);
            return NULL;
        }
        char *nb = realloc(buf, cap * 2);
        if (!nb)
            free(buf);
        buf = nb;
        cap *= 2;
    }
    int bad_read = ferror(f);
    fclose(f);
    if (!buf) {
        rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        return NULL;
    }
    if (bad_read) {
        free(buf);
        rm_error_set(err, RM_EINPUT, "%s: read error", path);
        return NULL;
    }
    *len = n;
    return buf;
}

rm_status rm_graph_read_metis(const char *path, rm_graph **out, rm_error *err)
{
    if (out)
        *out = NULL;
    if (!path || !out)
        return rm_error_set(err, RM_EINVAL, "rm_graph_read_metis: %s is NULL",
                            !path ? "path" : "out");
    size_t len = 0;
    char *text = slurp(path, &len, err);
    if (!text)
        return err ? err->status : RM_EINPUT;
    rm_status st = rm_graph_parse_metis(text, len, path, out, err);
    free(text);
    return st;
}

/* The numbers of one coordinates line into x (at most 3); -1 if a token is
 * not a finite number or there are more than 3. */
static int coord_line(const char *b, const char *e, double *x)
{
    char buf[512];
    size_t len = (size_t)(e - b);
    if (len >= sizeof buf)
        return -1;
    memcpy(buf, b, len);
    buf[len] = '\0';
    int k = 0;
    char *s = buf;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == ',')
            s++;
        if (!*s)
            return k;
        if (k == 3)
            return -1;
        char *end;
        errno = 0;
        double v = strtod(s, &end);
        if (end == s || errno == ERANGE || !isfinite(v) ||
            (*end && *end != ' ' && *end != '\t' && *end != ','))
            return -1;
        x[k++] = v;
        s = end;
    }
}

rm_status rm_graph_read_coords(rm_graph *g, const char *path, rm_error *err)
{
    if (!g || !path)
        return rm_error_set(err, RM_EINVAL, "rm_graph_read_coords: %s is NULL",
                            !g ? "g" : "path");
    size_t len = 0;
    char *text = slurp(path, &len, err);
    if (!text)
        return err ? err->status : RM_EINPUT;
    cursor c = {text, text + len, 0, path};
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
        c.p += 3;
    double *xyz = NULL;
    int dim = 0;
    long u = 0;
    rm_status st = RM_OK;
    const char *b, *e;
    while (!st && next_line(&c, &b, &e)) {
        const char *s = skip_blank(b, e);
        if (s >= e || *s == '%' || *s == '#')
            continue;
        double x[3];
        int k = memchr(b, '\0', (size_t)(e - b)) ? -1 : coord_line(b, e, x);
        if (k < 1)
            st = bad(err, &c, "expected 1 to 3 numbers (the vertex's coordinates)");
        else if (dim && k != dim)
            st = rm_error_set(err, RM_EINPUT, "%s:%ld: %d coordinates, the lines before have %d",
                              path, c.line, k, dim);
        else if (u >= g->n)
            st = rm_error_set(err, RM_EINPUT, "%s:%ld: more coordinate lines than the graph's %ld "
                                              "vertices",
                              path, c.line, g->n);
        if (st)
            break;
        if (!dim) {
            dim = k;
            xyz = malloc((size_t)g->n * (size_t)dim * sizeof *xyz);
            if (!xyz)
                st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        }
        if (!st)
            memcpy(xyz + (size_t)u * (size_t)dim, x, (size_t)dim * sizeof *x);
        u++;
    }
    if (!st && u != g->n)
        st = rm_error_set(err, RM_EINPUT, "%s: %ld coordinate lines for the graph's %ld vertices",
                          path, u, g->n);
    free(text);
    if (st) {
        free(xyz);
        return st;
    }
    free(g->xyz);
    g->xyz = xyz;
    g->dim = dim;
    return RM_OK;
}
