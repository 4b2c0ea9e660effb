# The fold workflow: records in 3 shards, folded, merged; the same bytes as one `tropic fold` of
# the file: RNAfold's text with -p (and samples), the pair-probability table (header once) and
# the dot plots; JSON lines; and more shards than records (empty shards).
source "$(dirname "$0")/lib.sh"

# 10 records: the examples twice, the copies renamed (dot plots are named by their record).
DATA="$REPO/data/examples"
{
    cat "$DATA/rna_examples.fa"
    sed 's/^>\([^ ]*\)/>\1_copy/' "$DATA/rna_examples.fa"
} >"$TMP/rna.fa"
OPTIONS="--sample 3"

tropic fold "$TMP/rna.fa" -p $OPTIONS --bpp "$TMP/one.bpp.tsv" --dotplot "$TMP/one_dotplots" \
    -q -o "$TMP/one.txt"
tropic fold "$TMP/rna.fa" --json -q -o "$TMP/one.json"
not_empty "$TMP/one.txt" "single run, -p"

run_workflow fold "$TMP/run" --config input="$TMP/rna.fa" shards=3 partfunc=true bpp=true \
    dotplot=true "options=$OPTIONS" threads=1 gpus=0 outdir=out && {
    same_bytes "$TMP/run/out/fold.txt" "$TMP/one.txt" "fold -p, text"
    same_bytes "$TMP/run/out/bpp.tsv" "$TMP/one.bpp.tsv" "fold -p, --bpp"
    [ "$(ls "$TMP/one_dotplots" | wc -l)" -eq 10 ] || fail "fold -p: not 10 dot plots"
    # Snakemake marks a finished folder output with a file of its own.
    if ! diff -r -x .snakemake_timestamp "$TMP/run/out/dotplots" "$TMP/one_dotplots"; then
        fail "fold -p: the merged dot plots differ from one run's"
    fi
}

run_workflow fold "$TMP/run_json" --config input="$TMP/rna.fa" shards=12 format=json \
    threads=1 gpus=0 outdir=out &&
    same_bytes "$TMP/run_json/out/fold.json" "$TMP/one.json" "fold --json, 12 shards"

dry_run_slurm fold "$TMP/dry" --config input="$TMP/rna.fa"
finish
