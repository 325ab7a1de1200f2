# install.cmake — what `cmake --install` puts where (GNU install dirs):
#   include/ringmap.h, include/ringmap/*.h   the public API (one header per module)
#   include/ringmap_mpi.h                    the MPI ring communicator (with MPI)
#   lib/libringmap.so.1 (+ .so), libringmap.a, libringmap_mpi.so.1 (with MPI)
#   bin/ringmap, bin/iterapp, bin/ringmap-measure (with MPI)
#   bin/iterapp_smpi, bin/ringmap-measure_smpi (when built: SimGrid's smpicc
#     found; run by smpirun, docs/simgrid.md)
#   lib/pkgconfig/ringmap.pc, ringmap-mpi.pc (relocatable: paths from ${pcfiledir})
#   lib/cmake/ringmap/ringmapConfig.cmake (+ Version, Targets): targets
#     ringmap::ringmap (shared), ringmap::ringmap_static, ringmap::mpi
#   share/doc/ringmap/: README.md, docs/, examples/ (an outside project)
# Only when ringmap is the top-level project (fuzz/ builds it as a subproject).
if(NOT PROJECT_IS_TOP_LEVEL)
  return()
endif()
include(CMakePackageConfigHelpers)
set(RM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ringmap)
# the prefix seen from lib/pkgconfig (../.. or ../../.. on multiarch libdirs)
file(RELATIVE_PATH RM_PC_UP /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)

install(TARGETS ringmap_shared ringmap_lib EXPORT ringmapTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/ringmap.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ringmap DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
install(TARGETS ringmap RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(RINGMAP_HAVE_MPI 0)
if(TARGET ringmap_mpi)
  set(RINGMAP_HAVE_MPI 1)
  install(TARGETS ringmap_mpi EXPORT ringmapTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(FILES ${PROJECT_SOURCE_DIR}/include/ringmap_mpi.h ${PROJECT_SOURCE_DIR}/include/ringmap_measure.h
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  configure_file(${PROJECT_SOURCE_DIR}/cmake/ringmap-mpi.pc.in ${PROJECT_BINARY_DIR}/ringmap-mpi.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/ringmap-mpi.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
if(TARGET iterapp)
  install(TARGETS iterapp RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET ringmap-measure)
  install(TARGETS ringmap-measure RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
# the SMPI builds (custom targets of smpicc, not CMake executables): their files
if(TARGET iterapp_smpi)
  install(PROGRAMS ${PROJECT_BINARY_DIR}/iterapp/iterapp_smpi DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET ringmap-measure_smpi)
  install(PROGRAMS ${PROJECT_BINARY_DIR}/measure/ringmap-measure_smpi
    DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(EXPORT ringmapTargets NAMESPACE ringmap:: DESTINATION ${RM_CMAKE_DIR}
  FILE ringmapTargets.cmake)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/ringmapConfig.cmake.in
  ${PROJECT_BINARY_DIR}/ringmapConfig.cmake INSTALL_DESTINATION ${RM_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ringmapConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ringmapConfig.cmake ${PROJECT_BINARY_DIR}/ringmapConfigVersion.cmake
  DESTINATION ${RM_CMAKE_DIR})
configure_file(${PROJECT_SOURCE_DIR}/cmake/ringmap.pc.in ${PROJECT_BINARY_DIR}/ringmap.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/ringmap.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
