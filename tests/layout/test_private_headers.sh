#!/usr/bin/env bash
# The build keeps private headers private (cmake/TropicDomain.cmake): with the include paths the
# `tropic` CLI gets, a domain's private header cannot be found, while public headers and the CLI's
# own headers can; a domain sees another domain only through what that one exports.
#   test_private_headers.sh <c++ compiler> <repo-root> <private-root>
set -uo pipefail
CXX=${1:?usage: $0 <c++> <repo-root> <private-root>}
REPO=${2:?}
PRIVATE=${3:?}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tropic-headers.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
failures=0

# compiles HEADER with the include roots that follow; prints "ok" or the compiler's first error
try_include() {
    local header=$1
    shift
    printf '#include "%s"\nint main() { return 0; }\n' "$header" >"$TMP/probe.cpp"
    local flags=(-std=c++20 -fsyntax-only -I"$REPO/include")
    for root in "$@"; do flags+=(-I"$root"); done
    if "$CXX" "${flags[@]}" "$TMP/probe.cpp" 2>"$TMP/err"; then echo ok; else head -1 "$TMP/err"; fi
}

expect_ok() {  # what header roots...
    local what=$1
    shift
    local got
    got=$(try_include "$@")
    [ "$got" = ok ] || { echo "FAIL: $what: $got"; failures=$((failures + 1)); }
}

expect_missing() {  # what header roots...
    local what=$1 header=$2
    shift
    local got
    got=$(try_include "$@")
    case "$got" in
        *"$header"*"No such file"*) ;;        # GCC
        *"'$header' file not found"*) ;;      # clang (the sanitizer build)
        *) echo "FAIL: $what: expected '$header' not to be found, got: $got"; failures=$((failures + 1)) ;;
    esac
}

cli="$PRIVATE/cli"
expect_ok "the CLI includes a public header" "tropic/rna/mfe.hpp" "$cli"
expect_ok "the CLI includes its own header" "cli/commands.hpp" "$cli"
expect_missing "the CLI includes rna's private MFE model" "rna/mfe/mfe_model.hpp" "$cli"
expect_missing "the CLI includes rna's BPMax tables" "rna/bpmax/bpmax_tables.hpp" "$cli"
expect_missing "the CLI includes the engine's CPU kernels" "semiring/product_cpu.hpp" "$cli"
expect_missing "the CLI includes core's CUDA helpers" "core/cuda/cuda_check.cuh" "$cli"

rna=("$PRIVATE/rna" "$PRIVATE/core-exports" "$PRIVATE/semiring-exports")
expect_ok "rna includes its own private header" "rna/bpmax/bpmax_tables.hpp" "${rna[@]}"
expect_missing "rna includes the engine's private CPU kernels" "semiring/product_cpu.hpp" "${rna[@]}"
expect_missing "rna includes the CLI" "cli/commands.hpp" "${rna[@]}"

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all checks passed"
