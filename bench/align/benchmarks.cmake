# Benchmarks of the align domain beyond the drivers: tropic's striped kernels beside parasail's
# (bench/align/parasail_side_by_side.py; it prints SKIPPED without the pip package `parasail`).
# TROPIC_BENCH_PYTHON names the Python that imports parasail (default: the repository's .venv
# when it has one).
set(_align_bench ${PROJECT_SOURCE_DIR}/bench/align)
if(EXISTS ${PROJECT_SOURCE_DIR}/.venv/bin/python)
  set(_bench_python ${PROJECT_SOURCE_DIR}/.venv/bin/python)
else()
  set(_bench_python python3)
endif()
set(TROPIC_BENCH_PYTHON ${_bench_python} CACHE STRING "Python with parasail for the align benchmarks")
add_test(NAME bench.parasail_side_by_side CONFIGURATIONS bench
         COMMAND bash ${PROJECT_SOURCE_DIR}/bench/run_script_benchmark.sh parasail_side_by_side
                 ${_align_bench}/parasail_side_by_side.py $<TARGET_FILE:bench_align_cpu>
                 --python ${TROPIC_BENCH_PYTHON})
set_tests_properties(bench.parasail_side_by_side PROPERTIES LABELS bench RUN_SERIAL ON TIMEOUT 3600)
