graph [
  directed 0
  node [ id 99999999999999999999999 label "P0" w 1 ]
  node [ id 1 label "P1" w 2 ]
  edge [ source 99999999999999999999999 target 1 bandwidth 10 ]
]
