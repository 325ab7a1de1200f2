/*
 * cmd_partition.c — `ringmap partition GRAPH --mapping M.json -o PARTFILE`:
 * a partition of the user's graph (METIS graph format, coordinates
 * optional) in ring order, part k for ring position k (MPI rank k with the
 * launch files of `ringmap map`), of the mapping's integer units as sizes
 * (rm_mapping_doc_units with N = the graph's total vertex weight), whose
 * part k touches only parts k-1 and k+1 wherever the graph allows
 * (rm_ring_partition_compute, include/ringmap/partition.h). Writes METIS's
 * part-file format (one 0-based part per vertex line), prints the sizes,
 * the halo volume of each ring edge and every non-neighbour contact;
 * --json writes the same report. Exit codes: 0 ok, 2 bad input, 1 internal.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/outfile.h"
#include "ringmap.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs("Usage: ringmap partition GRAPH (--mapping M.json | --units U0,U1,...) -o PARTFILE\n"
          "                         [--coords FILE] [--order auto|levels|slabs] [--json FILE]\n"
          "Partition GRAPH (METIS graph format) in ring order: part k for ring position k\n"
          "(MPI rank k with the launch files of `ringmap map`), of the mapping's integer\n"
          "units as sizes (N = the graph's total vertex weight), part k touching only\n"
          "parts k-1 and k+1 wherever the graph allows: contiguous chunks of a\n"
          "breadth-first level order from a pseudo-peripheral vertex, or of slabs along\n"
          "the widest axis with coordinates. Prints the sizes, the halo volume of each\n"
          "ring edge and every contact between parts that are not ring neighbours.\n"
          "  --mapping FILE   the mapping JSON of `ringmap map --json` (its ring and\n"
          "                   route costs give the units)\n"
          "  --units LIST     the part sizes in ring order instead (scaled to N)\n"
          "  -o FILE          the partition: one part number (0-based) per vertex line,\n"
          "                   as gpmetis writes it ('-': standard output)\n"
          "  --coords FILE    vertex coordinates: one line of 1 to 3 numbers per vertex\n"
          "  --order O        auto (slabs with --coords, else levels), levels, slabs\n"
          "  --json FILE      the report as JSON\n"
          "  -q, --quiet      do not print the report\n"
          "  -h, --help       this help\n",
          f);
}

static int bad_option(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("ringmap: partition: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (see ringmap partition --help)\n", stderr);
    va_end(ap);
    return 2;
}

typedef struct part_args {
    const char *graph, *mapping, *units, *coords, *out, *json;
    rm_ring_order order;
    int quiet;
} part_args;

static int parse_args(int argc, char **argv, part_args *a)
{
    memset(a, 0, sizeof *a);
    static const struct option longopts[] = {
        {"mapping", required_argument, NULL, 'm'}, {"units", required_argument, NULL, 'u'},
        {"coords", required_argument, NULL, 'c'},  {"order", required_argument, NULL, 'r'},
        {"json", required_argument, NULL, 'j'},    {"output", required_argument, NULL, 'o'},
        {"quiet", no_argument, NULL, 'q'},         {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":o:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'm': a->mapping = optarg; break;
        case 'u': a->units = optarg; break;
        case 'c': a->coords = optarg; break;
        case 'j': a->json = optarg; break;
        case 'o': a->out = optarg; break;
        case 'q': a->quiet = 1; break;
        case 'r':
            if (!strcmp(optarg, "auto"))
                a->order = RM_RING_ORDER_AUTO;
            else if (!strcmp(optarg, "levels"))
                a->order = RM_RING_ORDER_LEVELS;
            else if (!strcmp(optarg, "slabs"))
                a->order = RM_RING_ORDER_SLABS;
            else
                return bad_option("--order: expected auto, levels or slabs, got '%s'", optarg);
            break;
        case 'h': usage(stdout); return 0;
        case ':': return bad_option("%s needs a value", argv[optind - 1]);
        default: return bad_option("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return bad_option("expected a GRAPH file (METIS graph format)");
    if (argc - optind > 1)
        return bad_option("one GRAPH file expected, got '%s' and '%s'", argv[optind],
                          argv[optind + 1]);
    a->graph = argv[optind];
    if (!a->mapping == !a->units)
        return bad_option("give the part sizes by --mapping M.json or --units LIST (one of them)");
    if (!a->out)
        return bad_option("-o PARTFILE is required (the partition)");
    if (a->order == RM_RING_ORDER_SLABS && !a->coords)
        return bad_option("--order slabs needs --coords FILE");
    const char *what[2] = {"-o", "--json"}, *path[2] = {a->out, a->json};
    return rmi_out_check_all((const char *[]){a->graph, a->mapping, a->coords}, 3, what, path, 2);
}

/* --units "U0,U1,...": q >= 1 integers >= 0. */
static int parse_units(const char *s, long **units, int *q)
{
    int n = 1;
    for (const char *c = s; *c; c++)
        n += *c == ',';
    if (n > 1000000)
        return bad_option("--units: more than 1000000 parts");
    long *u = malloc((size_t)n * sizeof *u);
    if (!u) {
        fprintf(stderr, "ringmap: out of memory\n");
        return 1;
    }
    const char *c = s;
    for (int k = 0; k < n; k++) {
        char *end;
        errno = 0;
        long v = strtol(c, &end, 10);
        if (end == c || (*end && *end != ',') || errno == ERANGE || v < 0) {
            free(u);
            return bad_option("--units: entry %d is not an integer >= 0 in '%s'", k + 1, s);
        }
        u[k] = v;
        c = *end ? end + 1 : end;
    }
    *units = u;
    *q = n;
    return -1;
}

/* The units of the mapping JSON for N = the graph's weight, and the ring's
 * host labels (labels[k], owned by *doc). */
static int mapping_units(const char *path, long W, rm_mapping_doc **doc, long **units, int *q)
{
    rm_error err = {RM_OK, ""};
    if (rm_mapping_read_json(path, doc, &err))
        return rmi_cli_lib_failure(&err);
    *q = (*doc)->q;
    *units = malloc((size_t)*q * sizeof **units);
    if (!*units) {
        fprintf(stderr, "ringmap: out of memory\n");
        return 1;
    }
    if (rm_mapping_doc_units(*doc, W, 0, *units, NULL, &err))
        return rmi_cli_lib_failure(&err);
    return -1;
}

static const char *order_name(rm_ring_order o)
{
    return o == RM_RING_ORDER_SLABS ? "slabs" : "levels";
}

static void print_report(FILE *f, const rm_ring_partition *r, const rm_mapping_doc *doc)
{
    fprintf(f, "Ring partition of %ld vertices into %d parts (%s order)\n", r->n, r->q,
            order_name(r->order));
    fprintf(f, " %-5s %-20s %10s %10s %8s\n", "part", "host", "target", "size", "dev %");
    for (int k = 0; k < r->q; k++) {
        double dev = r->target[k] ? 100.0 * (double)(r->size[k] - r->target[k]) / (double)r->target[k]
                                  : 0.0;
        fprintf(f, " %-5d %-20.20s %10ld %10ld %8.3f\n", k, doc ? doc->ring[k].label : "-",
                r->target[k], r->size[k], dev);
    }
    fprintf(f, "Ring edges (part k - part k+1): cut edge weight, halo vertices\n");
    for (int k = 0; k < r->q && r->q > 1; k++) {
        if (r->q == 2 && k == 1)
            break;
        fprintf(f, " %3d - %-3d %10ld %10ld\n", k, (k + 1) % r->q, r->cut[k], r->halo[k]);
    }
    if (!r->n_contacts)
        fprintf(f, "No contact between parts that are not ring neighbours.\n");
    for (int i = 0; i < r->n_contacts; i++)
        fprintf(f, "Non-neighbour contact: parts %d and %d (cut edge weight %ld)\n",
                r->contact[2 * i], r->contact[2 * i + 1], r->contact_cut[i]);
}

static json_t *report_json(const rm_ring_partition *r, const rm_mapping_doc *doc)
{
    json_t *o = json_object(), *parts = json_array(), *edges = json_array(),
           *contacts = json_array();
    json_object_set_new(o, "vertices", json_integer(r->n));
    json_object_set_new(o, "order", json_string(order_name(r->order)));
    for (int k = 0; k < r->q; k++) {
        json_t *p = json_object();
        json_object_set_new(p, "part", json_integer(k));
        if (doc)
            json_object_set_new(p, "host", json_string(doc->ring[k].label));
        json_object_set_new(p, "target", json_integer(r->target[k]));
        json_object_set_new(p, "size", json_integer(r->size[k]));
        json_array_append_new(parts, p);
    }
    for (int k = 0; k < r->q && r->q > 1 && !(r->q == 2 && k == 1); k++) {
        json_t *e = json_object();
        json_object_set_new(e, "parts", json_pack("[ii]", k, (k + 1) % r->q));
        json_object_set_new(e, "cut", json_integer(r->cut[k]));
        json_object_set_new(e, "halo", json_integer(r->halo[k]));
        json_array_append_new(edges, e);
    }
    for (int i = 0; i < r->n_contacts; i++) {
        json_t *e = json_object();
        json_object_set_new(e, "parts", json_pack("[ii]", r->contact[2 * i], r->contact[2 * i + 1]));
        json_object_set_new(e, "cut", json_integer(r->contact_cut[i]));
        json_array_append_new(contacts, e);
    }
    json_object_set_new(o, "parts", parts);
    json_object_set_new(o, "ring_edges", edges);
    json_object_set_new(o, "non_neighbour_contacts", contacts);
    return o;
}

static int write_outputs(const part_args *a, const rm_ring_partition *r, const rm_mapping_doc *doc)
{
    rmi_out_batch_begin();
    rm_out o;
    int code = rmi_out_open(&o, "-o", a->out);
    if (code < 0) {
        for (long v = 0; v < r->n; v++)
            fprintf(o.f, "%d\n", r->part[v]);
        code = rmi_out_commit(&o);
    }
    if (code == 0 && a->json) {
        rm_out j;
        code = rmi_out_open(&j, "--json", a->json);
        if (code < 0) {
            json_t *rep = report_json(r, doc);
            json_dumpf(rep, j.f, JSON_INDENT(2));
            fputc('\n', j.f);
            json_decref(rep);
            code = rmi_out_commit(&j);
        }
    }
    int bc = rmi_out_batch_end(code == 0);
    return code == 0 ? bc : code;
}

int rmi_cmd_partition(int argc, char **argv)
{
    part_args a;
    int code = parse_args(argc, argv, &a);
    if (code >= 0)
        return code;
    rm_error err = {RM_OK, ""};
    rm_graph *g = NULL;
    rm_mapping_doc *doc = NULL;
    rm_ring_partition *r = NULL;
    long *units = NULL;
    int q = 0;
    if (rm_graph_read_metis(a.graph, &g, &err))
        code = rmi_cli_lib_failure(&err);
    if (code < 0 && a.coords && rm_graph_read_coords(g, a.coords, &err))
        code = rmi_cli_lib_failure(&err);
    long W = 0;
    for (long v = 0; g && v < g->n; v++)
        W += g->vwgt[v];
    if (code < 0)
        code = a.units ? parse_units(a.units, &units, &q) : mapping_units(a.mapping, W, &doc, &units, &q);
    if (code < 0 && rm_ring_partition_compute(g, q, units, a.order, &r, &err))
        code = rmi_cli_lib_failure(&err);
    if (code < 0 && !a.quiet && strcmp(a.out, "-") && !(a.json && !strcmp(a.json, "-")))
        print_report(stdout, r, doc);
    if (code < 0 && r->n_contacts)
        fprintf(stderr,
                "ringmap: partition: %d pair(s) of parts that are not ring neighbours touch "
                "(a part thinner than a level of the graph, or a 0-unit part between two "
                "others): their halo exchanges leave the mapping's routes\n",
                r->n_contacts);
    if (code < 0)
        code = write_outputs(&a, r, doc);
    rm_ring_partition_free(r);
    free(units);
    rm_mapping_doc_free(doc);
    rm_graph_free(g);
    return code;
}
