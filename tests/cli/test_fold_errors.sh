#!/usr/bin/env bash
# Bad input: a clear message naming file, record and position; exit code 1; with -o no output
# file (and no temporary file) left behind.
source "$(dirname "$0")/lib.sh"

no_leftovers() {  # what
    assert_file_missing "$TMP/out.txt" "$1: output file left behind"
    assert_eq "$(ls -A "$TMP" | grep -c '\.tmp\.' || true)" 0 "$1: temporary file left behind"
}

# An invalid character in the third record, at residue 17 (second line, position 5).
printf '>a\nGGGAAACCC\n>b\nACGU\n>seq_x some description\nACGUACGUACGU\nACGUXCGU\n' >"$TMP/input.fa"
run "$TROPIC" fold --model nussinov -o "$TMP/out.txt" "$TMP/input.fa"
assert_eq "$RC" 1 "invalid character: exit code"
assert_contains "$ERR" "tropic: error: " "invalid character: prefix"
assert_contains "$ERR" "$TMP/input.fa: record 3 ('seq_x'): invalid character 'X' at position 17" \
    "invalid character: message"
no_leftovers "invalid character"

# The same to stdout: still exit 1 and the message.
run "$TROPIC" fold --model nussinov "$TMP/input.fa"
assert_eq "$RC" 1 "invalid character on stdout: exit code"
assert_contains "$ERR" "record 3 ('seq_x')" "invalid character on stdout: message"

# An error in a later chunk, after earlier chunks were folded: still no -o file.
{
    for i in $(seq 1 50); do printf '>ok%d\nGGGGAAAACCCC\n' "$i"; done
    printf '>bad\nGGGG-AAAACCCC\n'
} >"$TMP/late.fa"
run "$TROPIC" fold --model nussinov --chunk 7 -o "$TMP/out.txt" "$TMP/late.fa"
assert_eq "$RC" 1 "late error: exit code"
assert_contains "$ERR" "record 51 ('bad'): invalid character '-' at position 5" "late error: message"
no_leftovers "late error"

# A missing file names the file and the reason; no output file either.
run "$TROPIC" fold --model nussinov -o "$TMP/out.txt" "$TMP/missing.fa"
assert_eq "$RC" 1 "missing file: exit code"
assert_contains "$ERR" "$TMP/missing.fa" "missing file: names the file"
assert_contains "$ERR" "No such file or directory" "missing file: says why"
no_leftovers "missing file"

# A missing second file fails before the first one is printed.
printf '>a\nGGGAAACCC\n' >"$TMP/good.fa"
run "$TROPIC" fold --model nussinov "$TMP/good.fa" "$TMP/missing.fa"
assert_eq "$RC" 1 "missing second file: exit code"
assert_eq "$OUT" "" "missing second file: nothing printed"

# Malformed FASTQ: quality of the wrong length, and a record cut short.
printf '@r1\nACGU\n+\nIIII\n@r2\nACGUAC\n+\nIII\n' >"$TMP/badqual.fq"
run "$TROPIC" fold --model nussinov "$TMP/badqual.fq"
assert_eq "$RC" 1 "FASTQ quality length: exit code"
assert_contains "$ERR" "record 2 ('r2')" "FASTQ quality length: names record"
printf '@r1\nACGU\n+\nIIII\n@r2\nACGUAC\n' >"$TMP/trunc.fq"
run "$TROPIC" fold --model nussinov -o "$TMP/out.txt" "$TMP/trunc.fq"
assert_eq "$RC" 1 "truncated FASTQ: exit code"
assert_contains "$ERR" "record 2 ('r2')" "truncated FASTQ: names record"
no_leftovers "truncated FASTQ"

# Not text at all (plain sequence lines are accepted, see test_fold_inputs.sh): the message
# names the file, the line and the position of the first byte that is not text.
printf 'GGGAAACCC\nGG\001\002\n' >"$TMP/binary.dat"
run "$TROPIC" fold --model nussinov -o "$TMP/out.txt" "$TMP/binary.dat"
assert_eq "$RC" 1 "binary input: exit code"
assert_contains "$ERR" "$TMP/binary.dat: line 2 (record 2): byte '\x01' at position 3 is not text" \
    "binary input: message"
no_leftovers "binary input"

# A plain line with a letter outside the alphabet names the line and position.
printf 'GGGAAACCC\n\nGGGAXACCC\n' >"$TMP/raw.txt"
run "$TROPIC" fold --model nussinov "$TMP/raw.txt"
assert_eq "$RC" 1 "plain line, invalid letter: exit code"
assert_contains "$ERR" "$TMP/raw.txt: line 3 (record 2): invalid character 'X' at position 5" \
    "plain line, invalid letter: message"

# A corrupt gzip file.
printf '\x1f\x8b\x08\x00garbage that is not deflate' >"$TMP/corrupt.fa.gz"
run "$TROPIC" fold --model nussinov -o "$TMP/out.txt" "$TMP/corrupt.fa.gz"
assert_eq "$RC" 1 "corrupt gzip: exit code"
assert_contains "$ERR" "corrupt.fa.gz" "corrupt gzip: names the file"
no_leftovers "corrupt gzip"

# Usage errors exit 1 with CLI11's message.
run "$TROPIC" fold --model nussinov --no-such-option "$TMP/good.fa"
assert_eq "$RC" 1 "unknown option: exit code"
assert_contains "$ERR" "tropic: error: " "unknown option: prefix"
assert_contains "$ERR" "no-such-option" "unknown option: names it"
run "$TROPIC" fold --model nussinov --min-loop -1 "$TMP/good.fa"
assert_eq "$RC" 1 "negative --min-loop: exit code"
run "$TROPIC" fold --model nussinov --model zuker "$TMP/good.fa"
assert_eq "$RC" 1 "unknown model: exit code"
run "$TROPIC" fold --model nussinov --weights GC=banana "$TMP/good.fa"
assert_eq "$RC" 1 "bad --weights: exit code"
assert_contains "$ERR" "tropic: error: " "bad --weights: prefix"
run "$TROPIC" fold --model nussinov --backend tpu "$TMP/good.fa"
assert_eq "$RC" 1 "unknown backend: exit code"
run "$TROPIC" fold --model nussinov --chunk 0 "$TMP/good.fa"
assert_eq "$RC" 1 "--chunk 0: exit code"
run "$TROPIC"
assert_eq "$RC" 1 "no command: exit code"
run "$TROPIC" frobnicate
assert_eq "$RC" 1 "unknown command: exit code"

# -o into a folder that does not exist.
run "$TROPIC" fold --model nussinov -o "$TMP/no/such/dir/out.txt" "$TMP/good.fa"
assert_eq "$RC" 1 "-o into a missing folder: exit code"
assert_contains "$ERR" "$TMP/no/such/dir/out.txt" "-o into a missing folder: names the file"

finish
