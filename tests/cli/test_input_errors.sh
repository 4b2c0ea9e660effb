#!/usr/bin/env bash
# Inputs that cannot be read, in the same words for every command: a truncated or corrupt gzip
# file says so (not "read error"), a folder given as input says it is a folder, and bytes that do
# not print reach the terminal escaped as \x9a.
source "$(dirname "$0")/lib.sh"

records() {  # COUNT: COUNT records of 60 nt
    local k
    for ((k = 1; k <= $1; k++)); do
        printf '>r%d\nGGGAAACCCAUGCUAGCUAGCUAGCAUCGAUCGAUGCUAGCUAGCAUGCGAUCGAUCGAUCG\n' "$k"
    done
}

records 4000 | gzip -c >"$TMP/whole.fa.gz"
size=$(stat -c %s "$TMP/whole.fa.gz")
head -c $((size / 2)) "$TMP/whole.fa.gz" >"$TMP/cut.fa.gz"
for command in fold subopt; do
    run "$TROPIC" "$command" -q "$TMP/cut.fa.gz"
    assert_eq "$RC" 1 "$command of a truncated gzip file: exit code"
    assert_contains "$ERR" "truncated gzip input" "$command of a truncated gzip file"
done
# eval reads structure records, through the same line reader as count matrices and BED files.
for ((k = 1; k <= 4000; k++)); do printf '>r%d\nGGGAAACCC\n(((...)))\n' "$k"; done |
    gzip -c >"$TMP/structures.gz"
structures_size=$(stat -c %s "$TMP/structures.gz")
head -c $((structures_size / 2)) "$TMP/structures.gz" >"$TMP/cut_structures.gz"
run "$TROPIC" eval -q "$TMP/cut_structures.gz"
assert_eq "$RC" 1 "eval of a truncated gzip file: exit code"
assert_contains "$ERR" "truncated gzip input" "eval of a truncated gzip file"

# A corrupt gzip member: its CRC-32 (4 bytes before the last 4) does not match the data.
cp "$TMP/whole.fa.gz" "$TMP/bad.fa.gz"
printf '\377\377\377\377' | dd of="$TMP/bad.fa.gz" bs=1 seek=$((size - 8)) conv=notrunc 2>/dev/null
run "$TROPIC" fold -q "$TMP/bad.fa.gz"
assert_eq "$RC" 1 "fold of a corrupt gzip file: exit code"
assert_contains "$ERR" "corrupt gzip input" "fold of a corrupt gzip file"

mkdir "$TMP/folder"
for args in "fold" "eval" "subopt" "plot" "cnv call -o $TMP/out" "cnv count" "align $TMP/folder" \
    "search $TMP/folder"; do
    # shellcheck disable=SC2086  # the arguments are split on purpose
    run "$TROPIC" $args "$TMP/folder"
    assert_eq "$RC" 1 "$args on a folder: exit code"
    assert_contains "$ERR" "'$TMP/folder': it is a folder" "$args on a folder"
done

# A record name with bytes that do not print (here in a message about its missing constraint).
printf '>a\232\001b\nGGGAAACCC\n' >"$TMP/binary.fa"
run "$TROPIC" fold -C "$TMP/binary.fa"
assert_eq "$RC" 1 "a binary record name: exit code"
assert_contains "$ERR" "('a\\x9a\\x01b')" "a binary record name is escaped"
case "$ERR" in
    *$'\232'* | *$'\001'*) fail "a raw byte reached stderr: $ERR" ;;
esac
# Valid UTF-8 stays as it is.
printf '>donn\303\251es\nGGGAAACCC\n' >"$TMP/utf8.fa"
run "$TROPIC" fold -C "$TMP/utf8.fa"
assert_contains "$ERR" $'(\'donn\303\251es\')' "a UTF-8 record name is kept"

finish
