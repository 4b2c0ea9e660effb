#!/usr/bin/env python3
"""Recall of `tropic mirscan` on known precursors planted into a genomic-like background.

Known precursors (miRBase hairpins of one species, e.g. release 21's human set) are planted, each
on a random strand, every --spacing bases into a background drawn base by base with 41% G+C (the
human genome's share) and CpG depleted to a quarter (as in vertebrate genomes). The same
background without them measures the false candidates per Mbp. Prints a Markdown table.

  mirscan_recall.py --tropic build/tropic --hairpins hairpin.fa.gz [--species hsa]
                    [--spacing 3000] [--backend cpu|cuda] [--threads N] [--out DIR]
                    [--half all|even|odd] [--model TREE.json]

The hairpin file is not part of the repository (miRBase's data is freely available; see
docs/mirscan.md for the release used and where it came from).
"""
import argparse
import gzip
import os
import random
import subprocess
import sys
import time


def read_fasta(path):
    opener = gzip.open if path.endswith(".gz") else open
    name, seq = None, []
    with opener(path, "rt") as f:
        for line in f:
            line = line.strip()
            if line.startswith(">"):
                if name:
                    yield name, "".join(seq)
                name, seq = line[1:].split()[0], []
            elif line:
                seq.append(line)
    if name:
        yield name, "".join(seq)


def background(rng, n):
    out = []
    prev = ""
    while len(out) < n:
        strong = rng.random() < 0.41
        b = rng.choice("GC") if strong else rng.choice("AT")
        if prev == "C" and b == "G" and rng.random() < 0.75:
            continue  # CpG depletion
        out.append(b)
        prev = b
    return "".join(out)


def revcomp(s):
    return s.translate(str.maketrans("ACGTU", "TGCAA"))[::-1]


def write_genome(path, records):
    with open(path, "w") as f:
        for name, seq in records:
            f.write(f">{name}\n")
            for i in range(0, len(seq), 80):
                f.write(seq[i:i + 80] + "\n")


def run_scan(args, genome, bed, hairpins_tsv):
    cmd = [args.tropic, "mirscan", genome, "-o", bed, "--format", "bed",
           "--all-hairpins", hairpins_tsv, "--backend", args.backend]
    if args.threads:
        cmd += ["--threads", str(args.threads)]
    if args.model:
        cmd += ["--model", args.model]
    start = time.time()
    subprocess.run(cmd, check=True)
    return time.time() - start


def read_intervals(path, tsv):
    """(chrom, start, end, strand), 0-based half-open, from BED or from mirscan's tsv (1-based,
    its header line starting with '#')."""
    out = []
    header = None
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            if tsv and header is None:
                header = [h.lstrip("#") for h in fields]
                continue
            if tsv:
                row = dict(zip(header, fields))
                out.append((row["chrom"], int(row["start"]) - 1, int(row["end"]), row["strand"]))
            elif not line.startswith("#"):
                out.append((fields[0], int(fields[1]), int(fields[2]), fields[5]))
    return out


def found(truth, calls):
    by_chrom = {}
    for c in calls:
        by_chrom.setdefault(c[0], []).append(c)
    hit = 0
    for chrom, start, end, strand in truth:
        for c in by_chrom.get(chrom, []):
            if c[3] == strand and c[1] < end and start < c[2]:
                hit += 1
                break
    return hit


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tropic", required=True)
    ap.add_argument("--hairpins", required=True)
    ap.add_argument("--species", default="hsa")
    ap.add_argument("--spacing", type=int, default=3000)
    ap.add_argument("--backend", default="cpu")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--out", default="mirscan-recall")
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--half", choices=["all", "even", "odd"], default="all",
                    help="plant every hairpin, or those at even or odd positions (train on the "
                         "other half)")
    ap.add_argument("--model", help="a decision tree (tropic mirscan --save-model) to score with")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    known = [(n, s.upper().replace("U", "T")) for n, s in read_fasta(args.hairpins)
             if n.startswith(args.species + "-")]
    if args.half != "all":
        known = known[(0 if args.half == "even" else 1)::2]
    if not known:
        sys.exit(f"no {args.species} hairpins in {args.hairpins}")
    pieces, truth, pos = [], [], 0
    for name, seq in known:
        gap = background(rng, args.spacing - len(seq) if args.spacing > len(seq) + 200 else 200)
        strand = rng.choice("+-")
        pieces.append(gap)
        pos += len(gap)
        pieces.append(seq if strand == "+" else revcomp(seq))
        truth.append(("planted", pos, pos + len(seq), strand))
        pos += len(seq)
    pieces.append(background(rng, args.spacing))
    planted = "".join(pieces)
    empty = background(rng, len(planted))
    write_genome(f"{args.out}/planted.fa", [("planted", planted)])
    write_genome(f"{args.out}/background.fa", [("background", empty)])
    t1 = run_scan(args, f"{args.out}/planted.fa", f"{args.out}/planted.bed",
                  f"{args.out}/planted_hairpins.tsv")
    t2 = run_scan(args, f"{args.out}/background.fa", f"{args.out}/background.bed",
                  f"{args.out}/background_hairpins.tsv")
    candidates = read_intervals(f"{args.out}/planted.bed", False)
    loci = read_intervals(f"{args.out}/planted_hairpins.tsv", True)
    false_calls = read_intervals(f"{args.out}/background.bed", False)
    n = len(truth)
    mbp = len(empty) / 1e6
    hit_loci, hit_candidates = found(truth, loci), found(truth, candidates)
    print(f"| planted {args.species} precursors | {n} |")
    print(f"| genome | {len(planted) / 1e6:.2f} Mbp, one planted every {args.spacing} bp |")
    print(f"| found as a hairpin locus | {hit_loci} ({100 * hit_loci / n:.1f}%) |")
    print(f"| reported as a candidate (recall) | {hit_candidates} ({100 * hit_candidates / n:.1f}%) |")
    print(f"| candidates in the planted genome | {len(candidates)} |")
    print(f"| candidates per Mbp of background alone | {len(false_calls) / mbp:.1f} |")
    print(f"| scan seconds (planted, background) | {t1:.1f}, {t2:.1f} ({args.backend}) |")


if __name__ == "__main__":
    main()
