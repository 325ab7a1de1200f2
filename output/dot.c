/*
 * dot.c — Graphviz DOT picture of a platform with a mapping drawn over it
 * (see output/dot.h): hosts by speed, routers, every link, the ring's routes
 * with link width/colour by the share of capacity they take, ring positions
 * and alphas (Legrand et al. 2004 §2: w, alpha, eq. (1)). Used by `ringmap --dot/--svg`.
 */
#include "output/dot.h"
#include "ringmap/output.h" /* rm_enum_name */
#include "topo/text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Print s as the inside of a DOT double-quoted string (escape " and \,
 * drop control characters, bytes that are not UTF-8 as U+FFFD). */
static void put_escaped(FILE *f, const char *s)
{
    while (s && *s) {
        size_t n = rmi_utf8_seq(s); /* topo/text.h */
        unsigned char c = (unsigned char)*s;
        if (n == 0) {
            fputs("\xef\xbf\xbd", f);
            s++;
            continue;
        }
        if (c == '"' || c == '\\')
            fputc('\\', f);
        if (n > 1 || (c >= 0x20 && c != 0x7f))
            fwrite(s, 1, n, f);
        s += n;
    }
}

/* The node's label as the platform gives it, or its GML id if empty. */
static void put_node_name(FILE *f, const rm_node *nd)
{
    if (nd->label && nd->label[0])
        put_escaped(f, nd->label);
    else
        fprintf(f, "%ld", nd->id);
}

/* Linear interpolation of two 0xRRGGBB colours, t in [0, 1]. */
static unsigned mix(unsigned a, unsigned b, double t)
{
    unsigned out = 0;
    for (int sh = 16; sh >= 0; sh -= 8) {
        double ca = (a >> sh) & 0xff, cb = (b >> sh) & 0xff;
        unsigned c = (unsigned)lround(ca + (cb - ca) * t);
        out |= (c & 0xff) << sh;
    }
    return out;
}

/* Host fill by speed: t = 0 slowest (light blue) .. 1 fastest (deep blue). */
static unsigned speed_colour(double t)
{
    return mix(0xe3eefa, 0x4a86d0, t);
}

/* Used-link colour by share of capacity: yellow (0) -> orange (0.5) -> dark red (1). */
static unsigned share_colour(double s)
{
    if (!(s >= 0))
        s = 0;
    if (s > 1)
        s = 1;
    return s < 0.5 ? mix(0xf6c700, 0xf46d43, s / 0.5) : mix(0xf46d43, 0xa50026, (s - 0.5) / 0.5);
}

/* pos[v] = ring position of node v (-1: not on the ring) from the ring of
 * m (q hosts); RM_EINPUT when a ring entry is not a node index. */
static rm_status dot_positions(int *pos, const rm_platform *p, const rm_mapping *m, int q,
                               rm_error *err)
{
    for (int v = 0; v < p->n_nodes; v++)
        pos[v] = -1;
    for (int k = 0; k < q; k++) {
        if (m->ring[k] < 0 || m->ring[k] >= p->n_nodes)
            return rm_error_set(err, RM_EINPUT, "ring position %d: node index %d out of range", k,
                                m->ring[k]);
        pos[m->ring[k]] = k;
    }
    return RM_OK;
}

/* The share of each link's capacity the ring's routes take (share[l], the
 * largest over the link's resources) and the links they use (used[l]):
 * the load of every resource is the sum of the route bandwidths
 * (backbone: the largest route), as rm_mapping_check counts them (load:
 * zeroed scratch of n_res). RM_EINPUT when a route uses an unusable arc. */
static rm_status dot_link_shares(const rm_network *net, const rm_mapping *m, int q, double *load,
                                 double *share, char *used, rm_error *err)
{
    const rm_platform *p = net->platform;
    for (int k = 0; q > 1 && k < q; k++) {
        const rm_route *rs[2] = {&m->succ[k], &m->pred[k]};
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < rs[s]->n_arcs; i++) {
                int a = rs[s]->arcs[i];
                int r = a >= 0 && a < net->n_arcs ? net->arc_res[a] : -1;
                if (r < 0 || r >= net->n_res)
                    return rm_error_set(err, RM_EINPUT,
                                        "ring position %d: %s route uses arc %d, not usable", k,
                                        s ? "pred" : "succ", a);
                double b = isfinite(rs[s]->bandwidth) ? rs[s]->bandwidth : 0;
                if (net->res_backbone[r])
                    load[r] = b > load[r] ? b : load[r];
                else
                    load[r] += b;
                used[net->arc_link[a]] = 1;
            }
    }
    for (int r = 0; r < net->n_res; r++) {
        int l = net->res_link[r];
        double s = net->res_cap[r] > 0 ? load[r] / net->res_cap[r] : 0;
        if (l >= 0 && l < p->n_links && s > share[l])
            share[l] = s;
    }
    return RM_OK;
}

/* The graph's opening line, its attributes and its label: the platform's
 * size and, with a mapping m (q hosts), its heuristic, sharing, solver,
 * D_c/D_w and T_step/D_w; then the legend and the node and edge defaults. */
static void dot_header(FILE *f, const rm_platform *p, const rm_mapping *m, int q)
{
    fprintf(f, "%s \"", p->directed ? "digraph" : "graph");
    put_escaped(f, p->name ? p->name : "platform");
    fputs("\" {\n", f);
    fputs("  // written by ringmap (output/dot.c): hosts = boxes filled by speed, routers = "
          "circles,\n"
          "  // ring routes drawn over the links (width and colour by share of capacity)\n",
          f);
    fputs("  graph [layout=neato, overlap=false, splines=true, sep=\"+10\", esep=\"+4\", outputorder=edgesfirst,"
          " fontname=\"Helvetica\", fontsize=12, labelloc=b, label=\"",
          f);
    put_escaped(f, p->name ? p->name : "platform");
    fprintf(f, ": %d hosts, %d routers, %d links", p->n_hosts, rm_platform_routers(p),
            p->n_links);
    if (m) {
        static const char *const heur[] = {"SharedRing", "SliceRing", "exact SharedRing",
                                           "exact SliceRing"};
        /* the sharing and final solver by their names (output/names.c) */
        const char *shr = rm_enum_name(RM_ENUM_SHARING, (int)m->sharing);
        const char *fin = rm_enum_name(RM_ENUM_FINAL_SOLVER, (int)m->final_solver);
        int h = (int)m->heuristic;
        const char *nm = rm_enum_name(RM_ENUM_NETWORK, (int)m->network);
        fprintf(f, "\\n%s (%s %s, final solver %s, network %s): ring of q = %d hosts, D_c/D_w = %.6g Mb/Mflop,"
                   " T_step/D_w = %.6g s/Mflop",
                h >= 0 && h < 4 ? heur[h] : "ring", h == 1 || h == 3 ? "make-feasible" : "sharing",
                shr ? shr : "?", fin ? fin : "?", nm ? nm : "?", q, m->cost.dc_dw,
                m->t_step_per_dw);
        if (isfinite(m->t_step_per_dw_unshared))
            fprintf(f, " (unshared estimate %.6g)", m->t_step_per_dw_unshared);
    }
    fputs("\\nboxes: hosts (darker = faster; #k = ring position, alpha = share of the work);"
          " circles: routers\\nthick links: used by the ring, colour yellow -> red and label ="
          " share of the capacity allocated\"];\n",
          f);
    fputs("  node [fontname=\"Helvetica\", fontsize=10, style=filled];\n"
          "  edge [fontname=\"Helvetica\", fontsize=9, len=1.2];\n",
          f);
}

/* Every node: hosts as boxes filled by speed (log scale over the hosts'
 * range) with their ring position and alpha (pos[v] >= 0, from m),
 * routers as small circles. */
static void dot_nodes(FILE *f, const rm_platform *p, const rm_mapping *m, const int *pos)
{
    /* speed range of the hosts, log scale */
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < p->n_hosts; i++) {
        double sp = log(1.0 / p->nodes[p->hosts[i]].w);
        lo = sp < lo ? sp : lo;
        hi = sp > hi ? sp : hi;
    }
    for (int v = 0; v < p->n_nodes; v++) {
        const rm_node *nd = &p->nodes[v];
        fprintf(f, "  n%d [", v);
        if (nd->is_host) {
            double t = hi > lo ? (log(1.0 / nd->w) - lo) / (hi - lo) : 1.0;
            fprintf(f, "shape=box, fillcolor=\"#%06x\", label=\"", speed_colour(t));
            if (pos[v] >= 0)
                fprintf(f, "#%d ", pos[v]);
            put_node_name(f, nd);
            fprintf(f, "\\nw=%.3g", nd->w);
            if (pos[v] >= 0)
                fprintf(f, "\\nalpha=%.3f\", color=\"#a50026\", penwidth=3", m->alpha[pos[v]]);
            else
                fputs("\", color=\"#555555\"", f);
        } else {
            fputs("shape=circle, fixedsize=true, width=0.32, fontsize=7, fillcolor=\"#eeeeee\","
                  " color=\"#888888\", label=\"",
                  f);
            put_node_name(f, nd);
            fputc('"', f);
        }
        fputs(", tooltip=\"", f);
        put_node_name(f, nd);
        fprintf(f, " (id %ld)\"];\n", nd->id);
    }
}

/* Every link: those the ring uses (used[l]) thick, coloured and labelled by
 * their share of capacity share[l], the others thin and grey; backbones
 * dashed. */
static void dot_links(FILE *f, const rm_platform *p, const char *used, const double *share)
{
    for (int l = 0; l < p->n_links; l++) {
        const rm_link *lk = &p->links[l];
        fprintf(f, "  n%d %s n%d [id=\"link%d\", tooltip=\"link %d: %.6g Mb/s", lk->source,
                p->directed ? "->" : "--", lk->target, l, l, lk->bandwidth);
        if (used[l]) {
            double s = share[l];
            fprintf(f, ", %.1f%% allocated to the ring\", penwidth=%.2f, color=\"#%06x\","
                       " label=\"%.0f%%\", fontcolor=\"#7a0019\"",
                    100 * s, 2 + 6 * (s > 1 ? 1 : s), share_colour(s), 100 * s);
            if (lk->backbone)
                fputs(", style=dashed", f);
        } else {
            fputs("\", penwidth=1, color=\"#b0b0b0\"", f);
            if (lk->backbone)
                fputs(", style=dashed", f);
        }
        fputs("];\n", f);
    }
}

/* ------------------------------------------------------------------------ */
/* A platform that names its links (SimGrid): boxes and the ring              */
/* ------------------------------------------------------------------------ */

/* Individual boxes at most: the other hosts that are neither on the ring
 * nor in a cluster are drawn as one box (the size guard). */
#define DOT_MAX_BOXES 48

/* box[v] for each host node v: its cluster's box (rm_platform.node_group),
 * its own box, or the box of the hosts left out of the picture; returns
 * the number of boxes. Boxes: 0 .. n_groups-1 the clusters, then the
 * single hosts (in host order), then at most one "others" box. */
static int sg_boxes(const rm_platform *p, const int *pos, int *box, int *single, int *others)
{
    int nb = p->n_groups, n_single = 0;
    *others = -1;
    for (int i = 0; i < p->n_hosts; i++) {
        int v = p->hosts[i];
        int g = p->node_group ? p->node_group[v] : -1;
        if (g >= 0 && g < p->n_groups)
            box[v] = g;
        else if (pos[v] >= 0 || n_single < DOT_MAX_BOXES) {
            single[nb - p->n_groups] = v;
            box[v] = nb++;
            n_single++;
        } else {
            if (*others < 0)
                *others = -2; /* numbered after the singles */
            box[v] = -2;
        }
    }
    if (*others == -2) {
        *others = nb++;
        for (int i = 0; i < p->n_hosts; i++)
            if (box[p->hosts[i]] == -2)
                box[p->hosts[i]] = *others;
    }
    return nb;
}

/* dot_simgrid's graph line and label: the platform, its counts, the ring */
static void sg_graph_header(FILE *f, const rm_platform *p, const rm_mapping *m)
{
    int q = m ? m->q : 0;
    fprintf(f, "digraph \"");
    put_escaped(f, p->name ? p->name : "platform");
    fputs("\" {\n  // written by ringmap (output/dot.c): SimGrid clusters collapsed to one box,"
          " the ring drawn over the boxes\n",
          f);
    fputs("  graph [layout=neato, overlap=false, splines=true, sep=\"+12\", fontname=\"Helvetica\","
          " fontsize=12, labelloc=b, label=\"",
          f);
    put_escaped(f, p->name ? p->name : "platform");
    int n_file_links = 0;
    for (int l = 0; l < p->n_links; l++)
        n_file_links += p->link_ids[l] != NULL;
    fprintf(f, ": %d hosts, %d routers, %d links (SimGrid)", p->n_hosts, rm_platform_routers(p),
            n_file_links);
    if (m)
        fprintf(f, "\\nring of q = %d hosts, D_c/D_w = %.6g Mb/Mflop, T_step/D_w = %.6g s/Mflop", q,
                m->cost.dc_dw, m->t_step_per_dw);
    fputs("\\nboxes: clusters (host count) and hosts, darker = faster; red: on the ring (#k ="
          " ring position);\\narrows: the ring's routes, labelled with SimGrid's link ids and the"
          " route's bandwidth (Mb/s)\"];\n"
          "  node [fontname=\"Helvetica\", fontsize=10, style=filled, shape=box];\n"
          "  edge [fontname=\"Helvetica\", fontsize=9, len=1.6, color=\"#a50026\"];\n",
          f);
}

/* dot_simgrid's ring: its edges between boxes, merged per ordered pair of
   boxes (box[v]: node v's box). O(q * edges drawn). */
static rm_status sg_ring_edges(FILE *f, const rm_network *net, const rm_mapping *m,
                               const int *box, rm_error *err)
{
    const rm_platform *p = net->platform;
    int q = m ? m->q : 0;
    int *ea = malloc(((size_t)q + 1) * sizeof *ea);
    int *eb = malloc(((size_t)q + 1) * sizeof *eb);
    int *en = calloc((size_t)q + 1, sizeof *en);
    int *ek = malloc(((size_t)q + 1) * sizeof *ek);
    double *eb_min = malloc(((size_t)q + 1) * sizeof *eb_min);
    rm_status st = RM_OK;
    if (!ea || !eb || !en || !ek || !eb_min)
        st = rm_error_set(err, RM_ENOMEM, "out of memory drawing the mapping");
    else {
        int ne = 0;
        for (int k = 0; q > 1 && k < q; k++) {
            int a = box[m->ring[k]], b = box[m->ring[(k + 1) % q]];
            int e = 0;
            while (e < ne && !(ea[e] == a && eb[e] == b))
                e++;
            if (e == ne) {
                ea[e] = a;
                eb[e] = b;
                ek[e] = k;
                eb_min[e] = INFINITY;
                ne++;
            }
            en[e]++;
            double bw = m->succ[k].bandwidth;
            eb_min[e] = bw < eb_min[e] ? bw : eb_min[e];
        }
        for (int e = 0; e < ne; e++) {
            if (ea[e] == eb[e] && en[e] > 1) { /* inside a cluster: said on the box */
                fprintf(f, "  b%d -> b%d [label=\"%d ring edges inside, >= %.3g Mb/s\"];\n", ea[e],
                        eb[e], en[e], eb_min[e]);
                continue;
            }
            fprintf(f, "  b%d -> b%d [label=\"", ea[e], eb[e]);
            if (en[e] == 1) { /* the route's SimGrid links, in order */
                const rm_route *r = &m->succ[ek[e]];
                int n = 0;
                for (int i = 0; i < r->n_arcs; i++) {
                    const char *id = p->link_ids[net->arc_link[r->arcs[i]]];
                    if (!id)
                        continue;
                    if (n++ == 8) { /* a long route: its first links */
                        fputs(",...", f);
                        break;
                    }
                    if (n > 1)
                        fputc(',', f);
                    put_escaped(f, id);
                }
                fprintf(f, "\\n%.3g Mb/s", r->bandwidth);
            } else
                fprintf(f, "%d ring edges, >= %.3g Mb/s", en[e], eb_min[e]);
            fprintf(f, "\", penwidth=2];\n");
        }
    }
    free(ea);
    free(eb);
    free(en);
    free(ek);
    free(eb_min);
    return st;
}

/* The SimGrid picture: every cluster one box with its host count (as
 * hwloc's lstopo collapses identical objects), the other hosts a box each
 * (beyond DOT_MAX_BOXES, the ones off the ring share one box), and the
 * ring drawn as a cycle over the boxes: one edge per pair of boxes the
 * ring goes between, labelled with the SimGrid link ids of its route and
 * its bandwidth (a pair crossed by several ring edges: their count and
 * smallest bandwidth). ringmap's link:N:in/out nodes are not drawn. Size:
 * O(boxes + q). */
static rm_status dot_simgrid(FILE *f, const rm_network *net, const rm_mapping *m, const int *pos,
                             rm_error *err)
{
    const rm_platform *p = net->platform;
    int *box = malloc(((size_t)p->n_nodes + 1) * sizeof *box);
    int *single = malloc(((size_t)p->n_hosts + 1) * sizeof *single);
    int *count = NULL, *on_ring = NULL, *first = NULL, *last = NULL;
    double *wlo = NULL, *whi = NULL;
    rm_status st = RM_OK;
    if (!box || !single) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory drawing the mapping");
        goto done;
    }
    int others;
    int nb = sg_boxes(p, pos, box, single, &others);
    count = calloc((size_t)nb + 1, sizeof *count);
    on_ring = calloc((size_t)nb + 1, sizeof *on_ring);
    first = malloc(((size_t)nb + 1) * sizeof *first);
    last = malloc(((size_t)nb + 1) * sizeof *last);
    wlo = malloc(((size_t)nb + 1) * sizeof *wlo);
    whi = malloc(((size_t)nb + 1) * sizeof *whi);
    if (!count || !on_ring || !first || !last || !wlo || !whi) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory drawing the mapping");
        goto done;
    }
    for (int b = 0; b < nb; b++) {
        first[b] = last[b] = -1;
        wlo[b] = INFINITY;
        whi[b] = -INFINITY;
    }
    for (int i = 0; i < p->n_hosts; i++) {
        int v = p->hosts[i], b = box[v];
        count[b]++;
        double w = p->nodes[v].w;
        wlo[b] = w < wlo[b] ? w : wlo[b];
        whi[b] = w > whi[b] ? w : whi[b];
        if (pos[v] >= 0) {
            on_ring[b]++;
            if (first[b] < 0 || pos[v] < first[b])
                first[b] = pos[v];
            if (pos[v] > last[b])
                last[b] = pos[v];
        }
    }
    sg_graph_header(f, p, m);
    double lo = INFINITY, hi = -INFINITY; /* the hosts' speeds, log scale */
    for (int i = 0; i < p->n_hosts; i++) {
        double sp = log(1.0 / p->nodes[p->hosts[i]].w);
        lo = sp < lo ? sp : lo;
        hi = sp > hi ? sp : hi;
    }
    for (int b = 0; b < nb; b++) {
        double t = hi > lo ? (log(1.0 / wlo[b]) - lo) / (hi - lo) : 1.0;
        fprintf(f, "  b%d [fillcolor=\"#%06x\", label=\"", b, speed_colour(t));
        if (b < p->n_groups) {
            put_escaped(f, p->group_names[b]);
            fprintf(f, ": %d host%s", count[b], count[b] == 1 ? "" : "s");
        } else if (b == others)
            fprintf(f, "%d other hosts", count[b]);
        else {
            int v = single[b - p->n_groups];
            if (pos[v] >= 0)
                fprintf(f, "#%d ", pos[v]);
            put_node_name(f, &p->nodes[v]);
        }
        if (wlo[b] == whi[b])
            fprintf(f, "\\nw=%.3g", wlo[b]);
        else
            fprintf(f, "\\nw=%.3g..%.3g", wlo[b], whi[b]);
        if (b < p->n_groups && on_ring[b] == last[b] - first[b] + 1) /* in a row */
            fprintf(f, "\\n%d on the ring (#%d..#%d)", on_ring[b], first[b], last[b]);
        else if (b < p->n_groups && on_ring[b])
            fprintf(f, "\\n%d on the ring", on_ring[b]);
        else if (b >= p->n_groups && b != others && on_ring[b])
            fprintf(f, "\\nalpha=%.3f", m->alpha[pos[single[b - p->n_groups]]]);
        fputc('"', f);
        if (on_ring[b])
            fputs(", color=\"#a50026\", penwidth=3", f);
        else
            fputs(", color=\"#555555\"", f);
        fputs("];\n", f);
    }
    if ((st = sg_ring_edges(f, net, m, box, err)))
        goto done;
    fputs("}\n", f);
done:
    free(box);
    free(single);
    free(count);
    free(on_ring);
    free(first);
    free(last);
    free(wlo);
    free(whi);
    return st;
}

rm_status rmi_mapping_write_dot(FILE *f, const rm_network *net, const rm_mapping *m,
                               rm_error *err)
{
    if (!f || !net || !net->platform)
        return rm_error_set(err, RM_EINPUT, "rmi_mapping_write_dot: NULL file or network");
    const rm_platform *p = net->platform;
    int q = m ? m->q : 0;
    int *pos = malloc(((size_t)p->n_nodes + 1) * sizeof *pos);
    double *load = calloc((size_t)net->n_res + 1, sizeof *load);
    double *share = calloc((size_t)p->n_links + 1, sizeof *share);
    char *used = calloc((size_t)p->n_links + 1, 1);
    if (!pos || !load || !share || !used) {
        free(pos);
        free(load);
        free(share);
        free(used);
        return rm_error_set(err, RM_ENOMEM, "out of memory drawing the mapping");
    }
    rm_status st = dot_positions(pos, p, m, q, err);
    if (!st)
        st = dot_link_shares(net, m, q, load, share, used, err);
    if (!st && p->link_ids) { /* SimGrid: clusters collapsed, the ring over them */
        st = dot_simgrid(f, net, m, pos, err);
        if (!st && (ferror(f) || fflush(f) != 0))
            st = rm_error_set(err, RM_EINTERNAL, "cannot write the DOT picture");
    } else if (!st) {
        dot_header(f, p, m, q);
        dot_nodes(f, p, m, pos);
        dot_links(f, p, used, share);
        fputs("}\n", f);
        if (ferror(f) || fflush(f) != 0)
            st = rm_error_set(err, RM_EINTERNAL, "cannot write the DOT picture");
    }
    free(pos);
    free(load);
    free(share);
    free(used);
    return st;
}
