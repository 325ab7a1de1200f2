/* args.c — argument checks of the public entry points (topo/args.h). */
#include "topo/args.h"

rm_status rmi_arg_nonnull(const void *ptr, const char *fn, const char *name, rm_error *err)
{
    return ptr ? RM_OK : rm_error_set(err, RM_EINVAL, "%s: %s is NULL", fn, name);
}

rm_status rmi_platform_args_check(const rm_platform *p, const char *fn, rm_error *err)
{
    if (!p)
        return rm_error_set(err, RM_EINVAL, "%s: the platform is NULL", fn);
    if (p->n_nodes < 0 || p->n_links < 0 || (p->n_nodes > 0 && !p->nodes) ||
        (p->n_links > 0 && !p->links))
        return rm_error_set(err, RM_EINVAL, "%s: platform with inconsistent sizes (%d nodes, %d links)",
                            fn, p->n_nodes, p->n_links);
    if (!p->hosts || p->n_hosts < 1 || p->n_hosts > p->n_nodes)
        return rm_error_set(err, RM_EINVAL,
                            "%s: platform not finalized (call rm_platform_finalize) or without "
                            "hosts (%d hosts)",
                            fn, p->n_hosts);
    for (int h = 0; h < p->n_hosts; h++)
        if (p->hosts[h] < 0 || p->hosts[h] >= p->n_nodes || !p->nodes[p->hosts[h]].is_host)
            return rm_error_set(err, RM_EINVAL,
                                "%s: hosts[%d] = %d is not a host node (platform changed after "
                                "rm_platform_finalize?)",
                                fn, h, p->hosts[h]);
    for (int l = 0; l < p->n_links; l++) {
        const rm_link *k = &p->links[l];
        if (k->source < 0 || k->source >= p->n_nodes || k->target < 0 || k->target >= p->n_nodes)
            return rm_error_set(err, RM_EINVAL,
                                "%s: link %d joins nodes %d and %d, not in 0..%d (corrupt "
                                "platform)",
                                fn, l, k->source, k->target, p->n_nodes - 1);
    }
    return RM_OK;
}
