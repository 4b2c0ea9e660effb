#!/usr/bin/env bash
# `tropic fold` with the default mfe model: RNAfold's layout and number format, --json,
# --dangles, --params, and the errors of the energy model's options. The expected energies are
# RNAfold's (ViennaRNA 2.7, Turner 2004); the oracle test compares many more.
source "$(dirname "$0")/lib.sh"

fold_line() {  # SEQUENCE OPTIONS... -> "structure (energy)"
    local sequence=$1
    shift
    printf '>s\n%s\n' "$sequence" | "$TROPIC" fold "$@" | sed -n 3p
}

TRNA=GCGGAUUUAGCUCAGUUGGGAGAGCGCCAGACUGAAGAUCUGGAGGUCCUGUGUUCGAUCCACAGAAUUCGCACCA
assert_eq "$(fold_line GGGAAACCC)" "(((...))) ( -1.20)" "hairpin, RNAfold's %6.2f"
assert_eq "$(fold_line GGUAGCGAAAGCUAUC)" "((((((....)))))) ( -6.40)" "GGUAGCGAAAGCUAUC"
assert_eq "$(fold_line "$TRNA")" \
    "(((((((..((((........)))).(((((.......))))).....(((((.......)))))))))))).... (-22.40)" "tRNA"
assert_eq "$(fold_line "$TRNA" --dangles 0)" \
    "((((((((........((((.((((((..((((...........))))..))))))..))))..)))))))).... (-19.90)" \
    "tRNA, --dangles 0"
assert_eq "$(fold_line AGGGAAACCCA)" ".(((...))). ( -2.70)" "exterior mismatch with -d2"
assert_eq "$(fold_line AGGGAAACCCA --dangles 0)" ".(((...))). ( -1.20)" "no mismatch with -d0"
assert_eq "$(fold_line gggaaaccc)" "(((...))) ( -1.20)" "lower case"
assert_eq "$(fold_line GGGAAACCCTTT)" "(((...)))... ( -2.40)" "T read as U"
assert_eq "$(fold_line NNNNNNNNNN)" ".......... (  0.00)" "N never pairs"
assert_eq "$(fold_line GGNAAANCC)" "......... (  0.00)" "N in a helix"
for sequence in G GC GGC GGCC GAAAC; do
    dots=$(printf '%*s' ${#sequence} '' | tr ' ' .)
    assert_eq "$(fold_line $sequence)" "$dots (  0.00)" "length ${#sequence}"
done
run bash -c "printf '>empty\n' | '$TROPIC' fold"
assert_eq "$OUT" $'>empty\n\n (  0.00)' "length 0"

printf '>a\nGGGAAACCC\n>b\nAAAA\n' >"$TMP/two.fa"
run "$TROPIC" fold --json "$TMP/two.fa"
assert_eq "$OUT" '{"name":"a","length":9,"sequence":"GGGAAACCC","structure":"(((...)))","energy":-1.20,"model":"mfe"}
{"name":"b","length":4,"sequence":"AAAA","structure":"....","energy":0.00,"model":"mfe"}' "--json"
run "$TROPIC" fold --model mfe "$TMP/two.fa"
assert_eq "$OUT" $'>a\nGGGAAACCC\n(((...))) ( -1.20)\n>b\nAAAA\n.... (  0.00)' "--model mfe"

# The built-in set and ViennaRNA's file (its stack misprint corrected) give identical output.
run "$TROPIC" fold "$REPO/data/examples/rna_examples.fa"
builtin=$OUT
run "$TROPIC" fold --params "$REPO/tests/data/rna_turner2004.par" "$REPO/data/examples/rna_examples.fa"
assert_eq "$RC" 0 "--params .par: exit code"
assert_eq "$OUT" "$builtin" "--params rna_turner2004.par equals the built-in set"
run "$TROPIC" fold --params "$REPO/data/energy/rna_turner2004.tep" "$REPO/data/examples/rna_examples.fa"
assert_eq "$OUT" "$builtin" "--params rna_turner2004.tep equals the built-in set"

run "$TROPIC" fold --params "$REPO/tests/data/rna_turner2004_stack_defect.par" -o "$TMP/out" "$TMP/two.fa"
assert_eq "$RC" 1 "malformed .par: exit code"
assert_contains "$ERR" "rna_turner2004_stack_defect.par: line 7: malformed energy '-1i40'" \
    "malformed .par: message"
assert_file_missing "$TMP/out" "malformed .par: no output"
run "$TROPIC" fold --params "$TMP/none.par" "$TMP/two.fa"
assert_eq "$RC" 1 "missing parameter file: exit code"
assert_contains "$ERR" "cannot open parameter file" "missing parameter file: message"

# Other temperatures: energies rescaled from the enthalpies (RNAfold -T gives the same).
assert_eq "$(fold_line GGGAAACCC --temperature 25)" "(((...))) ( -2.14)" "--temperature 25"
assert_eq "$(fold_line "$TRNA" --temperature 25)" \
    "(((((((....((((((.((......)).)))))).((((....))))(((((.......)))))))))))).... (-29.37)" \
    "tRNA at 25 °C"
assert_eq "$(fold_line "$TRNA" --temperature 70)" \
    "((((.......((((((((.......)))).)))).............(((((.......)))))...)))).... ( -4.64)" \
    "tRNA at 70 °C"
run "$TROPIC" fold --temperature 37 "$TMP/two.fa"
assert_eq "$RC" 0 "--temperature 37"
# A parameter file without enthalpies holds at 37 °C only.
printf '## RNAfold parameter file v2.0\n\n# NINIO\n60 320 300\n#END\n' >"$TMP/no_dh.par"
run "$TROPIC" fold --params "$TMP/no_dh.par" "$TMP/two.fa"
assert_eq "$RC" 0 "a .par without enthalpies at 37 °C"
run "$TROPIC" fold --params "$TMP/no_dh.par" --temperature 25 "$TMP/two.fa"
assert_eq "$RC" 1 "--temperature 25 without enthalpies: exit code"
assert_contains "$ERR" "has no enthalpies, so its energies hold at 37 °C only" \
    "--temperature 25 without enthalpies: message"
run "$TROPIC" fold --temperature 300 "$TMP/two.fa"
assert_eq "$RC" 1 "--temperature 300 is refused"
run "$TROPIC" fold --dangles 1 "$TMP/two.fa"
assert_eq "$RC" 1 "--dangles 1 is refused"
run "$TROPIC" fold --backend cpu "$TMP/two.fa"
CPU_OUT=$OUT
run "$TROPIC" fold --backend cuda "$TMP/two.fa"
if [ "$RC" = 0 ]; then  # a device: the GPU fold says the same (test_fold_mfe_gpu.sh says more)
    assert_eq "$OUT" "$CPU_OUT" "--backend cuda with mfe: same output as the CPU"
else
    assert_eq "$RC" 2 "--backend cuda with mfe and no device: exit code"
    assert_contains "$ERR" "--backend cpu" "--backend cuda with mfe and no device: message"
fi

# --noLP and --max-bp-span (RNAfold's --noLP and --maxBPspan).
LP=CGCUUGGGUCUUCUGUGUUGUUCGCGUGGU
assert_eq "$(fold_line $LP)" "(((.((((.(.........))))).))).. ( -2.00)" "a lonely pair by default"
assert_eq "$(fold_line $LP --noLP)" ".............((((.....)))).... ( -1.50)" "--noLP"
assert_eq "$(fold_line GGGGAAAACCCC --max-bp-span 12)" "((((....)))) ( -5.40)" "span 12"
assert_eq "$(fold_line GGGGAAAACCCC --max-bp-span 10)" ".(((....))). ( -3.10)" "span 10"
assert_eq "$(fold_line GGGGAAAACCCC --maxBPspan 8)" "............ (  0.00)" "--maxBPspan 8"
run "$TROPIC" fold --max-bp-span -2 "$TMP/two.fa"
assert_eq "$RC" 1 "--max-bp-span -2 is refused"

# -C: a constraint line after each sequence (RNAfold -C, without --enforceConstraint).
C_SEQ=GGGGAAAACCCCAUGCAUGCGGGAAACCC
printf '>free\n%s\n%s\n>x\n%s\n%s\n>brackets\n%s\n%s\n' \
    $C_SEQ "$(printf '%*s' ${#C_SEQ} '' | tr ' ' .)" \
    $C_SEQ 'xxxx.........................' \
    $C_SEQ '.............(......)........' >"$TMP/constrained.txt"
run "$TROPIC" fold -C "$TMP/constrained.txt"
assert_eq "$RC" 0 "-C: exit code"
assert_eq "$OUT" ">free
$C_SEQ
((((....))))........(((...))) ( -8.60)
>x
$C_SEQ
.........(((........)))...... ( -4.10)
>brackets
$C_SEQ
((((....))))................. ( -7.10)" "-C: RNAfold's results"
printf '>bad\nGGGAAACCC\n(((...))\n' >"$TMP/bad_constraint.txt"
run "$TROPIC" fold -C -o "$TMP/c.out" "$TMP/bad_constraint.txt"
assert_eq "$RC" 1 "-C with a bad constraint: exit code"
assert_contains "$ERR" "bad_constraint.txt: record 1 ('bad'): constraint has 8 characters" \
    "-C with a bad constraint: message"
assert_file_missing "$TMP/c.out" "-C with a bad constraint: no output"
printf 'GGGAAACCA\n(.......)\n' >"$TMP/nopair.txt"
run "$TROPIC" fold -C "$TMP/nopair.txt"
assert_contains "$ERR" "the constraint pairs bases 1 and 9 (G-A), which cannot pair" \
    "-C with an impossible pair"
run "$TROPIC" fold --model nussinov -C "$TMP/constrained.txt"
assert_eq "$RC" 1 "-C with nussinov is refused"

# A sequence whose tables cannot fit: refused before allocating, exit code 2 (resources).
python3 -c "print('>huge'); print('ACGU' * 100000)" >"$TMP/huge.fa"
run "$TROPIC" fold -o "$TMP/huge.out" "$TMP/huge.fa"
assert_eq "$RC" 2 "too long for memory: exit code"
assert_contains "$ERR" "an MFE fold of 400000 nt" "too long for memory: names the record"
assert_contains "$ERR" "1.2 TiB" "too long for memory: says what it needs"
assert_contains "$ERR" "fold a shorter window" "too long for memory: suggestion"
assert_file_missing "$TMP/huge.out" "too long for memory: no output"

# Threads and chunks do not change results.
run "$TROPIC" fold --threads 1 --chunk 1 "$REPO/data/examples/rna_examples.fa"
assert_eq "$OUT" "$builtin" "--threads 1 --chunk 1"
finish
