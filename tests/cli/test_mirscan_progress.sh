#!/usr/bin/env bash
# `tropic mirscan`'s progress and summary on stderr: no bar when stderr is not a terminal, only
# the summary line (sequences, Mbp, windows, hairpins, loci, candidates, seconds); under a
# terminal the bar counts bases and Mbp/s and clears itself; -q silences both.
source "$(dirname "$0")/lib.sh"

# 30 kb of random sequence in one record: seconds on one CPU thread.
random_record chrR 30000 11 >"$TMP/genome.fa"

run "$TROPIC" mirscan --backend cpu --threads 1 --shuffles 0 --min-score 1 -o "$TMP/out.bed" "$TMP/genome.fa"
assert_eq "$RC" 0 "exit code"
assert_eq "$OUT" "" "-o: nothing on stdout"
assert_eq "$(printf '%s\n' "$ERR" | wc -l)" 1 "stderr not a terminal: one line"
summary='^tropic mirscan: 1 sequence, 0\.03 Mbp, [0-9]+ windows?, [0-9]+ hairpins?, [0-9]+ loc(us|i) \([0-9]+ passed the filter, 0 shuffles\), [0-9]+ candidates?; [0-9.]+ s, [0-9.]+ Mbp/s$'
if ! printf '%s\n' "$ERR" | grep -Eq "$summary"; then fail "the summary line: $ERR"; fi
# Windows start every 20 nt up to the first that reaches the end (at 29880): 1495 a strand.
assert_contains "$ERR" ", 2990 windows, " "the summary: the windows of both strands"

run "$TROPIC" mirscan -q --backend cpu --threads 1 --shuffles 0 --min-score 1 -o "$TMP/quiet.bed" "$TMP/genome.fa"
assert_eq "$ERR" "" "-q: nothing on stderr"
if ! cmp -s "$TMP/out.bed" "$TMP/quiet.bed"; then fail "-q changes the results"; fi

if ! have_pty; then
    echo "script (util-linux) is missing or cannot open a pseudo-terminal: terminal checks skipped"
    finish
fi
script -qec "'$TROPIC' mirscan --backend cpu --threads 1 --shuffles 0 --min-score 1 -o '$TMP/tty.bed' '$TMP/genome.fa'" \
    /dev/null </dev/null >"$TMP/tty.txt" 2>&1 || fail "under a terminal: exit code $?"
tty_text=$(tr -d '\000' <"$TMP/tty.txt")
assert_contains "$tty_text" $'\rtropic mirscan ' "terminal: the bar's label"
assert_contains "$tty_text" $'bp/s\x1b[K' "terminal: the bar's rate in bp/s"
assert_contains "$tty_text" $'\r\x1b[K' "terminal: the bar clears its line"
assert_contains "$tty_text" "tropic mirscan: 1 sequence, 0.03 Mbp" "terminal: the summary"
if ! cmp -s "$TMP/out.bed" "$TMP/tty.bed"; then fail "the terminal changes the results"; fi

finish
