#!/usr/bin/env bash
# `tropic index` and `tropic map` end to end on a synthetic genome with diverged repeats and reads
# from wgsim (Debian's samtools package ships it): samtools accepts the SAM and BAM (quickcheck,
# flagstat, calmd finds NM and MD right, sort), most reads land where wgsim took them from, and bad
# input is refused with the file and record named and no output left behind.
source "$(dirname "$0")/lib.sh"
command -v samtools >/dev/null 2>&1 || skip "samtools is not installed"
command -v wgsim >/dev/null 2>&1 || skip "wgsim is not installed (Debian's samtools package)"
SCRIPTS="$REPO/tests/cli"

python3 "$SCRIPTS/map_genome.py" "$TMP/ref.fa" 300000 --contigs 3 --seed 7
wgsim -S 11 -N 1500 -1 150 -2 150 -d 350 -s 35 -e 0.01 -r 0.001 "$TMP/ref.fa" "$TMP/r1.fq" \
    "$TMP/r2.fq" >/dev/null 2>&1

# The index beside the reference, then paired-end reads to SAM on stdout.
run "$TROPIC" index "$TMP/ref.fa" -q
[ "$RC" -eq 0 ] || fail "index: exit $RC: $ERR"
[ -s "$TMP/ref.fa.tmi" ] || fail "index: no ref.fa.tmi"
run "$TROPIC" map "$TMP/ref.fa" "$TMP/r1.fq" "$TMP/r2.fq" -R '@RG\tID:run1\tSM:s1' --threads 2
[ "$RC" -eq 0 ] || fail "map pairs: exit $RC: $ERR"
printf '%s\n' "$OUT" >"$TMP/pairs.sam"
assert_contains "$ERR" "3000 reads (1500 pairs)" "the summary counts reads and pairs"
assert_contains "$ERR" "properly paired" "the summary gives the proper pairs"
samtools quickcheck -u "$TMP/pairs.sam" || fail "samtools quickcheck refuses the SAM"
grep -q $'^@RG\tID:run1\tSM:s1' "$TMP/pairs.sam" || fail "no @RG line"
grep -q $'^@PG\tID:tropic' "$TMP/pairs.sam" || fail "no @PG line"
[ "$(grep -c '^@SQ' "$TMP/pairs.sam")" -eq 3 ] || fail "one @SQ per contig"
[ "$(grep -vc '^@' "$TMP/pairs.sam")" -eq 3000 ] || fail "one record per read"
grep -v '^@' "$TMP/pairs.sam" | grep -vq $'\tRG:Z:run1' && fail "a record without RG:Z:run1"
flagstat=$(samtools flagstat "$TMP/pairs.sam")
assert_contains "$flagstat" "3000 + 0 in total" "flagstat reads every record"
assert_contains "$flagstat" "1500 + 0 read1" "flagstat sees the first reads"
# calmd recomputes NM and MD from the reference and warns when they differ from ours.
samtools faidx "$TMP/ref.fa"
samtools calmd "$TMP/pairs.sam" "$TMP/ref.fa" 2>"$TMP/calmd.err" >/dev/null ||
    fail "calmd fails: $(cat "$TMP/calmd.err")"
grep -q "different" "$TMP/calmd.err" && fail "calmd disagrees: $(head -3 "$TMP/calmd.err")"
samtools sort -o "$TMP/sorted.bam" "$TMP/pairs.sam" 2>/dev/null || fail "samtools sort refuses"
# wgsim's names hold the truth: most reads are placed right, and few confident ones wrong.
score=$(python3 "$SCRIPTS/map_accuracy.py" <"$TMP/pairs.sam")
python3 - "$score" <<'PY' || fail "accuracy: $score"
import json, sys
s = json.loads(sys.argv[1])
assert s["reads"] == 3000
assert s["correct"] >= 0.95 * s["reads"], s
assert s["correct_q30"] >= s["mapped_q30"] - 3, s
PY

# Single-end reads with the FASTA alone: the index is built in memory, and said so.
mkdir "$TMP/bare" && cp "$TMP/ref.fa" "$TMP/bare/ref.fa"
run "$TROPIC" map "$TMP/bare/ref.fa" "$TMP/r1.fq" -o "$TMP/single.sam"
[ "$RC" -eq 0 ] || fail "map single: exit $RC: $ERR"
assert_contains "$ERR" "building one in memory" "an index built in memory is announced"
assert_file_missing "$TMP/bare/ref.fa.tmi" "map does not write the index"
[ "$(grep -vc '^@' "$TMP/single.sam")" -eq 1500 ] || fail "single: one record per read"

# Secondary records: flagged 0x100 with MAPQ 0, after their read's primary, the primaries as
# before; samtools counts them apart.
run "$TROPIC" map "$TMP/ref.fa" "$TMP/r1.fq" "$TMP/r2.fq" -N 3 -q -o "$TMP/secondary.sam" \
    -R '@RG\tID:run1\tSM:s1'
[ "$RC" -eq 0 ] || fail "map -N 3: exit $RC: $ERR"
samtools quickcheck -u "$TMP/secondary.sam" || fail "quickcheck refuses the SAM with secondaries"
[ "$(samtools view -c -F 0x100 "$TMP/secondary.sam")" -eq 3000 ] || fail "-N 3: one primary a read"
diff <(samtools view -F 0x100 "$TMP/secondary.sam") <(samtools view "$TMP/pairs.sam") >/dev/null ||
    fail "-N 3 changes the primary records"
secondaries=$(samtools view -c -f 0x100 "$TMP/secondary.sam")
[ "$secondaries" -gt 0 ] || fail "-N 3: no secondary record on a genome with repeats"
[ "$(samtools view -f 0x100 "$TMP/secondary.sam" | awk '$5 != 0' | wc -l)" -eq 0 ] ||
    fail "a secondary record with MAPQ above 0"
assert_contains "$(samtools flagstat "$TMP/secondary.sam")" "$secondaries + 0 secondary" \
    "flagstat counts the secondary records"

# Sorted BAM with its index, from the .tmi named directly.
run "$TROPIC" map "$TMP/ref.fa.tmi" "$TMP/r1.fq" "$TMP/r2.fq" -o "$TMP/out.bam" --sort -q
[ "$RC" -eq 0 ] || fail "map --sort: exit $RC: $ERR"
samtools quickcheck "$TMP/out.bam" || fail "quickcheck refuses the BAM"
[ -s "$TMP/out.bam.bai" ] || fail "--sort writes FILE.bam.bai"
samtools view -H "$TMP/out.bam" | grep -q 'SO:coordinate' || fail "the header says SO:coordinate"
[ "$(samtools view -c "$TMP/out.bam" chr2)" -gt 0 ] || fail "a region query finds reads"
run "$TROPIC" map "$TMP/ref.fa" "$TMP/r1.fq" --sort -o "$TMP/out.sam"
[ "$RC" -eq 1 ] || fail "--sort to SAM: exit $RC"
assert_contains "$ERR" "FILE.bam" "--sort says it writes BAM"

# Bad input: named, exit 1, no output left.
head -n 8 "$TMP/r2.fq" >"$TMP/short2.fq"
run "$TROPIC" map "$TMP/ref.fa" "$TMP/r1.fq" "$TMP/short2.fq" -o "$TMP/bad.sam"
[ "$RC" -eq 1 ] || fail "fewer mates: exit $RC"
assert_contains "$ERR" "short2.fq" "fewer mates: the file is named"
assert_file_missing "$TMP/bad.sam" "fewer mates: no output"
sed '5s/.*/@other\/2/' "$TMP/r2.fq" >"$TMP/renamed2.fq"
run "$TROPIC" map "$TMP/ref.fa" "$TMP/r1.fq" "$TMP/renamed2.fq" -o "$TMP/bad.sam"
[ "$RC" -eq 1 ] || fail "mismatched names: exit $RC"
assert_contains "$ERR" "renamed2.fq: record 2 ('other/2')" "mismatched names: the record is named"
assert_file_missing "$TMP/bad.sam" "mismatched names: no output"
printf '@long\n%s\n+\n%s\n' "$(printf 'A%.0s' $(seq 1 60))" "$(printf 'I%.0s' $(seq 1 60))" >"$TMP/long.fq"
run "$TROPIC" map "$TMP/ref.fa" "$TMP/long.fq" --max-read-length 50
[ "$RC" -eq 1 ] || fail "a long read: exit $RC"
assert_contains "$ERR" "longer than the longest that tropic map takes, 50" "a long read: the limit is named"
printf '@q\nACGT\n+\nII\n' >"$TMP/badqual.fq"
run "$TROPIC" map "$TMP/ref.fa" "$TMP/badqual.fq"
[ "$RC" -eq 1 ] || fail "a quality line of the wrong length: exit $RC"
assert_contains "$ERR" "badqual.fq" "bad qualities: the file is named"
printf 'not an index' >"$TMP/fake.tmi"
run "$TROPIC" map "$TMP/fake.tmi" "$TMP/r1.fq"
[ "$RC" -eq 1 ] || fail "not an index: exit $RC"
assert_contains "$ERR" "fake.tmi" "not an index: the file is named"
run "$TROPIC" map "$TMP/ref.fa" "$TMP/r1.fq" -R 'ID:x'
[ "$RC" -eq 1 ] || fail "a bad read group: exit $RC"
assert_contains "$ERR" "@RG" "a bad read group: the expected form is shown"
finish
