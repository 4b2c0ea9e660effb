#!/usr/bin/env bash
# CTest entry of the ViennaRNA oracles: runs vienna_oracle.py (or the oracle script named by
# --script NAME.py, e.g. vienna_ensemble_oracle.py) with the project's virtualenv (.venv, made
# by scripts/setup) when it exists, else with python3. Exit 77 (SKIP) when the ViennaRNA
# package cannot be imported.
#   bash run_vienna_oracle.sh <path-to-tropic> <repo-root> [--script NAME.py] [oracle options]
set -euo pipefail
tropic=${1:?usage: $0 <path-to-tropic> <repo-root>}
repo=${2:?usage: $0 <path-to-tropic> <repo-root>}
shift 2
script=vienna_oracle.py
if [ "${1:-}" = --script ]; then
    script=${2:?--script needs a file name}
    shift 2
fi
python=python3
[ -x "$repo/.venv/bin/python" ] && python="$repo/.venv/bin/python"
if ! command -v "$python" >/dev/null; then
    echo "SKIP: no python3 to run the ViennaRNA oracle"
    exit 77
fi
exec "$python" "$repo/tests/oracle/$script" "$tropic" "$@"
