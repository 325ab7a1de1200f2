# bench_overlap (iterapp/README.md, "Overlapping mode"): the additive and the
# overlap mappings (ringmap --overlap=F, F the boundary fraction of iterapp's
# stencil) run by the overlapping iterapp under SimGrid SMPI (CM02) on ten
# platforms of bench/platforms/ (SimGrid-style clusters, exported Topology
# Zoo networks) at two message sizes: simulated vs predicted T_step, and the
# overlap mapping against the additive one. `cmake --build BUILD --target
# bench_overlap_run` (minutes); bench_overlap_smoke (ctest) is two small
# platforms at one size and skips (77) without smpirun or ringmap --overlap.
if(TARGET iterapp_smpi)
  find_package(Python3 COMPONENTS Interpreter)
  if(Python3_Interpreter_FOUND)
    add_custom_target(bench_overlap_run
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/bench_overlap.py
              $<TARGET_FILE:ringmap> ${CMAKE_BINARY_DIR}/iterapp/iterapp_smpi
              --markdown ${CMAKE_BINARY_DIR}/bench_overlap.md
      DEPENDS ringmap iterapp_smpi USES_TERMINAL)
    add_test(NAME bench_overlap_smoke
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/bench_overlap.py
              $<TARGET_FILE:ringmap> ${CMAKE_BINARY_DIR}/iterapp/iterapp_smpi --smoke)
    set_tests_properties(bench_overlap_smoke PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77)
  endif()
endif()
