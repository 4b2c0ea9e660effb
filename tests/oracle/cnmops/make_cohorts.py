#!/usr/bin/env python3
"""Synthetic inputs for the cn.mops oracle (see README.md in this directory).

Writes, under tests/data/cnv/cnmops/ (relative to the repository root):
  <case>/counts.tsv      read-count matrices for every cn.mops case (one cohort may serve
                         several cases; the file is written into each case directory)
  counts_bam/*.bam(.bai) tiny BAMs for getReadCountsFromBAM / getSegmentReadCountsFromBAM,
  counts_bam/regions.bed the regions for getSegmentReadCountsFromBAM

Plain python3 (no numpy): every random number comes from random.Random(seed), so the output
is the same on every run and machine (random.random, gammavariate, choice are pure Python over
the Mersenne Twister). BAMs need `samtools` on PATH.

counts.tsv: header '#chrom\tstart\tend\t<samples...>', start 0-based, end exclusive.
"""

import math
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
OUT = os.path.join(ROOT, "tests", "data", "cnv", "cnmops")


def poisson(rng, lam):
    """Poisson draw by inversion (sequential search); lam > 400 as a sum of Poisson parts
    (exp(-lam) would underflow for lam > ~745)."""
    if lam <= 0.0:
        return 0
    if lam > 400.0:
        return poisson(rng, 400.0) + poisson(rng, lam - 400.0)
    u = rng.random()
    k = 0
    p = math.exp(-lam)
    c = p
    while u > c:
        k += 1
        p *= lam / k
        c += p
        if k > 100000:
            break
    return k


def make_matrix(seed, chroms, samples, size_factors, cnvs, base=80.0, spread=0.25,
                dispersion_shape=60.0, low_windows=(), zero_windows=(), cn0_background=0.02):
    """chroms: [(name, n_windows, window_starts or None, window_len)].
    cnvs: [(chrom, first_window, last_window_inclusive, copy_number, [sample indices])].
    low_windows / zero_windows: [(chrom, window_index)].
    Returns rows [(chrom, start, end, [counts])]."""
    rng = random.Random(seed)
    rows = []
    cnmap = {}
    for chrom, a, b, cn, samp in cnvs:
        for w in range(a, b + 1):
            for s in samp:
                cnmap[(chrom, w, s)] = cn
    low = set(low_windows)
    zero = set(zero_windows)
    for chrom, nwin, starts, wlen in chroms:
        for w in range(nwin):
            if starts is None:
                start, end = w * wlen, (w + 1) * wlen
            else:
                start, end = starts[w]
            # per-window mean: lognormal around `base`, a few lower-mappability windows
            mu = base * math.exp(rng.gauss(0.0, spread))
            if rng.random() < 0.03:
                mu *= 0.35
            counts = []
            for s, sf in enumerate(size_factors):
                cn = cnmap.get((chrom, w, s), 2)
                ratio = cn / 2.0 if cn > 0 else cn0_background
                lam = mu * sf * ratio * rng.gammavariate(dispersion_shape, 1.0 / dispersion_shape)
                counts.append(poisson(rng, lam))
            if (chrom, w) in low:
                counts = [min(poisson(rng, 1.2 * sf), 4) for sf in size_factors]
            if (chrom, w) in zero:
                counts = [0 for _ in size_factors]
            rows.append((chrom, start, end, counts))
    return rows


def write_counts(path, samples, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("#chrom\tstart\tend\t" + "\t".join(samples) + "\n")
        for chrom, start, end, counts in rows:
            f.write("%s\t%d\t%d\t%s\n" % (chrom, start, end, "\t".join(str(c) for c in counts)))


def cohort_main():
    samples = ["S%d" % i for i in range(1, 9)]
    sf = [0.6, 0.8, 1.0, 1.0, 1.2, 1.5, 0.9, 1.1]
    chroms = [("chr1", 140, None, 25000), ("chr2", 100, None, 25000), ("chrX", 60, None, 25000)]
    cnvs = [
        ("chr1", 30, 49, 1, [1]),          # 20-window deletion CN1 in S2
        ("chr1", 80, 91, 3, [0, 3]),       # 12-window duplication CN3 shared by S1 and S4
        ("chr1", 125, 139, 4, [4]),        # CN4 at the end of chr1 (S5)
        ("chr2", 20, 27, 0, [2]),          # 8-window homozygous deletion CN0 in S3
        ("chr2", 50, 89, 3, [5]),          # 40-window duplication CN3 in S6
        ("chr2", 70, 75, 1, [6]),          # 6-window CN1 in S7 (inside S6's duplication region)
        ("chrX", 0, 9, 1, [6, 7]),         # CN1 at the start of chrX, shared by S7 and S8
        ("chrX", 40, 44, 4, [0, 1, 2, 3]), # 5-window CN4 in four samples
    ]
    low = [("chr1", 110), ("chr1", 111), ("chr1", 112), ("chr2", 5), ("chrX", 50), ("chrX", 51)]
    zero = [("chr1", 115), ("chr2", 95)]
    rows = make_matrix(1201, chroms, samples, sf, cnvs, low_windows=low, zero_windows=zero)
    return samples, rows


def cohort_normalize():
    samples = ["A", "B", "C", "D", "E", "F"]
    sf = [0.6, 0.9, 1.0, 1.3, 1.1, 0.8]
    chroms = [("chr1", 100, None, 25000), ("chr2", 60, None, 25000)]
    cnvs = [("chr1", 10, 24, 1, [1]), ("chr2", 30, 45, 3, [3, 4])]
    rows = make_matrix(1208, chroms, samples, sf, cnvs, base=50.0,
                       low_windows=[("chr1", 60)], zero_windows=[("chr2", 5)])
    return samples, rows


def cohort_no_cnvs():
    samples = ["N%d" % i for i in range(1, 7)]
    sf = [0.7, 1.0, 1.3, 0.9, 1.1, 1.2]
    chroms = [("chr1", 130, None, 25000), ("chr2", 70, None, 25000)]
    rows = make_matrix(1202, chroms, samples, sf, [], base=120.0, spread=0.2,
                       dispersion_shape=1e6, low_windows=[("chr1", 40)], zero_windows=[("chr2", 7)])
    return samples, rows


def cohort_exome():
    rng = random.Random(1203)
    samples = ["E%d" % i for i in range(1, 9)]
    sf = [0.7, 1.1, 1.0, 0.8, 1.3, 1.0, 1.2, 0.9]
    chroms = []
    for name, n in (("chr1", 180), ("chr2", 120)):
        pos = 10000 + rng.randint(0, 5000)
        starts = []
        for _ in range(n):
            length = rng.randint(100, 300)
            starts.append((pos, pos + length))
            pos += length + rng.randint(150, 6000)
        chroms.append((name, n, starts, None))
    cnvs = [
        ("chr1", 40, 52, 1, [0]),
        ("chr1", 120, 127, 3, [3, 5]),
        ("chr1", 168, 179, 0, [6]),   # at the end of chr1
        ("chr2", 10, 25, 4, [1]),
        ("chr2", 90, 96, 1, [2]),
    ]
    low = [("chr1", 80), ("chr1", 81), ("chr2", 60)]
    zero = [("chr2", 110)]
    rows = make_matrix(1204, chroms, samples, sf, cnvs, base=150.0, spread=0.35,
                       dispersion_shape=150.0, low_windows=low, zero_windows=zero)
    return samples, rows


def cohort_reference():
    # columns: 4 cases then 6 controls (the LAST 6 columns are the controls)
    samples = ["T1", "T2", "T3", "T4", "C1", "C2", "C3", "C4", "C5", "C6"]
    sf = [1.0, 0.7, 1.3, 1.1, 0.8, 1.0, 1.2, 0.9, 1.1, 1.4]
    chroms = [("chr1", 160, None, 25000), ("chr2", 120, None, 25000)]
    cnvs = [
        ("chr1", 20, 39, 1, [0]),
        ("chr1", 60, 67, 3, [1]),
        ("chr1", 100, 119, 6, [2]),        # amplification (reference classes go beyond CN8)
        ("chr1", 150, 159, 0, [3]),        # at the end of chr1
        ("chr2", 0, 11, 4, [0, 2]),        # at the start of chr2, two cases
        ("chr2", 50, 89, 1, [1]),
        ("chr2", 100, 106, 16, [3]),       # high-level amplification
    ]
    low = [("chr1", 130), ("chr2", 30), ("chr2", 31)]
    zero = [("chr1", 135)]
    rows = make_matrix(1205, chroms, samples, sf, cnvs, base=70.0, low_windows=low,
                       zero_windows=zero)
    return samples, rows


COHORT_CASES = {
    "main": (cohort_main, ["cohort_default", "cohort_mean_norm", "cohort_median_norm",
                           "cohort_quant", "cohort_mode", "cohort_params", "cohort_norm0",
                           "cohort_norm2", "cohort_dnacopy"]),
    "normalize": (cohort_normalize, ["normalize_only"]),
    "no_cnvs": (cohort_no_cnvs, ["no_cnvs"]),
    "exome": (cohort_exome, ["exome"]),
    "reference": (cohort_reference, ["reference", "reference_dnacopy"]),
}


# ----------------------------------------------------------------------------- BAMs

BAM_REFS = [("chrA", 100000), ("chrB", 163217), ("chrC", 257003), ("chrM", 16569)]
READ_LEN = 50


def make_bams():
    outdir = os.path.join(OUT, "counts_bam")
    os.makedirs(outdir, exist_ok=True)
    lens = dict(BAM_REFS)
    names = ["s1", "s2", "s3"]
    for si, name in enumerate(names):
        rng = random.Random(1300 + si)
        recs = []
        qn = [0]

        def add(flag, chrom, pos, mapq, cigar="50M", rnext="*", pnext=0, tlen=0, seqlen=None):
            qn[0] += 1
            if seqlen is None:
                seqlen = READ_LEN
                if cigar != "*":
                    seqlen = sum(int(n) for n, op in _cigar_ops(cigar) if op in "MIS=X")
            seq = "".join(rng.choice("ACGT") for _ in range(seqlen))
            recs.append("\t".join([
                "r%s_%05d" % (name, qn[0]), str(flag), chrom, str(pos), str(mapq), cigar,
                rnext, str(pnext), str(tlen), seq, "I" * seqlen]))

        depth = [700, 950, 1200][si]
        # plain single-end reads, uniformly placed, random strand, MAPQ 60
        for _ in range(depth):
            chrom = rng.choice(["chrA", "chrB", "chrB", "chrC", "chrC", "chrC", "chrM"])
            pos = rng.randint(1, lens[chrom] - READ_LEN + 1)
            add(rng.choice([0, 16]), chrom, pos, 60)
        # a dense block on chrB (a 'duplication' in s2, for a visible CNV-like signal)
        if si == 1:
            for _ in range(120):
                add(0, "chrB", rng.randint(60001, 80000), 60)
        # MAPQ edge cases: 0 (dropped, min.mapq=1), 1 and 255 (kept: Rsamtools reports 255)
        for mapq in (0, 0, 0, 1, 1, 255, 255, 3, 254):
            for _ in range(6):
                chrom = rng.choice(["chrA", "chrB", "chrC"])
                add(0, chrom, rng.randint(1, lens[chrom] - READ_LEN + 1), mapq)
        # flags cn.mops does NOT filter: duplicate, secondary, supplementary, QC-fail
        for flag in (1024, 1040, 256, 272, 2048, 2064, 512, 528):
            for _ in range(5):
                chrom = rng.choice(["chrA", "chrB", "chrC"])
                add(flag, chrom, rng.randint(1, lens[chrom] - READ_LEN + 1), 60)
        # proper pairs (99/147, 163/83), a pair with an unmapped mate (73 + 133), and
        # pair flags without 'proper' (65/129, 97/145)
        for _ in range(40):
            chrom = rng.choice(["chrA", "chrB", "chrC"])
            p1 = rng.randint(1, lens[chrom] - 400)
            p2 = p1 + rng.randint(100, 300)
            tl = p2 + READ_LEN - p1
            f1, f2 = rng.choice([(99, 147), (163, 83), (65, 129), (97, 145)])
            add(f1, chrom, p1, 60, rnext="=", pnext=p2, tlen=tl)
            add(f2, chrom, p2, rng.choice([60, 0, 17]), rnext="=", pnext=p1, tlen=-tl)
        for _ in range(4):
            chrom = rng.choice(["chrA", "chrC"])
            p = rng.randint(1, lens[chrom] - READ_LEN + 1)
            add(73, chrom, p, 60, rnext="=", pnext=p)
            add(133, chrom, p, 0, cigar="*", rnext="=", pnext=p, seqlen=READ_LEN)
        # unmapped but placed reads (flag 4 with a position): MAPQ 0 and a non-zero MAPQ;
        # Rsamtools returns pos = NA and mapq = NA for them, so cn.mops never counts them
        for mapq in (0, 0, 37, 60):
            chrom = rng.choice(["chrA", "chrB"])
            add(4, chrom, rng.randint(1, lens[chrom] - READ_LEN + 1), mapq, cigar="*",
                seqlen=READ_LEN)
        # other CIGARs: counted by their leftmost aligned position (POS)
        for cig in ("10S40M", "20M5D30M", "25M3I22M", "5H45M", "30M1000N20M"):
            chrom = rng.choice(["chrA", "chrB", "chrC"])
            add(0, chrom, rng.randint(1, lens[chrom] - 2000), 60, cigar=cig)
        # sequence ends and window boundaries
        for chrom, L in BAM_REFS:
            add(0, chrom, 1, 60)                         # first base
            add(16, chrom, L - READ_LEN + 1, 60)         # read ending on the last base
            add(0, chrom, L, 60, cigar="1M")             # 1-base read on the last base
            add(0, chrom, L - 1, 60, cigar="2M")         # 2-base read starting on the last-but-one base
            for b in (10000, 25000, 50000, 75000, 100000, 150000, 250000):
                if b + 1 <= L:
                    add(0, chrom, b, 60, cigar="1M")        # last base of a window
                    add(0, chrom, b + 1, 60, cigar="1M")    # first base of the next window
                    add(0, chrom, b - READ_LEN + 2, 60)     # straddles the boundary
        # wholly unmapped reads (no position) at the end
        for _ in range(5):
            qn[0] += 1
            recs.append("\t".join(["r%s_%05d" % (name, qn[0]), "4", "*", "0", "0", "*", "*",
                                   "0", "0", "A" * READ_LEN, "I" * READ_LEN]))
        header = ["@HD\tVN:1.6\tSO:unsorted"]
        header += ["@SQ\tSN:%s\tLN:%d" % (c, l) for c, l in BAM_REFS]
        header.append("@RG\tID:%s\tSM:%s" % (name, name))
        sam = os.path.join(outdir, name + ".sam")
        with open(sam, "w") as f:
            f.write("\n".join(header + recs) + "\n")
        bam = os.path.join(outdir, name + ".bam")
        subprocess.check_call(["samtools", "sort", "--no-PG", "-o", bam, sam])
        subprocess.check_call(["samtools", "index", bam])
        os.remove(sam)
    bed = os.path.join(outdir, "regions.bed")
    with open(bed, "w") as f:
        # BED (0-based, half-open); deliberately unsorted, one overlapping pair, one region
        # touching each end of chrA
        f.write("chrB\t60000\t80000\n")
        f.write("chrA\t0\t1000\n")
        f.write("chrA\t99000\t100000\n")
        f.write("chrA\t24999\t25001\n")
        f.write("chrC\t10000\t60000\n")
        f.write("chrC\t50000\t120000\n")
        f.write("chrB\t0\t163217\n")
        f.write("chrM\t0\t16569\n")
    # the same plus a region on a sequence that is not in the BAM header: cn.mops fails then
    with open(bed) as f:
        body = f.read()
    with open(os.path.join(outdir, "regions_unknown_seq.bed"), "w") as f:
        f.write(body + "chrZ\t0\t5000\n")


def _cigar_ops(cigar):
    num = ""
    for ch in cigar:
        if ch.isdigit():
            num += ch
        else:
            yield num, ch
            num = ""


def normalize_edge():
    """Inputs for normalizeChromosomes' special paths (normalize_only/edge_*counts.tsv).
    edge_counts.tsv: chrA regular; chrB a single window (-> 'low number of segments' warning,
    factors 1); chrC all zero (left as is); chrD four windows of which three are all-zero (again
    only one usable row -> warning, factors 1).
    edge_zero_counts.tsv: chrA regular; chrE where sample 3 has only zeros (mean/median size
    factor 0 -> error 'Some normalization factors are zero!'; mode size factor NA -> warning,
    global size factors (column sums) are used for chrE)."""
    samples = ["A", "B", "C", "D", "E"]
    sf = [0.8, 1.0, 1.2, 0.9, 1.4]
    rows = make_matrix(1206, [("chrA", 60, None, 25000)], samples, sf, [], base=40.0)
    rows.append(("chrB", 0, 25000, [30, 41, 52, 37, 55]))
    for w in range(3):
        rows.append(("chrC", w * 25000, (w + 1) * 25000, [0, 0, 0, 0, 0]))
    for w, c in enumerate([[0, 0, 0, 0, 0], [22, 31, 35, 27, 44], [0, 0, 0, 0, 0],
                           [0, 0, 0, 0, 0]]):
        rows.append(("chrD", w * 25000, (w + 1) * 25000, c))
    write_counts(os.path.join(OUT, "normalize_only", "edge_counts.tsv"), samples, rows)
    rows2 = make_matrix(1207, [("chrA", 60, None, 25000), ("chrE", 30, None, 25000)], samples,
                        sf, [], base=40.0)
    rows2 = [(c, a, b, [0 if (c == "chrE" and i == 2) else v for i, v in enumerate(x)])
             for c, a, b, x in rows2]
    write_counts(os.path.join(OUT, "normalize_only", "edge_zero_counts.tsv"), samples, rows2)


def main():
    for key, (fn, cases) in COHORT_CASES.items():
        samples, rows = fn()
        for case in cases:
            write_counts(os.path.join(OUT, case, "counts.tsv"), samples, rows)
    normalize_edge()
    if "--no-bam" not in sys.argv:
        make_bams()


if __name__ == "__main__":
    main()
