#!/usr/bin/env bash
# --min-loop, --weights and --no-gu on small examples checked by hand, and re-scoring of every
# printed structure under the parameters it was folded with.
source "$(dirname "$0")/lib.sh"

fold_one() {  # SEQUENCE OPTIONS... -> "structure (score)"
    local sequence=$1
    shift
    printf '>s\n%s\n' "$sequence" | "$TROPIC" fold --model nussinov "$@" | sed -n 3p
}

# GGGAAACCC: with min-loop 3 the innermost G-C pair (positions 3 and 7, j - i = 4) is allowed,
# so three nested G-C pairs; with min-loop 4 it is not, and only two pairs fit.
assert_eq "$(fold_one GGGAAACCC)" "(((...))) (3)" "GGGAAACCC, defaults"
assert_eq "$(fold_one GGGAAACCC --min-loop 3)" "(((...))) (3)" "GGGAAACCC, --min-loop 3"
assert_eq "$(fold_one GGGAAACCC --min-loop 4)" ".((....)) (2)" "GGGAAACCC, --min-loop 4"
assert_eq "$(fold_one GGGAAACCC --min-loop 7)" "(.......) (1)" "GGGAAACCC, --min-loop 7"
assert_eq "$(fold_one GGGAAACCC --min-loop 8)" "......... (0)" "GGGAAACCC, --min-loop 8"
# GGGGAAAACCCC with min-loop 5: the fourth pair would enclose 4 < 6 bases.
assert_eq "$(fold_one GGGGAAAACCCC --min-loop 5)" ".(((.....))) (3)" "GGGGAAAACCCC, --min-loop 5"

# Weights scale the score: three G-C pairs at 3 each.
assert_eq "$(fold_one GGGAAACCC --weights GC=3)" "(((...))) (9)" "--weights GC=3"
assert_eq "$(fold_one GGGAAACCC --weights cg=5,AU=2)" "(((...))) (15)" "--weights cg=5 (order, case)"

# GGGAAAUUU pairs only through G-U wobbles (3); without them only one A-U pair fits. The
# traceback leaves a base unpaired whenever that keeps the optimum, so the pair found is the
# last possible one, A5-U9 (1-based).
assert_eq "$(fold_one GGGAAAUUU)" "(((...))) (3)" "G-U pairs by default"
assert_eq "$(fold_one GGGAAAUUU --no-gu)" "....(...) (1)" "--no-gu"
assert_eq "$(fold_one GGGAAAUUU --weights GU=0)" "....(...) (1)" "--weights GU=0"
assert_eq "$(fold_one GGGAAAUUU --weights GU=4 --no-gu)" "....(...) (1)" "--no-gu beats --weights"
assert_eq "$(fold_one GGGAAAUUU --weights GU=4)" "(((...))) (12)" "--weights GU=4"

# Weights change the structure. AAGAAAUUC (1-based): either two nested A-U pairs (A1-U8,
# A2-U7) or the G3-C9 pair with A4-U8 inside it. Equal weights tie at 2 and the traceback,
# preferring an unpaired first base, takes the second; GC=3 makes the second worth 4; AU=2
# makes the first worth 4 and the only optimum.
assert_eq "$(fold_one AAGAAAUUC)" "..((...)) (2)" "AAGAAAUUC, equal weights"
assert_eq "$(fold_one AAGAAAUUC --weights GC=3,AU=1)" "..((...)) (4)" "AAGAAAUUC, GC=3"
assert_eq "$(fold_one AAGAAAUUC --weights AU=2)" "((....)). (4)" "AAGAAAUUC, AU=2"

# N and other IUPAC codes never pair.
assert_eq "$(fold_one GGGNNNCCC)" "(((...))) (3)" "N in the loop"
assert_eq "$(fold_one NNNAAANNN)" "......... (0)" "N never pairs"

# Re-scoring: random sequences under several parameter sets; every structure must be balanced,
# pair allowed bases beyond min-loop, and sum to the printed score.
awk 'BEGIN {
    srand(20240611)
    split("A C G U", b, " ")
    for (r = 1; r <= 200; r++) {
        n = int(rand() * 80)
        s = ""
        for (i = 0; i < n; i++) s = s b[int(rand() * 4) + 1]
        printf ">r%d\n%s\n", r, s
    }
}' >"$TMP/random.fa"
rescore() {  # MIN_LOOP GC AU GU OPTIONS...
    local m=$1 gc=$2 au=$3 gu=$4
    shift 4
    "$TROPIC" fold --model nussinov "$@" "$TMP/random.fa" >"$TMP/random.out" || fail "fold $* failed"
    check_rescore "$TMP/random.out" "$m" "$gc" "$au" "$gu" || fail "structures do not re-score: $*"
}
rescore 3 1 1 1
rescore 0 1 1 1 --min-loop 0
rescore 5 3 2 1 --min-loop 5 --weights GC=3,AU=2,GU=1
rescore 3 1 1 0 --no-gu
rescore 2 7 0 2 --min-loop 2 --weights AU=0,GC=7,GU=2 --threads 2 --chunk 13

# The checker itself must be able to fail.
printf '>x\nGGGAAACCC\n(((...))) (4)\n' >"$TMP/wrong.out"
if check_rescore "$TMP/wrong.out" 3 1 1 1 >/dev/null; then fail "checker accepted a wrong score"; fi
printf '>x\nGGGAAACCC\n((....))) (3)\n' >"$TMP/wrong.out"
if check_rescore "$TMP/wrong.out" 3 1 1 1 >/dev/null; then fail "checker accepted unbalanced"; fi

finish
