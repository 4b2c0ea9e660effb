#!/usr/bin/env bash
# --version, --help on every command (every option with its default), tropic device.
source "$(dirname "$0")/lib.sh"

run "$TROPIC" --version
assert_eq "$RC" 0 "--version: exit code"
assert_contains "$OUT" "tropic " "--version output"

run "$TROPIC" --help
assert_eq "$RC" 0 "--help: exit code"
assert_contains "$OUT" "fold" "--help lists fold"
assert_contains "$OUT" "device" "--help lists device"
assert_contains "$OUT" "eval" "--help lists eval"
assert_contains "$OUT" "align3" "--help lists align3"
assert_contains "$OUT" "syntenic" "--help lists syntenic"

run "$TROPIC" fold --help
assert_eq "$RC" 0 "fold --help: exit code"
for option in --model --dangles --params --temperature --min-loop --weights --no-gu --backend --threads --device --output \
    --json --quiet --chunk; do
    assert_contains "$OUT" "$option" "fold --help lists $option"
done
# CLI11 versions print a default as "=3" or "[3]", on the option's own line.
default_shown() {  # option default
    local line
    line=$(printf '%s\n' "$OUT" | grep -E -- "^ *(-[a-z],)?$1 " || true)
    case "$line" in
        *"=$2"* | *"[$2]"*) ;;
        *) fail "fold --help: $1 does not show its default '$2': '$line'" ;;
    esac
}
default_shown --model mfe
default_shown --dangles 2
default_shown --temperature 37
default_shown --min-loop 3
default_shown --weights GC=1,AU=1,GU=1
default_shown --backend auto
default_shown --threads 0
default_shown --device 0
default_shown --chunk 65536
assert_contains "$OUT" "mfe (minimum free energy" "fold --help describes the mfe model"

run "$TROPIC" eval --help
assert_eq "$RC" 0 "eval --help: exit code"
for option in --dangles --params --temperature --verbose --output; do
    assert_contains "$OUT" "$option" "eval --help lists $option"
done

run "$TROPIC" align3 --help
assert_eq "$RC" 0 "align3 --help: exit code"
for option in --gap --gap-open --gap-extend --match --mismatch --matrix --score-only --format \
    --backend --device --threads --max-memory --json --output --quiet --chunk; do
    assert_contains "$OUT" "$option" "align3 --help lists $option"
done

run "$TROPIC" syntenic --help
assert_eq "$RC" 0 "syntenic --help: exit code"
for option in --block --block-ends --pairs --gap-open --gap-extend --match --mismatch --matrix \
    --score-only --format --backend --device --threads --max-memory --json --output --quiet; do
    assert_contains "$OUT" "$option" "syntenic --help lists $option"
done

run "$TROPIC" device --help
assert_eq "$RC" 0 "device --help: exit code"

run "$TROPIC" device
assert_eq "$RC" 0 "device: exit code"
assert_contains "$OUT" "CUDA backend:" "device: says how it was built"

run "$TROPIC" device --json
assert_eq "$RC" 0 "device --json: exit code"
if have_python; then
    printf '%s\n' "$OUT" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert "devices" in d' ||
        fail "device --json does not parse"
fi

finish
