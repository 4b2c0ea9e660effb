# The mirscan workflow: a genome of 4 records in 3 shards, each scanned on each strand by its own
# job, merged into one run's order (records in input order; within one, by start, '+' first,
# then end); the same bytes as one `tropic mirscan` of the genome, in tsv (header once) with
# every hairpin (--all-hairpins). (docs/workflows.md's example, run by test_docs.sh, checks gff3.)
source "$(dirname "$0")/lib.sh"

# The example genome twice, the copies renamed; --shuffles 10 keeps the test fast.
DATA="$REPO/data/examples"
{
    cat "$DATA/mirscan_genome.fa"
    sed 's/^>\([^ ]*\)/>\1_copy/' "$DATA/mirscan_genome.fa"
} >"$TMP/genome.fa"
OPTIONS="--shuffles 10 --min-score 0.3"

tropic mirscan "$TMP/genome.fa" $OPTIONS --format tsv --all-hairpins "$TMP/one.hairpins.tsv" \
    -q -o "$TMP/one.tsv"
[ "$(grep -c $'\t+\t' "$TMP/one.tsv")" -gt 0 ] && [ "$(grep -c $'\t-\t' "$TMP/one.tsv")" -gt 0 ] ||
    fail "single run: candidates on both strands expected"

run_workflow mirscan "$TMP/run" --config genome="$TMP/genome.fa" shards=3 format=tsv \
    all_hairpins=true "options=$OPTIONS" threads=1 gpus=0 outdir=out && {
    same_bytes "$TMP/run/out/mirscan.tsv" "$TMP/one.tsv" "mirscan, tsv"
    same_bytes "$TMP/run/out/hairpins.tsv" "$TMP/one.hairpins.tsv" "mirscan, --all-hairpins"
}

dry_run_slurm mirscan "$TMP/dry" --config genome="$TMP/genome.fa"
finish
