graph [
  directed 0
  node [ id 0 label "P0" w 1 ]
  node [ id 1 label "P1" w 2 ]
  edge [ source 0 target 1 bandwidth 4.9e-324 ]
]
