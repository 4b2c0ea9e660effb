#!/usr/bin/env bash
# `tropic subopt`: RNAsubopt's layouts (-e with --sorted, -z), several records in input order,
# -o, --json, and errors: the structure guard (exit 2), a bad range, bad FASTA naming file and
# record. Expected lists are RNAsubopt's (ViennaRNA 2.7.2, Turner 2004, -d2).
source "$(dirname "$0")/lib.sh"

printf '>a\nGGGGAAAACCCCUUUUGGGGAAACCCC\n>b\nGGGAAACCC\n' >"$TMP/in.fa"
run "$TROPIC" subopt --sorted -e 1 "$TMP/in.fa"
assert_eq "$RC" 0 "subopt: exit code"
assert_eq "$OUT" $'>a [100]\nGGGGAAAACCCCUUUUGGGGAAACCCC -13.60   1.00\n((((....((((....))))...)))) -13.60\n>b [100]\nGGGAAACCC  -1.20   1.00\n(((...)))  -1.20\n((....)).  -1.00' \
    "subopt --sorted: RNAsubopt layout, records in input order"
run "$TROPIC" subopt --sorted -e 2.5 --threads 2 "$TMP/in.fa"
assert_contains "$OUT" ">a [250]" "subopt -e 2.5: delta in dcal/mol in the header"
run "$TROPIC" subopt -z "$TMP/in.fa"
assert_contains "$OUT" $'>a\nGGGGAAAACCCCUUUUGGGGAAACCCC\n((((....((((....))))...)))) [-13.60]\n(((.....((((....))))...))). [-11.30]' \
    "subopt -z: RNAsubopt -z layout"
run "$TROPIC" subopt --json -e 0 "$TMP/in.fa"
assert_contains "$OUT" '"mfe":-13.60,"delta":0.00,"structures":[{"structure":"((((....((((....))))...))))","energy":-13.60}]' \
    "subopt --json"
run "$TROPIC" subopt -e 1 -o "$TMP/out.txt" "$TMP/in.fa"
assert_eq "$(cat "$TMP/out.txt" | head -1)" ">a [100]" "subopt -o writes the file"

# The guard: exit 2, a message with the count and what to do, and no output file left behind.
printf '>long\nGGGAAAUCCGCAUGCAUGCAUCGAUCGAUGCAUGCAUCGAUGCAUGCAUGCAUCGAUCGAUCG\n' >"$TMP/long.fa"
run "$TROPIC" subopt -e 20 --max-structures 50 -o "$TMP/guard.txt" "$TMP/long.fa"
assert_eq "$RC" 2 "guard: exit code 2"
assert_contains "$ERR" "long.fa: record 1 ('long')" "guard: names file and record"
assert_contains "$ERR" "more than 50 structures" "guard: says the limit"
assert_contains "$ERR" "stopped after producing 50" "guard: says how many"
assert_contains "$ERR" "--max-structures" "guard: suggests what helps"
assert_file_missing "$TMP/guard.txt" "guard: no partial output file"

run "$TROPIC" subopt -e -1 "$TMP/in.fa"
assert_eq "$RC" 1 "negative delta: exit code 1"
assert_contains "$ERR" "deltaEnergy" "negative delta: message"
run "$TROPIC" subopt -e abc "$TMP/in.fa"
assert_eq "$RC" 1 "non-numeric delta: exit code 1"

printf '>ok\nGGGAAACCC\n>bad\nGGGXAACCC\n' >"$TMP/bad.fa"
run "$TROPIC" subopt "$TMP/bad.fa"
assert_eq "$RC" 1 "bad FASTA: exit code 1"
assert_contains "$ERR" "bad.fa" "bad FASTA: names the file"
assert_contains "$ERR" "record 2" "bad FASTA: names the record"

run "$TROPIC" subopt -z --noLP "$TMP/in.fa"
assert_eq "$RC" 1 "-z --noLP: not supported, exit code 1"
finish
