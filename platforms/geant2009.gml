# ringmap platform: geant2009
# Converted by tools/zoo_to_platform.py from the Topology Zoo file Geant2009.gml
# (network GEANT, 2009_02; the Zoo's source: http://www.geant2.net/upload/pdf/GN2_Topology_Feb_09.pdf).
# Source: Internet Topology Zoo (Knight, Nguyen, Falkner, Bowden, Roughan,
# "The Internet Topology Zoo", IEEE JSAC 29(9), 2011; DOI 10.25909/30153949).
# Licence: Creative Commons Attribution 4.0 (CC BY 4.0). Changed from the
# original: attributes dropped, cycle-times added, bandwidth converted (below).
# Re-run: python3 tools/zoo_to_platform.py \
#   /work/shared/data/topology-zoo/Geant2009.gml platforms/geant2009.gml
# Nodes: 34, every one a HOST (a Zoo node is a point of presence, taken as
# one compute site); no routers. Ids 0..33 = Zoo ids unchanged; label kept.
# Cycle-times w (s/Mflop): the Zoo has none. W = Legrand et al. 2004 Table 1 (Lyon
# P0..P13) followed by Table 2 (Strasbourg P0..P12), 27 values.
# No node is labelled Lyon or Strasbourg: node k gets W[k mod 27].
# Links: 52 undirected edges in Zoo order; bandwidth = LinkSpeedRaw / 1e6
# (Mb/s); LinkLabel kept. Bandwidths present (Mb/s): 45, 155, 310, 2500, 10000.
# Parallel edges (kept as distinct links): 0.
# Connected components: 1.
graph [
  directed 0
  label "geant2009"
  node [ id 0 label "NL" w 0.0206 ]
  node [ id 1 label "BE" w 0.0206 ]
  node [ id 2 label "DK" w 0.0206 ]
  node [ id 3 label "PL" w 0.0206 ]
  node [ id 4 label "DE" w 0.0291 ]
  node [ id 5 label "CZ" w 0.0206 ]
  node [ id 6 label "LU" w 0.0087 ]
  node [ id 7 label "FR" w 0.0206 ]
  node [ id 8 label "CH" w 0.0206 ]
  node [ id 9 label "IT" w 0.0206 ]
  node [ id 10 label "GR" w 0.0206 ]
  node [ id 11 label "CY" w 0.0206 ]
  node [ id 12 label "IL" w 0.0291 ]
  node [ id 13 label "MT" w 0.0451 ]
  node [ id 14 label "TR" w 0.0087 ]
  node [ id 15 label "RO" w 0.0072 ]
  node [ id 16 label "HU" w 0.0087 ]
  node [ id 17 label "SK" w 0.0131 ]
  node [ id 18 label "PT" w 0.016 ]
  node [ id 19 label "ES" w 0.0058 ]
  node [ id 20 label "BG" w 0.0087 ]
  node [ id 21 label "HR" w 0.0262 ]
  node [ id 22 label "SL" w 0.0102 ]
  node [ id 23 label "AT" w 0.0131 ]
  node [ id 24 label "LT" w 0.0072 ]
  node [ id 25 label "RU" w 0.0058 ]
  node [ id 26 label "IS" w 0.0072 ]
  node [ id 27 label "IE" w 0.0206 ]
  node [ id 28 label "UK" w 0.0206 ]
  node [ id 29 label "NO" w 0.0206 ]
  node [ id 30 label "SE" w 0.0206 ]
  node [ id 31 label "FI" w 0.0291 ]
  node [ id 32 label "EE" w 0.0206 ]
  node [ id 33 label "LV" w 0.0087 ]
  edge [ source 0 target 1 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 0 target 2 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 0 target 4 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 0 target 13 bandwidth 45 LinkLabel "34/45 Mbit/s" ]
  edge [ source 1 target 28 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 2 target 32 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 2 target 4 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 2 target 25 bandwidth 2500 LinkLabel "2.5 Gbit/s" ]
  edge [ source 2 target 26 bandwidth 310 LinkLabel "310 Mbps" ]
  edge [ source 2 target 29 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 2 target 30 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 3 target 24 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 3 target 4 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 3 target 5 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 4 target 5 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 4 target 6 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 4 target 8 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 4 target 12 bandwidth 2500 LinkLabel "2.5 Gbit/s" ]
  edge [ source 4 target 23 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 4 target 25 bandwidth 2500 LinkLabel "2.5 Gbit/s" ]
  edge [ source 5 target 17 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 6 target 7 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 7 target 8 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 7 target 19 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 7 target 28 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 8 target 9 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 8 target 19 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 9 target 10 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 9 target 11 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 9 target 13 bandwidth 45 LinkLabel "34/45 Mbit/s" ]
  edge [ source 9 target 19 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 9 target 23 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 10 target 11 bandwidth 155 LinkLabel "155 Mbit/s" ]
  edge [ source 10 target 20 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 10 target 23 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 14 target 20 bandwidth 2500 LinkLabel "2.5 Gbit/s" ]
  edge [ source 14 target 15 bandwidth 2500 LinkLabel "2.5 Gbit/s" ]
  edge [ source 15 target 16 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 15 target 20 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 16 target 17 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 16 target 20 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 16 target 21 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 17 target 23 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 18 target 19 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 18 target 28 bandwidth 2500 LinkLabel "2.5 Gbit/s" ]
  edge [ source 21 target 22 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 22 target 23 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 24 target 33 bandwidth 10000 LinkLabel "10 Gbps" ]
  edge [ source 27 target 28 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 29 target 30 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 30 target 31 bandwidth 10000 LinkLabel "Lit Fibre (10 Gbps)" ]
  edge [ source 32 target 33 bandwidth 10000 LinkLabel "10 Gbps" ]
]
