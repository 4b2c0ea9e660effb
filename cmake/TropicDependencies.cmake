# Third-party libraries, all from Debian packages (see scripts/setup).
# On the GPU host, htslib comes from .deps/root/usr (scripts/gpu-deps) via CMAKE_PREFIX_PATH.
set(THREADS_PREFER_PTHREAD_FLAG ON)
find_package(Threads REQUIRED)
find_package(fmt REQUIRED)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json REQUIRED)

find_path(HTSLIB_INCLUDE_DIR htslib/hts.h REQUIRED)
find_library(HTSLIB_LIBRARY NAMES hts REQUIRED)
add_library(tropic::htslib UNKNOWN IMPORTED)
set_target_properties(tropic::htslib PROPERTIES
  IMPORTED_LOCATION "${HTSLIB_LIBRARY}"
  INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${HTSLIB_INCLUDE_DIR}"
  INTERFACE_INCLUDE_DIRECTORIES "${HTSLIB_INCLUDE_DIR}")
get_filename_component(HTSLIB_LIBRARY_DIR "${HTSLIB_LIBRARY}" DIRECTORY)
# Binaries find a privately unpacked htslib (GPU host) without LD_LIBRARY_PATH.
set(CMAKE_BUILD_RPATH "${HTSLIB_LIBRARY_DIR}")
message(STATUS "tropic: htslib ${HTSLIB_LIBRARY}")
# zlib, which htslib itself needs: align's sequence databases checksum their sections with its
# crc32. Linked with htslib, so that every program that links libtropic links it too.
find_package(ZLIB REQUIRED)
set_property(TARGET tropic::htslib APPEND PROPERTY INTERFACE_LINK_LIBRARIES ZLIB::ZLIB)

# R's standalone math library (Debian r-mathlib): cn.mops' segmentation ranks breakpoints by
# Student t tail probabilities and its normalisation smooths with R's density(); using R's own
# pt() and dnorm() gives the values cn.mops computes, not merely close ones.
find_path(RMATH_INCLUDE_DIR Rmath.h REQUIRED)
find_library(RMATH_LIBRARY NAMES Rmath REQUIRED)
add_library(tropic::rmath UNKNOWN IMPORTED)
set_target_properties(tropic::rmath PROPERTIES
  IMPORTED_LOCATION "${RMATH_LIBRARY}"
  INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${RMATH_INCLUDE_DIR}"
  INTERFACE_INCLUDE_DIRECTORIES "${RMATH_INCLUDE_DIR}")
get_filename_component(RMATH_LIBRARY_DIR "${RMATH_LIBRARY}" DIRECTORY)
list(APPEND CMAKE_BUILD_RPATH "${RMATH_LIBRARY_DIR}")
message(STATUS "tropic: Rmath ${RMATH_LIBRARY}")

if(TROPIC_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
if(TROPIC_BUILD_BENCH)
  find_package(benchmark REQUIRED)
endif()

# cairo draws the PNG pictures (cnv plots, rna pictures: src/core/draw/). Optional: without it,
# tropic writes SVG only and `--png` says so (the GPU host has no cairo).
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(CAIRO QUIET IMPORTED_TARGET cairo)
endif()
if(CAIRO_FOUND)
  set(TROPIC_WITH_CAIRO ON)
  message(STATUS "tropic: cairo ${CAIRO_VERSION}: pictures in SVG and PNG")
else()
  set(TROPIC_WITH_CAIRO OFF)
  message(STATUS "tropic: cairo not found: pictures in SVG only (libcairo2-dev adds PNG)")
endif()
