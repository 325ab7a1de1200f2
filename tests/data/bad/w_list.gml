graph [
  directed 0
  node [ id 0 label "P0" w 1 ]
  node [ id 1 label "P1" w [ x 1 ] ]
  node [ id 2 label "R" ]
  edge [ source 0 target 2 bandwidth 10 ]
  edge [ source 1 target 2 bandwidth 10 ]
]
