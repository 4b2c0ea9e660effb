#!/usr/bin/env bash
# CTest entry of the parasail oracle: runs parasail_oracle.py with the project's virtualenv
# (.venv, made by scripts/setup) when it exists, else with python3. Exit 77 (SKIP) when the
# parasail package cannot be imported.
#   bash run_parasail_oracle.sh <path-to-tropic_align_oracle_driver> <repo-root> [oracle options]
set -euo pipefail
driver=${1:?usage: $0 <path-to-tropic_align_oracle_driver> <repo-root>}
repo=${2:?usage: $0 <path-to-tropic_align_oracle_driver> <repo-root>}
shift 2
python=python3
[ -x "$repo/.venv/bin/python" ] && python="$repo/.venv/bin/python"
if ! command -v "$python" >/dev/null; then
    echo "SKIPPED: no python3 to run the parasail oracle"
    exit 77
fi
exec "$python" "$repo/tests/oracle/parasail_oracle.py" "$driver" "$@"
