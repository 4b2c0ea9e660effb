#!/usr/bin/env bash
# End-to-end: tropic fold -p and its outputs. RNAfold -p's seven lines per record; --json parses
# and carries the pairs; --bpp writes a TSV atomically; --dotplot/--plot write one picture per
# record; --sample is reproducible with --seed and gives valid structures; bad combinations and a
# memory limit too small stop with exit codes 1 and 2, leaving no output file behind.
set -euo pipefail
tropic=${1:?usage: $0 <path-to-tropic> <repo-root>}
repo=${2:?usage: $0 <path-to-tropic> <repo-root>}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
examples=$repo/data/examples/rna_examples.fa
records=$(grep -c '^>' "$examples")

"$tropic" fold -p --MEA "$examples" >"$work/p.txt"
[ "$(wc -l <"$work/p.txt")" -eq $((7 * records)) ] || fail "expected 7 lines per record"
grep -q '^ frequency of mfe structure in ensemble [0-9.e-]*; ensemble diversity [0-9.]*' \
  "$work/p.txt" || fail "no frequency line"
sed -n 4p "$work/p.txt" | grep -Eq '^[.,|{}()]+ \[ *-?[0-9]+\.[0-9]{2}\]$' || fail "pairing tendency line"
sed -n 5p "$work/p.txt" | grep -Eq '^[.()]+ \{ *-?[0-9]+\.[0-9]{2} d=[0-9]+\.[0-9]{2}\}$' || fail "centroid line"
sed -n 6p "$work/p.txt" | grep -Eq '^[.()]+ \{ *-?[0-9]+\.[0-9]{2} MEA=[0-9]+\.[0-9]{2}\}$' || fail "MEA line"

"$tropic" fold -p --json "$examples" >"$work/p.json"
python3 - "$work/p.json" <<'PY' || fail "JSON"
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    assert r["model"] == "ensemble" and r["ensemble_energy"] <= r["energy"] + 1e-9
    assert r["pairs"] and all(0 < p <= 1 and 1 <= i < j <= r["length"] for i, j, p in r["pairs"])
    assert len(r["pairing_tendency"]) == r["length"]
PY

"$tropic" fold -p --bpp "$work/bpp.tsv" --dotplot "$work/pictures" --plot "$work/pictures" \
  "$examples" >/dev/null
[ "$(head -1 "$work/bpp.tsv")" = "$(printf 'name\ti\tj\tp')" ] || fail "bpp header"
awk -F'\t' 'NR > 1 && !($2 < $3 && $4 > 0 && $4 <= 1) { exit 1 }' "$work/bpp.tsv" || fail "bpp rows"
[ "$(ls "$work/pictures" | grep -c '_dp.svg$')" -eq "$records" ] || fail "one dot plot per record"
[ "$(ls "$work/pictures" | grep -c '_ss.svg$')" -eq "$records" ] || fail "one drawing per record"
grep -q '<svg' "$work/pictures/hsa-mir-21_dp.svg" || fail "dot plot is no SVG"

# Sampling: the same seed, the same structures, on 1 and 3 threads; valid dot-brackets.
printf '>s\nGGGGAAAACCCCAUAUGCGCAAAAGCGCAUGGCUAGCUAGCUAGGAUCC\n' >"$work/s.fa"
"$tropic" fold --sample 200 --seed 9 --threads 1 "$work/s.fa" >"$work/a.txt"
"$tropic" fold --sample 200 --seed 9 --threads 3 "$work/s.fa" >"$work/b.txt"
cmp -s "$work/a.txt" "$work/b.txt" || fail "samples differ across thread counts"
[ "$(wc -l <"$work/a.txt")" -eq 202 ] || fail "expected name, sequence and 200 samples"
"$tropic" fold --sample 200 --seed 10 "$work/s.fa" | cmp -s - "$work/a.txt" && fail "another seed, the same samples"
tail -n +3 "$work/a.txt" | sed 's/$/ /' | paste - - >/dev/null
tail -n +3 "$work/a.txt" | while read -r st; do
  printf '>x\nGGGGAAAACCCCAUAUGCGCAAAAGCGCAUGGCUAGCUAGCUAGGAUCC\n%s\n' "$st"
done | "$tropic" eval >/dev/null || fail "a sample is no valid structure"
"$tropic" fold --sample 3 --sample-energies "$work/s.fa" | tail -1 |
  grep -Eq '^[.()]+ +-?[0-9]+\.[0-9]{2} +[0-9.e-]+$' || fail "--sample-energies layout"

# --MEA=GAMMA: gamma reaches the MEA (0.1 keeps far fewer pairs than 1); a bad one is refused.
one=$("$tropic" fold --MEA "$examples" | sed -n 6p)
tenth=$("$tropic" fold --MEA=0.1 "$examples" | sed -n 6p)
[ "$one" != "$tenth" ] || fail "--MEA=0.1 gave the same MEA line as --MEA"
set +e
"$tropic" fold --MEA=abc "$examples" >/dev/null 2>"$work/err"; code=$?
set -e
[ "$code" -eq 1 ] && grep -q "gamma must be a positive number" "$work/err" || fail "--MEA=abc"

# Bad combinations: exit 1, a message naming the option.
set +e
"$tropic" fold --bpp "$work/x.tsv" "$examples" >/dev/null 2>"$work/err"; code=$?
set -e
[ "$code" -eq 1 ] || fail "--bpp without -p: exit $code"
grep -q -- "--bpp" "$work/err" || fail "message names --bpp"
[ ! -e "$work/x.tsv" ] || fail "--bpp left a file"
set +e
"$tropic" fold -p --model nussinov "$examples" >/dev/null 2>"$work/err"; code=$?
set -e
[ "$code" -eq 1 ] || fail "-p with nussinov: exit $code"

# A record that does not fit: exit 2, the longest length that fits, no output files left.
python3 -c "import random; r=random.Random(1); print('>long'); print(''.join(r.choice('ACGU') for _ in range(3000)))" \
  >"$work/long.fa"
set +e
"$tropic" fold -p --backend cpu --max-memory 64M --bpp "$work/long.tsv" -o "$work/long.txt" \
  "$work/long.fa" 2>"$work/err"; code=$?
set -e
[ "$code" -eq 2 ] || fail "too large: exit $code, $(cat "$work/err")"
grep -q "longest sequence that fits is" "$work/err" || fail "no suggestion: $(cat "$work/err")"
[ ! -e "$work/long.tsv" ] && [ ! -e "$work/long.txt" ] || fail "a partial output file was left"
echo "PASS"
