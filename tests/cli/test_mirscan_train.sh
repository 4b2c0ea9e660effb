#!/usr/bin/env bash
# `tropic mirscan --train`: a decision tree fitted to designed hairpins against random sequences
# (tests/cli/mirscan_genome.py --positives/--negatives), saved with --save-model, loaded with
# --model: the loaded tree scores the genome as the tree trained in the same run does.
source "$(dirname "$0")/lib.sh"

have_python || skip "python3 makes the training set"
GENOME="$REPO/data/examples/mirscan_genome.fa"
python3 "$REPO/tests/cli/mirscan_genome.py" --positives "$TMP/pos.fa" --negatives "$TMP/neg.fa" \
    --count 30 --seed 5

# Train and save: the model file, a summary, nothing on stdout.
run "$TROPIC" mirscan --shuffles 20 --train "$TMP/pos.fa" "$TMP/neg.fa" --save-model "$TMP/tree.json"
assert_eq "$RC" 0 "--train --save-model: exit code"
assert_eq "$OUT" "" "--train --save-model: nothing on stdout"
assert_contains "$ERR" "tropic mirscan: trained a decision tree (" "--train: the summary"
assert_contains "$ERR" "on 30 positives and 30 negatives (" "--train: the counts"
assert_contains "$ERR" "wrote $TMP/tree.json" "--train: the model file named"
if ! grep -q '"format": *"tropic-mirna-tree"' "$TMP/tree.json"; then fail "the model: its format"; fi
if have_python; then
    python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$TMP/tree.json" ||
        fail "the model is valid JSON"
fi
# Designed hairpins and random sequences are easy to tell apart.
accuracy=$(printf '%s\n' "$ERR" | sed -n 's/.*(\([0-9.]*\)% of them classified right).*/\1/p')
if ! awk -v a="$accuracy" 'BEGIN { exit !(a >= 90) }'; then
    fail "--train: training accuracy $accuracy% below 90%"
fi

# The same training again gives the same file (training is deterministic).
run "$TROPIC" mirscan -q --shuffles 20 --threads 2 --train "$TMP/pos.fa" "$TMP/neg.fa" \
    --save-model "$TMP/again.json"
assert_eq "$(cat "$TMP/again.json")" "$(cat "$TMP/tree.json")" "--train: deterministic"

# --model: the loaded tree scores as the one trained in the same run.
run "$TROPIC" mirscan -q --shuffles 20 --format tsv --min-score 0 --model "$TMP/tree.json" "$GENOME"
assert_eq "$RC" 0 "--model: exit code"
loaded=$OUT
run "$TROPIC" mirscan -q --shuffles 20 --format tsv --min-score 0 --train "$TMP/pos.fa" "$TMP/neg.fa" "$GENOME"
assert_eq "$RC" 0 "--train then scan: exit code"
assert_eq "$OUT" "$loaded" "--model FILE scores as the tree trained in the run"
run "$TROPIC" mirscan -q --shuffles 20 --format tsv --min-score 0 "$GENOME"
if [ "$OUT" = "$loaded" ]; then fail "--model: the tree's scores differ from the default score's"; fi

# Training and scanning in one run, the model saved too.
run "$TROPIC" mirscan -q --shuffles 20 --format tsv --min-score 0 --train "$TMP/pos.fa" "$TMP/neg.fa" \
    --save-model "$TMP/both.json" -o "$TMP/both.tsv" "$GENOME"
assert_eq "$RC" 0 "--train --save-model GENOME: exit code"
assert_eq "$(cat "$TMP/both.json")" "$(cat "$TMP/tree.json")" "--train with a scan: the same model"
assert_eq "$(cat "$TMP/both.tsv")" "$loaded" "--train with a scan: the same candidates"

# A training file without records is refused, and no model is written.
: >"$TMP/empty.fa"
run "$TROPIC" mirscan --train "$TMP/pos.fa" "$TMP/empty.fa" --save-model "$TMP/none.json"
assert_eq "$RC" 1 "empty negatives: exit code"
assert_contains "$ERR" "$TMP/empty.fa: no sequences to train on" "empty negatives: the message"
assert_file_missing "$TMP/none.json" "empty negatives: no model"

finish
