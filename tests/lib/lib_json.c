/*
 * lib_json.c — the library's side of tests/lib/same_json.sh: read PLATFORM,
 * map it with rm_map and the options of rm_options_init, then write the
 * mapping with the library's writer to standard output — what `ringmap
 * PLATFORM --json -` writes for the same options.
 *   lib_json PLATFORM [--heuristic shared|slice|both] [--dc X --dw Y]
 *            [--all-shares] [--units N] [--network fair|reserved] [--paper]
 * Without the last three and both: rm_mapping_write_json; with them:
 * rm_mapping_write_json_extras (--all-shares: the five share methods of
 * rmi_mapping_refinements, the mapping replaced by its KINSOL-refined copy,
 * as the command does). Exit status 0, 1 with the library's message on
 * stderr, 2 on a bad argument.
 */
#include "ring/refine.h" /* rmi_mapping_refinements: the share methods' values */
#include "ringmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fputs("usage: lib_json PLATFORM [--heuristic shared|slice|both] [--dc X --dw Y] "
          "[--all-shares] [--units N]\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_options opt;
    rm_options_init(&opt); /* routing RM_ROUTING_AUTO */
    for (int i = 2; i < argc; i++) /* --paper: the base, whatever the order */
        if (!strcmp(argv[i], "--paper"))
            rm_options_init_paper(&opt);
    rm_json_extras x;
    rm_json_extras_init(&x);
    int both = 0, all_shares = 0, extras = 0;
    for (int i = 2; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--heuristic") && v) {
            both = !strcmp(v, "both");
            opt.heuristic = !strcmp(v, "slice") ? RM_HEUR_SLICE : RM_HEUR_SHARED;
            i++;
        } else if (!strcmp(argv[i], "--dc") && v) {
            opt.cost.dc = atof(v);
            i++;
        } else if (!strcmp(argv[i], "--dw") && v) {
            x.dw = atof(v);
            i++;
        } else if (!strcmp(argv[i], "--units") && v) {
            x.units = atol(v);
            i++;
        } else if (!strcmp(argv[i], "--all-shares")) {
            all_shares = 1;
        } else if (!strcmp(argv[i], "--network") && v) {
            int n;
            if (rm_enum_from_name(RM_ENUM_NETWORK, v, &n))
                return usage();
            opt.network = (rm_network_model)n;
            i++;
        } else if (!strcmp(argv[i], "--paper")) {
            /* the base options, set above */
        } else {
            return usage();
        }
    }
    if (x.dw > 0) /* --dc X --dw Y: D_c/D_w = X/Y, as the command sets it */
        opt.cost.dc_dw = opt.cost.dc / x.dw;
    extras = both || all_shares || x.dw > 0 || x.units > 0;
    rm_platform *p = NULL;
    rm_mapping *m = NULL, *slice = NULL, *best = NULL;
    rm_network net;
    int have_net = 0;
    double t[RM_N_SHARE_METHODS];
    rm_error err = {RM_OK, ""};
    rm_status st = rm_platform_read(argv[1], &ro, &p, &err);
    if (!st && !(st = rm_network_init(&net, p, opt.duplex, &err)))
        have_net = 1;
    if (!st)
        st = rm_map(p, &opt, &m, &err);
    if (!st && both) {
        rm_options o = opt;
        o.heuristic = RM_HEUR_SLICE;
        st = rm_map(p, &o, &slice, &err);
        x.both_slice = slice;
    }
    if (!st && all_shares && !(st = rmi_mapping_refinements(&net, m, t, NULL, &best, &err))) {
        if (!best) {
            fputs("lib_json: both final solvers failed\n", stderr);
            st = RM_ESOLVER;
        } else {
            best->improve_stop = m->improve_stop; /* the search's record (same ring), */
            best->improve_moves = m->improve_moves; /* as the CLI's --all-shares */
            best->improve_t_start = m->improve_t_start;
            rm_mapping_free(m); /* the document is the refined ring's */
            m = best;
            x.share_methods = t;
        }
    }
    if (!st)
        st = extras ? rm_mapping_write_json_extras(stdout, &net, &opt, m, &x, &err)
                    : rm_mapping_write_json(stdout, &net, &opt, m, &err);
    if (st && err.msg[0])
        fprintf(stderr, "lib_json: %s\n", err.msg);
    rm_mapping_free(m);
    rm_mapping_free(slice);
    if (have_net)
        rm_network_destroy(&net);
    rm_platform_free(p);
    return st ? 1 : 0;
}
