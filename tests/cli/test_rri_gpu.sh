#!/usr/bin/env bash
# `tropic rri --backend cuda` end to end against `--backend cpu`: byte-identical text and JSON for
# many targets (several GPU pairs in flight at once), with windows and --top, int16 and int32
# scores. Without a CUDA device it SKIPs.
source "$(dirname "$0")/lib.sh"

run "$TROPIC" device
if ! printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    skip "no CUDA device: the GPU path of tropic rri is not tested here"
fi

{
    random_record q1 9 11
    random_record q2 23 12
} >"$TMP/q.fa"
{
    for k in $(seq 1 12); do random_record "t$k" $((k * 37 % 300 + 5)) $((100 + k)); done
} >"$TMP/t.fa"

compare() {  # what, then rri options
    local what=$1
    shift
    run "$TROPIC" rri --backend cpu "$@" "$TMP/q.fa" "$TMP/t.fa"
    assert_eq "$RC" 0 "$what: cpu exit code"
    local cpu=$OUT
    run "$TROPIC" rri --backend cuda "$@" "$TMP/q.fa" "$TMP/t.fa"
    assert_eq "$RC" 0 "$what: cuda exit code"
    assert_eq "$OUT" "$cpu" "$what: cuda output equals cpu output"
}

compare "no window"
compare "windows and --top 3" --window1 12 --window2 40 --top 3
compare "JSON" --window2 64 --top 2 --json
# Large weights push the scores past int16: the int32 tables on both sides.
compare "int32 scores" --weights GC=900,AU=300,GU=100 --window2 50 --top 2

finish
