/*
 * gml_write.c — the GML writer of a platform (topo/io/readers.h,
 * rmi_platform_write_gml): what `ringmap generate` writes and the GML
 * reader (gml.c) reads back to the same platform — doubles in the shortest
 * form that reads back exactly, labels escaped for igraph's GML lexer.
 */
#include "topo/io/readers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Shortest of %.15g, %.16g, %.17g that reads back as exactly x. */
static void gml_double(char *buf, size_t n, double x)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            return;
    }
}

static void gml_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"')
            fputs("&quot;", f);
        else if (ch == '&')
            fputs("&amp;", f);
        else if (ch < 32)
            fputc(' ', f);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

rm_status rmi_platform_write_gml(FILE *f, const rm_platform *p, const char *comment,
                                 rm_error *err)
{
    if (!f || !p)
        return rm_error_set(err, RM_EINTERNAL, "rmi_platform_write_gml: NULL argument");
    if (comment) {
        const char *s = comment;
        while (*s) {
            const char *nl = strchr(s, '\n');
            size_t n = nl ? (size_t)(nl - s) : strlen(s);
            /* one comment line per line: a control character (a \r would
             * end the comment for igraph's lexer) is written escaped */
            fputs("# ", f);
            for (size_t i = 0; i < n; i++) {
                unsigned char ch = (unsigned char)s[i];
                if (ch == '\r')
                    fputs("\\r", f);
                else if (ch == '\t')
                    fputs("\\t", f);
                else if (ch < 0x20 || ch == 0x7f)
                    fprintf(f, "\\x%02x", ch);
                else
                    fputc(ch, f);
            }
            fputc('\n', f);
            s += n;
            if (*s == '\n')
                s++;
        }
    }
    fprintf(f, "graph [\n  directed %d\n", p->directed ? 1 : 0);
    if (p->name) {
        fputs("  label ", f);
        gml_string(f, p->name);
        fputc('\n', f);
    }
    for (int i = 0; i < p->n_nodes; i++) {
        const rm_node *nd = &p->nodes[i];
        fprintf(f, "  node [ id %d label ", i);
        gml_string(f, nd->label ? nd->label : "");
        if (nd->is_host) {
            char buf[64];
            snprintf(buf, sizeof buf, "%.15g", 1.0 / nd->w);
            double s = strtod(buf, NULL);
            if (s > 0 && 1.0 / s == nd->w)
                fprintf(f, " speed %s", buf);
            else {
                gml_double(buf, sizeof buf, nd->w);
                fprintf(f, " w %s", buf);
            }
        }
        fputs(" ]\n", f);
    }
    for (int l = 0; l < p->n_links; l++) {
        const rm_link *k = &p->links[l];
        char buf[64];
        gml_double(buf, sizeof buf, k->bandwidth);
        fprintf(f, "  edge [ source %d target %d bandwidth %s", k->source, k->target, buf);
        if (k->latency != 0) {
            gml_double(buf, sizeof buf, k->latency);
            fprintf(f, " latency %s", buf);
        }
        if (k->backbone)
            fputs(" backbone 1", f);
        fputs(" ]\n", f);
    }
    fputs("]\n", f);
    if (ferror(f))
        return rm_error_set(err, RM_EINTERNAL, "write error while writing GML");
    return RM_OK;
}
