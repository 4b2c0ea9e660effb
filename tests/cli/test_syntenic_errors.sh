#!/usr/bin/env bash
# `tropic syntenic` on bad input and bad options: a clear message naming the file and record, the
# exit code, and no -o file left.
source "$(dirname "$0")/lib.sh"

printf '>q1\nACGTACGT\n' >"$TMP/q.fa"
printf '>t1\nTTACGTACGTAA\n>t2\nACGTA\n' >"$TMP/t.fa"

# expect_error WHAT CODE MESSAGE ARGS...: exit CODE, MESSAGE on stderr, no -o file.
expect_error() {
    local what=$1 code=$2 message=$3
    shift 3
    rm -f "$TMP/out.txt"
    run "$TROPIC" syntenic -o "$TMP/out.txt" "$@"
    assert_eq "$RC" "$code" "$what: exit code"
    assert_contains "$ERR" "$message" "$what: message"
    assert_file_missing "$TMP/out.txt" "$what: -o file"
}

# Records: empty (as align), a bad letter, --pairs with different counts.
printf '>e\n>t1\nACGT\n' >"$TMP/empty.fa"
expect_error "empty record" 1 "$TMP/empty.fa: record 1 ('e'): empty sequence" "$TMP/q.fa" "$TMP/empty.fa"
printf '>t1\nACGTAC\n>t2\nACGT\nACEU\n' >"$TMP/bad.fa"
expect_error "bad letter, --dna" 1 "$TMP/bad.fa: record 2 ('t2'): invalid character 'E' at position 7" \
    --dna "$TMP/q.fa" "$TMP/bad.fa"
expect_error "bad letter, detected DNA" 1 \
    "$TMP/bad.fa: record 2 ('t2'): invalid character 'E' at position 7: not in the DNA alphabet" \
    "$TMP/q.fa" "$TMP/bad.fa"
expect_error "--pairs, more targets" 1 \
    "--pairs: '$TMP/t.fa' has more records than '$TMP/q.fa' (record 2 has no partner)" \
    --pairs "$TMP/q.fa" "$TMP/t.fa"
expect_error "missing file" 1 "cannot open '$TMP/missing.fa'" "$TMP/q.fa" "$TMP/missing.fa"
# An empty file aligns nothing, as with align: the header only.
: >"$TMP/none.fa"
run "$TROPIC" syntenic -q "$TMP/q.fa" "$TMP/none.fa"
assert_eq "$RC" 0 "empty file: exit code"
assert_eq "$(printf '%s\n' "$OUT" | wc -l)" 1 "empty file: the header only"
# A bad record after good ones: -o leaves nothing.
printf '>t1\nACGTACGT\n>t2\n\n>t3\nACGT\n' >"$TMP/late.fa"
expect_error "late empty record" 1 "$TMP/late.fa: record 2 ('t2'): empty sequence" --chunk 1 \
    "$TMP/q.fa" "$TMP/late.fa"

# Options.
expect_error "negative block cost" 1 "--block must be between 0 and 1000000, not -1" --block -1 \
    "$TMP/q.fa" "$TMP/t.fa"
expect_error "block cost too large" 1 "--block must be between 0 and 1000000" --block 1000001 \
    "$TMP/q.fa" "$TMP/t.fa"
expect_error "unknown block ends" 1 "--block-ends" --block-ends both "$TMP/q.fa" "$TMP/t.fa"
expect_error "free gaps" 1 "--gap-open and --gap-extend are both 0" --gap-open 0 --gap-extend 0 \
    "$TMP/q.fa" "$TMP/t.fa"
expect_error "--match with --protein" 1 "score DNA alignments; with --protein use --matrix" \
    --protein --match 3 "$TMP/q.fa" "$TMP/t.fa"
expect_error "unknown format" 1 "--format" --format sam "$TMP/q.fa" "$TMP/t.fa"
expect_error "align's --mode" 1 "--mode" --mode local "$TMP/q.fa" "$TMP/t.fa"
for format in paf pair; do
    expect_error "--score-only --format $format" 1 "--score-only computes scores only" \
        --score-only --format "$format" "$TMP/q.fa" "$TMP/t.fa"
done
expect_error "--json with --format paf" 1 "--json and --format paf contradict" --json --format paf \
    "$TMP/q.fa" "$TMP/t.fa"

# --backend cuda without a device: refused before any work, as align refuses it.
run "$TROPIC" device
if ! printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    expect_error "--backend cuda without a device" 2 "use --backend cpu" --backend cuda \
        "$TMP/q.fa" "$TMP/t.fa"
    syntenic_err=$ERR
    run "$TROPIC" align --backend cuda "$TMP/q.fa" "$TMP/t.fa"
    assert_eq "$syntenic_err" "$ERR" "--backend cuda: align's words"
fi

finish
