#!/usr/bin/env python3
"""Partition function plus pair probabilities, tropic against ViennaRNA side by side in one run:
ViennaRNA's Python package in-process (MFE, then pf and bpp with the MFE's scale, as RNAfold -p)
on one thread, and `tropic fold -p` end to end (process start and reading included; with
--backend cuda also the CUDA context, ~0.34 s) on one thread, on all threads and on the GPU.
Random uniform sequences (seed 7). ViennaRNA is skipped (with a note) when it is not importable;
lengths where it would take longer than --vienna-max seconds (estimated, cubic) are skipped too.

    bench/rna/ensemble_vs_vienna.py PATH/TO/tropic [--lengths 1000,2000,4000] [--backends
                                    cpu1,cpu,cuda] [--vienna-max 400]
"""
import argparse
import os
import random
import subprocess
import tempfile
import time

try:
    import RNA
except ImportError:
    RNA = None


def vienna_seconds(seq):
    start = time.perf_counter()
    fc = RNA.fold_compound(seq)
    _, mfe = fc.mfe()
    fc.exp_params_rescale(mfe)
    _, energy = fc.pf()
    fc.bpp()
    return time.perf_counter() - start, energy


def tropic_seconds(tropic, fasta, backend):
    args = [tropic, "fold", "-p", "--quiet", fasta]
    if backend == "cpu1":
        args += ["--backend", "cpu", "--threads", "1"]
    else:
        args += ["--backend", backend]
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    seconds = time.perf_counter() - start
    energy = float(out.splitlines()[3].rsplit("[", 1)[1].strip("] "))
    return seconds, energy


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tropic")
    parser.add_argument("--lengths", default="1000,2000,4000")
    parser.add_argument("--backends", default="cpu1,cpu,cuda")
    parser.add_argument("--vienna-max", type=float, default=400)
    args = parser.parse_args()
    rng = random.Random(7)
    print(f"ViennaRNA {RNA.__version__ if RNA else 'not installed'}; tropic {args.tropic}; "
          f"{os.cpu_count()} CPUs")
    print(f"{'length':>7} {'tool':<22} {'seconds':>9} {'vs ViennaRNA':>13} {'ensemble kcal/mol':>18}")
    vienna_1000 = None
    with tempfile.TemporaryDirectory() as work:
        for n in [int(x) for x in args.lengths.split(",")]:
            seq = "".join(rng.choice("ACGU") for _ in range(n))
            fasta = os.path.join(work, "in.fa")
            with open(fasta, "w") as f:
                f.write(f">r{n}\n{seq}\n")
            base = None
            estimate = vienna_1000 * (n / 1000) ** 3 if vienna_1000 else 0
            if RNA is not None and estimate <= args.vienna_max:
                base, energy = vienna_seconds(seq)
                if n == 1000 or vienna_1000 is None:
                    vienna_1000 = base * (1000 / n) ** 3
                print(f"{n:>7} {'ViennaRNA 1 thread':<22} {base:>9.2f} {'1.0x':>13} {energy:>18.4f}",
                      flush=True)
            elif RNA is not None:
                print(f"{n:>7} {'ViennaRNA 1 thread':<22} {'skipped':>9} (estimated {estimate:.0f} s)")
            for backend in args.backends.split(","):
                try:
                    seconds, energy = tropic_seconds(args.tropic, fasta, backend)
                except subprocess.CalledProcessError as e:
                    print(f"{n:>7} tropic {backend:<15} failed: {e.stderr.strip()[:80]}")
                    continue
                label = {"cpu1": "tropic CPU 1 thread", "cpu": "tropic CPU all threads",
                         "cuda": "tropic CUDA"}.get(backend, backend)
                ratio = f"{base / seconds:.1f}x" if base else "-"
                print(f"{n:>7} {label:<22} {seconds:>9.2f} {ratio:>13} {energy:>18.4f}", flush=True)


if __name__ == "__main__":
    main()
