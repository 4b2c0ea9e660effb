#!/usr/bin/env bash
# `tropic index`: the file and the summary for a small FASTA, -o PREFIX and PREFIX.tmi, gzip
# input, the options, and bad input (a clear message, its exit code, no index and no temporary
# file left behind).
source "$(dirname "$0")/lib.sh"

# Nothing in $TMP but what the test wrote itself: no index, no temporary file.
leftovers() {
    find "$TMP" -maxdepth 2 -type f \( -name '*.tmi' -o -name '.*.tmp.*' \) | sort
}

# Two contigs, an N run and lower case: 62 + 36 = 98 bases.
printf '>chr1 first contig\nACGTACGGTCAGTTAGCATCAGGATCCAGnnnnNNACCAGTAGGACAGATTAGACCATTAGG\n>chr2\nGGGCCCAAATTTGCGCATATCGCGATATACGCAC\nGT\n' \
    >"$TMP/ref.fa"

run "$TROPIC" index --threads 2 "$TMP/ref.fa"
assert_eq "$RC" 0 "default: exit code"
assert_eq "$OUT" "" "default: nothing on stdout"
assert_contains "$ERR" "tropic index: 2 contigs, 98 bases, k = 8, 0 repeated k-mers dropped (over 1000 occurrences), index " \
    "default: summary"
assert_contains "$ERR" "; wrote $TMP/ref.fa.tmi in " "default: summary names the file"
assert_eq "$(head -c 8 "$TMP/ref.fa.tmi")" "TROPICMI" "default: magic"
# 128 header bytes; contig spans 32, name offsets 24, names 8; bases 4 words, 32; one N run, 8;
# offsets 4 * (4^8 + 1) padded to 262152; then the positions; repeat flags 4^8 / 8 = 8192.
size=$(wc -c <"$TMP/ref.fa.tmi" | tr -d ' ')
positions=$(( (size - 128 - 32 - 24 - 8 - 32 - 8 - 262152 - 8192) / 4 ))
# Sampled (even) starts of 8-mers without N inside one contig: chr1 [0, 29) gives starts 0..21
# (11), chr1 [35, 62) starts 36..54 (10), chr2 [62, 98) starts 62..90 (15).
assert_eq "$positions" 36 "default: file size (positions)"

# -q: silent; -o PREFIX and PREFIX.tmi give the same bytes; gzip input too.
run "$TROPIC" index -q -o "$TMP/named" "$TMP/ref.fa"
assert_eq "$RC:$ERR" "0:" "-q: exit code and stderr"
cmp -s "$TMP/ref.fa.tmi" "$TMP/named.tmi" || fail "-o PREFIX: a different file"
run "$TROPIC" index -q -o "$TMP/exact.tmi" "$TMP/ref.fa"
cmp -s "$TMP/ref.fa.tmi" "$TMP/exact.tmi" || fail "-o PREFIX.tmi: a different file"
assert_file_missing "$TMP/exact.tmi.tmi" "-o PREFIX.tmi"
gzip -c "$TMP/ref.fa" >"$TMP/ref.fa.gz"
run "$TROPIC" index -q "$TMP/ref.fa.gz"
assert_eq "$RC" 0 "gzip: exit code"
cmp -s "$TMP/ref.fa.tmi" "$TMP/ref.fa.gz.tmi" || fail "gzip: a different file"

# -k and --max-occurrences reach the index: the summary says them.
run "$TROPIC" index -k 9 --max-occurrences 1 -o "$TMP/k9" "$TMP/ref.fa"
assert_contains "$ERR" "2 contigs, 98 bases, k = 9, 0 repeated k-mers dropped (over 1 occurrences)" "-k 9"
printf '>rep\nACGTACGTACGTACGTACGTACGTACGTACGT\n' >"$TMP/rep.fa"
run "$TROPIC" index --max-occurrences 2 "$TMP/rep.fa"
# The even starts 0..24 read ACGTACGT (0, 4, ..., 24: 7 times) or GTACGTAC (6 times): 2 repeats.
assert_contains "$ERR" "1 contigs, 32 bases, k = 8, 2 repeated k-mers dropped (over 2 occurrences)" \
    "--max-occurrences: a repeat"
rm -f "$TMP"/*.tmi

# expect_error WHAT CODE MESSAGE ARGS...: exit CODE, MESSAGE on stderr, nothing left behind.
expect_error() {
    local what=$1 code=$2 message=$3
    shift 3
    run "$TROPIC" index "$@"
    assert_eq "$RC" "$code" "$what: exit code"
    assert_contains "$ERR" "$message" "$what: message"
    assert_eq "$(leftovers)" "" "$what: files left behind"
}

expect_error "a missing file" 1 "cannot open '$TMP/missing.fa'" "$TMP/missing.fa"
printf '>a\nACGT\n>b\nAC\n>a\nGG\n' >"$TMP/dup.fa"
expect_error "duplicate names" 1 "$TMP/dup.fa: record 3 ('a'): duplicate name" "$TMP/dup.fa"
printf '>a\nACGT\n>b\n>c\nGG\n' >"$TMP/empty.fa"
expect_error "an empty contig" 1 "$TMP/empty.fa: record 2 ('b'): empty contig" "$TMP/empty.fa"
printf '>a\nACGT\n>b(1)\nGG\n' >"$TMP/name.fa"
expect_error "a name SAM refuses" 1 "$TMP/name.fa: record 2 ('b(1)')" "$TMP/name.fa"
printf '>a\nACGTE\n' >"$TMP/protein.fa"
expect_error "a letter outside DNA" 1 "$TMP/protein.fa: record 1 ('a'): invalid character 'E'" \
    "$TMP/protein.fa"
: >"$TMP/nothing.fa"
expect_error "no sequence" 1 "$TMP/nothing.fa: no sequence" "$TMP/nothing.fa"
expect_error "an unwritable -o" 1 "cannot create output file '$TMP/no/such/dir/x.tmi'" \
    -o "$TMP/no/such/dir/x" "$TMP/ref.fa"
mkdir "$TMP/folder.tmi"
expect_error "-o a folder" 1 "$TMP/folder.tmi" -o "$TMP/folder.tmi" "$TMP/ref.fa"
rmdir "$TMP/folder.tmi"
expect_error "-k out of range" 1 "k-mer length 16 is outside 8..15" -k 16 "$TMP/ref.fa"
expect_error "stdin without -o" 1 "needs -o PREFIX" -
expect_error "--max-memory too small" 2 "needs" --max-memory 1K "$TMP/ref.fa"

# A read-only folder: the output cannot be created there (root may write anyway: skip then).
mkdir "$TMP/ro"
cp "$TMP/ref.fa" "$TMP/ro/ref.fa"
chmod a-w "$TMP/ro"
if [ ! -w "$TMP/ro" ]; then
    expect_error "a read-only folder" 1 "$TMP/ro/ref.fa.tmi" "$TMP/ro/ref.fa"
fi
chmod u+w "$TMP/ro"

finish
