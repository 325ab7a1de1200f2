# ringmap test platform: shared4 -- two 2-host LANs joined by one WAN link,
# where two ring edges must share the WAN (hand-solved: SharedRing vs SliceRing).
# Written by hand for ringmap (project licence); no external data. Model of
# Legrand et al. 2004 (Legrand/Renard/Robert/Vivien, TPDS 2004), sections 2.4, 3, 4, eq. (5).
# Nodes: LAN A = hosts 0, 1 (w = 1 s/Mflop) on router 4; LAN B = hosts 2, 3
# (w = 2) on router 5. Links (Mb/s): 0: 0--4, 1: 1--4, 2: 2--5, 3: 3--5, all
# bandwidth 100; 4: 4--5 (the WAN) bandwidth 4. The graph is a tree: one route
# per pair. A ring using hosts of both LANs crosses the WAN at least twice.
# Hand solution, half duplex, D_c/D_w = 0.5; each host sends to its successor
# and its predecessor (2q routes; for q = 2 the two routes to the same host are
# distinct). C_i = c_{i,succ} + c_{i,pred}, T_step/D_w from eq. (5).
#  SharedRing model (shares of a link sum to <= its bandwidth), max-min shares:
#  - q = 1: host 0 (or 1) alone: T = 1.
#  - q = 2, ring 0,1 (LAN A): 4 routes on links 0 and 1, 25 each; C = 0.08;
#    T = 0.5*(1 + 0.5*(0.08 + 0.08)) = 0.54, alpha = (0.5, 0.5).  <-- BEST
#    (ring 2,3: 1.04; a pair across the WAN, e.g. 0,2: 4 routes on the WAN at
#    1 each, C = 2, T = (2/3)*(1 + 0.5*(2 + 1)) = 1.666667.)
#  - q = 3, ring 0,1,2: 4 WAN routes at 1, intra routes (100-2)/2 = 49;
#    C = (1 + 1/49, 1 + 1/49, 2); T = 0.4*(1 + 0.5*(100/49 + 1)) = 1.008163,
#    alpha_2 = 0.004082 >= 0. (ring 0,2,3: 1.255102.)
#  - q = 4, ring 0,1,2,3 (or 0,1,3,2): 2 ring edges cross the WAN, 4 routes
#    at 1 each; intra routes 49; C_i = 1 + 1/49 = 50/49 for all i;
#    T = (1/3)*(1 + 0.5*(2*50/49 + 2*25/49)) = 1/3 + 25/49 = 124/147 = 0.843537,
#    alpha = (1/3, 1/3, 1/6, 1/6). Ring 0,2,1,3 crosses the WAN 4 times:
#    8 routes at 0.5, C = 4, T = 2.333333.
#    Optimal shares for ring 0,1,2,3 (not max-min): the WAN routes from hosts of
#    A get a = 2*sqrt2/(1+sqrt2) = 1.171573, those from B get b = 2/(1+sqrt2)
#    = 0.828427 (a/b = sqrt2 since w_B = 2 w_A), intra routes 49;
#    sum C_i/w_i = (3+2*sqrt2)/2 + 3/49 = 2.975438, T = 0.829240.
#  => best over all rings: q = 2, ring 0,1, T_step/D_w = 0.54.
#  SliceRing model (no sharing, c = 1/bottleneck of the route: 1/100 within a
#  LAN, 1/4 across): q = 1: 1; q = 2 ring 0,1: 0.51; q = 3 ring 0,1,2: 0.554;
#  q = 4 ring 0,1,2,3: C = 0.26 each, T = (1/3)*(1 + 0.5*0.78) = 0.463333 <-- its
#  choice; but the true T of that ring with shared links is 0.843537
#  (max-min) or 0.829240 (optimal shares), worse than SharedRing's 0.54.
graph [
  directed 0
  label "shared4"
  node [ id 0 label "A0" w 1 ]
  node [ id 1 label "A1" w 1 ]
  node [ id 2 label "B0" w 2 ]
  node [ id 3 label "B1" w 2 ]
  node [ id 4 label "RA" ]
  node [ id 5 label "RB" ]
  edge [ source 0 target 4 bandwidth 100 ]
  edge [ source 1 target 4 bandwidth 100 ]
  edge [ source 2 target 5 bandwidth 100 ]
  edge [ source 3 target 5 bandwidth 100 ]
  edge [ source 4 target 5 bandwidth 4 ]
]
