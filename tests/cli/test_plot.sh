#!/usr/bin/env bash
# `tropic plot`: structure drawings and dot plots from RNAfold-layout records and a pair TSV;
# tropic fold's output read back; errors naming file:line and leaving no picture behind.
source "$(dirname "$0")/lib.sh"

# Balanced tags and an <svg> root: enough to tell a truncated or broken file.
svg_ok() {  # path
    local text
    text=$(cat "$1")
    case "$text" in
        "<?xml"*"<svg"*"</svg>") ;;
        *) return 1 ;;
    esac
    local opened closed self
    opened=$(grep -o '<[a-z][a-z]*[ >]' "$1" | wc -l)
    self=$(grep -o '/>' "$1" | wc -l)
    closed=$(grep -o '</[a-z]*>' "$1" | wc -l)
    [ "$opened" -eq $((self + closed)) ]
}

cat >"$TMP/records.txt" <<'IN'
>hairpin one
GGGGAAACCCC
((((...)))) ( -3.40)
((((,..)))) [ -3.60]
((((...)))) { -3.40 d=0.50}
 frequency of mfe structure in ensemble 0.8; ensemble diversity 0.9
GGGAAAUCCCAGGGAAACCC
(((...)))..(((...)))
IN
printf 'name\ti\tj\tp\nhairpin\t1\t11\t0.9\nhairpin\t2\t10\t0.85\nhairpin\t3\t9\t0.7\nhairpin\t2\t9\t0.01\n' \
    >"$TMP/pairs.tsv"

run "$TROPIC" plot "$TMP/records.txt" -o "$TMP/out/pictures" --bpp "$TMP/pairs.tsv" --dotplot
assert_eq "$RC" 0 "plot: exit code ($ERR)"
# The unnamed second record goes by its number, 2, as `tropic fold --bpp` names it; the table has
# no line for it, and every line it has matches a record: no warning.
assert_eq "$ERR" "" "plot: stderr"
assert_eq "$(cd "$TMP/out/pictures" && ls | tr '\n' ' ')" \
    "2_dp.svg 2_ss.svg hairpin_dp.svg hairpin_ss.svg " "plot: one file per picture"
for f in "$TMP"/out/pictures/*.svg; do
    svg_ok "$f" || fail "plot: $f is not a well-formed SVG"
done
# One <circle> per base; above the diagonal one black square per pair (4), below the
# structure's 4 pairs in blue.
assert_eq "$(grep -c '<circle' "$TMP/out/pictures/hairpin_ss.svg")" 11 "plot: a disc per base"
assert_eq "$(grep -c 'fill="#141414"' "$TMP/out/pictures/hairpin_dp.svg")" 4 "dot plot: pairs"
assert_eq "$(grep -c 'fill="#1e64c8"' "$TMP/out/pictures/hairpin_dp.svg")" 4 "dot plot: structure"
assert_contains "$(cat "$TMP/out/pictures/hairpin_ss.svg")" "pair probability" "plot: colour bar"

run "$TROPIC" plot "$TMP/records.txt" -o "$TMP/entropy" --bpp "$TMP/pairs.tsv" --colour-by entropy
assert_contains "$(cat "$TMP/entropy/hairpin_ss.svg")" "positional entropy" "plot --colour-by entropy"

# tropic fold's output, from stdin.
run bash -c "'$TROPIC' fold '$REPO/data/examples/rna_examples.fa' | '$TROPIC' plot - -o '$TMP/fold'"
assert_eq "$RC" 0 "plot of fold's output: exit code ($ERR)"
assert_eq "$(ls "$TMP/fold" | wc -l | tr -d ' ')" 5 "plot of fold's output: five pictures"
[ -f "$TMP/fold/tRNA-Phe_S.cerevisiae_ss.svg" ] || fail "plot: the tRNA's picture"

# PNG: written with cairo, refused clearly without.
run "$TROPIC" plot "$TMP/records.txt" -o "$TMP/png" --png
if [ "$RC" -eq 0 ]; then
    assert_eq "$(head -c 4 "$TMP/png/hairpin_ss.png" | tail -c 3)" "PNG" "plot --png: a PNG"
else
    assert_contains "$ERR" "cairo" "plot --png without cairo"
    assert_file_missing "$TMP/png/hairpin_ss.png" "plot --png without cairo"
fi

# Bad input: exit 1, file:line in the message, no picture (not even of the good records before).
bad() {  # what expected-message input-text [options...]
    local what=$1 expected=$2 text=$3
    shift 3
    printf '%b' "$text" >"$TMP/bad.txt"
    rm -rf "$TMP/bad"
    run "$TROPIC" plot "$TMP/bad.txt" -o "$TMP/bad" "$@"
    assert_eq "$RC" 1 "$what: exit code"
    assert_contains "$ERR" "$expected" "$what: message"
    assert_eq "$(ls "$TMP/bad" 2>/dev/null | wc -l | tr -d ' ')" 0 "$what: no picture left"
}
bad "unbalanced" "bad.txt:6: unbalanced ')' at position 8" \
    '>ok\nGGGAAACCC\n(((...)))\n>b\nGGGAAACCC\n((...))).\n'
bad "open bracket" "bad.txt:3: unbalanced '(' at position 1" '>b\nGGGAAACCC\n((((..)))\n'
bad "length" "bad.txt:3: the structure has 8 characters, the sequence (line 2) 9" \
    '>b\nGGGAAACCC\n((...)).\n'
bad "no structure" "bad.txt:2: the sequence has no structure line" '>b\nGGGAAACCC\n>c\nAC\n..\n'
bad "sequence" "bad.txt:2: invalid character '1' at position 4" '>b\nGGG1AACCC\n(((...)))\n'
printf 'hairpin\t1\t40\t0.5\n' >"$TMP/far.tsv"
bad "bpp beyond" "far.tsv:1: pair 1-40 lies beyond the 11 bases of 'hairpin'" \
    '>hairpin\nGGGGAAACCCC\n((((...))))\n' --bpp "$TMP/far.tsv"
printf 'name\ti\tj\tp\nhairpin\t3\t2\t0.5\n' >"$TMP/order.tsv"
bad "bpp order" "order.tsv:2: i and j must be whole numbers with 1 <= i < j" \
    '>hairpin\nGGGGAAACCCC\n((((...))))\n' --bpp "$TMP/order.tsv"
printf 'hairpin\t1\t9\t1.5\n' >"$TMP/prob.tsv"
bad "bpp probability" "prob.tsv:1: p must be a probability" \
    '>hairpin\nGGGGAAACCCC\n((((...))))\n' --bpp "$TMP/prob.tsv"
bad "dotplot without bpp" "--dotplot draws the pairs of --bpp" \
    '>hairpin\nGGGGAAACCCC\n((((...))))\n' --dotplot

finish
