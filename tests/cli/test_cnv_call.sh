#!/usr/bin/env bash
# `tropic cnv call` end to end: cn.mops' CNVs and regions on an oracle cohort (classes and
# coordinates; the library tests compare every value), the files it writes, BAM input counted
# first, the reference mode's sample choice, and bad input: exit code 1 with a message naming
# the problem and no output file left behind.
source "$(dirname "$0")/lib.sh"
CASE="$REPO/tests/data/cnv/cnmops/cohort_default"
TAB=$'\t'

run "$TROPIC" cnv call -q "$CASE/counts.tsv" -o "$TMP/run" --json --plot "$TMP/plots"
assert_eq "$RC" 0 "cohort: exit code ($ERR)"
for f in cnvs.tsv cnvr.tsv cn.tsv ini.tsv vcf.gz vcf.gz.tbi json; do
    [ -s "$TMP/run.$f" ] || fail "cohort: run.$f missing"
done
[ -f "$TMP/plots/cn_heatmap.svg" ] || fail "cohort: no heatmap"
[ "$(ls "$TMP/plots" | grep -c '^chr.*\.svg$')" -ge 1 ] || fail "cohort: no region plot"
# cn.mops' CNVs: sample, chrom, start, end, CN.
cut -f1-4,7 "$CASE/cnvs.tsv" | tail -n +2 >"$TMP/expected"
cut -f1-4,7 "$TMP/run.cnvs.tsv" | tail -n +2 >"$TMP/actual"
cmp -s "$TMP/expected" "$TMP/actual" || { fail "cohort: CNVs differ from cn.mops'"; diff "$TMP/expected" "$TMP/actual" >&2; }
tail -n +2 "$CASE/cnvr.tsv" >"$TMP/expected"
tail -n +2 "$TMP/run.cnvr.tsv" >"$TMP/actual"
cmp -s "$TMP/expected" "$TMP/actual" || fail "cohort: CNV regions differ from cn.mops'"
python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$TMP/run.json" || fail "cohort: JSON does not parse"
run "$TROPIC" cnv call -q --threads 1 --backend cpu "$CASE/counts.tsv" -o "$TMP/one"
cmp -s "$TMP/run.cnvs.tsv" "$TMP/one.cnvs.tsv" || fail "1 thread: different CNVs"
cmp -s "$TMP/run.cn.tsv" "$TMP/one.cn.tsv" || fail "1 thread: different copy numbers"

"$TROPIC" cnv call -q "$CASE/counts.tsv" -o "$TMP/again" --no-vcf
[ ! -e "$TMP/again.vcf.gz" ] || fail "--no-vcf: a VCF was written"

# A table as R's write.table writes it (names in double quotes) with a header that starts
# "chrom", as cn.mops users export it: the same calls and a valid VCF.
awk 'BEGIN{FS=OFS="\t"} NR==1{sub(/^#/, "", $1); for (i = 1; i <= NF; i++) $i = "\"" $i "\""}
     NR>1{$1 = "\"" $1 "\""} {print}' "$CASE/counts.tsv" >"$TMP/r_style.tsv"
run "$TROPIC" cnv call -q "$TMP/r_style.tsv" -o "$TMP/r_style"
assert_eq "$RC" 0 "R-style table: exit code ($ERR)"
for f in cnvs.tsv cnvr.tsv cn.tsv; do
    cmp -s "$TMP/run.$f" "$TMP/r_style.$f" || fail "R-style table: $f differs"
done
assert_eq "$(gzip -dc "$TMP/r_style.vcf.gz")" "$(gzip -dc "$TMP/run.vcf.gz")" "R-style table: VCF"

# Reference mode: controls by name.
REF="$REPO/tests/data/cnv/cnmops/reference"
controls=$(head -1 "$REF/counts.tsv" | cut -f8- | tr '\t' ',')
run "$TROPIC" cnv call -q --mode reference --segmentation fast --controls "$controls" \
    "$REF/counts.tsv" -o "$TMP/ref"
assert_eq "$RC" 0 "reference: exit code ($ERR)"
cut -f1-4,7 "$REF/cnvs.tsv" | tail -n +2 >"$TMP/expected"
cut -f1-4,7 "$TMP/ref.cnvs.tsv" | tail -n +2 >"$TMP/actual"
cmp -s "$TMP/expected" "$TMP/actual" || fail "reference: CNVs differ from cn.mops'"

# BAM files are counted first.
BAMS="$REPO/tests/data/cnv/cnmops/counts_bam"
run "$TROPIC" cnv call -q -w 10000 --sample-names s1,s2,s3 "$BAMS/s1.bam" "$BAMS/s2.bam" \
    "$BAMS/s3.bam" -o "$TMP/bam"
assert_eq "$RC" 0 "BAM input: exit code ($ERR)"
"$TROPIC" cnv count -q -w 10000 --sample-names s1,s2,s3 "$BAMS/s1.bam" "$BAMS/s2.bam" \
    "$BAMS/s3.bam" -o "$TMP/bam_counts.tsv"
run "$TROPIC" cnv call -q "$TMP/bam_counts.tsv" -o "$TMP/bam2"
cmp -s "$TMP/bam.cn.tsv" "$TMP/bam2.cn.tsv" || fail "BAM input: differs from count, then call"

# Bad input: exit 1, a message, no output.
expect_error() {  # what pattern args...
    local what=$1 pattern=$2
    shift 2
    run "$TROPIC" cnv call -q "$@" -o "$TMP/bad"
    assert_eq "$RC" 1 "$what: exit code"
    grep -q -- "$pattern" <<<"$ERR" || fail "$what: message '$ERR' lacks '$pattern'"
    if compgen -G "$TMP/bad*" >/dev/null; then fail "$what: output left behind"; rm -f "$TMP"/bad*; fi
}
head -3 "$CASE/counts.tsv" >"$TMP/na.tsv"
printf 'chr9\t0\t10\t1\tNA\t1\t1\t1\t1\t1\t1\n' >>"$TMP/na.tsv"
expect_error "NA count" "na.tsv" "$TMP/na.tsv"
sed '3s/\t[0-9]*$/\t-4/' "$CASE/counts.tsv" >"$TMP/negative.tsv"
expect_error "negative count" "negative.tsv" "$TMP/negative.tsv"
cut -f1-4 "$CASE/counts.tsv" >"$TMP/one_sample.tsv"
expect_error "one sample" "at least 2" "$TMP/one_sample.tsv"
awk 'BEGIN{FS=OFS="\t"} NR>1{$5=0} {print}' "$CASE/counts.tsv" >"$TMP/no_reads.tsv"
expect_error "a sample without reads" "no reads" "$TMP/no_reads.tsv"
expect_error "reference without controls" "controls" --mode reference "$CASE/counts.tsv"
expect_error "unknown control" "no sample named 'nobody'" --mode reference --controls nobody "$CASE/counts.tsv"
expect_error "missing file" "missing.tsv" "$TMP/missing.tsv"
# Options are typed: a whole number is not rounded from a fraction, a list is one argument.
expect_error "--cycles 2.5" "--cycles" --cycles 2.5 "$CASE/counts.tsv"
expect_error "--min-width 2.5" "--min-width" --min-width 2.5 "$CASE/counts.tsv"
expect_error "--folds 1,x" "--folds" --folds 0.5,x,2 --classes CN1,CN2,CN3 "$CASE/counts.tsv"
# Values outside the ranges cn.mops enforces or documents are refused, naming the option.
expect_error "--seg-alpha 1.5" "--seg-alpha" --seg-alpha 1.5 "$CASE/counts.tsv"
expect_error "--seg-alpha 0" "--seg-alpha" --seg-alpha 0 "$CASE/counts.tsv"
expect_error "--prior-impact -1" "--prior-impact" --prior-impact -1 "$CASE/counts.tsv"
expect_error "--norm-quantile 2" "--norm-quantile" --norm-quantile 2 "$CASE/counts.tsv"
expect_error "--lower-threshold 0.5" "--lower-threshold" --lower-threshold 0.5 "$CASE/counts.tsv"
expect_error "--cbs-alpha 1" "--cbs-alpha" --cbs-alpha 1 "$CASE/counts.tsv"
expect_error "--seed -1" "--seed" --seed -1 "$CASE/counts.tsv"
expect_error "--cycles 0" "--cycles" --cycles 0 "$CASE/counts.tsv"

# Every output is declared before the work and all appear together, or none: an output folder
# that cannot be made is refused at once, and a full disk (/dev/full behind PREFIX.cnvr.tsv,
# which is written in place as a device and small enough to fail only when flushed at the end)
# fails the run with exit 2, leaving no table, VCF, JSON or picture, nor the --plot folder it
# had made.
touch "$TMP/a_file"
expect_error "uncreatable --plot folder" "a_file/plots" --plot "$TMP/a_file/plots" "$CASE/counts.tsv"
run "$TROPIC" cnv call -q "$CASE/counts.tsv" -o "$TMP/no_such_folder/x"
assert_eq "$RC" 1 "missing -o folder: exit code"
assert_contains "$ERR" "no_such_folder/x.cnvs.tsv" "missing -o folder: message"
expect_error "failing run with --plot" "na.tsv" --plot "$TMP/new/plots" "$TMP/na.tsv"
[ ! -e "$TMP/new" ] || fail "failing run with --plot: the --plot folder was left behind"
if [ -w /dev/full ]; then
    ln -s /dev/full "$TMP/full.cnvr.tsv"
    run "$TROPIC" cnv call -q "$CASE/counts.tsv" -o "$TMP/full" --json --plot "$TMP/full_plots"
    assert_eq "$RC" 2 "full disk: exit code"
    assert_contains "$ERR" "full.cnvr.tsv" "full disk: message"
    assert_eq "$(cd "$TMP" && echo full*)" "full.cnvr.tsv" "full disk: outputs left behind"
fi
run "$TROPIC" cnv call --help
grep -q "TEXT" <<<"$OUT" && fail "--help: a metavar says TEXT"
for metavar in "inputs FILE" "--plot DIR" "-o,--output PREFIX" "--bed FILE"; do
    grep -q -- "$metavar" <<<"$OUT" || fail "--help lacks '$metavar'"
done
run "$TROPIC" cnv call -q "$CASE/counts.tsv"
assert_eq "$RC" 1 "no -o: exit code"
grep -q -- "-o PREFIX" <<<"$ERR" || fail "no -o: message '$ERR'"
finish
