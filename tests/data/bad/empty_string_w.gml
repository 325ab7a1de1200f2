# w "" : igraph stores an empty string as it stores an absent value (host b became a router)
graph [
  directed 0
  node [ id 0 label "a" w 1 ]
  node [ id 1 label "b" w "" ]
  node [ id 2 label "c" w 2 ]
  edge [ source 0 target 1 bandwidth 10 ]
  edge [ source 1 target 2 bandwidth 10 ]
]
