#!/usr/bin/env bash
# A record whose tables fit neither this machine's memory nor any device: `tropic fold` refuses it
# up front (exit code 2, before anything is allocated or folded) with the fit message naming the
# file and record, under --backend auto and --backend cpu, for both models, and leaves no output
# file behind.
source "$(dirname "$0")/lib.sh"

# 400,000 nt: MFE tables of 1.2 TiB, a Nussinov table of 0.6 TiB, more than any test machine or
# GPU holds; a small record shares its chunk.
{
    random_record small 50 1
    random_record huge 400000 2
} >"$TMP/huge.fa"

for model in mfe nussinov; do
    for backend in auto cpu; do
        what="$model, --backend $backend"
        # A run that went on folding would take hours: the timeout turns it into a failure.
        run timeout 120 "$TROPIC" fold --model "$model" --backend "$backend" \
            -o "$TMP/out.txt" "$TMP/huge.fa"
        assert_eq "$RC" 2 "$what: exit code"
        assert_contains "$ERR" "tropic: error: " "$what: prefix"
        assert_contains "$ERR" "tropic: error: $TMP/huge.fa: record 2 ('huge'): " \
            "$what: names the file and record"
        assert_contains "$ERR" "fold of 400000 nt" "$what: names the record's length"
        # Without a usable GPU the host's message; with one, auto says that neither holds it.
        case "$ERR" in
            *" of memory but "* | *"fits neither in memory ("*) ;;
            *) fail "$what: says what is needed and what there is, got:"$'\n'"$ERR" ;;
        esac
        assert_contains "$ERR" "the longest sequence that fits is " "$what: says what fits"
        assert_contains "$ERR" "fold a shorter window" "$what: suggests a window"
        assert_file_missing "$TMP/out.txt" "$what: output file"
        assert_eq "$(find "$TMP" -maxdepth 1 -name '.out.txt.tmp.*' | wc -l)" 0 \
            "$what: temporary file"
    done
done

# fold -p checks every table a record will need (its MFE's and its ensemble's, and the sampled
# structures) before any work on it, names the record, and suggests the length that fits what was
# asked. 11,000 nt: the MFE's tables (0.97 GB) fit 1G and would take minutes to fill; the ensemble's
# (6.9 GB) do not, so the refusal comes at once.
random_record big 11000 3 >"$TMP/big.fa"
run timeout 60 "$TROPIC" fold -p --backend cpu --max-memory 1G "$TMP/big.fa"
assert_eq "$RC" 2 "-p, too large for its ensemble: exit code (124: it folded the MFE first)"
assert_contains "$ERR" "tropic: error: $TMP/big.fa: record 1 ('big'): an ensemble fold of 11000 nt" \
    "-p: names the file, the record and the ensemble"
assert_contains "$ERR" "the longest sequence that fits is " "-p: says what fits"

# The suggested length is the ensemble's: a record of that length folds under the same limit, a
# longer one does not. Without -p's probabilities (--sample alone) more fits; with many samples,
# less.
random_record mid 2000 4 >"$TMP/mid.fa"
fits() {  # the length suggested for fold OPTIONS... on mid.fa under --max-memory 64M
    { "$TROPIC" fold --backend cpu --max-memory 64M "$@" "$TMP/mid.fa" 2>&1 >/dev/null || true; } |
        sed -n 's/.*the longest sequence that fits is \([0-9]*\) nt.*/\1/p'
}
longest=$(fits -p)
[ -n "$longest" ] || fail "-p --max-memory 64M: no suggestion"
random_record fits "$longest" 5 >"$TMP/fits.fa"
run "$TROPIC" fold -p --backend cpu --max-memory 64M "$TMP/fits.fa"
assert_eq "$RC" 0 "-p, the suggested $longest nt: exit code"
random_record over "$((longest + 20))" 6 >"$TMP/over.fa"
run "$TROPIC" fold -p --backend cpu --max-memory 64M "$TMP/over.fa"
assert_eq "$RC" 2 "-p, $((longest + 20)) nt: exit code"
samples_only=$(fits --sample 1)
many_samples=$(fits -p --sample 50000)
[ -n "$samples_only" ] && [ "$samples_only" -gt "$longest" ] ||
    fail "--sample alone: suggests ${samples_only:-nothing}, not more than -p's $longest nt"
[ -n "$many_samples" ] && [ "$many_samples" -lt "$longest" ] ||
    fail "-p --sample 50000: suggests ${many_samples:-nothing}, not less than -p's $longest nt"

finish
