#!/usr/bin/env python3
"""tropic mirscan's CPU folding beside RNALfold's, one thread each, on the same bases.

RNALfold -L 120 (ViennaRNA's Python package: RNA.Lfold, in-process) folds every local structure
of span up to 120 along one strand. `tropic mirscan --strand + --shuffles 0 --threads 1` folds the
120-nt windows every 20 nt of the same strand, extracts and refolds their hairpins (end to end, as
a user runs it). The figure compared is bases of the strand per second and thread. Needs the
ViennaRNA package (scripts/setup puts it in .venv); prints SKIPPED without it.

  rnalfold_side_by_side.py --tropic build/tropic [--kbp 200] [--seed 7]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

try:
    import RNA
except ImportError:
    print("SKIPPED: the ViennaRNA Python package is not installed")
    sys.exit(0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tropic", required=True)
    ap.add_argument("--kbp", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    n = args.kbp * 1000
    seq = "".join(rng.choice("GC") if rng.random() < 0.41 else rng.choice("AU") for _ in range(n))
    start = time.time()
    RNA.Lfold(seq, 120)
    lfold = time.time() - start
    with tempfile.TemporaryDirectory() as tmp:
        fa = os.path.join(tmp, "g.fa")
        with open(fa, "w") as f:
            f.write(">g\n" + seq + "\n")
        start = time.time()
        subprocess.run([args.tropic, "mirscan", fa, "--strand", "+", "--shuffles", "0",
                        "--threads", "1", "--backend", "cpu", "-q", "-o",
                        os.path.join(tmp, "out.bed")], check=True)
        tropic = time.time() - start
    print(f"| tool (1 thread, {args.kbp} kbp, one strand) | seconds | kbp/s |")
    print("|---|---|---|")
    print(f"| RNALfold -L 120 (ViennaRNA {RNA.__version__}) | {lfold:.1f} | {n / 1e3 / lfold:.2f} |")
    print(f"| tropic mirscan --strand + --shuffles 0 | {tropic:.1f} | {n / 1e3 / tropic:.2f} |")
    print(f"tropic / RNALfold speed: {lfold / tropic:.2f}x")


if __name__ == "__main__":
    main()
