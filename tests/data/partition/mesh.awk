# mesh.awk -v NX= -v NY= [-v NZ=] [-v IRR=1] -v OUT=prefix: a NX x NY x NZ grid mesh
# (NZ = 1: 2-D) as a METIS graph (OUT.graph) and coordinates (OUT.xyz);
# IRR=1: a 2-D mesh with holes (about 1 vertex in 12 removed, not on the
# first and last columns) and one diagonal per cell, its direction from a
# linear congruential sequence: irregular degrees (2 to 8).
function keep(i, j) { return !IRR || i == 0 || i == NX - 1 || !hole[i, j] }
BEGIN {
    if (NZ == "") NZ = 1
    s = 12345
    for (i = 0; i < NX; i++) for (j = 0; j < NY; j++) {
        s = (s * 1103515245 + 12345) % 2147483648; hole[i, j] = (s % 12 == 0)
        s = (s * 1103515245 + 12345) % 2147483648; dg[i, j] = s % 2
    }
    n = 0
    for (i = 0; i < NX; i++) for (j = 0; j < NY; j++) for (k = 0; k < NZ; k++)
        if (keep(i, j)) { id[i, j, k] = ++n; x[n] = i; y[n] = j; z[n] = k }
    m = 0
    for (i = 0; i < NX; i++) for (j = 0; j < NY; j++) for (k = 0; k < NZ; k++) {
        if (!((i, j, k) in id)) continue
        u = id[i, j, k]
        if ((i + 1, j, k) in id) edge(u, id[i + 1, j, k])
        if ((i, j + 1, k) in id) edge(u, id[i, j + 1, k])
        if ((i, j, k + 1) in id) edge(u, id[i, j, k + 1])
        if (IRR && dg[i, j] && (i + 1, j + 1, k) in id) edge(u, id[i + 1, j + 1, k])
        if (IRR && !dg[i, j] && (i + 1, j, k) in id && (i, j + 1, k) in id) edge(id[i + 1, j, k], id[i, j + 1, k])
    }
    print n, m > (OUT ".graph")
    for (u = 1; u <= n; u++) print substr(adj[u], 2) > (OUT ".graph")
    for (u = 1; u <= n; u++) print x[u], y[u], (NZ > 1 ? z[u] : "") > (OUT ".xyz")
}
function edge(a, b) { adj[a] = adj[a] " " b; adj[b] = adj[b] " " a; m++ }
