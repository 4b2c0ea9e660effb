#!/usr/bin/env bash
# Command lines that do not parse get a message in the tool's words and a hint that helps:
# out-of-range values say the range (not CLI11's 309-digit limit of a double), a misspelt command
# gets the nearest command, an abbreviated option the option it abbreviates, and the hint points
# at the help of the (sub)command at hand. --help lists only options the command honours, with
# metavars that say what they take.
source "$(dirname "$0")/lib.sh"

printf '>q\nACGT\n' >"$TMP/q.fa"
expect_usage() {  # message hint -- args...
    local message=$1 hint=$2
    shift 3
    run "$TROPIC" "$@"
    assert_eq "$RC" 1 "$*: exit code"
    assert_contains "$ERR" "tropic: error: $message" "$*: message"
    assert_contains "$ERR" "$hint" "$*: hint"
    if [ "${#ERR}" -gt 400 ]; then fail "$*: a message of ${#ERR} characters: $ERR"; fi
}

expect_usage "--top must be at least 1, not 0" "Run 'tropic search --help'" -- \
    search --top 0 "$TMP/q.fa" "$TMP/q.fa"
expect_usage "--threads must be at least 0, not -1" "Run 'tropic fold --help'" -- fold --threads -1
expect_usage "--bpp-threshold must be between 0 and 1, not 2" "" -- fold -p --bpp-threshold 2
expect_usage "--top must be a whole number, not 2.5" "" -- rri --top 2.5 "$TMP/q.fa" "$TMP/q.fa"
expect_usage "--dangles must be 0 or 2, not '1'" "" -- fold --dangles 1
expect_usage "--model must be mfe or nussinov, not 'zuker'" "" -- fold --model zuker
expect_usage "--gap-open must be at least 0, not -1" "" -- align --gap-open -1 "$TMP/q.fa" "$TMP/q.fa"

expect_usage "unknown command 'fodl'; did you mean 'fold'?" "Run 'tropic --help' for the commands." -- fodl x.fa
expect_usage "unknown command 'cnv cal'; did you mean 'cnv call'?" \
    "Run 'tropic cnv --help' for the commands." -- cnv cal x.tsv
expect_usage "unknown command 'frobnicate'" "Run 'tropic --help'" -- frobnicate

expect_usage "unknown option '--temp' for 'tropic fold'" \
    "Run 'tropic fold --help' for its options. Did you mean --temperature?" -- \
    fold --temp 30 x.fa
expect_usage "unknown option '--thread'" "Did you mean --threads?" -- fold --thread 2 x.fa
expect_usage "unknown option '--foo' for 'tropic cnv call'" "Run 'tropic cnv call --help' for its options." \
    -- cnv call --foo -o x in.tsv
expect_usage "unknown option '--windw'" \
    "Run 'tropic cnv count --help' for its options. Did you mean --window?" -- \
    cnv count --windw 100 a.bam

# --help: the options a command refuses are not offered, and metavars name what they take.
for command in fold eval subopt plot rri align makedb search device "cnv count" "cnv call"; do
    # shellcheck disable=SC2086  # "cnv count" is two words
    run "$TROPIC" $command --help
    assert_eq "$RC" 0 "$command --help: exit code"
    case "$OUT" in
        *" TEXT"*) fail "$command --help shows a TEXT metavar:"$'\n'"$(grep ' TEXT' <<<"$OUT")" ;;
    esac
done
for command in eval; do
    run "$TROPIC" $command --help
    for option in --backend --device --max-memory; do
        case "$OUT" in
            *"$option"*) fail "$command --help lists $option, which $command cannot honour" ;;
        esac
    done
done
run "$TROPIC" cnv count --help
case "$OUT" in
    *--json*) fail "cnv count --help lists --json, which it refuses" ;;
esac

finish
