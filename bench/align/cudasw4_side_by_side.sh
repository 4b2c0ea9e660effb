#!/usr/bin/env bash
# CUDASW++4.0 and `tropic search` side by side, in one call on one GPU: the anchor of the
# protein-search goal in docs/performance.md.
#
#   bench/align/cudasw4_side_by_side.sh TROPIC CUDASW4_DIR WORK_DIR [SEQUENCES]
#
# TROPIC       a CUDA build of the tool
# CUDASW4_DIR  a checkout of the public repository asbschmidt/CUDASW4, kept outside git (e.g. in
#              the git-ignored .anchors/); built here with its Makefile if `align` or `makedb` is
#              missing, with the two changes CUDA 13 needs given on make's command line (NVTX3 is
#              header-only, so no -lnvToolsExt; its .cpp files compiled as CUDA with -x cu). Its
#              code is never copied into tropic.
# WORK_DIR     where the database (bench/align/make_search_data.py, SEQUENCES sequences, default
#              2,000,000: ~718 M residues, UniProtKB/Swiss-Prot's composition) and both tools'
#              database files go (~3 GB)
#
# Both tools scan CUDASW++'s own 20 queries (allqueries.fasta) with BLOSUM62 and a gap of k costing
# 11 + k (CUDASW++'s defaults; tropic's --gap-open 10 --gap-extend 1), top 10 hits. Printed: each
# tool's scan time and TCUPS as the tool reports it, the wall time of each process, and whether
# the best score of every query agrees.
set -euo pipefail
tropic=$(realpath "$1")
anchor=$(realpath "$2")
work=$3
sequences=${4:-2000000}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
work=$(realpath "$work")
step() { echo "== $* ($(date +%T))"; }

if [[ ! -x $anchor/align || ! -x $anchor/makedb ]]; then
  step build CUDASW++4.0
  flags='-arch=native -lineinfo --expt-relaxed-constexpr -rdc=true --extended-lambda -Xcompiler=-fopenmp'
  make -C "$anchor" -j"$(nproc)" release NVCC_FLAGS="$flags" \
    COMPILE='$(COMPILER) -x cu $(NVCC_FLAGS) $(DIALECT) $(OPTIMIZATION) $(WARNINGS) -c $< -o $@' \
    >"$work/cudasw4-build.log" 2>&1 || { tail -30 "$work/cudasw4-build.log"; exit 1; }
fi

if [[ ! -f $work/protein_db.fa ]]; then
  step database of "$sequences" sequences
  python3 "$here/make_search_data.py" "$work" --sequences "$sequences" --dna-sequences 100
fi
queries=$anchor/allqueries.fasta
[[ -f $work/cudasw4_db.done ]] || {
  step CUDASW++ makedb
  "$anchor/makedb" "$work/protein_db.fa" "$work/cudasw4_db" >"$work/cudasw4-makedb.log" 2>&1
  touch "$work/cudasw4_db.done"
}
[[ -f $work/tropic_db.done ]] || {
  step tropic makedb
  "$tropic" makedb -q "$work/protein_db.fa" "$work/tropic_db"
  touch "$work/tropic_db.done"
}

# Seconds of a command's whole process; its output goes to the file named first.
wall() {
  local log=$1 start end
  shift
  start=$(date +%s.%N)
  "$@" >"$log" 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", b - a}'
}

for kind in dpx nodpx; do
  extra=()
  [[ $kind == dpx ]] && extra=(--dpx)
  step "CUDASW++4.0 ($kind)"
  secs=$(wall "$work/cudasw4_$kind.log" "$anchor/align" --query "$queries" --db "$work/cudasw4_db" --top 10 --verbose \
    --uploadFull --prefetchDBFile --tsv "${extra[@]}" --of "$work/cudasw4_$kind.tsv")
  total=$(grep -E "^Total time:" "$work/cudasw4_$kind.log" | tail -1)
  gcups=$(sed -E 's/.* s, ([0-9.e+]+) GCUPS/\1/' <<<"$total")
  printf 'CUDASW++4.0 %-6s %s -> %.2f TCUPS; process %.2f s\n' "$kind" "$total" \
    "$(awk -v g="$gcups" 'BEGIN {print g / 1000}')" "$secs"
done

step tropic search
secs=$(wall "$work/tropic.log" "$tropic" search --backend cuda --gap-open 10 --gap-extend 1 --top 10 \
  --format tsv "$queries" "$work/tropic_db" -o "$work/tropic.tsv")
line=$(grep "tropic search:" "$work/tropic.log" | tail -1)
scan=$(sed -E 's/.* in ([0-9.]+) s \(([0-9.]+) GCUPS\).*/\1 \2/' <<<"$line")
read -r scan_s scan_gcups <<<"$scan"
printf 'tropic search     scan %s s -> %.2f TCUPS; process %.2f s\n' "$scan_s" \
  "$(awk -v g="$scan_gcups" 'BEGIN {print g / 1000}')" "$secs"

# The best score of each query, in query order: CUDASW++'s TSV has it in column 5 of its first
# result per query, tropic's tsv in column 5 of the query's first line.
step best scores
awk -F'\t' 'NR > 1 && $4 == 0 {print $5}' "$work/cudasw4_dpx.tsv" >"$work/best_cudasw4.txt"
awk -F'\t' '!/^#/ && $1 != last {print $5; last = $1}' "$work/tropic.tsv" >"$work/best_tropic.txt"
if cmp -s "$work/best_cudasw4.txt" "$work/best_tropic.txt"; then
  echo "best scores of all $(wc -l <"$work/best_tropic.txt") queries agree"
else
  echo "best scores DIFFER:"
  paste "$work/best_cudasw4.txt" "$work/best_tropic.txt" | head -25
  exit 1
fi
