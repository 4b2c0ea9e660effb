#!/usr/bin/env bash
# SIGINT and SIGTERM during `tropic fold -o FILE`: the run ends as the signal ends a process
# (exit status 130 and 143 in the shell) and leaves neither FILE nor its temporary file behind.
source "$(dirname "$0")/lib.sh"
# Job control, so that the background run gets SIGINT's default action as a run from a terminal
# does (without it, bash starts background commands with SIGINT ignored).
set -m

# An MFE fold of 6,000 nt on one thread takes tens of seconds: the signal comes long before it
# ends.
random_record long6000 6000 7 >"$TMP/long.fa"

temporary_files() {
    find "$TMP" -maxdepth 1 -name '.out.txt.tmp.*' | wc -l
}

interrupt() {  # signal, expected exit status
    local signal=$1 status=$2 pid rc waited=0
    "$TROPIC" fold --backend cpu --threads 1 -o "$TMP/out.txt" "$TMP/long.fa" 2>"$TMP/err.txt" &
    pid=$!
    # The temporary file exists once the output is open, before the fold starts.
    while [ "$(temporary_files)" -eq 0 ] && [ "$waited" -lt 200 ]; do
        sleep 0.05
        waited=$((waited + 1))
    done
    assert_eq "$(temporary_files)" 1 "$signal: the run opened its temporary file"
    kill -s "$signal" "$pid"
    set +e
    wait "$pid"
    rc=$?
    set -e
    assert_eq "$rc" "$status" "SIG$signal: exit status"
    assert_file_missing "$TMP/out.txt" "SIG$signal: output file"
    assert_eq "$(temporary_files)" 0 "SIG$signal: temporary file left behind"
}

interrupt INT 130
interrupt TERM 143

finish
