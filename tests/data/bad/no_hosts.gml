graph [
  directed 0
  node [ id 0 label "R0" ]
  node [ id 1 label "R1" ]
  edge [ source 0 target 1 bandwidth 10 ]
]
