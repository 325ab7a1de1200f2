#!/usr/bin/env python3
"""Expand the RuleBased zones of a SimGrid platform file (format 3) into Full zones.

SimGrid 3.32 has no RuleBased routing ("Not a valid model!"). A RuleBased zone
routes between its children by regular-expression rules (<ASroute src="^AS_(.*)$"
dst=... gw_src="$1src-..." ...><link_ctn id="link_$1src"/>...): for a pair of
children the first rule whose src and dst patterns match both names gives the
gateways and links, with $Nsrc / $Ndst replaced by the groups of the matches.
This script writes, for every ordered pair of distinct children of each RuleBased
zone, the route its first matching rule gives, as an explicit <ASroute> of a
Full zone (symmetrical="NO": both directions are written), and leaves the rest
of the file unchanged (the same hosts, links, latencies and bandwidths). A
pair that no rule matches gets no route, as in the RuleBased zone.

Then convert the result to format 4.1 with SimGrid's own simgrid_update_xml:
    python3 tools/simgrid_rulebased_to_full.py g5k.xml > g5k_full.xml
    simgrid_update_xml g5k_full.xml
Only the Python standard library is used; the output is deterministic.
"""

import re
import sys
import xml.etree.ElementTree as ET

ZONE_TAGS = ("AS", "zone")
ROUTE_TAGS = ("ASroute", "zoneRoute")


def child_name(el):
    """The name a rule matches: a sub-zone's or cluster's id, a host's or router's id."""
    return el.get("id")


def subst(text, msrc, mdst):
    def rep(m):
        n, side = int(m.group(1)), m.group(2)
        mm = msrc if side == "src" else mdst
        return mm.group(n)
    return re.sub(r"\$(\d+)(src|dst)", rep, text)


def expand(zone):
    children = [c for c in zone if c.tag in ZONE_TAGS + ("cluster",)]
    rules = [c for c in zone if c.tag in ROUTE_TAGS]
    names = [child_name(c) for c in children]
    out = []
    for s in names:
        for d in names:
            if s == d:
                continue
            for r in rules:
                ms = re.match(r.get("src"), s)
                md = re.match(r.get("dst"), d)
                if not (ms and md):
                    continue
                e = ET.Element(r.tag)
                e.set("src", s)
                e.set("dst", d)
                e.set("gw_src", subst(r.get("gw_src"), ms, md))
                e.set("gw_dst", subst(r.get("gw_dst"), ms, md))
                e.set("symmetrical", "NO")
                for l in r:
                    le = ET.SubElement(e, l.tag)
                    le.set("id", subst(l.get("id"), ms, md))
                out.append(e)
                break
    for r in rules:
        zone.remove(r)
    for e in out:
        zone.append(e)
    zone.set("routing", "Full")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: simgrid_rulebased_to_full.py FILE.xml > OUT.xml")
    text = open(sys.argv[1], encoding="utf-8").read()
    head = text[: text.index("<platform")]
    root = ET.fromstring(text[text.index("<platform"):])
    n = 0
    for z in root.iter():
        if z.tag in ZONE_TAGS and z.get("routing", "").lower() == "rulebased":
            expand(z)
            n += 1
    ET.indent(root, space="  ")
    sys.stdout.write(head + ET.tostring(root, encoding="unicode") + "\n")
    print("expanded %d RuleBased zone(s)" % n, file=sys.stderr)


if __name__ == "__main__":
    main()
