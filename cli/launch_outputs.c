/*
 * launch_outputs.c — hostfile, rankfile, machinefile, METIS tpwgts and
 * integer work units of a ring mapping (cli/launch_outputs.h, docs/launch.md).
 * Rank k = ring position k in every file.
 */
#define _POSIX_C_SOURCE 200809L /* strdup, access */
#include "cli/launch_outputs.h"
#include "cli/outfile.h"

#include <csv.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

void rmi_cli_launch_init(rm_cli_launch *l)
{
    memset(l, 0, sizeof *l);
    l->units = -1;
}

int rmi_cli_launch_opt(rm_cli_launch *l, int c, const char *arg, rm_cli_bad_fn bad)
{
    static const char *const names[] = {"--hostfile", "--rankfile", "--machinefile", "--tpwgts",
                                        "--units",    "--units-csv", "--label-map"};
    const char *name = names[c - RM_CLI_LAUNCH_HOSTFILE];
    if (c == RM_CLI_LAUNCH_UNITS) {
        char *end = NULL;
        errno = 0;
        long long n = strtoll(arg, &end, 10);
        if (end == arg || *end || errno == ERANGE || n < 1 || n > LONG_MAX / 2)
            return bad("--units: expected an integer >= 1, got '%s'", arg);
        l->units = (long)n;
        return -1;
    }
    if (!*arg)
        return bad("%s: expected a file name or '-'", name);
    const char **slot = c == RM_CLI_LAUNCH_HOSTFILE      ? &l->hostfile
                        : c == RM_CLI_LAUNCH_RANKFILE    ? &l->rankfile
                        : c == RM_CLI_LAUNCH_MACHINEFILE ? &l->machinefile
                        : c == RM_CLI_LAUNCH_TPWGTS      ? &l->tpwgts
                        : c == RM_CLI_LAUNCH_LABEL_MAP   ? &l->label_map
                                                         : &l->units_csv;
    *slot = arg;
    return -1;
}

#define N_OUT 6
/* The launch outputs and --json, with their option names. */
static void outputs(const rm_cli_launch *l, const char *json, const char **path,
                    const char **what)
{
    const char *p[N_OUT] = {l->hostfile, l->rankfile, l->machinefile, l->tpwgts, l->units_csv,
                            json};
    const char *w[N_OUT] = {"--hostfile", "--rankfile", "--machinefile",
                            "--tpwgts",   "--units-csv", "--json"};
    memcpy(path, p, sizeof p);
    memcpy(what, w, sizeof w);
}

int rmi_cli_launch_stdout(const rm_cli_launch *l)
{
    const char *path[N_OUT], *what[N_OUT];
    outputs(l, NULL, path, what);
    for (int i = 0; i < N_OUT; i++)
        if (path[i] && strcmp(path[i], "-") == 0)
            return 1;
    return 0;
}

int rmi_cli_launch_check(const rm_cli_launch *l, const char *const *inputs, int n_in,
                        const char *json, const char *dot, const char *svg, rm_cli_bad_fn bad)
{
    if (l->units_csv && l->units < 0)
        return bad("--units-csv needs --units N");
    const char *path[N_OUT + 2], *what[N_OUT + 2];
    outputs(l, json, path, what);
    for (int i = 0; i < N_OUT; i++)
        for (int j = 0; j < i && path[i]; j++)
            if (path[j] && strcmp(path[i], path[j]) == 0)
                return strcmp(path[i], "-")
                           ? bad("%s and %s name the same output '%s'", what[j], what[i],
                                 path[i])
                           : bad("%s and %s both write to standard output ('-'): give one of "
                                 "them a file",
                                 what[j], what[i]);
    path[N_OUT] = dot;
    what[N_OUT] = "--dot";
    path[N_OUT + 1] = svg;
    what[N_OUT + 1] = "--svg";
    /* the label map is an input too: no output may replace it */
    const char *in[16];
    if (n_in > 15)
        n_in = 15;
    memcpy(in, inputs, (size_t)n_in * sizeof *in);
    in[n_in] = l->label_map;
    return rmi_out_check_all(in, n_in + 1, what, path, N_OUT + 2);
}

/* A host name the launch files can carry unquoted: Open MPI's hostfile and
 * rankfile lexers and Hydra's machinefile split on blanks, '=', ':', '#'. */
static int good_host_name(const char *s)
{
    if (!s || !*s || strlen(s) > 255)
        return 0;
    for (const char *c = s; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              *c == '.' || *c == '-' || *c == '_'))
            return 0;
    return *s != '-';
}

/* Two host names compared as the resolver does: ignoring case and a final
 * '.' (the absolute form "node1." names node1). */
static int host_name_cmp(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    la -= la > 1 && a[la - 1] == '.';
    lb -= lb > 1 && b[lb - 1] == '.';
    int c = strncasecmp(a, b, la < lb ? la : lb);
    return c ? c : (la > lb) - (la < lb);
}

static int cmp_label_nocase(const void *a, const void *b)
{
    const rm_node *x = *(const rm_node *const *)a, *y = *(const rm_node *const *)b;
    int c = host_name_cmp(x->label, y->label);
    return c ? c : (x->id > y->id) - (x->id < y->id);
}

/* One line of a label map split into its CSV fields (RFC 4180, libcsv). */
typedef struct lm_line {
    char *f[3];
    int n;
    int nomem;
} lm_line;

static void lm_field(void *s, size_t len, void *data)
{
    lm_line *ln = data;
    if (ln->n < 3 && !ln->nomem) {
        char *c = malloc(len + 1);
        if (!c) {
            ln->nomem = 1;
            return;
        }
        memcpy(c, s, len);
        c[len] = '\0';
        ln->f[ln->n] = c;
    }
    ln->n++;
}

static void lm_free(lm_line *ln)
{
    for (int i = 0; i < 3 && i < ln->n; i++)
        free(ln->f[i]);
    memset(ln, 0, sizeof *ln);
}

#define LABEL_MAP_LINE_MAX 4096

int rmi_cli_launch_apply_labels(const rm_cli_launch *l, rm_platform *p)
{
    if (!l->label_map)
        return -1;
    const char *path = l->label_map;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "ringmap: --label-map: cannot open '%s': %s\n", path, strerror(errno));
        return 2;
    }
    /* node index -> the line that renamed it (0: none), to refuse a label named twice */
    long *by = calloc((size_t)(p->n_nodes > 0 ? p->n_nodes : 1), sizeof *by);
    char *buf = malloc(LABEL_MAP_LINE_MAX + 2);
    char **fresh = calloc((size_t)(p->n_nodes > 0 ? p->n_nodes : 1), sizeof *fresh);
    if (!by || !buf || !fresh) {
        free(by), free(buf), free(fresh), fclose(f);
        fprintf(stderr, "ringmap: out of memory\n");
        return 1;
    }
    int code = -1;
    long line = 0;
    while (code < 0 && fgets(buf, LABEL_MAP_LINE_MAX + 2, f)) {
        line++;
        size_t len = strlen(buf);
        if (len > LABEL_MAP_LINE_MAX && buf[len - 1] != '\n') {
            fprintf(stderr, "ringmap: %s:%ld: line longer than %d bytes\n", path, line,
                    LABEL_MAP_LINE_MAX);
            code = 2;
            break;
        }
        if (memchr(buf, '\0', len + 1) != buf + len || (len == 0 && !feof(f))) {
            fprintf(stderr, "ringmap: %s:%ld: a NUL byte (not a text file)\n", path, line);
            code = 2;
            break;
        }
        while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
            buf[--len] = '\0';
        const char *t = buf + strspn(buf, " \t");
        if (!*t || *t == '#')
            continue;
        struct csv_parser cp;
        lm_line ln = {{NULL}, 0, 0};
        if (csv_init(&cp, CSV_STRICT | CSV_STRICT_FINI) != 0) {
            fprintf(stderr, "ringmap: out of memory\n");
            code = 1;
            break;
        }
        size_t used = csv_parse(&cp, buf, len, lm_field, NULL, &ln);
        int bad = used != len || csv_fini(&cp, lm_field, NULL, &ln) != 0;
        csv_free(&cp);
        if (ln.nomem) {
            fprintf(stderr, "ringmap: out of memory\n");
            code = 1;
        } else if (bad || ln.n != 2) {
            if (bad)
                fprintf(stderr, "ringmap: %s:%ld: expected 'LABEL,HOSTNAME', got a malformed CSV "
                                "line (an unclosed quote?)\n", path, line);
            else
                fprintf(stderr, "ringmap: %s:%ld: expected 'LABEL,HOSTNAME' (2 CSV fields), "
                                "got %d field(s)\n", path, line, ln.n);
            code = 2;
        } else if (!good_host_name(ln.f[1])) {
            fprintf(stderr,
                    "ringmap: %s:%ld: '%.80s' is not a host name a hostfile, rankfile or "
                    "machinefile can carry (letters, digits, '.', '-', '_'; not empty, not "
                    "starting with '-')\n",
                    path, line, ln.f[1]);
            code = 2;
        } else {
            int hit = -1, hits = 0;
            for (int v = 0; v < p->n_nodes; v++)
                if (!strcmp(p->nodes[v].label, ln.f[0]) && hits++ == 0)
                    hit = v;
            if (hits != 1) {
                if (hits == 0)
                    fprintf(stderr, "ringmap: %s:%ld: no node of the platform is labelled "
                                    "'%.80s'\n", path, line, ln.f[0]);
                else
                    fprintf(stderr, "ringmap: %s:%ld: %d nodes of the platform are labelled "
                                    "'%.80s' (the map cannot tell them apart)\n",
                            path, line, hits, ln.f[0]);
                code = 2;
            } else if (by[hit]) {
                fprintf(stderr, "ringmap: %s:%ld: label '%.80s' already renamed on line %ld\n",
                        path, line, ln.f[0], by[hit]);
                code = 2;
            } else {
                by[hit] = line;
                fresh[hit] = ln.f[1];
                ln.f[1] = NULL;
            }
        }
        lm_free(&ln);
    }
    if (code < 0 && ferror(f)) {
        fprintf(stderr, "ringmap: --label-map: cannot read '%s': %s\n", path, strerror(errno));
        code = 2;
    }
    fclose(f);
    /* renamed only once the whole map is read: labels on later lines are the
       platform's own, not names given on earlier lines */
    for (int v = 0; v < p->n_nodes; v++) {
        if (code < 0 && fresh[v] && rm_platform_set_label(p, v, fresh[v]) != RM_OK) {
            fprintf(stderr, "ringmap: out of memory\n");
            code = 1;
        }
        free(fresh[v]);
    }
    free(fresh);
    free(by);
    free(buf);
    return code;
}

/* The ring's hosts (only those) have names the launch files can carry, no
 * two one name. -1 or 2 (1: out of memory) after a message. O(q log q). */
static int check_ring_labels(const rm_cli_launch *l, const rm_platform *p, const rm_mapping *m)
{
    if (!l->hostfile && !l->rankfile && !l->machinefile)
        return -1;
    const char *hint = l->label_map ? "" : " (rename it with --label-map FILE, lines 'LABEL,HOSTNAME')";
    for (int k = 0; k < m->q; k++) {
        const rm_node *v = &p->nodes[m->ring[k]];
        if (!good_host_name(v->label)) {
            fprintf(stderr,
                    "ringmap: ring position %d, host node %ld: label '%.80s' is not a host name "
                    "a hostfile, rankfile or machinefile can carry (letters, digits, '.', '-', "
                    "'_'; not empty, not starting with '-')%s\n",
                    k, v->id, v->label ? v->label : "", hint);
            return 2;
        }
    }
    /* two ring hosts with one name (ignoring case and a final '.'): Open MPI would
     * run two ranks on that one machine and none on the other */
    const rm_node **by = malloc((size_t)(m->q > 0 ? m->q : 1) * sizeof *by);
    if (!by) {
        fprintf(stderr, "ringmap: out of memory\n");
        return 1;
    }
    for (int k = 0; k < m->q; k++)
        by[k] = &p->nodes[m->ring[k]];
    qsort(by, (size_t)m->q, sizeof *by, cmp_label_nocase);
    int code = -1;
    for (int h = 1; h < m->q && code < 0; h++)
        if (!host_name_cmp(by[h - 1]->label, by[h]->label)) {
            int same = !strcmp(by[h - 1]->label, by[h]->label);
            fprintf(stderr,
                    "ringmap: host nodes %ld ('%.80s') and %ld ('%.80s') have one host name%s: a "
                    "hostfile, rankfile or machinefile would name one machine twice (both are in "
                    "the ring: give them distinct labels%s)\n",
                    by[h - 1]->id, by[h - 1]->label, by[h]->id, by[h]->label,
                    same ? "" : " (host names ignore case and a final '.')",
                    l->label_map ? "" : ": --label-map FILE");
            code = 2;
        }
    free(by);
    return code;
}

int rmi_cli_launch_prepare(rm_cli_launch *l, const rm_network *net, const rm_mapping *m,
                          const char *both_title)
{
    l->q = m->q;
    int code = check_ring_labels(l, net->platform, m);
    if (code >= 0)
        return code;
    if (both_title &&
        (l->hostfile || l->rankfile || l->machinefile || l->tpwgts || l->units >= 0))
        fprintf(stderr, "ringmap: --heuristic both: the launch files and work units follow "
                        "%s's ring (the better one)\n", both_title);
    if (l->units < 0)
        return -1;
    l->unit_count = calloc((size_t)m->q, sizeof(long));
    if (!l->unit_count) {
        fprintf(stderr, "ringmap: out of memory\n");
        return 1;
    }
    rm_error err = {RM_OK, ""};
    if (rm_mapping_units(net, m, l->units, 0, l->unit_count, &err))
        return rmi_cli_lib_failure(&err);
    l->units_t = rm_mapping_units_tstep(net, m, l->units, l->unit_count);
    return -1;
}

void rmi_cli_launch_print(FILE *f, const rm_cli_launch *l, const rm_network *net,
                         const rm_mapping *m)
{
    if (!l->unit_count)
        return;
    fprintf(f, "\nInteger work shares of %ld units (T_step/D_w %.7g s/Mflop):\n", l->units,
            l->units_t);
    fprintf(f, " %-5s %-20s %8s\n", "rank", "host", "units");
    for (int k = 0; k < m->q; k++)
        fprintf(f, " %-5d %-20s %8ld\n", k, net->platform->nodes[m->ring[k]].label,
                l->unit_count[k]);
}

/* A CSV field (RFC 4180): quoted when it has a comma, quote or line break. */
static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

enum { F_HOST, F_RANK, F_MACHINE, F_TPWGTS, F_UNITS };

/* s in a comment line of a hostfile or rankfile: a control character (a
 * newline in the platform's file name would start a host line) as \xHH. */
static void comment_text(FILE *f, const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; c && *c; c++)
        if (*c < 0x20 || *c == 0x7f)
            fprintf(f, "\\x%02x", *c);
        else
            fputc(*c, f);
}

static void write_one(FILE *f, int kind, const rm_cli_launch *l, const rm_network *net,
                      const rm_mapping *m)
{
    const rm_platform *p = net->platform;
    /* no comment in the machinefile: smpirun reads every line as HOST:N */
    if (kind == F_HOST || kind == F_RANK) {
        fprintf(f, "# ringmap %s: ring of %d hosts of ", RINGMAP_VERSION, m->q);
        comment_text(f, p->name ? p->name : "");
        fputs(", rank k = ring position k\n", f);
    }
    for (int k = 0; k < m->q; k++) {
        const rm_node *v = &p->nodes[m->ring[k]];
        switch (kind) {
        case F_HOST: fprintf(f, "%s slots=1\n", v->label); break;
        case F_RANK: fprintf(f, "rank %d=%s slot=0\n", k, v->label); break;
        case F_MACHINE: fprintf(f, "%s:1\n", v->label); break;
        case F_TPWGTS:
            /* gpmetis takes weights in (0, 1) and rescales them to sum 1;
               nparts = 1 needs no line (and 1.0 would be refused) */
            if (m->q > 1)
                fprintf(f, "%d = %.9f\n", k, m->alpha[k] > 1e-9 ? m->alpha[k] : 1e-9);
            break;
        case F_UNITS:
            if (k == 0)
                fputs("rank,host,w,alpha,units\n", f);
            fprintf(f, "%d,", k);
            csv_field(f, v->label);
            fprintf(f, ",%.17g,%.17g,%ld\n", v->w, m->alpha[k], l->unit_count[k]);
            break;
        }
    }
}

int rmi_cli_launch_write(const rm_cli_launch *l, const rm_network *net, const rm_mapping *m)
{
    const char *path[5] = {l->hostfile, l->rankfile, l->machinefile, l->tpwgts, l->units_csv};
    const char *what[5] = {"--hostfile", "--rankfile", "--machinefile", "--tpwgts",
                           "--units-csv"};
    for (int i = 0; i < 5; i++) {
        if (!path[i])
            continue;
        if (i == F_TPWGTS) {
            int zero = 0;
            for (int k = 0; k < m->q; k++)
                zero += !(m->alpha[k] > 1e-9);
            if (m->q == 1)
                fprintf(stderr, "ringmap: --tpwgts: a ring of 1 host: the file is empty "
                                "(gpmetis with 1 part needs no weights)\n");
            else if (zero)
                fprintf(stderr, "ringmap: --tpwgts: %d ring position(s) with alpha = 0 get "
                                "the smallest weight 1e-9 (METIS refuses 0)\n", zero);
        }
        rm_out o;
        int code = rmi_out_open(&o, what[i], path[i]);
        if (code >= 0)
            return code;
        write_one(o.f, i, l, net, m);
        if ((code = rmi_out_commit(&o)) != 0)
            return code;
    }
    return 0;
}

void rmi_cli_launch_free(rm_cli_launch *l)
{
    free(l->unit_count);
    l->unit_count = NULL;
}

typedef struct mapping_json {
    const rm_network *net;
    const rm_options *opt;
    const rm_mapping *m;
    const rm_json_extras *x;
} mapping_json;

static int mapping_json_writer(FILE *f, const void *ctx, rm_error *err)
{
    const mapping_json *j = ctx;
    rm_status st = rm_mapping_write_json_extras(f, j->net, j->opt, j->m, j->x, err);
    if (st && err->status == RM_OK) /* reported by the command's fail */
        err->status = st;
    return st != RM_OK;
}

int rmi_cli_write_mapping_json(const char *path, const rm_network *net, const rm_options *opt,
                               const rm_mapping *m, const rm_json_extras *x,
                               int (*fail)(const rm_error *err))
{
    mapping_json j = {net, opt, m, x};
    return rmi_out_write("--json", path, mapping_json_writer, &j, fail);
}
