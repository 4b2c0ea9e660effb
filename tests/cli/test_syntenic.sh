#!/usr/bin/env bash
# `tropic syntenic` end to end: every layout on small pairs whose alignments and scores are
# derived by hand below, every pair and --pairs, both block-end rules, score-only, stdin, -o,
# --threads, protein.
source "$(dirname "$0")/lib.sh"

TAB=$'\t'
HEADER="#query${TAB}target${TAB}score${TAB}segment${TAB}kind${TAB}query_begin${TAB}query_end${TAB}target_begin${TAB}target_end${TAB}segment_score${TAB}cigar"
tsv() { printf '%s\n' "$@" | tr ' ' '\t'; }

# X (20 nt, ends in A), Y (10 T), X2 (10 nt, starts with G), Z (10 C): no letter of Y can slide
# into X or X2, so every optimum below is the only one.
X=ACGTACGTACGTACGTACGA
Y=TTTTTTTTTT
X2=GCATGCATGA
Z=CCCCCCCCCC
printf '>ins\n%s\n>sub\n%s\n' "$X$Y$X2" "$X$Y" >"$TMP/q.fa"
printf '>t1\n%s\n>t2\n%s\n' "$X$X2" "$X$Z" >"$TMP/t.fa"

# ins against t1 (--block 10): Y is inserted. As a block (10) rather than a gap (5 + 10 x 2):
#   20 + 10 matches x 2 - 10 = 50; the block's target side is empty (21-20).
# sub against t2: Y against Z, 10 mismatches (-30) or a block (-10): 40 - 10 = 30.
run "$TROPIC" syntenic --block 10 --pairs "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 0 "tsv: exit code"
assert_eq "$OUT" "$HEADER"$'\n'"$(tsv \
    'ins t1 50 1 aligned 1 20 1 20 40 20=' \
    'ins t1 50 2 block 21 30 21 20 -10 *' \
    'ins t1 50 3 aligned 31 40 21 30 20 10=' \
    'sub t2 30 1 aligned 1 20 1 20 40 20=' \
    'sub t2 30 2 block 21 30 21 30 -10 *')" "tsv, --pairs"
assert_eq "$ERR" "tropic: note: aligning as DNA (detected from the first query and target records); use --protein or --dna to choose" \
    "the detection note"
pairs_tsv=$OUT
# Each line's segment score re-derived: aligned segments 2 per '=' (no mismatch or gap here),
# blocks -10; the pair's score is their sum.
sums=$(printf '%s\n' "$OUT" | awk -F'\t' 'NR > 1 {
        s = ($5 == "block") ? -10 : 2 * $7 - 2 * $6 + 2
        if (s != $10) print "segment " $4 " of " $1 ": " $10 " != " s
        total[$1] += $10; score[$1] = $3 }
    END { for (q in total) if (total[q] != score[q]) print q ": " total[q] " != " score[q] }')
assert_eq "$sums" "" "tsv: segment scores add up"

# Every pair: targets in order, each against every query.
run "$TROPIC" syntenic -q --block 10 "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(printf '%s\n' "$OUT" | cut -f1,2 | uniq | tr '\t\n' ' :')" \
    "#query target:ins t1:sub t1:ins t2:sub t2:" "every pair, target by target"
assert_eq "$(printf '%s\n' "$OUT" | grep -P '^ins\tt1\t' )" "$(printf '%s\n' "$pairs_tsv" | grep -P '^ins\tt1\t')" \
    "every pair: ins against t1 as with --pairs"

# Without blocks worth taking (--block 1000): ins gets its gap, 60 - (5 + 20) = 35; sub its
# mismatches, 40 - 30 = 10.
run "$TROPIC" syntenic -q --block 1000 --pairs "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" "$HEADER"$'\n'"$(tsv 'ins t1 35 1 aligned 1 40 1 30 35 20=10I10=' \
    'sub t2 10 1 aligned 1 30 1 30 10 20=10X')" "--block 1000: no block"
# The default block cost is 30: ins takes its gap (25 < 30), sub its block (30 = 30 mismatches:
# a tie, which the rule gives to the diagonal).
run "$TROPIC" syntenic -q --pairs --score-only "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" "$HEADER"$'\n'"$(tsv 'ins t1 35 NA NA NA NA NA NA NA *' 'sub t2 10 NA NA NA NA NA NA NA *')" \
    "--score-only, the default block cost"
run "$TROPIC" syntenic -q --pairs "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(printf '%s\n' "$OUT" | tail -1)" "$(tsv 'sub t2 10 1 aligned 1 30 1 30 10 20=10X')" \
    "a block tied with mismatches: the diagonal wins"

# Charged ends: d more when the alignment does not start with a block, and again when it does
# not end with one: ins 50 - 20 = 30, sub (ends with its block) 30 - 10 = 20.
run "$TROPIC" syntenic -q --block 10 --block-ends charged --pairs --json "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" '{"query":"ins","target":"t1","query_length":40,"target_length":30,"block_cost":10,"block_ends":"charged","score":30,"end_charges":20,"matches":30,"mismatches":0,"gap_opens":0,"gaps":0,"blocks":1,"segments":[{"kind":"aligned","query_begin":1,"query_end":20,"target_begin":1,"target_end":20,"score":40,"cigar":"20="},{"kind":"block","query_begin":21,"query_end":30,"target_begin":21,"target_end":20,"score":-10,"cigar":null},{"kind":"aligned","query_begin":31,"query_end":40,"target_begin":21,"target_end":30,"score":20,"cigar":"10="}]}
{"query":"sub","target":"t2","query_length":30,"target_length":30,"block_cost":10,"block_ends":"charged","score":20,"end_charges":10,"matches":20,"mismatches":0,"gap_opens":0,"gaps":0,"blocks":1,"segments":[{"kind":"aligned","query_begin":1,"query_end":20,"target_begin":1,"target_end":20,"score":40,"cigar":"20="},{"kind":"block","query_begin":21,"query_end":30,"target_begin":21,"target_end":30,"score":-10,"cigar":null}]}' \
    "json, charged ends"
json=$OUT
run "$TROPIC" syntenic -q --block 10 --block-ends charged --pairs --format json "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" "$json" "--format json as --json"
run "$TROPIC" syntenic -q --block 10 --pairs --score-only --json "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$(printf '%s\n' "$OUT" | head -1)" \
    '{"query":"ins","target":"t1","query_length":40,"target_length":30,"block_cost":10,"block_ends":"free","score":50,"end_charges":null,"matches":null,"mismatches":null,"gap_opens":null,"gaps":null,"blocks":null,"segments":null}' \
    "--score-only json"
if have_python; then
    printf '%s\n' "$json" | python3 -c '
import json, sys
for line in sys.stdin:
    o = json.loads(line)
    s = o["segments"]
    assert s[0]["query_begin"] == 1 and s[-1]["query_end"] == o["query_length"], o
    assert s[-1]["target_end"] == o["target_length"], o
    for a, b in zip(s, s[1:]):
        assert b["query_begin"] == a["query_end"] + 1 and b["target_begin"] == a["target_end"] + 1, o
    assert sum(x["score"] for x in s) - o["end_charges"] == o["score"], o
' || fail "json: segments do not cover the pair or do not add up"
fi

# paf: a line per aligned segment, 0-based half-open, the segment's score as AS:i.
run "$TROPIC" syntenic -q --block 10 --pairs --format paf "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" "$(tsv 'ins 40 0 20 + t1 30 0 20 20 20 255 NM:i:0 AS:i:40 cg:Z:20=' \
    'ins 40 30 40 + t1 30 20 30 10 10 255 NM:i:0 AS:i:20 cg:Z:10=' \
    'sub 30 0 20 + t2 30 0 20 20 20 255 NM:i:0 AS:i:40 cg:Z:20=')" "paf"
run "$TROPIC" syntenic -q --block 1000 --pairs --format paf "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$OUT" "$(tsv 'ins 40 0 40 + t1 30 0 30 30 40 255 NM:i:10 AS:i:35 cg:Z:20=10I10=' \
    'sub 30 0 30 + t2 30 0 30 20 30 255 NM:i:10 AS:i:10 cg:Z:20=10X')" "paf, gaps and mismatches"

# pair: the header, the aligned segments as align's pair view, the blocks marked.
printf '>t1\n%s\n' "$X$X2" >"$TMP/t1.fa"
run "$TROPIC" syntenic -q --block 10 --format pair --pairs <(head -2 "$TMP/q.fa") "$TMP/t1.fa"
assert_eq "$OUT" "#=======================================
#
# Query:       ins (length 40)
# Target:      t1 (length 30)
# Mode:        syntenic
# Matrix:      DNA +2/-3, N -3
# Gap_penalty: open 5, extend 2 (a gap of k residues costs 5 + 2k)
# Block_cost:  10 (block ends free)
#
# Length:      30
# Identity:         30/30 (100.0%)
# Similarity:       30/30 (100.0%)
# Gaps:              0/30 (  0.0%)
# Blocks:      1
# Score:       50
#
#=======================================

ins                1 ACGTACGTACGTACGTACGA     20
                     ||||||||||||||||||||
t1                 1 ACGTACGTACGTACGTACGA     20

[block: query 21-30 (10), target 21-20 (0)]

ins               31 GCATGCATGA     40
                     ||||||||||
t1                21 GCATGCATGA     30" "pair"

# stdin, -o, threads and chunks: the same output.
run_stdin "$TMP/t.fa" "$TROPIC" syntenic -q --block 10 --pairs "$TMP/q.fa" - -o "$TMP/out.tsv"
assert_eq "$RC" 0 "stdin, -o: exit code"
assert_eq "$OUT" "" "-o: nothing on stdout"
assert_eq "$(cat "$TMP/out.tsv")" "$pairs_tsv" "stdin, -o: the file"
for threads in 1 3; do
    run "$TROPIC" syntenic -q --block 10 --pairs --threads "$threads" --chunk 1 "$TMP/q.fa" "$TMP/t.fa"
    assert_eq "$OUT" "$pairs_tsv" "--threads $threads --chunk 1: same output"
done

# Identical sequences: one aligned segment, 2 x length.
printf '>s\n%s\n' "$X$X2" >"$TMP/s.fa"
run "$TROPIC" syntenic -q "$TMP/s.fa" "$TMP/s.fa"
assert_eq "$(printf '%s\n' "$OUT" | sed -n 2p)" "$(tsv 's s 60 1 aligned 1 30 1 30 60 30=')" \
    "identical: 2 x 30"

# Protein: BLOSUM62, gaps 11/1; M/M 5, E/E 5, K/K 5, W/W 11.
printf '>p\nMEKW\n' >"$TMP/p.fa"
run "$TROPIC" syntenic --json "$TMP/p.fa" "$TMP/p.fa"
assert_contains "$OUT" '"score":26,' "protein: BLOSUM62 score"
assert_contains "$ERR" "aligning as protein" "protein: detected"

finish
