#!/usr/bin/env bash
# `tropic align` on bad input and bad options: a clear message, exit code 1, and no -o file left.
source "$(dirname "$0")/lib.sh"

printf '>q1\nACGTACGT\n' >"$TMP/q.fa"
printf '>t1\nTTACGTACGTAA\n>t2\nACGTA\n' >"$TMP/t.fa"

# expect_error WHAT MESSAGE ARGS...: exit 1, MESSAGE on stderr, no -o file.
expect_error() {
    local what=$1 message=$2
    shift 2
    rm -f "$TMP/out.txt"
    run "$TROPIC" align -o "$TMP/out.txt" "$@"
    assert_eq "$RC" 1 "$what: exit code"
    assert_contains "$ERR" "$message" "$what: message"
    assert_file_missing "$TMP/out.txt" "$what: -o file"
}

# Records: empty, a bad letter (from the reader with --dna, after detection otherwise).
printf '>e\n>t1\nACGT\n' >"$TMP/empty.fa"
expect_error "empty target" "$TMP/empty.fa: record 1 ('e'): empty sequence" "$TMP/q.fa" "$TMP/empty.fa"
expect_error "empty query" "$TMP/empty.fa: record 1 ('e'): empty sequence" "$TMP/empty.fa" "$TMP/t.fa"
printf '>t1\nACGTAC\n>t2\nACGT\nACEU\n' >"$TMP/bad.fa"
expect_error "bad letter, --dna" "$TMP/bad.fa: record 2 ('t2'): invalid character 'E' at position 7" \
    --dna "$TMP/q.fa" "$TMP/bad.fa"
expect_error "bad letter, detected DNA" \
    "$TMP/bad.fa: record 2 ('t2'): invalid character 'E' at position 7: not in the DNA alphabet" \
    "$TMP/q.fa" "$TMP/bad.fa"
printf '>t1\nACGT1\n' >"$TMP/digit.fa"
expect_error "a digit" "$TMP/digit.fa: record 1 ('t1'): invalid character '1' at position 5" \
    "$TMP/q.fa" "$TMP/digit.fa"

# --pairs with different record counts, both ways.
expect_error "--pairs, more targets" "--pairs: '$TMP/t.fa' has more records than '$TMP/q.fa' (record 2 has no partner)" \
    --pairs "$TMP/q.fa" "$TMP/t.fa"
expect_error "--pairs, more queries" "has more records than" --pairs "$TMP/t.fa" "$TMP/q.fa"

# Scoring options.
expect_error "unknown matrix" "--matrix 'BLOSUM99' is neither a built-in matrix (" \
    --matrix BLOSUM99 "$TMP/q.fa" "$TMP/t.fa"
printf '   A  C\nA  1 x\nC  1  1\n' >"$TMP/badmatrix.txt"
expect_error "unreadable matrix file" "$TMP/badmatrix.txt" --matrix "$TMP/badmatrix.txt" \
    "$TMP/q.fa" "$TMP/t.fa"
expect_error "--matrix with --dna" "--matrix scores protein alignments; with --dna use --match" \
    --dna --matrix BLOSUM62 "$TMP/q.fa" "$TMP/t.fa"
expect_error "--match with --protein" "--match, --mismatch and --n-score score DNA alignments; with --protein use --matrix" \
    --protein --match 3 "$TMP/q.fa" "$TMP/t.fa"
expect_error "--mismatch with --protein" "score DNA alignments" --protein --mismatch -2 "$TMP/q.fa" "$TMP/t.fa"
expect_error "--matrix with --match" "give one kind" --matrix BLOSUM62 --match 1 "$TMP/q.fa" "$TMP/t.fa"
expect_error "--dna with --protein" "--protein" --dna --protein "$TMP/q.fa" "$TMP/t.fa"
expect_error "free gaps" "--gap-open and --gap-extend are both 0" --gap-open 0 --gap-extend 0 \
    "$TMP/q.fa" "$TMP/t.fa"
expect_error "negative gap" "--gap-open" --gap-open -1 "$TMP/q.fa" "$TMP/t.fa"
expect_error "unknown mode" "--mode" --mode semiglobal "$TMP/q.fa" "$TMP/t.fa"

# Layouts.
for format in sam paf blast6 pair; do
    expect_error "--score-only --format $format" "--score-only computes scores and end positions only" \
        --score-only --format "$format" "$TMP/q.fa" "$TMP/t.fa"
done
expect_error "--json with --format paf" "--json and --format paf contradict" --json --format paf \
    "$TMP/q.fa" "$TMP/t.fa"
expect_error "unknown format" "--format" --format bam "$TMP/q.fa" "$TMP/t.fa"
# Protein goes to SAM text (test_align.sh), not to BAM: its 4-bit sequence code holds nucleotides.
printf '>p\nMKWVTF\n' >"$TMP/p.fa"
rm -f "$TMP/out.bam"
run "$TROPIC" align --format sam -o "$TMP/out.bam" "$TMP/p.fa" "$TMP/p.fa"
assert_eq "$RC" 1 "protein as BAM: exit code"
assert_contains "$ERR" "BAM stores sequences in a 4-bit code that holds nucleotides only, not protein" \
    "protein as BAM: message"
assert_file_missing "$TMP/out.bam" "protein as BAM: no file"
rm -f "$TMP/out.bam"
run "$TROPIC" align --format paf -o "$TMP/out.bam" "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 1 "paf into .bam: exit code"
assert_contains "$ERR" "writes BAM, which holds SAM records: use --format sam" "paf into .bam: message"
assert_file_missing "$TMP/out.bam" "paf into .bam: no file"

# SAM needs distinct target names; a bad record in a later target leaves no BAM behind.
printf '>t\nACGT\n>t\nACGA\n' >"$TMP/dup.fa"
run "$TROPIC" align --format sam -o "$TMP/out.bam" "$TMP/q.fa" "$TMP/dup.fa"
assert_eq "$RC" 1 "duplicate target names: exit code"
assert_contains "$ERR" "targets 1 and 2 are both named 't'" "duplicate target names: message"
assert_file_missing "$TMP/out.bam" "duplicate target names: no file"
run "$TROPIC" align --dna --format sam -o "$TMP/out.bam" "$TMP/q.fa" "$TMP/bad.fa"
assert_eq "$RC" 1 "bad target with BAM: exit code"
assert_file_missing "$TMP/out.bam" "bad target with BAM: no file"

# Names SAM does not allow (the SAM specification's rules), refused with their file and record, in
# SAM text and in BAM: an unnamed query (QNAME '*' would say it has no name), a QNAME with '@',
# target names starting with '*' (RNAME '*' means unmapped) or '=' and an empty one.
printf '>\nACGTACGT\n' >"$TMP/unnamed.fa"
printf '>r@1\nACGTACGT\n' >"$TMP/at.fa"
printf '>t1\nTTACGTACGTAA\n>*\nACGTA\n' >"$TMP/star.fa"
printf '>=x\nTTACGTACGTAA\n' >"$TMP/equals.fa"
printf '>t1\nTTACGTACGTAA\n>\nACGTA\n' >"$TMP/unnamed_target.fa"
sam_name_error() {  # what message args...
    local what=$1 message=$2 out
    shift 2
    for out in out.sam out.bam; do
        rm -f "$TMP/$out"
        run "$TROPIC" align --format sam -o "$TMP/$out" "$@"
        assert_eq "$RC" 1 "$what ($out): exit code"
        assert_contains "$ERR" "$message" "$what ($out): message"
        assert_file_missing "$TMP/$out" "$what ($out): no file"
    done
}
sam_name_error "unnamed query" "$TMP/unnamed.fa: record 1: an empty name cannot be a SAM QNAME" \
    "$TMP/unnamed.fa" "$TMP/t.fa"
sam_name_error "unnamed query, --pairs" \
    "$TMP/unnamed.fa: record 1: an empty name cannot be a SAM QNAME" --pairs "$TMP/unnamed.fa" "$TMP/q.fa"
sam_name_error "QNAME with '@'" "$TMP/at.fa: record 1 ('r@1'): QNAME has '@' at position 2" \
    "$TMP/at.fa" "$TMP/t.fa"
sam_name_error "target '*'" \
    "$TMP/star.fa: record 2 ('*'): the name starts with '*'; SAM reference names cannot start with '*' or '='" \
    "$TMP/q.fa" "$TMP/star.fa"
sam_name_error "target '=x'" "$TMP/equals.fa: record 1 ('=x'): the name starts with '='" \
    "$TMP/q.fa" "$TMP/equals.fa"
sam_name_error "unnamed target" \
    "$TMP/unnamed_target.fa: record 2: an empty name cannot be a SAM reference name" \
    "$TMP/q.fa" "$TMP/unnamed_target.fa"
# Other layouts take any name.
run "$TROPIC" align -q "$TMP/unnamed.fa" "$TMP/star.fa"
assert_eq "$RC" 0 "names outside SAM: tsv"

# Files.
expect_error "missing target" "cannot open '$TMP/missing.fa'" "$TMP/q.fa" "$TMP/missing.fa"
run "$TROPIC" align - -
assert_eq "$RC" 1 "stdin twice: exit code"
run "$TROPIC" align "$TMP/q.fa"
assert_eq "$RC" 1 "no target: exit code"

# A bad record after good ones: earlier results may have gone to stdout, but -o leaves nothing.
printf '>t1\nACGTACGT\n>t2\n\n>t3\nACGT\n' >"$TMP/late.fa"
expect_error "late empty record" "$TMP/late.fa: record 2 ('t2'): empty sequence" --chunk 1 \
    "$TMP/q.fa" "$TMP/late.fa"

finish
