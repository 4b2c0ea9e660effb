#!/usr/bin/env bash
# The progress display of `tropic fold`: never written when stderr is not a terminal; under a
# terminal, a long record shows its own bar, and --quiet silences it.
source "$(dirname "$0")/lib.sh"


random_record mid3000 3000 1 >"$TMP/mid.fa"
random_record long6000 6000 2 >"$TMP/long.fa"

# stderr redirected to a file: nothing on it, with or without -o.
run "$TROPIC" fold --model nussinov "$TMP/mid.fa"
assert_eq "$RC" 0 "3,000 nt to stdout: exit code"
assert_eq "$ERR" "" "3,000 nt, stderr not a terminal: stderr"
assert_contains "$OUT" ">mid3000" "3,000 nt: output"
run "$TROPIC" fold --model nussinov --threads 1 -o "$TMP/mid.txt" "$TMP/mid.fa"
assert_eq "$RC" 0 "3,000 nt with -o: exit code"
assert_eq "$ERR" "" "3,000 nt with -o, stderr not a terminal: stderr"
assert_eq "$OUT" "" "3,000 nt with -o: stdout"

if ! have_pty; then
    echo "script (util-linux) is missing or cannot open a pseudo-terminal: terminal checks skipped"
    finish
fi

# Under a pseudo-terminal, results go to -o so that all `script` captures is stderr. One thread
# keeps the fold long enough (seconds) for the bar, which draws at most 5 times a second.
script -qec "'$TROPIC' fold --model nussinov --backend cpu --threads 1 -o '$TMP/long.txt' '$TMP/long.fa'" /dev/null \
    </dev/null >"$TMP/tty.txt" 2>&1 || fail "fold under a terminal: exit code $?"
tty_text=$(tr -d '\000' <"$TMP/tty.txt")
assert_contains "$tty_text" "folding long6000 (6000 nt)" "terminal: per-record bar label"
assert_contains "$tty_text" "%" "terminal: bar shows a percentage"
assert_contains "$(head -1 "$TMP/long.txt")" ">long6000" "terminal: -o output written"

# The mfe model on the CPU: a bar for a long record too (records fold in parallel, one bar at a
# time; on a GPU this record takes a fraction of a second, too short for a bar).
script -qec "'$TROPIC' fold --backend cpu --threads 2 -o '$TMP/mfe.txt' '$TMP/mid.fa'" /dev/null \
    </dev/null >"$TMP/tty-mfe.txt" 2>&1 || fail "mfe fold under a terminal: exit code $?"
assert_contains "$(tr -d '\000' <"$TMP/tty-mfe.txt")" "folding mid3000 (3000 nt)" \
    "terminal, mfe: per-record bar label"
assert_contains "$(head -1 "$TMP/mfe.txt")" ">mid3000" "terminal, mfe: -o output written"

script -qec "'$TROPIC' fold --model nussinov --backend cpu --quiet --threads 1 -o '$TMP/quiet.txt' '$TMP/long.fa'" /dev/null \
    </dev/null >"$TMP/tty-quiet.txt" 2>&1 || fail "fold --quiet under a terminal: exit code $?"
assert_eq "$(tr -d '\r\000' <"$TMP/tty-quiet.txt")" "" "terminal with --quiet: nothing on stderr"
if ! cmp -s "$TMP/long.txt" "$TMP/quiet.txt"; then fail "--quiet changes the results"; fi

finish
