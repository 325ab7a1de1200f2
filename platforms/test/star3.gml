# ringmap test platform: star3 -- 3 hosts around one router (hand-solved).
# Source: docs/sources.md, "Oracles", the hand-solved 3-host star (derived from the
# model of Legrand/Renard/Robert/Vivien, TPDS 2004, sections 2 and 4). Written by
# hand for ringmap (project licence); no external data.
# Nodes: hosts 0, 1 (w = 1 s/Mflop), host 2 (w = 2), router 3.
# Links (Mb/s): 0: 0--3 bandwidth 10; 1: 1--3 bandwidth 10; 2: 2--3 bandwidth 20.
# Hand solution, half duplex (one link shared by both directions), ring 0->1->2,
# D_c/D_w = 0.01: 6 routes (each host to its successor and predecessor); every
# route crosses two host links and each host link carries 4 routes.
#  - Max-min: every route gets 2.5 (links 0 and 1 saturated), c = 0.4,
#    C_i = 0.8 for every host; w_cumul = 1/(1+1+1/2) = 0.4;
#    T_step/D_w = 0.4*(1 + 0.01*(0.8/1 + 0.8/1 + 0.8/2)) = 0.4*(1 + 0.01*2.0) = 0.408;
#    alpha = (0.4, 0.4, 0.2).
#  - Optimal shares (Lagrange): u = 10/(3 + sqrt 2) = 2.26541 for the routes
#    between 0 and 1 and from 2, v = sqrt 2 * u = 3.20377 for the routes from 0
#    or 1 to 2; T_step/D_w = 0.4077941.
#  - Without sharing (each route alone on its path, bottleneck 10): c = 0.1,
#    T_step/D_w = 0.4*(1 + 0.01*0.5) = 0.402.
graph [
  directed 0
  label "star3"
  node [ id 0 label "P0" w 1 ]
  node [ id 1 label "P1" w 1 ]
  node [ id 2 label "P2" w 2 ]
  node [ id 3 label "R3" ]
  edge [ source 0 target 3 bandwidth 10 ]
  edge [ source 1 target 3 bandwidth 10 ]
  edge [ source 2 target 3 bandwidth 20 ]
]
