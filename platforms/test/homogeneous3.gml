# ringmap test platform: homogeneous3 -- Proposition 1 of Legrand et al. 2004 (hand-solved).
# Source: Legrand/Renard/Robert/Vivien, TPDS 2004, §3.2, Proposition 1
# (docs/sources.md, "Oracles"). Written by hand for
# ringmap (project licence); no external data.
# Nodes: hosts 0, 1, 2 with w = 1, 2, 4 s/Mflop; no router.
# Links (Mb/s): a triangle of direct links, 0: 0--1, 1: 0--2, 2: 1--2, all
# bandwidth 1, so c_{i,j} = 1 for every pair (one-hop routes).
# Hand solution (Proposition 1, no link sharing / complete-graph model):
# optimum = min(D_w*w_min, D_w*w_cumul + 2*D_c*c), w_cumul = 1/(1+1/2+1/4) = 4/7.
#  - D_w = 1, D_c = 0.01: min(1, 4/7 + 0.02) = 0.591428571..., all three hosts,
#    alpha = (4/7, 2/7, 1/7).
#  - D_w = 1, D_c = 0.3: min(1, 4/7 + 0.6 = 1.1714) = 1: host 0 alone.
#  - (two hosts 0,1 for reference: (2/3)*(1 + 0.01*2*1.5) = 0.686667 at D_c = 0.01)
# With link sharing (half duplex: a link carries both directions of its ring
# edge, 2 routes of share 0.5, so c = 2 on the 3-ring): T_step/D_w =
# 4/7 + 2*0.01*2 = 0.611428571 at D_c/D_w = 0.01 (alpha unchanged); full duplex
# gives back c = 1 and 0.591428571.
graph [
  directed 0
  label "homogeneous3"
  node [ id 0 label "P0" w 1 ]
  node [ id 1 label "P1" w 2 ]
  node [ id 2 label "P2" w 4 ]
  edge [ source 0 target 1 bandwidth 1 ]
  edge [ source 0 target 2 bandwidth 1 ]
  edge [ source 1 target 2 bandwidth 1 ]
]
