#!/usr/bin/env bash
# `tropic align3` end to end: every layout on tiny triples whose alignments and scores are derived
# by hand below, both input forms (one file in threes, three files), stdin, -o, --threads,
# score-only, protein, and the alphabet detection note.
source "$(dirname "$0")/lib.sh"

TAB=$'\t'
HEADER="#a${TAB}b${TAB}c${TAB}a_length${TAB}b_length${TAB}c_length${TAB}score${TAB}columns${TAB}identities${TAB}row_a${TAB}row_b${TAB}row_c"
tsv() { printf '%s\n' "$@" | tr ' ' '\t'; }

# Triple 1: three identical sequences: no gap, 3 pairs x match 2 x 8 columns = 48.
# Triple 2: ACGT, AGT and an empty record. Every pair's projection is fixed but for where AGT's
#   gap goes: A-GT keeps 3 matches. Linear --gap 2: (d,e) 3 x 2 - 2 = 4, (d,f) -4 x 2, (e,f)
#   -3 x 2: -10. Affine 5/2 (the default): (d,e) 6 - 7 = -1, (d,f) -(5 + 8), (e,f) -(5 + 6): -25.
# Triple 3: AA, A, A: B's and C's A go with either A of AA (a tie). Linear: (a,b) 2 - 2, (a,c)
#   2 - 2, (b,c) 2: 2; the tie rule takes the three-residue column last, so the gaps go first.
#   Affine: (a,b) 2 - 7, (a,c) 2 - 7, (b,c) 2: -8, the same columns.
printf '>a first\nACGTACGT\n>b\nACGTACGT\n>c\nACGTACGT\n>d\nACGT\n>e\nAGT\n>f\n\n>g\nAA\n>h\nA\n>i\nA\n' \
    >"$TMP/triples.fa"
awk 'NR % 6 == 1 || NR % 6 == 2' "$TMP/triples.fa" >"$TMP/A.fa"
awk 'NR % 6 == 3 || NR % 6 == 4' "$TMP/triples.fa" >"$TMP/B.fa"
awk 'NR % 6 == 5 || NR % 6 == 0' "$TMP/triples.fa" >"$TMP/C.fa"

run "$TROPIC" align3 --gap 2 "$TMP/triples.fa"
assert_eq "$RC" 0 "linear tsv: exit code"
assert_eq "$OUT" "$HEADER"$'\n'"$(tsv \
    'a b c 8 8 8 48 8 8 ACGTACGT ACGTACGT ACGTACGT' \
    'd e f 4 3 0 -10 4 0 ACGT A-GT ----' \
    'g h i 2 1 1 2 2 1 AA -A -A')" "linear tsv"
assert_eq "$ERR" "tropic: note: aligning as DNA (detected from the first record of each input); use --protein or --dna to choose" \
    "the detection note"
linear_tsv=$OUT

run "$TROPIC" align3 -q "$TMP/triples.fa"
assert_eq "$OUT" "$HEADER"$'\n'"$(tsv \
    'a b c 8 8 8 48 8 8 ACGTACGT ACGTACGT ACGTACGT' \
    'd e f 4 3 0 -25 4 0 ACGT A-GT ----' \
    'g h i 2 1 1 -8 2 1 AA -A -A')" "affine tsv (the default gaps 5/2)"
affine_tsv=$OUT
run "$TROPIC" align3 -q --gap-open 0 --gap-extend 2 "$TMP/triples.fa"
assert_eq "$OUT" "$linear_tsv" "--gap-open 0 is the linear model"
run "$TROPIC" align3 -q --gap 2 --match 3 "$TMP/triples.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p | cut -f7)" 72 "--match 3: 3 x 3 x 8"
run "$TROPIC" align3 -q --gap 2 --mismatch -1 --dna "$TMP/triples.fa"
assert_eq "$OUT" "$linear_tsv" "--mismatch changes nothing without a mismatch"

# Three files: record i of each; the same triples, the same output.
run "$TROPIC" align3 -q --gap 2 "$TMP/A.fa" "$TMP/B.fa" "$TMP/C.fa"
assert_eq "$RC" 0 "three files: exit code"
assert_eq "$OUT" "$linear_tsv" "three files: the same triples"
run_stdin "$TMP/B.fa" "$TROPIC" align3 -q --gap 2 "$TMP/A.fa" - "$TMP/C.fa"
assert_eq "$OUT" "$linear_tsv" "three files, one on stdin"
gzip -c "$TMP/triples.fa" >"$TMP/triples.fa.gz"
run "$TROPIC" align3 -q "$TMP/triples.fa.gz" -o "$TMP/out.tsv"
assert_eq "$RC" 0 "gz, -o: exit code"
assert_eq "$OUT" "" "-o: nothing on stdout"
assert_eq "$(cat "$TMP/out.tsv")" "$affine_tsv" "gz, -o: the file"
for threads in 1 3; do
    run "$TROPIC" align3 -q --threads "$threads" --chunk 1 "$TMP/triples.fa"
    assert_eq "$OUT" "$affine_tsv" "--threads $threads --chunk 1: same output"
done
run "$TROPIC" align3 -q --backend cpu "$TMP/triples.fa"
assert_eq "$OUT" "$affine_tsv" "--backend cpu: same output"

# Score only: the scores, NA for the rest.
run "$TROPIC" align3 -q --score-only "$TMP/triples.fa"
assert_eq "$OUT" "$HEADER"$'\n'"$(tsv 'a b c 8 8 8 48 NA NA NA NA NA' 'd e f 4 3 0 -25 NA NA NA NA NA' \
    'g h i 2 1 1 -8 NA NA NA NA NA')" "--score-only tsv"

# json: one object per triple (--json and --format json alike).
run "$TROPIC" align3 -q --gap 2 --json "$TMP/triples.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p)" \
    '{"names":["d","e","f"],"lengths":[4,3,0],"score":-10,"columns":4,"identities":0,"rows":["ACGT","A-GT","----"]}' \
    "json"
json=$OUT
run "$TROPIC" align3 -q --gap 2 --format json "$TMP/triples.fa"
assert_eq "$OUT" "$json" "--format json as --json"
assert_eq "$(printf '%s\n' "$OUT" | wc -l)" 3 "json: a line per triple"
run "$TROPIC" align3 -q --score-only --json "$TMP/triples.fa"
assert_eq "$(printf '%s\n' "$OUT" | head -1)" \
    '{"names":["a","b","c"],"lengths":[8,8,8],"score":48,"columns":null,"identities":null,"rows":null}' \
    "--score-only json"
if have_python; then
    printf '%s\n' "$json" | python3 -c '
import json, sys
for line in sys.stdin:
    o = json.loads(line)
    assert len(o["rows"]) == 3 and all(len(r) == o["columns"] for r in o["rows"]), o
    for row, length in zip(o["rows"], o["lengths"]):
        assert len(row) - row.count("-") == length, o
' || fail "json: rows do not parse or do not hold the records"
fi

# Aligned FASTA: the records with their names, '-' for gaps.
run "$TROPIC" align3 -q --gap 2 --format fasta "$TMP/triples.fa"
assert_eq "$OUT" "$(printf '>a\nACGTACGT\n>b\nACGTACGT\n>c\nACGTACGT\n>d\nACGT\n>e\nA-GT\n>f\n----\n>g\nAA\n>h\n-A\n>i\n-A')" \
    "fasta"

# Clustal: a header per triple, names padded, '*' where the three residues are identical.
run "$TROPIC" align3 -q --gap 2 --format clustal "$TMP/A.fa" "$TMP/B.fa" "$TMP/C.fa"
expected_clustal="CLUSTAL W multiple sequence alignment (tropic align3, score 48)


a      ACGTACGT
b      ACGTACGT
c      ACGTACGT
       ********

CLUSTAL W multiple sequence alignment (tropic align3, score -10)


d      ACGT
e      A-GT
f      ----
           

CLUSTAL W multiple sequence alignment (tropic align3, score 2)


g      AA
h      -A
i      -A
        *"
assert_eq "$OUT" "$expected_clustal" "clustal"
# Blocks of 60 columns: 70 identical residues make two blocks.
seq70=$(printf 'ACGTACGTAC%.0s' 1 2 3 4 5 6 7)
printf '>x\n%s\n>y\n%s\n>z\n%s\n' "$seq70" "$seq70" "$seq70" >"$TMP/long.fa"
run "$TROPIC" align3 -q --format clustal "$TMP/long.fa"
assert_eq "$(printf '%s\n' "$OUT" | grep -c '^x ')" 2 "clustal: two blocks for 70 columns"
assert_eq "$(printf '%s\n' "$OUT" | grep '^x ' | head -1 | awk '{ print length($2) }')" 60 \
    "clustal: 60 columns a block"
assert_eq "$(printf '%s\n' "$OUT" | grep '^x ' | tail -1 | awk '{ print $2 }')" "ACGTACGTAC" \
    "clustal: the rest in the second block"
run "$TROPIC" align3 -q --score-only "$TMP/long.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p | cut -f7)" 420 "70 identical columns: 3 x 2 x 70"

# N never counts as identical (as align's CIGAR never calls N a match).
printf '>n1\nANA\n>n2\nANA\n>n3\nANA\n' >"$TMP/n.fa"
run "$TROPIC" align3 -q --gap 2 "$TMP/n.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p | cut -f7,9)" "3${TAB}2" \
    "N: 3 pairs x (2 - 3 + 2) = 3 (N scores as a mismatch), two identities"
run "$TROPIC" align3 -q --gap 2 --format clustal "$TMP/n.fa"
assert_eq "$(printf '%s\n' "$OUT" | tail -1)" "        * *" "N: no '*' in clustal"

# Protein: BLOSUM62 M/M 5, E/E 5, K/K 5, W/W 11: 3 x 26 = 78; detected as protein (E is no
# nucleotide code).
printf '>p1\nMEKW\n>p2\nMEKW\n>p3\nMEKW\n' >"$TMP/p.fa"
run "$TROPIC" align3 "$TMP/p.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p | cut -f7)" 78 "protein: BLOSUM62 score"
assert_contains "$ERR" "aligning as protein" "protein: detected"
run "$TROPIC" align3 -q --matrix PAM30 "$TMP/p.fa"
assert_eq "$RC" 0 "--matrix PAM30: exit code"

finish
