# The search workflow: queries in 3 shards against a database built once, merged; the same bytes
# as one `tropic search` of all queries (hits, E-values from the database's length, tsv's header
# once), in blast6 and in tsv, and with more shards than queries (empty shards).
source "$(dirname "$0")/lib.sh"

DATA="$REPO/data/examples"
# 23 queries: the example's 3 and every database record (each finds itself and its relatives).
cat "$DATA/search_query.fa" "$DATA/search_db.fa" >"$TMP/queries.fa"
cp "$DATA/search_db.fa" "$TMP/db.fa"
OPTIONS="--top 3"

for layout in tsv blast6; do
    tropic search "$TMP/queries.fa" "$TMP/db.fa" --format $layout $OPTIONS -q -o "$TMP/one.$layout"
    not_empty "$TMP/one.$layout" "single run, $layout"
done

run_workflow search "$TMP/run" --config queries="$TMP/queries.fa" database="$TMP/db.fa" \
    shards=3 format=tsv "options=$OPTIONS" threads=1 gpus=0 outdir=out &&
    same_bytes "$TMP/run/out/search.tsv" "$TMP/one.tsv" "search, tsv, 3 shards"

run_workflow search "$TMP/run_many" --config queries="$TMP/queries.fa" database="$TMP/db.fa" \
    shards=30 format=blast6 "options=$OPTIONS" makedb=false threads=1 gpus=0 outdir=out &&
    same_bytes "$TMP/run_many/out/search.blast6" "$TMP/one.blast6" "search, blast6, 30 shards"

dry_run_slurm search "$TMP/dry" --config queries="$TMP/queries.fa" database="$TMP/db.fa"
finish
