#!/usr/bin/env bash
# tropic fold reads FASTA and FASTQ, multi-record, gzip, stdin; normalises residues; prints
# RNAfold's layout; -o writes what stdout gets; --json is one valid JSON object per record.
source "$(dirname "$0")/lib.sh"

cat >"$TMP/multi.fa" <<'FA'
>hairpin first record
GGGAAACCC
>dna_lower
gggaaa
ccc
>empty
>iupac
GGGNNNCCCRY
FA
expected='>hairpin
GGGAAACCC
(((...))) (3)
>dna_lower
GGGAAACCC
(((...))) (3)
>empty

 (0)
>iupac
GGGNNNCCCRY
(((...))).. (3)'

run "$TROPIC" fold --model nussinov "$TMP/multi.fa"
assert_eq "$RC" 0 "multi-record FASTA exit code"
assert_eq "$OUT" "$expected" "multi-record FASTA output"
assert_eq "$ERR" "" "no diagnostics on success"

# T and lower case are normalised; a record without a name prints no '>' line (RNAfold).
printf '>\nggguuuaccc\n' >"$TMP/noname.fa"
run "$TROPIC" fold --model nussinov "$TMP/noname.fa"
assert_eq "$OUT" $'GGGUUUACCC\n(((....))) (3)' "unnamed record, T and lower case"

# FASTQ.
printf '@read1 x\nGGGAAACCC\n+\nIIIIIIIII\n@read2\nACGT\n+\n!!!!\n' >"$TMP/reads.fq"
run "$TROPIC" fold --model nussinov "$TMP/reads.fq"
assert_eq "$RC" 0 "FASTQ exit code"
assert_eq "$OUT" $'>read1\nGGGAAACCC\n(((...))) (3)\n>read2\nACGU\n.... (0)' "FASTQ output"

# gzip: the same output as the plain file.
run "$TROPIC" fold --model nussinov "$TMP/multi.fa"
plain=$OUT
if command -v gzip >/dev/null; then
    gzip -c "$TMP/multi.fa" >"$TMP/multi.fa.gz"
    run "$TROPIC" fold --model nussinov "$TMP/multi.fa.gz"
    assert_eq "$RC" 0 "gzip exit code"
    assert_eq "$OUT" "$plain" "gzip input"
    # gzip on stdin too.
    run_stdin "$TMP/multi.fa.gz" "$TROPIC" fold --model nussinov -
    assert_eq "$OUT" "$plain" "gzip on stdin"
else
    echo "note: gzip not installed, .gz checks skipped"
fi

# stdin: no file and '-' both read it.
run_stdin "$TMP/multi.fa" "$TROPIC" fold --model nussinov
assert_eq "$OUT" "$plain" "stdin without arguments"
run_stdin "$TMP/multi.fa" "$TROPIC" fold --model nussinov -
assert_eq "$OUT" "$plain" "stdin as '-'"

# Several files, in order.
run "$TROPIC" fold --model nussinov "$TMP/noname.fa" "$TMP/reads.fq"
assert_eq "$OUT" $'GGGUUUACCC\n(((....))) (3)\n>read1\nGGGAAACCC\n(((...))) (3)\n>read2\nACGU\n.... (0)' \
    "several inputs in order"

# Plain sequence lines without a header, as RNAfold reads them: each non-empty line is a record,
# printed without a '>' line (the default MFE model, RNAfold's layout).
OUT=$(echo GGGAAACCC | "$TROPIC" fold) && RC=0 || RC=$?
assert_eq "$RC" 0 "plain line on stdin: exit code"
assert_eq "$OUT" $'GGGAAACCC\n(((...))) ( -1.20)' "plain line on stdin"
printf 'GGGAAACCC\n\nggguuuaccc\r\n  ACGU  \n' >"$TMP/plain.txt"
plain_lines=$'GGGAAACCC\n(((...))) ( -1.20)\nGGGUUUACCC\n(((....))) ( -2.10)\nACGU\n.... (  0.00)'
run "$TROPIC" fold "$TMP/plain.txt"
assert_eq "$RC" 0 "several plain lines: exit code"
assert_eq "$OUT" "$plain_lines" "several plain lines"
run "$TROPIC" fold --json "$TMP/plain.txt"
assert_contains "$OUT" '{"name":"2","length":10,' "plain lines are named by their ordinal in --json"
if command -v gzip >/dev/null; then
    gzip -c "$TMP/plain.txt" >"$TMP/plain.txt.gz"
    run "$TROPIC" fold "$TMP/plain.txt.gz"
    assert_eq "$RC" 0 "gzip plain lines: exit code"
    assert_eq "$OUT" "$plain_lines" "gzip plain lines"
    run_stdin "$TMP/plain.txt.gz" "$TROPIC" fold --chunk 1 -
    assert_eq "$OUT" "$plain_lines" "gzip plain lines on stdin, one record per chunk"
fi

# An empty file is no error and prints nothing.
: >"$TMP/empty.fa"
run "$TROPIC" fold --model nussinov "$TMP/empty.fa"
assert_eq "$RC" 0 "empty file exit code"
assert_eq "$OUT" "" "empty file output"

# -o writes exactly what stdout gets, and nothing on stdout.
run "$TROPIC" fold --model nussinov -o "$TMP/out.txt" "$TMP/multi.fa"
assert_eq "$RC" 0 "-o exit code"
assert_eq "$OUT" "" "-o leaves stdout empty"
assert_eq "$(cat "$TMP/out.txt")" "$plain" "-o content"
assert_eq "$(ls -A "$TMP" | grep -c '\.tmp\.' || true)" 0 "-o leaves no temporary file"

# Small chunks and one thread give the same output as the defaults.
run "$TROPIC" fold --model nussinov --chunk 1 --threads 1 "$TMP/multi.fa"
assert_eq "$OUT" "$plain" "--chunk 1 --threads 1"
run "$TROPIC" fold --model nussinov --chunk 2 --threads 3 "$TMP/multi.fa"
assert_eq "$OUT" "$plain" "--chunk 2 --threads 3"

# JSON.
run "$TROPIC" fold --model nussinov --json "$TMP/multi.fa"
assert_eq "$RC" 0 "--json exit code"
assert_eq "$(printf '%s\n' "$OUT" | wc -l)" 4 "--json prints one line per record"
assert_contains "$OUT" '{"name":"hairpin","length":9,"sequence":"GGGAAACCC","structure":"(((...)))","score":3,"model":"nussinov"}' "--json record"
if have_python; then
    printf '%s\n' "$OUT" | python3 -c '
import json, sys
rows = [json.loads(line) for line in sys.stdin]
assert [r["name"] for r in rows] == ["hairpin", "dna_lower", "empty", "iupac"], rows
for r in rows:
    assert set(r) == {"name", "length", "sequence", "structure", "score", "model"}, r
    assert r["length"] == len(r["sequence"]) == len(r["structure"]), r
    assert r["model"] == "nussinov", r
assert rows[2]["length"] == 0 and rows[2]["score"] == 0
' || fail "--json output does not parse as expected"
else
    echo "note: python3 not installed, JSON parse check skipped"
fi

# The bundled examples fold, and every structure re-scores to its printed score.
run "$TROPIC" fold --model nussinov "$REPO/data/examples/rna_examples.fa"
assert_eq "$RC" 0 "bundled examples exit code"
assert_eq "$(printf '%s\n' "$OUT" | grep -c '^>')" 5 "bundled examples: five records"
printf '%s\n' "$OUT" >"$TMP/examples.out"
check_rescore "$TMP/examples.out" 3 1 1 1 || fail "bundled examples do not re-score"

finish
