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
    if (!st) {
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
