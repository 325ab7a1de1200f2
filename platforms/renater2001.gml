# ringmap platform: renater2001
# Converted by tools/zoo_to_platform.py from the Topology Zoo file Renater2001.gml
# (network Renater, 2001_04; the Zoo's source: http://replay.waybackmachine.org/20050124060409/http://www.renater.fr/Reseau/Renater2/images_R2/CarteRenater2bis.jpg).
# Source: Internet Topology Zoo (Knight, Nguyen, Falkner, Bowden, Roughan,
# "The Internet Topology Zoo", IEEE JSAC 29(9), 2011; DOI 10.25909/30153949).
# Licence: Creative Commons Attribution 4.0 (CC BY 4.0). Changed from the
# original: attributes dropped, cycle-times added, bandwidth converted (below).
# Re-run: python3 tools/zoo_to_platform.py \
#   /work/shared/data/topology-zoo/Renater2001.gml platforms/renater2001.gml
# Nodes: 24, every one a HOST (a Zoo node is a point of presence, taken as
# one compute site); no routers. Ids 0..23 = Zoo ids unchanged; label kept.
# Cycle-times w (s/Mflop): the Zoo has none. W = Legrand et al. 2004 Table 1 (Lyon
# P0..P13) followed by Table 2 (Strasbourg P0..P12), 27 values.
# Pinned by label: node 10 Lyon gets Lyon P0 = 0.0206; node 16 Strasbourg gets Strasbourg P0 = 0.0087.
# Every other node, in increasing id, takes the next unused value of W
# (W without the pinned entries, in order, cycling if exhausted).
# Links: 27 undirected edges in Zoo order; bandwidth = LinkSpeedRaw / 1e6
# (Mb/s); LinkLabel kept. Bandwidths present (Mb/s): 8, 34, 155, 622, 2400.
# Parallel edges (kept as distinct links): 0.
# Connected components: 1.
graph [
  directed 0
  label "renater2001"
  node [ id 0 label "Bordeaux" w 0.0206 ]
  node [ id 1 label "Toulouse" w 0.0206 ]
  node [ id 2 label "Orleans" w 0.0206 ]
  node [ id 3 label "Limoges" w 0.0291 ]
  node [ id 4 label "Dijon" w 0.0206 ]
  node [ id 5 label "Besancon" w 0.0087 ]
  node [ id 6 label "Montpellier" w 0.0206 ]
  node [ id 7 label "Clermont-Ferrand" w 0.0206 ]
  node [ id 8 label "Grenoble" w 0.0206 ]
  node [ id 9 label "Sophia" w 0.0206 ]
  node [ id 10 label "Lyon" w 0.0206 ]
  node [ id 11 label "Paris" w 0.0206 ]
  node [ id 12 label "Corte" w 0.0291 ]
  node [ id 13 label "Marseille" w 0.0451 ]
  node [ id 14 label "Nantes" w 0.0072 ]
  node [ id 15 label "Poiters" w 0.0087 ]
  node [ id 16 label "Strasbourg" w 0.0087 ]
  node [ id 17 label "Nancy" w 0.0131 ]
  node [ id 18 label "Reims" w 0.016 ]
  node [ id 19 label "Compiegne" w 0.0058 ]
  node [ id 20 label "Lille" w 0.0087 ]
  node [ id 21 label "Rouen" w 0.0262 ]
  node [ id 22 label "Caen" w 0.0102 ]
  node [ id 23 label "Rennes" w 0.0131 ]
  edge [ source 0 target 1 bandwidth 34 LinkLabel "34 Mbit/s" ]
  edge [ source 0 target 15 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 1 target 10 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 1 target 6 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 2 target 11 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 3 target 15 bandwidth 34 LinkLabel "34 Mbit/s" ]
  edge [ source 4 target 5 bandwidth 34 LinkLabel "34 Mbit/s" ]
  edge [ source 5 target 16 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 5 target 10 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 6 target 13 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 7 target 10 bandwidth 34 LinkLabel "34 Mbit/s" ]
  edge [ source 8 target 10 bandwidth 622 LinkLabel "622 Mbit/s" ]
  edge [ source 9 target 12 bandwidth 8 LinkLabel "8 Mbit/s" ]
  edge [ source 9 target 13 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 10 target 11 bandwidth 2400 LinkLabel "2.4 Gbit/s" ]
  edge [ source 10 target 13 bandwidth 622 LinkLabel "622 Mbit/s" ]
  edge [ source 11 target 15 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 11 target 17 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 11 target 18 bandwidth 34 LinkLabel "34 Mbit/s" ]
  edge [ source 11 target 19 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 11 target 20 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 11 target 21 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 11 target 23 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 14 target 15 bandwidth 34 LinkLabel "34 Mbit/s" ]
  edge [ source 14 target 23 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 16 target 17 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 21 target 22 bandwidth 155 LinkLabel "155 Mbit/s" ]
]
