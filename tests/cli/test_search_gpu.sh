#!/usr/bin/env bash
# `tropic search --backend cuda` end to end against `--backend cpu`: byte-identical output in
# every layout and mode, protein and DNA on both strands, from a built database and from a FASTA.
# Without a CUDA device it SKIPs.
source "$(dirname "$0")/lib.sh"

run "$TROPIC" device
if ! printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    skip "no CUDA device: the GPU path of tropic search is not tested here"
fi

# Queries, and databases of random sequences (log-normal lengths) with mutated pieces of the
# queries among them, so that hits score well, tie and now and then overflow 16-bit lanes.
python3 - "$TMP" <<'PY'
import math, random, sys
tmp = sys.argv[1]
rng = random.Random(14)
for name, letters, queries, database in (("p", "ARNDCQEGHILKMFPSTWYV", 12, 3000),
                                         ("d", "ACGT", 12, 3000)):
    qs = ["".join(rng.choices(letters, k=rng.randint(20, 1500))) for _ in range(queries)]
    with open(f"{tmp}/{name}_q.fa", "w") as f:
        f.writelines(f">q{k}\n{q}\n" for k, q in enumerate(qs))
    with open(f"{tmp}/{name}_db.fa", "w") as f:
        for k in range(database):
            if k % 40 == 0:
                q = qs[k // 40 % queries]
                s = "".join(c if rng.random() > 0.1 else rng.choice(letters)
                            for c in q[rng.randint(0, len(q) // 3):])
            else:
                n = int(min(4000, max(5, rng.lognormvariate(math.log(300), 0.7))))
                s = "".join(rng.choices(letters, k=n))
            f.write(f">t{k}\n{s}\n")
PY
run "$TROPIC" makedb -q "$TMP/p_db.fa" "$TMP/pdb"
run "$TROPIC" makedb -q "$TMP/d_db.fa" "$TMP/ddb"

compare() {  # what, then search options
    local what=$1
    shift
    run "$TROPIC" search -q --backend cpu "$@"
    assert_eq "$RC" 0 "$what: cpu exit code"
    local cpu
    cpu=$(grep -v '^@PG' <<<"$OUT")
    run "$TROPIC" search -q --backend cuda "$@"
    assert_eq "$RC" 0 "$what: cuda exit code"
    assert_eq "$(grep -v '^@PG' <<<"$OUT")" "$cpu" "$what: cuda output equals cpu output"
}

for mode in local global glocal overlap; do
    compare "protein $mode tsv" --mode "$mode" --top 25 --format tsv "$TMP/p_q.fa" "$TMP/pdb"
    compare "dna $mode both strands paf" --mode "$mode" --strand both --top 25 --format paf \
        "$TMP/d_q.fa" "$TMP/ddb"
done
compare "protein blast6, FASTA database" "$TMP/p_q.fa" "$TMP/p_db.fa"
compare "protein json, --evalue" --json --evalue 1e-5 "$TMP/p_q.fa" "$TMP/pdb"
compare "dna sam, both strands" --strand both --format sam "$TMP/d_q.fa" "$TMP/ddb"
compare "dna blast6, top 1000" --strand both --top 1000 "$TMP/d_q.fa" "$TMP/ddb"

finish
