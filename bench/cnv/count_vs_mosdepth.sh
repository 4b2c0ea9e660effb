#!/usr/bin/env bash
# `tropic cnv count` against mosdepth on one synthetic BAM with the same threads:
#   bash bench/cnv/count_vs_mosdepth.sh [reads (default 10000000)] [threads (default: all cores)]
# Both read every record of a coordinate-sorted, indexed BAM: tropic counts reads per 25 kb
# window (cn.mops' rule), mosdepth computes the mean depth per 25 kb window (`-n --fast-mode -b
# 25000`, no per-base output). The work differs a little (mosdepth walks CIGARs for depth), the
# input bytes are the same. The BAM is made by python3 and samtools in a temporary folder,
# removed afterwards. Prints the median wall time of 5 runs of each and reads per second.
set -euo pipefail
reads=${1:-10000000}
threads=${2:-$(nproc)}
runs=5
here=$(cd "$(dirname "$0")/../.." && pwd)
tropic=${TROPIC:-$here/build/tropic}
for tool in python3 samtools mosdepth "$tropic"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool is not available" >&2; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/tropic-cnv-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Four 50 Mb sequences, 100-base reads at uniform random positions, written in coordinate
# order (so no sort is needed), MAPQ 60 with 5% MAPQ 0.
python3 - "$reads" >"$work/reads.sam" <<'EOF'
import random, sys
reads = int(sys.argv[1])
names, length, read_length = ["chr1", "chr2", "chr3", "chr4"], 50_000_000, 100
out = sys.stdout
out.write("@HD\tVN:1.6\tSO:coordinate\n")
for name in names:
    out.write(f"@SQ\tSN:{name}\tLN:{length}\n")
random.seed(1)
seq, qual = "ACGT" * (read_length // 4), "I" * read_length
per_sequence = reads // len(names)
n = 0
for name in names:
    positions = sorted(random.randrange(1, length - read_length) for _ in range(per_sequence))
    lines = []
    for pos in positions:
        mapq = 0 if random.random() < 0.05 else 60
        lines.append(f"r{n}\t0\t{name}\t{pos}\t{mapq}\t{read_length}M\t*\t0\t0\t{seq}\t{qual}\n")
        n += 1
        if len(lines) == 100_000:
            out.write("".join(lines))
            lines = []
    out.write("".join(lines))
EOF
samtools view -@ "$threads" -b -o "$work/sample.bam" "$work/reads.sam"
rm "$work/reads.sam"
samtools index -@ "$threads" "$work/sample.bam"
bam_bytes=$(stat -c %s "$work/sample.bam")

# median_seconds CMD...: the median wall time of $runs runs.
median_seconds() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null 2>&1
        end=$(date +%s.%N)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.6f", b - a}')")
    done
    printf '%s\n' "${times[@]}" | sort -g | sed -n "$(((runs + 1) / 2))p"
}

tropic_seconds=$(median_seconds "$tropic" cnv count -q --threads "$threads" -o "$work/counts.tsv" \
    "$work/sample.bam")
mosdepth_seconds=$(median_seconds mosdepth -n --fast-mode -b 25000 -t "$threads" \
    "$work/md" "$work/sample.bam")

printf 'reads %s, BAM %s bytes, threads %s, median of %s runs\n' "$reads" "$bam_bytes" \
    "$threads" "$runs"
printf '%-14s %10s %14s\n' tool seconds reads/s
for row in "tropic $tropic_seconds" "mosdepth $mosdepth_seconds"; do
    set -- $row
    printf '%-14s %10.3f %14.0f\n' "$1" "$2" "$(awk -v r="$reads" -v t="$2" 'BEGIN{print r / t}')"
done
