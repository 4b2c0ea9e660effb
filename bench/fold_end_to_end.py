#!/usr/bin/env python3
"""End-to-end batch throughput of `tropic fold --model nussinov`, as a user runs it: from reading
FASTA to writing results, process start and CUDA context creation included. Median of 5 runs. The million-record case shows
the steady rate once the fixed start-up cost is spread out.

    bench/fold_end_to_end.py PATH/TO/tropic [--backend cuda|cpu] [--threads N]
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
    parser.add_argument("--backend", default="cuda")
    parser.add_argument("--threads", default="0")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'end-to-end problem':<26} {'backend':<8} {'median s':>10} {'sequences/s':>12}")
    with tempfile.TemporaryDirectory() as work:
        for count, length in ((100_000, 100), (1_000_000, 100), (10_000, 500)):
            fasta = os.path.join(work, "in.fa")
            out = os.path.join(work, "out.txt")
            make_fasta(fasta, count, length)
            times = []
            for _ in range(args.repeats):
                start = time.perf_counter()
                subprocess.run([args.tropic, "fold", "--model", "nussinov", "--backend", args.backend,
                                "--threads", args.threads, "--quiet", "-o", out, fasta], check=True)
                times.append(time.perf_counter() - start)
            with open(out) as f:
                lines = sum(1 for _ in f)
            if lines != 3 * count:
                raise SystemExit(f"unexpected output: {lines} lines for {count} records")
            median = statistics.median(times)
            print(f"{f'fold {count} x {length} nt':<26} {args.backend:<8} {median:>10.4f} "
                  f"{count / median:>12.0f}")


if __name__ == "__main__":
    main()
