#!/usr/bin/env python3
"""Convert an Internet Topology Zoo GML file into a ringmap platform GML.

The Zoo (Knight, Nguyen, Falkner, Bowden, Roughan, "The Internet Topology Zoo",
IEEE JSAC 29(9), 2011; DOI 10.25909/30153949) is licensed CC BY 4.0: the output
header credits it and says what was changed.

Conversion (DESIGN.md "Platform GML" conventions):
  * every Zoo node becomes a HOST (Zoo nodes are points of presence, each taken
    as one compute site); the Zoo has no compute speeds, so each node gets a
    cycle-time w (s/Mflop) from the measured values of Legrand et al. 2004 (Legrand,
    Renard, Robert, Vivien, TPDS 2004), Table 1 (Lyon, P0..P13) followed by
    Table 2 (Strasbourg, P0..P12): the 27-value list W below;
  * a node labelled "Lyon" gets Lyon P0 (W[0]) and a node labelled "Strasbourg"
    gets Strasbourg P0 (W[14]); every other node, in increasing node id, takes
    the next value of W not given to such a named node, cycling through that
    list when it is exhausted. Without Lyon/Strasbourg labels, node k (k-th
    node in id order) simply gets W[k mod 27];
  * every edge becomes one undirected link with bandwidth = LinkSpeedRaw / 1e6
    (Mb/s); parallel edges are kept as distinct links (and counted); an edge
    without LinkSpeedRaw is an error (no bandwidth is invented);
  * node ids are renumbered 0..N-1 in increasing Zoo id (identity when the Zoo
    ids already are 0..N-1); `label` is kept on nodes, `LinkLabel` on edges;
    the other Zoo attributes (coordinates, countries, notes) are dropped.
Only the Python standard library is used; output is deterministic.

Re-run (from the repository root; developers only, CI does not run it):
    python3 tools/zoo_to_platform.py /work/shared/data/topology-zoo/Geant2009.gml platforms/geant2009.gml
    python3 tools/zoo_to_platform.py /work/shared/data/topology-zoo/Renater2001.gml platforms/renater2001.gml
"""

import re
import sys

# Legrand et al. 2004, Table 1 (Lyon, P0..P13) and Table 2 (Strasbourg, P0..P12), s/Mflop.
LYON = [0.0206, 0.0206, 0.0206, 0.0206, 0.0291, 0.0206, 0.0087,
        0.0206, 0.0206, 0.0206, 0.0206, 0.0206, 0.0291, 0.0451]
STRASBOURG = [0.0087, 0.0072, 0.0087, 0.0131, 0.016, 0.0058, 0.0087,
              0.0262, 0.0102, 0.0131, 0.0072, 0.0058, 0.0072]
W = LYON + STRASBOURG
PINNED = {"Lyon": (0, "Lyon P0"), "Strasbourg": (len(LYON), "Strasbourg P0")}

ATTRIBUTION = (
    "# Source: Internet Topology Zoo (Knight, Nguyen, Falkner, Bowden, Roughan,\n"
    "# \"The Internet Topology Zoo\", IEEE JSAC 29(9), 2011; DOI 10.25909/30153949).\n"
    "# Licence: Creative Commons Attribution 4.0 (CC BY 4.0). Changed from the\n"
    "# original: attributes dropped, cycle-times added, bandwidth converted (below).\n")


def fail(msg):
    sys.stderr.write("zoo_to_platform.py: error: " + msg + "\n")
    sys.exit(1)


TOKEN = re.compile(r'\s*(?:(#[^\n]*)|(\[)|(\])|"([^"]*)"|([A-Za-z_][A-Za-z0-9_]*)'
                   r'|([-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?))')


def tokenize(text):
    pos, out = 0, []
    while True:
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip():
                line = text.count("\n", 0, pos) + 1
                fail("GML syntax error at line %d: %r" % (line, text[pos:pos + 30]))
            return out
        pos = m.end()
        if m.group(1) is not None:
            continue
        if m.group(2):
            out.append(("[", None))
        elif m.group(3):
            out.append(("]", None))
        elif m.group(4) is not None:
            out.append(("str", m.group(4)))
        elif m.group(5):
            out.append(("key", m.group(5)))
        else:
            out.append(("num", float(m.group(6))))


def parse_list(toks, i):
    """Parse `key value` pairs until ']' or end; return (list, next index)."""
    items = []
    while i < len(toks) and toks[i][0] != "]":
        kind, key = toks[i]
        if kind != "key":
            fail("GML: expected a key, found %r" % (key,))
        kind, val = toks[i + 1]
        if kind == "[":
            val, i = parse_list(toks, i + 2)
            if i >= len(toks):
                fail("GML: missing ']'")
            i += 1
        elif kind in ("str", "num"):
            i += 2
        else:
            fail("GML: bad value after key %r" % key)
        items.append((key, val))
    return items, i


def get(items, key, default=None):
    for k, v in items:
        if k == key:
            return v
    return default


def fmt(x):
    s = repr(float(x))
    return s[:-2] if s.endswith(".0") else s


def gml_string(s):
    if '"' in s:
        fail("string %r contains a quote" % s)
    return '"' + s + '"'


def convert(src_path, dst_path):
    with open(src_path, "r", encoding="utf-8") as f:
        top, _ = parse_list(tokenize(f.read()), 0)
    graph = get(top, "graph")
    if not isinstance(graph, list):
        fail("%s: no graph [ ... ]" % src_path)
    znodes = [v for k, v in graph if k == "node"]
    zedges = [v for k, v in graph if k == "edge"]
    ids = []
    for nd in znodes:
        nid = get(nd, "id")
        if not isinstance(nid, float) or nid != int(nid):
            fail("%s: node without integer id: %r" % (src_path, nd))
        ids.append(int(nid))
    if len(set(ids)) != len(ids):
        fail("%s: duplicate node ids" % src_path)
    order = sorted(range(len(znodes)), key=lambda k: ids[k])
    new_id = {ids[k]: i for i, k in enumerate(order)}
    renumbered = any(ids[k] != i for i, k in enumerate(order))
    labels = []
    for k in order:
        lab = get(znodes[k], "label", "")
        labels.append(lab if isinstance(lab, str) else fmt(lab))
    n = len(labels)

    # Cycle-times.
    w = [None] * n
    how = [None] * n
    used = set()
    for i, lab in enumerate(labels):
        if lab in PINNED:
            idx, name = PINNED[lab]
            w[i], how[i] = W[idx], name
            used.add(idx)
    pool = [j for j in range(len(W)) if j not in used]
    k = 0
    for i in range(n):
        if w[i] is None:
            j = pool[k % len(pool)]
            w[i] = W[j]
            how[i] = ("Lyon P%d" % j) if j < len(LYON) else ("Strasbourg P%d" % (j - len(LYON)))
            k += 1

    # Links.
    links = []
    for e in zedges:
        s, t = get(e, "source"), get(e, "target")
        if s is None or t is None or int(s) not in new_id or int(t) not in new_id:
            fail("%s: edge with unknown end points: %r" % (src_path, e))
        raw = get(e, "LinkSpeedRaw")
        if not isinstance(raw, float) or not raw > 0:
            fail("%s: edge %d -- %d has no LinkSpeedRaw (bit/s); no bandwidth invented"
                 % (src_path, int(s), int(t)))
        a, b = new_id[int(s)], new_id[int(t)]
        if a == b:
            fail("%s: self-loop at node %d" % (src_path, a))
        ll = get(e, "LinkLabel")
        links.append((a, b, raw / 1e6, ll if isinstance(ll, str) else None))
    seen, n_parallel = {}, 0
    for a, b, _, _ in links:
        key = (min(a, b), max(a, b))
        if key in seen:
            n_parallel += 1
        seen[key] = seen.get(key, 0) + 1
    parallel_pairs = sorted(p for p, c in seen.items() if c > 1)

    # Connectivity (union-find), reported in the header.
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for a, b, _, _ in links:
        parent[find(a)] = find(b)
    n_comp = len({find(i) for i in range(n)})

    net = get(graph, "Network", get(graph, "label", "?"))
    date = get(graph, "NetworkDate", "?")
    zsrc = get(graph, "Source", "?")
    name = re.sub(r"\.gml$", "", dst_path.split("/")[-1])
    src_base = src_path.split("/")[-1]
    bws = sorted({round(l[2], 6) for l in links})
    hdr = ["# ringmap platform: %s\n" % name,
           "# Converted by tools/zoo_to_platform.py from the Topology Zoo file %s\n" % src_base,
           "# (network %s, %s; the Zoo's source: %s).\n" % (net, date, zsrc),
           ATTRIBUTION,
           "# Re-run: python3 tools/zoo_to_platform.py \\\n",
           "#   %s platforms/%s.gml\n" % (src_path, name),
           "# Nodes: %d, every one a HOST (a Zoo node is a point of presence, taken as\n" % n,
           "# one compute site); no routers. Ids 0..%d = Zoo ids %s; label kept.\n"
           % (n - 1, "renumbered in increasing order" if renumbered else "unchanged"),
           "# Cycle-times w (s/Mflop): the Zoo has none. W = Legrand et al. 2004 Table 1 (Lyon\n",
           "# P0..P13) followed by Table 2 (Strasbourg P0..P12), 27 values.\n"]
    pinned = [(i, labels[i], how[i]) for i in range(n) if labels[i] in PINNED]
    if pinned:
        hdr.append("# Pinned by label: %s.\n"
                   % "; ".join("node %d %s gets %s = %s" % (i, lab, h, fmt(w[i]))
                               for i, lab, h in pinned))
        hdr.append("# Every other node, in increasing id, takes the next unused value of W\n"
                   "# (W without the pinned entries, in order, cycling if exhausted).\n")
    else:
        hdr.append("# No node is labelled Lyon or Strasbourg: node k gets W[k mod 27].\n")
    hdr.append("# Links: %d undirected edges in Zoo order; bandwidth = LinkSpeedRaw / 1e6\n"
               % len(links))
    hdr.append("# (Mb/s); LinkLabel kept. Bandwidths present (Mb/s): %s.\n"
               % ", ".join(fmt(x) for x in bws))
    hdr.append("# Parallel edges (kept as distinct links): %d%s.\n"
               % (n_parallel, (" between " + ", ".join("%d-%d" % p for p in parallel_pairs))
                  if parallel_pairs else ""))
    hdr.append("# Connected components: %d.\n" % n_comp)

    out = ["".join(hdr), "graph [\n  directed 0\n  label %s\n" % gml_string(name)]
    for i in range(n):
        out.append("  node [ id %d label %s w %s ]\n" % (i, gml_string(labels[i]), fmt(w[i])))
    for a, b, bw, ll in links:
        extra = (" LinkLabel %s" % gml_string(ll)) if ll is not None else ""
        out.append("  edge [ source %d target %d bandwidth %s%s ]\n" % (a, b, fmt(bw), extra))
    out.append("]\n")
    with open(dst_path, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(out))
    print("%s: %d hosts, 0 routers, %d links, %d parallel, %d component(s); w: %s"
          % (dst_path, n, len(links), n_parallel, n_comp,
             " ".join("%d:%s" % (i, fmt(w[i])) for i in range(n))))


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: %s ZOO.gml OUT.gml\n" % argv[0])
        return 2
    convert(argv[1], argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
