# bench_quality: greedy SliceRing / SharedRing against the exact baselines of
# heur/exact.c on random small platforms. Included from
# bench/CMakeLists.txt. `cmake --build BUILD --target bench_quality_run`
# runs the full benchmark (200 platforms x 4 ratios, exact solver timings)
# and writes bench_quality.csv in the build directory.
add_executable(bench_quality ${CMAKE_CURRENT_LIST_DIR}/bench_quality.c)
target_include_directories(bench_quality PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_options(bench_quality PRIVATE ${RM_WARN})
target_link_libraries(bench_quality PRIVATE ringmap_lib)
target_compile_definitions(bench_quality PRIVATE RM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_custom_target(bench_quality_run
  COMMAND bench_quality --platforms 200 --timing --csv ${CMAKE_BINARY_DIR}/bench_quality.csv
  DEPENDS bench_quality USES_TERMINAL)
add_test(NAME bench_quality_smoke COMMAND bench_quality --platforms 12 --max-hosts 6)
# --improve (docs/improve.md): `cmake --build BUILD --target bench_quality_improve` runs
# 200 platforms with the local search and the shipped platforms' table.
add_custom_target(bench_quality_improve
  COMMAND bench_quality --platforms 200 --improve --shipped
  DEPENDS bench_quality USES_TERMINAL)
# the local search's own checks (never worse than the heuristic, invariants): exit 1
add_test(NAME bench_quality_improve_smoke COMMAND bench_quality --platforms 12 --max-hosts 6 --improve)
set_tests_properties(bench_quality_improve_smoke PROPERTIES TIMEOUT 60)
set_tests_properties(bench_quality_smoke PROPERTIES TIMEOUT 60)
# --route-ties (better rings): `cmake --build BUILD --target
# bench_quality_route_ties` prints the tie rules' table (docs/route-ties.md).
add_custom_target(bench_quality_route_ties
  COMMAND bench_quality --route-ties --platforms 200 --zoo-draws 20
  DEPENDS bench_quality USES_TERMINAL)
add_test(NAME bench_quality_route_ties_smoke COMMAND bench_quality --route-ties --platforms 4 --zoo-draws 1)
set_tests_properties(bench_quality_route_ties_smoke PROPERTIES TIMEOUT 120)
# --pipeline (docs/improve.md): the default pipeline against each single option;
# `cmake --build BUILD --target bench_quality_pipeline` runs 200 platforms.
add_custom_target(bench_quality_pipeline
  COMMAND bench_quality --pipeline --platforms 200
  DEPENDS bench_quality USES_TERMINAL)
add_test(NAME bench_quality_pipeline_smoke COMMAND bench_quality --pipeline --platforms 4 --max-hosts 6)
set_tests_properties(bench_quality_pipeline_smoke PROPERTIES TIMEOUT 300)
# --overlap (docs/model.md, "The overlap model"): `cmake --build BUILD --target
# bench_quality_overlap` maps 200 platforms under the overlap model (boundary
# fraction 0 and 0.2) against the exhaustive SharedRing under it.
add_custom_target(bench_quality_overlap
  COMMAND bench_quality --overlap 0 --platforms 200
  COMMAND bench_quality --overlap 0.2 --platforms 200
  DEPENDS bench_quality USES_TERMINAL)
add_test(NAME bench_quality_overlap_smoke COMMAND bench_quality --overlap 0.2 --platforms 4 --max-hosts 6)
set_tests_properties(bench_quality_overlap_smoke PROPERTIES TIMEOUT 120)
