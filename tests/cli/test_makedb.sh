#!/usr/bin/env bash
# `tropic makedb`: the summary and the note, the same file from a plain, gzip or stdin input,
# bad input (a clear message, exit code 1, no database and no temporary file left behind) and a
# run ended by a signal.
source "$(dirname "$0")/lib.sh"
set -m  # job control: the background run below gets SIGTERM's default action

DB_FA="$REPO/data/examples/search_db.fa"

# Nothing in $TMP but what the test wrote itself: no database, no temporary file.
leftovers() {
    find "$TMP" -maxdepth 1 \( -name '*.tdb' -o -name '.*.tmp.*' \) | sort
}

# The example: detected as protein, 20 sequences (docs/search.md shows the same lines).
run "$TROPIC" makedb "$DB_FA" "$TMP/ex"
assert_eq "$RC" 0 "example: exit code"
assert_eq "$ERR" "tropic: note: the database is protein (detected from its first record); use --dna or --protein to choose
tropic makedb: 20 sequences, 1565 residues, longest 150, protein; wrote $TMP/ex.tdb" "example: note and summary"
assert_eq "$OUT" "" "example: nothing on stdout"
assert_eq "$(head -c 8 "$TMP/ex.tdb")" "TROPICDB" "example: magic"
# 128 header bytes, 1565 residues padded to 1696, 8 * (3 * 20 + 2) index bytes, 80 name bytes.
assert_eq "$(wc -c <"$TMP/ex.tdb" | tr -d ' ')" 2272 "example: file size"

# -q: silent; --protein: no note; the same bytes every time.
run "$TROPIC" makedb -q "$DB_FA" "$TMP/quiet"
assert_eq "$RC:$ERR" "0:" "-q: exit code and stderr"
cmp -s "$TMP/ex.tdb" "$TMP/quiet.tdb" || fail "-q: a different file"
run "$TROPIC" makedb --protein "$DB_FA" "$TMP/given"
assert_eq "$ERR" "tropic makedb: 20 sequences, 1565 residues, longest 150, protein; wrote $TMP/given.tdb" \
    "--protein: summary without a note"
cmp -s "$TMP/ex.tdb" "$TMP/given.tdb" || fail "--protein: a different file"

# A PREFIX ending in .tdb names the file itself.
run "$TROPIC" makedb -q "$DB_FA" "$TMP/named.tdb"
assert_eq "$RC" 0 "PREFIX.tdb: exit code"
cmp -s "$TMP/ex.tdb" "$TMP/named.tdb" || fail "PREFIX.tdb: not written under that name"
assert_file_missing "$TMP/named.tdb.tdb" "PREFIX.tdb"

# gzip and stdin give the same file; a small --max-memory copies in windows, to the same bytes.
gzip -c "$DB_FA" >"$TMP/db.fa.gz"
run "$TROPIC" makedb -q "$TMP/db.fa.gz" "$TMP/gz"
assert_eq "$RC" 0 "gzip: exit code"
cmp -s "$TMP/ex.tdb" "$TMP/gz.tdb" || fail "gzip: a different file"
run_stdin "$DB_FA" "$TROPIC" makedb -q - "$TMP/stdin"
assert_eq "$RC" 0 "stdin: exit code"
cmp -s "$TMP/ex.tdb" "$TMP/stdin.tdb" || fail "stdin: a different file"
run "$TROPIC" makedb -q --max-memory 1K "$DB_FA" "$TMP/small"
assert_eq "$RC" 0 "--max-memory 1K: exit code"
cmp -s "$TMP/ex.tdb" "$TMP/small.tdb" || fail "--max-memory 1K: a different file"

# DNA: detected (U read as T), or chosen.
printf '>r1\nACGUN\n>r2\nacgtRYKM\n' >"$TMP/dna.fa"
run "$TROPIC" makedb "$TMP/dna.fa" "$TMP/dna"
assert_contains "$ERR" "tropic: note: the database is DNA (detected from its first record)" "DNA: note"
assert_contains "$ERR" "tropic makedb: 2 sequences, 13 residues, longest 8, DNA; wrote $TMP/dna.tdb" \
    "DNA: summary"
run "$TROPIC" makedb --dna -q "$TMP/dna.fa" "$TMP/dna2"
cmp -s "$TMP/dna.tdb" "$TMP/dna2.tdb" || fail "--dna: a different file"
rm -f "$TMP"/*.tdb

# expect_error WHAT MESSAGE ARGS...: exit 1, MESSAGE on stderr, nothing left behind.
expect_error() {
    local what=$1 message=$2
    shift 2
    run "$TROPIC" makedb "$@"
    assert_eq "$RC" 1 "$what: exit code"
    assert_contains "$ERR" "$message" "$what: message"
    assert_eq "$(leftovers)" "" "$what: files left behind"
}

printf '>a\nMELP\n>b desc\nMKVL\nMK1V\n' >"$TMP/digit.fa"
expect_error "a digit" "$TMP/digit.fa: record 2 ('b'): invalid character '1' at position 7: not in the protein alphabet" \
    "$TMP/digit.fa" "$TMP/out"
printf '>a\nACGT\n>b\nACGTACE\n' >"$TMP/notdna.fa"
expect_error "protein letter after DNA was detected" \
    "$TMP/notdna.fa: record 2 ('b'): invalid character 'E' at position 7: not in the DNA alphabet" \
    "$TMP/notdna.fa" "$TMP/out"
expect_error "--dna" "$TMP/digit.fa: record 1 ('a'): invalid character 'E' at position 2: not in the DNA alphabet" \
    --dna "$TMP/digit.fa" "$TMP/out"
printf '>a\nMELP\n>b\n>c\nMK\n' >"$TMP/empty_record.fa"
expect_error "empty record" "$TMP/empty_record.fa: record 2 ('b'): empty sequence" \
    "$TMP/empty_record.fa" "$TMP/out"
: >"$TMP/empty.fa"
expect_error "empty input" "$TMP/empty.fa: no sequences" "$TMP/empty.fa" "$TMP/out"
expect_error "missing input" "cannot open '$TMP/absent.fa'" "$TMP/absent.fa" "$TMP/out"
expect_error "missing folder" "cannot create output file '$TMP/no/such/out.tdb'" "$DB_FA" \
    "$TMP/no/such/out"
expect_error "--dna with --protein" "--protein" --dna --protein "$DB_FA" "$TMP/out"
expect_error "no prefix" "prefix is required" "$DB_FA"
expect_error "bad --max-memory" "--max-memory" --max-memory lots "$DB_FA" "$TMP/out"

# SIGTERM while the input is still coming: the run ends as the signal ends a process and leaves
# neither the database nor its temporary files.
mkfifo "$TMP/fifo"
"$TROPIC" makedb -q "$TMP/fifo" "$TMP/sig" 2>"$TMP/sig.err" &
pid=$!
exec 3>"$TMP/fifo"
printf '>a\nMELP\n' >&3
waited=0
while [ "$(leftovers | wc -l)" -lt 2 ] && [ "$waited" -lt 200 ]; do
    sleep 0.05
    waited=$((waited + 1))
done
# Two: the database's and the one its residues wait in until they are sorted.
assert_eq "$(leftovers | wc -l | tr -d ' ')" 2 "SIGTERM: the run opened its temporary files"
kill -s TERM "$pid"
set +e
wait "$pid"
rc=$?
set -e
exec 3>&-
assert_eq "$rc" 143 "SIGTERM: exit status"
assert_eq "$(leftovers)" "" "SIGTERM: files left behind"

finish
