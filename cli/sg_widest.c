/*
 * sg_widest.c — `--routing widest` on a SimGrid platform (docs/simgrid.md): the
 * platform read from SimGrid is a graph of its links joined as its routes
 * join them (topo/io/simgrid.c); widest paths in it may chain links in orders
 * no SimGrid route uses, which SMPI will not follow. Said before mapping;
 * a route that cannot exist in SimGrid at all (through a host, from one link
 * to another that no SimGrid route joins) is refused after mapping.
 */
#include "cli/sg_widest.h"

#include <stdio.h>
#include <string.h>

void rmi_cli_sg_widest_notice(const rm_platform *p)
{
    fprintf(stderr,
            "ringmap: warning: %s: --routing widest searches widest paths through the graph of "
            "SimGrid's links and ignores SimGrid's own routes, which smpirun will use; the "
            "default (--routing fixed) maps on SimGrid's routes\n",
            p->name ? p->name : "");
}

/* 1 when some link of p goes from node u to node v (a connection arc the
 * reader made from a SimGrid route that crosses the two links in a row). O(L). */
static int joined(const rm_platform *p, int u, int v)
{
    for (int l = 0; l < p->n_links; l++)
        if (p->links[l].source == u && p->links[l].target == v)
            return 1;
    return 0;
}

int rmi_cli_sg_widest_check(const rm_network *net, const rm_mapping *m)
{
    const rm_platform *p = net->platform;
    for (int k = 0; k < m->q; k++)
        for (int s = 0; s < 2; s++) {
            const rm_route *r = s ? &m->pred[k] : &m->succ[k];
            for (int i = 0; i + 1 < r->n_arcs; i++) {
                int h = net->arc_head[r->arcs[i]];
                if (!p->nodes[h].is_host)
                    continue;
                int from = net->arc_tail[r->arcs[i]], to = net->arc_head[r->arcs[i + 1]];
                if (joined(p, from, to))
                    continue; /* the same links in a row as some SimGrid route */
                fprintf(stderr,
                        "ringmap: %s: --routing widest cannot apply: the widest path %s -> %s "
                        "goes through host %s (from %s to %s, which no SimGrid route crosses in "
                        "a row; SimGrid hosts do not forward traffic): map with SimGrid's routes "
                        "(--routing fixed, the default for .xml files)\n",
                        p->name ? p->name : "", p->nodes[r->src].label, p->nodes[r->dst].label,
                        p->nodes[h].label, p->nodes[from].label, p->nodes[to].label);
                return 2;
            }
        }
    return -1;
}
