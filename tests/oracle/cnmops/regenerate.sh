#!/usr/bin/env bash
# Rebuilds the cn.mops oracle: installs cn.mops (if needed) into a git-ignored library,
# writes the synthetic inputs and BAMs, runs cn.mops and dumps its results.
#   CNMOPS_SRC   cn.mops source tree   (default /work/main/.anchors/cn.mops)
#   CNMOPS_RLIB  R library for cn.mops (default /work/main/.anchors/Rlib)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="${CNMOPS_SRC:-/work/main/.anchors/cn.mops}"
lib="${CNMOPS_RLIB:-/work/main/.anchors/Rlib}"
export CNMOPS_RLIB="$lib"
if ! Rscript -e ".libPaths(c('$lib', .libPaths())); quit(status = !requireNamespace('cn.mops', quietly = TRUE))" >/dev/null 2>&1; then
    mkdir -p "$lib"
    (cd /tmp && R CMD INSTALL -l "$lib" "$src")
fi
out="$here/../../data/cnv/cnmops"
rm -rf "$out"
python3 "$here/make_cohorts.py"
Rscript "$here/run_cnmops.R" | grep -v '^Analyzing: '
