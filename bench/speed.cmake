# bench_speed: mapping time and peak RSS of H1 and H2 against the number of
# hosts. Included from bench/CMakeLists.txt.
# `cmake --build BUILD --target bench_speed_run` generates Tiers-like
# platforms of ~100, 300, 1,000 and 3,000 hosts into BUILD/bench_speed/
# (not committed), runs every variant on the shipped platforms and on them,
# prints the table and fitted exponents and writes BUILD/bench_speed.csv.
# bench_speed_smoke (ctest) is a reduced run (< 60 s) that also checks the
# fast code paths against the pre-issue-6 ones (--reference).
add_executable(bench_speed ${CMAKE_CURRENT_LIST_DIR}/bench_speed.c)
target_include_directories(bench_speed PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_options(bench_speed PRIVATE ${RM_WARN})
target_link_libraries(bench_speed PRIVATE ringmap_lib)
set(RM_SPEED_DIR ${CMAKE_BINARY_DIR}/bench_speed)
set(RM_GEN $<TARGET_FILE:ringmap> generate tiers --man-nodes 6 --lan-nodes 30 --hosts-fraction 0.3 --seed 1)
add_custom_target(bench_speed_run
  COMMAND ${CMAKE_COMMAND} -E make_directory ${RM_SPEED_DIR}
  COMMAND ${RM_GEN} --wan 3 --man 4 --lan 11 --wan-extra 1 --man-extra 2 -o ${RM_SPEED_DIR}/tiers_100.gml
  COMMAND ${RM_GEN} --wan 4 --man 8 --lan 33 --wan-extra 2 --man-extra 2 -o ${RM_SPEED_DIR}/tiers_300.gml
  COMMAND ${RM_GEN} --wan 12 --man 40 --lan 333 --wan-extra 6 --man-extra 2 -o ${RM_SPEED_DIR}/tiers_3000.gml
  COMMAND bench_speed --max-seconds 600 --csv ${CMAKE_BINARY_DIR}/bench_speed.csv
          ${PROJECT_SOURCE_DIR}/platforms/renater2001.gml ${PROJECT_SOURCE_DIR}/platforms/geant2009.gml
          ${PROJECT_SOURCE_DIR}/platforms/medium_tiers.gml ${PROJECT_SOURCE_DIR}/platforms/generated/tiers_fig3.gml
          ${PROJECT_SOURCE_DIR}/platforms/generated/tiers_fig4.gml ${RM_SPEED_DIR}/tiers_100.gml
          ${RM_SPEED_DIR}/tiers_300.gml ${PROJECT_SOURCE_DIR}/platforms/generated/tiers_1000.gml
          ${RM_SPEED_DIR}/tiers_3000.gml
  DEPENDS bench_speed ringmap USES_TERMINAL)
add_test(NAME bench_speed_smoke COMMAND bench_speed --reference --max-seconds 50
         ${PROJECT_SOURCE_DIR}/platforms/medium_tiers.gml ${PROJECT_SOURCE_DIR}/platforms/generated/tiers_fig3.gml
         ${PROJECT_SOURCE_DIR}/platforms/generated/tiers_fig4.gml)
set_tests_properties(bench_speed_smoke PROPERTIES TIMEOUT 60 FAIL_REGULAR_EXPRESSION "  NO\n|FAILED")
