# Helpers for the end-to-end tests of `tropic rri`; source after lib.sh.

# Checks text output of `tropic rri` (docs/rri.md) on its own: every site's structure has the
# site's length on each strand, () pairs nest on each strand with j - i >= 4, [ on strand 1 and
# ] on strand 2 match as nested brackets across '&', every pair can form, and the pairs' weights
# sum to the printed score. Prints a message per problem and exits non-zero when there is one.
# usage: check_rri_rescore FILE GC AU GU
check_rri_rescore() {
    awk -v wgc="$2" -v wau="$3" -v wgu="$4" "$AWK_PAIR_WEIGHT"'
    function problem(text) { print text ": " header; bad++ }
    function check(seq, structure,   n, amp, i, c, top, stack, itop, istack, j, w, total, strand) {
        if (length(seq) != length(structure)) return problem("length mismatch")
        amp = index(seq, "&")
        if (amp == 0 || substr(structure, amp, 1) != "&") return problem("no & at the same place")
        n = length(seq); top = 0; itop = 0; total = 0
        for (i = 1; i <= n; i++) {
            c = substr(structure, i, 1)
            if (i == amp) {
                if (top != 0) return problem("unbalanced () on strand 1")
                continue
            }
            if (c == "(") stack[++top] = i
            else if (c == ")") {
                if (top == 0) return problem("unbalanced ()")
                j = stack[top--]
                if (i - j < 4) return problem("intra pair " j "-" i " spans less than 4")
                w = weight(substr(seq, j, 1), substr(seq, i, 1))
                if (w <= 0) return problem("forbidden pair " j "-" i)
                total += w
            } else if (c == "[") {
                if (i > amp) return problem("[ on strand 2")
                istack[++itop] = i
            } else if (c == "]") {
                if (i < amp || itop == 0) return problem("] without [")
                j = istack[itop--]
                w = weight(substr(seq, j, 1), substr(seq, i, 1))
                if (w <= 0) return problem("forbidden inter pair " j "-" i)
                total += w
            } else if (c != ".") return problem("bad character " c)
        }
        if (top != 0 || itop != 0) return problem("unbalanced")
        if (total - score > 1e-9 || score - total > 1e-9) return problem("score " score " but pairs sum to " total)
        checked++
    }
    /^>/ {
        header = $0; score = ""; state = 0
        for (f = 1; f <= NF; f++) if ($f ~ /^score=/) score = substr($f, 7) + 0
        if ($0 ~ / site=/) state = 1
        next
    }
    state == 1 { seq = $0; state = 2; next }
    state == 2 { check(seq, $0); state = 0; next }
    END {
        if (checked == 0 && bad == 0) { print "nothing checked"; exit 1 }
        exit bad > 0
    }' "$1"
}

# Scores of the header lines, one per line.
rri_scores() {
    grep '^>' "$1" | sed 's/.* score=\([^ ]*\).*/\1/'
}
