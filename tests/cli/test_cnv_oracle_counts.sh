#!/usr/bin/env bash
# `tropic cnv count` against cn.mops' getReadCountsFromBAM and getSegmentReadCountsFromBAM on the
# BAMs of tests/data/cnv/cnmops/counts_bam (made by tests/oracle/cnmops): every job of its
# args.txt gives cn.mops' counts exactly. cn.mops writes the one window of a sequence no longer
# than the window as starting at base 0 (-1 once made 0-based); tropic writes it from 0.
# cn.mops counts BED regions as given, overlapping or not; tropic refuses overlapping regions (a
# count matrix's windows never overlap: docs/cnv.md) and orders each sequence's regions by start.
# For the BED jobs the regions that overlap another are left out, and each remaining region's
# counts are compared with cn.mops' row for it.
source "$(dirname "$0")/lib.sh"
DIR="$REPO/tests/data/cnv/cnmops/counts_bam"

while IFS=$'\t' read -r expected options; do
    [[ "$expected" == \#* ]] && continue
    bed=$(sed -n 's/.*--bed \([^ ]*\).*/\1/p' <<<"$options")
    if [ -n "$bed" ] && [ ! -f "$DIR/${expected%.tsv}.error.txt" ]; then
        # Keep the regions that overlap no other; point --bed at that file.
        awk 'BEGIN{FS=OFS="\t"} {c[NR]=$1; s[NR]=$2; e[NR]=$3; line[NR]=$0}
             END{for(i=1;i<=NR;i++){ok=1; for(j=1;j<=NR;j++) if(i!=j && c[i]==c[j] && s[i]<e[j] && s[j]<e[i]) ok=0;
                 if(ok) print line[i]}}' "$DIR/$bed" >"$TMP/kept.bed"
        options=${options/--bed $bed/--bed $TMP/kept.bed}
    fi
    set +e
    # shellcheck disable=SC2086  # the options are words
    (cd "$DIR" && "$TROPIC" cnv count -q $options) >"$TMP/out.tsv" 2>"$TMP/err.txt"
    rc=$?
    set -e
    if [ -f "$DIR/${expected%.tsv}.error.txt" ]; then
        assert_eq "$rc" 1 "$expected: cn.mops fails here; tropic exits 1"
        grep -q "error" "$TMP/err.txt" || fail "$expected: no error message"
        continue
    fi
    assert_eq "$rc" 0 "$expected: exit code ($(cat "$TMP/err.txt"))"
    sed 's/\t-1\t/\t0\t/' "$DIR/$expected" >"$TMP/expected.tsv"
    if [ -n "$bed" ]; then
        # cn.mops' rows of the kept regions, in tropic's order (the header first).
        head -1 "$TMP/expected.tsv" >"$TMP/subset.tsv"
        tail -n +2 "$TMP/out.tsv" | while IFS=$'\t' read -r chrom start end _; do
            awk -v c="$chrom" -v s="$start" -v e="$end" 'BEGIN{FS="\t"} $1==c && $2==s && $3==e' \
                "$TMP/expected.tsv"
        done >>"$TMP/subset.tsv"
        mv "$TMP/subset.tsv" "$TMP/expected.tsv"
        [ "$(wc -l <"$TMP/out.tsv")" -ge 4 ] || fail "$expected: too few regions compared"
    fi
    if ! cmp -s "$TMP/expected.tsv" "$TMP/out.tsv"; then
        fail "$expected: counts differ from cn.mops'"
        diff "$TMP/expected.tsv" "$TMP/out.tsv" | head -5 >&2
    fi
done <"$DIR/args.txt"
finish
