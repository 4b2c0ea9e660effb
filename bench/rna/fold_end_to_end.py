#!/usr/bin/env python3
"""End-to-end batch throughput of `tropic fold`, as a user runs it: from reading FASTA to writing
results, process start and CUDA context creation included. Median of --repeats runs (5).
Nussinov: 100,000 and 1,000,000 x 100 nt (the million shows the steady rate once the fixed
start-up cost is spread out) and 10,000 x 500 nt. MFE (Turner 2004, -d2): 100,000 x 200 nt.

    bench/rna/fold_end_to_end.py PATH/TO/tropic [--model nussinov|mfe] [--backend cuda|cpu]
                             [--threads N] [--repeats R]
"""
import argparse
import os
import random
import statistics
import subprocess
import tempfile
import time


def make_fasta(path, count, length, seed=7):
    rng = random.Random(seed)
    with open(path, "w") as f:
        for r in range(count):
            f.write(f">seq{r}\n{''.join(rng.choices('ACGU', k=length))}\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tropic")
    parser.add_argument("--model", default="nussinov", choices=["nussinov", "mfe"])
    parser.add_argument("--backend", default="cuda")
    parser.add_argument("--threads", default="0")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'end-to-end problem':<26} {'backend':<8} {'median s':>10} {'sequences/s':>12}")
    with tempfile.TemporaryDirectory() as work:
        problems = ((100_000, 200),) if args.model == "mfe" else (
            (100_000, 100), (1_000_000, 100), (10_000, 500))
        for count, length in problems:
            fasta = os.path.join(work, "in.fa")
            out = os.path.join(work, "out.txt")
            make_fasta(fasta, count, length)
            times = []
            for _ in range(args.repeats):
                start = time.perf_counter()
                subprocess.run([args.tropic, "fold", "--model", args.model, "--backend", args.backend,
                                "--threads", args.threads, "--quiet", "-o", out, fasta], check=True)
                times.append(time.perf_counter() - start)
            with open(out) as f:
                lines = sum(1 for _ in f)
            if lines != 3 * count:
                raise SystemExit(f"unexpected output: {lines} lines for {count} records")
            median = statistics.median(times)
            print(f"{f'{args.model} {count} x {length} nt':<26} {args.backend:<8} {median:>10.4f} "
                  f"{count / median:>12.0f}")


if __name__ == "__main__":
    main()
