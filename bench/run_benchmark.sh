#!/usr/bin/env bash
# Runs one benchmark driver as a CTest test (label `bench`: `ctest -C bench -L bench`):
#   run_benchmark.sh DRIVER [QUICK_FILTER]
# The table goes to stdout and to $TROPIC_BENCH_OUT/NAME.txt, every repetition to NAME.json
# (default folder: bench-results/ in the current directory). With TROPIC_BENCH_QUICK=1 only the
# driver's quick subset runs (its `// bench-quick-filter:` line); TROPIC_BENCH_ARGS adds flags.
set -euo pipefail
driver=${1:?usage: $0 DRIVER [QUICK_FILTER]}
quick=${2:-}
name=$(basename "$driver")
out=${TROPIC_BENCH_OUT:-bench-results}
mkdir -p "$out"
args=(--benchmark_out="$out/$name.json" --benchmark_out_format=json)
if [ -n "${TROPIC_BENCH_QUICK:-}" ] && [ -n "$quick" ]; then
  args+=(--benchmark_filter="$quick")
fi
# shellcheck disable=SC2206  # extra flags are split on purpose
args+=(${TROPIC_BENCH_ARGS:-})
"$driver" "${args[@]}" 2>&1 | tee "$out/$name.txt"
