# The cnv workflow: each of 4 BAMs counted by its own job, the tables merged into the cohort's,
# then one `tropic cnv call`; the merged table is the same bytes as `tropic cnv count` of all
# BAMs at once (the windows of the first file's header; a file whose header has a further
# sequence), and so are the calls.
source "$(dirname "$0")/lib.sh"
command -v samtools >/dev/null 2>&1 || skip "samtools is not installed"

# Reads of 50 bases, about 60 per 1 kb window, on two sequences of 60 kb; sample s2 has one copy
# of chr1:20-30 kb, sample s3 three. The last file's header has a third sequence (chrM), which
# the first file's header has not: counted by its own job, left out of the cohort's table.
python3 - "$TMP" <<'PYTHON'
import random, sys
folder = sys.argv[1]
lengths = {"chr1": 60000, "chr2": 60000}
for sample, factor in [("s1", 1.0), ("s2", 0.5), ("s3", 1.5), ("s4", 1.0)]:
    rng = random.Random(sample)
    with open(f"{folder}/{sample}.sam", "w") as sam:
        sam.write("@HD\tVN:1.6\tSO:unsorted\n")
        for name, length in lengths.items():
            sam.write(f"@SQ\tSN:{name}\tLN:{length}\n")
        if sample == "s4":
            sam.write("@SQ\tSN:chrM\tLN:16569\n")
        for name, length in lengths.items():
            for k in range(length * 60 // 1000):
                pos = rng.randrange(length - 50) + 1
                if name == "chr1" and 20000 <= pos < 30000 and rng.random() > factor / 1.5:
                    continue
                sam.write(f"r{name}_{k}\t0\t{name}\t{pos}\t60\t50M\t*\t0\t0\t*\t*\n")
PYTHON
for sample in s1 s2 s3 s4; do
    samtools sort -o "$TMP/$sample.bam" "$TMP/$sample.sam" 2>/dev/null
done
BAMS="$TMP/s1.bam $TMP/s2.bam $TMP/s3.bam $TMP/s4.bam"
COUNT="-w 1000"

tropic cnv count $BAMS $COUNT -q -o "$TMP/one.tsv"
tropic cnv call "$TMP/one.tsv" -q -o "$TMP/one"
[ "$(wc -l <"$TMP/one.cnvs.tsv")" -gt 1 ] || fail "single run: no CNV called"

run_workflow cnv "$TMP/run" --config "bams=[$(echo $BAMS | tr ' ' ,)]" "count_options=$COUNT" \
    threads=1 gpus=0 outdir=out && {
    same_bytes "$TMP/run/out/counts.tsv" "$TMP/one.tsv" "cnv count, merged table"
    same_bytes "$TMP/run/out/cohort.cnvs.tsv" "$TMP/one.cnvs.tsv" "cnv call, CNVs"
    same_bytes "$TMP/run/out/cohort.cn.tsv" "$TMP/one.cn.tsv" "cnv call, copy numbers"
}

dry_run_slurm cnv "$TMP/dry" --config "bams=[$(echo $BAMS | tr ' ' ,)]"
finish
