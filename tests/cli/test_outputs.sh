#!/usr/bin/env bash
# Where results go: -o onto something that is not a regular file is written in place (a device
# stays a device, a FIFO a FIFO) or, for a symbolic link, into the file it points to; every output
# path of a run is checked before any work (a folder where a file is asked for, a file where a
# folder is, two outputs naming one file) with exit code 1; and a run that fails leaves none of
# its outputs, nor the folders it made.
source "$(dirname "$0")/lib.sh"

printf '>a\nGGGGAAACCCC\n>b\nGGGAAAUCCCAAGGG\n' >"$TMP/two.fa"
printf '>a\nGGGGAAACCCC\n>b\nGGGAAAUCCCAAGGG\n>c\nGGG#AAACCC\n' >"$TMP/bad_third.fa"

# -o onto a device node, /dev/null, a FIFO and /dev/stdout.
if [ "$(id -u)" -eq 0 ]; then
    mknod "$TMP/null" c 1 3
    run "$TROPIC" fold -o "$TMP/null" "$TMP/two.fa"
    assert_eq "$RC" 0 "fold -o onto a device node: exit code"
    [ -c "$TMP/null" ] || fail "fold -o replaced the device node $TMP/null with: $(ls -l "$TMP/null")"
else
    echo "note: not root: the mknod case is left out (an ordinary user cannot make device nodes)"
fi
run "$TROPIC" fold -o /dev/null "$TMP/two.fa"
assert_eq "$RC" 0 "fold -o /dev/null: exit code"
[ -c /dev/null ] || fail "/dev/null is no longer a device"
mkfifo "$TMP/pipe"
cat "$TMP/pipe" >"$TMP/through_pipe.txt" &
reader=$!
run "$TROPIC" fold -o "$TMP/pipe" "$TMP/two.fa"
wait "$reader"
assert_eq "$RC" 0 "fold -o onto a FIFO: exit code"
[ -p "$TMP/pipe" ] || fail "fold -o replaced the FIFO"
run "$TROPIC" fold "$TMP/two.fa"
assert_eq "$(cat "$TMP/through_pipe.txt")" "$OUT" "what went through the FIFO"
run "$TROPIC" fold -o /dev/stdout "$TMP/two.fa"
assert_eq "$RC" 0 "fold -o /dev/stdout: exit code"
assert_eq "$OUT" "$(cat "$TMP/through_pipe.txt")" "fold -o /dev/stdout"

# A symbolic link: its target gets the results, the link stays.
printf 'old\n' >"$TMP/target.txt"
ln -s target.txt "$TMP/link.txt"
run "$TROPIC" fold -o "$TMP/link.txt" "$TMP/two.fa"
assert_eq "$RC" 0 "fold -o onto a symbolic link: exit code"
[ -L "$TMP/link.txt" ] || fail "the symbolic link was replaced by a file"
assert_eq "$(cat "$TMP/target.txt")" "$(cat "$TMP/through_pipe.txt")" "the link's target"

# Paths checked before any work, exit code 1.
mkdir "$TMP/folder"
printf 'a file\n' >"$TMP/file"
expect_refused() {  # message -- args...
    local message=$1
    shift 2
    run "$TROPIC" "$@"
    assert_eq "$RC" 1 "$*: exit code"
    assert_contains "$ERR" "$message" "$*"
    assert_eq "$OUT" "" "$*: nothing on stdout before the refusal"
}
expect_refused "-o: cannot write '$TMP/folder': it is a folder" -- fold -o "$TMP/folder" "$TMP/two.fa"
expect_refused "-o: cannot write '$TMP/folder': it is a folder" -- \
    align -o "$TMP/folder" "$TMP/two.fa" "$TMP/two.fa"
expect_refused "--plot '$TMP/file': it is a file, not a folder" -- \
    fold -p --plot "$TMP/file" "$TMP/two.fa"
expect_refused "--dotplot '$TMP/file/x': a part of the path is a file" -- \
    fold -p --dotplot "$TMP/file/x" "$TMP/two.fa"
expect_refused "-o '$TMP/file': it is a file, not a folder" -- plot -o "$TMP/file" "$TMP/two.fa"
expect_refused "-o and --bpp name the same output '$TMP/same.txt'" -- \
    fold -p --bpp "$TMP/same.txt" -o "$TMP/same.txt" "$TMP/two.fa"
expect_refused "-o and --bpp name the same output" -- fold -p --bpp - "$TMP/two.fa"
if [ "$(id -u)" -ne 0 ]; then
    mkdir "$TMP/locked" && chmod a-w "$TMP/locked"
    expect_refused "--plot '$TMP/locked': cannot write into it" -- \
        fold -p --plot "$TMP/locked" "$TMP/two.fa"
fi
assert_file_missing "$TMP/same.txt" "a refused run"

# A run that fails leaves none of its outputs and removes the folders it made.
run "$TROPIC" fold -p --bpp "$TMP/pairs.tsv" --dotplot "$TMP/made/dots" --plot "$TMP/made/dots" \
    -o "$TMP/out.txt" "$TMP/bad_third.fa"
assert_eq "$RC" 1 "fold -p of a bad third record: exit code"
assert_file_missing "$TMP/pairs.tsv" "--bpp of a failed run"
assert_file_missing "$TMP/out.txt" "-o of a failed run"
assert_file_missing "$TMP/made" "the folders a failed run made"
run "$TROPIC" fold -p --bpp "$TMP/pairs.tsv" --dotplot "$TMP/made/dots" --plot "$TMP/made/dots" \
    -o "$TMP/out.txt" "$TMP/two.fa"
assert_eq "$RC" 0 "fold -p with every output: exit code"
for file in "$TMP/pairs.tsv" "$TMP/out.txt" "$TMP/made/dots/a_dp.svg" "$TMP/made/dots/b_ss.svg"; do
    [ -s "$file" ] || fail "fold -p did not write $file"
done
[ -z "$(find "$TMP/made" -name '.tropic*')" ] || fail "a staging folder was left behind"

# fold --bpp and tropic plot --bpp name unnamed records alike: plot colours them.
printf 'GGGGAAACCCC\nGGGAAAUCCCAAGGG\n' >"$TMP/unnamed.txt"
run "$TROPIC" fold -p --bpp "$TMP/unnamed.tsv" -o "$TMP/unnamed_folded.txt" "$TMP/unnamed.txt"
assert_eq "$RC" 0 "fold -p of unnamed records: exit code"
run "$TROPIC" plot -o "$TMP/unnamed_pictures" --bpp "$TMP/unnamed.tsv" --dotplot \
    "$TMP/unnamed_folded.txt"
assert_eq "$RC" 0 "plot of unnamed records: exit code"
assert_eq "$ERR" "" "plot of unnamed records matches every --bpp line"
grep -q '<rect' "$TMP/unnamed_pictures/1_dp.svg" ||
    fail "the dot plot of record 1 has no probability squares"
# A table whose names match no record gets a warning naming the first line.
printf 'name\ti\tj\tp\nsequence_1\t1\t11\t0.5\n' >"$TMP/stale.tsv"
run "$TROPIC" plot -o "$TMP/stale_pictures" --bpp "$TMP/stale.tsv" "$TMP/unnamed_folded.txt"
assert_eq "$RC" 0 "plot with a stale --bpp: exit code"
assert_contains "$ERR" "tropic: warning: --bpp '$TMP/stale.tsv': 1 line(s) name no record" \
    "plot with a stale --bpp"
assert_contains "$ERR" "line 2, names 'sequence_1'" "plot with a stale --bpp names the line"

finish
