#!/usr/bin/env bash
# `tropic fold --backend cuda` (MFE) end to end against `--backend cpu`: byte-identical text and
# JSON for batches of short records and for records long enough for the GPU's long mode, with
# -d0, --noLP, --max-bp-span and -C constraints. Without a CUDA device it SKIPs.
source "$(dirname "$0")/lib.sh"

run "$TROPIC" device
if ! printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    skip "no CUDA device: the GPU path of tropic fold (mfe) is not tested here"
fi

{
    for k in $(seq 1 60); do random_record "s$k" $((k * 53 % 400 + 1)) $((200 + k)); done
} >"$TMP/short.fa"
{
    random_record long1 1100 301
    random_record long2 1500 302
} >"$TMP/long.fa"

compare() {  # what, input, then fold options
    local what=$1 input=$2
    shift 2
    run "$TROPIC" fold --backend cpu "$@" "$input"
    assert_eq "$RC" 0 "$what: cpu exit code"
    local cpu=$OUT
    run "$TROPIC" fold --backend cuda "$@" "$input"
    assert_eq "$RC" 0 "$what: cuda exit code"
    assert_eq "$OUT" "$cpu" "$what: cuda output equals cpu output"
}

compare "batch, -d2" "$TMP/short.fa"
compare "batch, -d0" "$TMP/short.fa" --dangles 0
compare "batch, --noLP" "$TMP/short.fa" --noLP
compare "batch, --max-bp-span 60" "$TMP/short.fa" --max-bp-span 60
compare "batch, JSON" "$TMP/short.fa" --json
compare "long mode, -d2" "$TMP/long.fa"
compare "long mode, --noLP -d0" "$TMP/long.fa" --noLP --dangles 0

# Constraints: every third base unpaired, and a forced-or-nothing bracket pair.
awk 'NR % 2 == 1 { print; next }
     { print; c = ""; for (i = 1; i <= length($0); ++i) c = c (i % 3 == 0 ? "x" : ".");
       print c }' "$TMP/short.fa" >"$TMP/constrained.txt"
compare "batch, -C" "$TMP/constrained.txt" -C

# A record whose tables cannot fit the device: refused before allocating, exit code 2, no output;
# auto refuses it up front too, since the host cannot hold it either.
python3 -c "print('>huge'); print('ACGU' * 100000)" >"$TMP/huge.fa"
run "$TROPIC" fold --backend cuda -o "$TMP/huge.out" "$TMP/huge.fa"
assert_eq "$RC" 2 "too long for the GPU: exit code"
assert_contains "$ERR" "an MFE fold of 400000 nt needs" "too long for the GPU: message"
assert_contains "$ERR" "of memory on CUDA device 0" "too long for the GPU: says which memory"
assert_file_missing "$TMP/huge.out" "too long for the GPU: no output"
run "$TROPIC" fold -o "$TMP/huge.out" "$TMP/huge.fa"
assert_eq "$RC" 2 "too long for either: exit code"
assert_contains "$ERR" "an MFE fold of 400000 nt fits neither in memory" \
    "too long for either: says neither holds it"

finish
