#!/usr/bin/env bash
# Every existing command's output stays byte-identical: golden/cases.txt lists command lines over
# the bundled examples and small inputs, golden/expected/ holds what tropic 0.1.0 printed for
# them before the foundation refactor (issue 10). A deliberate layout change regenerates them
# with golden/regenerate.sh and says so in its commit.
source "$(dirname "$0")/lib.sh"

GOLDEN="$REPO/tests/cli/golden"
cases=0
while IFS=$'\t' read -r name args; do
    [ -n "$name" ] || continue
    cases=$((cases + 1))
    # shellcheck disable=SC2086  # the arguments are split on purpose
    rc=0
    (cd "$REPO" && "$TROPIC" $args) >"$TMP/$name.out" 2>"$TMP/$name.err" </dev/null || rc=$?
    [ "$rc" -eq 0 ] || fail "$name: exit code $rc: $(cat "$TMP/$name.err")"
    if ! cmp -s "$TMP/$name.out" "$GOLDEN/expected/$name.out"; then
        fail "$name: output differs from golden/expected/$name.out:"$'\n'"$(diff "$GOLDEN/expected/$name.out" "$TMP/$name.out" | head -20)"
    fi
done < <(grep -v '^#' "$GOLDEN/cases.txt")
[ "$cases" -ge 20 ] || fail "only $cases golden cases were read"
finish
