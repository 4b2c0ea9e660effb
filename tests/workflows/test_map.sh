# The map workflow: a sample's reads in 2 files (single-end) and another's in 2 pairs of files
# (paired-end), each file mapped by its own job, sorted, merged per sample; the same bytes as one
# `tropic map` of the sample's files concatenated, sorted by samtools (BAM, header included).
# Every job maps under the same names (reference.tmi, reads_1, reads_2, mapped.bam), so the @PG
# command line is the same; the single run here maps under those names too.
source "$(dirname "$0")/lib.sh"
command -v samtools >/dev/null 2>&1 || skip "samtools is not installed"

DATA="$REPO/data/examples"
# 200 pairs: files of 100 pairs each. Paired-end batches (--chunk pairs) must not straddle files
# (the insert size is estimated per batch): --chunk 50 divides each file.
head -n 400 "$DATA/map_reads_1.fq" >"$TMP/a_1.fq"
tail -n +401 "$DATA/map_reads_1.fq" >"$TMP/b_1.fq"
head -n 400 "$DATA/map_reads_2.fq" >"$TMP/a_2.fq"
tail -n +401 "$DATA/map_reads_2.fq" >"$TMP/b_2.fq"
gzip -c "$TMP/b_1.fq" >"$TMP/b_1.fq.gz"
OPTIONS="--chunk 50"
THREADS=1

# one_run FOLDER READ_GROUP FILES [MATES]: tropic map of the files concatenated, under the
# workflow's names, sorted by samtools: FOLDER/sorted.bam.
one_run() {
    local folder=$1 read_group=$2 reads=$3 mates=${4:-}
    mkdir -p "$folder"
    tropic index "$DATA/map_ref.fa" -o "$folder/reference.tmi" -q
    zcat -f $reads >"$folder/reads_1"
    [ -z "$mates" ] || zcat -f $mates >"$folder/reads_2"
    (cd "$folder" && tropic map reference.tmi reads_1 ${mates:+reads_2} -R "$read_group" \
        $OPTIONS --threads $THREADS -q -o mapped.bam &&
        samtools sort --no-PG -o sorted.bam mapped.bam)
}
one_run "$TMP/one_single" '@RG\tID:single\tSM:single' "$TMP/a_1.fq $TMP/b_1.fq.gz"
one_run "$TMP/one_paired" '@RG\tID:paired\tSM:paired' "$TMP/a_1.fq $TMP/b_1.fq" \
    "$TMP/a_2.fq $TMP/b_2.fq"

cat >"$TMP/samples.yaml" <<YAML
samples:
  single:
    reads: [$TMP/a_1.fq, $TMP/b_1.fq.gz]
    read_group: "@RG\\\\tID:single\\\\tSM:single"
  paired:
    reads: [$TMP/a_1.fq, $TMP/b_1.fq]
    mates: [$TMP/a_2.fq, $TMP/b_2.fq]
    read_group: "@RG\\\\tID:paired\\\\tSM:paired"
YAML
run_workflow map "$TMP/run" --configfile "$TMP/samples.yaml" --config \
    reference="$DATA/map_ref.fa" "options=$OPTIONS" threads=$THREADS gpus=0 outdir=out && {
    for sample in single paired; do
        [ "$(samtools view -c "$TMP/one_$sample/sorted.bam")" -gt 0 ] || fail "$sample: no records"
        same_bytes "$TMP/run/out/$sample.bam" "$TMP/one_$sample/sorted.bam" "map, $sample-end"
        [ -s "$TMP/run/out/$sample.bam.bai" ] || fail "map, $sample: no index"
    done
}

dry_run_slurm map "$TMP/dry" --configfile "$TMP/samples.yaml" --config \
    reference="$DATA/map_ref.fa"
finish
