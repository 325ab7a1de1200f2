# parallel.gml — test platform for tests/test_topo.c (hand-made).
# Two hosts joined by three parallel links of 10, 25 and 5 Mb/s.
graph [
  directed 0
  node [ id 0 label "P" w 0.5 ]
  node [ id 1 label "Q" w 0.25 ]
  edge [ source 0 target 1 bandwidth 10 ]
  edge [ source 1 target 0 bandwidth 25 ]
  edge [ source 0 target 1 bandwidth 5 ]
]
