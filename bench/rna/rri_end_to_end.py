#!/usr/bin/env python3
"""End-to-end `tropic rri` (BPMax) as a user runs it: process start, CUDA context creation,
reading FASTA, the interaction, writing results. Random strands (uniform A, C, G, U), seed fixed.

Problems (the BPMax issue's targets):
  pair 23 x 20000, --window2 128     one pair, strand 1 unwindowed
  pair 23 x 800                      one pair, no window
  scan 23 x N targets, --window2 128 one 23-nt RNA against targets of 200-40,000 nt whose
                                     lengths are drawn log-uniformly; the rate (nt of target per
                                     second) extrapolates to the issue's 10,000-target, ~30 Mnt scan

    bench/rna/rri_end_to_end.py PATH/TO/tropic [--backend cuda|cpu] [--targets N] [--max-length L]
                            [--repeats R]

--max-length 12000 gives a mean target of about 3 knt, the issue's 30 Mnt over 10,000 targets.
"""
import argparse
import math
import os
import random
import statistics
import subprocess
import tempfile
import time


def write_fasta(path, records):
    with open(path, "w") as f:
        for name, seq in records:
            f.write(f">{name}\n{seq}\n")


def timed_run(command, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tropic")
    parser.add_argument("--backend", default="cuda")
    parser.add_argument("--targets", type=int, default=100)
    parser.add_argument("--max-length", type=int, default=40000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(11)
    rand = lambda n: "".join(rng.choices("ACGU", k=n))
    query = [("query", rand(23))]
    print(f"{'end-to-end problem':<34} {'backend':<8} {'median s':>9} {'target nt/s':>12}")
    with tempfile.TemporaryDirectory() as work:
        q = os.path.join(work, "q.fa")
        write_fasta(q, query)
        for name, length, window in (("pair 23 x 20000 window2 128", 20000, 128),
                                     ("pair 23 x 800", 800, 0)):
            t = os.path.join(work, "t.fa")
            write_fasta(t, [("target", rand(length))])
            command = [args.tropic, "rri", "--quiet", "--backend", args.backend, q, t]
            if window:
                command[2:2] = ["--window2", str(window)]
            seconds = timed_run(command, args.repeats)
            print(f"{name:<34} {args.backend:<8} {seconds:>9.3f} {length / seconds:>12.0f}")
        lengths = [int(math.exp(rng.uniform(math.log(200), math.log(args.max_length))))
                   for _ in range(args.targets)]
        t = os.path.join(work, "targets.fa")
        write_fasta(t, [(f"t{k}", rand(n)) for k, n in enumerate(lengths)])
        command = [args.tropic, "rri", "--quiet", "--window2", "128", "--backend", args.backend,
                   q, t]
        seconds = timed_run(command, 1)
        total = sum(lengths)
        name = f"scan 23 x {args.targets} ({total / 1e6:.2f} Mnt, <= {args.max_length} nt)"
        print(f"{name:<34} {args.backend:<8} {seconds:>9.3f} {total / seconds:>12.0f}")
        print(f"  extrapolated to 10,000 targets of the same mix: "
              f"{seconds * 10000 / args.targets / 60:.1f} min; to 30 Mnt at this rate: "
              f"{30e6 / (total / seconds) / 60:.1f} min")


if __name__ == "__main__":
    main()
