/* unusable.c — the warning about links too slow for the model (topo/io/unusable.h). */
#include "topo/io/unusable.h"
#include "topo/io/warn.h"

#include <stdio.h>
#include <string.h>

void rmi_platform_warn_unusable(const rm_platform *p, const char *path, const rm_read_options *ro)
{
    if (!p)
        return;
    int n = 0;
    for (int l = 0; l < p->n_links; l++)
        n += !rm_link_bw_usable(p->links[l].bandwidth);
    if (n == 0)
        return;
    char msg[1024];
    size_t at = 0;
    int k = snprintf(msg, sizeof msg,
                     "%s: %d link%s with a bandwidth below %g Mb/s, too small for the model "
                     "(docs/formats.md), left out of routing as if absent:",
                     path ? path : p->name ? p->name : "platform", n, n == 1 ? "" : "s", RM_LINK_BW_MIN);
    at = k > 0 ? (size_t)k : 0;
    int shown = 0;
    for (int l = 0; l < p->n_links && shown < 5 && at < sizeof msg; l++) {
        const rm_link *e = &p->links[l];
        if (rm_link_bw_usable(e->bandwidth))
            continue;
        const char *a = e->source >= 0 && e->source < p->n_nodes && p->nodes[e->source].label
                            ? p->nodes[e->source].label : "?";
        const char *b = e->target >= 0 && e->target < p->n_nodes && p->nodes[e->target].label
                            ? p->nodes[e->target].label : "?";
        k = snprintf(msg + at, sizeof msg - at, "%s link %d (%.60s %s %.60s) %g Mb/s",
                     shown ? "," : "", l, a, p->directed ? "->" : "--", b, e->bandwidth);
        at += k > 0 ? (size_t)k : 0;
        shown++;
    }
    if (shown < n && at < sizeof msg)
        snprintf(msg + at, sizeof msg - at, ", and %d more", n - shown);
    rmi_read_warn(ro, msg); /* the caller's callback or stderr (topo/io/warn.h) */
}
