# dring.gml — test platform for tests/test_topo.c (hand-made).
# Directed ring of three hosts: 0 -> 1 (10), 1 -> 2 (20), 2 -> 0 (30).
graph [
  directed 1
  node [ id 0 label "H0" w 1 ]
  node [ id 1 label "H1" w 1 ]
  node [ id 2 label "H2" w 1 ]
  edge [ source 0 target 1 bandwidth 10 ]
  edge [ source 1 target 2 bandwidth 20 ]
  edge [ source 2 target 0 bandwidth 30 ]
]
