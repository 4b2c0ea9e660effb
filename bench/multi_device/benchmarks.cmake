# The scaling benchmark over several GPUs: one driver across domains (fold, search, map), so it
# sees the private headers its test support needs (align's search targets) beside the public API.
# Run it as the other drivers: `ctest --test-dir BUILD -C bench -R bench.bench_multi_device`, or
# bench/run_benchmark.sh BUILD/bench/bench_multi_device (table and JSON in $TROPIC_BENCH_OUT).
set(_driver ${PROJECT_SOURCE_DIR}/bench/multi_device/bench_multi_device.cpp)
add_executable(bench_multi_device ${_driver})
set_target_properties(bench_multi_device PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                                                    ${PROJECT_BINARY_DIR}/bench)
get_property(_align_includes GLOBAL PROPERTY TROPIC_align_INCLUDES)
get_property(_map_includes GLOBAL PROPERTY TROPIC_map_INCLUDES)
target_include_directories(bench_multi_device PRIVATE ${_align_includes} ${_map_includes}
                           ${PROJECT_SOURCE_DIR}/bench ${PROJECT_SOURCE_DIR}/tests)
tropic_project_code(bench_multi_device)
target_link_libraries(bench_multi_device PRIVATE tropic_test_support benchmark::benchmark)
add_test(NAME bench.bench_multi_device CONFIGURATIONS bench
         COMMAND bash ${PROJECT_SOURCE_DIR}/bench/run_benchmark.sh
                 $<TARGET_FILE:bench_multi_device>)
set_tests_properties(bench.bench_multi_device PROPERTIES LABELS bench RUN_SERIAL ON TIMEOUT 3600)
