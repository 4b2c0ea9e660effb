#!/usr/bin/env bash
# `tropic cnv count` end to end on files samtools makes (SAM -> sorted, indexed BAM and CRAM):
# the counts of a hand-checked case, every output form (stdout, -o TSV, .gz, .tcm), threads,
# --sequences through the index, --bed, --sample-names, CRAM, and errors with exit code 1 and
# no output file left behind.
source "$(dirname "$0")/lib.sh"
command -v samtools >/dev/null 2>&1 || skip "samtools is not installed"

TAB=$'\t'
# chr1: 100 bases (a multiple of the window 50: its last base is in no window); chr2: 55.
printf '>chr1\n%s\n>chr2\n%s\n' "$(printf 'ACGT%.0s' $(seq 25))" \
    "$(printf 'ACGTA%.0s' $(seq 11))" >"$TMP/ref.fa"
{
    printf '@HD\tVN:1.6\tSO:unsorted\n@SQ\tSN:chr1\tLN:100\n@SQ\tSN:chr2\tLN:55\n'
    printf 'a\t0\tchr1\t1\t60\t5M\t*\t0\t0\tACGTA\t*\n'        # window 1
    printf 'b\t0\tchr1\t50\t0\t5M\t*\t0\t0\tTACGT\t*\n'        # MAPQ 0: not counted
    printf 'c\t1024\tchr1\t51\t10\t2S3M\t*\t0\t0\tACGTA\t*\n'  # duplicate, clipped: window 2
    printf 'd\t256\tchr1\t99\t10\t1M\t*\t0\t0\tG\t*\n'         # secondary: window 2
    printf 'e\t0\tchr1\t100\t10\t1M\t*\t0\t0\tT\t*\n'          # the last base: no window
    printf 'f\t4\tchr2\t3\t10\t*\t*\t0\t0\tA\t*\n'             # unmapped
    printf 'g\t0\tchr2\t55\t255\t1M\t*\t0\t0\tA\t*\n'          # MAPQ 255, chr2's last base
} >"$TMP/s1.sam"
samtools sort -o "$TMP/s1.bam" "$TMP/s1.sam" 2>/dev/null
samtools index "$TMP/s1.bam"
cp "$TMP/s1.bam" "$TMP/s2.bam"
HEADER="#chrom${TAB}start${TAB}end${TAB}s1.bam${TAB}s2.bam"
EXPECTED="$HEADER
chr1${TAB}0${TAB}50${TAB}1${TAB}1
chr1${TAB}50${TAB}99${TAB}2${TAB}2
chr2${TAB}0${TAB}50${TAB}0${TAB}0
chr2${TAB}50${TAB}55${TAB}1${TAB}1"

run "$TROPIC" cnv count -w 50 "$TMP/s1.bam" "$TMP/s2.bam"
assert_eq "$RC" 0 "stdout: exit code"
assert_eq "$OUT" "$EXPECTED" "stdout: cn.mops' counts"
assert_eq "$ERR" "" "stdout: nothing on stderr"

for threads in 1 3; do
    run "$TROPIC" cnv count -q --window 50 --threads "$threads" "$TMP/s1.bam" "$TMP/s2.bam"
    assert_eq "$OUT" "$EXPECTED" "--threads $threads: same counts"
done

run "$TROPIC" cnv count -w 50 -o "$TMP/out.tsv" "$TMP/s1.bam" "$TMP/s2.bam"
assert_eq "$RC" 0 "-o tsv: exit code"
assert_eq "$(cat "$TMP/out.tsv")" "$EXPECTED" "-o tsv: the file"
run "$TROPIC" cnv count -w 50 -o "$TMP/out.tsv.gz" "$TMP/s1.bam" "$TMP/s2.bam"
assert_eq "$(gzip -dc "$TMP/out.tsv.gz")" "$EXPECTED" "-o .gz: compressed TSV"
run "$TROPIC" cnv count -w 50 -o "$TMP/out.tcm" "$TMP/s1.bam" "$TMP/s2.bam"
assert_eq "$RC" 0 "-o .tcm: exit code"
assert_eq "$(head -c 4 "$TMP/out.tcm" | od -An -tx1 | tr -d ' ')" "8954434d" "-o .tcm: binary magic"
run "$TROPIC" cnv count -w 50 --binary -o "$TMP/out.bin" "$TMP/s1.bam" "$TMP/s2.bam"
assert_eq "$(cmp "$TMP/out.bin" "$TMP/out.tcm" && echo same)" "same" "--binary: the same bytes"

# --sequences (through the index), --sample-names, --min-mapq.
run "$TROPIC" cnv count -w 50 --sequences chr2 --sample-names A,B "$TMP/s1.bam" "$TMP/s2.bam"
assert_eq "$OUT" "#chrom${TAB}start${TAB}end${TAB}A${TAB}B
chr2${TAB}0${TAB}50${TAB}0${TAB}0
chr2${TAB}50${TAB}55${TAB}1${TAB}1" "--sequences chr2 --sample-names"
run "$TROPIC" cnv count -w 50 --min-mapq 0 --sequences chr1 "$TMP/s1.bam"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p)" "chr1${TAB}0${TAB}50${TAB}2" "--min-mapq 0"

# --bed: regions, 0-based half-open; a read counts where it starts.
printf 'chr1\t49\t60\nchr2\t0\t55\n' >"$TMP/t.bed"
run "$TROPIC" cnv count --bed "$TMP/t.bed" "$TMP/s1.bam"
assert_eq "$OUT" "#chrom${TAB}start${TAB}end${TAB}s1.bam
chr1${TAB}49${TAB}60${TAB}1
chr2${TAB}0${TAB}55${TAB}1" "--bed"

# CRAM, with and without the reference at hand.
samtools faidx "$TMP/ref.fa"
samtools view -C -T "$TMP/ref.fa" -o "$TMP/s1.cram" "$TMP/s1.bam"
run "$TROPIC" cnv count -w 50 --reference "$TMP/ref.fa" "$TMP/s1.cram" "$TMP/s2.bam"
assert_eq "$OUT" "${EXPECTED/s1.bam/s1.cram}" "CRAM with --reference"

# Errors: exit code 1, a message naming the file, no output file.
{
    printf '@HD\tVN:1.6\n@SQ\tSN:chr1\tLN:100\n@SQ\tSN:chr2\tLN:56\n'
} >"$TMP/other.sam"
run "$TROPIC" cnv count -w 50 -o "$TMP/bad.tsv" "$TMP/s1.bam" "$TMP/other.sam"
assert_eq "$RC" 1 "different lengths: exit code"
assert_contains "$ERR" "$TMP/other.sam: reference sequence 'chr2' has length 56, but 55 in '$TMP/s1.bam'" \
    "different lengths: message"
assert_file_missing "$TMP/bad.tsv" "different lengths: no output"
run "$TROPIC" cnv count --sequences chrX -o "$TMP/bad.tsv" "$TMP/s1.bam"
assert_eq "$RC" 1 "unknown sequence: exit code"
assert_contains "$ERR" "no reference sequence 'chrX'" "unknown sequence: message"
assert_file_missing "$TMP/bad.tsv" "unknown sequence: no output"
run "$TROPIC" cnv count -o "$TMP/bad.tsv" "$TMP/missing.bam"
assert_eq "$RC" 1 "missing file: exit code"
assert_contains "$ERR" "missing.bam" "missing file: message"
assert_file_missing "$TMP/bad.tsv" "missing file: no output"
head -c 300 "$TMP/s1.bam" >"$TMP/cut.bam"
run "$TROPIC" cnv count -o "$TMP/bad.tcm" "$TMP/cut.bam"
assert_eq "$RC" 1 "truncated BAM: exit code"
assert_contains "$ERR" "$TMP/cut.bam" "truncated BAM: message"
assert_file_missing "$TMP/bad.tcm" "truncated BAM: no output"
# --help lists only the options cnv count honours (it writes a count matrix, never JSON, and
# counts on the CPU alone), with metavars that say what they name.
run "$TROPIC" cnv count --help
for option in --json --backend --device --max-memory TEXT; do
    grep -q -- "$option" <<<"$OUT" && fail "--help lists $option"
done
run "$TROPIC" cnv count --json "$TMP/s1.bam"
assert_eq "$RC" 1 "--json: exit code"
assert_contains "$ERR" "--json" "--json: message"
# -o naming a folder is refused before any counting, and nothing is written.
mkdir "$TMP/a_folder"
run "$TROPIC" cnv count -o "$TMP/a_folder" "$TMP/s1.bam"
assert_eq "$RC" 1 "-o a folder: exit code"
assert_contains "$ERR" "a_folder" "-o a folder: message"
run "$TROPIC" cnv count -w 0 "$TMP/s1.bam"
assert_eq "$RC" 1 "--window 0: exit code"
run "$TROPIC" cnv count "$TMP/s1.bam" "$TMP/s1.bam"
assert_eq "$RC" 1 "one file twice: exit code"
assert_contains "$ERR" "have the same sample name 's1.bam'" "one file twice: message"

# A bad line of SAM text is named by its record, with htslib's threads asked for too (they
# would parse text in batches and blame the batch's first record).
{
    head -n 5 "$TMP/s1.sam"
    printf 'x\t0\tchr1\tnot-a-position\t60\t5M\t*\t0\t0\tACGTA\t*\n'
} >"$TMP/bad_line.sam"
for threads in 1 2; do
    run "$TROPIC" cnv count -w 50 --threads "$threads" -o "$TMP/bad_line.tsv" "$TMP/bad_line.sam"
    assert_eq "$RC" 1 "bad SAM line, --threads $threads: exit code"
    assert_contains "$ERR" "$TMP/bad_line.sam: record 3: malformed" \
        "bad SAM line, --threads $threads: the record named"
    assert_file_missing "$TMP/bad_line.tsv" "bad SAM line, --threads $threads: no output"
done

# A sample without counted reads is a warning, not an error.
samtools view -b -o "$TMP/empty.bam" "$TMP/other.sam" 2>/dev/null
run "$TROPIC" cnv count --sequences chr1 "$TMP/empty.bam"
assert_eq "$RC" 0 "no reads: exit code"
assert_contains "$ERR" "tropic: warning: $TMP/empty.bam: no read with MAPQ >= 1 in any window" \
    "no reads: the warning"

finish
