#!/usr/bin/env python3
"""check_platform.py MEASURED.gml EXPECTED TOL [LAT_ABS] — compare the platform
that ringmap-measure wrote with the known one: every host's w (s/Mflop) and
every pair's bandwidth (Mb/s) within the relative tolerance TOL (0.05 = 5 %),
every latency within TOL relative + LAT_ABS seconds (default 2e-6).

EXPECTED is either a SimGrid platform (.xml: host speeds, one link per
route between two hosts: its bandwidth and latency) or ringmap-measure's
--emulate spec ('host H w W', 'link H1 H2 B L', H a rank or a host name).
Prints one line per host and pair with the relative error; exit 1 if one is
beyond the tolerance."""
import re
import sys
import xml.etree.ElementTree as ET

SI = {"": 1, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}


def sg_value(text, unit):
    """SimGrid quantity: '2.5Gf' (flop/s), '125MBps' (byte/s), '50us' (s)."""
    m = re.fullmatch(r"\s*([0-9.eE+-]+)\s*([a-zA-Z]*)\s*", text)
    num, suf = float(m.group(1)), m.group(2)
    if unit == "f":
        return num * SI[suf[:-1]] if suf.endswith("f") else num
    if unit == "Bps":
        if suf.endswith("Bps"):
            return num * SI[suf[:-3]]
        if suf.endswith("bps"):
            return num * SI[suf[:-3]] / 8
        return num
    times = {"s": 1, "ms": 1e-3, "us": 1e-6, "ns": 1e-9, "": 1}
    return num * times[suf]


def parse_gml(path):
    text = open(path).read()
    nodes, edges = {}, {}
    for m in re.finditer(r'node \[ id (\d+) label "([^"]*)" w (\S+)', text):
        nodes[int(m.group(1))] = (m.group(2), float(m.group(3)))
    for m in re.finditer(r"edge \[ source (\d+) target (\d+) bandwidth (\S+) latency (\S+)", text):
        edges[(int(m.group(1)), int(m.group(2)))] = (float(m.group(3)), float(m.group(4)))
    return nodes, edges


def expected_xml(path):
    root = ET.parse(path).getroot()
    w = {h.get("id"): 1e6 / sg_value(h.get("speed"), "f") for h in root.iter("host")}
    links = {l.get("id"): (sg_value(l.get("bandwidth"), "Bps") * 8e-6,
                           sg_value(l.get("latency", "0"), "s")) for l in root.iter("link")}
    pairs = {}
    for r in root.iter("route"):
        ids = [c.get("id") for c in r.iter("link_ctn")]
        bw = min(links[i][0] for i in ids)
        lat = sum(links[i][1] for i in ids)
        pairs[frozenset((r.get("src"), r.get("dst")))] = (bw, lat)
    return w, pairs


def expected_emu(path, labels):
    def host(s):
        return labels[int(s)] if s.isdigit() else s
    w, pairs = {}, {}
    for line in open(path):
        f = line.split("#")[0].split()
        if f and f[0] == "host":
            w[host(f[1])] = float(f[3])
        elif f and f[0] == "link":
            pairs[frozenset((host(f[1]), host(f[2])))] = (float(f[3]), float(f[4]))
    return w, pairs


def main():
    gml, exp, tol = sys.argv[1], sys.argv[2], float(sys.argv[3])
    lat_abs = float(sys.argv[4]) if len(sys.argv) > 4 else 2e-6
    nodes, edges = parse_gml(gml)
    labels = [nodes[i][0] for i in sorted(nodes)]
    w, pairs = expected_xml(exp) if exp.endswith(".xml") else expected_emu(exp, labels)
    bad, worst_w, worst_b, worst_l = 0, 0.0, 0.0, 0.0
    print("%-12s %12s %12s %8s" % ("host", "w measured", "w expected", "error"))
    for i in sorted(nodes):
        lab, wm = nodes[i]
        if lab not in w:
            continue
        e = abs(wm / w[lab] - 1)
        worst_w = max(worst_w, e)
        bad += e > tol
        print("%-12s %12.6g %12.6g %7.2f%%%s" % (lab, wm, w[lab], 100 * e, "  <- beyond" if e > tol else ""))
    print("%-12s %11s %11s %7s %11s %11s" % ("pair", "bw (Mb/s)", "expected", "error", "latency(s)", "expected"))
    for (i, j), (bm, lm) in sorted(edges.items()):
        key = frozenset((labels[i], labels[j]))
        if key not in pairs:
            continue
        be, le = pairs[key]
        e = abs(bm / be - 1)
        el = abs(lm - le) / le if le > 0 else 0.0
        worst_b = max(worst_b, e)
        worst_l = max(worst_l, el)
        off = e > tol or abs(lm - le) > tol * le + lat_abs
        bad += off
        print("%-12s %11.6g %11.6g %6.2f%% %11.4g %11.4g%s" % (
            labels[i] + "-" + labels[j], bm, be, 100 * e, lm, le, "  <- beyond" if off else ""))
    n_exp = len(w) + len(pairs)
    n_got = sum(1 for i in nodes if nodes[i][0] in w) + sum(
        1 for (i, j) in edges if frozenset((labels[i], labels[j])) in pairs)
    if n_got != n_exp:
        print("FAIL: %d of %d expected hosts and pairs found in %s" % (n_got, n_exp, gml))
        return 1
    print("worst error: w %.2f%%, bandwidth %.2f%%, latency %.2f%% (tolerance %.0f%%, latency "
          "%.0f%% + %g s)" % (100 * worst_w, 100 * worst_b, 100 * worst_l, 100 * tol, 100 * tol, lat_abs))
    return 1 if bad else 0


sys.exit(main())
