#!/usr/bin/env bash
# `tropic map --backend cuda` end to end against `--backend cpu`: the same records byte for byte
# (the @PG line, which holds the command line, apart), pairs and single reads, on a genome with
# diverged repeats and reads with errors and Ns; a device that does not exist is refused before
# any output. Without a CUDA device it SKIPs.
source "$(dirname "$0")/lib.sh"

run "$TROPIC" device
if ! printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    skip "no CUDA device: the GPU path of tropic map is not tested here"
fi

python3 "$REPO/tests/cli/map_genome.py" "$TMP/ref.fa" 400000 --contigs 3 --seed 9
# Pairs from fragments of 250..450 bases, 2% substitutions, now and then an N or a random read.
python3 - "$TMP" <<'PY'
import random, sys
tmp = sys.argv[1]
rng = random.Random(23)
contigs, name = {}, None
for line in open(f"{tmp}/ref.fa"):
    if line.startswith(">"):
        name = line[1:].split()[0]
        contigs[name] = []
    else:
        contigs[name].append(line.strip())
contigs = {k: "".join(v) for k, v in contigs.items()}
flip = str.maketrans("ACGTN", "TGCAN")
def noisy(s):
    s = [c if rng.random() > 0.02 else rng.choice("ACGT") for c in s]
    if rng.random() < 0.1:
        s[rng.randrange(len(s))] = "N"
    return "".join(s)
with open(f"{tmp}/r1.fq", "w") as one, open(f"{tmp}/r2.fq", "w") as two:
    for k in range(3000):
        contig = rng.choice(list(contigs.values()))
        size = rng.randint(250, 450)
        at = rng.randrange(len(contig) - size)
        left, right = contig[at:at + 150], contig[at + size - 150:at + size][::-1].translate(flip)
        if rng.random() < 0.03:
            left = "".join(rng.choice("ACGT") for _ in range(150))
        for f, read in ((one, noisy(left)), (two, noisy(right))):
            f.write(f"@p{k}\n{read}\n+\n{'I' * len(read)}\n")
PY
run "$TROPIC" index -q "$TMP/ref.fa"
[ "$RC" -eq 0 ] || fail "index: exit $RC: $ERR"

compare() {  # what, then map's inputs
    local what=$1
    shift
    run "$TROPIC" map -q --backend cpu "$@"
    [ "$RC" -eq 0 ] || fail "$what on the CPU: exit $RC: $ERR"
    local cpu=$OUT
    run "$TROPIC" map -q --backend cuda "$@"
    [ "$RC" -eq 0 ] || fail "$what on the GPU: exit $RC: $ERR"
    [ "$(printf '%s\n' "$cpu" | grep -vc '^@')" -gt 0 ] || fail "$what: no records"
    [ "$(printf '%s\n' "$cpu" | grep -v '^@PG')" == "$(printf '%s\n' "$OUT" | grep -v '^@PG')" ] ||
        fail "$what: the GPU's records differ from the CPU's"
}
compare "pairs" "$TMP/ref.fa" "$TMP/r1.fq" "$TMP/r2.fq"
compare "single reads" "$TMP/ref.fa" "$TMP/r1.fq"

run "$TROPIC" map -q --backend cuda --device 99 "$TMP/ref.fa" "$TMP/r1.fq" -o "$TMP/none.sam"
[ "$RC" -eq 2 ] || fail "a missing device: exit $RC, expected 2"
assert_contains "$ERR" "--backend cuda" "the error names the option"
assert_file_missing "$TMP/none.sam" "a refused run's output"
finish
