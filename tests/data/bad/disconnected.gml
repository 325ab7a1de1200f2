graph [
  directed 0
  node [ id 0 label "P0" w 1 ]
  node [ id 1 label "P1" w 1 ]
  node [ id 2 label "P2" w 1 ]
  node [ id 3 label "R3" ]
  edge [ source 0 target 3 bandwidth 10 ]
  edge [ source 1 target 3 bandwidth 10 ]
]
