# bench_fidelity (docs/fidelity.md): the default mapping and the other option
# sets judged by SimGrid SMPI on the platforms of bench/platforms/ (and the
# tests' cluster_shared_backbone.xml) at D_c/D_w 0.064 and 0.0064, under CM02
# and SMPI's default network model: predicted vs simulated T_step, and the
# default against the fastest run. `cmake --build BUILD --target
# bench_fidelity_run` (minutes; one smpirun at a time); bench_fidelity_smoke
# (ctest) is one platform, one ratio, CM02, and skips (77) without smpirun.
if(TARGET iterapp_smpi)
  find_package(Python3 COMPONENTS Interpreter)
  if(Python3_Interpreter_FOUND)
    add_custom_target(bench_fidelity_run
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/bench_fidelity.py
              $<TARGET_FILE:ringmap> ${CMAKE_BINARY_DIR}/iterapp/iterapp_smpi
              --csv ${CMAKE_BINARY_DIR}/bench_fidelity.csv --markdown ${CMAKE_BINARY_DIR}/bench_fidelity.md
      DEPENDS ringmap iterapp_smpi USES_TERMINAL)
    add_test(NAME bench_fidelity_smoke
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/bench_fidelity.py
              $<TARGET_FILE:ringmap> ${CMAKE_BINARY_DIR}/iterapp/iterapp_smpi --smoke)
    set_tests_properties(bench_fidelity_smoke PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77)
  endif()
endif()
