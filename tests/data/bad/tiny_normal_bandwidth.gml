graph [
  directed 0
  node [ id 0 label "P0" w 1 ]
  node [ id 1 label "P1" w 1 ]
  node [ id 2 label "P2" w 1 ]
  node [ id 3 label "P3" w 1 ]
  edge [ source 0 target 1 bandwidth 1e-200 ]
  edge [ source 1 target 2 bandwidth 1e-200 ]
  edge [ source 2 target 3 bandwidth 1e-200 ]
  edge [ source 3 target 0 bandwidth 1e-200 ]
]
