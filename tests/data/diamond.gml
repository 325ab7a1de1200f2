# diamond.gml — test platform for tests/test_topo.c (hand-made).
# Hosts S and T; the shortest path S-A-T has width 5, the widest path
# S-B-C-T has width 40 (three hops).
graph [
  directed 0
  node [ id 10 label "S" w 1 ]
  node [ id 11 label "A" ]
  node [ id 12 label "B" ]
  node [ id 13 label "C" ]
  node [ id 14 label "T" speed 2 ]
  edge [ source 10 target 11 bandwidth 5 ]
  edge [ source 11 target 14 bandwidth 100 ]
  edge [ source 12 target 10 bandwidth 50 latency 0.001 ]
  edge [ source 12 target 13 bandwidth 40 latency 0.002 ]
  edge [ source 13 target 14 bandwidth 60 latency 0.004 ]
]
