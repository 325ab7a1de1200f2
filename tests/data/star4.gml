# star4.gml — test platform for tests/test_topo.c (hand-made).
# A router R in the middle, three hosts A, B, C; widest paths are the
# smaller of the two host links: A-B 10, A-C 10, B-C 20.
graph [
  directed 0
  node [ id 0 label "R" ]
  node [ id 1 label "A" w 1 ]
  node [ id 2 label "B" w 2 ]
  node [ id 3 label "C" speed 0.25 ]
  edge [ source 1 target 0 bandwidth 10 ]
  edge [ source 2 target 0 bandwidth 20 latency 0.5 ]
  edge [ source 0 target 3 bandwidth 30 backbone 1 ]
]
