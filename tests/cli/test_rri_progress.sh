#!/usr/bin/env bash
# The progress display of `tropic rri`: nothing on stderr when it is not a terminal; under a
# terminal, a pair that takes a while shows a bar; --quiet silences it.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/rri_lib.sh"

random_record q 23 1 >"$TMP/q.fa"
random_record t 240 2 >"$TMP/t.fa"

run "$TROPIC" rri --threads 1 "$TMP/q.fa" "$TMP/t.fa"
assert_eq "$RC" 0 "not a terminal: exit code"
assert_eq "$ERR" "" "not a terminal: stderr"
assert_contains "$OUT" ">q&t length1=23 length2=240" "not a terminal: output"

if ! have_pty; then
    echo "script (util-linux) is missing or cannot open a pseudo-terminal: terminal checks skipped"
    finish
fi

# One CPU thread keeps the pair long enough (a second or more) for the bar, which draws at most 5
# times a second (on a GPU the pair takes milliseconds); results go to -o so that `script`
# captures only stderr.
script -qec "'$TROPIC' rri --backend cpu --threads 1 -o '$TMP/tty.out' '$TMP/q.fa' '$TMP/t.fa'" /dev/null \
    </dev/null >"$TMP/tty.txt" 2>&1 || fail "rri under a terminal: exit code $?"
tty_text=$(tr -d '\000' <"$TMP/tty.txt")
assert_contains "$tty_text" "rri q&t (23 x 240 nt)" "terminal: bar label"
assert_contains "$tty_text" "%" "terminal: bar shows a percentage"
assert_eq "$(cat "$TMP/tty.out")" "$OUT" "terminal: same results in the -o file"

script -qec "'$TROPIC' rri --backend cpu --quiet --threads 1 -o '$TMP/quiet.out' '$TMP/q.fa' '$TMP/t.fa'" \
    /dev/null </dev/null >"$TMP/tty-quiet.txt" 2>&1 || fail "rri --quiet under a terminal: exit code $?"
assert_eq "$(tr -d '\r\000' <"$TMP/tty-quiet.txt")" "" "terminal with --quiet: nothing on stderr"

finish
