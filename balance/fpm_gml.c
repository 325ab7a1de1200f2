/*
 * fpm_gml.c — the functional performance models (Lastovetsky and Reddy §2)
 * that ringmap-measure writes into its GML platform as node attributes
 * fpm_x / fpm_t, read back through libringmap for the hosts of the platform
 * rm_platform_read made from the same file.
 */
#include "balance/balance_internal.h"

#include "topo/igraph_guard.h"
#include "topo/input_file.h"

#include <igraph.h>
#include <string.h>

/* The models of the graph's vertices, under the igraph guard. */
static rm_status models_of(const char *path, const igraph_t *g, const rm_platform *p,
                           rm_fpm *models, int *n_found, rm_error *err)
{
    if (igraph_vcount(g) != p->n_nodes)
        return rm_error_set(err, RM_EINPUT,
                            "%s: %ld nodes, the platform has %d: not the file it was read from",
                            path, (long)igraph_vcount(g), p->n_nodes);
    int has_x = igraph_cattribute_has_attr(g, IGRAPH_ATTRIBUTE_VERTEX, "fpm_x");
    int has_t = igraph_cattribute_has_attr(g, IGRAPH_ATTRIBUTE_VERTEX, "fpm_t");
    int has_id = igraph_cattribute_has_attr(g, IGRAPH_ATTRIBUTE_VERTEX, "id");
    *n_found = 0;
    for (int h = 0; h < p->n_hosts; h++) {
        int v = p->hosts[h];
        if (has_id &&
            (double)p->nodes[v].id != VAN(g, "id", v))
            return rm_error_set(err, RM_EINPUT, "%s: node %d has id %g, the platform's %ld: not "
                                                "the file it was read from",
                                path, v, VAN(g, "id", v), p->nodes[v].id);
        rm_fpm_clear(&models[h]);
        const char *xs = has_x ? VAS(g, "fpm_x", v) : "", *ts = has_t ? VAS(g, "fpm_t", v) : "";
        if (!xs[0] && !ts[0])
            continue;
        rm_error e2 = {RM_OK, ""};
        rm_status st = rm_fpm_parse_points(xs, ts, &models[h], &e2);
        if (st)
            return rm_error_set(err, st, "%s: host node %ld ('%.80s'): %s", path, p->nodes[v].id,
                                p->nodes[v].label, e2.msg);
        (*n_found)++;
    }
    return RM_OK;
}

rm_status rm_platform_read_fpm(const char *path, const rm_platform *p, rm_fpm *models,
                               int *n_found, rm_error *err)
{
    int dummy;
    if (!n_found)
        n_found = &dummy;
    *n_found = 0;
    if (!path || !p || (!models && p->n_hosts > 0))
        return rm_error_set(err, RM_EINVAL, "rm_platform_read_fpm: %s is NULL",
                            !path ? "path" : !p ? "p" : "models");
    FILE *f = rmi_input_fopen(path, err); /* a regular file of bounded size */
    if (!f)
        return err ? err->status : RM_EINPUT;
    rmi_input_skip_bom(f);
    rm_igraph_guard guard;
    igraph_t g;
    rmi_igraph_guard_begin(&guard);
    const igraph_attribute_table_t *old = igraph_set_attribute_table(&igraph_cattribute_table);
    igraph_error_t ie = igraph_read_graph_gml(&g, f);
    fclose(f);
    rm_status st;
    if (ie != IGRAPH_SUCCESS) {
        const char *m = rmi_igraph_last_error();
        st = rm_error_set(err, ie == IGRAPH_ENOMEM ? RM_ENOMEM : RM_EINPUT, "%s: %s", path,
                          m[0] ? m : "cannot read the GML file");
    } else {
        st = models_of(path, &g, p, models, n_found, err);
        igraph_destroy(&g);
    }
    igraph_set_attribute_table(old);
    rmi_igraph_guard_end(&guard);
    return st;
}
