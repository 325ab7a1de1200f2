/*
 * sg_wifi.c — the rates of SimGrid WIFI links, read from the platform file
 * with libxml2. SimGrid 3.32 exposes no rate of a WIFI link through its API
 * (Link::get_bandwidth gives 1, the normalised capacity of the link's
 * constraint: each flow uses 1/rate of its station per byte), so the
 * bandwidth attribute of the <link> element ("54Mbps,36Mbps,24Mbps", one
 * rate per SNR level) is read here, with SimGrid's units.
 */
#define _POSIX_C_SOURCE 200809L
#include "topo/io/sg_wifi.h"
#include "topo/xml_quiet.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* SimGrid's bandwidth units (xbt_parse_units, "bandwidth"): bytes or bits
 * per second with SI (k, M, G, T, P, E) or binary (Ki, Mi, Gi, Ti, Pi, Ei)
 * prefixes; no unit: bytes/s. Returns bytes/s, NAN when not understood. */
static double sg_bandwidth_value(const char *s, size_t n)
{
    char buf[128];
    if (n == 0 || n >= sizeof buf)
        return NAN;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *e;
    double x = strtod(buf, &e);
    if (e == buf || !isfinite(x))
        return NAN;
    while (*e == ' ')
        e++;
    if (!*e)
        return x;
    static const struct {
        const char *p;
        double f;
    } pre[] = {{"Ki", 1024.0}, {"Mi", 1048576.0}, {"Gi", 1073741824.0}, {"Ti", 1099511627776.0},
               {"Pi", 1125899906842624.0}, {"Ei", 1152921504606846976.0}, {"k", 1e3}, {"K", 1e3},
               {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"P", 1e15}, {"E", 1e18}, {"", 1.0}};
    for (size_t i = 0; i < sizeof pre / sizeof pre[0]; i++) {
        size_t lp = strlen(pre[i].p);
        if (strncmp(e, pre[i].p, lp) != 0)
            continue;
        const char *u = e + lp;
        if (!strcmp(u, "Bps"))
            return x * pre[i].f;
        if (!strcmp(u, "bps"))
            return x * pre[i].f / 8.0;
    }
    return NAN;
}

static void find_link(xmlNode *n, const char *id, char **bw)
{
    for (; n && !*bw; n = n->next) {
        if (n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, (const xmlChar *)"link")) {
            xmlChar *i = xmlGetProp(n, (const xmlChar *)"id");
            if (i && !strcmp((const char *)i, id)) {
                xmlChar *b = xmlGetProp(n, (const xmlChar *)"bandwidth");
                if (b) {
                    *bw = strdup((const char *)b);
                    xmlFree(b);
                }
            }
            xmlFree(i);
        }
        find_link(n->children, id, bw);
    }
}

int rmi_sg_wifi_rates(const char *path, const char *link, double *rates, int max)
{
    xmlDoc *doc = rmi_xml_read_quiet(path); /* nothing printed (topo/xml_quiet.h) */
    if (!doc)
        return -1;
    char *bw = NULL;
    find_link(xmlDocGetRootElement(doc), link, &bw);
    xmlFreeDoc(doc);
    if (!bw)
        return -1;
    int n = 0;
    for (const char *p = bw; n < max;) {
        const char *c = strchr(p, ',');
        size_t len = c ? (size_t)(c - p) : strlen(p);
        while (len && *p == ' ') {
            p++;
            len--;
        }
        double x = sg_bandwidth_value(p, len);
        if (!(x >= 0)) {
            n = -1;
            break;
        }
        rates[n++] = x;
        if (!c)
            break;
        p = c + 1;
    }
    free(bw);
    return n;
}
