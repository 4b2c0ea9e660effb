#!/usr/bin/env bash
# `tropic subopt --backend cuda` writes the CPU's bytes (-e sorted and unsorted, -z, --noLP,
# records short and long, one and several threads); SKIPPED without a CUDA device. Without one,
# --backend cuda is a resource error (exit 2) that suggests the CPU.
source "$(dirname "$0")/lib.sh"

python3 - "$TMP/in.fa" <<'PY'
import random, sys
rng = random.Random(20261127)
with open(sys.argv[1], "w") as out:
    for k, n in enumerate([9, 27, 120, 340, 700]):
        out.write(f">r{k}\n" + "".join(rng.choice("ACGU") for _ in range(n)) + "\n")
PY

run "$TROPIC" subopt --backend cpu -e 1 "$TMP/in.fa"
assert_eq "$RC" 0 "--backend cpu: exit code"
cpu_e="$OUT"
run "$TROPIC" subopt --backend cpu -e 1 --threads 1 "$TMP/in.fa"
assert_eq "$OUT" "$cpu_e" "-e 1: one thread writes what several do"

run "$TROPIC" device
if ! printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    run "$TROPIC" subopt --backend cuda "$TMP/in.fa"
    assert_eq "$RC" 2 "--backend cuda without a device: exit code"
    assert_contains "$ERR" "--backend cpu" "--backend cuda without a device: suggests the CPU"
    assert_eq "$OUT" "" "--backend cuda without a device: no output"
    finish
    skip "no CUDA device: subopt --backend cuda == cpu not run"
fi

for args in "-e 1" "-e 1 --sorted" "-e 2 --sorted --threads 1" "-z" "-z --threads 1" \
    "-e 1.5 --sorted --dangles 0" "-z --dangles 0" "-e 1 --sorted --noLP" "-e 1 --json"; do
    run "$TROPIC" subopt --backend cpu $args "$TMP/in.fa"
    assert_eq "$RC" 0 "cpu $args: exit code"
    cpu="$OUT"
    run "$TROPIC" subopt --backend cuda $args "$TMP/in.fa"
    assert_eq "$RC" 0 "cuda $args: exit code"
    assert_eq "$OUT" "$cpu" "subopt $args: --backend cuda writes the CPU's bytes"
done
finish
