graph [
  directed 0
  node [ id 0 label "P0" w 1 ]
  node [ id 1 label "P1" w 2 ]
  node [ id 2 label "P2" w 3 ]
  edge [ source 0 target 1 bandwidth 1e-310 ]
  edge [ source 1 target 2 bandwidth 10 ]
  edge [ source 0 target 2 bandwidth 10 ]
]
