#!/usr/bin/env bash
# Rewrites golden/expected/ from a given `tropic` binary. Only for a deliberate, documented
# change of an output layout: usage: regenerate.sh <path-to-tropic> <repo-root>
set -euo pipefail
TROPIC=${1:?usage: $0 <path-to-tropic> <repo-root>}
REPO=${2:?usage: $0 <path-to-tropic> <repo-root>}
HERE="$REPO/tests/cli/golden"
mkdir -p "$HERE/expected"
cd "$REPO"
grep -v '^#' "$HERE/cases.txt" | while IFS=$'\t' read -r name args; do
    [ -n "$name" ] || continue
    # shellcheck disable=SC2086  # the arguments are split on purpose
    "$TROPIC" $args >"$HERE/expected/$name.out" 2>/dev/null </dev/null || true
done
