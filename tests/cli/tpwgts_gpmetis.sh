#!/usr/bin/env bash
# tpwgts_gpmetis.sh RINGMAP SOURCE_ROOT — gpmetis (Debian `metis`) accepts the
# --tpwgts file of `ringmap map` and partitions a 100 x 100 grid graph into
# the Q parts of the ring (medium_tiers, SharedRing) with part k's share of
# the vertices within 5 % (relative) of alpha_k. Skipped (77) without gpmetis.
source "$(dirname "$0")/helpers.bash" "$@"
command -v gpmetis >/dev/null || { echo "SKIP: gpmetis not installed (Debian package metis)"; exit 77; }
cd "$TMP" || exit 1
expect_exit 0 "map with --tpwgts" "$SRC/platforms/medium_tiers.gml" --tpwgts tp.txt --json m.json -q
Q=$(jq '.ring | length' m.json)
python3 - <<'PY'
n = 100
adj = [[] for _ in range(n * n)]
for i in range(n):
    for j in range(n):
        for a, b in ((i, j + 1), (i + 1, j), (i, j - 1), (i - 1, j)):
            if 0 <= a < n and 0 <= b < n:
                adj[i * n + j].append(a * n + b + 1)
with open("grid.graph", "w") as f:
    f.write("%d %d\n" % (n * n, sum(map(len, adj)) // 2))
    for a in adj:
        f.write(" ".join(map(str, a)) + "\n")
PY
gpmetis -tpwgts=tp.txt grid.graph "$Q" >gpmetis.out 2>&1 || fail "gpmetis: $(tail -5 gpmetis.out)"
python3 - "$Q" <<'PY' || fail "part weights off their targets"
import sys
q = int(sys.argv[1])
target = {}
for line in open("tp.txt"):
    k, w = line.split("=")
    target[int(k)] = float(w)
parts = [int(x) for x in open("grid.graph.part.%d" % q)]
worst = 0
for k in range(q):
    got = parts.count(k) / len(parts)
    err = abs(got - target[k]) / target[k]
    worst = max(worst, err)
    print("part %2d: target %.4f, got %.4f (%+.2f %%)" % (k, target[k], got, 100 * (got - target[k]) / target[k]))
print("worst relative deviation %.2f %%" % (100 * worst))
sys.exit(0 if worst <= 0.05 else 1)
PY
ok "gpmetis partitions with the tpwgts file: every part within 5 % of alpha_k ($Q parts)"
