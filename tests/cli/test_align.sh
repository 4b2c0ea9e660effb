#!/usr/bin/env bash
# `tropic align` end to end: every output layout on tiny inputs whose alignments were checked by
# hand, gz and stdin inputs, --pairs, BAM read back by samtools, protein with BLOSUM62 and with a
# matrix file, score-only, and the alphabet detection note.
source "$(dirname "$0")/lib.sh"

# q1 against t1 (local): ACGTACGT, 8 x 2 = 16, query 1-8, target 3-10. q2 against t2: CCCAAATT,
# query 4-11, target 1-8. q2 against t1: CAA (query 6-8, target 13-15). q1 against t2: TT.
printf '>q1 first query\nACGTACGTTAGC\n>q2\nGGGCCCAAATTT\n' >"$TMP/q.fa"
printf '>t1\nTTACGTACGTAGCAA\n>t2\nCCCAAATT\n' >"$TMP/t.fa"
TAB=$'\t'
HEADER="#query${TAB}target${TAB}mode${TAB}score${TAB}query_begin${TAB}query_end${TAB}target_begin${TAB}target_end${TAB}identity${TAB}matches${TAB}mismatches${TAB}gap_opens${TAB}gaps${TAB}cigar"
tsv() { printf '%s\n' "$@" | tr ' ' '\t'; }

run "$TROPIC" align "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 0 "tsv: exit code"
assert_eq "$OUT" "$HEADER"$'\n'"$(tsv \
    'q1 t1 local 16 1 8 3 10 1.0000 8 0 0 0 8=' \
    'q2 t1 local 6 6 8 13 15 1.0000 3 0 0 0 3=' \
    'q1 t2 local 4 8 9 7 8 1.0000 2 0 0 0 2=' \
    'q2 t2 local 16 4 11 1 8 1.0000 8 0 0 0 8=')" "tsv: every query against every target"
assert_eq "$ERR" "tropic: note: aligning as DNA (detected from the first query and target records); use --protein or --dna to choose" \
    "tsv: the detection note"
expected_tsv=$OUT

# -q silences the note; --dna needs none.
run "$TROPIC" align -q "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$ERR" "" "-q: no note"
run "$TROPIC" align --dna "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$ERR" "" "--dna: no note"
assert_eq "$OUT" "$expected_tsv" "--dna: same output"

# gz, stdin, -o.
gzip -c "$TMP/q.fa" >"$TMP/q.fa.gz"
run_stdin "$TMP/t.fa" "$TROPIC" align -q "$TMP/q.fa.gz" -
assert_eq "$OUT" "$expected_tsv" "gz query, stdin target"
run_stdin "$TMP/q.fa" "$TROPIC" align -q - "$TMP/t.fa" -o "$TMP/out.tsv"
assert_eq "$RC" 0 "stdin query, -o: exit code"
assert_eq "$(cat "$TMP/out.tsv")" "$expected_tsv" "stdin query, -o: the file"
for threads in 1 3; do
    run "$TROPIC" align -q --threads "$threads" --chunk 1 "$TMP/q.fa" "$TMP/t.fa"
    assert_eq "$OUT" "$expected_tsv" "--threads $threads --chunk 1: same output"
done

# --pairs: q1 with t1, q2 with t2.
run "$TROPIC" align -q --pairs "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" "$HEADER"$'\n'"$(tsv 'q1 t1 local 16 1 8 3 10 1.0000 8 0 0 0 8=' \
    'q2 t2 local 16 4 11 1 8 1.0000 8 0 0 0 8=')" "--pairs"

# Glocal: q1 whole against t1: ACGTACGT, the second T of TT against a gap (5 + 2), AGC:
# 16 - 7 + 6 = 15; the gap goes as far left as the score allows.
run "$TROPIC" align -q --pairs --mode glocal --json "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(printf '%s\n' "$OUT" | head -1)" \
    '{"query":"q1","target":"t1","query_length":12,"target_length":15,"mode":"glocal","score":15,"query_begin":1,"query_end":12,"target_begin":3,"target_end":13,"cigar":"7=1I4=","identity":0.9167,"matches":11,"mismatches":0,"gap_opens":1,"gaps":1,"columns":12}' \
    "glocal json"
run "$TROPIC" align -q --pairs --mode glocal --format json "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(printf '%s\n' "$OUT" | head -1 | cut -c1-40)" '{"query":"q1","target":"t1","query_lengt' \
    "--format json as --json"
run "$TROPIC" align -q --pairs --mode glocal --cigar-m "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p | cut -f14)" "7M1I4M" "--cigar-m"

# Score only: ends and scores; the begins that glocal leaves open are NA.
run "$TROPIC" align -q --pairs --mode glocal --score-only "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p)" "$(tsv 'q1 t1 glocal 15 1 12 NA 13 NA NA NA NA NA *')" \
    "--score-only tsv"

# paf (0-based, half-open), blast6 (blastn's 2/-3 5/2 statistics: lambda 0.625, K 0.41;
# q1-t1: E = 0.41 x 12 x 15 x exp(-10) = 0.003, bits = (10 + 0.892) / ln 2 = 15.7).
run "$TROPIC" align -q --pairs --format paf "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" "$(tsv 'q1 12 0 8 + t1 15 2 10 8 8 255 NM:i:0 AS:i:16 cg:Z:8=' \
    'q2 12 3 11 + t2 8 0 8 8 8 255 NM:i:0 AS:i:16 cg:Z:8=')" "paf"
run "$TROPIC" align -q --pairs --format blast6 "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" "$(tsv 'q1 t1 100.000 8 0 0 1 8 3 10 0.003 15.7' \
    'q2 t2 100.000 8 0 0 4 11 1 8 0.002 15.7')" "blast6"
run "$TROPIC" align --dna --pairs --format blast6 --gap-open 1 --gap-extend 9 "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(printf '%s\n' "$OUT" | head -1 | cut -f11,12)" "NA${TAB}NA" "blast6 without statistics: NA"
assert_contains "$ERR" "no published Karlin-Altschul parameters for DNA +2/-3 with gap open 1 and extend 9" \
    "blast6 without statistics: one note"
assert_eq "$(printf '%s\n' "$ERR" | grep -c 'note:')" 1 "blast6 without statistics: only one note"

# pair: the EMBOSS-like block.
run "$TROPIC" align -q --pairs --mode global --format pair "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n '1,20p')" "#=======================================
#
# Query:       q1 (length 12)
# Target:      t1 (length 15)
# Mode:        global
# Matrix:      DNA +2/-3, N -3
# Gap_penalty: open 5, extend 2 (a gap of k residues costs 5 + 2k)
#
# Length:      16
# Identity:         11/16 ( 68.8%)
# Similarity:       11/16 ( 68.8%)
# Gaps:              5/16 ( 31.2%)
# Score:       -3
#
#=======================================

q1                 1 --ACGTACGTTAGC--     12
                       ||||||| ||||
t1                 1 TTACGTACG-TAGCAA     15" "pair"

# SAM: @SQ per target, @PG with the command line; soft clips around the local alignment.
run "$TROPIC" align -q --format sam "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 0 "sam: exit code"
assert_eq "$(printf '%s\n' "$OUT" | grep -v '^@PG')" "$(tsv '@HD VN:1.6' '@SQ SN:t1 LN:15' '@SQ SN:t2 LN:8' \
    'q1 0 t1 3 255 8=4S * 0 0 ACGTACGTTAGC * NM:i:0 AS:i:16' \
    'q2 0 t1 13 255 5S3=4S * 0 0 GGGCCCAAATTT * NM:i:0 AS:i:6' \
    'q1 0 t2 7 255 7S2=3S * 0 0 ACGTACGTTAGC * NM:i:0 AS:i:4' \
    'q2 0 t2 1 255 3S8=1S * 0 0 GGGCCCAAATTT * NM:i:0 AS:i:16')" "sam"
assert_contains "$(printf '%s\n' "$OUT" | grep '^@PG')" "@PG${TAB}ID:tropic${TAB}PN:tropic${TAB}VN:" "sam: @PG"
assert_contains "$(printf '%s\n' "$OUT" | grep '^@PG')" "CL:$TROPIC align -q --format sam" "sam: @PG CL"
expected_sam=$OUT

# An empty local alignment: a tsv line with an empty range, an unmapped SAM record, no paf line.
printf '>x\nAAAA\n' >"$TMP/a.fa"
printf '>y\nTTTT\n' >"$TMP/b.fa"
run "$TROPIC" align -q "$TMP/a.fa" "$TMP/b.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p)" "$(tsv 'x y local 0 1 0 1 0 0.0000 0 0 0 0 *')" "empty: tsv"
run "$TROPIC" align -q --format sam "$TMP/a.fa" "$TMP/b.fa"
assert_eq "$(printf '%s\n' "$OUT" | tail -1)" "$(tsv 'x 4 * 0 0 * * 0 0 AAAA *')" "empty: unmapped SAM"
run "$TROPIC" align -q --format paf "$TMP/a.fa" "$TMP/b.fa"
assert_eq "$RC$OUT" "0" "empty: no paf line"

# Protein in SAM text, its letters as they are (as DIAMOND and MMseqs2 write it; BAM cannot hold
# them: test_align_errors.sh).
printf '>p1\nMELKWVTA\n' >"$TMP/p1.fa"
printf '>p2\nMELKWVTAEE\n' >"$TMP/p2.fa"
run "$TROPIC" align -q --format sam "$TMP/p1.fa" "$TMP/p2.fa"
assert_eq "$RC" 0 "protein sam: exit code"
assert_eq "$(printf '%s\n' "$OUT" | tail -1)" "$(tsv 'p1 0 p2 1 255 8= * 0 0 MELKWVTA * NM:i:0 AS:i:43')" \
    "protein sam: the record"

# FASTQ qualities go to SAM's QUAL.
printf '@r\nACGTACGT\n+\nIIIIHHHH\n' >"$TMP/r.fq"
run "$TROPIC" align -q --format sam "$TMP/r.fq" "$TMP/t.fa"
assert_contains "$OUT" "ACGTACGT${TAB}IIIIHHHH" "FASTQ qualities in SAM"

# BAM from -o x.bam (with or without --format sam), read back by samtools when present.
run "$TROPIC" align -q --format sam -o "$TMP/out.bam" "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 0 "bam: exit code"
run "$TROPIC" align -q -o "$TMP/out2.bam" "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 0 "-o x.bam alone: exit code"
assert_eq "$(head -c 2 "$TMP/out2.bam" | od -An -tx1 | tr -d ' ')" "1f8b" "-o x.bam: BGZF (gzip) bytes"
if command -v samtools >/dev/null 2>&1; then
    assert_eq "$(samtools view "$TMP/out.bam")" "$(printf '%s\n' "$expected_sam" | grep -v '^@')" \
        "bam: samtools reads the records back"
    assert_eq "$(samtools view -H "$TMP/out2.bam" | grep -c '^@SQ')" 2 "bam: samtools reads the header"
else
    echo "samtools not found: the BAM read-back checks are skipped"
fi

# Protein: BLOSUM62 11/1 (M 5, K 5, W 11, V 4, T 5, F 6 = 36); blast6 with its statistics
# (lambda 0.267, K 0.041): E = 0.041 x 6 x 10 x exp(-9.612) = 2e-04, bits 18.5.
printf '>p1 a protein\nMKWVTF\n' >"$TMP/p1.fa"
printf '>p2\nGAMKWVTFGA\n' >"$TMP/p2.fa"
run "$TROPIC" align "$TMP/p1.fa" "$TMP/p2.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p)" "$(tsv 'p1 p2 local 36 1 6 3 8 1.0000 6 0 0 0 6=')" "protein"
assert_contains "$ERR" "aligning as protein (detected from" "protein: the detection note"
run "$TROPIC" align -q --format blast6 --matrix blosum62 "$TMP/p1.fa" "$TMP/p2.fa"
assert_eq "$OUT" "$(tsv 'p1 p2 100.000 6 0 0 1 6 3 8 2e-04 18.5')" "protein blast6"

# A matrix file (implies protein): ACDDA against ACDA, global, gaps 2/1: 4 x 3 - 3 = 9, the
# gap on the first D.
printf '# a test matrix\n   A  C  D  X\nA  3 -2 -2 -1\nC -2  3 -2 -1\nD -2 -2  3 -1\nX -1 -1 -1 -1\n' \
    >"$TMP/m.txt"
printf '>m1\nACDDA\n' >"$TMP/m1.fa"
printf '>m2\nACDA\n' >"$TMP/m2.fa"
run "$TROPIC" align --matrix "$TMP/m.txt" --gap-open 2 --gap-extend 1 --mode global \
    "$TMP/m1.fa" "$TMP/m2.fa"
assert_eq "$RC" 0 "matrix file: exit code"
assert_eq "$ERR" "" "matrix file: no detection note (--matrix implies protein)"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p)" "$(tsv 'm1 m2 global 9 1 5 1 4 0.8000 4 0 1 1 2=1I2=')" \
    "matrix file"

# --help lists every option with its default.
run "$TROPIC" align --help
assert_eq "$RC" 0 "--help: exit code"
for option in --pairs --mode --dna --protein --match --mismatch --n-score --matrix --gap-open \
    --gap-extend --score-only --cigar-m --format --backend --threads --device --max-memory \
    --output --json --quiet --chunk; do
    assert_contains "$OUT" "$option" "--help lists $option"
done
# The defaults, in either of CLI11's layouts: TYPE=DEFAULT (2.3, Debian 12) or TYPE [DEFAULT]
# (2.4, e.g. Ubuntu 24.04).
for option_default in "--mode local" "--match 2" "--mismatch -3" "--matrix BLOSUM62" \
    "--format tsv" "--chunk 256"; do
    read -r option default <<<"$option_default"
    entry=$(grep -E -- "^ +(-[a-z], *)?$option[ =]" <<<"$OUT" | head -1 || true)
    case "$entry" in
        *"=$default "* | *"=$default" | *"[$default]"*) ;;
        *) fail "--help shows the default $default of $option: '$entry'" ;;
    esac
done
for text in "5 for DNA, 11 for protein" "2 for DNA, 1 for protein"; do
    assert_contains "$OUT" "$text" "--help gives the gap defaults: $text"
done

finish
