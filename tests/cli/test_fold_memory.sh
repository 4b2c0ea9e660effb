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

finish
