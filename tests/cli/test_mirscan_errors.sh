#!/usr/bin/env bash
# `tropic mirscan`'s refusals: missing files, option values out of range, options that do not go
# together, a malformed FASTA (named by record and position) and a malformed --model, each with
# exit code 1 and a message; a run that fails leaves none of its outputs behind.
source "$(dirname "$0")/lib.sh"

GENOME="$REPO/data/examples/mirscan_genome.fa"

# expect_error WHAT NEEDLE CMD...: the command fails with exit code 1 and says NEEDLE on stderr.
expect_error() {
    local what=$1 needle=$2
    shift 2
    run "$@"
    assert_eq "$RC" 1 "$what: exit code"
    assert_eq "$OUT" "" "$what: nothing on stdout"
    assert_contains "$ERR" "$needle" "$what: the message"
}

expect_error "missing genome" "$TMP/none.fa" "$TROPIC" mirscan "$TMP/none.fa"
expect_error "no genome, no --train" "needs a GENOME.fa to scan" "$TROPIC" mirscan
expect_error "--window 0" "--window must be at least 1, not 0" \
    "$TROPIC" mirscan --window 0 "$GENOME"
expect_error "--step x" "--step must be a number, not 'x'" "$TROPIC" mirscan --step x "$GENOME"
expect_error "--strand" "--strand must be both, + or -, not 'plus'" \
    "$TROPIC" mirscan --strand plus "$GENOME"
expect_error "--format" "--format must be bed, gff3, tsv or json, not 'gff'" \
    "$TROPIC" mirscan --format gff "$GENOME"
expect_error "--json and --format" "--json and --format bed contradict each other" \
    "$TROPIC" mirscan --json --format bed "$GENOME"
expect_error "--min-hairpin 0" "--min-hairpin must be between 1 and 100000, not 0" \
    "$TROPIC" mirscan --min-hairpin 0 "$GENOME"
expect_error "--min-hairpin longer than --window" \
    "--min-hairpin 200 is longer than the window (120 nt)" \
    "$TROPIC" mirscan --min-hairpin 200 "$GENOME"
expect_error "--min-score 2" "--min-score must be between 0 and 1, not 2" \
    "$TROPIC" mirscan --min-score 2 "$GENOME"
expect_error "--shuffles -1" "--shuffles must be between 0 and 1000000, not -1" \
    "$TROPIC" mirscan --shuffles -1 "$GENOME"
expect_error "--plot-top 0" "--plot-top must be between 1 and 100000, not 0" \
    "$TROPIC" mirscan --plot "$TMP/p" --plot-top 0 "$GENOME"
expect_error "--dangles 1" "--dangles must be 0 or 2, not '1'" \
    "$TROPIC" mirscan --dangles 1 "$GENOME"
expect_error "--params missing" "$TMP/none.par" \
    "$TROPIC" mirscan --params "$TMP/none.par" "$GENOME"
expect_error "--reads missing" "$TMP/none.bam" "$TROPIC" mirscan --reads "$TMP/none.bam" "$GENOME"
expect_error "--train with one file" "--train" "$TROPIC" mirscan --train "$GENOME"
expect_error "--save-model without --train" "--save-model saves the tree that --train fits" \
    "$TROPIC" mirscan --save-model "$TMP/m.json" "$GENOME"
expect_error "--train alone" "would throw the tree away" \
    "$TROPIC" mirscan --train "$GENOME" "$GENOME"
expect_error "--train and --model" "--train fits a tree and --model loads one" \
    "$TROPIC" mirscan --train "$GENOME" "$GENOME" --model "$TMP/m.json" "$GENOME"
expect_error "--plot without a genome" "need a GENOME to scan" \
    "$TROPIC" mirscan --train "$GENOME" "$GENOME" --save-model "$TMP/m.json" --plot "$TMP/p"
assert_file_missing "$TMP/m.json" "a refused --train writes no model"
printf '>ok\nGGGAAACCCUUUGGGAAACCC\n>withN\nGGGAAANCCCUUU\n' >"$TMP/pos_n.fa"
expect_error "--train: a hairpin with an N" "$TMP/pos_n.fa: record 2 ('withN'): position 7" \
    "$TROPIC" mirscan --train "$TMP/pos_n.fa" "$GENOME" --save-model "$TMP/m.json"
assert_file_missing "$TMP/m.json" "a refused --train writes no model (an N)"
expect_error "--model missing" "$TMP/none.json" "$TROPIC" mirscan --model "$TMP/none.json" "$GENOME"
printf '{"format":"tropic-mirna-tree","version":1,' >"$TMP/truncated.json"
expect_error "--model malformed" "$TMP/truncated.json" \
    "$TROPIC" mirscan --model "$TMP/truncated.json" "$GENOME"
printf '{"format":"something-else","version":1}\n' >"$TMP/other.json"
expect_error "--model of another format" "$TMP/other.json" \
    "$TROPIC" mirscan --model "$TMP/other.json" "$GENOME"

# A malformed FASTA: the record and the position named; nothing written, though the first
# record's candidates were found before the second record failed.
{
    cat "$GENOME"
    printf '>broken\nACGUACGUAC\nACG!UACG\n'
} >"$TMP/broken.fa"
mkdir -p "$TMP/out"
expect_error "malformed FASTA" "record 3 ('broken'): invalid character '!' at position 14" \
    "$TROPIC" mirscan -o "$TMP/out/c.bed" --all-hairpins "$TMP/out/h.tsv" \
    --plot "$TMP/out/plots" "$TMP/broken.fa"
assert_contains "$ERR" "$TMP/broken.fa" "malformed FASTA: the file named"
assert_file_missing "$TMP/out/c.bed" "no partial -o"
assert_file_missing "$TMP/out/h.tsv" "no partial --all-hairpins"
assert_file_missing "$TMP/out/plots" "no --plot folder"
assert_eq "$(ls -A "$TMP/out")" "" "no temporary files left"

# An output that cannot be written is refused before the scan.
expect_error "-o into a missing folder" "$TMP/missing/c.bed" \
    "$TROPIC" mirscan -o "$TMP/missing/c.bed" "$GENOME"
expect_error "-o and --all-hairpins one file" "$TMP/out/same" \
    "$TROPIC" mirscan -o "$TMP/out/same" --all-hairpins "$TMP/out/same" "$GENOME"
assert_eq "$(ls -A "$TMP/out")" "" "refused outputs leave nothing"

finish
