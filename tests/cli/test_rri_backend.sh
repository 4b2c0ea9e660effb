#!/usr/bin/env bash
# `tropic rri --backend cuda` without a usable GPU is a resource error (exit 2), before any
# output; auto and cpu run on the CPU and agree.
source "$(dirname "$0")/lib.sh"

run "$TROPIC" device
if printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    skip "a CUDA device is present; this test checks the behaviour without one"
fi

printf '>q\nGGGAAACCCAGG\n' >"$TMP/q.fa"
printf '>t\nCCUGGGUUUCCCAA\n' >"$TMP/t.fa"
run "$TROPIC" rri --backend cuda -o "$TMP/out.txt" "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 2 "--backend cuda without a device: exit code"
assert_contains "$ERR" "--backend cuda" "--backend cuda: names the option"
assert_contains "$ERR" "CUDA" "--backend cuda: says why"
assert_file_missing "$TMP/out.txt" "--backend cuda: -o file"

run "$TROPIC" rri --backend auto "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 0 "--backend auto: exit code"
auto=$OUT
run "$TROPIC" rri --backend cpu "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 0 "--backend cpu: exit code"
assert_eq "$OUT" "$auto" "--backend cpu: same as auto"
assert_contains "$OUT" ">q&t length1=12 length2=14 score=" "--backend cpu: a result"

finish
