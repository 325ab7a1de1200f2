# ringmap test platform: line2 -- 2 hosts joined by one link (hand-solved).
# Written by hand for ringmap (project licence); no external data. Model of
# Legrand et al. 2004 (Legrand/Renard/Robert/Vivien, TPDS 2004), eq. (5).
# Nodes: host 0 (w = 1 s/Mflop), host 1 (w = 2). Link 0: 0--1, bandwidth 10 Mb/s.
# Hand solution, D_c/D_w = 0.01, w_cumul = 1/(1 + 1/2) = 2/3:
#  - q = 1 (host 0 alone): T_step/D_w = 1.
#  - q = 2, ring 0->1->0: successor and predecessor are the same host, reached
#    by two distinct routes, so 4 routes cross link 0 (2 each way).
#    Half duplex, max-min (= optimal here): each route gets 10/4 = 2.5, C_i = 0.8,
#    T_step/D_w = (2/3)*(1 + 0.01*(0.8/1 + 0.8/2)) = 0.674666667, alpha = (2/3, 1/3).
#    Full duplex: 5 per route, C_i = 0.4, T_step/D_w = (2/3)*1.006 = 0.670666667.
#    No sharing: c = 0.1, C_i = 0.2, T_step/D_w = (2/3)*1.003 = 0.668666667.
graph [
  directed 0
  label "line2"
  node [ id 0 label "P0" w 1 ]
  node [ id 1 label "P1" w 2 ]
  edge [ source 0 target 1 bandwidth 10 ]
]
