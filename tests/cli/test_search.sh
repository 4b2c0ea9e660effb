#!/usr/bin/env bash
# `tropic search` end to end: hits on tiny DNA inputs checked by hand (both strands, BLAST's
# minus-strand coordinates, ties in database order), a FASTA database and one built by
# `tropic makedb` giving the same bytes in every layout, -o and BAM, thread counts, queries
# without hits, and bad input (a clear message, exit code 1, no output file).
source "$(dirname "$0")/lib.sh"

# t3 holds q1's reverse complement after AA; t1 holds q1's first 8 bases at 3-10 (and, as
# ACGTACGT is its own reverse complement, q1's minus strand ties there, plus first).
printf '>q1 first query\nACGTACGTTAGC\n>q2\nGGGCCCAAATTT\n>q3\nTTTTTTTT\n' >"$TMP/q.fa"
printf '>t1\nTTACGTACGTAGCAA\n>t2\nCCCAAATT\n>t3 rc of q1\nAAGCTAACGTACGT\n' >"$TMP/t.fa"
TAB=$'\t'
lines() { printf '%s\n' "$@" | tr ' ' '\t'; }

run "$TROPIC" search --strand both --top 3 "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 0 "blast6: exit code"
assert_eq "$OUT" "$(lines \
    'q1 t3 100.000 12 0 0 1 12 14 3 6e-05 22.9' \
    'q1 t1 100.000 8 0 0 1 8 3 10 0.008 15.7' \
    'q1 t1 100.000 8 0 0 1 8 10 3 0.008 15.7' \
    'q2 t2 100.000 8 0 0 4 11 1 8 0.008 15.7' \
    'q2 t2 100.000 5 0 0 8 12 8 4 0.35 10.3' \
    'q2 t1 100.000 3 0 0 6 8 13 15 4.3 6.7' \
    'q3 t2 100.000 3 0 0 6 8 6 4 2.9 6.7' \
    'q3 t1 100.000 2 0 0 1 2 1 2 10.0 4.9' \
    'q3 t1 100.000 2 0 0 7 8 15 14 10.0 4.9')" "blast6: both strands, BLAST's layout"
assert_eq "$(head -1 <<<"$ERR")" "tropic: note: the database is DNA (detected from its first record); use --dna or --protein to choose" \
    "the detection note"
assert_contains "$(tail -1 <<<"$ERR")" "tropic search: 3 queries against 3 sequences on the CPU: 2368 cells scanned in" \
    "the summary line"

# The plus strand alone (the default), top 1.
run "$TROPIC" search -q --top 1 "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" "$(lines 'q1 t1 100.000 8 0 0 1 8 3 10 0.008 15.7' \
    'q2 t2 100.000 8 0 0 4 11 1 8 0.008 15.7' 'q3 t1 100.000 2 0 0 1 2 1 2 10.0 4.9')" \
    "blast6: plus strand, top 1"

# paf: strand '-' with the range on the query as given; tsv and json: a strand column.
run "$TROPIC" search -q --strand both --top 1 --format paf "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(head -1 <<<"$OUT")" "$(lines 'q1 12 0 12 - t3 14 2 14 12 12 255 NM:i:0 AS:i:24 cg:Z:12=')" \
    "paf: minus strand"
run "$TROPIC" search -q --strand both --top 1 --format tsv "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(head -2 <<<"$OUT")" "#query${TAB}target${TAB}strand${TAB}mode${TAB}score${TAB}query_begin${TAB}query_end${TAB}target_begin${TAB}target_end${TAB}identity${TAB}matches${TAB}mismatches${TAB}gap_opens${TAB}gaps${TAB}cigar
$(lines 'q1 t3 - local 24 1 12 3 14 1.0000 12 0 0 0 12=')" "tsv: header and a minus-strand hit"
run "$TROPIC" search -q --json --top 1 "$TMP/q.fa" "$TMP/t.fa"
assert_contains "$OUT" '{"query":"q1","target":"t1","strand":"+","query_length":12' "json: strand field"

# SAM: FLAG 16 with SEQ reverse-complemented, 256 for later hits; a query without hits unmapped.
run "$TROPIC" search -q --strand both --top 2 --format sam "$TMP/q.fa" "$TMP/t.fa"
records=$(grep -v '^@' <<<"$OUT")
assert_eq "$(head -3 <<<"$records")" "$(lines \
    'q1 16 t3 3 255 12= * 0 0 GCTAACGTACGT * NM:i:0 AS:i:24' \
    'q1 256 t1 3 255 8=4S * 0 0 ACGTACGTTAGC * NM:i:0 AS:i:16' \
    'q2 0 t2 1 255 3S8=1S * 0 0 GGGCCCAAATTT * NM:i:0 AS:i:16')" "sam: flags and sequences"
run "$TROPIC" search -q --strand both --min-score 20 --format sam "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(grep -v '^@' <<<"$OUT")" "$(lines 'q1 16 t3 3 255 12= * 0 0 GCTAACGTACGT * NM:i:0 AS:i:24' \
    'q2 4 * 0 0 * * 0 0 GGGCCCAAATTT *' 'q3 4 * 0 0 * * 0 0 TTTTTTTT *')" \
    "sam: --min-score leaves q2 and q3 unmapped"
run "$TROPIC" search -q --min-score 100 "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC:$OUT" "0:" "blast6: no hits, no lines"

# A built database gives the same bytes as the FASTA, in every layout; threads change nothing.
run "$TROPIC" makedb -q "$TMP/t.fa" "$TMP/db"
assert_eq "$RC" 0 "makedb: exit code"
for format in blast6 tsv json paf sam; do
    run "$TROPIC" search -q --strand both --format "$format" "$TMP/q.fa" "$TMP/t.fa"
    from_fasta=$OUT
    run "$TROPIC" search -q --strand both --format "$format" "$TMP/q.fa" "$TMP/db"
    assert_eq "$RC" 0 "$format: built database: exit code"
    assert_eq "$(grep -v '^@PG' <<<"$OUT")" "$(grep -v '^@PG' <<<"$from_fasta")" \
        "$format: built database = FASTA"
    run "$TROPIC" search -q --strand both --threads 1 --format "$format" "$TMP/q.fa" "$TMP/db.tdb"
    assert_eq "$(grep -v '^@PG' <<<"$OUT")" "$(grep -v '^@PG' <<<"$from_fasta")" \
        "$format: 1 thread, PREFIX.tdb"
done

# Protein: the example files, modes, -o atomically.
DB_FA="$REPO/data/examples/search_db.fa"
QUERY_FA="$REPO/data/examples/search_query.fa"
run "$TROPIC" search -q "$QUERY_FA" "$DB_FA" -o "$TMP/hits.tsv"
assert_eq "$RC:$OUT" "0:" "-o: exit code, nothing on stdout"
assert_eq "$(head -2 "$TMP/hits.tsv")" "$(lines 'query1 db06 94.366 71 4 0 2 72 35 105 4e-35 130' \
    'query1 db12 86.667 60 8 0 8 67 31 90 2e-26 102')" "protein: the best hits of query1"
for mode in global glocal overlap; do
    run "$TROPIC" search -q --mode "$mode" --top 2 --format tsv "$QUERY_FA" "$DB_FA"
    assert_eq "$RC" 0 "--mode $mode: exit code"
    assert_eq "$(grep -c "${TAB}${mode}${TAB}" <<<"$OUT")" 6 "--mode $mode: 2 hits per query"
done

# BAM, read back by samtools when present.
if command -v samtools >/dev/null 2>&1; then
    run "$TROPIC" search -q --strand both --format sam "$TMP/q.fa" "$TMP/db"
    expected_sam=$(grep -v '^@' <<<"$OUT")
    run "$TROPIC" search -q --strand both "$TMP/q.fa" "$TMP/db" -o "$TMP/hits.bam"
    assert_eq "$RC" 0 "bam: exit code"
    assert_eq "$(samtools view "$TMP/hits.bam")" "$expected_sam" "bam: samtools reads the records"
fi

# Bad input: exit code 1, a message naming the problem, no output file.
printf '>bad\nACGTXACGT\n' >"$TMP/bad.fa"
: >"$TMP/empty.fa"
printf '>p\nMKVLAAGIWQ\n' >"$TMP/p.fa"
bad() {  # what expected-message args...
    local what=$1 message=$2
    shift 2
    run "$TROPIC" search -q "$@" -o "$TMP/out.txt"
    assert_eq "$RC" 1 "$what: exit code"
    assert_contains "$ERR" "$message" "$what: message"
    assert_file_missing "$TMP/out.txt" "$what: no output file"
}
bad "empty database" "no sequences" "$TMP/q.fa" "$TMP/empty.fa"
bad "empty queries" "the query file '$TMP/empty.fa' holds no sequences" "$TMP/empty.fa" "$TMP/t.fa"
bad "letter outside DNA" "bad.fa: record 1 ('bad'): invalid character 'X' at position 5" \
    "$TMP/bad.fa" "$TMP/t.fa"
bad "alphabet mismatch" "--protein was asked for but the database '$TMP/db' holds DNA" \
    --protein "$TMP/p.fa" "$TMP/db"
bad "--strand both with protein" "--strand both" --strand both "$TMP/p.fa" "$DB_FA"
bad "--evalue in global mode" "E-values describe local alignments" --mode global --evalue 1 \
    "$TMP/q.fa" "$TMP/t.fa"
bad "--evalue without statistics" "no published Karlin-Altschul parameters" --gap-open 3 \
    --evalue 1 "$TMP/q.fa" "$TMP/t.fa"
# Protein: SAM text holds it as it is; BAM's 4-bit sequence code cannot.
run "$TROPIC" search -q --format sam "$TMP/p.fa" "$DB_FA"
assert_eq "$RC" 0 "protein sam: exit code"
assert_contains "$OUT" "${TAB}MKVLAAGIWQ${TAB}" "protein sam: SEQ as it is"
run "$TROPIC" search -q --format sam -o "$TMP/out.bam" "$TMP/p.fa" "$DB_FA"
assert_eq "$RC" 1 "protein bam: exit code"
assert_contains "$ERR" "BAM stores sequences in a 4-bit code that holds nucleotides only" \
    "protein bam: message"
assert_file_missing "$TMP/out.bam" "protein bam: no file"
# Names SAM does not allow, named by file and record: a database sequence '*' (FASTA or built),
# an unnamed query.
printf '>d1\nACGTACGTAA\n>*\nACGTACGTAC\n' >"$TMP/star.fa"
"$TROPIC" makedb -q "$TMP/star.fa" "$TMP/star"
bad "database name '*'" "$TMP/star.fa: record 2 ('*'): the name starts with '*'" \
    --format sam "$TMP/q.fa" "$TMP/star.fa"
bad "built database name '*'" "$TMP/star.tdb: record 2 ('*'): the name starts with '*'" \
    --format sam "$TMP/q.fa" "$TMP/star"
printf '>\nACGTACGT\n' >"$TMP/unnamed.fa"
bad "unnamed query" "$TMP/unnamed.fa: record 1: an empty name cannot be a SAM QNAME" \
    --format sam "$TMP/unnamed.fa" "$TMP/t.fa"
run "$TROPIC" search -q "$TMP/unnamed.fa" "$TMP/star"
assert_eq "$RC" 0 "names outside SAM: blast6"
bad "--json and --format" "--json and --format paf contradict each other" --json --format paf \
    "$TMP/q.fa" "$TMP/t.fa"
bad "a missing database" "cannot open" "$TMP/q.fa" "$TMP/missing.fa"
bad "--top 0" "--top" --top 0 "$TMP/q.fa" "$TMP/t.fa"

finish
