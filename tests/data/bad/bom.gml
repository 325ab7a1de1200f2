# sample.gml — a small platform of the format "gml" (tests/test_formats.c,
# tests/cli/formats.sh): router R, hosts A, B, C in a star.
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
