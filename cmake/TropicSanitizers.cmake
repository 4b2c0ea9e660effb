# Sanitizer and fuzzing builds (docs/reliability.md). Included by the top-level CMakeLists.txt
# before any target is defined, so that the flags reach the library, the tool and the tests alike.
#
#   TROPIC_SANITIZE=address,undefined   every target built with those sanitizers; the first finding
#                                       stops the program
#   TROPIC_FUZZ=ON                      clang only: besides everything else, the libFuzzer
#                                       programs of tests/fuzz, with all project code built
#                                       -fsanitize=fuzzer-no-link,address,undefined
#   TROPIC_SANITIZE_OPT                 the optimization of all project code in such a build
#                                       (default -O1), with line tables for the reports' stacks
#
# scripts/test --sanitize and scripts/fuzz share one such build, build-sanitize/ (clang-14,
# TROPIC_FUZZ=ON): the GoogleTest programs and the tool link normally, the fuzz programs with
# -fsanitize=fuzzer; the objects, the library's included, are the same for both.
# Both are CPU-only builds: CUDA code is never instrumented.
set(TROPIC_SANITIZE "" CACHE STRING
    "Sanitizers for all code, as for -fsanitize= (e.g. address,undefined); empty: none")
option(TROPIC_FUZZ "Build the libFuzzer targets of tests/fuzz as well (clang only)" OFF)
set(TROPIC_SANITIZE_OPT -O1 CACHE STRING
    "Optimization of project code in a sanitizer or fuzz build (library, tool and tests alike)")

if(TROPIC_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "TROPIC_FUZZ=ON needs clang for libFuzzer (scripts/fuzz uses clang++-14)")
  endif()
  if(NOT TROPIC_BUILD_TESTS)
    message(FATAL_ERROR "TROPIC_FUZZ=ON needs TROPIC_BUILD_TESTS=ON (the targets are in tests/fuzz)")
  endif()
  if(NOT TROPIC_SANITIZE)
    set(TROPIC_SANITIZE address,undefined)
  endif()
  # Coverage feedback for libFuzzer; the fuzz targets themselves link with -fsanitize=fuzzer.
  # clang warns that the semiring kernels' vector-extension types would pass differently with
  # AVX; they never cross a boundary between code built with other flags, so that is noise here.
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link>
                      $<$<COMPILE_LANGUAGE:CXX>:-Wno-psabi>)
endif()

if(TROPIC_SANITIZE)
  if(TROPIC_WITH_CUDA)
    message(FATAL_ERROR "TROPIC_SANITIZE and TROPIC_FUZZ are CPU-only builds: add -DTROPIC_CUDA=OFF")
  endif()
  # No recovery: the first report fails the test. Frame pointers keep the reports' stacks whole;
  # line tables alone (no variables, no types) give them file and line at a fraction of -g's
  # compile time. TROPIC_SANITIZE_OPT replaces -O3 and -O2 (CMakeLists.txt).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(tropic_sanitize_debug -gline-tables-only)
  else()
    set(tropic_sanitize_debug -g1)
  endif()
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${TROPIC_SANITIZE}>
                      $<$<COMPILE_LANGUAGE:CXX>:-fno-sanitize-recover=all>
                      $<$<COMPILE_LANGUAGE:CXX>:-fno-omit-frame-pointer>
                      $<$<COMPILE_LANGUAGE:CXX>:${tropic_sanitize_debug}>)
  add_link_options(-fsanitize=${TROPIC_SANITIZE})
  message(STATUS "tropic: sanitizers ${TROPIC_SANITIZE}")
endif()
