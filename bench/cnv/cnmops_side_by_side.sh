#!/usr/bin/env bash
# cn.mops itself beside `tropic cnv call`, on one synthetic cohort, in one run:
#   bash bench/cnv/cnmops_side_by_side.sh [samples (15)] [windows (50000)] [threads (all cores)]
# cn.mops (R, with its `parallel` = threads) runs cn.mops() then calcIntegerCopyNumbers() on the
# matrix as a GRanges object; tropic runs `cnv call` on the same matrix on the CPU with the same
# threads. Both read the matrix from a file; the times include that. Needs Rscript with cn.mops
# (tests/oracle/cnmops/README.md installs it into .anchors/Rlib); prints SKIP (exit 77) without.
set -euo pipefail
samples=${1:-15}
windows=${2:-50000}
threads=${3:-$(nproc)}
here=$(cd "$(dirname "$0")/../.." && pwd)
tropic=${TROPIC:-$here/build/tropic}
rlib=${CNMOPS_RLIB:-$here/.anchors/Rlib}
command -v Rscript >/dev/null || { echo "SKIP: Rscript is not installed"; exit 77; }
R_LIBS=$rlib Rscript -e 'suppressMessages(library(cn.mops))' 2>/dev/null ||
    { echo "SKIP: cn.mops is not installed (see tests/oracle/cnmops/README.md)"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/tropic-cnmops-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Poisson counts around a per-window mean, sample depths 0.7-1.3, a CNV every 2,000 windows.
python3 - "$samples" "$windows" >"$work/counts.tsv" <<'PY'
import math, random, sys
samples, windows = int(sys.argv[1]), int(sys.argv[2])
random.seed(7)
def poisson(lam):
    if lam < 30:
        l, k, p = math.exp(-lam), 0, 1.0
        while True:
            p *= random.random()
            if p <= l:
                return k
            k += 1
    return max(0, int(round(random.gauss(lam, math.sqrt(lam)))))
depth = [random.uniform(0.7, 1.3) for _ in range(samples)]
copy = {}
for w in range(100, windows - 40, 2000):
    s, width, cn = random.randrange(samples), random.randint(5, 30), random.choice([0.05, 1, 3, 4])
    for k in range(w, w + width):
        copy[(k, s)] = cn
out = sys.stdout
out.write("#chrom\tstart\tend\t" + "\t".join(f"S{s + 1}" for s in range(samples)) + "\n")
per_chrom = (windows + 2) // 3
for w in range(windows):
    chrom, i = divmod(w, per_chrom)
    mean = random.lognormvariate(math.log(60), 0.3)
    counts = [poisson(mean * depth[s] * copy.get((w, s), 2) / 2) for s in range(samples)]
    out.write(f"chr{chrom + 1}\t{i * 25000}\t{(i + 1) * 25000}\t" + "\t".join(map(str, counts)) + "\n")
PY

cat >"$work/run.R" <<'R'
suppressMessages(library(cn.mops))
args <- commandArgs(trailingOnly = TRUE)
t <- read.delim(args[1], check.names = FALSE)
gr <- GRanges(t[[1]], IRanges(t$start + 1, t$end))
mcols(gr) <- as.matrix(t[, -(1:3)])
res <- calcIntegerCopyNumbers(cn.mops(gr, parallel = as.integer(args[2])))
cat(length(cnvs(res)), "CNVs\n")
R
seconds() {  # seconds CMD...: wall time of one run
    local start end
    start=$(date +%s.%N)
    "$@" >"$work/out.txt" 2>&1
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN{printf "%.2f", b - a}'
}
parallel=$threads
[ "$parallel" -le 1 ] && parallel=0  # cn.mops: 0 means no cluster
cnmops_s=$(seconds env R_LIBS="$rlib" Rscript "$work/run.R" "$work/counts.tsv" "$parallel")
cnmops_cnvs=$(grep -o '^[0-9]* CNVs' "$work/out.txt" || echo "? CNVs")
tropic_s=$(seconds "$tropic" cnv call -q --backend cpu --threads "$threads" "$work/counts.tsv" \
    -o "$work/tropic")
tropic_cnvs="$(($(wc -l <"$work/tropic.cnvs.tsv") - 1)) CNVs"
printf 'cohort: %s samples x %s windows, %s threads\n' "$samples" "$windows" "$threads"
printf '%-8s %10s  %s\n' tool seconds result
printf '%-8s %10s  %s\n' cn.mops "$cnmops_s" "$cnmops_cnvs" tropic "$tropic_s" "$tropic_cnvs"
awk -v a="$cnmops_s" -v b="$tropic_s" 'BEGIN{printf "tropic is %.1fx faster\n", a / b}'
