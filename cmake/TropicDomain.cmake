# tropic_add_domain(<name> [DEPENDS <domain>...] [EXPORTS <folder>...] [SOURCES <file>...])
#
# One call adds a domain (core, semiring, rna, align, cnv):
#   src/<name>/**.cpp                 its CPU code (folders named cuda/ and no_cuda/ excluded)
#   src/<name>/**/cuda/*.cu           its GPU code, in a CUDA build
#   src/<name>/**/no_cuda/*.cpp       what stands in for the GPU code in a build without CUDA
#   tests/<name>/*.cpp                unit and property tests   -> tropic_<name>_tests (label cpu)
#   tests/<name>/gpu/*.cpp            GPU tests, SKIP without a device -> tropic_<name>_gpu_tests
#                                     (label gpu)
#   bench/<name>/*.cpp                benchmark drivers, each a CTest test of label `bench` run
#                                     only by `ctest -C bench -L bench` (bench/run_benchmark.sh)
#   bench/<name>/cuda/<driver>.cu     device code that only that driver launches, compiled into it
#                                     in a CUDA build (the driver itself prints SKIPPED without)
#   bench/<name>/benchmarks.cmake     optional: further `bench` tests (end-to-end scripts)
#
# The domain's objects go into the one library, libtropic (target tropic_lib). Private headers
# stay private: a domain's code sees include/ (the public API), its own src/<name>/ as
# "<name>/...", and of each domain it DEPENDS on only the folders that domain EXPORTS (core's
# cuda/ helpers, semiring's device/ interface) as "<dep>/<folder>/...". The tool's CLI sees only
# include/ and src/cli/. Including another domain's private header therefore fails to compile.
set(TROPIC_PRIVATE_ROOT ${PROJECT_BINARY_DIR}/private)

# Makes ${TROPIC_PRIVATE_ROOT}/<root>/<name> a link to <target>, so that an include path of
# <root> sees exactly that folder under the name <name>.
function(tropic_private_link root name target)
  get_filename_component(parent ${TROPIC_PRIVATE_ROOT}/${root}/${name} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  file(CREATE_LINK ${target} ${TROPIC_PRIVATE_ROOT}/${root}/${name} SYMBOLIC)
endfunction()

function(tropic_add_domain name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;EXPORTS;SOURCES" ${ARGN})
  set(src ${PROJECT_SOURCE_DIR}/src/${name})

  file(GLOB_RECURSE cpu_sources CONFIGURE_DEPENDS ${src}/*.cpp)
  list(FILTER cpu_sources EXCLUDE REGEX "/(cuda|no_cuda)/")
  if(TROPIC_WITH_CUDA)
    file(GLOB_RECURSE backend_sources CONFIGURE_DEPENDS ${src}/*.cu)
  else()
    file(GLOB_RECURSE backend_sources CONFIGURE_DEPENDS ${src}/*.cpp)
    list(FILTER backend_sources INCLUDE REGEX "/no_cuda/")
  endif()

  set(target tropic_${name})
  add_library(${target} OBJECT ${cpu_sources} ${backend_sources} ${ARG_SOURCES})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  tropic_private_link(${name} ${name} ${src})
  foreach(folder ${ARG_EXPORTS})
    tropic_private_link(${name}-exports ${name}/${folder} ${src}/${folder})
  endforeach()
  set(includes ${TROPIC_PRIVATE_ROOT}/${name})
  foreach(dep ${ARG_DEPENDS})
    if(NOT TARGET tropic_${dep})
      message(FATAL_ERROR "tropic_add_domain(${name}): add domain ${dep} first")
    endif()
    list(APPEND includes ${TROPIC_PRIVATE_ROOT}/${dep}-exports)
  endforeach()
  set_property(GLOBAL PROPERTY TROPIC_${name}_INCLUDES ${includes})
  target_include_directories(${target} PRIVATE ${includes})
  tropic_project_code(${target})
  target_link_libraries(${target} PRIVATE tropic_lib_interface)

  set_property(GLOBAL APPEND PROPERTY TROPIC_DOMAINS ${name})
endfunction()

# Compile options of project code (library, CLI, tests, benchmarks).
function(tropic_project_code target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:${TROPIC_CXX_WARNINGS} ${TROPIC_CXX_OPT}>)
  if(TROPIC_WITH_CUDA)
    # CMake 3.25 does not know nvcc 13's C++20 flag, so it is passed directly. nvcc cannot
    # evaluate fmt's consteval format checks: .cu files build messages without fmt. Warning 554
    # (a conversion operator that cannot apply to a const instantiation) is noise from the
    # constrained view conversions in include/tropic/semiring/product.hpp. Per-thread default
    # streams let work from different host threads (e.g. several BPMax pairs) run at once.
    set_property(TARGET ${target} PROPERTY CUDA_STANDARD_REQUIRED OFF)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CUDA>:-std=c++20 -O3 --expt-relaxed-constexpr
        -Xcompiler=-Wall,-Wextra -Werror=all-warnings -diag-suppress=554
        --default-stream=per-thread>)
  endif()
endfunction()

# GoogleTest's header is most of what a test file compiles: each test program precompiles it
# once instead of every file parsing it again.
function(tropic_test_precompiled_headers target)
  target_precompile_headers(${target} PRIVATE <gtest/gtest.h> <string> <vector>)
endfunction()

# The tests of a domain; called once all domains exist, since the tests link the whole library
# and the shared test support.
function(tropic_add_domain_tests name)
  get_property(includes GLOBAL PROPERTY TROPIC_${name}_INCLUDES)
  set(test_dir ${PROJECT_SOURCE_DIR}/tests/${name})
  file(GLOB cpu_tests CONFIGURE_DEPENDS ${test_dir}/*.cpp)
  if(cpu_tests)
    add_executable(tropic_${name}_tests ${cpu_tests})
    target_include_directories(tropic_${name}_tests PRIVATE ${includes} ${PROJECT_SOURCE_DIR}/tests)
    target_compile_options(tropic_${name}_tests PRIVATE ${TROPIC_CXX_WARNINGS}
                           ${TROPIC_TEST_CXX_OPT})
    target_link_libraries(tropic_${name}_tests PRIVATE tropic_test_support GTest::gtest_main)
    tropic_test_precompiled_headers(tropic_${name}_tests)
    gtest_discover_tests(tropic_${name}_tests DISCOVERY_TIMEOUT 60 PROPERTIES LABELS cpu)
  endif()
  file(GLOB gpu_tests CONFIGURE_DEPENDS ${test_dir}/gpu/*.cpp)
  if(gpu_tests)
    add_executable(tropic_${name}_gpu_tests ${gpu_tests})
    target_include_directories(tropic_${name}_gpu_tests PRIVATE ${includes}
                               ${PROJECT_SOURCE_DIR}/tests)
    target_compile_options(tropic_${name}_gpu_tests PRIVATE ${TROPIC_CXX_WARNINGS}
                           ${TROPIC_TEST_CXX_OPT})
    target_link_libraries(tropic_${name}_gpu_tests PRIVATE tropic_test_support GTest::gtest_main)
    tropic_test_precompiled_headers(tropic_${name}_gpu_tests)
    gtest_discover_tests(tropic_${name}_gpu_tests DISCOVERY_TIMEOUT 60 PROPERTIES LABELS gpu)
  endif()
endfunction()

# Benchmark drivers of a domain. A driver may name the subset that `TROPIC_BENCH_QUICK=1` runs in
# a line of its own source: `// bench-quick-filter: REGEX` (a --benchmark_filter).
function(tropic_add_domain_benchmarks name)
  get_property(includes GLOBAL PROPERTY TROPIC_${name}_INCLUDES)
  file(GLOB drivers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/bench/${name}/*.cpp)
  foreach(source ${drivers})
    get_filename_component(driver ${source} NAME_WE)
    set(device_source ${PROJECT_SOURCE_DIR}/bench/${name}/cuda/${driver}.cu)
    if(TROPIC_WITH_CUDA AND EXISTS ${device_source})
      add_executable(${driver} ${source} ${device_source})
    else()
      add_executable(${driver} ${source})
    endif()
    set_target_properties(${driver} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
    target_include_directories(${driver} PRIVATE ${includes} ${PROJECT_SOURCE_DIR}/bench
                               ${PROJECT_SOURCE_DIR}/tests)
    tropic_project_code(${driver})
    target_link_libraries(${driver} PRIVATE tropic_test_support benchmark::benchmark)
    file(STRINGS ${source} quick REGEX "^// bench-quick-filter: ")
    string(REPLACE "// bench-quick-filter: " "" quick "${quick}")
    add_test(NAME bench.${driver} CONFIGURATIONS bench
             COMMAND bash ${PROJECT_SOURCE_DIR}/bench/run_benchmark.sh $<TARGET_FILE:${driver}>
                     "${quick}")
    set_tests_properties(bench.${driver} PROPERTIES LABELS bench RUN_SERIAL ON TIMEOUT 3600)
  endforeach()
  if(EXISTS ${PROJECT_SOURCE_DIR}/bench/${name}/benchmarks.cmake)
    include(${PROJECT_SOURCE_DIR}/bench/${name}/benchmarks.cmake)
  endif()
endfunction()
