#!/usr/bin/env bash
# --backend cuda without a usable GPU is a resource error (exit 2) with a clear message.
source "$(dirname "$0")/lib.sh"

run "$TROPIC" device
assert_eq "$RC" 0 "tropic device: exit code"
assert_contains "$OUT" "CUDA devices:" "tropic device: lists devices"
if printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    skip "a CUDA device is present; this test checks the behaviour without one"
fi

printf '>a\nGGGAAACCC\n' >"$TMP/a.fa"
run "$TROPIC" fold --model nussinov --backend cuda "$TMP/a.fa"
assert_eq "$RC" 2 "--backend cuda without a device: exit code"
assert_contains "$ERR" "tropic: error: " "--backend cuda: prefix"
assert_contains "$ERR" "CUDA" "--backend cuda: says why"
assert_contains "$ERR" "--backend cpu" "--backend cuda: suggests the CPU"
assert_eq "$OUT" "" "--backend cuda: no output"

run "$TROPIC" fold --model nussinov --backend cuda -o "$TMP/out.txt" "$TMP/a.fa"
assert_eq "$RC" 2 "--backend cuda with -o: exit code"
assert_file_missing "$TMP/out.txt" "--backend cuda with -o"

# auto and cpu fold on the CPU.
run "$TROPIC" fold --model nussinov --backend auto "$TMP/a.fa"
assert_eq "$RC" 0 "--backend auto: exit code"
assert_eq "$OUT" $'>a\nGGGAAACCC\n(((...))) (3)' "--backend auto output"
run "$TROPIC" fold --model nussinov --backend cpu "$TMP/a.fa"
assert_eq "$OUT" $'>a\nGGGAAACCC\n(((...))) (3)' "--backend cpu output"

finish
