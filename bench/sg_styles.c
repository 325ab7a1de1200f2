/*
 * sg_styles.c — the generated SimGrid platform styles (sg_styles.h).
 */
#include "sg_styles.h"

const char *const rmb_sg_style_names[RMB_SG_N_STYLES] = {"flat", "backbone", "fat-tree",
                                                         "dragonfly", "zones"};

/* Five clusters of their own speeds and private links, a 10 GB/s backbone
 * each, joined by an uplink each (1.25 GB/s, 1 ms) in a Full zone. */
static void write_zones(FILE *f, int per)
{
    static const char *sp[5] = {"1Gf", "2Gf", "1.5Gf", "3Gf", "2.5Gf"};
    static const char *bw[5] = {"125MBps", "1.25GBps", "125MBps", "1.25GBps", "125MBps"};
    fprintf(f, "<zone id=\"grid\" routing=\"Full\">\n");
    for (int c = 0; c < 5; c++)
        fprintf(f,
                "<cluster id=\"c%d\" prefix=\"c%d-\" suffix=\"\" radical=\"0-%d\" "
                "speed=\"%s\" bw=\"%s\" lat=\"50us\" bb_bw=\"10GBps\" bb_lat=\"100us\"/>\n",
                c, c, per - 1, sp[c], bw[c]);
    for (int c = 0; c < 5; c++)
        fprintf(f, "<link id=\"up%d\" bandwidth=\"1.25GBps\" latency=\"1ms\"/>\n", c);
    for (int a = 0; a < 5; a++)
        for (int b = a + 1; b < 5; b++)
            fprintf(f,
                    "<zoneRoute src=\"c%d\" dst=\"c%d\" gw_src=\"c%d-c%d_router\" "
                    "gw_dst=\"c%d-c%d_router\"><link_ctn id=\"up%d\"/><link_ctn id=\"up%d\"/>"
                    "</zoneRoute>\n",
                    a, b, a, a, b, b, a, b);
    fprintf(f, "</zone>\n");
}

int rmb_sg_style_write(FILE *f, int hosts, int style, const rmb_sg_style_opts *o)
{
    if (style < 0 || style >= RMB_SG_N_STYLES)
        return -1;
    int ok = 1;
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
               "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n");
    if (style == RMB_SG_FLAT) {
        fprintf(f,
                "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" "
                "bw=\"125MBps\" lat=\"50us\"/>\n",
                hosts - 1);
    } else if (style == RMB_SG_BACKBONE) {
        fprintf(f,
                "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" "
                "bw=\"125MBps\" lat=\"50us\" bb_bw=\"%s\" bb_lat=\"500us\"/>\n",
                hosts - 1, o && o->bb_bw ? o->bb_bw : "10GBps");
    } else if (style == RMB_SG_FAT_TREE) {
        int leaf = o && o->leaf > 0 ? o->leaf : hosts % 40 == 0 ? 40 : 32;
        ok = hosts % leaf == 0;
        fprintf(f,
                "<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;%d,%d;1,%d;1,1\" "
                "prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" bw=\"125MBps\" "
                "lat=\"50us\"/>\n",
                leaf, hosts / leaf, hosts / leaf, hosts - 1);
    } else if (style == RMB_SG_DRAGONFLY) {
        /* SimGrid 3.32 crashes on more groups than one blue link joins */
        ok = hosts % 8 == 0;
        fprintf(f,
                "<cluster id=\"d\" topology=\"DRAGONFLY\" topo_parameters=\"2,1;2,1;2,1;%d\" "
                "prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" bw=\"125MBps\" "
                "lat=\"50us\"/>\n",
                hosts / 8, hosts - 1);
    } else {
        ok = hosts % 5 == 0;
        write_zones(f, hosts / 5);
    }
    fprintf(f, "</platform>\n");
    return ok;
}

int rmb_sg_style_file(const char *path, int hosts, int style, const rmb_sg_style_opts *o)
{
    if (style < 0 || style >= RMB_SG_N_STYLES)
        return -1;
    FILE *f = fopen(path, "w");
    if (!f)
        return -2;
    int ok = rmb_sg_style_write(f, hosts, style, o);
    return fclose(f) == 0 ? ok : -2;
}
