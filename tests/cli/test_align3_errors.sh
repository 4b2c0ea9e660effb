#!/usr/bin/env bash
# `tropic align3` on bad input and bad options: a clear message naming the file and record, the
# exit code, and no -o file left.
source "$(dirname "$0")/lib.sh"

printf '>a\nACGT\n>b\nACG\n>c\nAGT\n' >"$TMP/ok.fa"

# expect_error WHAT CODE MESSAGE ARGS...: exit CODE, MESSAGE on stderr, no -o file.
expect_error() {
    local what=$1 code=$2 message=$3
    shift 3
    rm -f "$TMP/out.txt"
    run "$TROPIC" align3 -o "$TMP/out.txt" "$@"
    assert_eq "$RC" "$code" "$what: exit code"
    assert_contains "$ERR" "$message" "$what: message"
    assert_file_missing "$TMP/out.txt" "$what: -o file"
}

# Inputs.
: >"$TMP/empty.fa"
expect_error "empty file" 1 "'$TMP/empty.fa' holds no records: nothing to align" "$TMP/empty.fa"
expect_error "empty file of three" 1 "'$TMP/empty.fa' has 0 records, fewer than '$TMP/ok.fa'" \
    "$TMP/ok.fa" "$TMP/empty.fa" "$TMP/ok.fa"
printf '>a\nACGT\n>b\nACG\n>c\nAGT\n>d\nACGT\n' >"$TMP/four.fa"
expect_error "an incomplete triple (one record)" 1 \
    "'$TMP/four.fa' has 4 records, not a multiple of three: the last triple (record 4) is incomplete" \
    "$TMP/four.fa"
printf '>a\nACGT\n>b\nACG\n' >"$TMP/two.fa"
expect_error "an incomplete triple (two records)" 1 \
    "'$TMP/two.fa' has 2 records, not a multiple of three: the last triple (records 1-2) is incomplete" \
    "$TMP/two.fa"
expect_error "three files, different counts" 1 \
    "'$TMP/two.fa' has 2 records, fewer than '$TMP/ok.fa' (its record 3 has no partner)" \
    "$TMP/ok.fa" "$TMP/ok.fa" "$TMP/two.fa"
expect_error "two files" 1 "align3 takes one file (its records in threes) or three files" \
    "$TMP/ok.fa" "$TMP/ok.fa"
run "$TROPIC" align3 "$TMP/ok.fa" "$TMP/ok.fa" "$TMP/ok.fa" "$TMP/ok.fa"
assert_eq "$RC" 1 "four files: exit code"
expect_error "missing file" 1 "cannot open '$TMP/missing.fa'" "$TMP/missing.fa"
run "$TROPIC" align3 - - "$TMP/ok.fa"
assert_eq "$RC" 1 "stdin twice: exit code"

# Letters: from the reader with --dna, after detection otherwise; the file, record and position.
printf '>a\nACGT\n>b\nACGT\n>c\nACEU\n' >"$TMP/bad.fa"
expect_error "bad letter, --dna" 1 "$TMP/bad.fa: record 3 ('c'): invalid character 'E' at position 3" \
    --dna "$TMP/bad.fa"
expect_error "bad letter, detected DNA" 1 \
    "$TMP/bad.fa: record 3 ('c'): invalid character 'E' at position 3: not in the DNA alphabet" \
    "$TMP/bad.fa"
printf '>a\nACGT1\n' >"$TMP/digit.fa"
expect_error "a digit" 1 "$TMP/digit.fa: record 1 ('a'): invalid character '1' at position 5" \
    "$TMP/digit.fa" "$TMP/ok.fa" "$TMP/ok.fa"
# A bad record after good triples: earlier results may have gone to stdout, but -o leaves nothing.
printf '>a\nACGT\n>b\nACG\n>c\nAGT\n>d\nAC\n>e\nACJ\n>f\nA\n' >"$TMP/late.fa"
expect_error "late bad letter" 1 "$TMP/late.fa: record 5 ('e'): invalid character 'J' at position 3" \
    --chunk 1 "$TMP/late.fa"

# Options.
expect_error "--gap with --gap-open" 1 "excludes" --gap 2 --gap-open 3 "$TMP/ok.fa"
expect_error "--gap with --gap-extend" 1 "excludes" --gap 2 --gap-extend 3 "$TMP/ok.fa"
expect_error "--gap 0" 1 "--gap must be at least 1, not 0" --gap 0 "$TMP/ok.fa"
expect_error "--gap -1" 1 "--gap must be at least 1" --gap -1 "$TMP/ok.fa"
expect_error "free gaps" 1 "--gap-open and --gap-extend are both 0" --gap-open 0 --gap-extend 0 \
    "$TMP/ok.fa"
expect_error "--matrix with --dna" 1 "--matrix scores protein alignments" --dna --matrix BLOSUM62 \
    "$TMP/ok.fa"
expect_error "unknown matrix" 1 "--matrix 'BLOSUM99' is neither a built-in matrix (" \
    --matrix BLOSUM99 "$TMP/ok.fa"
expect_error "unknown format" 1 "--format" --format sam "$TMP/ok.fa"
expect_error "unknown option" 1 "--mode" --mode local "$TMP/ok.fa"
for format in fasta clustal; do
    expect_error "--score-only --format $format" 1 "--score-only computes scores only" \
        --score-only --format "$format" "$TMP/ok.fa"
done
expect_error "--json with --format fasta" 1 "--json and --format fasta contradict" --json \
    --format fasta "$TMP/ok.fa"

# --backend cuda without a device: refused before any work, as align refuses it.
run "$TROPIC" device
if ! printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    expect_error "--backend cuda without a device" 2 "--backend cuda: " --backend cuda "$TMP/ok.fa"
    assert_contains "$ERR" "use --backend cpu" "--backend cuda: what to do"
    run "$TROPIC" align --backend cuda "$TMP/ok.fa" "$TMP/ok.fa"
    align_err=$ERR
    run "$TROPIC" align3 --backend cuda "$TMP/ok.fa"
    assert_eq "$ERR" "$align_err" "--backend cuda: align's words"
fi

finish
