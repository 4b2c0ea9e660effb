#!/usr/bin/env bash
# Several devices (--device 0,0: two logical devices on device 0, each taking a contiguous share
# of a batch on its own host thread; 0,0,0 for an uneven split) give one device's output byte for
# byte: fold and fold -p batches, search, align of many pairs, map, rri, mirscan and cnv call; a
# listed device that is not there is refused up front. Without a CUDA device it SKIPs.
source "$(dirname "$0")/lib.sh"

run "$TROPIC" device
if ! printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    skip "no CUDA device: several devices are not tested here"
fi

# Runs COMMAND... with --device 0, then 0,0 and 0,0,0, and compares stdout (the @PG line, which
# holds the command line, apart) and the files named by OUTPUTS (a prefix each run fills in).
compare() {  # what, then the command's words; $PREFIX in them names the run's outputs
    local what=$1
    shift
    local devices reference=""
    for devices in 0 0,0 0,0,0; do
        local words=("${@//\$PREFIX/$TMP/out_$devices}")
        run "$TROPIC" "${words[@]}" --device "$devices"
        [ "$RC" -eq 0 ] || fail "$what --device $devices: exit $RC: $ERR"
        local got
        got=$(grep -v '^@PG' <<<"$OUT")
        for f in $(ls "$TMP" | grep "^out_$devices\." | sort); do
            got+=$'\n'"== ${f#out_"$devices"}"$'\n'
            case "$f" in
                *.gz) got+=$(gzip -dc "$TMP/$f" | grep -v '^##') ;;
                *.tbi) ;;
                *) got+=$(cat "$TMP/$f") ;;
            esac
        done
        if [ "$devices" = 0 ]; then
            reference=$got
            [ -n "$reference" ] || fail "$what: no output"
        else
            assert_eq "$got" "$reference" "$what: --device $devices output equals --device 0's"
        fi
    done
    rm -rf "$TMP"/out_*
}

# A listed device that is not there is refused before any work, with auto as with cuda.
for backend in auto cuda; do
    run "$TROPIC" fold --backend "$backend" --device 0,99 -o "$TMP/none.txt" "$REPO/README.md"
    assert_eq "$RC" 2 "--backend $backend --device 0,99: exit code"
    assert_contains "$ERR" "CUDA device 99 is not available" "--backend $backend: the message"
    assert_file_missing "$TMP/none.txt" "a refused run's output"
done

{
    for k in $(seq 1 50); do random_record "s$k" $((k * 53 % 600 + 1)) $((300 + k)); done
    random_record long1 1100 401
} >"$TMP/rna.fa"
compare "fold (mfe)" fold --backend cuda "$TMP/rna.fa"
compare "fold -p" fold -p --backend cuda "$TMP/rna.fa"
compare "fold (nussinov)" fold --model nussinov --backend cuda "$TMP/rna.fa"

{
    random_record q1 23 12
    random_record q2 40 13
} >"$TMP/q.fa"
{ for k in $(seq 1 13); do random_record "t$k" $((k * 37 % 300 + 5)) $((100 + k)); done; } \
    >"$TMP/t.fa"
compare "rri" rri --backend cuda --window2 64 --top 2 "$TMP/q.fa" "$TMP/t.fa"

python3 - "$TMP" <<'PY'
import random, sys
tmp = sys.argv[1]
rng = random.Random(41)
qs = ["".join(rng.choices("ACGT", k=rng.randint(40, 600))) for _ in range(9)]
with open(f"{tmp}/dq.fa", "w") as f:
    f.writelines(f">q{k}\n{q}\n" for k, q in enumerate(qs))
with open(f"{tmp}/ddb.fa", "w") as f:
    for k in range(1500):
        if k % 30 == 0:
            q = qs[k // 30 % len(qs)]
            s = "".join(c if rng.random() > 0.1 else rng.choice("ACGT") for c in q)
        else:
            s = "".join(rng.choices("ACGT", k=rng.randint(30, 800)))
        f.write(f">t{k}\n{s}\n")
    f.write(f">dup\n{s}\n")  # a tie, broken by the database's order
with open(f"{tmp}/pq.fa", "w") as a, open(f"{tmp}/pt.fa", "w") as b:
    for k in range(400):
        t = "".join(rng.choices("ACGT", k=rng.randint(60, 400)))
        q = "".join(c if rng.random() > 0.08 else rng.choice("ACGT") for c in t)
        a.write(f">q{k}\n{q}\n")
        b.write(f">t{k}\n{t}\n")
PY
run "$TROPIC" makedb -q "$TMP/ddb.fa" "$TMP/ddb"
[ "$RC" -eq 0 ] || fail "makedb: exit $RC: $ERR"
compare "search" search -q --backend cuda --top 5 --format tsv "$TMP/dq.fa" "$TMP/ddb"
compare "align --pairs" align -q --backend cuda --pairs --dna "$TMP/pq.fa" "$TMP/pt.fa"

python3 "$REPO/tests/cli/map_genome.py" "$TMP/ref.fa" 200000 --contigs 2 --seed 5
python3 - "$TMP" <<'PY'
import random, sys
tmp = sys.argv[1]
rng = random.Random(7)
genome = "".join(l.strip() for l in open(f"{tmp}/ref.fa") if not l.startswith(">"))
with open(f"{tmp}/r.fq", "w") as f:
    for k in range(4000):
        at = rng.randrange(len(genome) - 200)
        read = "".join(c if rng.random() > 0.02 else rng.choice("ACGT")
                       for c in genome[at:at + 150])
        f.write(f"@r{k}\n{read}\n+\n{'I' * len(read)}\n")
PY
run "$TROPIC" index -q "$TMP/ref.fa"
[ "$RC" -eq 0 ] || fail "index: exit $RC: $ERR"
compare "map" map -q --backend cuda "$TMP/ref.fa" "$TMP/r.fq"

compare "mirscan" mirscan -q --backend cuda --shuffles 20 "$REPO/data/examples/mirscan_genome.fa"
compare "cnv call" cnv call -q --backend cuda \
    "$REPO/tests/data/cnv/cnmops/cohort_default/counts.tsv" -o '$PREFIX'
finish
