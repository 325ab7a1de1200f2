/*
 * cmd_export_simgrid.c — `ringmap export-simgrid PLATFORM [MAPPING.json]`:
 * write a SimGrid platform (XML, version 4.1) and a hostfile in ring order,
 * so that the iterapp stencil can run under SimGrid SMPI (smpirun) on the
 * simulated heterogeneous platform.
 *
 *  - every host of PLATFORM becomes a <host> with speed 1/w Mflop/s ("Mf");
 *  - every link a <link> with its bandwidth (Mb/s, "Mbps"), its latency (s)
 *    and sharing policy SHARED (half duplex: one capacity for both
 *    directions, the model of Legrand et al. 2004 §2.4), SPLITDUPLEX with --duplex full,
 *    FATPIPE for a backbone link;
 *  - routing="Full" (with --duplex full each hop names its direction, UP =
 *    GML source -> target): one <route> per ordered pair of hosts, not symmetrical.
 *    The routes of the mapping's ring (ring[k].succ and .pred, given as GML
 *    node ids and link indices) are used as they are; every other pair gets
 *    its widest path on the full network (Legrand et al. 2004 §4.4.2). SimGrid allows
 *    one route per ordered pair: when a ring of 2 hosts has two different
 *    routes from one host to the other (succ and pred), the succ route wins
 *    (reported on stderr).
 *  - the hostfile lists the ring's host ids in ring order (smpirun places
 *    rank k on line k), or all hosts in file order without a mapping.
 * Exit codes: 0 ok, 2 bad input, 1 internal failure.
 */
#include "cli/commands.h"
#include "cli/outfile.h"
#include "topo/text.h"
#include "ringmap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs("Usage: ringmap export-simgrid PLATFORM [MAPPING.json] [options]\n"
          "Write a SimGrid (v4.1) platform XML for PLATFORM, with the routes of MAPPING\n"
          "(the JSON of `ringmap --json`) for the ring edges and widest paths for every\n"
          "other pair of hosts, and a hostfile in ring order for smpirun.\n"
          "  -o FILE                  platform XML (default: standard output)\n"
          "  --hostfile FILE          hostfile, one host per line in ring order\n"
          "                           (file order without a mapping)\n"
          "  --duplex half|full       half: SHARED links (default); full: SPLITDUPLEX\n"
          "  --zero-latency           write every link with latency 0 (the model of\n"
          "                           Legrand et al. 2004, which has no latency)\n"
          "  --host-w W               cycle-time for nodes without w/speed\n"
          "  --one-core               SimGrid hosts: w from one core's speed (as the\n"
          "                           mapping was made with it)\n"
          "  --default-bandwidth B    bandwidth (Mb/s) for links without one\n"
          "  -h, --help               this help\n",
          f);
}

/* A label usable as a SimGrid id as it is: non-empty, well-formed UTF-8,
 * no control character, none of < > & " ' and space (XML attributes,
 * hostfiles), no "--" and no leading or trailing '-' (it is also written in
 * XML comments), and not of the form n<digits> (the fallback ids). */
static int id_ok(const char *l)
{
    if (!l || !*l || !rmi_utf8_valid(l) || l[0] == '-' || l[strlen(l) - 1] == '-' ||
        strstr(l, "--"))
        return 0;
    for (const unsigned char *c = (const unsigned char *)l; *c; c++)
        if (*c < 0x20 || *c == 0x7f || strchr("<>&\"' ", *c))
            return 0;
    if (l[0] == 'n') {
        const char *c = l + 1 + (l[1] == '-');
        if (*c && strspn(c, "0123456789") == strlen(c))
            return 0;
    }
    return 1;
}

/* SimGrid ids: the label if id_ok and unique, else "n<GML id>" (GML ids are
 * unique, and no kept label has that form). */
static char **make_ids(const rm_platform *p)
{
    char **id = calloc((size_t)p->n_nodes, sizeof(char *));
    if (!id)
        return NULL;
    for (int v = 0; v < p->n_nodes; v++) {
        const char *l = p->nodes[v].label;
        int ok = id_ok(l);
        for (int u = 0; ok && u < p->n_nodes; u++)
            if (u != v && p->nodes[u].label && !strcmp(p->nodes[u].label, l))
                ok = 0;
        size_t len = ok ? strlen(l) + 1 : 32;
        id[v] = malloc(len);
        if (!id[v]) {
            for (int u = 0; u < v; u++)
                free(id[u]);
            free(id);
            return NULL;
        }
        if (ok)
            memcpy(id[v], l, len);
        else
            snprintf(id[v], len, "n%ld", p->nodes[v].id);
    }
    return id;
}

/* s as the text of an XML comment: no "--", no control character, bytes
 * that are not UTF-8 as '?', never ending with '-'. */
static void put_comment_text(FILE *f, const char *s)
{
    int prev = 0;
    while (s && *s) {
        size_t n = rmi_utf8_seq(s);
        unsigned char c = (unsigned char)*s;
        if (n == 0 || (n == 1 && (c < 0x20 || c == 0x7f)) || (c == '-' && prev == '-')) {
            fputc('?', f);
            prev = '?';
            s += n ? n : 1;
            continue;
        }
        fwrite(s, 1, n, f);
        prev = c;
        s += n;
    }
    if (prev == '-')
        fputc(' ', f);
}

/* x in its shortest round-trip form: the first of %.1g .. %.17g that
 * reads back (strtod) as x, so 98.095 prints "98.095", not
 * "98.094999999999999" (%.17g alone); an integer below 1e15 as one
 * ("1000"). buf of at least 32 bytes. */
static const char *num(char *buf, size_t n, double x)
{
    if (x == floor(x) && fabs(x) < 1e15) { /* an integer: "1000", not "1e+03" */
        snprintf(buf, n, "%.0f", x);
        return buf;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            return buf;
    }
    snprintf(buf, n, "%.17g", x);
    return buf;
}

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The link ids of the written platform: a SimGrid platform's links keep
 * their ids (rm_platform.link_ids, when id_ok); every other link, and a
 * connection link ringmap added, is "l<index>" (with "_<k>" when the file
 * has a link of that name). NULL: no memory. */
static char **make_link_ids(const rm_platform *p)
{
    int L = p->n_links, nf = 0;
    char **id = calloc((size_t)L + 1, sizeof *id);
    char **sorted = malloc(((size_t)L + 1) * sizeof *sorted);
    if (!id || !sorted) {
        free(id);
        free(sorted);
        return NULL;
    }
    for (int l = 0; p->link_ids && l < L; l++)
        if (p->link_ids[l] && id_ok(p->link_ids[l]))
            sorted[nf++] = p->link_ids[l];
    qsort(sorted, (size_t)nf, sizeof *sorted, str_cmp);
    int bad = 0;
    for (int l = 0; l < L && !bad; l++) {
        const char *f = p->link_ids ? p->link_ids[l] : NULL;
        char buf[64];
        if (f && id_ok(f)) {
            id[l] = malloc(strlen(f) + 1);
            if (id[l])
                strcpy(id[l], f);
        } else {
            const char *key = buf;
            snprintf(buf, sizeof buf, "l%d", l);
            for (int k = 1; bsearch(&key, sorted, (size_t)nf, sizeof *sorted, str_cmp); k++)
                snprintf(buf, sizeof buf, "l%d_%d", l, k);
            id[l] = malloc(strlen(buf) + 1);
            if (id[l])
                strcpy(id[l], buf);
        }
        bad = !id[l];
    }
    free(sorted);
    if (bad) {
        for (int l = 0; l < L; l++)
            free(id[l]);
        free(id);
        return NULL;
    }
    return id;
}

static int node_of_gml(const rm_platform *p, long gid)
{
    for (int v = 0; v < p->n_nodes; v++)
        if (p->nodes[v].id == gid)
            return v;
    return -1;
}

/* A route of the mapping JSON (rm_mapping_read_json: nodes as GML ids,
 * links as indices); checks that the nodes are in the platform and that
 * link i joins nodes i and i+1. Writes the arcs (2 link + direction, as in
 * rm_network) to links (cap entries), returns the count, or -1 with msg. */
static int doc_route(const rm_platform *p, const rm_mapping_doc_route *r, int *src, int *dst,
                     int *links, int cap, int *hop_of_link, char *msg, size_t msz)
{
    if (r->n_links > cap) {
        snprintf(msg, msz, "a route of %d links, longer than any walk needs (%d)", r->n_links,
                 cap);
        return -1;
    }
    int prev = node_of_gml(p, r->nodes[0]);
    if (prev < 0) {
        snprintf(msg, msz, "node %ld not in the platform", r->nodes[0]);
        return -1;
    }
    *src = prev;
    for (int i = 0; i < r->n_links; i++) {
        long gid = r->nodes[i + 1];
        int v = node_of_gml(p, gid);
        int l = r->links[i];
        if (v < 0 || l < 0 || l >= p->n_links) {
            snprintf(msg, msz, "hop %d: node %ld or link %d not in the platform", i + 1, gid, l);
            return -1;
        }
        const rm_link *lk = &p->links[l];
        if (!((lk->source == prev && lk->target == v) ||
              (!p->directed && lk->source == v && lk->target == prev))) {
            snprintf(msg, msz, "hop %d: link %d does not join %s and %s", i + 1, l,
                     p->nodes[prev].label, p->nodes[v].label);
            return -1;
        }
        if (hop_of_link[l] >= 0) { /* SimGrid's reader refuses such a route: never write one */
            snprintf(msg, msz,
                     "hops %d and %d cross link %d twice (the model has no route through one "
                     "link twice: a mapping of another platform?)",
                     hop_of_link[l] + 1, i + 1, l);
            for (int j = 0; j < i; j++)
                hop_of_link[links[j] / 2] = -1;
            return -1;
        }
        hop_of_link[l] = i;
        /* arc 2l: source -> target, arc 2l+1: target -> source (rm_network) */
        links[i] = 2 * l + ((lk->source == prev && lk->target == v) ? 0 : 1);
        prev = v;
    }
    *dst = prev;
    for (int i = 0; i < r->n_links; i++)
        hop_of_link[links[i] / 2] = -1; /* all -1 again for the next route */
    return r->n_links;
}

int rmi_cmd_export_simgrid(int argc, char **argv)
{
    const char *plat = NULL, *mapfile = NULL, *out = NULL, *hostfile = NULL;
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_duplex duplex = RM_DUPLEX_HALF;
    int zero_lat = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--zero-latency")) {
            zero_lat = 1;
        } else if (!strcmp(a, "--one-core")) {
            ro.one_core = 1;
        } else if (a[0] == '-' && a[1] && !v) {
            fprintf(stderr, "ringmap export-simgrid: %s: missing value or unknown option\n", a);
            return 2;
        } else if (!strcmp(a, "-o")) {
            out = v, i++;
        } else if (!strcmp(a, "--hostfile")) {
            hostfile = v, i++;
        } else if (!strcmp(a, "--duplex")) {
            int d; /* half or full: the library's names of rm_duplex */
            if (rm_enum_from_name(RM_ENUM_DUPLEX, v, &d) == RM_OK)
                duplex = (rm_duplex)d;
            else {
                fprintf(stderr, "ringmap export-simgrid: --duplex %s: expected half or full\n", v);
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--host-w") || !strcmp(a, "--default-bandwidth")) {
            char *e;
            double x = strtod(v, &e);
            if (e == v || *e || !(x > 0) || !isfinite(x)) {
                fprintf(stderr, "ringmap export-simgrid: %s %s: expected a number > 0\n", a, v);
                return 2;
            }
            if (a[2] == 'h')
                ro.host_w = x;
            else
                ro.default_bandwidth = x;
            i++;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "ringmap export-simgrid: %s: unknown option\n", a);
            return 2;
        } else if (!plat) {
            plat = a;
        } else if (!mapfile) {
            mapfile = a;
        } else {
            fprintf(stderr, "ringmap export-simgrid: %s: too many arguments\n", a);
            return 2;
        }
    }
    if (!plat) {
        usage(stderr);
        return 2;
    }
    /* the outputs, before any computation (cli/outfile.h) */
    int oc = rmi_out_check_all((const char *[]){plat, mapfile}, 2,
                              (const char *[]){"export-simgrid -o", "export-simgrid --hostfile"},
                              (const char *[]){out, hostfile}, 2);
    if (oc >= 0)
        return oc;
    rm_error err = {RM_OK, ""};
    rm_platform *p = NULL;
    rm_status st = rm_platform_read(plat, &ro, &p, &err);
    if (st) {
        fprintf(stderr, "ringmap export-simgrid: %s\n", err.msg);
        return rm_status_exit_code(st);
    }
    int code = 0, H = p->n_hosts, L = p->n_links;
    char **id = make_ids(p);
    char **lid = make_link_ids(p);
    /* route table: links of the route from host i to host j (indices into hosts) */
    int **rt = calloc((size_t)H * (size_t)H, sizeof(int *));
    int *rlen = calloc((size_t)H * (size_t)H, sizeof(int));
    int *hidx = malloc(sizeof(int) * (size_t)p->n_nodes);
    int *ring = malloc(sizeof(int) * (size_t)(H + 1));
    int *tmp = malloc(sizeof(int) * (size_t)(2 * L + 1));
    int *hop_of_link = malloc(sizeof(int) * (size_t)(L + 1)); /* doc_route's marks, -1 */
    int q = 0;
    rm_mapping_doc *doc = NULL;
    rm_network net;
    int have_net = 0;
    if (!id || !lid || !rt || !rlen || !hidx || !ring || !tmp || !hop_of_link) {
        fprintf(stderr, "ringmap export-simgrid: out of memory\n");
        code = 1;
        goto done;
    }
    for (int l = 0; l < L; l++)
        hop_of_link[l] = -1;
    for (int v = 0; v < p->n_nodes; v++)
        hidx[v] = -1;
    for (int h = 0; h < H; h++)
        hidx[p->hosts[h]] = h;
    for (int i = 0; i < H * H; i++)
        rlen[i] = -1;
    if (mapfile) {
        /* the one strict reader of the mapping JSON (include/ringmap/mapping_json.h) */
        if ((st = rm_mapping_read_json(mapfile, &doc, &err))) {
            fprintf(stderr, "ringmap export-simgrid: %s\n", err.msg);
            code = rm_status_exit_code(st);
            goto done;
        }
        if (doc->from_both)
            fprintf(stderr, "ringmap export-simgrid: %s: a --heuristic both mapping: using "
                            "the ring it hands on\n", mapfile);
        if (doc->q > H) {
            fprintf(stderr, "ringmap export-simgrid: %s: \"ring\": %d hosts, the platform has %d\n",
                    mapfile, doc->q, H);
            code = 2;
            goto done;
        }
        q = doc->q;
        for (int k = 0; k < q; k++) {
            int v = node_of_gml(p, doc->ring[k].node);
            if (v < 0 || hidx[v] < 0) {
                fprintf(stderr,
                        "ringmap export-simgrid: %s: ring[%d].node: node %ld is not a host of %s\n",
                        mapfile, k, doc->ring[k].node, plat);
                code = 2;
                goto done;
            }
            /* the mapping must be one of this platform: its hosts' labels and cycle-times
             * (another platform's mapping had matching GML ids by chance) */
            const rm_node *nd = &p->nodes[v];
            const char *pl = nd->label ? nd->label : "";
            double dw = doc->ring[k].w;
            /* a label that is not UTF-8 was written with U+FFFD in its place (the JSON is UTF-8) */
            /* (a JSON without labels, "" here, is checked by w alone) */
            int label_differs = doc->ring[k].label[0] && strcmp(doc->ring[k].label, pl) &&
                                !strstr(doc->ring[k].label, "\xEF\xBF\xBD");
            if (label_differs ||
                fabs(dw - nd->w) > 1e-9 * (fabs(dw) > fabs(nd->w) ? fabs(dw) : fabs(nd->w))) {
                fprintf(stderr,
                        "ringmap export-simgrid: %s: ring[%d]: node %ld is '%.80s' with w = %.17g "
                        "in the mapping but '%.80s' with w = %.17g in %s: a mapping of another "
                        "platform, or of other reading options (--host-w, --one-core)\n",
                        mapfile, k, doc->ring[k].node, doc->ring[k].label, dw, pl, nd->w, plat);
                code = 2;
                goto done;
            }
            ring[k] = v;
        }
        for (int k = 0; q > 1 && k < q; k++) {
            const char *keys[2] = {"succ", "pred"};
            for (int s = 0; s < 2; s++) {
                char msg[256];
                int src, dst;
                int n = doc_route(p, s ? &doc->ring[k].pred : &doc->ring[k].succ, &src, &dst, tmp,
                                  2 * L + 1, hop_of_link, msg, sizeof msg);
                if (n < 0) {
                    fprintf(stderr, "ringmap export-simgrid: %s: ring[%d].%s: %s\n", mapfile, k,
                            keys[s], msg);
                    code = 2;
                    goto done;
                }
                int cell = hidx[src] * H + hidx[dst];
                if (rlen[cell] >= 0) {
                    if (rlen[cell] != n || memcmp(rt[cell], tmp, sizeof(int) * (size_t)n))
                        fprintf(stderr,
                                "ringmap export-simgrid: note: two routes %s -> %s in the ring "
                                "(q = 2); SimGrid keeps one, the succ route\n",
                                p->nodes[src].label, p->nodes[dst].label);
                    continue;
                }
                rt[cell] = malloc(sizeof(int) * (size_t)(n + 1));
                if (!rt[cell]) {
                    code = 1;
                    goto done;
                }
                memcpy(rt[cell], tmp, sizeof(int) * (size_t)n);
                rlen[cell] = n;
            }
        }
    } else {
        q = H;
        for (int h = 0; h < H; h++)
            ring[h] = p->hosts[h];
    }
    /* widest paths for every other ordered pair */
    if ((st = rm_network_init(&net, p, duplex, &err))) {
        fprintf(stderr, "ringmap export-simgrid: %s\n", err.msg);
        code = rm_status_exit_code(st);
        goto done;
    }
    have_net = 1;
    for (int i = 0; i < H && !code; i++)
        for (int j = 0; j < H && !code; j++) {
            int cell = i * H + j;
            if (i == j || rlen[cell] >= 0)
                continue;
            rm_route r = {0};
            st = rm_widest_route(&net, NULL, p->hosts[i], p->hosts[j], &r, &err);
            if (st || r.n_arcs == 0) {
                fprintf(stderr, "ringmap export-simgrid: no route %s -> %s: %s\n",
                        p->nodes[p->hosts[i]].label, p->nodes[p->hosts[j]].label,
                        st ? err.msg : "unreachable");
                code = st ? rm_status_exit_code(st) : 2;
            } else {
                rt[cell] = malloc(sizeof(int) * (size_t)r.n_arcs);
                if (!rt[cell])
                    code = 1;
                else {
                    for (int a = 0; a < r.n_arcs; a++)
                        rt[cell][a] = r.arcs[a];
                    rlen[cell] = r.n_arcs;
                }
            }
            rm_route_clear(&r);
        }
    if (code)
        goto done;
    rm_out xo, ho;
    if ((code = rmi_out_open(&xo, out ? "export-simgrid -o" : "export-simgrid", out ? out : "-")) >= 0)
        goto done;
    code = 0;
    FILE *f = xo.f;
    fputs("<?xml version='1.0'?>\n"
          "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
          "<!-- ringmap export-simgrid ",
          f);
    put_comment_text(f, plat);
    if (mapfile) {
        fputc(' ', f);
        put_comment_text(f, mapfile);
    }
    fprintf(f, ": hosts speed 1/w Mflop/s, links in Mb/s,\n"
               "     routes of the ring from the mapping, widest paths elsewhere -->\n"
               "<platform version=\"4.1\">\n"
               "  <zone id=\"%s\" routing=\"Full\">\n",
            "ringmap");
    char nb[2][40];
    for (int h = 0; h < H; h++) {
        const rm_node *nd = &p->nodes[p->hosts[h]];
        fprintf(f, "    <host id=\"%s\" speed=\"%sMf\"/>\n", id[p->hosts[h]],
                num(nb[0], sizeof nb[0], 1.0 / nd->w));
    }
    for (int l = 0; l < L; l++) {
        const rm_link *lk = &p->links[l];
        const char *pol = lk->backbone ? "FATPIPE"
                          : (duplex == RM_DUPLEX_FULL && !p->directed) ? "SPLITDUPLEX"
                                                                       : "SHARED";
        fprintf(f, "    <link id=\"%s\" bandwidth=\"%sMbps\" latency=\"%ss\" sharing_policy=\"%s\"/>",
                lid[l], num(nb[0], sizeof nb[0], lk->bandwidth),
                num(nb[1], sizeof nb[1], zero_lat ? 0.0 : lk->latency), pol);
        if (p->link_ids && p->link_ids[l]) /* the file's own link */
            fputc('\n', f);
        else
            fprintf(f, " <!-- %s to %s -->\n", id[lk->source], id[lk->target]);
    }
    for (int i = 0; i < H; i++)
        for (int j = 0; j < H; j++) {
            int cell = i * H + j;
            if (i == j)
                continue;
            fprintf(f, "    <route src=\"%s\" dst=\"%s\" symmetrical=\"NO\">", id[p->hosts[i]],
                    id[p->hosts[j]]);
            for (int a = 0; a < rlen[cell]; a++) {
                int l = rt[cell][a] / 2;
                const char *dir = "";
                /* SPLITDUPLEX: UP is source -> target, DOWN target -> source */
                if (duplex == RM_DUPLEX_FULL && !p->directed && !p->links[l].backbone)
                    dir = rt[cell][a] % 2 ? " direction=\"DOWN\"" : " direction=\"UP\"";
                fprintf(f, "<link_ctn id=\"%s\"%s/>", lid[l], dir);
            }
            fprintf(f, "</route>\n");
        }
    fprintf(f, "  </zone>\n</platform>\n");
    /* the platform and the hostfile appear together or not at all */
    rmi_out_batch_begin();
    code = rmi_out_commit(&xo);
    if (!code && hostfile) {
        if ((code = rmi_out_open(&ho, "export-simgrid --hostfile", hostfile)) < 0) {
            for (int k = 0; k < q; k++)
                fprintf(ho.f, "%s\n", id[ring[k]]);
            code = rmi_out_commit(&ho);
        }
    }
    {
        int bc = rmi_out_batch_end(code == 0);
        if (code == 0)
            code = bc;
    }
done:
    if (have_net)
        rm_network_destroy(&net);
    rm_mapping_doc_free(doc);
    if (rt)
        for (int i = 0; i < H * H; i++)
            free(rt[i]);
    free(rt);
    free(rlen);
    free(hidx);
    free(ring);
    free(tmp);
    free(hop_of_link);
    if (id)
        for (int v = 0; v < p->n_nodes; v++)
            free(id[v]);
    free(id);
    if (lid)
        for (int l = 0; l < L; l++)
            free(lid[l]);
    free(lid);
    rm_platform_free(p);
    return code;
}
