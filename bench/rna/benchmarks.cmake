# End-to-end benchmarks of the rna domain: whole `tropic fold` and `tropic rri` runs as a user
# makes them (process start, CUDA context, reading and writing included). They need a GPU for
# the cuda rows; bench/run_script_benchmark.sh writes their tables to $TROPIC_BENCH_OUT.
set(_rna_bench ${PROJECT_SOURCE_DIR}/bench/rna)
set(_run ${PROJECT_SOURCE_DIR}/bench/run_script_benchmark.sh)
add_test(NAME bench.fold_end_to_end_nussinov CONFIGURATIONS bench
         COMMAND bash ${_run} fold_end_to_end_nussinov
                 ${_rna_bench}/fold_end_to_end.py $<TARGET_FILE:tropic> --backend cuda)
add_test(NAME bench.fold_end_to_end_mfe CONFIGURATIONS bench
         COMMAND bash ${_run} fold_end_to_end_mfe
                 ${_rna_bench}/fold_end_to_end.py $<TARGET_FILE:tropic> --model mfe
                 --backend cuda --repeats 3)
add_test(NAME bench.rri_end_to_end CONFIGURATIONS bench
         COMMAND bash ${_run} rri_end_to_end
                 ${_rna_bench}/rri_end_to_end.py $<TARGET_FILE:tropic> --targets 100)
add_test(NAME bench.ensemble_vs_vienna CONFIGURATIONS bench
         COMMAND bash ${_run} ensemble_vs_vienna
                 ${_rna_bench}/ensemble_vs_vienna.py $<TARGET_FILE:tropic>)
set_tests_properties(bench.fold_end_to_end_nussinov bench.fold_end_to_end_mfe
                     bench.rri_end_to_end bench.ensemble_vs_vienna PROPERTIES LABELS bench RUN_SERIAL ON TIMEOUT 3600)
