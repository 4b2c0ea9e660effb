#!/usr/bin/env bash
# `tropic mirscan` end to end on the example genome (data/examples/mirscan_genome.fa: five
# designed precursor-like hairpins planted on both strands, one of them soft-masked, an N run in
# chr2; tests/cli/mirscan_genome.py made it): the planted hairpins are found on their strands, the
# four layouts describe the same candidates, --strand, --skip-masked, -o, gzip input, threads,
# --all-hairpins and --plot.
source "$(dirname "$0")/lib.sh"

GENOME="$REPO/data/examples/mirscan_genome.fa"
TAB=$'\t'
# The checks of where candidates are (the planted hairpins found, strands, soft-masking) run with
# the defaults; the checks of layouts and outputs run without shuffles (--shuffles 0), which
# takes a tenth of the time, and compare with a run like them.
FEW="--shuffles 0"
# Where the hairpins were planted (mirscan_genome.py --planted), BED6; mirC is soft-masked, in a
# lower-case stretch of chr1 from 2350 to 2731.
cat >"$TMP/planted.bed" <<'EOF'
chr1	600	679	mirA	0	+
chr1	1700	1771	mirB	0	-
chr1	2500	2581	mirC	0	+
chr2	350	425	mirD	0	-
chr2	1600	1683	mirE	0	+
EOF

# found BED PLANTED: the names of the planted hairpins that a line of BED overlaps on the same
# strand, one per line, in planted order.
found() {
    awk -F'\t' 'NR == FNR { chrom[NR] = $1; start[NR] = $2; end[NR] = $3; name[NR] = $4;
                            strand[NR] = $6; n = NR; next }
                { for (k = 1; k <= n; k++)
                    if ($1 == chrom[k] && $6 == strand[k] && $2 < end[k] && $3 > start[k])
                        hit[k] = 1 }
                END { for (k = 1; k <= n; k++) if (hit[k]) print name[k] }' "$2" "$1"
}

# The BED columns 1-3 and 6 of any layout, sorted, for comparing layouts.
loci_of_bed() { cut -f1-3,6 "$1"; }
loci_of_gff3() { grep -v '^#' "$1" | awk -F'\t' -v OFS='\t' '{ print $1, $4 - 1, $5, $7 }'; }
loci_of_tsv() { grep -v '^#' "$1" | awk -F'\t' -v OFS='\t' '{ print $1, $2 - 1, $3, $6 }'; }

# Defaults (100 shuffles): BED on stdout, both strands; every planted hairpin found on its own strand.
run "$TROPIC" mirscan --shuffles 20 "$GENOME"
assert_eq "$RC" 0 "bed: exit code"
printf '%s\n' "$OUT" >"$TMP/all.bed"
assert_eq "$(found "$TMP/all.bed" "$TMP/planted.bed" | paste -sd' ')" "mirA mirB mirC mirD mirE" \
    "the planted hairpins, both strands"
bad=$(awk -F'\t' 'NF != 6 || $2 >= $3 || $5 < 0 || $5 > 1000 || ($6 != "+" && $6 != "-") ||
                  $4 != $1 ":" $2 + 1 "-" $3 ":" $6' "$TMP/all.bed")
assert_eq "$bad" "" "bed: six columns, start < end, score 0..1000, name chrom:start1-end:strand"
assert_eq "$(awk -F'\t' '$1 == "chr2" && $2 < 1100 && $3 > 1000' "$TMP/all.bed")" "" \
    "no candidate crosses chr2's N run"
assert_contains "$ERR" "tropic mirscan: 2 sequences, 0.0054 Mbp, 500 windows, " "the summary line"
assert_contains "$ERR" " candidates; " "the summary counts candidates"
assert_eq "$(LC_ALL=C sort -k1,1 -k2,2n -k6,6 -c "$TMP/all.bed" && echo sorted)" "sorted" \
    "genome order"


# --strand: one strand each, together the both-strand scan.
run "$TROPIC" mirscan -q --shuffles 20 --strand + "$GENOME"
assert_eq "$RC" 0 "--strand +: exit code"
printf '%s\n' "$OUT" >"$TMP/plus.bed"
assert_eq "$(cut -f6 "$TMP/plus.bed" | sort -u)" "+" "--strand +: only +"
assert_eq "$(found "$TMP/plus.bed" "$TMP/planted.bed" | paste -sd' ')" "mirA mirC mirE" \
    "--strand +: the + hairpins"
run "$TROPIC" mirscan -q --shuffles 20 --strand - "$GENOME"
printf '%s\n' "$OUT" >"$TMP/minus.bed"
assert_eq "$(cut -f6 "$TMP/minus.bed" | sort -u)" "-" "--strand -: only -"
assert_eq "$(found "$TMP/minus.bed" "$TMP/planted.bed" | paste -sd' ')" "mirB mirD" \
    "--strand -: the - hairpins, in forward coordinates"
assert_eq "$(cat "$TMP/plus.bed" "$TMP/minus.bed" | sort)" "$(sort "$TMP/all.bed")" \
    "+ and - together are both"

# --skip-masked: nothing from the lower-case stretch; mirC is gone, the others stay.
run "$TROPIC" mirscan -q --shuffles 20 --skip-masked "$GENOME"
assert_eq "$RC" 0 "--skip-masked: exit code"
printf '%s\n' "$OUT" >"$TMP/unmasked.bed"
assert_eq "$(found "$TMP/unmasked.bed" "$TMP/planted.bed" | paste -sd' ')" "mirA mirB mirD mirE" \
    "--skip-masked: not the soft-masked hairpin"
assert_eq "$(awk -F'\t' '$1 == "chr1" && $2 < 2731 && $3 > 2350' "$TMP/unmasked.bed")" "" \
    "--skip-masked: nothing overlaps the masked stretch"

# The layouts: the same candidates in each (without shuffles, as every run from here on).
run "$TROPIC" mirscan $FEW -q "$GENOME"
printf '%s\n' "$OUT" >"$TMP/all.bed"
for format in gff3 tsv json; do
    run "$TROPIC" mirscan $FEW -q --format "$format" -o "$TMP/all.$format" "$GENOME"
    assert_eq "$RC" 0 "$format: exit code"
    assert_eq "$OUT" "" "$format -o: nothing on stdout"
done
assert_eq "$(head -1 "$TMP/all.gff3")" "##gff-version 3" "gff3: the version line"
assert_eq "$(grep -v '^#' "$TMP/all.gff3" | awk -F'\t' 'NF != 9 || $2 != "tropic" ||
        $3 != "pre_miRNA" || $8 != "." || $9 !~ /^ID=[^;]*;Name=/ || $9 !~ /;structure=[(.)]+$/')" \
    "" "gff3: nine columns, pre_miRNA, ID, Name and structure"
assert_eq "$(loci_of_gff3 "$TMP/all.gff3")" "$(loci_of_bed "$TMP/all.bed")" "gff3: the bed's loci"
assert_contains "$(head -1 "$TMP/all.tsv")" "#chrom${TAB}start${TAB}end${TAB}name${TAB}score${TAB}strand${TAB}windows${TAB}passed_filter${TAB}" \
    "tsv: the header"
assert_eq "$(head -1 "$TMP/all.tsv" | awk -F'\t' '{ print $(NF - 1), $NF }')" \
    "sequence structure" "tsv: sequence and structure last"
assert_eq "$(loci_of_tsv "$TMP/all.tsv")" "$(loci_of_bed "$TMP/all.bed")" "tsv: the bed's loci"
assert_eq "$(grep -v '^#' "$TMP/all.tsv" | awk -F'\t' '{ s = $(NF - 1); t = $NF
        if (length(s) != length(t) || length(s) != $3 - $2 + 1 || s !~ /^[ACGU]+$/ ||
            t !~ /^[(.)]+$/) print }')" "" \
    "tsv: an upper-case RNA sequence and a dot-bracket as long as the locus"
assert_eq "$(awk -F'\t' 'NR == 1 { n = NF } NF != n' "$TMP/all.tsv")" "" \
    "tsv: every line has the header's columns"
assert_eq "$(wc -l <"$TMP/all.json")" "$(wc -l <"$TMP/all.bed")" "json: a line per candidate"
if have_python; then
    assert_eq "$(python3 -c '
import json, sys
for line in open(sys.argv[1]):
    c = json.loads(line)
    print("\t".join([c["chrom"], str(c["start"] - 1), str(c["end"]), c["strand"]]))
' "$TMP/all.json")" "$(loci_of_bed "$TMP/all.bed")" "json: the bed's loci"
fi
run "$TROPIC" mirscan $FEW -q --json "$GENOME"
assert_eq "$OUT" "$(cat "$TMP/all.json")" "--json is --format json"

# The same results from a gzip file, on any number of threads, on the CPU.
gzip -c "$GENOME" >"$TMP/genome.fa.gz"
run "$TROPIC" mirscan $FEW -q "$TMP/genome.fa.gz"
assert_eq "$OUT" "$(cat "$TMP/all.bed")" "gzip input"
for threads in 1 3; do
    run "$TROPIC" mirscan $FEW -q --threads "$threads" --backend cpu "$GENOME"
    assert_eq "$OUT" "$(cat "$TMP/all.bed")" "--threads $threads --backend cpu: same candidates"
done
run "$TROPIC" mirscan -q --seed 7 --shuffles 20 --format tsv "$GENOME"
first=$OUT
run "$TROPIC" mirscan -q --seed 7 --shuffles 20 --format tsv --threads 2 "$GENOME"
assert_eq "$OUT" "$first" "--seed: the same significance again"
run "$TROPIC" mirscan $FEW -q --min-score 1 "$GENOME"
assert_eq "$RC" 0 "--min-score 1: exit code"
assert_eq "$(printf '%s\n' "$OUT" | awk -F'\t' 'NF && $5 != 1000')" "" \
    "--min-score 1: only candidates scoring 1"

# --all-hairpins: every merged hairpin as tsv, the candidates among them.
run "$TROPIC" mirscan $FEW -q --all-hairpins "$TMP/hairpins.tsv" -o "$TMP/with_hairpins.bed" "$GENOME"
assert_eq "$RC" 0 "--all-hairpins: exit code"
assert_eq "$(cat "$TMP/with_hairpins.bed")" "$(cat "$TMP/all.bed")" \
    "--all-hairpins leaves the candidates as they were"
assert_eq "$(head -1 "$TMP/hairpins.tsv")" "$(head -1 "$TMP/all.tsv")" "--all-hairpins: tsv"
missing=$(cut -f4 "$TMP/all.bed" | grep -vxF -f <(cut -f4 "$TMP/hairpins.tsv") || true)
assert_eq "$missing" "" "--all-hairpins: every candidate is among the hairpins"
if [ "$(grep -vc '^#' "$TMP/hairpins.tsv")" -lt "$(wc -l <"$TMP/all.bed")" ]; then
    fail "--all-hairpins: fewer hairpins than candidates"
fi

# --plot: the best candidates drawn, --plot-top of them.
candidates=$(wc -l <"$TMP/all.bed")
run "$TROPIC" mirscan $FEW -q --plot "$TMP/plots" "$GENOME"
assert_eq "$RC" 0 "--plot: exit code"
expected=$((candidates < 20 ? candidates : 20))
assert_eq "$(find "$TMP/plots" -name '*_ss.svg' | wc -l)" "$expected" \
    "--plot: one SVG per candidate, up to 20"
run "$TROPIC" mirscan $FEW -q --plot "$TMP/top2" --plot-top 2 "$GENOME"
assert_eq "$(find "$TMP/top2" -type f | wc -l)" 2 "--plot-top 2: two drawings"
# The best: the highest score (tsv's, unrounded), the first in the genome among equals.
best=$(grep -v '^#' "$TMP/all.tsv" | sort -t"$TAB" -k5,5gr -s | head -1 |
       awk -F'\t' '{ printf "%s_%d-%d_%s_ss.svg", $1, $2, $3, $6 == "-" ? "minus" : "plus" }')
if [ ! -s "$TMP/top2/$best" ]; then fail "--plot-top 2: the best candidate $best drawn"; fi
assert_contains "$(head -c 300 "$TMP/top2/$best")" "<svg" "--plot: SVG"

finish
