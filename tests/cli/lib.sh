# Helpers for the end-to-end tests of `tropic`. Source from a test script run as
#   bash test_x.sh <path-to-tropic> <repo-root>
set -euo pipefail

TROPIC=${1:?usage: $0 <path-to-tropic> <repo-root>}
REPO=${2:?usage: $0 <path-to-tropic> <repo-root>}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tropic-cli.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
FAILURES=0
# run() keeps outputs in OUT and ERR; a caller's exported variable of the same name (the GPU host
# exports OUT) would carry them into every child's environment until exec fails with E2BIG.
unset OUT ERR RC

fail() {
    echo "FAIL: $*" >&2
    FAILURES=$((FAILURES + 1))
}

# Ends the script: 0 when every check passed, 1 otherwise.
finish() {
    if [ "$FAILURES" -ne 0 ]; then
        echo "$FAILURES check(s) failed" >&2
        exit 1
    fi
    echo "all checks passed"
}

skip() {
    echo "SKIP: $*"
    exit 77
}

assert_eq() {  # actual expected what
    if [ "$1" != "$2" ]; then
        fail "$3"$'\n'"--- expected:"$'\n'"$2"$'\n'"--- actual:"$'\n'"$1"
    fi
}

assert_contains() {  # haystack needle what
    case "$1" in
        *"$2"*) ;;
        *) fail "$3: expected to contain '$2', got:"$'\n'"$1" ;;
    esac
}

assert_file_missing() {  # path what
    if [ -e "$1" ]; then fail "$2: '$1' exists"; fi
}

# run CMD...: runs the command; sets RC, OUT (stdout) and ERR (stderr), never aborts the script.
run() {
    set +e
    "$@" >"$TMP/.out" 2>"$TMP/.err"
    RC=$?
    set -e
    OUT=$(cat "$TMP/.out")
    ERR=$(cat "$TMP/.err")
}

# run_stdin FILE CMD...: like run, with FILE on stdin.
run_stdin() {
    local input=$1
    shift
    set +e
    "$@" <"$input" >"$TMP/.out" 2>"$TMP/.err"
    RC=$?
    set -e
    OUT=$(cat "$TMP/.out")
    ERR=$(cat "$TMP/.err")
}

# An awk function weight(a, b) of the pair of letters a, b from the awk variables wgc, wau, wgu
# (0 for pairs that cannot form). Prepend it to an awk program that sets them with -v.
AWK_PAIR_WEIGHT='
    function weight(a, b,   p) {
        p = a b
        if (p == "GC" || p == "CG") return wgc
        if (p == "AU" || p == "UA") return wau
        if (p == "GU" || p == "UG") return wgu
        return 0
    }
'

# random_record NAME LENGTH SEED: one FASTA record of random ACGU, the same for the same SEED on
# every machine (awk's srand/rand differ between awk versions, so this is a plain LCG whose
# products stay below 2^53, exact in awk's doubles).
random_record() {
    awk -v name="$1" -v n="$2" -v seed="$3" 'BEGIN {
        x = (seed * 7919 + 12345) % 4294967296
        printf ">%s\n", name
        for (i = 0; i < n; i++) {
            x = (x * 1664525 + 1013904223) % 4294967296
            printf "%s", substr("ACGU", int(x / 16777216) % 4 + 1, 1)
        }
        printf "\n"
    }'
}

# True when `script` (util-linux) can run a command under a pseudo-terminal.
have_pty() {
    command -v script >/dev/null 2>&1 && script -qec true /dev/null </dev/null >/dev/null 2>&1
}

# Checks RNAfold-layout output of `tropic fold`: every structure is balanced, has the sequence's
# length, pairs only allowed bases at distance > min_loop, and its pairs' weights sum to the
# printed score. Prints a message per problem and exits non-zero when there is one.
# usage: check_rescore FILE MIN_LOOP GC AU GU
check_rescore() {
    awk -v m="$2" -v wgc="$3" -v wau="$4" -v wgu="$5" "$AWK_PAIR_WEIGHT"'
    function check(seq, line,   structure, score, n, i, c, top, stack, j, w, total) {
        if (!match(line, / \(-?[0-9]+\)$/)) { print "no score on line: " line; bad++; return }
        structure = substr(line, 1, RSTART - 1)
        score = substr(line, RSTART + 2, RLENGTH - 3) + 0
        n = length(seq)
        if (length(structure) != n) { print "length mismatch: " seq " / " structure; bad++; return }
        top = 0; total = 0
        for (i = 1; i <= n; i++) {
            c = substr(structure, i, 1)
            if (c == "(") stack[++top] = i
            else if (c == ")") {
                if (top == 0) { print "unbalanced: " structure; bad++; return }
                j = stack[top--]
                w = weight(substr(seq, j, 1), substr(seq, i, 1))
                if (w <= 0) { print "forbidden pair " j "-" i " in " seq; bad++; return }
                if (i - j <= m) { print "pair " j "-" i " breaks min-loop " m; bad++; return }
                total += w
            } else if (c != ".") { print "bad character in " structure; bad++; return }
        }
        if (top != 0) { print "unbalanced: " structure; bad++; return }
        if (total != score) { print "score " score " but pairs sum to " total ": " structure; bad++ }
        checked++
    }
    /^>/ && state == 0 { next }
    { if (state == 0) { seq = $0; state = 1 } else { check(seq, $0); state = 0 } }
    END {
        if (checked == 0 && bad == 0) { print "nothing checked"; exit 1 }
        exit bad > 0
    }' "$1"
}

have_python() { command -v python3 >/dev/null 2>&1; }
