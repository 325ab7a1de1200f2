#!/usr/bin/env python3
"""Convert a SimGrid platform file (format version 2) into a ringmap platform GML.

What it does (DESIGN.md "Platform GML" conventions):
  * every <host id=.. power=..> becomes a node with label = the host id and
    cycle-time w = 1e6 / power  (power in flop/s -> w in s/Mflop);
  * every <router id=..> becomes a node without w (a router);
  * every <link id=.. bandwidth=.. latency=..> becomes one undirected edge with
    bandwidth = bytes/s * 8 / 1e6 (Mb/s) and latency in s; the edge also keeps
    the SimGrid link id as the string attribute `simgrid_id`;
  * a link's two end nodes are read off the one-link routes: a link that is the
    single link of a <route src=X dst=Y> joins X and Y. A link that is the single
    link of routes between different pairs, or of no route at all, is an error.
  * every multi-link route is then checked to be a walk over the links so
    reconstructed, from src to dst (the script fails loudly otherwise), and the
    script prints how many routes were checked, how many are simple paths, and
    how many ordered pairs use the reverse of the route of the opposite pair.
Node ids are 0..N-1 in the order the <host>/<router> elements appear in the
file; edges are written in increasing numeric SimGrid link id (in lexicographic
id order if the ids are not all integers), so the GML link id equals the
SimGrid link id when those are 0..L-1.

SimGrid v2 files write the route elements as <link:ctn id=".."/>, a prefix that
is not declared as an XML namespace; the script renames it to <link_ctn> before
handing the text to xml.etree. Only the Python standard library is used and the
output is deterministic (same input -> byte-identical output).

Re-run (from the repository root; developers only, CI does not run it):
    python3 tools/convert_simgrid_v2.py \
        /work/shared/data/simgrid/medium_tiers-p.xml platforms/medium_tiers.gml
The header lines of the output (provenance, licence) are set below in HEADER.
"""

import re
import sys
import xml.etree.ElementTree as ET

HEADER = """\
# ringmap platform: {name}
# Converted by tools/convert_simgrid_v2.py from the SimGrid platform file
# {src_base} (SimGrid platform format version 2, from the SimGrid project
# history, LGPL-2.1; generated with the Tiers topology generator).
# Re-run: python3 tools/convert_simgrid_v2.py \\
#   {src_name} platforms/{name}.gml
# Nodes: {n_hosts} hosts, {n_routers} routers (ids 0..{last_id}, in file order;
# label = SimGrid host/router id). Links: {n_links} undirected edges, in SimGrid
# link id order; simgrid_id = the SimGrid link id.
# Units: host w = 1e6 / power (power in flop/s) -> s/Mflop;
# bandwidth = bytes/s * 8 / 1e6 -> Mb/s; latency in s (unchanged).
# Link end points: read off the one-link routes. All {n_routes} routes
# ({n_multi} with more than one link) were checked to be walks over these links
# from src to dst; {n_simple} of them are simple paths; {n_sym} ordered pairs use
# exactly the reverse of the route of the opposite pair.
"""


def fail(msg):
    sys.stderr.write("convert_simgrid_v2.py: error: " + msg + "\n")
    sys.exit(1)


def fmt(x):
    """Shortest round-tripping decimal form of a float (deterministic)."""
    s = repr(float(x))
    if s.endswith(".0"):
        s = s[:-2]
    return s


def gml_string(s):
    if '"' in s or "&" in s:
        fail("label %r contains a quote or '&', not representable in GML" % s)
    return '"' + s + '"'


def link_sort_key(lid):
    return (0, int(lid), "") if re.fullmatch(r"-?[0-9]+", lid) else (1, 0, lid)


def convert(src_path, dst_path):
    with open(src_path, "r", encoding="utf-8") as f:
        text = f.read()
    # <link:ctn .../> uses an undeclared prefix: rename it for xml.etree.
    text = re.sub(r"<(/?)link:ctn\b", r"<\1link_ctn", text)
    # Drop the DOCTYPE (external DTD not needed, never fetched anyway).
    text = re.sub(r"<!DOCTYPE[^>]*>", "", text)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        fail("%s: XML parse error: %s" % (src_path, e))
    if root.tag != "platform":
        fail("%s: root element is <%s>, expected <platform>" % (src_path, root.tag))
    if root.get("version") != "2":
        fail("%s: platform version %r, expected \"2\"" % (src_path, root.get("version")))

    nodes = []  # (name, w or None)
    index = {}
    links = {}  # id -> (bandwidth bytes/s, latency s)
    routes = []  # (src, dst, [link ids])
    for el in root:
        if el.tag in ("host", "router"):
            name = el.get("id")
            if name is None:
                fail("<%s> without id" % el.tag)
            if name in index:
                fail("node id %r defined twice" % name)
            w = None
            if el.tag == "host":
                power = float(el.get("power", "nan"))
                if not power > 0:
                    fail("host %r: power %r is not > 0" % (name, el.get("power")))
                w = 1e6 / power
            index[name] = len(nodes)
            nodes.append((name, w))
        elif el.tag == "link":
            lid = el.get("id")
            if lid in links:
                fail("link id %r defined twice" % lid)
            bw = float(el.get("bandwidth", "nan"))
            lat = float(el.get("latency", "0"))
            if not bw > 0:
                fail("link %r: bandwidth %r is not > 0" % (lid, el.get("bandwidth")))
            if not lat >= 0:
                fail("link %r: latency %r is negative" % (lid, el.get("latency")))
            links[lid] = (bw, lat)
        elif el.tag == "route":
            s, d = el.get("src"), el.get("dst")
            lst = [c.get("id") for c in el if c.tag == "link_ctn"]
            routes.append((s, d, lst))
        else:
            fail("unexpected element <%s>" % el.tag)

    for s, d, lst in routes:
        for x in (s, d):
            if x not in index:
                fail("route %s -> %s: unknown node %r" % (s, d, x))
        for l in lst:
            if l not in links:
                fail("route %s -> %s: unknown link %r" % (s, d, l))
        if not lst:
            fail("route %s -> %s has no link" % (s, d))

    # End points from the one-link routes.
    ends = {}
    for s, d, lst in routes:
        if len(lst) != 1:
            continue
        pair = frozenset((s, d))
        if len(pair) != 2:
            fail("one-link route from %r to itself over link %r" % (s, lst[0]))
        old = ends.setdefault(lst[0], pair)
        if old != pair:
            fail("link %r is the single link of routes between %s and between %s"
                 % (lst[0], sorted(old), sorted(pair)))
    missing = sorted((l for l in links if l not in ends), key=link_sort_key)
    if missing:
        fail("links %s are the single link of no route: end points unknown" % missing)

    # Every route must be a walk from src to dst over the reconstructed links.
    n_multi = n_simple = 0
    for s, d, lst in routes:
        cur, seen = s, [s]
        for l in lst:
            a, b = sorted(ends[l])
            if cur == a:
                cur = b
            elif cur == b:
                cur = a
            else:
                fail("route %s -> %s: link %r joins %s and %s, not at node %s"
                     % (s, d, l, a, b, cur))
            seen.append(cur)
        if cur != d:
            fail("route %s -> %s ends at %s" % (s, d, cur))
        if len(lst) > 1:
            n_multi += 1
        if len(set(seen)) == len(seen):
            n_simple += 1
    by_pair = {(s, d): lst for s, d, lst in routes}
    if len(by_pair) != len(routes):
        fail("some ordered pair has more than one route")
    n_sym = sum(1 for (s, d), lst in by_pair.items()
                if by_pair.get((d, s)) == list(reversed(lst)))
    n = len(nodes)
    n_pairs_expected = n * (n - 1)
    complete = len(by_pair) == n_pairs_expected

    n_hosts = sum(1 for _, w in nodes if w is not None)
    # Structure notes for the header: tree or not, hosts that routes cross,
    # dead-end routers.
    deg = [0] * n
    for lid in links:
        for x in ends[lid]:
            deg[index[x]] += 1
    hub_hosts = [nm for i, (nm, w) in enumerate(nodes) if w is not None and deg[i] > 1]
    leaf_routers = sum(1 for i, (nm, w) in enumerate(nodes) if w is None and deg[i] <= 1)
    # every ordered pair routed over walks => connected; N-1 links => a tree
    is_tree = complete and len(links) == n - 1
    notes = []
    if is_tree:
        notes.append("# The links form a tree (connected, N-1 links): each route is the unique path.\n")
    if hub_hosts:
        notes.append("# Hosts of degree > 1 (routes pass through them): %s.\n" % ", ".join(hub_hosts))
    if leaf_routers:
        notes.append("# Routers of degree 1 (dead ends, kept as in the source): %d.\n" % leaf_routers)
    name = re.sub(r"\.gml$", "", dst_path.split("/")[-1])
    out = [HEADER.format(name=name, src_name=src_path, src_base=src_path.split("/")[-1], n_hosts=n_hosts,
                         n_routers=n - n_hosts, last_id=n - 1, n_links=len(links),
                         n_routes=len(routes), n_multi=n_multi, n_simple=n_simple,
                         n_sym=n_sym)]
    out.extend(notes)
    if not complete:
        out.append("# Routes are given for %d of the %d ordered pairs of nodes.\n"
                   % (len(by_pair), n_pairs_expected))
    out.append("graph [\n  directed 0\n  label %s\n" % gml_string(name))
    for i, (nm, w) in enumerate(nodes):
        if w is None:
            out.append("  node [ id %d label %s ]\n" % (i, gml_string(nm)))
        else:
            out.append("  node [ id %d label %s w %s ]\n" % (i, gml_string(nm), fmt(w)))
    for lid in sorted(links, key=link_sort_key):
        bw, lat = links[lid]
        a, b = sorted(ends[lid], key=lambda x: index[x])
        out.append("  edge [ source %d target %d bandwidth %s latency %s simgrid_id %s ]\n"
                   % (index[a], index[b], fmt(bw * 8 / 1e6), fmt(lat), gml_string(lid)))
    out.append("]\n")
    with open(dst_path, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(out))
    print("%s: %d hosts, %d routers, %d links; %d routes (%d multi-link) all valid walks, "
          "%d simple paths, %d reverse-symmetric, %s"
          % (dst_path, n_hosts, n - n_hosts, len(links), len(routes), n_multi, n_simple,
             n_sym, "every ordered pair routed" if complete
             else "%d of %d ordered pairs routed" % (len(by_pair), n_pairs_expected)))


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: %s SIMGRID_V2.xml OUT.gml\n" % argv[0])
        return 2
    convert(argv[1], argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
