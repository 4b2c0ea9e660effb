#!/usr/bin/env bash
# Runs one end-to-end benchmark script as a CTest test (label `bench`):
#   run_script_benchmark.sh NAME SCRIPT ARGS...
# Its table goes to stdout and to $TROPIC_BENCH_OUT/NAME.txt (default folder: bench-results/).
set -euo pipefail
name=${1:?usage: $0 NAME SCRIPT ARGS...}
shift
out=${TROPIC_BENCH_OUT:-bench-results}
mkdir -p "$out"
python3 "$@" 2>&1 | tee "$out/$name.txt"
