# iterapp test platform: overlap3 -- three hosts of w = 1 s/Mflop; P2 sits
# behind slow links (P0--P2 and P1--P2 at 3.07 Mb/s, P0--P1 at 1000 Mb/s),
# so that with 202 rows (D_c = 0.012928 Mb, a column 1.4 ms) P2's two
# messages take ~6 columns' time and P0's and P1's ~3: the overlapping
# stencil hides them behind the interior, the blocking one adds them
# (iterapp/balance_overlap_test.sh). Written by hand for ringmap.
graph [
  directed 0
  label "overlap3"
  node [ id 0 label "P0" w 1 ]
  node [ id 1 label "P1" w 1 ]
  node [ id 2 label "P2" w 1 ]
  edge [ source 0 target 1 bandwidth 1000 ]
  edge [ source 0 target 2 bandwidth 3.07 ]
  edge [ source 1 target 2 bandwidth 3.07 ]
]
