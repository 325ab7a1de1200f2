# bench_stop (docs/scale.md, "Stopping bounds"): the heuristic --stop-patience N against the
# default growth (provable stops: the --full-curve mapping), same run: how
# often and by how much it loses, and the CPU time it saves.
# `cmake --build BUILD --target bench_stop_run` prints the table (with the
# 1,000- and 3,000-host rows: minutes); bench_stop_smoke (ctest) is a quick run.
add_executable(bench_stop bench_stop.c)
target_include_directories(bench_stop PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_options(bench_stop PRIVATE ${RM_WARN})
target_compile_definitions(bench_stop PRIVATE RM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
target_link_libraries(bench_stop PRIVATE ringmap_lib)
add_custom_target(bench_stop_run
  COMMAND bench_stop --large --csv ${CMAKE_BINARY_DIR}/bench_stop.csv
  DEPENDS bench_stop USES_TERMINAL)
add_test(NAME bench_stop_smoke COMMAND bench_stop --quick)
set_tests_properties(bench_stop_smoke PROPERTIES TIMEOUT 60 FAIL_REGULAR_EXPRESSION "FAIL")
