#!/usr/bin/env bash
# `tropic rri` on bad input and on pairs too large for memory: clear messages and exit codes.
# Input errors (bad characters, empty records, --pairs count mismatch, bad options) exit 1 and
# leave no -o file; a target too large for the memory limit is reported, skipped, and exits 2,
# with the other results still written (to stdout and to -o).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/rri_lib.sh"

random_record q1 10 1 >"$TMP/q.fa"
{
    random_record t1 30 2
    random_record t2 25 3
} >"$TMP/t.fa"

# A bad character in the second target.
printf '>t1\nACGUACGUAC\n>t2\nACGU\nACXU\n' >"$TMP/bad.fa"
run "$TROPIC" rri -o "$TMP/out.txt" "$TMP/q.fa" "$TMP/bad.fa"
assert_eq "$RC" 1 "bad character: exit code"
assert_contains "$ERR" "$TMP/bad.fa: record 2 ('t2'): invalid character 'X' at position 7" \
    "bad character: message"
assert_file_missing "$TMP/out.txt" "bad character: -o file"

# An empty record, in the query and in the target.
printf '>e\n>t1\nACGUACGU\n' >"$TMP/empty.fa"
run "$TROPIC" rri "$TMP/q.fa" "$TMP/empty.fa"
assert_eq "$RC" 1 "empty target record: exit code"
assert_contains "$ERR" "$TMP/empty.fa: record 1 ('e'): empty sequence" "empty target: message"
run "$TROPIC" rri -o "$TMP/out.txt" "$TMP/empty.fa" "$TMP/t.fa"
assert_eq "$RC" 1 "empty query record: exit code"
assert_contains "$ERR" "record 1 ('e'): empty sequence" "empty query: message"
assert_file_missing "$TMP/out.txt" "empty query: -o file"

# --pairs with more targets than queries.
run "$TROPIC" rri --pairs "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 1 "--pairs mismatch: exit code"
assert_contains "$ERR" "has more records than" "--pairs mismatch: message"

# A target too large for the memory limit, between two that fit: 10 x 1000 nt unwindowed needs
# about 117 MiB, the small ones well under 1 MiB.
{
    random_record small1 30 4
    random_record huge 1000 5
    random_record small2 25 6
} >"$TMP/mixed.fa"
run "$TROPIC" rri --max-memory 4M "$TMP/q.fa" "$TMP/mixed.fa"
assert_eq "$RC" 2 "too large: exit code"
assert_contains "$ERR" "query 'q1' against target 'huge' (10 x 1000 nt) needs " \
    "too large: names the pair"
assert_contains "$ERR" "memory limit is 4.0 MiB; try a window2 of " "too large: suggests a window"
assert_eq "$(printf '%s\n' "$OUT" | grep '^>' | cut -d' ' -f1 | tr '\n' ' ')" \
    ">q1&small1 >q1&small2 " "too large: the other results on stdout"
run "$TROPIC" rri --max-memory 4M -o "$TMP/out.txt" "$TMP/q.fa" "$TMP/mixed.fa"
assert_eq "$RC" 2 "too large with -o: exit code"
assert_eq "$(grep '^>' "$TMP/out.txt" | cut -d' ' -f1 | tr '\n' ' ')" ">q1&small1 >q1&small2 " \
    "too large with -o: the other results in the file"
# The suggested window fits.
window=$(printf '%s\n' "$ERR" | sed -n 's/.*try a window2 of \([0-9]*\).*/\1/p' | head -1)
run "$TROPIC" rri --max-memory 4M --window2 "$window" "$TMP/q.fa" "$TMP/mixed.fa"
assert_eq "$RC" 0 "suggested --window2 $window: exit code"
assert_eq "$(printf '%s\n' "$OUT" | grep -c '^>')" 3 "suggested window: three results"

# With a window on the target, a limit below the whole tables computes them block by block along
# the target: the same output as without a limit.
run "$TROPIC" rri --window2 24 --top 2 --max-memory 0 "$TMP/q.fa" "$TMP/mixed.fa"
unlimited=$OUT
run "$TROPIC" rri --window2 24 --top 2 --max-memory 600K "$TMP/q.fa" "$TMP/mixed.fa"
assert_eq "$RC" 0 "blocks along the target: exit code"
assert_eq "$OUT" "$unlimited" "blocks along the target: same output as without a limit"

# Options.
run "$TROPIC" rri --weights GC=3,AU=one "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 1 "bad --weights: exit code"
assert_contains "$ERR" "bad weight 'one'" "bad --weights: message"
run "$TROPIC" rri --max-memory lots "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 1 "bad --max-memory: exit code"
assert_contains "$ERR" "--max-memory 'lots'" "bad --max-memory: message"
for size in inf -1 4X 99999999T; do
    run "$TROPIC" rri --max-memory "$size" "$TMP/q.fa" "$TMP/t.fa"
    assert_eq "$RC" 1 "--max-memory $size: exit code"
done
for size in 4G 1.5g 512M 2MB 2000000 0; do
    run "$TROPIC" rri --max-memory "$size" "$TMP/q.fa" "$TMP/t.fa"
    assert_eq "$RC" 0 "--max-memory $size: exit code"
done
run "$TROPIC" rri --top 0 "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 1 "--top 0: exit code"
run "$TROPIC" rri --model rnaup "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 1 "unknown model: exit code"
run "$TROPIC" rri "$TMP/q.fa"
assert_eq "$RC" 1 "no target: exit code"
run "$TROPIC" rri "$TMP/q.fa" "$TMP/missing.fa"
assert_eq "$RC" 1 "missing target: exit code"
assert_contains "$ERR" "$TMP/missing.fa" "missing target: names the file"
run "$TROPIC" rri - -
assert_eq "$RC" 1 "stdin twice: exit code"

# --help lists every option with its default.
run "$TROPIC" rri --help
assert_eq "$RC" 0 "--help: exit code"
for option in --pairs --weights --window1 --window2 --top --backend --threads --device \
    --max-memory --output --json --quiet; do
    assert_contains "$OUT" "$option" "--help lists $option"
done
assert_contains "$OUT" "GC=3,AU=1,GU=1.5" "--help shows the default weights"

finish
