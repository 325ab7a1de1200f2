# bench_balance (docs/balance.md): T_step of iterapp's --balance static|dfpa|dynamic
# on a memory cliff and on a load change, Open MPI (4 and 8 processes,
# emulated hosts) and SimGrid SMPI (the load change as a host speed trace),
# ratios vs static in the same run, DFPA iterations and their share of the
# run; a markdown table. Included from bench/CMakeLists.txt.
# `cmake --build BUILD --target bench_balance_run` (~70 s, 24 runs);
# bench_balance_smoke (ctest): --quick (4 processes, short runs), checks only
# that every run succeeds and the table is complete.
if(TARGET iterapp)
  if(TARGET iterapp_smpi)
    set(RM_BAL_SMPI ${CMAKE_BINARY_DIR}/iterapp/iterapp_smpi)
    set(RM_BAL_DEPS iterapp iterapp_smpi)
  else()
    set(RM_BAL_SMPI -)
    set(RM_BAL_DEPS iterapp)
  endif()
  add_custom_target(bench_balance_run
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/bench_balance.sh $<TARGET_FILE:iterapp> ${RM_BAL_SMPI}
            ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/bench_balance
    DEPENDS ${RM_BAL_DEPS} USES_TERMINAL)
  add_test(NAME bench_balance_smoke
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/bench_balance.sh $<TARGET_FILE:iterapp> ${RM_BAL_SMPI}
            ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/bench_balance_smoke --quick)
  set_tests_properties(bench_balance_smoke PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77
    FAIL_REGULAR_EXPRESSION "FAIL")
endif()
