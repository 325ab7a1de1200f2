/*
 * lib_json.c — the library's side of tests/lib/same_json.sh: map PLATFORM
 * with rm_map and the options of rm_options_init (the heuristic given as
 * "shared" or "slice"), then write the mapping with rm_mapping_write_json
 * to standard output, what `ringmap PLATFORM --json -` writes for the same
 * options. Exit status 0, or 1 with the library's message on stderr.
 */
#include "ringmap.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fputs("usage: lib_json PLATFORM [shared|slice]\n", stderr);
        return 2;
    }
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_options opt;
    rm_options_init(&opt); /* routing RM_ROUTING_AUTO */
    if (argc == 3)
        opt.heuristic = strcmp(argv[2], "slice") ? RM_HEUR_SHARED : RM_HEUR_SLICE;
    rm_platform *p = NULL;
    rm_mapping *m = NULL;
    rm_network net;
    int have_net = 0;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_platform_read(argv[1], &ro, &p, &err);
    if (!st)
        st = rm_map(p, &opt, &m, &err);
    if (!st && !(st = rm_network_init(&net, p, opt.duplex, &err)))
        have_net = 1;
    if (!st)
        st = rm_mapping_write_json(stdout, &net, &opt, m, &err);
    if (st)
        fprintf(stderr, "lib_json: %s\n", err.msg);
    rm_mapping_free(m);
    if (have_net)
        rm_network_destroy(&net);
    rm_platform_free(p);
    return st ? 1 : 0;
}
