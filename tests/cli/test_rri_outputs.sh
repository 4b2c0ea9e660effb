#!/usr/bin/env bash
# `tropic rri` end to end: every query against every target, --pairs, stdin and gzip inputs,
# text and JSON layouts, structures that re-score to the printed score, strand symmetry, windows
# at least the lengths equal to none, and --top.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/rri_lib.sh"

{
    random_record q1 12 1
    random_record q2 23 2
} >"$TMP/queries.fa"
{
    random_record t1 40 3
    random_record t2 7 4
    random_record t3 90 5
} >"$TMP/targets.fa"

# Every query against every target: targets outer, queries inner, one block per pair.
run "$TROPIC" rri --threads 2 "$TMP/queries.fa" "$TMP/targets.fa"
assert_eq "$RC" 0 "all against all: exit code"
printf '%s\n' "$OUT" >"$TMP/all.txt"
assert_eq "$(grep '^>' "$TMP/all.txt" | cut -d' ' -f1 | tr '\n' ' ')" \
    ">q1&t1 >q2&t1 >q1&t2 >q2&t2 >q1&t3 >q2&t3 " "all against all: pairs in order"
assert_contains "$OUT" ">q2&t3 length1=23 length2=90 score=" "header layout"
check_rri_rescore "$TMP/all.txt" 3 1 1.5 || fail "all against all: structures do not re-score"

# One thread (pairs one after another) and three (small pairs side by side): the same output.
run "$TROPIC" rri --threads 1 "$TMP/queries.fa" "$TMP/targets.fa"
assert_eq "$OUT" "$(cat "$TMP/all.txt")" "--threads 1: same output"
run "$TROPIC" rri --threads 3 "$TMP/queries.fa" "$TMP/targets.fa"
assert_eq "$OUT" "$(cat "$TMP/all.txt")" "--threads 3: same output"

# The same from stdin and from gzip.
gzip -c "$TMP/targets.fa" >"$TMP/targets.fa.gz"
run_stdin "$TMP/queries.fa" "$TROPIC" rri --threads 2 - "$TMP/targets.fa.gz"
assert_eq "$RC" 0 "stdin and gzip: exit code"
assert_eq "$OUT" "$(cat "$TMP/all.txt")" "stdin and gzip: same output"

# --pairs: records in order; -o writes the same text.
{
    random_record q1 12 1
    random_record q3 15 6
} >"$TMP/pq.fa"
{
    random_record t1 40 3
    random_record t4 33 7
} >"$TMP/pt.fa"
run "$TROPIC" rri --pairs -o "$TMP/pairs.txt" "$TMP/pq.fa" "$TMP/pt.fa"
assert_eq "$RC" 0 "--pairs: exit code"
assert_eq "$(grep '^>' "$TMP/pairs.txt" | cut -d' ' -f1 | tr '\n' ' ')" ">q1&t1 >q3&t4 " \
    "--pairs: pairs"
assert_eq "$(head -3 "$TMP/pairs.txt")" "$(head -3 "$TMP/all.txt")" "--pairs: q1&t1 as before"

# Swapping the strands keeps every score.
run "$TROPIC" rri "$TMP/targets.fa" "$TMP/queries.fa"
printf '%s\n' "$OUT" >"$TMP/swapped.txt"
check_rri_rescore "$TMP/swapped.txt" 3 1 1.5 || fail "swapped: structures do not re-score"
assert_eq "$(rri_scores "$TMP/swapped.txt" | sort -g | tr '\n' ' ')" \
    "$(rri_scores "$TMP/all.txt" | sort -g | tr '\n' ' ')" "swapped strands: same scores"

# Windows at least the lengths: the full result, byte for byte.
run "$TROPIC" rri --window1 23 --window2 500 "$TMP/queries.fa" "$TMP/targets.fa"
assert_eq "$OUT" "$(cat "$TMP/all.txt")" "windows >= lengths: same output"

# A window: sites fit it.
run "$TROPIC" rri --window1 10 --window2 12 "$TMP/queries.fa" "$TMP/targets.fa"
printf '%s\n' "$OUT" >"$TMP/windowed.txt"
check_rri_rescore "$TMP/windowed.txt" 3 1 1.5 || fail "windowed: structures do not re-score"
awk '/^>/ { split($0, f, " site="); split(f[2], s, "[-& ]");
            if (s[2] - s[1] + 1 > 10 || s[4] - s[3] + 1 > 12) { print "site too wide: " $0; bad++ } }
     END { exit bad > 0 }' "$TMP/windowed.txt" || fail "windowed: a site is wider than the windows"

# --top 3: up to three ranked, non-overlapping sites per pair, scores not increasing.
run "$TROPIC" rri --top 3 --window2 10 "$TMP/queries.fa" "$TMP/targets.fa"
printf '%s\n' "$OUT" >"$TMP/top.txt"
check_rri_rescore "$TMP/top.txt" 3 1 1.5 || fail "--top: structures do not re-score"
# Ranks of each pair run 1, 2, ... without gaps (fewer than three when no further site of a
# positive score exists), and some pair of these random records has all three.
awk '/^>/ { split($1, name, ">"); split($NF, r, "=");
            if (r[2] != last[name[2]] + 1) { print "rank out of order: " $0; bad++ }
            last[name[2]] = r[2] }
     END { exit bad > 0 }' "$TMP/top.txt" || fail "--top 3: ranks of a pair are not 1, 2, 3"
assert_eq "$(grep -c '^>' "$TMP/top.txt" | awk '{ print ($1 > 6) }')" 1 "--top 3: more than one site per pair"
[ "$(grep -c ' rank=3$' "$TMP/top.txt")" -ge 1 ] || fail "--top 3: no pair has a third site"
assert_eq "$(grep -c ' rank=4$' "$TMP/top.txt" || true)" 0 "--top 3: no fourth site"
awk '/^>/ { split($0, f, " site="); split(f[2], s, "[-& ]"); pair = $1
            if (rank_of[pair]++ > 0 && (score() > last[pair])) { print "scores rise: " $0; bad++ }
            for (k = 1; k < rank_of[pair]; k++) {
                split(site[pair, k], o, " ")
                if (s[1] <= o[2] && o[1] <= s[2] && s[3] <= o[4] && o[3] <= s[4]) {
                    print "overlap: " $0; bad++ }
            }
            site[pair, rank_of[pair]] = s[1] " " s[2] " " s[3] " " s[4]; last[pair] = score() }
     function score(   g) { split($0, g, " score="); return substr(g[2], 1, index(g[2], " ") - 1) + 0 }
     END { exit bad > 0 }' "$TMP/top.txt" || fail "--top: sites overlap or scores rise"

# JSON: one object per pair with the same scores and structures.
run "$TROPIC" rri --json "$TMP/queries.fa" "$TMP/targets.fa"
assert_eq "$RC" 0 "--json: exit code"
assert_eq "$(printf '%s\n' "$OUT" | wc -l)" 6 "--json: one line per pair"
if have_python; then
    printf '%s\n' "$OUT" >"$TMP/all.json"
    python3 - "$TMP/all.json" "$TMP/all.txt" <<'PY' || fail "--json: does not match the text"
import json, sys
text = open(sys.argv[2]).read().split("\n")
headers = [l for l in text if l.startswith(">")]
structures = [text[i + 2] for i, l in enumerate(text) if l.startswith(">")]
objects = [json.loads(l) for l in open(sys.argv[1])]
assert len(objects) == len(headers), (len(objects), len(headers))
for o, h, s in zip(objects, headers, structures):
    site = o["sites"][0]
    score = site["score"]
    assert f">{o['query']}&{o['target']} " in h, h
    assert f" score={score} " in h or h.endswith(f" score={score}"), (score, h)
    assert site["structure"] == s, (site["structure"], s)
    kinds = {p["type"] for p in site["pairs"]}
    assert kinds <= {"intra1", "intra2", "inter"}, kinds
    assert o["model"] == "bpmax"
PY
else
    echo "python3 missing: JSON parse check skipped"
fi

finish
