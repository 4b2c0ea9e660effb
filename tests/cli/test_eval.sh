#!/usr/bin/env bash
# `tropic eval`: RNAeval's layout, --verbose, --dangles, --json, and errors naming file, record
# and position. Expected energies are RNAeval's (ViennaRNA 2.7, Turner 2004).
source "$(dirname "$0")/lib.sh"

cat >"$TMP/in.txt" <<'IN'
>hairpin
GGGAAACCC
(((...)))
>mismatch
AGGGAAACCCA
.(((...))).

UUUUUUUUU
.........
IN
run "$TROPIC" eval "$TMP/in.txt"
assert_eq "$RC" 0 "eval: exit code"
assert_eq "$OUT" $'>hairpin\nGGGAAACCC\n(((...))) ( -1.20)\n>mismatch\nAGGGAAACCCA\n.(((...))). ( -2.70)\nUUUUUUUUU\n......... (  0.00)' \
    "eval: RNAeval layout"
run "$TROPIC" eval --temperature 25 "$TMP/in.txt"
assert_contains "$OUT" "(((...))) ( -2.14)" "eval --temperature 25"
run "$TROPIC" eval --dangles 0 "$TMP/in.txt"
assert_contains "$OUT" ".(((...))). ( -1.20)" "eval --dangles 0"

# A positive energy, and fold output read back (the energy after the structure is ignored).
printf '>p\nGAAAAAAAC\n(.......)\n' >"$TMP/pos.txt"
run "$TROPIC" eval "$TMP/pos.txt"
assert_contains "$OUT" "(.......) (  " "eval: positive energy keeps the width"
run "$TROPIC" fold "$REPO/data/examples/rna_examples.fa"
folded=$OUT
run bash -c "printf '%s\n' \"\$0\" | '$TROPIC' eval" "$folded"
assert_eq "$OUT" "$folded" "eval of fold's output gives fold's energies"

run "$TROPIC" eval --verbose "$TMP/in.txt"
assert_contains "$OUT" "hairpin   (4,8)" "eval --verbose lists the hairpin"
assert_contains "$OUT" "stack     (1,9) (2,8)" "eval --verbose lists a stack"
assert_contains "$OUT" "exterior" "eval --verbose lists the exterior loop"

# --json: one object per record, as the text layout's energies; --verbose adds the loops, which
# add up to the energy.
run "$TROPIC" eval --json "$TMP/in.txt"
assert_eq "$RC" 0 "eval --json: exit code"
assert_eq "$OUT" '{"name":"hairpin","length":9,"sequence":"GGGAAACCC","structure":"(((...)))","energy":-1.20}
{"name":"mismatch","length":11,"sequence":"AGGGAAACCCA","structure":".(((...))).","energy":-2.70}
{"name":"","length":9,"sequence":"UUUUUUUUU","structure":".........","energy":0.00}' \
    "eval --json: one object per record"
run "$TROPIC" eval --json --verbose "$TMP/in.txt"
assert_contains "$OUT" '"energy":-1.20,"loops":[{"kind":"exterior","energy":0.00},{"kind":"stack","i":1,"j":9,"p":2,"q":8,"energy":-3.30}' \
    "eval --json --verbose: the loops"
if have_python; then
    run "$TROPIC" fold "$REPO/data/examples/rna_examples.fa"
    printf '%s\n' "$OUT" >"$TMP/folded.txt"
    run "$TROPIC" eval --json --verbose "$TMP/folded.txt"
    printf '%s\n' "$OUT" | python3 -c '
import json, sys
records = [json.loads(line) for line in sys.stdin]
assert len(records) == 5, len(records)
for r in records:
    assert len(r["sequence"]) == r["length"] == len(r["structure"]), r["name"]
    total = round(sum(loop["energy"] for loop in r["loops"]), 2)
    assert total == r["energy"], (r["name"], total, r["energy"])
' || fail "eval --json --verbose: records do not parse, or their loops do not add up"
    energies=$(grep -o '( *-\?[0-9.]*)$' "$TMP/folded.txt" | tr -d '( )' | awk '{printf "%.2f\n", $1}')
    assert_eq "$(printf '%s\n' "$OUT" | python3 -c '
import json, sys
for line in sys.stdin: print("%.2f" % json.loads(line)["energy"])')" "$energies" \
        "eval --json: the energies fold printed"
fi

# eval runs on the CPU alone: it takes no --backend (the help does not offer it).
run "$TROPIC" eval --backend cuda "$TMP/in.txt"
assert_eq "$RC" 1 "eval --backend cuda: exit code"
assert_contains "$ERR" "unknown option '--backend' for 'tropic eval'" "eval --backend cuda: message"

printf '>a\nGGGAAACCC\n(((...)))\n>b\nGGGAAACCC\n(((...))\n' >"$TMP/short.txt"
run "$TROPIC" eval -o "$TMP/out.txt" "$TMP/short.txt"
assert_eq "$RC" 1 "length mismatch: exit code"
assert_contains "$ERR" "short.txt: record 2 ('b'): structure has 8 characters but the sequence has 9" \
    "length mismatch: message"
assert_file_missing "$TMP/out.txt" "length mismatch: no output file"
printf 'GGGAAACCC\n(((...)).\n' >"$TMP/unbalanced.txt"
run "$TROPIC" eval "$TMP/unbalanced.txt"
assert_contains "$ERR" "record 1: unbalanced '(' at position 1" "unbalanced"
printf 'GGGAAACCA\n(((...)))\n' >"$TMP/pair.txt"
run "$TROPIC" eval "$TMP/pair.txt"
assert_contains "$ERR" "bases 1 and 9 (G-A), which cannot pair" "impossible pair"
printf 'GGGAXACCC\n(((...)))\n' >"$TMP/char.txt"
run "$TROPIC" eval "$TMP/char.txt"
assert_contains "$ERR" "invalid character 'X' at position 5 of the sequence" "bad residue"
printf '>x\nGGGAAACCC\n' >"$TMP/nostructure.txt"
run "$TROPIC" eval "$TMP/nostructure.txt"
assert_eq "$RC" 1 "missing structure: exit code"
assert_contains "$ERR" "no structure line" "missing structure: message"
# A '>' line is the next record's name, never the structure the record before it lacks.
printf '>a\nGGGAAACCC\n>b\nGGGAAACCC\n(((...)))\n' >"$TMP/next.txt"
run "$TROPIC" eval -o "$TMP/out.txt" "$TMP/next.txt"
assert_eq "$RC" 1 "structure line missing before the next record: exit code"
assert_contains "$ERR" \
    "next.txt: record 1 ('a'): the sequence on line 2 has no structure line (line 3 starts the next record)" \
    "structure line missing before the next record: names file, record and line"
assert_file_missing "$TMP/out.txt" "structure line missing before the next record: no output file"
finish
